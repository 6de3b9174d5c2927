"""The Wildside play screen's timing: a round's start, its 3-2-1 (W12) and its window
on the pads' clock (W6), the bots' slam ticks, stuck pads (W13) and the dice on the LEDs.

``Clock`` is the part of ``PlayScreen`` (play.py) that keeps time; the screen is one
object, its state set only by its own methods.

The rules refuse a tick a quarter wrap from the round's ticks (ValueError). A stamp
should never be one (the window opens on the slams' own counter), but a pad reader
whose clock went astray (a PIO that cannot answer, so the window opened on an
estimate) must not end the app: such a slam is judged at the pads' clock now, or
failing that at the latest tick the round has seen (never before a slam whose stamp
is good: at most it shares first place with the latest of them).
"""

import gc

from slampad.app import cues
from slampad.app.screen import Screen
from slampad.app.ui import SEAT_COLOURS
from slampad.app.ui import rgb as _rgb
from slampad.games import wildside_match as wm
from slampad.ticks import ticks_add, ticks_diff

WRAP = 1 << 29
STUCK_MS = 10000  # W13: down this long (a whole round and more) is a stuck pad
FRAME_MS = 60  # the LEDs' roll animation frame
FLASH_MS = 1200  # slammer and victim dice flash after a ruling
BLINK_MS = 150
DIM = (40, 40, 40)


class Clock(Screen):
    def slam(self, s, t):
        """Seat s slams at tick t, or at a tick that fits the round if t does not."""
        g = self.game
        if not g.tick_fits(t):
            t = self.app.hw.slam_now()
            if not g.tick_fits(t):
                t = g.span[1] if g.span else 0  # nothing seen: any tick in range fits
                self.guessed.append(s)  # its time is unknown: not for the statistics
        return self.act(("slam", s, t))

    def start_round(self, now):
        g = self.game
        self.act(("roll",))  # W13: a pad still down from before is no slam, nobody sits out
        self.stage = "count"
        self.t0 = now
        self.beat = -1
        self.flash = []
        self.slammer = None
        self.guessed = []
        self.seat_colours()
        self.say(["Round %d" % g.round] + (["Penalty pool: %d" % g.pool] if g.pool else []), now)

    def open_window(self, now):
        gc.collect()  # before the window, never inside it
        t_open = self.app.hw.slam_now()  # the slams' own clock (W6)
        self.act(("open", t_open))
        self.stage = "window"
        self.t0 = now
        self.plan_bots(t_open)
        self.app.beep(cues.GO)
        self.say(["SLAM on a match!"], now)

    def seat_colours(self):
        for s in range(len(self.pads)):
            self.app.leds.seat_colour(self.pads[s], _rgb(SEAT_COLOURS[self.pads[s]]))

    def plan_bots(self, t_open):
        """W12: each bot decides once the dice are shown; its slam tick on the pads' clock."""
        g = self.game
        o = g.options
        view = g.view()
        per_ms = 1000 // o["tick_us"]
        for s in range(len(self.pads)):
            self.due[s] = None
            b = self.bots[s]
            if b is not None:
                d = b.plan(view)
                if d is not None and d < o["look_ms"]:
                    self.due[s] = ticks_add(t_open, d * per_ms, o["wrap"])

    def bots_slam(self):
        """The bots whose tick has come slam, stamped with that tick."""
        g = self.game
        now = self.app.hw.slam_now()
        for s in range(len(self.due)):
            d = self.due[s]
            if d is not None and ticks_diff(now, d, g.options["wrap"]) >= 0:
                self.due[s] = None
                if s in g.active:
                    self.slam(s, d)

    def timed(self, s, t, t_open):
        """Keep the fastest confirmed human slam for the statistics (not one judged at
        a tick of no time of its own: play_wildside_clock)."""
        if s in self.guessed:
            return
        o = self.game.options
        ms = ticks_diff(t, t_open, o["wrap"]) * o["tick_us"] // 1000
        if ms >= 0 and (self.fast is None or ms < self.fast[0]):
            self.fast = [ms, self.pads[s]]

    def countdown(self, dt, count_ms):
        """W12: 3-2-1 in words and big digits, a tick each, then the dice tumble."""
        beat = min(3, dt * 3 // count_ms) if count_ms else 3
        if beat != self.beat:
            self.beat = beat
            if beat < 3:
                self.app.beep(cues.TICK)
                msg = "Round %d: %d ..." % (self.game.round, 3 - beat)
                self.say([msg] + self.msgs[1:], self.t0)
            else:
                self.show()  # the dice tumble, on the LEDs and the screen

    def watch(self, now):
        """W13: a human's pad down STUCK_MS is named on screen until it comes up (it
        never slams meanwhile: only a fresh press reaches on_pad)."""
        held = self.app.pad_input.held
        stuck = []
        for s in range(len(self.pads)):
            if self.bots[s] is not None or not held[self.pads[s]]:
                self.down[s] = None
            elif self.down[s] is None:
                self.down[s] = now
            elif s in self.game.active and (  # out of sudden death: nothing to say
                s in self.stuck or ticks_diff(now, self.down[s], WRAP) >= STUCK_MS
            ):
                stuck.append(s)  # stays stuck past any tick wrap, until it comes up
        if stuck != self.stuck:
            self.stuck = stuck
            self.show()

    def paint(self, now):
        """LEDs: 3-2-1, the roll animation, then faces (W1), flashing after a ruling."""
        g = self.game
        leds = self.app.leds
        dt = ticks_diff(now, self.t0, WRAP)
        blink_off = self.flash and dt < FLASH_MS and (dt // BLINK_MS) % 2 == 1
        for s in range(len(self.pads)):
            pad = self.pads[s]
            if s not in g.active or not g.rolled[s]:
                leds.dice_colours(pad, [])
                continue
            if self.stage == "count":
                n = len(g.rolled[s])
                if self.beat < 3:
                    cols = [DIM] * min(n, 3 - self.beat)
                else:
                    frame = dt // FRAME_MS
                    cols = [wm.COLOURS[wm.SIDES[(frame + s * 5 + j) % 6]] for j in range(n)]
            elif blink_off and s in self.flash:
                cols = []
            else:
                cols = [wm.COLOURS[f] for f in g.rolled[s]]
            leds.dice_colours(pad, cols)
