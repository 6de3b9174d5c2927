"""How to play, on the device: a game's pages, each a picture and a sentence or two,
turned with up/down (or a pad); select goes back to the screen that opened them: a
game's setup ("How to play"), or the setup after the offer made the first time a game
is chosen (``OfferScreen``). A menu_ module: the menu unloads it.

A game's pages come from ``pages()`` in app/<game>/howto.py: (glyphs, words) pairs, the glyphs
those of app/menu_art.py."""

from slampad.app import cues
from slampad.app.lists import ListScreen
from slampad.app.screen import Screen
from slampad.app.ui import wrap

DONE = "Select: done"  # the colour display's bottom row


def pages(key):
    """A game's how-to-play pages."""
    name = "slampad.app.%s.howto" % key
    __import__(name)
    import sys

    return sys.modules[name].pages()


def layout(text):
    """(picture box (x, y, w, h), first text row, text rows, columns) on this display:
    on the 240x240 a title row, the picture, the words, and a row saying what select
    does; on the 128x64 the picture in the two top rows (left of the battery corner),
    the words under it. The last column is left for the page arrows."""
    cw, ch = text.cell
    if text.rows >= 8:
        return (0, ch + 4, text.cols * cw, 4 * ch - 8), 5, 4, text.cols - 1
    return (0, 0, (text.cols - 5) * cw, 2 * ch), 2, text.rows - 2, text.cols - 1


def fits(words, text):
    """True if ``words`` fit a page's text rows on this display."""
    _box, _first, rows, cols = layout(text)
    return len(wrap(words, cols)) <= rows


class HowToScreen(Screen):
    """Game ``entry``'s (a registry descriptor) pages; select goes on to ``back``."""

    def __init__(self, app, entry, back):
        Screen.__init__(self, app)
        self.entry = entry
        self.back = back
        self.pages = pages(entry["key"])
        self.page = 0
        self.picture = None
        self.chosen = None

    def enter(self, now):
        self.app.leds.clear()
        self.draw()

    def draw(self):
        t = self.app.text
        glyphs, words = self.pages[self.page]
        box, first, n, cols = layout(t)
        lines = [""] * t.rows
        if first == 5:  # the colour display's title and select rows
            count = "%d/%d" % (self.page + 1, len(self.pages))
            title = self.entry["title"]
            lines[0] = title + " " * max(1, t.cols - len(title) - len(count)) + count
            lines[t.rows - 1] = DONE
        body = wrap(words, cols)[:n]
        for i in range(len(body)):
            lines[first + i] = body[i]
        t.show(lines)
        t.scroll_marks(first, self.page > 0, first + n - 1, self.page < len(self.pages) - 1)
        if self.picture is not None:
            self.picture.close()
        from slampad.app.menu_art import Picture

        self.picture = Picture(t, glyphs, box)

    def turn(self, step):
        page = self.page + step
        if 0 <= page < len(self.pages):
            self.page = page
            self.app.beep(cues.MOVE)
            self.draw()
            return True
        return False

    def on_menu(self, button, now):
        if self.chosen is not None:
            return
        if button == "up":
            self.turn(-1)
        elif button == "down":
            self.turn(1)
        elif button == "select":
            self.chosen = self.back

    def on_pad(self, press, now):
        """A slam turns the page; on the last page it goes on, as select does."""
        if self.chosen is None and not self.turn(1):
            self.chosen = self.back

    def on_leave(self, now):
        if self.picture is not None:
            self.picture.close()
            self.picture = None
        self.app.text.scroll_marks(0, False, 0, False)

    def tick(self, now):
        nxt = self.chosen
        self.chosen = None
        return nxt


class OfferScreen(ListScreen):
    """The first time a game is chosen: its pages, or straight to its setup."""

    def __init__(self, app, entry, open_setup):
        ListScreen.__init__(self, app)
        self.entry = entry
        self.open_setup = open_setup  # registry.open_setup (this module does not import it)
        self.title = "New to %s?" % entry["title"]

    def items(self):
        return ["How to play", "Skip to the game"]

    def select(self, i, now):
        setup = self.open_setup(self.app, self.entry)
        return HowToScreen(self.app, self.entry, setup) if i == 0 else setup

    def on_leave(self, now):
        self.app.save_settings()  # the offer is made once: a safe point, no game yet


def offer(app, entry, i, open_setup):
    """What the menu opens for game ``entry`` (the menu's ``i``-th): the offer the first
    time, else its setup. Which games were offered is a setting (``howto``: a bit per
    game), so it lasts."""
    bit = 1 << i
    if app.cfg["howto"] & bit:
        return open_setup(app, entry)
    app.cfg["howto"] |= bit
    return OfferScreen(app, entry, open_setup)
