"""The pictures of Tumblin's virtual board (T1, S1): the dice's sprite sheet, and the
staircase drawn into the board's background (app/tumblin/board.py's BoardView).

Up on the picture is the far side of the board: a lane (aim, -100..100) is a height on
each step. Every die is a 7x7 sprite with its pips, in its seat's colour on a colour
display; on the mono display each seat has its own shape (solid or hollow, square or
round), so dice read without colour."""

import displayio

from slampad.games import tumblin_board as tb

DIE = 7
# The 3x3 pip grid of each face, by bits (row-major, top-left the highest of nine).
PIPS = (0, 0o020, 0o104, 0o124, 0o505, 0o525, 0o555)
# The mono seat shapes (by game seat): solid square, hollow square, solid round, hollow.
SOLID, ROUND = (True, False, True, False), (False, False, True, True)
# 3x5 glyphs for the step labels, one octal digit (3 pixels, left = 4) per row.
FONT = {"0": "75557", "1": "26227", "2": "71747", "3": "71317", "4": "55711",
        "x": "05250", "-": "00700"}
# Background colours: 0 ground, 1 step edge, 2 tread, 3 side of the board, 4 label,
# 5 the thrower (arrow, bar), 6 the aim's line across the steps.
COLOURS = (0x000000, 0xC0C0C0, 0x202830, 0x805830, 0xFFE000, 0xFFFFFF, 0x707070)
MONO = (0, 1, 0, 0, 1, 1, 1)
# Board units where each drawn part starts: pad, 0x, 1x, 2x, 3x, 4x, the end.
UNITS = (0,) + tb.EDGES + (tb.END,)


def sprite_sheet(colour):
    """Tiles 7 x (seat shape) + face (0: no pips, a die not thrown yet). Values: 0 clear,
    1 the die's ink, 2 its black (pips on a solid die, the inside of a hollow one)."""
    sheet = displayio.Bitmap(DIE * 28, DIE, 3)
    for s in range(4):
        solid, round_ = SOLID[s], ROUND[s]
        for f in range(7):
            x0 = (s * 7 + f) * DIE
            for y in range(DIE):
                for x in range(DIE):
                    edge = x in (0, 6) or y in (0, 6)
                    if round_ and (x in (0, 1, 5, 6) and y in (0, 1, 5, 6)):
                        if x in (0, 6) or y in (0, 6):
                            continue  # the round shape's cut corners
                        edge = True  # ... and its edge across them
                    v = 1 if solid or edge else 2
                    # Pips one apart on the solid square (dark on lit, clear of its
                    # edge); side by side inside the others' edges.
                    if solid and not round_:
                        i, j = (x - 1) // 2, (y - 1) // 2
                        pip = x & 1 and y & 1
                    else:
                        i, j = x - 2, y - 2
                        pip = 2 <= x <= 4 and 2 <= y <= 4
                    if pip and PIPS[f] >> (8 - j * 3 - i) & 1:
                        v = 2 if solid else 1
                    sheet[x0 + x, y] = v
    return sheet


def glyphs(v, s, x, y, c):
    for ch in s:
        rows = FONT[ch]
        for j in range(5):
            bits = int(rows[j])
            for k in range(3):
                if bits & (4 >> k):
                    v.px(x + k, y + j, c)
        x += 4


def stairs(v):
    """The steps: each tread (colour only), its far edge dotted, its near edge and
    the drop to the next step solid, the side of the board below, the labels."""
    d, xs = v.depth, v.xs
    for k in range(6):
        x0, x1 = xs[k], xs[k + 1]
        t = v.top(k)
        pocket = k == 5 and not v.minus
        for x in range(x0, x1):
            if v.colour and not pocket:
                for y in range(t, t + d):
                    v.bmp[x, y] = 2
            if k and not pocket:
                v.px(x, t - 1, 1)  # the far edge (the pad's would touch row 0)
            v.px(x, t + d, 1)  # the near edge
            if v.colour:
                for y in range(t + d + 1, v.y1):
                    v.bmp[x, y] = 3
        if k:
            for y in range(v.top(k - 1) + d, t + d):
                v.px(x0, y, 1)  # the drop from the step before
        if 2 <= k <= 4:
            glyphs(v, "%dx" % (k - 1), x0 + 2, t - 7, 4)
    # The 4x pocket: a cup in the middle lanes (T1); beside it the -1x ledge.
    x0, x1 = xs[5], xs[6]
    y0, y1 = pocket_rows(v)
    for x in range(x0, x1):
        for y in range(y0, y1):
            v.bmp[x, y] = 0
        v.px(x, y0 - 1, 1)
        v.px(x, y1, 1)
    for y in range(y0, y1):
        v.px(x1 - 1, y, 1)
    glyphs(v, "4x", x0 + 2, y0 - 7, 4)
    if v.minus:
        glyphs(v, "-1x", x0 + 1, y1 + 2, 4)


def pocket_rows(v):
    t = v.top(5)
    mid = t + v.depth // 2
    return mid - DIE // 2 - 1, mid + DIE // 2 + 1
