"""Diceland in words and lights: the rules' events (D2, D3, D7, D8, D9), the prompt,
the dice counts, the hex under the cursor, and each human's pad pixels (S1)."""

from slampad.app.ui import SEAT_COLOURS, rgb
from slampad.games.diceland_scenes import TERRAINS

STEP = {"occupy": "place a die", "attack": "attack from?", "move": "move which die?",
        "town": "town where?", "choose": "roll which die?"}

SAY = {"no_attack": "%s can't attack (%d in a row)", "eliminated": "%s loses a die",
       "invade": "%s moves in", "fill": "%s moves in", "group": "%s groups: %d",
       "town": "%s town: %d", "capital": "%s takes the capital!"}


def tell(scr, events):
    """The rules core's events in words (D2, D3, D7, D8, D9); [] when none is news."""
    out = []
    for e in events:
        k = e[0]
        who = scr.name(e[1]) if isinstance(e[1], int) else ""
        if k == "attack":  # D3: the defender loses the roll, or the attacker 1
            lose = who + " -1" if e[5] == "failed" else "%s -%d" % (scr.name(1 - e[1]), e[4])
            out.append("Roll %d: %s, %s" % (e[4], e[5], lose))
        elif k == "roll":
            out.append(who + " rolls " + " and ".join(str(r) for r in e[2]))
        elif k == "first":
            out.append("Dice sums %d to %d: %s starts" % (e[2][0], e[2][1], who))  # D2
        elif k in SAY:
            t = SAY[k]
            out.append(t % (who, e[-1]) if "%d" in t else t % who)
    return out


def lights(scr):
    """Each human's pad pixels (S1): bright on its turn, dim otherwise, lit as far as
    its dice on the map go (all five: n/2 dice, all it places). Set once a decision."""
    g = scr.game
    leds = scr.app.leds
    full = max(1, g.scene.n // 2)
    for s in (0, 1):
        pad = scr.pads[s]
        if pad is None:
            continue
        c = SEAT_COLOURS[s]
        on = s == g.turn and not g.is_over()
        n = len(leds.dice[pad]) if leds.dice and pad < len(leds.dice) else 0
        k = min(n, (n * g.count(s) + full - 1) // full)
        lit = rgb(c, 1.0 if on else 0.12)
        leds.dice_colours(pad, [lit] * k + [rgb(c, 0.05) if on else (0, 0, 0)] * (n - k))
        leds.seat_colour(pad, lit)


def status(scr):
    g = scr.game
    if g.is_over():
        return "Game over"
    step = STEP[g.phase]
    if scr.sel and g.phase == "attack":
        step = "attack which?" if len(scr.sel) == 1 else "target of both?"
    elif scr.sel:
        step = "move it where?"
    return "%s: %s" % (scr.name(g.turn), step)


def free_dice(scr):
    """The dice to place (D2), then the dice on the map (D9: most dice wins)."""
    g = scr.game
    if g.phase == "occupy":
        return "Unplaced P1 %d P2 %d" % (len(g.free[0]), len(g.free[1]))
    return "On map P1 %d  P2 %d" % (g.count(0), g.count(1))


def legend(scr, lines):
    """Beside each seat's hex at the right of the small display: its name, and its
    dice on the map under it."""
    g = scr.game
    c = scr.app.text.cols - 2
    for s in (0, 1):
        lines.append(" " * c + scr.name(s))
        lines.append(" " * c + "%2d" % g.count(s))


def hint(scr):
    g = scr.game
    if scr.stage == "bot":
        return "%s (bot) thinks" % scr.name(g.turn)
    h = scr.cur
    if h >= g.scene.n:
        return "Pass (select)"
    t = TERRAINS[g.scene.terrain[h]] if g.options["terrain"] else "hex"
    o = g.owner[h]
    return "%s: %s" % (t, "%s's %d" % (scr.name(o), g.value[h]) if o >= 0 else "empty")
