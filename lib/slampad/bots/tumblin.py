"""Tumblin' Dice bots for virtual mode (T6): easy, normal and hard.

A bot reads only ``view(seat)`` (everything is on the table) and never the
game's rng. ``choose(view)`` returns (power, aim) for the seat's throw:

- Candidates: throws straight down the middle at a few powers (for the 3x
  level and the 4x pocket), plus, from normal up, throws down the lanes of
  the opponents' most valuable dice (to bump them) and, for hard, throws
  down the sides (to keep clear of its own dice).
- Each candidate is tried by throwing on copies of the board with the
  public board model (games/tumblin_board) and the bot's OWN Rng, valued as
  own (or own team's) score minus the best opponent's, totals included,
  in the game's scoring mode (T2); the thrown die counts at its expected
  face (3.5), which keeps the value free of the face's luck. Hard's value
  also knows the round and the game (``WEIGHTS``, tuned by self-play with
  tools/benchmarks/tune_tumblin.py): a die counts for less the more throws the other
  side has left this round to bump it, and in the last round (or overtime)
  the margin is capped, so a won or lost game stops paying (T5: a win is a
  win), the cap shrinking with the throws left; there the thrown die counts
  at its simulated face.
- The budget is a fixed number of simulated throws per decision (S2: a count,
  never a time), cut on boards of more than BASE_DICE dice, where a throw
  costs more (``sims_for``). It is spent by sequential halving: equal parts,
  one per pass; each pass tries every candidate left equally often, then
  keeps the better half. Sample j of every candidate uses the same random
  numbers (common random numbers), so candidates meet the same luck.
- The chosen throw then gets execution noise, by level (easy's hand shakes
  most); the simulations include the same noise, so a bot plays to its skill.

Same seed and same views: the same choices.
"""

from slampad.games import tumblin_board as tb
from slampad.games import tumblin_score as sc
from slampad.rng import Rng

LEVELS = ("easy", "normal", "hard")
# level: (budget of simulated throws at BASE_DICE dice, power noise, aim noise, target lanes)
CONFIG = {
    "easy": (9, 20, 40, 0),
    "normal": (40, 7, 12, 1),
    "hard": (128, 3, 5, 3),
}
POWERS = {  # straight down the middle (aim 0)
    "easy": (60, 75, 90),
    "normal": (70, 80, 90),
    "hard": (75, 85),
}
BASE_DICE = 4  # the budget counts throws on a board of up to this many dice (sims_for)
TARGET_POWERS = (75, 90, 100)  # down an opponent die's lane
SIDE_AIM = 45  # hard: side lanes, clear of the middle
SIDE_POWER = 80
# Hard's value (tools/benchmarks/tune_tumblin.py, docs/benchmarks.md): a die on level 1-4 keeps
# (64 - W[level - 1] x throws the other side has left this round) / 64 of its points;
# in the last round the margin is capped at W[4] + W[5] x throws left (doubled points).
WEIGHTS = (1, 1, 2, 3, 2, 12)


def _clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


class TumblinBot:
    def __init__(self, seat, level="normal", seed=0, budget=None):
        if level not in LEVELS:
            raise ValueError("bot level must be one of easy, normal, hard; got %r" % (level,))
        cfg = CONFIG[level]
        if budget is None:
            budget = cfg[0]
        if not isinstance(budget, int) or isinstance(budget, bool) or not 1 <= budget <= 4096:
            raise ValueError("bot budget must be 1..4096, got %r" % (budget,))
        self.seat = seat
        self.level = level
        self.budget = budget
        self.noise = (cfg[1], cfg[2])
        self.targets = cfg[3]
        self.rng = Rng(seed * 8 + seat + 1)
        self.sims = 0  # simulated throws so far (S2 budget checks)

    # -- what a board is worth to this seat -----------------------------------
    def _unit(self, view):
        teams = view["teams"]
        if not teams:
            return self.seat, None
        return (0 if self.seat in teams[0] else 1), teams

    def _prepare(self, view):
        """Per decision: doubled totals, scoring mode, and each seat's side (1: own
        unit, -1: an opponent, 0: not playing this round, as in overtime)."""
        me, teams = self._unit(view)
        n = len(view["totals"])
        side = [0] * n
        for s in range(n):
            if teams:
                side[s] = 1 if s in teams[me] else -1
            elif s in view["order"]:
                side[s] = 1 if s == me else -1
        o = view["options"]
        left = [0] * n  # throws left this round against each seat's dice
        cap = None
        if self.level == "hard":
            rest = 0
            for s in view["order"]:
                k = 4 - view["thrown"][s] - (s == self.seat)
                rest += k
                for t in range(n):
                    if side[t] and side[t] != side[s]:
                        left[t] += k
            if view["overtime"] or (o["rounds"] and view["round"] >= o["rounds"]):
                cap = WEIGHTS[4] + WEIGHTS[5] * rest  # T5: the last round
        self._ctx = ([2 * t for t in view["totals"]], o["mode"] == "add",
                     side, teams is not None, left, cap)

    def value(self, board, thrown=None):
        """Own (team) score minus the best opponent's (the other team's), doubled to
        stay in ints; ``thrown``: the die just thrown, counted at its expected face.
        Needs _prepare(view) first (choose does it)."""
        base, add, side, teams, left, cap = self._ctx
        pts = list(base)
        for d in board:
            lv = d[2]
            if d is thrown and cap is None:
                v = 7 + 2 * lv if add else 7 * lv
            else:
                v = 2 * (d[1] + lv) if add else 2 * d[1] * lv
            k = left[d[0]]
            if k and lv > 0:
                f = 64 - WEIGHTS[lv - 1] * k
                v = v * f // 64 if f > 0 else 0
            pts[d[0]] += v
        own = 0
        best = None
        for s in range(len(pts)):
            if side[s] > 0:
                own += pts[s]
            elif side[s] < 0:
                if teams:
                    best = pts[s] + (best or 0)
                elif best is None or pts[s] > best:
                    best = pts[s]
        m = own - (best or 0)
        if cap is not None:
            m = -cap if m < -cap else cap if m > cap else m
        return m

    # -- candidates --------------------------------------------------------------
    def candidates(self, view):
        out = []
        for p in POWERS[self.level]:
            out.append((p, 0))
        if self.targets:
            me, teams = self._unit(view)
            mode = view["options"]["mode"]
            opp = []
            for d in view["board"]:
                mine = (d[0] in teams[me]) if teams else d[0] == me
                if not mine:
                    opp.append((sc.die_score(d[1], d[2], mode), _clamp(d[4], -90, 90)))
            opp.sort()
            lanes = []
            while opp and len(lanes) < self.targets:
                y = opp.pop()[1]
                if y not in lanes:
                    lanes.append(y)
            for y in lanes:
                for p in TARGET_POWERS:
                    if (p, y) not in out:
                        out.append((p, y))
        if self.level == "hard":
            out.append((SIDE_POWER, -SIDE_AIM))
            out.append((SIDE_POWER, SIDE_AIM))
        return out

    def sims_for(self, dice):
        """S2: simulated throws for one decision on a board of ``dice`` dice: the
        budget, cut on a board of more than BASE_DICE dice by the work of a throw
        there (about 4 + dice units, as measured), so no decision costs more."""
        if dice <= BASE_DICE:
            return self.budget
        return self.budget * (4 + BASE_DICE) // (4 + dice)

    # -- simulation --------------------------------------------------------------
    def _try(self, cand, j, base, view):
        """One simulated throw of ``cand`` with sample j's random numbers."""
        r = Rng(base + j)
        pn, an = self.noise
        power = _clamp(cand[0] + r.randint(-pn, pn), 0, 100)
        aim = _clamp(cand[1] + r.randint(-an, an), -100, 100)
        board = [list(d) for d in view["board"]]
        ev = tb.throw(board, self.seat, power, aim, r, view["options"]["minus_zone"])
        self.sims += 1
        return self.value(board, board[-1] if ev[-1][0] == "landed" else None)

    def choose(self, view):
        """(power, aim) for this seat's throw, from ``view`` alone."""
        if view["phase"] != "throw" or view["turn"] != self.seat:
            raise ValueError("T4: it is not P%d's throw" % (self.seat + 1))
        self._prepare(view)
        cands = self.candidates(view)
        base = self.rng.next32() & 0x3FFFFFFF
        alive = list(range(len(cands)))
        sums = [0] * len(cands)
        counts = [0] * len(cands)
        # Sequential halving: the budget in equal parts, one per pass; each pass
        # shares its part among the candidates left, then keeps the better half.
        passes = 1
        while (1 << passes) < len(alive):
            passes += 1
        left = self.sims_for(len(view["board"]))
        while True:
            part = left // passes
            per = part // len(alive)
            if per < 1:
                per = 1
            for i in alive:
                j0 = counts[i]
                for j in range(j0, j0 + per):
                    sums[i] += self._try(cands[i], j, base, view)
                counts[i] += per
                left -= per
            passes -= 1
            if len(alive) == 1 or passes < 1 or left < 2:
                break
            # Those left were tried equally often, so sums compare as means.
            # (MicroPython's sort is not stable: the index breaks ties.)
            alive.sort(key=lambda i: (-sums[i], i))
            alive = alive[:(len(alive) + 1) // 2]
        best = alive[0]
        for i in alive:
            if sums[i] * counts[best] > sums[best] * counts[i]:
                best = i
        pn, an = self.noise
        power = _clamp(cands[best][0] + self.rng.randint(-pn, pn), 0, 100)
        aim = _clamp(cands[best][1] + self.rng.randint(-an, an), -100, 100)
        return power, aim


def play_out(g, bots):
    """Play virtual game ``g`` to its end, bots[s] throwing for seat s; returns ``g``."""
    moves = 0
    while not g.is_over():
        if g.phase == "roll_off":
            for s in range(g.n()):
                if g.phase == "roll_off" and g.legal_actions(s):
                    g.apply(("roll", s))
        else:
            s = g.turn()
            p, a = bots[s].choose(g.view(s))
            g.apply(("throw", s, p, a))
        moves += 1
        if moves > 10000:
            raise RuntimeError("the game does not end")
    return g


def play_game(options=None, levels=("normal", "normal"), seed=0, budgets=None):
    """A whole virtual game with a bot in every seat (levels[s]); returns the game."""
    from slampad.games.tumblin import Tumblin

    o = dict(options or {})
    o["board"] = "virtual"
    o["players"] = len(levels)
    g = Tumblin(o, seed)
    bots = [
        TumblinBot(s, levels[s], seed, None if budgets is None else budgets[s])
        for s in range(len(levels))
    ]
    return play_out(g, bots)
