"""A play screen's view: how one game looks on one kind of display.

Each game folder has two: ``oled.py`` (the 128x64 mono OLED) and ``tft.py`` (the
240x240 colour display), each a ``View``. The play screen keeps the game's state and
the moment (what it is doing: a prompt, a cursor, news); the view owns its widgets
and its paging and draws what changed. The screen calls the view only through these
methods and never sets its attributes; the view never reads or writes the screen.

A screen picks its view by the display, with plain imports (tools/deploy.py reads
them for the load order):

    if app.hw.colour:
        from slampad.app.diceland.tft import View
    else:
        from slampad.app.diceland.oled import View
"""


class View:
    def __init__(self, app):
        self.app = app
        self.text = app.text

    def show(self, game, moment):
        """Draw ``moment`` (the screen's own small record of what it is doing) of
        ``game``; only what changed is redrawn."""
        raise NotImplementedError

    def tick(self, now):
        """Move animations and turn timed pages; True while something still moves."""
        return False

    def turn(self, step):
        """A press asks for the next (step 1) or previous (-1) page; True if it turned."""
        return False

    def close(self):
        """Take this view's pictures off the display (the screen is leaving)."""
        self.text.drop_pictures()
