"""The resume offer at power-up, and the statistics page (issue 7). A menu_ module:
never in RAM with a game (the menu unloads it; Resume drops it before the game loads)."""

from slampad.app import registry, saves
from slampad.app.lists import ListScreen
from slampad.app.ui import wrap

COLOUR_NAMES = ("red", "blue", "green", "white", "purple", "orange")  # S1


class ResumeScreen(ListScreen):
    """A game was saved when the power went: Resume (the default) or New game."""

    def __init__(self, app, rec):
        ListScreen.__init__(self, app)
        self.rec = rec
        self.title = "Saved: " + rec["t"]  # fits 21 columns

    def items(self):
        return ["Resume", "New game"]

    def enter(self, now):
        ListScreen.enter(self, now)
        self.notes([], now)  # why the last run ended, if it crashed

    def select(self, i, now):
        app = self.app
        if i == 0:
            app.forget(__name__)
            scr = saves.resume(app, self.rec)
            if scr is not None:
                return scr
        else:
            saves.drop(app)
        return app.menu_screen()


def stat_names():
    """Games as the statistics name them (saves.finished's keys), in the menu's order."""
    return [pair for g in registry.GAMES for pair in g["stats"]]


def stats_lines(s, cols):
    """The statistics as rows of at most ``cols`` characters: a game's count, then its
    wins by seat colour (S1), indented; the fastest slam last. A colour and its count
    ("red 2"), or a time and its unit, are never split over two rows."""
    out = []
    for key, name in stat_names():
        row = s["g"].get(key)
        if row is None:
            continue
        out += _wrap("%s: %d played" % (name, row[0]), cols)
        wins = ["%s\x01%d" % (COLOUR_NAMES[c], w) for c, w in enumerate(row[1]) if w]
        out += [" " + x for x in _wrap("won by " + (", ".join(wins) if wins else "nobody"),
                                       cols - 1)]  # fmt: skip
    if s["f"] is not None:
        out += _wrap("Fastest slam: %d\x01ms, by\x01%s" % (s["f"], COLOUR_NAMES[s["fc"] % 6]),
                     cols)  # fmt: skip
    return out or ["No games played yet"]


def _wrap(text, cols):
    """wrap(), keeping words joined by \x01 on one row."""
    return [x.replace("\x01", " ") for x in wrap(text, cols)]


class StatsScreen(ListScreen):
    """Games played and won per seat colour and per game; the fastest slam."""

    title = "Statistics"

    def __init__(self, app):
        ListScreen.__init__(self, app)
        # After the cursor, and clear of the last column (a scroll arrow's).
        self.rows = stats_lines(saves.stats(app), app.text.cols - 2)

    def items(self):
        return self.rows + ["Back"]

    def select(self, i, now):
        if i == len(self.rows):
            return self.app.menu_screen()
        return None
