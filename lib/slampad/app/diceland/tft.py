"""Diceland on the 240x240 colour display: the prompt on row 0 in the turn player's
colour, the dice counts on row 1; under them the hex map (art.HexMap), the hex under the
cursor named on the last row. News keeps the map in sight, as it is after the event, and
takes the last three rows on a black band, each sentence in its seat's colour (S1)."""

import displayio

from slampad.app import view
from slampad.app.diceland import words
from slampad.app.diceland.art import HexMap
from slampad.app.ui import SEAT_COLOURS, WHITE, seat_colour

NEWS_ROWS = 3


class View(view.View):
    def __init__(self, app, game):
        view.View.__init__(self, app)
        self.map = HexMap(app, game)
        t = self.text
        cell = app.hw.height // t.rows  # a text row's height in pixels
        pal = displayio.Palette(1)
        pal[0] = 0
        self.band = displayio.Group(scale=cell, y=(t.rows - NEWS_ROWS) * cell)
        self.band.append(displayio.TileGrid(displayio.Bitmap(app.hw.width // cell + 1,
                                                             NEWS_ROWS, 1), pixel_shader=pal))
        self.band.hidden = True
        t.group.insert(1, self.band)  # over the map, under the text rows
        self.map.follow(0)  # a map that fits is centred from the start

    def room(self):
        """The columns and rows a page of news has."""
        return self.text.cols, NEWS_ROWS

    def show(self, game, moment):
        t = self.text
        news = moment["stage"] == "news"
        self.band.hidden = not news
        self.map.draw(moment["cursor"], moment["picked"])
        lines = [words.prompt(moment, t.cols), words.free_dice(game)]
        c = SEAT_COLOURS[game.turn] if game.turn is not None else WHITE
        colours = [c] + [WHITE] * (t.rows - 1)
        if news:
            k = t.rows - NEWS_ROWS
            lines += [""] * (k - 2) + moment["news"]
            ink = WHITE
            for i, row in enumerate(moment["news"]):  # in the colour of the seat it names first
                ink = seat_colour(row, ink)  # a row that goes on a sentence keeps its ink
                colours[k + i] = ink
        else:
            lines += [""] * (t.rows - 3) + [words.hint(game, moment)]
        t.show(lines, colours)
        t.changed()
