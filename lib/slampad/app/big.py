"""Big words over a box of text cells: the built-in font's glyphs, scaled up (a
countdown digit, "SLAM!"). One TileGrid, as light as a text row."""

import displayio
import terminalio


class BigText:
    """Text centred in the box of text cells (col, row, cols, rows), as big as fits."""

    def __init__(self, text, col, row, cols, rows, chars):
        font = terminalio.FONT
        self.fw, self.fh = font.get_bounding_box()
        self.font = font
        self.text = text
        self.box = (col * text.cell[0], row * text.cell[1], cols * text.cell[0],
                    rows * text.cell[1])  # fmt: skip
        self.chars = chars
        self.pal = displayio.Palette(2)
        self.pal[0] = 0
        self.pal.make_transparent(0)
        self.pal[1] = 0xFFFFFF
        self.blank = font.get_glyph(32).tile_index
        self.grid = displayio.TileGrid(font.bitmap, pixel_shader=self.pal, width=chars,
                                       height=1, tile_width=self.fw, tile_height=self.fh,
                                       default_tile=self.blank)  # fmt: skip
        self.group = displayio.Group()
        self.group.append(self.grid)
        self.group.hidden = True
        self.shown = ""
        text.group.append(self.group)

    def scale_for(self, n):
        """The largest whole scale at which n characters fit the box."""
        return max(1, min(self.box[2] // (self.fw * n), self.box[3] // self.fh))

    def show(self, s, colour=0xFFFFFF):
        """Show ``s`` (at most ``chars`` characters), or nothing for ""."""
        s = s[: self.chars]
        if s == self.shown and (not s or self.pal[1] == colour):
            return
        self.shown = s
        self.group.hidden = not s
        if s:
            k = self.scale_for(len(s))
            self.group.scale = k
            x0, y0, w, h = self.box
            self.group.x = x0 + (w - k * self.fw * len(s)) // 2
            self.group.y = y0 + (h - k * self.fh) // 2
            for i in range(self.chars):
                g = self.font.get_glyph(ord(s[i])) if i < len(s) else None
                self.grid[i] = g.tile_index if g is not None else self.blank
            self.pal[1] = colour
        self.text.changed()

    def close(self):
        self.text.drop(self.group)

    def place(self, box):
        """Move to the glass box (x, y, width, height); what shows is placed anew in it."""
        self.box = box
        was = self.shown
        if was:
            self.shown = ""
            self.show(was, self.pal[1])
