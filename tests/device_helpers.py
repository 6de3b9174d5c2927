"""Shared helpers for the device tests (tests/test_device_*.py): the simulated Slampad
(tools/simulator/simdevice.py) on the host shim, scripted people on the pads, and independent
readings of rulings W1 (glyphs, colours) and S1 (seat colours) written from docs/rules.md.

The shim's modules are only on sys.path while a device test module runs: the ``shim``
fixture wraps ``test_shim.activate_shim``, so the rest of the suite never sees them.
Import the fixtures into a test module with ``from device_helpers import dev_factory, shim``.
"""

import re

import pytest
from test_shim import activate_shim

WRAP = 1 << 29
PADS = ("1", "2", "3", "4")

# W1: the screen glyph of each face (read without colour) and its display colour name.
GLYPH = {"wild": "*", "moon": "C", "star": "S", "drop": "D", "bolt": "Z"}
FACE_OF = {g: f for f, g in GLYPH.items()}
W1_COLOUR = {"wild": "white", "moon": "green", "star": "yellow", "drop": "blue", "bolt": "red"}
# S1: P1 red, P2 blue, P3 green, P4 white.
S1_COLOUR = ("red", "blue", "green", "white")
SYMBOLS = ("moon", "star", "drop", "bolt")
LEVELS = ("easy", "normal", "hard")  # the bot levels

ROW = re.compile(r"^([ >])P([1-4]) (out)? +(\d+)$")  # the dice are icons (app/wildside/icons.py)
TILE_GLYPH = {1: "C", 2: "S", 3: "D", 4: "Z", 5: "*", 6: "?"}  # icons.FACES, then not rolled
# A match's sentences (app/wildside/words.py): the victim (1) gives the collector (2) n
# dice (3), the collector gets the pool's (4 or 5: "a" is one), and why: the symbols (6).
RULING = re.compile(
    r"P([1-4]) gives P([1-4]) (a|\d+) dic?e\."
    r"(?: P[1-4] gets (a|\d+) pool dic?e\.| Pool: (a|\d+) dic?e to P[1-4]\.)?"
    r" P[1-4](?: matches P[1-4]: |'s dice match P[1-4]'s: | rolled )([a-z]+(?:,? [a-z]+)*)"
    r"(?:: it matches P[1-4])?\."
)


@pytest.fixture(scope="module")
def shim():
    with activate_shim() as simhw:
        yield simhw


@pytest.fixture
def dev_factory(shim):
    """make(profile="pico", seed=1, settings=None, frame_ms=2, flash=None, battery=None,
    gauge=False) -> a SimDevice;
    all closed again after the test."""
    made = []

    def make(profile="pico", seed=1, settings=None, frame_ms=2, flash=None, **power):
        from simdevice import SimDevice

        # The how-to-play offer is made once per game (app/menu_howto.py); these tests start
        # each game as a device that made it already, unless they set SLAMPAD_HOWTO.
        settings = dict({"SLAMPAD_HOWTO": "15"}, **(settings or {}))
        dev = SimDevice(
            profile, seed=seed, settings=settings, frame_ms=frame_ms, flash=flash, **power
        )
        made.append(dev)
        return dev

    yield make
    for dev in made:
        dev.close()


# -- reading what the device shows ---------------------------------------------------


def colour_name(rgb):
    """A colour by its hue alone (so it holds after any brightness scaling)."""
    m = max(rgb)
    if m == 0:
        return "off"
    hi = [c >= 0.6 * m for c in rgb]
    lo = [c <= 0.4 * m for c in rgb]
    if all(hi):
        return "white"
    if hi[0] and hi[1] and lo[2]:
        return "yellow"
    if hi[0] and lo[1] and lo[2]:
        return "red"
    if hi[1] and lo[0] and lo[2]:
        return "green"
    if hi[2] and lo[0] and lo[1]:
        return "blue"
    return "other"


def lit_colours(shot, box):
    """The colour names of the lit pixels inside ``box`` (x, y, w, h), with counts."""
    width, _, rgb = shot
    x0, y0, w, h = box
    seen = {}
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            i = (y * width + x) * 3
            name = colour_name(rgb[i : i + 3])
            if name != "off":
                seen[name] = seen.get(name, 0) + 1
    return seen


def seat_row(line, tiles=()):
    """A Wildside seat row -> dict(pad, glyphs, total, aside, slammer), or None. The row's
    text has the seat, "out" and the count; ``tiles`` are its dice icons (glyphs: the
    letters of GLYPH, "?" for a die not rolled yet)."""
    m = ROW.match(line)
    if not m:
        return None
    marker, pad, out, total = m.groups()
    assert not (out and tiles), (line, tiles)
    return {
        "pad": int(pad) - 1,
        "glyphs": [TILE_GLYPH[t] for t in tiles],
        "total": int(total),
        "aside": max(0, int(total) - 5),  # W9: five are rolled, the rest set aside
        "slammer": marker == ">",
    }


def seat_rows(dev):
    """Every seat row of the Wildside screen now, its dice read from the icons drawn."""
    scr = dev.app.screen
    lines = dev.lines()
    return [seat_row(lines[s], scr.view.icons.shown[s] or ()) for s in range(len(scr.pads))]


def matched_symbols(ra, rb):
    """W3/W4, read independently: the symbols two rolls pair on, or 'all wild'."""
    for r in (ra, rb):
        if len(r) >= 2 and all(f == "wild" for f in r):
            return "all wild"
    on = [s for s in SYMBOLS if min(ra.count(s), rb.count(s))]
    return ", ".join(on[:-1]) + " and " + on[-1] if on[1:] else "".join(on)


def message_text(dev):
    """The rows below the seat rows, joined (the ruling area of the Wildside screen)."""
    scr = dev.app.screen
    return " ".join(x for x in dev.lines()[len(scr.pads) :] if x)


def said(dev):
    """The Wildside screen's whole message (its rows may page through it: PAGE_MS);
    checks that the rows on screen now are the start of it."""
    full = " ".join(dev.app.screen.msgs)
    shown = message_text(dev)
    assert full.startswith(shown), (shown, full)
    return full


class WidthCheck:
    """Records every line a screen asks the display for that is wider than its columns
    (Text.show would cut it off silently)."""

    def __init__(self, dev):
        self.text = dev.app.text
        self.too_wide = []
        orig = self.text.show

        def show(lines, colours=None):
            for line in lines[: self.text.rows]:
                if len(line) > self.text.cols:
                    self.too_wide.append(line)
            return orig(lines, colours)

        self.text.show = show


# -- driving the device ----------------------------------------------------------------


def scores_shown(lines):
    """The game-over screen's score board read back (app/over.py board()): [name, number]
    pairs in the order shown, from the OLED's "Points: P3 21  P1 17" rows or the colour
    display's "P3  21 points" rows (the rows between the title and the choices)."""
    out = []
    for row in lines[1:]:
        row = row.strip(" >")
        if row in ("Rematch", "Menu", ""):
            break
        words = row.split()
        for i, w in enumerate(words):
            if w[:1] == "P" and w[1:2].isdigit() and i + 1 < len(words):
                out.append([w, int(words[i + 1])])
    return out


def move_cursor(dev, frm, to):
    while frm < to:
        dev.tap("down")
        frm += 1
    while frm > to:
        dev.tap("up")
        frm -= 1


def cycle_to(dev, seat, kind):
    """Press select on a join screen's seat row (the cursor on it) until the seat is
    ``kind`` (a bot level, or None). The first bot is the Settings' level."""
    scr = dev.app.screen
    for _ in range(5):
        if scr.seats[seat] == kind:
            return
        dev.tap("select")
    assert scr.seats[seat] == kind, (seat, kind, scr.seats)


def join_and_start(dev, humans, bots, start=True):
    """From the menu: pick Wildside, the humans slam to join, bots fill seats with the
    cursor + select, then START. ``humans``: pads (0-3); ``bots``: {pad: level}."""
    assert dev.shows(">Wildside"), dev.lines()
    dev.tap("select")
    assert dev.shows("Slam to join"), dev.lines()
    for p in humans:
        dev.tap(PADS[p])
        assert dev.shows("P%d joined" % (p + 1)), dev.lines()
    cursor = 0
    for p in sorted(bots):
        move_cursor(dev, cursor, p + 1)
        cursor = p + 1
        cycle_to(dev, p, bots[p])
        assert dev.shows(">P%d bot %s" % (p + 1, bots[p])), dev.lines()
    move_cursor(dev, cursor, 0)
    if start:
        assert dev.shows(">START Wildside"), dev.lines()
        dev.tap("select")


def run_until(dev, cond, timeout_ms, step=1):
    """Run ``step`` ms at a time until ``cond()``; fails the test on timeout."""
    waited = 0
    while not cond():
        assert waited < timeout_ms, "timed out; screen: %r" % (dev.lines(),)
        dev.run(step)
        waited += step


def until_stage(dev, stage, timeout_ms=20000):
    run_until(dev, lambda: getattr(dev.app.screen, "stage", None) == stage, timeout_ms)
    return dev.app.screen


def run_to_tick(dev, t):
    """Run until the clock reads ``t`` (mod WRAP)."""
    from slampad.ticks import ticks_diff

    left = ticks_diff(t % WRAP, dev.now(), WRAP)
    assert left >= 0, "tick %d already passed (now %d)" % (t, dev.now())
    dev.run(left)


def ready_up(dev, pads):
    """W12: each seated human presses their pad; runs until the first countdown."""
    for p in pads:
        dev.tap(PADS[p])
    return until_stage(dev, "count", 5000)


def set_faces(scr, rolled, dice=None, pool=None):
    """Test setup at the start of a window: the rules core shows exactly ``rolled``.

    Rebuilt through the saved state (same phase, round, t_open, span, rng), as if the
    roll had come up with these faces; ``dice``/``pool`` optionally rebalance the seats
    (conserved: W2)."""
    from slampad.games.wildside import Wildside

    d = scr.game.to_dict()
    for s, r in enumerate(rolled):
        d["players"][s]["rolled"] = list(r)
        if dice is not None:
            d["players"][s]["dice"] = dice[s]
    if pool is not None:
        d["pool"] = pool
    scr.game = Wildside.from_dict(d)
    scr.show()
    return scr.game


def stamp_next(dev, keys):
    """Press ``keys`` now; they are stamped by the next 1 ms scan. Returns that tick."""
    for k in keys:
        dev.press(k)
    dev.run(1)
    return dev.now()


def round_actions(scr):
    """The actions of the current round (from its last ("roll",))."""
    acts = scr.actions
    i = max(j for j, a in enumerate(acts) if a[0] == "roll")
    return acts[i:]


def replay(scr):
    """A fresh rules core replaying the screen's actions from its seed (S2)."""
    from slampad.games.wildside import Wildside

    g = Wildside(dict(scr.game.options), scr.seed)
    for a in scr.actions:
        g.apply(a)
    return g


class Slammers:
    """Scripted people on some pads (plug into ``dev.humans``): they press ready (W12),
    and in each window a seat that has a match slams ``delay[pad]`` ms after it opened,
    holding the pad ``hold`` ms. ``on_frame(dev)`` (optional) runs before every frame."""

    def __init__(self, pads, delay=None, hold=60, on_frame=None):
        self.pads = list(pads)
        self.delay = delay or {p: 120 + 50 * i for i, p in enumerate(self.pads)}
        self.hold = hold
        self.on_frame = on_frame
        self.done = set()  # (round, pad) already slammed
        self.release_at = {}

    def update(self, dev):
        from slampad.ticks import ticks_diff

        now = dev.now()
        for p, t in list(self.release_at.items()):
            if ticks_diff(now, t, WRAP) >= 0:
                del self.release_at[p]
                dev.release(PADS[p])
        if self.on_frame is not None:
            self.on_frame(dev)
        scr = dev.app.screen
        g = getattr(scr, "game", None)
        if g is None or not hasattr(scr, "pads"):
            return
        for p in self.pads:
            if p not in scr.pads or p in self.release_at:
                continue
            s = scr.pads.index(p)
            if g.phase == "ready" and s not in g.ready:
                self._press(dev, p, now)
            elif (
                scr.stage == "window"
                and (g.round, p) not in self.done
                and s in g.active
                and g.candidates(s)
                and ticks_diff(now, g.t_open, WRAP) >= self.delay[p]
            ):
                self.done.add((g.round, p))
                self._press(dev, p, now)

    def _press(self, dev, p, now):
        dev.press(PADS[p])
        self.release_at[p] = (now + self.hold) % WRAP


def run_window(monkeypatch, events, frames, profile="pico", **extra):
    """tools/simulator/sim_window.main on SDL's dummy video driver for ``frames`` frames, posting
    ``events`` ({frame: [pygame events]}), with ``extra`` arguments (flash, commands,
    seed); returns the SimDevice it ended with (``run_window.made``: every one it made,
    a new one at each power cycle)."""
    import argparse

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import sim_window
    import simdevice

    made = []

    class Recorded(simdevice.SimDevice):
        def __init__(self, *a, **kw):
            kw.setdefault("settings", {"SLAMPAD_HOWTO": "15"})  # no how-to-play offers
            super().__init__(*a, **kw)
            made.append(self)

    monkeypatch.setattr(sim_window, "SimDevice", Recorded)
    args = argparse.Namespace(**dict({"profile": profile, "seed": 1}, **extra))
    assert sim_window.main(args, frames=frames, events=events) == 0
    run_window.made = made
    return made[-1]
