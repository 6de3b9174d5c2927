"""Menu input: three buttons, or a rotary encoder with a push switch.

Both give ``poll()``: the list of ``"up"``, ``"down"``, ``"select"`` presses since the last
call, and ``"long"`` once select has been held LONG_MS; and ``select_down()``: whether
select is held, as of the last poll. The buttons are scanned by ``keypad.Keys`` in the
background (every 5 ms), which debounces them (a change must hold for DEBOUNCE_SCANS
scans, about 20 ms: a chattering contact gives one press, and a touch shorter than that is
a bounce) and queues each change, so a tap shorter than a frame is not lost. Each change
is handed to the button's ``adafruit_debouncer.Button``, which reports the press and times
the long press. Buttons are wired to ground with the internal pull-up (pressed reads
low). A button already held when the menu is made counts only once it is let go.
"""

from micropython import const

UP = "up"
DOWN = "down"
SELECT = "select"
LONG = "long"  # select held LONG_MS (the app goes back to the menu)
NAMES = (UP, DOWN, SELECT)
MAX_STEPS = 8  # encoder steps reported per poll at most (a fast spin is not a flood)
LONG_MS = const(1500)
DEBOUNCE_SCANS = const(4)  # keypad's debounce_threshold: about 20 ms at a 5 ms scan


class _Buttons:
    """Buttons to ground on ``pins``, scanned by keypad; ``down`` says which are held."""

    def __init__(self, pins, interval):
        import digitalio
        import keypad
        from adafruit_debouncer import Button

        self.pins = tuple(pins)
        self.down = []  # as keypad last said (held at start: held)
        for pin in self.pins:
            io = digitalio.DigitalInOut(pin)
            io.switch_to_input(pull=digitalio.Pull.UP)
            self.down.append(not io.value)
            io.deinit()
        self.keys = keypad.Keys(self.pins, value_when_pressed=False, pull=True, interval=interval,
                                debounce_threshold=DEBOUNCE_SCANS)  # fmt: skip
        # interval 0: keypad has debounced each change already; a Button takes a state on
        # its second reading (_settle). It starts from ``down``, so a button held at start
        # gives its press only after a release.
        self.buttons = [
            Button(self._reader(k), long_duration_ms=LONG_MS, value_when_pressed=True, interval=0)
            for k in range(len(self.pins))
        ]
        for b in self.buttons:
            b.update()  # the start state settled: no press for a button held at start
        self._ev = keypad.Event()

    def _reader(self, k):
        return lambda: self.down[k]

    def presses(self, names, out, long_key=None):
        """Add the name of each button newly pressed since the last call to ``out``, and
        LONG when button ``long_key`` has just been held LONG_MS."""
        ev = self._ev
        events = self.keys.events
        buttons = self.buttons
        while events.get_into(ev):
            k = ev.key_number
            self.down[k] = ev.pressed
            b = buttons[k]
            b.update()  # the change noticed ...
            b.update()  # ... and taken: keypad has debounced it
            if b.pressed:
                out.append(names[k])
        if events.overflowed:
            events.clear()
        for k, b in enumerate(buttons):
            b.update()  # time passes: the long press
            if k == long_key and b.long_press:
                out.append(LONG)
        return out

    def deinit(self):
        self.keys.deinit()


class ButtonMenu:
    """Up, down and select buttons (to ground) on three pins."""

    def __init__(self, up_pin, down_pin, select_pin, interval=0.005):
        self._buttons = _Buttons((up_pin, down_pin, select_pin), interval)
        self.pins = self._buttons.pins  # up, down, select (the wake alarms, the sim)

    def poll(self):
        return self._buttons.presses(NAMES, [], long_key=2)

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
        return self._switch.presses((SELECT,), out, long_key=0)

    def select_down(self):
        return self._live and self._switch.down[0]

    def deinit(self):
        if self._live:
            self._live = False
            self._encoder.deinit()
            self._switch.deinit()
