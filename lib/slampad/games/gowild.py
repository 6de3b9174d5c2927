"""Go Wild! rules core (docs/rules.md: rulings G1-G9).

One phase, "play", until someone reaches the target ("over"). The only action
is ("play", seat, counts): the seat whose turn it is plays a valid set, given
as six counts (red, yellow, orange, blue, green, wild). Tricks end, score,
pass the Wild One and refill hands by themselves, each step an event.
"""

from slampad.games import TERMINAL
from slampad.games import _check as ck
from slampad.games import gowild_cards as gc
from slampad.games.gowild_state import (  # noqa: F401 (re-exported)
    DEFAULTS,
    GAME,
    VERSION,
    check_options,
    load,
    save,
)
from slampad.rng import Rng


class GoWild:
    def __init__(self, options=None, seed=0):
        self.options = o = check_options(options)
        n = o["players"]
        self.rng = Rng(seed)
        deck = []
        for c in range(6):
            deck.extend([c] * gc.PER_COLOUR)  # G1: the Wild One card is never dealt
        self.rng.shuffle(deck)
        self.deck = deck
        self.hands = [gc.empty() for _ in range(n)]
        self.discard = gc.empty()
        self.scores = [0] * n
        self.wild_one = None  # G5: nobody until a round's first trick is won
        self.round = 1
        self.trick = 1
        self.lead = o["first_lead"]
        self.plays = []  # this trick: [[seat, counts], ...]
        self.turn = None
        self.phase = "play"
        self.won = []
        self._deal(self.lead, [])
        self.turn = self._next_player()

    # -- queries ---------------------------------------------------------
    def is_over(self):
        return self.phase == "over"

    def winners(self):
        return list(self.won)

    def n(self):
        return len(self.scores)

    def view(self, player):
        """What ``player`` may see (G9): their own hand, and everything public."""
        self._seat(player)
        return {
            "seat": player,
            "hand": list(self.hands[player]),
            "hand_sizes": [gc.total(h) for h in self.hands],
            "scores": list(self.scores),
            "wild_one": self.wild_one,
            "round": self.round,
            "trick": self.trick,
            "lead": self.lead,
            "turn": self.turn,
            "plays": [[s, list(p)] for s, p in self.plays],
            "discard": list(self.discard),
            "deck_size": len(self.deck),
            "target": self.options["target"],
            "phase": self.phase,
        }

    def current_player(self):
        """G3: the seat to play (games/__init__.py), TERMINAL once over (G6)."""
        return self.turn if self.phase == "play" else TERMINAL

    def legal_actions(self, player=None):
        if player is None:
            return []
        self._seat(player)
        if self.phase != "play" or player != self.turn:
            return []
        return [("play", player, p) for p in gc.sets_for(self.hands[player],
                                                          player == self.wild_one)]

    # -- actions ---------------------------------------------------------
    def _seat(self, seat):
        if not ck.is_int(seat) or not 0 <= seat < self.n():
            raise ValueError("no seat %r" % (seat,))

    def apply(self, action):
        if not isinstance(action, (tuple, list)) or len(action) != 3 or action[0] != "play":
            raise ValueError("unknown action, or wrong arguments: %r" % (action,))
        _, seat, play = action
        if self.phase != "play":
            raise ValueError("G6: the game is over")
        self._seat(seat)
        if seat != self.turn:
            raise ValueError("G3: it is P%d's turn, not P%d's" % (self.turn + 1, seat + 1))
        if not isinstance(play, (list, tuple)) or len(play) != 6:
            raise ValueError("G3: a play is six counts (red yellow orange blue green wild)")
        for v in play:
            if not ck.is_int(v) or v < 0:
                raise ValueError("G3: card counts are whole numbers >= 0, got %r" % (play,))
        play = list(play)
        if not gc.contains(self.hands[seat], play):
            raise ValueError("G3: P%d does not hold %s" % (seat + 1, gc.text(play)))
        wild_one = seat == self.wild_one
        err = gc.judge_set(play, wild_one)[1]
        hand = self.hands[seat]
        slough = gc.total(play) == play[gc.WILD]
        if err is None and wild_one and slough and gc.total(hand) != hand[gc.WILD]:
            err = "G3: the Wild One may slough only when holding nothing but wilds"
        if err:
            raise ValueError(err)
        gc.add(self.hands[seat], play, -1)
        self.plays.append([seat, play])
        ev = [("play", seat, list(play))]
        nxt = self._next_player()
        if nxt is not None:
            self.turn = nxt
            return ev
        return ev + self._end_trick()

    def _next_player(self):
        """G3: the first seat from the lead, clockwise, yet to play and holding cards."""
        n = self.n()
        played = [p[0] for p in self.plays]
        for i in range(n):
            s = (self.lead + i) % n
            if s not in played and gc.total(self.hands[s]):
                return s
        return None

    def _end_trick(self):
        win, _ = gc.trick_winner(self.plays, self.wild_one)
        ev = []
        for _, p in self.plays:
            gc.add(self.discard, p)
        self.plays = []
        wo = gc.settle(self.scores, self.wild_one, self.trick, win)  # G5, G6: the one place
        if win is None:
            ev.append(("no_winner", self.trick))  # G4: the same player leads again
        else:
            ev.append(("trick", self.trick, win, self.trick))
            if wo != self.wild_one:  # G5
                self.wild_one = wo
                ev.append(("wild_one", win))
            self.lead = win
            if gc.over(self.scores, win, self.options["target"]):  # G6: the moment it is reached
                self.phase = "over"
                self.turn = None
                self.won = [win]
                return ev + [("game_over", [win])]
        if self.trick == 3:
            self.trick = 1
            self.round += 1
            self._deal(self.lead, ev)
        else:
            self.trick += 1
        self.turn = self._next_player()
        while self.turn is None:  # nobody holds a card: this trick cannot be played
            ev.append(("no_cards", self.trick))
            if self.trick == 3:
                self.trick = 1
                self.round += 1
                self._deal(self.lead, ev)
            else:
                self.trick += 1
            self.turn = self._next_player()
        return ev

    def _deal(self, first, ev):
        """G7: one card at a time in seat order from ``first`` until hands hold 12."""
        n = self.n()
        dealt = 0
        while True:
            gave = False
            for i in range(n):
                s = (first + i) % n
                if gc.total(self.hands[s]) >= gc.HAND:
                    continue
                if not self.deck:
                    if not gc.total(self.discard):
                        ev.append(("deal", dealt))
                        return  # G7: nothing left to deal
                    self._reshuffle(ev)
                self.hands[s][self.deck.pop()] += 1
                dealt += 1
                gave = True
            if not gave:
                ev.append(("deal", dealt))
                return

    def _reshuffle(self, ev):
        deck = []
        for c in range(6):
            deck.extend([c] * self.discard[c])
        self.rng.shuffle(deck)
        self.deck = deck
        self.discard = gc.empty()
        ev.append(("reshuffle", len(deck)))

    # -- saving ----------------------------------------------------------
    def to_dict(self):
        return save(self)

    @staticmethod
    def from_dict(d):
        return load(GoWild, d)


def new_game(options=None, seed=0):
    return GoWild(options, seed)
