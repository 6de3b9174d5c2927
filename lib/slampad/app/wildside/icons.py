"""Wildside's faces as pictures (W1): moon, star, drop, bolt and wild, each its own
shape, so a roll reads without colour; drawn in the face's colour on a colour display.

One small sprite sheet, and a row of up to five tiles beside each seat's name, under
the text rows (the name and the count stay text)."""

import displayio

from slampad.games import wildside_match as wm

SIZE = 10  # an icon's pixels; a tile is a text cell wide twice and a row high
# Tiles: 0 blank, 1-5 the faces (FACES), 6 a die not rolled yet (an outlined die).
FACES = ("moon", "star", "drop", "bolt", "wild")
UNKNOWN = 6
# Each icon as SIZE rows of SIZE bits, the leftmost pixel the highest bit.
ART = (
    (0x060, 0x1C0, 0x180, 0x380, 0x380, 0x380, 0x3C0, 0x1E0, 0x1FE, 0x078),  # moon
    (0x030, 0x030, 0x078, 0x3FF, 0x1FE, 0x0FC, 0x0FC, 0x1CE, 0x186, 0x303),  # star
    (0x030, 0x030, 0x078, 0x078, 0x0FC, 0x1FE, 0x1FE, 0x1FE, 0x0FC, 0x078),  # drop
    (0x01E, 0x03C, 0x078, 0x0F0, 0x1FF, 0x1FE, 0x03C, 0x078, 0x0E0, 0x180),  # bolt
    (0x231, 0x132, 0x0B4, 0x078, 0x3FF, 0x3FF, 0x078, 0x0B4, 0x132, 0x231),  # wild
    (0x3FF, 0x201, 0x231, 0x249, 0x209, 0x211, 0x221, 0x201, 0x221, 0x3FF),  # not rolled
)
# Marks for the ruling's picture (app/wildside/ruling.py), white, after the faces' tiles.
MARKS = (
    (0x000, 0x040, 0x0C0, 0x1C0, 0x3FF, 0x3FF, 0x1C0, 0x0C0, 0x040, 0x000),  # arrow left
    (0x000, 0x008, 0x00C, 0x00E, 0x3FF, 0x3FF, 0x00E, 0x00C, 0x008, 0x000),  # arrow right
    (0x3FF, 0x201, 0x2C1, 0x2C1, 0x231, 0x231, 0x20D, 0x20D, 0x201, 0x3FF),  # a die (three)
)
LEFT, RIGHT, DIE = UNKNOWN + 1, UNKNOWN + 2, UNKNOWN + 3
MAX_DICE = 5  # W9: a seat rolls five at most; more are set aside
FIRST_COL = 4  # text columns before the dice: the slammer mark and the seat's name


def tile_of(face):
    return FACES.index(face) + 1


class DiceRows:
    """Up to five face icons on each seat's row: by default on the text rows (a tile
    two text cells wide, a row high); a layout may give its own tile size, scale and
    places (``x``: die 0's left edge, ``ys``: each row's top, in the group's pixels)."""

    def __init__(self, text, rows, tile=None, scale=None, x=None, ys=None):
        fw, fh = text.cell[0] // text.scale, text.cell[1] // text.scale
        self.text = text
        self.tw, self.th = tile or (2 * fw, fh)
        self.x = FIRST_COL * fw if x is None else x
        self.ys = ys or [r * fh for r in range(rows)]
        n = LEFT + len(MARKS)
        colour = text.colour
        self.sheet = sheet = displayio.Bitmap(self.tw * n, self.th, UNKNOWN + 1 if colour else 2)
        self.pal = pal = displayio.Palette(UNKNOWN + 1 if colour else 2)
        pal[0] = 0
        pal.make_transparent(0)
        for i in range(1, UNKNOWN + 1 if colour else 2):
            pal[i] = wm.COLOURS[FACES[i - 1]] if i <= len(FACES) else 0xFFFFFF
        x0, y0 = (self.tw - SIZE) // 2, (self.th - SIZE) // 2
        for t, art in enumerate(ART + MARKS):
            ink = min(t + 1, UNKNOWN) if colour else 1
            for y in range(SIZE):
                bits = art[y]
                for x in range(SIZE):
                    if bits & (1 << (SIZE - 1 - x)):
                        sheet[(t + 1) * self.tw + x0 + x, y0 + y] = ink
        self.group = displayio.Group(scale=scale or text.scale)
        self.grids = []
        for r in range(rows):
            grid = displayio.TileGrid(sheet, pixel_shader=pal, width=MAX_DICE, height=1,
                                      tile_width=self.tw, tile_height=self.th,
                                      default_tile=0, x=self.x, y=self.ys[r])  # fmt: skip
            self.group.append(grid)
            self.grids.append(grid)
        self.shown = [None] * rows
        # One die in flight (a ruling's dice moving to the collector), hidden at rest.
        self.flyer = displayio.TileGrid(sheet, pixel_shader=pal, tile_width=self.tw,
                                        tile_height=self.th, default_tile=0)  # fmt: skip
        self.flyer.hidden = True
        self.group.append(self.flyer)
        text.group.append(self.group)  # over the rows: the dice cells are blank text

    def cell(self, row, die):
        """Die ``die`` of row ``row`` on the glass: (x, y) of its tile's top left."""
        k = self.group.scale
        return (self.group.x + (self.x + die * self.tw) * k, self.group.y + self.ys[row] * k)

    def show(self, row, tiles):
        """Row ``row``'s tiles (tile numbers, at most MAX_DICE)."""
        tiles = tuple(tiles[:MAX_DICE])
        if self.shown[row] == tiles:
            return
        self.shown[row] = tiles
        grid = self.grids[row]
        for i in range(MAX_DICE):
            grid[i] = tiles[i] if i < len(tiles) else 0
        self.text.changed()

    def fly(self, tile, row0, die0, row1, die1, part, whole):
        """The flyer ``part``/``whole`` of the way from die ``die0`` of row ``row0`` to die
        ``die1`` of row ``row1`` (straight, in whole pixels)."""
        x0, x1 = self.x + die0 * self.tw, self.x + min(die1, MAX_DICE - 1) * self.tw
        y0, y1 = self.ys[row0], self.ys[row1]
        f = self.flyer
        f[0] = tile
        f.x = x0 + (x1 - x0) * part // whole
        f.y = y0 + (y1 - y0) * part // whole
        f.hidden = False
        self.text.changed()

    def land(self):
        if not self.flyer.hidden:
            self.flyer.hidden = True
            self.text.changed()

    def close(self):
        self.text.drop(self.group)
