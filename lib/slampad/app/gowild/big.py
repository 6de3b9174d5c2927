"""Go Wild! cards on the 240x240 colour display (G1): a card is 18x24 pixels drawn
twice its size (36x48 on the glass: three text cells wide, two rows tall), its count
at the top left and its colour as a big shape in the card's own colour (the wild
star a rainbow). A gold outline marks the set that wins and the cards picked.

One sheet of faces (six colours, plain and gold) and one of digits; a pool of card
slots placed by pixel, so a card can move (a trick being taken, app/gowild/anim.py).
Made only where the display is big: the OLED keeps app/gowild/cards.py."""

import displayio

from slampad.app.gowild.cards import ART, DIGITS, INKS, RAINBOW

W, H = 18, 24  # a card's tile; its outline leaves the last column as the gap
SLOTS = 18  # a table of six sets of two, and a hand of six
GOLD = 0xFFC000
SHAPE_X, SHAPE_Y = 2, 9  # the shape, doubled, under the count


def _face(sheet, f):
    c = f % 6
    x0 = f * W
    edge = 7 if f >= 6 else 1
    for x in range(1, W - 2):
        sheet[x0 + x, 0] = edge
        sheet[x0 + x, H - 1] = edge
    for y in range(1, H - 1):
        sheet[x0, y] = edge
        sheet[x0 + W - 2, y] = edge
    art = ART[c]
    for y in range(7):
        ink = 2 + (c if c < 5 else RAINBOW[y])
        for x in range(7):
            if art[y] & (0x40 >> x):
                px, py = x0 + SHAPE_X + 2 * x, SHAPE_Y + 2 * y
                sheet[px, py] = sheet[px + 1, py] = ink
                sheet[px, py + 1] = sheet[px + 1, py + 1] = ink


class BigCards:
    """Card slots over the text rows; ``show`` places them, ``spots`` says where each
    card of the table is (seat, x, y, slot), for the animation."""

    def __init__(self, text):
        self.text = text
        pal = displayio.Palette(8)
        pal[0] = 0
        pal.make_transparent(0)
        pal[1] = 0xFFFFFF
        for i in range(5):
            pal[2 + i] = INKS[i]
        pal[7] = GOLD
        sheet = displayio.Bitmap(W * 12, H, 8)
        for f in range(12):
            _face(sheet, f)
        digits = displayio.Bitmap(5 * 11, 7, 2)  # tile 0 blank, d + 1 the digit d
        for d in range(10):
            for y in range(7):
                bits = int(DIGITS[d][y], 16)
                for x in range(4):
                    if bits & (8 >> x):
                        digits[5 * (d + 1) + x, y] = 1
        self.group = displayio.Group(scale=text.scale)
        self.faces = []
        self.counts = []
        for _ in range(SLOTS):
            f = displayio.TileGrid(sheet, pixel_shader=pal, tile_width=W, tile_height=H)
            n = displayio.TileGrid(digits, pixel_shader=pal, width=2, height=1,
                                   tile_width=5, tile_height=7)  # fmt: skip
            f.hidden = n.hidden = True
            self.group.append(f)
            self.group.append(n)
            self.faces.append(f)
            self.counts.append(n)
        self.shown = [None] * SLOTS  # (x, y, count, colour, gold) per slot, None: hidden
        self.spots = []
        self.cols = text.cols
        text.group.append(self.group)  # over the rows: a card's cells are blank text

    def put(self, i, card):
        """Slot ``i`` shows ``card`` (x, y, count, colour, gold) or nothing (None)."""
        if card == self.shown[i]:
            return
        self.shown[i] = card
        f, n = self.faces[i], self.counts[i]
        if card is None:
            f.hidden = n.hidden = True
        else:
            x, y, k, c, gold = card
            f[0] = c + (6 if gold else 0)
            n[0] = 2 if k >= 10 else k + 1
            n[1] = k - 9 if k >= 10 else 0
            f.x, f.y = x, y
            n.x, n.y = x + 2, y + 2
            f.hidden = n.hidden = False
        self.text.changed()

    def show(self, cards, spots):
        """Every slot: the cards given (x, y, count, colour, gold), the rest hidden; the
        table's cards at ``spots`` (the animation's, app/gowild/anim.py)."""
        self.spots = spots
        for i in range(SLOTS):
            self.put(i, cards[i] if i < len(cards) else None)

    # -- the animation's hooks (app/gowild/anim.py) --------------------------
    def blink(self, seat, on):
        for s, _x, _y, i in self.spots:
            if s == seat and self.faces[i].hidden == on:
                self.faces[i].hidden = self.counts[i].hidden = not on
                self.text.changed()

    def fly(self, k, x, y):
        i = self.spots[k][3]
        card = self.shown[i]
        if card is not None:
            self.put(i, (x, y) + card[2:])

    def land(self, k):
        self.put(self.spots[k][3], None)

    def width(self):
        return self.cols * 6

    def close(self):
        self.text.drop(self.group)
