"""How Tumblin' Dice looks: the virtual board as a picture (app/tumblin/board.py: the
steps from the side, every die where it lies, the aim arrow and the power bar) with
a status row (the OLED) or rows above and below it (240x240), each prompt saying who
acts and what to do; the roll-off, the table board and the round's scores as text;
and the seat LEDs (S1 colours; a roll-off die as lit pixels)."""

from slampad.app.tumblin.board import BoardView
from slampad.app.ui import SEAT_COLOURS, wrap
from slampad.app.ui import rgb as _rgb
from slampad.ticks import ticks_diff

WRAP = 1 << 29
RISE_MS = 1200  # charging: 0 to full power in this long, then back down
STEP_MS = 260  # the sliding die takes this long per level
PAGE_MS = 1800  # rows that do not fit are shown a page at a time
ALT_MS = 1500  # the status row's pages turn this often while a player aims
BLINK_MS = 250
TUMBLE_MS = 90  # the sliding die shows another face this often
WHITE = 0xFFFFFF
OFF = (0, 0, 0)
THROWING = ("aim", "charge", "bot", "botcharge", "slide", "result")


def power_at(ms):
    """T6: power from the hold time, a ping-pong: holding too long is not max."""
    c = max(0, ms) % (2 * RISE_MS)
    if c > RISE_MS:
        c = 2 * RISE_MS - c
    return c * 100 // RISE_MS


def shown_power(scr, now):
    dt = ticks_diff(now, scr.t0, WRAP)
    if scr.stage == "charge":
        return power_at(ticks_diff(now, scr.press_t, WRAP))
    if scr.stage == "botcharge":
        return min(scr.choice[0], dt * 100 // RISE_MS)
    return scr.power


def anim(scr, now):
    """A number that changes when the picture must (so draws happen only then)."""
    st = scr.stage
    dt = ticks_diff(now, scr.t0, WRAP)
    if st in ("charge", "botcharge"):
        return shown_power(scr, now) // 5
    if st == "slide":
        return dt // TUMBLE_MS  # a new face each time (it tumbles), a step each STEP_MS
    if st == "result" and dt < 4 * BLINK_MS:
        return dt // BLINK_MS - 99  # the landed die blinks
    if st in ("result", "summary"):
        return dt // PAGE_MS
    if st == "aim":
        return dt // ALT_MS
    if st in ("roll", "order") and 6 in scr.faces:
        return dt // BLINK_MS
    return 0


def _roll_rows(scr, cols):
    """The roll-off in words (T3): who rolled what, who still has to roll."""
    g = scr.game
    if scr.stage == "order":
        lines = [scr.order_line, "%s throws first" % scr.name(g.order[0])]
    else:
        lines = ["Roll for order: slam!"]
    rolled = []
    waiting = []
    for s in range(len(scr.seats)):
        if scr.faces[s] is not None:
            rolled.append("%s %d" % (scr.name(s), scr.faces[s]))
        elif ("roll", s) in g.legal_actions(s):
            waiting.append(scr.name(s))
    line = "Rolled:"
    for i in range(len(rolled)):  # a seat and its roll stay on one row
        x = " %s%s" % (rolled[i], "," if i < len(rolled) - 1 else "")
        if len(line) + len(x) > cols:
            lines.append(line)
            line = x[1:]
        else:
            line += x
    if rolled:
        lines.append(line)
    if waiting and scr.stage == "roll":
        lines.append("To roll: " + " ".join(waiting))
    if scr.note:
        lines.append(scr.note)
    return lines


def _pages(scr, now, big):
    """What a throw's words say, by stage: pages, turned in time (each one row on the
    OLED, two rows on 240x240). A player's first throw explains the arrow and the bar."""
    st = scr.stage
    me = scr.name(scr.who)
    notes = [scr.note] if scr.note else []
    if st == "aim":
        if scr.who in scr.taught:
            said = [me + ": aim, hold your pad, let go." if big else me + ": aim, hold, let go"]
        elif big:
            said = ["Up/down moves the arrow: your aim.",
                    "Hold your pad: the bar shows power.", "Let go of your pad to throw."]
        else:
            said = [me + ": up/down aims", "Hold your pad: power", "Let go to throw"]
        head = [] if big else ["%s throws die %d of 4" % (me, scr.die_no)]
        return notes + head + said + ([] if big or scr.app.hw.colour else ["legend"])
    if st == "charge":
        return ["Let go of your pad to throw."] if big else ["power"]
    if st == "bot":
        return [me + " (bot) aims..."]
    if st == "botcharge":
        return [me + " (bot) throws..."] if big else ["power"]
    if st == "slide":
        return [me + " throws..."]
    return scr.msgs + notes


def _board(scr, now):
    """A throw on the virtual board: the picture, and the words around it."""
    t = scr.app.text
    g = scr.game
    cols = t.cols
    big = t.rows >= 8
    st = scr.stage
    dt = ticks_diff(now, scr.t0, WRAP)
    v = scr.view
    if v is None:
        v = scr.view = BoardView(scr.app, scr.seats, g.options["minus_zone"])
    v.show(True)
    me = scr.name(scr.who)
    mine = SEAT_COLOURS[scr.seats[scr.who]]
    pages = _pages(scr, now, big)
    turn = ALT_MS if st == "aim" else PAGE_MS
    if big:  # two rows a page
        rows = []
        for x in pages:
            w = wrap(x, cols)
            rows += [w[i:i + 2] for i in range(0, len(w), 2)]
    else:
        rows = [[x] for x in pages]
    scr.pages = len(rows) or 1
    page = rows[(dt // turn) % len(rows)] if rows else [""]
    power = st in ("charge", "botcharge")
    aiming = power or st in ("aim", "bot")
    board = scr.before if st == "slide" else scr.shown
    mover = None
    if aiming:
        mover = (scr.who, 0, 0, scr.aim[scr.who])  # the die on the launch pad
    elif st == "slide":
        part = 1 + min(scr.steps, dt // STEP_MS)
        mover = (scr.who, 1 + (dt // TUMBLE_MS) % 6, part, scr.aim[scr.who])
    hide = None
    if st == "result" and scr.landed and dt < 4 * BLINK_MS and dt // BLINK_MS % 2:
        hide = len(board) - 1  # the die just thrown blinks a moment (throw() puts it last)
    v.draw(board, mover, page == ["legend"], hide)
    v.set_aim(scr.aim[scr.who] if aiming else None, scr.who)
    fw = t.cell[0] // t.scale
    fh = t.cell[1] // t.scale
    if page == ["legend"]:  # the seats' shapes, drawn after their names
        page = ["   ".join(scr.name(s) for s in range(len(scr.seats)))]
    if big:
        if scr.bots[scr.who]:
            head = "%s (bot): die %d of 4" % (me, scr.die_no)
        else:
            head = "%s throws die %d of 4" % (me, scr.die_no)
        rnd = ("Overtime %d" if g.overtime else "Round %d") % g.round
        room = cols - len(rnd) - 7  # "Power " and a space before the round
        v.set_bar((6 * fw, fh + 2, room * fw, fh - 4), shown_power(scr, now))
        lines = [head, "Power" + " " * (cols - 5 - len(rnd)) + rnd] + [""] * 6 + page
        colours = [mine] * len(lines)
        colours[1] = WHITE
    else:
        if page == ["power"]:
            bot = " bot" if st == "botcharge" else ""
            word = "%s%s power" % (me, bot)
            x0 = (len(word) + 1) * fw
            v.set_bar((x0, 2, v.w - x0 - 2, fh - 4), shown_power(scr, now))
            page = [word + " " * (cols - len(word))]  # the bar hides the battery corner
        else:
            v.set_bar(None, 0)
        lines = page
        colours = [mine]
    t.show(lines, colours)


def draw(scr, now):
    t = scr.app.text
    g = scr.game
    cols, rows = t.cols, t.rows
    big = rows >= 8
    st = scr.stage
    dt = ticks_diff(now, scr.t0, WRAP)
    if scr.virtual and st in THROWING:
        _board(scr, now)
        return
    if scr.view is not None:
        scr.view.show(False)
    lines = []
    colours = None
    if st in ("roll", "order"):
        for x in _roll_rows(scr, cols):
            lines += wrap(x, cols)
    elif st == "summary":
        body = scr.summary[1:]
        body.append("Slam/select: " + ("the end" if g.is_over() else "go on"))
        if not scr.virtual:
            body.append("up: undo last die")  # S3
        room = rows - 1
        p = (dt // PAGE_MS) % ((len(body) + room - 1) // room)
        lines = scr.summary[:1] + body[p * room:(p + 1) * room]
        colours = [WHITE] * len(lines)
        for i in range(1, len(lines)):
            x = lines[i]
            if x[0] == "P" and x[2] == " ":  # a seat's line: its colour (S1)
                colours[i] = SEAT_COLOURS[int(x[1]) - 1]
    else:  # the table board: throw a real die, then slam
        me = scr.name(scr.who)
        mine = SEAT_COLOURS[scr.seats[scr.who]]
        says = wrap("%s: throw a die%s, then slam your pad" % (me, " on the board" if big else ""),
                    cols)
        note = wrap(scr.note, cols) if scr.note else []
        head = "%s %s die %d/4" % ("Overtime" if g.overtime else "Round %d" % g.round,
                                    me, scr.die_no)
        undo = ["up: undo last entry"] if ("undo",) in g.legal_actions(None) else []
        lines = [head] + says + note + (undo if big or not note else [])
        colours = [mine] * len(lines)
    t.show(lines, colours)


def paint(scr, now):
    """LEDs (S1): the thrower's strip in their colour, then its power bar, the
    sliding die and its level; the others dim, one pixel per die still to throw."""
    g = scr.game
    leds = scr.app.leds
    st = scr.stage
    dt = ticks_diff(now, scr.t0, WRAP)
    blink_on = dt // BLINK_MS % 2 == 0
    best = max(g.totals) if st == "summary" else None
    for s in range(len(scr.seats)):
        pad = scr.seats[s]
        c = _rgb(SEAT_COLOURS[pad])
        dim = _rgb(SEAT_COLOURS[pad], 0.15)
        lit = c
        if st in ("roll", "order"):
            f = scr.faces[s]
            if f is not None:  # the face as lit pixels; a six is all five, blinking
                px = [c] * (5 if blink_on else 0) if f == 6 else [c] * f
            elif g.phase == "roll_off" and ("roll", s) in g.legal_actions(s):
                px = [dim] * 5
            else:
                px = []
        elif st == "summary":
            lead = g.totals[s] == best
            px = [c if lead else dim] * 5
        elif s != scr.who:
            lit = dim
            px = [dim] * (4 - g.thrown(s)) if s in g.order and g.phase == "throw" else []
        elif st in ("charge", "botcharge"):
            px = [c] * ((shown_power(scr, now) * 5 + 99) // 100)
        elif st == "slide":
            i = min(4, dt * 5 // ((scr.steps + 1) * STEP_MS))
            px = [OFF] * i + [c]
        elif st == "result":
            px = [c] * (scr.steps if scr.landed else 0)
        else:
            px = [c] * 5
        leds.dice_colours(pad, px)
        leds.seat_colour(pad, lit)
