"""Tumblin' Dice's virtual board as a picture (T1, T6, S1): the staircase seen from the
side and a little above, falling away to the right from the launch pad, then 0x (out),
the 1x, 2x and 3x steps and the 4x pocket (the -1x ledge beside it with that option).
Up on the picture is the far side of the board: a lane (aim, -100..100) is a height
on each step.

Every die is a 7x7 sprite with its pips, in its seat's colour on a colour display; on
the mono display each seat has its own shape (solid or hollow, square or round), so
dice read without colour. A step's dice sit on a grid of slots, each in the slot
nearest where it lies; a crowded step is drawn wider (the empty ones narrower), and
only when the steps together cannot hold them apart are they packed closer: every face
shows, never a count of dice left out.

One background bitmap (the steps, labels, the aim arrow and the power bar) covers the
display under the text rows, and one TileGrid per die over one sprite sheet."""

import displayio

from slampad.app.ui import SEAT_COLOURS
from slampad.games import tumblin_board as tb

DIE = 7
MAX_DICE = 16  # four seats, four dice
# The 3x3 pip grid of each face, by bits (row-major, top-left the highest of nine).
PIPS = (0, 0o020, 0o104, 0o124, 0o505, 0o525, 0o555)
# The mono seat shapes (by game seat): solid square, hollow square, solid round, hollow.
SOLID, ROUND = (True, False, True, False), (False, False, True, True)
# 3x5 glyphs for the step labels, one octal digit (3 pixels, left = 4) per row.
FONT = {"0": "75557", "1": "26227", "2": "71747", "3": "71317", "4": "55711",
        "x": "05250", "-": "00700"}
# Background colours: 0 ground, 1 step edge, 2 tread, 3 side of the board, 4 label,
# 5 the thrower (arrow, bar), 6 the aim's line across the steps.
COLOURS = (0x000000, 0xC0C0C0, 0x202830, 0x805830, 0xFFE000, 0xFFFFFF, 0x707070)
MONO = (0, 1, 0, 0, 1, 1, 1)
# Board units where each drawn part starts: pad, 0x, 1x, 2x, 3x, 4x, the end.
UNITS = (0,) + tb.EDGES + (tb.END,)


def sprite_sheet(colour):
    """Tiles 7 x (seat shape) + face (0: no pips, a die not thrown yet). Values: 0 clear,
    1 the die's ink, 2 its black (pips on a solid die, the inside of a hollow one)."""
    sheet = displayio.Bitmap(DIE * 28, DIE, 3)
    for s in range(4):
        solid, round_ = SOLID[s], ROUND[s]
        for f in range(7):
            x0 = (s * 7 + f) * DIE
            for y in range(DIE):
                for x in range(DIE):
                    edge = x in (0, 6) or y in (0, 6)
                    if round_ and (x in (0, 1, 5, 6) and y in (0, 1, 5, 6)):
                        if x in (0, 6) or y in (0, 6):
                            continue  # the round shape's cut corners
                        edge = True  # ... and its edge across them
                    v = 1 if solid or edge else 2
                    # Pips one apart on the solid square (dark on lit, clear of its
                    # edge); side by side inside the others' edges.
                    if solid and not round_:
                        i, j = (x - 1) // 2, (y - 1) // 2
                        pip = x & 1 and y & 1
                    else:
                        i, j = x - 2, y - 2
                        pip = 2 <= x <= 4 and 2 <= y <= 4
                    if pip and PIPS[f] >> (8 - j * 3 - i) & 1:
                        v = 2 if solid else 1
                    sheet[x0 + x, y] = v
    return sheet


class BoardView:
    """The picture of a virtual Tumblin' board under the text rows.

    The board takes text rows ``row0``.. (four on the 128x64 OLED, six on 240x240)."""

    def __init__(self, app, seats, minus_zone):
        t = app.text
        hw = app.hw
        self.text = t
        self.seats = seats  # game seat -> pad
        self.minus = minus_zone
        self.colour = colour = hw.colour
        sc = t.scale
        self.w, self.h = w, h = hw.width // sc, hw.height // sc
        fh = t.cell[1] // sc
        big = t.rows >= 8
        self.row0 = 2 if big else 1  # the board's first text row
        y0 = self.row0 * fh
        bh = 6 * fh if big else h - y0
        self.rise = r = 6 if big else 4
        self.depth = bh - 5 * r - 2
        self.y0 = y0 + 1  # the top of the pad's tread
        self.y1 = y0 + bh  # the board's bottom
        self.steps_w = w - 44  # the 1x, 2x and 3x steps share this width
        self.xs = []  # picture x where each part starts (pad .. 4x, then the end)
        self.set_widths(None)
        n = len(COLOURS)
        self.bmp = displayio.Bitmap(w, h, n if colour else 2)
        pal = displayio.Palette(n if colour else 2)
        for i in range(n if colour else 2):
            pal[i] = COLOURS[i] if colour else (0, 0xFFFFFF)[i]
        self.pal = pal
        self.group = displayio.Group(scale=sc)
        self.group.append(displayio.TileGrid(self.bmp, pixel_shader=pal))
        sheet = sprite_sheet(colour)
        self.pals = []
        for s in range(len(seats)):
            p = displayio.Palette(3)
            p[0] = 0
            p.make_transparent(0)
            p[1] = SEAT_COLOURS[seats[s]] if colour else 0xFFFFFF
            p[2] = 0
            self.pals.append(p)
        self.dice = []
        for _ in range(MAX_DICE + 1 + len(seats)):  # the board's, the mover, the legend
            g = displayio.TileGrid(sheet, pixel_shader=self.pals[0], width=1, height=1,
                                   tile_width=DIE, tile_height=DIE)  # fmt: skip
            g.hidden = True
            self.group.append(g)
            self.dice.append(g)
        self.places = []  # (seat, face, x, y) drawn: where each die's sprite is
        self.aim = None  # (lane, thrower) drawn
        self.bar = None  # (x, y, w, h, power) drawn
        self.seen = None
        self.stairs()
        t.group.insert(0, self.group)  # under the text rows

    def close(self):
        try:
            self.text.group.remove(self.group)
        except ValueError:
            pass  # closed already
        self.text.dirty = True

    def show(self, on):
        if self.group.hidden == on:
            self.group.hidden = not on
            self.text.dirty = True

    # -- geometry ------------------------------------------------------------------
    def set_widths(self, counts):
        """Zoom: a crowded step (``counts``: dice on 1x, 2x, 3x) gets more of the width,
        so its dice keep a pixel between them; True when the parts moved."""
        room = self.steps_w
        ws = [room // 3] * 3
        if counts is not None:
            rows = self.depth // 8
            need = [max(18, 2 + 8 * ((n + rows - 1) // rows)) for n in counts]
            if sum(need) <= room:
                extra = room - sum(need)
                ws = [v + extra // 3 for v in need]
        xs = [0]
        for v in (9, 10, ws[0], ws[1], ws[2], 24):
            xs.append(xs[-1] + v)
        if xs == self.xs:
            return False
        self.xs = xs
        return True

    def top(self, k):
        """Picture y of the far edge of part k (0 pad, 1 0x, 2-4 1x-3x, 5 the 4x)."""
        return self.y0 + k * self.rise

    def lane_y(self, k, y):
        """Picture y of a lane on part k (far side up)."""
        return self.top(k) + (tb.HALF - y) * (self.depth - 1) // (2 * tb.HALF)

    def px(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            self.bmp[x, y] = c if self.colour else MONO[c]

    def glyphs(self, s, x, y, c):
        for ch in s:
            rows = FONT[ch]
            for j in range(5):
                bits = int(rows[j])
                for k in range(3):
                    if bits & (4 >> k):
                        self.px(x + k, y + j, c)
            x += 4

    def stairs(self):
        """The steps: each tread (colour only), its far edge dotted, its near edge and
        the drop to the next step solid, the side of the board below, the labels."""
        d, xs = self.depth, self.xs
        for k in range(6):
            x0, x1 = xs[k], xs[k + 1]
            t = self.top(k)
            pocket = k == 5 and not self.minus
            for x in range(x0, x1):
                if self.colour and not pocket:
                    for y in range(t, t + d):
                        self.bmp[x, y] = 2
                if k and not pocket:
                    self.px(x, t - 1, 1)  # the far edge (the pad's would touch row 0)
                self.px(x, t + d, 1)  # the near edge
                if self.colour:
                    for y in range(t + d + 1, self.y1):
                        self.bmp[x, y] = 3
            if k:
                for y in range(self.top(k - 1) + d, t + d):
                    self.px(x0, y, 1)  # the drop from the step before
            if 2 <= k <= 4:
                self.glyphs("%dx" % (k - 1), x0 + 2, t - 7, 4)
        # The 4x pocket: a cup in the middle lanes (T1); beside it the -1x ledge.
        x0, x1 = xs[5], xs[6]
        y0, y1 = self.pocket_rows()
        for x in range(x0, x1):
            for y in range(y0, y1):
                self.bmp[x, y] = 0
            self.px(x, y0 - 1, 1)
            self.px(x, y1, 1)
        for y in range(y0, y1):
            self.px(x1 - 1, y, 1)
        self.glyphs("4x", x0 + 2, y0 - 7, 4)
        if self.minus:
            self.glyphs("-1x", x0 + 1, y1 + 2, 4)

    def pocket_rows(self):
        t = self.top(5)
        mid = t + self.depth // 2
        return mid - DIE // 2 - 1, mid + DIE // 2 + 1

    # -- the dice ------------------------------------------------------------------
    def slots(self, k, lv, n):
        """The sprite places on part k for n dice of level lv: [(x, y)], the far side
        first, nearest the thrower first, at the widest pitch that holds them."""
        x0, x1 = self.xs[k], self.xs[k + 1]
        t = self.top(k)
        d = self.depth
        for p in (8, 7, 6):
            cols = (x1 - x0 - 2) // p
            if lv == 4 or lv == -1:
                y0, y1 = self.pocket_rows()
                rows = [y0 + 1] if lv == 4 else []
                if lv == -1:
                    rows = [y for y in range(t, y0 - DIE + 1, p)] + [
                        y for y in range(y1 + 1, t + d - DIE + 1, p)]
            else:
                m = d // p
                my = (d - m * p) // 2 + (p - DIE) // 2
                rows = [t + my + i * p for i in range(m)]
            out = []
            mx = x0 + 2 + (x1 - x0 - 2 - cols * p) // 2
            for y in rows:
                for c in range(cols):
                    out.append((mx + c * p, y))
            if len(out) >= n or p == 6:
                return out
        return []

    def place(self, dice):
        """Each die's sprite place: [(seat, face, x, y, i)] (i: its index in ``dice``),
        in the free slot nearest its spot."""
        out = []
        for lv, k in ((1, 2), (2, 3), (3, 4), (4, 5), (-1, 5)):
            ds = [d + [i] for i, d in enumerate(dice) if d[2] == lv]
            if not ds:
                continue
            free = self.slots(k, lv, len(ds))
            u0, u1 = UNITS[k], UNITS[k + 1]
            x0, x1 = self.xs[k], self.xs[k + 1]
            ds.sort(key=lambda d: d[3])
            for d in ds:
                want_x = x0 + (d[3] - u0) * (x1 - x0) // (u1 - u0) - DIE // 2
                want_y = self.lane_y(k, d[4]) - DIE // 2
                best = None
                for i in range(len(free)):
                    sx, sy = free[i]
                    e = (sx - want_x) * (sx - want_x) + (sy - want_y) * (sy - want_y)
                    if best is None or e < best[0]:
                        best = (e, i)
                if best is None:  # more dice than places: on top of the last one
                    sx, sy = out[-1][2:] if out else (x0, self.top(k))
                else:
                    sx, sy = free.pop(best[1])
                out.append((d[0], d[1], sx, sy, d[5]))
        return out

    def sprite(self, i, seat, face, x, y):
        g = self.dice[i]
        s = seat % 4
        g[0] = s * 7 + face
        g.pixel_shader = self.pals[seat]
        g.x, g.y = x, y
        g.hidden = False

    def draw(self, board, mover=None, legend=False, hide=None):
        """The dice of ``board`` ([seat, face, level, x, y]); ``mover``: (seat, face,
        part, lane) for the die being thrown, or None; ``legend``: each seat's shape on
        text row 0 after its name ("P1   P2   P3"); ``hide``: a die of ``board`` left
        out (by index: the die just landed blinks)."""
        key = ([tuple(d) for d in board], mover, legend, hide)
        if key == self.seen:
            return
        self.seen = key
        if self.set_widths([sum(1 for d in board if d[2] == lv) for lv in (1, 2, 3)]):
            self.redraw()
        self.places = self.place(board)
        n = 0
        for seat, face, x, y, i in self.places:
            self.sprite(n, seat, face, x, y)
            self.dice[n].hidden = i == hide
            n += 1
        if mover is not None:
            seat, face, k, lane = mover
            x0, x1 = self.xs[k], self.xs[k + 1]
            y = max(self.top(k), min(self.lane_y(k, lane) - DIE // 2,
                                     self.top(k) + self.depth - DIE))  # fmt: skip
            self.sprite(MAX_DICE, seat, face, (x0 + x1 - DIE) // 2, y)
        else:
            self.dice[MAX_DICE].hidden = True
        for i in range(n, MAX_DICE):
            self.dice[i].hidden = True
        fw = self.text.cell[0] // self.text.scale
        for s in range(len(self.seats)):
            g = self.dice[MAX_DICE + 1 + s]
            if legend:  # "P1   P2   P3": a blank die after each name
                self.sprite(MAX_DICE + 1 + s, s, 0, (5 * s + 2) * fw + 2, 2)
            else:
                g.hidden = True
        self.text.dirty = True

    def redraw(self):
        """The whole background again (the steps moved): steps, arrow and bar."""
        self.bmp.fill(0)
        self.stairs()
        if self.aim is not None:
            self.arrow(self.aim[0], 5)
        bar, self.bar = self.bar, None
        if bar is not None:
            self.set_bar(bar[0], bar[1])
        self.text.dirty = True

    # -- the aim and the power -----------------------------------------------------
    def set_aim(self, lane, seat):
        """The aim arrow across 0x at ``lane``, its line dotted on over the steps, in
        the thrower's colour; None: no arrow."""
        want = None if lane is None else (lane, seat)
        if want == self.aim:
            return
        if self.aim is not None:
            self.arrow(self.aim[0], None)
        self.aim = want
        if lane is not None:
            if self.colour:
                self.pal[5] = SEAT_COLOURS[self.seats[seat]]
            self.arrow(lane, 5)
        self.text.dirty = True

    def arrow(self, lane, c):
        """Draw (or with c None, rub out) the arrow and its line."""
        xs = self.xs
        y = self.lane_y(1, lane)
        ink = 2 if c is None else c  # rubbed out: the tread again
        for x in range(xs[1] + 1, xs[2] - 1):
            self.px(x, y, ink)
        tip = xs[2] - 2
        for j in (1, 2):
            self.px(tip - j, y - j, ink)
            self.px(tip - j, y + j, ink)
        for k in (2, 3, 4):
            y = self.lane_y(k, lane)
            for x in range(xs[k] + 1, xs[k + 1] - 1, 4):
                self.px(x, y, 2 if c is None else 6)
                self.px(x + 1, y, 2 if c is None else 6)

    def aim_tip(self, lane):
        """Where the arrow's tip is drawn: (x, y)."""
        return self.xs[2] - 2, self.lane_y(1, lane)

    def set_bar(self, box, power):
        """A power bar filling box (x, y, w, h in picture pixels) to ``power`` of 100,
        in the thrower's colour; box None: no bar. Only the columns that change are drawn."""
        box = None if box is None else tuple(box)
        old = self.bar
        if old is not None and old[0] == box and old[1] == power:
            return
        self.bar = None if box is None else (box, power)
        if old is not None and old[0] != box:
            x, y, w, h = old[0]
            for i in range(w):
                for j in range(h):
                    self.px(x + i, y + j, 0)
            old = None
        if box is not None:
            x, y, w, h = box
            fill = 1 + (w - 2) * power // 100  # columns 1 .. fill - 1 are lit
            if old is None:
                lo, hi = 0, w
            else:
                was = 1 + (w - 2) * old[1] // 100
                lo, hi = min(was, fill), max(was, fill)
            for i in range(lo, hi):
                for j in range(h):
                    edge = i in (0, w - 1) or j in (0, h - 1)
                    self.px(x + i, y + j, 5 if edge or i < fill else 0)
        self.text.dirty = True
