"""Menu input: three buttons, or a rotary encoder with a push switch.

Both give ``poll()``: the list of ``"up"``, ``"down"``, ``"select"`` presses since the last
call, debounced with ``adafruit_debouncer`` (call it every frame; a press must stay stable
for ``interval`` seconds, 10 ms by default, between two polls to count), and
``select_down()``: whether select is held now, as of the last poll (the app times a long
press with it). Buttons are wired to ground with the internal pull-up, so pressed reads
low.
"""

UP = "up"
DOWN = "down"
SELECT = "select"
MAX_STEPS = 8  # encoder steps reported per poll at most (a fast spin is not a flood)


def _button(pin, interval):
    import digitalio
    from adafruit_debouncer import Debouncer

    io = digitalio.DigitalInOut(pin)
    io.switch_to_input(pull=digitalio.Pull.UP)
    return io, Debouncer(io, interval)


class ButtonMenu:
    """Up, down and select buttons (to ground) on three pins."""

    def __init__(self, up_pin, down_pin, select_pin, interval=0.01):
        self._ios = []
        self._debouncers = []
        try:
            for pin in (up_pin, down_pin, select_pin):
                io, deb = _button(pin, interval)
                self._ios.append(io)
                self._debouncers.append(deb)
        except Exception:
            self.deinit()
            raise

    def poll(self):
        out = []
        names = (UP, DOWN, SELECT)
        for i in range(len(self._debouncers)):
            deb = self._debouncers[i]
            deb.update()
            if deb.fell:
                out.append(names[i])
        return out

    def select_down(self):
        return len(self._debouncers) == 3 and not self._debouncers[2].value

    def deinit(self):
        for io in self._ios:
            io.deinit()
        self._ios = []
        self._debouncers = []


class EncoderMenu:
    """A rotary encoder (turns: up/down) with a push switch to ground (select).

    A turn that raises ``position`` (clockwise on the MacroPad) is ``"down"``: the next
    item of a list drawn top to bottom.
    """

    def __init__(self, a_pin, b_pin, switch_pin, interval=0.01):
        import rotaryio

        self._encoder = rotaryio.IncrementalEncoder(a_pin, b_pin)
        self._io = None
        try:
            self._io, self._switch = _button(switch_pin, interval)
        except Exception:
            self._encoder.deinit()
            raise
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
        self._switch.update()
        if self._switch.fell:
            out.append(SELECT)
        return out

    def select_down(self):
        return self._live and not self._switch.value

    def deinit(self):
        if self._live:
            self._live = False
            self._encoder.deinit()
            if self._io is not None:
                self._io.deinit()
