"""Tumblin' Dice rules core (docs/rules.md: rulings T1-T6).

Phases: "roll_off" (T3: each player rolls one die, ties roll again among
themselves), "throw" (T4: one die per turn, in order, until every die is
thrown), "enter" (table mode: each die's face and level, seat by seat in
order of play), then the round is scored and the next begins, or "over".

Actions:
  ("roll", seat)                      roll-off die (the device rolls it)
  ("throw", seat)                     table mode: seat has thrown on the real board
  ("throw", seat, power, aim)         virtual mode: power 0-100, aim -100..100
  ("die", seat, face, level)          table mode: face 1-6 and level 1-4 (or -1 with
                                      the -1x zone); (None, None) = off the board
  ("undo",)                           table mode: take back the last throw or die (S3)

Teams (T5): P1+P3 against P2+P4, throws alternating between the teams. The
roll-off sets the first team and each team's throwing order (kept); later
rounds the team with the higher round score starts, a tie keeping the order.
"""

from slampad.games import ANY_SEAT, TERMINAL
from slampad.games import _check as ck
from slampad.games import tumblin_board as tb
from slampad.games import tumblin_score as sc
from slampad.games.tumblin_state import (  # noqa: F401 (re-exported)
    DEFAULTS,
    DICE,
    GAME,
    VERSION,
    check_options,
    load,
    pack,
    save,
    unpack,
    view,
)
from slampad.rng import Rng


class Tumblin:
    def __init__(self, options=None, seed=0):
        self.options = check_options(options)
        self.seed = ck.need_int(seed, "seed", 0, 0xFFFFFFFF)
        self._reset()

    def _reset(self):
        n = self.options["players"]
        self.rng = Rng(self.seed)
        self.codes = []  # the actions applied, packed (tumblin_state.pack)
        self.phase = "roll_off"
        self.round = 1
        self.overtime = False
        self.groups = [list(range(n))]  # T3: roll-off groups, best first
        self.rolls = [None] * n  # this roll-off pass
        self.teams = [[0, 2], [1, 3]] if self.options["teams"] else None
        self.order = []
        self.throws = 0
        self.board = []  # virtual: [seat, face, level, x, y] at rest on a scoring level
        self.dice = [[] for _ in range(n)]  # table: entered [face, level] or None
        self.round_scores = [0] * n
        self.totals = [0] * n
        self.won = []

    # -- queries --
    @property
    def log(self):
        """The actions applied, as lists (what a save holds)."""
        return [unpack(c) for c in self.codes]

    def n(self):
        return self.options["players"]

    def is_over(self):
        return self.phase == "over"

    def winners(self):
        return list(self.won)

    def turn(self):
        """The seat to act now (roll-off: None, several may roll)."""
        if self.phase == "throw":
            return self.order[self.throws % len(self.order)]
        if self.phase == "enter":
            for s in self.order:
                if len(self.dice[s]) < DICE:
                    return s
        return None

    def current_player(self):
        """T3: ANY_SEAT in the roll-off; then turn(); TERMINAL at the end."""
        p = self.phase
        return ANY_SEAT if p == "roll_off" else TERMINAL if p == "over" else self.turn()

    def thrown(self, seat):
        """How many of ``seat``'s dice are thrown this round."""
        k = len(self.order)
        if seat not in self.order:
            return 0
        return self.throws // k + (1 if self.order.index(seat) < self.throws % k else 0)

    def unit_totals(self, scores):
        if not self.teams:
            return list(scores)
        return [sum(scores[s] for s in t) for t in self.teams]

    def view(self, player=None):
        return view(self, player)

    def levels(self):
        """The levels a die may be entered on (table mode)."""
        return (1, 2, 3, 4, -1) if self.options["minus_zone"] else (1, 2, 3, 4)

    def legal_actions(self, player=None):
        if player is None:
            undo = self.options["board"] == "table" and self.codes and self.codes[-1] & 3
            return [("undo",)] if undo else []
        self._seat(player)
        if self.phase == "roll_off":
            g = self._rolling()
            return [("roll", player)] if player in g and self.rolls[player] is None else []
        if self.turn() != player:
            return []
        if self.phase == "throw":
            if self.options["board"] == "table":
                return [("throw", player)]
            return [("throw", player, None, None)]
        acts = [("die", player, None, None)]
        for lv in self.levels():
            acts += [("die", player, f, lv) for f in range(1, 7)]
        return acts

    def _rolling(self):
        for g in self.groups:
            if len(g) > 1:
                return g
        return []

    def _seat(self, seat):
        if not ck.is_int(seat) or not 0 <= seat < self.n():
            raise ValueError("no seat %r" % (seat,))

    # -- actions --
    def apply(self, action):
        if not isinstance(action, (tuple, list)) or not action:
            raise ValueError("action must be a non-empty tuple, got %r" % (action,))
        name = action[0]
        if name == "undo" and len(action) == 1:
            return self._undo()
        if self.phase == "over":
            raise ValueError("T5: the game is over")
        if name == "roll" and len(action) == 2:
            ev = self._roll(action[1])
        elif name == "throw" and len(action) in (2, 4):
            ev = self._throw(action)
        elif name == "die" and len(action) == 4:
            ev = self._die(action[1], action[2], action[3])
        else:
            raise ValueError("unknown action, or wrong arguments: %r" % (action,))
        self.codes.append(pack(action))
        return ev

    def _undo(self):
        if self.options["board"] != "table":
            raise ValueError("S3: undo is for table mode; a virtual throw stands")
        if not self.codes:
            raise ValueError("S3: nothing to undo")
        if not self.codes[-1] & 3:
            raise ValueError("S3: a roll-off die cannot be taken back")
        codes = self.codes[:-1]
        gone = unpack(self.codes[-1])
        self._reset()
        for c in codes:
            self.apply(unpack(c))
        return [("undone", gone)]

    def _roll(self, seat):
        self._seat(seat)
        if self.phase != "roll_off":
            raise ValueError("T3: the roll-off is over")
        g = self._rolling()
        if seat not in g:
            raise ValueError("T3: P%d is not in this roll-off" % (seat + 1))
        if self.rolls[seat] is not None:
            raise ValueError("T3: P%d has rolled" % (seat + 1))
        face = self.rng.randint(1, 6)
        self.rolls[seat] = face
        ev = [("rolled", seat, face)]
        if any(self.rolls[s] is None for s in g):
            return ev
        parts = sc.split_by_roll(g, self.rolls)  # T3: ties roll again
        ev += [("roll_again", list(p)) for p in parts if len(p) > 1]
        i = self.groups.index(g)
        self.groups[i:i + 1] = parts
        for s in g:
            self.rolls[s] = None
        if not self._rolling():
            ranks = [g[0] for g in self.groups]
            if self.teams:
                first = 0 if ranks[0] in self.teams[0] else 1
                self.teams = [[s for s in ranks if s in self.teams[t]] for t in (first, 1 - first)]
                order = self._interleave()
            else:
                order = ranks
            ev += self._start_round(order)
        return ev

    def _interleave(self):
        a, b = self.teams
        return [a[0], b[0], a[1], b[1]]  # T5: teammates never throw back to back

    def _start_round(self, order):
        self.phase = "throw"
        self.order = order
        self.throws = 0
        self.board = []
        self.dice = [[] for _ in range(self.n())]
        return [("round", self.round, list(order), self.overtime), ("turn", order[0])]

    def _throw(self, action):
        seat = action[1]
        self._seat(seat)
        if self.phase != "throw":
            raise ValueError("T4: no throws now (phase %s)" % self.phase)
        if seat != self.turn():
            raise ValueError("T4: it is P%d's throw, not P%d's" % (self.turn() + 1, seat + 1))
        virtual = self.options["board"] == "virtual"
        if virtual != (len(action) == 4):
            raise ValueError("T6: a %s throw is %s" % (
                self.options["board"],
                "(throw, seat, power, aim)" if virtual else "(throw, seat)"))
        ev = [("threw", seat)]
        if virtual:
            power, aim = action[2], action[3]
            if not ck.is_int(power) or not 0 <= power <= 100:
                raise ValueError("T6: power is a whole number 0-100, got %r" % (power,))
            if not ck.is_int(aim) or not -100 <= aim <= 100:
                raise ValueError("T6: aim is a whole number -100..100, got %r" % (aim,))
            ev += tb.throw(self.board, seat, power, aim, self.rng, self.options["minus_zone"])
        self.throws += 1
        if self.throws < DICE * len(self.order):
            return ev + [("turn", self.turn())]
        if virtual:
            for d in self.board:
                self.dice[d[0]].append([d[1], d[2]])
            return ev + self._end_round()
        self.phase = "enter"
        return ev + [("enter", self.turn())]

    def _die(self, seat, face, level):
        self._seat(seat)
        if self.phase != "enter":
            raise ValueError("T6: dice are entered after the last throw of a round")
        if seat != self.turn():
            raise ValueError("T6: enter P%d's dice now, not P%d's" % (self.turn() + 1, seat + 1))
        if level is None:
            if face is not None:
                raise ValueError("T2: a die off the board has no face that counts")
            self.dice[seat].append(None)
        else:
            if level not in self.levels() or not ck.is_int(level):
                raise ValueError("T1: a die rests on level %s, not %r" % (
                    ", ".join(str(v) for v in self.levels()), level))
            if not ck.is_int(face) or not 1 <= face <= 6:
                raise ValueError("T2: a face is 1-6, got %r" % (face,))
            self.dice[seat].append([face, level])
        ev = [("entered", seat, face, level)]
        nxt = self.turn()
        if nxt is not None:
            return ev + [("enter", nxt)] if nxt != seat else ev
        return ev + self._end_round()

    def _end_round(self):
        mode = self.options["mode"]
        n = self.n()
        before = self.unit_totals(self.totals)
        self.round_scores = [0] * n
        for s in self.order:
            self.round_scores[s] = sc.dice_score(self.dice[s], mode)
            self.totals[s] += self.round_scores[s]
        ev = [("round_over", self.round, list(self.round_scores), list(self.totals))]
        units = self._units()
        o = self.options
        over, win, tied = sc.game_end(units, self.unit_totals(self.totals), before,
                                      self.round, o["rounds"], o["target"])
        if over:
            self.phase = "over"
            self.won = list(self.teams[win]) if self.teams else [win]
            self.won.sort()
            return ev + [("game_over", list(self.won))]
        nxt = sc.ranked(units, self.unit_totals(self.round_scores))
        if tied:
            self.overtime = True
            nxt = [u for u in nxt if u in tied]
            ev.append(("overtime", list(nxt)))
        self.round += 1
        if self.teams:
            if nxt[0] != 0:
                self.teams = [self.teams[1], self.teams[0]]
            return ev + self._start_round(self._interleave())
        return ev + self._start_round(nxt)

    def _units(self):
        """This round's seats, or teams (0 = the team that threw first), in order."""
        if self.teams:
            return [0, 1]
        return list(self.order)

    # -- saving --
    def to_dict(self):
        return save(self)

    @staticmethod
    def from_dict(d):
        return load(Tumblin, d)


def new_game(options=None, seed=0):
    return Tumblin(options, seed)
