"""Diceland on the 128x64 OLED: the prompt on row 0; under it the hex map (art.HexMap),
scrolled to the cursor, whose hex blinks; at its right the legend, each seat's hex beside
its name and its dice on the map. News hides the map and takes the four rows under the
prompt, a page at a time (words.pages)."""

from slampad.app import view
from slampad.app.diceland import words
from slampad.app.diceland.art import HexMap


class View(view.View):
    def __init__(self, app, game):
        view.View.__init__(self, app)
        self.map = HexMap(app, game)

    def room(self):
        """The columns and rows a page of news has."""
        return self.text.cols, self.text.rows - 1

    def show(self, game, moment):
        t = self.text
        news = moment["stage"] == "news"
        self.map.show(not news)
        lines = [words.prompt(moment, t.cols)]
        if news:
            lines += moment["news"]
        else:
            self.map.draw(moment["cursor"], moment["picked"])
            pad = " " * (t.cols - 2)  # the rows beside the legend's hexes
            for s in (0, 1):
                lines.append(pad + words.name(s))
                lines.append(pad + "%2d" % game.count(s))
        t.show(lines)  # mono: every row white

    def tick(self, now):
        return self.map.blink(now)
