"""Go Wild! cards, sets and scoring (rulings G1, G3-G6). Pure functions.

A hand, a play or a pile is a list of six counts, one per colour in COLOURS
order; the deck is a list of colour indexes (its top is the end).
``settle`` and ``over`` are the one G5/G6 settlement of a trick: the rules
(games/gowild.py), table mode (games/gowild_table.py) and the hard bot's
play-outs (bots/gowild_search.py) all call them.
"""

COLOURS = ("red", "yellow", "orange", "blue", "green", "wild")
WILD = 5
PER_COLOUR = 18  # G1: 18 of each, 108 cards
DECK_SIZE = 6 * PER_COLOUR
HAND = 12  # G2
GLYPHS = ("R", "Y", "O", "B", "G", "W")
# LED colours for the device (seat colours are S1's, these only show cards).
RGB = ((255, 0, 0), (255, 200, 0), (255, 90, 0), (0, 60, 255), (0, 200, 0), (255, 255, 255))


def empty():
    return [0, 0, 0, 0, 0, 0]


def total(counts):
    return sum(counts)


def add(into, counts, sign=1):
    for c in range(6):
        into[c] += sign * counts[c]


def contains(hand, play):
    for c in range(6):
        if play[c] > hand[c]:
            return False
    return True


def judge_set(play, wild_one):
    """(size counted for winning, error or None) of a set as played (G3).

    ``wild_one``: the player is the Wild One. A slough counts 0 (G4); so does an
    invalid set, whose error names the rule it breaks.
    """
    n = total(play)
    wilds = play[WILD]
    colours = [c for c in range(5) if play[c]]
    if n == 0:
        return 0, "G3: a play needs one or more cards"
    if len(colours) > 1:
        return 0, "G3: a set is one colour"
    if not colours:
        return 0, None  # all wild: a slough (the Wild One's too, G3)
    if wilds and not wild_one:
        return 0, "G3: only the Wild One mixes wilds with colour cards"
    if wilds > n - wilds:
        return 0, "G3: the Wild One's wilds may not outnumber the colour cards"
    return n, None


def sets_for(hand, wild_one):
    """Every valid play from ``hand`` (G3), as count lists."""
    out = []
    w = hand[WILD]
    has_colour = False
    for c in range(5):
        for k in range(1, hand[c] + 1):
            has_colour = True
            top = min(k, w) if wild_one else 0
            for j in range(top + 1):
                p = empty()
                p[c] = k
                p[WILD] = j
                out.append(p)
    if w and (not wild_one or not has_colour):
        for j in range(1, w + 1):  # a slough; the Wild One only when all wild (G3)
            p = empty()
            p[WILD] = j
            out.append(p)
    return out


def trick_winner(plays, wild_one):
    """G4: (winning seat or None, sizes). plays: [[seat, counts], ...] in play order.

    Largest set wins, ties to the earlier play; sloughs and invalid sets count 0
    and never win; if nobody played a set that counts, nobody wins.
    """
    best = None
    best_size = 0
    sizes = []
    for seat, play in plays:
        size = judge_set(play, seat == wild_one)[0]
        sizes.append(size)
        if size > best_size:
            best, best_size = seat, size
    return best, sizes


def settle(scores, wild_one, trick, winner):
    """G4-G6: score a finished trick (trick 1, 2 or 3 of its round) into ``scores``;
    returns the Wild One after it. ``winner`` None: nobody won (G4)."""
    if winner is None:
        return wild_one  # G4: nobody scores, the Wild One stays
    scores[winner] += trick  # G6: 1, 2 or 3 points
    return winner if trick == 1 else wild_one  # G5: only a round's first trick


def over(scores, winner, target):
    """G6: the game ends the moment the trick's winner reaches the target."""
    return winner is not None and scores[winner] >= target


def text(counts):
    """Cards as glyphs with counts, e.g. ``3O`` or ``2B+1W``; ``-`` for none."""
    parts = []
    for c in range(6):
        if counts[c]:
            parts.append("%d%s" % (counts[c], GLYPHS[c]))
    return "+".join(parts) or "-"
