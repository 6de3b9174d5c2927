"""The colour display's lists (menus, setups, seats, settings, statistics): a band
behind the title, a bar behind the cursor's row and an icon before an item, drawn under
the text rows (the rows' own font grid); the icon sits at the row's right end, so the
row's words are as on the OLED. The 128x64 OLED has none of it."""

import displayio
from micropython import const

# Icons of any list, as app/menu_art.py's glyphs: (rows, width, colour).
BACK = ((0x000, 0x080, 0x180, 0x3FE, 0x7FE, 0x3FE, 0x186, 0x086, 0x006, 0x1FC, 0x1F8, 0x000),
        12, None)  # fmt: skip
QUESTION = ((0x1F8, 0x3FC, 0x30C, 0x00C, 0x018, 0x030, 0x060, 0x060, 0x000, 0x060, 0x060, 0x000),
            12, 0xFFD040)  # fmt: skip
BAND = 0x182C60  # behind the title
BAR = 0x3A3A3A  # behind the cursor's row: seat colours stay readable on it
STEP = const(4)  # the bars' pixels: one STEP x STEP block each (small bitmaps)


class ListLook:
    def __init__(self, text):
        cw, ch = text.cell[0] // text.scale, text.cell[1] // text.scale
        self.cw, self.ch = cw, ch
        self.group = displayio.Group()
        w = text.cols * cw
        bmp = displayio.Bitmap(w // STEP, ch // STEP, 2)
        bmp.fill(1)
        self.bars = []
        for colour in (BAND, BAND, BAR):  # two rows of title, then the cursor's
            pal = displayio.Palette(2)
            pal[0] = 0
            pal[1] = colour
            bar = displayio.Group(scale=STEP)
            bar.append(displayio.TileGrid(bmp, pixel_shader=pal))
            bar.hidden = True
            self.group.append(bar)
            self.bars.append(bar)
        self.icons = []  # per text row: (its Group, the glyph it shows)
        for _ in range(text.rows):
            g = displayio.Group(x=(text.cols - 3) * cw)  # right of the item, left of the arrows
            g.hidden = True
            self.group.append(g)
            self.icons.append([g, None])
        text.under_rows(self.group)

    def show(self, title_rows, cursor, icons):
        """A band behind rows 0..title_rows-1, the bar behind row ``cursor`` (-1: none),
        and ``icons``: (row, glyph) pairs (app/menu_art.py glyphs, 12x12)."""
        for i in range(2):
            self.bars[i].hidden = i >= title_rows
            self.bars[i].y = i * self.ch
        self.bars[2].hidden = cursor < 0
        self.bars[2].y = max(0, cursor) * self.ch
        want = [None] * len(self.icons)
        for row, glyph in icons:
            want[row] = glyph
        for r in range(len(self.icons)):
            slot = self.icons[r]
            g = slot[0]
            g.hidden = want[r] is None
            if want[r] is not None and want[r] != slot[1]:
                slot[1] = want[r]
                while len(g):
                    g.pop()
                g.append(_tile(want[r]))
            g.y = r * self.ch


def _tile(glyph):
    rows, w, colour = glyph
    pal = displayio.Palette(2)
    pal[0] = 0
    pal.make_transparent(0)
    pal[1] = 0xFFFFFF if colour is None else colour
    bmp = displayio.Bitmap(w, len(rows), 2)
    for y in range(len(rows)):
        for x in range(w):
            if rows[y] >> (w - 1 - x) & 1:
                bmp[x, y] = 1
    return displayio.TileGrid(bmp, pixel_shader=pal)
