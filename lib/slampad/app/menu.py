"""Start menu and settings: a list with a cursor, moved by up/down/select."""

from slampad.app import cues
from slampad.app.screen import Screen
from slampad.app.ui import wrap
from slampad.ticks import ticks_diff

WRAP = 1 << 29
NOTE_MS = 2500
# (title, key, or None while the game is not built)
GAMES = (
    ("Wildside", "wildside"),
    ("Go Wild!", "gowild"),
    ("Tumblin' Dice", "tumblin"),
    ("Diceland", "diceland"),
)


class ListScreen(Screen):
    """A title row (or a passing note), then items with a cursor."""

    title = ""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.cursor = 0
        self.note = ""
        self.note_at = 0
        self.later = []  # notes waiting their turn

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
        room = t.rows - len(lines)
        top = max(0, min(self.cursor - room + 1, len(items) - room))
        for i in range(top, min(len(items), top + room)):
            lines.append((">" if i == self.cursor else " ") + items[i])
        t.show(lines)

    def on_menu(self, button, now):
        if getattr(self, "chosen", None) is not None:
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

    def notes(self, notes, now):
        """Show these notes, then the app's one-off notices (saves, a crash), in turn."""
        notes = notes + self.app.notices
        self.app.notices = []
        if notes:
            self.later = notes[1:]
            self.say(notes[0], now)

    def tick(self, now):
        if self.app.lost:  # the pad queue overflowed (App.step)
            self.app.lost = False
            self.say("Too many presses: some were lost", now)
        if self.note and ticks_diff(now, self.note_at, WRAP) > NOTE_MS:
            self.note = ""
            if self.later:
                self.say(self.later.pop(0), now)
            else:
                self.draw()
        nxt = getattr(self, "chosen", None)
        self.chosen = None
        return nxt


class MenuScreen(ListScreen):
    title = "Pick a game"  # short: the battery corner fits beside it

    def enter(self, now):
        from slampad.app.main import unload_games

        unload_games()  # every way back here leaves no game's code in RAM
        ListScreen.enter(self, now)
        self.notes(["settings.toml: " + p for p in self.app.cfg["problems"]], now)

    def items(self):
        out = [g[0] if g[1] else g[0] + ": soon" for g in GAMES]
        out.append("Statistics")
        out.append("Settings")
        return out

    def select(self, i, now):
        if i == len(GAMES):
            from slampad.app.menu_resume import StatsScreen

            return StatsScreen(self.app)
        if i > len(GAMES):
            return SettingsScreen(self.app)
        name, key = GAMES[i]
        if key is None:
            self.say(name + ": not built yet", now)
            return None
        if key == "gowild":
            return GoWildModes(self.app)
        if key == "tumblin":
            from slampad.app.play_tumblin_setup import SetupScreen

            return SetupScreen(self.app)
        if key == "diceland":
            from slampad.app.play_diceland_setup import SetupScreen as DicelandSetup

            return DicelandSetup(self.app)
        from slampad.app.play_join import JoinScreen

        return JoinScreen(self.app, name)


class GoWildModes(ListScreen):
    title = "Go Wild! - how?"

    def items(self):
        return ["Pass and play", "Table (real deck)", "Back"]

    def select(self, i, now):
        if i == 0:
            from slampad.app.play_join import GoWildJoin

            return GoWildJoin(self.app)  # G2: P5, P6 are bots; G8: the first lead
        if i == 1:
            from slampad.app.main import load_game

            return load_game("slampad.app.play_gowild_table").TableSetup(self.app)
        return MenuScreen(self.app)


BRIGHT = (10, 20, 30, 50, 75, 100)
LOOK = (3000, 4000, 5000, 6000, 8000, 10000)
LEVELS = ("easy", "normal", "hard")
DIM_S = (30, 60, 120, 300, 0)  # 0: never
SLEEP_S = (300, 600, 1200, 1800, 0)


def _mins(s):
    return "never" if not s else "%ds" % s if s < 60 else "%d min" % (s // 60)


def _next(seq, v):
    return seq[(seq.index(v) + 1) % len(seq)] if v in seq else seq[0]


class SettingsScreen(ListScreen):
    title = "Settings (select)"

    def items(self):
        c = self.app.cfg
        return [
            "Brightness %d%%" % c["brightness"],
            "Sound " + ("on" if c["sound"] else "off"),
            "Bots " + c["bot_level"],
            "Look window %ds" % (c["look_ms"] // 1000),
            "Dim after " + _mins(c["dim_s"]),
            "Sleep after " + _mins(c["sleep_s"]),
            "Back",
        ]

    def select(self, i, now):
        c = self.app.cfg
        if i == 0:
            c["brightness"] = _next(BRIGHT, c["brightness"])
            self.app.leds.set_brightness(c["brightness"])
        elif i == 1:
            c["sound"] = 0 if c["sound"] else 1
        elif i == 2:
            c["bot_level"] = _next(LEVELS, c["bot_level"])
        elif i == 3:
            c["look_ms"] = _next(LOOK, c["look_ms"])
        elif i == 4:
            c["dim_s"] = _next(DIM_S, c["dim_s"])
        elif i == 5:
            c["sleep_s"] = _next(SLEEP_S, c["sleep_s"])
        else:
            return MenuScreen(self.app)
        self.app.beep(cues.MOVE)
        self.say("Saved when you leave", now)
        return None

    def on_leave(self, now):
        self.app.save_settings()  # a safe point: no game, no animation
