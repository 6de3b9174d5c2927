"""The probe tools/emu reads on the console; only in an image made with deploy.py --probe.

Imported by that image's code.py before the app, it prints tab-separated lines:
  @P start <t> <free>            at import       @P mpy <0|1>   the image is compiled
  @P screen <t> <free> <row0> <row1> ... [drawn0=<row 0 as drawn>]   rows changed
  @P load <t> <entry> <ms> <free>                 app.main.load_game(entry) took ms
  @P bot <t> <game> <level> <ms> <free>           a bot's choose(view) (or a Wildside
                                                  bot's plan(view) as a window opens) took ms
  @P hw <t> <pads>                                the app's pads (PioPads: the PIO clock)
  @P pio <t> <n>                                  PioPads.now() fell back to its estimate
                                                  n times so far (said when n changes)
t: supervisor.ticks_ms() as the line is printed; free: gc.mem_free() after gc.collect().
"""

import gc
import sys

from supervisor import ticks_ms


def free():
    gc.collect()
    return gc.mem_free()


def say(*fields):
    print("@P\t" + "\t".join([str(f) for f in fields]))


say("start", ticks_ms(), free())
try:  # lib/slampad/build.txt: "mpy 10" in a compiled image (slampad_check)
    with open(globals().get("__file__", "/lib/x").rpartition("/")[0] + "/slampad/build.txt") as f:
        say("mpy", int(f.read(4) == "mpy "))
except OSError:
    say("mpy", 0)

from slampad.app import main, ui  # noqa: E402 - after "start"

_last = [None]
_pads = [None, 0]  # the app's pads, fallbacks last said


def _row(s):
    return s.replace("\t", " ").replace("\n", " ")


def screen(text):
    """Say the rows of ``text`` if they changed since last said."""
    rows = [_row(s) for s in text.lines]
    if text.drawn[0] != text.lines[0]:
        rows.append("drawn0=" + _row(text.drawn[0]))
    if rows != _last[0]:
        _last[0] = rows
        t = ticks_ms()
        say("screen", t, free(), *rows)
        n = getattr(_pads[0], "fallbacks", 0)
        if n != _pads[1]:
            _pads[1] = n
            say("pio", t, n)


def hook(app):
    """Say ``app``'s screen now and after each change (after any listener it has)."""
    text = app.text
    was = text.listener

    def listener(lines):
        if was is not None:
            was(lines)
        screen(text)

    text.listener = listener
    _pads[0] = app.hw.pads
    say("hw", ticks_ms(), type(app.hw.pads).__name__)
    screen(text)


def _after(f, then):
    def run(self, *args, **kw):
        r = f(self, *args, **kw)
        then(self)
        return r

    return run


def _timed(choose, game):
    def run(self, view):
        t0 = ticks_ms()
        r = choose(self, view)
        t = ticks_ms()
        say("bot", t, game, self.level, (t - t0) & 0x1FFFFFFF, free())
        return r

    return run


BOTS = (("wildside", "WildsideBot"), ("gowild", "GoWildBot"), ("tumblin", "TumblinBot"),
        ("diceland", "DicelandBot"))  # fmt: skip


def bots(_app=None):
    """Time the choose() of every bot class loaded (games load and unload: on each go)."""
    for game, name in BOTS:
        cls = getattr(sys.modules.get("slampad.bots." + game), name, None)
        if cls is not None and not getattr(cls, "_probed", False):
            cls._probed = True
            cls.choose = _timed(cls.choose, game)
            if game == "wildside":  # its bots decide when to slam as the window opens
                cls.plan = _timed(cls.plan, game)


def _go(go):
    def run(self, scr):
        bots()
        return go(self, scr)

    return run


def _load(load):
    def run(entry):
        t0 = ticks_ms()
        m = load(entry)
        t = ticks_ms()
        say("load", t, entry, (t - t0) & 0x1FFFFFFF, free())
        return m

    return run


main.App.__init__ = _after(main.App.__init__, hook)
main.App.go = _go(main.App.go)
main.load_game = _load(main.load_game)
for _name in ("set_banner", "set_corner"):  # row 0 as drawn: no listener call
    setattr(ui.Text, _name, _after(getattr(ui.Text, _name), screen))
