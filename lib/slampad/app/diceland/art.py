"""The Diceland hex map as pictures under the text rows (D1, S1, D10): the widget both
views (oled.py, tft.py) own one of.

Each hex is a pointy-top hexagon (13x14 pixels, 14 apart, rows 12 apart): the owner by
its fill (mono: P1 solid, P2 outlined, empty dotted; colour: the S1 seat colours, empty
grey), a terrain picture (peak, tree, house, hill; a star for a capital) and the die's
value. The cursor is a ring (yellow), a picked hex a dotted ring (cyan); on mono a picked
hex is drawn inverted and the cursor's hex blinks inverted (BLINK).

All is blitted from one sprite sheet made at start (bit-packed ART) into a view bitmap:
98x52 at 1 bit on the OLED, a legend at its right; on 240x240, 80x56 tripled when the
scene fits, else 120x84 doubled. The view scrolls to keep the cursor and its neighbours
in sight; only changes are drawn.
"""

import bitmaptools
import displayio

from slampad.ticks import ticks_diff

W, H, PX, PY = 13, 14, 14, 12  # a hex's box, and the pitch between hexes
HALF = (1, 3, 5, 6, 6, 6, 6, 6, 6, 6, 6, 5, 3, 1)  # each row of a hex: x 6-h .. 6+h
# 5x5 marks and 3x5 digits, each row 5 bits (leftmost pixel the highest bit).
ART = (
    (0x0E, 0x1F, 0x0E, 0x04, 0x04),  # 0 forest: a tree
    (0x04, 0x0E, 0x1F, 0x0A, 0x0E),  # 1 town: a house with its door
    (0x00, 0x00, 0x0E, 0x1F, 0x1F),  # 2 hill: a low mound
    (0x04, 0x0A, 0x0A, 0x11, 0x1F),  # 3 mountain: a peak
    (0x04, 0x04, 0x1F, 0x0E, 0x0A),  # 4 capital: a star
    (0x04, 0x0C, 0x04, 0x04, 0x0E),  # 5-10 the digits 1-6
    (0x0E, 0x02, 0x0E, 0x08, 0x0E),
    (0x0E, 0x02, 0x06, 0x02, 0x0E),
    (0x0A, 0x0A, 0x0E, 0x02, 0x02),
    (0x0E, 0x08, 0x0E, 0x02, 0x0E),
    (0x0E, 0x08, 0x0E, 0x0A, 0x0E),
)
MARK = (-1, 0, 1, 2, 3)  # terrain code (plains first) -> its mark (-1: none); a capital: 4
STAR = 4
DIGIT0 = 4  # ART[DIGIT0 + v] is the digit v
# Palette: 0 ground, 1 ink, 2 P1, 3 P2, 4 empty, 5 an empty hex's edge, 6 cursor, 7 pick.
COLOURS = (0x000000, 0xFFFFFF, 0xE02020, 0x3060FF, 0x303030, 0x909090, 0xFFE000, 0x00E0E0)
BLINK = (500, 250)  # mono: the cursor's hex as it is, then inverted (ms)
WRAP = 1 << 29
# The sheet: four hex bodies (P1, P2, empty, mono cursor) then three rings (cursor,
# pick, ground);
# under them the glyphs (5 wide) in white ink, then again in black ink (mono).
RING = 4 * W
GY = H + 2


def inside(x, y):
    """True when (x, y) of a W x H box is in the hexagon."""
    return 0 <= y < H and abs(x - 6) <= HALF[y]


def depth(x, y):
    """-1 outside the hexagon, 0 on its rim, 1 just inside the rim, else 2."""
    if not inside(x, y):
        return -1
    for d in (1, 2):
        if not (inside(x - d, y) and inside(x + d, y) and inside(x, y - d) and inside(x, y + d)):
            return d - 1
    return 2


def snap(v, step):
    """v to the nearest multiple of step: the view shows whole rows of hexes."""
    return (v + step // 2) // step * step


class HexMap:
    def __init__(self, app, game):
        hw = app.hw
        self.app = app
        self.g = game
        self.mono = mono = not hw.colour
        sc = game.scene
        xs, ys = [], []
        for q, r in sc.cells:
            xs.append((q + (r - (r & 1)) // 2) * PX + (r & 1) * (PX // 2))
            ys.append(r * PY)
        x0, y0 = min(xs), min(ys)
        self.pos = [(xs[i] - x0 + 1, ys[i] - y0 + 1) for i in range(sc.n)]  # 1: the ring
        self.ww = max(xs) - x0 + W + 2
        self.wh = max(ys) - y0 + H + 2
        big = hw.width >= 200
        scale = 1
        if big:  # rows 2-8 of the 240x240 display: tripled when the scene fits, or doubled
            scale = 3 if self.ww <= hw.width // 3 and self.wh <= 168 // 3 else 2
            self.w, self.h, top = hw.width // scale, 168 // scale, 48
        else:  # the legend takes the right 30 pixels
            self.w, self.h, top = hw.width - 30, hw.height - 12, 12
        # The firmware's blit wants a destination as deep as the sheet, and the sheet
        # needs one index more than the colours, to see through: 2 bits on mono.
        self.clear = n = 2 if mono else len(COLOURS)
        n += 1
        self.bmp = displayio.Bitmap(self.w, self.h, n)
        pal = displayio.Palette(n)
        for i in range(n):
            pal[i] = COLOURS[i] if i < self.clear else 0
        self.sheet = self._sheet()
        self.group = displayio.Group(scale=scale, y=top)
        self.group.append(displayio.TileGrid(self.bmp, pixel_shader=pal))
        self.legend = None
        if not big:  # each seat's hex beside its name (mono: which fill is whose)
            self.legend = displayio.Bitmap(W, 2 * H + 10, n)
            self.legend.fill(0)
            for s in (0, 1):
                bitmaptools.blit(self.legend, self.sheet, 0, s * (H + 10), x1=s * W, y1=0,
                                 x2=s * W + W, y2=H, skip_source_index=n - 1)
            self.group.append(displayio.TileGrid(self.legend, pixel_shader=pal,
                                                 x=self.w + 1, y=5))
        app.text.group.insert(0, self.group)  # under the text rows
        self.ox = self.oy = 0
        self.marks = []  # (hex, ring) drawn now
        self.seen = None  # each hex as last drawn
        self.cur = None  # the cursor's hex, and the picked ones, as last asked
        self.picked = ()
        self.t0 = 0  # when the cursor last moved (the blink starts over)
        self.off = False  # mono: the cursor's hex is inverted now

    def _sheet(self):
        mono = self.mono
        sheet = displayio.Bitmap(max(RING + 3 * (W + 2), 10 * len(ART)), GY + 5, self.clear + 1)
        sheet.fill(self.clear)
        # Bodies: P1, P2, empty; then (mono) the cursor's solid hex, a line inside its rim.
        fill = (2, 3, 4, 1) if not mono else (1, 0, 0, 1)
        for y in range(H):
            for x in range(W):
                d = depth(x, y)
                if d < 0:
                    continue
                for k in range(4):
                    c = fill[k]
                    if d == 0 and k == 2:  # an empty hex's rim: grey, dotted on mono
                        c = 5 if not mono else (x + y) & 1
                    elif d == 0 and mono:
                        c = 1
                    elif d == 1 and k == 3:
                        c = 0
                    sheet[k * W + x, y] = c
        for y in range(H + 2):  # rings: a pixel beside the hex, left/right/above/below
            for x in range(W + 2):
                hx, hy = x - 1, y - 1
                if inside(hx, hy) or not (inside(hx - 1, hy) or inside(hx + 1, hy)
                                          or inside(hx, hy - 1) or inside(hx, hy + 1)):
                    continue
                for k in range(3):  # cursor, pick (dotted), ground
                    if k != 1 or (x + y) & 1:
                        sheet[RING + k * (W + 2) + x, y] = 0 if k == 2 else 1 if mono else 6 + k
        for t in range(len(ART)):
            for y in range(5):
                bits = ART[t][y]
                for x in range(5):
                    if bits & (16 >> x):
                        sheet[t * 5 + x, GY + y] = 1
                        if mono:
                            sheet[(len(ART) + t) * 5 + x, GY + y] = 0
        return sheet

    def show(self, on):
        self.group.hidden = not on
        self.app.text.changed()

    # -- drawing ---------------------------------------------------------
    def put(self, sx, sy, w, h, x, y):
        """Copy the sheet's w x h at (sx, sy) to world (x, y), clipped to the view."""
        x -= self.ox
        y -= self.oy
        if x < 0:
            sx -= x
            w += x
            x = 0
        if y < 0:
            sy -= y
            h += y
            y = 0
        w = min(w, self.w - x)
        h = min(h, self.h - y)
        if w > 0 and h > 0:
            bitmaptools.blit(self.bmp, self.sheet, x, y, x1=sx, y1=sy, x2=sx + w, y2=sy + h,
                             skip_source_index=self.clear)

    def look(self, i, style):
        """Hex i as drawn, in one small int (no allocation): owner + 1 (2 bits), value
        (3 bits), mark + 1 (3 bits), style (0 as it is; mono: 1 inverted, 2 the cursor's)."""
        g = self.g
        caps = g.scene.capitals if g.options["capital"] else None
        if caps and i in caps:
            m = STAR
        else:
            m = MARK[g.scene.terrain[i]] if g.options["terrain"] else -1
        own = g.owner[i]
        return own + 1 | (g.value[i] if own >= 0 else 0) << 2 | (m + 1) << 5 | style << 8

    def cell(self, i, look):
        own, v, m, style = (look & 3) - 1, look >> 2 & 7, (look >> 5 & 7) - 1, look >> 8
        x, y = self.pos[i]
        body = own if own >= 0 else 2
        if style == 1:  # mono: solid for outlined and the other way round
            body = 1 if own == 0 else 0
        elif style == 2 and body == 0:  # mono: the cursor on a solid hex, a line inside
            body = 3
        self.put(body * W, 0, W, H, x, y)
        ink = len(ART) * 5 if self.mono and body in (0, 3) else 0  # black on a solid hex
        if m >= 0:
            self.put(ink + m * 5, GY, 5, 5, x + 2 if v else x + 4, y + 4)
        if v:
            self.put(ink + (DIGIT0 + v) * 5 + 1, GY, 3, 5, x + (8 if m >= 0 else 5), y + 4)

    def follow(self, i):
        """Scroll so hex i and its neighbours are in view; True when the view moved."""
        x, y = self.pos[i]
        ox, oy = self.ox, self.oy
        if self.ww <= self.w:
            ox = -((self.w - self.ww) // 2)
        elif x - PX < ox or x + W + PX > ox + self.w:
            ox = max(0, min(snap(x + W // 2 - self.w // 2, PX // 2), self.ww - self.w))
        if self.wh <= self.h:
            oy = -((self.h - self.wh) // 2)
        elif y - PY < oy or y + H + PY > oy + self.h:
            oy = max(0, min(snap(y + H // 2 - self.h // 2, PY), self.wh - self.h))
        moved = (ox, oy) != (self.ox, self.oy)
        self.ox, self.oy = ox, oy
        return moved

    def blink(self, now):
        """Mono: the cursor's hex as it is, then inverted, while a hex is to be picked;
        True while it blinks."""
        if not self.mono or self.cur is None or self.group.hidden:
            return False
        off = ticks_diff(now, self.t0, WRAP) % (BLINK[0] + BLINK[1]) >= BLINK[0]
        if off != self.off:  # only the cursor's hex: its ring never touches it
            self.off = off
            i = self.cur
            self.seen[i] = look = self.look(i, self.style(i, i, self.picked))
            self.cell(i, look)
            self.app.text.changed()
        return True

    def style(self, i, cursor, picked):
        """How hex i is drawn (look): mono inverts a picked hex, and the cursor's hex
        while it blinks, and draws a line inside the cursor's hex when solid."""
        if not self.mono:
            return 0
        if (i in picked) != (i == cursor and self.off):
            return 1
        return 2 if i == cursor else 0

    def draw(self, cursor, picked):
        """Redraw what changed: the hexes, or only the rings. cursor: a hex or None."""
        g = self.g
        n = g.scene.n
        if cursor != self.cur:
            self.cur = cursor
            self.t0 = self.app.now
            self.off = False
        self.picked = picked
        moved = cursor is not None and self.follow(cursor)
        seen = self.seen
        if moved or seen is None:
            self.bmp.fill(0)
            seen = [None] * n
            self.marks = []
        for m in self.marks:  # rub out the old rings: a ring's pixels never touch a hex
            x, y = self.pos[m[0]]
            self.put(RING + 2 * (W + 2), 0, W + 2, H + 2, x - 1, y - 1)
        for i in range(n):
            look = self.look(i, self.style(i, cursor, picked))
            if look != seen[i]:
                seen[i] = look
                self.cell(i, look)
        self.seen = seen
        self.marks = [(i, 1) for i in picked if i != cursor]
        if cursor is not None:
            self.marks.append((cursor, 0))
        for i, k in self.marks:
            x, y = self.pos[i]
            self.put(RING + k * (W + 2), 0, W + 2, H + 2, x - 1, y - 1)
        self.app.text.changed()
