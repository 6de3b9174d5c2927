"""Where Wildside's parts go on each display (issue 17 item 3).

The 128x64 OLED: each seat on a text row (the dice as icons in the row's cells), the
message rows below, the countdown's digit beside the seats. The 240x240 colour display
gets its own layout that fills it: the seat rows spread over the top with the dice three
times their size, the message rows under them, the countdown and "SLAM!" big in the
message rows left free. Either way a seat's words stay on text row s (the sim log and
the tests read them) and the message on the rows after the seats."""

import displayio
import terminalio

from slampad.app.big import BigText
from slampad.app.ui import SEAT_COLOURS
from slampad.app.wildside.icons import MAX_DICE, DiceRows
from slampad.app.wildside.ruling import Ruling

BIG_DICE = 3  # the dice's scale on a big display
BIG_TILE = 11  # ... and their tile: five fit between the seat's name and its count
MSG_ROWS = 4  # message rows kept on a big display: the ruling's picture and three lines
MAX_PITCH = 56  # a seat row's height on a big display, at most


def make(scr):
    """The dice rows, the countdown, the ruling's picture; on a big display the text
    rows are moved to their places (put back by close)."""
    t = scr.app.text
    n = len(scr.pads)
    fw, fh = t.cell
    if t.scale == 1:
        scr.icons = DiceRows(t, n)
        scr.blank = 2 * MAX_DICE  # the icons' cells in a seat's line
        scr.room = max(1, t.rows - n)
        scr.big = BigText(t, 2 * MAX_DICE + 8, 0, t.cols - 2 * MAX_DICE - 8, max(2, n), 1)
        scr.shout = None  # no room for "SLAM!": the message says it
        scr.msg_y = [(n + i) * fh for i in range(scr.room)]
        scr.counts = None  # the count is the line's
    else:
        h = t.rows * fh
        pitch = min(MAX_PITCH, (h - MSG_ROWS * fh) // n)
        top = n * pitch
        scr.room = (h - top) // fh
        scr.msg_y = [top + i * fh for i in range(scr.room)]
        for r in range(t.rows):  # a seat's words centred in its row; the rest below
            y = r * pitch + (pitch - fh) // 2 if r < n else top + (r - n) * fh
            t.labels[r][0].y = min(y, h) // t.scale  # rows past the room: off the glass
        tile = BIG_TILE * BIG_DICE
        ys = [(r * pitch + (pitch - tile) // 2) // BIG_DICE for r in range(n)]
        x = (3 * fw + 4) // BIG_DICE  # just after the seat's name
        scr.icons = DiceRows(t, n, (BIG_TILE, BIG_TILE), BIG_DICE, x, ys)
        scr.counts = Counts(t, [SEAT_COLOURS[p] for p in scr.pads], pitch)
        scr.blank = t.cols - 7  # the count in the last two columns, right of the dice
        scr.big = scr.shout = BigText(t, 0, 0, t.cols, 1, 5)
        scr.big_at = None
    scr.ruling = Ruling(t, scr.icons)


def fit_big(scr, used):
    """On a big display the countdown and "SLAM!" fill the message rows under the
    ``used`` ones (the message's words stay readable above them)."""
    if scr.shout is None:
        return
    t = scr.app.text
    i = min(max(1, used), scr.room - 1)
    y = scr.msg_y[i]
    if scr.big_at == y:
        return
    scr.big_at = y
    b = scr.big
    b.box = (0, y, t.display.width, t.rows * t.cell[1] - y)
    was, colour = b.shown, b.pal[1]
    if was:  # placed anew in the new box
        b.shown = ""
        b.show(was, colour)


def close(scr):
    """Take the pictures away and put the text rows back (the next screen's rows)."""
    if scr.icons is None:
        return
    for part in (scr.icons, scr.big, scr.shout, scr.ruling, scr.counts):
        if part is not None:
            part.close()  # twice is no harm (big and shout may be one)
    scr.icons = scr.big = scr.shout = scr.ruling = scr.counts = None
    t = scr.app.text
    for r in range(t.rows):
        t.labels[r][0].y = r * t.cell[1] // t.scale


class Counts:
    """Each seat's dice count as tall as its dice, on a big display: drawn over the
    count in the seat's words (opaque, so the small one underneath does not show)."""

    def __init__(self, t, colours, pitch):
        font = terminalio.FONT
        fw, fh = font.get_bounding_box()
        self.font = font
        self.text = t
        self.group = displayio.Group(scale=BIG_DICE)
        self.grids = []
        x = (t.display.width - 2 * fw * BIG_DICE) // BIG_DICE
        for r in range(len(colours)):
            pal = displayio.Palette(2)
            pal[0] = 0
            pal[1] = colours[r]
            y = (r * pitch + (pitch - fh * BIG_DICE) // 2) // BIG_DICE
            grid = displayio.TileGrid(font.bitmap, pixel_shader=pal, width=2, height=1,
                                      tile_width=fw, tile_height=fh, x=x, y=y)  # fmt: skip
            self.group.append(grid)
            self.grids.append(grid)
        self.shown = [None] * len(colours)
        t.group.append(self.group)

    def show(self, r, n):
        s = "%2d" % n
        if s != self.shown[r]:
            self.shown[r] = s
            for i in range(2):
                self.grids[r][i] = self.font.get_glyph(ord(s[i])).tile_index
            self.text.changed()

    def close(self):
        self.text.drop(self.group)
