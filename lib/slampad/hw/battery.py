"""Battery gauges (issue 9). Each has ``read()`` -> (mV, percent or -1, on USB) and
``deinit()``; a board without one has ``Hardware.battery`` None.

- ``Vsys``: a Pico's VSYS / 3 on ``board.VOLTAGE_MONITOR`` (analogio), USB power on
  ``board.VBUS_SENSE``. The percent comes from the voltage (app/power.py's curves).
- ``Max17048``: a MAX17048 fuel gauge on STEMMA QT, read as the Adafruit
  adafruit_max1704x library reads it (same registers and scales; tests check the two
  agree), in 2 KB instead of the library's 27 KB of source with its dependencies.
"""

ADDRESS = 0x36  # MAX17048 I2C address


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
        self._i2c = i2c
        self._buf = bytearray(2)
        self._reg = bytearray(1)
        if self._word(0x08) & 0xFFF0 != 0x0010:  # VERSION, as the library checks it
            raise RuntimeError("no MAX17048 at 0x36")

    def _word(self, reg):
        i2c = self._i2c
        while not i2c.try_lock():
            pass
        try:
            self._reg[0] = reg
            i2c.writeto_then_readfrom(ADDRESS, self._reg, self._buf)
        finally:
            i2c.unlock()
        return self._buf[0] << 8 | self._buf[1]

    def read(self):
        mv = self._word(0x02) * 78125 // 1000000  # VCELL: 78.125 uV a bit
        pct = self._word(0x04) >> 8  # SOC: 1/256 % a bit
        rate = self._word(0x16)  # CRATE, signed: charging while positive
        usb = 0 < rate < 0x8000
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
