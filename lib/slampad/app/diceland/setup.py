"""Diceland setup: the scene (a preset, or random of a chosen size, D1), the
special and alternate rules (D5-D10), the opponent (a bot, or hot-seat); then
the seats: the first pad slammed is P1, the next P2 (or the bot is P2).

The title row explains the highlighted line; select changes it."""

from slampad.app import cues
from slampad.app.lists import ListScreen

SCENES = (("pocket", 8), ("duel", 12), ("valley", 18), ("crossing", 24),
          ("highlands", 30), ("diceland", 36), ("random", 0))
SIZES = tuple(range(8, 38, 2))
RULES = ("terrain", "fatal_attraction", "grouping", "capital", "fill_the_void")
NAMES = ("Terrain", "Fatal attract", "Grouping", "Capital", "Fill the void")
HELP = (  # per rule: (off, on); D6, D7, D9, D10 (no ruling names on screen)
    ("All plains", "Hills towns forests mountains"),
    ("Moves are free", "Moves into contact forced"),
    ("No merging", "Move onto own die: add"),
    ("No capitals", "2 extra towns: capitals, %d dice each. Take theirs: win"),
    ("A dead attacker's hex stays empty", "Defender fills a dead attacker's hex"),
)
OPPONENTS = ("normal", "hard", "easy", "human")


class SetupScreen(ListScreen):
    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.scene = 2  # valley, 18 hexes (the rules core's default)
        self.size = SIZES.index(18)
        self.o = {"terrain": True, "fatal_attraction": False, "grouping": False,
                  "capital": False, "fill_the_void": False}
        level = app.cfg["bot_level"]  # the Settings' level for a new bot
        self.opp = OPPONENTS.index(level) if level in OPPONENTS else 0
        last = app.remember.get("diceland")  # the last game's setup, until changed
        if last is not None:
            self.scene, self.size, o, self.opp = last
            self.o = dict(o)

    def options(self):
        o = dict(self.o)
        o["scene"] = SCENES[self.scene][0]
        o["size"] = SIZES[self.size]
        return o

    def hexes(self):
        return SCENES[self.scene][1] or SIZES[self.size]

    def dice(self):
        """D1 with D10: the capitals are two more hexes of the scene."""
        return (self.hexes() + (2 if self.o["capital"] else 0)) // 2 + 2

    def items(self):
        name = SCENES[self.scene][0]
        out = ["Scene: " + (name if SCENES[self.scene][1] else "random"),
               "Size: %d hexes" % self.hexes()]
        for j in range(len(RULES)):
            out.append(NAMES[j] + (": on" if self.o[RULES[j]] else ": off"))
        opp = OPPONENTS[self.opp]
        out += ["P2: " + ("human" if opp == "human" else "bot " + opp), "Next: seats",
                "How to play", "Back"]
        return out

    def draw(self):
        i = self.cursor
        n = self.hexes() + (2 if self.o["capital"] else 0)  # D10: two extra towns
        if i == 0:
            self.title = "%d hex, %d dice each" % (n, self.dice())  # D1
        elif i == 1:
            self.title = "Random map size" if not SCENES[self.scene][1] else "Presets: fixed size"
        elif i < 7:
            self.title = HELP[i - 2][1 if self.o[RULES[i - 2]] else 0]
            if "%d" in self.title:
                self.title = self.title % self.dice()
        elif i == 7:
            self.title = "Two humans, one device" if self.opp == 3 else "P1 plays a bot"
        elif i == 8:
            self.title = "Then slam: P1, then P2"
        elif i == 9:
            self.title = "Pictures, a page each"
        else:
            self.title = "Back to the games"
        ListScreen.draw(self)

    def select(self, i, now):
        if i == 0:
            self.scene = (self.scene + 1) % len(SCENES)
        elif i == 1:
            if SCENES[self.scene][1]:
                self.say("Size: only for a random scene", now)
                return None
            self.size = (self.size + 1) % len(SIZES)
        elif i < 7:
            k = RULES[i - 2]
            self.o[k] = not self.o[k]
        elif i == 7:
            self.opp = (self.opp + 1) % len(OPPONENTS)
        elif i == 8:
            opp = OPPONENTS[self.opp]
            self.app.remember["diceland"] = (self.scene, self.size, dict(self.o), self.opp)
            return Seats(self.app, self.options(), ["human", opp])
        elif i == 9:
            from slampad.app import registry
            from slampad.app.menu_howto import HowToScreen

            return HowToScreen(self.app, registry.entry("diceland"), self)
        else:
            return self.app.menu_screen()
        self.app.beep(cues.MOVE)
        self.draw()
        return None


class Seats(ListScreen):
    """Each human slams their pad: the first is P1, the next P2."""

    title = "Slam to take a seat"

    def __init__(self, app, options, kinds):
        ListScreen.__init__(self, app)
        self.options = options
        self.kinds = kinds
        self.pads = [None, None]

    def items(self):
        out = ["START Diceland"]
        for s in (0, 1):
            if self.kinds[s] != "human":
                what = "bot " + self.kinds[s]
            elif self.pads[s] is None:
                what = "-- slam your pad"
            else:
                what = "pad %d" % (self.pads[s] + 1)
            out.append("P%d %s" % (s + 1, what))
        return out

    def on_pad(self, press, now):
        pad = press.pad
        if pad in self.pads:
            self.say("Pad %d is P%d" % (pad + 1, self.pads.index(pad) + 1), now)
            return
        for s in (0, 1):
            if self.kinds[s] == "human" and self.pads[s] is None:
                self.pads[s] = pad
                self.app.beep(cues.JOIN)
                self.say("P%d: pad %d" % (s + 1, pad + 1), now)
                return

    def select(self, i, now):
        if i:
            self.pads[i - 1] = None  # empty the seat again
            self.draw()
            return None
        for s in (0, 1):
            if self.kinds[s] == "human" and self.pads[s] is None:
                self.say("P%d: slam your pad first" % (s + 1), now)
                return None
        self.app.forget(__name__)  # the setup is done: its module leaves RAM with this screen
        game = self.app.load_game("slampad.app.diceland.play")  # largest modules first
        return game.PlayScreen(self.app, self.pads, self.kinds, self.options)
