"""What both Wildside views share (oled.py and tft.py are each a ``SlamView``): the seat
rows (S1 colours; W1 faces as icons, icons.py; the dice count, W9's set-aside dice
included), the ruling below them (its picture first, ruling.py, on a message row of its
own, then its words) in pages, the countdown's digit, and the frame-driven pictures: the
dice tumbling and a ruling's die flying to the seat that collects it.

Each display places the parts its own way (``make``); a seat's words stay on text row s
(the sim log and the tests read them) and the message on the rows after the seats."""

from slampad.app.ui import SEAT_COLOURS, seat_colour, wrap
from slampad.app.view import View
from slampad.app.wildside.icons import FACES, MAX_DICE, UNKNOWN, tile_of
from slampad.app.wildside.ruling import Ruling
from slampad.ticks import ticks_diff

WRAP = 1 << 29
FRAME_MS = 60  # the tumbling dice's frame
PAGE_MS = 1600  # long rulings are shown a page at a time, each this long at least ...
WORD_MS = 300  # ... and long enough to read: this per word on it ...
BASE_MS = 400  # ... plus this (finding the place)
FLY_MS = 600  # a ruling's die flies from the victim's row to the collector's
SHOUT = 0xFFE000  # "SLAM!" where there is room for it


def read_ms(rows):
    """How long a page of ``rows`` stays up: long enough to read its words."""
    n = 0
    for x in rows:
        n += len(x.split())
    return max(PAGE_MS, BASE_MS + WORD_MS * n)


def paged(msgs, cols, room):
    """Messages (None: the picture's row) in ``room`` rows of ``cols``: (rows, the
    message of each row, where each page starts). A message starts a page unless it fits
    under the last one, so a page never ends mid-sentence; only a message longer than a
    page goes on over the next (a ruling has none: its lines are one row each but the
    match, shown only where it fits whole, ruling.drawn)."""
    out, of, starts = [], [], []
    for i in range(len(msgs)):
        part = [""] if msgs[i] is None else wrap(msgs[i], cols)
        if not starts or len(out) - starts[-1] + len(part) > room:
            starts.append(len(out))
        for j in range(len(part)):
            if j and len(out) - starts[-1] >= room:
                starts.append(len(out))
            out.append(part[j])
            of.append(i)
    return out, of, starts


class SlamView(View):
    def __init__(self, app):
        View.__init__(self, app)
        self.icons = None  # the dice pictures (icons.DiceRows), made at the first show
        self.big = None  # the countdown's digit (app/big.py), made with them
        self.shout = None  # "SLAM!" where there is room for it, or None
        self.ruling = None  # the ruling's picture (ruling.Ruling)
        self.counts = None  # a big display's dice counts
        self.room = 1  # message rows
        self.blank = 0  # the icons' cells in a seat's line
        self.msg_y = []  # each message row's top on the glass
        self.game = self.moment = None  # what was shown last
        self.said = None  # the message on screen (the moment's "said")
        self.page = 0
        self.page_at = 0
        self.msgs_lines = []
        self.own = 0  # msgs_lines that are the game's own words (not a stuck pad's note)
        self.own_pages = 0  # ... and the pages they take
        self.page_starts = []  # where each page starts in msgs_lines
        self.page_ms = []  # how long each page stays up (read_ms)
        self.own_ms = 0  # ... the game's own pages, all told: the result stays this long
        self.frame = -1  # the tumbling dice's frame on screen
        self.flew = None  # the moment's last flying die ...
        self.fly = None  # ... while it flies: [tile, row from, die from, row to, start]

    def make(self, pads):
        """The dice rows, the countdown, the ruling's picture, placed for the display."""
        self.ruling = Ruling(self.text, self.icons)

    def fit_big(self, used):
        """Place the countdown around the ``used`` message rows (a big display's)."""

    def show(self, game, moment):
        self.game = game
        self.moment = moment
        said = moment["said"]
        if said is not self.said:  # a new message: its first page
            self.said = said
            self.page = 0
            self.page_at = said[2]
        if moment["fly"] is not self.flew:
            self.flew = self.fly = moment["fly"]
        if not self.tumbling():
            self.frame = -1
        self.draw()

    def tumbling(self):
        """The dice are rolling: after 3-2-1, before the window opens."""
        m = self.moment
        return m["stage"] == "count" and m["beat"] >= 3

    def tumble_tiles(self, s, frame):
        """Seat s's dice mid-roll: faces that change every frame, a different run per die."""
        g = self.game
        n = min(MAX_DICE, len(g.rolled[s]) or g.dice[s])
        return [1 + (frame + 2 * s + 3 * j) % len(FACES) for j in range(n)]

    def big_text(self):
        """The countdown's digit, "SLAM!" in the window where there is room, or ""."""
        m = self.moment
        if m["stage"] == "count" and 0 <= m["beat"] < 3:
            return str(3 - m["beat"])
        return "SLAM!" if m["stage"] == "window" and self.shout is not None else ""

    def draw(self):
        g = self.game
        m = self.moment
        t = self.text
        pads = m["pads"]
        if self.icons is None:
            self.make(pads)
        big = self.big_text()
        if not big:
            self.big.show("")  # before the words: they may move it
        lines = []
        colours = []
        shown = g.phase in ("window", "choose") or m["stage"] == "result"
        blank = " " * self.blank  # the icons' cells
        for s in range(len(pads)):
            n = g.dice[s]
            dice = blank
            if s not in g.active:
                dice = "out" + blank[3:]
                tiles = ()
            elif self.tumbling():
                tiles = self.tumble_tiles(s, max(0, self.frame))
            elif shown:
                tiles = [tile_of(f) for f in g.rolled[s]]
            else:
                tiles = [UNKNOWN] * min(MAX_DICE, n)
            self.icons.show(s, tiles)
            if self.counts is not None:
                self.counts.show(s, n)  # the big display's count, over the words' one
            mark = ">" if s == m["slammer"] else " "
            lines.append("%sP%d %s %2d" % (mark, pads[s] + 1, dice, n))
            colours.append(SEAT_COLOURS[pads[s]])
        room = self.room
        pic = msgs = None
        if self.said is not None:
            msgs, pic = self.said[0], self.said[1]
        msgs = msgs or []
        if pic:  # None: the picture's row, first; on few rows it stands for the line it draws
            d = pic[1]
            if d is not None and sum(len(wrap(x, t.cols)) for x in msgs) >= room:
                msgs = msgs[:d] + msgs[d + 1 :]
            msgs = [None] + msgs
        mine = len(msgs)
        note = m["stuck"]
        if note:  # W13: last, so it pages after the game's words and covers none
            msgs = msgs + [note]
        out, of, starts = paged(msgs, t.cols, room)
        self.msgs_lines = out
        self.page_starts = starts
        tints = [seat_colour(msgs[i] or "") if i < mine else 0xFFFFFF for i in of]
        own = len([i for i in of if i < mine])  # rows of the game's own words
        self.own = own
        self.own_pages = len([x for x in starts if x < own])
        ends = starts[1:] + [len(out)]
        self.page_ms = [read_ms(out[starts[i] : ends[i]]) for i in range(len(starts))]
        self.own_ms = sum(self.page_ms[: self.own_pages])
        p = self.page % max(1, len(starts))
        page = []
        if starts:
            end = starts[p + 1] if p + 1 < len(starts) else len(out)
            page = out[starts[p] : end]
            colours += tints[starts[p] : end]
        self.ruling.show(pic[0] if pic and p == 0 else [], self.msg_y[0])
        self.fit_big(len(page))
        t.show(lines + page, colours + [0xFFFFFF] * room)
        if big:
            self.big.show(big, SHOUT if big == "SLAM!" else 0xFFFFFF)

    def pages(self):
        """The pages the game's own words take (the screen holds the result for them)."""
        return self.own_pages

    def tick(self, now):
        """Frame-driven pictures, never a sleep: the dice tumbling on the screen as on the
        LEDs, a ruling's die flying to the seat that collects it; and the next page."""
        g = self.game
        moving = False
        if self.icons is not None:
            if self.tumbling():
                moving = True
                frame = ticks_diff(now, self.moment["t0"], WRAP) // FRAME_MS
                if frame != self.frame:
                    self.frame = frame
                    for s in range(len(self.moment["pads"])):
                        if s in g.active:
                            self.icons.show(s, self.tumble_tiles(s, frame))
            fly = self.fly
            if fly is not None:
                part = ticks_diff(now, fly[4], WRAP)
                if part >= FLY_MS or part < 0:
                    self.fly = None
                    self.icons.land()
                else:
                    moving = True
                    n = len(g.rolled[fly[3]])
                    self.icons.fly(fly[0], fly[1], fly[2], fly[3], n, part, FLY_MS)
        if self.said and self.said[0] and len(self.page_starts) > 1:
            moving = True
            ms = self.page_ms[self.page % len(self.page_starts)]
            if ticks_diff(now, self.page_at, WRAP) >= ms:
                self.page += 1
                self.page_at = (self.page_at + ms) % WRAP  # no drift: play.py holds own_ms
                self.draw()
        return moving

    def close(self):
        """Take the pictures away and put the text rows back (the next screen's rows)."""
        if self.icons is None:
            return
        for part in (self.icons, self.big, self.shout, self.ruling, self.counts):
            if part is not None:
                part.close()  # twice is no harm (big and shout may be one)
        self.icons = self.big = self.shout = self.ruling = self.counts = None
        t = self.text
        for r in range(t.rows):
            t.labels[r][0].y = r * t.cell[1] // t.scale
