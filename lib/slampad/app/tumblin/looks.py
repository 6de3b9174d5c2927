"""How Tumblin' Dice looks on either display: the parent of oled.View and tft.View.

The virtual board is a picture (app/tumblin/board.py: the steps from the side, every
die where it lies, the aim arrow and the power bar) with words around it (each view
writes its own: a status row on the OLED, rows above and below on 240x240), each
prompt saying who acts and what to do; the roll-off, the table board and the round's
scores are text; and the seat LEDs (S1 colours; a roll-off die as lit pixels).
The play screen hands over its moment (app/tumblin/throws.py's moment() says what
each key is) and the game; a view reads them and never changes them."""

from slampad.app import view
from slampad.app.tumblin import tally, words
from slampad.app.tumblin.board import BoardView
from slampad.app.tumblin.words import name
from slampad.app.ui import SEAT_COLOURS, wrap
from slampad.app.ui import rgb as _rgb
from slampad.ticks import ticks_diff

WRAP = 1 << 29
RISE_MS = 1200  # charging: 0 to full power in this long, then back down
STEP_MS = 260  # the sliding die takes this long per level
BLINK_MS = 250
TUMBLE_MS = 90  # the sliding die shows another face this often
WHITE = 0xFFFFFF
OFF = (0, 0, 0)
THROWING = ("aim", "charge", "bot", "botcharge", "slide", "result")


def power_at(ms):
    """T6: power from the hold time, a ping-pong: holding too long is not max."""
    c = max(0, ms) % (2 * RISE_MS)
    if c > RISE_MS:
        c = 2 * RISE_MS - c
    return c * 100 // RISE_MS


def shown_power(m, now):
    """The power the bar shows at ``now`` in moment ``m``."""
    if m["stage"] == "charge":
        return power_at(ticks_diff(now, m["press"], WRAP))
    if m["stage"] == "botcharge":
        return min(m["choice"][0], ticks_diff(now, m["t0"], WRAP) * 100 // RISE_MS)
    return m["power"]


class View(view.View):
    def __init__(self, app):
        view.View.__init__(self, app)
        self.big = self.text.rows >= 8
        self.board = None  # the virtual board's picture (board.BoardView), made on first use
        self.game = None
        self.m = None  # the moment drawn
        self.fresh = False  # a moment not drawn yet
        self.v = -1  # anim() when last drawn
        self.rows = []  # the throw's pages of rows (throw())
        self.sums = None  # the round summary's pages (tally())

    def show(self, game, moment):
        self.game = game
        self.m = moment
        self.fresh = True  # drawn at the next tick
        self.sums = None  # the summary's pages, made again

    def tick(self, now):
        """Draw when the moment or anim() changed; True while the throw moves, and
        while a result's pages have not all been shown."""
        m = self.m
        if m is None:
            return False
        v = self.anim(now)
        if self.fresh or v != self.v:
            self.fresh = False
            self.v = v
            self.draw(now)
            self.paint(now)
        st = m["stage"]
        if st == "result":
            dt = ticks_diff(now, m["t0"], WRAP)
            return dt < 4 * BLINK_MS or not self.turned(dt)[1]
        if st == "summary":  # until each page has been up its time
            return not tally.shown(self.tally(), ticks_diff(now, m["t0"], WRAP))[1]
        return st in ("charge", "botcharge", "slide")

    def turned(self, dt):
        """tally.shown for the throw's pages (throw() makes them)."""
        return tally.shown(self.rows, dt) if self.rows else (0, True)

    def tally(self):
        """The round summary's pages (tally.pages), made once a moment."""
        if self.sums is None:
            self.sums = self.pages()
        return self.sums

    def pages(self):
        """The summary's pages of rows (the colour display's first one is its board)."""
        m = self.m
        t = self.text
        return tally.pages(m["summary"], self.game.is_over(), m["virtual"], t.cols, t.rows,
                           self.big)  # fmt: skip

    def sheet(self, ps, i):
        """Show page ``i`` of the summary's pages ``ps``."""
        self.text.show(ps[i], tally.colours(ps[i]))

    def close(self):
        if self.board is not None:
            self.board.close()  # the next screen draws on a clean display
            self.board = None

    def anim(self, now):
        """A number that changes when the picture must (so draws happen only then)."""
        m = self.m
        st = m["stage"]
        dt = ticks_diff(now, m["t0"], WRAP)
        if st in ("charge", "botcharge"):
            return shown_power(m, now) // 5
        if st == "slide":
            return dt // TUMBLE_MS  # a new face each time (it tumbles), a step each STEP_MS
        if st == "result" and dt < 4 * BLINK_MS:
            return dt // BLINK_MS - 99  # the landed die blinks
        if st == "summary":
            return tally.shown(self.tally(), dt)[0]
        if st in ("result", "aim"):
            return self.turned(dt)[0]
        if st in ("roll", "order") and 6 in m["faces"]:
            return dt // BLINK_MS
        return 0

    def says(self):
        """What a throw's words say, by stage: pages, turned in time (each one row on the
        OLED, two rows on 240x240); each view words its prompts (prompt())."""
        m = self.m
        st = m["stage"]
        me = name(m["seats"], m["who"])
        notes = [m["note"]] if m["note"] else []
        if st in ("aim", "charge", "botcharge"):
            return self.prompt(st, me, notes)
        if st == "bot":
            return [me + " (bot) aims..."]
        if st == "slide":
            return [me + " throws..."]
        return m["msgs"] + notes

    def throw(self, now):
        """A throw on the virtual board: the picture, and the words around it (words())."""
        t = self.text
        m = self.m
        st = m["stage"]
        dt = ticks_diff(now, m["t0"], WRAP)
        v = self.board
        if v is None:
            v = self.board = BoardView(self.app, m["seats"], self.game.options["minus_zone"])
        v.show(True)
        rows = []
        for x in self.says():  # each page up its reading time (tally.read_ms)
            n = 2 if self.big else 1  # rows a page
            w = wrap(x.replace("|", " "), t.cols)
            parts = [x] if len(w) <= n else x.split("|")  # turned where "|" says
            for y in parts:  # (words.result); a page ending a clause: no colon
                w = wrap(y.replace("|", " ").rstrip(":"), t.cols)
                rows += [w[i:i + n] for i in range(0, len(w), n)]
        self.rows = rows
        i = self.turned(dt)[0]
        if st == "result":
            i = min(i, len(rows) - 1)  # the screen moves on once the last page was shown
        page = rows[i % len(rows)] if rows else [""]
        power = st in ("charge", "botcharge")
        aiming = power or st in ("aim", "bot")
        board = m["before"] if st == "slide" else m["board"]
        mover = None
        if aiming:
            mover = (m["who"], 0, 0, m["aim"])  # the die on the launch pad
        elif st == "slide":
            part = 1 + min(m["steps"], dt // STEP_MS)
            mover = (m["who"], 1 + (dt // TUMBLE_MS) % 6, part, m["aim"])
        hide = None
        if st == "result" and m["landed"] and dt < 4 * BLINK_MS and dt // BLINK_MS % 2:
            hide = len(board) - 1  # the die just thrown blinks a moment (it is the last)
        v.draw(board, mover, page == ["legend"], hide)
        v.set_aim(m["aim"] if aiming else None, m["who"])
        if page == ["legend"]:  # the seats' shapes, drawn after their names
            page = ["   ".join(name(m["seats"], s) for s in range(len(m["seats"])))]
        self.words(v, page, now)

    def prompt(self, st, me, notes):
        """The pages of a prompt to ``me`` (P1..) at stage ``st`` ("aim", "charge" or
        "botcharge"), after ``notes``."""
        raise NotImplementedError

    def words(self, v, page, now):
        """The rows around the board picture ``v``: ``page`` of the prompt's pages."""
        raise NotImplementedError

    def draw(self, now):
        t = self.text
        g = self.game
        m = self.m
        cols = t.cols
        big = self.big
        st = m["stage"]
        dt = ticks_diff(now, m["t0"], WRAP)
        if m["virtual"] and st in THROWING:
            self.throw(now)
            return
        if self.board is not None:
            self.board.show(False)
        lines = []
        colours = None
        if st in ("roll", "order"):
            for x in words.roll_rows(self.game, self.m, cols):
                lines += wrap(x, cols)
        elif st == "summary":
            ps = self.tally()
            self.sheet(ps, tally.shown(ps, dt)[0] % len(ps))
            return
        else:  # the table board: throw a real die, then slam
            me = name(m["seats"], m["who"])
            mine = SEAT_COLOURS[m["seats"][m["who"]]]
            on = " on the board" if big else ""
            says = wrap("%s: throw a die%s, then slam your pad" % (me, on), cols)
            note = wrap(m["note"], cols) if m["note"] else []
            head = "%s %s die %d/4" % ("Overtime" if g.overtime else "Round %d" % g.round,
                                        me, m["die"])
            undo = ["up: undo last entry"] if ("undo",) in g.legal_actions(None) else []
            lines = [head] + says + note + (undo if big or not note else [])
            colours = [mine] * len(lines)
        t.show(lines, colours)

    def paint(self, now):
        """LEDs (S1): the thrower's strip in their colour, then its power bar, the
        sliding die and its level; the others dim, one pixel per die still to throw."""
        g = self.game
        m = self.m
        leds = self.app.leds
        st = m["stage"]
        dt = ticks_diff(now, m["t0"], WRAP)
        blink_on = dt // BLINK_MS % 2 == 0
        best = max(g.totals) if st == "summary" else None
        for s in range(len(m["seats"])):
            pad = m["seats"][s]
            c = _rgb(SEAT_COLOURS[pad])
            dim = _rgb(SEAT_COLOURS[pad], 0.15)
            lit = c
            if st in ("roll", "order"):
                f = m["faces"][s]
                if f is not None:  # the face as lit pixels; a six is all five, blinking
                    px = [c] * (5 if blink_on else 0) if f == 6 else [c] * f
                elif g.phase == "roll_off" and ("roll", s) in g.legal_actions(s):
                    px = [dim] * 5
                else:
                    px = []
            elif st == "summary":
                lead = g.totals[s] == best
                px = [c if lead else dim] * 5
            elif s != m["who"]:
                lit = dim
                px = [dim] * (4 - g.thrown(s)) if s in g.order and g.phase == "throw" else []
            elif st in ("charge", "botcharge"):
                px = [c] * ((shown_power(m, now) * 5 + 99) // 100)
            elif st == "slide":
                i = min(4, dt * 5 // ((m["steps"] + 1) * STEP_MS))
                px = [OFF] * i + [c]
            elif st == "result":
                px = [c] * (m["steps"] if m["landed"] else 0)
            else:
                px = [c] * 5
            leds.dice_colours(pad, px)
            leds.seat_colour(pad, lit)
