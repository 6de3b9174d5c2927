"""A simulated MAX17048 fuel gauge on I2C (address 0x36), register by register.

Registers (big-endian 16 bit, MAX17048 datasheet table 2): VCELL 0x02 (78.125 uV per
bit), SOC 0x04 (1/256 % per bit), MODE 0x06, VERSION 0x08 (0x0012), HIBRT 0x0A, CONFIG
0x0C, VALRT 0x14, CRATE 0x16 (0.208 %/h per bit, signed), VRESET 0x18, STATUS 0x1A,
CMD 0xFE. A write of 0x5400 to CMD resets the chip, which does not acknowledge it
(OSError, as the Adafruit library expects). What it measures comes from the world's
battery (``simhw.set_battery``).
"""

import _simworld

ADDRESS = 0x36


class Max17048:
    kind = "max17048"

    def __init__(self):
        self.regs = {0x06: 0, 0x08: 0x0012, 0x0A: 0x8030, 0x0C: 0x971C, 0x14: 0x00FF}
        self.regs.update({0x18: 0x9600, 0x1A: 0x0100})
        self.pointer = 0
        self.reads = 0  # register reads served (a test can see the gauge is polled)

    def _measured(self, reg):
        b = _simworld.world.battery
        if reg == 0x02:
            return int(b["cell"] / 78.125e-6) & 0xFFFF
        if reg == 0x04:
            return int(b["percent"] * 256) & 0xFFFF
        if reg == 0x16:
            return int((10.0 if b["usb"] else -5.0) / 0.208) & 0xFFFF
        return self.regs.get(reg, 0)

    def i2c_write(self, data):
        if not data:
            return  # a probe
        self.pointer = data[0]
        if len(data) >= 3:
            value = data[1] << 8 | data[2]
            if self.pointer == 0xFE and value == 0x5400:
                self.regs[0x1A] = self.regs.get(0x1A, 0) | 0x0100  # RI: reset done
                raise OSError(5, "Input/output error")  # the reset is not acknowledged
            self.regs[self.pointer] = value

    def i2c_read(self, n):
        self.reads += 1
        value = self._measured(self.pointer)
        out = bytes([value >> 8 & 0xFF, value & 0xFF])
        return (out * ((n + 1) // 2))[:n]
