"""Run the PIO pad scanner on rp2040-pio-emulator (pioemu) with generated pin waveforms.

pioemu 0.88 lacks two things the program uses; both are added here: ``mov x, status``
(source 5, "RX FIFO level < N", as ``.mov_status rxfifo < N`` sets it) and the joined
8-word RX FIFO (pioemu's is 4 deep). pioemu has no ``in_base``: the pads are GPIO 0-3.
"""

import bisect

import pioemu.emulation
import pioemu.instructions.push as _push
from pioemu import clock_cycles_reached, emulate
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
