"""Tumblin' Dice in words: a throw's result from the rules core's events, the round
summary (T3, T5), what an undo took back (S3), and the game-over screen. ``seats``
is the play screen's game seat -> pad (P1 is pad 0)."""

from slampad.games import tumblin_score as sc

# T1: a die that stops there is out at once ("|": where the OLED's one row turns a page)
WHERE = {"pad": "never leaves|the pad: it is out", 0: "lands on 0x:|it is out"}


def name(seats, s):
    return "P%d" % (seats[s] + 1)


def names(seats, ss):
    """Seats in words: "P1", "P1 and P3", "P1, P2 and P4"."""
    ns = [name(seats, s) for s in ss]
    return ns[0] if len(ns) < 2 else ", ".join(ns[:-1]) + " and " + ns[-1]


def result(res, seats, e, mode):
    """A throw's event ("landed", "removed" or "bumped") in sentences, into ``res``:
    where the thrown die rests first, then the dice it moved."""
    k = e[0]
    who = name(seats, e[1])
    if k == "landed":  # T2: what the die scores where it lies now
        pts = sc.die_score(e[2], e[3], mode)
        how = "%d %s %d" % (e[2], "+" if mode == "add" else "x", e[3])
        res.insert(0, "%s's die lands on %dx:|%s = %d points" % (who, e[3], how, pts))
    elif k == "removed":
        res.insert(0, "%s's die %s" % (who, WHERE.get(e[2], "falls off:|it is out")))
    elif e[3] in (None, "pad", 0):
        res.append("%s's die is knocked|off the board" % who)
    elif e[3] != e[2]:  # a push along its own level is not news
        res.append("%s's die moves to %dx" % (who, e[3]))


def scores(seats, e, playing):
    """A round's (its "round_over" event) (pad, points, total) a seat, best total first."""
    rs, tot = e[2], e[3]
    ss = list(playing or range(len(seats)))
    ss.sort(key=lambda s: -tot[s])
    return [(seats[s], rs[s], tot[s]) for s in ss]


def summary(seats, g, e, playing):
    """A round's scores and totals (its "round_over" event), best total first (T2, T5)."""
    tot = e[3]
    lines = ["Round %d scores" % e[1]]
    for pad, got, total in scores(seats, e, playing):
        lines.append("P%d got %d, total %d" % (pad + 1, got, total))
    if g.teams:
        t = g.unit_totals(tot)
        lines.append("Teams: %s %d, %s %d" % (team(seats, g, 0), t[0], team(seats, g, 1), t[1]))
    return lines


def overtime(seats, g, e):
    """T5: the tied leaders play on."""
    return ("The teams" if g.teams else names(seats, e[1])) + " tie: one more round"


def team(seats, g, u):
    return "+".join(name(seats, s) for s in sorted(g.teams[u]))


def undone(seats, a):
    """S3: what an undo took back, in words."""
    who = name(seats, a[1])
    if a[0] == "throw":
        return "Taken back: %s's throw" % who
    if a[2] is None:
        return "Taken back: %s's die off the board" % who
    return "Taken back: %s's %d on %dx" % (who, a[2], a[3])


def over(app, g, seats, again):
    """The game-over screen (its rematch: ``again()``, a new play screen)."""
    from slampad.app import saves
    from slampad.app.over import OverScreen
    from slampad.app.scores import board

    saves.finished(app, "tumblin", [seats[s] for s in g.winners()])
    if g.teams:
        won = ["+".join(name(seats, s) for s in g.winners())]
        t = g.unit_totals(g.totals)
        entries = [[team(seats, g, 0), t[0]], [team(seats, g, 1), t[1]]]
    else:
        won = [name(seats, s) for s in g.winners()]
        entries = [[name(seats, s), g.totals[s]] for s in range(len(g.totals))]
    return OverScreen(app, won, board(app.text, entries, "point"), again)


def roll_rows(g, m, cols):
    """The roll-off in words (T3) at moment ``m`` of the play screen: who rolled what,
    who still has to roll."""
    seats = m["seats"]
    if m["stage"] == "order":
        lines = [m["order"], "%s throws first" % name(seats, g.order[0])]
    else:
        lines = ["Slam your pad to roll"]
    rolled = []
    waiting = []
    for s in range(len(seats)):
        if m["faces"][s] is not None:
            rolled.append("%s %d" % (name(seats, s), m["faces"][s]))
        elif ("roll", s) in g.legal_actions(s):
            waiting.append(name(seats, s))
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
    if waiting and m["stage"] == "roll":
        lines.append("To roll: " + " ".join(waiting))
    if m["note"]:
        lines.append(m["note"])
    return lines
