"""Wildside rules core (docs/rules.md: rulings W1-W12).

Phases: ready -> roll -> rolling -> window -> (choose) -> roll ... -> over.
Actions (tuples): ("ready", seat), ("roll",), ("open", t), ("slam", seat, t),
("judge",), ("tap", seat), ("choose", seat), ("take",).
Times are ticks of the slam source (options tick_us, wrap); they are compared
with ticks-diff semantics and the ruling never depends on arrival order (W6).
"""

from slampad.games import _check as ck
from slampad.games import wildside_match as wm
from slampad.games.wildside_state import (  # noqa: F401 (re-exported)
    DEFAULTS,
    GAME,
    PHASES,
    VERSION,
    check_options,
    load,
    save,
    whose,
)
from slampad.rng import Rng
from slampad.ticks import ticks_diff

# action: (arguments, phases it is legal in, the ruling that says so)
ACTS = {
    "ready": (1, ("ready",), "W12"),
    "roll": (0, ("roll",), "W12"),
    "open": (1, ("rolling",), "W6"),
    "slam": (2, ("rolling", "window"), "W6"),
    "judge": (0, ("rolling", "window"), "W6"),
    "tap": (1, ("choose",), "W5"),
    "choose": (1, ("choose",), "W5"),
    "take": (0, ("choose",), "W5"),
}


class Wildside:
    def __init__(self, options=None, seed=0):
        self.options = o = check_options(options)
        n = o["players"]
        self.rng = Rng(seed)
        self.phase = "ready"
        self.round = 0
        self.dice = [3] * n  # W2
        self.rolled = [[] for _ in range(n)]
        self.pool = 0  # W8
        self.ready = list(o["bots"])
        self.t_open = None
        self.slams = {}  # seat -> [t, early]
        self.span = None  # [lo, hi]: the arc of every tick seen this round
        self.choice = None  # {"slammer", "candidates": [[seat, k]], "highlight"}
        self.active = list(range(n))
        self.sudden = False  # W10
        self.won = []
        if len(self.ready) == n:
            self.phase = "roll"

    # -- queries --
    def is_over(self):
        return self.phase == "over"

    def winners(self):
        return list(self.won)

    def aside(self, seat):
        """W9: dice set aside (count for winning, not rolled)."""
        return max(0, self.dice[seat] - wm.MAX_ROLLED)

    def matches(self):
        """Every matching pair [a, b, k] on the dice now rolled."""
        if self.phase not in ("rolling", "window", "choose"):
            return []
        return wm.all_matches(self.rolled, self.dice, self.active)

    def tick_fits(self, t):
        """Does tick t fit this round's ticks (W6, as _tick checks)? Changes nothing."""
        try:
            self._tick(t)
        except ValueError:
            return False
        return True

    def candidates(self, seat):
        return wm.candidates(seat, self.rolled, self.dice, self.active, len(self.dice))

    def view(self, player=None):
        """All dice are public once shown; none are shown while rolling."""
        shown = self.phase in ("window", "choose")
        return {
            "phase": self.phase,
            "dice": list(self.dice),
            "rolled": [list(r) if shown else [] for r in self.rolled],
            "pool": self.pool,
            "active": list(self.active),
            "sudden": self.sudden,
            "choice": None if self.choice is None else save(self)["choice"],
        }

    def current_player(self):
        return whose(self)  # W5, W12 (wildside_state.whose)

    def legal_actions(self, player=None):
        p = self.phase
        if player is not None:
            self._seat(player)
        if player is None:
            if p == "roll":
                return [("roll",)]
            if p == "rolling":
                return [("open", None)] + ([("judge",)] if self.slams else [])
            if p == "window":
                return [("judge",)]
            if p == "choose":
                return [("take",)]
            return []
        if p == "ready" and player not in self.ready:
            return [("ready", player)]
        if p in ("rolling", "window") and player in self.active:
            return [("slam", player, None)]
        if p == "choose" and player == self.choice["slammer"]:
            acts = [("tap", player)]
            for c in self.choice["candidates"]:
                acts.append(("choose", c[0]))
            return acts
        return []

    # -- actions --
    def apply(self, action):
        if not isinstance(action, (tuple, list)) or not action:
            raise ValueError("action must be a non-empty tuple, got %r" % (action,))
        name = action[0]
        spec = ACTS.get(name) if isinstance(name, str) else None
        if spec is None or len(action) != spec[0] + 1:
            raise ValueError("unknown action, or wrong arguments: %r" % (action,))
        if self.phase not in spec[1]:
            rule = "W10: the game is over" if self.phase == "over" else spec[2]
            raise ValueError("%s: %r is not allowed in phase %r" % (rule, name, self.phase))
        return getattr(self, "_a_" + name)(*action[1:])

    def _seat(self, seat):
        if not ck.is_int(seat) or not 0 <= seat < len(self.dice):
            raise ValueError("no seat %r" % (seat,))

    def _tick(self, t):
        """Check t; return the round's tick span with t in it.

        W6: a round's ticks (t_open and every slam, kept or not) lie within a
        quarter wrap, so ticks_diff orders them and no arrival order matters.
        """
        w = self.options["wrap"]
        if not ck.is_int(t) or not 0 <= t < w:
            raise ValueError("tick %r outside 0..wrap-1" % (t,))
        if self.span is None:
            return [t, t]
        lo, hi = self.span
        if ticks_diff(t, lo, w) < 0:
            lo = t
        elif ticks_diff(t, hi, w) > 0:
            hi = t
        if (hi - lo) & (w - 1) >= w >> 2:
            raise ValueError("W6: tick %r is a quarter wrap from this round's ticks" % (t,))
        return [lo, hi]

    def _a_ready(self, seat):
        self._seat(seat)
        if seat in self.ready:
            raise ValueError("W12: seat %d is already ready" % seat)
        self.ready.append(seat)
        self.ready.sort()
        ev = [("ready", seat)]
        if len(self.ready) == len(self.dice):
            self.phase = "roll"
            ev.append(("start",))
        return ev

    def _a_roll(self):
        self.round += 1
        for s in range(len(self.dice)):
            r = []
            if s in self.active:
                for _ in range(min(wm.MAX_ROLLED, self.dice[s])):  # W9
                    r.append(wm.SIDES[self.rng.below(6)])
            self.rolled[s] = r
        self.t_open = None
        self.span = None
        self.slams = {}
        self.phase = "rolling"
        return [("roll", self.round)]

    def _a_open(self, t):
        self.span = self._tick(t)
        self.t_open = t
        self.phase = "window"
        return [("open", t, [list(r) for r in self.rolled])]

    def _a_slam(self, seat, t):
        self._seat(seat)
        if seat not in self.active:
            raise ValueError("W10: seat %d is not in sudden death" % seat)
        self.span = self._tick(t)
        early = self.phase == "rolling"
        old = self.slams.get(seat)
        # W8: a seat's repeated slams count from its earliest.
        if old is None or ticks_diff(t, old[0], self.options["wrap"]) < 0:
            self.slams[seat] = [t, early or (old is not None and old[1])]
        elif early:
            old[1] = True
        return [("slam", seat, t)]

    def _a_judge(self):
        if self.phase == "rolling" and not self.slams:
            raise ValueError("W6: nothing to judge before the window opens")
        if not self.slams:
            return self._next_round([("none",)])  # W7
        first, false = self.first_place()
        ev = []
        for s in false:
            ev.append(("false_start", s))  # W6
        winners = []
        for s in first:
            if s not in false and self.candidates(s):
                winners.append(s)
        if len(winners) > 1:
            return self._next_round(ev + [("dead_heat", winners)])  # W6
        if len(winners) == 1:
            return ev + self._confirm(winners[0])
        return ev + self._penalize(first)

    def first_place(self):
        """W6: (seats sharing first place, seats whose slam was a false start)."""
        wrap = self.options["wrap"]
        ref = self.t_open
        seats = sorted(self.slams)
        if ref is None:
            ref = self.slams[seats[0]][0]
        off = {}
        for s in seats:
            off[s] = ticks_diff(self.slams[s][0], ref, wrap)
        best = min(off.values())
        res = self.options["resolution"]
        first = [s for s in seats if off[s] - best < res]
        false = []
        for s in first:
            if self.slams[s][1] or (self.t_open is not None and off[s] < 0):
                false.append(s)
        return first, false

    def _confirm(self, s):
        cands = self.candidates(s)
        ev = [("confirmed", s)]
        if self.sudden:  # W10: the first confirmed match wins the game
            return ev + self._finish([s])
        if len(cands) == 1:
            return ev + self._collect(s, cands[0])
        self.choice = {"slammer": s, "candidates": cands, "highlight": 0}
        self.slams = {}
        self.phase = "choose"  # W4/W5
        return ev + [("choose", s, [c[0] for c in cands], cands[0][0])]

    def _collect(self, s, cand):
        v, k = cand
        moved = k + self.pool  # W8: the pool goes with any confirmed match
        self.dice[v] -= k
        self.dice[s] += moved
        self.pool = 0
        self.choice = None
        ev = [("match", s, v, k, moved)]
        if self.dice[v] == 0:
            return ev + self._game_end()
        return self._next_round(ev)

    def _penalize(self, seats):
        if self.sudden:  # W10: an unconfirmed slam is out
            left = [s for s in self.active if s not in seats]
            ev = [("out", list(seats))]
            if len(left) == 1:
                return ev + self._finish(left)
            if left:
                self.active = left
            else:
                ev.append(("sudden_death", list(self.active)))
            return self._next_round(ev)
        for s in seats:  # W8
            self.dice[s] -= 1
            self.pool += 1
        ev = [("penalty", list(seats))]
        if 0 in self.dice:
            return ev + self._game_end()
        return self._next_round(ev)

    def _game_end(self):
        """W10: most dice wins; a tie goes to sudden death among the tied."""
        top = max(self.dice)
        lead = [s for s in range(len(self.dice)) if self.dice[s] == top]
        if len(lead) == 1 or top == 0:  # all at 0: nobody can roll, so a draw
            return self._finish(lead)
        self.sudden = True
        self.active = lead
        return self._next_round([("sudden_death", lead)])

    def _finish(self, won):
        self.won = list(won)
        self.phase = "over"
        self.t_open = None
        self.span = None
        self.slams = {}
        self.choice = None
        return [("game_over", list(won))]

    def _next_round(self, ev):
        self.phase = "roll"
        self.t_open = None
        self.span = None
        self.slams = {}
        self.choice = None
        return ev

    def _a_tap(self, seat):
        self._seat(seat)
        if seat != self.choice["slammer"]:
            raise ValueError("W5: only the slammer moves the highlight")
        c = self.choice
        c["highlight"] = (c["highlight"] + 1) % len(c["candidates"])
        return [("highlight", c["candidates"][c["highlight"]][0])]

    def _a_choose(self, victim):
        self._seat(victim)
        for c in self.choice["candidates"]:
            if c[0] == victim:
                return self._collect(self.choice["slammer"], c)
        raise ValueError("W5: seat %r is not a match for the slammer" % (victim,))

    def _a_take(self):
        c = self.choice
        return self._collect(c["slammer"], c["candidates"][c["highlight"]])

    # -- saving --
    def to_dict(self):
        return save(self)

    @staticmethod
    def from_dict(d):
        return load(Wildside, d)


def new_game(options=None, seed=0):
    return Wildside(options, seed)
