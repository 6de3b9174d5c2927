"""The Diceland hex map as a small bitmap under the text rows (D1, S1).

Each hex is a 13x9 box: its border in the terrain's colour (dotted on the mono
display when the hex is empty), filled with its owner's colour (mono: P1 filled,
P2 outlined), a 3x5 terrain letter (F forest, T town, H hill, M mountain, C a
capital) and the die's value. The cursor is a frame around the hex (yellow on
colour), a picked hex a dotted frame (and drawn inverted on mono). 128x52 at
1 bit on the 128x64 OLED (below the status row); 120x84 at 4 bits, doubled, on
the 240x240 display. The view scrolls to keep the cursor in sight; only changes are drawn.
"""

import displayio

CW, CH, PX, PY = 13, 9, 14, 10  # a hex box, and the pitch between hexes
# 3x5 glyphs, one octal digit (3 pixels, left = 4) per row, top to bottom.
FONT = {"1": "26227", "2": "71747", "3": "71317", "4": "55711", "5": "74717", "6": "74757",
        "F": "74644", "T": "72222", "H": "55755", "M": "57755", "C": "74447"}
TERR = ("", "F", "T", "H", "M")
# Palette: 0 ground, 1 ink, 2 P1, 3 P2, 4 cursor, 5-9 terrain (plains..mountain), 10 pick.
COLOURS = (0x000000, 0xFFFFFF, 0xE02020, 0x3060FF, 0xFFE000,
           0x507040, 0x10A030, 0xD0A050, 0xA06020, 0xA0A0B0, 0x00E0E0)


class HexMap:
    def __init__(self, app, game):
        hw = app.hw
        self.app = app
        self.g = game
        self.mono = not hw.colour
        big = hw.width >= 200
        self.w, self.h = (120, 84) if big else (hw.width, hw.height - 12)
        n = 2 if self.mono else len(COLOURS)
        self.bmp = displayio.Bitmap(self.w, self.h, n)
        pal = displayio.Palette(n)
        for i in range(n):
            pal[i] = COLOURS[i] if not self.mono else (0, 0xFFFFFF)[i]
        self.group = displayio.Group(scale=2 if big else 1, y=48 if big else 12)
        self.group.append(displayio.TileGrid(self.bmp, pixel_shader=pal))
        app.text.group.insert(0, self.group)  # under the text rows
        sc = game.scene
        xs, ys = [], []
        for q, r in sc.cells:
            xs.append((q + (r - (r & 1)) // 2) * PX + (r & 1) * (PX // 2))
            ys.append(r * PY)
        x0, y0 = min(xs), min(ys)
        self.pos = [(xs[i] - x0 + 1, ys[i] - y0 + 1) for i in range(sc.n)]
        self.ww = max(xs) - x0 + CW + 2
        self.wh = max(ys) - y0 + CH + 2
        self.ox = self.oy = 0
        self.marks = []  # (hex, colour) frames drawn now
        self.seen = None  # the state last drawn

    def close(self):
        try:
            self.app.text.group.remove(self.group)
        except ValueError:
            pass  # closed already
        self.app.text.dirty = True

    def show(self, on):
        self.group.hidden = not on
        self.app.text.dirty = True

    # -- drawing ---------------------------------------------------------
    def px(self, x, y, c):
        x -= self.ox
        y -= self.oy
        if 0 <= x < self.w and 0 <= y < self.h:
            self.bmp[x, y] = c

    def glyph(self, ch, x, y, c):
        rows = FONT[ch]
        for j in range(5):
            bits = int(rows[j])
            for k in range(3):
                if bits & (4 >> k):
                    self.px(x + k, y + j, c)

    def frame(self, x, y, w, h, c, dots=False):
        for k in range(w):
            if not dots or not k & 1:
                self.px(x + k, y, c)
                self.px(x + k, y + h - 1, c)
        for k in range(1, h - 1):
            if not dots or not k & 1:
                self.px(x, y + k, c)
                self.px(x + w - 1, y + k, c)

    def cell(self, i, picked):
        g = self.g
        x, y = self.pos[i]
        own = g.owner[i]
        fill = (0, 2, 3)[own + 1] if not self.mono else (own == 0) ^ (i in picked)
        for j in range(1, CH - 1):
            for k in range(1, CW - 1):
                self.px(x + k, y + j, fill)
        t = g.scene.terrain[i]
        edge = 1 if self.mono else 5 + t if g.options["terrain"] else 9
        self.frame(x, y, CW, CH, edge, self.mono and own < 0)
        ink = 1 - fill if self.mono else 1  # mono: a picked hex is drawn inverted
        caps = g.scene.capitals if g.options["capital"] else None
        ch = "C" if caps and i in caps else TERR[t] if g.options["terrain"] else ""
        if ch:
            self.glyph(ch, x + 2, y + 2, ink)
        if own >= 0:
            self.glyph(str(g.value[i]), x + 7 if ch else x + 5, y + 2, ink)

    def follow(self, i):
        """Scroll so hex i is in view; True when the view moved."""
        x, y = self.pos[i]
        ox, oy = self.ox, self.oy
        if self.ww <= self.w:
            ox = -((self.w - self.ww) // 2)
        elif x - 1 < ox or x + CW + 1 > ox + self.w:
            ox = max(0, min(x + CW // 2 - self.w // 2, self.ww - self.w))
        if self.wh <= self.h:
            oy = -((self.h - self.wh) // 2)
        elif y - 1 < oy or y + CH + 1 > oy + self.h:
            oy = max(0, min(y + CH // 2 - self.h // 2, self.wh - self.h))
        moved = (ox, oy) != (self.ox, self.oy)
        self.ox, self.oy = ox, oy
        return moved

    def draw(self, cursor, picked):
        """Redraw what changed: the board, or only the frames. cursor: a hex or None."""
        g = self.g
        state = (list(g.owner), list(g.value), list(picked) if self.mono else 0)
        moved = cursor is not None and self.follow(cursor)
        if moved or state != self.seen:
            self.seen = state
            self.bmp.fill(0)
            self.marks = []
            for i in range(g.scene.n):
                self.cell(i, picked)
        for m in self.marks:  # rub out the old frames
            x, y = self.pos[m[0]]
            self.frame(x - 1, y - 1, CW + 2, CH + 2, 0)
        self.marks = [(i, 10) for i in picked]
        if cursor is not None:
            self.marks.append((cursor, 4 if not self.mono else 1))
        for i, c in self.marks:
            x, y = self.pos[i]
            self.frame(x - 1, y - 1, CW + 2, CH + 2, c if not self.mono else 1, c == 10)
        self.app.text.dirty = True


SAY = {"no_attack": "%s can't attack (%d in a row)", "eliminated": "%s loses a die",
       "invade": "%s moves in", "fill": "%s moves in", "group": "%s groups: %d",
       "town": "%s town: %d", "capital": "%s takes the capital!"}


def tell(scr, events):
    """The rules core's events in words (D2, D3, D7, D8, D9); [] when none is news."""
    out = []
    for e in events:
        k = e[0]
        who = scr.name(e[1]) if isinstance(e[1], int) else ""
        if k == "attack":  # D3: the defender loses the roll, or the attacker 1
            lose = who + " -1" if e[5] == "failed" else "%s -%d" % (scr.name(1 - e[1]), e[4])
            out.append("Roll %d: %s, %s" % (e[4], e[5], lose))
        elif k == "roll":
            out.append(who + " rolls " + " and ".join(str(r) for r in e[2]))
        elif k == "first":
            out.append("Dice sums %d to %d: %s starts" % (e[2][0], e[2][1], who))  # D2
        elif k in SAY:
            t = SAY[k]
            out.append(t % (who, e[-1]) if "%d" in t else t % who)
    return out
