"""Go Wild! pass and play: a human sees their hand only while holding their own
pad (G9) and picks a set with the menu buttons; bots play after a short pause.

The screen keeps the game and its moment (``moment``: the stage, the set picked, the
news, the finished trick), and shows the moment through its view, one per display:
app/gowild/oled.py or app/gowild/tft.py (their shared part, and a trick being taken,
in app/gowild/anim.py)."""

from slampad.app import cues, legal
from slampad.app.screen import Screen
from slampad.app.ui import SEAT_COLOURS
from slampad.app.ui import rgb as _rgb
from slampad.bots.gowild import GoWildBot
from slampad.games import gowild_cards as gc
from slampad.games.gowild import GoWild
from slampad.ticks import ticks_diff

# The OLED's view or the colour display's own: never both.
ONE_OF = ("slampad.app.gowild.oled", "slampad.app.gowild.tft")
WRAP = 1 << 29
BOT_MS = 800  # a bot's turn stays visible this long
SHOW_MS = 3000  # a finished trick and its result stay on the table this long ...
WORD_MS = 250  # ... and this much longer for each word of news under it
BLINK_MS = 200


class PlayScreen(Screen):
    SAVE = (__name__, "Go Wild!")  # saves.save
    in_game = True

    def __init__(self, app, seats, kinds, first_lead=0, game=None):
        Screen.__init__(self, app)
        self.seats = list(seats)  # game seat -> table seat; pads serve seats below n_pads
        self.kinds = list(kinds)  # "human" or a bot level
        n = len(seats)
        self.seed = seed = app.new_seed()
        if game is None:  # else a saved game (resume)
            game = GoWild({"players": n, "first_lead": first_lead}, seed)  # G8
        self.game = game
        self.bots = [None if k == "human" else GoWildBot(s, k, seed) for s, k in enumerate(kinds)]
        self.actions = []
        self.stage = "turn"  # or "shown": a finished trick stays a moment
        self.t0 = 0
        self.sets = []  # the human to play: their valid sets, best first
        self.cursor = 0
        self.peek = False
        self.shown = []  # the finished trick's plays: [[seat, counts], ...]
        self.done = None  # ... and its (trick, winner or None, points)
        self.msgs = []  # news under it (the Wild One, a reshuffle); or a hint on a turn
        self.winner = None
        self.skip = False  # a pad went down while the trick was shown: go on at once
        self.hold = SHOW_MS  # how long this trick is shown
        if app.hw.colour:
            from slampad.app.gowild.tft import View
        else:
            from slampad.app.gowild.oled import View
        self.view = View(app)

    def meta(self):
        return {"seats": self.seats, "kinds": self.kinds}

    def paused(self):  # a person's turn to play
        t = self.game.turn
        return self.stage == "turn" and t is not None and self.bots[t] is None

    def name(self, s):
        return "P%d" % (self.seats[s] + 1)

    def pad(self, s):
        p = self.seats[s]
        return p if p < self.app.hw.n_pads else None

    def enter(self, now):
        self.app.leds.clear()
        self.t0 = now
        self.new_turn(now)

    # -- turns -----------------------------------------------------------
    def new_turn(self, now):
        g = self.game
        self.stage = "turn"
        self.t0 = now
        self.peek = False
        self.sets = []
        s = g.turn
        if s is not None and self.bots[s] is None:
            p = self.pad(s)  # G9: a pad already held shows its hand now, not a frame on
            self.peek = p is not None and self.app.pad_input.held[p]
            hand = g.hands[s]
            sets = gc.sets_for(hand, s == g.wild_one)
            # Biggest counted set first, sloughs last (G4: only size wins).
            sets.sort(key=lambda p: (-gc.judge_set(p, s == g.wild_one)[0], -gc.total(p)))
            self.sets = sets
            self.cursor = 0
        self.draw()

    def act(self, a, now):
        g = self.game
        table = [[s, list(p)] for s, p in g.plays] + [[a[1], list(a[2])]]
        ev = legal.apply(g, a)
        if ev is None:  # not legal now: dropped
            return
        self.actions.append(a)
        news = []
        done = None
        for e in ev:
            k = e[0]
            if k == "trick":
                done = (e[1], e[2], e[3])
            elif k == "no_winner":
                done = (e[1], None, 0)
            elif k == "wild_one":
                news.append("%s is the Wild One" % self.name(e[1]))
            elif k == "reshuffle":
                news.append("The discards are shuffled into the deck")
            elif k == "game_over":
                from slampad.app.gowild.words import game_over

                news.insert(0, game_over(self.name(e[1][0]), g.scores[e[1][0]]))
        if done is not None:  # the trick is over: leave it on the table a moment
            self.stage = "shown"
            self.t0 = now
            self.shown = table
            self.done = done
            self.winner = done[1]
            self.msgs = news
            self.hold = SHOW_MS + WORD_MS * len(" ".join(news).split())
            self.app.beep(cues.TRICK if self.winner is not None else cues.PENALTY)
            self.skip = False
            self.draw()  # the view takes the trick off the table (a flash, a slide)
        else:
            self.app.beep(cues.SLAM)
            self.new_turn(now)

    def on_pad(self, press, now):
        """A pad while a finished trick is shown: the trick is taken at once and the
        game goes on, so the player who presses to see their cards sees them now."""
        if self.stage == "shown":
            self.take()
            self.skip = True

    def on_menu(self, button, now):
        g = self.game
        if self.stage == "shown":
            self.take()  # a button ends the animation; the result stays a while
        if self.stage != "turn" or not self.sets:
            return
        if not self.peek:  # G9: the hand stays hidden until its owner holds their pad
            self.msgs = ["%s: hold your pad down to see your cards" % self.name(g.turn)]
            self.draw()
            return
        if button == "up":
            self.cursor = (self.cursor - 1) % len(self.sets)
        elif button == "down":
            self.cursor = (self.cursor + 1) % len(self.sets)
        elif button == "select":
            self.act(("play", g.turn, list(self.sets[self.cursor])), now)
            return
        self.app.beep(cues.MOVE)
        self.draw()

    def tick(self, now):
        g = self.game
        dt = ticks_diff(now, self.t0, WRAP)
        self.view.tick(now)
        if self.stage == "shown":
            if dt >= self.hold or self.skip:
                self.take()
                if g.is_over():
                    return self.over()
                from slampad.app import saves

                saves.save(self)  # between tricks: a safe point
                self.msgs = []
                self.new_turn(now)
        elif self.bots[g.turn] is not None:
            if dt >= BOT_MS:
                self.act(self.bots[g.turn].choose(g.view(g.turn)), now)
        else:
            p = self.pad(g.turn)
            held = p is not None and self.app.pad_input.held[p]
            if held != self.peek:
                self.peek = held
                self.msgs = []
                self.draw()
        self.paint(now)
        return None

    def over(self):
        from slampad.app import saves
        from slampad.app.gowild.words import OverScreen

        g = self.game
        seats, kinds, app = self.seats, self.kinds, self.app
        saves.finished(app, "gowild", [seats[s] for s in g.winners()])
        names = [self.name(s) for s in range(len(seats))]
        won = [self.name(s) for s in g.winners()]
        first = g.options["first_lead"]  # G8: a rematch keeps the chosen first lead
        return OverScreen(app, won, names, g.scores, lambda: PlayScreen(app, seats, kinds, first))

    # -- output ----------------------------------------------------------
    def paint(self, now):
        """LEDs (S1): every seat's colour dim, the seat to play bright, a trick's
        winner blinking while the trick is shown."""
        g = self.game
        leds = self.app.leds
        blink = (ticks_diff(now, self.t0, WRAP) // BLINK_MS) % 2
        for s in range(len(self.seats)):
            pad = self.pad(s)
            if pad is None:
                continue
            col = SEAT_COLOURS[self.seats[s]]
            if self.stage == "shown" and s == self.winner:
                rgb = _rgb(col) if blink else (0, 0, 0)
                n = 5
            elif self.stage == "turn" and s == g.turn:
                rgb, n = _rgb(col), 5
            else:
                rgb, n = _rgb(col, 0.15), 1
            leds.dice_colours(pad, [rgb] * n)
            leds.seat_colour(pad, rgb)

    def moment(self, taken=False):
        """What the screen is doing, for its view (app/gowild/anim.py says each key)."""
        t = self.game.turn
        return {
            "stage": self.stage,
            "seats": self.seats,
            "msgs": self.msgs,
            "pick": self.sets[self.cursor] if self.sets and self.peek else None,
            "bot": t is not None and self.bots[t] is not None,
            "shown": self.shown,
            "done": self.done,
            "t0": self.t0,
            "taken": taken,
        }

    def draw(self):
        self.view.show(self.game, self.moment())

    def take(self):
        """The finished trick is taken at once (a press, or its time is up)."""
        self.view.show(self.game, self.moment(True))

    def on_leave(self, now):
        self.view.close()  # the next screen draws over clean rows


def resume(app, meta, state):
    """The screen for a saved game (saves.resume)."""
    seats, kinds = meta["seats"], meta["kinds"]
    g = GoWild.from_dict(state)
    n = len(g.scores)
    if len(kinds) != n or len(set(seats)) != n or min(seats) < 0 or max(seats) > 5:
        raise ValueError("seats do not match the game")
    return PlayScreen(app, seats, kinds, game=g)
