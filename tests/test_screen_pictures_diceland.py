"""Issue 17 item 2, Diceland: the map is drawn, not spelled. A rendered frame of the play
screen has real hexagons at the hex grid's places, each filled by its owner (mono: P1
solid, P2 outlined, an empty hex dotted; colour: the S1 seat colours), its terrain as a
small picture and its die's value; the cursor is a ring (and blinks on the mono display);
the 36-hex scene scrolls so the cursor and its neighbours are always in sight; and the
pad pixels show whose turn it is and how many dice each seat has on the map (D9)."""

import device_helpers
import pytest
from device_helpers import colour_name
from diceland_helpers import at, position

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

# P1 holds a capital, a mountain and a plain; P2 a forest, a hill, a town and its capital;
# one plain is empty. Odd rows sit half a hex to the right (as the presets are drawn).
MAP = """
Ca3 Fb5 P   Hb1
Ma6 Pa2 Tb4 Cb2
"""
RED, BLUE, GREY, RIM, YELLOW, CYAN, WHITE = (
    0xE02020, 0x3060FF, 0x303030, 0x909090, 0xFFE000, 0x00E0E0, 0xFFFFFF)
# What each offset (col, row) of MAP holds: owner (None: empty), value, mark.
HEXES = {(0, 0): (0, 3, "capital"), (1, 0): (1, 5, "forest"), (2, 0): (None, 0, None),
         (3, 0): (1, 1, "hill"), (0, 1): (0, 6, "mountain"), (1, 1): (0, 2, None),
         (2, 1): (1, 4, "town"), (3, 1): (1, 2, "capital")}
MARKS = ("forest", "town", "hill", "mountain", "capital")  # art.ART's first five


@pytest.fixture(autouse=True)
def firmware_blit(shim, monkeypatch):
    """Blinka's bitmaptools.blit is kinder than the firmware's, which refuses a source
    deeper than its destination ("source palette too large") and a corner outside either
    bitmap: every blit of these tests is held to the firmware's rules."""
    import bitmaptools

    real = bitmaptools.blit
    calls = []

    def blit(dest, src, x, y, *, x1=0, y1=0, x2=None, y2=None, **kw):
        assert dest._bits_per_value >= src._bits_per_value, "source palette too large"
        assert 0 <= x < dest.width and 0 <= y < dest.height, (x, y)
        assert 0 <= x1 < src.width and 0 <= y1 < src.height, (x1, y1)
        assert x2 is None or 0 <= x2 <= src.width
        assert y2 is None or 0 <= y2 <= src.height
        calls.append(1)
        return real(dest, src, x, y, x1=x1, y1=y1, x2=x2, y2=y2, **kw)

    monkeypatch.setattr(bitmaptools, "blit", blit)
    yield calls


def start(dev, text=MAP, turn=0, pads=(0, 1), **kw):
    """The play screen (hot seat) at an exact position, past its opening note."""
    from slampad.app.diceland.play import PlayScreen

    kw.setdefault("capital", True)
    g = position(text, turn=turn, **kw)
    scr = PlayScreen(dev.app, list(pads), ["human", "human"], g.options)
    scr.game = g
    scr.resumed = True
    dev.app.go(scr)
    dev.run(200)
    dev.tap("select")  # past "Resumed: P1 to play"
    assert scr.stage == "pick", dev.lines()
    dev.run(20)
    return scr


class Glass:
    """The map's pixels on the glass: a world pixel of the map is ``scale`` glass pixels."""

    def __init__(self, dev, scr):
        self.m = m = scr.view.map
        self.s = m.group.scale
        self.x0, self.y0 = m.group.x, m.group.y
        self.shot = dev.screenshot()
        self.mono = not dev.hw.colour

    def hex_at(self, col, row, g):
        """Glass (x, y) of the top left of the box of the hex at offset (col, row)."""
        x, y = self.m.pos[at(g, col, row)]
        return self.x0 + (x - self.m.ox) * self.s, self.y0 + (y - self.m.oy) * self.s

    def rgb(self, x, y):
        w, _h, px = self.shot
        i = (y * w + x) * 3
        return tuple(px[i : i + 3])

    def px(self, hx, hy, dx, dy):
        """The colour of pixel (dx, dy) of a hex's 13x14 box at glass (hx, hy)."""
        return self.rgb(hx + dx * self.s, hy + dy * self.s)

    def lit(self, hx, hy, dx, dy):
        return any(self.px(hx, hy, dx, dy))

    def mask(self, hx, hy, dx, dy, w, h, ink):
        """Which pixels of a w x h block are ``ink`` (a colour, or on/off on mono)."""
        out = []
        for y in range(h):
            row = 0
            for x in range(w):
                c = self.px(hx, hy, dx + x, dy + y)
                hit = any(c) == ink if self.mono else near(c, ink)
                row = row << 1 | hit
            out.append(row)
        return tuple(out)


def near(got, colour):
    """The panel keeps 5-6 bits a channel (RGB565)."""
    want = colour.to_bytes(3, "big")
    return all(abs(got[k] - want[k]) <= 8 for k in range(3))


def test_the_marks_are_distinct_small_pictures():
    """Peak, tree, house, hill and star: five different shapes, none a letter-sized
    blob or a dot, and the six digits all differ."""
    from slampad.app.diceland import art

    marks = art.ART[:5]
    digits = art.ART[art.DIGIT0 + 1 : art.DIGIT0 + 7]
    assert len(set(marks)) == 5 and len(set(digits)) == 6
    for pic in marks:
        assert 6 <= sum(bin(r).count("1") for r in pic) <= 20, pic
    assert art.MARK[1:] == (0, 1, 2, 3)  # forest, town, hill, mountain (plains: none)


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_each_hex_is_a_hexagon_filled_by_its_owner_with_its_mark_and_value(dev_factory,
                                                                             profile):
    from slampad.app.diceland import art

    dev = dev_factory(profile, seed=3)
    scr = start(dev)
    g = scr.game
    see = Glass(dev, scr)
    for (col, row), (own, v, mark) in HEXES.items():
        hx, hy = see.hex_at(col, row, g)
        where = (profile, col, row)
        # A hexagon: its top point drawn, its box's top corners not (row 0: no hex above).
        if row == 0:
            assert not see.lit(hx, hy, 0, 0) and not see.lit(hx, hy, 12, 0), where
            assert see.lit(hx, hy, 6, 0) or own is None, where
        fill = see.px(hx, hy, 6, 2)  # inside, above the mark and the digit
        rim = see.px(hx, hy, 0, 6)  # the left side
        if see.mono:
            want = {0: (True, True), 1: (False, True), None: (False, False)}[own]
            if at(g, col, row) == scr.cur:
                want = (want[0], True)  # the cursor's hex: a ring, never a blink yet
            assert (any(fill), any(rim)) == want, where
            if own is None:  # dotted: every other pixel of the side
                assert see.lit(hx, hy, 0, 7) and not see.lit(hx, hy, 0, 8), where
            ink = own != 0  # black on P1's solid hex, white elsewhere
        else:
            want = {0: RED, 1: BLUE, None: GREY}[own]
            assert near(fill, want), (where, fill)
            assert near(rim, want if own is not None else RIM), (where, rim)
            ink = WHITE
        if mark is not None:  # the mark at the left, the digit at the right
            pic = art.ART[MARKS.index(mark)]
            assert see.mask(hx, hy, 2 if v else 4, 4, 5, 5, ink) == pic, where
        if v:
            digit = tuple(r >> 1 & 7 for r in art.ART[art.DIGIT0 + v])
            assert see.mask(hx, hy, 8 if mark else 5, 4, 3, 5, ink) == digit, where
        else:  # an empty hex shows no digit
            assert see.mask(hx, hy, 8, 4, 3, 5, ink) == (0,) * 5, where


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_the_cursor_is_a_ring_a_picked_hex_is_marked_and_mono_blinks(dev_factory, profile):
    from slampad.app.diceland import art

    dev = dev_factory(profile, seed=3)
    scr = start(dev)
    g = scr.game
    see = Glass(dev, scr)
    cur = scr.cur
    assert g.owner[cur] == 0  # the first hex of an attack: one of P1's

    def ring(see, i):  # the ring's pixel right over the hex's top point
        col, row = [k for k in HEXES if at(g, *k) == i][0]
        hx, hy = see.hex_at(col, row, g)
        return see.px(hx, hy, 6, -1), see.px(hx, hy, 6, 2)

    top, fill = ring(see, cur)
    assert near(top, YELLOW) if not see.mono else any(top)
    others = [i for i in range(g.scene.n) if i != cur]
    assert not any(any(ring(see, i)[0]) for i in others)  # one ring only
    if see.mono:  # the cursor's hex blinks inverted: found among solid and outlined hexes
        dev.run(art.BLINK[0] + 20)
        assert not any(ring(Glass(dev, scr), cur)[1])
        dev.run(art.BLINK[1])
        assert any(ring(Glass(dev, scr), cur)[1])
    dev.tap("select")  # the attacker picked: the cursor goes to a target
    dev.run(20)
    assert scr.sel == [cur] and scr.cur != cur and g.owner[scr.cur] == 1
    see = Glass(dev, scr)
    top, fill = ring(see, cur)
    if see.mono:  # the picked hex inverted, under a dotted ring
        assert any(top) and not any(fill)
    else:
        assert near(top, CYAN) and near(fill, RED)
    top, _ = ring(see, scr.cur)
    assert near(top, YELLOW) if not see.mono else any(top)


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_the_36_hex_scene_keeps_the_cursor_and_its_neighbours_in_sight(dev_factory, profile):
    """128x64: the map under the prompt, beside the legend, shows four rows of hexes and
    scrolls; 240x240: the whole scene, doubled. Walking the cursor over every hex, its ring
    and all its neighbours are whole on the glass, inside the map's area."""
    from device_helpers import PADS
    from test_device_diceland import start_game

    dev = dev_factory(profile, seed=5)
    scr = start_game(dev, "diceland", "P2: human", (0, 1))
    for _ in range(4):  # past the roll note's pages, a press a page
        if scr.stage == "pick":
            break
        dev.run(200)
        dev.tap(PADS[0])
    dev.run(20)
    assert scr.stage == "pick" and scr.game.phase == "occupy"
    m = scr.view.map
    sc = scr.game.scene
    big = dev.hw.width >= 200
    assert sc.n == 36 and (m.wh <= m.h if big else m.wh > m.h)  # the OLED must scroll
    assert m.group.scale == (2 if big else 1)
    seen = set()
    for _ in range(sc.n):
        see = Glass(dev, scr)
        i = scr.cur
        for j in [i] + sc.adj[i]:
            x, y = m.pos[j]
            vx, vy = x - m.ox, y - m.oy  # in the view
            assert vx >= 0 and vx + 13 <= m.w and vy >= 0 and vy + 14 <= m.h, (i, j)
        x, y = m.pos[i]
        gx, gy = see.x0 + (x - m.ox) * see.s, see.y0 + (y - m.oy) * see.s
        assert gy >= dev.app.text.cell[1] and gy + 14 * see.s <= dev.hw.height
        ring = see.px(gx, gy, 6, -1)
        assert near(ring, YELLOW) if big else any(ring), i
        seen.add(m.oy)
        dev.tap("down")
        dev.run(10)
    assert len(seen) == 1 if big else len(seen) >= 2  # the view moved on the OLED only


def test_the_legend_says_which_hex_is_whose_on_the_small_display(dev_factory):
    """Mono: P1's solid hex beside "P1" and its dice on the map, P2's outlined one."""
    dev = dev_factory("pico", seed=3)
    scr = start(dev)
    lines = dev.lines()
    assert lines[1].strip() == "P1" and lines[2].strip() == "3"
    assert lines[3].strip() == "P2" and lines[4].strip() == "4"
    see = Glass(dev, scr)
    x = see.x0 + scr.view.map.w + 1
    p1 = see.y0 + 5
    p2 = p1 + 24
    assert see.lit(x + 6, p1 + 6, 0, 0) and see.lit(x, p1 + 6, 0, 0)  # solid
    assert not see.lit(x + 6, p2 + 6, 0, 0) and see.lit(x, p2 + 6, 0, 0)  # outlined


def seat_pixels(dev, pad):
    return dev.pixels()[pad * 5 : pad * 5 + 5]


@pytest.mark.parametrize("turn", [0, 1])
def test_the_pad_pixels_show_whose_turn_it_is_and_the_dice_on_the_map(dev_factory, turn):
    """P1 on pad 3, P2 on pad 1: each seat's five pixels in its colour, as many lit as
    its share of the dice it placed (P1 3 of 4: four; P2 4 of 4: five), bright on its
    turn and dim otherwise; the pads nobody sits at stay dark."""
    dev = dev_factory("pico", seed=3)
    scr = start(dev, turn=turn, pads=(2, 0))
    assert scr.game.turn == turn
    dev.run(20)
    levels = {}
    for s, pad, lit, colour in ((0, 2, 4, "red"), (1, 0, 5, "blue")):
        px = seat_pixels(dev, pad)
        assert [colour_name(c) for c in px[:lit]] == [colour] * lit, (s, px)
        levels[s] = max(max(c) for c in px[:lit])
        rest = px[lit:]
        if s == turn:  # the rest of the turn player's stick glows faintly
            assert all(0 < max(c) < levels[s] / 4 for c in rest), (s, px)
        else:
            assert all(c == (0, 0, 0) for c in rest), (s, px)
    assert levels[turn] > 4 * levels[1 - turn]  # the turn player's pixels are bright
    assert seat_pixels(dev, 1) == seat_pixels(dev, 3) == [(0, 0, 0)] * 5


def test_the_pad_pixels_follow_the_turn_and_a_lost_die(dev_factory):
    """P1 attacks and wins: P2 has a die fewer on the map, and the turn passes; the pixels
    follow, set once per decision (not each frame)."""
    from device_helpers import PADS

    text = """
    Pa6 Pb1 P   Hb1
    Ma6 P   Tb4 Fb2
    """
    dev = dev_factory("pico", seed=3)
    scr = start(dev, text=text, capital=False, rolls=(1,), free=((1, 1), (1, 1)))
    g = scr.game
    before = [c for c in seat_pixels(dev, 1) if any(c)]
    assert len(before) == 5  # P2: 4 of 4 dice
    writes = []
    real = dev.app.leds._set
    dev.app.leds._set = lambda i, c: (writes.append(i), real(i, c))
    a = ("attack", 0, at(g, 0, 0), at(g, 1, 0))
    assert a in g.legal_actions(0)
    dev.run(500)
    assert writes == []  # nothing changed: nothing sent
    from test_device_diceland import do

    do(dev, scr, a)
    dev.run(20)
    assert g.count(1) == 3
    assert len([c for c in seat_pixels(dev, 1) if colour_name(c) == "blue"]) == 4
    while scr.stage == "news" or g.turn == 0:
        dev.tap(PADS[0] if scr.stage == "news" else "select")
        dev.run(50)
        if scr.stage == "pick" and g.turn == 0:
            do(dev, scr, ("pass", 0))
    dev.run(20)
    p1, p2 = seat_pixels(dev, 0), seat_pixels(dev, 1)
    assert g.turn == 1
    assert max(max(c) for c in p2) > 4 * max(max(c) for c in p1)


def test_the_colour_display_keeps_the_map_while_a_result_is_shown(dev_factory):
    """Issue 29: on the 240x240 display the map stays on screen, as it is after the
    attack, while its result is shown (on a black band over the last three rows)."""
    dev = dev_factory("pico_tft", seed=3)
    scr = start(dev)
    g = scr.game
    dev.tap("select")  # P1's die: the attacker
    dev.run(20)
    assert scr.sel and g.owner[scr.cur] == 1
    dev.tap("select")  # the target: attacked
    dev.run(20)
    assert scr.stage == "news", dev.lines()
    see = Glass(dev, scr)
    band = dev.hw.height - 3 * (dev.hw.height // dev.app.text.rows)
    seen = 0
    for col, row in HEXES:
        hx, hy = see.hex_at(col, row, g)
        if hy + 3 * see.s > band:  # its fill's pixel under the band
            continue
        own = g.owner[at(g, col, row)]
        want = {0: RED, 1: BLUE, -1: GREY}[own]
        assert near(see.px(hx, hy, 6, 2), want), (col, row, own)
        seen += 1
    assert seen == len(HEXES)  # this small map sits wholly above the band
    news = " ".join(dev.lines()[-3:])
    assert news.startswith("P1 rolls") and "P2's die loses" in news, dev.lines()
    assert see.rgb(2, dev.hw.height - 2) == (0, 0, 0)  # the band under the news
