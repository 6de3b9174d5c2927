"""How a Wildside round looks: seat rows and rulings on the display, dice on LEDs."""

from slampad.app import cues
from slampad.app.ui import SEAT_COLOURS, wrap
from slampad.app.wildside import layout
from slampad.app.wildside.icons import FACES, MAX_DICE, UNKNOWN, tile_of
from slampad.app.wildside.ruling import drawn, parts
from slampad.app.wildside.text import describe
from slampad.games import wildside_match as wm
from slampad.ticks import ticks_diff

WRAP = 1 << 29
FRAME_MS = 60  # roll animation frame
FLASH_MS = 1200  # slammer and victim dice flash after a ruling
BLINK_MS = 150
PAGE_MS = 1600  # long rulings are shown a page at a time
FLY_MS = 600  # a ruling's die flies from the victim's row to the collector's
DIM = (40, 40, 40)
STUCK_MS = 10000  # W13: down this long (a whole round and more) is a stuck pad


def paint(scr, now):
    """LEDs: 3-2-1, the roll animation, then faces (W1), flashing after a ruling."""
    g = scr.game
    leds = scr.app.leds
    dt = ticks_diff(now, scr.t0, WRAP)
    blink_off = scr.flash and dt < FLASH_MS and (dt // BLINK_MS) % 2 == 1
    for s in range(len(scr.pads)):
        pad = scr.pads[s]
        if s not in g.active or not g.rolled[s]:
            leds.dice_colours(pad, [])
            continue
        if scr.stage == "count":
            n = len(g.rolled[s])
            if scr.beat < 3:
                cols = [DIM] * min(n, 3 - scr.beat)
            else:
                frame = dt // FRAME_MS
                cols = [wm.COLOURS[wm.SIDES[(frame + s * 5 + j) % 6]] for j in range(n)]
        elif blink_off and s in scr.flash:
            cols = []
        else:
            cols = [wm.COLOURS[f] for f in g.rolled[s]]
        leds.dice_colours(pad, cols)
    if scr.icons is not None:
        animate(scr, now, dt)
    if scr.msgs and len(scr.page_starts) > 1 and ticks_diff(now, scr.page_at, WRAP) > PAGE_MS:
        scr.page += 1
        scr.page_at = now
        scr.draw()


def countdown(scr, dt, count_ms):
    """W12: 3-2-1 in words and big digits, a tick each, then the dice tumble."""
    beat = min(3, dt * 3 // count_ms) if count_ms else 3
    if beat != scr.beat:
        scr.beat = beat
        if beat < 3:
            scr.app.beep(cues.TICK)
            msg = "Round %d: %d ..." % (scr.game.round, 3 - beat)
            scr.say([msg] + scr.msgs[1:], scr.t0)
            scr.big.show(str(3 - beat))
        else:
            scr.big.show("")  # the dice tumble on the LEDs


def tumbling(scr):
    """The dice are rolling: after 3-2-1, before the window opens."""
    return scr.stage == "count" and scr.beat >= 3


def tumble_tiles(scr, s, frame):
    """Seat s's dice mid-roll: faces that change every frame, a different run per die."""
    n = min(MAX_DICE, len(scr.game.rolled[s]) or scr.game.dice[s])
    return [1 + (frame + 2 * s + 3 * j) % len(FACES) for j in range(n)]


def animate(scr, now, dt):
    """Frame-driven pictures, never a sleep: the dice tumbling on the screen as on the
    LEDs, and a ruling's die flying to the seat that collects it."""
    g = scr.game
    if tumbling(scr):
        frame = dt // FRAME_MS
        if frame != scr.frame:
            scr.frame = frame
            for s in range(len(scr.pads)):
                if s in g.active:
                    scr.icons.show(s, tumble_tiles(scr, s, frame))
    fly = scr.fly
    if fly is not None:
        part = ticks_diff(now, fly[4], WRAP)
        if part >= FLY_MS or part < 0:
            scr.fly = None
            scr.icons.land()
        else:
            scr.icons.fly(fly[0], fly[1], fly[2], fly[3], len(g.rolled[fly[3]]), part, FLY_MS)


def draw(scr):
    """Seat rows (S1 colours; W1 faces as icons, app/wildside/icons.py; the dice
    count, W9's set-aside dice included) and the ruling below: its picture first
    (app/wildside/ruling.py), on a message row of its own, then its words."""
    g = scr.game
    t = scr.app.text
    if scr.icons is None:
        layout.make(scr)  # each display's own places (app/wildside/layout.py)
    lines = []
    colours = []
    shown = g.phase in ("window", "choose") or scr.stage == "result"
    blank = " " * scr.blank  # the icons' cells
    for s in range(len(scr.pads)):
        pad = scr.pads[s]
        n = g.dice[s]
        dice = blank
        if s not in g.active:
            dice = "out" + blank[3:]
            tiles = ()
        elif tumbling(scr):
            tiles = tumble_tiles(scr, s, max(0, scr.frame))
        elif shown:
            tiles = [tile_of(f) for f in g.rolled[s]]
        else:
            tiles = [UNKNOWN] * min(MAX_DICE, n)
        scr.icons.show(s, tiles)
        if scr.counts is not None:
            scr.counts.show(s, n)  # the big display's count, over the words' one
        lines.append("%s%s %s %2d" % (">" if s == scr.slammer else " ", scr.name(s), dice, n))
        colours.append(SEAT_COLOURS[pad])
    room = scr.room
    # Pages of whole messages: a message starts a page unless it fits under the last.
    scr.msgs_lines = out = []
    scr.page_starts = starts = []
    pic = scr.pic
    msgs = scr.msgs
    if pic:  # None: the picture's row, first; on few rows it stands for the line it draws
        if pic[1] and sum(len(wrap(m, t.cols)) for m in msgs) >= room:
            msgs = msgs[:-1]
        msgs = [None] + msgs
    mine = len(msgs)
    own = 0
    if scr.stuck:  # W13: last, so it pages after the game's words and covers none
        names = [scr.name(s) for s in scr.stuck]
        note = "Stuck pads: " + " ".join(names) if names[1:] else names[0] + "'s pad is stuck"
        msgs = msgs + [note]
    for i in range(len(msgs)):
        if i == mine:
            own = len(out)  # the game's own words end here
        part = [""] if msgs[i] is None else wrap(msgs[i], t.cols)
        if not starts or len(out) - starts[-1] + len(part) > room:
            starts.append(len(out))
        for j in range(len(part)):
            if j and len(out) - starts[-1] >= room:
                starts.append(len(out))  # longer than a page: it goes on over the next
            out.append(part[j])
    if not scr.stuck:
        own = len(out)
    scr.own = own
    scr.own_pages = len([x for x in starts if x < own])
    p = scr.page % max(1, len(starts))
    page = []
    if starts:
        end = starts[p + 1] if p + 1 < len(starts) else len(out)
        page = out[starts[p] : end]
    scr.ruling.show(pic[0] if pic and p == 0 else [], scr.msg_y[0])
    layout.fit_big(scr, len(page))
    t.show(lines + page, colours + [0xFFFFFF] * room)


def watch(scr, now):
    """W13: a human's pad down STUCK_MS is named on screen until it comes up (it never
    slams meanwhile: only a fresh press reaches on_pad)."""
    held = scr.app.pad_input.held
    stuck = []
    for s in range(len(scr.pads)):
        if scr.bots[s] is not None or not held[scr.pads[s]]:
            scr.down[s] = None
        elif scr.down[s] is None:
            scr.down[s] = now
        elif s in scr.game.active and (  # out of sudden death: nothing to say
            s in scr.stuck or ticks_diff(now, scr.down[s], WRAP) >= STUCK_MS
        ):
            stuck.append(s)  # stays stuck past any tick wrap, until it comes up
    if stuck != scr.stuck:
        scr.stuck = stuck
        scr.draw()


def tell(scr, ev, rolled, now):
    """Show a ruling: words, flashing dice and a cue."""
    cue = None
    for e in ev:
        k = e[0]
        if k == "match":
            scr.flash = [e[1], e[2]]
            scr.slammer = e[1]
            cue = cues.MATCH
            fly_from(scr, e[2], e[1], rolled, now)
        elif k in ("penalty", "out"):
            scr.flash = list(e[1])
            cue = cues.PENALTY
        elif k == "dead_heat":
            scr.flash = list(e[1])
            cue = cues.DEAD_HEAT
        elif k == "game_over":
            cue = cues.WIN
    if cue:
        scr.app.beep(cue)
    words = [seat_names(scr, x) for x in describe(ev, rolled)]
    if scr.take_lost():
        words.append("Too many presses")
        words.append("Some were lost")
    pic = parts(ev, rolled, scr.pads)
    scr.say(words, now, (pic, drawn(words)) if pic else None)


def fly_from(scr, v, s, rolled, now):
    """A match's die sets off from the victim's row (its last die, of a symbol the two
    rolls share) toward the collector's: [tile, row from, die from, row to, start]."""
    on = [f for f in rolled[v] if f in rolled[s] or f == "wild"] or rolled[v] or ["wild"]
    last = min(len(rolled[v]), MAX_DICE) - 1
    scr.fly = [tile_of(on[-1]), v, max(0, last), s, now]


def seat_names(scr, line):
    # The core counts seats 0..n-1; the table knows them by their pads.
    for s in range(len(scr.pads) - 1, -1, -1):
        line = line.replace("P%d" % (s + 1), "#%d" % (scr.pads[s] + 1))
    return line.replace("#", "P")


def show_choice(scr, now):
    c = scr.game.choice
    s = c["slammer"]
    v, k = c["candidates"][c["highlight"]]
    scr.flash = [v]
    # W5: the highlighted victim first: with four seats on a 128x64 screen one
    # message row shows, a line at a time.
    me = scr.name(s)
    scr.say(["%s: take %d from %s?" % (me, k, scr.name(v)), "%s: slam to change" % me], now)
