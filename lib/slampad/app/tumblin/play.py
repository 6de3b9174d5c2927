"""Tumblin' Dice on the device (T1-T6, S1, S3): the roll-off, throws, rounds.

Virtual board: up/down aim, hold the thrower's pad to charge, let go to throw (the
power from the keypad's stamps). Table board: throw a real die, then slam the pad
(or select); up undoes the last entry (S3); the dice are entered after the round.
"""

from slampad.app import cues
from slampad.app.tumblin import words
from slampad.app.tumblin.looks import RISE_MS, STEP_MS, power_at
from slampad.app.tumblin.throws import Throws
from slampad.games.tumblin import Tumblin
from slampad.ticks import ticks_diff

WRAP = 1 << 29
BOT_MS = 900  # a bot's pause before it rolls or throws
ORDER_MS = 2500  # the order stays on screen this long
RESULT_MS = 2200  # a throw's result stays at least this long
GO_MS = 700  # the summary takes no press before this
AUTO_MS = 6000  # bots only: the summary moves on by itself (its pages read once)
NOTE_MS = 2500  # a note on the table screen stays this long
# Never both in one game: bots throw on the virtual board, dice are entered at a table.
ONE_OF = ("slampad.bots.tumblin", "slampad.app.tumblin.table")


class PlayScreen(Throws):
    SAVE = (__name__, "Tumblin' Dice")  # saves.save

    def __init__(self, app, seats, kinds, options):
        if app.hw.colour:
            from slampad.app.tumblin.tft import View
        else:
            from slampad.app.tumblin.oled import View
        self.view = View(app)
        Throws.__init__(self, app, seats, kinds, options)

    def on_leave(self, now):
        self.view.close()  # the next screen draws on a clean display

    def enter(self, now):
        if not self.started:
            self.started = True
            self.app.leds.clear()
            self.set_stage("roll", now)
            self.bot_t = now
            return
        self.dirty = True  # back from the table screen: a summary, or throws again
        if self.stage != "summary":
            self.next_turn(now)

    def go_on(self, now):
        if ticks_diff(now, self.t0, WRAP) < GO_MS:
            return
        self.summary = []
        self.note = ""
        g = self.game
        if g.is_over():
            app, seats, kinds, opts = self.app, self.seats, self.kinds, self.options
            self.leave = words.over(app, g, seats, lambda: PlayScreen(app, seats, kinds, opts))
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
            from slampad.app.tumblin.table import EnterScreen

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
        moving = self.redraw(now)  # the summary's pages: until each was up its time
        if not moving and st == "summary" and not self.humans and dt >= AUTO_MS:
            self.go_on(now)
            return self.leave
        if not moving and st == "result" and dt >= RESULT_MS:
            if self.summary:  # the result's pages have all been shown
                self.set_stage("summary", now)
                app.beep(cues.MATCH)
            else:
                self.next_turn(now)
            self.redraw(now)
        return None

    def redraw(self, now):
        """The view draws what changed; True while something on it still moves."""
        if self.dirty:
            self.dirty = False
            self.view.show(self.game, self.moment())
        return self.view.tick(now)


def resume(app, meta, state):
    """The screen for a saved game (saves.resume)."""
    seats, kinds = meta["seats"], meta["kinds"]
    g = Tumblin.from_dict(state)
    n = g.options["players"]
    if len(kinds) != n or len(set(seats)) != n or min(seats) < 0 or max(seats) >= app.hw.n_pads:
        raise ValueError("seats do not match the game")
    scr = PlayScreen(app, seats, kinds, meta["options"])
    scr.load(g)
    return scr
