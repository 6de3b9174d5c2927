"""Go Wild! in words, for both views (app/gowild/oled.py, app/gowild/tft.py) and table
mode: a trick's result, who is waiting for what, whether a set would win, the scores
by seat, game over; and the rows they go on, as pieces (a string, or a card as
(count, colour) that app/gowild/cards.py draws), packed into rows whole."""

from slampad.app import over
from slampad.app.scores import board, count
from slampad.app.ui import SEAT_COLOURS, WHITE, seat_colour  # noqa: F401 (tft.py takes it from here)
from slampad.games import gowild_cards as gc


def width(piece):
    """Text columns a piece takes (a card: three, four from 10 up)."""
    if isinstance(piece, str):
        return len(piece)
    return 3 if piece[0] < 10 else 4


def pack(entries, cols, sep=1):
    """Entries (lists of pieces) into rows of at most ``cols`` columns, ``sep`` spaces
    apart; an entry is never split over two rows."""
    rows = []
    row = []
    used = 0
    for e in entries:
        w = 0
        for p in e:
            w += width(p)
        if row and used + sep + w <= cols:
            row.append(" " * sep)
            row.extend(e)
            used += sep + w
        else:
            if row:
                rows.append(row)
            row = list(e)
            used = w
    if row:
        rows.append(row)
    return rows


def fit(blocks, n):
    """The blocks (rank, rows, colour) that fit ``n`` rows, best ranks first, in the
    order given."""
    order = sorted(range(len(blocks)), key=lambda i: blocks[i][0])
    keep = []
    used = 0
    for i in order:
        k = len(blocks[i][1])
        if used + k <= n:
            keep.append(i)
            used += k
    keep.sort()
    return [blocks[i] for i in keep]


def wild_line(names, g):
    return names[g.wild_one] + " is the Wild One" if g.wild_one is not None else "No Wild One yet"


def result(done, seats, names, size=None, plays=()):
    """A finished trick's sentence (``done``: its (trick, winner or None, points); the
    winning set's ``size``, given or read from the trick's ``plays``), in its winner's
    colour (S1)."""
    trick, win, pts = done
    for s, p in plays:
        if s == win:
            size = gc.total(p)
    if win is None:  # G4: everyone played wilds alone
        return "Only wilds were played: nobody wins trick %d" % trick, WHITE
    won = "%s wins trick %d" % (names[win], trick)
    if size:
        won += " with " + count(size, "card")
    return won + ": +" + count(pts, "point"), SEAT_COLOURS[seats[win]]


def game_over(name, points):
    return "%s has %d points and wins the game" % (name, points)


def waiting(msgs, bot, s, names, roomy):
    """The last line while nobody picks: the game's news, a bot (``bot``: seat ``s``
    is one) at work, or the seat to play told to hold its pad; None when there is
    nothing to say."""
    if msgs:
        return " ".join(msgs)
    if s is None:
        return None
    if bot:
        return "%s (a bot) is playing" % names[s]
    if roomy:
        return "%s: hold your pad down to see your cards" % names[s]
    return "%s: hold pad to play" % names[s]


def verdict(g, names, s, pick):
    """Would ``pick`` win the trick so far? (G4, by the rules' trick_winner)"""
    if not gc.judge_set(pick, s == g.wild_one)[0]:
        return "can't win"  # a slough never wins
    win = gc.trick_winner(g.plays + [[s, pick]], g.wild_one)[0]
    return "wins so far" if win == s else "loses to " + names[win]


def scores(names, points, cols):
    """Each seat with its points ("P1 12  P2 9"), as rows of strings: two spaces apart
    when one row holds them all, else one, never a seat split from its points."""
    entries = [["%s %d" % (names[s], points[s])] for s in range(len(points))]
    rows = pack(entries, cols, 2)
    if len(rows) > 1:
        rows = pack(entries, cols, 1)
    return ["".join(r) for r in rows]


class OverScreen(over.OverScreen):
    """The winner, then every seat's points (scores.board(): on the colour display a row a
    seat, most points first, in the seats' colours, S1). The same screen by name: the
    soak's player and the tests know it as OverScreen."""

    def __init__(self, app, winners, names, points, rematch):
        rows = board(app.text, [[names[s], points[s]] for s in range(len(points))], "point")
        over.OverScreen.__init__(self, app, winners, rows, rematch)
