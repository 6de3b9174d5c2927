"""Wildside bots (W11, W12, W5): reaction times, miss and false-slam rates, options,
saving, never slamming before the window, taking the richest match, and strength."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wildside_helpers import FACES, oracle_value, position, slam_all

from slampad.bots.wildside import LEVELS, MIN_REACT_MS, WildsideBot, play_game, play_round
from slampad.games.wildside import Wildside
from slampad.rng import Rng

W = "wild"
M, S, D, Z = "moon", "star", "drop", "bolt"


def match_view(seat=0):
    """A shown roll where ``seat`` has a match (A-B on the moon)."""
    return position([[W, M, S], [W, M, D]]).view(seat)


def blank_view(seat=0):
    """A shown roll with no match anywhere (nobody rolled a wild)."""
    return position([[M, S, D], [Z, D, S]]).view(seat)


def plans(bot, view, k):
    return [bot.plan(view) for _ in range(k)]


# -- reaction time -------------------------------------------------------------------------


def test_levels_differ_in_mean_reaction_hard_fastest():
    means = {}
    for level in LEVELS:
        bot = WildsideBot(0, level, 3, miss=0)
        times = [t for t in plans(bot, match_view(), 4000)]
        assert all(t is not None and t >= MIN_REACT_MS for t in times)
        means[level] = sum(times) / len(times)
        sd = (sum((t - means[level]) ** 2 for t in times) / len(times)) ** 0.5
        mean_cfg, sd_cfg = LEVELS[level][0], LEVELS[level][1]
        assert abs(means[level] - mean_cfg) < 0.03 * mean_cfg, (level, means[level])
        assert 0.8 * sd_cfg < sd < 1.2 * sd_cfg, (level, sd)
    assert means["hard"] < means["normal"] < means["easy"]


def test_reaction_never_below_human_limit():
    bot = WildsideBot(1, "hard", 1, react_ms=0)
    times = [bot.reaction() for _ in range(1000)]
    assert min(times) == MIN_REACT_MS
    assert times.count(MIN_REACT_MS) > 950  # 0 ms + a 110 ms spread: nearly always floored
    bot = WildsideBot(1, "easy", 1, react_ms=200)
    assert min(bot.reaction() for _ in range(2000)) == MIN_REACT_MS


# -- error rates ------------------------------------------------------------------------------


def rate_close(observed, per_mille, k):
    p = per_mille / 1000
    sd = (p * (1 - p) / k) ** 0.5
    return abs(observed - p) <= 5 * sd + 0.002


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_miss_rate_is_close_to_the_configured_rate(level):
    k = 20000
    bot = WildsideBot(0, level, 11)
    missed = sum(p is None for p in plans(bot, match_view(), k)) / k
    assert rate_close(missed, LEVELS[level][2], k), (level, missed)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_false_slam_rate_is_close_to_the_configured_rate(level):
    k = 20000
    bot = WildsideBot(1, level, 12)
    slams = sum(p is not None for p in plans(bot, blank_view(1), k)) / k
    assert rate_close(slams, LEVELS[level][3], k), (level, slams)


@pytest.mark.parametrize("miss,false", [(0, 0), (500, 200), (1000, 1000), (37, 999)])
def test_custom_rates_are_observed(miss, false):
    k = 8000
    bot = WildsideBot(0, "normal", 2, react_ms=450, miss=miss, false=false)
    assert (bot.react_ms, bot.miss, bot.false) == (450, miss, false)
    got = plans(bot, match_view(), k)
    assert rate_close(sum(p is None for p in got) / k, miss, k)
    hit = [p for p in got if p is not None]
    if hit:
        assert abs(sum(hit) / len(hit) - 450) < 25
    slams = sum(p is not None for p in plans(bot, blank_view(), k)) / k
    assert rate_close(slams, false, k)


@pytest.mark.parametrize(
    "kw",
    [
        {"level": "expert"},
        {"level": None},
        {"level": "Hard"},
        {"react_ms": -1},
        {"react_ms": "500"},
        {"react_ms": 1.5},
        {"react_ms": True},
        {"miss": -1},
        {"miss": 1001},
        {"miss": 0.5},
        {"miss": "0"},
        {"miss": False},
        {"false": -1},
        {"false": 1001},
        {"false": 2.0},
        {"false": True},
    ],
)
def test_bad_bot_settings_are_refused(kw):
    args = {"seat": 0, "level": "normal", "seed": 0}
    args.update(kw)
    with pytest.raises(ValueError):
        WildsideBot(**args)


def test_boundary_settings_are_accepted():
    b = WildsideBot(3, "easy", 0, react_ms=0, miss=1000, false=0)
    assert (b.seat, b.level, b.react_ms, b.miss, b.false) == (3, "easy", 0, 1000, 0)
    b = WildsideBot(0, "hard", 0, react_ms=100000, miss=0, false=1000)
    assert b.react_ms == 100000


# -- saving and determinism -------------------------------------------------------------------


def test_bot_round_trip_keeps_settings_and_future_plans():
    bot = WildsideBot(2, "easy", 9, react_ms=777, miss=123, false=45)
    view = match_view(0)
    view2 = position([[W, M, S], [W, D, Z], [W, M, D]]).view(2)
    plans(bot, view2, 7)  # move its generator on
    d = json.loads(json.dumps(bot.to_dict()))
    back = WildsideBot.from_dict(d)
    assert back.to_dict() == bot.to_dict()
    assert (back.seat, back.level, back.react_ms, back.miss, back.false) == (
        2,
        "easy",
        777,
        123,
        45,
    )
    assert plans(back, view2, 50) == plans(bot, view2, 50)
    assert [back.reaction() for _ in range(20)] == [bot.reaction() for _ in range(20)]
    assert back.plan(view) is None  # seat 2 is not in a two-seat game's view


def test_bot_from_dict_refuses_a_bad_rng_state():
    d = WildsideBot(0).to_dict()
    d["rng"] = 0
    with pytest.raises(ValueError):
        WildsideBot.from_dict(d)


def test_same_seed_same_plans_different_seed_differs():
    a = plans(WildsideBot(0, "normal", 5, miss=0), match_view(), 30)
    b = plans(WildsideBot(0, "normal", 5, miss=0), match_view(), 30)
    c = plans(WildsideBot(0, "normal", 6, miss=0), match_view(), 30)
    assert a == b and a != c


def test_play_game_is_reproducible():
    g1, a1 = play_game(3, 31, ["easy", "hard", "normal"])
    g2, a2 = play_game(3, 31, ["easy", "hard", "normal"])
    assert a1 == a2 and g1.to_dict() == g2.to_dict()
    assert g1.is_over()


# -- W12: never before the window --------------------------------------------------------------


def game_states():
    """Real states in every phase but 'window', each with seat 0 and 1 able to match."""
    out = []
    g = Wildside({"players": 2, "bots": [1]}, 4)
    out.append(g)  # ready
    g = Wildside.from_dict(g.to_dict())
    g.apply(("ready", 0))
    out.append(g)  # roll
    g = Wildside.from_dict(g.to_dict())
    g.apply(("roll",))
    out.append(g)  # rolling
    g = position([[W, M, S], [W, M, D], [W, S, Z]])
    slam_all(g, [(0, 1200)])
    g.apply(("judge",))
    out.append(g)  # choose
    g = position([[W], [W, M, S]], dice=[1, 3])
    slam_all(g, [(0, 1001)])
    g.apply(("judge",))
    out.append(g)  # over
    assert [x.phase for x in out] == ["ready", "roll", "rolling", "choose", "over"]
    return out


@pytest.mark.parametrize("i", range(5))
def test_bots_never_plan_a_slam_outside_the_window(i):
    g = game_states()[i]
    for seat in range(len(g.dice)):
        eager = WildsideBot(seat, "hard", i, miss=0, false=1000)
        assert plans(eager, g.view(seat), 50) == [None] * 50


def test_bots_out_of_sudden_death_never_slam():
    g = position([[W, M, S], [W, M, D], [], []], dice=[3, 3, 0, 3], sudden=True, active=[0, 1])
    for seat in (2, 3):
        eager = WildsideBot(seat, "hard", 1, miss=0, false=1000)
        assert plans(eager, g.view(seat), 50) == [None] * 50
    assert WildsideBot(0, "hard", 1, miss=0).plan(g.view(0)) is not None


def test_bot_slams_land_inside_the_window_in_play_round():
    seen = 0
    for seed in range(20):
        g = Wildside({"players": 4, "bots": [0, 1, 2, 3]}, seed)
        bots = [WildsideBot(s, "easy", seed, false=300) for s in range(4)]
        t = (1 << 29) - 1 - 4000 * seed  # some games cross the clock's wrap
        while not g.is_over():
            acts, _, t = play_round(g, bots, t, Rng(seed))
            t_open = acts[1][1]
            for a in acts:
                if a[0] == "slam":
                    seen += 1
                    assert MIN_REACT_MS <= (a[2] - t_open) % (1 << 29) < 5000
    assert seen > 100


# -- W5: the richest match ------------------------------------------------------------------------


def test_bot_choice_is_the_richest_candidate():
    # C (seat 2) matches A (k=1), B (k=2), D (k=1).
    g = position([[W, M, D], [W, M, S], [W, M, S], [W, S, Z]])
    slam_all(g, [(2, 1100)])
    g.apply(("judge",))
    assert WildsideBot(2).choose(g.view(2)) == 1


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_bot_choice_is_richest_then_clockwise(data):
    n = data.draw(st.integers(3, 4))
    faces = data.draw(st.sampled_from([FACES, (W, M, S), (W, M, S, D)]))
    rolled = [data.draw(st.lists(st.sampled_from(faces), min_size=3, max_size=3)) for _ in range(n)]
    slammer = data.draw(st.integers(0, n - 1))
    ks = {}
    for v in range(n):
        if v != slammer:
            k = oracle_value(rolled[slammer], 3, rolled[v], 3)
            if k:
                ks[v] = k
    if len(ks) < 2:
        return
    g = position(rolled)
    slam_all(g, [(slammer, 1100)])
    g.apply(("judge",))
    assert g.phase == "choose"
    best = max(ks.values())
    want = min((v for v in ks if ks[v] == best), key=lambda v: (v - slammer) % n)
    assert WildsideBot(slammer, "easy", 1).choose(g.view(slammer)) == want


def test_bot_as_slammer_in_play_round_takes_the_richest():
    # Find rounds in bot games where the slammer had a choice; it took the richest.
    checked = 0
    for seed in range(60):
        g = Wildside({"players": 4, "bots": [0, 1, 2, 3]}, seed)
        bots = [WildsideBot(s, "hard", seed) for s in range(4)]
        t = 0
        while not g.is_over() and g.round < 400:
            acts, ev, t = play_round(g, bots, t)
            for e in ev:
                if e[0] == "choose":
                    checked += 1
                    took = [a for a in acts if a[0] == "choose"]
                    assert took == [("choose", e[3])]  # the highlighted richest match
    assert checked > 10


# -- strength --------------------------------------------------------------------------------------


def test_hard_bots_beat_easy_bots_in_most_games():
    wins = 0
    games = 200
    for seed in range(games):
        hard_seat = seed % 2
        levels = ["easy", "easy"]
        levels[hard_seat] = "hard"
        g, _ = play_game(2, 1000 + seed, levels)
        wins += g.winners() == [hard_seat]
    assert wins >= 0.9 * games, wins


def test_hard_bot_wins_most_four_seat_games():
    count = {"easy": 0, "normal": 0, "hard": 0}
    for seed in range(120):
        levels = ["easy", "normal", "hard", "easy"]
        r = seed % 4
        levels = levels[r:] + levels[:r]
        g, _ = play_game(4, 5000 + seed, levels)
        count[levels[g.winners()[0]]] += 1
    assert count["hard"] > count["normal"] > count["easy"] / 2
    assert count["hard"] >= 0.6 * 120, count
