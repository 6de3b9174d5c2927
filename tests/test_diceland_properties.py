"""Hypothesis properties of the Diceland core.

- Conservation (D1): for each player, dice on the field + free dice + dice lost = the
  starting dice, n/2 + 2, at every step.
- At most one die per hex, each showing 1-6; an empty hex shows nothing.
- Free dice: during occupation a player holds its rolled dice not yet placed (each
  ``place`` takes one away); from the end of occupation on, each player holds exactly
  two free dice, whatever happens: no event (attack, invasion, elimination, grouping,
  fill-the-void, town, capital) changes that number. Only their values change: the
  rolled dice show their rolls, and a valid attack puts the displaced die among them.
- Every game ends; seed + actions replay it; a JSON round trip at any step plays on the
  same; ``copy`` is independent of the original.
- ``apply`` accepts exactly the legal actions and leaves the state untouched otherwise.
- The view is JSON, holds everything but the generator, and does not depend on it.
- Scenes: generated and loaded scenes are connected, even-sized, without duplicates.
"""

import json

from diceland_helpers import (
    RULES,
    allowed_reference,
    check_D10,
    check_invariants,
    random_game,
    replay,
)
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from slampad.games import diceland_hex as hx
from slampad.games import diceland_scenes as ds
from slampad.games.diceland import ARITY, Diceland
from slampad.rng import Rng

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**31)
MAX_STEPS = 4000


@st.composite
def options(draw):
    o = {k: draw(st.booleans()) for k in RULES}
    scene = draw(st.sampled_from(ds.PRESET_NAMES + ("random",)))
    o["scene"] = scene
    if scene == "random":
        o["size"] = draw(st.integers(4, 18)) * 2
    return o


def small_options():
    # Mostly the smaller scenes, to keep whole games quick.
    return options().filter(lambda o: o["scene"] not in ("highlands", "diceland"))


@FAST
@given(small_options(), SEEDS, SEEDS)
def test_random_games_keep_every_invariant_at_every_step(opts, seed, pick):
    g = Diceland(opts, seed)
    k = g.scene.n // 2 + 2
    assert [len(f) for f in g.free] == [k, k]
    seen = {"place": 0, "group": 0, "fill": 0, "capital": 0, "town": 0}
    prev = {"d": check_invariants(g)}

    def on_step(g, a, ev):
        before = prev["d"]
        d = check_invariants(g)
        for e in ev:
            if e[0] in seen:
                seen[e[0]] += 1
        if a[0] == "place":
            p = a[1]
            assert len(d["free"][p]) == len(before["free"][p]) - 1
            assert len(d["free"][1 - p]) == len(before["free"][1 - p])
        else:
            assert [len(f) for f in d["free"]] == [2, 2]  # two free dice, always
        assert d["lost"][0] >= before["lost"][0] and d["lost"][1] >= before["lost"][1]
        prev["d"] = d

    g, acts = random_game(opts, seed, Rng(pick), on_step, MAX_STEPS)
    assert g.is_over() and len(g.winners()) == 1
    assert seen["place"] == g.scene.n  # every hex occupied once, in occupation
    assert replay(opts, seed, acts).to_dict() == g.to_dict()
    for k_ in seen:
        if seen[k_] and k_ != "place":
            event(k_)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options(), SEEDS, SEEDS)
def test_every_game_ends_within_bounded_steps(opts, seed, pick):
    g, acts = random_game(opts, seed, Rng(pick), max_steps=MAX_STEPS)
    assert g.is_over() and len(acts) < MAX_STEPS
    n = g.scene.n
    k = n // 2 + 2
    for p in (0, 1):
        assert g.count(p) + len(g.free[p]) + g.lost[p] == k
    event("scene %d" % n)


@FAST
@given(small_options(), SEEDS, st.integers(0, 300))
def test_a_reloaded_game_plays_on_exactly_like_the_original(opts, seed, cut):
    g, acts = random_game(opts, seed, Rng(seed + 3), max_steps=MAX_STEPS)
    cut = min(cut, len(acts))
    h = replay(opts, seed, acts[:cut])
    h = Diceland.from_dict(json.loads(json.dumps(h.to_dict())))
    for a in acts[cut:]:
        h.apply(a)
    assert h.to_dict() == g.to_dict()


@st.composite
def mid_game(draw, max_steps=200):
    opts = draw(small_options())
    seed = draw(SEEDS)
    steps = draw(st.integers(0, max_steps))
    g = Diceland(opts, seed)
    rng = Rng(seed + 11)
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions(g.turn)))
    return g


@FAST
@given(mid_game(), SEEDS)
def test_copy_is_independent_of_the_original(g, pick):
    d = g.to_dict()
    c = g.copy()
    assert c.to_dict() == d
    rng = Rng(pick)
    for _ in range(30):
        if c.is_over():
            break
        c.apply(rng.choice(c.legal_actions(c.turn)))
    assert g.to_dict() == d  # playing on the copy left the original alone


NAMES = sorted(ARITY)


@st.composite
def candidate(draw, g):
    """An action that is legal now and then, otherwise near-legal or nonsense."""
    if not g.is_over() and draw(st.integers(0, 3)) == 0:
        acts = g.legal_actions(g.turn)
        return acts[draw(st.integers(0, len(acts) - 1))]
    name = draw(st.sampled_from(NAMES))
    seat = draw(st.integers(-1, 2)) if draw(st.integers(0, 5)) == 0 else g.turn
    n = g.scene.n
    args = [draw(st.integers(-1, n)) for _ in range(ARITY[name] - 2)]
    if draw(st.integers(0, 9)) == 0:
        args = args[:-1] if args else [0]  # wrong arity
    return tuple([name, seat] + args)


@MANY
@given(mid_game(), st.data())
def test_apply_accepts_exactly_the_legal_actions(g, data):
    action = data.draw(candidate(g))
    seat = action[1]
    legal = seat in (0, 1) and action in g.legal_actions(seat)
    before = g.to_dict()
    try:
        g.apply(action)
    except ValueError as e:
        assert not legal, e
        msg = str(e)
        assert msg[:4] in ("D2: ", "D3: ", "D4: ", "D5: ", "D6: ", "D7: ", "D8: ",
                           "D9: ", "D10:") or msg.startswith(("no seat", "unknown action")), msg
        assert g.to_dict() == before
        event("refused " + msg[:2])
        return
    assert legal, action
    check_invariants(g)
    event("accepted " + action[0])


@MANY
@given(mid_game(), st.integers(1, 2**32 - 1))
def test_view_is_public_json_and_ignores_the_generator(g, state):
    for p in (0, 1):
        v = g.view(p)
        assert json.loads(json.dumps(v)) == v and "rng" not in v and v["seat"] == p
        d = g.to_dict()
        del d["rng"]
        v2 = dict(v)
        del v2["seat"]
        assert v2 == d
        d = g.to_dict()
        d["rng"] = state
        h = Diceland.from_dict(d)
        assert h.view(p) == v
        assert h.legal_actions(p) == g.legal_actions(p)


@MANY
@given(st.integers(4, 18), SEEDS)
def test_generated_scenes_are_connected_even_and_load_back(half, seed):
    s = ds.generate(half * 2, Rng(seed))
    assert s.n == half * 2 and hx.connected(s.adj) and len(set(s.cells)) == s.n
    back = ds.from_json(json.loads(json.dumps(s.to_json())))
    assert back.to_json() == s.to_json()
    for i in range(s.n):
        for j in s.adj[i]:
            assert hx.distance(s.cells[i], s.cells[j]) == 1 and i in s.adj[j]


@MANY
@given(st.lists(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), min_size=8, max_size=36,
                unique=True).filter(lambda c: len(c) % 2 == 0))
def test_from_json_accepts_a_scene_iff_it_is_connected(cells):
    data = [{"q": q, "r": r, "terrain": "plains"} for q, r in cells]
    ok = hx.connected(hx.adjacency(cells))
    try:
        ds.from_json(data)
    except ValueError as e:
        assert not ok and "connected" in str(e)
        event("refused")
        return
    assert ok
    event("accepted")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(4, 18).map(lambda k: 2 * k), seed=st.integers(0, 2**31 - 1))
def test_D10_capitals_on_any_random_scene(size, seed):
    """Any generated scene: two extra towns on its edge, as far apart as its edge allows,
    its own hexes and towns unchanged, (n + 2) / 2 + 2 dice each, first dice on them."""
    base = ds.generate(size, Rng(seed))
    s = ds.add_capitals(base)
    check_D10(base, s)
    g = Diceland({"scene": base.to_json(), "capital": True}, seed)
    assert g.scene.to_json() == s.to_json()
    assert [len(f) for f in g.free] == [(size + 2) // 2 + 2] * 2
    for _ in range(2):
        p = g.turn
        acts = g.legal_actions(p)
        assert {a[3] for a in acts} == {s.capitals[p]}
        g.apply(acts[0])
    assert g.owner[s.capitals[0]] == 0 and g.owner[s.capitals[1]] == 1


@MANY
@given(scene=st.sampled_from(ds.PRESET_NAMES + ("random",)),
       size=st.integers(4, 18).map(lambda k: 2 * k), seed=SEEDS)
def test_D10_each_capital_touches_two_hexes_no_mountain_and_no_allowed_pair_is_farther(
        scene, size, seed):
    """D10 amended, over many seeds and every scene preset: each capital touches two or
    more of the scene's hexes and no mountain, and no pair of such edge places is
    farther apart than the chosen pair."""
    g = Diceland({"scene": scene, "size": size, "capital": True}, seed)
    base = ds.preset(scene) if scene != "random" else ds.generate(size, Rng(seed))
    s = g.scene
    terr = {c: base.terrain[i] for i, c in enumerate(base.cells)}
    caps = [s.cells[c] for c in s.capitals]
    for cap in caps:
        nbs = [terr[nb] for nb in hx.neighbours(*cap) if nb in terr]
        assert len(nbs) >= 2, (cap, nbs)
        assert ds.MOUNTAIN not in nbs, (cap, nbs)
    allowed = allowed_reference(base)
    chosen = hx.distance(caps[0], caps[1])
    assert all(hx.distance(a, b) <= chosen for a in allowed for b in allowed)
    check_D10(base, s)
    event("distance %d" % chosen)
