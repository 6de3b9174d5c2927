"""tools/referee.py: the Wildside rules referee CLI (rulings W2-W10).

Most cases run in-process through ``referee.run`` (same code path as the CLI
minus the pipes); the ``test_cli_*`` tests run the script as a subprocess to pin
the exit codes, stdout and stderr.
"""

import itertools
import json
import os
import re

import pytest
import referee
from hypothesis import given, settings
from hypothesis import strategies as st
from referee_helpers import SCRIPT, cli, refuse, ruling
from save_edits import setk

WRAP = 1 << 29
KEYS = ["matches", "outcome", "slammer", "victim", "moved", "penalized", "dice", "pool",
        "game_over", "winners", "sudden_death"]


# -- helpers -----------------------------------------------------------------
def scen(*rolls, slams=(), pool=None, aside=None, **extra):
    """A scenario: rolls are strings like "wild moon star"; pool balances W2."""
    aside = aside or [0] * len(rolls)
    players = [{"rolled": r.split(), "aside": a} for r, a in zip(rolls, aside, strict=True)]
    if pool is None:
        pool = 3 * len(rolls) - sum(len(p["rolled"]) + p["aside"] for p in players)
    d = {"game": "wildside", "players": players, "pool": pool, "slams": [list(s) for s in slams]}
    d.update(extra)
    return d


def ref(s):
    return ruling(s, KEYS)




def mset(matches):
    return sorted(map(tuple, matches))


# -- the rulebook's worked examples (W3) ---------------------------------------------
SINGLE = ("wild moon bolt", "wild moon star")  # match on the green moon only
DOUBLE = ("wild star moon", "wild moon star")  # star and moon
# Last die: A has one die (star), B rolled no wild, C rolled wild + star.
LAST = ("star", "star moon bolt drop", "wild star moon moon")


def test_W3_single_match_on_moon():
    for slammer, dice in ((0, [4, 2]), (1, [2, 4])):
        r = ref(scen(*SINGLE, slams=[(slammer, 10)]))
        assert mset(r["matches"]) == [(0, 1, 1)]
        assert r["outcome"] == "match"
        assert (r["slammer"], r["victim"], r["moved"]) == (slammer, 1 - slammer, 1)
        assert r["dice"] == dice and r["pool"] == 0 and r["penalized"] == []
        assert r["game_over"] is False


def test_W3_multiple_match_on_star_and_moon():
    r = ref(scen(*DOUBLE, slams=[(1, 10)]))
    assert mset(r["matches"]) == [(0, 1, 2)]
    assert (r["outcome"], r["slammer"], r["victim"], r["moved"]) == ("match", 1, 0, 2)
    assert r["dice"] == [1, 5]


def test_W3_last_die_example_matches():
    r = ref(scen(*LAST))
    assert mset(r["matches"]) == [(0, 2, 1)]  # B matches neither: no wild
    assert r["outcome"] == "none" and r["dice"] == [1, 4, 4]


def test_W3_last_die_player_slams_and_collects():
    r = ref(scen(*LAST, slams=[(0, 7)]))
    assert (r["outcome"], r["slammer"], r["victim"], r["moved"]) == ("match", 0, 2, 1)
    assert r["dice"] == [2, 4, 3] and r["game_over"] is False


def test_W10_last_die_taken_ends_game():
    r = ref(scen(*LAST, slams=[(2, 7)]))
    assert (r["outcome"], r["slammer"], r["victim"], r["moved"]) == ("match", 2, 0, 1)
    assert r["dice"] == [0, 4, 5] and r["game_over"] is True


def test_W3_player_without_wild_is_penalized():
    r = ref(scen(*LAST, slams=[(1, 7)]))
    assert (r["outcome"], r["penalized"], r["slammer"], r["victim"]) == ("penalty", [1], None, None)
    assert r["dice"] == [1, 3, 4] and r["pool"] == 1 and r["moved"] == 0


def test_W3_last_die_must_show_a_symbol():
    r = ref(scen("wild", "wild moon bolt drop", "wild star moon moon"))
    assert mset(r["matches"]) == [(1, 2, 1)]  # seat 0's last die is wild: no match


def test_W3_two_last_dice_match_without_wilds():
    r = ref(scen("star", "star", pool=4, slams=[(1, 3)]))
    assert mset(r["matches"]) == [(0, 1, 1)]
    assert (r["outcome"], r["moved"], r["dice"], r["pool"]) == ("match", 5, [0, 6], 0)
    assert r["game_over"] is True


def test_W3_both_need_a_wild():
    r = ref(scen("wild moon star", "moon star bolt"))
    assert r["matches"] == []


# -- W4 all wild ---------------------------------------------------------------
# Seat 0 rolled all wild; seats 1 and 2 have no wild, so only seat 0 matches them.
ALLWILD = ("wild wild", "star moon bolt", "drop drop bolt bolt")


def test_W4_all_wild_matches_everyone_for_one_die():
    r = ref(scen(*ALLWILD))
    assert mset(r["matches"]) == [(0, 1, 1), (0, 2, 1)]


def test_W4_all_wild_slammer_default_is_next_seat_clockwise():
    r = ref(scen(*ALLWILD, slams=[(0, 5)]))
    assert (r["outcome"], r["slammer"], r["victim"], r["moved"]) == ("match", 0, 1, 1)
    assert r["dice"] == [3, 2, 4]


def test_W4_all_wild_slammer_chooses():
    r = ref(scen(*ALLWILD, slams=[(0, 5)], choice=2))
    assert (r["slammer"], r["victim"], r["moved"]) == (0, 2, 1)
    assert r["dice"] == [3, 3, 3]


def test_W4_other_slammer_takes_one_from_all_wild_player():
    for s in (1, 2):
        r = ref(scen(*ALLWILD, slams=[(s, 5)], choice=2))  # choice: not s's to make
        assert (r["outcome"], r["slammer"], r["victim"], r["moved"]) == ("match", s, 0, 1)
        assert r["dice"][0] == 1


def test_W4_all_wild_matches_last_die_showing_wild():
    r = ref(scen("wild wild wild", "wild", "moon star bolt drop bolt", pool=0))
    assert mset(r["matches"]) == [(0, 1, 1), (0, 2, 1)]
    r = ref(scen("wild wild wild", "wild", "moon star bolt drop bolt", slams=[(1, 0)]))
    assert (r["victim"], r["dice"]) == (0, [2, 2, 5])


def test_W4_all_wild_with_five_dice_moves_one():
    r = ref(scen("wild wild wild wild wild", "wild star", "moon", pool=1, slams=[(0, 1)],
                 choice=2))
    assert mset(r["matches"]) == [(0, 1, 1), (0, 2, 1)]
    assert (r["victim"], r["moved"], r["dice"], r["game_over"]) == (2, 2, [7, 2, 0], True)


def test_W4_one_wild_die_is_not_all_wild():
    r = ref(scen("wild", "star moon bolt", "drop drop bolt bolt", pool=1))
    assert r["matches"] == []


# -- W5 choosing ---------------------------------------------------------------
# Seat 0 matches seat 1 on moon (k=1) and seat 2 on star+bolt (k=2).
MULTI = ("wild moon star bolt", "wild moon", "wild star bolt")


def test_W5_several_candidates_richest_by_default():
    r = ref(scen(*MULTI, slams=[(0, 2)]))
    assert mset(r["matches"]) == [(0, 1, 1), (0, 2, 2)]
    assert (r["slammer"], r["victim"], r["moved"]) == (0, 2, 2)
    assert r["dice"] == [6, 2, 1]


def test_W5_choice_picks_poorer_match():
    r = ref(scen(*MULTI, slams=[(0, 2)], choice=1))
    assert (r["slammer"], r["victim"], r["moved"], r["dice"]) == (0, 1, 1, [5, 1, 3])


# Seat 1 has no wild; seats 0, 2, 3 all match each other on moon.
CIRCLE = scen("wild moon", "bolt bolt drop bolt drop", "wild moon", "wild moon", aside=[0, 1, 0, 0])


def test_W5_tie_broken_clockwise_from_slammer():
    assert CIRCLE["pool"] == 0
    r = ref(dict(CIRCLE, slams=[[2, 0]]))  # clockwise from 2: seat 3 before seat 0
    assert mset(r["matches"]) == [(0, 2, 1), (0, 3, 1), (2, 3, 1)]
    assert (r["victim"], r["dice"]) == (3, [2, 6, 3, 1])
    r = ref(dict(CIRCLE, slams=[[2, 0]], choice=0))
    assert (r["victim"], r["dice"]) == (0, [1, 6, 3, 2])
    r = ref(dict(CIRCLE, slams=[[3, 0]]))  # clockwise from 3: seat 0 before seat 2
    assert r["victim"] == 0
    r = ref(dict(CIRCLE, slams=[[0, 0]]))
    assert r["victim"] == 2


@pytest.mark.parametrize("choice", [0, 1, 2])
def test_W5_choice_with_a_single_candidate_is_ignored(choice):
    r = ref(scen(*MULTI, slams=[(2, 2)], choice=choice))  # seat 2 matches only seat 0
    assert (r["slammer"], r["victim"], r["moved"]) == (2, 0, 2)


def test_W5_choice_of_the_slammer_itself_is_ignored():
    r = ref(scen(*MULTI, slams=[(0, 2)], choice=0))
    assert (r["victim"], r["moved"]) == (2, 2)
    r = ref(dict(CIRCLE, slams=[[2, 0]], choice=2))
    assert r["victim"] == 3


def test_W5_choice_of_a_non_matching_seat_is_ignored():
    r = ref(dict(CIRCLE, slams=[[2, 0]], choice=1))  # seat 1 has no wild
    assert r["victim"] == 3


def test_W5_choice_ignored_without_a_match():
    r = ref(scen(*LAST, slams=[(1, 7)], choice=0))
    assert r["outcome"] == "penalty" and r["victim"] is None
    r = ref(scen(*LAST, choice=0))
    assert r["outcome"] == "none"
    r = ref(scen(*SINGLE, slams=[(0, 1), (1, 1)], choice=1))
    assert r["outcome"] == "dead_heat"


# -- W8 penalty and the pool ---------------------------------------------------
def test_W8_penalty_grows_pool():
    r = ref(scen("wild moon", "wild star bolt", pool=1, slams=[(1, 4)]))
    assert r["matches"] == []
    assert (r["outcome"], r["penalized"], r["moved"]) == ("penalty", [1], 0)
    assert r["dice"] == [2, 2] and r["pool"] == 2 and r["game_over"] is False


def test_W8_pool_goes_with_next_match():
    r = ref(scen("wild moon", "wild moon bolt", pool=1, slams=[(0, 4)]))
    assert (r["outcome"], r["slammer"], r["victim"], r["moved"]) == ("match", 0, 1, 2)
    assert r["dice"] == [4, 2] and r["pool"] == 0
    assert mset(r["matches"]) == [(0, 1, 1)]  # k excludes the pool


def test_W8_pool_stays_on_dead_heat_and_none():
    r = ref(scen("wild moon", "wild moon bolt", pool=1, slams=[(0, 4), (1, 4)]))
    assert (r["outcome"], r["pool"], r["dice"]) == ("dead_heat", 1, [2, 3])
    r = ref(scen("wild moon", "wild moon bolt", pool=1))
    assert (r["outcome"], r["pool"], r["dice"]) == ("none", 1, [2, 3])


def test_W8_later_slams_ignored():
    # Seat 2 has no match but slams after seat 0: not penalized.
    r = ref(scen(*LAST, slams=[(2, 10), (1, 11), (0, 12)]))
    assert (r["outcome"], r["slammer"], r["victim"], r["penalized"]) == ("match", 2, 0, [])


def test_W8_repeated_slams_count_from_earliest():
    base = scen(*LAST)
    # Seat 1 (no match) slams at 9 and 3; seat 2 (match) at 5: seat 1 was first.
    r = ref(dict(base, slams=[[1, 9], [2, 5], [1, 3]]))
    assert (r["outcome"], r["penalized"]) == ("penalty", [1])
    # Seat 2 slams at 20 and 4; seat 1 at 5: seat 2 was first.
    r = ref(dict(base, slams=[[2, 20], [1, 5], [2, 4]]))
    assert (r["outcome"], r["slammer"]) == ("match", 2)
    # Across the wrap: 536870910 is earlier than 3.
    r = ref(dict(base, slams=[[2, 3], [1, 0], [2, WRAP - 2]]))
    assert (r["outcome"], r["slammer"]) == ("match", 2)


# -- W6 who slammed first ------------------------------------------------------
def test_W6_dead_heat_same_ms():
    r = ref(scen(*SINGLE, slams=[(0, 100), (1, 100)]))
    assert (r["outcome"], r["slammer"], r["victim"], r["moved"]) == ("dead_heat", None, None, 0)
    assert r["penalized"] == [] and r["dice"] == [3, 3] and r["pool"] == 0


def test_W6_one_ms_apart_is_not_a_dead_heat():
    r = ref(scen(*SINGLE, slams=[(0, 101), (1, 100)]))
    assert (r["outcome"], r["slammer"]) == ("match", 1)


def test_W6_resolution_dead_heat_3ms_apart():
    r = ref(scen(*SINGLE, slams=[(0, 100), (1, 103)], resolution_ms=5))
    assert r["outcome"] == "dead_heat"
    r = ref(scen(*SINGLE, slams=[(0, 100), (1, 105)], resolution_ms=5))
    assert (r["outcome"], r["slammer"]) == ("match", 0)


def test_W6_resolution_measured_from_earliest_not_chained():
    # Seats 0 and 1 have no match; seat 2 matches seat 3. Slams at 0, 4, 8 with
    # resolution 5: only 0 and 4 share first place (chained, 8 would join).
    s = scen("moon moon", "bolt bolt bolt", "wild star", "wild star bolt", pool=2,
             resolution_ms=5)
    r = ref(dict(s, slams=[[0, 0], [1, 4], [2, 8]]))
    assert (r["outcome"], r["penalized"]) == ("penalty", [0, 1])
    assert r["dice"] == [1, 2, 2, 3] and r["pool"] == 4


def test_W6_tied_one_with_match_is_confirmed_others_not_penalized():
    s = scen("moon moon", "bolt bolt bolt", "wild star", "wild star bolt", pool=2,
             resolution_ms=5)
    r = ref(dict(s, slams=[[0, 0], [1, 1], [2, 4]]))
    assert (r["outcome"], r["slammer"], r["victim"], r["moved"]) == ("match", 2, 3, 3)
    assert r["penalized"] == [] and r["dice"] == [2, 3, 5, 2]
    r = ref(dict(s, slams=[[0, 7], [2, 7]], resolution_ms=1))
    assert (r["outcome"], r["slammer"], r["penalized"]) == ("match", 2, [])


def test_W6_tied_none_with_match_all_penalized():
    s = scen("moon moon", "bolt bolt bolt", "wild star", "wild star bolt", pool=2)
    r = ref(dict(s, slams=[[1, 7], [0, 7], [2, 8]]))
    assert (r["outcome"], r["penalized"], r["pool"]) == ("penalty", [0, 1], 4)


def test_W6_tied_two_with_matches_dead_heat():
    s = scen("moon moon", "bolt bolt bolt", "wild star", "wild star bolt", pool=2)
    r = ref(dict(s, slams=[[3, 7], [0, 7], [2, 7]]))
    assert (r["outcome"], r["penalized"], r["dice"]) == ("dead_heat", [], [2, 3, 2, 3])


def test_W6_false_start_before_window():
    # Seat 0 has a match but slams 1 ms before the window opens.
    r = ref(scen(*SINGLE, slams=[(0, 999), (1, 1000)], window_open_ms=1000))
    assert (r["outcome"], r["penalized"], r["dice"], r["pool"]) == ("penalty", [0], [2, 3], 1)
    r = ref(scen(*SINGLE, slams=[(0, 1000), (1, 1001)], window_open_ms=1000))
    assert (r["outcome"], r["slammer"]) == ("match", 0)
    r = ref(scen(*SINGLE, slams=[(0, 5)], window_open_ms=1000))
    assert (r["outcome"], r["penalized"]) == ("penalty", [0])


def test_W6_false_start_sharing_first_place_is_a_slam_without_match():
    r = ref(scen(*SINGLE, slams=[(0, 998), (1, 1001)], window_open_ms=1000, resolution_ms=5))
    assert (r["outcome"], r["slammer"], r["penalized"]) == ("match", 1, [])


def test_W6_no_window_means_no_false_start():
    r = ref(scen(*SINGLE, slams=[(0, 0)]))
    assert (r["outcome"], r["slammer"]) == ("match", 0)
    r = ref(scen(*SINGLE, slams=[(0, 0)], window_open_ms=None))
    assert (r["outcome"], r["slammer"]) == ("match", 0)


def test_W6_tick_wraparound():
    r = ref(scen(*SINGLE, slams=[(0, 0), (1, WRAP - 1)]))
    assert (r["outcome"], r["slammer"]) == ("match", 1)
    r = ref(scen(*SINGLE, slams=[(0, 0), (1, WRAP - 1)], resolution_ms=2))
    assert r["outcome"] == "dead_heat"
    # The window opened just before the wrap: a slam at 3 is 13 ms after it.
    r = ref(scen(*SINGLE, slams=[(0, 3)], window_open_ms=WRAP - 10))
    assert (r["outcome"], r["slammer"]) == ("match", 0)
    # The window opens at 5: a slam at 536870911 is 6 ms early.
    r = ref(scen(*SINGLE, slams=[(0, WRAP - 1), (1, 6)], window_open_ms=5))
    assert (r["outcome"], r["penalized"]) == ("penalty", [0])


@pytest.mark.parametrize(
    "slams",
    [
        [[2, 10], [1, 11], [0, 12], [2, 30]],
        [[0, 5], [1, 5], [2, 9], [3, 5]],
        [[1, WRAP - 1], [0, 0], [2, 1], [1, 3]],
        [[0, 0], [1, 4], [2, 8], [3, 2]],
    ],
)
def test_W6_slams_in_any_order_same_ruling(slams):
    s = scen("moon moon", "bolt bolt bolt", "wild star", "wild star bolt", pool=2,
             resolution_ms=3)
    want = ref(dict(s, slams=slams))
    for p in itertools.permutations(slams):
        assert ref(dict(s, slams=[list(e) for e in p])) == want


def test_W6_quarter_wrap_check_does_not_depend_on_slam_order():
    q = WRAP // 4
    slams = [[0, q + 5], [0, 10], [1, 5]]
    got = set()
    for p in itertools.permutations(slams):
        code, out, _ = referee.run(json.dumps(scen(*SINGLE, slams=list(p))))
        got.add((code, out))
    # The set spans a quarter wrap, so every order is refused alike.
    assert got == {(2, "")}, got


def test_W7_nobody_slams():
    r = ref(scen(*DOUBLE))
    assert (r["outcome"], r["slammer"], r["victim"], r["moved"]) == ("none", None, None, 0)
    assert mset(r["matches"]) == [(0, 1, 2)] and r["dice"] == [3, 3]


def test_W7_slam_on_roll_without_match_is_penalized():
    r = ref(scen("wild moon star", "wild bolt drop", slams=[(0, 1)]))
    assert r["matches"] == [] and (r["outcome"], r["penalized"]) == ("penalty", [0])


# -- W9 set-aside dice, W10 end ------------------------------------------------
def test_W9_set_aside_dice_count_in_totals():
    s = scen("wild moon moon star bolt", "wild moon", "star", "bolt", aside=[3, 0, 0, 0])
    assert s["pool"] == 0
    r = ref(dict(s, slams=[[1, 0]]))
    assert mset(r["matches"]) == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]
    assert (r["victim"], r["dice"], r["game_over"]) == (0, [7, 3, 1, 1], False)


def test_W10_penalty_on_last_die_ends_game():
    r = ref(scen("moon", "wild star star", "wild bolt bolt drop drop", pool=0,
                 slams=[(0, 1)]))
    assert (r["outcome"], r["penalized"], r["dice"], r["pool"]) == ("penalty", [0], [0, 3, 5], 1)
    assert r["game_over"] is True
    assert (r["winners"], r["sudden_death"]) == ([2], [])  # W10: most dice wins


def test_W10_tie_for_most_still_reports_game_over():
    # Seat 0 loses its last die; seats 1 and 2 tie on 4: sudden death in the core.
    r = ref(scen("moon", "wild star star bolt", "wild bolt bolt drop", pool=0,
                 slams=[(0, 1)]))
    assert (r["outcome"], r["dice"], r["pool"], r["game_over"]) == ("penalty", [0, 4, 4], 1, True)
    assert (r["winners"], r["sudden_death"]) == ([], [1, 2])  # no winner yet: they play on


def test_W10_multiple_penalized_lose_last_dice():
    r = ref(scen("moon", "bolt", "wild star star star star", aside=[0, 0, 2],
                 slams=[(0, 1), (1, 1)]))
    assert r["matches"] == []
    assert (r["outcome"], r["penalized"]) == ("penalty", [0, 1])
    assert (r["dice"], r["pool"]) == ([0, 0, 7], 2)
    assert r["game_over"] is True
    assert (r["winners"], r["sudden_death"]) == ([2], [])


def test_W10_a_draw_names_every_tied_seat_a_winner():
    # Both seats lose their last die in the same tick: tied for most at 0, nobody plays on.
    r = ref(scen("moon", "star", pool=4, slams=[(0, 500), (1, 500)]))
    assert (r["outcome"], r["penalized"], r["dice"], r["pool"]) == ("penalty", [0, 1], [0, 0], 6)
    assert (r["game_over"], r["winners"], r["sudden_death"]) == (True, [0, 1], [])


def test_W10_a_draw_among_the_leaders_only():
    # Seats 0 and 1 lose their last dice together; seat 2 holds the most and wins alone.
    r = ref(scen("moon", "star", "wild bolt", pool=5, slams=[(0, 5), (1, 5)]))
    assert (r["dice"], r["winners"], r["sudden_death"]) == ([0, 0, 2], [2], [])


# -- property test: rulings agree with the rulings' text ------------------------
SIDES = ("wild", "wild", "moon", "star", "drop", "bolt")
SYMBOLS = ("moon", "star", "drop", "bolt")


def oracle_k(ra, da, rb, db):
    """W3/W4 read straight from docs/rules.md."""
    def all_wild(r):
        return len(r) >= 2 and all(f == "wild" for f in r)

    if all_wild(ra) or all_wild(rb):
        return 1
    k = sum(min(ra.count(s), rb.count(s)) for s in SYMBOLS)
    ok_a = "wild" in ra or (da == 1 and ra[0] != "wild")
    ok_b = "wild" in rb or (db == 1 and rb[0] != "wild")
    return k if k and ok_a and ok_b else 0


def oracle(rolled, dice, pool, slams, t_open, res, choice):
    """Expected ruling, with slam times as plain (unwrapped) integers."""
    n = len(dice)
    matches = sorted(
        (a, b, oracle_k(rolled[a], dice[a], rolled[b], dice[b]))
        for a in range(n) for b in range(a + 1, n)
        if oracle_k(rolled[a], dice[a], rolled[b], dice[b]))

    def cands(s):
        c = [(v, oracle_k(rolled[s], dice[s], rolled[v], dice[v])) for v in range(n) if v != s]
        c = [x for x in c if x[1]]
        return sorted(c, key=lambda x: (-x[1], (x[0] - s) % n))

    out = {"matches": [list(m) for m in matches], "outcome": "none", "slammer": None,
           "victim": None, "moved": 0, "penalized": []}
    dice = list(dice)
    if slams:
        first_t = {}
        for s, t in slams:
            first_t[s] = min(t, first_t.get(s, t))
        best = min(first_t.values())
        tied = sorted(s for s, t in first_t.items() if t - best < res)
        ok = [s for s in tied if (t_open is None or first_t[s] >= t_open) and cands(s)]
        if len(ok) > 1:
            out["outcome"] = "dead_heat"
        elif ok:
            s = ok[0]
            c = cands(s)
            v, k = next((x for x in c if x[0] == choice), c[0])
            dice[s] += k + pool
            dice[v] -= k
            out.update(outcome="match", slammer=s, victim=v, moved=k + pool)
            pool = 0
        else:
            for s in tied:
                dice[s] -= 1
                pool += 1
            out.update(outcome="penalty", penalized=tied)
    out.update(dice=dice, pool=pool, game_over=0 in dice, winners=[], sudden_death=[])
    if 0 in dice:  # W10: most dice wins; a tie with dice left plays sudden death
        lead = [s for s in range(n) if dice[s] == max(dice)]
        if len(lead) == 1 or max(dice) == 0:
            out["winners"] = lead
        else:
            out["sudden_death"] = lead
    return out


@st.composite
def scenarios(draw):
    n = draw(st.integers(2, 4))
    pool = draw(st.integers(0, n - 1))
    dice = [1] * n
    for _ in range(3 * n - pool - n):
        dice[draw(st.integers(0, n - 1))] += 1
    rolled = [[draw(st.sampled_from(SIDES)) for _ in range(min(5, d))] for d in dice]
    slams = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, 12)), max_size=6))
    t_open = draw(st.none() | st.integers(0, 8))
    res = draw(st.integers(1, 4))
    choice = draw(st.none() | st.integers(0, n - 1))
    shift = draw(st.sampled_from([0, WRAP - 6, 12345]))  # slide the clock across the wrap
    return rolled, dice, pool, slams, t_open, res, choice, shift


@settings(max_examples=300, deadline=None)
@given(scenarios(), st.randoms(use_true_random=False))
def test_W3_to_W10_rulings_match_the_rulings_text(sc, rnd):
    rolled, dice, pool, slams, t_open, res, choice, shift = sc
    moved = [[s, (t + shift) % WRAP] for s, t in slams]
    rnd.shuffle(moved)
    s = {"game": "wildside",
         "players": [{"rolled": r, "aside": d - len(r)} for r, d in zip(rolled, dice,
                                                                        strict=True)],
         "pool": pool, "slams": moved, "resolution_ms": res}
    if t_open is not None:
        s["window_open_ms"] = (t_open + shift) % WRAP
    if choice is not None:
        s["choice"] = choice
    r = ref(s)
    r["matches"] = sorted(map(list, r["matches"]))
    assert r == oracle(rolled, dice, pool, slams, t_open, res, choice)
    assert sum(r["dice"]) + r["pool"] == 3 * len(dice)  # W2


# -- impossible scenarios: exit 2, one line naming the field -------------------
def good():
    return scen(*SINGLE, slams=[(0, 1)])


def with_(path, value):
    return setk(good(), path, value)


@pytest.mark.parametrize(
    "s, field",
    [
        pytest.param(scen("wild moon star"), "players", id="W2-one-seat"),
        pytest.param(scen(*["wild moon"] * 5), "players", id="W2-five-seats"),
        pytest.param(dict(good(), players=[]), "players", id="W2-no-seats"),
        pytest.param(with_(["players", 1, "rolled", 0], "sun"), "players[1].rolled[0]",
                     id="W1-unknown-face"),
        pytest.param(with_(["players", 0, "rolled", 0], 3), "players[0].rolled[0]",
                     id="W1-face-not-a-string"),
        pytest.param(scen("wild moon star bolt drop moon", "wild", "star", "moon"),
                     "players[0].rolled", id="W9-six-rolled"),
        pytest.param(scen("wild moon star", "wild moon", aside=[1, 0], pool=1),
                     "players[0].rolled", id="W9-aside-while-under-five"),
        pytest.param(scen("wild moon star", "wild moon", pool=2), "players",
                     id="W2-not-conserved"),
        pytest.param(scen("wild moon star", "wild moon star", pool=0, aside=[5, 0]),
                     "players[0]", id="W2-too-many-dice"),
        pytest.param(scen("", "wild moon star"), "players", id="W10-seat-without-dice"),
        pytest.param(with_(["players", 0, "aside"], -1), "players[0].aside",
                     id="negative-aside"),
        pytest.param(with_(["players", 0, "aside"], True), "players[0].aside",
                     id="bool-aside"),
        pytest.param(with_(["players", 0, "aside"], 0.5), "players[0].aside",
                     id="float-aside"),
        pytest.param(with_(["pool"], -1), "pool", id="negative-pool"),
        pytest.param(with_(["pool"], "0"), "pool", id="string-pool"),
        pytest.param(with_(["slams"], [[2, 1]]), "slams[0]", id="slam-seat-out-of-range"),
        pytest.param(with_(["slams"], [[0, 1], [-1, 1]]), "slams[1][0]",
                     id="negative-slam-seat"),
        pytest.param(with_(["slams"], [[0, -5]]), "slams[0][1]", id="negative-slam-time"),
        pytest.param(with_(["slams"], [[0, WRAP]]), "slams[0]", id="slam-time-past-wrap"),
        pytest.param(with_(["slams"], [[0, 0], [1, WRAP // 4]]), "slams",
                     id="W6-slams-a-quarter-wrap-apart"),
        pytest.param(with_(["slams"], [[0]]), "slams[0]", id="slam-not-a-pair"),
        pytest.param(with_(["slams"], [[0, 1.5]]), "slams[0][1]", id="slam-time-float"),
        pytest.param(with_(["slams"], [[False, 1]]), "slams[0][0]", id="slam-seat-bool"),
        pytest.param(with_(["slams"], {"0": 1}), "slams", id="slams-not-a-list"),
        pytest.param(dict(good(), choice=2), "choice", id="choice-out-of-range"),
        pytest.param(dict(good(), choice=-1), "choice", id="negative-choice"),
        pytest.param(dict(good(), choice="1"), "choice", id="string-choice"),
        pytest.param(dict(good(), window_open_ms=-1), "window_open_ms",
                     id="negative-window"),
        pytest.param(dict(good(), window_open_ms=WRAP), "window_open_ms",
                     id="window-past-wrap"),
        pytest.param(dict(good(), resolution_ms=0), "resolution_ms", id="zero-resolution"),
        pytest.param(dict(good(), resolution_ms=-3), "resolution_ms",
                     id="negative-resolution"),
        pytest.param(dict(good(), resolution_ms="5"), "resolution_ms", id="string-resolution"),
        pytest.param(dict(good(), seed=3), "seed", id="unknown-key"),
        pytest.param(with_(["players", 0, "colour"], "red"), "players[0].colour",
                     id="unknown-seat-key"),
        pytest.param(dict(good(), players="two"), "players", id="players-not-a-list"),
        pytest.param(with_(["players", 0], ["wild"]), "players[0]", id="seat-not-an-object"),
        pytest.param(with_(["players", 0, "rolled"], "wild moon"), "players[0].rolled",
                     id="rolled-not-a-list"),
        pytest.param({k: v for k, v in good().items() if k != "pool"}, "pool",
                     id="missing-pool"),
        pytest.param({k: v for k, v in good().items() if k != "game"}, "game",
                     id="missing-game"),
        pytest.param(dict(good(), game=1), "game", id="game-not-a-string"),
        pytest.param([good()], "input", id="not-an-object"),
    ],
)
def test_impossible_scenarios_exit_2_naming_the_field(s, field):
    err = refuse(s)
    assert re.match(r"referee: %s[:.\[]" % re.escape(field), err), err


def test_other_game_not_yet_supported():
    err = refuse(dict(good(), game="go-wild"))
    assert err.startswith("referee: game:") and "not yet supported" in err


@pytest.mark.parametrize("text", ["", "{", "[1,", "nope", b"\xff\xfe", '{"game": }'])
def test_bad_json_exit_2(text):
    err = refuse(text)
    assert err.startswith("referee: input: not valid JSON")


# -- the CLI as a subprocess ---------------------------------------------------
def test_cli_ruling_on_stdout_exit_0(tmp_path):
    p = cli(json.dumps(scen(*DOUBLE, slams=[(1, 10)])), cwd=tmp_path)  # any cwd
    assert p.returncode == 0, p.stderr
    assert p.stderr == b""
    r = json.loads(p.stdout)
    assert list(r) == KEYS
    assert r == {"matches": [[0, 1, 2]], "outcome": "match", "slammer": 1, "victim": 0,
                 "moved": 2, "penalized": [], "dice": [1, 5], "pool": 0, "game_over": False,
                 "winners": [], "sudden_death": []}


def test_cli_W6_dead_heat():
    p = cli(json.dumps(scen(*SINGLE, slams=[(1, 100), (0, 100)])))
    assert p.returncode == 0 and json.loads(p.stdout)["outcome"] == "dead_heat"


def test_cli_bad_json_exit_2():
    p = cli("{not json")
    assert p.returncode == 2 and p.stdout == b""
    lines = p.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: input: not valid JSON")


def test_cli_unknown_face_exit_2():
    p = cli(json.dumps(with_(["players", 1, "rolled", 0], "sun")))
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode() == "referee: players[1].rolled[0]: unknown face 'sun'\n"


def test_cli_W2_dice_not_conserved_exit_2():
    p = cli(json.dumps(scen("wild moon star", "wild moon", pool=2)))
    assert p.returncode == 2 and p.stdout == b""
    err = p.stderr.decode()
    assert err.count("\n") == 1 and err.startswith("referee: players: W2")


def test_cli_other_game_exit_2():
    p = cli(json.dumps(dict(good(), game="tumblin-dice")))
    assert p.returncode == 2
    assert "game" in p.stderr.decode() and "not yet supported" in p.stderr.decode()


def test_cli_is_executable_with_shebang():
    with open(SCRIPT, "rb") as f:
        assert f.readline() == b"#!/usr/bin/env python3\n"
    assert os.access(SCRIPT, os.X_OK)
