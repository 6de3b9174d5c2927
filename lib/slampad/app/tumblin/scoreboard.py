"""Tumblin' Dice's round scores on the 240x240 colour display (T2, T5, S1): a row a
seat, best total first, in the seat's colour: its name and total in large type, the
round's points between them, a bar under each as long as its total is next to the
best one's. Drawn over the text rows' blank middle (tft.View writes the title, the
column heads and the prompt in the rows)."""

import displayio
import terminalio

MID = 108  # the round's points are centred here (under "this round": tft.HEAD)
EDGE = 236  # the totals end here (under "total")
GAP = 6  # at least this between two columns
BAR = 58  # a bar's full length in its pixels (each SCALE wide): 4 to 236
SCALE = 4


class ScoreBoard:
    def __init__(self, text):
        font = terminalio.FONT
        self.font = font
        self.fw, self.fh = font.get_bounding_box()
        self.text = text
        self.blank = font.get_glyph(32).tile_index
        self.group = displayio.Group()
        self.seats = []  # per row: (its Group, palette, name, points, total grids, bar)
        for _ in range(4):  # T1: four seats at most
            g = displayio.Group()
            pal = displayio.Palette(2)
            pal[0] = 0
            pal.make_transparent(0)
            pal[1] = 0xFFFFFF
            cols = []
            for n in (2, 3, 4):  # "P2", "+15", "1040"
                grid = displayio.TileGrid(font.bitmap, pixel_shader=pal, width=n, height=1,
                                          tile_width=self.fw, tile_height=self.fh,
                                          default_tile=self.blank)  # fmt: skip
                part = displayio.Group()
                part.append(grid)
                g.append(part)
                cols.append(part)
            bmp = displayio.Bitmap(BAR, 1, 2)
            bar = displayio.Group(scale=SCALE)
            bar.append(displayio.TileGrid(bmp, pixel_shader=pal))
            g.append(bar)
            g.hidden = True
            self.group.append(g)
            self.seats.append((g, pal, cols, bar, bmp))
        self.group.hidden = True
        text.group.append(self.group)

    def size(self, h, wide):
        """The largest type (a whole scale) for rows ``h`` pixels high whose totals are
        ``wide`` characters: each column clear of the next."""
        fw = self.fw
        for k in (4, 3, 2):
            half = 3 * fw * k // 2  # half the round's points ("+15")
            if (k * self.fh <= h and 4 + 2 * fw * k + GAP <= MID - half
                    and MID + half + GAP <= EDGE - wide * fw * k):  # fmt: skip
                return k
        return 1

    def show(self, rows, colours, top, height):
        """``rows``: (pad, points, total) best first, in ``colours``, between pixel rows
        ``top`` and ``top + height``."""
        n = len(rows)
        h = height // max(1, n)
        wide = max(3, max(len(str(r[2])) for r in rows)) if rows else 3
        k = self.size(h, wide)
        barred = h >= k * self.fh + 5  # room for the bar: a pixel under the type, then it
        best = max([r[2] for r in rows] + [1])
        gh = k * self.fh
        for i in range(len(self.seats)):
            g, pal, cols, bar, bmp = self.seats[i]
            g.hidden = i >= n
            if i >= n:
                continue
            pad, got, total = rows[i]
            pal[1] = colours[i]
            g.y = top + i * h + (h - gh - (5 if barred else 0)) // 2
            pts = ("+%d" % got) if got > 0 else str(got)
            tot = str(total)
            w = self.fw * k
            for part, s, x in ((cols[0], "P%d" % (pad + 1), 4),
                               (cols[1], pts, MID - len(pts) * w // 2),
                               (cols[2], tot, EDGE - len(tot) * w)):  # fmt: skip
                part.scale = k
                part.x = x
                grid = part[0]
                for c in range(grid.width):
                    glyph = self.font.get_glyph(ord(s[c])) if c < len(s) else None
                    grid[c] = glyph.tile_index if glyph is not None else self.blank
            bar.hidden = not barred
            bar.y = gh + 1
            bar.x = 4
            full = BAR * max(0, total) // best
            for x in range(BAR):
                bmp[x, 0] = 1 if x < full else 0
        self.group.hidden = False
        self.text.changed()

    def hide(self):
        if not self.group.hidden:
            self.group.hidden = True
            self.text.changed()

    def close(self):
        self.text.drop(self.group)
