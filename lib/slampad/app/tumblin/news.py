"""Tumblin' Dice: the rules core's events in words, the round summary (T3, T5),
what an undo took back (S3), and the game-over screen."""

from slampad.app import cues
from slampad.games import tumblin_score as sc

WHERE = {"pad": "on the pad: out", 0: "on 0x: out"}  # T1: removed at once


def news(scr, events, now):
    """Take in game.apply's events: roll-off faces, a throw's result, a round's
    summary; move the screen's stage on where the events say so."""
    g = scr.game
    res = []
    for e in events:
        k = e[0]
        if k == "rolled":
            scr.faces[e[1]] = e[2]
            scr.msgs = ["%s rolled %d" % (scr.name(e[1]), e[2])]
        elif k == "roll_again":
            scr.note = "Tie %s: roll again" % scr.names(e[1])
            for s in e[1]:
                scr.faces[s] = None
        elif k == "round":  # after round_over (summarised with the old order)
            scr.order_line = "Order: " + scr.names(e[2])
            scr.playing = list(e[2])
            if scr.summary:
                scr.summary.append("Next: " + scr.names(e[2]))
            if scr.stage == "roll":
                scr.note = ""
                scr.set_stage("order", now)
                scr.app.beep(cues.GO)
        elif k == "landed":  # T2: what the die scores where it lies now
            pts = sc.die_score(e[2], e[3], g.options["mode"])
            res.insert(0, "%s: %d on %dx: %d pts" % (scr.name(e[1]), e[2], e[3], pts))
        elif k == "removed":
            res.insert(0, "%s: %s" % (scr.name(e[1]), WHERE.get(e[2], "off the board")))
        elif k == "bumped":
            if e[3] in (None, "pad", 0):
                res.append("%s's die knocked off" % scr.name(e[1]))
            elif e[3] != e[2]:  # a push along its own level is not news
                res.append("%s's die moves to %dx" % (scr.name(e[1]), e[3]))
        elif k == "round_over":
            summarise(scr, e)
        elif k == "overtime":
            who = "both teams" if g.teams else scr.names(e[1])
            scr.summary.append("Overtime: " + who)
        elif k == "game_over":
            scr.summary[0] = "Final: round %d" % g.round
        elif k == "undone":
            scr.note = undone_text(scr, e[1])
            scr.playing = list(g.order)
    if res:
        scr.msgs = res
    if scr.summary and scr.stage not in ("slide", "result"):
        scr.set_stage("summary", now)
        scr.app.beep(cues.MATCH)
    scr.dirty = True
    return events


def summarise(scr, e):
    """A round's scores and totals, best total first (T2, T5)."""
    g = scr.game
    rs, tot = e[2], e[3]
    ss = list(scr.playing or range(len(scr.seats)))
    ss.sort(key=lambda s: -tot[s])
    lines = ["Round %d scores" % e[1]]
    for s in ss:
        lines.append("%s +%d, total %d" % (scr.name(s), rs[s], tot[s]))
    if g.teams:
        t = g.unit_totals(tot)
        lines.append("%s %d %s %d" % (team(scr, 0), t[0], team(scr, 1), t[1]))
    scr.summary = lines


def team(scr, u):
    return "+".join(scr.name(s) for s in sorted(scr.game.teams[u]))


def undone_text(scr, a):
    """S3: what an undo took back, in words."""
    who = scr.name(a[1])
    if a[0] == "throw":
        return "Undone: %s's throw" % who
    if a[2] is None:
        return "Undone: %s die off" % who
    return "Undone: %s %d on %dx" % (who, a[2], a[3])


def over(scr):
    from slampad.app import saves
    from slampad.app.over import OverScreen
    again = type(scr)  # the play screen (not imported: it imports this module)
    g = scr.game
    app, seats, kinds, opts = scr.app, scr.seats, scr.kinds, scr.options
    saves.finished(app, "tumblin", [seats[s] for s in g.winners()])
    if g.teams:
        won = ["+".join(scr.name(s) for s in g.winners())]
        t = g.unit_totals(g.totals)
        score = "%s %d %s %d" % (team(scr, 0), t[0], team(scr, 1), t[1])
    else:
        won = [scr.name(s) for s in g.winners()]
        score = totals_line(scr, scr.app.text.cols - 1)
    return OverScreen(app, won, score, lambda: again(app, seats, kinds, opts))


def totals_line(scr, cols):
    """Each seat's total, best first ("P2 40 P1 31"), as many as fit ``cols``."""
    tot = scr.game.totals
    ss = sorted(range(len(tot)), key=lambda s: -tot[s])
    out = ""
    for s in ss:
        x = "%s %d" % (scr.name(s), tot[s])
        if len(out) + 1 + len(x) > cols:
            break
        out = out + " " + x if out else x
    return out
