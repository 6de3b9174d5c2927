"""Tumblin' Dice's virtual board as a picture (T1, T6, S1): the staircase seen from the
side and a little above, falling away to the right from the launch pad (app/tumblin/art.py
draws the steps and the dice's sprites). A step's dice sit on a grid of slots, each in the
slot nearest where it lies; a crowded step is drawn wider (the empty ones narrower), and
only when the steps together cannot hold them apart are they packed closer: every face
shows, never a count of dice left out. One background bitmap (steps, labels, the aim
arrow, the power bar) under the text rows, and one TileGrid per die over one sheet."""

import displayio

from slampad.app.tumblin import art
from slampad.app.tumblin.art import COLOURS, DIE, MONO, UNITS, sprite_sheet
from slampad.app.ui import SEAT_COLOURS
from slampad.games import tumblin_board as tb

MAX_DICE = 16  # four seats, four dice

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
        art.stairs(self)
        t.group.insert(0, self.group)  # under the text rows

    def close(self):
        self.text.drop(self.group)

    def show(self, on):
        if self.group.hidden == on:
            self.group.hidden = not on
            self.text.changed()

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
                y0, y1 = art.pocket_rows(self)
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
        self.text.changed()

    def redraw(self):
        """The whole background again (the steps moved): steps, arrow and bar."""
        self.bmp.fill(0)
        art.stairs(self)
        if self.aim is not None:
            self.arrow(self.aim[0], 5)
        bar, self.bar = self.bar, None
        if bar is not None:
            self.set_bar(bar[0], bar[1])
        self.text.changed()

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
        self.text.changed()

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
        self.text.changed()
