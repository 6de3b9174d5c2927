"""Diceland on the device (D1-D9, S1): the hex map, a cursor, hot-seat or a bot.

up/down move the cursor through the hexes in reading order (then PASS when the
step may be skipped); select, or the turn player's own pad, picks. Occupation:
a hex, then which rolled value (D2). Attack: your die, then the enemy die; pick
a second die of yours before the target for a combined attack (D4), then which
roll from which hex. Move: your die, then where (D5, D7); town: the hex (D8).
Picking your first hex again takes it back. The rules core judges each action:
a refusal shows its reason as a sentence and the pick starts again. News comes in
pages (words.pages), each up long enough to read (words.hold_ms); a press turns it.
The view for the display (oled.py, tft.py) draws the moment the screen hands it.
"""

from slampad.app import cues, legal
from slampad.app.diceland import padlights, words
from slampad.app.screen import Screen
from slampad.games.diceland import Diceland, check_options
from slampad.ticks import ticks_diff

# The OLED's view or the colour display's, loaded as the game starts: never both.
ONE_OF = ("slampad.app.diceland.oled", "slampad.app.diceland.tft")
WRAP = 1 << 29
BOT_MS = 700  # a bot's pause before it acts


class PlayScreen(Screen):
    SAVE = (__name__, "Diceland")  # saves.save
    stage = "start"
    t0 = 0
    cur = 0
    li = 0
    leave = None
    back = None  # the stage a refusal interrupted
    in_game = True
    last_turn = None  # whose turn it was at the last save
    pg = 0  # the page of news shown

    def __init__(self, app, pads, kinds, options, state=None):
        Screen.__init__(self, app)
        self.pads = list(pads)  # seat -> pad (None for a bot)
        self.kinds = list(kinds)  # "human" or a bot level, per seat
        self.options = dict(options)
        self.seed = seed = app.new_seed()
        if state is None:
            self.game = Diceland(self.options, seed)
        else:  # a save's game (resume); its options start the next game
            check_options(self.options)
            self.game = Diceland.from_dict(state)
        self.actions = []  # every action applied: the seed and these replay the game
        self.bots = [None, None]
        if kinds[0] != "human" or kinds[1] != "human":
            from slampad.bots.diceland import DicelandBot

            self.bots = [None if k == "human" else DicelandBot(s, k, seed + s)
                         for s, k in enumerate(kinds)]
        self.sel = []  # hexes picked so far this action
        self.items = []  # a list to pick from: (label, action or None = back, hex)
        self.news = []
        self.view = None

    def meta(self):
        return {"pads": self.pads, "kinds": self.kinds, "options": self.options}

    def paused(self):  # a person's choice
        return self.stage in ("list", "pick")

    # -- flow --------------------------------------------------------------
    def enter(self, now):
        g = self.game
        if self.app.hw.colour:
            from slampad.app.diceland.tft import View
        else:
            from slampad.app.diceland.oled import View
        self.view = View(self.app, g)
        self.app.leds.clear()
        self.lights()
        if self.resumed:
            self.last_turn = g.turn
            self.say(["Resumed: %s to play." % words.name(g.turn)], now)
            return
        self.say(words.opening(g), now)  # D2

    def say(self, lines, now):
        cols, rows = self.view.room()
        self.news = words.pages(lines, cols, rows)
        self.pg = 0
        self.stage = "news"
        self.t0 = now
        self.draw()

    def turn_news(self, now):
        """The next page of news, or the news is done."""
        if ticks_diff(now, self.t0, WRAP) < 150:
            return
        if self.pg + 1 < len(self.news):
            self.pg += 1
            self.t0 = now
            self.draw()
        else:
            self.done_news(now)

    def begin(self, now):
        """The turn player's next decision: a bot's pause, or the cursor."""
        g = self.game
        if g.is_over():
            self.leave = self.over()
            return
        p = g.turn
        if p != self.last_turn:  # a new turn: a safe point
            from slampad.app import saves

            self.last_turn = p
            saves.save(self)
        self.sel = []
        self.items = []
        self.t0 = now
        self.lights()
        if self.bots[p] is not None:
            self.stage = "bot"
        elif g.phase == "choose":
            a, b, _t = g.pending
            r = g.free[p]
            self.items = [("Roll %d on die %d" % (r[i], g.value[h]), ("use", p, i, h), h)
                          for i in (0, 1) for h in (a, b)]
            self.li = 0
            self.stage = "list"
        else:
            self.stage = "pick"
            self.aim()
        self.draw()

    def aim(self):
        """Put the cursor on the first hex that suits the step (or PASS)."""
        g = self.game
        la = g.legal_actions(g.turn)
        s = self.sel
        for a in la:
            if a[0] == "place":
                self.cur = a[3]
                return
            if a[0] in ("attack", "move") and (not s or a[2] == s[0]):
                self.cur = a[3] if s else a[2]
                return
            if a[0] == "town":
                self.cur = a[2]
                return
        self.cur = g.scene.n if self.passes() else 0

    def passes(self):  # the step may be skipped: PASS follows the last hex
        return self.game.phase in ("move", "town")

    def act(self, action, now):
        g = self.game
        if not legal.ok(g, action):  # legal.why: the rules say why
            self.app.beep(cues.PENALTY)
            self.sel = []
            self.back = self.stage
            self.say([words.refusal(legal.why(g, action))], now)
            return
        ev = g.apply(action)
        self.sel = []  # the picks are spent: the news shows no ring, the prompt no step
        self.actions.append(tuple(action))
        self.lights()
        self.app.beep(cues.MOVE)
        news = words.tell(ev, g)
        if news:
            self.say(news, now)
        else:
            self.begin(now)

    def over(self):
        g = self.game
        self.view.close()
        self.app.leds.clear()
        from slampad.app import saves
        from slampad.app.over import OverScreen

        w = g.winners()
        saves.finished(self.app, "diceland", w)
        score = words.scores(g, self.app.text.colour)  # D9: why the winner won
        pads, kinds, o = self.pads, self.kinds, self.options

        def again():
            return PlayScreen(self.app, pads, kinds, o)

        return OverScreen(self.app, [words.name(s) for s in w], score, again)

    # -- input -------------------------------------------------------------
    def on_menu(self, button, now):
        st = self.stage
        if st == "news":
            self.turn_news(now)
        elif button == "select" and st == "pick":
            self.pick(now)
        elif button == "select" and st == "list":
            a = self.items[self.li][1]
            if a is None:
                self.begin(now)  # Back: another hex
            else:
                self.act(a, now)
        elif st in ("pick", "list"):
            d = 1 if button == "down" else -1
            if st == "list":
                self.li = (self.li + d) % len(self.items)
            else:
                self.cur = (self.cur + d) % (self.game.scene.n + self.passes())
            self.app.beep(cues.MOVE)
            self.draw()

    def on_pad(self, press, now):
        pad = press.pad
        g = self.game
        if pad not in self.pads or g.is_over():
            return
        s = self.pads.index(pad)
        if self.stage == "news":
            self.turn_news(now)
        elif s == g.turn and self.stage in ("pick", "list"):
            self.on_menu("select", now)  # the turn player's pad confirms

    def pick(self, now):
        g = self.game
        p, h, ph, sel = g.turn, self.cur, g.phase, self.sel
        if h == g.scene.n:
            self.act(("pass", p), now)
        elif ph == "occupy":
            vals = sorted(set(g.free[p]), reverse=True)
            a = ("place", p, vals[0], h)
            if g.owner[h] >= 0 or len(vals) == 1 or h not in g.places(p):
                self.act(a, now)  # placed, or refused with the core's reason (D2)
                return
            self.items = [("Place a %d here" % v, ("place", p, v, h), h) for v in vals]
            self.items.append(("Back", None, h))
            self.li = 0
            self.stage = "list"
            self.draw()
        elif ph == "town":
            self.act(("town", p, h), now)
        elif not sel:
            if g.owner[h] != p:
                self.act((ph, p, h, h), now)  # the core names the rule (not your die)
                return
            sel.append(h)
            self.aim()
            self.draw()
        elif h in sel:
            sel.remove(h)  # taken back
            self.draw()
        elif ph == "move":
            self.act(("move", p, sel[0], h), now)
        elif g.owner[h] == p and len(sel) == 1:
            sel.append(h)  # D4: a second attacker, for a combined attack
            self.draw()
        elif len(sel) == 1:
            self.act(("attack", p, sel[0], h), now)
        else:
            self.act(("combo", p, min(sel), max(sel), h), now)

    def done_news(self, now):
        back, self.back = self.back, None
        if back and self.game.phase != "choose":
            self.stage = "pick"  # the cursor stays where the refused pick was
            self.draw()
        else:
            self.begin(now)

    def tick(self, now):
        if self.leave is not None:
            return self.leave
        dt = ticks_diff(now, self.t0, WRAP)
        g = self.game
        if self.stage == "news" and dt >= words.hold_ms(self.news[self.pg]):
            self.turn_news(now)
        elif self.stage == "bot" and dt >= BOT_MS:
            self.act(self.bots[g.turn].choose(g.view(g.turn)), now)
        elif self.stage in ("pick", "list"):
            self.view.tick(now)  # mono: the cursor's hex blinks
        return self.leave

    # -- the lights and the moment --------------------------------------------
    def lights(self):  # each human's pad pixels (S1, D9): padlights.py
        padlights.show(self.app.leds, self.game, self.pads)

    def draw(self):
        """Show the view the moment: the stage, row 0's prompt (and which of the list it
        is: page), the hex the cursor rings (None: none, or PASS), the hexes picked, the
        hex under the cursor (hex; n: PASS) and the news."""
        g = self.game
        st = self.stage
        page = cursor = None
        news = []
        if st == "list":
            prompt, _a, cursor = self.items[self.li]
            page = (self.li + 1, len(self.items))
        elif st == "pick" and self.cur == g.scene.n:
            prompt = words.name(g.turn) + ": pass? (select)"
        else:
            prompt = words.status(g, self.sel)
            if st == "pick":
                cursor = self.cur
            if st == "news":
                news = self.news[self.pg]
                if len(self.news) > 1:
                    page = (self.pg + 1, len(self.news))
        self.view.show(g, {"stage": st, "prompt": prompt, "page": page, "cursor": cursor,
                           "picked": self.sel, "hex": self.cur, "news": news})


def resume(app, meta, state):
    """The screen for a saved game (saves.resume)."""
    pads, kinds = meta["pads"], meta["kinds"]
    if len(pads) != 2 or len(kinds) != 2:
        raise ValueError("two seats")
    for p in pads:
        if p is not None and not 0 <= p < app.hw.n_pads:
            raise ValueError("no such pad")
    return PlayScreen(app, pads, kinds, meta["options"], state)
