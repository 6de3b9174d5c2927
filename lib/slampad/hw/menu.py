"""Menu input: three buttons, or a rotary encoder with a push switch.

Both give ``poll()``: the list of ``"up"``, ``"down"``, ``"select"`` presses since the last
call, and ``select_down()``: whether select is held, as of the last poll (the app times a
long press with it). The buttons are read by ``keypad.Keys``, which scans them in the
background (every ``interval`` seconds, 5 ms by default) and stamps each change, so no
debouncing library is imported: a press counts only if the button had been up for
BOUNCE_MS before it (a chattering contact gives one press). Buttons are wired to ground
with the internal pull-up (pressed reads low). A button already held when the menu is
made counts only once it is let go.
"""

from slampad.ticks import ticks_diff

UP = "up"
DOWN = "down"
SELECT = "select"
NAMES = (UP, DOWN, SELECT)
MAX_STEPS = 8  # encoder steps reported per poll at most (a fast spin is not a flood)
BOUNCE_MS = 20  # a press this soon after a release is the same press chattering
WRAP = 1 << 29  # keypad stamps are supervisor.ticks_ms


class _Buttons:
    """Buttons to ground on ``pins``, scanned by keypad; ``down`` says which are held."""

    def __init__(self, pins, interval):
        import digitalio
        import keypad

        self.pins = tuple(pins)
        self.stale = []  # held at start: their first press is not a new one
        for pin in self.pins:
            io = digitalio.DigitalInOut(pin)
            io.switch_to_input(pull=digitalio.Pull.UP)
            self.stale.append(not io.value)
            io.deinit()
        self.keys = keypad.Keys(self.pins, value_when_pressed=False, pull=True, interval=interval)
        self.down = [False] * len(self.pins)
        self.up_at = [0] * len(self.pins)  # each button's last release stamp ...
        self.was_up = [False] * len(self.pins)  # ... once it has one
        self._ev = keypad.Event()

    def presses(self, names, out):
        """Add the name of each button newly pressed since the last call to ``out``."""
        ev = self._ev
        events = self.keys.events
        while events.get_into(ev):
            k = ev.key_number
            self.down[k] = ev.pressed
            if not ev.pressed:
                self.stale[k] = False
                self.up_at[k] = ev.timestamp
                self.was_up[k] = True
            elif not self.stale[k] and (not self.was_up[k] or self._settled(k, ev.timestamp)):
                out.append(names[k])
        if events.overflowed:
            events.clear()
        return out

    def _settled(self, k, stamp):
        """Was button k up for BOUNCE_MS before this press?"""
        return ticks_diff(stamp, self.up_at[k], WRAP) >= BOUNCE_MS

    def deinit(self):
        self.keys.deinit()


class ButtonMenu:
    """Up, down and select buttons (to ground) on three pins."""

    def __init__(self, up_pin, down_pin, select_pin, interval=0.005):
        self._buttons = _Buttons((up_pin, down_pin, select_pin), interval)
        self.pins = self._buttons.pins  # up, down, select (the wake alarms, the sim)

    def poll(self):
        return self._buttons.presses(NAMES, [])

    def select_down(self):
        return self._buttons.down[2]

    def deinit(self):
        self._buttons.deinit()


class EncoderMenu:
    """A rotary encoder (turns: up/down) with a push switch to ground (select).

    A turn that raises ``position`` (clockwise on the MacroPad) is ``"down"``: the next
    item of a list drawn top to bottom.
    """

    def __init__(self, a_pin, b_pin, switch_pin, interval=0.005):
        import rotaryio

        self._encoder = rotaryio.IncrementalEncoder(a_pin, b_pin)
        try:
            self._switch = _Buttons((switch_pin,), interval)
        except Exception:
            self._encoder.deinit()
            raise
        self.pins = (None, None, switch_pin)  # only select is a button
        self._last = self._encoder.position
        self._live = True

    def poll(self):
        out = []
        pos = self._encoder.position
        delta = pos - self._last
        self._last = pos
        if delta > MAX_STEPS:
            delta = MAX_STEPS
        elif delta < -MAX_STEPS:
            delta = -MAX_STEPS
        step = DOWN if delta > 0 else UP
        for _ in range(abs(delta)):
            out.append(step)
        return self._switch.presses((SELECT,), out)

    def select_down(self):
        return self._live and self._switch.down[0]

    def deinit(self):
        if self._live:
            self._live = False
            self._encoder.deinit()
            self._switch.deinit()
