"""Piezo (or MacroPad speaker) tones on a PWM pin, driven a frame at a time.

``play(notes)`` queues ``[(hz, ms), ...]`` (0 Hz is a rest) and returns at once;
``update(now_ms)`` (each frame, with ``supervisor.ticks_ms()``) starts each note when the
one before it has run its length, using wrap-safe tick arithmetic, and never waits. A
frame that comes late skips what is already over, so the tune keeps its timing. ``muted``
keeps the timing but makes no sound. An optional enable pin (the MacroPad's amplifier,
``SPEAKER_ENABLE``) is driven high only while a tone sounds.
"""

from micropython import const

from slampad.ticks import ticks_diff

_WRAP = const(0x20000000)
_DUTY_ON = const(0x8000)  # 50 %: the loudest square wave


class Piezo:
    def __init__(self, pin, enable_pin=None):
        import pwmio

        self._pwm = pwmio.PWMOut(pin, duty_cycle=0, frequency=440, variable_frequency=True)
        self._enable = None
        if enable_pin is not None:
            import digitalio

            try:
                self._enable = digitalio.DigitalInOut(enable_pin)
            except Exception:
                self._pwm.deinit()
                raise
            self._enable.switch_to_output(value=False)
        self._queue = []  # notes not yet started
        self._note = None  # (hz, ms) sounding now
        self._end = 0  # ticks when the current note ends
        self._muted = False
        self._hz = 0  # what the output is doing: 0 = silent
        self._live = True

    @property
    def playing(self):
        """True while a note (or rest) is running or queued."""
        return self._note is not None or bool(self._queue)

    @property
    def muted(self):
        return self._muted

    @muted.setter
    def muted(self, value):
        self._muted = bool(value)
        self._output(self._note[0] if self._note is not None else 0)

    def play(self, notes):
        """Queue ``notes`` after anything still playing; they start at the next update."""
        for hz, ms in notes:
            self._queue.append((int(hz), int(ms)))

    def stop(self):
        self._queue = []
        self._note = None
        self._output(0)

    def update(self, now_ms):
        """Advance the tune to ``now_ms`` (ticks_ms); never blocks."""
        if self._note is None:
            if not self._queue:
                return
            self._note = self._queue.pop(0)
            self._end = (now_ms + self._note[1]) % _WRAP
        while ticks_diff(now_ms, self._end, _WRAP) >= 0:
            if not self._queue:
                self._note = None
                self._output(0)
                return
            self._note = self._queue.pop(0)
            self._end = (self._end + self._note[1]) % _WRAP
        self._output(self._note[0])

    def _output(self, hz):
        if self._muted or hz <= 0:
            hz = 0
        if hz == self._hz or not self._live:
            return
        if hz:
            self._pwm.frequency = hz
            self._pwm.duty_cycle = _DUTY_ON
        else:
            self._pwm.duty_cycle = 0
        if self._enable is not None:
            self._enable.value = hz > 0
        self._hz = hz

    def deinit(self):
        if not self._live:
            return
        self.stop()
        self._live = False
        self._pwm.deinit()
        if self._enable is not None:
            self._enable.deinit()
