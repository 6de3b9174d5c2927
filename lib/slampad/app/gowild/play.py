"""Go Wild! pass and play: a human sees their hand only while holding their own
pad (G9) and picks a set with the menu buttons; bots play after a short pause."""

from slampad.app import cues, legal
from slampad.app.screen import Screen
from slampad.app.ui import SEAT_COLOURS, wrap
from slampad.app.ui import rgb as _rgb
from slampad.bots.gowild import GoWildBot
from slampad.games import gowild_cards as gc
from slampad.games.gowild import GoWild
from slampad.ticks import ticks_diff

WRAP = 1 << 29
BOT_MS = 800  # a bot's turn stays visible this long
SHOW_MS = 2500  # a finished trick stays on the table this long
BLINK_MS = 200


def hand_text(hand):
    return " ".join("%s%d" % (gc.GLYPHS[c], hand[c]) for c in range(6) if hand[c]) or "empty"


def play_text(seat_name, play, wild_one):
    size = gc.judge_set(play, wild_one)[0]
    return "%s %s%s" % (seat_name, "~" if not size else "", gc.text(play))


class PlayScreen(Screen):
    SAVE = (__name__, "Go Wild!")  # saves.save
    in_game = True

    def __init__(self, app, seats, kinds, first_lead=0):
        Screen.__init__(self, app)
        self.seats = list(seats)  # game seat -> table seat; pads serve seats below n_pads
        self.kinds = list(kinds)  # "human" or a bot level
        n = len(seats)
        self.seed = seed = app.new_seed()
        self.game = GoWild({"players": n, "first_lead": first_lead}, seed)  # G8
        self.bots = [None if k == "human" else GoWildBot(s, k, seed) for s, k in enumerate(kinds)]
        self.actions = []
        self.stage = "turn"  # or "shown": a finished trick stays a moment
        self.t0 = 0
        self.sets = []  # the human to play: their valid sets, best first
        self.cursor = 0
        self.peek = False
        self.shown = []  # the finished trick's plays, as text
        self.msgs = []
        self.winner = None

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
            hand = g.hands[s]
            sets = gc.sets_for(hand, s == g.wild_one)
            # Biggest counted set first, sloughs last (G4: only size wins).
            sets.sort(key=lambda p: (-gc.judge_set(p, s == g.wild_one)[0], -gc.total(p)))
            self.sets = sets
            self.cursor = 0
        self.draw()

    def act(self, a, now):
        g = self.game
        table = [play_text(self.name(s), p, s == g.wild_one) for s, p in g.plays]
        table.append(play_text(self.name(a[1]), a[2], a[1] == g.wild_one))
        ev = legal.apply(g, a)
        if ev is None:  # not legal now: dropped
            return
        self.actions.append(a)
        msgs = []
        for e in ev:
            k = e[0]
            if k == "trick":
                self.winner = e[2]
                msgs.append("%s wins trick %d: +%d" % (self.name(e[2]), e[1], e[3]))
            elif k == "no_winner":
                self.winner = None
                msgs.append("All sloughs: nobody wins trick %d" % e[1])
            elif k == "wild_one":
                msgs.append("%s is the Wild One" % self.name(e[1]))
            elif k == "reshuffle":
                msgs.append("Discards shuffled into the deck")
            elif k == "game_over":
                msgs.append("%s reaches %d!" % (self.name(e[1][0]), g.options["target"]))
        if msgs:  # the trick is over: leave it on the table a moment
            self.stage = "shown"
            self.t0 = now
            self.shown = table
            self.msgs = msgs
            self.app.beep(cues.TRICK if self.winner is not None else cues.PENALTY)
            self.draw()
        else:
            self.app.beep(cues.SLAM)
            self.new_turn(now)

    def on_menu(self, button, now):
        g = self.game
        if self.stage != "turn" or not self.sets:
            return
        if not self.peek:  # G9: the hand stays hidden until its owner holds their pad
            self.msgs = ["%s: hold your pad to see your hand" % self.name(g.turn)]
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
        if self.stage == "shown":
            if dt >= SHOW_MS:
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
            held = p is not None and self.app.held[p]
            if held != self.peek:
                self.peek = held
                self.msgs = []
                self.draw()
        self.paint(now)
        return None

    def over(self):
        from slampad.app import saves
        from slampad.app.over import OverScreen

        g = self.game
        seats, kinds, app = self.seats, self.kinds, self.app
        saves.finished(app, "gowild", [seats[s] for s in g.winners()])
        score = "Pts " + " ".join(str(x) for x in g.scores)
        won = [self.name(s) for s in g.winners()]
        return OverScreen(app, won, score, lambda: PlayScreen(app, seats, kinds))

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

    def draw(self):
        g = self.game
        t = self.app.text
        wild = self.name(g.wild_one) if g.wild_one is not None else "none"
        head = "R%d T%d/3 Wild:%s" % (g.round, g.trick, wild)
        if self.stage == "shown":
            table = self.shown
        else:
            table = [play_text(self.name(s), p, s == g.wild_one) for s, p in g.plays]
        table_line = " ".join(table) if table else "%s leads" % self.name(g.lead)
        scores = "Pts " + " ".join(str(x) for x in g.scores)
        s = g.turn
        if self.stage == "shown":
            lines = [head, scores] + wrap(table_line, t.cols) + wrap(" ".join(self.msgs), t.cols)
        elif self.sets and self.peek:
            pick = self.sets[self.cursor]
            size = gc.judge_set(pick, s == g.wild_one)[0]
            what = ("%d card%s" % (size, "s" if size != 1 else "")) if size else "slough"
            lines = [
                head,
                table_line,
                hand_text(g.hands[s]),
                "> %s (%s)" % (gc.text(pick), what),
                "%d/%d up/down select" % (self.cursor + 1, len(self.sets)),
            ]
        else:
            if s is None:
                prompt = ""
            elif self.bots[s] is not None:
                prompt = "%s (bot) to play" % self.name(s)
            else:
                prompt = "%s: hold your pad to see your hand" % self.name(s)
            if self.msgs:
                prompt = " ".join(self.msgs)
            lines = [head, scores] + wrap(table_line, t.cols)[:2] + wrap(prompt, t.cols)
        colours = [0xFFFFFF] * len(lines)
        if s is not None and t.colour:
            colours[-1] = SEAT_COLOURS[self.seats[s]]
        t.show(lines, colours)


def resume(app, meta, state):
    """The screen for a saved game (saves.resume)."""
    seats, kinds = meta["seats"], meta["kinds"]
    g = GoWild.from_dict(state)
    n = len(g.scores)
    if len(kinds) != n or len(set(seats)) != n or min(seats) < 0 or max(seats) > 5:
        raise ValueError("seats do not match the game")
    scr = PlayScreen(app, seats, kinds)
    scr.game = g
    return scr
