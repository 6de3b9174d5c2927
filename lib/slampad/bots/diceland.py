"""Diceland bots: easy, normal, hard (D2-D9). ``DicelandBot(seat, level, seed,
budget).choose(game.view(seat))``: the seat's action, from the view alone (issue 7).
easy: random; normal: greedy on diceland_eval; hard: expectimax over its own roll and
the opponent's best reply, budget in valued outcomes (S2). docs/benchmarks.md."""

from slampad.bots import diceland_eval as ev
from slampad.bots.diceland_view import seen
from slampad.games.diceland import Diceland
from slampad.rng import Rng

LEVELS = ("easy", "normal", "hard")
BUDGET = {"easy": 0, "normal": 0, "hard": 700}  # hard: valued outcomes per decision
MAX_BUDGET = 1000000
OVER = 100000  # a stalled game's end (D9), per outcome


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
        self.w = ev.HARD if level == "hard" and budget else ev.NORMAL  # benchmarks/tune_diceland
        self._ctx = None
        self._near = self._seen = []
        self._root = []
        self._cut = 0
        self._streak = self._first = 0
        self._map = None  # the scene built from the first view (kept: no copy each time)

    # -- entry -------------------------------------------------------------
    def choose(self, view):
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
            self._ctx = ev.Ctx(g, self.w)
        c = self._ctx
        self._streak, self._first = g.streak, g.first
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
        return self._pick((ev.place_value(c, own, val, p, v, h), ("place", p, v, h))
                          for h in g.places(p) for v in vals)  # no list: small heap

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
        # 36 x the expected value of attack a after the opponent's best reply
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
        if self.nodes >= self.budget:  # S2: never past the budget
            self._cut = 1
            return 0
        keep = (own[s], own[t], val[s], val[t])
        before = ev.local(c, own, val, (s, t), p)
        ev.resolve(c, own, val, p, s, t, r)
        d = self._over(c, own, val, p, (p, 1 - p))
        if d is None:
            d = 6 * (ev.local(c, own, val, (s, t), p) - before) - \
                self._reply(c, own, val, p, s, t)
        own[s], own[t], val[s], val[t] = keep
        self.nodes += 1
        return d

    def _over(self, c, own, val, p, movers):
        # D9: None while there is contact or one of movers (who move before the end)
        # is behind and can make contact; else +-OVER by the stalled game's winner
        adj = c.adj
        q = 1 - p
        n = [0, 0, 0]
        for i in range(c.n):
            o = own[i]
            if o >= 0:
                n[o] += 1000 + val[i]
                if o == p:
                    for j in adj[i]:
                        if own[j] == q:
                            return None
        lead = n[p] > n[q] or n[p] == n[q] and self._first == p
        m = q if lead else p
        if m in movers:
            for d in range(c.n):
                if own[d] < 0 and not c.mountain[d]:
                    x = y = 0
                    for j in adj[d]:
                        if own[j] == m:
                            x = 1
                        elif own[j] == 1 - m:
                            y = 1
                    if x and y:
                        return None
        return OVER if lead else -OVER

    def _replies(self, c, own, val, q, near, ts):
        # (value, s, t, b): q's attacks on ts (combos from s and b, D4) touching near
        # if given; None: the budget would run out (S2)
        out = []
        adj = c.adj
        for t in ts:
            if own[t] != 1 - q:
                continue
            ss = [s for s in adj[t] if own[s] == q]
            for i in range(len(ss)):
                s = ss[i]
                if near is None or near[s] or near[t]:
                    if self.nodes + 7 > self.budget:
                        return None
                    self.nodes += 6
                    out.append((ev.attack_value(c, own, val, q, s, t), s, t, s))
                if c.combo[t]:
                    for b in ss[i + 1:]:
                        if b in adj[s] and (near is None or near[s] or near[t] or near[b]):
                            if self.nodes + 13 > self.budget:
                                return None
                            self.nodes += 12
                            out.append((ev.combo_value(c, own, val, q, s, b, t) // 6, s, t, b))
        return out

    def _reply(self, c, own, val, p, *hx):
        # 6 x the opponent's best attack (D3: mandatory); away from the changed hexes
        # hx the root's values (self._root, best first) stand
        near = self._near
        seen = self._seen
        adj = c.adj
        ts = []
        for h in hx:
            for j in [h] + list(adj[h]):
                if not near[j]:
                    near[j] = seen[j] = 1
                    ts.append(j)
        k = len(ts)
        for i in range(k):
            for j in adj[ts[i]]:
                if not seen[j]:
                    seen[j] = 1
                    ts.append(j)
        best = None
        for x, s, t, b in self._root:
            if not (near[s] or near[t] or near[b]):
                best = x
                break
        new = self._replies(c, own, val, 1 - p, near, ts)
        for i in ts:
            near[i] = seen[i] = 0
        if new is None:
            self._cut = 1
            return 0
        for x, _, _, _ in new:
            if best is None or x > best:
                best = x
        return best or 0

    def _deep(self, scored, c, own, val, p, deep):
        # candidates best first while the budget lasts; one cut short is dropped
        if len(self._near) != c.n:
            self._near = [0] * c.n
            self._seen = [0] * c.n
        root = self._replies(c, own, val, 1 - p, None, range(c.n))
        if root is None:
            return scored
        root.sort(key=lambda e: -e[0])
        self._root = root
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
        out = []
        self._cut = 0
        for i in order:
            a = scored[i][1]
            x = deep(a, c, own, val, p)
            if self._cut:
                break
            out.append((x, a))
        self._root = []  # no garbage kept between decisions
        if len(out) < 2:
            return scored  # nothing to compare: the greedy choice
        return out

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
        if self.nodes >= self.budget:
            self._cut = 1
            return 0
        mv = () if self._streak else (1 - p,)
        if a[0] == "pass":
            x = self._over(c, own, val, p, mv)
            return -6 * self._reply(c, own, val, p) if x is None else 36 * x
        s, d = a[2], a[3]
        x = ev.move_value(c, own, val, p, s, d)
        keep = (own[s], own[d], val[s], val[d])
        if own[d] == p:
            val[d] = min(6, val[s] + val[d])
        else:
            own[d], val[d] = p, val[s]
        own[s], val[s] = -1, 0
        e = self._over(c, own, val, p, mv)
        r = self._reply(c, own, val, p, s, d) if e is None else 0
        own[s], own[d], val[s], val[d] = keep
        self.nodes += 1
        return 36 * x - 6 * r if e is None else 36 * e

    def _town(self, g, c, own, val, p):
        scored = [(0, ("pass", p))]
        for h in g.towns(p):
            before = ev.local(c, own, val, (h,), p)
            val[h] += 1
            scored.append((ev.local(c, own, val, (h,), p) - before, ("town", p, h)))
            val[h] -= 1
        return self._pick(scored)


def play_game(options=None, levels=("normal", "normal"), seed=0, budgets=None):
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
