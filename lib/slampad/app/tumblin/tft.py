"""Tumblin' Dice on the 240x240 colour display: the board picture between two rows
above (who throws which die; the power bar and the round) and the prompt's page, two
rows, below. The roll-off, the table board, the summary and the LEDs are looks.View's."""

from slampad.app.tumblin.looks import View, shown_power
from slampad.app.tumblin.words import name
from slampad.app.ui import SEAT_COLOURS, WHITE


class View(View):
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
