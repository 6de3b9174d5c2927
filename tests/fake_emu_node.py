"""A stand-in for tools/rp2040/emu.mjs in tests: speaks its JSON-lines protocol, no firmware.

    python tests/fake_emu_node.py [--scenario menu|crash|error|die|sleep] --uf2 F --elf F
        --fs IMG [--nvm BIN]

Emulated time moves only on {"cmd": "run"}. At 30 ms it prints the probe's start and mpy
lines, at 50 ms the menu (a probe screen record, a display frame, the NeoPixels, a tone);
select pressed (GPIO8 driven 0) on the menu opens Wildside's join screen (a load record
first). Console text goes out in 7-character chunks, lines across chunks, with "\\r\\n" and a
terminal-title escape as CircuitPython's status bar writes. On stderr: every command and
what it was started with (the files in the FAT image, the nvm's size).
Scenarios: crash prints a MemoryError traceback at 80 ms; error answers the first run
with an error event and exits 1; die exits 3 on the first run; sleep says CircuitPython's
fake deep sleep line at 80 ms.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools", "emulator"))  # fmt: skip

MENU = ["Pick a game", "> Wildside", "  Go Wild!", "  Tumblin' Dice", "  Diceland"]
JOIN = ["Wildside", "Slam to join", "P1 -", "P2 -", "> START"]
TICKS0 = (1 << 29) - 65536
FRAME_LAG_MS = 25  # a screen's rows reach the console this long before its display frame


def emit(**ev):
    sys.stdout.write(json.dumps(ev) + "\n")
    sys.stdout.flush()


def say(text):
    print("fake: " + text, file=sys.stderr, flush=True)


class Fake:
    def __init__(self, opts):
        self.t = 0
        self.opts = opts
        self.pins = {}
        self.screen = None
        self.done = set()
        self.frames = []  # (due us, block): frames sent once their transfer is done

    def console(self, text):
        for i in range(0, len(text), 7):
            emit(ev="console", t_us=self.t, text=text[i : i + 7])

    def probe(self, *fields):
        self.console("@P\t" + "\t".join(str(f) for f in fields) + "\r\n")

    def frame(self, block):
        """A 128x64 frame: an 8x8 block lit at the top left, and the bottom row lit. As on
        the firmware, it comes after the probe's rows: the app prints them as it sets them
        and refreshes the display at the end of its frame (the I2C transfer takes a while)."""
        self.frames.append((self.t + FRAME_LAG_MS * 1000, block))

    def send_frames(self):
        while self.frames and self.frames[0][0] <= self.t:
            self.send_frame(self.frames.pop(0)[1])

    def send_frame(self, block):
        data = bytearray(1024)
        for y in range(8):
            data[y * 16] = 0xFF if block else 0
        for x in range(16):
            data[63 * 16 + x] = 0xFF
        emit(ev="display", t_us=self.t, w=128, h=64, bits=data.hex())

    def show(self, rows, free, drawn0=None):
        self.screen = rows
        extra = ["drawn0=" + drawn0] if drawn0 else []
        self.probe("screen", TICKS0 + self.t // 1000, free, *rows, *extra)

    def at(self, ms, name):
        if self.t >= ms * 1000 and name not in self.done:
            self.done.add(name)
            return True
        return False

    def step(self):
        self.send_frames()
        scenario = self.opts.get("scenario", "menu")
        if self.at(30, "start"):
            self.console("\x1b]0;code.py | 10.2.1\x1b\\")
            self.probe("start", TICKS0 + 30, 170900)
            self.console("\x1b]0;code.py | 10.2.1\x1b\\@P\tmpy\t0\r\n")
        if self.at(50, "menu"):
            self.show(MENU, 120000, "Pick a game      USB")  # row 0 with the battery corner
            self.frame(True)
            leds = [[0, 0, 0]] * 20
            leds[0], leds[5] = [255, 0, 0], [0, 0, 255]
            emit(ev="leds", t_us=self.t, rgb=leds)
            emit(ev="tone", t_us=self.t, gpio=20, hz=880)
        if scenario == "crash" and self.at(80, "crash"):
            self.console(
                "Traceback (most recent call last):\r\n"
                '  File "code.py", line 12, in <module>\r\n'
                "MemoryError: memory allocation failed, allocating 4096 bytes\r\n"
            )
        if scenario == "sleep" and self.at(80, "sleep"):
            self.console("Pretending to deep sleep until alarm, CTRL-C or file write.\r\n")
        if self.screen is MENU and self.pins.get(8) == 0 and "join" not in self.done:
            self.done.add("join")
            self.probe("load", TICKS0 + self.t // 1000, "wildside", 412, 98000)
            self.show(JOIN, 99000)
            self.frame(False)
            emit(ev="tone", t_us=self.t, gpio=20, hz=0)

    def run(self, us):
        end = self.t + us
        while self.t < end:
            self.t = min(end, self.t + 1000)
            self.step()
        emit(ev="done", t_us=self.t)


def main():
    argv = sys.argv[1:]
    opts = {argv[i][2:]: argv[i + 1] for i in range(0, len(argv) - 1) if argv[i][:2] == "--"}
    for key in ("uf2", "elf", "fs"):
        if not os.path.isfile(opts.get(key, "")):
            emit(ev="error", text="fake: no --%s file" % key)
            return 1
    with open(opts["fs"], "rb") as f:
        fs = f.read()
    try:
        import fatimg

        say("files %s" % " ".join(sorted(fatimg.read_image(fs))))
    except ValueError:
        say("fs %d bytes, not FAT" % len(fs))
    if "nvm" in opts:
        with open(opts["nvm"], "rb") as f:
            nvm = f.read()
        say("nvm %d bytes, starting %s" % (len(nvm), nvm[:8].hex()))
    fake = Fake(opts)
    for line in sys.stdin:
        cmd = json.loads(line)
        say("cmd " + json.dumps(cmd, sort_keys=True))
        if cmd["cmd"] == "quit":
            return 0
        if cmd["cmd"] == "pin":
            fake.pins[cmd["gpio"]] = cmd["level"]
        elif cmd["cmd"] == "run":
            if opts.get("scenario") == "error":
                emit(ev="error", text="fake: the CPU hit a bad instruction at 0x10001234")
                return 1
            if opts.get("scenario") == "die":
                say("dying without a word on stdout")
                return 3
            fake.run(cmd["us"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
