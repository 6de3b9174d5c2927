"""The how-to-play pages' pictures: a row of small glyphs (pads, dice, hexes, cards,
arrows...) drawn as large as the display's picture band allows.

A glyph is ``(rows, width, colour)``: rows of bits, the leftmost pixel the highest bit;
``colour`` 0xRRGGBB on the colour display (None: white). A game's pages (app/<game>/
howto.py) build pictures from these and from their own art."""

import displayio

WHITE = 0xFFFFFF
GAP = 3  # design pixels between glyphs

PAD = (0x1F8, 0x204, 0x4F2, 0x9F9, 0xBFD, 0xBFD, 0xBFD, 0xBFD, 0x9F9, 0x4F2, 0x204, 0x1F8)
ARROW = (0x000, 0x000, 0x010, 0x018, 0x01C, 0xFFC, 0xFFE, 0xFFC, 0x01C, 0x018, 0x010, 0x000)
CROSS = (0xC03, 0xE07, 0x70E, 0x39C, 0x1F8, 0x0F0, 0x0F0, 0x1F8, 0x39C, 0x70E, 0xE07, 0xC03)
CROWN = (0x000, 0x861, 0xC63, 0xEF7, 0xFFF, 0xFFF, 0xFFF, 0x7FE, 0x000, 0x7FE, 0x7FE, 0x000)
HAND = (0x0C0, 0x0C0, 0x0C0, 0x0FC, 0x0FE, 0xCFE, 0xEFE, 0x7FE, 0x3FE, 0x1FC, 0x0FC, 0x0FC)
GEAR = (0x060, 0x2F4, 0x7FE, 0x39C, 0x70E, 0xF0F, 0xF0F, 0x70E, 0x39C, 0x7FE, 0x2F4, 0x060)
CHART = (0x000, 0x006, 0x006, 0x066, 0x066, 0x066, 0x666, 0x666, 0x666, 0x666, 0xFFF, 0x000)
STEPS = (0xE00, 0xE00, 0xFC0, 0x1C0, 0x1F8, 0x038, 0x03F, 0x007, 0x007, 0x000, 0x000, 0x000)
HEX = (0x060, 0x1F8, 0x7FE, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0x7FE, 0x1F8, 0x060)
HEART = (0x36, 0x7F, 0x7F, 0x7F, 0x3E, 0x1C, 0x08)  # 7x7, for card()
# 3x5 characters, a row an octal digit (left pixel 4).
FONT = {"0": "75557", "1": "26227", "2": "71747", "3": "71317", "4": "55711",
        "5": "74717", "6": "74757", "7": "71222", "8": "75757", "9": "75717",
        "x": "05250", "=": "07070", "+": "02720", "-": "00700", "?": "71202"}  # fmt: skip
PIPS = (0, 0o020, 0o104, 0o124, 0o505, 0o525, 0o555)  # a die's 3x3 pips, per face
# A hexagon 13 wide: each row's half width (app/diceland/art.py's shape).
HALF = (1, 3, 5, 6, 6, 6, 6, 6, 6, 6, 6, 5, 3, 1)


def glyph(rows, colour=None, width=12):
    return (rows, width, colour)


def text(s, colour=None):
    """Characters of FONT, each 3x5 drawn 2x: 6x10, a pixel apart."""
    rows = [0] * 10
    for ch in s:
        pat = FONT[ch]
        for r in range(10):
            bits = int(pat[r // 2], 8)
            wide = 0
            for b in (4, 2, 1):
                wide = wide << 2 | (3 if bits & b else 0)
            rows[r] = rows[r] << 7 | wide << 1
    return (tuple(rows), 7 * len(s), colour)


def die(face, colour=None):
    """A 12x12 die outline with its pips (2x2 each)."""
    pips = PIPS[face]
    rows = []
    for y in range(12):
        if y in (0, 11):
            rows.append(0xFFF)
            continue
        v = 0x801
        if 2 <= y <= 9 and (y - 2) % 3 < 2:
            r = (y - 2) // 3
            for c in range(3):
                if pips >> (3 * (2 - r) + 2 - c) & 1:
                    v |= 3 << (8 - 3 * c)
        rows.append(v)
    return (tuple(rows), 12, colour)


def hexagon(value=0, colour=None, filled=False):
    """A hexagon 13x14, outlined (or solid, the digit cut out), with a die value in it."""
    full = [((1 << (2 * h + 1)) - 1) << (6 - h) for h in HALF] + [0]
    digit = FONT[str(value)] if value else None
    rows = []
    for y in range(14):
        v = full[y]
        if not filled:  # the edge: a pixel with a neighbour outside the shape
            v &= ~(v << 1 & v >> 1 & full[y - 1] & full[y + 1])
        if digit and 4 <= y < 9:
            d = int(digit[y - 4], 8) << 5
            v = v & ~d if filled else v | d
        rows.append(v)
    return (tuple(rows), 13, colour)


def card(shape, colour=None):
    """An 11x13 card outline with a 7x7 shape in its middle."""
    rows = [0x7FF]
    for y in range(11):
        s = shape[y - 2] if 2 <= y < 9 else 0
        rows.append(0x401 | s << 2)
    rows.append(0x7FF)
    return (tuple(rows), 11, colour)


def menu_icon(key):
    """The start menu's picture for a game (its key), "Statistics" or "Settings"."""
    if key == "wildside":
        return die(5, WHITE)
    if key == "gowild":
        rows = card(HEART, 0xFF2020)[0]
        return (rows[:1] + rows[2:], 11, 0xFF2020)  # 12 rows: a text row's height
    if key == "tumblin":
        return (STEPS, 12, 0xE0A040)
    if key == "diceland":
        return (HEX, 12, 0x3060FF)
    return (CHART, 12, 0x40D060) if key == "Statistics" else (GEAR, 12, 0xB0B0B0)


class Picture:
    """``glyphs`` side by side, centred in the box (x, y, w, h) of ``text``'s display,
    at the largest whole scale that fits; in colour where the display has it."""

    def __init__(self, text, glyphs, box):
        x0, y0, bw, bh = box
        w = sum(g[1] for g in glyphs) + GAP * (len(glyphs) - 1)
        h = max(len(g[0]) for g in glyphs)
        inks = []
        for g in glyphs:
            c = g[2] if text.colour and g[2] is not None else WHITE
            if c not in inks:
                inks.append(c)
        pal = displayio.Palette(len(inks) + 1)
        pal[0] = 0
        pal.make_transparent(0)
        for i in range(len(inks)):
            pal[i + 1] = inks[i]
        bmp = displayio.Bitmap(w, h, len(inks) + 1)
        x = 0
        for rows, gw, c in glyphs:
            ink = inks.index(c if text.colour and c is not None else WHITE) + 1
            top = (h - len(rows)) // 2
            for r in range(len(rows)):
                v = rows[r]
                for i in range(gw):
                    if v >> (gw - 1 - i) & 1:
                        bmp[x + i, top + r] = ink
            x += gw + GAP
        scale = max(1, min(bw // w, bh // h))
        self.group = displayio.Group(scale=scale, x=x0 + (bw - w * scale) // 2,
                                     y=y0 + (bh - h * scale) // 2)  # fmt: skip
        self.group.append(displayio.TileGrid(bmp, pixel_shader=pal))
        self.text = text
        text.group.append(self.group)
        text.changed()

    def close(self):
        self.text.drop(self.group)
