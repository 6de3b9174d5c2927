"""Diceland in words: the rules' events (D2, D3, D7, D8, D9), the prompt, the dice
counts and the hex under the cursor."""

from slampad.games.diceland_scenes import TERRAINS

STEP = {"occupy": "place a die", "attack": "attack from?", "move": "move which die?",
        "town": "town where?", "choose": "roll which die?"}

SAY = {"no_attack": "%s can't attack (%d in a row)", "eliminated": "%s loses a die",
       "invade": "%s moves in", "fill": "%s moves in", "group": "%s groups: %d",
       "town": "%s town: %d", "capital": "%s takes the capital!"}


def name(s):
    return "P%d" % (s + 1)


def tell(events):
    """The rules core's events in words (D2, D3, D7, D8, D9); [] when none is news."""
    out = []
    for e in events:
        k = e[0]
        who = name(e[1]) if isinstance(e[1], int) else ""
        if k == "attack":  # D3: the defender loses the roll, or the attacker 1
            lose = who + " -1" if e[5] == "failed" else "%s -%d" % (name(1 - e[1]), e[4])
            out.append("Roll %d: %s, %s" % (e[4], e[5], lose))
        elif k == "roll":
            out.append(who + " rolls " + " and ".join(str(r) for r in e[2]))
        elif k == "first":
            out.append("Dice sums %d to %d: %s starts" % (e[2][0], e[2][1], who))  # D2
        elif k in SAY:
            t = SAY[k]
            out.append(t % (who, e[-1]) if "%d" in t else t % who)
    return out


def status(g, sel):
    """The turn player's step, after "P1: " (21 columns at most on the OLED); ``sel``:
    the hexes picked so far this action."""
    if g.is_over():
        return "Game over"
    step = STEP[g.phase]
    if sel and g.phase == "attack":
        step = "attack which?" if len(sel) == 1 else "target of both?"
    elif sel:
        step = "move it where?"
    return "%s: %s" % (name(g.turn), step)


def prompt(moment, cols):
    """Row 0: the moment's prompt, and which of the list's choices it is when that fits
    in ``cols``."""
    s = moment["prompt"]
    if moment["page"]:
        more = " (%d of %d)" % moment["page"]
        if len(s) + len(more) <= cols:
            s += more
    return s


def free_dice(g):
    """The dice to place (D2), then the dice on the map (D9: most dice wins)."""
    if g.phase == "occupy":
        return "Unplaced P1 %d P2 %d" % (len(g.free[0]), len(g.free[1]))
    return "On map P1 %d  P2 %d" % (g.count(0), g.count(1))


def hint(g, moment):
    """The hex under the cursor (or PASS), or whose bot thinks."""
    if moment["stage"] == "bot":
        return "%s (bot) thinks" % name(g.turn)
    h = moment["hex"]
    if h >= g.scene.n:
        return "Pass (select)"
    t = TERRAINS[g.scene.terrain[h]] if g.options["terrain"] else "hex"
    o = g.owner[h]
    return "%s: %s" % (t, "%s's %d" % (name(o), g.value[h]) if o >= 0 else "empty")
