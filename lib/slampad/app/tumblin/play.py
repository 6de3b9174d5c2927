"""Tumblin' Dice on the device (T1-T6, S1, S3): the roll-off, throws, rounds.

Virtual board: up/down aim, hold the thrower's pad to charge, let go to throw (the
power from the keypad's stamps). Table board: throw a real die, then slam the pad
(or select); up undoes the last entry (S3); the dice are entered after the round.
"""

from slampad.app import cues, legal
from slampad.app.screen import Screen
from slampad.app.tumblin.draw import PAGE_MS, RISE_MS, STEP_MS, anim, draw, paint, power_at
from slampad.app.tumblin.news import news, over
from slampad.games.tumblin import Tumblin
from slampad.ticks import ticks_diff

WRAP = 1 << 29
BOT_MS = 900  # a bot's pause before it rolls or throws
ORDER_MS = 2500  # the order stays on screen this long
RESULT_MS = 2200  # a throw's result stays at least this long
GAP_MS = 300  # a second table throw this soon after one is a bounce
GO_MS = 700  # the summary takes no press before this
AUTO_MS = 6000  # bots only: the summary moves on by itself
NOTE_MS = 2500  # a note on the table screen stays this long
# Never both in one game: bots throw on the virtual board, dice are entered at a table.
ONE_OF = ("slampad.bots.tumblin", "slampad.app.tumblin.enter")


class PlayScreen(Screen):
    SAVE = (__name__, "Tumblin' Dice")  # saves.save
    # Stages: roll, order, then per throw aim > charge or bot > botcharge, then
    # slide > result (virtual) or table; summary after a round.
    stage = "roll"
    t0 = 0
    bot_t = 0
    started = False
    aim_t = None  # when the aim last moved
    press_t = 0
    power = 0
    choice = None  # a bot's (power, aim)
    note = ""
    steps = 0  # levels the thrown die slides down
    landed = False  # ... and whether it rests on a scoring level
    who = 0  # the seat throwing (or whose throw is shown)
    die_no = 1
    order_line = ""
    last_table = None
    pages = 1  # result pages the display needs
    dirty = True
    v = -1
    leave = None
    in_game = True
    unsaved = False  # the game changed since it was last saved
    view = None  # the virtual board (board.BoardView), made on first draw

    def __init__(self, app, seats, kinds, options):
        Screen.__init__(self, app)
        self.seats = list(seats)  # game seat -> pad (colour SEAT_COLOURS[pad], S1)
        self.kinds = list(kinds)  # "human" or a bot level
        self.options = dict(options)
        o = dict(options)
        o["players"] = n = len(seats)
        self.seed = seed = app.new_seed()
        self.game = g = Tumblin(o, seed)
        self.virtual = g.options["board"] == "virtual"
        self.bots = [None] * n  # table mode has no bots (T6: real dice)
        if self.virtual and kinds.count("human") < n:
            from slampad.bots.tumblin import TumblinBot

            self.bots = [None if k == "human" else TumblinBot(s, k, seed)
                         for s, k in enumerate(kinds)]
        self.humans = "human" in kinds
        self.aim = [0] * n
        self.faces = [None] * n  # roll-off faces shown
        self.msgs = []  # the last throw's result, or the last roll
        self.shown = g.board  # the board drawn (after a round's last throw: its end)
        self.before = []  # the board as the thrown die set off (the slide)
        self.playing = []  # this round's seats, in order (for its summary)
        self.summary = []  # a finished round's page, until play goes on
        self.taught = []  # seats that have thrown: their aim prompt is short now

    def meta(self):
        return {"seats": self.seats, "kinds": self.kinds, "options": self.options}

    def on_leave(self, now):
        if self.view is not None:
            self.view.close()  # the next screen draws on a clean display
            self.view = None

    def paused(self):
        """Waiting for a person: to aim, to throw at the table, to go on after a
        round, or to roll (no bot left to roll)."""
        st = self.stage
        if st == "roll":
            g = self.game
            return not any(self.bots[s] and ("roll", s) in g.legal_actions(s)
                           for s in range(len(self.seats)))
        return st in ("aim", "table") or st == "summary" and self.humans

    def name(self, s):
        return "P%d" % (self.seats[s] + 1)

    def names(self, ss):
        return " ".join(self.name(s) for s in ss)

    def set_stage(self, stage, now):
        self.stage = stage
        self.t0 = now
        self.dirty = True

    def act(self, a, now):
        ev = legal.apply(self.game, a)  # None: not legal now, dropped
        return None if ev is None else self.after_actions(ev, now)

    def after_actions(self, events, now):
        """Take in the events of game.apply (the enter screen calls it too)."""
        self.unsaved = True
        return news(self, events, now)

    def enter(self, now):
        if not self.started:
            self.started = True
            self.app.leds.clear()
            self.set_stage("roll", now)
            self.bot_t = now
            return
        self.dirty = True  # back from the enter screen: a summary, or throws again
        if self.stage != "summary":
            self.next_turn(now)

    # -- turns
    def next_turn(self, now):
        g = self.game
        if self.unsaved:  # between throws: a safe point (T4)
            from slampad.app import saves

            self.unsaved = False
            saves.save(self)
        self.shown = g.board
        self.power = 0
        if g.phase != "throw":
            return
        self.who = s = g.turn()
        self.die_no = g.thrown(s) + 1
        self.aim_t = None
        st = "bot" if self.bots[s] else "aim"
        self.set_stage(st if self.virtual else "table", now)

    def throw(self, power, aim, now):
        g = self.game
        self.power = power
        if self.bots[self.who] is None and self.who not in self.taught:
            self.taught.append(self.who)
        self.before = [list(d) for d in g.board]
        board = g.board  # the core starts a new list next round: keep this one
        self.note = ""
        ev = legal.apply(self.game, ("throw", self.who, power, aim))
        if ev is None:
            return
        self.stage = "slide"  # so a round's summary waits for the slide and result
        self.after_actions(ev, now)
        self.shown = board
        self.steps = 0
        self.landed = False
        for e in ev:
            if e[0] == "landed":
                self.landed = True
                self.steps = 4 if e[3] == -1 else e[3]
            elif e[0] == "removed" and e[2] is None:
                self.steps = 4
        self.app.beep(cues.SLAM)
        self.set_stage("slide", now)

    def table_throw(self, now):
        if self.last_table is not None and ticks_diff(now, self.last_table, WRAP) < GAP_MS:
            return
        s = self.who
        if not legal.ok(self.game, ("throw", s)):  # T4: no throw now (the enter phase)
            return
        self.act(("throw", s), now)
        self.last_table = now
        self.note = "%s threw die %d" % (self.name(s), self.die_no)
        self.app.beep(cues.SLAM)
        self.next_turn(now)

    def undo(self, now):
        if ("undo",) in self.game.legal_actions(None):
            self.summary = []
            self.act(("undo",), now)
            self.last_table = None
            self.app.beep(cues.MOVE)
            self.set_stage("table", now)  # then the enter screen, or throws
            self.next_turn(now)

    def go_on(self, now):
        if ticks_diff(now, self.t0, WRAP) < GO_MS:
            return
        self.summary = []
        self.note = ""
        if self.game.is_over():
            self.leave = over(self)
        else:
            self.next_turn(now)

    # -- input
    def on_pad(self, press, now):
        pad = press.pad
        st = self.stage
        g = self.game
        if st == "summary":  # any pad goes on
            self.go_on(now)
        s = self.seats.index(pad) if pad in self.seats else None
        if st == "roll" and s is not None and ("roll", s) in g.legal_actions(s):
            if self.bots[s] is None:
                self.note = ""
                self.app.beep(cues.SLAM)
                self.act(("roll", s), now)
        elif s == self.who and st == "aim":
            self.press_t = press.ms  # the keypad's stamp: the hold is timed from it
            self.set_stage("charge", now)
        elif s == self.who and st == "table":
            self.table_throw(now)

    def on_release(self, press, now):
        if self.stage == "charge" and press.pad == self.seats[self.who]:
            hold = ticks_diff(press.ms, self.press_t, WRAP)
            self.throw(power_at(hold), self.aim[self.who], now)

    def on_lost(self, now):
        self.note = "Too many presses: some were lost"
        self.dirty = True  # a hold whose release was lost goes back to aim (tick)

    def on_menu(self, button, now):
        st = self.stage
        if st in ("summary", "table"):
            if button == "select" and st == "summary":
                self.go_on(now)
            elif button == "select":
                self.table_throw(now)
            elif button == "up" and not self.virtual:
                self.undo(now)  # S3
        elif st in ("aim", "charge") and button != "select":
            s = self.who
            self.aim[s] = max(-100, min(100, self.aim[s] + (10 if button == "up" else -10)))
            self.aim_t = now
            self.app.beep(cues.MOVE)
            self.dirty = True

    def tick(self, now):
        if self.leave is not None:
            return self.leave
        g = self.game
        st = self.stage
        if g.phase == "enter" and st != "summary":
            from slampad.app.tumblin.enter import EnterScreen

            return EnterScreen(self)
        app = self.app
        dt = ticks_diff(now, self.t0, WRAP)
        if st == "roll" and ticks_diff(now, self.bot_t, WRAP) >= BOT_MS:
            self.bot_t = now  # one bot rolls each BOT_MS
            for s in range(len(self.seats)):
                if self.bots[s] and ("roll", s) in g.legal_actions(s):
                    self.act(("roll", s), now)
                    break
        elif st == "table" and self.note and dt >= NOTE_MS:
            self.note = ""  # the undo hint comes back
            self.dirty = True
        elif st == "order" and dt >= ORDER_MS:
            self.next_turn(now)
        elif st == "charge" and not app.pad_input.held[self.seats[self.who]]:
            self.set_stage("aim", now)  # its release was lost (on_lost)
        elif st == "bot" and dt >= BOT_MS:
            s = self.who
            self.choice = c = self.bots[s].choose(g.view(s))
            self.aim[s] = c[1]
            self.set_stage("botcharge", now)
        elif st == "botcharge" and dt >= self.choice[0] * RISE_MS // 100:
            self.throw(self.choice[0], self.choice[1], now)
        elif st == "slide" and dt >= (self.steps + 1) * STEP_MS:
            self.set_stage("result", now)
        elif st == "result" and dt >= max(RESULT_MS, self.pages * PAGE_MS):
            if self.summary:
                self.set_stage("summary", now)
                app.beep(cues.MATCH)
            else:
                self.next_turn(now)
        elif st == "summary" and not self.humans and dt >= AUTO_MS:
            self.go_on(now)
            if self.leave is not None:
                return self.leave
        v = anim(self, now)
        if self.dirty or v != self.v:
            self.dirty = False
            self.v = v
            draw(self, now)
            paint(self, now)
        return None


def resume(app, meta, state):
    """The screen for a saved game (saves.resume)."""
    seats, kinds = meta["seats"], meta["kinds"]
    g = Tumblin.from_dict(state)
    n = g.options["players"]
    if len(kinds) != n or len(set(seats)) != n or min(seats) < 0 or max(seats) >= app.hw.n_pads:
        raise ValueError("seats do not match the game")
    scr = PlayScreen(app, seats, kinds, meta["options"])
    if scr.game.options != g.options:
        raise ValueError("options do not match the game")
    scr.game = g
    scr.shown = g.board
    scr.started = g.phase != "roll"  # else the roll-off starts as in a new game
    scr.note = "Resumed"
    return scr
