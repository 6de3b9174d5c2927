"""Diceland in words: the rules' events (D2, D3, D7, D8, D9) and refusals as plain
sentences, the prompt, the dice counts, the hex under the cursor, the end's reason (D9),
and the news laid out in pages a player has time to read."""

from slampad.app.ui import wrap
from slampad.games.diceland_scenes import TERRAINS

STEP = {"occupy": "place a die", "attack": "attack from?", "move": "move which die?",
        "town": "town where?", "choose": "roll which die?"}

SAY = {"eliminated": "%s loses a die.", "invade": "%s's die moves into the empty hex.",
       "fill": "%s's die moves into the empty hex.",
       "group": "%s joins two dice into one: now %d.",
       "town": "%s's town die gains a point: now %d.",
       "capital": "%s takes the enemy capital and wins!"}

# The rules' refusals (the start of legal.why's text) as sentences for the player.
NO = (
    ("is occupied", "That hex already holds a die."),
    ("capital option", "Your first die goes on your capital, the star."),
    ("holds no die of", "Pick one of your own dice first."),
    ("holds no enemy", "Attack a hex that holds an enemy die."),
    ("does not border", "You can only attack a die next to yours."),
    ("border each other", "The two attacking dice must be next to each other."),
    ("hill or a mountain", "Hills and mountains can only be attacked by one die."),
    ("does not fail", "Pick a roll that does not fail."),
    ("moves to an adjacent", "A die moves one step, to a hex next to it."),
    ("just invaded", "The die that just moved in cannot move again."),
    ("in contact with the enemy cannot", "A die beside the enemy stays put, unless in a "
     "forest."),
    ("mountain, once empty", "An emptied mountain can never be entered again."),
    ("compulsory", "You must move a die into contact with the enemy."),
    ("no own town", "Pick a town die below 6 that did not attack or move."),
)

PAGE_MS = 2200  # the least a page of news stays up (a press turns it)
CHAR_MS = 55  # and this much more for each letter on it


def name(s):
    return "P%d" % (s + 1)


def points(n):
    return "a point" if n == 1 else "%d points" % n


def tell(events, g=None):
    """The rules core's events as sentences (D2, D3, D7, D8, D9); [] when none is news.
    ``g``: the game after them, for the end's reason."""
    out = []
    for e in events:
        k = e[0]
        who = name(e[1]) if isinstance(e[1], int) else ""
        if k == "attack":  # D3: the defender loses the roll, or the attacker a point
            res = e[5]
            if out and out[-1] == "%s rolls %d." % (who, e[4]):  # one sentence with it
                out.pop()
                head = "%s rolls %d" % (who, e[4])
                head += {"failed": " and fails", "valid": " and wins"}.get(res, ", a perfect hit")
            else:
                head = "%s's attack %s" % (who, "fails" if res == "failed" else "works")
            lose = (who, "a point") if res == "failed" else (name(1 - e[1]), points(e[4]))
            out.append("%s: %s's die loses %s." % ((head,) + lose))
        elif k == "roll":
            out.append(who + " rolls " + " and ".join(str(r) for r in e[2]) + ".")
        elif k == "first":  # D2: the higher sum of the dice left over attacks first
            a, b = e[2]
            out.append("Dice left over: P1's add up to %d, P2's to %d. %s attacks first."
                       % (a, b, who) if a != b else
                       "Dice left over: both add up to %d. %s attacks first." % (a, who))
        elif k == "no_attack":  # D9: two such turns in a row end the game
            out.append("%s cannot attack this turn." % who if e[2] < 2 else
                       "%s cannot attack either: the game ends." % who)
        elif k == "game_over" and g is not None and "capital" not in [x[0] for x in events]:
            out.append(why(g))
        elif k in SAY:
            t = SAY[k]
            out.append(t % (who, e[-1]) if "%d" in t else t % who)
    return out


def opening(g):
    """The deployment roll (D2): each seat's dice, highest first, and who places first."""
    return ["%s rolled %d dice: %s." % (name(s), len(g.free[s]),
                                         " ".join(str(v) for v in g.free[s][::-1]))
            for s in (0, 1)] + ["%s places the first die." % name(g.starter)]


def refusal(msg):
    """The rules' reason for a refusal (legal.why) as a sentence for the player."""
    for key, say in NO:
        if key in msg:
            return say
    return "Not allowed: " + msg + "."


def why(g):
    """D9: why the winner won: the capital, the only dice left, more dice on the map, a
    higher sum of their values, or (all equal) the first turn."""
    w = g.winners()[0]
    c, s = (g.count(0), g.count(1)), (g.total(0), g.total(1))
    if g.options["capital"] and g.owner[g.scene.capitals[1 - w]] == w:
        return "%s wins by taking %s's capital." % (name(w), name(1 - w))
    if not c[1 - w]:
        return "%s wins: %s has no dice left." % (name(w), name(1 - w))
    if c[0] != c[1]:
        return "%s wins with more dice on the map: %d to %d." % (name(w), c[w], c[1 - w])
    if s[0] != s[1]:
        return "%s wins on the sum: %d to %d (both have %d dice)." % (
            name(w), s[w], s[1 - w], c[0])
    return "%s wins for taking the first turn: same dice, same sum." % name(w)


def score(g):
    """The end screen's one row (20 columns): the reason in short (D9)."""
    w = g.winners()[0]
    c, s = (g.count(0), g.count(1)), (g.total(0), g.total(1))
    if g.options["capital"] and g.owner[g.scene.capitals[1 - w]] == w:
        return "Took the capital"
    if c[0] != c[1]:
        return "More dice: %d to %d" % (c[w], c[1 - w])
    if s[0] != s[1]:
        return "Higher sum: %d-%d" % (s[w], s[1 - w])
    return "Tie: %s began" % name(w)


def scores(g, colour):
    """The end screen's rows: the reason (score()); on the colour display then a row a
    side, the winner first: "P1  7 dice, sum 25" (in its colour: the list's, S1)."""
    out = [score(g)]
    if colour:
        w = g.winners()[0]
        for s in (w, 1 - w):
            n = g.count(s)
            out.append("%s  %d %s, sum %d" % (name(s), n, "die" if n == 1 else "dice", g.total(s)))
    return out


def pages(lines, cols, rows):
    """The news laid out in pages of ``rows`` rows: each page a list of its rows, a
    sentence never split over two pages unless it alone needs more than a page."""
    out = []
    page = []
    for x in lines:
        w = wrap(x, cols)
        if page and len(page) + len(w) > rows:
            out.append(page)
            page = []
        while len(w) > rows:
            out.append(w[:rows])
            w = w[rows:]
        page += w
    if page or not out:
        out.append(page)
    return out


def hold_ms(page):
    """How long a page of news stays up: long enough to read every letter of it."""
    return max(PAGE_MS, 800 + CHAR_MS * sum(len(r) for r in page))


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
    """Row 0: the moment's prompt, and which of the list's choices (or of the news'
    pages) it is when that fits in ``cols``."""
    s = moment["prompt"]
    if moment["page"]:
        more = " (%d of %d)" % moment["page"]
        if len(s) + len(more) <= cols:
            s += more
    return s


def free_dice(g):
    """The dice to place (D2), then the dice on the map (D9: most dice wins)."""
    if g.phase == "occupy":
        return "To place P1 %d P2 %d" % (len(g.free[0]), len(g.free[1]))
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
