"""Wildside on the 240x240 colour display, a layout that fills it: the seat rows spread
over the top with the dice three times their size and each seat's count as tall, the
message rows under them, the countdown and "SLAM!" big in the message rows left free."""

import displayio
import terminalio

from slampad.app.big import BigText
from slampad.app.ui import SEAT_COLOURS
from slampad.app.wildside.icons import DiceRows
from slampad.app.wildside.slamview import SlamView
from slampad.app.wildside.slamview import SlamView as View

BIG_DICE = 3  # the dice's scale on a big display
BIG_TILE = 11  # ... and their tile: five fit between the seat's name and its count
MSG_ROWS = 4  # message rows kept on a big display: the ruling's picture and three lines
MAX_PITCH = 56  # a seat row's height on a big display, at most


class View(View):
    def __init__(self, app):
        SlamView.__init__(self, app)
        self.big_at = None  # the countdown's top on the glass

    def make(self, pads):
        """The text rows are moved to their places (put back by close)."""
        t = self.text
        n = len(pads)
        fw, fh = t.cell
        h = t.rows * fh
        pitch = min(MAX_PITCH, (h - MSG_ROWS * fh) // n)
        top = n * pitch
        self.room = (h - top) // fh
        self.msg_y = [top + i * fh for i in range(self.room)]
        for r in range(t.rows):  # a seat's words centred in its row; the rest below
            y = r * pitch + (pitch - fh) // 2 if r < n else top + (r - n) * fh
            t.labels[r][0].y = min(y, h) // t.scale  # rows past the room: off the glass
        tile = BIG_TILE * BIG_DICE
        ys = [(r * pitch + (pitch - tile) // 2) // BIG_DICE for r in range(n)]
        x = (3 * fw + 4) // BIG_DICE  # just after the seat's name
        self.icons = DiceRows(t, n, (BIG_TILE, BIG_TILE), BIG_DICE, x, ys)
        self.counts = Counts(t, [SEAT_COLOURS[p] for p in pads], pitch)
        self.blank = t.cols - 7  # the count in the last two columns, right of the dice
        self.big = self.shout = BigText(t, 0, 0, t.cols, 1, 5)
        self.big_at = None
        SlamView.make(self, pads)

    def fit_big(self, used):
        """The countdown and "SLAM!" fill the message rows under the ``used`` ones (the
        message's words stay readable above them)."""
        t = self.text
        y = self.msg_y[min(max(1, used), self.room - 1)]
        if self.big_at != y:
            self.big_at = y
            self.big.place((0, y, t.display.width, t.rows * t.cell[1] - y))


class Counts:
    """Each seat's dice count as tall as its dice: drawn over the count in the seat's
    words (opaque, so the small one underneath does not show)."""

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
