"""Tumblin' Dice on the 240x240 colour display: the board picture between two rows
above (who throws which die; the power bar and the round) and the prompt's page, two
rows, below; the round's scores as a board (scoreboard.py: a large row a seat, in its
colour). The roll-off, the table board and the LEDs are looks.View's."""

from slampad.app.tumblin import looks, tally
from slampad.app.tumblin.looks import View, shown_power
from slampad.app.tumblin.words import name
from slampad.app.ui import SEAT_COLOURS, WHITE, wrap

HEAD = "    this round total"  # the column heads (scoreboard.py's MID and EDGE under them)
ROW_PX = 36  # a seat's row on the score board: its type three times the font at least


class View(View):
    def __init__(self, app):
        looks.View.__init__(self, app)
        self.card = None  # the round's score board (scoreboard.ScoreBoard), made on first use

    def prompt(self, st, me, notes):
        if st == "charge":
            return ["Let go of your pad to throw."]
        if st == "botcharge":
            return [me + " (bot) throws..."]
        if self.m["taught"]:
            return notes + [me + ": aim, hold your pad, let go."]
        return notes + ["Up/down moves the arrow: your aim.",  # a player's first throw
                        "Hold your pad: the bar shows power.", "Let go of your pad to throw."]

    def words(self, v, page, now):
        t = self.text
        g = self.game
        m = self.m
        cols = t.cols
        fw = t.cell[0] // t.scale
        fh = t.cell[1] // t.scale
        me = name(m["seats"], m["who"])
        if m["bot"]:
            head = "%s (bot): die %d of 4" % (me, m["die"])
        else:
            head = "%s throws die %d of 4" % (me, m["die"])
        rnd = ("Overtime %d" if g.overtime else "Round %d") % g.round
        room = cols - len(rnd) - 7  # "Power " and a space before the round
        v.set_bar((6 * fw, fh + 2, room * fw, fh - 4), shown_power(m, now))
        lines = [head, "Power" + " " * (cols - 5 - len(rnd)) + rnd] + [""] * 6 + page
        colours = [SEAT_COLOURS[m["seats"][m["who"]]]] * len(lines)
        colours[1] = WHITE
        t.show(lines, colours)

    def pages(self):
        """The round's scores: first its board (ScoreBoard: a row a seat, large, in colour)
        with the column heads, the lines under the scores when they leave room, and the
        prompt; then those lines' own pages when they did not. A page's words (its read
        time) are its rows', the seats' score lines among them."""
        m = self.m
        t = self.text
        over = self.game.is_over()
        summary = m["summary"]
        n = len(m["scores"])
        head = summary[:1]
        tail = tally.prompt(over, m["virtual"], t.cols, True)
        more = summary[1 + n:]
        below = []
        for x in more:
            below += wrap(x, t.cols)
        if (t.rows - 2 - len(below) - len(tail)) * t.cell[1] // max(1, n) < ROW_PX:
            first = head + [HEAD] + summary[1:1 + n] + tail
            return [first] + (tally.pages(head + more, over, m["virtual"], t.cols, t.rows,
                                          True) if more else [])  # fmt: skip
        return [head + [HEAD] + summary[1:1 + n] + below + tail]

    def sheet(self, ps, i):
        m = self.m
        t = self.text
        n = len(m["scores"])
        lines = ps[i]
        if i or not n:  # a page of words
            if self.card is not None:
                self.card.hide()
            looks.View.sheet(self, ps, i)
            return
        if self.card is None:
            from slampad.app.tumblin.scoreboard import ScoreBoard

            self.card = ScoreBoard(t)
        under = lines[2 + n:]
        gap = t.rows - 2 - len(under)
        rows = lines[:2] + [""] * gap + under
        t.show(rows)  # words in white: the seats' colours are the board's
        self.card.show(m["scores"], [SEAT_COLOURS[r[0]] for r in m["scores"]], 2 * t.cell[1],
                       gap * t.cell[1])  # fmt: skip

    def draw(self, now):
        if self.card is not None and self.m["stage"] != "summary":
            self.card.hide()
        looks.View.draw(self, now)

    def close(self):
        looks.View.close(self)
        if self.card is not None:
            self.card.close()
            self.card = None
