"""Go Wild! table mode: a real deck; the device keeps score, the Wild One and
the trick, and says who leads. After each trick, enter who won it and with how
many cards; the last entry can be undone (S3)."""

from slampad.app import cues, legal
from slampad.app.lists import ListScreen
from slampad.app.ui import SEAT_COLOURS
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
    SAVE = (__name__, "Go Wild! table")  # saves.save

    in_game = True

    def __init__(self, app, options):
        ListScreen.__init__(self, app)
        self.game = GoWildTable(options)
        self.actions = []
        self.winner = None  # chosen, waiting for its set size
        self.size = 3
        self.t0 = 0

    def meta(self):
        return {}

    def paused(self):
        return True  # it always waits for an entry

    def _head(self):
        g = self.game
        wild = "P%d" % (g.wild_one + 1) if g.wild_one is not None else "none"
        return "R%d T%d/3 Wild:%s Lead:P%d" % (g.round, g.trick, wild, g.lead + 1)

    def draw(self):
        g = self.game
        self.title = self._head() + "  Pts " + " ".join(str(x) for x in g.scores)
        ListScreen.draw(self)

    def items(self):
        if self.winner is not None:
            return [
                "P%d won with %d card%s"
                % (self.winner + 1, self.size, "s" if self.size != 1 else ""),
                "up/down size, select",
            ]
        n = len(self.game.scores)
        out = ["P%d won trick %d" % (s + 1, self.game.trick) for s in range(n)]
        out.append("Nobody (all sloughs)")
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
                if e[2] is None:
                    self.say("Trick %d: nobody scores" % e[1], now)
                    self.app.beep(cues.PENALTY)
                else:
                    self.say("P%d wins trick %d: +%d" % (e[2] + 1, e[1], e[3]), now)
                    self.app.beep(cues.TRICK)
            elif e[0] == "undone":
                self.say("Undone", now)
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
        from slampad.app.over import OverScreen

        g = self.game
        app, opts = self.app, dict(g.options)
        saves.finished(app, "gowild_table", g.winners())
        score = "Pts " + " ".join(str(x) for x in g.scores)
        won = ["P%d" % (s + 1) for s in g.winners()]
        return OverScreen(app, won, score, lambda: TableScreen(app, opts))

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
    scr = TableScreen(app, g.options)
    scr.game = g
    return scr
