#!/usr/bin/env python3
"""adafruit_display_text's label.Label against bitmap_label.Label on the Slampad firmware
(issue 27 item 5: measure and choose), in the emulated RP2040.

    .venv/bin/python tools/emulator/emu_label_cost.py

Boots out/firmware/slampad-pico.uf2 (built first if stale) with a code.py that makes the
OLED's five text rows (21 characters of terminalio's font each) with each class and prints,
for each: the heap the five rows hold with their text (gc.mem_free() after gc.collect()),
and the device time to set new text on all five rows (the mean of 20 rounds, the
ticks_ms clock, emulated with the XIP cache modelled).
"""

import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

CODE = '''
import gc
import supervisor
import terminalio
from adafruit_display_text import bitmap_label, label

ROWS = 5
WORDS = ("P2 slams first: +1", "Round 3: no match!", "Diceland: P1 attacks")


def rows_of(cls):
    return [cls(terminalio.FONT, text="P%d ready to slam now" % r, color=0xFFFFFF)
            for r in range(ROWS)]


for name, cls in (("label", label.Label), ("bitmap_label", bitmap_label.Label)):
    gc.collect()
    before = gc.mem_free()
    rows = rows_of(cls)
    gc.collect()
    held = before - gc.mem_free()
    t0 = supervisor.ticks_ms()
    for i in range(20):
        for r in rows:
            r.text = WORDS[(i + rows.index(r)) % 3]
    ms = ((supervisor.ticks_ms() - t0) & 0x1FFFFFFF) / 20  # ticks_ms wraps at 2**29
    gc.collect()
    print("LABEL %s %d %.1f" % (name, held, ms))
    rows = None
print("LABEL done")
'''


def measure():
    import emu

    import firmware

    if firmware.main(["pico"]) != 0:
        raise SystemExit("emu_label_cost: tools/firmware failed")
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "code.py"), "w") as f:
            f.write(CODE)
        # the library as .py in /lib when the firmware has not frozen it (the rows' heap is
        # measured after the import, so where the code lives does not count)
        import adafruit_display_text

        shutil.copytree(os.path.dirname(adafruit_display_text.__file__),
                        os.path.join(tmp, "lib", "adafruit_display_text"),
                        ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
        import adafruit_ticks  # bitmap_label's

        shutil.copy(adafruit_ticks.__file__, os.path.join(tmp, "lib"))
        with emu.EmuDevice("pico", image=tmp) as dev:
            waited = 0
            while "LABEL done" not in dev.console and waited < 120000 and not dev.crashed():
                dev.run(1000)
                waited += 1000
            if dev.crashed():
                raise SystemExit("emu_label_cost: %s" % dev.crashed())
            found = re.findall(r"LABEL (\w+) (\d+) ([\d.]+)", dev.console)
    return {name: (int(held), float(ms)) for name, held, ms in found}


def main():
    got = measure()
    print("| class | heap for five 21-character rows | setting all five rows' text |")
    print("|---|---|---|")
    for name, (held, ms) in sorted(got.items()):
        print("| `%s.Label` | %s B | %.1f ms |" % (name, f"{held:,}", ms))
    return 0 if len(got) == 2 else 1


if __name__ == "__main__":
    sys.exit(main())
