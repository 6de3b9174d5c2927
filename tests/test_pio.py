"""Issue 8: the PIO pad scanner (tools/build/pio_padscan.py, lib/slampad/hw/pio_program.py) run
for real on rp2040-pio-emulator against generated pin waveforms, and the words it pushes
turned into slam events by lib/slampad/hw/pio_pads.py (W6: microsecond stamps)."""

import random

import device_helpers
import pio_emu
import pio_padscan
import pytest
from pioemu import ShiftRegister, State

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

L = pio_padscan.LOOP_CYCLES  # cycles a loop = 1 us at 25 MHz
US = L
BITS = 32 - pio_padscan.N_PINS
MASK = (1 << BITS) - 1
WRAP_TARGET = 3  # the loop's first instruction (after the 3-instruction prologue)


@pytest.fixture(scope="module")
def prog(shim):
    from slampad.hw import pio_program

    return pio_program


def sample_clock(k):
    """The cycle at which loop k (its counter value) samples the pins."""
    return 3 + (k - 1) * L + 3 + sum(pio_padscan._delays(L - 11, 6)[:3])


def model(src, cycles):
    """What a perfect reader gets: (tick, levels) at every sampled change."""
    out, prev, k = [], None, 1
    while sample_clock(k) < cycles - L:
        lv = src(sample_clock(k))
        if lv != prev:
            out.append((k, lv))
            prev = lv
        k += 1
    return out


def decode(words):
    return [(w & MASK, w >> BITS) for _, w in words]


def run(prog, events, cycles, **kw):
    src = pio_emu.waveform(events)
    words, st = pio_emu.run(prog.WORDS, prog.KWARGS, src, cycles, **kw)
    return src, decode(words), st


# -- the program ---------------------------------------------------------------------


def test_the_constant_is_the_assembly_of_the_source(prog):
    """The device never imports adafruit_pioasm: the words are assembled on the host."""
    words, kwargs = pio_padscan.assemble()
    assert list(prog.WORDS) == words and kwargs == prog.KWARGS
    assert (prog.N_PINS, prog.LOOP_CYCLES, prog.FREQUENCY) == (4, 25, 25_000_000)
    with open(pio_padscan.TARGET) as f:
        assert f.read() == pio_padscan.module_text()  # tools/build/pio_padscan.py --check


def test_every_path_through_the_loop_takes_the_same_time(prog):
    """No change, a change, a full FIFO: each loop is L cycles, so a tick is 1 us."""
    from pioemu import clock_cycles_reached, emulate

    rng = random.Random(1)
    ev = [(rng.randrange(0, 400 * L), rng.randrange(4), rng.randrange(2)) for _ in range(300)]
    starts, pcs = [], set()
    kw = prog.KWARGS
    gen = emulate(
        list(prog.WORDS),
        stop_when=clock_cycles_reached(400 * L),
        input_source=pio_emu.waveform(ev),
        shift_isr_right=False,
        wrap_target=kw["wrap_target"],
        wrap_top=kw["wrap"],
    )  # never drained: the FIFO fills and the "full" path runs
    for before, after in gen:
        if after.program_counter == WRAP_TARGET and before.program_counter != WRAP_TARGET:
            starts.append(after.clock)
        pcs.add(before.program_counter)
    assert {b - a for a, b in zip(starts, starts[1:], strict=False)} == {L}
    assert set(range(9, 18)) <= pcs  # the change, the no-change and the full paths


def test_W6_two_presses_microseconds_apart_keep_their_order_and_gap(prog):
    t0 = 100 * US
    ev = [(t0, 0, 0), (t0 + 3 * US + 10, 2, 0), (t0 + 50 * US, 2, 1), (t0 + 57 * US, 0, 1)]
    src, got, _ = run(prog, ev, 200 * US)
    assert got == model(src, 200 * US)
    assert [lv for _, lv in got] == [0b1111, 0b1110, 0b1010, 0b1110, 0b1111]
    t = [tk for tk, _ in got]
    assert t[2] - t[1] in (3, 4)  # 3.4 us apart, stamped to the microsecond
    assert t[4] - t[3] == 7
    assert abs(t[1] * US - t0) <= US  # stamped within a microsecond of the press


def test_W6_presses_in_the_same_sample_are_one_word_a_tie(prog):
    t0 = 100 * US
    ev = [(t0, 1, 0), (t0, 3, 0), (t0 + 40 * US + 2, 0, 0), (t0 + 40 * US + 9, 2, 0)]
    src, got, _ = run(prog, ev, 200 * US)
    assert got == model(src, 200 * US)
    assert [lv for _, lv in got] == [0b1111, 0b0101, 0b0000]  # 7 cycles apart: one sample


def test_bouncing_contact_is_sampled_faithfully(prog):
    rng = random.Random(7)
    t, lvl, ev = 100 * US, 0, []
    for _ in range(15):  # bounces of 0.2-6 us, then it stays down
        ev.append((t, 0, lvl))
        t += rng.randrange(5, 150)
        lvl ^= 1
    ev.append((t, 0, 0))
    src, got, _ = run(prog, ev, 400 * US)
    assert got == model(src, 400 * US)
    assert got[-1][1] == 0b1110


def test_a_burst_on_all_pads_loses_nothing_with_a_prompt_reader(prog):
    rng = random.Random(3)
    ev = [(rng.randrange(10 * US, 300 * US), rng.randrange(4), rng.randrange(2))
          for _ in range(400)]  # fmt: skip
    src, got, _ = run(prog, ev, 320 * US)
    assert got == model(src, 320 * US)


def test_a_slow_reader_delays_changes_but_never_loses_the_last(prog):
    rng = random.Random(5)
    ev = [(rng.randrange(10 * US, 200 * US), rng.randrange(4), rng.randrange(2))
          for _ in range(300)]  # fmt: skip
    src, got, _ = run(prog, ev, 300 * US, drain_every=40 * US)
    ticks = [t for t, _ in got]
    assert ticks == sorted(ticks)
    assert all(a[1] != b[1] for a, b in zip(got, got[1:], strict=False))  # real changes
    assert all(src(sample_clock(t)) == lv for t, lv in got)  # ... really on the pins
    assert got[-1][1] == src(10**9)  # and the final levels always arrive


@pytest.mark.parametrize("start", [MASK - 2, (1 << 32) - 3])
def test_the_counter_wraps_around(prog, start):
    st = State(program_counter=WRAP_TARGET, y_register=0xFFFFFFFF,
               output_shift_register=ShiftRegister(start, 0))  # fmt: skip
    ev = [(sample_clock(1) + 1, 1, 0), (sample_clock(6) + 1, 1, 1)]
    _src, got, _ = run(prog, ev, 10 * L, initial_state=st)
    assert [lv for _, lv in got] == [0b1111, 0b1101, 0b1111]
    assert got[0][0] == (start + 1) & MASK
    assert (got[2][0] - got[1][0]) & MASK == 5  # across the wrap


# -- the words into slam events (PioPads) ------------------------------------------------


class FakeSM:
    """An rp2pio.StateMachine's RX side, fed with the emulator's words."""

    def __init__(self, words=()):
        self.fifo = list(words)
        self.frequency = 25_000_000
        self.ran = []  # forced instructions

    @property
    def in_waiting(self):
        return min(8, len(self.fifo))

    def readinto(self, buf, end):
        for i in range(end):
            buf[i] = self.fifo.pop(0)

    def run(self, instructions):
        """Forced instructions (PioPads.now() forces QUERY): the program answers with
        ``answer()``'s word; None, as here, is a PIO that never answers."""
        self.ran.append(list(instructions))
        w = self.answer()
        if w is not None:
            self.fifo.append(w)

    def answer(self):
        return None

    def deinit(self):
        pass


class Clock:
    def __init__(self):
        self.us = 0

    def ns(self):
        return self.us * 1000

    def ms(self):
        return (1000 + self.us // 1000) & 0x1FFFFFFF


def make_pads(words=()):
    from slampad.hw.pio_pads import PadEvent, PioPads

    clock = Clock()
    sm = FakeSM(words)
    pads = PioPads(None, 4, clock.ms, state_machine=sm, clock_ns=clock.ns)
    return pads, sm, clock, PadEvent()


def events(pads):
    out = []
    ev = pads.event
    while pads.events.get_into(ev):
        out.append((ev.key_number, ev.pressed, ev.tick, ev.timestamp))
    return out


def word(tick, levels):
    return (levels << BITS) | (tick & MASK)


def test_W6_events_carry_microsecond_ticks_from_the_emulated_program(prog):
    t0 = 100 * US
    ev = [(t0, 0, 0), (t0 + 3 * US + 10, 2, 0), (t0 + 20 * US, 3, 0), (t0 + 20 * US, 1, 0)]
    src = pio_emu.waveform(ev)
    words, _ = pio_emu.run(prog.WORDS, prog.KWARGS, src, 200 * US)
    pads, _sm, clock, _ = make_pads([w for _, w in words])
    clock.us = 200
    got = events(pads)
    assert [(k, p) for k, p, _t, _ms in got] == [(0, True), (2, True), (1, True), (3, True)]
    ticks = [t for _k, _p, t, _ms in got]
    assert ticks[1] - ticks[0] in (3, 4) and ticks[2] == ticks[3]  # same sample: a tie
    assert pads.tick_us == 1 and pads.wrap == 1 << BITS


def test_a_bounce_after_a_press_is_ignored_and_a_release_counts_later(shim):
    from slampad.hw.pio_pads import DEBOUNCE_US

    ws = [word(1, 0b1111), word(100, 0b1110), word(102, 0b1111), word(104, 0b1110),
          word(300, 0b1111)]  # fmt: skip
    pads, sm, clock, _ = make_pads(ws)
    clock.us = 400
    assert [(k, p, t) for k, p, t, _ in events(pads)] == [(0, True, 100)]
    clock.us = 100 + DEBOUNCE_US  # the lock is over: the release (at 300) counts now
    got = events(pads)
    assert [(k, p, t) for k, p, t, _ in got] == [(0, False, 100 + DEBOUNCE_US)]
    sm.fifo += [word(9000, 0b1110), word(9001, 0b1111), word(9002, 0b1110)]
    clock.us = 9100
    assert [(k, p, t) for k, p, t, _ in events(pads)] == [(0, True, 9000)]


def test_a_release_after_the_lock_keeps_its_own_tick_and_ms_stamps_follow(shim):
    ws = [word(1, 0b1111), word(1000, 0b1011), word(20000, 0b1111)]
    pads, _sm, clock, _ = make_pads(ws)
    clock.us = 25000
    got = events(pads)
    assert [(k, p, t) for k, p, t, _ in got] == [(2, True, 1000), (2, False, 20000)]
    ms = [m for *_, m in got]
    assert ms[1] - ms[0] == 19  # the ms stamps are 19 ms apart too


def test_ticks_across_the_counter_wrap(shim):
    top = MASK - 10
    ws = [word(top, 0b1111), word(top + 5, 0b0111), word(top + 20, 0b0110)]
    pads, _sm, clock, _ = make_pads(ws)
    clock.us = top + 30
    got = events(pads)
    assert [(k, p) for k, p, _t, _m in got] == [(3, True), (0, True)]
    assert (got[1][2] - got[0][2]) & MASK == 15


def test_a_full_queue_says_it_overflowed(shim):
    from slampad.hw.pio_pads import QUEUE

    ws = [word(1, 0b1111)]
    t = 10
    for _ in range(QUEUE + 10):  # far apart: no lock in the way
        ws += [word(t, 0b1110), word(t + 6000, 0b1111)]
        t += 12000
    pads, _sm, clock, _ = make_pads(ws)
    clock.us = t + 10000
    got = events(pads)
    assert pads.events.overflowed and len(got) == QUEUE
    pads.events.clear()
    assert not pads.events.overflowed


# -- through the app: the Wildside race on the PIO's clock (W6) --------------------------


class ShimSM(FakeSM):
    """The PIO program's words from the simulated pins: ``edge`` is called at each
    press or release, at the simulator's time to the microsecond. The counter runs
    ``rate`` ticks a microsecond from ``offset`` (5: a PIO ignoring its clock divider);
    the CPU's monotonic clock (``ns``) keeps the simulator's time."""

    def __init__(self, world, rate=1, offset=0):
        FakeSM.__init__(self)
        self.world = world
        self.rate = rate
        self.offset = offset
        self.start = self.us()
        self.levels = 0b1111
        self.fifo.append(word(self.tick(), self.levels))

    def us(self):
        return self.world.now * 1000 + self.world.sub_us

    def ns(self):
        return self.us() * 1000

    def tick(self):
        return (self.offset + 1 + (self.us() - self.start) * self.rate) & MASK

    def answer(self):
        from slampad.hw import pio_program

        assert self.ran[-1] == [pio_program.QUERY]
        return word(self.tick(), self.levels)

    def edge(self, pad, down):
        bit = 1 << pad
        self.levels = self.levels & ~bit if down else self.levels | bit
        self.fifo.append(word(self.tick(), self.levels))


class DeafShimSM(ShimSM):
    """ShimSM on a PIO that ignores forced instructions: PioPads.now() gets no answer
    and falls back on its estimate from the CPU's clock."""

    def answer(self):
        return None


@pytest.fixture
def pio_dev(dev_factory, monkeypatch):
    """A Pico whose pads are read by PioPads over ShimSM (instead of keypad);
    ``pio_dev(rate=, offset=)`` for ShimSM's counter, ``cls=`` for another double."""
    import _simworld

    from slampad.hw import parts
    from slampad.hw.pio_pads import PioPads

    sms = []
    counter = {}

    def pads(self, pins, consecutive=False):
        kw = dict(counter)
        sm = kw.pop("cls", ShimSM)(_simworld.world, **kw)
        sms.append(sm)
        p = PioPads(pins[0], len(pins), _simworld.ticks_ms, sm, sm.ns)
        p._pins = list(pins)  # where SimDevice finds a pad's pin
        return self.keep(p)

    monkeypatch.setattr(parts.Build, "pads", pads)

    def make(**kw):
        counter.update(kw)
        dev = dev_factory("pico", seed=11)
        sm = sms[-1]
        real_press, real_release = dev.press, dev.release

        def press(key):
            real_press(key)
            if key in "1234":
                sm.edge(int(key) - 1, True)

        def release(key):
            real_release(key)
            if key in "1234":
                sm.edge(int(key) - 1, False)

        dev.press, dev.release = press, release
        return dev

    return make


def test_W6_the_app_judges_slams_a_few_microseconds_apart_on_the_pio_clock(pio_dev):
    import _simworld
    from device_helpers import join_and_start, ready_up, round_actions, until_stage
    from test_device_fairness import MUTUAL, result, window

    dev = pio_dev()
    hw = dev.app.hw
    assert (hw.slam_tick_us, hw.slam_wrap) == (1, 1 << BITS)
    join_and_start(dev, [0, 1], {})
    scr = ready_up(dev, (0, 1))
    g = window(dev, scr, MUTUAL)
    assert (g.options["tick_us"], g.options["wrap"]) == (1, 1 << BITS)
    t_open = g.t_open  # on the PIO's clock
    dev.run(300)
    # In one millisecond: P2 slams, then P1 40 us later (keypad would call it a tie).
    dev.press("2")
    _simworld.sleep_us(40)
    dev.press("1")
    dev.run(5)
    slams = [a for a in round_actions(scr) if a[0] == "slam"]
    assert [a[1] for a in slams] == [1, 0]
    assert slams[1][2] - slams[0][2] == 40  # microsecond ticks
    assert 299_000 <= (slams[0][2] - t_open) & MASK <= 306_000  # ~300 ms after the window opened
    assert result(dev) == "P1 gives P2 a die. P2 matches P1: moon."
    dev.release("1")
    dev.release("2")
    until_stage(dev, "count", 5000)  # the next round goes on with the PIO pads


def test_W6_a_pio_counter_running_away_from_the_cpu_clock_ends_no_game(pio_dev):
    """Issue 15 item 5: in an emulated Pico whose PIO ignores its clock divider, the
    counter ran 5 ticks a microsecond and was far ahead of the monotonic clock; the
    window opened at a tick from that clock and the first slam ended the app (W6: "a
    quarter wrap from this round's ticks"). The window now opens on the counter's tick."""
    import _simworld
    from device_helpers import join_and_start, ready_up, round_actions, until_stage
    from test_device_fairness import MUTUAL, result, window

    dev = pio_dev(rate=5, offset=100_000_000)  # 100 s ahead, and 5x as fast
    pads = dev.app.hw.pads
    join_and_start(dev, [0, 1], {})
    scr = ready_up(dev, (0, 1))
    g = window(dev, scr, MUTUAL)
    t_open = g.t_open
    dev.run(300)
    dev.press("2")
    _simworld.sleep_us(40)
    dev.press("1")
    dev.run(5)
    slams = [a for a in round_actions(scr) if a[0] == "slam"]
    assert [a[1] for a in slams] == [1, 0]
    assert slams[1][2] - slams[0][2] == 5 * 40  # the counter's ticks
    assert 5 * 299_000 <= (slams[0][2] - t_open) & MASK <= 5 * 306_000  # 300 ms on it
    assert result(dev) == "P1 gives P2 a die. P2 matches P1: moon."
    assert pads.fallbacks == 0 and pads._sm.ran  # asked the counter, which answered
    dev.release("1")
    dev.release("2")
    until_stage(dev, "count", 5000)


def test_the_state_machine_gets_what_the_assembler_says(prog, monkeypatch):
    """PioPads spells the program's settings out (for the type checker): they must be
    what adafruit_pioasm gives for this source; and 1 tick must be 1 us."""
    import sys
    import types

    made = {}
    hz = [25_000_000]

    class SM(FakeSM):
        def __init__(self, words, **kw):
            FakeSM.__init__(self)
            self.frequency = hz[0]  # what the divider really gives
            made.update(kw, words=list(words))

    monkeypatch.setitem(sys.modules, "rp2pio", types.SimpleNamespace(StateMachine=SM))
    from slampad.hw.pio_pads import PioPads

    PioPads("GP10", 4, lambda: 0)
    assert made.pop("words") == list(prog.WORDS)
    for k, v in prog.KWARGS.items():
        assert made.get(k, 0) == v, k  # sideset_enable: 0, rp2pio's default
    assert made["frequency"] * 1 == prog.FREQUENCY == prog.LOOP_CYCLES * 1_000_000
    assert (made["first_in_pin"], made["in_pin_count"], made["pull_in_pin_up"]) == ("GP10", 4, 15)
    hz[0] = 26_600_000  # another system clock: no 1 us tick, so no PIO pads
    with pytest.raises(ValueError, match="PIO clock"):
        PioPads("GP10", 4, lambda: 0)


def test_a_bouncing_contact_through_the_program_is_one_press(prog):
    """The emulated program sees every bounce; PioPads makes one press of them, at the
    first contact, and one release when the pad is let go."""
    rng = random.Random(11)
    t, lvl, ev = 100 * US, 0, []
    for _ in range(12):  # 12 bounces of 1-200 us, then down for good
        ev.append((t, 1, lvl))
        t += rng.randrange(US, 200 * US)
        lvl ^= 1
    ev.append((t, 1, 0))
    ev.append((t + 9000 * US, 1, 1))  # let go 9 ms later
    src = pio_emu.waveform(ev)
    words, _ = pio_emu.run(prog.WORDS, prog.KWARGS, src, t + 9100 * US)
    assert len(words) > 6  # the program reported the bounces
    pads, _sm, clock, _ = make_pads([w for _, w in words])
    clock.us = (t + 9100 * US) // US
    got = events(pads)
    assert [(k, p) for k, p, _t, _m in got] == [(1, True), (1, False)]
    assert abs(got[0][2] - 100) <= 1  # the first contact, to the microsecond


def test_the_image_is_built_with_the_program_assembled_from_its_source(monkeypatch):
    """tools/deploy.py assembles the program when it builds the image (not whatever
    words lib/ holds): a stale pio_program.py still deploys the source's words."""
    from pathlib import Path

    import deploy

    src = Path(pio_padscan.TARGET)
    fresh = deploy.image_bytes(src, deploy.PIO_PROGRAM, keep_comments=True)
    assert fresh == pio_padscan.module_text().encode()
    text = pio_padscan.source().replace("jmp loop [1]", "jmp loop [2]")  # another program
    monkeypatch.setattr(pio_padscan, "source", lambda *a, **k: text)
    changed = deploy.image_bytes(src, deploy.PIO_PROGRAM, keep_comments=True)
    assert changed != fresh and b"0x0203" in changed  # jmp loop [2]


# -- W6: a stamp off the round's clock is judged at a tick that fits, and the game goes on


def diff(a, b):
    """a - b on the counter, across its wrap."""
    d = (a - b) & MASK
    return d - (1 << BITS) if d >= 1 << (BITS - 1) else d


QUARTER = 1 << (BITS - 2)  # W6: a round's ticks lie within a quarter wrap


def test_W6_a_slam_stamped_a_third_of_a_wrap_from_the_window_is_judged_at_the_clock_now(pio_dev):
    """A PIO that cannot answer forced instructions (DeafShimSM): the window opens on
    PioPads' estimate, and this counter is a third of a wrap behind it (words behind the
    estimate never re-anchor it). P2's slam is stamped on the counter, more than a quarter
    wrap from t_open: the rules refuse that tick (W6), which ended the app. The screen
    judges the slam at hw.slam_now() instead (the estimate, 300 ms after t_open) and the
    game goes on, round after round."""
    from device_helpers import join_and_start, ready_up, round_actions, set_faces
    from test_device_fairness import MUTUAL, result, window

    dev = pio_dev(cls=DeafShimSM, offset=-((1 << BITS) // 3))
    pads = dev.app.hw.pads
    join_and_start(dev, [0, 1], {})
    scr = ready_up(dev, (0, 1))
    g = window(dev, scr, MUTUAL)
    t_open = g.t_open
    assert pads.fallbacks > 0  # the window opened on the estimate
    dev.run(300)
    dev.press("2")
    dev.run(3)
    stamp = dev.app.pad_input.last[1].tick
    assert diff(stamp, t_open) < -QUARTER  # the counter's stamp: off the round's clock
    (slam,) = [a for a in round_actions(scr) if a[0] == "slam"]
    assert slam[1] == 1 and 300_000 <= diff(slam[2], t_open) <= 306_000  # judged at now
    assert result(dev) == "P1 gives P2 a die. P2 matches P1: moon."
    assert 300 <= scr.fast[0] <= 306 and scr.fast[1] == 1  # a time it may keep
    dev.release("2")
    for rnd in (2, 3):  # the game goes on: each round's slam is judged the same way
        g = window(dev, scr)
        g = set_faces(scr, [(MUTUAL[s] + ["drop"] * 2)[: g.dice[s]] for s in (0, 1)])
        assert g.round == rnd and dev.app.screen is scr
        t_open = g.t_open
        dev.run(200)
        dev.press("1")
        dev.run(3)
        dev.release("1")
        (slam,) = [a for a in round_actions(scr) if a[0] == "slam"]
        assert slam[1] == 0 and diff(dev.app.pad_input.last[0].tick, t_open) < -QUARTER
        assert 200_000 <= diff(slam[2], t_open) <= 206_000
        assert result(dev) == "P2 gives P1 a die. P1 matches P2: moon."
    assert g.dice == [4, 2] and scr.fast[0] <= 206


def test_W6_a_counter_that_jumps_in_the_window_judges_the_slam_at_the_windows_tick(pio_dev):
    """The counter jumps a third of a wrap while the window is open (the PIO answers,
    so hw.slam_now() jumps with it): neither the slam's stamp nor the clock now fits the
    round (W6), so the slam is judged at the latest tick the round has seen, here the
    window's opening tick. The game goes on; the slam's time is unknown, so it is not
    the game's fastest slam. The next window opens on the counter as it now is."""
    from device_helpers import join_and_start, ready_up, round_actions, until_stage
    from test_device_fairness import MUTUAL, result, window

    dev = pio_dev()
    sm = dev.app.hw.pads._sm
    join_and_start(dev, [0, 1], {})
    scr = ready_up(dev, (0, 1))
    g = window(dev, scr, MUTUAL)
    t_open = g.t_open
    dev.run(300)
    sm.offset += (1 << BITS) // 3  # the counter jumps
    dev.press("2")
    dev.run(3)
    assert diff(dev.app.pad_input.last[1].tick, t_open) > QUARTER
    assert diff(dev.app.hw.slam_now(), t_open) > QUARTER
    (slam,) = [a for a in round_actions(scr) if a[0] == "slam"]
    assert slam == ("slam", 1, t_open)
    assert result(dev) == "P1 gives P2 a die. P2 matches P1: moon."
    assert scr.guessed == [1] and scr.fast is None
    dev.release("2")
    until_stage(dev, "window", 6000)  # round 2, on the counter as it now is
    assert scr.game.round == 2 and scr.guessed == []
    t_open = scr.game.t_open
    dev.run(250)
    dev.press("1")
    dev.run(3)
    (slam,) = [a for a in round_actions(scr) if a[0] == "slam"]
    assert slam[:2] == ("slam", 0)
    assert slam[2] == dev.app.pad_input.last[0].tick  # its own stamp again
    assert 250_000 <= diff(slam[2], t_open) <= 256_000
