"""Diceland bots: easy, normal and hard, for every decision of a game (D2-D8).

``DicelandBot(seat, level, seed, budget).choose(game.view(seat))`` returns the seat's
action (the core's tuples: place, attack, combo, use, move, town, pass). It is handed
the view alone, which has no generator state (issue 7: bots never read hidden state),
and copies its board into two lists: the attack rolls are not sampled at all but
averaged exactly over their six (or thirty-six) outcomes.

- easy: a random legal action, from the bot's own Rng.
- normal: greedy on the position value of bots/diceland_eval (dice count, sum,
  exposure of low dice to high enemy dice, threats, towns): the placement, the
  attack with the best expected value over the free die's roll (a combo over both
  rolls, each resolved by the best lawful 'use'), the best move or pass, the best town.
- hard: expectimax, two plies: for the attacks and moves normal rates best, each
  outcome of its own roll is followed by the opponent's best reply attack (over the
  opponent's six rolls) before the position is valued. The budget is a count of
  valued outcomes (S2: a count, never a time): candidates are searched best first
  while their outcomes fit in it (at least two, or the greedy choice stands).
Ties go to the bot's own Rng, so seeds differ; the same seed and game: the same choice.
"""

from slampad.bots import diceland_eval as ev
from slampad.bots.diceland_view import seen
from slampad.games.diceland import Diceland
from slampad.rng import Rng

LEVELS = ("easy", "normal", "hard")
BUDGET = {"easy": 0, "normal": 0, "hard": 1000}  # hard: valued outcomes per decision
MAX_BUDGET = 1000000


class DicelandBot:
    def __init__(self, seat, level="normal", seed=0, budget=None):
        if level not in LEVELS:
            raise ValueError("bot level must be one of easy, normal, hard; got %r" % (level,))
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ValueError("no seat %r" % (seat,))
        if budget is None:
            budget = BUDGET[level]
        if not isinstance(budget, int) or isinstance(budget, bool) or \
                not 0 <= budget <= MAX_BUDGET:
            raise ValueError("bot budget must be 0..%d, got %r" % (MAX_BUDGET, budget))
        self.seat = seat
        self.level = level
        self.budget = budget
        self.rng = Rng(seed * 8 + seat + 1)
        self.nodes = 0  # valued outcomes in the last decision (S2 budget checks)
        self._ctx = None
        self._map = None  # the scene built from the first view (kept: no copy each time)

    # -- entry -------------------------------------------------------------
    def choose(self, view):
        """The seat's action, read from ``game.view(seat)`` alone: the view has no
        generator state, so the rolls to come stay hidden (issue 7)."""
        if not isinstance(view, dict):
            raise TypeError("a bot reads game.view(seat), not the game")
        g = seen(view)
        if self._map is not g.scene:  # a new map: its tables too
            self._map = g.scene
            self._ctx = None
        p = self.seat
        if g.phase == "over":
            raise ValueError("D9: the game is over")
        if g.turn != p:
            raise ValueError("it is P%d's turn, not P%d's" % (g.turn + 1, p + 1))
        self.nodes = 0
        if self.level == "easy":
            if g.phase == "occupy":  # uniform as over legal_actions, without its big list
                v = self.rng.choice(sorted(set(g.free[p])))
                return ("place", p, v, self.rng.choice(g.places(p)))
            return self.rng.choice(g.legal_actions(p))
        if self._ctx is None:
            self._ctx = ev.Ctx(g)
        c = self._ctx
        own = list(g.owner)
        val = list(g.value)
        ph = g.phase
        if ph == "occupy":
            return self._place(g, c, own, val, p)
        if ph == "attack":
            return self._attack(g, c, own, val, p)
        if ph == "choose":
            a, b, t = g.pending
            r = g.free[p]
            best = ev.use_value(c, own, val, p, a, b, t, r[0], r[1])
            return ("use", p, best[1], best[2])
        if ph == "move":
            return self._move(g, c, own, val, p)
        return self._town(g, c, own, val, p)

    def _pick(self, scored):
        """The action with the highest score; ties by the bot's Rng."""
        top = None
        tied = []
        for s, a in scored:
            if top is None or s > top:
                top = s
                tied = [a]
            elif s == top:
                tied.append(a)
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    # -- occupation (D2) ---------------------------------------------------
    def _place(self, g, c, own, val, p):
        vals = sorted(set(g.free[p]))
        scored = []
        for h in g.places(p):
            for v in vals:
                scored.append((ev.place_value(c, own, val, p, v, h), ("place", p, v, h)))
        return self._pick(scored)

    # -- attacks (D3, D4) --------------------------------------------------
    def _attack(self, g, c, own, val, p):
        scored = []
        for a in g.attacks(p):
            if a[0] == "attack":
                x = 6 * ev.attack_value(c, own, val, p, a[2], a[3])
            else:
                x = ev.combo_value(c, own, val, p, a[2], a[3], a[4])
            scored.append((x, a))
        if self.level == "hard" and len(scored) > 1 and self.budget:
            scored = self._deep(scored, c, own, val, p, self._attack_deep)
        return self._pick(scored)

    def _attack_deep(self, a, c, own, val, p):
        """36 times the expected value of attack a after the opponent's best reply."""
        tot = 0
        if a[0] == "attack":
            s, t = a[2], a[3]
            for r in range(1, 7):
                tot += 6 * self._after(c, own, val, p, s, t, r)
            return tot
        x, y, t = a[2], a[3], a[4]
        for r0 in range(1, 7):
            for r1 in range(r0, 7):
                best = ev.use_value(c, own, val, p, x, y, t, r0, r1)
                s = best[2]
                v = self._after(c, own, val, p, s, t, r1 if best[1] else r0)
                tot += v if r0 == r1 else 2 * v
        return tot

    def _after(self, c, own, val, p, s, t, r):
        """p's value change of the roll r from s on t, minus the opponent's best reply."""
        keep = (own[s], own[t], val[s], val[t])
        before = ev.local(c, own, val, (s, t), p)
        ev.resolve(c, own, val, p, s, t, r)
        d = 6 * (ev.local(c, own, val, (s, t), p) - before) - self._reply(c, own, val, p)
        own[s], own[t], val[s], val[t] = keep
        self.nodes += 1
        return d

    def _reply(self, c, own, val, p):
        """Six times the opponent's best expected value change from one single attack
        (D3: mandatory when possible), valued by the opponent."""
        q = 1 - p
        adj = c.adj
        best = None
        for s in range(c.n):
            if own[s] != q:
                continue
            for t in adj[s]:
                if own[t] == p:
                    x = ev.attack_value(c, own, val, q, s, t)
                    self.nodes += 6
                    if best is None or x > best:
                        best = x
        return best or 0

    def _deep(self, scored, c, own, val, p, deep):
        """Search candidates best first (by the greedy score) while the budget lasts: a
        candidate is searched only if its outcomes, each with the opponent's replies
        (six rolls for each attack the opponent has now), fit in what is left."""
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
        reply = 1 + 6 * self._count_attacks(c, own, 1 - p)
        out = []
        for i in order:
            a = scored[i][1]
            cost = reply * (6 if a[0] == "attack" else 21 if a[0] == "combo" else 1)
            if self.nodes + cost > self.budget:
                break
            out.append((deep(a, c, own, val, p), a))
        if len(out) < 2:
            return scored  # nothing to compare: the greedy choice
        return out

    def _count_attacks(self, c, own, q):
        n = 0
        adj = c.adj
        for s in range(c.n):
            if own[s] == q:
                for t in adj[s]:
                    if own[t] == 1 - q:
                        n += 1
        return n

    # -- moves (D5-D7) and towns (D8) --------------------------------------
    def _move(self, g, c, own, val, p):
        scored = []
        for a in g.legal_actions(p):
            x = 0 if a[0] == "pass" else ev.move_value(c, own, val, p, a[2], a[3])
            scored.append((36 * x, a))
        if self.level == "hard" and len(scored) > 1 and self.budget:
            scored = self._deep(scored, c, own, val, p, self._move_deep)
        return self._pick(scored)

    def _move_deep(self, a, c, own, val, p):
        if a[0] == "pass":
            return -6 * self._reply(c, own, val, p)
        s, d = a[2], a[3]
        x = ev.move_value(c, own, val, p, s, d)
        keep = (own[s], own[d], val[s], val[d])
        if own[d] == p:
            val[d] = min(6, val[s] + val[d])
        else:
            own[d], val[d] = p, val[s]
        own[s], val[s] = -1, 0
        r = self._reply(c, own, val, p)
        own[s], own[d], val[s], val[d] = keep
        self.nodes += 1
        return 36 * x - 6 * r

    def _town(self, g, c, own, val, p):
        scored = [(0, ("pass", p))]
        for h in g.towns(p):
            before = ev.local(c, own, val, (h,), p)
            val[h] += 1
            scored.append((ev.local(c, own, val, (h,), p) - before, ("town", p, h)))
            val[h] -= 1
        return self._pick(scored)


def play_game(options=None, levels=("normal", "normal"), seed=0, budgets=None):
    """A whole game with a bot in each seat (levels[s]); returns the game."""
    g = Diceland(options, seed)
    bots = [DicelandBot(s, levels[s], seed, None if budgets is None else budgets[s])
            for s in (0, 1)]
    moves = 0
    while not g.is_over():
        g.apply(bots[g.turn].choose(g.view(g.turn)))
        moves += 1
        if moves > 5000:
            raise RuntimeError("the game does not end")
    return g
