"""Shim of CircuitPython's ``analogio.AnalogIn`` on the RP2040 (ADC on GPIO26-29).

``value`` is the pin's simulated voltage (``_simworld.world.analog``, set with
``simhw.set_analog`` or ``simhw.set_battery``) as a 16-bit reading of 0-3.3 V. On the
Pico, GPIO29 (``board.VOLTAGE_MONITOR``) reads VSYS / 3 through the board's divider.
"""

import _simworld

ADC_PINS = (26, 27, 28, 29)


class AnalogIn:
    reference_voltage = 3.3

    def __init__(self, pin):
        if not isinstance(pin, _simworld.Pin):
            raise TypeError("expected a microcontroller.Pin, got %r" % (pin,))
        if pin.number not in ADC_PINS:
            raise ValueError("Pin does not have ADC capabilities")
        _simworld.claim(pin, self)
        self._pin = pin

    @property
    def value(self):
        self._check()
        volts = _simworld.analog_volts(self._pin.number)
        return max(0, min(65535, int(volts / self.reference_voltage * 65535 + 0.5)))

    def _check(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")

    def deinit(self):
        if self._pin is not None:
            _simworld.release(self._pin)
            self._pin = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
