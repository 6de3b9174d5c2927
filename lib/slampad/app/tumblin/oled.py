"""Tumblin' Dice on the 128x64 OLED: the board picture under one status row (a page of
the prompt at a time; while a pad is held, the thrower's power bar beside its name).
The roll-off, the table board, the summary and the LEDs are looks.View's."""

from slampad.app.tumblin.looks import View, shown_power
from slampad.app.tumblin.words import name
from slampad.app.ui import SEAT_COLOURS


class View(View):
    def prompt(self, st, me, notes):
        m = self.m
        if st != "aim":
            return ["power"]  # words(): the power bar beside the thrower's name
        if m["taught"]:
            said = [me + ": aim, hold, let go"]
        else:  # a player's first throw explains the arrow and the bar
            said = [me + ": up/down aims", "Hold your pad: power", "Let go to throw"]
        head = ["%s throws die %d of 4" % (me, m["die"])]
        return notes + head + said + ["legend"]  # each seat's shape on the mono display

    def words(self, v, page, now):
        t = self.text
        m = self.m
        cols = t.cols
        fw = t.cell[0] // t.scale
        fh = t.cell[1] // t.scale
        me = name(m["seats"], m["who"])
        if page == ["power"]:
            bot = " bot" if m["stage"] == "botcharge" else ""
            word = "%s%s power" % (me, bot)
            x0 = (len(word) + 1) * fw
            v.set_bar((x0, 2, v.w - x0 - 2, fh - 4), shown_power(m, now))
            page = [word + " " * (cols - len(word))]  # the bar hides the battery corner
        else:
            v.set_bar(None, 0)
        t.show(page, [SEAT_COLOURS[m["seats"][m["who"]]]])
