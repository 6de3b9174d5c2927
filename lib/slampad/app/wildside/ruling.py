"""A Wildside ruling as one picture (issue 17): who took how many dice from whom and on
which symbol, a wrong slam's die going to the penalty pool, a dead heat. One text row
high, over a blank message row; drawn with the dice icons' sheet (icons.py) and the
font's glyphs, seat names in their S1 colours on a colour display.

A match:    P1 <[moon][moon] P3 +2[die]   (two dice on moon from P3, and the pool's two)
A penalty:  P2 [die]> pool                (P2 loses a die to the pool, W8)
Dead heat:  P1 = P4                       (no dice move, W6)
"""

import displayio
import terminalio

from slampad.app.ui import SEAT_COLOURS
from slampad.app.wildside.icons import DIE, LEFT, MAX_DICE, RIGHT, tile_of
from slampad.games import wildside_match as wm

GAP = 3  # pixels between the picture's parts, at the text's scale
SEATS, NOTES, RUNS = 4, 3, 2  # parts of each kind in one picture, at most


def taken_on(ra, rb, n):
    """The symbols the n dice taken were paired on (W3: min of the two counts per
    symbol), or wild for an all-wild match (W4)."""
    if wm.all_wild(ra) or wm.all_wild(rb):
        return ["wild"] * n
    on = []
    for f in wm.SYMBOLS:
        on += [f] * min(ra.count(f), rb.count(f))
    return on[:n]


def parts(ev, rolled, pads):
    """The picture of a ruling's events: [("seat", pad) | ("tiles", [tile, ...]) |
    ("note", text), ...]; [] when there is nothing to draw (nobody slammed)."""
    for e in ev:
        k = e[0]
        if k == "match":  # W3/W4: n dice from the victim, and the pool with them (W8)
            _, s, v, n, moved = e
            tiles = [tile_of(f) for f in taken_on(rolled[s], rolled[v], n)]
            tiles += [DIE] * (n - len(tiles))
            out = [("seat", pads[s]), ("tiles", [LEFT] + tiles[: MAX_DICE - 1]), ("seat", pads[v])]
            if moved > n:
                out += [("note", "+%d" % (moved - n)), ("tiles", [DIE])]
            return out
        if k == "penalty":  # W8: each loses one die to the pool
            out = [("seat", pads[s]) for s in e[1]]
            return out + [("tiles", [DIE] * len(e[1]) + [RIGHT]), ("note", "pool")]
        if k == "dead_heat":  # W6: the seats that slammed together, no dice move
            out = []
            for s in e[1]:
                if out:
                    out.append(("note", "="))
                out.append(("seat", pads[s]))
            return out
    return []


def drawn(words):
    """Which of a ruling's lines the picture draws whole, or None: the match (both seats
    and the symbols, wherever it is: lost presses are owned up to after it), or the last
    line when it is a die lost to the pool. On a display with few message rows the
    picture stands for it, so the ruling takes no longer to show than its words alone
    and a match line of two rows is never split over two pages (slamview.paged)."""
    for i in range(len(words)):
        if " matches P" in words[i] or "s dice match P" in words[i]:
            return i
    if words and words[-1].endswith("loses a die"):
        return len(words) - 1
    return None


class Ruling:
    """The picture's parts, made once: seat names, notes and runs of icons, placed
    left to right and centred; a part that would not fit whole is left out."""

    def __init__(self, text, icons):
        font = terminalio.FONT
        self.fw, self.fh = font.get_bounding_box()
        self.font = font
        self.text = text
        self.tw = icons.tw
        self.group = displayio.Group(scale=text.scale)
        self.group.hidden = True
        self.kinds = {"seat": [], "note": [], "tiles": []}
        for kind, n, chars in (("seat", SEATS, 2), ("note", NOTES, 4)):
            for _ in range(n):
                pal = displayio.Palette(2)
                pal[0] = 0
                pal.make_transparent(0)
                pal[1] = 0xFFFFFF
                grid = displayio.TileGrid(font.bitmap, pixel_shader=pal, width=chars, height=1,
                                          tile_width=self.fw, tile_height=self.fh)  # fmt: skip
                self.kinds[kind].append((grid, pal))
        oy = (self.fh - icons.th) // 2
        for _ in range(RUNS):
            grid = displayio.TileGrid(icons.sheet, pixel_shader=icons.pal, width=MAX_DICE,
                                      height=1, tile_width=icons.tw, tile_height=icons.th,
                                      default_tile=0, y=oy)  # fmt: skip
            self.kinds["tiles"].append((grid, None))
        for kind in ("tiles", "seat", "note"):
            for grid, _ in self.kinds[kind]:
                grid.hidden = True
                self.group.append(grid)
        self.now = None  # (parts, y) on screen
        self.shown = False
        self.box = (0, 0, 0, 0)  # on the glass: x, y, width, height
        text.group.append(self.group)

    def _chars(self, grid, s):
        for i in range(grid.width):
            g = self.font.get_glyph(ord(s[i]) if i < len(s) else 32)
            grid[i] = g.tile_index

    def show(self, items, y):
        """Draw ``items`` (parts()) with their top at glass row ``y``; [] hides it."""
        if (items, y) == self.now:
            return
        self.now = (items, y)
        self.text.changed()
        for kind in self.kinds:
            for grid, _ in self.kinds[kind]:
                grid.hidden = True
        self.shown = bool(items)
        self.group.hidden = not items
        if not items:
            return
        k = self.text.scale
        room = self.text.display.width // k
        used = {"seat": 0, "note": 0, "tiles": 0}
        x = 0
        for kind, what in items:
            i = used[kind]
            if i >= len(self.kinds[kind]):
                continue
            grid, pal = self.kinds[kind][i]
            if kind == "tiles":
                w = len(what) * self.tw
                for j in range(MAX_DICE):
                    grid[j] = what[j] if j < len(what) else 0
            else:
                s = "P%d" % (what + 1) if kind == "seat" else what
                w = len(s) * self.fw
                self._chars(grid, s)
                colour = SEAT_COLOURS[what] if kind == "seat" and self.text.colour else 0xFFFFFF
                pal[1] = colour
            if x + w > room:
                break  # never a part cut off: the words below say it all
            used[kind] = i + 1
            grid.x = x
            grid.hidden = False
            x += w + GAP
        width = max(0, x - GAP) * k
        self.group.x = (self.text.display.width - width) // 2
        self.group.y = y
        self.box = (self.group.x, y, width, self.fh * k)

    def hide(self):
        self.show([], 0)

    def close(self):
        self.text.drop(self.group)


def fly_from(v, s, rolled, now):
    """A match's die sets off from the victim's row (its last die, of a symbol the two
    rolls share) toward the collector's: [tile, row from, die from, row to, start]."""
    on = [f for f in rolled[v] if f in rolled[s] or f == "wild"] or rolled[v] or ["wild"]
    last = min(len(rolled[v]), MAX_DICE) - 1
    return (tile_of(on[-1]), v, max(0, last), s, now)
