"""Diceland position evaluation for the bots (rulings D3-D9), on plain lists.

A position is the two lists ``own`` (owner per hex, -1 empty) and ``val`` (value, 0
empty) of a game's board, copied by the bot: nothing here touches the game.

Value for seat p, in 24ths of a pip (all ints), with the weights w of ``Ctx``:
- material: a die of value v is worth w[v-1] (NORMAL: 10 pips plus v; D9: count first);
- towns (D8): an own die below 6 in a town may regenerate, worth w[6];
- contact: for every pair of adjacent enemy dice, the attack table (the expected net
  worth an attack from a die of value a on one of value v wins, over the six rolls,
  D3) counts for p's attacks at weight w[7] and against p's dice at w[8] (the
  opponent attacks next): ``Ctx.pair``;
- capital (option): holding the enemy capital is a win.
All terms are sums over hexes and adjacent pairs, so a change to a few hexes is valued
by ``local`` over just those hexes: a decision costs no game copies.
"""

DIE = 10  # pips a die is worth beyond its value
WIN = 1000000
# Weights (docs/benchmarks.md): a die of value 1..6 (24ths of a pip), the town bonus,
# p's threats and the opponent's, in 24ths of ATT. NORMAL: the hand-set ones.
NORMAL = (264, 288, 312, 336, 360, 384, 12, 24, 48)
HARD = (232, 288, 296, 320, 360, 416, 28, 16, 36)  # tune_diceland.py, docs/benchmarks.md


def _att(a, v, m=None):
    """Six times the expected net pips of an attack by a on v (D3); in m's units."""
    m = m or [0] + [DIE + x for x in range(1, 7)]
    s = 0
    for r in range(1, 7):
        if r <= a:
            s += (m[v] if r >= v else m[v] - m[v - r]) - (m[a] - m[r])
        else:
            s -= m[a] - m[a - 1]
    return s


ATT = [[0] * 7] + [[0] + [_att(a, v) for v in range(1, 7)] for a in range(1, 7)]


class Ctx:
    """What the evaluation needs from a game (terrain, adjacency, options) and the
    weights w (NORMAL's layout): mat[v] a die's worth, pair[7a+v] an own a next to an
    enemy v."""

    def __init__(self, g, w=NORMAL):
        sc = g.scene
        o = g.options
        self.adj = sc.adj
        self.n = sc.n
        t = o["terrain"]
        self.town = [t and x == 2 for x in sc.terrain]
        self.mountain = [t and x == 4 for x in sc.terrain]
        self.combo = [not (t and x in (3, 4)) for x in sc.terrain]  # D4: not on hills
        self.fill = o["fill_the_void"]
        self.caps = sc.capitals if o["capital"] else None
        self.mark = [0] * sc.n  # scratch flags for local(); cleared after use
        m = self.mat = [0] + list(w[:6])
        self.tb = w[6]
        self.pair = [0] * 49
        for a in range(1, 7):
            for v in range(1, 7):
                self.pair[7 * a + v] = (w[7] * _att(a, v, m) - w[8] * _att(v, a, m)) // 576


def local(c, own, val, hexes, p):
    """p's value of the terms that involve the hexes in ``hexes`` (see the docstring)."""
    adj = c.adj
    mark = c.mark
    pair = c.pair
    for i in hexes:
        mark[i] = 1
    s = 0
    for i in hexes:
        o = own[i]
        if o < 0:
            continue
        v = val[i]
        m = c.mat[v]
        if c.town[i] and v < 6:
            m += c.tb
        if c.caps is not None and c.caps[1 - o] == i:
            m += WIN
        s += m if o == p else -m
        for j in adj[i]:
            oj = own[j]
            if oj < 0 or oj == o or (mark[j] and j < i):
                continue
            # pair (i, j) of enemies, counted once
            if o == p:
                s += pair[7 * v + val[j]]
            else:
                s += pair[7 * val[j] + v]
    for i in hexes:
        mark[i] = 0
    return s


def total(c, own, val, p):
    return local(c, own, val, range(c.n), p)


def resolve(c, own, val, p, s, t, r):
    """D3 on the lists: the roll r from p's die in s on t; eliminations, invasion and
    fill-the-void as the core does. Returns the changed hexes (s and t)."""
    a = val[s]
    if r <= a:
        val[t] -= r
        if r < a:
            val[s] = r
    else:
        val[s] = a - 1
    if val[t] <= 0:
        own[t] = -1
        val[t] = 0
        if not c.mountain[t]:
            own[t], val[t] = p, val[s]
            own[s], val[s] = -1, 0
    elif val[s] <= 0:
        own[s] = -1
        val[s] = 0
        if c.fill and not c.mountain[s]:
            own[s], val[s] = own[t], val[t]
            own[t], val[t] = -1, 0


def attack_value(c, own, val, p, s, t, rolls=(1, 2, 3, 4, 5, 6)):
    """Sum over ``rolls`` of p's value change when s attacks t (six times the mean);
    failed rolls all end alike: valued once."""
    hx = (s, t)
    os_, ot, vs, vt = own[s], own[t], val[s], val[t]
    before = local(c, own, val, hx, p)
    tot = 0
    fail = None
    for r in rolls:
        if r > vs and fail is not None:
            tot += fail
            continue
        resolve(c, own, val, p, s, t, r)
        x = local(c, own, val, hx, p) - before
        own[s], own[t], val[s], val[t] = os_, ot, vs, vt
        if r > vs:
            fail = x
        tot += x
    return tot


def use_value(c, own, val, p, a, b, t, r0, r1):
    """D4: p's best (value change, roll index, hex) for rolls (r0, r1) of a combo of a
    and b on t; a combination that does not fail must be chosen if one exists."""
    ok = []
    for i, r in ((0, r0), (1, r1)):
        for s in (a, b):
            if r <= val[s]:
                ok.append((i, r, s))
    if not ok:
        ok = [(i, r, s) for i, r in ((0, r0), (1, r1)) for s in (a, b)]
    best = None
    for i, r, s in ok:
        d = attack_value(c, own, val, p, s, t, (r,))
        if best is None or d > best[0]:
            best = (d, i, s)
    return best


def combo_value(c, own, val, p, a, b, t):
    """Thirty-six times the expected value change of a combo (both rolls, best use, as
    use_value chooses). Each (attacker, roll) is valued once, not once per roll pair:
    12 attack_value calls at most instead of 84 (the same result)."""
    memo = [None] * 12
    va, vb = val[a], val[b]
    tot = 0
    for r0 in range(1, 7):
        for r1 in range(r0, 7):
            lawful = r0 <= va or r0 <= vb or r1 <= va or r1 <= vb  # D4: must not fail
            best = None
            for r in (r0, r1):
                for k in (0, 1):
                    s = b if k else a
                    if lawful and r > val[s]:
                        continue
                    j = 6 * k + r - 1
                    d = memo[j]
                    if d is None:
                        d = memo[j] = attack_value(c, own, val, p, s, t, (r,))
                    if best is None or d > best:
                        best = d
            tot += best if r0 == r1 else 2 * best
    return tot


def move_value(c, own, val, p, s, d):
    """p's value change of the move (or D7 grouping) s -> d."""
    hx = (s, d)
    os_, od, vs, vd = own[s], own[d], val[s], val[d]
    before = local(c, own, val, hx, p)
    if od == p:
        val[d] = min(6, vs + vd)
    else:
        own[d], val[d] = p, vs
    own[s], val[s] = -1, 0
    x = local(c, own, val, hx, p) - before
    own[s], own[d], val[s], val[d] = os_, od, vs, vd
    return x


def place_value(c, own, val, p, v, h):
    """p's value of a die v placed on the empty hex h (D2)."""
    own[h], val[h] = p, v
    x = local(c, own, val, (h,), p)
    own[h], val[h] = -1, 0
    return x
