"""Start menu and settings: a list with a cursor, moved by up/down/select."""

from slampad.app import cues
from slampad.app.lists import ListScreen

# (title, key, or None while the game is not built)
GAMES = (
    ("Wildside", "wildside"),
    ("Go Wild!", "gowild"),
    ("Tumblin' Dice", "tumblin"),
    ("Diceland", "diceland"),
)


class MenuScreen(ListScreen):
    title = "Pick a game"  # short: the battery corner fits beside it
    is_menu = True

    def enter(self, now):
        self.app.unload_games()  # every way back here leaves no game's code in RAM
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
            from slampad.app.gowild.modes import GoWildModes

            return GoWildModes(self.app)
        if key == "tumblin":
            from slampad.app.tumblin.setup import SetupScreen

            return SetupScreen(self.app)
        if key == "diceland":
            from slampad.app.diceland.setup import SetupScreen as DicelandSetup

            return DicelandSetup(self.app)
        from slampad.app.join import JoinScreen

        return JoinScreen(self.app, name)


BRIGHT = (10, 20, 30, 50, 75, 100)
LOOK = (3000, 4000, 5000, 6000, 8000, 10000)
LEVELS = ("easy", "normal", "hard")
DIM_S = (30, 60, 120, 300, 0)  # 0: never
SLEEP_S = (300, 600, 1200, 1800, 0)


def _mins(s):
    return "never" if not s else "%ds" % s if s < 60 else "%d min" % (s // 60)


def _next(seq, v):
    return seq[(seq.index(v) + 1) % len(seq)] if v in seq else seq[0]


# What each setting does: the title row while the cursor is on it (21 columns).
HELP = (
    "How bright LEDs glow",
    "Beeps for game events",
    "Level of new bots",
    "Time to slam a match",
    "Idle time to dim",
    "Idle time to sleep",
    "Back to the games",
)


class SettingsScreen(ListScreen):
    title = "Settings (select)"

    def draw(self):
        self.title = HELP[self.cursor]
        ListScreen.draw(self)

    def items(self):
        c = self.app.cfg
        return [
            "Brightness %d%%" % c["brightness"],
            "Sound " + ("on" if c["sound"] else "off"),
            "New bots: " + c["bot_level"],
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
            return self.app.menu_screen()
        self.app.beep(cues.MOVE)
        self.say("Saved when you leave", now)
        return None

    def on_leave(self, now):
        self.app.save_settings()  # a safe point: no game, no animation
