"""``terminalio`` for the shim: Blinka's built-in font plus the glyph sheet that
CircuitPython's ``fontio.BuiltinFont`` has and Blinka's lacks: ``FONT.bitmap``
holds every printable ASCII glyph side by side, and ``FONT.get_glyph(c).tile_index``
is its tile, so a ``displayio.TileGrid`` can show text as on the device."""

import displayio
import fontio as _fontio

FIRST, LAST = 0x20, 0x7E


class _Glyph:
    def __init__(self, tile_index, width, height):
        self.bitmap = None  # set by the font: its sheet, as on CircuitPython
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = 0
        self.dy = 0
        self.shift_x = width
        self.shift_y = 0


class SheetFont:
    def __init__(self):
        src = _fontio.BuiltinFont()
        self._w, self._h = w, h = src.get_bounding_box()
        ascent = getattr(src._font, "ascent", h)
        n = LAST - FIRST + 1
        self.bitmap = displayio.Bitmap(w * n, h, 2)
        self._glyphs = {}
        for i in range(n):
            g = src.get_glyph(FIRST + i)
            if g is not None:
                top = ascent - g.height - g.dy
                for y in range(g.height):
                    for x in range(g.width):
                        tx, ty = i * w + g.dx + x, top + y
                        if g.bitmap[x, y] and 0 <= tx - i * w < w and 0 <= ty < h:
                            self.bitmap[tx, ty] = 1
            glyph = _Glyph(i, w, h)
            glyph.bitmap = self.bitmap
            self._glyphs[FIRST + i] = glyph

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        return self._glyphs.get(codepoint)


FONT = SheetFont()
