"""How Tumblin' Dice looks: the board from the side as a text staircase (one row
per level, each indented one more: "1x\\ R3 B2" / " 2x\\ G5" ...), the aim lane,
the power bar, and the seat LEDs (S1 colours; a roll-off die as lit pixels)."""

from slampad.app.ui import SEAT_COLOURS, wrap
from slampad.app.ui import rgb as _rgb
from slampad.ticks import ticks_diff

WRAP = 1 << 29
RISE_MS = 1200  # charging: 0 to full power in this long, then back down
STEP_MS = 260  # the sliding die takes this long per level
PAGE_MS = 1800  # rows that do not fit are shown a page at a time
ALT_MS = 1500  # the small display alternates its status row this often
BLINK_MS = 250
LETTERS = "RBGWPO"  # S1 by pad: red, blue, green, white (black dice), purple, orange
WHITE = 0xFFFFFF
OFF = (0, 0, 0)


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
        return shown_power(scr, now) // 10
    if st == "slide":
        return dt // STEP_MS
    if st in ("result", "summary"):
        return dt // PAGE_MS
    if st == "aim":
        recent = scr.aim_t is not None and ticks_diff(now, scr.aim_t, WRAP) < ALT_MS
        return dt // ALT_MS * 2 + (1 if recent else 0)
    if st in ("roll", "order") and 6 in scr.faces:
        return dt // BLINK_MS
    return 0


def bar(p, w):
    k = p * w // 100
    return "[" + "#" * k + " " * (w - k) + "]"


def lane(aim):
    """The aim as a marker across the board's width: |....^....|"""
    i = ((aim + 100) * 8 + 100) // 200
    return "|" + "." * i + "^" + "." * (8 - i) + "|"


def stairs(scr, board, cols, mover=None, at=0):
    """Rows for levels 1-4 (the -1x ledge beside the 4x pocket), each coloured by
    the seat of its best die; ``mover`` (a label) is the die sliding, on level ``at``."""
    rows = []
    colours = []
    for lv in (1, 2, 3, 4):
        ds = [d for d in board if d[2] == lv or (lv == 4 and d[2] == -1)]
        ds.sort(key=lambda d: d[3])  # nearest the thrower first
        toks = [LETTERS[scr.seats[d[0]]] + str(d[1]) for d in ds if d[2] > 0]
        if at == lv:
            toks.append(mover)
        minus = [LETTERS[scr.seats[d[0]]] + str(d[1]) for d in ds if d[2] < 0]
        if minus:
            toks.append("(-1x: " + " ".join(minus) + ")")
        line = " " * (lv - 1) + "%dx\\" % lv
        for i in range(len(toks)):
            more = len(toks) - i
            if len(line) + 1 + len(toks[i]) + (len(" +%d" % more) if more > 1 else 0) > cols:
                line += " +%d" % more  # no room for the rest
                break
            line += " " + toks[i]
        rows.append(line)
        best = max(ds, key=lambda d: d[1] * d[2]) if ds else None
        colours.append(SEAT_COLOURS[scr.seats[best[0]]] if best else WHITE)
    return rows, colours


def _roll_rows(scr, cols):
    g = scr.game
    if scr.stage == "order":
        lines = [scr.order_line, "%s throws first" % scr.name(g.order[0])]
    else:
        lines = ["Roll for order: slam!"]
    cells = []
    for s in range(len(scr.seats)):
        f = scr.faces[s]
        if f is None:
            f = "?" if ("roll", s) in g.legal_actions(s) else "-"
        cells.append("%s:%s" % (scr.name(s), f))
    lines.append(" ".join(cells))
    lines.append(scr.note or (scr.msgs[-1] if scr.msgs and scr.stage == "roll" else ""))
    return lines


def _says(scr, now, big):
    """The message rows of a throw, by stage."""
    st = scr.stage
    me = scr.name(scr.who)
    if st == "table":
        return ["%s: throw a die%s, then slam your pad" % (me, " on the board" if big else "")]
    if st == "aim":
        if big:
            return ["%s: hold your pad, let go to throw. up/down: aim" % me]
        return ["%s: hold pad, let go" % me]
    if st in ("charge", "botcharge"):
        bot = " bot" if st == "botcharge" else ""
        return ["%s%s %s" % (me, bot, bar(shown_power(scr, now), 10))]
    if st == "bot":
        return [me + " (bot) throws..."]
    if st == "slide":
        return [me + " throws..."]
    return scr.msgs


def draw(scr, now):
    t = scr.app.text
    g = scr.game
    cols, rows = t.cols, t.rows
    big = rows >= 8
    st = scr.stage
    dt = ticks_diff(now, scr.t0, WRAP)
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
    else:
        me = scr.name(scr.who)
        mine = SEAT_COLOURS[scr.seats[scr.who]]
        aim = "aim %s %4d" % (lane(scr.aim[scr.who]), scr.aim[scr.who])
        says = []
        for x in _says(scr, now, big):
            says += wrap(x, cols)
        note = wrap(scr.note, cols) if scr.note else []
        head = "%s %s die %d/4" % (("R%d OT" if g.overtime else "Round %d") % g.round,
                                    me, scr.die_no)
        if st == "table":
            undo = ["up: undo last entry"] if ("undo",) in g.legal_actions(None) else []
            lines = [head] + says + note + (undo if big or not note else [])
            t.show(lines, [mine] * len(lines))
            return
        board = scr.shown
        if st == "slide":
            board = scr.before
        srows, scol = stairs(scr, board, cols, LETTERS[scr.seats[scr.who]] + "?",
                             min(scr.steps, dt // STEP_MS) if st == "slide" else 0)
        if big:
            lines = [head, aim] + srows + says + note
            colours = [mine, mine] + scol + [mine] * rows
            scr.pages = 1
        else:
            if st != "aim":
                status = says
            elif scr.aim_t is not None and ticks_diff(now, scr.aim_t, WRAP) < ALT_MS:
                status = [aim]
            else:
                status = note + says + [aim]
            scr.pages = len(status) or 1
            lines = [status[(dt // (ALT_MS if st == "aim" else PAGE_MS)) % scr.pages]
                     if status else ""] + srows
            colours = [mine] + scol
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
