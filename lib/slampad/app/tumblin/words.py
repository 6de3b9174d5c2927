"""Tumblin' Dice in words: a throw's result from the rules core's events, the round
summary (T3, T5), what an undo took back (S3), and the game-over screen. ``seats``
is the play screen's game seat -> pad (P1 is pad 0)."""

from slampad.games import tumblin_score as sc

WHERE = {"pad": "on the pad: out", 0: "on 0x: out"}  # T1: removed at once


def name(seats, s):
    return "P%d" % (seats[s] + 1)


def names(seats, ss):
    return " ".join(name(seats, s) for s in ss)


def result(res, seats, e, mode):
    """A throw's event ("landed", "removed" or "bumped") in words, into ``res``: where
    the thrown die rests first, then the dice it moved."""
    k = e[0]
    who = name(seats, e[1])
    if k == "landed":  # T2: what the die scores where it lies now
        pts = sc.die_score(e[2], e[3], mode)
        res.insert(0, "%s: %d on %dx: %d pts" % (who, e[2], e[3], pts))
    elif k == "removed":
        res.insert(0, "%s: %s" % (who, WHERE.get(e[2], "off the board")))
    elif e[3] in (None, "pad", 0):
        res.append("%s's die knocked off" % who)
    elif e[3] != e[2]:  # a push along its own level is not news
        res.append("%s's die moves to %dx" % (who, e[3]))


def summary(seats, g, e, playing):
    """A round's scores and totals (its "round_over" event), best total first (T2, T5)."""
    rs, tot = e[2], e[3]
    ss = list(playing or range(len(seats)))
    ss.sort(key=lambda s: -tot[s])
    lines = ["Round %d scores" % e[1]]
    for s in ss:
        lines.append("%s +%d, total %d" % (name(seats, s), rs[s], tot[s]))
    if g.teams:
        t = g.unit_totals(tot)
        lines.append("%s %d %s %d" % (team(seats, g, 0), t[0], team(seats, g, 1), t[1]))
    return lines


def overtime(seats, g, e):
    return "Overtime: " + ("both teams" if g.teams else names(seats, e[1]))


def team(seats, g, u):
    return "+".join(name(seats, s) for s in sorted(g.teams[u]))


def undone(seats, a):
    """S3: what an undo took back, in words."""
    who = name(seats, a[1])
    if a[0] == "throw":
        return "Undone: %s's throw" % who
    if a[2] is None:
        return "Undone: %s die off" % who
    return "Undone: %s %d on %dx" % (who, a[2], a[3])


def over(app, g, seats, again):
    """The game-over screen (its rematch: ``again()``, a new play screen)."""
    from slampad.app import saves
    from slampad.app.over import OverScreen

    saves.finished(app, "tumblin", [seats[s] for s in g.winners()])
    if g.teams:
        won = ["+".join(name(seats, s) for s in g.winners())]
        t = g.unit_totals(g.totals)
        score = "%s %d %s %d" % (team(seats, g, 0), t[0], team(seats, g, 1), t[1])
    else:
        won = [name(seats, s) for s in g.winners()]
        score = totals_line(seats, g, app.text.cols - 1)
    return OverScreen(app, won, score, again)


def totals_line(seats, g, cols):
    """Each seat's total, best first ("P2 40 P1 31"), as many as fit ``cols``."""
    tot = g.totals
    ss = sorted(range(len(tot)), key=lambda s: -tot[s])
    out = ""
    for s in ss:
        x = "%s %d" % (name(seats, s), tot[s])
        if len(out) + 1 + len(x) > cols:
            break
        out = out + " " + x if out else x
    return out
