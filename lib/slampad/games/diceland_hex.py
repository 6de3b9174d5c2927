"""Axial hex helpers for Diceland: a hex is (q, r); its six neighbours differ by DIRS.

Hexes of a scene are kept in one list in a fixed order (sorted by r, then q) and named
by their index in it; adjacency is a list of sorted index lists, so nothing depends on
dict order.
"""

DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(q, r):
    return [(q + dq, r + dr) for dq, dr in DIRS]


def distance(a, b):
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def from_offset(col, row):
    """Odd-r offset (col, row), as a map is drawn in rows, to axial (q, r)."""
    return col - (row - (row & 1)) // 2, row


def adjacency(cells):
    """For each cell (q, r) of ``cells``, the sorted indexes of its neighbours in it."""
    where = {}
    for i, c in enumerate(cells):
        where[(c[0], c[1])] = i
    out = []
    for c in cells:
        nb = []
        for dq, dr in DIRS:
            j = where.get((c[0] + dq, c[1] + dr))
            if j is not None:
                nb.append(j)
        nb.sort()
        out.append(nb)
    return out


def connected(adj):
    """True when every hex can be reached from the first one through neighbours."""
    n = len(adj)
    if not n:
        return False
    seen = [False] * n
    seen[0] = True
    stack = [0]
    k = 1
    while stack:
        for j in adj[stack.pop()]:
            if not seen[j]:
                seen[j] = True
                k += 1
                stack.append(j)
    return k == n


def farthest(cells, among):
    """The first pair (i, j), i < j, of indexes in ``among`` at the greatest distance."""
    best = None
    top = -1
    for x in range(len(among)):
        for y in range(x + 1, len(among)):
            i, j = among[x], among[y]
            d = distance(cells[i], cells[j])
            if d > top:
                best, top = (i, j), d
    return best
