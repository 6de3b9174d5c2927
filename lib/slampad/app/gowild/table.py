"""Go Wild! table mode: a real deck; the device keeps score, the Wild One and
the trick, and says who leads. After each trick, enter who won it and with how
many cards; the last entry can be undone (S3)."""

from slampad.app import cues, legal
from slampad.app.gowild.words import OverScreen, result, scores, wild_line
from slampad.app.lists import ListScreen
from slampad.app.ui import SEAT_COLOURS, wrap
from slampad.app.ui import rgb as _rgb
from slampad.games.gowild_table import GoWildTable
from slampad.ticks import ticks_diff

WRAP = 1 << 29
BLINK_MS = 250


class TableSetup(ListScreen):
    title = "Go Wild! at the table"

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.players = 4
        self.first = 0  # G8: the youngest player leads first

    def items(self):
        return [
            "Players: %d" % self.players,
            "First lead: P%d" % (self.first + 1),
            "START",
            "Back",
        ]

    def select(self, i, now):
        if i == 0:
            self.players = self.players + 1 if self.players < 6 else 2
            self.first = min(self.first, self.players - 1)
        elif i == 1:
            self.first = (self.first + 1) % self.players
        elif i == 2:
            return TableScreen(self.app, {"players": self.players, "first_lead": self.first})
        else:
            return self.app.menu_screen()
        self.draw()
        return None


class TableScreen(ListScreen):
    """Pick the trick's winner (or nobody), then the size of the winning set."""

    hint = False  # the rows under the list are the screen's own
    SAVE = (__name__, "Go Wild! table")  # saves.save

    in_game = True

    def __init__(self, app, options, game=None):
        ListScreen.__init__(self, app)
        self.game = game if game is not None else GoWildTable(options)  # resume: saved
        self.actions = []
        self.winner = None  # chosen, waiting for its set size
        self.size = 3
        self.t0 = 0

    def meta(self):
        return {}

    def paused(self):
        return True  # it always waits for an entry

    def head(self, rows):
        """The trick, who leads it, the Wild One and the scores by seat, in at most
        ``rows`` rows, each whole (one row for the first three where rows are few)."""
        g = self.game
        cols = self.app.text.cols
        if self.winner is not None:
            ask = "P%d won trick %d: how many cards in the winning set?"
            return wrap(ask % (self.winner + 1, g.trick), cols)[:rows]
        lead = "P%d leads" % (g.lead + 1)
        w = g.wild_one
        names = ["P%d" % (s + 1) for s in range(len(g.scores))]
        pts = scores(names, g.scores, cols)
        full = ["Trick %d of 3" % g.trick, lead, wild_line(names, g)]
        if len(full) + len(pts) <= rows:
            return full + pts
        one = lead + (", Wild One P%d" % (w + 1) if w is not None else ", no Wild One")
        return ([one] if len(one) <= cols else [lead]) + pts[: rows - 1]

    def draw(self):
        """As ListScreen's, the title being ``head`` (a note stands in for it a while)."""
        t = self.app.text
        items = self.items()
        room = t.rows - 2
        lines = wrap(self.note, t.cols)[:room] if self.note else self.head(room)
        room = t.rows - len(lines)
        top = max(0, min(self.cursor - room + 1, len(items) - room))
        for i in range(top, min(len(items), top + room)):
            lines.append((">" if i == self.cursor else " ") + items[i])
        t.show(lines)

    def items(self):
        if self.winner is not None:
            return ["%d card%s" % (self.size, "s" if self.size != 1 else ""), "up/down then select"]
        n = len(self.game.scores)
        out = ["P%d won trick %d" % (s + 1, self.game.trick) for s in range(n)]
        out.append("Nobody (only wilds)")
        if self.game.entries:
            out.append("Undo last entry")
        out.append("Menu")
        return out

    def on_menu(self, button, now):
        if self.winner is not None and button in ("up", "down"):
            self.size = max(1, min(108, self.size + (1 if button == "up" else -1)))
            self.app.beep(cues.MOVE)
            self.draw()
            return
        ListScreen.on_menu(self, button, now)

    def act(self, a, now):
        ev = legal.apply(self.game, a)
        if ev is None:  # not legal now: dropped
            return
        self.actions.append(a)
        self.t0 = now
        for e in ev:
            if e[0] == "trick":
                names = ["P%d" % (s + 1) for s in range(len(self.game.scores))]
                seats = list(range(len(names)))
                self.say(result(e[1:], seats, names, a[2])[0], now)
                self.app.beep(cues.PENALTY if e[2] is None else cues.TRICK)
            elif e[0] == "undone":
                self.say("The last entry is undone", now)
                self.app.beep(cues.PENALTY)
        self.cursor = 0

    def select(self, i, now):
        g = self.game
        n = len(g.scores)
        done = len(self.actions)
        if self.winner is not None:
            self.act(("trick", self.winner, self.size), now)
            self.winner = None
        elif i < n:
            self.winner = i
            self.cursor = 0
        elif i == n:
            self.act(("trick", None, None), now)
        elif g.entries and i == n + 1:
            self.act(("undo",), now)
        else:
            return self.app.menu_screen()  # which unloads the game
        if g.is_over():
            return self.over()
        if len(self.actions) > done:  # an entry or an undo: a safe point
            from slampad.app import saves

            saves.save(self)
        self.draw()
        return None

    def over(self):
        from slampad.app import saves

        g = self.game
        app, opts = self.app, dict(g.options)
        saves.finished(app, "gowild_table", g.winners())
        names = ["P%d" % (s + 1) for s in range(len(g.scores))]
        won = ["P%d" % (s + 1) for s in g.winners()]
        return OverScreen(app, won, names, g.scores, lambda: TableScreen(app, opts))

    def tick(self, now):
        """LEDs (S1): each seat's colour dim; the seat that leads blinks bright."""
        g = self.game
        blink = (ticks_diff(now, self.t0, WRAP) // BLINK_MS) % 2
        leds = self.app.leds
        for s in range(min(len(g.scores), self.app.hw.n_pads)):
            col = SEAT_COLOURS[s]
            rgb = _rgb(col) if s == g.lead and blink else _rgb(col, 0.15)
            leds.dice_colours(s, [rgb] * (5 if s == g.lead else 1))
            leds.seat_colour(s, rgb)
        return ListScreen.tick(self, now)


def resume(app, meta, state):
    """The screen for a saved game (saves.resume)."""
    g = GoWildTable.from_dict(state)
    return TableScreen(app, g.options, g)
