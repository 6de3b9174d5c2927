"""Go Wild! table mode: a real deck on the table, the device keeps the score.

Nobody's cards are known. After each trick the players enter who won it and
with how many cards, or that nobody won (every play a slough, G4). The state is
the list of entries; scores, the Wild One (G5), the trick and the lead are
worked out from it, so the last entry can be undone exactly (S3).
Actions: ("trick", winner or None, size or None) and ("undo",).
"""

from slampad.games import REFEREE, TERMINAL
from slampad.games import _check as ck
from slampad.games import gowild_cards as gc
from slampad.games.gowild_state import check_options

GAME = "gowild_table"
VERSION = 1


class GoWildTable:
    def __init__(self, options=None, seed=0):
        self.options = check_options(options)
        self.entries = []  # [winner or None, size or None], one per trick played
        self._replay()

    def _replay(self):
        o = self.options
        n = o["players"]
        self.scores = [0] * n
        self.wild_one = None
        self.round = 1
        self.trick = 1
        self.lead = o["first_lead"]  # G8
        self.won = []
        for winner, _size in self.entries:
            self.wild_one = gc.settle(self.scores, self.wild_one, self.trick, winner)  # G5, G6
            if winner is not None:
                self.lead = winner
                if gc.over(self.scores, winner, o["target"]):  # G6
                    self.won = [winner]
                    break
            self.trick += 1
            if self.trick > 3:
                self.trick = 1
                self.round += 1

    def is_over(self):
        return bool(self.won)

    def winners(self):
        return list(self.won)

    def view(self, player=None):
        return {
            "scores": list(self.scores),
            "wild_one": self.wild_one,
            "round": self.round,
            "trick": self.trick,
            "lead": self.lead,
            "entries": [list(e) for e in self.entries],
            "over": self.is_over(),
        }

    def current_player(self):
        """Every entry is the referee's (nobody's cards are known): REFEREE, or TERMINAL
        once someone has reached the target (an undo is still the referee's, S3)."""
        return TERMINAL if self.won else REFEREE

    def legal_actions(self, player=None):
        acts = [("undo",)] if self.entries else []
        if player is None and not self.won:
            acts += [("trick", s, None) for s in range(len(self.scores))]
            acts.append(("trick", None, None))
        return acts

    def apply(self, action):
        if not isinstance(action, (tuple, list)) or not action:
            raise ValueError("action must be a non-empty tuple, got %r" % (action,))
        if tuple(action) == ("undo",):
            if not self.entries:
                raise ValueError("S3: nothing to undo")
            gone = self.entries.pop()
            self._replay()
            return [("undone", gone[0], gone[1])]
        if action[0] != "trick" or len(action) != 3:
            raise ValueError("unknown action, or wrong arguments: %r" % (action,))
        _, winner, size = action
        if self.won:
            raise ValueError("G6: the game is over")
        bad_seat = not ck.is_int(winner) or not 0 <= winner < len(self.scores)
        if winner is not None and bad_seat:
            raise ValueError("no seat %r" % (winner,))
        if size is not None and (not ck.is_int(size) or not 1 <= size <= 108):
            raise ValueError("G4: a winning set holds 1 to 108 cards, not %r" % (size,))
        if winner is None and size is not None:
            raise ValueError("G4: a trick nobody won has no winning set")
        trick = self.trick
        self.entries.append([winner, size])
        self._replay()
        ev = [("trick", trick, winner, trick if winner is not None else 0)]
        if self.won:
            ev.append(("game_over", list(self.won)))
        return ev

    def to_dict(self):
        return {
            "game": GAME,
            "v": VERSION,
            "options": dict(self.options),
            "entries": [list(e) for e in self.entries],
        }

    @staticmethod
    def from_dict(d):
        ck.header(d, GAME, VERSION)
        g = GoWildTable(ck.need_key(d, "options", ""))
        for i, e in enumerate(ck.need_list(ck.need_key(d, "entries", ""), "entries")):
            ck.need_list(e, "entries[%d]" % i, 2, 2)
            try:
                g.apply(("trick", e[0], e[1]))
            except ValueError as err:
                ck.bad("entries[%d]" % i, str(err))
        return g
