"""The simulator's script language (tools/sim --script, tools/emu --script): the text
of timed key events that tools/simulator/sim.py's help describes, read into commands (``parse``)
and played on a device (``run_script``: a SimDevice, or the emulated board of
tools/emulator/emu.py, which has the same methods). tools/simulator/sim.py (headless),
tools/simulator/sim_window.py (in the window) and tools/emulator/emu.py play scripts through it."""

import os

from simdevice import AutoHumans

KEYS = ("1", "2", "3", "4", "up", "down", "select")


class ScriptError(Exception):
    pass


def _int(word, line_no):
    try:
        v = int(word)
    except ValueError:
        raise ScriptError("line %d: %r is not a number of ms" % (line_no, word)) from None
    if v < 0:
        raise ScriptError("line %d: %d ms is negative" % (line_no, v))
    return v


def _key(word, line_no):
    if word not in KEYS:
        raise ScriptError("line %d: unknown key %r (1-4, up, down, select)" % (line_no, word))
    return word


def parse(text):
    """Script text -> list of (line_no, command, args); raises ScriptError."""
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        cmd, _, rest = line.partition(" ")
        words = rest.split()
        if cmd == "wait" and len(words) == 1:
            args = (_int(words[0], n),)
        elif cmd == "tap" and len(words) in (1, 2):
            args = (_key(words[0], n), _int(words[1], n) if len(words) == 2 else 60)
        elif cmd in ("press", "release") and len(words) == 1:
            args = (_key(words[0], n),)
        elif cmd == "auto" and words:
            level = "normal"
            if words[-1] in ("easy", "normal", "hard"):
                level = words.pop()
            for w in words:
                if w not in KEYS[:4]:
                    raise ScriptError("line %d: auto takes pads 1-4, not %r" % (n, w))
            args = ([int(w) - 1 for w in words], level)
        elif cmd == "until" and len(words) >= 2:
            args = (_int(words[0], n), rest.split(None, 1)[1])
        elif cmd == "expect" and words:
            args = (rest.strip(),)
        elif cmd == "shot" and len(words) == 1:
            args = (words[0],)
        elif cmd == "battery" and len(words) in (1, 2) and words[1:] in ([], ["usb"]):
            try:
                volts = float(words[0])
            except ValueError:
                raise ScriptError("line %d: %r is not a voltage" % (n, words[0])) from None
            if not 0 <= volts <= 6:
                raise ScriptError("line %d: %s V is not a battery (0-6 V)" % (n, words[0]))
            args = (volts, words[1:] == ["usb"])
        elif cmd == "idle" and len(words) == 1:
            args = (_int(words[0], n),)
        elif cmd == "asleep" and not words:
            args = ()
        else:
            raise ScriptError("line %d: cannot read %r" % (n, raw.strip()))
        out.append((n, cmd, args))
    return out


def load(path):
    """The script at ``path``, parsed; a ScriptError says why it cannot be read or parsed
    (each tool prints it after its own name)."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise ScriptError("cannot read script %s: %s" % (path, e.strerror)) from None
    try:
        return parse(text)
    except ScriptError as e:
        raise ScriptError("%s: %s" % (path, e)) from None


def run_script(dev, commands, shots=None, echo=None):
    """Play parsed commands on a SimDevice; returns the screenshot paths written."""
    written = []
    for n, cmd, args in commands:
        if echo:
            echo("> " + cmd + " " + " ".join(str(a) for a in args))
        if cmd == "wait":
            dev.run(args[0])
        elif cmd == "tap":
            dev.tap(args[0], args[1])
        elif cmd == "press":
            dev.press(args[0])
        elif cmd == "release":
            dev.release(args[0])
        elif cmd == "auto":
            dev.humans = AutoHumans(args[0], args[1])
        elif cmd == "until":
            if not dev.run_until(args[1], args[0]):
                raise ScriptError("line %d: %r never showed within %d ms; screen: %r"
                                  % (n, args[1], args[0], dev.lines()))
        elif cmd == "expect":
            if not dev.shows(args[0]):
                raise ScriptError("line %d: expected %r; screen: %r" % (n, args[0], dev.lines()))
        elif cmd == "battery":
            dev.set_battery(args[0], args[1])
        elif cmd == "idle":
            dev.idle(args[0])
        elif cmd == "asleep":
            if dev.asleep is None:
                raise ScriptError("line %d: not asleep; screen: %r" % (n, dev.lines()))
        elif cmd == "shot" and shots:
            path = os.path.join(shots, args[0] + ".png")
            dev.save_png(path, scale=4 if dev.hw.width < 200 else 2)
            written.append(path)
    return written
