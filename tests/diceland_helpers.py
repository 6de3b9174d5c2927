"""Helpers for the Diceland tests: exact positions from a little map language, forced
rolls, invariant checks and random play.

A map is rows of tokens in odd-r offset (as the presets are drawn): a terrain letter
(P plains, F forest, T town, H hill, M mountain, C capital town; the first C is P1's),
then optionally ``a`` (P1, seat 0) or ``b`` (P2, seat 1) and the die's value, e.g.
``Pa3 Hb1 M F``. ``.`` leaves the place empty of any hex.
"""

import json

from contract_helpers import roundtrip

from slampad.games import diceland_hex as hx
from slampad.games import diceland_scenes as ds
from slampad.games.diceland import Diceland
from slampad.rng import Rng

TERRAIN = {"P": "plains", "F": "forest", "T": "town", "H": "hill", "M": "mountain",
           "C": "town"}
RULES = ("terrain", "fatal_attraction", "grouping", "capital", "fill_the_void")


def parse(text):
    """[(col, row, terrain letter, owner or None, value)] of a map."""
    out = []
    rows = [ln.split() for ln in text.strip("\n").splitlines() if ln.strip()]
    for row, toks in enumerate(rows):
        for col, tok in enumerate(toks):
            if tok == ".":
                continue
            owner = None
            value = 0
            if len(tok) > 1:
                owner = "ab".index(tok[1])
                value = int(tok[2:])
            out.append((col, row, tok[0], owner, value))
    return out


def scene_json(cells):
    out = []
    caps = 0
    for col, row, t, _, _ in cells:
        q, r = hx.from_offset(col, row)
        h = {"q": q, "r": r, "terrain": TERRAIN[t]}
        if t == "C":
            h["capital"] = caps
            caps += 1
        out.append(h)
    return out


def rng_for(rolls):
    """An rng state whose next ``randint(1, 6)`` draws are ``rolls``."""
    s = 1
    while True:
        r = Rng.from_state(s)
        if all(r.randint(1, 6) == x for x in rolls):
            return s
        s += 1


def position(text, turn=0, phase="attack", free=((3, 4), (2, 5)), rolls=(), first=0,
             starter=None, streak=0, used=(), invader=None, lost=None, **rules):
    """A game at an exact position, built through from_dict (so from_dict accepts it).

    ``rules``: option overrides (terrain defaults to True, the others to False)."""
    cells = parse(text)
    opts = {"scene": scene_json(cells), "size": 18}
    for k in RULES:
        opts[k] = rules.get(k, k == "terrain")
    g0 = Diceland(opts, 1)
    sc = g0.scene
    owner = [None] * sc.n
    value = [0] * sc.n
    for col, row, _, o, v in cells:
        i = sc.index(*hx.from_offset(col, row))
        owner[i] = o
        value[i] = v
    k = sc.n // 2 + 2
    free = [sorted(f) if phase == "occupy" else list(f) for f in free]
    if lost is None:
        lost = [k - owner.count(p) - len(free[p]) for p in (0, 1)]
    d = g0.to_dict()
    d.update(
        rng=rng_for(rolls) if rolls else 12345,
        phase=phase,
        turn=turn,
        starter=first if starter is None else starter,
        first=None if phase == "occupy" else first,
        owner=owner,
        value=value,
        free=free,
        lost=list(lost),
        streak=streak,
        used=[at(sc, *u) for u in used],
        invader=None if invader is None else at(sc, *invader),
        winners=[],
    )
    return Diceland.from_dict(json.loads(json.dumps(d)))


def at(scene_or_game, col, row):
    """The hex index of offset (col, row)."""
    sc = getattr(scene_or_game, "scene", scene_or_game)
    i = sc.index(*hx.from_offset(col, row))
    assert i >= 0, (col, row)
    return i


def die(g, col, row):
    """(owner, value) at offset (col, row); owner None for an empty hex."""
    i = at(g, col, row)
    return (None if g.owner[i] < 0 else g.owner[i]), g.value[i]


def set_rolls(g, rolls):
    g.rng = Rng.from_state(rng_for(rolls))


def check_invariants(g):
    """The per-step checks; returns the saved dict."""
    d = g.to_dict()
    n = g.scene.n
    k = n // 2 + 2
    for p in (0, 1):
        on = d["owner"].count(p)
        assert on + len(d["free"][p]) + d["lost"][p] == k, (p, d)  # conservation
        if d["phase"] != "occupy":
            assert len(d["free"][p]) == 2  # two free dice once occupation is over
        assert all(1 <= v <= 6 for v in d["free"][p])
    assert len(d["owner"]) == len(d["value"]) == n  # one owner and value per hex
    for o, v in zip(d["owner"], d["value"], strict=True):
        assert (o is None and v == 0) or (o in (0, 1) and 1 <= v <= 6)
    roundtrip(g)  # the contract's round trip (contract_helpers)
    assert g.copy().to_dict() == d
    if g.is_over():
        assert len(g.winners()) == 1 and g.legal_actions(0) == g.legal_actions(1) == []
    else:
        assert g.legal_actions(g.turn) and g.legal_actions(1 - g.turn) == []
    assert g.legal_actions(None) == []
    return d


def random_options(rng, scene=None):
    opts = {k: bool(rng.below(2)) for k in RULES}
    if scene is not None:
        opts["scene"] = scene
    return opts


def random_game(opts, seed, rng, on_step=None, max_steps=4000):
    g = Diceland(opts, seed)
    acts = []
    while not g.is_over():
        assert len(acts) < max_steps, "no end after %d actions" % max_steps
        a = rng.choice(g.legal_actions(g.turn))
        ev = g.apply(a)
        acts.append(a)
        if on_step:
            on_step(g, a, ev)
    return g, acts


def replay(opts, seed, acts):
    g = Diceland(opts, seed)
    for a in acts:
        g.apply(a)
    return g


def edge_reference(cells):
    """D10 by brute force: the places outside the scene that border it, reach the open
    field through places outside it (no hole) and keep the scene connected when added."""
    have = set(cells)
    far = max(hx.distance(c, (0, 0)) for c in cells) + 2
    ring = [(q, r) for q in range(-far - 1, far + 2) for r in range(-far - 1, far + 2)]
    free = {c for c in ring if c not in have and hx.distance(c, (0, 0)) <= far}
    start = [c for c in free if hx.distance(c, (0, 0)) == far]
    seen, stack = set(start), list(start)
    while stack:
        c = stack.pop()
        for nb in hx.neighbours(*c):
            if nb in free and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return [c for c in seen if any(nb in have for nb in hx.neighbours(*c))
            and hx.connected(hx.adjacency(list(cells) + [c]))]


def allowed_reference(base):
    """D10 amended, by brute force: the edge places touching two or more of the scene's
    hexes and no mountain."""
    where = {c: base.terrain[i] for i, c in enumerate(base.cells)}
    out = []
    for c in edge_reference(base.cells):
        nbs = [where[nb] for nb in hx.neighbours(*c) if nb in where]
        if len(nbs) >= 2 and ds.MOUNTAIN not in nbs:
            out.append(c)
    return out


def check_D10(base, s):
    """``s`` is ``base`` with its two capitals added as D10 says."""
    assert s.n == base.n + 2
    caps = [s.cells[c] for c in s.capitals]
    assert [s.terrain[c] for c in s.capitals] == [ds.TOWN, ds.TOWN]
    old = [c for c in s.cells if c not in caps]
    assert sorted(old) == sorted(base.cells)  # the scene's own hexes unchanged
    for c in base.cells:
        assert s.terrain[s.index(*c)] == base.terrain[base.index(*c)]  # towns stay towns
    terr = {c: base.terrain[i] for i, c in enumerate(base.cells)}
    for cap in caps:  # D10 amended: takeable, beside two or more hexes and no mountain
        nbs = [terr[nb] for nb in hx.neighbours(*cap) if nb in terr]
        assert len(nbs) >= 2 and ds.MOUNTAIN not in nbs, (cap, nbs)
    cand = allowed_reference(base)
    assert len(cand) >= 2  # every preset and generated scene has room for two
    assert caps[0] in cand and caps[1] in cand
    best = max(hx.distance(a, b) for a in cand for b in cand)
    assert hx.distance(caps[0], caps[1]) == best
    assert hx.connected(s.adj)
