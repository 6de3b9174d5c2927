"""Tumblin' Dice table mode: entering each die's level and face (T6), with undo (S3).

After a round's last throw on the real board, the dice are entered seat by seat in
order of play (game.turn()): for each of the seat's four dice, pick where it rests
(off the board, 1x-4x, or -1x with that option) with up/down and select, then its
face 1-6 (none for a die off the board). The seat's own pad confirms like select.
"Back: where it is" in the face list goes back to the level; "Undo last entry" in the level
list takes back the last die entered (or, before the first one, the last throw:
back to the throw phase). The screen returns to the PlayScreen once the phase is
no longer "enter"."""

from slampad.app import cues, legal
from slampad.app.lists import ListScreen
from slampad.app.ui import SEAT_COLOURS, wrap
from slampad.app.ui import rgb as _rgb
from slampad.games import tumblin_score as sc
from slampad.ticks import ticks_diff

WRAP = 1 << 29
BLINK_MS = 300
PAD_GAP_MS = 300  # a pad press this soon after entering or a pad confirm is a bounce
START = 1  # the level list's cursor starts on 1x
# Where a die can rest (T1), as the level list says it: a row at most 19 characters
NAMES = {None: "Off the board", 1: "On the 1x step", 2: "On the 2x step", 3: "On the 3x step",
         4: "In the 4x pocket", -1: "In the -1x zone"}  # fmt: skip
BACK = "Back: where it is"  # the face list's last row: the level list again (S3)


def die_text(f, lv, mode):
    """One entered die: "4 x 2 = 8 points", "4 + 2 = 6 points" (kids), or "off the board"."""
    if lv is None:
        return "off the board"
    p = sc.die_score(f, lv, mode)
    return "%d %s %d = %d point%s" % (f, "+" if mode == "add" else "x", lv, p,
                                      "" if p in (1, -1) else "s")  # fmt: skip


class EnterScreen(ListScreen):
    hint = False  # the rows under the list are the screen's own
    in_game = True

    def __init__(self, play):
        ListScreen.__init__(self, play.app)
        self.play = play
        self.game = play.game
        self.level = None  # the level picked, waiting for its face; None: pick a level
        self.cursor = START
        self.t0 = self.pad_t = 0  # pad_t: when a pad last confirmed (or the screen opened)

    def name(self, s):
        return "P%d" % (self.play.seats[s] + 1)

    def paused(self):
        return True  # it always waits for an entry (power.py saves self.play)

    def choices(self):
        """The level list: None = off the board, then the board's levels (T1)."""
        return [None] + list(self.game.levels())

    def items(self):
        g = self.game
        mode = g.options["mode"]
        lv = self.level
        if lv is None:
            out = [NAMES[v] for v in self.choices()]
            if ("undo",) in g.legal_actions(None):
                out.append("Undo last entry")
            return out
        out = [die_text(f, lv, mode) for f in range(1, 7)]  # the face up, its points (T2)
        return out + [BACK]

    def enter(self, now):
        self.pad_t = self.t0 = now  # the slam of the round's last throw may bounce in here
        ListScreen.enter(self, now)
        note = self.play.take_note()  # S3: an undo on the round's summary brought us here
        if note.startswith("Taken back"):
            self.say(note, now)

    def on_pad(self, press, now):
        pad = press.pad
        if self.chosen is not None:
            return  # leaving for the screen chosen
        s = self.game.turn()
        # Only the seat's own pad confirms, once per slam (contacts chatter).
        if s is None or pad != self.play.seats[s] or ticks_diff(now, self.pad_t, WRAP) < PAD_GAP_MS:
            return
        self.pad_t = now
        self.chosen = self.select(self.cursor, now)

    def select(self, i, now):
        g = self.game
        s = g.turn()
        if s is None or g.phase != "enter":  # the last die is in: the play screen is next
            return None
        lv = self.choices()
        if self.level is None:
            if i >= len(lv):
                if ("undo",) in g.legal_actions(None):
                    self.act(("undo",), now)
            elif lv[i] is None:
                self.act(("die", s, None, None), now)
            else:
                self.level = lv[i]
                self.cursor = 0
                self.app.beep(cues.MOVE)
                self.draw()
        elif i < 6:
            self.act(("die", s, i + 1, self.level), now)
        else:  # S3: inside a die, undo steps back to its level first
            self.cursor = lv.index(self.level)
            self.level = None
            self.app.beep(cues.PENALTY)
            n = len(g.dice[s]) + 1
            self.say("Taken back: where %s's die %d landed" % (self.name(s), n), now)
        return None

    def act(self, a, now):
        g = self.game
        mode = g.options["mode"]
        ev = legal.apply(g, a)
        if ev is None:  # not legal now: dropped
            return
        self.level = None
        self.cursor = START
        self.t0 = now
        if a[0] == "undo":
            a = ev[0][1]  # S3: say what was taken back
            s = a[1]
            if a[0] == "die":
                what = "%s's die %d, %s" % (
                    self.name(s),
                    len(g.dice[s]) + 1,
                    die_text(a[2], a[3], mode),
                )
            else:
                what = "%s's last throw" % self.name(s)
            self.app.beep(cues.PENALTY)
            self.say("Taken back: " + what, now)
        else:
            s = a[1]
            self.app.beep(cues.SLAM)
            if g.phase == "enter":
                self.say(
                    "%s's die %d: %s" % (self.name(s), len(g.dice[s]), die_text(a[2], a[3], mode)),
                    now,
                )
        self.play.after_actions(ev, now)

    def draw(self):
        g = self.game
        t = self.app.text
        s = g.turn()
        if s is None:
            return
        mode = g.options["mode"]
        mine = g.dice[s]
        score = sc.dice_score(mine, mode)
        lines = ["%s's die %d of 4" % (self.name(s), len(mine) + 1)]
        if self.note:
            lines += wrap(self.note, t.cols)[: t.rows - 2]
        elif t.rows >= 6:  # room to say more
            lines.append("Points so far: %d" % score)
            lines.append("Where did it land?" if self.level is None else "Which number is up?")
        items = self.items()
        room = t.rows - len(lines)
        top = max(0, min(self.cursor - room + 1, len(items) - room))
        for i in range(top, min(len(items), top + room)):
            lines.append((">" if i == self.cursor else " ") + items[i])
        colours = [0xFFFFFF] * len(lines)
        colours[0] = SEAT_COLOURS[self.play.seats[s]]
        t.show(lines, colours)

    def tick(self, now):
        if self.game.phase != "enter":
            return self.play
        self.paint(now)
        return ListScreen.tick(self, now)

    def paint(self, now):
        """LEDs (S1): the seat being entered in its colour on all its pixels: the dice
        entered bright, the one being entered blinking, the rest dim; others dim."""
        g = self.game
        leds = self.app.leds
        blink = (ticks_diff(now, self.t0, WRAP) // BLINK_MS) % 2 == 0
        for gs in range(len(self.play.seats)):
            p = self.play.seats[gs]
            c = _rgb(SEAT_COLOURS[p])
            dim = _rgb(SEAT_COLOURS[p], 0.15)
            if gs == g.turn():
                cols = [c] * len(g.dice[gs]) + [c if blink else (0, 0, 0)]
                leds.dice_colours(p, cols + [dim] * (5 - len(cols)))
                leds.seat_colour(p, c)
            else:
                leds.dice_colours(p, [dim])
                leds.seat_colour(p, dim)
