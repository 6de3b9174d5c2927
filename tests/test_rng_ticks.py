"""slampad.rng.Rng (determinism, ranges, uniformity, shuffle, fork, saved state) and
slampad.ticks against adafruit_ticks semantics for counters wrapping at 2**29."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slampad.rng import Rng
from slampad.ticks import ticks_add, ticks_diff

M32 = 0xFFFFFFFF
STATE = st.integers(1, M32)


# -- Rng ----------------------------------------------------------------------------------


def draws(r, k=20):
    return [r.next32() for _ in range(k)]


def test_same_seed_same_sequence_and_different_seeds_differ():
    assert draws(Rng(42)) == draws(Rng(42))
    firsts = {Rng(s).next32() for s in range(2000)}
    assert len(firsts) == 2000  # nearby seeds are spread apart
    assert draws(Rng(0)) != draws(Rng(1))


@given(st.integers(-(2**40), 2**40))
def test_state_is_a_nonzero_32_bit_int_for_any_seed(seed):
    r = Rng(seed)
    for _ in range(5):
        assert isinstance(r.state, int) and 0 < r.state <= M32
        r.next32()


@given(STATE)
def test_next32_is_xorshift32(state):
    # Marsaglia's xorshift32 (13, 17, 5), written out here as the reference.
    r = Rng.from_state(state)
    x = state
    for _ in range(10):
        x ^= (x << 13) & M32
        x ^= x >> 17
        x ^= (x << 5) & M32
        assert r.next32() == x
        assert r.state == x


@given(STATE, st.integers(1, 2**32))
def test_below_stays_in_range(state, n):
    r = Rng.from_state(state)
    for _ in range(20):
        v = r.below(n)
        assert isinstance(v, int) and 0 <= v < n


def reference_below(x_state, n):
    """below(n) on one 32-bit int, as the Rng drew before it kept its state in halves:
    (the value, the state after)."""
    limit = (M32 + 1) - (M32 + 1) % n
    x = x_state
    while True:
        x ^= (x << 13) & M32
        x ^= x >> 17
        x ^= (x << 5) & M32
        if x < limit:
            return x % n, x


# n around the halves' limit (16,384), powers of two, and ranges the games use.
SIZES = st.one_of(
    st.integers(1, 2**32),
    st.sampled_from([1, 2, 3, 6, 7, 1000, 16383, 16384, 16385, 65536, 2**31, 2**32 - 1]),
)


@given(STATE, SIZES)
def test_below_draws_what_the_whole_int_draw_did(state, n):
    # Saves and replays hold the values drawn before the state was split in halves.
    r = Rng.from_state(state)
    x = state
    for _ in range(8):
        want, x = reference_below(x, n)
        assert r.below(n) == want
        assert r.state == x


def unstep(x):
    """The state whose xorshift32 step gives x (each xor-shift undone, last first)."""
    for shift, left in ((5, True), (17, False), (13, True)):
        y = x
        for _ in range(32 // shift + 1):
            x = y ^ ((x << shift) & M32 if left else x >> shift)
    return x


@pytest.mark.parametrize("n", [3, 7, 1000, 16383, 16384])
def test_below_rejects_the_top_of_the_range_as_the_whole_int_draw_did(n):
    # Draws at and around 2**32 - 2**32 % n, the first value the whole-int draw
    # rejects: the halves' test (hi == 0xFFFF and lo + 2**32 % n >= 65536) agrees.
    limit = (M32 + 1) - (M32 + 1) % n
    rejected = 0
    for x in list(range(limit - 3, M32 + 1))[:40] + [0xFFFF0000, 0xFFFEFFFF, M32]:
        state = unstep(x)
        assert Rng.from_state(state).next32() == x
        r = Rng.from_state(state)
        assert r.below(n) == reference_below(state, n)[0]
        rejected += x >= limit
    assert rejected > 0 or n in (16384,)  # 2**32 % 16384 == 0: nothing is rejected


@pytest.mark.parametrize("n", [0, -1, -100])
def test_below_refuses_empty_ranges(n):
    with pytest.raises(ValueError):
        Rng(1).below(n)


def chi_square(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


@pytest.mark.parametrize("n", [2, 3, 6, 7, 10, 1000])
def test_below_is_roughly_uniform(n):
    r = Rng(n * 31 + 7)
    k = 600 * n if n < 1000 else 200000
    counts = [0] * n
    for _ in range(k):
        counts[r.below(n)] += 1
    # Chi-square with n - 1 degrees of freedom: mean n - 1, sd sqrt(2 (n - 1)); 6 sd.
    df = n - 1
    assert chi_square(counts, k / n) < df + 6 * (2 * df) ** 0.5 + 10, counts[:10]


def test_below_of_one_is_always_zero_and_draws():
    r = Rng(5)
    s0 = r.state
    assert [r.below(1) for _ in range(10)] == [0] * 10
    assert r.state != s0


def test_randint_chance_and_choice():
    r = Rng(9)
    vals = [r.randint(-3, 3) for _ in range(3000)]
    assert set(vals) == set(range(-3, 4))
    assert not any(r.chance(0) for _ in range(2000))
    assert all(r.chance(1000) for _ in range(2000))
    hits = sum(r.chance(250) for _ in range(20000))
    assert abs(hits - 5000) < 6 * (20000 * 0.25 * 0.75) ** 0.5
    seq = ("a", "b", "c", "d")
    picks = [r.choice(seq) for _ in range(2000)]
    assert set(picks) == set(seq)
    assert all(abs(picks.count(x) - 500) < 120 for x in seq)


@given(STATE, st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(state, items):
    got = list(items)
    Rng.from_state(state).shuffle(got)
    assert sorted(got) == sorted(items)
    again = list(items)
    Rng.from_state(state).shuffle(again)
    assert again == got  # deterministic


def test_shuffle_reaches_every_order_about_equally():
    r = Rng(2024)
    counts = {}
    k = 12000
    for _ in range(k):
        x = [0, 1, 2, 3]
        r.shuffle(x)
        counts[tuple(x)] = counts.get(tuple(x), 0) + 1
    assert len(counts) == 24
    assert chi_square(list(counts.values()), k / 24) < 23 + 6 * 46**0.5


@given(STATE, st.integers(0, 2**31), st.integers(0, 2**31))
def test_fork_is_deterministic_and_leaves_the_parent_alone(state, salt, salt2):
    r = Rng.from_state(state)
    a = r.fork(salt)
    assert r.state == state
    b = Rng.from_state(state).fork(salt)
    assert draws(a) == draws(b)
    # Drawing from a fork does not move the parent, and the other way round.
    c = r.fork(salt)
    parent = draws(r, 5)
    assert draws(Rng.from_state(state), 5) == parent
    assert draws(c) == draws(Rng.from_state(state).fork(salt))
    if salt != salt2:
        assert draws(Rng.from_state(state).fork(salt2)) != draws(Rng.from_state(state).fork(salt))


def test_forks_are_not_the_parent_stream():
    r = Rng(77)
    child = draws(r.fork(1), 50)
    assert child != draws(Rng(77), 50)
    # A fork's numbers are not correlated with the parent's (rough check on low bits).
    parent = draws(Rng(77), 2000)
    kid = draws(Rng(77).fork(3), 2000)
    same = sum((p & 1) == (k & 1) for p, k in zip(parent, kid, strict=True))
    assert abs(same - 1000) < 6 * 500**0.5 / 1


@given(STATE)
def test_from_state_round_trip_continues_the_sequence(state):
    r = Rng.from_state(state)
    r.next32()
    copy = Rng.from_state(r.state)
    assert draws(copy) == draws(r)


@pytest.mark.parametrize("bad", [0, -1, 2**32, 2**40, "5", 5.0, True, False, None, [5]])
def test_from_state_refuses_bad_states(bad):
    with pytest.raises(ValueError, match="rng"):
        Rng.from_state(bad)


# -- ticks ------------------------------------------------------------------------------

# adafruit_ticks (https://github.com/adafruit/Adafruit_CircuitPython_Ticks), written out:
_TICKS_PERIOD = 1 << 29
_TICKS_MAX = _TICKS_PERIOD - 1
_TICKS_HALFPERIOD = _TICKS_PERIOD // 2


def ref_ticks_diff(ticks1, ticks2):
    diff = (ticks1 - ticks2) & _TICKS_MAX
    diff = ((diff + _TICKS_HALFPERIOD) & _TICKS_MAX) - _TICKS_HALFPERIOD
    return diff


def ref_ticks_add(ticks, delta):
    return (ticks + delta) % _TICKS_PERIOD


TICK = st.integers(0, _TICKS_MAX)
NEAR_WRAP = st.one_of(TICK, st.integers(_TICKS_MAX - 3000, _TICKS_MAX), st.integers(0, 3000))


@settings(max_examples=500)
@given(NEAR_WRAP, NEAR_WRAP)
def test_ticks_diff_matches_adafruit_ticks(a, b):
    assert ticks_diff(a, b, _TICKS_PERIOD) == ref_ticks_diff(a, b)


@settings(max_examples=500)
@given(NEAR_WRAP, st.integers(-(2**28) + 1, 2**28 - 1))
def test_ticks_add_matches_and_diff_undoes_it(t, delta):
    later = ticks_add(t, delta, _TICKS_PERIOD)
    assert later == ref_ticks_add(t, delta)
    assert 0 <= later <= _TICKS_MAX
    assert ticks_diff(later, t, _TICKS_PERIOD) == delta


@given(st.integers(2, 40), st.data())
def test_ticks_diff_for_any_power_of_two_wrap(bits, data):
    wrap = 1 << bits
    a = data.draw(st.integers(0, wrap - 1))
    b = data.draw(st.integers(0, wrap - 1))
    d = ticks_diff(a, b, wrap)
    assert -wrap // 2 <= d < wrap // 2
    assert (b + d - a) % wrap == 0
    if d != -wrap // 2:
        assert ticks_diff(b, a, wrap) == -d


def test_ticks_diff_examples_across_the_wrap():
    p = _TICKS_PERIOD
    assert ticks_diff(0, p - 1, p) == 1
    assert ticks_diff(p - 1, 0, p) == -1
    assert ticks_diff(5, p - 5, p) == 10
    assert ticks_diff(p // 2, 0, p) == -(p // 2)  # exactly half a period reads as behind
    assert ticks_add(p - 1, 1, p) == 0
    assert ticks_add(0, -1, p) == p - 1
    assert ticks_diff(3, 65533, 1 << 16) == 6
