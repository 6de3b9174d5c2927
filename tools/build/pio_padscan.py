#!/usr/bin/env python3
"""The PIO pad scanner's source, and its assembly into lib/slampad/hw/pio_program.py.

    .venv/bin/python tools/build/pio_padscan.py           # print the source and its words
    .venv/bin/python tools/build/pio_padscan.py --write   # (re)write lib/slampad/hw/pio_program.py
    .venv/bin/python tools/build/pio_padscan.py --check   # exit 1 if that file is stale

The device never imports adafruit_pioasm (23 KB): the words are assembled here, on the
host, and kept as constants (tests/test_pio.py checks they match this source).

The program samples N consecutive active-low pads (pull-ups) every LOOP_CYCLES state
machine cycles and pushes one word per change of any pad:
    bits 31 .. 32-N : the pads' levels (bit 32-N = the first pin), 1 = up, 0 = pressed
    bits 31-N .. 0  : a free-running tick counter, +1 a loop, wrapping at 2**(32-N)
Every path through the loop takes exactly LOOP_CYCLES cycles, so at FREQUENCY (25 MHz)
one tick is 1 us and a change is stamped with the tick of the first sample that saw it
(at most 1 us late). The counter lives in OSR (X counts down only, so it is kept
inverted), Y holds the last reported levels (``jmp x!=y`` is PIO's only comparison), ISR
takes the sample. A change is pushed only while the joined 8-word RX FIFO has room
(``mov x, status``); otherwise it is retried the next loop, so a full FIFO delays a
change (its stamp is then late) but never loses one, and the last levels always arrive.

QUERY is the instruction the CPU forces (rp2pio ``StateMachine.run``, the SMx_INSTR
register) to read the counter: it sets Y to levels no sample can show, so within two
loops the program pushes a word with the current levels and tick (PioPads.now()). Y is
all it touches: the counter and the sample go on. Where it lands in the loop:
  before ``jmp x!=y``               this loop's sample differs: pushed this loop
  after it, on the no-change path   the next loop's sample differs: pushed then
  on the change path, before
  ``mov y, isr``                    that overwrites Y, but this loop pushes anyway
  after ``mov y, isr``              this loop's push, and the next loop pushes again
  on the full path (FIFO full)      Y stays unmatched: pushed once there is room
A forced instruction runs in place of the program's next one (RP2040 datasheet 3.5.7), so
a query can make one loop up to a cycle (1/25 us) longer; nothing else changes.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET = os.path.join(ROOT, "lib", "slampad", "hw", "pio_program.py")
N_PINS = 4
LOOP_CYCLES = 25  # state machine cycles a loop, on every path
FREQUENCY = 25_000_000  # state machine clock: 25 cycles = 1 us (divider 5 at 125 MHz)
FIFO_DEPTH = 8  # the joined RX FIFO
MIN_LOOP_CYCLES = 11
QUERY = "mov y, ~null"  # forced by PioPads.now(): the next sample differs from Y


def _delays(extra, slots):
    out = []
    for _ in range(slots):
        d = min(31, extra)
        out.append(d)
        extra -= d
    if extra:
        raise ValueError("loop_cycles too large")
    return out


def source(n_pins=N_PINS, loop_cycles=LOOP_CYCLES, fifo_depth=FIFO_DEPTH):
    """The pioasm text; every path through the loop takes ``loop_cycles`` cycles."""
    if not 1 <= n_pins <= 16:
        raise ValueError("n_pins must be 1-16")
    if loop_cycles < MIN_LOOP_CYCLES:
        raise ValueError("loop_cycles must be >= %d" % MIN_LOOP_CYCLES)
    d = _delays(loop_cycles - MIN_LOOP_CYCLES, 6)  # padding: 3 before the sample, 3 after
    bits = 32 - n_pins
    return f"""\
.program padscan
.in 32 left
.fifo rx
.mov_status rxfifo < {fifo_depth}
; X scratch, Y = last reported levels, OSR = tick counter, ISR = the sample
    mov y, ~null            ; levels no pad can show: the first sample is reported
    mov osr, null           ; tick 0
    mov isr, null
.wrap_target
loop:
    mov x, ~osr [{d[0]}]
    jmp x--, inc [{d[1]}]       ; x = ~(count + 1)
inc:
    mov osr, ~x [{d[2]}]        ; count += 1
    in pins, {n_pins} [{d[3]}]          ; the sample
    mov x, isr [{d[4]}]
    jmp x!=y, changed [{d[5]}]
    mov isr, null [3]       ; no change (11 cycles + padding)
    jmp loop
changed:
    mov x, status           ; all ones while the RX FIFO has room
    jmp !x, full
    mov y, isr
    in osr, {bits}              ; levels << {bits} | count
    push noblock            ; room was checked (11 cycles + padding)
.wrap
full:
    mov isr, null           ; keep the old levels in Y: retried next loop
    jmp loop [1]            ; (11 cycles + padding)
"""


def assemble(text=None):
    """(words, kwargs) of the program, as adafruit_pioasm makes them."""
    import adafruit_pioasm

    prog = adafruit_pioasm.Program(text if text is not None else source())
    return list(prog.assembled), dict(prog.pio_kwargs)


def assemble_query():
    """QUERY's instruction word (delay 0: forced instructions ignore delays anyway)."""
    import adafruit_pioasm

    (word,) = adafruit_pioasm.Program(QUERY).assembled
    return word


def module_text():
    words, kwargs = assemble()

    def lit(v):
        return '"%s"' % v if isinstance(v, str) else repr(v)

    kw = "".join('    "%s": %s,\n' % (k, lit(kwargs[k])) for k in sorted(kwargs))
    rows = "".join(
        "    " + ", ".join("0x%04X" % w for w in words[i : i + 8]) + ",\n"
        for i in range(0, len(words), 8)
    )
    return f'''"""The PIO pad scanner, assembled on the host: do not edit.

Made by tools/build/pio_padscan.py --write from the source in that file (tests/test_pio.py
checks it is current), so the device never imports adafruit_pioasm.
"""

from micropython import const

N_PINS = const({N_PINS})
LOOP_CYCLES = const({LOOP_CYCLES})  # state machine cycles a sample
FREQUENCY = const({FREQUENCY})  # 1 tick = LOOP_CYCLES / FREQUENCY = 1 us
WRAP_TARGET = const({kwargs["wrap_target"]})
WRAP = const({kwargs["wrap"]})
MOV_STATUS_N = const({kwargs["mov_status_n"]})  # "rxfifo": room in the joined RX FIFO
QUERY = const(0x{assemble_query():04X})  # {QUERY}: forced by PioPads.now(), the tick is pushed
WORDS = (
{rows})  # fmt: skip
KWARGS = {{  # everything adafruit_pioasm gives rp2pio.StateMachine (hw/pio_pads.py)
{kw}}}
'''


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="rewrite " + TARGET)
    ap.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    a = ap.parse_args(argv)
    text = module_text()
    if a.write:
        with open(TARGET, "w") as f:
            f.write(text)
        print("wrote", TARGET)
        return 0
    if a.check:
        with open(TARGET) as f:
            same = f.read() == text
        print("pio_program.py is %s" % ("current" if same else "STALE: run --write"))
        return 0 if same else 1
    print(source())
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
