"""A list with a cursor, moved by up/down/select: the menus' and setups' base."""

from slampad.app import cues
from slampad.app.listlook import BACK, QUESTION
from slampad.app.screen import Screen
from slampad.app.ui import WHITE, seat_colour, wrap
from slampad.ticks import ticks_diff

WRAP = 1 << 29
NOTE_MS = 2500
GOLD = 0xFFD040
GREY = 0x909090
HINT = "Up/down, then select"  # the colour display's last row, when the list leaves it


class ListScreen(Screen):
    """A title row (or a passing note), then items with a cursor."""

    title = ""
    hint = True  # the colour display may say what the buttons do on a free last row

    def __init__(self, app):
        Screen.__init__(self, app)
        self.cursor = 0
        self.note = ""
        self.note_at = 0
        self.later = []  # notes waiting their turn
        self.chosen = None  # the next screen, once a press chose it (taken by tick)

    def items(self):
        return []

    def say(self, note, now):
        self.note = note
        self.note_at = now
        self.draw()

    def enter(self, now):
        self.app.leds.clear()
        self.draw()

    def draw(self):
        t = self.app.text
        items = self.items()
        # A note stands in for the title a while; either wraps over the rows it needs,
        # leaving two rows for the items.
        lines = wrap(self.note or self.title, t.cols)[: t.rows - 2]
        first = len(lines)
        room = t.rows - first
        top = max(0, min(self.cursor - room + 1, len(items) - room))
        end = min(len(items), top + room)
        icons = []
        for i in range(top, end):
            item = items[i]
            glyph = self.icon(i, item) if t.colour and len(item) <= t.cols - 5 else None
            if glyph is not None:  # in the two cells before the scroll arrows' column
                icons.append((len(lines), glyph))
            lines.append((">" if i == self.cursor else " ") + item)
        colours = None
        if t.colour:  # the title in gold, a seat's row in its colour (S1)
            colours = [GOLD] * first + [seat_colour(x) for x in lines[first:]]
            if self.hint and len(lines) < t.rows - 1:  # room: what the buttons do, in grey
                lines += [""] * (t.rows - 1 - len(lines)) + [HINT]
                colours += [WHITE] * (t.rows - 1 - len(colours)) + [GREY]
        t.show(lines, colours)
        # Rows hidden above or below the screen are marked by an arrow at its edge.
        t.scroll_marks(first, top > 0, t.rows - 1, end < len(items))
        t.list_look(first, first + self.cursor - top, icons)

    def icon(self, i, item):
        """The colour display's picture before item ``i`` (app/menu_art.py), or None."""
        if item == "Back":
            return BACK
        if item == "How to play":
            return QUESTION
        return None

    def on_menu(self, button, now):
        if self.chosen is not None:
            return  # leaving for the screen chosen: later presses of this frame are not ours
        n = len(self.items())
        if button == "up":
            self.cursor = (self.cursor - 1) % n
        elif button == "down":
            self.cursor = (self.cursor + 1) % n
        elif button == "select":
            self.chosen = self.select(self.cursor, now)
            return
        self.app.beep(cues.MOVE)
        self.draw()

    def select(self, i, now):
        return None

    def on_pad(self, press, now):
        # Leaving this frame (a slow load may have held the display on this screen): the
        # slam was made for the screen chosen, a seating screen say, and goes to it.
        if self.chosen is not None:
            self.chosen.on_pad(press, now)

    def on_lost(self, now):
        self.say("Too many presses: some were lost", now)

    def notes(self, notes, now):
        """Show these notes, then the app's one-off notices (saves, a crash), in turn."""
        notes = notes + self.app.take_notices()
        if notes:
            self.later = notes[1:]
            self.say(notes[0], now)

    def tick(self, now):
        if self.note and ticks_diff(now, self.note_at, WRAP) > NOTE_MS:
            self.note = ""
            if self.later:
                self.say(self.later.pop(0), now)
            else:
                self.draw()
        nxt = self.chosen
        self.chosen = None
        return nxt
