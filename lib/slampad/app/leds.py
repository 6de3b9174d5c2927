"""The NeoPixel buffer: screens set colours, ``update`` sends only changes.

NeoPixel writes block, so nothing is sent unless a colour changed, and writes
are spaced at least 2 ms apart (docs/hardware-interface.md, Device facts).
"""

from slampad.ticks import ticks_diff

OFF = (0, 0, 0)
WRAP = 1 << 29


class Leds:
    def __init__(self, hw, brightness_pct):
        self.pixels = hw.pixels
        self.dice = hw.dice_pixels
        self.seats = hw.seat_pixels
        self.dirty = True
        self.last = None
        self.shadow = []  # what we set, so reads never go through brightness
        if self.pixels is not None:
            self.pixels.brightness = brightness_pct / 100
            self.pixels.fill(OFF)
            self.shadow = [OFF] * len(self.pixels)

    def set_brightness(self, pct):
        if self.pixels is not None:
            self.pixels.brightness = pct / 100
            self.dirty = True

    def _set(self, i, rgb):
        if self.shadow[i] != rgb:
            self.shadow[i] = rgb
            self.pixels[i] = rgb
            self.dirty = True

    def dice_colours(self, seat, colours):
        """A seat's dice pixels: one colour per die, the rest off."""
        if self.pixels is None or self.dice is None or seat >= len(self.dice):
            return
        idx = self.dice[seat]
        for j in range(len(idx)):
            self._set(idx[j], colours[j] if j < len(colours) else OFF)

    def seat_colour(self, seat, rgb):
        if self.pixels is None or seat >= len(self.seats):
            return
        for i in self.seats[seat]:
            self._set(i, rgb)

    def send_now(self):
        """The next update sends at once (no 2 ms spacing: nothing else is sent after)."""
        self.last = None

    def clear(self):
        if self.pixels is not None:
            for i in range(len(self.shadow)):
                self._set(i, OFF)

    def update(self, now):
        if not self.dirty or self.pixels is None:
            return
        if self.last is not None and 0 <= ticks_diff(now, self.last, WRAP) < 2:
            return
        self.dirty = False
        self.last = now
        self.pixels.show()
