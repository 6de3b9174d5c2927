"""Issue 15 item 5: the slam window opens on the PIO counter's tick, not the CPU's clock.

PioPads.now() forces pio_program.QUERY (rp2pio StateMachine.run, the SMx_INSTR register)
and the program answers with a word carrying the current tick. Here the program runs on
rp2040-pio-emulator (tests/pio_emu.Machine, forced instructions as the datasheet has
them) in step with one true time, while the CPU's monotonic clock runs at another rate
(a PIO that ignores its clock divider, or a drifting clock): the window-open tick and
the slams must still agree to the microsecond."""

import device_helpers
import pio_emu
import pio_padscan
import pytest

shim = device_helpers.shim

L = pio_padscan.LOOP_CYCLES
BITS = 32 - pio_padscan.N_PINS
MASK = (1 << BITS) - 1
TICK_NS = 1000  # one tick at 25 MHz


@pytest.fixture(scope="module")
def prog(shim):
    from slampad.hw import pio_program

    return pio_program


def diff(a, b):
    d = (a - b) & MASK
    return d - (1 << BITS) if d >= 1 << (BITS - 1) else d


def rig(prog, hz=25_000_000, rate=(1, 1)):
    """PioPads over the emulated program at ``hz``; the CPU's monotonic clock runs at
    rate[0]/rate[1] of true time."""
    from slampad.hw.pio_pads import PioPads

    clock = pio_emu.TrueClock()
    call_ns = L * 1_000_000_000 // hz // 5  # a fifth of a tick a call (the CPU's cost)
    m = pio_emu.Machine(prog.WORDS, prog.KWARGS, clock, hz=hz, call_ns=call_ns)

    def mono():
        return clock.ns * rate[0] // rate[1]

    def ms():
        return (mono() // 1_000_000) & 0x1FFFFFFF

    pads = PioPads(None, 4, ms, state_machine=m, clock_ns=mono)
    return pads, m, clock


def ticks_ns(m, ticks):
    """True ns for ``ticks`` of the counter (1 tick = L cycles)."""
    return ticks * L * 1_000_000_000 // m.hz


def presses(pads):
    out = []
    ev = pads.event
    while pads.events.get_into(ev):
        if ev.pressed:
            out.append((ev.key_number, ev.tick))
    return out


# -- the program answers a forced QUERY ------------------------------------------------


def _counter_ticks(m):
    return m.counter() & MASK


def _case(prog, pc, change, full):
    """A Machine stopped before instruction ``pc``: with a pad change pending
    (``change``) and the RX FIFO full (``full``)."""
    m = pio_emu.Machine(prog.WORDS, prog.KWARGS, pio_emu.TrueClock(), skip=False)
    while m.state.clock < 5 * L:
        m.step()
    if not full:
        m.state.receive_fifo.clear()
    while full and len(m.state.receive_fifo) < 8:  # a change every loop, never read
        m.levels ^= 1
        start = m.state.clock
        while m.state.clock < start + L:
            m.step()
    if change:
        m.levels ^= 2
    for _ in range(200):
        if m.state.program_counter == pc:
            return m
        m.step()
    raise AssertionError("pc %d not reached" % pc)


CASES = (
    [(pc, False, False) for pc in range(3, 11)]  # the no-change path: nothing to push
    + [(pc, True, False) for pc in (7, 8, 11, 12, 13, 14, 15)]  # the change path
    + [(pc, True, True) for pc in (11, 12, 16, 17)]  # the full path: a change waits
)


@pytest.mark.parametrize(("pc", "change", "full"), CASES)
def test_a_forced_query_makes_the_program_push_the_current_tick(prog, pc, change, full):
    """Wherever the query lands in the loop, a word with the current levels and the
    counter's tick (the loop it landed in, or the next) comes within two loops of room."""
    assert prog.QUERY == pio_padscan.assemble_query() == prog.WORDS[0]  # mov y, ~null
    m = _case(prog, pc, change, full)
    same = _case(prog, pc, change, full)  # the same, not asked
    at, c = m.state.clock, _counter_ticks(m)
    m.run([prog.QUERY])
    if full:
        m.state.receive_fifo.clear()  # the CPU reads the FIFO after the query
    got = []
    while m.state.clock < at + 3 * L:
        m.step()
        while m.state.receive_fifo:
            got.append((m.state.clock, m.state.receive_fifo.popleft()))
    assert got, "no word"
    clk, w = got[0]
    assert clk <= at + 2 * L + 1
    assert w >> BITS == m.levels
    assert (w & MASK) in (c, c + 1)  # c: this loop's tick, or the last one's before pc 5
    while same.state.clock < m.state.clock:
        same.step()
    assert 0 <= _counter_ticks(same) - _counter_ticks(m) <= 1  # the query's one cycle


def test_without_the_query_a_quiet_program_pushes_nothing(prog):
    m = _case(prog, 5, False, False)
    at = m.state.clock
    while m.state.clock < at + 10 * L:
        m.step()
    assert not m.state.receive_fifo


def test_the_machines_quiet_loops_are_the_emulators_own(prog):
    """Machine(skip=True) runs quiet loops whole: the same words and counter as
    stepping the emulator through every instruction."""
    out = []
    for skip in (True, False):
        clock = pio_emu.TrueClock()
        m = pio_emu.Machine(prog.WORDS, prog.KWARGS, clock, skip=skip)
        words = []
        for k, wait in enumerate((300, 3, 400, 41, 5, 250)):
            m.wait_ns(wait * TICK_NS + 17)
            m.set(k % 4, k % 3 == 0)
            if k == 3:
                m.run([prog.QUERY])
            words += list(m.state.receive_fifo)
            m.state.receive_fifo.clear()
        m.wait_ns(200 * TICK_NS)
        words += list(m.state.receive_fifo)
        out.append((words, m.counter(), m.state.y_register))
    assert out[0] == out[1]
    assert len(out[0][0]) == 5  # the first sample, 3 changes and the answer (2 words)


# -- PioPads.now() on the counter --------------------------------------------------------

RATES = [
    pytest.param(25_000_000, (1, 3), id="cpu-clock-3x-slow"),
    pytest.param(25_000_000, (3, 1), id="cpu-clock-3x-fast"),
    pytest.param(125_000_000, (1, 1), id="pio-ignores-its-divider"),
]


@pytest.mark.parametrize(("hz", "rate"), RATES)
def test_now_is_the_counters_tick_whatever_the_cpu_clock_says(prog, hz, rate):
    pads, m, _clock = rig(prog, hz, rate)
    for wait in (200, 1000, 50, 3000):
        m.wait_ns(ticks_ns(m, wait))
        t = pads.now()
        assert 0 <= diff(_counter_ticks(m), t) <= 4  # the answer is a tick or so old
    assert pads.fallbacks == 0
    assert m.ran == [prog.QUERY] * 4


@pytest.mark.parametrize(("hz", "rate"), RATES)
def test_W6_a_slam_1000_ticks_after_the_window_opens_is_1000_ticks_after_it(prog, hz, rate):
    pads, m, _clock = rig(prog, hz, rate)
    m.wait_ns(ticks_ns(m, 300))
    assert presses(pads) == []
    t_open = pads.now()  # play_wildside.open_window: hw.slam_now()
    m.wait_ns(ticks_ns(m, 1000))
    m.set(2, True)  # P3 slams
    m.wait_ns(ticks_ns(m, 30))
    ((pad, t),) = presses(pads)
    assert pad == 2
    assert 1000 <= diff(t, t_open) <= 1010  # the CPU's calls cost a few ticks


@pytest.mark.parametrize(("hz", "rate"), RATES)
def test_W6_slams_just_before_and_just_after_the_window_opens_keep_their_order(prog, hz, rate):
    pads, m, _clock = rig(prog, hz, rate)
    m.wait_ns(ticks_ns(m, 500))
    m.set(0, True)  # P1 jumps the gun, 20 ticks early
    m.wait_ns(ticks_ns(m, 20))
    t_open = pads.now()
    m.wait_ns(ticks_ns(m, 7))
    m.set(1, True)  # P2 slams 7 ticks after the window opens
    m.wait_ns(ticks_ns(m, 30))
    got = dict(presses(pads))
    assert -25 <= diff(got[0], t_open) < 0  # before the window: a false start (W6)
    assert 0 < diff(got[1], t_open) <= 12


def test_now_drains_a_full_fifo_first_and_loses_no_change(prog):
    """Eight unread changes fill the FIFO and a ninth waits on the full path: now()
    reads them, its answer comes, and every change is reported."""
    pads, m, _clock = rig(prog)
    m.wait_ns(ticks_ns(m, 20))
    presses(pads)
    for k in range(9):  # pad 0 down and up, 9 changes, 6000 ticks apart: no lock
        m.set(0, k % 2 == 0)
        m.wait_ns(ticks_ns(m, 6000 if k < 8 else 50))
    assert len(m.state.receive_fifo) == 8 and m.state.y_register == 0b1111  # 9th waits
    t = pads.now()
    assert 0 <= diff(_counter_ticks(m), t) <= 4 and pads.fallbacks == 0
    got = []
    ev = pads.event
    while pads.events.get_into(ev):
        got.append((ev.key_number, ev.pressed))
    assert got == [(0, k % 2 == 0) for k in range(9)]


# -- the fallback: no answer -------------------------------------------------------------


class DeafMachine(pio_emu.Machine):
    """A PIO that ignores forced instructions: now() must fall back on the estimate."""

    def run(self, instructions):
        self.sync()


def test_with_no_answer_now_falls_back_and_words_pull_the_estimate_along(prog):
    """The estimate (3x slow CPU clock) never stays behind a word it has seen: each
    word re-anchors it, so a slam is never stamped after a later now()."""
    from slampad.hw.pio_pads import POLLS, PioPads

    clock = pio_emu.TrueClock()
    m = DeafMachine(prog.WORDS, prog.KWARGS, clock)

    def mono():
        return clock.ns // 3

    pads = PioPads(None, 4, lambda: 0, state_machine=m, clock_ns=mono)
    m.wait_ns(3000 * TICK_NS)
    t0 = pads.now()
    assert pads.fallbacks == 1
    assert diff(_counter_ticks(m), t0) > 1500  # only the CPU's (slow) clock to go by
    assert m.clock.ns >= POLLS * m.call_ns  # it waited, boundedly
    m.set(3, True)
    m.wait_ns(30 * TICK_NS)
    ((_pad, t_slam),) = presses(pads)
    t1 = pads.now()
    assert 0 <= diff(t1, t_slam) <= 300  # re-anchored at the slam's word
    assert pads.fallbacks == 2


def test_a_word_re_anchors_an_estimate_that_ran_ahead(prog):
    """The CPU's clock 3x fast runs the estimate ahead; the next answer puts it back."""
    from slampad.hw.pio_pads import RESYNC_US

    pads, m, _clock = rig(prog, rate=(3, 1))
    m.wait_ns(5000 * TICK_NS)
    t = pads.now()
    assert abs(diff(pads._est(), t)) <= RESYNC_US
