"""Wildside on the device: pacing (W12), slams by timestamp (W6), choosing (W5).

Pads become game actions stamped with their keypad timestamps; bots slam at
the tick their reaction time says. The rules core judges; this screen paces the
rounds, keeps the moment (its stage, words and the ruling's picture) and hands it
to its view (oled.py or tft.py); its timing and the LEDs are clock.py's.
"""

from slampad.app import cues, legal
from slampad.app.wildside.clock import WRAP, Clock
from slampad.app.wildside.ruling import drawn, fly_from, parts
from slampad.app.wildside.words import choice, describe, seat_names, stuck_note
from slampad.bots.wildside import for_kind
from slampad.games.wildside import Wildside
from slampad.ticks import ticks_diff

ROLL_MS = 400  # roll animation after the 3-2-1 countdown; slams in it are false starts
TAP_GAP_MS = 80  # a press this soon after the last one is a bounce (W5 taps, W12 ready)
CUES = {"match": cues.MATCH, "penalty": cues.PENALTY, "out": cues.PENALTY,
        "dead_heat": cues.DEAD_HEAT, "game_over": cues.WIN}  # fmt: skip


class PlayScreen(Clock):
    SAVE = (__name__, "Wildside")  # saves.save
    in_game = True
    fast = None  # the game's fastest confirmed human slam: [ms, seat colour]

    def __init__(self, app, pads, kinds, custom=None):
        Clock.__init__(self, app)
        self.pads = list(pads)  # game seat -> physical pad
        self.kinds = list(kinds)  # "human" or a bot level
        self.lost = False  # presses were lost (on_lost): said with the next result
        n = len(pads)
        bots = [s for s in range(n) if kinds[s] != "human"]
        self.seed = seed = app.new_seed()
        hw = app.hw  # slams are judged on the pads' own clock (W6: 1 us with the PIO)
        opts = {"players": n, "bots": bots, "look_ms": app.cfg["look_ms"],
                "tick_us": hw.slam_tick_us, "wrap": hw.slam_wrap}  # fmt: skip
        self.game = Wildside(opts, seed)
        c = self.custom = custom or [app.cfg["bot_ms"], app.cfg["bot_errors"]]  # W11
        self.bots = [for_kind(s, kinds[s], seed, c) if s in bots else None for s in range(n)]
        self.actions = []  # every action applied, for replay
        self.stage = "ready"
        self.t0 = 0
        self.beat = -1
        self.due = [None] * n  # bot slam ticks this round
        self.guessed = []  # seats whose slam this round has no time of its own (clock)
        self.down = [None] * n  # when each seat's pad went down (W13)
        self.stuck = []  # seats whose pad has been down STUCK_MS: named on screen
        self.last_press = [None] * n
        self.flash = []  # seats whose dice flash after a ruling
        self.msgs = []
        self.pic = None  # a ruling's picture: (ruling.parts, the line it draws or None) or None
        self.said = None  # (msgs, pic, when): the view starts its pages anew for a new one
        self.fly = None  # a ruling's die in flight to its collector (ruling.fly_from)
        self.slammer = None
        if app.hw.colour:
            from slampad.app.wildside.tft import View
        else:
            from slampad.app.wildside.oled import View
        self.view = View(app)

    def meta(self):
        return {"pads": self.pads, "kinds": self.kinds, "fast": self.fast, "custom": self.custom}

    def restore(self, g, fast):
        """A saved game and its fastest slam take the new one's place (resume)."""
        self.game = g
        if fast is not None:
            self.fast = [int(fast[0]), int(fast[1])]

    def on_leave(self, now):
        self.view.close()  # the next screen draws over clean rows

    def paused(self):  # W12: waiting for every human's pad
        return self.stage == "ready"

    # -- helpers ---------------------------------------------------------
    def act(self, a):
        ev = legal.apply(self.game, a)
        if ev is None:  # not legal now: dropped, no events
            return []
        self.actions.append(a)
        return ev

    def seat_of(self, pad):
        return self.pads.index(pad) if pad in self.pads else None

    def name(self, s):
        return "P%d" % (self.pads[s] + 1)

    def say(self, msgs, now, pic=None):
        self.msgs = msgs
        self.pic = pic
        self.said = (msgs, pic, now)
        self.show()

    def show(self):
        """The moment, to the view: it draws what changed."""
        moment = {"stage": self.stage, "beat": self.beat, "t0": self.t0, "pads": self.pads,
                  "slammer": self.slammer, "said": self.said, "fly": self.fly,
                  "stuck": stuck_note([self.name(s) for s in self.stuck])}  # fmt: skip
        self.view.show(self.game, moment)

    def pages(self):
        """How many pages the message takes: the result stays until all were shown, each
        for its reading time (a stuck pad's note pages along, never holding the game up)."""
        return max(1, self.view.pages())

    def enter(self, now):
        self.app.leds.clear()
        self.seat_colours()
        if self.resumed and self.game.phase == "roll":
            self.stage = "result"  # a breath, then the next round's countdown
            self.t0 = now
            self.say(["Game resumed", "Round %d next" % (self.game.round + 1)], now)
        elif self.game.phase == "roll":
            self.start_round(now)
        else:
            self.ask_ready(now)

    def ask_ready(self, now):
        wait = [self.name(s) for s in range(len(self.pads)) if s not in self.game.ready]
        self.say(["Slam when ready", "Waiting: " + " ".join(wait)], now)

    # -- input -----------------------------------------------------------
    def on_pad(self, press, now):
        pad = press.pad
        t = press.ms
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
            if s not in g.active:  # W13: only a fresh press gets here (pad_input.held)
                return
            if not g.slams:
                self.app.beep(cues.SLAM)
            self.slam(s, press.tick)  # W6: the pad's stamp, not arrival
            self.app.leds.seat_colour(pad, (255, 255, 255))
        elif g.phase == "choose" and g.choice["slammer"] == s and not bounce:
            self.act(("tap", s))  # W5: move the highlight
            self.t0 = now
            self.show_choice(now)

    def on_lost(self, now):
        self.lost = True

    def take_lost(self):
        """True once after presses were lost: the next result owns up to it."""
        lost = self.lost
        self.lost = False
        return lost

    def on_menu(self, button, now):
        if button == "select" and self.stage == "ready":
            self.leave = self.app.menu_screen()

    # -- rounds ----------------------------------------------------------
    def judge(self, now):
        g = self.game
        rolled = [list(r) for r in g.rolled]
        t_open, slams = g.t_open, dict(g.slams)
        ev = self.act(("judge",))
        for e in ev:
            if e[0] in ("match", "choose") and t_open is not None and self.bots[e[1]] is None:
                self.timed(e[1], slams[e[1]][0], t_open)
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
        """Show a ruling: words, its picture, flashing dice, a flying die and a cue."""
        cue = None
        for e in ev:
            k = e[0]
            if k == "match":
                self.flash = [e[1], e[2]]
                self.slammer = e[1]
                self.fly = fly_from(e[2], e[1], rolled, now)
            elif k in ("penalty", "out", "dead_heat"):
                self.flash = list(e[1])
            cue = CUES.get(k, cue)
        if cue:
            self.app.beep(cue)
        words = [seat_names(self.pads, x) for x in describe(ev, rolled)]
        if self.take_lost():
            words.append("Too many presses")
            words.append("Some were lost")
        pic = parts(ev, rolled, self.pads)
        self.say(words, now, (pic, drawn(words)) if pic else None)

    def show_choice(self, now):
        c = self.game.choice
        v, k = c["candidates"][c["highlight"]]
        self.flash = [v]
        self.say(choice(self.name(c["slammer"]), k, self.name(v)), now)

    def tick(self, now):
        nxt = getattr(self, "leave", None)
        if nxt is not None:
            return nxt
        g = self.game
        self.watch(now)
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
            self.bots_slam()
            if g.slams or dt >= o["look_ms"]:
                self.judge(now)  # W7 when nobody slammed
        elif self.stage == "choose":
            if dt >= o["choose_ms"]:  # W5: taken 3 s after the last tap
                self.stage = "result"  # first: the ruling is drawn with the faces shown
                self.t0 = now
                self.after(self.act(("take",)), [list(r) for r in g.rolled], now)
        elif self.stage == "result" and dt >= max(o["result_ms"], self.view.own_ms):
            if g.is_over():
                return self.over()
            from slampad.app import saves

            saves.save(self)  # between rounds: a safe point
            self.start_round(self.app.hw.ticks_ms())  # the countdown starts after the write
        self.paint(now)
        self.view.tick(now)
        return None

    def over(self):
        from slampad.app import saves
        from slampad.app.over import OverScreen
        from slampad.app.scores import board

        g = self.game
        pads, kinds, app, c = self.pads, self.kinds, self.app, self.custom
        saves.finished(app, "wildside", [pads[s] for s in g.winners()], self.fast)
        held = [[self.name(s), g.dice[s]] for s in range(len(g.dice))]
        score = board(app.text, held, "die", "dice")
        won = [self.name(s) for s in g.winners()]
        return OverScreen(app, won, score, lambda: PlayScreen(app, pads, kinds, c))


def resume(app, meta, state):
    """The screen for a saved game (saves.resume)."""
    pads, kinds = meta["pads"], meta["kinds"]
    scr = PlayScreen(app, pads, kinds, meta.get("custom"))  # older saves: the Settings'
    g = Wildside.from_dict(state)
    n = len(g.dice)
    if len(kinds) != n or len(set(pads)) != len(pads):
        raise ValueError("seats do not match the game")
    if len(pads) != n or max(pads) >= app.hw.n_pads or min(pads) < 0:
        raise ValueError("seats do not match the pads")
    if [s for s in range(len(kinds)) if kinds[s] != "human"] != list(g.options["bots"]):
        raise ValueError("bots do not match the game")
    if (g.options["tick_us"], g.options["wrap"]) != (app.hw.slam_tick_us, app.hw.slam_wrap):
        raise ValueError("saved on another slam clock")
    scr.restore(g, meta.get("fast"))
    return scr
