"""Issue 17 item 2, Go Wild!: cards are drawn, not spelled (G1). A rendered frame of the
play screen has each card at its place: a card outline with the count as digits and the
colour as its own shape (so the mono OLED reads it), in the card's real colour on the
TFT. And when a player picks a set, the screen says whether it would win the trick so
far (G4), as an independent reading of the rules says. This file reads the OLED's
layout of card tiles on text rows; the colour display has its own layout of big cards
(tests/test_screen_pictures_gowild2.py)."""

import device_helpers
import pytest
from device_helpers import colour_name
from gowild_helpers import cards, hand_cards, oracle_winner, position, screen_rows
from test_screen_pictures import lit_mask

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

RED, YELLOW, ORANGE, BLUE, GREEN, WILD = range(6)
# The card as drawn (app/gowild/cards.py): text cells of 6x12; an outline from x 0 to
# 3 * 6 - 2 (a 10-12 card one cell wider), rows 0 to 10 (row 11 is the gap below), its
# corners cut; the count's 4x7 digits from x 2 (10-12: "1" at 2, the units at 7) and
# the 7x7 shape 2 columns after them, both from row 2.
CELL_W, CELL_H = 6, 12


def card_mask(count, colour):
    from slampad.app.gowild import cards as cd

    cells = 3 if count < 10 else 4
    w = cells * CELL_W
    right = w - 2
    m = [[False] * w for _ in range(CELL_H)]
    for x in range(1, right):
        m[0][x] = m[10][x] = True
    for y in range(1, 10):
        m[y][0] = m[y][right] = True
    digits = [(count, 2)] if count < 10 else [(1, 2), (count - 10, 7)]
    for d, x0 in digits:
        for y in range(7):
            bits = int(cd.DIGITS[d][y], 16)
            for x in range(4):
                m[2 + y][x0 + x] = bool(bits & (8 >> x))
    sx = 8 if count < 10 else 14
    for y in range(7):
        for x in range(7):
            m[2 + y][sx + x] = bool(cd.ART[colour][y] & (0x40 >> x))
    return m, sx


def pixel(shot, x, y):
    i = (y * shot[0] + x) * 3
    return tuple(shot[2][i : i + 3])


def hue(rgb):
    """red, orange, yellow, green, blue (or what colour_name says): orange has its own
    test, colour_name calls it red."""
    r, g, b = rgb
    if r > 200 and 60 <= g <= 170 and b < 80:
        return "orange"
    return colour_name(rgb)


COLOUR = {RED: "red", YELLOW: "yellow", ORANGE: "orange", BLUE: "blue", GREEN: "green"}


def check_card(dev, shot, row, col, card):
    """The card (count, colour) is drawn with its top left at text cell (col, row)."""
    t = dev.app.text
    s = t.scale
    count, colour = card
    want, sx = card_mask(count, colour)
    x0, y0 = col * t.cell[0], row * t.cell[1]
    got = lit_mask(shot, x0, y0, len(want[0]), CELL_H, s)
    assert got == want, (row, col, card)
    if not dev.app.text.colour:
        return
    seen = set()
    for y in range(7):
        for x in range(7):
            if want[2 + y][sx + x]:
                rgb = pixel(shot, x0 + (sx + x) * s + s // 2, y0 + (2 + y) * s + s // 2)
                seen.add(hue(rgb))
    if colour == WILD:  # the wild star in the colours it stands for
        assert len(seen & {"red", "orange", "yellow", "green", "blue"}) >= 4, seen
    else:
        assert seen == {COLOUR[colour]}, (card, seen)
    # the outline and the digits stay white
    assert colour_name(pixel(shot, x0 + 4 * s, y0)) == "white"


def test_G1_the_six_colours_are_six_shapes_and_ten_digits():
    """Colour-blind players (and the mono OLED) read the shape: no two alike, none a
    dot or a block; the count's digits all differ too."""
    from slampad.app.gowild import cards as cd

    assert len(cd.ART) == 6 and len(set(cd.ART)) == 6
    for art in cd.ART:
        n = sum(bin(r).count("1") for r in art)
        assert 12 <= n <= 40, art
        assert len(art) == 7 and all(0 <= r < 1 << 7 for r in art)
    assert len(set(cd.DIGITS)) == 10 and all(len(d) == 7 for d in cd.DIGITS)
    # the sun is not a ring: a "3" and a ring read as "30" (issue 17)
    sun = cd.ART[YELLOW]
    assert sun[3] & 0x08, "the sun's centre is lit"


def play_screen(dev, game, kinds):
    from slampad.app.gowild.play import PlayScreen

    scr = PlayScreen(dev.app, list(range(len(kinds))), kinds)
    scr.game = game
    dev.app.go(scr)
    dev.run(100)
    return dev.app.screen


@pytest.mark.parametrize("profile", ["pico"])  # the TFT: test_screen_pictures_gowild2.py
def test_G1_a_held_hand_draws_each_card_at_its_slot(dev_factory, profile):
    dev = dev_factory(profile, seed=3)
    hand = cards("3R 2Y 1O 4B 1G 1W")
    g = position([hand, "2R 5G", "3O 2W", "2B 4Y"], lead=2, plays=[(2, "3O"), (3, "2B")])
    scr = play_screen(dev, g, ["human", "normal", "normal", "normal"])
    assert g.turn == 0 and scr.stage == "turn"
    shot = dev.screenshot()
    rows = screen_rows(dev)
    assert not any(cs and not text.strip() for text, cs in rows)  # G9: hidden
    # The table: the sets played so far, the lead's first, each after its seat.
    table = [r for r, (text, cs) in enumerate(rows) if cs and text.startswith("P3 ")]
    assert len(table) == 1
    r = table[0]
    assert rows[r][0].rstrip() == "P3" + " " * 5 + "P4"
    check_card(dev, shot, r, 3, (3, ORANGE))
    check_card(dev, shot, r, 10, (2, BLUE))
    dev.press("1")  # P1 holds their pad: their hand (G9)
    dev.run(40)
    shot = dev.screenshot()
    rows = screen_rows(dev)
    at = [r for r, (text, cs) in enumerate(rows) if cs and not text.strip()]
    assert len(at) == 1 and rows[at[0]][1] == hand_cards(hand)
    for k, card in enumerate(hand_cards(hand)):
        check_card(dev, shot, at[0], 3 * k, card)  # side by side, in colour order
    # The set picked, on its own row after "Play".
    pick = [r for r, (text, cs) in enumerate(rows) if text.startswith("Play ")]
    assert len(pick) == 1
    assert rows[pick[0]][1] == hand_cards(scr.sets[scr.cursor])
    check_card(dev, shot, pick[0], 5, hand_cards(scr.sets[scr.cursor])[0])


@pytest.mark.parametrize("profile", ["pico"])  # the TFT: test_screen_pictures_gowild2.py
def test_G1_ten_or_more_of_a_colour_is_a_wider_card(dev_factory, profile):
    dev = dev_factory(profile, seed=3)
    hand = cards("11G 1R")
    g = position([hand, "2R 5G"], lead=0)
    play_screen(dev, g, ["human", "normal"])
    dev.press("1")
    dev.run(40)
    shot = dev.screenshot()
    rows = screen_rows(dev)
    at = [r for r, (text, cs) in enumerate(rows) if cs and not text.strip()]
    assert rows[at[0]][1] == [(1, RED), (11, GREEN)]
    check_card(dev, shot, at[0], 0, (1, RED))
    check_card(dev, shot, at[0], 3, (11, GREEN))


@pytest.mark.parametrize("profile", ["pico"])  # the TFT: test_screen_pictures_gowild2.py
def test_G4_each_pick_says_whether_it_would_win_the_trick_so_far(dev_factory, profile):
    """P3 led 3 orange, P4 played 2 blue; P1 is the Wild One. Every set P1 may pick says
    "wins so far" exactly when an independent reading of G4 has P1 winning (a tie goes
    to the earlier set, a slough never wins), else who it loses to."""
    dev = dev_factory(profile, seed=3)
    hand = cards("3R 1Y 1O 4B 3W")
    plays = [(2, "3O"), (3, "2B")]
    g = position([hand, "2R 5G", "3O 2W", "2B 4Y"], lead=2, plays=plays, wild_one=0)
    scr = play_screen(dev, g, ["human", "normal", "normal", "normal"])
    dev.press("1")
    dev.run(40)
    table = [[s, cards(p)] for s, p in plays]
    said = {}
    for _ in range(len(scr.sets)):
        pick = list(scr.sets[scr.cursor])
        win = oracle_winner(table + [[0, pick]], 0)
        # The pick's row: its cards, after "Play" where the row has room for the word.
        row = [t for t, cs in screen_rows(dev) if t.strip() and cs == hand_cards(pick)]
        assert len(row) == 1, (pick, dev.lines())
        row = row[0].rstrip()
        if win == 0:
            want = "wins so far"
        elif all(c == 0 for c in pick[:5]):  # all wild: a slough never wins
            want = "can't win"
        else:
            want = "loses to P%d" % (win + 1)
        assert row.endswith(" " + want), (pick, row)
        said[want] = said.get(want, 0) + 1
        dev.tap("down", after=20)
    assert sorted(said) == ["loses to P3", "wins so far"], said  # both, and no slough
