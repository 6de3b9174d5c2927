"""The resume offer at power-up, and the statistics page (issue 7). A menu_ module:
never in RAM with a game (the menu unloads it; Resume drops it before the game loads)."""

from slampad.app import registry, saves
from slampad.app.lists import ListScreen
from slampad.app.ui import wrap


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
    """The statistics as rows of at most ``cols`` characters: a game's count, then who
    won how many (each seat by its name, P1..P6), indented; the fastest slam last. A
    seat and its count ("P1 won 2"), or a time and its unit, are never split over rows."""
    out = []
    for key, name in stat_names():
        row = s["g"].get(key)
        if row is None:
            continue
        n = row[0]
        out += _wrap(name + ":", cols)
        wins = ["P%d\x01won\x01%d" % (c + 1, w) for c, w in enumerate(row[1]) if w]
        said = "%d\x01%s" % (n, "game" if n == 1 else "games")
        said += ", " + ", ".join(wins) + "." if wins else ", nobody won yet."
        out += [" " + x for x in _wrap(said, cols - 1)]
    if s["f"] is not None:
        out += _wrap("Fastest slam: %d\x01ms, by\x01P%d." % (s["f"], s["fc"] % 6 + 1), cols)
    return out or ["No games played yet"]


def _wrap(text, cols):
    """wrap(), keeping words joined by \x01 on one row."""
    return [x.replace("\x01", " ") for x in wrap(text, cols)]


class StatsScreen(ListScreen):
    """Games played and won per seat and per game; the fastest slam."""

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
