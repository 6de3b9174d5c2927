"""The Slampad emulator: the device image on the real CircuitPython firmware, in an emulated RP2040.

    tools/emu --headless                  boot, play tools/emu_demo.txt, screenshots + logs
    tools/emu --script FILE               a script (the language of tools/sim --script)
    tools/emu --seconds 10                boot and run 10 emulated seconds, no script
    tools/emu --mpy                       the image compiled to .mpy (tools/deploy.py --mpy)
    tools/emu --nvm SAVE.bin              microcontroller.nvm's bytes at power-up (a saved game)
    tools/emu --firmware FW.uf2           another CircuitPython UF2 (FW.elf must sit next to it)
    tools/emu --stock                     stock CircuitPython 10.2.1 and the whole .py image

The firmware is the Slampad firmware of today's lib/ (tools/firmware builds it first
when it is missing or stale), and the drive holds code.py, boot.py, settings.toml and
the probe (tools/deploy.py --frozen).

What runs: tools/deploy.py builds the image for the profile with the probe (--probe: @P lines
on the console), tools/emulator/fatimg.py makes it a CIRCUITPY FAT drive, and tools/rp2040/emu.mjs
(Node, npm rp2040js) boots the firmware UF2 on it. The two talk in JSON lines:

    to Node      {"cmd": "run", "us": N}   {"cmd": "pin", "gpio": G, "level": 0|1|null}
                 {"cmd": "adc", "channel": C, "volts": V}   {"cmd": "quit"}
    from Node    {"ev": "console", "t_us": T, "text": S}   {"ev": "display", ..., "bits": HEX}
                 {"ev": "leds", ..., "rgb": [[r, g, b], ...]}   {"ev": "tone", ..., "hz": F}
                 {"ev": "done", "t_us": T}   {"ev": "error", "text": S}

Time is emulated: the firmware runs slower than real time (idle time is skipped), and
every figure here (ms, the boot-to-menu time) is emulated time. Scripts are those of
tools/sim (see tools/simulator/sim.py), but for ``auto``, which needs the simulator's view of the
game. A window mode does not exist yet: the emulator always runs headless.

Python:
    with EmuDevice("pico") as dev:
        dev.run_until("Pick a game", 30000); dev.tap("select"); print(dev.lines())
"""

import argparse
import collections
import json
import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # tools/
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

import fatimg  # noqa: E402
import sim  # noqa: E402
import sim_script  # noqa: E402
from sim_script import ScriptError  # noqa: E402
from simdevice import Scripted  # noqa: E402

NODE_DIR = os.path.join(HERE, "rp2040")
EMU_MJS = os.path.join(NODE_DIR, "emu.mjs")
FIRMWARE_DIR = os.path.join(os.path.dirname(ROOT), "shared", "circuitpython")
SLAMPAD_FIRMWARE_DIR = os.path.join(ROOT, "out", "firmware")  # tools/firmware's output
CP_VERSION = "10.2.1"
DEMO = os.path.join(HERE, "emu_demo.txt")
MENU_TEXT = "Pick a game"  # the first menu: boot-to-menu ends at the first screen showing it
NVM_SIZE = 4096  # microcontroller.nvm: the 4 KB flash sector before CIRCUITPY
WALL_TIMEOUT_S = 600.0  # no line from the emulator for this long: it hangs (a safety net)

# profile -> (board_id, pins). Pins as lib/slampad/hw/<profile>.py wires them (the pads and
# menu buttons to GND, read with pull-ups); vbus: the GPIO reading USB power (None: none);
# vsys_adc: the ADC channel reading VSYS / 3 (None: none).
PROFILES = {
    "pico": (
        "raspberry_pi_pico",
        {"1": 10, "2": 11, "3": 12, "4": 13, "up": 6, "down": 7, "select": 8},
        {"vbus": 24, "vsys_adc": 3},
    ),
    "feather": (
        "adafruit_feather_rp2040",
        {"1": 9, "2": 10, "3": 11, "4": 12, "up": 6, "down": 7, "select": 8},
        {"vbus": None, "vsys_adc": None},  # a charge reading needs a MAX17048 (not emulated)
    ),
}
# profile -> the Slampad firmware's board in tools/firmware (the stock board: PROFILES)
FIRMWARE_BOARDS = {"pico": "pico", "feather": "feather"}
DOWNLOAD = "https://circuitpython.org/board/%s/"

TRACEBACK = "Traceback (most recent call last)"
_ESCAPES = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b\[[0-9;?]*[A-Za-z]")
USB_VSYS = 5.0  # VSYS on USB power when no battery is given (the shim says 4.75 V at least)

# Screenshots: as tools/simulator/sim_window.py draws the device (display scaled up, then the
# NeoPixels as circles, one row per seat).
SCALE = 4
MARGIN = 16
# A screenshot waits for the display to show the app's last rows (EmuDevice.settle):
SETTLE_STEP_MS = 10  # run in steps this long ...
SETTLE_QUIET_MS = 40  # ... until no frame came for this long after one newer than the rows
SETTLE_LIMIT_MS = 1500  # ... or this much emulated time passed
BG = (24, 24, 28)
LED_PITCH, LED_ROW, LED_R = 30, 34, 12


class EmuError(Exception):
    """The emulator cannot start or stopped; the message says why in a line or two."""


def firmware_paths(profile="pico", firmware=None, stock=False):
    """(uf2, elf) for ``profile``: ``firmware``, else $SLAMPAD_FIRMWARE, else the Slampad
    firmware tools/firmware built (out/firmware/slampad-<board>.uf2), or with ``stock``
    the stock CircuitPython in ../shared. Raises EmuError naming what is missing and how
    to get it."""
    ours, board = FIRMWARE_BOARDS[profile], PROFILES[profile][0]
    uf2 = firmware or os.environ.get("SLAMPAD_FIRMWARE")
    if not uf2 and not stock:
        uf2 = os.path.join(SLAMPAD_FIRMWARE_DIR, "slampad-%s.uf2" % ours)
        if not os.path.isfile(uf2) or not os.path.isfile(uf2[:-4] + ".elf"):
            raise EmuError(
                "no Slampad firmware at %s: build it with `tools/firmware %s` (or pass "
                "--stock for stock CircuitPython)" % (os.path.relpath(uf2, ROOT), ours)
            )
        return uf2, uf2[:-4] + ".elf"
    if not uf2:
        uf2 = os.path.join(FIRMWARE_DIR, "firmware-%s-%s.uf2" % (board, CP_VERSION))
    elf = os.path.splitext(uf2)[0] + ".elf"
    where = "download CircuitPython %s for this board (the .UF2) from %s" % (
        CP_VERSION,
        DOWNLOAD % board,
    )
    if not os.path.isfile(uf2):
        raise EmuError(
            "no firmware at %s: %s and pass it with --firmware (or $SLAMPAD_FIRMWARE)"
            % (uf2, where)
        )
    if not os.path.isfile(elf):
        raise EmuError(
            "no %s next to the firmware: the emulator reads the console through the"
            " firmware's symbols (its ELF, from a CircuitPython %s build for %s, e.g."
            " `make BOARD=%s` in ports/raspberrypi); the UF2 itself comes from %s"
            % (elf, CP_VERSION, board, board, DOWNLOAD % board)
        )
    return uf2, elf


def board_id_of(profile, frozen):
    """The board_id the firmware says: the Slampad board's (firmware/boards) or the stock."""
    return "slampad_" + FIRMWARE_BOARDS[profile] if frozen else PROFILES[profile][0]


def is_slampad_firmware(uf2):
    """Is ``uf2`` the Slampad firmware (lib/slampad frozen in), by tools/firmware's name?"""
    return os.path.basename(uf2).startswith("slampad-")


def node_problem():
    """Why the Node side cannot run (a sentence), or None when it can."""
    if shutil.which("node") is None:
        return "tools/emu needs Node.js 18 or newer: `node` is not on PATH"
    if not os.path.isfile(EMU_MJS):
        return "the emulator's Node side is missing: %s" % os.path.relpath(EMU_MJS, ROOT)
    if not os.path.isdir(os.path.join(NODE_DIR, "node_modules", "rp2040js")):
        return "rp2040js is not installed: run tools/emu once, or `npm ci` in tools/rp2040"
    return None


def boot_out_text(elf, board_id):
    """What the firmware writes to boot_out.txt at power-on, read from its ELF: its banner,
    the board id and the emulated chip's unique id (zeros), with an empty boot.py output.
    The firmware rewrites the file only when this text changes, after waiting 1 s: on a
    board that has started once since it was flashed the file is already there. None when
    the ELF has no banner."""
    with open(elf, "rb") as f:
        data = f.read()
    m = re.search(rb"Adafruit CircuitPython [^\0]{1,120}? with rp2040", data)
    if m is None:
        return None  # not a CircuitPython ELF (a test's stand-in): no boot_out.txt
    return "%s\r\nBoard ID:%s\r\nUID:%s\r\nboot.py output:\r\n" % (
        m.group().decode(), board_id, "0" * 16)


def build_image(profile="pico", mpy=False, workdir=None, frozen=False, boot_out=None):
    """The CIRCUITPY FAT image (bytes) of ``tools/deploy.py --profile P --probe [--mpy]``;
    ``frozen``: for the Slampad firmware (``--frozen``: only the drive's own files);
    ``boot_out``: boot_out.txt's text, as a board that has started once holds it."""
    py = os.path.join(ROOT, ".venv", "bin", "python")
    if not os.path.isfile(py):
        py = sys.executable
    tmp = tempfile.mkdtemp(prefix="image-", dir=workdir)
    try:
        cmd = [py, os.path.join(HERE, "deploy.py"), tmp, "--profile", profile, "--probe"]
        if frozen:
            cmd.append("--frozen")
        elif mpy is not None:  # None: deploy's own default (compiled when mpy-cross is found)
            cmd.append("--mpy" if mpy else "--py")
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        if r.returncode != 0:
            tail = (r.stderr or r.stdout).strip().splitlines()[-3:]
            raise EmuError("tools/deploy.py failed: %s" % " / ".join(tail))
        if boot_out is not None:
            with open(os.path.join(tmp, "boot_out.txt"), "w", newline="") as f:
                f.write(boot_out)
        return image_bytes(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def image_bytes(path):
    """A CIRCUITPY image from a folder (made into FAT) or a FAT image file (as it is)."""
    try:
        if os.path.isdir(path):
            return fatimg.image_from_folder(path)
        with open(path, "rb") as f:
            return f.read()
    except (OSError, ValueError) as e:
        raise EmuError("cannot make a CIRCUITPY image of %s: %s" % (path, e)) from None


class EmuDevice(Scripted):
    """The device on the emulated RP2040, with the methods run_script uses
    (tools/simulator/sim_script.py).

    ``nvm``: bytes for microcontroller.nvm at power-up (at most 4096; the rest erased);
    ``battery``: (volts, usb) at power-up (default: USB power, VSYS 5.0 V);
    ``image``: a CIRCUITPY folder or FAT image to boot instead of building one;
    ``command``: the argv that starts the Node side (default node tools/rp2040/emu.mjs;
    tests give a fake); ``log``: a path for the Node side's diagnostics (stderr).

    Outputs: ``console`` (all text), ``probes`` [(t_us, fields)], ``screens``
    [(t_us, free, rows, row 0 as drawn)], ``loads`` [(t_us, module, ms, free)], ``bots``
    [(t_us, game, level, ms, free)], ``least_free``, ``frame()``, ``leds()``, ``tones``
    [(t_us, hz)], ``crashed()``, ``t_ms``.
    """

    def __init__(
        self, profile="pico", mpy=False, nvm=None, firmware=None, battery=None, *,
        image=None, command=None, log=None, step_ms=20, stock=False, first_boot=False,
    ):  # fmt: skip
        if profile not in PROFILES:
            raise EmuError(
                "profile %r: the emulator runs %s only, for now"
                % (profile, ", ".join(sorted(PROFILES)))
            )
        if nvm is not None and len(nvm) > NVM_SIZE:
            raise EmuError("nvm: %d bytes, more than its %d" % (len(nvm), NVM_SIZE))
        self.profile = profile
        self.board_id, self.keys, self.power = PROFILES[profile]
        self.uf2, self.elf = firmware_paths(profile, firmware, stock)
        self.frozen = is_slampad_firmware(self.uf2)  # the drive then holds code.py & co only
        # A board that has started since it was flashed holds boot_out.txt already; its
        # first start writes it (after a 1 s wait). first_boot: that start.
        self.first_boot = first_boot
        if command is None:
            problem = node_problem()
            if problem:
                raise EmuError(problem)
            command = ["node", EMU_MJS]
        self.step_ms = step_ms
        self.hw = _Hw(128, 64)  # run_script's screenshot scale asks dev.hw.width
        self.console_chunks = []
        self.console_times = []  # emulated us of each chunk
        self.probes = []
        self.screens = []
        self.loads = []
        self.bots = []
        self.least_free = None
        self.tones = []
        self.held = {}
        self.t_us = 0
        self.frames = 0  # display frames received
        self.led_frames = 0  # NeoPixel frames received
        self._rows = []
        self._drawn0 = ""
        self._partial = ""
        self._crash_at = None  # index in the console of the first traceback
        self._bits = None
        self.frame_t_us = None  # when the last display frame came (emulated us)
        self._leds = []
        self._dead = None
        self.proc = None
        self._tmp = tempfile.mkdtemp(prefix="slampad-emu-")
        try:
            self._start(mpy, nvm, image, command, log, battery)
        except BaseException:
            self.close()
            raise

    def _start(self, mpy, nvm, image, command, log, battery):
        if image is None:
            board_id = board_id_of(self.profile, self.frozen)
            boot_out = None if self.first_boot else boot_out_text(self.elf, board_id)
            data = build_image(self.profile, mpy, self._tmp, frozen=self.frozen,
                               boot_out=boot_out)  # fmt: skip
        else:
            data = image_bytes(image)
        fs = os.path.join(self._tmp, "circuitpy.img")
        with open(fs, "wb") as f:
            f.write(data)
        argv = list(command) + ["--uf2", self.uf2, "--elf", self.elf, "--fs", fs,
                                "--profile", self.profile]  # fmt: skip
        if nvm is not None:
            path = os.path.join(self._tmp, "nvm.bin")
            with open(path, "wb") as f:
                f.write(bytes(nvm) + b"\xff" * (NVM_SIZE - len(nvm)))
            argv += ["--nvm", path]
        self._log = open(log, "w", encoding="utf-8") if log else None  # noqa: SIM115
        self.stderr_tail = collections.deque(maxlen=40)
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, encoding="utf-8", errors="replace", bufsize=1, cwd=ROOT,
            )  # fmt: skip
        except OSError as e:
            raise EmuError("cannot start the emulator (%s): %s" % (argv[0], e.strerror)) from None
        self._lines = queue.Queue()
        self._threads = [
            threading.Thread(target=self._read_stdout, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for t in self._threads:
            t.start()
        self.set_battery(*(battery if battery is not None else (None, True)))

    # -- the Node process ----------------------------------------------------------------
    def _read_stdout(self):
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _read_stderr(self):
        for line in self.proc.stderr:
            self._diag(line.rstrip("\n"))

    def _diag(self, text):
        self.stderr_tail.append(text)
        if self._log is not None:
            try:
                self._log.write(text + "\n")
                self._log.flush()
            except ValueError:  # closed meanwhile
                pass

    def _fail(self, why):
        self._dead = why
        tail = [s for s in list(self.stderr_tail)[-3:] if s.strip()]
        if tail:
            why += " (stderr: %s)" % " / ".join(tail)
        raise EmuError(why)

    def _send(self, obj):
        if self._dead:
            raise EmuError("the emulator has stopped: " + self._dead)
        try:
            self.proc.stdin.write(json.dumps(obj) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._wait_exit()
            self._fail("the emulator has exited (status %s)" % self.proc.returncode)

    def _wait_exit(self):
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for t in self._threads[1:]:
            t.join(timeout=2)

    def _run_us(self, us):
        """One ``run`` command: handle the events until ``done``."""
        self._send({"cmd": "run", "us": int(us)})
        while True:
            try:
                line = self._lines.get(timeout=WALL_TIMEOUT_S)
            except queue.Empty:
                self._fail("the emulator sent nothing for %d s" % WALL_TIMEOUT_S)
            if line is None:
                self._wait_exit()
                self._fail("the emulator exited (status %s)" % self.proc.poll())
            line = line.strip()
            if not line.startswith("{"):
                if line:
                    self._diag("stdout: " + line)
                continue
            try:
                ev = json.loads(line)
            except ValueError:
                self._diag("stdout (not JSON): " + line)
                continue
            if self._event(ev):
                return

    def _event(self, ev):
        """Handle one event; True on ``done``."""
        kind = ev.get("ev")
        t = ev.get("t_us")
        if isinstance(t, int | float):
            self.t_us = max(self.t_us, int(t))
        if kind == "done":
            return True
        if kind == "console":
            self._console(ev.get("text", ""))
        elif kind == "display":
            self._bits = ev.get("bits")
            self.frame_t_us = self.t_us
            self.hw = _Hw(ev.get("w", 128), ev.get("h", 64))
            self.frames += 1
        elif kind == "leds":
            self._leds = [tuple(int(v) for v in px) for px in ev.get("rgb", [])]
            self.led_frames += 1
        elif kind == "tone":
            self.tones.append((self.t_us, ev.get("hz", 0)))
        elif kind == "error":
            self._wait_exit()
            self._fail("the emulator failed: %s" % ev.get("text", "?"))
        else:
            self._diag("unknown event: %s" % json.dumps(ev))
        return False

    # -- the console and the probe ------------------------------------------------------
    def _console(self, text):
        self.console_chunks.append(text)
        self.console_times.append(self.t_us)
        text = self._partial + text
        *done, self._partial = text.split("\n")
        for line in done:
            self._line(line.rstrip("\r"))

    def _line(self, line):
        if self._crash_at is None and (TRACEBACK in line or "MemoryError" in line):
            self._crash_at = self.console.rfind(line)
        clean = _ESCAPES.sub("", line)
        at = clean.find("@P\t")
        if at < 0:
            return
        fields = clean[at + 3 :].split("\t")
        self.probes.append((self.t_us, fields))
        kind, rest = fields[0], fields[1:]
        try:
            if kind == "screen":
                rows = rest[2:]
                drawn = [r for r in rows if r.startswith("drawn0=")]
                self._rows = [r for r in rows if not r.startswith("drawn0=")]
                self._drawn0 = drawn[-1][7:] if drawn else (self._rows or [""])[0]
                self.screens.append((self.t_us, int(rest[1]), list(self._rows), self._drawn0))
                self._free(rest[1])
            elif kind == "load":
                self.loads.append((self.t_us, rest[1], int(rest[2]), int(rest[3])))
                self._free(rest[3])
            elif kind == "bot":
                self.bots.append((self.t_us, rest[1], rest[2], int(rest[3]), int(rest[4])))
                self._free(rest[4])
            elif kind == "start":
                self._free(rest[1])
        except (IndexError, ValueError):
            self._diag("probe line not understood: %r" % line)

    def _free(self, word):
        v = int(word)
        if self.least_free is None or v < self.least_free:
            self.least_free = v

    @property
    def console(self):
        return "".join(self.console_chunks)

    def crashed(self):
        """The console from the first traceback (or MemoryError) on, or None."""
        if self._crash_at is None:
            return None
        return self.console[self._crash_at :]

    @property
    def asleep(self):
        """The firmware's deep-sleep line if it said it went to sleep since it last
        started (best effort: CircuitPython says so when it only pretends), else None."""
        text = self.console
        for line in text[max(0, text.rfind("@P\tstart")) :].splitlines():
            if "deep sleep" in line and "@P\t" not in line:
                return line.strip()
        return None

    @property
    def humans(self):
        return None

    @humans.setter
    def humans(self, value):
        if value is not None:
            raise ScriptError("auto (simulated people) is not supported on the emulator yet")

    # -- time ----------------------------------------------------------------------------
    @property
    def t_ms(self):
        return self.t_us // 1000

    def now(self):
        return self.t_ms

    def run(self, ms, step_ms=None):
        """Run ``ms`` of emulated time, in steps of ``step_ms`` (default the device's)."""
        step = step_ms or self.step_ms
        left = int(ms)
        while left > 0:
            n = min(step, left)
            self._run_us(n * 1000)
            left -= n

    def idle(self, seconds):
        """Nobody touches anything for ``seconds`` (emulated; idle time runs fast)."""
        self.run(int(seconds * 1000), step_ms=100)

    # -- input ---------------------------------------------------------------------------
    def _gpio(self, key):
        if key not in self.keys:
            raise ValueError("unknown key %r: 1-4, up, down, select" % (key,))
        return self.keys[key]

    def press(self, key):
        self._send({"cmd": "pin", "gpio": self._gpio(key), "level": 0})
        self.held[key] = True

    def release(self, key):
        self._send({"cmd": "pin", "gpio": self._gpio(key), "level": None})
        self.held.pop(key, None)

    def set_battery(self, volts, usb=False):
        """The supply now: a cell of ``volts`` (None: none) and USB power or not. VSYS is the
        cell, or on USB at least 4.75 V as the shim has it (5.0 V with no cell)."""
        if usb:
            vsys = USB_VSYS if volts is None else max(4.75, float(volts))
        else:
            vsys = float(volts or 0.0)
        self.vsys, self.usb = vsys, bool(usb)
        if self.power.get("vbus") is not None:
            self._send({"cmd": "pin", "gpio": self.power["vbus"], "level": int(bool(usb))})
        if self.power.get("vsys_adc") is not None:
            self._send({"cmd": "adc", "channel": self.power["vsys_adc"], "volts": vsys / 3})

    # -- output --------------------------------------------------------------------------
    def lines(self):
        return list(self._rows)

    def shows(self, text):
        """Is ``text`` on a screen row (as the app set it, or row 0 as drawn)?"""
        return any(text in r for r in self._rows) or text in self._drawn0

    def frame(self):
        """The last display frame: rows of 0/1 (all 0 before the first)."""
        w, h = self.hw.width, self.hw.height
        if self._bits is None:
            return [[0] * w for _ in range(h)]
        data = bytes.fromhex(self._bits)
        stride = (w + 7) // 8
        return [
            [data[y * stride + x // 8] >> (7 - x % 8) & 1 for x in range(w)] for y in range(h)
        ]

    def leds(self):
        """The NeoPixel chain's last colours, [(r, g, b), ...]."""
        return list(self._leds)

    def boot_to_menu_ms(self):
        """Emulated ms from reset to the first screen showing the menu, or None."""
        for t, _free, rows, _drawn0 in self.screens:
            if any(MENU_TEXT in r for r in rows):
                return t // 1000
        return None

    def settle(self, quiet_ms=SETTLE_QUIET_MS, limit_ms=SETTLE_LIMIT_MS):
        """Run until the display shows the rows the app last set: the probe prints a
        screen's rows before the app refreshes the display, so the frame at hand may be
        the screen before. Waits for a frame newer than the rows, then ``quiet_ms`` with
        no new one (one refresh comes in several transfers); at most ``limit_ms``. True
        if settled (False: rows that changed no pixel, or a screen still moving)."""
        if self.proc is None or self.proc.poll() is not None:
            return False
        rows_at = self.screens[-1][0] if self.screens else 0
        end = self.t_us + limit_ms * 1000
        while self.t_us < end:
            seen = self.frame_t_us
            if seen is not None and seen >= rows_at and self.t_us - seen >= quiet_ms * 1000:
                return True
            self._run_us(SETTLE_STEP_MS * 1000)
            if self.screens and self.screens[-1][0] > rows_at:
                rows_at = self.screens[-1][0]  # the screen moved on meanwhile: follow it
        return False

    def save_png(self, path, scale=SCALE):
        """The display (white on black, ``scale``x) with the NeoPixels under it, as the
        simulator's window draws them, once it shows the app's last rows (``settle``)."""
        self.settle()
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        frame = self.frame()
        w, h = len(frame[0]), len(frame)
        px = self._leds
        rows = 4 if px and len(px) % 4 == 0 else 1
        per_row = max(1, -(-len(px) // rows))
        dw, dh = w * scale, h * scale
        surf = pygame.Surface(png_size(w, h, len(px), scale))
        surf.fill(BG)
        rgb = bytes(255 if v else 0 for row in frame for v in row for _ in range(3))
        img = pygame.image.frombuffer(rgb, (w, h), "RGB")
        surf.blit(pygame.transform.scale(img, (dw, dh)), (MARGIN, MARGIN))
        y = dh + 2 * MARGIN
        for r in range(rows if px else 0):
            for c in range(per_row):
                i = r * per_row + c
                col = px[i] if i < len(px) else (0, 0, 0)
                shown = tuple(min(255, 40 + v * 3) if v else 40 for v in col)
                pygame.draw.circle(surf, shown, (MARGIN + 14 + c * LED_PITCH, y + 14), LED_R)
            y += LED_ROW
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        pygame.image.save(surf, path)
        return path

    # -- the end -------------------------------------------------------------------------
    def close(self):
        p = self.proc
        if p is not None and p.poll() is None:
            try:
                p.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
                p.stdin.flush()
                p.stdin.close()
            except (BrokenPipeError, OSError, ValueError):
                pass
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        if p is not None:
            for t in self._threads:
                t.join(timeout=2)
            for s in (p.stdin, p.stdout, p.stderr):
                try:
                    s.close()
                except (OSError, ValueError):
                    pass
        if getattr(self, "_log", None) is not None:
            self._log.close()
            self._log = None
        shutil.rmtree(self._tmp, ignore_errors=True)
        self.proc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _Hw:
    """What run_script asks of ``dev.hw``: the display's size."""

    def __init__(self, width, height):
        self.width, self.height = width, height


def png_size(w=128, h=64, n_leds=20, scale=SCALE):
    """(width, height) of a save_png screenshot."""
    rows = (4 if n_leds % 4 == 0 else 1) if n_leds else 0
    per_row = -(-n_leds // rows) if rows else 0
    width = max(w * scale, per_row * LED_PITCH) + 2 * MARGIN
    return width, h * scale + 2 * MARGIN + rows * LED_ROW + (MARGIN // 2 if rows else 0)


def play(dev, commands, shots=None, echo=None):
    """tools/simulator/sim_script.py's run_script on the emulator; ``auto`` is refused before
    anything runs."""
    for n, cmd, _args in commands:
        if cmd == "auto":
            raise ScriptError(
                "line %d: auto (simulated people) is not supported on the emulator yet:"
                " tap the pads in the script" % n
            )
    return sim_script.run_script(dev, commands, shots, echo)


# -- tools/emu ------------------------------------------------------------------------------


def _rows(rows, drawn0=None):
    """A screen on one line; row 0 as drawn (battery corner, banner) where it differs."""
    if drawn0 and rows and drawn0 != rows[0]:
        rows = [drawn0.rstrip()] + rows[1:]
    return " | ".join(r for r in rows if r)


def headless(a):
    script = a.script or (None if a.seconds is not None else DEMO)
    commands = []
    if script:
        try:
            commands = sim_script.load(script)
        except ScriptError as e:
            print("emu: %s" % e, file=sys.stderr)
            return 2
    nvm = None
    if a.nvm:
        try:
            with open(a.nvm, "rb") as f:
                nvm = f.read()
        except OSError as e:
            print("emu: cannot read %s: %s" % (a.nvm, e.strerror), file=sys.stderr)
            return 2
    shots = a.screenshots
    os.makedirs(shots, exist_ok=True)
    log = a.log or os.path.join(shots, "emu-node.txt")
    command = shlex.split(a.emu_command) if a.emu_command else None
    if not (a.firmware or a.stock or os.environ.get("SLAMPAD_FIRMWARE")):
        import firmware  # the Slampad firmware of today's lib/: built if stale (cached)

        if firmware.main([FIRMWARE_BOARDS[a.profile]]) != 0:
            return 1
    try:
        firmware_paths(a.profile, a.firmware, a.stock)  # say that first, not after a build
        print("emu: building the image and starting the emulator ...", file=sys.stderr)
        dev = EmuDevice(
            a.profile, mpy=a.mpy, nvm=nvm, firmware=a.firmware, image=a.image, stock=a.stock,
            command=command, log=log,
        )  # fmt: skip
    except EmuError as e:
        print("emu: %s" % e, file=sys.stderr)
        return 2
    wall = time.monotonic()
    ok, written, why = True, [], None
    try:
        if commands:
            written = play(dev, commands, shots)
        if a.seconds is not None:
            dev.run(int(a.seconds * 1000))
    except (ScriptError, EmuError) as e:
        ok, why = False, "%s: %s" % (script or "run", e)
    except KeyboardInterrupt:
        ok, why = False, "interrupted"
    wall = time.monotonic() - wall
    try:
        _report(a, dev, script, shots, log, written, wall)
    finally:
        dev.close()
    crash = dev.crashed()
    if crash:
        print("CRASH on the console:\n" + crash.rstrip())
        ok = False
    if why:
        print("emu: " + why, file=sys.stderr)
    return 0 if ok else 1


def _report(a, dev, script, shots, log, written, wall):
    log_path = os.path.join(shots, "emu-log.txt")
    with open(log_path, "w", encoding="utf-8") as f:
        for t, free, rows, drawn0 in dev.screens:
            f.write("%9d ms %8d free  %s\n" % (t // 1000, free, _rows(rows, drawn0)))
    console_path = os.path.join(shots, "console.txt")
    with open(console_path, "w", encoding="utf-8") as f:
        f.write(dev.console)
    what = script or "%g emulated seconds" % a.seconds
    print(
        "Slampad emulator (headless, profile %s%s, %s): %s"
        % (a.profile, ", mpy" if a.mpy else "", os.path.basename(dev.uf2), what)
    )
    for _t, _free, rows, drawn0 in dev.screens[-12:]:
        print("  " + _rows(rows, drawn0))
    menu = dev.boot_to_menu_ms()
    print("boot to menu: %s" % ("%d ms (emulated)" % menu if menu is not None else "not reached"))
    print(
        "least free heap: %s"
        % ("%s bytes" % f"{dev.least_free:,}" if dev.least_free is not None else "no probe record")
    )
    for _t, module, ms, free in dev.loads:
        print("load %s: %d ms, %s bytes free" % (module, ms, f"{free:,}"))
    print("display frames: %d, NeoPixel frames: %d, tones: %d"
          % (dev.frames, dev.led_frames, len(dev.tones)))  # fmt: skip
    print(
        "%.1f s emulated in %.1f s (%.2fx real time)"
        % (dev.t_us / 1e6, wall, dev.t_us / 1e6 / wall if wall else 0)
    )
    print("%d screen changes logged to %s; console in %s; emulator log %s"
          % (len(dev.screens), log_path, console_path, log))  # fmt: skip
    for p in written:
        print("screenshot: " + p)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/emu", description=__doc__.split("\n")[0])
    ap.add_argument("--profile", default="pico", help="board profile: pico or feather")
    ap.add_argument("--firmware", help="CircuitPython UF2 (its .elf next to it); default"
                    " $SLAMPAD_FIRMWARE, else ../shared/circuitpython's %s" % CP_VERSION)
    ap.add_argument("--stock", action="store_true", help="stock CircuitPython %s from ../shared"
                    " with the whole .py image, instead of the Slampad firmware" % CP_VERSION)
    ap.add_argument("--headless", action="store_true", help="no window (the only mode so far)")
    ap.add_argument("--script", help="script of timed key events (default: tools/emu_demo.txt)")
    ap.add_argument("--screenshots", default=os.path.join("out", "emu"),
                    help="folder for screenshots and logs (default out/emu)")
    ap.add_argument("--mpy", action="store_true", help="the image compiled (deploy.py --mpy)")
    ap.add_argument("--nvm", metavar="FILE", help="microcontroller.nvm's bytes at power-up")
    ap.add_argument("--seconds", type=float,
                    help="run this many emulated seconds (after the script, if one is given)")
    ap.add_argument("--log", metavar="FILE",
                    help="the emulator's diagnostics (default SCREENSHOTS/emu-node.txt)")
    ap.add_argument("--image", metavar="PATH",
                    help="boot this CIRCUITPY folder or FAT image instead of building one")
    ap.add_argument("--emu-command", help=argparse.SUPPRESS)  # tests: a fake Node side
    a = ap.parse_args(argv)  # fmt: skip
    if a.profile not in PROFILES:
        print(
            "emu: profile %r: the emulator runs %s only, for now"
            % (a.profile, ", ".join(sorted(PROFILES))),
            file=sys.stderr,
        )
        return 2
    if a.seconds is not None and a.seconds < 0:
        print("emu: --seconds %g is negative" % a.seconds, file=sys.stderr)
        return 2
    if not a.headless and sim.has_screen():
        print("emu: no window mode yet: running headless", file=sys.stderr)
    return headless(a)


if __name__ == "__main__":
    sys.exit(main())
