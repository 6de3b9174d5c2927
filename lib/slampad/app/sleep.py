"""Deep sleep (issue 9): say why, then sleep until a pad or select is pressed.

Waking restarts code.py, which offers the saved game (app/menu_resume.py). Reached from
app/power.py after the game was saved: at a safe point, or while a person paused it.
"""

from slampad.app.screen import Screen
from slampad.ticks import ticks_diff

SHOW_MS = 3000  # the note stays up this long, then the display goes dark
WRAP = 1 << 29


class SleepScreen(Screen):
    def __init__(self, app, empty, saved):
        Screen.__init__(self, app)
        head = ["Battery empty -" if empty else "Sleeping -", "game saved"]
        if not saved:
            head = [head[0][:-2]]
        if empty:
            self.rows = head + ["Charge me, then", "press a pad"]
        else:
            self.rows = head + ["Press a pad or", "select to wake me"]
        self.t0 = 0
        self.dark = False

    def paused(self):
        return False  # no idle timer here: it sleeps by itself

    def enter(self, now):
        self.t0 = now
        app = self.app
        app.leds.clear()
        app.text.set_banner("")
        app.text.set_corner("")
        app.text.show(self.rows)

    def tick(self, now):
        if not self.dark and ticks_diff(now, self.t0, WRAP) >= SHOW_MS:
            self.dark = True
            return deep_sleep(self.app)
        return None

    def on_pad(self, press, now):
        self.wake()

    def on_menu(self, button, now):
        self.wake()

    def wake(self):
        """A port without ``alarm`` stays here, dark: a press starts over."""
        if self.dark:
            app = self.app
            _display(app.hw.display, True)
            app.go(app.first_screen())


def _display(display, on):
    """The panel on or off (the OLED drivers' sleep/wake), else its brightness."""
    try:
        if on:
            display.wake()
        else:
            display.sleep()
        return
    except AttributeError:  # a display without sleep(): the MacroPad's, the ST7789
        pass
    try:
        display.brightness = 1.0 if on else 0.0
    except (AttributeError, NotImplementedError, RuntimeError, ValueError):
        pass


def wake_pins(app):
    """The pins that wake the board: the slam pads and select, less any held down now
    (a stuck pad would wake it at once; the critical battery sleeps even then)."""
    from slampad.hw import pad_pins

    hw = app.hw
    every = list(pad_pins(hw.name))
    free = [p for k, p in enumerate(every) if not app.pad_input.held[k]]
    sel = getattr(hw.menu, "pins", (None, None, None))[2]
    if sel is not None:
        every.append(sel)
        if not hw.menu.select_down():
            free.append(sel)
    return free or every


def deep_sleep(app):
    """LEDs and display off, the pins released, then sleep until a pin alarm."""
    hw = app.hw
    app.leds.clear()
    app.leds.send_now()
    app.leds.update(app.now)
    app.text.show([])
    app.text.refresh()
    _display(hw.display, False)
    try:
        import alarm
        from alarm.pin import PinAlarm
    except ImportError:
        return None  # no deep sleep on this port: stay dark until a press
    pins = wake_pins(app)
    try:
        import microcontroller

        microcontroller.watchdog.mode = None  # stopped (RP2040 allows it; deinit() is
        # deprecated): it must not reset the board mid-sleep
    except (ImportError, AttributeError, NotImplementedError, RuntimeError, ValueError):
        pass
    hw.deinit()  # the alarms need the pins free
    alarms = [PinAlarm(p, value=False, pull=True) for p in pins]
    alarm.exit_and_deep_sleep_until_alarms(*alarms)
    return None
