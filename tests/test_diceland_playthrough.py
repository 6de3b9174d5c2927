"""Seeded random Diceland play-throughs on every preset and on generated scenes.

Each chunk plays games with random legal actions (slampad.rng) and random option sets.
After every action: conservation (dice on the field + free + lost = n/2 + 2), one die per
hex showing 1-6, two free dice once occupation is over, and the JSON round trip: the game
goes on from the reloaded copy. After every game: it is over with one winner by D9's
order (or by a captured capital), and seed + actions replay it exactly.
"""


import pytest
from contract_helpers import roundtrip
from diceland_helpers import RULES

from slampad.games import diceland_scenes as ds
from slampad.games.diceland import Diceland
from slampad.rng import Rng

SCENES = ds.PRESET_NAMES + ("random",)
GAMES = {"pocket": 48, "duel": 40, "valley": 32, "crossing": 20, "highlands": 16,
         "diceland": 12, "random": 60}
MAX_STEPS = 4000
TOTALS = {"games": 0, "steps": 0, "choose": 0, "group": 0, "fill": 0, "capital": 0,
          "town": 0, "invade": 0, "streak_end": 0, "wipe_out": 0, "no_invasion": 0}


def step_check(g):
    d = g.to_dict()
    k = g.scene.n // 2 + 2
    for p in (0, 1):
        assert d["owner"].count(p) + len(d["free"][p]) + d["lost"][p] == k
        if d["phase"] != "occupy":
            assert len(d["free"][p]) == 2
    for o, v in zip(d["owner"], d["value"], strict=True):
        assert (o is None) == (v == 0) and 0 <= v <= 6
    return roundtrip(g)[1]  # the contract's round trip (contract_helpers)


def play_one(scene, i, rng):
    opts = {k: bool(rng.below(2)) for k in RULES}
    opts["scene"] = scene
    if scene == "random":
        opts["size"] = 8 + 2 * (i % 15)
    seed = rng.below(1 << 30)
    g = Diceland(opts, seed)
    mover = Rng(seed ^ 0x5A5A)
    acts = []
    seen = set()
    while not g.is_over():
        assert len(acts) < MAX_STEPS, "game %s/%d (seed %d) did not end" % (scene, i, seed)
        a = mover.choice(g.legal_actions(g.turn))
        ev = g.apply(a)
        acts.append(a)
        for e in ev:
            seen.add(e[0])
            if e[0] == "eliminated" and e[1] != a[1] and "invade" not in [x[0] for x in ev]:
                seen.add("no_invasion")  # onto a mountain
        if g.phase == "choose":
            seen.add("choose")
        g = step_check(g)
    return g, opts, seed, acts, seen


@pytest.mark.parametrize("scene", SCENES)
def test_playthrough(scene):
    rng = Rng(0xD1CE + SCENES.index(scene))
    for i in range(GAMES[scene]):
        g, opts, seed, acts, seen = play_one(scene, i, rng)
        w = g.winners()
        assert g.is_over() and len(w) == 1
        if "capital" in seen:
            caps = g.scene.capitals
            assert g.owner[caps[1 - w[0]]] == w[0]
        else:
            assert w == [g.result()]
            if g.count(0) and g.count(1):
                assert g.streak == 2
                TOTALS["streak_end"] += 1
            else:
                TOTALS["wipe_out"] += 1
        again = Diceland(opts, seed)
        for a in acts:
            again.apply(a)
        assert again.to_dict() == g.to_dict(), "%s game %d does not replay" % (scene, i)
        TOTALS["games"] += 1
        TOTALS["steps"] += len(acts)
        for k in ("choose", "group", "fill", "capital", "town", "invade", "no_invasion"):
            TOTALS[k] += k in seen


def test_playthrough_covered_the_interesting_cases():
    # Runs after the scenes (file order): random play reached every rule.
    if TOTALS["games"] < sum(GAMES.values()):
        pytest.skip("run together with the play-through games")
    print("\ndiceland play-through:", TOTALS)
    for k in ("choose", "group", "fill", "capital", "town", "invade", "no_invasion",
              "streak_end", "wipe_out"):
        assert TOTALS[k] >= 1, (k, TOTALS)
