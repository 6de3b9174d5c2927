"""Tumblin' Dice setup: the board (table or virtual, T6), the length (rounds or a
target, T5), the scoring (T2), teams (T5) and the -1x zone (T1); then join.

The title row explains the highlighted line in a few words (one row even on
the 128x64 OLED); select changes it."""

from slampad.app import cues
from slampad.app.join import JoinScreen
from slampad.app.lists import ListScreen

# (rounds, target): exactly one is set (T5)
LENGTHS = ((4, None), (5, None), (6, None), (2, None), (3, None), (None, 100), (None, 300))
# Per row: (help when off / first choice, help when on / second choice)
HELP = (
    ("You enter each die", "Device throws dice"),
    None,
    ("Die = face x level", "Die = face + level"),
    ("Each for themselves", "P1+P3 vs P2+P4"),
    ("No -1x zone on board", "Scores face x -1"),
    ("Then slam to join",),
    ("Pictures, a page each",),
    ("Back to the games",),
)


class SetupScreen(ListScreen):
    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.length = 0  # index into LENGTHS
        self.o = {"board": "table", "mode": "multiply", "teams": False, "minus_zone": False}
        last = app.remember.get("tumblin_setup")  # the last game's setup, until changed
        if last is not None:
            self.length, o = last
            self.o = dict(o)

    def options(self):
        o = dict(self.o)
        o["rounds"], o["target"] = LENGTHS[self.length]
        return o

    def flags(self):
        o = self.o
        on = (o["board"] == "virtual", 0, o["mode"] == "add", o["teams"], o["minus_zone"])
        return on + (0, 0, 0)  # Next, How to play, Back

    def items(self):
        f = self.flags()
        rounds, target = LENGTHS[self.length]
        return [
            "Board: " + ("virtual" if f[0] else "real (table)"),
            "Length: " + ("%d rounds" % rounds if rounds else "to %d pts" % target),
            "Scoring: " + ("kids (add)" if f[2] else "multiply"),
            "Teams: " + ("on (2v2)" if f[3] else "off"),
            "-1x zone: " + ("on" if f[4] else "off"),
            "Next: join",
            "How to play",
            "Back",
        ]

    def draw(self):
        i = self.cursor
        rounds, target = LENGTHS[self.length]
        if i == 1:
            self.title = (
                "Most pts in %d rounds" % rounds if rounds else "Till someone has %d" % target
            )
        else:
            self.title = HELP[i][1 if self.flags()[i] else 0]
        ListScreen.draw(self)

    def select(self, i, now):
        o = self.o
        if i == 0:
            o["board"] = "table" if o["board"] == "virtual" else "virtual"
        elif i == 1:
            self.length = (self.length + 1) % len(LENGTHS)
        elif i == 2:
            if o["minus_zone"]:  # T2: kids' scoring is not offered with the -1x zone
                self.say("Kids' scoring: not with -1x zone", now)
                return None
            o["mode"] = "add" if o["mode"] == "multiply" else "multiply"
        elif i == 3:
            o["teams"] = not o["teams"]
        elif i == 4:
            if o["mode"] == "add":
                self.say("-1x zone: not with kids' scoring", now)
                return None
            o["minus_zone"] = not o["minus_zone"]
        elif i == 5:
            self.app.remember["tumblin_setup"] = (self.length, dict(o))
            return TumblinJoin(self.app, self.options())
        elif i == 6:
            from slampad.app import registry
            from slampad.app.menu_howto import HowToScreen

            return HowToScreen(self.app, registry.entry("tumblin"), self)
        else:
            return self.app.menu_screen()
        self.app.beep(cues.MOVE)
        self.draw()
        return None


class TumblinJoin(JoinScreen):
    """Slam to join, up to four seats; bots only on the virtual board (T6)."""

    def __init__(self, app, options):
        JoinScreen.__init__(self, app, "Tumblin' Dice", "tumblin", 4)
        self.options = options
        self.table = options["board"] == "table"
        if self.table:  # seats remembered from a virtual-board game: no bots here (T6)
            self.seats = [k if k == "human" else None for k in self.seats]

    def items(self):
        out = JoinScreen.items(self)
        if self.table:
            out = [x.replace("(slam or bot)", "slam to join") for x in out]
        return out

    def select(self, i, now):
        if i and self.table and self.seats[i - 1] != "human":
            self.say("Table mode: no bots, can't throw real dice", now)
            return None
        return JoinScreen.select(self, i, now)

    def start(self, now):
        filled = self.filled()
        n = len(filled)
        if n < 2:
            self.say(
                "Need 2+ players: " + ("slam your pads" if self.table else "slam or add bots"), now
            )
            return None
        if self.options["teams"] and n != 4:  # T5: two pairs
            self.say("Teams need exactly 4 players (%d now)" % n, now)
            return None
        app = self.app
        app.forget(__name__)  # the setup is done: its modules leave RAM with this screen
        app.forget("slampad.app.join")
        PlayScreen = app.load_game("slampad.app.tumblin.play").PlayScreen  # largest first

        o = dict(self.options)
        o["players"] = n
        return PlayScreen(self.app, filled, [self.seats[s] for s in filled], o)
