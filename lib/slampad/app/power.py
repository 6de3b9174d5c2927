"""Battery and idle power (issue 9), stepped once a frame by the app.

Battery: the gauge (hw/battery.py) is read every SAMPLE_MS and smoothed (a running
mean over about SMOOTH readings), then the level moves between states with a margin,
so a noisy reading never flickers: "usb", "ok", "low" (a warning between rounds),
"critical" (the game is saved and the device sleeps). Without a gauge: "none".
A reading under MIN_MV is no reading (a missing or broken gauge: an emulator's VSYS
of 0 V): "none", no icon, never a warning or a sleep. A plausible reading afterwards
starts the means again and is judged after READY readings, as at power-up; "critical"
stays (a sagging empty pack is still empty).

Idle: the time since the last input, counted only while the screen is ``paused()``
(a menu, or a game waiting for a person: never a round, a slam window or a bot's turn)
and nothing is held down (a hand on a pad is someone there).
After ``dim_s`` the display and the NeoPixels dim; after ``sleep_s`` the device saves
the game and sleeps (app/sleep.py) until a pad or select is pressed. 0: never.
"""

from micropython import const

from slampad.app import cues
from slampad.ticks import ticks_diff

SAMPLE_MS = const(500)
SMOOTH = const(16)  # a reading moves the running mean 1/SMOOTH of the way
READY = const(4)  # readings before the level is judged at all
MIN_MV = const(2500)  # under this the gauge is wrong: a LiPo cuts out at 3 V, a MAX17048 needs 2.5
LOW = const(15)  # % at or under which "low" starts ...
CRITICAL = const(5)  # ... and "critical"
MARGIN = const(15)  # % back above LOW before "low" ends: a fresh or charged cell
WARN_MS = const(300000)  # a low battery is said again after this long
BANNER_MS = const(3000)  # ... and stays up this long
DIM = const(5)  # dimmed: 1/DIM of the brightness
WRAP = const(0x20000000)

# Percent at a voltage (mV, falling): the cell's, which VSYS reads less any diode drop
# (SLAMPAD_DIODE_MV).
# lipo: a 1S LiPo; aa: 3 alkaline AA cells in series.
CURVES = {
    "lipo": ((4150, 100), (4000, 85), (3900, 72), (3800, 55), (3750, 42), (3700, 30),
             (3650, 18), (3550, 8), (3450, 3), (3300, 0)),
    "aa": ((4650, 100), (4500, 90), (4350, 78), (4200, 65), (4050, 50), (3900, 38),
           (3750, 26), (3600, 15), (3450, 8), (3300, 4), (3000, 0)),
}  # fmt: skip


def percent(mv, curve):
    """The charge at ``mv`` on ``curve``, straight between its points."""
    hi_v, hi_p = curve[0]
    if mv >= hi_v:
        return hi_p
    for lo_v, lo_p in curve[1:]:
        if mv >= lo_v:
            return lo_p + (hi_p - lo_p) * (mv - lo_v) // (hi_v - lo_v)
        hi_v, hi_p = lo_v, lo_p
    return 0


class Battery:
    """Smoothed readings of a gauge, and the level's state."""

    def __init__(self, gauge, kind="lipo", diode_mv=0):
        self.gauge = gauge
        self.curve = CURVES.get(kind, CURVES["lipo"])
        self.diode_mv = diode_mv  # between the cell and VSYS: added back to the reading
        self.state = "none" if gauge is None else "ok"
        self.mv = 0  # smoothed battery voltage
        self.pct = -1  # smoothed percent (-1: not known yet)
        self.acc_mv = self.acc_p = 0  # SMOOTH x the running means
        self.usb = False
        self.n = 0  # readings so far
        self.at = None  # when the last reading was taken
        self.failed = False  # the gauge stopped answering (an I2C error)

    def sample(self, now):
        """Read the gauge if SAMPLE_MS passed; True if it did."""
        if self.gauge is None or self.failed:
            return False
        if self.at is not None and ticks_diff(now, self.at, WRAP) < SAMPLE_MS:
            return False
        self.at = now
        try:
            mv, pct, usb = self.gauge.read()
        except (OSError, RuntimeError):  # a loose STEMMA cable: no gauge from now on
            self.failed = True
            self.state = "none"
            return True
        self.add(mv, pct, usb)
        return True

    def add(self, mv, pct, usb):
        """One reading: the gauge's percent if it gives one, else from the voltage.
        Running means (acc / SMOOTH), so one reading moves them 1/SMOOTH of the way."""
        old = self.state
        if mv < MIN_MV:  # not a reading: a missing or broken gauge
            self.n = 0  # a plausible one starts the means again
            if old != "critical":
                self.state = "none"
                self.pct = -1
            return self.state != old
        if usb != self.usb:
            self.n = 0  # plugged in or out: the supply stepped, start the means again
        if not self.n:
            self.acc_mv = mv * SMOOTH
            self.acc_p = pct * SMOOTH
        self.n += 1
        self.acc_mv += mv - self.acc_mv // SMOOTH
        self.mv = self.acc_mv // SMOOTH
        if pct < 0:  # from the smoothed voltage (averaging volts, not the curve's kinks)
            self.pct = percent(self.mv + self.diode_mv, self.curve)
        else:
            self.acc_p += pct - self.acc_p // SMOOTH
            self.pct = (self.acc_p + SMOOTH // 2) // SMOOTH
        self.usb = usb
        if usb:
            self.state = "usb"
        elif self.n < READY:
            self.state = "ok" if old == "usb" else old
        elif self.pct <= CRITICAL or old == "critical":
            self.state = "critical"
        elif self.pct <= LOW:
            self.state = "low"
        elif old != "low" or self.pct >= LOW + MARGIN:
            self.state = "ok"
        return self.state != old

    def text(self):
        """What the status corner shows: "USB", "80%", or "" (no gauge, not known)."""
        if self.state == "usb":
            return "USB"
        if self.state == "none" or self.pct < 0:
            return ""
        return "%d%%" % self.pct


class Power:
    """The idle timer, the battery's warnings, dimming and sleep, for ``app``."""

    def __init__(self, app, now):
        self.app = app
        cfg = app.cfg
        self.battery = Battery(app.hw.battery, cfg.get("battery"), cfg.get("diode_mv", 0))
        self.last = now  # the last input, or the last frame the screen was busy
        self.dimmed = False
        self.warned = None  # when "low" was last said
        self.banner_at = None  # when the warning went up
        self.safe = False  # the game passed a safe point (saves.save) this frame

    def poke(self, now):
        """An input: the idle time starts again (a dimmed device brightens at once)."""
        self.last = now
        if self.dimmed:
            self.dim(False)

    def at_safe_point(self):
        """The game just passed a safe point (saves.save): warnings may show now."""
        self.safe = True

    def step(self, now):
        """Once a frame, after the screen's tick."""
        app = self.app
        b = self.battery
        if b.sample(now):
            app.text.set_corner(b.text(), 100 if b.state == "usb" else b.pct)
        if self.banner_at is not None and ticks_diff(now, self.banner_at, WRAP) >= BANNER_MS:
            self.banner_at = None
            app.text.set_banner("")
        paused = app.screen.paused()
        at_rest = paused or self.safe  # a menu, a person's turn, or just saved
        self.safe = False
        if b.state == "critical" and at_rest:
            return self.sleep(True, paused)
        if b.state != "low":
            self.warned = None
        elif at_rest and (self.warned is None or ticks_diff(now, self.warned, WRAP) >= WARN_MS):
            self.warned = self.banner_at = now
            app.text.set_banner("Battery low: " + b.text())
            app.beep(cues.PENALTY)
        if not paused or True in app.pad_input.held or app.hw.menu.select_down():
            self.last = now  # busy, or someone is holding a pad or select
        idle = ticks_diff(now, self.last, WRAP) // 1000
        cfg = app.cfg
        if cfg["sleep_s"] and idle >= cfg["sleep_s"]:
            return self.sleep(False, paused)
        dim = bool(cfg["dim_s"]) and idle >= cfg["dim_s"]
        if dim != self.dimmed:
            self.dim(dim)

    def dim(self, on):
        """Display and NeoPixels to 1/DIM of their brightness, or back."""
        self.dimmed = on
        app = self.app
        pct = app.cfg["brightness"]
        app.leds.set_brightness(max(1, pct // DIM) if on else pct)
        try:
            app.hw.display.brightness = 1 / DIM if on else 1.0
        except (AttributeError, NotImplementedError, RuntimeError, ValueError):
            pass  # a display without a brightness control (the ST7789's backlight)

    def sleep(self, empty, paused):
        """Save the game a person was pausing, then the sleep screen (app/sleep.py)."""
        from slampad.app import saves
        from slampad.app.sleep import SleepScreen

        app = self.app
        scr = app.screen
        # Never a silent restart: the console says why the device sleeps (and so why
        # it starts again at the resume offer when it wakes).
        if empty:
            print("Slampad: the battery is empty: saving and sleeping")
        else:
            print("Slampad: idle for %d s (SLAMPAD_SLEEP_S): saving and sleeping"
                  % app.cfg["sleep_s"])  # fmt: skip
        if scr.in_game and paused:
            saved = saves.save(getattr(scr, "play", scr))  # Tumblin's entry: its game
        else:  # just saved at a safe point, or a menu: whatever save there is
            saved = saves.saved(app) is not None
        app.go(SleepScreen(app, empty, saved))
