"""Shim of CircuitPython's ``pwmio``: every change is logged as (ticks_ms, frequency,
duty_cycle) per pin; ``simhw.pwm_log(pin)`` / ``simhw.tone(pin)`` read it."""

import _simworld


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        if not 0 <= duty_cycle <= 0xFFFF:
            raise ValueError("duty_cycle must be 0-65535")
        if frequency <= 0:
            raise ValueError("Invalid PWM frequency")
        _simworld.claim(pin, self)
        self._pin = pin
        self._duty = int(duty_cycle)
        self._freq = int(frequency)
        self._variable = variable_frequency
        self._log = _simworld.world.pwm_log.setdefault(pin.number, [])
        self._record()

    def _record(self):
        entry = (_simworld.world.now, self._freq, self._duty)
        if not self._log or self._log[-1][1:] != entry[1:]:
            _simworld.keep(self._log, entry)

    def _check(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")

    def deinit(self):
        if self._pin is not None:
            self._duty = 0
            self._record()
            _simworld.release(self._pin)
            self._pin = None

    def deinited(self):
        return self._pin is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    @property
    def duty_cycle(self):
        self._check()
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, value):
        self._check()
        value = int(value)
        if not 0 <= value <= 0xFFFF:
            raise ValueError("duty_cycle must be 0-65535")
        self._duty = value
        self._record()

    @property
    def frequency(self):
        self._check()
        return self._freq

    @frequency.setter
    def frequency(self, value):
        self._check()
        if not self._variable:
            raise AttributeError(
                "Cannot change frequency: PWMOut was not created with variable_frequency"
            )
        value = int(value)
        if value <= 0:
            raise ValueError("Invalid PWM frequency")
        self._freq = value
        self._record()
