"""Go Wild! cards as pictures (G1): a small card per colour held or played, its count
as digits in a card outline and its colour as a shape (heart red, sun yellow, diamond
orange, drop blue, leaf green, star wild), so a mono display reads it; on a colour
display the shape is drawn in the card's colour (the wild star in all five).

One sprite sheet of text-cell tiles (6x12): a card is three tiles (four from 10 up),
so it sits on any column of a text row; the text under it is blank. A screen's rows
are lists of pieces (app/gowild/words.py), a piece a string or a card (count,
colour): ``layout`` turns them into the text rows and each row's tiles."""

import displayio

# 4x7 digits, one hex digit a row (left pixel 8), top to bottom.
DIGITS = ("6999996", "2622227", "691248F", "E11611E", "26AAF22",
          "F8E1196", "688E996", "F122444", "6996996", "699711E")  # fmt: skip
# 7x7 shapes per colour (red yellow orange blue green wild), a row 7 bits (left 0x40).
ART = (
    (0x36, 0x7F, 0x7F, 0x7F, 0x3E, 0x1C, 0x08),  # heart
    (0x08, 0x22, 0x1C, 0x5D, 0x1C, 0x22, 0x08),  # sun: a disc and its rays
    (0x08, 0x1C, 0x3E, 0x7F, 0x3E, 0x1C, 0x08),  # diamond
    (0x08, 0x08, 0x1C, 0x3E, 0x7F, 0x7F, 0x3E),  # drop
    (0x07, 0x1F, 0x3D, 0x7B, 0x76, 0x7C, 0x40),  # leaf on its stem
    (0x08, 0x08, 0x7F, 0x3E, 0x1C, 0x36, 0x63),  # star
)
WORDS = ("red", "yellow", "orange", "blue", "green", "wild")
INKS = (0xFF2020, 0xFFE000, 0xFF8000, 0x3060FF, 0x20D020)  # on the colour display
RAINBOW = (0, 2, 1, 1, 4, 3, 3)  # the wild star's colour per row: a rainbow
# Tiles: 0 blank, 1-9 a card's left with its count, 10 the left with "1" of 10-12,
# 11-13 the units of 10-12, 14-19 the shape's left half per colour, 20-25 its right.
TENS, UNITS, MID, RIGHT = 10, 11, 14, 20
N_TILES = 26
TOP, BOTTOM, ART_Y = 0, 10, 2  # the outline's rows (row 11 is the gap below), art's top


def tiles(card):
    """The tiles of a card (count, colour), left to right."""
    n, c = card
    if n < 10:
        return (n, MID + c, RIGHT + c)
    return (TENS, UNITS + n - 10, MID + c, RIGHT + c)


def of(counts):
    """The cards of six counts: one per colour held, the wilds last."""
    return [(counts[c], c) for c in range(6) if counts[c]]


def layout(rows):
    """Rows of pieces -> (text lines, tiles per row): cards are blanks in the text."""
    lines = []
    grid = []
    for row in rows:
        s = ""
        ts = []
        for p in row:
            if isinstance(p, str):
                s += p
                ts.extend([0] * len(p))
            else:
                t = tiles(p)
                s += " " * len(t)
                ts.extend(t)
        lines.append(s)
        grid.append(tuple(ts))
    return lines, grid


def _digit(sheet, tile, tw, d, x0, ink):
    for y in range(7):
        bits = int(DIGITS[d][y], 16)
        for x in range(4):
            if bits & (8 >> x):
                sheet[tile * tw + x0 + x, ART_Y + y] = ink


class CardRows:
    """A TileGrid of card tiles on each text row, one tile per text cell."""

    def __init__(self, text):
        fw, fh = text.cell[0] // text.scale, text.cell[1] // text.scale
        self.text = text
        colour = text.colour
        n = 7 if colour else 2
        sheet = displayio.Bitmap(fw * N_TILES, fh, n)
        pal = displayio.Palette(n)
        pal[0] = 0
        pal.make_transparent(0)
        pal[1] = 0xFFFFFF
        for i in range(2, n):
            pal[i] = INKS[i - 2]
        for t in range(1, N_TILES):  # the outline's top and bottom, corners rounded
            x1 = t * fw
            lo = 1 if t <= TENS else 0
            hi = fw - 3 if t >= RIGHT else fw - 1
            for x in range(lo, hi + 1):
                sheet[x1 + x, TOP] = 1
                sheet[x1 + x, BOTTOM] = 1
            if t <= TENS:
                for y in range(TOP + 1, BOTTOM):
                    sheet[x1, y] = 1
            elif t >= RIGHT:
                for y in range(TOP + 1, BOTTOM):
                    sheet[x1 + fw - 2, y] = 1
        for d in range(1, 10):
            _digit(sheet, d, fw, d, 2, 1)
        _digit(sheet, TENS, fw, 1, 2, 1)
        for u in range(3):
            _digit(sheet, UNITS + u, fw, u, 1, 1)
        for c in range(6):  # the shape: columns 0-3 on MID's 2-5, 4-6 on RIGHT's 0-2
            art = ART[c]
            for y in range(7):
                ink = 1 if not colour else 2 + (c if c < 5 else RAINBOW[y])
                for x in range(7):
                    if art[y] & (0x40 >> x):
                        tx = (MID + c) * fw + 2 + x if x < 4 else (RIGHT + c) * fw + x - 4
                        sheet[tx, ART_Y + y] = ink
        self.sheet, self.pal, self.tw, self.th = sheet, pal, fw, fh
        self.group = displayio.Group(scale=text.scale)
        self.grids = []
        for r in range(text.rows):
            grid = displayio.TileGrid(sheet, pixel_shader=pal, width=text.cols, height=1,
                                      tile_width=fw, tile_height=fh, default_tile=0,
                                      y=r * fh)  # fmt: skip
            self.group.append(grid)
            self.grids.append(grid)
        self.shown = [()] * text.rows
        self.spots = []  # the table's cards as (seat, x, y, (row, col, tiles)): anim.py
        self.flyers = {}  # a card on its way, by its spot
        text.group.append(self.group)  # over the rows: a card's cells are blank text

    def show(self, grid, spots):
        """Every row's tiles (``layout``'s second half); rows past it are cleared. The
        table's cards are at ``spots`` (the animation's, app/gowild/anim.py)."""
        self.spots = spots
        for r in range(len(self.grids)):
            ts = grid[r] if r < len(grid) else ()
            if ts == self.shown[r]:
                continue
            self.shown[r] = ts
            g = self.grids[r]
            for i in range(self.text.cols):  # a row's tiles never pass the text's columns
                g[i] = ts[i] if i < len(ts) else 0
            self.text.changed()

    # -- the animation's hooks (app/gowild/anim.py) --------------------------
    def blink(self, seat, on):
        for s, _x, _y, (r, col, ts) in self.spots:
            if s == seat:
                for k in range(len(ts)):
                    self.grids[r][col + k] = ts[k] if on else 0
        self.text.changed()

    def fly(self, k, x, y):
        """Spot ``k``'s card at (x, y): out of its row (the row's tiles say so) into a
        TileGrid of its own, made at its first move."""
        f = self.flyers.get(k)
        if f is None:
            r, col, ts = self.spots[k][3]
            f = displayio.TileGrid(self.sheet, pixel_shader=self.pal, width=len(ts), height=1,
                                   tile_width=self.tw, tile_height=self.th)  # fmt: skip
            row = list(self.shown[r])
            for i in range(len(ts)):
                f[i] = ts[i]
                self.grids[r][col + i] = row[col + i] = 0
            self.shown[r] = tuple(row)
            self.group.append(f)
            self.flyers[k] = f
        f.x, f.y = x, y
        self.text.changed()

    def land(self, k):
        """Spot ``k``'s card has arrived: gone from the screen."""
        if k not in self.flyers:
            self.fly(k, 0, 0)
        self.group.remove(self.flyers.pop(k))
        self.text.changed()

    def width(self):
        return self.text.cols * self.tw

    def close(self):
        self.text.drop(self.group)
