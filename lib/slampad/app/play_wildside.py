"""Wildside on the device: pacing (W12), slams by timestamp (W6), choosing (W5).

Pads become game actions stamped with their keypad timestamps; bots slam at
the tick their reaction time says. The rules core judges; this screen only
paces the rounds and shows the result on the display, LEDs and piezo.
"""

import gc

from slampad.app import cues
from slampad.app.play_wildside_draw import PAGE_MS, draw, paint
from slampad.app.screen import Screen
from slampad.app.ui import SEAT_COLOURS
from slampad.app.ui import rgb as _rgb
from slampad.app.wildside_text import describe
from slampad.bots.wildside import WildsideBot
from slampad.games.wildside import Wildside
from slampad.ticks import ticks_add, ticks_diff

WRAP = 1 << 29
ROLL_MS = 400  # roll animation after the 3-2-1 countdown; slams in it are false starts
TAP_GAP_MS = 80  # a press this soon after the last one is a bounce (W5 taps, W12 ready)


class PlayScreen(Screen):
    def __init__(self, app, pads, kinds):
        Screen.__init__(self, app)
        self.pads = list(pads)  # game seat -> physical pad
        self.kinds = list(kinds)  # "human" or a bot level
        n = len(pads)
        bots = [s for s in range(n) if kinds[s] != "human"]
        self.seed = seed = app.new_seed()
        opts = {"players": n, "bots": bots, "look_ms": app.cfg["look_ms"]}
        self.game = Wildside(opts, seed)
        self.bots = [WildsideBot(s, kinds[s], seed) if s in bots else None for s in range(n)]
        self.actions = []  # every action applied, for replay
        self.stage = "ready"
        self.t0 = 0
        self.beat = -1
        self.due = [None] * n  # bot slam ticks this round
        self.ignored = []  # seats whose pad was held when the round began
        self.last_press = [None] * n
        self.flash = []  # seats whose dice flash after a ruling
        self.msgs = []
        self.page = 0
        self.page_at = 0
        self.slammer = None
        self.room = 1
        self.msgs_lines = []

    # -- helpers ---------------------------------------------------------
    def act(self, a):
        self.actions.append(a)
        return self.game.apply(a)

    def seat_of(self, pad):
        return self.pads.index(pad) if pad in self.pads else None

    def name(self, s):
        return "P%d" % (self.pads[s] + 1)

    def say(self, msgs, now):
        self.msgs = msgs
        self.page = 0
        self.page_at = now
        self.draw()

    def enter(self, now):
        self.app.leds.clear()
        for s in range(len(self.pads)):
            self.app.leds.seat_colour(self.pads[s], _rgb(SEAT_COLOURS[self.pads[s]]))
        if self.game.phase == "roll":
            self.start_round(now)
        else:
            self.ask_ready(now)

    def ask_ready(self, now):
        wait = [self.name(s) for s in range(len(self.pads)) if s not in self.game.ready]
        self.say(["Slam when ready: " + " ".join(wait)], now)

    # -- input -----------------------------------------------------------
    def on_pad(self, pad, t, now):
        s = self.seat_of(pad)
        if s is None or self.bots[s] is not None:
            return
        bounce = self.last_press[s] is not None and (
            0 <= ticks_diff(t, self.last_press[s], WRAP) < TAP_GAP_MS
        )
        self.last_press[s] = t
        g = self.game
        if g.phase == "ready":
            if s not in g.ready and not bounce:
                self.act(("ready", s))
                self.app.beep(cues.JOIN)
                if g.phase == "ready":
                    self.ask_ready(now)
        elif g.phase in ("rolling", "window"):
            if s in self.ignored or s not in g.active:
                return
            if not g.slams:
                self.app.beep(cues.SLAM)
            self.act(("slam", s, t))  # W6: the keypad timestamp, not arrival order
            self.app.leds.seat_colour(pad, (255, 255, 255))
        elif g.phase == "choose" and g.choice["slammer"] == s and not bounce:
            self.act(("tap", s))  # W5: move the highlight
            self.t0 = now
            self.show_choice(now)

    def on_menu(self, button, now):
        if button == "select" and self.stage == "ready":
            from slampad.app.menu import MenuScreen

            self.leave = MenuScreen(self.app)

    # -- rounds ----------------------------------------------------------
    def start_round(self, now):
        g = self.game
        held = self.app.held
        self.ignored = [
            s for s in g.active if self.bots[s] is None and held[self.pads[s]]
        ]  # stuck or held pads sit this round out
        self.act(("roll",))
        self.stage = "count"
        self.t0 = now
        self.beat = -1
        self.flash = []
        self.slammer = None
        for s in range(len(self.pads)):
            self.app.leds.seat_colour(self.pads[s], _rgb(SEAT_COLOURS[self.pads[s]]))
        msgs = ["Round %d  pool %d" % (g.round, g.pool)]
        if self.ignored:
            names = " ".join(self.name(s) for s in self.ignored)
            msgs.append(names + ": pad held, sits out this round")
        self.say(msgs, now)

    def open_window(self, now):
        gc.collect()  # before the window, never inside it
        g = self.game
        self.act(("open", now))
        self.stage = "window"
        self.t0 = now
        view = g.view()
        per_ms = 1000 // g.options["tick_us"]
        for s in range(len(self.pads)):
            self.due[s] = None
            b = self.bots[s]
            if b is not None:
                d = b.plan(view)  # W12: bots decide once the dice are shown
                if d is not None and d < g.options["look_ms"]:
                    self.due[s] = ticks_add(now, d * per_ms, WRAP)
        self.app.beep(cues.GO)
        self.say(["SLAM! Pool %d" % g.pool if g.pool else "SLAM on a match!"], now)

    def judge(self, now):
        g = self.game
        rolled = [list(r) for r in g.rolled]
        ev = self.act(("judge",))
        self.stage = "result"
        self.t0 = now
        self.after(ev, rolled, now)
        if g.phase == "choose":
            s = g.choice["slammer"]
            if self.bots[s] is not None:
                self.after(self.act(("choose", self.bots[s].choose(g.view()))), rolled, now)
            else:
                self.stage = "choose"
                self.t0 = now
                self.slammer = s
                self.show_choice(now)

    def after(self, ev, rolled, now):
        """Show a ruling: words, flashing dice and a cue."""
        cue = None
        for e in ev:
            k = e[0]
            if k == "match":
                self.flash = [e[1], e[2]]
                self.slammer = e[1]
                cue = cues.MATCH
            elif k in ("penalty", "out"):
                self.flash = list(e[1])
                cue = cues.PENALTY
            elif k == "dead_heat":
                self.flash = list(e[1])
                cue = cues.DEAD_HEAT
            elif k == "game_over":
                cue = cues.WIN
        if cue:
            self.app.beep(cue)
        words = [self._names(x) for x in describe(ev, rolled)]
        if self.app.lost:
            self.app.lost = False
            words.append("Too many presses: some were lost")
        self.say(words, now)

    def _names(self, line):
        # The core counts seats 0..n-1; the table knows them by their pads.
        for s in range(len(self.pads) - 1, -1, -1):
            line = line.replace("P%d" % (s + 1), "#%d" % (self.pads[s] + 1))
        return line.replace("#", "P")

    def show_choice(self, now):
        c = self.game.choice
        s = c["slammer"]
        opts = []
        for i, (v, k) in enumerate(c["candidates"]):
            opts.append(("[%s:%d]" if i == c["highlight"] else "%s:%d") % (self.name(v), k))
        self.flash = [c["candidates"][c["highlight"]][0]]
        # The highlight first: with four seats on a 128x64 screen one message row shows.
        me = self.name(s)
        self.say(["%s: %s" % (me, " ".join(opts)), "tap %s to change" % me], now)

    def tick(self, now):
        nxt = getattr(self, "leave", None)
        if nxt is not None:
            return nxt
        g = self.game
        dt = ticks_diff(now, self.t0, WRAP)
        o = g.options
        if self.stage == "ready" and g.phase == "roll":
            self.stage = "result"  # W12: a breath before the first countdown
            self.t0 = now
            self.say(["All in: get ready!"], now)
        elif self.stage == "count":
            if g.slams:
                self.judge(now)  # W6: a false start ends the round at once
            elif dt >= o["countdown_ms"] + ROLL_MS:
                self.open_window(now)
            else:
                self.countdown(dt, o["countdown_ms"])
        elif self.stage == "window":
            for s in range(len(self.due)):
                d = self.due[s]
                if d is not None and ticks_diff(now, d, WRAP) >= 0:
                    self.due[s] = None
                    if s in g.active:
                        self.act(("slam", s, d))
            if g.slams or dt >= o["look_ms"]:
                self.judge(now)  # W7 when nobody slammed
        elif self.stage == "choose":
            if dt >= o["choose_ms"]:  # W5: taken 3 s after the last tap
                self.after(self.act(("take",)), [list(r) for r in g.rolled], now)
                self.stage = "result"
                self.t0 = now
        elif self.stage == "result" and dt >= max(o["result_ms"], self.pages() * PAGE_MS):
            if g.is_over():
                return self.over()
            self.start_round(now)
        self.paint(now)
        return None

    def over(self):
        from slampad.app.over import OverScreen

        g = self.game
        pads, kinds, app = self.pads, self.kinds, self.app
        score = " ".join("%s:%d" % (self.name(s), g.dice[s]) for s in range(len(g.dice)))
        won = [self.name(s) for s in g.winners()]
        return OverScreen(app, won, score, lambda: PlayScreen(app, pads, kinds))

    def countdown(self, dt, count_ms):
        beat = min(3, dt * 3 // count_ms) if count_ms else 3
        if beat != self.beat:
            self.beat = beat
            if beat < 3:
                self.app.beep(cues.TICK)
                msg = "Round %d: %d ..." % (self.game.round, 3 - beat)
                self.say([msg] + self.msgs[1:], self.t0)

    def pages(self):
        """How many pages the message takes: the result stays until all were shown."""
        return max(1, (len(self.msgs_lines) + self.room - 1) // self.room)

    def paint(self, now):
        paint(self, now)

    def draw(self):
        draw(self)

