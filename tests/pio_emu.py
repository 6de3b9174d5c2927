"""Run the PIO pad scanner on rp2040-pio-emulator (pioemu) with generated pin waveforms.

pioemu 0.88 lacks two things the program uses; both are added here: ``mov x, status``
(source 5, "RX FIFO level < N", as ``.mov_status rxfifo < N`` sets it) and the joined
8-word RX FIFO (pioemu's is 4 deep). pioemu has no ``in_base``: the pads are GPIO 0-3.
Nor has it forced instructions (rp2pio ``StateMachine.run``): ``Machine`` adds them.
"""

import bisect
from dataclasses import replace

import pioemu.emulation
import pioemu.instructions.push as _push
from pioemu import ShiftRegister, State, clock_cycles_reached, emulate
from pioemu.instruction_decoder import InstructionDecoder

_CFG = {"status_n": 8, "fifo_depth": 8}


class _Decoder(InstructionDecoder):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)

        def status(state):
            return 0xFFFFFFFF if len(state.receive_fifo) < _CFG["status_n"] else 0

        self.mov_sources[5] = status


pioemu.emulation.InstructionDecoder = _Decoder
_push.receive_fifo_full = lambda s: len(s.receive_fifo) >= _CFG["fifo_depth"]


def waveform(events, n_pins=4):
    """events: [(cycle, pad, level)], level 0 = pressed -> input_source(clock)."""
    idle = (1 << n_pins) - 1
    ev = sorted(events)
    times = [e[0] for e in ev]
    levels = []
    cur = idle
    for _, pad, lvl in ev:
        cur = (cur & ~(1 << pad)) | (lvl << pad)
        levels.append(cur)

    def src(clock: int) -> int:  # the annotation makes pioemu pass the clock
        i = bisect.bisect_right(times, clock)
        return idle if i == 0 else levels[i - 1]

    return src


def run(words, kwargs, input_source, cycles, drain_every=1, initial_state=None):
    """Run ``cycles`` state machine cycles; the host empties the RX FIFO every
    ``drain_every`` cycles. Returns ([(clock read, word)], final state)."""
    _CFG["status_n"] = kwargs["mov_status_n"]
    gen = emulate(
        list(words),
        stop_when=clock_cycles_reached(cycles),
        initial_state=initial_state,
        input_source=input_source,
        shift_isr_right=kwargs["in_shift_right"],
        auto_push=kwargs["auto_push"],
        wrap_target=kwargs["wrap_target"],
        wrap_top=kwargs["wrap"],
    )
    out = []
    last = 0
    after = None
    for _before, after in gen:
        if after.clock - last >= drain_every:
            last = after.clock
            while after.receive_fifo:  # the deque carries over to the next step
                out.append((after.clock, after.receive_fifo.popleft()))
    assert after is not None and after.clock >= cycles - 40, "the emulator stopped early"
    while after.receive_fifo:
        out.append((after.clock, after.receive_fifo.popleft()))
    return out, after


class TrueClock:
    """The one real time (ns) that the emulated PIO and the CPU's clocks both follow."""

    def __init__(self):
        self.ns = 0


class Machine:
    """An rp2pio.StateMachine's CPU side over the emulated program, kept in step with
    ``clock.ns``: the program runs ``hz`` cycles a second of it (25 MHz as on a board,
    more where a PIO ignores its clock divider) and every call from the CPU costs
    ``call_ns`` of it. ``run()`` forces instructions as the SMx_INSTR register does
    (RP2040 datasheet 3.5.7): each runs in place of the program's next one, the program
    counter stays, delays are ignored. ``set(pad, down)`` moves a pad now.

    ``skip``: quiet loops (no change, nothing forced) are run ``loop_cycles`` at a time,
    a loop adding 1 to the counter, which is all they do (tests/test_pio_clock.py
    checks it against the emulator's every step)."""

    frequency = 25_000_000  # what rp2pio reports: the divider asked for 25 MHz

    def __init__(
        self, words, kwargs, clock, hz=25_000_000, call_ns=1000, loop_cycles=25, skip=True
    ):
        _CFG["status_n"] = kwargs["mov_status_n"]
        self.words = list(words)
        self.kwargs = kwargs
        self.clock = clock
        self.hz = hz
        self.call_ns = call_ns
        self.loop_cycles = loop_cycles
        self.skip = skip
        self.levels = 0b1111
        self.ran = []  # the forced instructions
        self._go(State())

    def _go(self, state):
        kw = self.kwargs
        self.state = state
        self._gen = emulate(
            self.words,
            stop_when=lambda _op, _st: False,
            initial_state=state,
            input_source=self._pins,
            shift_isr_right=kw["in_shift_right"],
            auto_push=kw["auto_push"],
            wrap_target=kw["wrap_target"],
            wrap_top=kw["wrap"],
        )

    def _pins(self, clock: int) -> int:  # the annotation makes pioemu pass the clock
        return self.levels

    def step(self):
        """One instruction of the program (the emulator's step)."""
        _before, self.state = next(self._gen)

    def sync(self, cost=True):
        """Run the program up to the true time (after this call's cost)."""
        if cost:
            self.clock.ns += self.call_ns
        target = self.clock.ns * self.hz // 1_000_000_000
        while self.state.clock < target:
            if self.skip:
                self._quiet_loops(target)
            self.step()

    def _quiet_loops(self, target):
        """At the loop's top after a no-change loop (ISR empty, X and Y the pins' levels)
        and the pins still: run whole loops at once, short of ``target``."""
        st = self.state
        n = (target - st.clock) // self.loop_cycles - 1
        lv = self.levels
        if (
            n > 0
            and st.program_counter == self.kwargs["wrap_target"]
            and st.input_shift_register.contents == 0
            and st.input_shift_register.counter == 0
            and st.x_register == lv
            and st.y_register == lv
        ):
            osr = st.output_shift_register
            count = ShiftRegister((osr.contents + n) & 0xFFFFFFFF, osr.counter)
            clock = st.clock + n * self.loop_cycles
            self._go(replace(st, clock=clock, output_shift_register=count))

    def wait_ns(self, ns):
        self.clock.ns += ns
        self.sync(cost=False)

    def set(self, pad, down):
        self.sync(cost=False)
        bit = 1 << pad
        self.levels = self.levels & ~bit if down else self.levels | bit

    def counter(self):
        """The program's tick counter now (OSR)."""
        return self.state.output_shift_register.contents

    @property
    def in_waiting(self):
        self.sync()
        return len(self.state.receive_fifo)

    def readinto(self, buf, end):
        self.sync()
        fifo = self.state.receive_fifo  # the emulator's own deque: it carries on
        for i in range(end):
            buf[i] = fifo.popleft()

    def run(self, instructions):
        self.sync()
        for op in instructions:
            assert op >> 13, "a forced jmp would move the program counter"
            self.ran.append(op)
            st = self.state
            one = emulate(
                [op],
                stop_when=lambda _op, _st: False,
                initial_state=replace(st, program_counter=0),
                input_source=self._pins,
                shift_isr_right=self.kwargs["in_shift_right"],
            )
            _b, after = next(one)
            self._go(replace(after, program_counter=st.program_counter, clock=st.clock + 1))

    def deinit(self):
        pass
