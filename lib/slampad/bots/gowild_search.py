"""Go Wild! bot brains: the normal heuristic and the hard bot's determinized search.

Everything here works on plain ints and flat lists so the hard bot can play many
rounds out quickly. Hands are six counts (gowild_cards order) at ``H[6 * seat:]``
of one flat list; a play is one int, ``colour + 8 * cards + 256 * wilds`` (colour 5
is a slough of ``wilds`` wild cards). Values are in hundredths of a point, chances
in per cent, all integers: the same choices on every VM, and no float allocation.
The play-outs use no chance at all: the hard bot (bots/gowild.py) deals the cards.
"""

from slampad.games import gowild_cards as gc

# _Q: per cent chance that a random hand of h cards (rows h = 1..12) holds a set of
# at least s cards (s = 1..9); first for anyone, then for the Wild One (wilds count,
# at most as many as colour cards). Exact hypergeometric odds from the 108-card deck,
# rounded; tests/test_gowild_bots.py recomputes them. Both are 0 from s = 10.
# fmt: off
_Q = bytes((
    83, 0, 0, 0, 0, 0, 0, 0, 0, 97, 13, 0, 0, 0, 0, 0, 0, 0,
    100, 36, 2, 0, 0, 0, 0, 0, 0, 100, 60, 7, 0, 0, 0, 0, 0, 0,
    100, 79, 16, 1, 0, 0, 0, 0, 0, 100, 91, 28, 3, 0, 0, 0, 0, 0,
    100, 97, 43, 7, 1, 0, 0, 0, 0, 100, 99, 58, 13, 2, 0, 0, 0, 0,
    100, 100, 72, 20, 3, 0, 0, 0, 0, 100, 100, 83, 29, 6, 1, 0, 0, 0,
    100, 100, 91, 40, 9, 1, 0, 0, 0, 100, 100, 95, 52, 14, 2, 0, 0, 0,
    83, 0, 0, 0, 0, 0, 0, 0, 0, 97, 41, 0, 0, 0, 0, 0, 0, 0,
    100, 71, 9, 0, 0, 0, 0, 0, 0, 100, 90, 28, 4, 0, 0, 0, 0, 0,
    100, 98, 52, 15, 1, 0, 0, 0, 0, 100, 100, 73, 32, 4, 0, 0, 0, 0,
    100, 100, 87, 51, 10, 2, 0, 0, 0, 100, 100, 95, 69, 21, 5, 0, 0, 0,
    100, 100, 98, 82, 35, 12, 2, 0, 0, 100, 100, 100, 90, 51, 23, 4, 1, 0,
    100, 100, 100, 95, 67, 36, 8, 2, 0, 100, 100, 100, 98, 79, 50, 15, 5, 1,
))
# fmt: on
WO_NEXT = 30  # being the Wild One when the round ends: a head start on the next one
CARRY = 1  # value of a kept hand, per unit of sum(colour count ** 2) after the refill
SAFE = 90  # a winning set this sure (per cent) is big enough; no need to spend more
WIN = 1000  # search: reaching the target (an opponent reaching it counts minus this)

# Scratch tables, reused by every decision (no allocation): index s = set size 0..10.
_W = [0] * 11  # chance that no later player this trick beats a set of s
_PA = [0] * 11  # chance that a set of s wins a later trick, opponents without wilds
_PB = [0] * 11  # the same with the Wild One as it stands
_LATER = [0] * 6
_S = [0] * 7
_ALL = (0, 1, 2, 3, 4, 5)


def _odds(tab, sizes, seats, m, wo, me):
    """tab[s] = chance that none of seats[:m] holds a set bigger than s (0 for s = 0)."""
    for s in range(9):
        tab[s] = 100
    for i in range(m):
        x = seats[i]
        h = sizes[x]
        if h and x != me:
            q = (108 if x == wo else 0) + h * 9 - 9
            for s in range(9):
                d = _Q[q + s]
                if not d:
                    break
                tab[s] = tab[s] * (100 - d) // 100
    tab[0] = 0
    tab[9] = tab[10] = 100


def _future(a1, a2, sq, tot, wl, wof, trick, pl):
    """Value of a hand whose two biggest colours hold a1 >= a2 cards (sq: the sum of
    colour counts squared, tot: colour cards, wl: wilds): the tricks still to come this
    round (the biggest set kept for the 3-point trick) and the refill after it."""
    s3, s2 = a1, a2
    if wof:
        m = a1 if a1 < wl else wl
        s3 += m
        m = wl - m
        s2 += a2 if a2 < m else m
        sq += s3 * s3 - a1 * a1
    v = (sq + (12 - tot - wl) * (2 * tot + 5) // 6) * CARRY
    if trick == 1:
        v += 3 * pl[s3 if s3 < 10 else 10] + 2 * pl[s2 if s2 < 10 else 10]
    elif trick == 2:
        v += 3 * pl[s3 if s3 < 10 else 10]
    return v


def summary(H, o):
    """Into _S: biggest colour count, its colour, second, its colour, third, sum of
    squares, colour cards (a list, not a tuple: nothing allocated per call)."""
    x1 = x2 = x3 = tot = sq = 0
    c1 = c2 = -1
    for c in range(5):
        v = H[o + c]
        tot += v
        sq += v * v
        if v > x1:
            x3 = x2
            x2, c2 = x1, c1
            x1, c1 = v, c
        elif v > x2:
            x3 = x2
            x2, c2 = v, c
        elif v > x3:
            x3 = v
    _S[0] = x1
    _S[1] = c1
    _S[2] = x2
    _S[3] = c2
    _S[4] = x3
    _S[5] = sq
    _S[6] = tot


def pick(H, me, n, sizes, wo, trick, lead, best, keep=None):
    """The normal policy: the play (an int, see above) for seat ``me``.

    ``sizes``: cards held per seat; ``wo``: the Wild One's seat or -1; ``best``: the
    biggest set that counts on the table this trick. Reads only ``me``'s own counts
    in H. ``keep``: a list to receive every candidate as (value, play), best first.

    Each candidate is valued as: the chance that it wins this trick (no later player
    likely to hold more, _W) times the trick's points (and, in trick 1, the Wild One
    seat), plus what the cards left are worth (_future).
    """
    o = 6 * me
    iswo = me == wo
    m = 0
    for i in range(1, n):
        x = (me + i) % n
        if x == lead:
            break
        if sizes[x]:
            _LATER[m] = x
            m += 1
    _odds(_W, sizes, _LATER, m, wo, me)
    if trick < 3:
        _odds(_PB, sizes, _ALL, n, wo, me)
    if trick == 1:
        _odds(_PA, sizes, _ALL, n, -1, me)
    summary(H, o)
    x1 = _S[0]
    c1 = _S[1]
    x2 = _S[2]
    c2 = _S[3]
    x3 = _S[4]
    sq0 = _S[5]
    tot0 = _S[6]
    w = H[o + 5]
    need = best + 1
    top = -1
    got = 0
    has_colour = False
    for c in range(6):
        if c < 5:
            nc = H[o + c]
            if not nc:
                continue
            has_colour = True
            mw = (nc if nc < w else w) if iswo else 0
            # the two biggest colours but this one
            if c == c1:
                y1, y2 = x2, x3
            elif c == c2:
                y1, y2 = x1, x3
            else:
                y1, y2 = x1, x2
        elif not w or (iswo and has_colour):
            break
        # candidate plays of this colour, as (cards, wilds); colour 5: sloughs
        for t in range(6):
            if c == 5:
                k = 0
                # all, one, or all but one for each later trick
                j = w if t == 0 else 1 if t == 1 else w - 3 + trick if t == 2 else 0
                if j < 1 or (t and j >= w):
                    continue
            elif t == 0:  # one card: the cheapest
                k, j = 1, 0
            elif t == 1:  # the whole colour
                k, j = nc, 0
            elif t == 2:  # ... with every wild it may carry
                if not mw:
                    continue
                k, j = nc, mw
            else:  # the smallest winning set (t = 3), the smallest fairly safe one
                s = need
                if t == 4:
                    while s < nc + mw and _W[s if s < 10 else 10] < SAFE:
                        s += 1
                    if s == need:
                        continue  # the same as t = 3
                if s > nc + mw or s < 2 or (s == nc and t < 5):
                    continue  # no such set, or one of the above
                if t == 5:  # ... made with as many wilds as allowed
                    if not mw:
                        continue
                    j = s // 2 if s // 2 < mw else mw
                    k = s - j
                    if k > nc:
                        continue
                else:
                    k = s if s < nc else nc
                    j = s - k
            if c == 5:
                s = 0
                a1, a2, sq, tot = x1, x2, sq0, tot0
            else:
                s = k + j
                v = nc - k
                sq = sq0 - nc * nc + v * v
                tot = tot0 - k
                if v >= y1:
                    a1, a2 = v, y1
                elif v > y2:
                    a1, a2 = y1, v
                else:
                    a1, a2 = y1, y2
            wl = w - j
            pw = _W[s if s < 10 else 10] if s > best else 0
            if trick != 1:
                v = pw * trick + _future(a1, a2, sq, tot, wl, iswo, trick, _PB)
            else:
                v = 0
                if pw:
                    v = pw * (100 + WO_NEXT + _future(a1, a2, sq, tot, wl, True, 1, _PA))
                if pw < 100:
                    v += (100 - pw) * _future(a1, a2, sq, tot, wl, False, 1, _PB)
                v //= 100
            code = c + 8 * k + 256 * j
            if keep is not None:
                _keep(keep, v, code)
            if top < 0 or v > got:
                top, got = code, v
    return top


def _keep(keep, v, code):
    """Insert (v, code) after every entry worth as much; skip a play already kept.
    (Not list.sort: MicroPython's is not stable, and ties must break alike everywhere.)"""
    at = len(keep)
    for i in range(len(keep) - 1, -1, -1):
        e = keep[i]
        if e[1] == code:
            return
        if e[0] < v:
            at = i
    keep.insert(at, (v, code))


def decode(code):
    """The six counts of a play."""
    p = [0, 0, 0, 0, 0, 0]
    c = code & 7
    if c < 5:
        p[c] = (code >> 3) & 31
    p[5] = code >> 8
    return p


def _apply(H, sizes, x, code):
    """Take the play from seat x's hand; return its size for winning (G4)."""
    c = code & 7
    j = code >> 8
    H[6 * x + 5] -= j
    if c == 5:
        sizes[x] -= j
        return 0
    k = (code >> 3) & 31
    H[6 * x + c] -= k
    sizes[x] -= k + j
    return k + j


def playout(H, sizes, n, me, code, wo, trick, lead, best, bseat, gains, scores, target):
    """Play the rest of the round from seat ``me`` playing ``code``, everyone after that
    by the normal policy; H and sizes are used up, ``gains`` receives each seat's points
    won. Tricks are settled by gowild_cards.settle and .over, as in the rules (G5, G6).
    The value of the outcome for ``me``."""
    for x in range(n):
        gains[x] = scores[x]  # the scores as the play-out goes (gains: a scratch list)
    s = _apply(H, sizes, me, code)
    if s > best:
        best, bseat = s, me
    first = me + 1
    left = (lead - first) % n  # the seats after me this trick
    ended = -1
    while True:
        for i in range(left):
            x = (first + i) % n
            if sizes[x]:
                s = _apply(H, sizes, x, pick(H, x, n, sizes, wo, trick, lead, best))
                if s > best:
                    best, bseat = s, x
        if bseat >= 0:
            wo = gc.settle(gains, wo, trick, bseat)  # G5, G6: the rules' own settlement
            lead = bseat
            if gc.over(gains, bseat, target):
                ended = bseat
                break
        if trick == 3:
            break
        trick += 1
        best = 0
        bseat = -1
        first = lead
        left = n
    for x in range(n):
        gains[x] -= scores[x]  # back to each seat's points won in the play-out
    summary(H, 6 * me)
    v = 100 * gains[me] + _future(_S[0], _S[2], _S[5], _S[6], H[6 * me + 5], wo == me, 3, _PB)
    if wo == me:
        v += WO_NEXT
    if ended == me:
        v += WIN
    elif ended >= 0:
        v -= WIN
    return v
