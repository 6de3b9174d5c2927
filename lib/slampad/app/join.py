"""Join by slamming: each player presses their pad to take a seat; the cursor
and select fill empty seats with bots (or empty them again)."""

from slampad.app import cues
from slampad.app.lists import ListScreen
from slampad.app.ui import SEAT_COLOURS, rgb
from slampad.ticks import ticks_diff

WRAP = 1 << 29
FLASH_MS = 300
LEVELS = ("easy", "normal", "hard")


def next_kind(kind, first, levels=LEVELS):
    """What select makes of a seat that is empty or a bot: empty, then a bot at the
    Settings' level ``first``, then the other levels, then empty again. A game without
    ``first`` among its levels (a custom bot is Wildside's alone, W11) starts at normal."""
    if first not in levels:
        first = "normal"
    order = [None, first] + [k for k in levels if k != first]
    return order[(order.index(kind) + 1) % len(order)] if kind in order else None


class JoinScreen(ListScreen):
    """Seats 0..max_seats-1; those past the pads (Go Wild!'s P5, P6: G2) are bots."""

    def __init__(self, app, game, key="wildside", max_seats=None, howto=None):
        ListScreen.__init__(self, app)
        self.game = game
        self.howto = howto  # the registry entry, when this is the game's first screen
        self.key = key
        self.title = "Slam to join"
        n = app.hw.n_pads
        self.seats = [None] * (max_seats or n)  # None, "human" or a bot level
        last = app.remember.get(key)  # the seats of this game's last start
        if last is not None and len(last) == len(self.seats):
            self.seats = list(last)
        self.flash = [None] * n

    def items(self):
        out = ["START " + self.game]
        for s, kind in enumerate(self.seats):
            if kind is None:
                what = "-- (select: bot)" if s >= self.app.hw.n_pads else "-- (slam or bot)"
            elif kind == "human":
                what = "player"
            else:
                what = "bot " + kind
            out.append("P%d %s" % (s + 1, what))
        if self.howto is not None:
            out.append("How to play")
        return out

    def enter(self, now):
        ListScreen.enter(self, now)
        for s in range(len(self.flash)):
            self.app.leds.seat_colour(s, rgb(SEAT_COLOURS[s]) if self.seats[s] else (0, 0, 0))

    def on_pad(self, press, now):
        pad = press.pad
        if self.chosen is not None:  # START was pressed: the slam is the game's
            ListScreen.on_pad(self, press, now)
            return
        if self.seats[pad] == "human":
            self.say("P%d is in" % (pad + 1), now)
            return
        self.seats[pad] = "human"
        self.flash[pad] = now
        self.app.leds.dice_colours(pad, [(255, 255, 255)] * 5)
        self.app.leds.seat_colour(pad, rgb(SEAT_COLOURS[pad]))
        self.app.beep(cues.JOIN)
        self.say("P%d joined" % (pad + 1), now)

    def select(self, i, now):
        if i == 0:
            return self.start(now)
        s = i - 1
        if s == len(self.seats):
            from slampad.app.menu_howto import HowToScreen

            return HowToScreen(self.app, self.howto, self)
        kind = self.seats[s]
        first = self.app.cfg["bot_level"]
        levels = LEVELS + ("custom",) if self.key == "wildside" and first == "custom" else LEVELS
        kind = None if kind == "human" else next_kind(kind, first, levels)
        self.seats[s] = kind
        if s < len(self.flash):
            self.app.leds.seat_colour(s, rgb(SEAT_COLOURS[s]) if kind else (0, 0, 0))
        self.draw()
        return None

    def start(self, now):
        filled = self.filled()
        if len(filled) < 2:
            self.say("Need 2+ seats: slam or add bots", now)
            return None
        kinds = [self.seats[s] for s in filled]
        app = self.app
        app.remember[self.key] = list(self.seats)
        app.forget(__name__)  # the seating is done: its module leaves RAM with this screen
        game = app.load_game("slampad.app.%s.play" % self.key)
        return game.PlayScreen(self.app, filled, kinds, *self.play_args(filled))

    def filled(self):
        """The seats taken, by a person or a bot, in seat order."""
        return [s for s in range(len(self.seats)) if self.seats[s]]

    def play_args(self, filled):
        """More arguments for the play screen, after the seats and their kinds."""
        return ()

    def tick(self, now):
        for s in range(len(self.flash)):
            if self.flash[s] is not None and ticks_diff(now, self.flash[s], WRAP) > FLASH_MS:
                self.flash[s] = None
                self.app.leds.dice_colours(s, [])
        return ListScreen.tick(self, now)
