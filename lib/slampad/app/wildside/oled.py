"""Wildside on the 128x64 OLED: each seat on a text row (the dice as icons in the row's
cells, the count the line's), the message rows below, the countdown's digit beside the
seats; no room for "SLAM!" (the message says it)."""

from slampad.app.big import BigText
from slampad.app.wildside.icons import MAX_DICE, DiceRows
from slampad.app.wildside.slamview import SlamView
from slampad.app.wildside.slamview import SlamView as View


class View(View):
    def make(self, pads):
        t = self.text
        n = len(pads)
        fh = t.cell[1]
        self.icons = DiceRows(t, n)
        self.blank = 2 * MAX_DICE  # the icons' cells in a seat's line
        self.room = max(1, t.rows - n)
        self.big = BigText(t, 2 * MAX_DICE + 8, 0, t.cols - 2 * MAX_DICE - 8, max(2, n), 1)
        self.msg_y = [(n + i) * fh for i in range(self.room)]
        SlamView.make(self, pads)
