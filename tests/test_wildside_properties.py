"""Hypothesis properties of the Wildside core: W2 conservation, W9 cap, ranges, game end,
JSON round trip and replay at every step, order-independent rulings (W6), agreement
with an oracle written from the rulings (W3, W4, W6, W8), and a random legal-action
driver that must never raise."""

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from wildside_helpers import (
    FACES,
    WRAP,
    RandomDriver,
    all_options,
    bot_game,
    check_invariants,
    oracle_judge,
    oracle_value,
    position,
    replay,
)

from slampad.games import wildside_match as wm
from slampad.games.wildside import Wildside
from slampad.rng import Rng

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

LEVELS = st.sampled_from(["easy", "normal", "hard"])
# Fewer kinds of face make matches (and all-wild rolls) common.
FACE_SETS = st.sampled_from([("wild", "moon", "star"), FACES, ("wild", "moon"), ("moon", "star")])


# -- bot games: invariants at every step, end, replay ---------------------------------


@st.composite
def bot_setups(draw):
    n = draw(st.integers(2, 4))
    levels = [draw(LEVELS) for _ in range(n)]
    seed = draw(st.integers(0, 2**31))
    variant = draw(st.sampled_from([None, {"wrap": 1 << 16}, {"tick_us": 1}, {"resolution": 3}]))
    t0 = draw(st.sampled_from([0, WRAP - 2500, (1 << 16) - 3000, 123456]))
    return n, levels, seed, variant, t0


@FAST
@given(bot_setups())
def test_bot_games_keep_invariants_at_every_step_end_and_replay(setup):
    n, levels, seed, variant, t0 = setup
    steps = []

    def on_step(g, a, ev):
        check_invariants(g, n)  # W2 conservation, W9 cap, ranges, JSON round trip
        assert all(isinstance(e, tuple) and e for e in ev)
        steps.append(a)

    g, opts, acts = bot_game(n, seed, levels, variant, t0, on_step, max_rounds=2000)
    assert g.is_over() and g.round < 2000  # every game ends
    assert steps == acts
    w = g.winners()
    assert len(w) == 1
    if not g.sudden:
        assert g.dice[w[0]] == max(g.dice)  # W10: most dice wins
    again = replay(opts, seed, acts)
    assert again.to_dict() == g.to_dict()


@MANY
@given(st.integers(2, 4), st.integers(0, 2**31), st.lists(LEVELS, min_size=4, max_size=4))
def test_every_bot_game_ends_within_bounded_rounds(n, seed, levels):
    g, _, acts = bot_game(n, seed, levels, max_rounds=3000)
    assert g.is_over()
    assert g.round < 3000
    assert acts[-1][0] in ("judge", "choose", "take")


# -- exact positions with random faces and random slams ----------------------------


@st.composite
def judged_positions(draw):
    """A shown roll, early slams (before the window) and window slams."""
    n = draw(st.integers(2, 4))
    faces = draw(FACE_SETS)
    dice = []
    for s in range(n):
        left = 3 * n - sum(dice) - (n - 1 - s)
        dice.append(draw(st.integers(1, min(7, left))))
    sudden = draw(st.booleans()) and n > 2
    active = list(range(n))
    if sudden:
        active = sorted(draw(st.sets(st.sampled_from(active), min_size=2, max_size=n - 1)))
    rolled = []
    for s in range(n):
        k = min(5, dice[s]) if s in active else 0
        rolled.append(draw(st.lists(st.sampled_from(faces), min_size=k, max_size=k)))
    wrap = draw(st.sampled_from([WRAP, 1 << 16]))
    res = draw(st.integers(1, 4))
    t_open = draw(st.sampled_from([0, 1, 777, wrap - 1, wrap - 4, wrap // 2 + 3]))
    seat = st.sampled_from(active)
    keen = [
        a
        for a in active
        if any(oracle_value(rolled[a], dice[a], rolled[b], dice[b]) for b in active if b != a)
    ]
    if keen and draw(st.integers(0, 3)) != 3:  # mostly, seats with a match do the slamming
        seat = st.one_of(st.sampled_from(keen), st.sampled_from(keen), seat)
    early = []
    if draw(st.integers(0, 4)) == 4:  # now and then a false start during the roll
        early = draw(st.lists(st.tuples(seat, st.integers(-30, -1)), min_size=1, max_size=2))
    lo = -3 if draw(st.integers(0, 4)) == 4 else 0  # now and then stamps before the window
    some = 0 if draw(st.integers(0, 9)) == 9 else 1  # now and then nobody slams (W7)
    late = draw(st.lists(st.tuples(seat, st.integers(lo, 8)), min_size=some, max_size=5))
    early = [(s, (t_open + o) % wrap) for s, o in early]
    late = [(s, (t_open + o) % wrap) for s, o in late]
    kw = {"wrap": wrap, "resolution": res, "sudden": sudden, "active": active}
    return rolled, dice, t_open, early, late, kw


def run_slams(rolled, dice, t_open, early, late, kw, open_window=True):
    g = position(rolled, dice=dice, phase="rolling", **dict(kw))
    for s, t in early:
        g.apply(("slam", s, t))
    if open_window:
        g.apply(("open", t_open))
        for s, t in late:
            g.apply(("slam", s, t))
    return g


@MANY
@given(judged_positions(), st.randoms(use_true_random=False))
def test_ruling_does_not_depend_on_the_order_slams_arrive(p, rnd):
    rolled, dice, t_open, early, late, kw = p
    if not early and not late:
        late = [(kw["active"][0], t_open)]
    results = []
    for _ in range(3):
        e2, l2 = list(early), list(late)
        rnd.shuffle(e2)
        rnd.shuffle(l2)
        g = run_slams(rolled, dice, t_open, e2, l2, kw)
        ev = g.apply(("judge",))
        check_invariants(g)
        results.append((ev, g.to_dict()))
    assert results[0] == results[1] == results[2]


def expected_events(o, g0, sudden):
    """Events W6/W8/W10 call for, from the oracle's outcome, before any game end."""
    ev = [("false_start", s) for s in o["false"]]
    if o["kind"] == "none":
        return ev + [("none",)]
    if o["kind"] == "dead_heat":
        return ev + [("dead_heat", o["seats"])]
    if o["kind"] == "penalty":
        return ev + [("out" if sudden else "penalty", o["seats"])]
    s, cands = o["slammer"], o["cands"]
    ev.append(("confirmed", s))
    if sudden:
        return ev + [("game_over", [s])]
    if len(cands) == 1:
        ((v, k),) = cands.items()
        return ev + [("match", s, v, k, k + g0.pool)]
    n = len(g0.dice)
    order = sorted(cands, key=lambda v: (-cands[v], (v - s) % n))  # W5
    return ev + [("choose", s, order, order[0])]


@MANY
@given(judged_positions(), st.integers(0, 4))
def test_judge_agrees_with_an_oracle_read_from_the_rulings(p, closed):
    rolled, dice, t_open, early, late, kw = p
    open_window = closed != 4  # now and then judge false starts before the window opens
    if not open_window and not early:
        early = [(kw["active"][-1], (t_open - 2) % kw["wrap"])]
    g = run_slams(rolled, dice, t_open, early, late, kw, open_window)
    g0 = position(rolled, dice=dice, **dict(kw))
    slams = [(s, t, True) for s, t in early]
    if open_window:
        slams += [(s, t, False) for s, t in late]
    o = oracle_judge(
        rolled,
        dice,
        kw["active"],
        t_open if open_window else None,
        slams,
        kw["resolution"],
        kw["wrap"],
    )
    ev = g.apply(("judge",))
    check_invariants(g)
    event("%s%s" % (o["kind"], " (sudden death)" if kw["sudden"] else ""))
    want = expected_events(o, g0, kw["sudden"])
    assert ev[: len(want)] == want
    # Dice follow the events (W2, W8), and a game end follows a seat at zero (W10).
    d = list(dice)
    pool = g0.pool
    for e in ev:
        if e[0] == "match":
            d[e[1]] += e[4]
            d[e[2]] -= e[3]
            pool = 0
        elif e[0] == "penalty":
            for s in e[1]:
                d[s] -= 1
                pool += 1
    assert (g.dice, g.pool) == (d, pool)
    if ev[-1][0] == "game_over":
        assert g.is_over()
    elif g.phase != "choose":
        assert g.phase == "roll"


@st.composite
def sides(draw):
    """(faces rolled, dice held) for one seat: min(5, dice) faces (W9)."""
    d = draw(st.integers(1, 8))
    faces = draw(FACE_SETS)
    k = min(5, d)
    return draw(st.lists(st.sampled_from(faces), min_size=k, max_size=k)), d


@MANY
@given(sides(), sides())
def test_match_value_agrees_with_W3_W4(a, b):
    (ra, da), (rb, db) = a, b
    want = oracle_value(ra, da, rb, db)
    assert wm.value(ra, da, rb, db) == want
    assert wm.value(rb, db, ra, da) == want  # matching is symmetric
    assert 0 <= want <= min(len(ra), len(rb))


# -- a random legal-action driver -----------------------------------------------------


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(2, 4),
    st.integers(0, 15),
    st.integers(0, 2**31),
    st.sampled_from([0, WRAP - 3000, (1 << 16) - 2000]),
    st.sampled_from([150, 350, 700]),
)
def test_random_legal_actions_never_raise_and_keep_invariants(n, mask, seed, clock, bias):
    rng = Rng(seed)
    opts = all_options(n, mask, rng)
    g = Wildside(opts, seed)
    drv = RandomDriver(g, rng, clock, bias, smart=seed % 1000)
    check_invariants(g, n)
    for _ in range(4000):
        if g.is_over():
            break
        _, ev = drv.step()
        assert isinstance(ev, list)
        check_invariants(g, n)
    assert g.is_over()
    kinds = set(a[0] for a in drv.actions)
    event("phases seen: " + ",".join(sorted(kinds)))
    event("sudden death" if g.sudden else "no sudden death")
    assert replay(opts, seed, drv.actions).to_dict() == g.to_dict()
