"""The settings screen (opened from the menu): each row a setting, select steps it on,
the title row says what the highlighted one does; saved when it is left. A menu_
module: never in RAM with a game."""

from slampad.app import cues
from slampad.app.lists import ListScreen

BRIGHT = (10, 20, 30, 50, 75, 100)
LOOK = (3000, 4000, 5000, 6000, 8000, 10000)
LEVELS = ("normal", "hard", "easy", "custom")  # select's order; custom: Wildside's only (W11)
BOT_MS = (300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1500, 2000)
BOT_ERRORS = (0, 2, 5, 10, 15, 20, 30)
DIM_S = (30, 60, 120, 300, 0)  # 0: never
SLEEP_S = (300, 600, 1200, 1800, 0)


def _mins(s):
    return "never" if not s else "%ds" % s if s < 60 else "%d min" % (s // 60)


def _secs(ms):
    """900 -> "0.9", 2000 -> "2", 450 -> "0.45": seconds, no more digits than needed."""
    return ("%d.%03d" % (ms // 1000, ms % 1000)).rstrip("0").rstrip(".")


def _next(seq, v):
    """The value after v; from a value not in seq (settings.toml's), the next larger one."""
    if v in seq:
        return seq[(seq.index(v) + 1) % len(seq)]
    for x in seq:
        if type(v) is int and x > v:
            return x
    return seq[0]


# What each setting does: the title row while the cursor is on it (21 columns).
HELP = {
    "brightness": "How bright LEDs glow",
    "sound": "Beeps at game events",  # 20 columns: one row on the colour display
    "bot_level": "Level of new bots",
    "bot_ms": "Custom bot: speed",
    "bot_errors": "Custom bot: mistakes",
    "look_ms": "Time to slam a match",
    "dim_s": "Idle time to dim",
    "sleep_s": "Idle time to sleep",
    None: "Back to the games",
}
STEPS = {"brightness": BRIGHT, "bot_level": LEVELS, "bot_ms": BOT_MS,
         "bot_errors": BOT_ERRORS, "look_ms": LOOK, "dim_s": DIM_S, "sleep_s": SLEEP_S}  # fmt: skip


class SettingsScreen(ListScreen):
    title = "Settings (select)"

    def keys(self):
        """The settings in their rows; a custom bot's two only while New bots is custom."""
        out = ["brightness", "sound", "bot_level"]
        if self.app.cfg["bot_level"] == "custom":
            out += ["bot_ms", "bot_errors"]
        return out + ["look_ms", "dim_s", "sleep_s", None]

    def draw(self):
        keys = self.keys()
        self.cursor = min(self.cursor, len(keys) - 1)
        k = keys[self.cursor]
        custom = k == "bot_level" and self.app.cfg[k] == "custom"
        self.title = "Other games: normal" if custom else HELP[k]
        ListScreen.draw(self)

    def items(self):
        c = self.app.cfg
        row = {
            "brightness": "Brightness %d%%" % c["brightness"],
            "sound": "Sound " + ("on" if c["sound"] else "off"),
            "bot_level": "New bots: " + c["bot_level"],
            "bot_ms": "  Reaction %s s" % _secs(c["bot_ms"]),
            "bot_errors": "  Mistakes %d%%" % c["bot_errors"],
            "look_ms": "Look window %ds" % (c["look_ms"] // 1000),
            "dim_s": "Dim after " + _mins(c["dim_s"]),
            "sleep_s": "Sleep after " + _mins(c["sleep_s"]),
            None: "Back",
        }
        return [row[k] for k in self.keys()]

    def select(self, i, now):
        c = self.app.cfg
        k = self.keys()[i]
        if k is None:
            return self.app.menu_screen()
        if k == "sound":
            c[k] = 0 if c[k] else 1
        else:
            c[k] = _next(STEPS[k], c[k])
        if k == "brightness":
            self.app.leds.set_brightness(c[k])
        self.app.beep(cues.MOVE)
        if c[k] == "custom":
            self.say("Custom bots play Wildside; other games start at normal", now)
        else:
            self.say("Saved when you leave", now)
        return None

    def on_leave(self, now):
        self.app.save_settings()  # a safe point: no game, no animation
