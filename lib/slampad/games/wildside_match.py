"""Wildside dice and the match rules W1, W3, W4. Pure functions."""

# W1: six sides, two of them wild.
SIDES = ("wild", "wild", "moon", "star", "drop", "bolt")
FACES = ("wild", "moon", "star", "drop", "bolt")
SYMBOLS = ("moon", "star", "drop", "bolt")
# W1: screen glyphs so faces read without colour, and LED colours.
GLYPHS = {"wild": "*", "moon": "C", "star": "S", "drop": "D", "bolt": "Z"}
COLOURS = {
    "wild": (255, 255, 255),
    "moon": (0, 200, 0),
    "star": (255, 190, 0),
    "drop": (0, 60, 255),
    "bolt": (255, 0, 0),
}
MAX_ROLLED = 5  # W9


def all_wild(rolled):
    """W4: two or more dice rolled, every one wild."""
    return len(rolled) >= 2 and rolled.count("wild") == len(rolled)


def pairs(ra, rb):
    """W3: k = sum over non-wild symbols of min(count in a, count in b)."""
    k = 0
    for s in SYMBOLS:
        k += min(ra.count(s), rb.count(s))
    return k


def value(ra, da, rb, db):
    """Dice a slam moves between two seats (0: no match).

    ra, rb: faces rolled; da, db: each seat's total dice (1 = last die).
    """
    if all_wild(ra) or all_wild(rb):
        return 1  # W4: exactly one die changes hands
    k = pairs(ra, rb)
    if k == 0:
        return 0
    # W3: each needs a wild, unless on its last die (which then shows a symbol).
    if ("wild" in ra or da == 1) and ("wild" in rb or db == 1):
        return k
    return 0


def all_matches(rolled, dice, seats):
    """Every matching pair [a, b, k], a < b, among ``seats``."""
    out = []
    seats = sorted(seats)
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            k = value(rolled[a], dice[a], rolled[b], dice[b])
            if k:
                out.append([a, b, k])
    return out


def candidates(slammer, rolled, dice, seats, n_seats):
    """W5: whom a slammer may collect from, [[seat, k], ...] best first.

    Richest match first; ties by seat order clockwise from the slammer.
    """
    out = []
    for v in seats:
        if v != slammer:
            k = value(rolled[slammer], dice[slammer], rolled[v], dice[v])
            if k:
                out.append([v, k])
    out.sort(key=lambda c: (-c[1], (c[0] - slammer) % n_seats))
    return out
