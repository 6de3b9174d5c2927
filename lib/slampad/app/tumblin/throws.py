"""Tumblin' Dice's play screen (app/tumblin/play.py), its state as the game goes on:
the stages, the game's events taken in, the turns and throws, and the moment its
view is shown (PlayScreen adds the input, the timing and the view)."""

from slampad.app import cues, legal
from slampad.app.screen import Screen
from slampad.app.tumblin import words
from slampad.games.tumblin import Tumblin
from slampad.ticks import ticks_diff

WRAP = 1 << 29
GAP_MS = 300  # a second table throw this soon after one is a bounce


class Throws(Screen):
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
    dirty = True  # the moment changed: the view is shown it at the next tick
    leave = None
    in_game = True
    unsaved = False  # the game changed since it was last saved

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
        self.scores = []  # ... its (pad, points, total) rows (the colour display's board)
        self.taught = []  # seats that have thrown: their aim prompt is short now

    def meta(self):
        return {"seats": self.seats, "kinds": self.kinds, "options": self.options}

    def load(self, g):
        """Play on from saved game ``g`` (resume)."""
        if self.game.options != g.options:
            raise ValueError("options do not match the game")
        self.game = g
        self.shown = g.board
        self.started = g.phase != "roll"  # else the roll-off starts as in a new game
        self.note = "Resumed"

    def moment(self):
        """What the screen is doing, for its view (a dict built whole): "stage" and "t0"
        (when it began), "seats" (game seat -> pad), "virtual", the thrower "who" with
        its "die" (1-4), "aim", "bot" (a bot throws) and "taught" (has thrown: a short
        prompt), "press" (when the pad went down), "choice" (a bot's power, aim), "power"
        (the last throw's), "faces" (roll-off), "order" (its line), "msgs" (the last
        result), "note", "summary" (a round's page) and "scores" (its rows), "board"
        (the dice drawn), "before" (the board as the thrown die set off), "steps" and
        "landed" (where it stops)."""
        s = self.who
        return {"stage": self.stage, "t0": self.t0, "seats": self.seats,
                "virtual": self.virtual, "who": s, "die": self.die_no, "aim": self.aim[s],
                "bot": self.bots[s] is not None, "taught": s in self.taught,
                "press": self.press_t, "choice": self.choice, "power": self.power,
                "faces": self.faces, "order": self.order_line, "msgs": self.msgs,
                "note": self.note, "summary": self.summary, "scores": self.scores,
                "board": self.shown, "before": self.before, "steps": self.steps,
                "landed": self.landed}  # fmt: skip

    def take_note(self):
        """The note shown, cleared (the table screen says an undo's)."""
        note, self.note = self.note, ""
        return note

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
        return words.name(self.seats, s)

    def set_stage(self, stage, now):
        self.stage = stage
        self.t0 = now
        self.dirty = True

    def act(self, a, now):
        ev = legal.apply(self.game, a)  # None: not legal now, dropped
        return None if ev is None else self.after_actions(ev, now)

    def after_actions(self, events, now):
        """Take in the events of game.apply (the table screen calls it too): roll-off
        faces, a throw's result, a round's summary; the stage moves on where they say."""
        self.unsaved = True
        g = self.game
        seats = self.seats
        res = []
        for e in events:
            k = e[0]
            if k == "rolled":
                self.faces[e[1]] = e[2]
                self.msgs = ["%s rolled %d" % (self.name(e[1]), e[2])]
            elif k == "roll_again":
                self.note = "%s tie: roll again" % words.names(seats, e[1])
                for s in e[1]:
                    self.faces[s] = None
            elif k == "round":  # after round_over (summarised with the old order)
                self.order_line = "Order: " + words.names(seats, e[2])
                self.playing = list(e[2])
                if self.summary:
                    self.summary.append("Next round: " + words.names(seats, e[2]))
                if self.stage == "roll":
                    self.note = ""
                    self.set_stage("order", now)
                    self.app.beep(cues.GO)
            elif k in ("landed", "removed", "bumped"):
                words.result(res, seats, e, g.options["mode"])
            elif k == "round_over":
                self.summary = words.summary(seats, g, e, self.playing)
                self.scores = words.scores(seats, e, self.playing)
            elif k == "overtime":
                self.summary.append(words.overtime(seats, g, e))
            elif k == "game_over":
                self.summary[0] = "Round %d: final" % g.round
            elif k == "undone":
                self.note = words.undone(seats, e[1])
                self.playing = list(g.order)
        if res:
            self.msgs = res
        if self.summary and self.stage not in ("slide", "result"):
            self.set_stage("summary", now)
            self.app.beep(cues.MATCH)
        self.dirty = True
        return events

    # -- turns and throws
    def next_turn(self, now):
        g = self.game
        if self.unsaved:  # between throws: a safe point (T4)
            from slampad.app import saves

            self.unsaved = False
            saves.save(self)
        self.shown = g.board
        self.power = 0
        self.dirty = True
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
            self.set_stage("table", now)  # then the table screen (EnterScreen), or throws
            self.next_turn(now)
