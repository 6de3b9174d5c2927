"""Display panel models for the shim: decode the bytes a real driver sends into pixels.

Each model keeps the controller's RAM and state and answers ``screenshot()`` with
``(width, height, bytes RGB)`` of what the glass shows. The orientation of a picture is
the one its driver sets up by default (so rotation=0 text reads the right way round);
a controller command that flips the scan relative to that flips the picture.

- ``SSD1306`` (128x64, I2C): control bytes 0x80/0x00 (command), 0xC0/0x40 (data);
  horizontal, vertical and page addressing; 0x21/0x22 windows; 0xA0/0xA1 and 0xC0/0xC8
  mirroring; 0xA4/0xA5, 0xA6/0xA7, 0xAE/0xAF.
- ``SH1106`` (132x64 RAM, 128 columns visible from column 2, SPI with a D/C pin): page
  addressing only (0x00-0x0F, 0x10-0x1F column nibbles, 0xB0-0xB7 page), no wrap to the
  next page; the same mirroring/invert/on-off commands.
- ``ST7789`` (240x320 RAM, a 240x240 window, SPI with a D/C pin): SWRESET, SLPIN/OUT,
  INVON/OFF, DISPON/OFF, MADCTL (MY/MX/BGR; MV is not modelled), COLMOD (16 bit only),
  CASET/RASET/RAMWR of big-endian RGB565. The glass shows RAM rows 80-319 when MY and
  MX are set (the Adafruit 240x240 module's default, hence ``rowstart=80``).
"""

_SEQ = [0]


def _stamp(panel):
    """Note that ``panel`` was just written to (``simhw.screenshot`` picks the latest)."""
    _SEQ[0] += 1
    panel.last = _SEQ[0]
    panel.writes += 1


def _keep(records, item, n=1024):
    records.append(item)
    if len(records) > 2 * n:
        del records[:-n]


# Commands that take argument bytes (SSD1306 / SH1106 share most of these).
_MONO_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1,
    0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD8: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
}  # fmt: skip


class _Mono:
    """Page-addressed 1 bpp OLED controller."""

    kind = "mono"
    colour = False
    lit = (255, 255, 255)

    def __init__(self, width, height, ram_width, col_offset, args):
        self.width = width
        self.height = height
        self.ram_width = ram_width
        self.col_offset = col_offset
        self.args = args
        self.writes = 0
        self.last = 0
        self.log = []  # (command, args) in order, for tests
        self.power_on_reset()

    def power_on_reset(self):
        self.ram = bytearray(self.ram_width * (self.height // 8))
        self.col = 0
        self.page = 0
        self.col_lo, self.col_hi = 0, self.ram_width - 1
        self.page_lo, self.page_hi = 0, self.height // 8 - 1
        self.mode = 2  # page addressing
        self.seg_remap = False
        self.com_reverse = False
        self.on = False
        self.invert = False
        self.all_on = False
        self._pending = None  # [command, args so far, args needed]

    # -- byte streams ------------------------------------------------------------
    def command_bytes(self, data):
        _stamp(self)
        for b in data:
            p = self._pending
            if p is not None:
                p[1].append(b)
                if len(p[1]) >= p[2]:
                    self._pending = None
                    self._command(p[0], p[1])
                continue
            need = self.args.get(b, 0)
            if need:
                self._pending = [b, [], need]
            else:
                self._command(b, [])

    def data_bytes(self, data):
        _stamp(self)
        for b in data:
            if 0 <= self.col < self.ram_width:
                self.ram[self.page * self.ram_width + self.col] = b
            self._advance()

    def _advance(self):
        if self.mode == 0:  # horizontal
            self.col += 1
            if self.col > self.col_hi:
                self.col = self.col_lo
                self.page = self.page + 1 if self.page < self.page_hi else self.page_lo
        elif self.mode == 1:  # vertical
            self.page += 1
            if self.page > self.page_hi:
                self.page = self.page_lo
                self.col = self.col + 1 if self.col < self.col_hi else self.col_lo
        else:  # page mode: the column stops at the end of the RAM
            if self.col < self.ram_width - 1:
                self.col += 1

    def _command(self, cmd, args):
        _keep(self.log, (cmd, tuple(args)))
        if cmd == 0xAE:
            self.on = False
        elif cmd == 0xAF:
            self.on = True
        elif cmd in (0xA6, 0xA7):
            self.invert = cmd == 0xA7
        elif cmd in (0xA4, 0xA5):
            self.all_on = cmd == 0xA5
        elif cmd in (0xA0, 0xA1):
            self.seg_remap = cmd == 0xA1
        elif cmd in (0xC0, 0xC8):
            self.com_reverse = cmd == 0xC8
        elif cmd == 0x20 and self.ram_width == 128:
            self.mode = args[0] & 3 if args[0] & 3 != 3 else 2
        elif cmd == 0x21:
            self.col_lo, self.col_hi = args[0] & 0x7F, args[1] & 0x7F
            self.col = self.col_lo
        elif cmd == 0x22:
            self.page_lo, self.page_hi = args[0] & 7, args[1] & 7
            self.page = self.page_lo
        elif cmd < 0x10:
            self.col = (self.col & 0xF0) | cmd
        elif cmd < 0x20 and (cmd < 0x18 or self.ram_width == 128):
            self.col = ((cmd & 0x0F) << 4) | (self.col & 0x0F)
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 7

    # -- what the glass shows ------------------------------------------------------
    def pixel(self, x, y):
        if not self.on:
            return False
        if self.all_on:
            return True
        # The driver's default (A1 segment remap, C8 COM reverse) is upright.
        c = x + self.col_offset if self.seg_remap else self.ram_width - 1 - self.col_offset - x
        r = y if self.com_reverse else self.height - 1 - y
        bit = (self.ram[(r >> 3) * self.ram_width + c] >> (r & 7)) & 1
        return bool(bit) != self.invert

    def screenshot(self):
        out = bytearray()
        on = bytes(self.lit)
        off = b"\x00\x00\x00"
        for y in range(self.height):
            for x in range(self.width):
                out += on if self.pixel(x, y) else off
        return self.width, self.height, bytes(out)


class SSD1306(_Mono):
    kind = "ssd1306"

    def __init__(self):
        _Mono.__init__(self, 128, 64, 128, 0, _MONO_ARGS)

    def i2c_write(self, data):
        """One I2C transaction addressed to the panel: control byte(s) then payload."""
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            if control & 0x80:  # Co=1: one byte, then another control byte
                if i < n:
                    (self.data_bytes if control & 0x40 else self.command_bytes)(data[i : i + 1])
                i += 1
            else:
                (self.data_bytes if control & 0x40 else self.command_bytes)(data[i:])
                break


class SH1106(_Mono):
    kind = "sh1106"

    def __init__(self):
        args = dict(_MONO_ARGS)
        for cmd in (0x20, 0x21, 0x22, 0x26, 0x27, 0x29, 0x2A, 0x8D, 0xA3):
            del args[cmd]  # SSD1306-only; on an SH1106 these bytes are other commands
        args[0x20] = 1  # the SH1106 driver's init sends 0x20 0x20: keep it one unit
        _Mono.__init__(self, 128, 64, 132, 2, args)

    def spi_write(self, data, dc):
        if dc:
            self.data_bytes(data)
        else:
            self.command_bytes(data)


class ST7789:
    kind = "st7789"
    colour = True

    RAM_W = 240
    RAM_H = 320

    def __init__(self):
        self.width = 240
        self.height = 240
        self.writes = 0
        self.last = 0
        self.log = []
        self.power_on_reset()

    def power_on_reset(self):
        self.ram = bytearray(self.RAM_W * self.RAM_H * 2)
        self.sleeping = True
        self.on = False
        self.inverted = False
        self.madctl = 0
        self.colmod = 0x66
        self.cmd = None
        self.args = []
        self.x0, self.x1, self.y0, self.y1 = 0, self.RAM_W - 1, 0, self.RAM_H - 1
        self.x = self.y = 0
        self.half = None  # first byte of a pixel split across writes

    def spi_write(self, data, dc):
        _stamp(self)
        if not dc:
            for b in data:
                self._start(b)
            return
        if self.cmd == 0x2C or self.cmd == 0x3C:
            self._pixels(data)
        elif self.cmd is not None:
            self.args.extend(data)
            self._args()

    def _start(self, cmd):
        self.cmd = cmd
        self.args = []
        self.half = None
        _keep(self.log, cmd)
        if cmd == 0x01:
            ram = self.ram
            self.power_on_reset()
            self.ram = ram  # SWRESET keeps the frame memory
            self.cmd = cmd
        elif cmd == 0x10:
            self.sleeping = True
        elif cmd == 0x11:
            self.sleeping = False
        elif cmd in (0x20, 0x21):
            self.inverted = cmd == 0x21
        elif cmd in (0x28, 0x29):
            self.on = cmd == 0x29
        elif cmd == 0x2C:
            self.x, self.y = self.x0, self.y0

    def _args(self):
        a = self.args
        if self.cmd == 0x36 and len(a) >= 1:
            self.madctl = a[0]
        elif self.cmd == 0x3A and len(a) >= 1:
            self.colmod = a[0]
        elif self.cmd == 0x2A and len(a) >= 4:
            self.x0, self.x1 = (a[0] << 8) | a[1], (a[2] << 8) | a[3]
        elif self.cmd == 0x2B and len(a) >= 4:
            self.y0, self.y1 = (a[0] << 8) | a[1], (a[2] << 8) | a[3]

    def _pixels(self, data):
        data = bytes(data)
        if self.half is not None:
            data = bytes([self.half]) + data
            self.half = None
        n = len(data) - (len(data) & 1)
        if n != len(data):
            self.half = data[-1]
        ram = self.ram
        mx = self.madctl & 0x40
        my = self.madctl & 0x80
        for i in range(0, n, 2):
            if self.x < self.RAM_W and self.y < self.RAM_H:
                # MADCTL applies as pixels are stored: RAM holds physical positions.
                px = self.RAM_W - 1 - self.x if mx else self.x
                py = self.RAM_H - 1 - self.y if my else self.y
                j = (py * self.RAM_W + px) * 2
                ram[j] = data[i]
                ram[j + 1] = data[i + 1]
            self.x += 1
            if self.x > self.x1:
                self.x = self.x0
                self.y += 1
                if self.y > self.y1:
                    self.y = self.y0

    def screenshot(self):
        out = bytearray(self.width * self.height * 3)
        if self.sleeping or not self.on:
            return self.width, self.height, bytes(out)
        bgr = bool(self.madctl & 0x08)
        # The glass covers physical rows 0-239 and is read upside down relative to the
        # RAM: glass (x, y) is physical (239 - x, 239 - y). See the module docstring.
        ram = self.ram
        k = 0
        for vy in range(self.height):
            py = self.height - 1 - vy
            for vx in range(self.width):
                px = self.width - 1 - vx
                j = (py * self.RAM_W + px) * 2
                v = (ram[j] << 8) | ram[j + 1]
                if not self.inverted:  # IPS glass: INVON shows the colours as sent
                    v ^= 0xFFFF
                r = (v >> 11) & 0x1F
                g = (v >> 5) & 0x3F
                b = v & 0x1F
                r, g, b = (r * 255 + 15) // 31, (g * 255 + 31) // 63, (b * 255 + 15) // 31
                if bgr:
                    r, b = b, r
                out[k] = r
                out[k + 1] = g
                out[k + 2] = b
                k += 3
        return self.width, self.height, bytes(out)


def make_panel(kind):
    return {"ssd1306": SSD1306, "sh1106": SH1106, "st7789": ST7789}[kind]()
