"""Diceland on the 240x240 colour display: the prompt on row 0 in the turn player's
colour, the dice counts on row 1; under them the hex map (art.HexMap), the hex under the
cursor named on the last row. News hides the map and takes its rows."""

from slampad.app import view
from slampad.app.diceland import words
from slampad.app.diceland.art import HexMap
from slampad.app.ui import SEAT_COLOURS, WHITE


class View(view.View):
    def __init__(self, app, game):
        view.View.__init__(self, app)
        self.map = HexMap(app, game)

    def room(self):
        """The columns and rows a page of news has."""
        return self.text.cols, self.text.rows - 2

    def show(self, game, moment):
        t = self.text
        news = moment["stage"] == "news"
        self.map.show(not news)
        lines = [words.prompt(moment, t.cols), words.free_dice(game)]
        if news:
            lines += moment["news"]
        else:
            self.map.draw(moment["cursor"], moment["picked"])
            lines += [""] * (t.rows - 3) + [words.hint(game, moment)]
        c = SEAT_COLOURS[game.turn] if game.turn is not None else WHITE
        t.show(lines, [c] + [WHITE] * (t.rows - 1))
