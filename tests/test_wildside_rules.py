"""Wildside rulings W1-W12 (docs/rules.md), one or more tests each, on exact positions.

Positions are built through the saved-state dict (``position``/``show`` in
wildside_helpers), so every test also shows that from_dict accepts them. Seat 0 is
"A", seat 1 "B", seat 2 "C". Window opens at tick 1000 unless said otherwise.
"""

import pytest
from wildside_helpers import (
    WRAP,
    check_invariants,
    position,
    show,
    slam_all,
)

from slampad.bots.wildside import MIN_REACT_MS, WildsideBot, play_round
from slampad.games import wildside_match as wm
from slampad.games.wildside import DEFAULTS, Wildside, check_options
from slampad.rng import Rng

W = "wild"
M, S, D, Z = "moon", "star", "drop", "bolt"


def judge(g):
    ev = g.apply(("judge",))
    check_invariants(g)
    return ev


# -- W1 dice -------------------------------------------------------------------


def test_W1_six_sides_two_of_them_wild():
    assert len(wm.SIDES) == 6
    assert sorted(wm.SIDES) == sorted([W, W, M, S, D, Z])
    assert set(wm.FACES) == {W, M, S, D, Z}
    assert set(wm.SYMBOLS) == {M, S, D, Z}


def test_W1_colours_and_glyphs_for_every_face():
    assert set(wm.COLOURS) == set(wm.FACES) == set(wm.GLYPHS)
    r, g, b = wm.COLOURS[M]
    assert g > r and g > b  # moon green
    r, g, b = wm.COLOURS[S]
    assert r > b and g > b and min(r, g) >= 150  # star yellow
    r, g, b = wm.COLOURS[D]
    assert b > r and b > g  # drop blue
    r, g, b = wm.COLOURS[Z]
    assert r > g and r > b  # bolt red
    r, g, b = wm.COLOURS[W]
    assert min(r, g, b) >= 200 and max(r, g, b) - min(r, g, b) <= 30  # wild white
    # Readable without colour: one distinct, printable, non-blank glyph per face.
    glyphs = list(wm.GLYPHS.values())
    assert len(set(glyphs)) == len(glyphs) == 5
    assert all(len(x) == 1 and x.isprintable() and not x.isspace() for x in glyphs)


def test_W1_rolls_show_wild_twice_as_often_as_each_symbol():
    g = Wildside({"players": 4, "bots": [0, 1, 2, 3]}, 2024)
    counts = dict.fromkeys(wm.FACES, 0)
    rounds = 1500
    for _ in range(rounds):
        g.apply(("roll",))
        g.apply(("open", 5))
        for r in g.rolled:
            for f in r:
                counts[f] += 1
        assert g.apply(("judge",)) == [("none",)]  # W7: nobody slams, roll again
    total = 12 * rounds
    assert sum(counts.values()) == total
    # wild: p = 1/3, sd ~ 63; each symbol p = 1/6, sd ~ 50. Five-sigma bands.
    assert abs(counts[W] - total / 3) < 320, counts
    for s in wm.SYMBOLS:
        assert abs(counts[s] - total / 6) < 250, counts
    ratio = counts[W] / (sum(counts[s] for s in wm.SYMBOLS) / 4)
    assert 1.85 < ratio < 2.15, ratio


# -- W2 players ----------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_W2_two_to_four_players_three_dice_each(n):
    g = Wildside({"players": n}, 1)
    assert g.dice == [3] * n
    assert g.pool == 0
    # Seats are numbered 0..n-1; each human seat may press ready.
    assert [g.legal_actions(s) for s in range(n)] == [[("ready", s)] for s in range(n)]
    with pytest.raises(ValueError, match="no seat"):
        g.legal_actions(n)
    check_invariants(g)


@pytest.mark.parametrize("bad", [0, 1, 5, 6, -2, True, "4", 3.0, None])
def test_W2_options_refuse_other_player_counts(bad):
    with pytest.raises(ValueError, match=r"options\.players"):
        Wildside({"players": bad})
    with pytest.raises(ValueError, match=r"options\.players"):
        check_options({"players": bad})


def test_W2_default_is_four_players():
    assert Wildside().dice == [3, 3, 3, 3]
    assert DEFAULTS["players"] == 4


def test_W2_dice_conserved_through_penalties_and_matches():
    # A penalty moves one die to the pool, the next confirmed match takes it back.
    g = position([[M, S, D], [W, M, Z], [W, M, S]])
    slam_all(g, [(0, 1010)])  # A has no wild: no match
    judge(g)
    assert (g.dice, g.pool) == ([2, 3, 3], 1)
    g = show(g, [[M, S], [W, M, Z], [W, M, S]])
    slam_all(g, [(2, 1010)])
    judge(g)  # C matches B only on the moon: 1 + pool 1
    assert (g.dice, g.pool) == ([2, 2, 5], 0)
    assert sum(g.dice) + g.pool == 9


# -- W3 matching ---------------------------------------------------------------


@pytest.mark.parametrize("slammer", [0, 1])
def test_W3_rulebook_single_match_on_the_moon(slammer):
    g = position([[W, M, S], [W, M, D]])
    assert g.matches() == [[0, 1, 1]]
    other = 1 - slammer
    slam_all(g, [(slammer, 1100)])
    ev = judge(g)
    assert ev == [("confirmed", slammer), ("match", slammer, other, 1, 1)]
    assert g.dice[slammer] == 4 and g.dice[other] == 2
    assert g.phase == "roll"


@pytest.mark.parametrize("slammer", [0, 1])
def test_W3_rulebook_multiple_match_on_star_and_moon(slammer):
    g = position([[W, S, M], [M, W, S]])
    assert g.matches() == [[0, 1, 2]]
    slam_all(g, [(slammer, 1100)])
    ev = judge(g)
    assert ("match", slammer, 1 - slammer, 2, 2) in ev
    assert g.dice[slammer] == 5 and g.dice[1 - slammer] == 1


def test_W3_triple_match_collects_three():
    # C's last die shows a bolt, which neither A nor B rolled.
    g = position([[W, M, S, D], [D, S, M, W], [Z]])
    assert g.matches() == [[0, 1, 3]]
    slam_all(g, [(0, 1001)])
    ev = judge(g)
    assert ("match", 0, 1, 3, 3) in ev
    assert g.dice == [7, 1, 1]
    g.apply(("roll",))
    assert [len(r) for r in g.rolled] == [5, 1, 1]  # W9


def test_W3_k_counts_pairs_per_symbol():
    # Two moons against one moon is one pair.
    g = position([[W, M, M], [W, M, D]])
    assert g.matches() == [[0, 1, 1]]
    # Moons 2:2, star 1:1 -> three pairs; wilds never pair.
    g = position([[M, M, S, W, W], [M, M, S, W], [D], [D]], dice=[5, 4, 1, 1])
    assert g.pool == 1
    assert g.candidates(1) == [[0, 3]]
    slam_all(g, [(1, 1003)])
    assert ("match", 1, 0, 3, 4) in judge(g)  # 3 pairs + the pool's 1
    assert (g.dice, g.pool) == ([2, 8, 1, 1], 0)


def test_W3_both_players_need_a_wild():
    g = position([[M, S, D], [W, M, S]])  # A shares moon and star but rolled no wild
    assert g.matches() == []
    for slammer in (0, 1):
        h = position([[M, S, D], [W, M, S]])
        slam_all(h, [(slammer, 1100)])
        ev = judge(h)
        assert ev == [("penalty", [slammer])]
        assert h.dice[slammer] == 2 and h.pool == 1


def _last_die_example():
    # Rulebook: A is down to one die, a star; C rolled a wild and a star; B shares the
    # star but rolled no wild. Dice 1 + 3 + 3 and a pool of 2.
    return position([[S], [S, M, Z], [W, S, D]], dice=[1, 3, 3])


def test_W3_rulebook_last_die_example_matches():
    g = _last_die_example()
    assert g.pool == 2
    assert g.matches() == [[0, 2, 1]]  # A-C only; B matches neither
    assert g.candidates(0) == [[2, 1]]
    assert g.candidates(2) == [[0, 1]]
    assert g.candidates(1) == []


def test_W3_last_die_player_collects():
    g = _last_die_example()
    slam_all(g, [(0, 1200)])
    ev = judge(g)
    assert ev == [("confirmed", 0), ("match", 0, 2, 1, 3)]  # one die + the pool of 2
    assert (g.dice, g.pool) == ([4, 3, 2], 0)
    assert g.phase == "roll"


def test_W3_last_die_taken_ends_the_game():
    g = _last_die_example()
    slam_all(g, [(2, 1200)])
    ev = judge(g)
    assert ("match", 2, 0, 1, 3) in ev
    assert g.dice == [0, 3, 6]
    assert ev[-1] == ("game_over", [2])  # W10
    assert g.is_over() and g.winners() == [2]


def test_W3_player_without_wild_in_last_die_example_is_penalized():
    g = _last_die_example()
    slam_all(g, [(1, 1200)])
    assert judge(g) == [("penalty", [1])]
    assert (g.dice, g.pool) == ([1, 2, 3], 3)


def test_W3_last_die_must_show_a_symbol():
    g = position([[W], [W, M, S]], dice=[1, 3])
    assert g.matches() == []
    slam_all(g, [(0, 1001)])
    ev = judge(g)
    assert ev[0] == ("penalty", [0])
    assert ev[-1] == ("game_over", [1])  # W8: a penalty on the last die ends the game
    assert g.dice == [0, 3] and g.pool == 3


def test_W3_two_last_dice_match_without_wilds():
    g = position([[M], [M]], dice=[1, 1])
    assert g.pool == 4
    assert g.matches() == [[0, 1, 1]]
    slam_all(g, [(1, 1001)])
    ev = judge(g)
    assert ("match", 1, 0, 1, 5) in ev
    assert g.dice == [0, 6] and g.winners() == [1]


def test_W3_exemption_is_only_for_the_last_die():
    g = position([[M, S], [W, M, S]], dice=[2, 3])  # A has two dice, no wild
    assert g.matches() == []


# -- W4 all wild -----------------------------------------------------------------


@pytest.mark.parametrize("slammer", [0, 1])
def test_W4_all_wild_matches_in_both_directions(slammer):
    g = position([[W, W, W], [M, S, D]])  # B rolled no wild at all
    assert g.matches() == [[0, 1, 1]]
    slam_all(g, [(slammer, 1050)])
    ev = judge(g)
    assert ("match", slammer, 1 - slammer, 1, 1) in ev
    assert g.dice[slammer] == 4 and g.dice[1 - slammer] == 2


def test_W4_exactly_one_die_moves_plus_the_pool():
    # B shares nothing with an all-wild A; still exactly one die changes hands.
    g = position([[W, W], [W, W, M]], dice=[2, 3])
    assert g.pool == 1
    assert g.matches() == [[0, 1, 1]]
    slam_all(g, [(0, 1005)])
    ev = judge(g)
    assert ("match", 0, 1, 1, 2) in ev  # k = 1, moved = 1 + pool
    assert (g.dice, g.pool) == ([4, 2], 0)


def test_W4_two_all_wild_players_move_one_die():
    g = position([[W, W, W, W, W], [W, W], [M]], dice=[5, 2, 1])
    assert g.candidates(0) == [[1, 1], [2, 1]]
    assert g.candidates(1) == [[2, 1], [0, 1]]


@pytest.mark.parametrize("face", list(wm.FACES))
def test_W4_all_wild_matches_last_die_whatever_it_shows(face):
    g = position([[W, W, W], [face]], dice=[3, 1])
    assert g.matches() == [[0, 1, 1]]
    slam_all(g, [(1, 1010)])  # the last-die player slams first
    ev = judge(g)
    assert ("match", 1, 0, 1, 3) in ev  # one die from A + the pool of 2
    assert g.dice == [2, 4]
    h = position([[W, W, W], [face]], dice=[3, 1])
    slam_all(h, [(0, 1010)])  # the all-wild player takes the last die
    ev = judge(h)
    assert ("match", 0, 1, 1, 3) in ev
    assert h.dice == [6, 0] and h.winners() == [0]


def test_W4_a_single_wild_die_is_not_all_wild():
    g = position([[W], [M, S, D]], dice=[1, 3])
    assert g.matches() == []
    slam_all(g, [(1, 1010)])
    assert judge(g)[0] == ("penalty", [1])


def test_W4_five_rolled_wilds_with_dice_aside_are_all_wild():
    g = position([[W] * 5, [M], [D, S]], dice=[6, 1, 2])
    assert g.candidates(0) == [[1, 1], [2, 1]]


def test_W4_all_wild_slammer_chooses_the_victim():
    g = position([[W, W, W], [M, S, D], [Z, M, S]])
    slam_all(g, [(0, 1010)])
    ev = judge(g)
    assert ev == [("confirmed", 0), ("choose", 0, [1, 2], 1)]
    assert g.phase == "choose"
    ev = g.apply(("choose", 2))
    assert ("match", 0, 2, 1, 1) in ev
    assert g.dice == [4, 3, 2]
    check_invariants(g)


def test_W4_other_first_slammer_takes_one_die_from_the_all_wild_player():
    # B matches the all-wild A (and not C): B takes one die from A.
    g = position([[W, W, W], [W, M, S], [W, D, Z]])
    assert g.candidates(1) == [[0, 1]]
    slam_all(g, [(1, 1010)])
    ev = judge(g)
    assert ("match", 1, 0, 1, 1) in ev
    assert g.dice == [2, 4, 3]


# -- W5 choosing ------------------------------------------------------------------

# Slammer C (seat 2) matches A (moon, k=1), B (moon + star, k=2) and D (star, k=1).
CHOICE4 = [[W, M, D], [W, M, S], [W, M, S], [W, S, Z]]


def _choosing(pool=0):
    dice = [3, 3, 3, 3 - pool]
    rolled = [list(r) for r in CHOICE4]
    rolled[3] = rolled[3][: dice[3]]
    g = position(rolled, dice=dice)
    slam_all(g, [(2, 1100)])
    return g, judge(g)


def test_W5_highlight_richest_then_clockwise_from_slammer():
    g, ev = _choosing()
    # B (k=2) first; then the k=1 ties clockwise from C: D (seat 3) before A (seat 0).
    assert ev == [("confirmed", 2), ("choose", 2, [1, 3, 0], 1)]
    assert g.choice == {"slammer": 2, "candidates": [[1, 2], [3, 1], [0, 1]], "highlight": 0}


@pytest.mark.parametrize(
    "slammer,want",
    [(0, [1, 2, 3]), (1, [2, 3, 0]), (2, [3, 0, 1]), (3, [0, 1, 2])],
)
def test_W5_ties_broken_clockwise_from_the_slammer(slammer, want):
    # Everyone rolled a wild and a moon: every pair matches with k = 1.
    g = position([[W, M]] * 4)
    assert [c[0] for c in g.candidates(slammer)] == want


def test_W5_taps_cycle_the_highlight():
    g, _ = _choosing()
    seen = [g.apply(("tap", 2)) for _ in range(4)]
    assert seen == [[("highlight", 3)], [("highlight", 0)], [("highlight", 1)], [("highlight", 3)]]
    assert g.choice["highlight"] == 1
    check_invariants(g)


@pytest.mark.parametrize("taps,victim,k", [(0, 1, 2), (1, 3, 1), (2, 0, 1), (3, 1, 2)])
def test_W5_take_after_taps_collects_the_highlighted_match(taps, victim, k):
    g, _ = _choosing(pool=1)
    for _ in range(taps):
        g.apply(("tap", 2))
    before = list(g.dice)
    ev = g.apply(("take",))
    assert ev[0] == ("match", 2, victim, k, k + 1)
    assert g.dice[victim] == before[victim] - k
    assert g.dice[2] == before[2] + k + 1
    assert g.pool == 0 and g.phase == "roll"


def test_W5_slammer_may_choose_any_candidate():
    g, _ = _choosing()
    ev = g.apply(("choose", 0))
    assert ev[0] == ("match", 2, 0, 1, 1)
    assert g.dice == [2, 3, 4, 3]


def test_W5_only_the_slammer_taps_and_only_candidates_are_chosen():
    g, _ = _choosing()
    before = g.to_dict()
    with pytest.raises(ValueError, match="W5"):
        g.apply(("tap", 1))
    with pytest.raises(ValueError, match="W5"):
        g.apply(("choose", 2))  # the slammer itself
    assert g.to_dict() == before
    assert g.legal_actions(1) == []
    assert g.legal_actions(2) == [("tap", 2), ("choose", 1), ("choose", 3), ("choose", 0)]
    assert g.legal_actions(None) == [("take",)]


def test_W5_bot_takes_the_richest_match():
    g, _ = _choosing()
    view = g.view(2)
    cands = view["choice"]["candidates"]
    richest = max(c[1] for c in cands)
    pick = WildsideBot(2, "hard", 5).choose(view)
    assert dict((c[0], c[1]) for c in cands)[pick] == richest
    assert pick == 1


def test_W5_choose_time_default_is_three_seconds():
    assert DEFAULTS["choose_ms"] == 3000


# -- W6 who slammed first ------------------------------------------------------------

THREE = [[W, M, S], [W, M, D], [W, S, Z]]  # A-B on the moon, A-C on the star, B-C none


def test_W6_first_place_by_timestamp_not_arrival_order():
    g = position(THREE)
    slam_all(g, [(2, 1050), (1, 1020)])  # C arrives first, B slammed first
    ev = judge(g)
    assert ev == [("confirmed", 1), ("match", 1, 0, 1, 1)]
    assert g.dice == [2, 4, 3]


def test_W6_arrival_order_does_not_change_the_ruling():
    outcomes = []
    orders = [[(0, 1030), (1, 1020), (2, 1040)], [(2, 1040), (0, 1030), (1, 1020)]]
    for order in orders:
        g = position(THREE)
        slam_all(g, order)
        outcomes.append((judge(g), g.to_dict()))
    assert outcomes[0] == outcomes[1]


# A rolled no wild (matches nobody); B and C match on the bolt.
TIE3 = [[M, S, D], [W, Z, M], [W, Z, S]]


def test_W6_ties_measured_from_the_earliest_slam_not_chained():
    g = position(TIE3, resolution=3)
    slam_all(g, [(2, 1014), (1, 1012), (0, 1010)])
    # First place: A (1010) and B (1012 < 1010 + 3). C (1014) is 4 after A: it is out,
    # though it is within 3 of B. So B is the only matcher: confirmed; A unpenalized.
    ev = judge(g)
    assert ev == [("confirmed", 1), ("match", 1, 2, 1, 1)]
    assert (g.dice, g.pool) == ([3, 4, 2], 0)


def test_W6_slams_within_resolution_of_the_earliest_share_first_place():
    g = position(TIE3, resolution=3)
    slam_all(g, [(0, 1010), (1, 1012), (2, 1012)])
    assert judge(g) == [("dead_heat", [1, 2])]
    assert (g.dice, g.pool) == ([3, 3, 3], 0)


def test_W6_one_resolution_apart_is_not_a_tie():
    g = position(TIE3, resolution=3)
    slam_all(g, [(1, 1013), (0, 1010)])
    assert judge(g) == [("penalty", [0])]  # A alone first, B ignored
    assert (g.dice, g.pool) == ([2, 3, 3], 1)


def test_W6_one_matcher_in_a_tie_is_confirmed_others_unpenalized():
    g = position(TIE3, pool=0)
    slam_all(g, [(0, 1100), (1, 1100)])  # equal stamps, 1 ms resolution
    ev = judge(g)
    assert ev == [("confirmed", 1), ("match", 1, 2, 1, 1)]
    assert g.dice == [3, 4, 2] and g.pool == 0


def test_W6_tie_with_no_matcher_penalizes_all_of_them():
    g = position([[M, S, D], [Z, M, S], [W, W, D]])
    assert g.matches() == []
    slam_all(g, [(1, 1100), (0, 1100), (2, 1101)])
    ev = judge(g)
    assert ev == [("penalty", [0, 1])]
    assert (g.dice, g.pool) == ([2, 2, 3], 2)


def test_W6_dead_heat_moves_nothing_and_rolls_again():
    g = position([[W, M, S], [W, M]], dice=[3, 2])
    assert g.pool == 1
    slam_all(g, [(1, 1100), (0, 1100)])
    ev = judge(g)
    assert ev == [("dead_heat", [0, 1])]
    assert (g.dice, g.pool) == ([3, 2], 1)
    assert g.phase == "roll" and g.slams == {} and g.t_open is None
    g.apply(("roll",))
    assert g.phase == "rolling"


def test_W6_false_start_during_the_roll_is_penalized_even_with_a_match():
    g = position([[W, M, S], [W, M, D]], phase="rolling")
    assert g.view()["rolled"] == [[], []]  # nothing shown while rolling
    assert g.legal_actions(None) == [("open", None)]
    slam_all(g, [(0, 990)])
    assert g.legal_actions(None) == [("open", None), ("judge",)]
    ev = judge(g)
    assert ev == [("false_start", 0), ("penalty", [0])]
    assert (g.dice, g.pool) == ([2, 3], 1)


@pytest.mark.parametrize("mid", [WRAP // 2, 0, WRAP - 1])
def test_W6_false_starts_judged_before_the_window_go_by_their_stamps(mid):
    # Two false starts, judged while the dice still roll (no window tick to measure from):
    # the earlier stamp is first wherever the clock stands, even across half the wrap.
    g = position(THREE, phase="rolling")
    slam_all(g, [(0, (mid + 1) % WRAP), (1, (mid - 1) % WRAP)])
    assert judge(g) == [("false_start", 1), ("penalty", [1])]
    assert (g.dice, g.pool) == ([3, 2, 3], 1)


def test_W6_false_start_wins_first_place_and_is_penalized_after_the_window_opens():
    g = position(THREE, phase="rolling")
    slam_all(g, [(0, 995)])
    g.apply(("open", 1000))
    slam_all(g, [(1, 1001)])  # B has a match and slams right after the window opens
    ev = judge(g)
    assert ev == [("false_start", 0), ("penalty", [0])]
    assert (g.dice, g.pool) == ([2, 3, 3], 1)  # B's slam is ignored


def test_W6_slam_stamped_before_the_window_is_a_false_start():
    g = position(THREE, t_open=1000)
    slam_all(g, [(1, 1005), (0, 999)])  # A's stamp predates the window; it arrives late
    ev = judge(g)
    assert ev == [("false_start", 0), ("penalty", [0])]
    assert g.dice == [2, 3, 3]


def test_W6_false_start_sharing_first_place_with_a_matcher_is_not_penalized():
    g = position(THREE, t_open=1000, resolution=2)
    slam_all(g, [(0, 999), (1, 1000)])
    ev = judge(g)
    assert ev == [("false_start", 0), ("confirmed", 1), ("match", 1, 0, 1, 1)]
    assert g.dice == [2, 4, 3] and g.pool == 0


@pytest.mark.parametrize("wrap", [WRAP, 1 << 16])
def test_W6_ticks_wrap_around(wrap):
    t_open = wrap - 3
    two = [[W, M, S], [W, M, D]]
    g = position(two, t_open=t_open, wrap=wrap)
    slam_all(g, [(0, 1), (1, wrap - 1)])  # A at +4 (after the wrap), B at +2
    assert judge(g) == [("confirmed", 1), ("match", 1, 0, 1, 1)]
    g = position(two, t_open=t_open, wrap=wrap)
    slam_all(g, [(1, 2), (0, 0)])  # B at +5, A at +3
    assert judge(g) == [("confirmed", 0), ("match", 0, 1, 1, 1)]
    g = position(two, t_open=wrap - 1, wrap=wrap)
    slam_all(g, [(1, 0), (0, 0)])  # equal stamps right after the wrap
    assert judge(g) == [("dead_heat", [0, 1])]
    g = position(THREE, t_open=1, wrap=wrap)
    slam_all(g, [(0, wrap - 2)])  # 3 ticks before a window that opened just after the wrap
    assert judge(g) == [("false_start", 0), ("penalty", [0])]
    g = position(TIE3, t_open=wrap - 10, wrap=wrap, resolution=3)
    slam_all(g, [(2, 1), (1, wrap - 1)])  # +11 and +9: share first place across the wrap
    assert judge(g) == [("dead_heat", [1, 2])]


# -- W7 nobody slams ---------------------------------------------------------------


def test_W7_nobody_slams_rolls_again_without_penalty():
    g = position([[W, M, S], [W, M]], dice=[3, 2])
    assert g.pool == 1
    assert g.matches()  # the roll held a match; nobody slammed
    before = (list(g.dice), g.pool, g.round)
    assert judge(g) == [("none",)]
    assert (list(g.dice), g.pool, g.round) == before
    assert g.phase == "roll"
    g.apply(("roll",))
    assert g.round == before[2] + 1


def test_W7_judging_before_the_window_without_slams_is_refused():
    g = position([[W, M, S], [W, M, D]], phase="rolling")
    before = g.to_dict()
    with pytest.raises(ValueError, match="W6"):
        g.apply(("judge",))
    assert g.to_dict() == before


def test_W7_slam_on_a_roll_without_any_match_is_penalized():
    g = position([[M, S, D], [Z, D, S]])
    assert g.matches() == []
    slam_all(g, [(1, 1200)])
    assert judge(g) == [("penalty", [1])]


def test_W7_look_window_bounds_bot_slams():
    assert DEFAULTS["look_ms"] == 5000
    g = Wildside({"players": 2, "bots": [0, 1], "look_ms": 300}, 3)
    slow = [WildsideBot(s, "hard", 1, react_ms=2000, miss=0, false=1000) for s in (0, 1)]
    for _ in range(20):
        acts, ev, _ = play_round(g, slow, 0)
        assert [a[0] for a in acts] == ["roll", "open", "judge"]
        assert ev[-1] == ("none",)
    assert g.dice == [3, 3]


# -- W8 penalty --------------------------------------------------------------------


def test_W8_pool_grows_and_goes_to_the_next_confirmed_match():
    g = position([[M, S, D], [W, Z, M], [W, Z, S]])
    slam_all(g, [(0, 1010)])  # A: no wild, no match
    assert judge(g) == [("penalty", [0])]
    assert (g.dice, g.pool) == ([2, 3, 3], 1)
    g = show(g, [[W, M], [D, M, S], [W, Z, S]])
    slam_all(g, [(1, 1010)])  # B: no wild
    assert judge(g) == [("penalty", [1])]
    assert (g.dice, g.pool) == ([2, 2, 3], 2)
    g = show(g, [[W, M], [W, M], [S, D, Z]])
    slam_all(g, [(0, 1003), (1, 1003)])
    assert judge(g) == [("dead_heat", [0, 1])]  # the pool waits
    g = show(g, [[W, M], [W, M], [S, D, Z]])
    assert judge(g) == [("none",)]  # and waits
    assert g.pool == 2
    g = show(g, [[W, S], [W, M], [W, S, D]])
    slam_all(g, [(2, 1200), (0, 1100)])
    ev = judge(g)
    assert ev == [("confirmed", 0), ("match", 0, 2, 1, 3)]  # A takes C's star + 2
    assert (g.dice, g.pool) == ([5, 2, 2], 0)


def test_W8_penalty_on_the_last_die_ends_the_game():
    g = position([[M], [M, S, D, Z, D], [S, D, Z]], dice=[1, 5, 3])
    slam_all(g, [(0, 1010)])
    ev = judge(g)
    assert ev == [("penalty", [0]), ("game_over", [1])]
    assert g.dice == [0, 5, 3] and g.pool == 1
    assert g.is_over() and g.winners() == [1]
    assert g.legal_actions(None) == [] and g.legal_actions(1) == []


@pytest.mark.parametrize(
    "order",
    [
        [(0, 1030), (1, 1020), (0, 1010)],
        [(0, 1010), (1, 1020), (0, 1030)],
        [(0, 1010), (0, 1030), (1, 1020)],
    ],
)
def test_W8_repeated_slams_count_from_the_earliest(order):
    g = position(THREE)
    slam_all(g, order)
    assert g.slams[0][0] == 1010
    assert judge(g) == [("confirmed", 0), ("choose", 0, [1, 2], 1)]


def test_W8_repeated_slams_keep_the_false_start():
    g = position(THREE, phase="rolling")
    slam_all(g, [(0, 990)])
    g.apply(("open", 1000))
    slam_all(g, [(0, 1001), (1, 1002)])
    ev = judge(g)
    assert ev == [("false_start", 0), ("penalty", [0])]


def test_W8_later_slams_are_ignored():
    g = position([[W, M, S], [W, M, D], [Z, Z, D]])
    slam_all(g, [(2, 1020), (0, 1010)])  # C (no match) slammed after A
    ev = judge(g)
    assert ev == [("confirmed", 0), ("match", 0, 1, 1, 1)]
    assert g.dice == [4, 2, 3] and g.pool == 0


# -- W9 five-dice cap ----------------------------------------------------------------


def test_W9_a_player_rolls_at_most_five_dice():
    g = position([[], [], []], dice=[7, 1, 1], phase="roll")
    assert g.aside(0) == 2 and g.aside(1) == 0
    ev = g.apply(("roll",))
    assert ev == [("roll", 2)]
    assert [len(r) for r in g.rolled] == [5, 1, 1]
    check_invariants(g)


def test_W9_set_aside_dice_refill_the_roll():
    # A has 6 dice (5 rolled, 1 aside). Losing one leaves 5 rolled; losing another, 4.
    g = position([[W, M, M, M, M], [W, M], [D]], dice=[6, 2, 1])
    slam_all(g, [(1, 1001)])
    judge(g)
    assert g.dice == [5, 3, 1]
    g.apply(("roll",))
    assert [len(r) for r in g.rolled] == [5, 3, 1]
    g = Wildside.from_dict(g.to_dict())
    g.apply(("open", 1))
    g.apply(("judge",))
    g = show(g, [[W, M, M, M, M], [W, M, S], [D]])
    slam_all(g, [(1, 1001)])
    judge(g)
    assert g.dice == [4, 4, 1]
    g.apply(("roll",))
    assert [len(r) for r in g.rolled] == [4, 4, 1]


def test_W9_set_aside_dice_count_for_winning():
    # A holds 5 (all rolled) and takes C's last die: 6 dice, 5 rolled + 1 aside.
    # Counted by rolled dice alone A and B (5) would tie; A wins outright.
    g = position([[W, M, S, D, Z], [M, S, D, Z, M], [M], [W]], dice=[5, 5, 1, 1])
    assert g.candidates(0) == [[2, 1]]
    slam_all(g, [(0, 1100)])
    ev = judge(g)
    assert ev == [("confirmed", 0), ("match", 0, 2, 1, 1), ("game_over", [0])]
    assert g.dice == [6, 5, 0, 1] and g.winners() == [0]


@pytest.mark.parametrize("n_rolled", [4, 6])
def test_W9_saved_state_must_roll_min_five(n_rolled):
    d = position([[M] * 5, [M], [M]], dice=[7, 1, 1]).to_dict()
    d["players"][0]["rolled"] = [M] * n_rolled
    with pytest.raises(ValueError, match=r"players\[0\]\.rolled"):
        Wildside.from_dict(d)


# -- W10 end and winner --------------------------------------------------------------


def test_W10_pool_belongs_to_nobody():
    # A, down to one die, is penalized: game over with 0, 3, 2 dice and a pool of 4.
    g = position([[M], [S, D, Z], [S, D]], dice=[1, 3, 2])
    slam_all(g, [(0, 1010)])
    ev = judge(g)
    assert g.pool == 4 and g.dice == [0, 3, 2]
    assert ev[-1] == ("game_over", [1]) and g.winners() == [1]


def _sudden_pair():
    # C, down to one wild, slams without a match: 4, 4, 0, 3 -> sudden death A vs B.
    g = position([[M, S, D, Z], [M, S, D, Z], [W], [S, D, Z]], dice=[4, 4, 1, 3])
    slam_all(g, [(2, 1010)])
    ev = judge(g)
    assert ev == [("penalty", [2]), ("sudden_death", [0, 1])]
    return g


def test_W10_tie_goes_to_sudden_death_among_the_tied_only():
    g = _sudden_pair()
    assert g.sudden and g.active == [0, 1] and g.phase == "roll" and not g.is_over()
    assert g.dice == [4, 4, 0, 3] and g.pool == 1
    g.apply(("roll",))
    assert [len(r) for r in g.rolled] == [4, 4, 0, 0]  # only the tied roll
    check_invariants(g)
    assert g.legal_actions(3) == [] and g.legal_actions(2) == []
    assert g.legal_actions(0) == [("slam", 0, None)]
    before = g.to_dict()
    with pytest.raises(ValueError, match="W10"):
        g.apply(("slam", 3, 5))
    assert g.to_dict() == before
    g.apply(("open", 10))
    with pytest.raises(ValueError, match="W10"):
        g.apply(("slam", 3, 15))


def test_W10_sudden_death_first_confirmed_match_wins():
    g = _sudden_pair()
    g = show(g, [[W, M, S, D], [W, M, Z, Z], [], []])
    slam_all(g, [(1, 1200)])
    ev = judge(g)
    assert ev == [("confirmed", 1), ("game_over", [1])]
    assert g.winners() == [1] and g.is_over()
    assert g.dice == [4, 4, 0, 3]  # nothing to collect: the game is won


def test_W10_unconfirmed_slam_in_sudden_death_leaves_the_last_survivor():
    # Seats out of the tie roll nothing, so A (a wild and symbols) matches nobody: out.
    g = _sudden_pair()
    g = show(g, [[W, S, D, Z], [M, M, M, M], [], []])
    assert g.candidates(0) == []
    slam_all(g, [(0, 1200)])
    ev = judge(g)
    assert ev == [("out", [0]), ("game_over", [1])]
    assert g.winners() == [1]  # last survivor


def test_W10_unconfirmed_slammer_is_out_and_the_rest_play_on():
    g = position([[M, M, M], [S, S, S], [D, D, D], [W]], dice=[3, 3, 3, 1])
    slam_all(g, [(3, 1010)])
    assert judge(g) == [("penalty", [3]), ("sudden_death", [0, 1, 2])]
    g = show(g, [[M, S, D], [W, Z, Z], [W, Z, D], []])
    slam_all(g, [(0, 1005), (1, 1050)])
    ev = judge(g)
    assert ev == [("out", [0])]
    assert g.active == [1, 2] and g.phase == "roll" and g.dice == [3, 3, 3, 0]
    g = show(g, [[], [W, Z, M], [W, Z, D], []])
    slam_all(g, [(2, 1100)])
    assert judge(g) == [("confirmed", 2), ("game_over", [2])]


def test_W10_all_out_at_once_restarts_among_them():
    g = _sudden_pair()
    g = show(g, [[M, S, D, Z], [M, S, D, Z], [], []])
    slam_all(g, [(0, 1100), (1, 1100)])
    ev = judge(g)
    assert ev == [("out", [0, 1]), ("sudden_death", [0, 1])]
    assert g.active == [0, 1] and g.sudden and g.phase == "roll"
    assert g.dice == [4, 4, 0, 3]


def test_W10_dead_heat_in_sudden_death_rolls_again():
    g = _sudden_pair()
    g = show(g, [[W, M, S, D], [W, M, S, Z], [], []])
    slam_all(g, [(0, 1100), (1, 1100)])
    assert judge(g) == [("dead_heat", [0, 1])]
    assert g.active == [0, 1] and not g.is_over()


def test_W10_false_start_in_sudden_death_is_out():
    g = _sudden_pair()
    g.apply(("roll",))
    slam_all(g, [(0, 3)])
    ev = judge(g)
    assert ev == [("false_start", 0), ("out", [0]), ("game_over", [1])]


# -- W11 bots and physical faults ---------------------------------------------------


def test_W11_bot_reaction_and_error_rates_are_configurable():
    g = position([[W, M, S], [W, M, D]])
    match_view = g.view(0)
    h = position([[M, S, D], [Z, D, S]])
    blank_view = h.view(0)
    sure = WildsideBot(0, "hard", 1, react_ms=300, miss=0, false=0)
    times = [sure.plan(match_view) for _ in range(300)]
    assert all(t is not None and t >= MIN_REACT_MS for t in times)
    assert 270 < sum(times) / len(times) < 330
    assert all(sure.plan(blank_view) is None for _ in range(300))
    blind = WildsideBot(0, "hard", 1, miss=1000, false=1000)
    assert all(blind.plan(match_view) is None for _ in range(300))
    assert all(blind.plan(blank_view) is not None for _ in range(300))


def test_W11_no_physical_faults_every_seat_rolls_all_its_dice():
    g = Wildside({"players": 4, "bots": [0, 1, 2, 3]}, 77)
    with pytest.raises(ValueError, match="options.roll_control"):
        Wildside({"players": 2, "roll_control": True})
    for _ in range(200):
        g.apply(("roll",))
        assert [len(r) for r in g.rolled] == [min(5, d) for d in g.dice]
        g.apply(("open", 1))
        assert all(g.legal_actions(s) == [("slam", s, None)] for s in range(4))
        g.apply(("judge",))


# -- W12 pacing ------------------------------------------------------------------------


def test_W12_game_starts_when_every_human_pressed():
    g = Wildside({"players": 4, "bots": [3, 1]}, 9)
    assert g.phase == "ready" and g.ready == [1, 3]
    assert g.legal_actions(None) == []
    assert g.legal_actions(1) == [] and g.legal_actions(0) == [("ready", 0)]
    with pytest.raises(ValueError, match="phase"):
        g.apply(("roll",))
    assert g.apply(("ready", 2)) == [("ready", 2)]
    assert g.phase == "ready"
    with pytest.raises(ValueError, match="W12"):
        g.apply(("ready", 2))
    with pytest.raises(ValueError, match="W12"):
        g.apply(("ready", 3))  # bots are always ready
    assert g.apply(("ready", 0)) == [("ready", 0), ("start",)]
    assert g.phase == "roll" and g.ready == [0, 1, 2, 3]
    check_invariants(g)


def test_W12_all_bot_game_starts_at_once():
    g = Wildside({"players": 3, "bots": [0, 1, 2]}, 9)
    assert g.phase == "roll"
    assert g.legal_actions(None) == [("roll",)]


@pytest.mark.parametrize("phase", ["ready", "roll", "rolling", "choose", "over"])
def test_W12_bots_slam_only_after_the_window_opens(phase):
    bot = WildsideBot(0, "hard", 4, miss=0, false=1000)
    view = position([[W, M, S], [W, M, D]]).view(0)
    assert bot.plan(view) is not None
    view["phase"] = phase
    for _ in range(50):
        assert bot.plan(view) is None


def test_W12_round_pacing_countdown_then_window_then_result():
    g = Wildside({"players": 2, "bots": [0, 1]}, 11)
    bots = [WildsideBot(s, "hard", 11) for s in (0, 1)]
    t = WRAP - 1500  # the clock wraps during the first round
    for _ in range(30):
        if g.is_over():
            break
        acts, _, t_next = play_round(g, bots, t, Rng(3))
        assert acts[0] == ("roll",)
        t_open = (t + DEFAULTS["countdown_ms"]) % WRAP
        assert acts[1] == ("open", t_open)
        for a in acts:
            if a[0] == "slam":  # never before the window, never faster than a human can
                assert MIN_REACT_MS <= (a[2] - t_open) % WRAP < DEFAULTS["look_ms"]
        assert t_next == (t_open + DEFAULTS["look_ms"] + DEFAULTS["result_ms"]) % WRAP
        t = t_next


def test_W10_everyone_penalized_to_zero_is_a_draw():
    # Rulebook gap: both last dice lost at once leaves nobody a die to roll, so
    # sudden death cannot be played; the device calls it a draw among them.
    g = position([["moon"], ["star"]], dice=[1, 1])
    assert g.pool == 4
    g.apply(("slam", 1, 1500))
    g.apply(("slam", 0, 1500))
    ev = g.apply(("judge",))
    assert ("penalty", [0, 1]) in ev
    assert g.dice == [0, 0] and g.pool == 6
    assert g.is_over() and g.winners() == [0, 1]
    assert not g.sudden
    assert Wildside.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_W10_everyone_at_zero_is_a_draw():
    # Three last dice penalized in the same tick: nobody is left to play sudden death,
    # so all three are named winners.
    g = position([[M], [S], [D]], dice=[1, 1, 1])
    for s in (2, 0, 1):
        g.apply(("slam", s, 1400))
    ev = judge(g)
    assert ev[0] == ("penalty", [0, 1, 2]) and ev[-1] == ("game_over", [0, 1, 2])
    assert g.dice == [0, 0, 0] and g.pool == 9
    assert g.is_over() and g.winners() == [0, 1, 2] and not g.sudden


def test_W10_two_at_zero_is_no_draw_while_a_third_has_dice():
    g = position([[M], [S], [W, D]], dice=[1, 1, 2])
    g.apply(("slam", 0, 1400))
    g.apply(("slam", 1, 1400))
    ev = judge(g)
    assert ev[-1] == ("game_over", [2])  # most dice wins: no tie, no draw
    assert g.dice == [0, 0, 2] and g.winners() == [2]


def test_W5_view_choice_is_a_copy():
    g = position([["wild", "moon", "star"], ["wild", "moon"], ["wild", "star"]])
    g.apply(("slam", 0, 1200))
    g.apply(("judge",))
    assert g.phase == "choose"
    v = g.view(0)
    v["choice"]["candidates"].clear()
    v["choice"]["highlight"] = 5
    assert len(g.choice["candidates"]) == 2 and g.choice["highlight"] == 0
