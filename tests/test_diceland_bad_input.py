"""Diceland: illegal and malformed actions, bad options, bad scenes, corrupt saved states.

Contract (games/__init__.py): an illegal action raises ValueError naming the ruling it
breaks (D2-D9) and leaves the state untouched; from_dict raises ValueError whose message
starts with the bad field, and never changes its argument.
"""

import copy
import json
import re

import pytest
from diceland_helpers import at, position, rng_for
from save_edits import setk

from slampad.games import diceland_scenes as ds
from slampad.games.diceland import Diceland, check_options
from slampad.rng import Rng


def s_occupy():
    return Diceland({"scene": "pocket"}, 5)  # P1 or P2 starts; see turn


def s_attack():
    return position("""
    Pa3 Pa5 P Pb6
    Pb4 P   P P
    """)


def s_choose():
    g = s_attack()
    g.rng = Rng.from_state(rng_for([6, 2]))
    g.apply(("combo", 0, 0, 1, 4))
    assert g.phase == "choose"
    return g


def s_move():
    g = s_attack()
    g.rng = Rng.from_state(rng_for([4]))
    g.apply(("attack", 0, 1, 4))  # valid: the 4 dies, the 5's hex (now 4) invades
    assert g.phase == "move" and g.invader == 4
    return g


def s_town():
    g = position("""
    Ta3 Pb5 P Ta2
    P   P   P P
    """)
    g.rng = Rng.from_state(rng_for([6]))
    g.apply(("attack", 0, 0, 1))
    g.apply(("pass", 0))
    assert g.phase == "town"
    return g


def s_over():
    g = position("""
    Pa3 Pb2 P P
    P   P   P P
    """)
    g.rng = Rng.from_state(rng_for([2]))
    g.apply(("attack", 0, 0, 1))
    assert g.is_over()
    return g


STATES = {"occupy": s_occupy, "attack": s_attack, "choose": s_choose, "move": s_move,
          "town": s_town, "over": s_over}

ILLEGAL = [
    ("attack", ("attack", 1, 4, 0), r"D3: it is P1's turn, not P2's"),
    ("attack", ("attack", 0, 0, 2), r"D3: hex 2 holds no enemy die"),
    ("attack", ("attack", 0, 4, 0), r"D3: hex 4 holds no die of P1"),
    ("attack", ("attack", 0, 0, 3), r"D3: hex 3 does not border hex 0"),
    ("attack", ("attack", 0, 0, 7), r"D3: hex 7 holds no enemy die"),
    ("attack", ("combo", 0, 1, 0, 4), r"D4: name the two hexes in increasing order"),
    ("attack", ("combo", 0, 0, 2, 4), r"D4: hex 2 holds no die of P1"),
    ("attack", ("pass", 0), r"D3: now is the attack step; 'pass' is not allowed"),
    ("attack", ("place", 0, 3, 2), r"D3: now is the attack step; 'place'"),
    ("attack", ("town", 0, 0), r"D3: now is the attack step; 'town'"),
    ("attack", ("attack", 0, 0, 8), r"D3: 8 is not a hex 0-7"),
    ("attack", ("attack", 0, -1, 4), r"D3: -1 is not a hex 0-7"),
    ("attack", ("attack", 0, "0", 4), r"D3: '0' is not a hex"),
    ("attack", ("attack", 0, 0.0, 4), r"D3: 0.0 is not a hex"),
    ("attack", ("attack", 0, True, 4), r"D3: True is not a hex"),
    ("choose", ("use", 0, 0, 0), r"D4: a combination that does not fail must be chosen"),
    ("choose", ("use", 0, 2, 0), r"D4: 2 is not a roll index"),
    ("choose", ("use", 0, 1, 4), r"D4: hex 4 is not one of the two attacking hexes"),
    ("choose", ("use", 1, 1, 0), r"D4: it is P1's turn, not P2's"),
    ("choose", ("attack", 0, 0, 4), r"D4: now is the choose step"),
    ("move", ("move", 0, 4, 5), r"D5: the die that just invaded cannot move"),
    ("move", ("move", 0, 0, 2), r"D5: a die moves to an adjacent hex"),
    ("move", ("move", 0, 3, 2), r"D5: hex 3 holds no die of P1"),
    ("move", ("move", 0, 0, 4), r"D7: hex 4 is occupied \(grouping is off\)"),
    ("move", ("attack", 0, 0, 3), r"D5: now is the move step; 'attack' is not allowed"),
    ("move", ("town", 0, 0), r"D5: now is the move step; 'town'"),
    ("town", ("town", 0, 0), r"D8: hex 0 is no own town"),
    ("town", ("town", 0, 1), r"D8: hex 1 is no own town"),
    ("town", ("move", 0, 3, 2), r"D8: now is the town step; 'move'"),
    ("over", ("pass", 0), r"D9: the game is over"),
    ("over", ("attack", 0, 1, 2), r"D9: the game is over"),
    ("occupy", ("place", "T", 7, 0), r"D2: (P\d rolled no 7|7 is not a value)"),
    ("occupy", ("place", "T", 0, 0), r"D2: P\d rolled no 0 left to place"),
    ("occupy", ("place", "T", "X", 8), r"D2: 8 is not a hex 0-7"),
    ("occupy", ("place", "O", "X", 0), r"D2: it is P\d's turn, not P\d's"),
    ("occupy", ("move", "T", 0, 1), r"D2: now is the occupy step; 'move'"),
]


def resolve(g, action):
    """'T' is the seat to play, 'O' the other; 'X' a value the seat to play holds."""
    out = []
    for x in action:
        if x == "T":
            x = g.turn
        elif x == "O":
            x = 1 - g.turn
        elif x == "X":
            x = g.free[g.turn][0]
        out.append(x)
    return tuple(out)


@pytest.mark.parametrize("state, action, words", ILLEGAL,
                         ids=["%s-%s" % (c[0], "-".join(map(str, c[1]))) for c in ILLEGAL])
def test_illegal_actions_name_the_ruling_and_change_nothing(state, action, words):
    g = STATES[state]()
    action = resolve(g, action)
    before = g.to_dict()
    with pytest.raises(ValueError) as e:
        g.apply(action)
    assert re.match(words, str(e.value)), str(e.value)
    assert g.to_dict() == before


MALFORMED = [None, (), [], "attack", ("attack",), ("attack", 0), ("attack", 0, 0, 4, 1, 0),
             ("jump", 0, 0, 1), (7, 0), ([1], 0), ("pass",), ("pass", 0, 1),
             ("combo", 0, 0, 1), {"attack": 0}, ("attack", 2, 0, 4), ("attack", -1, 0, 4),
             ("attack", None, 0, 4), ("attack", False, 0, 4), ("attack", 0.0, 0, 4)]


@pytest.mark.parametrize("action", MALFORMED, ids=repr)
def test_malformed_actions_are_refused(action):
    g = s_attack()
    before = g.to_dict()
    with pytest.raises(ValueError, match=r"^(unknown action, or wrong arguments|no seat)"):
        g.apply(action)
    assert g.to_dict() == before


def test_actions_may_be_lists():
    g = s_attack()
    g.rng = Rng.from_state(rng_for([1]))
    g.apply(["attack", 0, 0, 4])
    assert g.phase == "move"


@pytest.mark.parametrize("p", [2, -1, None, "0", True])
def test_view_of_no_seat_is_refused(p):
    with pytest.raises(ValueError, match="^no seat"):
        s_attack().view(p)


def test_legal_actions_of_no_seat_or_the_waiting_seat_are_empty():
    g = s_attack()
    assert g.legal_actions(None) == [] and g.legal_actions(1) == [] and g.legal_actions(5) == []


# -- options and scenes ---------------------------------------------------------------

SCENE8 = [{"q": i, "r": 0, "terrain": "plains"} for i in range(8)]

BAD_OPTIONS = [
    ({"players": 2}, "options.players: unknown option"),
    ({"terrain": 1}, "options.terrain: must be true or false"),
    ({"grouping": "yes"}, "options.grouping: must be true or false"),
    ({"fatal_attraction": None}, "options.fatal_attraction: must be true or false"),
    ({"capital": 0}, "options.capital: must be true or false"),
    ({"fill_the_void": []}, "options.fill_the_void: must be true or false"),
    ({"size": 9}, "options.size: D1: a scene has an even number of hexes"),
    ({"size": 6}, "options.size: must be >= 8"),
    ({"size": 38}, "options.size: must be <= 36"),
    ({"size": 18.0}, "options.size: must be an integer"),
    ({"size": True}, "options.size: must be an integer"),
    ({"scene": "atlantis"}, "options.scene: no preset 'atlantis'"),
    ({"scene": 18}, "options.scene: no preset 18"),
    ({"scene": SCENE8[:7]}, "options.scene: needs 8 to 36 items"),
    ({"scene": SCENE8 + SCENE8[:1] + [{"q": 9, "r": 0, "terrain": "plains"}]},
     "options.scene[8]: D1: hex (0, 0) is in the scene twice"),
    ({"scene": SCENE8[:6] + [{"q": 7, "r": 0, "terrain": "plains"},
                             {"q": 8, "r": 0, "terrain": "plains"}]},
     "options.scene: D1: the scene's hexes are not all connected"),
    ({"scene": SCENE8[:7] + [{"q": 7, "r": 0, "terrain": "lava"}]},
     "options.scene[7].terrain: unknown terrain 'lava'"),
    ({"scene": SCENE8[:7] + [{"q": 7, "r": 0, "terrain": "plains", "x": 1}]},
     "options.scene[7].x: unknown key"),
    ({"scene": SCENE8[:7] + [{"q": "7", "r": 0, "terrain": "plains"}]},
     "options.scene[7].q: must be an integer"),
    ({"scene": SCENE8[:7] + [{"q": 7, "terrain": "plains"}]}, "options.scene[7].r: missing"),
    ({"scene": SCENE8[:7] + [[7, 0, "plains"]]}, "options.scene[7]: must be an object"),
    ({"scene": SCENE8[:7] + [{"q": 7, "r": 0, "terrain": "plains", "capital": 0}]},
     "options.scene[7].capital: a capital is a town"),
    ({"scene": SCENE8[:7] + [{"q": 7, "r": 0, "terrain": "town", "capital": 2}]},
     "options.scene[7].capital: must be <= 1"),
    ({"scene": SCENE8[:7] + [{"q": 7, "r": 0, "terrain": "town", "capital": 0}]},
     "options.scene: capitals: one for P1 (0) and one for P2 (1), or none"),
    ({"scene": SCENE8[:7] + [{"q": 100, "r": 0, "terrain": "plains"}]},
     "options.scene[7].q: must be <= 64"),
]


@pytest.mark.parametrize("opts, words", BAD_OPTIONS, ids=[w for _, w in BAD_OPTIONS])
def test_bad_options_name_the_option(opts, words):
    with pytest.raises(ValueError) as e:
        Diceland(opts, 1)
    assert str(e.value).startswith(words), str(e.value)


def test_options_must_be_a_dict():
    with pytest.raises(ValueError, match="^options: must be an object"):
        check_options([("terrain", True)])


def test_a_scene_json_of_nine_hexes_is_refused():
    data = SCENE8 + [{"q": 8, "r": 0, "terrain": "plains"}]
    with pytest.raises(ValueError, match=r"^scene: D1: a scene has an even number"):
        ds.from_json(data)


def test_D10_a_json_scene_without_capitals_gets_two_extra_towns_kept_in_the_save():
    data = [dict(h) for h in SCENE8]
    data[2]["terrain"] = data[5]["terrain"] = data[6]["terrain"] = "town"
    g = Diceland({"scene": data, "capital": True}, 1)
    assert g.scene.n == 10 and [len(f) for f in g.free] == [7, 7]
    d = g.to_dict()
    assert sum(1 for h in d["scene"] if h["terrain"] == "town") == 5
    assert sorted(h.get("capital") for h in d["scene"] if "capital" in h) == [0, 1]
    assert Diceland.from_dict(json.loads(json.dumps(d))).to_dict() == d


def test_D10_a_scene_of_38_hexes_needs_its_two_capitals():
    big = [{"q": q, "r": r, "terrain": "plains"} for r in range(2) for q in range(19)]
    with pytest.raises(ValueError, match="^scene: needs 8 to 36 items, has 38"):
        ds.from_json(big)
    big[0]["terrain"] = big[-1]["terrain"] = "town"
    big[0]["capital"], big[-1]["capital"] = 0, 1
    assert ds.from_json(big).n == 38


# -- corrupt saved states -------------------------------------------------------------


def mid():
    return s_move().to_dict()


def occ():
    return s_occupy().to_dict()


def over():
    return s_over().to_dict()


def _swap_scene():
    d = mid()
    d["scene"][0]["terrain"] = "hill"
    return d


def _lose_die():
    d = mid()
    d["lost"][0] += 1
    return d


def _occ_turn():
    d = occ()
    d["turn"] = 1 - d["turn"]
    return d


def _occ_skip():
    d = occ()
    s = d["starter"]
    v = d["free"][s].pop()
    i = d["owner"].index(None)
    d["owner"][i], d["value"][i] = s, v
    v = d["free"][s].pop()
    i = d["owner"].index(None)
    d["owner"][i], d["value"][i] = s, v
    return d


def _empty_side():
    d = mid()
    for i, o in enumerate(d["owner"]):
        if o == 1:
            d["owner"][i] = None
            d["value"][i] = 0
            d["lost"][1] += 1
    return d


def _attack_without_contact():
    d = mid()
    d["phase"] = "attack"
    d["used"] = []
    d["invader"] = None
    d["owner"][3], d["value"][3] = None, 0  # P2's die moves out of reach
    d["owner"][7], d["value"][7] = 1, 6
    return d


# The save header ("game", "v") is checked once for every game: tests/test_game_contract.py.
CORRUPT = [
    ("not-a-dict", lambda: [1], "state"),
    ("options-bad", lambda: setk(mid(), ["options", "terrain"], "no"), "options.terrain"),
    ("options-unknown", lambda: setk(mid(), ["options", "x"], 1), "options.x"),
    ("rng-zero", lambda: setk(mid(), ["rng"], 0), "rng"),
    ("rng-str", lambda: setk(mid(), ["rng"], "7"), "rng"),
    ("scene-not-list", lambda: setk(mid(), ["scene"], {}), "scene"),
    ("scene-not-the-option", _swap_scene, "scene"),
    ("scene-dup", lambda: setk(mid(), ["scene", 1], dict(mid()["scene"][0])), "scene[1]"),
    ("phase-unknown", lambda: setk(mid(), ["phase"], "dance"), "phase"),
    ("turn-out", lambda: setk(mid(), ["turn"], 2), "turn"),
    ("turn-null", lambda: setk(mid(), ["turn"], None), "turn"),
    ("turn-in-over", lambda: setk(over(), ["turn"], 0), "turn"),
    ("starter-out", lambda: setk(mid(), ["starter"], 3), "starter"),
    ("first-null-in-play", lambda: setk(mid(), ["first"], None), "first"),
    ("first-set-in-occupy", lambda: setk(occ(), ["first"], 0), "first"),
    ("rerolls-negative", lambda: setk(mid(), ["rerolls"], -1), "rerolls"),
    ("owner-short", lambda: setk(mid(), ["owner"], mid()["owner"][:3]), "owner"),
    ("owner-two", lambda: setk(mid(), ["owner", 5], 2), "owner[5]"),
    ("owner-str", lambda: setk(mid(), ["owner", 5], "a"), "owner[5]"),
    ("value-seven", lambda: setk(mid(), ["value", 4], 7), "value[4]"),
    ("value-on-empty", lambda: setk(mid(), ["value", 2], 3), "value[2]"),
    ("value-zero-die", lambda: setk(mid(), ["value", 4], 0), "value[4]"),
    ("free-three", lambda: setk(mid(), ["free", 0], [1, 2, 3]), "free[0]"),
    ("free-seven", lambda: setk(mid(), ["free", 1, 0], 7), "free[1][0]"),
    ("free-not-pairs", lambda: setk(mid(), ["free"], [[1, 2]]), "free"),
    ("lost-negative", lambda: setk(mid(), ["lost", 0], -1), "lost[0]"),
    ("lost-wrong", _lose_die, "lost"),
    ("streak-two-in-play", lambda: setk(mid(), ["streak"], 2), "streak"),
    ("used-dup", lambda: setk(mid(), ["used"], [4, 4]), "used"),
    ("used-out", lambda: setk(mid(), ["used"], [9]), "used[0]"),
    ("invader-out", lambda: setk(mid(), ["invader"], 8), "invader"),
    ("invader-enemy", lambda: setk(mid(), ["invader"], 3), "invader"),
    ("pending-outside-choose", lambda: setk(mid(), ["pending"], [0, 1, 4]), "pending"),
    ("pending-short", lambda: setk(mid(), ["pending"], [0, 1]), "pending"),
    ("winners-in-play", lambda: setk(mid(), ["winners"], [0]), "winners"),
    ("winners-wrong", lambda: setk(over(), ["winners"], [1]), "winners"),
    ("winners-none-over", lambda: setk(over(), ["winners"], []), "winners"),
    ("occupy-turn", _occ_turn, "turn"),
    ("occupy-out-of-turn", _occ_skip, "free"),
    ("occupy-lost", lambda: setk(setk(occ(), ["lost", 0], 1), ["free", 0],
                                 occ()["free"][0][1:]), "lost"),
    ("side-without-dice", _empty_side, "owner"),
    ("attack-without-contact", _attack_without_contact, "phase"),
    ("over-not-ended", lambda: setk(setk(mid(), ["phase"], "over"), ["turn"], None),
     "winners"),
]


@pytest.mark.parametrize("make, field", [c[1:] for c in CORRUPT], ids=[c[0] for c in CORRUPT])
def test_corrupt_state_names_the_field(make, field):
    d = make()
    text = json.dumps(d)
    with pytest.raises(ValueError) as e:
        Diceland.from_dict(d)
    assert str(e.value).startswith(field + ":"), str(e.value)
    assert json.dumps(d) == text  # from_dict never changes its argument


def test_valid_states_load():
    for make in STATES.values():
        d = make().to_dict()
        assert Diceland.from_dict(copy.deepcopy(d)).to_dict() == d


def test_every_key_is_required():
    for key in mid():
        d = mid()
        del d[key]
        with pytest.raises(ValueError, match="^" + key + ": missing"):
            Diceland.from_dict(d)


def test_corrupt_cases_cover_every_field():
    fields = {re.split(r"[.\[]", c[2])[0] for c in CORRUPT}
    assert set(mid()) - {"game", "v"} <= fields  # the header: test_game_contract.py


@pytest.mark.parametrize("case, words", [
    ("lost-wrong", "D1: P1 has 7 dice in all, not 6"),
    ("occupy-turn", "D2: P"),
    ("side-without-dice", "D9: a side without dice on the field has lost"),
    ("attack-without-contact", "D3: an attack step needs a possible attack"),
    ("winners-wrong", "D9: the winner is P1"),
    ("value-on-empty", "D3: a die shows 1-6; an empty hex 0"),
])
def test_corrupt_state_names_the_rule(case, words):
    make = {c[0]: c[1] for c in CORRUPT}[case]
    with pytest.raises(ValueError) as e:
        Diceland.from_dict(make())
    assert words in str(e.value), str(e.value)


def test_a_finished_game_without_an_end_condition_is_refused():
    d = s_attack().to_dict()
    d.update(phase="over", turn=None, winners=[0])
    with pytest.raises(ValueError, match="^phase: D9: the game has not ended"):
        Diceland.from_dict(d)


def test_capital_states_are_checked():
    g = position("""
    Ca3 Pb2 P Cb4
    Pa1 P   P P
    """, capital=True)
    d = g.to_dict()
    d["owner"][3] = 0  # P1 on P2's capital, yet the game goes on
    d["lost"] = [d["lost"][0] - 1, d["lost"][1] + 1]
    with pytest.raises(ValueError, match="^owner: D9: a captured capital ends the game"):
        Diceland.from_dict(d)
    d = g.to_dict()
    d["scene"] = [{k: v for k, v in h.items() if k != "capital"} for h in d["scene"]]
    d["options"]["scene"] = d["scene"]
    with pytest.raises(ValueError, match="^(scene|options.capital)"):
        Diceland.from_dict(d)


def test_reloading_the_preset_checks_it_is_that_preset():
    d = Diceland({"scene": "duel"}, 1).to_dict()
    d["scene"] = ds.preset("pocket").to_json()
    with pytest.raises(ValueError, match="^scene: is not the scene options.scene names"):
        Diceland.from_dict(d)
    d = Diceland({"scene": "random", "size": 10}, 1).to_dict()
    d["options"]["size"] = 12
    with pytest.raises(ValueError, match="^scene: options.size is 12"):
        Diceland.from_dict(d)


def test_at_helper_matches_scene_index():
    g = s_attack()
    assert at(g, 0, 1) == 4
