"""Diceland rulings D1-D9 (docs/rules.md), the options, every FAQ answer of
the Diceland rulebook and the author's note, one or more tests each, on exact positions.

Positions are built through the saved-state dict (``position`` in diceland_helpers), so
each test also shows that from_dict accepts them. Maps are rows of hexes in odd-r offset:
``Pa3`` is a plains hex holding P1's (seat 0's) die showing 3, ``Hb1`` a hill with P2's 1,
``M`` an empty mountain. In a row of even index, hex (c, r) borders (c, r+1) and
(c-1, r+1); in an odd row, (c, r+1) and (c+1, r+1), and the same upwards.
"""

import json

import pytest
from diceland_helpers import at, check_D10, check_invariants, die, position, random_game, rng_for

from slampad.games import diceland_hex as hx
from slampad.games import diceland_scenes as ds
from slampad.games.diceland import DEFAULTS, Diceland
from slampad.rng import Rng

P1, P2 = 0, 1


def kinds(ev):
    return [e[0] for e in ev]


def bad(g, action, words):
    before = g.to_dict()
    with pytest.raises(ValueError) as e:
        g.apply(action)
    assert str(e.value).startswith(words), str(e.value)
    assert g.to_dict() == before  # an illegal action changes nothing
    return str(e.value)


def attack(g, src, tgt, rolls=None):
    if rolls is not None:
        g.rng = Rng.from_state(rng_for(rolls))
    return g.apply(("attack", g.turn, at(g, *src), at(g, *tgt)))


def combo(g, a, b, tgt, rolls):
    g.rng = Rng.from_state(rng_for(rolls))
    a, b = sorted((at(g, *a), at(g, *b)))
    return g.apply(("combo", g.turn, a, b, at(g, *tgt)))


def move(g, src, dst):
    return g.apply(("move", g.turn, at(g, *src), at(g, *dst)))


def test_options_are_the_referee_schema_names():
    assert set(DEFAULTS) == {"scene", "size", "terrain", "fatal_attraction", "grouping",
                             "capital", "fill_the_void"}
    assert DEFAULTS["terrain"] is True
    assert not any(DEFAULTS[k] for k in ("fatal_attraction", "grouping", "capital",
                                         "fill_the_void"))


# -- D1 scene ---------------------------------------------------------------------------


def test_D1_presets_of_8_to_36_hexes_with_the_box_mix():
    sizes = [ds.preset(name).n for name in ds.PRESET_NAMES]
    assert sizes == [8, 12, 18, 24, 30, 36]
    for name in ds.PRESET_NAMES:
        s = ds.preset(name)
        assert hx.connected(s.adj) and s.n % 2 == 0
        counts = [s.terrain.count(t) for t in range(5)]
        assert min(counts) >= 1 and counts[ds.TOWN] >= 2  # every terrain
        assert s.capitals is None  # D10: capitals are extra towns, added by the option
    big = ds.preset("diceland")
    assert [big.terrain.count(t) for t in range(5)] == [12, 9, 6, 6, 3]  # the 36 cards
    assert ds.mix(36) == [12, 9, 6, 6, 3]


def test_D1_each_player_takes_half_the_hexes_plus_two_dice():
    # "if you have decided to play with a 10-territory scene, each player takes 7 dice"
    for name in ds.PRESET_NAMES:
        g = Diceland({"scene": name}, 4)
        n = g.scene.n
        assert [len(f) for f in g.free] == [n // 2 + 2] * 2
    for size in range(8, 37, 2):
        g = Diceland({"scene": "random", "size": size}, size)
        assert g.scene.n == size and len(g.free[0]) == size // 2 + 2


def test_D1_the_generator_makes_connected_scenes_of_the_even_size_asked():
    for size in range(8, 37, 2):
        for seed in range(6):
            s = ds.generate(size, Rng(seed))
            assert s.n == size and hx.connected(s.adj)
            assert len(set(s.cells)) == size
            assert [s.terrain.count(t) for t in range(5)] == ds.mix(size)
            assert s.capitals is None  # D10: make() adds them
            again = ds.generate(size, Rng(seed))
            assert again.to_json() == s.to_json()  # the Rng alone decides
    assert ds.generate(20, Rng(1)).to_json() != ds.generate(20, Rng(2)).to_json()


@pytest.mark.parametrize("size", [6, 7, 9, 35, 38])
def test_D1_scene_size_is_even_from_8_to_36(size):
    with pytest.raises(ValueError, match="^options.size: "):
        Diceland({"scene": "random", "size": size})


def test_D1_a_scene_saves_and_loads_as_json():
    for name in ds.PRESET_NAMES:
        s = ds.preset(name)
        text = json.dumps(s.to_json())
        back = ds.from_json(json.loads(text))
        assert back.to_json() == s.to_json() and back.adj == s.adj
    js = ds.generate(24, Rng(9)).to_json()
    g = Diceland({"scene": js}, 3)  # a saved scene is a scene option
    assert g.scene.to_json() == js


def test_D1_FAQ_hexagons_at_random_or_following_any_scheme():
    # FAQ: "How are the hexagon-cards arranged in the field? At random or following any
    # scheme the players have agreed upon."
    random_scene = Diceland({"scene": "random", "size": 14}, 5)
    agreed = Diceland({"scene": "crossing"}, 5)
    custom = Diceland({"scene": [{"q": i, "r": 0, "terrain": "plains"} for i in range(8)]})
    assert (random_scene.scene.n, agreed.scene.n, custom.scene.n) == (14, 24, 8)


# -- D2 initiative and occupation -----------------------------------------------------


def oracle_starter(a, b):
    for v in (6, 5, 4, 3, 2, 1):
        if a.count(v) != b.count(v):
            return 0 if a.count(v) > b.count(v) else 1
    return None


def test_D2_most_sixes_then_fives_start_occupation():
    # FAQ: "Who starts placing the dice in the field? The player who rolled the most
    # sixes. If there is a tie, the one who rolled the most fives and so on."
    starters = set()
    for seed in range(300):
        g = Diceland({"scene": "pocket"}, seed)
        want = oracle_starter(*g.free)
        assert want is not None and g.starter == g.turn == want
        assert g.phase == "occupy" and g.first is None
        starters.add(want)
    assert starters == {0, 1}


def test_D2_identical_rolls_roll_again():
    # FAQ: "In the unlikely case that both players rolled the exact same combination of
    # dice, roll again."  Seed 46 on the 8-hex preset rolls the same combination once.
    g = Diceland({"scene": "pocket"}, 46)
    assert g.rerolls == 1 and g.free[0] != g.free[1]
    assert g.starter == oracle_starter(*g.free)
    assert Diceland({"scene": "pocket"}, 45).rerolls == 0


def test_D2_the_occupier_chooses_which_rolled_die_goes_on_which_hex():
    g = Diceland({"scene": "pocket"}, 7)
    p = g.turn
    acts = g.legal_actions(p)
    assert acts == [("place", p, v, h) for v in sorted(set(g.free[p])) for h in range(8)]
    v = g.free[p][-1]
    ev = g.apply(("place", p, v, 5))
    assert ev == [("place", p, v, 5)] and g.owner[5] == p and g.value[5] == v
    assert g.turn == 1 - p  # alternate
    assert all(a[3] != 5 for a in g.legal_actions(1 - p))  # one die per hex


def test_D2_occupation_alternates_until_every_hex_is_full_and_two_dice_are_left():
    for seed in range(20):
        g = Diceland({"scene": "duel"}, seed)
        rolled = [sorted(f) for f in g.free]
        placed = [[], []]
        order = []
        rng = Rng(seed)
        while g.phase == "occupy":
            a = rng.choice(g.legal_actions(g.turn))
            order.append(a[1])
            placed[a[1]].append(a[2])
            g.apply(a)
        assert order == [g.starter, 1 - g.starter] * 6
        assert g.owner.count(-1) == 0 and [len(f) for f in g.free] == [2, 2]
        for p in (0, 1):
            assert sorted(placed[p] + g.free[p]) == rolled[p]  # values as rolled
        check_invariants(g)


OCCUPY_END = """
Pa1 Pa2 Pb3 Pb4
Pa5 Pa6 Pb1 P
"""


def test_D2_first_turn_to_the_higher_free_dice_sum():
    # FAQ: "Who attacks first? The player whose two remaining dice have the highest value
    # (the values are added together)."
    g = position(OCCUPY_END, phase="occupy", turn=P2, free=((1, 2), (1, 2, 6)), first=P1)
    ev = g.apply(("place", P2, 1, at(g, 3, 1)))
    assert ("first", P2, [3, 8]) in ev and g.first == P2 and g.turn == P2
    assert g.phase == "attack"


def test_D2_a_tie_of_free_dice_goes_to_who_started_occupying():
    # FAQ: "In case of a tie, the player that started placing the dice in the field goes
    # first."
    g = position(OCCUPY_END, phase="occupy", turn=P2, free=((1, 2), (1, 2, 6)), first=P1)
    ev = g.apply(("place", P2, 6, at(g, 3, 1)))
    assert ("first", P1, [3, 3]) in ev and g.first == P1 and g.turn == P1


def test_D2_tie_mirrored_second_player_started():
    m = """
    Pb1 Pb2 Pa3 Pa4
    Pb5 Pb6 Pa1 P
    """
    g = position(m, phase="occupy", turn=P1, free=((1, 2, 6), (1, 2)), starter=P2)
    ev = g.apply(("place", P1, 6, at(g, 3, 1)))
    assert ("first", P2, [3, 3]) in ev and g.turn == P2


def test_D2_place_only_dice_you_rolled_on_empty_hexes():
    g = position(OCCUPY_END, phase="occupy", turn=P2, free=((1, 2), (1, 2, 6)), first=P1)
    bad(g, ("place", P2, 5, at(g, 3, 1)), "D2: P2 rolled no 5 left to place")
    bad(g, ("place", P2, 6, at(g, 0, 0)), "D2: hex 0 is occupied; one die per hex")
    bad(g, ("place", P1, 1, at(g, 3, 1)), "D2: it is P2's turn, not P1's")
    bad(g, ("attack", P2, 2, 1), "D2: now is the occupy step")


# -- D3 attack ----------------------------------------------------------------------------

DUEL = """
Pa3 Pb5 P P
P   P   P P
"""


def test_D3_perfect_attack_defender_loses_the_roll_attacker_unchanged():
    g = position(DUEL, free=((1, 4), (2, 5)))
    ev = attack(g, (0, 0), (1, 0), [3])
    assert ("roll", P1, [3]) in ev and ("attack", P1, 0, 1, 3, "perfect") in ev
    assert die(g, 0, 0) == (P1, 3) and die(g, 1, 0) == (P2, 2)
    assert g.free[P1] == [3, 4]  # the rolled die stays free, showing its roll
    assert g.phase == "move"


def test_D3_valid_attack_the_rolled_die_takes_the_hex_and_the_displaced_die_is_free():
    g = position(DUEL, free=((1, 4), (2, 5)))
    ev = attack(g, (0, 0), (1, 0), [2])
    assert ("attack", P1, 0, 1, 2, "valid") in ev
    assert die(g, 0, 0) == (P1, 2) and die(g, 1, 0) == (P2, 3)
    assert g.free[P1] == [3, 4]  # the displaced die is free with the value it had
    check_invariants(g)


def test_D3_failed_attack_attacker_loses_one_point():
    g = position(DUEL, free=((1, 4), (2, 5)))
    ev = attack(g, (0, 0), (1, 0), [5])
    assert ("attack", P1, 0, 1, 5, "failed") in ev
    assert die(g, 0, 0) == (P1, 2) and die(g, 1, 0) == (P2, 5)
    assert g.free[P1] == [5, 4]


def test_D3_a_single_attack_rolls_a_free_die_never_a_die_on_the_field():
    g = position(DUEL, free=((1, 4), (2, 5)))
    attack(g, (0, 0), (1, 0), [6])
    assert g.free[P1][1] == 4 and g.free[P2] == [2, 5]


def test_D3_a_single_attack_may_name_which_free_die_it_rolls():
    # D3: which free die is rolled does not matter to the outcome; after a valid attack
    # the displaced die takes the place of the die that was rolled.
    for die_i, free in ((0, [3, 4]), (1, [1, 3])):
        g = position(DUEL, free=((1, 4), (2, 5)), rolls=[2])
        ev = g.apply(("attack", P1, at(g, 0, 0), at(g, 1, 0), die_i))
        assert ("roll", P1, [2]) in ev and ("attack", P1, 0, 1, 2, "valid") in ev
        assert die(g, 0, 0) == (P1, 2) and die(g, 1, 0) == (P2, 3)
        assert g.free[P1] == free and g.free[P2] == [2, 5]
        check_invariants(g)
    g = position(DUEL, free=((1, 4), (2, 5)), rolls=[6])
    g.apply(("attack", P1, 0, 1, 1))
    assert g.free[P1] == [1, 6] and die(g, 0, 0) == (P1, 2)  # failed: the 6 stays free
    g = position(DUEL, free=((1, 4), (2, 5)))
    assert ("attack", P1, 0, 1) in g.legal_actions(P1)  # listed without the die
    for d in (2, -1, None, True):
        bad(g, ("attack", P1, 0, 1, d), "D3: %r is not a free die 0 or 1" % (d,))
    bad(g, ("attack", P1, 0, 2, 1), "D3: hex 2 holds no enemy die")


def test_D3_FAQ_attack_is_mandatory_and_cannot_be_forfeited():
    # FAQ: "Can I forfeit an attack? No. If the attack is possible, it is mandatory."
    g = position(DUEL)
    acts = g.legal_actions(P1)
    assert acts == [("attack", P1, 0, 1)] and g.phase == "attack"
    bad(g, ("pass", P1), "D3: now is the attack step; 'pass' is not allowed")
    bad(g, ("move", P1, 0, 4), "D3: now is the attack step; 'move' is not allowed")


def test_D3_FAQ_only_one_attack_per_turn():
    # FAQ: "Can I make more than one attack? No. The turn involves: ONE attack (with
    # possible invasion) and ONE move."
    g = position(DUEL)
    attack(g, (0, 0), (1, 0), [1])
    assert g.phase == "move" and g.turn == P1
    assert all(a[0] in ("move", "pass") for a in g.legal_actions(P1))
    bad(g, ("attack", P1, 0, 1), "D5: now is the move step; 'attack' is not allowed")


def test_D3_FAQ_a_disastrous_roll_must_be_used():
    # FAQ: "I rolled a disastrous value. Can I decide not to use the die and lose a unit?
    # No. If the die rolled can be used (its value is equal to or lower than that of the
    # attacking die in the field) it must be used."  A single attack has no choice after
    # the roll: the 1 replaces the 3.
    g = position(DUEL)
    ev = attack(g, (0, 0), (1, 0), [1])
    assert ("attack", P1, 0, 1, 1, "valid") in ev and die(g, 0, 0) == (P1, 1)
    assert g.legal_actions(P1)[-1] == ("pass", P1) and not any(
        a[0] == "use" for a in g.legal_actions(P1))


def test_D3_eliminating_the_defender_the_attacker_must_move_in():
    m = """
    Pa3 Pb2 P Pb6
    P   P   P P
    """
    g = position(m)
    ev = attack(g, (0, 0), (1, 0), [2])
    assert ("eliminated", P2, 1) in ev and ("invade", P1, 0, 1) in ev
    assert die(g, 0, 0) == (None, 0) and die(g, 1, 0) == (P1, 2)
    assert g.lost == [3, 3] and g.invader == 1
    check_invariants(g)


def test_D3_author_note_you_must_occupy_the_hex_left_vacant():
    # Author's note: "if you have eliminated one of your adversary's die through an attack,
    # you must move in to occupy the territory (hexagon) left vacant."  There is no action
    # to decline: the invasion is part of the attack.
    m = """
    Pa4 Pb1 Pb3 P
    P   P   P   P
    """
    g = position(m)
    attack(g, (0, 0), (1, 0), [4])
    assert die(g, 1, 0) == (P1, 4) and die(g, 0, 0)[0] is None


def test_D3_author_note_6_against_1_can_prove_disastrous_for_the_attacker():
    # Author's note: "An attack by a die with a value of 6 against a die with a value of 1
    # can, in fact, prove disastrous for the attacker: he will certainly eliminate the
    # adversary's die but he also runs the risk of suffering even greater damage than he
    # inflicted."
    m = """
    Pa6 Pb1 Pb6 P
    P   P   P   P
    """
    for roll in range(1, 7):
        g = position(m)
        ev = attack(g, (0, 0), (1, 0), [roll])
        assert ("eliminated", P2, 1) in ev  # certainly eliminated
        assert die(g, 1, 0) == (P1, roll)  # the invader is the die that was rolled
        assert g.free[P1][0] == 6  # the 6 is free again (displaced, or the rolled 6)
    # With a 1: the defender lost 1 point, the attacker's hex went from 6 to 1 and the
    # 1 now stands next to the enemy's 6.
    g = position(m)
    attack(g, (0, 0), (1, 0), [1])
    assert die(g, 1, 0) == (P1, 1) and at(g, 2, 0) in g.scene.adj[at(g, 1, 0)]
    assert die(g, 2, 0) == (P2, 6)


def test_D3_a_dead_attacker_leaves_its_hex_empty_and_the_defender_stays():
    m = """
    Pa1 Pb5 P P
    Pa2 P   P P
    """
    g = position(m)
    ev = attack(g, (0, 0), (1, 0), [4])
    assert ("attack", P1, 0, 1, 4, "failed") in ev and ("eliminated", P1, 0) in ev
    assert die(g, 0, 0) == (None, 0) and die(g, 1, 0) == (P2, 5)
    assert "fill" not in kinds(ev) and g.invader is None


def test_D3_no_invasion_onto_a_mountain_it_stays_empty():
    m = """
    Pa3 Mb2 P Pb6
    P   P   P P
    """
    g = position(m)
    ev = attack(g, (0, 0), (1, 0), [3])
    assert ("eliminated", P2, 1) in ev and "invade" not in kinds(ev)
    assert die(g, 0, 0) == (P1, 3) and die(g, 1, 0) == (None, 0)
    assert all(a[3] != at(g, 1, 0) for a in g.legal_actions(P1) if a[0] == "move")
    # Without the terrain rules a mountain is plain ground.
    g = position(m, terrain=False)
    ev = attack(g, (0, 0), (1, 0), [3])
    assert ("invade", P1, 0, 1) in ev


# -- D4 combined attack -------------------------------------------------------------------

TRIANGLE = """
Pa3 Pa5 P Pb6
{t}b4 P P P
"""


def tri(t="P", **kw):
    g = position(TRIANGLE.format(t=t), **kw)
    a, b, tgt = at(g, 0, 0), at(g, 1, 0), at(g, 0, 1)
    assert b in g.scene.adj[a] and tgt in g.scene.adj[a] and tgt in g.scene.adj[b]
    return g, a, b, tgt


def test_D4_combined_attack_from_two_bordering_hexes_rolls_both_then_chooses():
    g, a, b, t = tri()
    assert ("combo", P1, a, b, t) in g.legal_actions(P1)
    ev = combo(g, (0, 0), (1, 0), (0, 1), [6, 2])
    assert ev == [("roll", P1, [6, 2])] and g.phase == "choose"
    assert g.free[P1] == [6, 2]
    assert g.legal_actions(P1) == [("use", P1, 1, a), ("use", P1, 1, b)]
    ev = g.apply(("use", P1, 1, b))
    assert ("attack", P1, b, t, 2, "valid") in ev
    assert die(g, 1, 0) == (P1, 2) and die(g, 0, 1) == (P2, 2)
    assert g.free[P1] == [6, 5]  # the displaced 5 took the used roll's place
    check_invariants(g)


def test_D4_a_combination_that_does_not_fail_must_be_chosen():
    # FAQ: "This is also true for combined attacks. In this case, if at least ONE of the
    # two points can be used, it must be used."  And: "The player cannot voluntarily
    # decide to let the attack fail."
    g, a, b, t = tri()
    combo(g, (0, 0), (1, 0), (0, 1), [6, 2])
    bad(g, ("use", P1, 0, b), "D4: a combination that does not fail must be chosen")
    bad(g, ("use", P1, 0, a), "D4: a combination that does not fail must be chosen")
    bad(g, ("use", P1, 1, t), "D4: hex 4 is not one of the two attacking hexes")
    bad(g, ("pass", P1), "D4: now is the choose step")


def test_D4_the_roll_can_be_used_from_either_hex_where_it_does_not_fail():
    g, a, b, t = tri()
    combo(g, (0, 0), (1, 0), (0, 1), [3, 5])
    assert sorted(x[2:] for x in g.legal_actions(P1)) == [(0, a), (0, b), (1, b)]
    ev = g.apply(("use", P1, 0, a))  # 3 on the 3: perfect
    assert ("attack", P1, a, t, 3, "perfect") in ev and die(g, 0, 1) == (P2, 1)


def test_D4_if_all_fail_the_player_picks_which_attacker_loses_the_point():
    g, a, b, t = tri()
    combo(g, (0, 0), (1, 0), (0, 1), [6, 6])
    assert sorted(x[2:] for x in g.legal_actions(P1)) == [(0, a), (0, b), (1, a), (1, b)]
    ev = g.apply(("use", P1, 1, b))
    assert ("attack", P1, b, t, 6, "failed") in ev
    assert die(g, 0, 0) == (P1, 3) and die(g, 1, 0) == (P1, 4)


def test_D4_reading_a_single_lawful_choice_is_applied_at_once():
    g, a, b, t = tri()
    ev = combo(g, (0, 0), (1, 0), (0, 1), [6, 4])  # only the 4 from the 5
    assert kinds(ev)[:2] == ["roll", "attack"] and ("attack", P1, b, t, 4, "valid") in ev
    assert g.phase == "move" and g.pending is None


def test_D4_the_two_hexes_must_border_each_other_and_the_target():
    m = """
    Pa3 Pb4 Pa5 P
    P   P   P   P
    """
    g = position(m)
    a, t, b = at(g, 0, 0), at(g, 1, 0), at(g, 2, 0)
    assert b not in g.scene.adj[a]
    assert not any(x[0] == "combo" for x in g.legal_actions(P1))
    bad(g, ("combo", P1, a, b, t), "D4: the two attacking hexes must border each other")
    g, a, b, t = tri()
    bad(g, ("combo", P1, b, a, t), "D4: name the two hexes in increasing order")
    bad(g, ("combo", P1, a, at(g, 2, 0), t), "D4: hex 2 holds no die of P1")


def test_D4_FAQ_no_attack_from_three_territories():
    # FAQ: "Can I attack from three territories with three dice? No, the maximum
    # combination is an attack from two territories."
    m = """
    Pa3 Pa5 Pa4 P
    Pa2 Pb4 P   P
    """
    g = position(m)
    t = at(g, 1, 1)
    mine = [s for s in g.scene.adj[t] if g.owner[s] == P1]
    assert len(mine) == 3
    for a in g.legal_actions(P1):
        assert a[0] in ("attack", "combo") and len(a) <= 5
    bad(g, ("combo", P1, mine[0], mine[1], mine[2], t), "unknown action, or wrong arg")


@pytest.mark.parametrize("terrain", ["H", "M"])
def test_D4_no_combined_attack_against_hills_and_mountains(terrain):
    g, a, b, t = tri(terrain)
    assert not any(x[0] == "combo" for x in g.legal_actions(P1))
    assert ("attack", P1, a, t) in g.legal_actions(P1)  # a single attack is fine
    bad(g, ("combo", P1, a, b, t), "D4: no combined attack against a hill or a mountain")
    # The basic rules: terrain is only scenery.
    g, a, b, t = tri(terrain, terrain=False)
    assert ("combo", P1, a, b, t) in g.legal_actions(P1)
    combo(g, (0, 0), (1, 0), (0, 1), [6, 2])
    assert g.phase == "choose"


# -- D5 move ---------------------------------------------------------------------------

FIELD = """
Pa3 P   P   Pb2
P   P   P   P
P   P   P   P
"""


def test_D5_moving_is_optional_FAQ():
    # FAQ: "Can I decide not to move the dice when it is my turn to move? Yes, moving is
    # optional."
    g = position(FIELD, phase="move")
    assert ("pass", P1) in g.legal_actions(P1)
    ev = g.apply(("pass", P1))
    assert g.turn == P2 and ("turn", P2) in ev


def test_D5_one_move_to_an_adjacent_empty_hex_then_the_turn_ends():
    g = position(FIELD, phase="move")
    s = at(g, 0, 0)
    assert sorted(a[3] for a in g.legal_actions(P1) if a[0] == "move") == g.scene.adj[s]
    ev = move(g, (0, 0), (1, 0))
    assert ("move", P1, 0, 1) in ev and g.turn == P2
    assert die(g, 1, 0) == (P1, 3) and die(g, 0, 0)[0] is None
    g = position(FIELD, phase="move")
    bad(g, ("move", P1, s, at(g, 2, 0)), "D5: a die moves to an adjacent hex")
    bad(g, ("move", P1, at(g, 3, 0), at(g, 2, 0)), "D5: hex 3 holds no die of P1")


def test_D5_a_die_in_contact_cannot_move():
    m = """
    Pa3 Pb2 P P
    P   P   P P
    """
    g = position(m, phase="move")
    assert g.legal_actions(P1) == [("pass", P1)]
    bad(g, ("move", P1, 0, at(g, 0, 1)), "D5: a die in contact with the enemy cannot")


def test_D5_forests_leaving_contact():
    m = """
    Fa3 Pb2 P P
    P   P   P P
    """
    g = position(m, phase="move")
    assert ("move", P1, 0, at(g, 0, 1)) in g.legal_actions(P1)
    move(g, (0, 0), (0, 1))
    assert die(g, 0, 1) == (P1, 3)
    # A forest die may even go to another hex in contact; without the terrain rules the
    # forest is plain ground and the die is stuck.
    g = position(m, phase="move", terrain=False)
    assert g.legal_actions(P1) == [("pass", P1)]


def test_D5_the_die_that_just_invaded_cannot_move():
    m = """
    Pa3 Pb2 P Pb6
    P   P   P P
    """
    g = position(m)
    attack(g, (0, 0), (1, 0), [3])
    assert g.invader == 1 and g.legal_actions(P1) == [("pass", P1)]
    bad(g, ("move", P1, 1, 2), "D5: the die that just invaded cannot move")


MOUNTAIN_FLOW = """
Ma3 P   P   P
Pa4 P   P   P
P   P   Pa6 Pb6
"""


def abandon_mountain(terrain):
    """P1 leaves the mountain; P2 attacks and P1 attacks back (nothing dies); P1 moves."""
    g = position(MOUNTAIN_FLOW, phase="move", terrain=terrain)
    move(g, (0, 0), (1, 0))  # the mountain is abandoned
    attack(g, (3, 2), (2, 2), [1])  # P2: valid; its hex now shows 1, P1's 6 is a 5
    g.apply(("pass", P2))
    attack(g, (2, 2), (3, 2), [6])  # P1: 6 against a 5: failed
    assert g.phase == "move" and g.turn == P1
    return g


def test_D5_mountains_once_empty_are_never_re_entered():
    g = abandon_mountain(True)
    mtn = at(g, 0, 0)
    assert g.owner[mtn] < 0
    assert all(a[3] != mtn for a in g.legal_actions(P1) if a[0] == "move")
    bad(g, ("move", P1, at(g, 1, 0), mtn), "D5: a mountain, once empty, can never be")
    bad(g, ("move", P1, at(g, 0, 1), mtn), "D5: a mountain, once empty, can never be")
    # Saved and loaded, it is still barred.
    h = Diceland.from_dict(json.loads(json.dumps(g.to_dict())))
    assert all(a[3] != mtn for a in h.legal_actions(P1) if a[0] == "move")
    # Without the terrain rules a mountain is plain ground.
    g = abandon_mountain(False)
    move(g, (0, 1), (0, 0))
    assert die(g, 0, 0) == (P1, 4)


def test_D5_an_occupied_hex_cannot_be_entered():
    m = """
    Pa3 P   Pb2 P
    Pa4 P   P   P
    """
    g = position(m, phase="move")
    bad(g, ("move", P1, 0, at(g, 0, 1)), "D7: hex 4 is occupied (grouping is off)")
    m = """
    Fa3 Pb2 P P
    P   P   P P
    """
    g = position(m, phase="move")
    bad(g, ("move", P1, 0, 1), "D5: hex 1 is occupied")


# -- D6 fatal attraction ------------------------------------------------------------------

LURE = """
Pa3 P   Pb2 P
P   P   P   P
"""


def test_D6_fatal_attraction_makes_a_move_into_contact_compulsory():
    g = position(LURE, phase="move", fatal_attraction=True)
    into = at(g, 1, 0)
    assert g.touches(into, P1)
    acts = g.legal_actions(P1)
    assert acts and all(g.touches(a[3], P1) for a in acts)
    assert ("pass", P1) not in acts
    bad(g, ("pass", P1), "D6: fatal attraction: a move into contact with the enemy is")
    bad(g, ("move", P1, 0, at(g, 0, 1)), "D6: fatal attraction")
    move(g, (0, 0), (1, 0))
    assert g.turn == P2


def test_D6_the_player_picks_which_contact_move():
    m = """
    Pa3 P   Pb2 P
    P   P   P   P
    P   Pa1 P   P
    """
    g = position(m, phase="move", fatal_attraction=True)
    srcs = {a[2] for a in g.legal_actions(P1)}
    assert srcs == {at(g, 0, 0), at(g, 1, 2)}  # either die may be the one drawn in


def test_D6_without_fatal_attraction_the_move_stays_optional():
    g = position(LURE, phase="move")
    acts = g.legal_actions(P1)
    assert ("pass", P1) in acts and any(not g.touches(a[3], P1) for a in acts[:-1])


def test_D6_reading_a_die_already_in_contact_is_not_drawn():
    m = """
    Fa3 Pb2 P P
    P   P   P P
    """
    g = position(m, phase="move", fatal_attraction=True)
    # The forest die may leave, or stay; moving along the front is no duty.
    assert ("pass", P1) in g.legal_actions(P1)


def test_D6_reading_no_grouping_while_a_contact_move_is_owed():
    m = """
    Pa3 P   Pb2 P
    Pa1 P   P   P
    """
    g = position(m, phase="move", fatal_attraction=True, grouping=True)
    bad(g, ("move", P1, at(g, 0, 1), 0), "D6: fatal attraction")
    assert all(g.owner[a[3]] < 0 for a in g.legal_actions(P1))


# -- D7 grouping -----------------------------------------------------------------------

GROUP = """
Pa3 Pa4 P Pb2
P   P   P P
"""


def test_D7_grouping_adds_the_values_capped_at_6_the_surplus_die_leaves_play():
    # "if a player decides to group together a die reading 3 with another one reading 4,
    # the final result will be 6."
    g = position(GROUP, phase="move", grouping=True)
    lost = list(g.lost)
    ev = move(g, (0, 0), (1, 0))
    assert ("group", P1, 0, 1, 6) in ev
    assert die(g, 1, 0) == (P1, 6) and die(g, 0, 0)[0] is None
    assert g.lost == [lost[0] + 1, lost[1]]
    check_invariants(g)


def test_D7_grouping_is_capped_at_6():
    for a, b, want in ((1, 2, 3), (2, 4, 6), (5, 6, 6), (6, 6, 6), (3, 3, 6)):
        g = position(GROUP.replace("Pa3", "Pa%d" % a).replace("Pa4", "Pa%d" % b),
                     phase="move", grouping=True)
        move(g, (0, 0), (1, 0))
        assert die(g, 1, 0) == (P1, want)


def test_D7_grouping_follows_the_movement_rules():
    m = """
    Pa3 Pb2 P P
    Pa2 P   P P
    """
    g = position(m, phase="move", grouping=True)
    bad(g, ("move", P1, 0, at(g, 0, 1)), "D5: a die in contact with the enemy cannot")
    g = position(GROUP, phase="move")  # grouping off
    bad(g, ("move", P1, 0, 1), "D7: hex 1 is occupied (grouping is off)")
    assert all(g.owner[a[3]] < 0 for a in g.legal_actions(P1) if a[0] == "move")


def test_D7_separating_is_not_possible():
    g = position(GROUP, phase="move", grouping=True)
    assert {a[0] for a in g.legal_actions(P1)} == {"move", "pass"}  # none splits a die
    move(g, (0, 0), (1, 0))
    assert die(g, 1, 0) == (P1, 6) and g.owner.count(P1) == 1


def test_D7_reading_a_die_may_group_into_the_die_that_just_invaded():
    m = """
    Pa3 Pb2 P Pb6
    Pa1 P   P P
    """
    g = position(m, grouping=True)
    attack(g, (0, 0), (1, 0), [2])
    assert g.invader == 1
    assert ("move", P1, at(g, 0, 1), 1) in g.legal_actions(P1)


# -- D8 towns --------------------------------------------------------------------------

TOWNS = """
Ta3 Pb5 P   Ta2
P   P   Ta4 P
P   P   P   Ta6
"""


def test_D8_town_regeneration_only_for_dice_that_neither_attacked_nor_moved():
    g = position(TOWNS)
    attack(g, (0, 0), (1, 0), [6])  # the 3 in its town attacked (and failed)
    move(g, (2, 1), (2, 2))  # the town 4 moves out
    assert g.phase == "town"
    assert g.legal_actions(P1) == [("town", P1, at(g, 3, 0)), ("pass", P1)]
    bad(g, ("town", P1, 0), "D8: hex 0 is no own town")
    bad(g, ("town", P1, at(g, 3, 2)), "D8:")  # already 6
    ev = g.apply(("town", P1, at(g, 3, 0)))
    assert ("town", P1, at(g, 3, 0), 3) in ev and g.turn == P2


def test_D8_regeneration_is_optional_and_at_the_end_of_the_turn():
    g = position(TOWNS)
    attack(g, (0, 0), (1, 0), [6])
    g.apply(("pass", P1))  # no move
    assert g.phase == "town" and g.turn == P1
    assert sorted(a[2] for a in g.legal_actions(P1) if a[0] == "town") == [
        at(g, 3, 0), at(g, 2, 1)]
    g.apply(("pass", P1))
    assert g.turn == P2 and die(g, 3, 0) == (P1, 2)


def test_D8_a_die_that_moved_into_a_town_does_not_regenerate():
    m = """
    Pa3 Pb5 P  T
    Ta4 P   Pa2 P
    """
    g = position(m)
    attack(g, (0, 0), (1, 0), [6])
    move(g, (2, 1), (3, 0))
    assert g.phase == "town"
    assert [a for a in g.legal_actions(P1) if a[0] == "town"] == [("town", P1, at(g, 0, 1))]


def test_D8_reading_both_dice_of_a_combined_attack_attacked():
    m = """
    Ta3 Ta5 P Pb6
    Pb4 P   P Ta1
    """
    g = position(m)
    combo(g, (0, 0), (1, 0), (0, 1), [6, 4])  # only the 5 can use the 4
    g.apply(("pass", P1))
    assert [a for a in g.legal_actions(P1) if a[0] == "town"] == [("town", P1, at(g, 3, 1))]


def test_D8_no_town_step_without_the_terrain_rules_or_when_no_die_qualifies():
    g = position(TOWNS, terrain=False)
    attack(g, (0, 0), (1, 0), [6])
    g.apply(("pass", P1))
    assert g.turn == P2
    m = """
    Pa3 Pb5 P Ta6
    P   P   P P
    """
    g = position(m)
    attack(g, (0, 0), (1, 0), [6])
    g.apply(("pass", P1))
    assert g.turn == P2  # a 6 cannot grow


# -- D9 end and winner -----------------------------------------------------------------

APART = """
Pa3 Pa1 P   P
P   P   Pb6 Pb6
"""


def test_D9_the_game_ends_after_two_turns_in_a_row_without_a_possible_attack():
    # "the red die cannot attack and, then, the blue die finds itself in the same
    # condition"
    g = position(APART, phase="move")
    ev = g.apply(("pass", P1))
    assert ("no_attack", P2, 1) in ev and g.phase == "move" and g.turn == P2
    ev = g.apply(("pass", P2))
    assert ("no_attack", P1, 2) in ev and g.is_over()
    # Two dice each, P2's sum is higher (12 against 4).
    assert g.winners() == [P2] and ev[-1] == ("game_over", [P2])
    check_invariants(g)


def test_D9_a_possible_attack_resets_the_count():
    g = position(APART, phase="move")
    g.apply(("pass", P1))
    ev = move(g, (2, 1), (1, 1))  # P2 comes into contact
    assert g.phase == "attack" and g.turn == P1 and g.streak == 0
    assert ("turn", P1) in ev


def test_D9_the_game_ends_when_a_side_has_no_dice_on_the_field():
    m = """
    Pa3 Pb2 P P
    Pa1 P   P P
    """
    g = position(m)
    ev = attack(g, (0, 0), (1, 0), [2])
    assert g.is_over() and g.winners() == [P1] and ev[-1] == ("game_over", [P1])
    assert g.legal_actions(P1) == [] and g.turn is None
    bad(g, ("pass", P1), "D9: the game is over")


def test_D9_author_note_four_ones_beat_three_sixes():
    # "at the end of the game, four dice with values of 1 will win out over three dice
    # with values of 6."
    m = """
    Pa1 Pa1 Pa1 Pa1 P
    P   P   P   P   P
    Pb6 Pb6 Pb6 P   P
    P   P   P   P   P
    """
    g = position(m, phase="move", streak=1, free=((1, 1), (6, 6)))
    g.apply(("pass", P1))
    assert g.is_over() and g.winners() == [P1]


def test_D9_equal_counts_the_higher_sum_wins_then_the_first_player():
    m = """
    Pa3 Pa4 P P
    P   P   Pb{x} Pb2
    """
    g = position(m.format(x=6), phase="move", streak=1)
    g.apply(("pass", P1))
    assert g.winners() == [P2]  # 8 beats 7
    for first in (P1, P2):
        g = position(m.format(x=5), phase="move", streak=1, first=first)
        g.apply(("pass", P1))
        assert g.winners() == [first]  # 7 and 7: who took the first turn


CAPITALS = """
Ca3 Pb2 P P
Pa1 P   P Cb4
"""


def test_D10_capitals_are_two_extra_towns_on_the_edge_farthest_apart():
    for name in ds.PRESET_NAMES:
        g = Diceland({"scene": name, "capital": True}, 3)
        base = ds.preset(name)
        check_D10(base, g.scene)
        # presets keep their own towns, as ordinary towns
        assert g.scene.terrain.count(ds.TOWN) == base.terrain.count(ds.TOWN) + 2
    for size in range(8, 37, 2):
        g = Diceland({"scene": "random", "size": size, "capital": True}, size)
        check_D10(ds.generate(size, Rng(size)), g.scene)
        assert g.scene.n == size + 2 and g.options["size"] == size


def test_D10_a_hole_in_the_scene_is_not_its_edge():
    ring = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (2, 0), (-2, 0)]
    base = ds.from_json([{"q": q, "r": r, "terrain": "plains"} for q, r in ring])
    s = ds.add_capitals(base)
    assert s.index(0, 0) < 0  # the hole in the middle stays empty
    check_D10(base, s)


def test_D10_a_capital_is_no_corner_spur_on_any_preset():
    # the farthest edge places of every preset are corner spurs touching one hex; a capital
    # there escapes combined attacks, so D10 (amended) wants two or more neighbours
    for name in ds.PRESET_NAMES:
        base = ds.preset(name)
        s = ds.add_capitals(base)
        for c in s.capitals:
            assert len([j for j in s.adj[c] if j not in s.capitals]) >= 2, name
        check_D10(base, s)


def test_D10_no_capital_beside_a_mountain():
    # a row of eight with a mountain at each end: the farthest places touching two hexes
    # are (1, -1) and (6, 1), beside the mountains; an emptied mountain can never be taken
    # (D5), so a capital beside it could not be reached from there
    terr = ["mountain"] + ["plains"] * 6 + ["mountain"]
    base = ds.from_json([{"q": q, "r": 0, "terrain": terr[q]} for q in range(8)])
    s = ds.add_capitals(base)
    assert [s.cells[c] for c in s.capitals] == [(2, -1), (5, 1)]
    for c in s.capitals:
        assert all(s.terrain[j] != ds.MOUNTAIN for j in s.adj[c])
    check_D10(base, s)


def test_D10_a_scene_of_mountains_still_gets_its_capitals():
    # only a loaded scene can leave no allowed place: the capitals then go on its edge
    base = ds.from_json([{"q": q, "r": 0, "terrain": "mountain"} for q in range(8)])
    s = ds.add_capitals(base)
    assert s.n == 10 and hx.connected(s.adj)


def test_D10_dice_count_follows_the_scene_with_its_capitals():
    # "a 36-hex scene with capitals has 38 hexes and 21 dice each"
    g = Diceland({"scene": "diceland", "capital": True}, 5)
    assert g.scene.n == 38 and [len(f) for f in g.free] == [21, 21]
    for name, n in zip(ds.PRESET_NAMES, (8, 12, 18, 24, 30, 36), strict=True):
        g = Diceland({"scene": name, "capital": True}, 5)
        assert [len(f) for f in g.free] == [(n + 2) // 2 + 2] * 2
    d = g.to_dict()
    assert Diceland.from_dict(json.loads(json.dumps(d))).to_dict() == d  # 38 hexes load


def test_D10_capital_first_die_goes_on_the_own_capital():
    g = Diceland({"scene": "valley", "capital": True}, 3)
    p = g.turn
    cap = g.scene.capitals
    assert {a[3] for a in g.legal_actions(p)} == {cap[p]}
    bad(g, ("place", p, g.free[p][0], 1 if cap[p] != 1 else 2), "D10: the capital option")
    g.apply(g.legal_actions(p)[0])
    assert {a[3] for a in g.legal_actions(1 - p)} == {cap[1 - p]}
    g.apply(g.legal_actions(1 - p)[-1])
    assert len({a[3] for a in g.legal_actions(p)}) == g.scene.n - 2
    assert g.owner[cap[0]] == 0 and g.owner[cap[1]] == 1


def test_D9_capital_taking_the_enemy_capital_wins_at_once():
    m = """
    Ca3 Pb2 P   Pa5
    Pa1 P   Pa2 Cb1
    """
    g = position(m, capital=True)
    ev = attack(g, (2, 1), (3, 1), [1])
    assert ("capital", P1, at(g, 3, 1)) in ev and g.is_over() and g.winners() == [P1]
    g = position(m, capital=False)
    attack(g, (2, 1), (3, 1), [1])
    assert not g.is_over()


def test_D9_capital_reading_walking_into_an_empty_enemy_capital_wins():
    m = """
    Ca3 P   P   P
    P   P   Pa2 C
    Pb2 P   P   P
    """
    g = position(m, phase="move", capital=True)
    assert g.scene.capitals == [0, at(g, 3, 1)]
    ev = move(g, (2, 1), (3, 1))
    assert ("capital", P1, at(g, 3, 1)) in ev and g.winners() == [P1]


def test_D9_fill_the_void_the_defender_moves_into_the_dead_attackers_hex():
    m = """
    Pa1 Pb5 P P
    Pa2 P   P P
    """
    g = position(m, fill_the_void=True)
    ev = attack(g, (0, 0), (1, 0), [6])
    assert ("eliminated", P1, 0) in ev and ("fill", P2, 1, 0) in ev
    assert die(g, 0, 0) == (P2, 5) and die(g, 1, 0) == (None, 0)
    check_invariants(g)


def test_D9_fill_the_void_never_enters_a_mountain():
    m = """
    Ma1 Pb5 P P
    Pa2 P   P P
    """
    g = position(m, fill_the_void=True)
    ev = attack(g, (0, 0), (1, 0), [6])
    assert "fill" not in kinds(ev) and die(g, 1, 0) == (P2, 5)
    assert die(g, 0, 0) == (None, 0)


def test_D9_fill_the_void_into_the_attackers_capital_wins_for_the_defender():
    m = """
    Ca1 Pb5 P Cb3
    Pa2 P   P P
    """
    g = position(m, fill_the_void=True, capital=True)
    ev = attack(g, (0, 0), (1, 0), [6])
    assert ("capital", P2, 0) in ev and g.winners() == [P2]


def test_D9_random_games_end_and_the_winner_follows_the_order_of_criteria():
    rng = Rng(99)
    for seed in range(40):
        opts = {"scene": ds.PRESET_NAMES[seed % 6]}
        g, _ = random_game(opts, seed, rng)
        c = [g.count(0), g.count(1)]
        s = [g.total(0), g.total(1)]
        w = g.winners()[0]
        if c[0] != c[1]:
            assert c[w] > c[1 - w]
        elif s[0] != s[1]:
            assert s[w] > s[1 - w]
        else:
            assert w == g.first


# -- options: the terrain rules off ---------------------------------------------------


def test_option_terrain_off_makes_every_terrain_plain_ground():
    # "When playing with the basic rules, the differences are purely aesthetic."
    m = """
    Ta3 Ta5 P  Pb6
    Hb4 Fa2 Ma1 P
    """
    on = position(m)
    off = position(m, terrain=False)
    a, b, hill = at(on, 0, 0), at(on, 1, 0), at(on, 0, 1)
    assert ("combo", P1, a, b, hill) not in on.legal_actions(P1)
    assert ("combo", P1, a, b, hill) in off.legal_actions(P1)
    for g in (on, off):
        attack(g, (0, 0), (0, 1), [6])  # failed: nothing moves
        assert g.phase == "move"
    forest = at(on, 1, 1)
    assert any(x[2] == forest for x in on.legal_actions(P1) if x[0] == "move")
    assert not any(x[2] == forest for x in off.legal_actions(P1) if x[0] == "move")
    on.apply(("pass", P1))
    off.apply(("pass", P1))
    assert on.phase == "town" and off.turn == P2  # towns regenerate only with terrain
