"""Battery gauges (issue 9). Each has ``read()`` -> (mV, percent or -1, on USB) and
``deinit()``; a board without one has ``Hardware.battery`` None.

- ``Vsys``: a Pico's VSYS / 3 on ``board.VOLTAGE_MONITOR`` (analogio), USB power on
  ``board.VBUS_SENSE``. The percent comes from the voltage (app/power.py's curves).
- ``Max17048``: a MAX17048 fuel gauge on STEMMA QT, read through Adafruit's
  adafruit_max1704x library (frozen into the Slampad firmware). Making it soft-resets the
  chip and waits 0.2 s for its first estimate, once at power-on.
"""


class Vsys:
    def __init__(self, adc_pin, usb_pin):
        import analogio
        import digitalio

        self._adc = analogio.AnalogIn(adc_pin)
        try:
            self._usb = digitalio.DigitalInOut(usb_pin)  # an input: high on USB power
        except Exception:
            self._adc.deinit()
            raise

    def read(self):
        # VSYS / 3 on a 16-bit reading of 0-3.3 V
        return self._adc.value * 9900 // 65535, -1, self._usb.value

    def deinit(self):
        self._adc.deinit()
        self._usb.deinit()


class Max17048:
    def __init__(self, i2c):
        from adafruit_max1704x import MAX17048

        self._gauge = MAX17048(i2c)  # RuntimeError when no MAX1704x answers

    def read(self):
        g = self._gauge
        mv = int(g.cell_voltage * 1000)
        pct = int(g.cell_percent)
        usb = g.charge_rate > 0  # charging
        if not usb:
            try:
                import supervisor

                usb = supervisor.runtime.usb_connected
            except (ImportError, AttributeError):
                pass
        return mv, min(pct, 100), usb

    def deinit(self):
        pass  # the bus is the board's (shared with the display)


def fuel_gauge(make_i2c):
    """A Max17048 on the bus ``make_i2c()`` returns, or None when none answers."""
    try:
        return Max17048(make_i2c())
    except (OSError, RuntimeError, ValueError):  # no pull-ups, no chip, pins in use
        return None
