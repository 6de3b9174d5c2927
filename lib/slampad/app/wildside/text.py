"""Wildside rulings in words, for the screen, the log and the terminal sim."""

from slampad.games import wildside_match as wm


def seat(s):
    return "P%d" % (s + 1)


def dice_text(rolled):
    """W1: glyphs, so a roll reads without colour: ``* C S``."""
    return " ".join(wm.GLYPHS[f] for f in rolled) or "-"


def matched_on(ra, rb):
    """Words for what two rolls matched on: "moon", "star and moon", "all wild"."""
    if wm.all_wild(ra) or wm.all_wild(rb):
        return "all wild"
    names = [s for s in wm.SYMBOLS if min(ra.count(s), rb.count(s))]
    return " and ".join(names)


def describe(events, rolled):
    """One short line per event that a player should read."""
    out = []
    for e in events:
        k = e[0]
        if k == "match":
            _, s, v, n, moved = e
            line = "%s matches %s on %s: takes %d" % (
                seat(s), seat(v), matched_on(rolled[s], rolled[v]), n)
            if moved > n:
                line += " + %d penalty" % (moved - n)
            out.append(line)
        elif k == "penalty":
            out.append(", ".join(seat(s) for s in e[1]) + ": no match, penalty die")
        elif k == "false_start":
            out.append("%s slammed too early" % seat(e[1]))
        elif k == "dead_heat":
            out.append("Dead heat: " + " = ".join(seat(s) for s in e[1]) + ", roll again")
        elif k == "none":
            out.append("Nobody slammed: roll again")
        elif k == "choose":
            out.append("%s chooses: %s" % (seat(e[1]), " / ".join(seat(s) for s in e[2])))
        elif k == "out":
            out.append(", ".join(seat(s) for s in e[1]) + " out of sudden death")
        elif k == "sudden_death":
            out.append("Tie! Sudden death: " + ", ".join(seat(s) for s in e[1]))
        elif k == "game_over":
            won = ", ".join(seat(s) for s in e[1])  # several only in a draw (W10)
            out.append(("Draw: " if len(e[1]) > 1 else "Winner: ") + won)
    return out
