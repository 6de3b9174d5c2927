"""Tumblin' Dice setup: the board (table or virtual, T6), the length (rounds or a
target, T5), the scoring (T2), teams (T5) and the -1x zone (T1); then join.

The title row explains the highlighted line in a few words (one row even on
the 128x64 OLED); select changes it."""

from slampad.app import cues
from slampad.app.join import JoinScreen
from slampad.app.lists import ListScreen

ROUNDS = (4, 5, 6, 2, 3, None)  # T5: the Length row's choices; None: to a target score
# T5 (Other Option 1): an agreed target, 50 to 500. Not higher: a game's save holds every
# throw, and four slow scorers to 1,000 outgrow the flash's 4 KB (tests/test_device_tumblin).
TARGETS = tuple(range(50, 550, 50))
# Per row: (help when off / first choice, help when on / second choice)
HELP = {
    "board": ("You enter each die", "Device throws dice"),
    "mode": ("Die = face x level", "Die = face + level"),
    "teams": ("Each for themselves", "P1+P3 vs P2+P4"),
    "minus": ("No -1x zone on board", "Scores face x -1"),
    "next": ("Then slam to join",),
    "howto": ("Pictures, a page each",),
    "back": ("Back to the games",),
}


class SetupScreen(ListScreen):
    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.length = 0  # index into ROUNDS
        self.target = TARGETS.index(100)  # index into TARGETS, when playing to one
        self.o = {"board": "table", "mode": "multiply", "teams": False, "minus_zone": False}
        last = app.remember.get("tumblin_setup")  # the last game's setup, until changed
        if last is not None:
            self.length, self.target, o = last
            self.o = dict(o)

    def options(self):
        o = dict(self.o)
        o["rounds"] = r = ROUNDS[self.length]
        o["target"] = TARGETS[self.target] if r is None else None
        return o

    def rows(self):
        """The rows' keys, top to bottom: the target's row only when playing to one."""
        out = ["board", "length", "mode", "teams", "minus", "next", "howto", "back"]
        if ROUNDS[self.length] is None:
            out.insert(2, "target")
        return out

    def flags(self):
        o = self.o
        return {"board": o["board"] == "virtual", "mode": o["mode"] == "add",
                "teams": o["teams"], "minus": o["minus_zone"]}

    def items(self):
        f = self.flags()
        rounds = ROUNDS[self.length]
        said = {
            "board": "Board: " + ("virtual" if f["board"] else "real (table)"),
            "length": "Length: " + ("%d rounds" % rounds if rounds else "to a score"),
            "target": "Target: %d points" % TARGETS[self.target],
            "mode": "Scoring: " + ("kids (add)" if f["mode"] else "multiply"),
            "teams": "Teams: " + ("on (2v2)" if f["teams"] else "off"),
            "minus": "-1x zone: " + ("on" if f["minus"] else "off"),
            "next": "Next: join",
            "howto": "How to play",
            "back": "Back",
        }
        return [said[k] for k in self.rows()]

    def draw(self):
        k = self.rows()[self.cursor]
        rounds = ROUNDS[self.length]
        if k == "length":
            self.title = "Most pts in %d rounds" % rounds if rounds else "Play to a set score"
        elif k == "target":
            self.title = "Till someone has %d" % TARGETS[self.target]
        else:
            self.title = HELP[k][1 if self.flags().get(k) else 0]
        ListScreen.draw(self)

    def select(self, i, now):
        o = self.o
        k = self.rows()[i]
        if k == "board":
            o["board"] = "table" if o["board"] == "virtual" else "virtual"
        elif k == "length":
            self.length = (self.length + 1) % len(ROUNDS)
        elif k == "target":
            self.target = (self.target + 1) % len(TARGETS)
        elif k == "mode":
            if o["minus_zone"]:  # T2: kids' scoring is not offered with the -1x zone
                self.say("Kids' scoring: not with -1x zone", now)
                return None
            o["mode"] = "add" if o["mode"] == "multiply" else "multiply"
        elif k == "teams":
            o["teams"] = not o["teams"]
        elif k == "minus":
            if o["mode"] == "add":
                self.say("-1x zone: not with kids' scoring", now)
                return None
            o["minus_zone"] = not o["minus_zone"]
        elif k == "next":
            self.app.remember["tumblin_setup"] = (self.length, self.target, dict(o))
            return TumblinJoin(self.app, self.options())
        elif k == "howto":
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
