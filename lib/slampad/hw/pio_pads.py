"""Slam pads read by the RP2040's PIO: each change stamped to the microsecond (issue 8).

A state machine runs hw/pio_program.py (source: tools/build/pio_padscan.py) on the profile's
consecutive pad pins: it samples them every microsecond and pushes one word per change,
its tick counter in the low bits. ``PioPads`` looks like ``keypad.Keys`` to the app:
``events.get_into(event)`` with ``key_number``, ``pressed`` and ``timestamp`` (ms, as
supervisor.ticks_ms, for the menus and the Tumblin' Dice charge) plus ``tick``, the
change's microsecond tick, which the slam race uses (W6: ``tick_us`` 1, ``wrap`` 2**28).

Bounces: after a press, a pad's changes are ignored for DEBOUNCE_US; a release that
happened meanwhile is reported when that time is up. A full FIFO (the app not reading
for 8 changes) delays the words but loses none: the program retries.

The slam clock: ``now()`` asks the state machine for its counter (it forces
pio_program.QUERY, and the program pushes a word with the current tick), so the window's
opening tick and the slams' ticks come from one counter, whatever the CPU's clock says.
The monotonic clock only estimates the counter between words (ms timestamps, debounce
ends, and now() if no answer comes); every word pulls the estimate back to the counter.
"""

import array
import time

from micropython import const

from slampad.hw import pio_program as prog

DEBOUNCE_US = const(5000)  # a press holds its pad's state this long
BITS = const(28)  # the tick counter's width: 32 - pio_program.N_PINS
MASK = const((1 << BITS) - 1)
QUEUE = const(64)  # events waiting for the app (4 ints each)
POLLS = const(64)  # polls for now()'s answer (due within 2 us; 64 take a few hundred us)
RESYNC_US = const(200)  # the estimate is re-anchored when a word is this far from it


def _diff(a, b):
    """a - b in ticks, across the counter's wrap (a within half a wrap of b)."""
    d = (a - b) & MASK
    return d - (1 << BITS) if d >= 1 << (BITS - 1) else d


class PadEvent:
    """What ``get_into`` fills (keypad.Event's fields, and ``tick``)."""

    def __init__(self):
        self.key_number = 0
        self.pressed = False
        self.timestamp = 0
        self.tick = 0


class _Events:
    def __init__(self, pads):
        self._pads = pads
        self.overflowed = False

    def get_into(self, ev):
        return self._pads._next(ev)

    def clear(self):
        self._pads._n = 0
        self.overflowed = False

    def __len__(self):
        return self._pads._n


class PioPads:
    tick_us = 1
    wrap = 1 << BITS

    def __init__(self, first_pin, count, ticks_ms, state_machine=None, clock_ns=None):
        """``state_machine``/``clock_ns``: for tests (in_waiting, readinto, run, deinit);
        the device makes an rp2pio.StateMachine and uses time.monotonic_ns."""
        if count != prog.N_PINS or BITS != 32 - prog.N_PINS:
            raise ValueError("the program reads %d pads" % prog.N_PINS)
        self.key_count = count
        self._ms = ticks_ms
        self._ns = clock_ns or time.monotonic_ns
        if state_machine is None:
            import rp2pio

            state_machine = rp2pio.StateMachine(
                array.array("H", prog.WORDS),
                frequency=prog.FREQUENCY,
                first_in_pin=first_pin,
                in_pin_count=count,
                pull_in_pin_up=(1 << count) - 1,
                in_shift_right=False,  # prog.KWARGS, spelled out (tests/test_pio.py)
                auto_push=False,
                fifo_type="rx",
                mov_status_type="rxfifo",
                mov_status_n=prog.MOV_STATUS_N,
                wrap_target=prog.WRAP_TARGET,
                wrap=prog.WRAP,
            )
            hz = state_machine.frequency
            if hz != prog.FREQUENCY:  # 1 tick must be 1 us
                state_machine.deinit()
                raise ValueError("PIO clock %d Hz, not %d" % (hz, prog.FREQUENCY))
        self._sm = state_machine
        self._query = array.array("H", [prog.QUERY])
        self._t0 = self._ns()  # the counter started about now (the estimate's anchor)
        self._last = 0  # the last word's tick
        self.fallbacks = 0  # now() answers from the estimate (the PIO did not answer)
        self._buf = array.array("L", [0] * 8)
        self._q = array.array("l", [0] * (4 * QUEUE))
        self._n = 0  # events queued
        self._head = 0
        self._state = [False] * count  # reported: pressed
        self._raw = [False] * count  # last seen by the PIO
        self._raw_t = [0] * count
        self._lock = [0] * count  # no change reported before this tick (after a press)
        self._locked = [False] * count
        self.events = _Events(self)
        self.event = PadEvent()  # the app reads events into this one

    def now(self):
        """The counter's tick now, from the counter itself (W6: the slams' clock).

        The FIFO is drained first (the answer needs room), QUERY is forced, and the
        answer is handled like any word (same levels: no pad changes). Only if no word
        comes within POLLS does it fall back on the estimate."""
        sm = self._sm
        self._read()
        sm.run(self._query)
        for _ in range(POLLS):
            if sm.in_waiting:
                self._read()  # the answer, and any change pushed meanwhile
                t = self._last
                if abs(_diff(self._est(), t)) > RESYNC_US:
                    self._anchor(t)  # a fresh word: the estimate was ahead or behind
                return t
        self.fallbacks += 1
        if _diff(self._est(), self._last) < 0:
            self._anchor(self._last)  # never before a word already seen
        return self._est()

    def _est(self):
        """The counter's tick now, estimated from the monotonic clock."""
        return ((self._ns() - self._t0) // 1000) & MASK

    def _anchor(self, t):
        """Make the estimate say tick t now."""
        self._t0 = self._ns() - 1000 * t

    def _put(self, k, pressed, t):
        if self._n == QUEUE:
            self.events.overflowed = True
            return
        i = 4 * ((self._head + self._n) % QUEUE)
        q = self._q
        q[i] = k
        q[i + 1] = 1 if pressed else 0
        q[i + 2] = t
        age = _diff(self._est(), t)
        age_ms = age // 1000 if age > 0 else 0
        q[i + 3] = (self._ms() - age_ms) & 0x1FFFFFFF
        self._n += 1

    def _settle(self, k, t):
        """Report pad k's raw state if it differs from the reported one and no press
        lock holds it at tick t. Called for every word and every drain, so a lock
        never outlives the counter's half wrap."""
        at = self._raw_t[k]
        if self._locked[k]:
            if _diff(t, self._lock[k]) < 0:
                return
            self._locked[k] = False
            if _diff(self._lock[k], at) > 0:
                at = self._lock[k]  # a release during the lock counts when it ends
        if self._raw[k] == self._state[k]:
            return
        self._state[k] = self._raw[k]
        self._put(k, self._raw[k], at)
        if self._raw[k]:
            self._locked[k] = True
            self._lock[k] = (at + DEBOUNCE_US) & MASK

    def word(self, w):
        """Take one word from the PIO (levels high, tick low)."""
        t = w & MASK
        levels = w >> BITS
        self._last = t
        if _diff(t, self._est()) > RESYNC_US:
            self._anchor(t)  # the estimate is behind the counter: words are never early
        for k in range(self.key_count):
            down = not (levels >> k) & 1
            if down != self._raw[k]:
                self._raw[k] = down
                self._raw_t[k] = t
            self._settle(k, t)

    def _read(self):
        """Handle every word waiting in the FIFO."""
        sm = self._sm
        n = sm.in_waiting
        while n:
            n = min(n, 8)
            sm.readinto(self._buf, end=n)
            for i in range(n):
                self.word(self._buf[i])
            n = sm.in_waiting

    def _drain(self):
        self._read()
        now = self._est()
        for k in range(self.key_count):
            self._settle(k, now)

    def _next(self, ev):
        if not self._n:
            self._drain()
            if not self._n:
                return False
        i = 4 * self._head
        q = self._q
        ev.key_number = q[i]
        ev.pressed = q[i + 1] == 1
        ev.tick = q[i + 2]
        ev.timestamp = q[i + 3]
        self._head = (self._head + 1) % QUEUE
        self._n -= 1
        return True

    def reset(self):
        """Forget the state: pads down now report a fresh press (keypad.Keys.reset)."""
        self._n = 0
        for k in range(self.key_count):
            self._state[k] = False
            self._locked[k] = False

    def deinit(self):
        self._sm.deinit()


def pads(b, pins):
    """The pads for Build ``b`` on consecutive GPIOs: PIO-stamped, or keypad's 1 ms
    scans where this CircuitPython has no rp2pio or no 1 us PIO clock."""
    try:
        import supervisor

        return b.keep(PioPads(pins[0], len(pins), supervisor.ticks_ms))
    except (ImportError, ValueError, RuntimeError):
        return b.pads(pins)
