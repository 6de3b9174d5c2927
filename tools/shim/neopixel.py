"""Shim of the ``neopixel`` library: an ``adafruit_pixelbuf.PixelBuf`` (the pure Python one)
whose ``_transmit`` records each frame sent, with the virtual ticks_ms, per pin.

``simhw.pixel_frames()`` / ``simhw.last_pixels()`` decode the frames into (r, g, b) after
brightness, i.e. what the LEDs show. Same signature as the real library.
"""

import _simworld
import adafruit_pixelbuf

RGB = "RGB"
GRB = "GRB"
RGBW = "RGBW"
GRBW = "GRBW"


class NeoPixel(adafruit_pixelbuf.PixelBuf):
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        if not pixel_order:
            pixel_order = GRB if bpp == 3 else GRBW
        elif isinstance(pixel_order, tuple):
            pixel_order = "".join("RGBW"[i] for i in pixel_order)  # old-style tuples
        _simworld.claim(pin, self)
        self.pin = pin
        self._frames = _simworld.world.pixel_frames.setdefault(pin.number, [])
        super().__init__(n, byteorder=pixel_order, brightness=brightness, auto_write=auto_write)

    def _getitem(self, index):
        return tuple(super()._getitem(index))  # the firmware's pixelbuf gives tuples

    def _transmit(self, buffer):
        if self.pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")
        _simworld.keep(self._frames, (_simworld.world.now, bytes(buffer), self.byteorder))

    def deinit(self):
        if self.pin is not None:
            self.fill(0)
            self.show()
            _simworld.release(self.pin)
            self.pin = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    @property
    def n(self):
        return len(self)

    def write(self):
        self.show()
