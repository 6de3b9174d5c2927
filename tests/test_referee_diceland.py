"""tools/referee.py for Diceland: one position and attack in, the ruling out (D1-D9).

Most cases run in-process through ``referee.run`` (the CLI's code path minus the pipes);
the ``test_cli_*`` tests run the script as a subprocess to pin exit codes and output.
Positions are drawn in the map language of diceland_helpers (odd-r offset rows: ``Pa3``
a plains hex with P1's 3, ``Hb1`` a hill with P2's 1, ``M`` an empty mountain, ``C`` a
capital town) and turned into the referee's hex objects; attacks name hexes by offset
(col, row), turned into [q, r]. The rulebook's and the FAQ's cases are checked by hand;
then, for random positions of seeded core games, the referee's attacks and rulings are
checked against the core's.
"""

import json
import re

import pytest
from diceland_helpers import RULES, TERRAIN, parse, random_options
from referee_helpers import cli, refuse, ruling

from slampad.games import diceland_hex as hx
from slampad.games.diceland import Diceland
from slampad.rng import Rng

KEYS = ["legal", "error", "result", "choices", "scene", "free", "eliminated", "invaded",
        "winner", "attacks"]
P1, P2 = 0, 1


def H(col, row):
    """[q, r] of offset (col, row)."""
    return list(hx.from_offset(col, row))


def hexes(text):
    out = []
    caps = 0
    for col, row, t, owner, value in parse(text):
        q, r = hx.from_offset(col, row)
        h = {"q": q, "r": r, "terrain": TERRAIN[t], "owner": owner, "value": value or None}
        if t == "C":
            h["capital"] = caps
            caps += 1
        out.append(h)
    return out


def scen(text, free=((3, 4), (2, 5)), to_move=P1, attack=None, **rules):
    s = {"game": "diceland", "options": dict(rules), "scene": hexes(text),
         "free": [list(f) for f in free], "to_move": to_move}
    if attack is not None:
        s["attack"] = attack
    return s


def att(src, tgt, rolls, **kw):
    a = {"from": [H(*x) for x in src], "target": H(*tgt), "rolls": list(rolls)}
    a.update(kw)
    return a


def ref(s):
    return ruling(s, KEYS)




def die(r, col, row):
    """(owner, value) of offset (col, row) in a ruling's scene."""
    q, rr = hx.from_offset(col, row)
    for h in r["scene"]:
        if (h["q"], h["r"]) == (q, rr):
            return h["owner"], h["value"]
    raise AssertionError((col, row))


def unchanged(r, s):
    """The ruling's scene is the input's, hex for hex, and the free dice too."""
    for h, g in zip(r["scene"], s["scene"], strict=True):
        assert {k: h[k] for k in g} == g
    assert r["free"] == s["free"]
    assert (r["result"], r["eliminated"], r["invaded"], r["winner"]) == (None, [], None, None)


DUEL = """
Pa3 Pb5 P P
P   P   P P
"""


# -- D3 single attacks -----------------------------------------------------------------


def test_no_attack_lists_the_legal_attacks_and_changes_nothing():
    s = scen(DUEL)
    r = ref(s)
    assert (r["legal"], r["error"], r["choices"]) == (True, None, [])
    assert r["attacks"] == [{"from": [H(0, 0)], "target": H(1, 0)}]
    unchanged(r, s)
    assert r["scene"][0] == {"q": 0, "r": 0, "terrain": "plains", "owner": P1, "value": 3,
                             "capital": None}
    assert r["scene"][2] == {"q": 2, "r": 0, "terrain": "plains", "owner": None,
                             "value": None, "capital": None}


def test_D3_perfect_attack_defender_loses_the_roll_attacker_unchanged():
    r = ref(scen(DUEL, free=((1, 4), (2, 5)), attack=att([(0, 0)], (1, 0), [3])))
    assert (r["legal"], r["error"], r["result"]) == (True, None, "perfect")
    assert die(r, 0, 0) == (P1, 3) and die(r, 1, 0) == (P2, 2)
    assert r["free"] == [[3, 4], [2, 5]]  # the rolled die stays free, showing its roll
    assert (r["eliminated"], r["invaded"], r["winner"]) == ([], None, None)
    assert r["attacks"] == [{"from": [H(0, 0)], "target": H(1, 0)}]  # before the attack


def test_D3_valid_attack_the_rolled_die_takes_the_hex_the_displaced_die_is_free():
    r = ref(scen(DUEL, free=((1, 4), (2, 5)), attack=att([(0, 0)], (1, 0), [2])))
    assert r["result"] == "valid"
    assert die(r, 0, 0) == (P1, 2) and die(r, 1, 0) == (P2, 3)
    assert r["free"] == [[3, 4], [2, 5]]


def test_D3_failed_attack_attacker_loses_one_point():
    r = ref(scen(DUEL, free=((1, 4), (2, 5)), attack=att([(0, 0)], (1, 0), [5])))
    assert r["result"] == "failed"
    assert die(r, 0, 0) == (P1, 2) and die(r, 1, 0) == (P2, 5)
    assert r["free"] == [[5, 4], [2, 5]]


@pytest.mark.parametrize("roll, result, free", [(2, "valid", [1, 3]), (3, "perfect", [1, 3]),
                                                (6, "failed", [1, 6])])
def test_D3_die_names_which_free_die_is_rolled(roll, result, free):
    r = ref(scen(DUEL, free=((1, 4), (2, 5)), attack=att([(0, 0)], (1, 0), [roll], die=1)))
    assert r["result"] == result and r["free"] == [free, [2, 5]]
    r0 = ref(scen(DUEL, free=((1, 4), (2, 5)), attack=att([(0, 0)], (1, 0), [roll], die=0)))
    assert r0["scene"] == r["scene"]  # D3: which die is rolled does not change the outcome
    assert r0 == ref(scen(DUEL, free=((1, 4), (2, 5)), attack=att([(0, 0)], (1, 0), [roll])))


def test_D3_FAQ_a_disastrous_roll_must_be_used():
    # FAQ: "If the die rolled can be used ... it must be used": the 1 replaces the 3.
    r = ref(scen(DUEL, attack=att([(0, 0)], (1, 0), [1])))
    assert r["result"] == "valid" and die(r, 0, 0) == (P1, 1) and die(r, 1, 0) == (P2, 4)


def test_D3_eliminating_the_defender_the_attacker_moves_in():
    m = """
    Pa4 Pb2 P P
    Pa1 P   P Pb3
    """
    r = ref(scen(m, attack=att([(0, 0)], (1, 0), [2])))
    assert r["result"] == "valid"
    assert r["eliminated"] == [H(1, 0)] and r["invaded"] == H(1, 0)
    assert die(r, 0, 0) == (None, None) and die(r, 1, 0) == (P1, 2)
    assert r["free"] == [[4, 4], [2, 5]] and r["winner"] is None


@pytest.mark.parametrize("roll", range(1, 7))
def test_D3_author_note_6_against_1_certainly_eliminates_and_the_roll_invades(roll):
    m = """
    Pa6 Pb1 Pb6 P
    P   P   P   P
    """
    r = ref(scen(m, attack=att([(0, 0)], (1, 0), [roll])))
    assert r["result"] == ("perfect" if roll == 6 else "valid")
    assert r["eliminated"] == [H(1, 0)] and r["invaded"] == H(1, 0)
    assert die(r, 1, 0) == (P1, roll) and die(r, 0, 0) == (None, None)
    assert r["free"][P1][0] == 6  # the 6 is free again (displaced, or the rolled 6)


def test_D3_a_dead_attacker_leaves_its_hex_empty_and_the_defender_stays():
    m = """
    Pa1 Pb5 P P
    Pa2 P   P P
    """
    r = ref(scen(m, attack=att([(0, 0)], (1, 0), [4])))
    assert r["result"] == "failed" and r["eliminated"] == [H(0, 0)]
    assert r["invaded"] is None
    assert die(r, 0, 0) == (None, None) and die(r, 1, 0) == (P2, 5)


def test_D3_D5_no_invasion_onto_a_mountain():
    m = """
    Pa3 Mb2 P Pb6
    P   P   P P
    """
    r = ref(scen(m, attack=att([(0, 0)], (1, 0), [3])))
    assert r["eliminated"] == [H(1, 0)] and r["invaded"] is None
    assert die(r, 0, 0) == (P1, 3) and die(r, 1, 0) == (None, None)
    r = ref(scen(m, terrain=False, attack=att([(0, 0)], (1, 0), [3])))
    assert r["invaded"] == H(1, 0) and die(r, 1, 0) == (P1, 3)  # plain ground without terrain


def test_D3_illegal_single_attacks_are_refused_with_the_core_reason():
    m = """
    Pa3 Pb5 P   P
    Pa2 P   Pb4 P
    """
    cases = [
        (att([(1, 0)], (0, 0), [1]), "D3: hex [1, 0] holds no die of P1"),
        (att([(0, 0)], (2, 0), [1]), "D3: hex [2, 0] holds no enemy die"),
        (att([(0, 1)], (2, 1), [1]), "D3: hex [2, 1] does not border hex [0, 1]"),
        (att([(0, 0)], (0, 1), [1]), "D3: hex [0, 1] holds no enemy die"),
    ]
    for a, why in cases:
        s = scen(m, attack=a)
        r = ref(s)
        assert (r["legal"], r["error"]) == (False, why)
        unchanged(r, s)
        assert r["choices"] == [] and len(r["attacks"]) == 3


def test_D3_seats_P2_to_move():
    r = ref(scen(DUEL, to_move=P2, attack=att([(1, 0)], (0, 0), [2])))
    assert r["result"] == "valid" and die(r, 1, 0) == (P2, 2) and die(r, 0, 0) == (P1, 1)
    assert r["free"] == [[3, 4], [5, 5]]
    assert r["attacks"] == [{"from": [H(1, 0)], "target": H(0, 0)}]


def test_D9_no_possible_attack_lists_none_and_any_attack_is_refused():
    m = """
    Pa3 P P Pb5
    P   P P P
    """
    r = ref(scen(m))
    assert r["attacks"] == [] and r["legal"]
    r = ref(scen(m, attack=att([(0, 0)], (3, 0), [2])))
    assert (r["legal"], r["error"]) == (False, "D3: hex [3, 0] does not border hex [0, 0]")


# -- D4 combined attacks ---------------------------------------------------------------

TRIANGLE = """
Pa3 Pa5 P Pb6
{t}b4 P P P
"""
A, B, T = (0, 0), (1, 0), (0, 1)


def tri(rolls, t="P", use=None, **rules):
    kw = {} if use is None else {"use": {"roll": use[0], "from": H(*use[1])}}
    return scen(TRIANGLE.format(t=t), attack=att([A, B], T, rolls, **kw), **rules)


def test_D4_the_attacks_list_single_then_combined():
    r = ref(scen(TRIANGLE.format(t="P")))
    assert r["attacks"] == [{"from": [H(*A)], "target": H(*T)},
                            {"from": [H(*B)], "target": H(*T)},
                            {"from": [H(*A), H(*B)], "target": H(*T)}]


def test_D4_rolls_both_then_lists_the_lawful_choices():
    s = tri([6, 2])
    r = ref(s)
    assert (r["legal"], r["result"]) == (True, None)
    assert r["choices"] == [{"roll": 1, "from": H(*A)}, {"roll": 1, "from": H(*B)}]
    assert r["free"] == [[6, 2], [2, 5]]  # both free dice rolled
    assert r["scene"] == ref(scen(TRIANGLE.format(t="P")))["scene"]  # nothing else yet


def test_D4_use_resolves_the_chosen_pair():
    r = ref(tri([6, 2], use=(1, B)))
    assert (r["legal"], r["result"]) == (True, "valid")
    assert die(r, *B) == (P1, 2) and die(r, *T) == (P2, 2) and die(r, *A) == (P1, 3)
    assert r["free"] == [[6, 5], [2, 5]]  # the displaced 5 took the used roll's place
    assert r["choices"] == [{"roll": 1, "from": H(*A)}, {"roll": 1, "from": H(*B)}]


def test_D4_FAQ_a_combination_that_does_not_fail_must_be_chosen():
    for use in ((0, A), (0, B)):
        s = tri([6, 2], use=use)
        r = ref(s)
        assert (r["legal"], r["error"]) == (False, "D4: a combination that does not fail "
                                                   "must be chosen")
        assert r["choices"] == [{"roll": 1, "from": H(*A)}, {"roll": 1, "from": H(*B)}]
        unchanged(r, s)
    r = ref(tri([6, 2], use=(1, (2, 0))))
    assert r["error"] == "D4: hex [2, 0] is not one of the two attacking hexes"


def test_D4_if_all_fail_the_player_picks_which_attacker_loses_the_point():
    r = ref(tri([6, 6]))
    assert len(r["choices"]) == 4 and r["result"] is None
    r = ref(tri([6, 6], use=(1, B)))
    assert r["result"] == "failed" and die(r, *A) == (P1, 3) and die(r, *B) == (P1, 4)


def test_D4_a_single_lawful_choice_is_applied_at_once():
    r = ref(tri([6, 4]))  # only the 4 from the 5
    assert (r["legal"], r["result"]) == (True, "valid")
    assert r["choices"] == [{"roll": 1, "from": H(*B)}]
    assert die(r, *T) == (P1, 4) and die(r, *B) == (None, None)  # 4 - 4: eliminated
    assert ref(tri([6, 4], use=(1, B))) == r
    r = ref(tri([6, 4], use=(0, A)))
    assert (r["legal"], r["error"]) == (False, "D4: a combination that does not fail must "
                                               "be chosen")


def test_D4_combined_attack_eliminates_and_invades_from_the_used_hex():
    r = ref(tri([3, 5], use=(1, B)))
    assert r["result"] == "perfect" and r["eliminated"] == [H(*T)] and r["invaded"] == H(*T)
    assert die(r, *T) == (P1, 5) and die(r, *B) == (None, None) and die(r, *A) == (P1, 3)


@pytest.mark.parametrize("t", ["H", "M"])
def test_D4_no_combined_attack_against_hills_and_mountains(t):
    s = tri([1, 1], t=t)
    r = ref(s)
    assert (r["legal"], r["error"]) == (False, "D4: no combined attack against a hill or "
                                               "a mountain")
    unchanged(r, s)
    assert all(len(a["from"]) == 1 for a in r["attacks"]) and len(r["attacks"]) == 2
    r = ref(tri([1, 1], t=t, terrain=False))  # without the terrain rules: allowed
    assert r["legal"] and len(r["attacks"]) == 3


def test_D4_the_two_hexes_must_border_each_other():
    m = """
    Pa3 Pb4 Pa5 P
    P   P   P   P
    """
    r = ref(scen(m, attack=att([(0, 0), (2, 0)], (1, 0), [1, 1])))
    assert (r["legal"], r["error"]) == (False, "D4: the two attacking hexes must border "
                                               "each other")
    assert all(len(a["from"]) == 1 for a in r["attacks"])


def test_D4_from_in_any_order():
    a = ref(tri([6, 2], use=(1, B)))
    s = tri([6, 2], use=(1, B))
    s["attack"]["from"].reverse()
    assert ref(s) == a


def test_D4_FAQ_no_attack_from_three_territories():
    m = """
    Pa3 Pa5 Pa4 P
    Pa2 Pb4 P   P
    """
    r = ref(scen(m))
    assert max(len(a["from"]) for a in r["attacks"]) == 2
    err = refuse(scen(m, attack=att([(0, 1), (1, 0), (2, 0)], (1, 1), [1, 1, 1])))
    assert err.startswith("referee: attack.from: must be [[q, r]] or [[q, r], [q, r]] (D4")


# -- options ---------------------------------------------------------------------------


def test_D9_fill_the_void_the_defender_moves_into_the_dead_attackers_hex():
    m = """
    Pa1 Pb5 P P
    Pa2 P   P P
    """
    r = ref(scen(m, fill_the_void=True, attack=att([(0, 0)], (1, 0), [6])))
    assert r["result"] == "failed" and r["eliminated"] == [H(0, 0)] and r["invaded"] is None
    assert die(r, 0, 0) == (P2, 5) and die(r, 1, 0) == (None, None)
    r = ref(scen(m.replace("Pa1", "Ma1"), fill_the_void=True,
                 attack=att([(0, 0)], (1, 0), [6])))
    assert die(r, 0, 0) == (None, None) and die(r, 1, 0) == (P2, 5)  # never a mountain


CAPITALS = """
Ca3 Pb2 P   Pa5
Pa1 P   Pa2 Cb1
"""


def test_D9_capital_taking_the_enemy_capital_wins_at_once():
    r = ref(scen(CAPITALS, capital=True, attack=att([(2, 1)], (3, 1), [1])))
    assert r["invaded"] == H(3, 1) and r["winner"] == P1
    assert r["scene"][-1]["capital"] == 1 and r["scene"][0]["capital"] == 0
    r = ref(scen(CAPITALS, capital=False, attack=att([(2, 1)], (3, 1), [1])))
    assert r["invaded"] == H(3, 1) and r["winner"] is None


def test_D10_referee_accepts_a_scene_of_36_hexes_with_its_two_capitals():
    sc = Diceland({"scene": "diceland", "capital": True}, 7).scene  # 36 + 2 hexes
    assert sc.n == 38
    owner = [None] * sc.n
    owner[sc.capitals[0]], owner[sc.capitals[1]] = P1, P2
    rest = [i for i in range(sc.n) if owner[i] is None]
    for k, i in enumerate(rest):
        owner[i] = k % 2  # 19 dice each on the field: 21 each (D1 with D10), two free
    scene = [dict(h, owner=owner[i], value=3) for i, h in enumerate(sc.to_json())]
    s = {"game": "diceland", "options": {"capital": True}, "scene": scene,
         "free": [[3, 4], [2, 5]], "to_move": P1}
    r = ref(s)
    assert r["legal"] and r["attacks"] and r["winner"] is None
    assert [h.get("capital") for h in r["scene"]] == [h.get("capital") for h in scene]
    scene[rest[1]]["owner"] = P1  # 20 on the field: one too many
    assert refuse(s).startswith("referee: scene: D1: P1 has 20 dice on the field; "
                                "with 38 hexes each player has 21 dice")


def test_D9_the_last_die_eliminated_ends_the_game():
    m = """
    Pa3 Pb2 P P
    Pa1 P   P P
    """
    r = ref(scen(m, attack=att([(0, 0)], (1, 0), [2])))
    assert r["winner"] == P1 and r["invaded"] == H(1, 0)


def test_options_missing_keys_are_the_core_defaults():
    s = tri([1, 1], t="H")
    del s["options"]
    assert not ref(s)["legal"]  # terrain rules on by default
    s["options"] = {"terrain": False}
    assert ref(s)["legal"]


# -- impossible scenarios: exit 2 naming the field ----------------------------------------


def _set(path, value):
    def f(s):
        d = s
        for k in path[:-1]:
            d = d[k]
        if value is DEL:
            del d[path[-1]]
        else:
            d[path[-1]] = value
    return f


DEL = object()
BASE = """
Ca3 Pb2 P   Pa5
Pa1 P   Pa2 Cb1
"""

IMPOSSIBLE = [
    (_set(["foo"], 1), "foo: unknown key"),
    (_set(["scene"], DEL), "scene: missing"),
    (_set(["free"], DEL), "free: missing"),
    (_set(["to_move"], DEL), "to_move: missing"),
    (_set(["options"], None), "options: must be an object"),
    (_set(["options", "scene"], "valley"), "options.scene: unknown key"),
    (_set(["options", "size"], 8), "options.size: unknown key"),
    (_set(["options", "terrain"], 1), "options.terrain: must be true or false"),
    (_set(["options", "grouping"], None), "options.grouping: must be true or false"),
    (_set(["scene"], {}), "scene: must be a list"),
    (_set(["scene", 0], [0, 0]), "scene[0]: must be an object"),
    (_set(["scene", 0, "colour"], "red"), "scene[0].colour: unknown key"),
    (_set(["scene", 1, "owner"], DEL), "scene[1].owner: missing"),
    (_set(["scene", 1, "value"], DEL), "scene[1].value: missing"),
    (_set(["scene", 1, "q"], DEL), "scene[1].q: missing"),
    (_set(["scene", 1, "terrain"], DEL), "scene[1].terrain: missing"),
    (_set(["scene", 1, "q"], True), "scene[1].q: must be an integer"),
    (_set(["scene", 1, "r"], 65), "scene[1].r: must be <= 64"),
    (_set(["scene", 1, "terrain"], "lava"), "scene[1].terrain: unknown terrain"),
    (_set(["scene", 1, "terrain"], "plainss"), "scene[1].terrain: unknown terrain"),
    (_set(["scene", 1, "q"], 0), "scene[1]: D1: hex (0, 0) is in the scene twice"),
    (_set(["scene", 2, "r"], 5), "scene: D1: the scene's hexes are not all connected"),
    (_set(["scene", 1, "capital"], 0), "scene[1].capital: a capital is a town"),
    (_set(["scene", 7, "capital"], 0), "scene: capitals: one for P1 (0) and one for P2"),
    (_set(["scene", 7, "capital"], 2), "scene[7].capital: must be <= 1"),
    (_set(["scene", 1, "owner"], 2), "scene[1].owner: must be 0, 1 or null"),
    (_set(["scene", 1, "owner"], False), "scene[1].owner: must be 0, 1 or null"),
    (_set(["scene", 1, "value"], 7), "scene[1].value: must be 1-6 or null (D3)"),
    (_set(["scene", 1, "value"], 0), "scene[1].value: must be 1-6 or null (D3)"),
    (_set(["scene", 1, "value"], 2.0), "scene[1].value: must be 1-6 or null (D3)"),
    (_set(["scene", 1, "value"], None), "scene[1].value: D3: a die has an owner and a value"),
    (_set(["scene", 2, "value"], 3), "scene[2].owner: D3: a die has an owner and a value"),
    (lambda s: s["scene"].append({"q": 4, "r": 0, "terrain": "plains", "owner": None,
                                  "value": None}),
     "scene: D1: a scene has an even number of hexes, got 9"),
    (lambda s: s["scene"].pop(), "scene: needs 8 to 38 items, has 7"),  # D10: capitals
    (lambda s: s["scene"].__delitem__(slice(6, 8)), "scene: needs 8 to 38 items, has 6"),
    (lambda s: s["scene"][2].update(owner=0, value=1),
     "scene: D1: P1 has 5 dice on the field; with 8 hexes each player has 6 dice"),
    (lambda s: [h.update(owner=None, value=None) for h in s["scene"] if h["owner"] == 1],
     "scene: D9: a side without dice on the field has lost"),
    (lambda s: (s["scene"][6].update(owner=None, value=None), s["scene"][7].update(owner=0)),
     "scene: D9: a captured capital ends the game"),
    (lambda s: [h.pop("capital", None) for h in s["scene"]],
     "scene: D10: the capital option needs two capitals"),
    (_set(["free"], [[1, 2]]), "free: must be [[a, b], [c, d]]"),
    (_set(["free", 1], [1, 2, 3]), "free[1]: D2: two free dice"),
    (_set(["free", 1], 3), "free[1]: D2: two free dice"),
    (_set(["free", 0, 1], 0), "free[0][1]: must be a die value 1-6"),
    (_set(["free", 0, 1], True), "free[0][1]: must be a die value 1-6"),
    (_set(["to_move"], 2), "to_move: must be 0 or 1"),
    (_set(["to_move"], None), "to_move: must be 0 or 1"),
    (_set(["attack"], [1]), "attack: must be an object"),
    (_set(["attack", "colour"], 1), "attack.colour: unknown key"),
    (_set(["attack", "rolls"], DEL), "attack.rolls: missing"),
    (_set(["attack", "target"], DEL), "attack.target: missing"),
    (_set(["attack", "from"], []), "attack.from: must be [[q, r]] or [[q, r], [q, r]]"),
    (_set(["attack", "from"], [2, 1]), "attack.from[0]: must be a hex [q, r]"),
    (_set(["attack", "from"], [[2]]), "attack.from[0]: must be a hex [q, r]"),
    (_set(["attack", "from"], [[9, 9]]), "attack.from[0]: no hex [9, 9] in the scene"),
    (_set(["attack", "from"], [[1, 1], [1, 1]]), "attack.from[1]: D4: names hex [1, 1] twice"),
    (_set(["attack", "target"], [1, True]), "attack.target: must be a hex [q, r]"),
    (_set(["attack", "target"], [-5, 0]), "attack.target: no hex [-5, 0] in the scene"),
    (_set(["attack", "rolls"], [1, 2]), "attack.rolls: must be 1 roll: a single attack"),
    (_set(["attack", "rolls"], 3), "attack.rolls: must be 1 roll"),
    (_set(["attack", "rolls"], [7]), "attack.rolls[0]: must be a die value 1-6"),
    (_set(["attack", "die"], 2), "attack.die: must be 0 or 1"),
    (_set(["attack", "die"], None), "attack.die: must be 0 or 1"),
    (_set(["attack", "use"], {"roll": 0, "from": [1, 1]}),
     "attack.use: D4: only a combined attack chooses a roll"),
    (_set(["game"], "dicelands"), "game: \"dicelands\": games not yet supported"),
]
COMBO_IMPOSSIBLE = [
    (_set(["attack", "rolls"], [1]), "attack.rolls: must be 2 rolls: a combined attack"),
    (_set(["attack", "rolls", 1], 0), "attack.rolls[1]: must be a die value 1-6"),
    (_set(["attack", "die"], 0), "attack.die: D4: a combined attack rolls both free dice"),
    (_set(["attack", "use"], [1, [0, 0]]), "attack.use: must be an object"),
    (_set(["attack", "use"], {"roll": 1}), "attack.use.from: missing"),
    (_set(["attack", "use"], {"roll": 1, "from": [0, 0], "x": 1}), "attack.use.x: unknown"),
    (_set(["attack", "use"], {"roll": 2, "from": [0, 0]}), "attack.use.roll: must be 0 or 1"),
    (_set(["attack", "use"], {"roll": 0, "from": [0, 9]}),
     "attack.use.from: no hex [0, 9] in the scene"),
]


def base():
    return scen(BASE, capital=True, attack=att([(2, 1)], (3, 1), [1]))


def combo_base():
    return tri([6, 2], use=(1, B))


@pytest.mark.parametrize("mutate, words", IMPOSSIBLE, ids=[w for _, w in IMPOSSIBLE])
def test_impossible_scenarios_exit_2_naming_the_field(mutate, words):
    assert ref(base())["legal"]
    s = base()
    mutate(s)
    err = refuse(s)
    assert err.startswith("referee: " + words), err


@pytest.mark.parametrize("mutate, words", COMBO_IMPOSSIBLE, ids=[w for _, w in COMBO_IMPOSSIBLE])
def test_impossible_combined_attacks_exit_2_naming_the_field(mutate, words):
    assert ref(combo_base())["legal"]
    s = combo_base()
    mutate(s)
    err = refuse(s)
    assert err.startswith("referee: " + words), err


@pytest.mark.parametrize("text", ["", "[", "[]", "null", "{}", '{"game": "diceland"}', b"\xff"])
def test_not_a_scenario_exit_2(text):
    err = refuse(text)
    assert err.split(":")[1].strip() in ("input", "game", "scene"), err


# -- against the rules core: random positions of seeded games -------------------------------


def scenario_of(g, rng):
    """The referee's scenario for the core game ``g`` at the start of a turn; the hexes in
    a shuffled order (the referee keeps the input's order)."""
    d = g.to_dict()
    hx_ = [dict(h, owner=d["owner"][i], value=d["value"][i] or None)
           for i, h in enumerate(d["scene"])]
    rng.shuffle(hx_)
    return {"game": "diceland", "options": {k: d["options"][k] for k in RULES},
            "scene": hx_, "free": d["free"], "to_move": g.turn}


def cell(g, i):
    return list(g.scene.cells[i])


def attack_json(g, a):
    return {"from": [cell(g, i) for i in a[2:-1]], "target": cell(g, a[-1])}


def same_as_core(r, c, events):
    """The ruling ``r`` matches the core game ``c`` after the attack's ``events``."""
    for h in r["scene"]:
        i = c.scene.index(h["q"], h["r"])
        assert (h["owner"], h["value"]) == ((None, None) if c.owner[i] < 0 else
                                            (c.owner[i], c.value[i]))
    assert r["free"] == c.free
    res = [e[5] for e in events if e[0] == "attack"]
    assert r["result"] == (res[0] if res else None)
    assert r["eliminated"] == [cell(c, e[2]) for e in events if e[0] == "eliminated"]
    inv = [cell(c, e[3]) for e in events if e[0] == "invade"]
    assert r["invaded"] == (inv[0] if inv else None)
    assert r["winner"] == (c.winners()[0] if c.is_over() else None)


def check_position(g, rng):
    """Put the start of ``g``'s turn to the referee: its attacks, then one attack."""
    p = g.turn
    s = scenario_of(g, rng)
    scen_of = json.loads(json.dumps(s))
    r = ref(s)
    assert r["attacks"] == [attack_json(g, a) for a in g.attacks(p)]
    acts = g.attacks(p)
    src, tgt = rng.below(g.scene.n), rng.below(g.scene.n)
    if ("attack", p, src, tgt) not in acts:  # refused, with the core's reason
        s["attack"] = {"from": [cell(g, src)], "target": cell(g, tgt), "rolls": [1]}
        r = ref(s)
        assert not r["legal"] and r["result"] is None and r["scene"] == ref(scen_of)["scene"]
        if g.phase == "attack":
            with pytest.raises(ValueError) as e:
                g.copy().apply(("attack", p, src, tgt))
            assert r["error"] == re.sub(r"\bhex (\d+)", lambda m: "hex " + json.dumps(
                cell(g, int(m.group(1)))), str(e.value))
        else:
            assert r["error"].startswith("D3: ")
        del s["attack"]
    if not acts:
        return 0
    a = rng.choice(acts)
    c = g.copy()
    die = rng.below(2) if a[0] == "attack" else None
    events = c.apply(a if die is None else a + (die,))
    rolls = events[0][2]
    s["attack"] = {"from": [cell(g, i) for i in a[2:-1]], "target": cell(g, a[-1]),
                   "rolls": rolls}
    if die is not None and (die or rng.below(2)):
        s["attack"]["die"] = die  # else the default, 0
    r = ref(s)
    assert r["legal"] and r["error"] is None
    if c.phase == "choose":
        assert r["choices"] == [{"roll": i, "from": cell(g, h)} for i, h in c.choices()]
        assert r["result"] is None and r["free"][p] == rolls
        use = rng.choice(c.choices())
        events += c.apply(("use", p) + tuple(use))
        s["attack"]["use"] = {"roll": use[0], "from": cell(g, use[1])}
        r = ref(s)
    same_as_core(r, c, events)
    return 1


def test_referee_matches_the_core_on_random_positions():
    rng = Rng(2026)
    checked = attacked = 0
    for seed in range(40):
        scene = ("pocket", "duel", "valley", "crossing", "random")[seed % 5]
        opts = random_options(rng, scene)
        if scene == "random":
            opts["size"] = 8 + 2 * rng.below(10)
        g = Diceland(opts, seed)
        steps = 0
        while not g.is_over() and steps < 600:
            start = g.phase == "attack" or (g.phase == "move" and not g.used and
                                            g.invader is None and g.streak == 1)
            if start and rng.below(3) == 0:
                attacked += check_position(g, rng)
                checked += 1
            g.apply(rng.choice(g.legal_actions(g.turn)))
            steps += 1
    assert checked > 200 and attacked > 180


# -- the command line ------------------------------------------------------------------------


def test_cli_attack_exit_0():
    p = cli(json.dumps(scen(DUEL, free=((1, 4), (2, 5)), attack=att([(0, 0)], (1, 0), [3]))))
    assert p.returncode == 0 and p.stderr == b""
    r = json.loads(p.stdout)
    assert (r["legal"], r["result"], r["free"]) == (True, "perfect", [[3, 4], [2, 5]])


def test_cli_illegal_attack_exit_0():
    p = cli(json.dumps(tri([1, 1], t="H")))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["error"].startswith("D4: no combined attack")


def test_cli_impossible_exit_2():
    s = scen(DUEL)
    s["scene"][0]["value"] = 9
    p = cli(json.dumps(s))
    assert p.returncode == 2 and p.stdout == b""
    lines = p.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: scene[0].value: must be 1-6")
