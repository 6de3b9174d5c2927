"""Shim of CircuitPython's ``busio.I2C`` and ``busio.SPI`` for the RP2040.

Pins are checked as the RP2040 port checks them (``ValueError: Invalid pins``). What is on a
bus comes from the simulated world's wiring (``_simworld.WIRING``): an I2C bus with nothing
wired to it has no pull-ups and fails as on the device; a write to an address nobody
answers raises ``OSError(19)``. A panel on SPI sees a write only while its CS pin is low
and reads its D/C pin to tell commands from data. The latest writes are also kept in
``writes`` (I2C: (address, bytes); SPI: bytes) for tests.
"""

import _simworld

# RP2040 pin functions: GPIO n -> I2C block (n // 2) % 2, SDA when n % 4 < 2 is even.
_SPI0_SCK, _SPI0_TX = (2, 6, 18, 22), (3, 7, 19, 23)
_SPI1_SCK, _SPI1_TX = (10, 14, 26), (11, 15, 27)
_SPI0_RX, _SPI1_RX = (0, 4, 16, 20), (8, 12, 24, 28)


def _claim_all(pins, owner):
    done = []
    try:
        for pin in pins:
            if pin is not None:
                _simworld.claim(pin, owner)
                done.append(pin)
    except Exception:
        for pin in done:
            _simworld.release(pin)
        raise


class _Lockable:
    _locked = False

    def try_lock(self):
        self._check()
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def deinited(self):
        return self._pins is None

    def _check(self):
        if self._pins is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")

    def deinit(self):
        if self._pins is not None:
            for pin in self._pins:
                _simworld.release(pin)
            self._pins = None
            self._locked = False


class I2C(_Lockable):
    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        _simworld.patch_blinka()
        for pin in (scl, sda):
            if not isinstance(pin, _simworld.Pin):
                raise TypeError("expected a microcontroller.Pin, got %r" % (pin,))
        if sda.number % 4 not in (0, 2) or scl.number != sda.number + 1:
            raise ValueError("Invalid pins")
        self._devices = {}
        for d_sda, d_scl, address, device in _simworld.world.i2c_devices:
            if d_sda is sda and d_scl is scl:
                self._devices[address] = device
        _claim_all((scl, sda), self)
        if not self._devices:
            _simworld.release(scl)
            _simworld.release(sda)
            raise RuntimeError("No pull up found on SDA or SCL; check your wiring")
        self._pins = (scl, sda)
        self.frequency = frequency
        self.writes = []

    def scan(self):
        self._check()
        return sorted(self._devices)

    def probe(self, address):
        self._check()
        return address in self._devices

    def writeto(self, address, buffer, *, start=0, end=None):
        self._check()
        data = bytes(buffer[start:end])
        device = self._devices.get(address)
        if device is None:
            raise OSError(19, "No such device")
        _simworld.keep(self.writes, (address, data))
        device.i2c_write(data)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._check()
        device = self._devices.get(address)
        if device is None:
            raise OSError(19, "No such device")
        end = len(buffer) if end is None else end
        got = device.i2c_read(end - start) if hasattr(device, "i2c_read") else b""
        for i in range(start, end):
            buffer[i] = got[i - start] if i - start < len(got) else 0

    def writeto_then_readfrom(
        self, address, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0, in_end=None
    ):
        self.writeto(address, out_buffer, start=out_start, end=out_end)
        self.readfrom_into(address, in_buffer, start=in_start, end=in_end)


class SPI(_Lockable):
    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):  # noqa: N803
        _simworld.patch_blinka()
        if half_duplex:
            raise NotImplementedError("half_duplex is not supported on RP2040")
        n = clock.number
        tx = MOSI.number if MOSI is not None else None
        rx = MISO.number if MISO is not None else None
        if n in _SPI0_SCK:
            ok = tx in _SPI0_TX + (None,) and rx in _SPI0_RX + (None,)
        elif n in _SPI1_SCK:
            ok = tx in _SPI1_TX + (None,) and rx in _SPI1_RX + (None,)
        else:
            ok = False
        if not ok:
            raise ValueError("Invalid pins")
        pins = tuple(p for p in (clock, MOSI, MISO) if p is not None)
        _claim_all(pins, self)
        self._pins = pins
        self._devices = [
            (cs, dc, rst, device)
            for sck, mosi, cs, dc, rst, device in _simworld.world.spi_devices
            if sck is clock and mosi is MOSI
        ]
        self.frequency = 250000
        self.writes = []

    def configure(self, *, baudrate=100000, polarity=0, phase=0, bits=8):
        self._check()
        if not self._locked:
            raise RuntimeError("Function requires lock")
        self.frequency = min(int(baudrate), 62_500_000)

    def write(self, buffer, *, start=0, end=None):
        self._check()
        if not self._locked:
            raise RuntimeError("Function requires lock")
        data = bytes(buffer[start:end])
        _simworld.keep(self.writes, data)
        for cs, dc, rst, device in self._devices:
            if cs.level or (rst is not None and rst.out is False):
                continue  # not selected, or held in reset
            device.spi_write(data, dc.level)

    def readinto(self, buffer, *, start=0, end=None, write_value=0):
        self._check()
        end = len(buffer) if end is None else end
        for i in range(start, end):
            buffer[i] = 0

    def write_readinto(
        self, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0, in_end=None
    ):
        self.write(out_buffer, start=out_start, end=out_end)
        self.readinto(in_buffer, start=in_start, end=in_end)
