"""The simulated Slampad: the real firmware (lib/) on the host shim, on a virtual clock.

    dev = SimDevice("pico", seed=1)
    dev.tap("select"); dev.run(500); print(dev.lines())

Keys are "1".."4" (slam pads P1-P4) and "up", "down", "select" (menu buttons; on
the MacroPad up/down turn the encoder and select presses it). Time only moves
when ``run`` (or ``tap``) advances it; the app steps every ``frame_ms`` of
virtual time, as the device loop would.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHIM = os.path.join(ROOT, "tools", "shim")
LIB = os.path.join(ROOT, "lib")
PROFILES = {
    "pico": "raspberry_pi_pico",
    "feather": "adafruit_feather_rp2040",
    "pico_tft": "raspberry_pi_pico",
    "macropad": "adafruit_macropad_rp2040",
}
PADS = ("1", "2", "3", "4")
WRAP = 1 << 29
MENU = ("up", "down", "select")


def use_shim():
    """Put the shim before everything else so it shadows Blinka's modules."""
    for p in (LIB, SHIM):
        while p in sys.path:
            sys.path.remove(p)
        sys.path.insert(0, p)
    import simhw

    return simhw


class Scripted:
    """What a script (tools/simulator/sim.py) asks of a device, built on its ``run(ms)``,
    ``shows(text)``, ``press(key)`` and ``release(key)``: shared by SimDevice and the
    emulator's EmuDevice (tools/emulator/emu.py)."""

    step_ms = 20

    def run_until(self, text, timeout_ms, step_ms=None):
        """Run until a screen row contains ``text``; False on timeout."""
        step = step_ms or self.step_ms
        waited = 0
        while waited <= timeout_ms:
            if self.shows(text):
                return True
            self.run(step)
            waited += step
        return self.shows(text)

    def tap(self, key, ms=60, after=60):
        self.press(key)
        self.run(ms)
        self.release(key)
        self.run(after)


class SimDevice(Scripted):
    """``flash``: the bytes of ``microcontroller.nvm`` at power-up (say a previous
    device's ``flash_image()``: a power cycle that keeps the saves); default erased."""

    def __init__(
        self, profile="pico", seed=1, settings=None, frame_ms=2, flash=None, battery=None,
        gauge=False,
    ):
        """``battery``: (volts, usb) at power-up (default: on USB); ``gauge``: a MAX17048
        on the STEMMA QT port (Feather, MacroPad)."""
        if profile not in PROFILES:
            raise ValueError("unknown profile %r (%s)" % (profile, ", ".join(PROFILES)))
        self.sim = sim = use_shim()
        sim.use_board(PROFILES[profile])
        if flash is not None:
            sim.flash().data[:] = flash
        if battery is not None:
            sim.set_battery(*battery)
        if gauge:
            sim.add_fuel_gauge()
        self.profile = profile
        self.seed = seed
        self.settings = dict(settings or {})
        self.frame_ms = frame_ms
        self.log = []  # (ticks, screen lines) each time the text changed
        self.held = {}
        self.humans = None
        self.asleep = None  # the wake alarms while the board is in deep sleep
        self.wakes = 0  # times it woke (code.py restarted)
        self._start()

    def _start(self):
        """Build the hardware and the app, as code.py does at every start."""
        from slampad import hw
        from slampad.app import settings as app_settings
        from slampad.app.main import App

        self.hw = hw.build(self.profile)
        cfg = app_settings.load(getenv=self.settings.get)
        self.app = App(self.hw, cfg, seed=self.seed)
        if self.seed is not None:
            self.seed += 1000  # a restarted run draws other seeds
        self.app.text.listener = self._text_changed
        self._since_frame = 0
        self._step()
        self._text_changed(self.app.text.lines)

    def _step(self):
        """One frame of the app; a deep sleep ends the run (self.asleep)."""
        try:
            self.app.step(self.sim.ticks_ms())
        except self.sim.DeepSleepRequested:
            self.asleep = self.sim.sleep_alarms()
            self.log.append((self.now(), ["(deep sleep)"]))

    def _wake_if_due(self):
        alarm = self.sim.wake_due()
        if alarm is not None:
            self.asleep = None
            self.wakes += 1
            self.sim.wake(alarm)
            self._start()

    # -- time --------------------------------------------------------------
    def now(self):
        return self.sim.ticks_ms()

    def run(self, ms):
        """Advance ``ms`` of virtual time, stepping the app each frame (asleep: waking
        when a wake pin is pressed, which restarts the app as code.py would)."""
        for _ in range(ms):
            self.sim.advance(1)
            if self.asleep is not None:
                self._wake_if_due()
                continue
            self._since_frame += 1
            if self._since_frame >= self.frame_ms:
                self._since_frame = 0
                if self.humans is not None:
                    self.humans.update(self)
                self._step()

    def idle(self, seconds, frame_ms=100):
        """Fast-forward ``seconds`` with nobody touching anything: the app steps every
        ``frame_ms`` (the idle timers need no finer steps)."""
        for _ in range(int(seconds * 1000) // frame_ms):
            self.sim.advance(frame_ms)
            if self.asleep is not None:
                self._wake_if_due()
            else:
                self._step()

    # -- input -------------------------------------------------------------
    def _pin(self, key):
        if key in PADS:  # the profile's pins: also while asleep, the pads released
            from slampad import hw

            return hw.pad_pins(self.profile)[PADS.index(key)]
        m = self.hw.menu
        if key not in MENU:
            raise ValueError("unknown key %r: 1-4, up, down, select" % (key,))
        return m.pins[MENU.index(key)]  # None: the MacroPad's encoder turns

    def set_battery(self, volts, usb=False, percent=None):
        """The battery now (the gauge sees it within its sample time)."""
        self.sim.set_battery(volts, usb, percent)

    def battery(self):
        """The simulated supply: {"cell": volts, "percent": charge, "usb": bool}."""
        return self.sim.battery()

    def press(self, key):
        pin = self._pin(key)
        if pin is None:  # MacroPad: up/down turn the encoder one detent
            self.sim.turn_encoder(-1 if key == "up" else 1)
            return
        self.sim.press(pin)
        self.held[key] = True

    def release(self, key):
        pin = self._pin(key)
        if pin is not None:
            self.sim.release(pin)
        self.held.pop(key, None)

    # -- output ------------------------------------------------------------
    def lines(self):
        return list(self.app.text.lines)

    def shows(self, text):
        """Is ``text`` on a row: as the screen set it, or as drawn (row 0 with the
        battery corner or a banner)?"""
        t = self.app.text
        return any(text in line for line in t.lines) or text in t.drawn[0]

    def pixels(self):
        return self.sim.last_pixels() if self.hw.pixels is not None else []

    def screenshot(self):
        return self.sim.screenshot()

    def flash_image(self):
        """The nvm sector's bytes now (see ``flash`` above)."""
        return bytes(self.sim.flash().data)

    def save_png(self, path, scale=4):
        self.sim.save_png(path, scale=scale)

    def _text_changed(self, lines):
        self.log.append((self.now(), list(lines)))

    def close(self):
        self.hw.deinit()


class AutoHumans:
    """Simulated people on some pads: they press ready, and slam when they see a
    match after a human-like reaction time, through the real pad pins."""

    def __init__(self, pads, level="normal", seed=7):
        from slampad.bots.wildside import WildsideBot

        self.pads = list(pads)  # physical pad numbers, 0-based
        self.brains = {p: WildsideBot(0, level, seed + p) for p in self.pads}
        self.plan = {}
        self.round = None
        self.release_at = {}

    def update(self, dev):
        from slampad.ticks import ticks_add, ticks_diff

        now = dev.now()
        for p in list(self.release_at):
            if ticks_diff(now, self.release_at[p], WRAP) >= 0:
                del self.release_at[p]
                dev.release(PADS[p])
        scr = dev.app.screen
        game = getattr(scr, "game", None)
        if game is None or not hasattr(scr, "pads"):
            return
        for p in self.pads:
            if p not in scr.pads:
                continue
            s = scr.pads.index(p)
            if game.phase == "ready" and s not in game.ready and p not in self.release_at:
                self._hit(dev, p, now)
        if scr.stage != "window":
            self.round = None
            return
        if self.round != game.round:
            self.round = game.round
            self.plan = {}
            view = game.view()
            for p in self.pads:
                if p in scr.pads:
                    b = self.brains[p]
                    b.seat = scr.pads.index(p)
                    d = b.plan(view)
                    if d is not None:
                        self.plan[p] = ticks_add(now, d, WRAP)
        for p in list(self.plan):
            if ticks_diff(now, self.plan[p], WRAP) >= 0:
                del self.plan[p]
                self._hit(dev, p, now)

    def _hit(self, dev, p, now):
        from slampad.ticks import ticks_add

        dev.press(PADS[p])
        self.release_at[p] = ticks_add(now, 80, WRAP)
