"""Diceland scenes (ruling D1): presets, a generator of random connected scenes, JSON.

A scene is an even number of hexes, 8 to 36, connected, each with a terrain. In JSON it
is a list of {"q": int, "r": int, "terrain": name}, optionally with "capital": 0 or 1 on
the two towns that are P1's and P2's capitals (used with the capital option). Loading
checks it: even size in range (38 with its two capitals), no hex twice, known terrain,
connected, capitals on towns.

D10: with the capital option, a scene without capitals gets two *extra* town hexes
(add_capitals): on its edge (just outside it, not in a hole, so the scene stays
connected), each touching at least two of the scene's hexes and no mountain (so it stays
takeable), and among those spots the two farthest apart (hex distance; ties: the first
pair in (r, q) order, P1's first). Its existing towns stay ordinary towns.

Presets are drawn in rows (odd-r offset): P plains, F forest, T town, H hill,
M mountain. Their terrain mix follows the box's 36 cards (plains 12, forests 9, towns 6,
hills 6, mountains 3), scaled down.
"""

from slampad.games import _check as ck
from slampad.games import diceland_hex as hx

TERRAINS = ("plains", "forest", "town", "hill", "mountain")
PLAINS, FOREST, TOWN, HILL, MOUNTAIN = 0, 1, 2, 3, 4
MIN_HEXES = 8
MAX_HEXES = 36
SPAN = 64  # |q|, |r| limit for a loaded scene

PRESETS = (
    ("pocket", ("TFPH", "MPFT")),
    ("duel", ("TPFH", "PMTF", "HFPT")),
    ("valley", ("TPFHPF", "FPMTHP", "PFHPFT")),
    ("crossing", ("TPFPHF", "PHTMPF", "FPMTHP", "FHPFPT")),
    ("highlands", ("TPFHPF", "PFMTHP", "FPHPTF", "PTHMFP", "FHPFPT")),
    ("diceland", ("TPFHPF", "PFMTHP", "FPHPTF", "PTFMHP", "FHPTMF", "HPFPPT")),
)
PRESET_NAMES = tuple(p[0] for p in PRESETS)


class Scene:
    """Hexes sorted by (r, q); ``terrain`` codes; ``capitals`` [P1's, P2's] or None."""

    def __init__(self, cells, terrain, capitals):
        self.cells = cells
        self.terrain = terrain
        self.capitals = capitals
        self.n = len(cells)
        self.adj = hx.adjacency(cells)

    def index(self, q, r):
        for i, c in enumerate(self.cells):
            if c[0] == q and c[1] == r:
                return i
        return -1

    def to_json(self):
        out = []
        for i, c in enumerate(self.cells):
            h = {"q": c[0], "r": c[1], "terrain": TERRAINS[self.terrain[i]]}
            if self.capitals and i in self.capitals:
                h["capital"] = self.capitals.index(i)
            out.append(h)
        return out


def _build(items):
    """items: [(q, r, terrain, capital or None)] in any order."""
    items = sorted(items, key=lambda t: (t[1], t[0]))
    cells = [(t[0], t[1]) for t in items]
    caps = [None, None]
    for i, t in enumerate(items):
        if t[3] is not None:
            caps[t[3]] = i
    return Scene(cells, [t[2] for t in items], None if caps[0] is None else caps)


def preset(name):
    for pname, rows in PRESETS:
        if pname == name:
            items = []
            for row, line in enumerate(rows):
                for col, ch in enumerate(line):
                    q, r = hx.from_offset(col, row)
                    items.append((q, r, "PFTHM".index(ch), None))
            return _build(items)
    raise ValueError("options.scene: no preset %r" % (name,))


def mix(size):
    """Terrain counts [plains, forest, town, hill, mountain] for ``size`` hexes."""
    m = size // 12
    h = size // 6
    t = max(2, size // 6)
    f = size // 4
    return [size - m - h - t - f, f, t, h, m]


def generate(size, rng):
    """A random connected scene of ``size`` hexes grown from (0, 0), terrain shuffled
    (no capitals: make adds them, D10)."""
    ck.need_int(size, "options.size", MIN_HEXES, MAX_HEXES)
    if size % 2:
        ck.bad("options.size", "D1: a scene has an even number of hexes, got %d" % size)
    cells = [(0, 0)]
    have = {(0, 0): True}
    while len(cells) < size:
        front = []
        for c in cells:
            for nb in hx.neighbours(c[0], c[1]):
                if nb not in have and nb not in front:
                    front.append(nb)
        c = rng.choice(front)
        have[c] = True
        cells.append(c)
    terr = []
    for t, k in enumerate(mix(size)):
        terr += [t] * k
    rng.shuffle(terr)
    return _build([(cells[i][0], cells[i][1], terr[i], None) for i in range(size)])


def towns(s):
    return [i for i in range(s.n) if s.terrain[i] == TOWN]


def edge(cells):
    """D10: the places just outside the scene that border it and are open to the outside
    (a hole inside the scene is no edge), sorted by (r, q)."""
    have = {}
    for c in cells:
        have[c] = True
    q0 = min(c[0] for c in cells) - 1
    q1 = max(c[0] for c in cells) + 1
    r0 = min(c[1] for c in cells) - 1
    r1 = max(c[1] for c in cells) + 1
    seen = {(q0, r0): True}  # a corner of the box around the scene: outside
    stack = [(q0, r0)]
    out = []
    while stack:
        c = stack.pop()
        inner = False
        for nb in hx.neighbours(c[0], c[1]):
            if nb in have:
                inner = True
            elif q0 <= nb[0] <= q1 and r0 <= nb[1] <= r1 and nb not in seen:
                seen[nb] = True
                stack.append(nb)
        if inner:
            out.append(c)
    out.sort(key=lambda c: (c[1], c[0]))
    return out


def capital_spots(s):
    """D10 (amended): the edge places where a capital may go: touching at least two of
    the scene's hexes and no mountain, in (r, q) order. A scene with fewer than two such
    places (only a loaded JSON scene can be one) falls back to the edge places with no
    mountain beside them, then to its whole edge."""
    out = edge(s.cells)
    where = {}
    for i, c in enumerate(s.cells):
        where[c] = i
    ok = []
    flat = []
    for c in out:
        k = 0
        steep = False
        for nb in hx.neighbours(c[0], c[1]):
            i = where.get(nb)
            if i is not None:
                k += 1
                if s.terrain[i] == MOUNTAIN:
                    steep = True
        if not steep:
            flat.append(c)
            if k >= 2:
                ok.append(c)
    if len(ok) >= 2:
        return ok
    return flat if len(flat) >= 2 else out


def add_capitals(s):
    """D10: the scene with two extra town hexes, P1's and P2's capitals, on its edge,
    each beside two or more of its hexes and no mountain, as far apart as that allows."""
    out = capital_spots(s)
    i, j = hx.farthest(out, list(range(len(out))))
    items = [(c[0], c[1], s.terrain[k], None) for k, c in enumerate(s.cells)]
    items.append((out[i][0], out[i][1], TOWN, 0))
    items.append((out[j][0], out[j][1], TOWN, 1))
    return _build(items)


def from_json(data, path="scene"):
    ck.need_list(data, path)
    caps = [h for h in data if isinstance(h, dict) and "capital" in h]
    ck.need_list(data, path, MIN_HEXES, MAX_HEXES + (2 if caps else 0))  # D10: 36 + 2
    if len(data) % 2:
        ck.bad(path, "D1: a scene has an even number of hexes, got %d" % len(data))
    items = []
    seen = {}
    for i, h in enumerate(data):
        p = "%s[%d]" % (path, i)
        ck.need_dict(h, p)
        for k in h:
            if k not in ("q", "r", "terrain", "capital"):
                ck.bad(p + "." + str(k), "unknown key")
        q = ck.need_int(ck.need_key(h, "q", p + "."), p + ".q", -SPAN, SPAN)
        r = ck.need_int(ck.need_key(h, "r", p + "."), p + ".r", -SPAN, SPAN)
        t = ck.need_key(h, "terrain", p + ".")
        if t not in TERRAINS:
            ck.bad(p + ".terrain", "unknown terrain %r" % (t,))
        cap = h.get("capital")
        if cap is not None:
            ck.need_int(cap, p + ".capital", 0, 1)
            if t != "town":
                ck.bad(p + ".capital", "a capital is a town")
        if (q, r) in seen:
            ck.bad(p, "D1: hex (%d, %d) is in the scene twice" % (q, r))
        seen[(q, r)] = True
        items.append((q, r, TERRAINS.index(t), cap))
    caps = [t[3] for t in items if t[3] is not None]
    if caps and sorted(caps) != [0, 1]:
        ck.bad(path, "capitals: one for P1 (0) and one for P2 (1), or none")
    s = _build(items)
    if not hx.connected(s.adj):
        ck.bad(path, "D1: the scene's hexes are not all connected")
    return s


def make(options, rng):
    """The scene the options ask for: a preset name, "random" (options.size), or JSON."""
    sc = options["scene"]
    if sc == "random":
        s = generate(options["size"], rng)
    elif isinstance(sc, list):
        s = from_json(sc, "options.scene")
    else:
        s = preset(sc)
    if options["capital"] and not s.capitals:
        s = add_capitals(s)  # D10
    return s
