"""Issue 17 items 2 and 3, Go Wild!: a trick being taken is animated (the winning set
flashes, the other cards slide onto it, then the screen settles; a press during it is
never lost), and the 240x240 colour display has its own layout of big cards in their
colours (the sets on the table under their seats, the set winning so far in gold (G4),
the scores by seat, the hand with the picked colours raised and outlined) that fills
the screen. Rendered frames are read pixel by pixel."""

import device_helpers
import pytest
from gowild_helpers import cards, hand_cards, oracle_winner, position, screen_rows
from test_screen_pictures import lit_mask
from test_screen_pictures_gowild import hue, pixel, play_screen

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

RED, YELLOW, ORANGE, BLUE, GREEN, WILD = range(6)
NAMES = ("red", "yellow", "orange", "blue", "green", "wild")
COLOUR = {RED: "red", YELLOW: "yellow", ORANGE: "orange", BLUE: "blue", GREEN: "green"}
# The big card as documented (app/gowild/big.py): 18x24 pixels drawn twice their size;
# an outline from x 0 to 16 and y 0 to 23, corners cut; the count's 4x7 digits at
# (2, 2) (10-12: the units at x 7); the 7x7 shape doubled from (2, 9).
BW, BH, S = 18, 24, 2


def big_mask(count, colour):
    from slampad.app.gowild import cards as cd

    m = [[False] * BW for _ in range(BH)]
    for x in range(1, BW - 2):
        m[0][x] = m[BH - 1][x] = True
    for y in range(1, BH - 1):
        m[y][0] = m[y][BW - 2] = True
    digits = [(count, 2)] if count < 10 else [(1, 2), (count - 10, 7)]
    for d, x0 in digits:
        for y in range(7):
            bits = int(cd.DIGITS[d][y], 16)
            for x in range(4):
                if bits & (8 >> x):
                    m[2 + y][x0 + x] = True
    for y in range(7):
        for x in range(7):
            if cd.ART[colour][y] & (0x40 >> x):
                for dy in (0, 1):
                    for dx in (0, 1):
                        m[9 + 2 * y + dy][2 + 2 * x + dx] = True
    return m


def check_big(shot, x, y, count, colour, gold):
    """The big card is drawn with its top left at glass pixel (x, y): its outline gold
    or white, the shape in its colour (the wild star in the five)."""
    from slampad.app.gowild import cards as cd

    want = big_mask(count, colour)
    assert lit_mask(shot, x, y, BW, BH, S) == want, (x, y, count, colour)
    edge = pixel(shot, x + 8 * S, y)
    assert (hue(edge) in ("orange", "yellow")) if gold else hue(edge) == "white", edge
    seen = set()
    for sy in range(7):
        for sx in range(7):
            if cd.ART[colour][sy] & (0x40 >> sx):
                seen.add(hue(pixel(shot, x + (2 + 2 * sx) * S, y + (9 + 2 * sy) * S)))
    if colour == WILD:
        assert len(seen & set(COLOUR.values())) >= 4, seen
    else:
        assert seen == {COLOUR[colour]}, (count, colour, seen)


def drawn(scr):
    """The big cards on screen, as the layer placed them: (x, y, count, colour, gold)
    in glass pixels."""
    return [(c[0] * S, c[1] * S) + c[2:] for c in scr.view.cards.shown if c is not None]


def test_tft_the_table_and_a_held_hand_are_big_cards_filling_the_screen(dev_factory):
    dev = dev_factory("pico_tft", seed=3)
    hand = cards("3R 2Y 1O 4B 1G 1W")
    plays = [(2, "3O"), (3, "2B")]
    g = position([hand, "2R 5G", "3O 2W", "2B 4Y"], lead=2, plays=plays, wild_one=0)
    scr = play_screen(dev, g, ["human", "normal", "normal", "normal"])
    shot = dev.screenshot()
    lines = dev.lines()
    on = drawn(scr)
    assert [c[2:4] for c in on] == [(3, ORANGE), (2, BLUE)]  # G9: no hand yet
    # Each set under its seat's name; the set winning so far (G4) in gold.
    win = oracle_winner([[s, cards(p)] for s, p in plays], 0)
    assert win == 2
    for (x, y, n, c, gold), (seat, _p) in zip(on, plays, strict=True):
        check_big(shot, x, y, n, c, gold)
        assert gold == (seat == win)
        row, col = y // 24 - 1, x // 12
        assert lines[row][col : col + 2] == "P%d" % (seat + 1), lines
    assert "P3 is winning so far" in lines and "P1: hold your pad" in lines
    dev.press("1")  # P1 holds their pad: their hand, as big cards (G9)
    dev.run(40)
    for turn in range(2):
        shot = dev.screenshot()
        on = drawn(scr)
        mine = on[2:]
        assert [c[2:4] for c in mine] == hand_cards(hand)
        pick = scr.sets[scr.cursor]
        low = max(c[1] for c in mine)
        for k, (x, y, n, c, gold) in enumerate(mine):
            assert x == 36 * k  # side by side, three text cells each
            assert gold == bool(pick[c])
            assert y == (low - 8 if gold else low), (k, y, low)  # the picked stand up
            check_big(shot, x, y, n, c, gold)
        assert any(c[4] for c in mine) and low + 48 <= 240
        assert low >= 120, "the hand is in the screen's lower half"
        # The screen is filled: the prompt on the last row, above it whether the set
        # picked (its cards raised) would win.
        lines = dev.lines()
        assert lines[9].startswith("P1: pick then select"), lines
        table = [[s, cards(p)] for s, p in plays]
        want = "wins so far" if oracle_winner(table + [[0, pick]], 0) == 0 else "loses to P3"
        assert lines[8].strip() == "This set " + want, lines  # G4, read independently
        assert low // 24 + 3 == 8, "the hand's three rows are right above it"
        bottom = shot[2][200 * 240 * 3 :]
        assert any(bottom), "nothing drawn in the bottom of the screen"
        if turn == 0:
            dev.tap("down", after=20)
    dev.release("1")


def test_tft_ten_or_more_of_a_colour_has_both_digits_on_its_card(dev_factory):
    dev = dev_factory("pico_tft", seed=3)
    hand = cards("11G 1R")
    scr = play_screen(dev, position([hand, "2R 5G"], lead=0), ["human", "normal"])
    dev.press("1")
    dev.run(40)
    on = drawn(scr)
    assert [c[2:4] for c in on] == [(1, RED), (11, GREEN)]
    shot = dev.screenshot()
    for x, y, n, c, gold in on:
        check_big(shot, x, y, n, c, gold)
    dev.release("1")


def first_said(dev):
    """The sentence on the screen's first rows (wrapped over them, up to a blank row or
    a row of set names)."""
    out = []
    for ln in dev.lines():
        if not ln.strip() or ln.split()[0] in ("P1", "P2", "P3", "P4", "P5", "P6") and out:
            break
        out.append(ln.strip())
    return " ".join(out)


def start_trick_end(dev):
    """P1 (a person) plays 5 red, the last set of trick 1: P1 wins it and leads
    trick 2. Returns the screen, its first frame of the trick being taken."""
    g = position(["5R 2Y", "4G 1Y 1B", "2B 3O 1R"], lead=1, plays=[(1, "4G"), (2, "2B")])
    scr = play_screen(dev, g, ["human", "normal", "normal"])
    assert g.turn == 0
    dev.press("1")
    dev.run(30)
    assert scr.sets[scr.cursor] == cards("5R")
    dev.press("select")
    for _ in range(40):  # the button's debounce, then the play
        dev.run(1)
        if scr.stage == "shown":
            break
    dev.release("select")
    dev.release("1")
    assert scr.stage == "shown" and scr.winner == 0 and scr.view.anim
    return scr


def lit(shot, box):
    x0, y0, x1, y1 = box
    w, _, rgb = shot
    return {
        (x, y)
        for y in range(y0, y1)
        for x in range(x0, x1)
        if any(rgb[(y * w + x) * 3 : (y * w + x) * 3 + 3])
    }


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_a_trick_being_taken_flashes_slides_then_settles(dev_factory, profile):
    dev = dev_factory(profile, seed=3)
    scr = start_trick_end(dev)
    t = dev.app.text
    s = t.scale
    spots = list(scr.view.cards.spots)
    assert sorted(sp[0] for sp in spots) == [0, 1, 2]  # every set of the trick
    fh = t.cell[1] // s
    win = [sp for sp in spots if sp[0] == 0][0]
    wx, wy = win[1] * s, win[2] * s
    # the table band: the cards' rows
    band = (0, min(sp[2] for sp in spots) * s, t.cell[0] * t.cols,
            (max(sp[2] for sp in spots) + 2 * fh) * s)  # fmt: skip
    card_w = (BW if profile == "pico_tft" else 17) * s
    card_box = (wx, wy, wx + card_w, wy + (BH if profile == "pico_tft" else 11) * s)
    first = dev.screenshot()
    assert lit(first, card_box)
    shots = []
    for _ in range(60):  # 1.2 s, 20 ms a frame
        dev.run(20)
        shots.append(dev.screenshot())
    assert scr.stage == "shown"
    # The winning set flashes: off in some frame of the first 0.6 s, on in others.
    early = [bool(lit(sh, card_box)) for sh in shots[:28]]
    assert False in early and True in early, early
    # The other cards slide to it: pixels that the settled screen does not have, their
    # middle closer to the winner's card frame by frame, and gone at the end.
    final = lit(shots[-1], band)
    assert final == lit(dev.screenshot(), band)  # settled: nothing moves any more
    dist = []
    for sh in shots:
        moving = lit(sh, band) - final - lit(first, card_box)
        if moving:
            mx = sum(p[0] for p in moving) / len(moving)
            my = sum(p[1] for p in moving) / len(moving)
            dist.append(abs(mx - wx) + abs(my - wy))
    assert len(dist) >= 10
    start = abs(sum(sp[1] * s for sp in spots if sp[0]) / 2 - wx)
    assert dist[0] >= start * 0.7 and dist[-1] < dist[0] / 2, dist
    # closer at every frame (a few pixels aside where the cards meet and overlap)
    assert all(b <= a + 4 * s for a, b in zip(dist, dist[1:], strict=False)), dist
    assert sum(b < a for a, b in zip(dist, dist[1:], strict=False)) >= 10, dist
    # Settled: the winner's cards alone on the table, the result in words.
    assert lit(shots[-1], card_box) == lit(first, card_box)
    assert first_said(dev) == "P1 wins trick 1 with 5 cards: +1 point"
    # The result stays long enough to read (longer for its news), then the game goes on
    # to trick 2, which P1 leads.
    dev.run(2000)
    assert scr.stage == "shown"
    device_helpers.run_until(dev, lambda: scr.stage == "turn", 4000, 20)
    assert scr.stage == "turn" and scr.game.trick == 2 and scr.game.turn == 0


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_a_pad_press_during_the_animation_is_not_lost(dev_factory, profile):
    """P1 presses their pad while their trick is being taken: the animation ends at
    once, the game goes on and P1 sees their hand while holding the pad (G9)."""
    dev = dev_factory(profile, seed=3)
    scr = start_trick_end(dev)
    dev.run(200)
    assert scr.view.anim and scr.stage == "shown"
    dev.press("1")
    dev.run(10)
    assert not scr.view.anim and scr.stage == "turn" and scr.game.turn == 0
    hand = hand_cards(scr.game.hands[0])
    if profile == "pico":
        assert not scr.view.cards.flyers  # no card left in flight
        rows = [cs for text, cs in screen_rows(dev) if cs and not text.strip()]
        assert rows == [hand], dev.lines()
    else:
        on = drawn(scr)
        assert [c[2:4] for c in on] == hand  # trick 2 has no sets yet: the hand alone
        shot = dev.screenshot()
        for x, y, n, c, gold in on:
            check_big(shot, x, y, n, c, gold)
    dev.release("1")


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_a_button_during_the_animation_ends_it_and_the_result_stays(dev_factory, profile):
    dev = dev_factory(profile, seed=3)
    scr = start_trick_end(dev)
    dev.run(200)
    dev.press("down")
    dev.run(30)  # a quick tap (keypad takes one under about 20 ms for a bounce)
    dev.release("down")
    assert not scr.view.anim and scr.stage == "shown"
    settled = dev.screenshot()
    dev.run(500)
    assert dev.screenshot() == settled  # nothing moves: the animation is over
    assert first_said(dev) == "P1 wins trick 1 with 5 cards: +1 point"
    device_helpers.run_until(dev, lambda: scr.stage == "turn", 5000, 20)
    assert scr.game.trick == 2


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_G4_when_nobody_wins_the_cards_slide_off_to_the_discard(dev_factory, profile):
    """Only wilds were played (sloughs never win): nothing flashes, every card slides
    right, off the table, and the table is left empty under "Nobody wins"."""
    dev = dev_factory(profile, seed=3)
    g = position(["2W 1R", "1W 3B"], lead=1, plays=[(1, "1W")])
    scr = play_screen(dev, g, ["human", "normal"])
    dev.press("1")
    dev.run(30)
    while scr.sets[scr.cursor] != cards("1W"):
        dev.tap("down", after=20)
    dev.press("select")
    for _ in range(40):
        dev.run(1)
        if scr.stage == "shown":
            break
    dev.release("select")
    dev.release("1")
    assert scr.stage == "shown" and scr.winner is None and scr.view.anim
    t = dev.app.text
    s = t.scale
    spots = list(scr.view.cards.spots)
    assert sorted(sp[0] for sp in spots) == [0, 1]
    top = min(sp[2] for sp in spots) * s
    tall = (BH if profile == "pico_tft" else 11) * s
    band = (0, top, t.cell[0] * t.cols, top + tall)
    line = dev.lines()[top // t.cell[1]].ljust(t.cols)
    label = [line[max(0, i - 1) : i + 1].strip() != "" for i in range(t.cols)]  # 2 cells
    xs = []
    for _ in range(30):
        dev.run(20)
        got = lit(dev.screenshot(), band)
        if profile == "pico":  # the OLED's labels share the cards' row: leave them out
            got = {p for p in got if not label[p[0] // 6]}
        xs.append(max((p[0] for p in got), default=None))
    moving = [x for x in xs if x is not None]
    assert len(moving) >= 5 and moving == sorted(moving) and moving[-1] > moving[0], xs
    assert xs[-1] is None, "the table is empty once the cards are gone"
    assert first_said(dev) == "Only wilds were played: nobody wins trick 1"


@pytest.mark.parametrize(
    "hands,plays,lead",
    [
        (["3R 2Y 1O 4B 1G 1W", "2R 5G", "3O 2W", "2B 4Y"], [(2, "3O"), (3, "2B")], 2),
        (["3R 2Y 1O 4B 1G 1W", "2R 5G", "3O 2W", "2B 4Y"], [], 0),
        (["3R 2Y 1O 4B 1G 1W", "2R 5G", "3O 2W", "2B 4Y", "2R 1Y", "1B 2G"],
         [(2, "2O"), (3, "1B"), (4, "1R"), (5, "1G")], 2),
        (["2Y 1W", "2R 5G"], [(1, "2R")], 1),
    ],
)  # fmt: skip
def test_tft_the_raised_cards_stay_clear_of_the_score_row(dev_factory, hands, plays, lead):
    """Issue 29: on the colour display the picked cards of a held hand stood up into the
    score row above the hand. No card on screen covers a row of text, and the score rows'
    pixels are the text's own (white), none a card's outline or colour."""
    dev = dev_factory("pico_tft", seed=3)
    n = len(hands)
    g = position([cards(h) for h in hands], lead=lead, plays=plays, scores=list(range(9, 9 + n)))
    scr = play_screen(dev, g, ["human"] + ["normal"] * (n - 1))
    assert g.turn == 0
    dev.press("1")
    dev.run(40)
    for _turn in range(2):
        lines = dev.lines()
        on = drawn(scr)
        raised = [c for c in on if c[4]]
        assert raised, on
        score_rows = [i for i, ln in enumerate(lines) if ln.startswith("P1 9")]
        assert score_rows, lines
        score_rows += [i + 1 for i in score_rows if lines[i + 1].startswith("P")]
        for i, ln in enumerate(lines):  # a row's text, 24 pixels tall, 12 a column
            if not ln.strip():
                continue
            left, right = 12 * (len(ln) - len(ln.lstrip())), 12 * len(ln.rstrip())
            for x, y, _n, _c, _gold in on:  # a card: 36 x 48
                if x < right and x + 36 > left:
                    assert y >= 24 * i + 24 or y + 48 <= 24 * i, (lines, i, (x, y))
        shot = dev.screenshot()
        for i in score_rows:
            for yy in range(24 * i, 24 * i + 24):
                for xx in range(0, 240, 2):
                    p = pixel(shot, xx, yy)
                    assert p == (0, 0, 0) or min(p) > 200, (i, xx, yy, p, lines)
        dev.tap("down", after=20)
    dev.release("1")


@pytest.mark.parametrize("profile", ["pico_tft", "pico"])
def test_game_over_lists_the_seats_most_points_first_in_their_colours(dev_factory, profile):
    """Issue 29 item 3: on the colour display Go Wild!'s game over is a score board, a row
    a seat with its points, most first, each in its seat's colour (S1), the winner big
    under it; the OLED packs the seats, most first, on as few rows as they fit."""
    from device_helpers import S1_COLOUR, lit_colours

    from slampad.app.gowild.words import OverScreen

    dev = dev_factory(profile, seed=3)
    dev.run(300)
    app = dev.app
    names = ["P1", "P2", "P3", "P4"]
    app.go(OverScreen(app, ["P3"], names, [17, 1, 21, 20], lambda: None))
    dev.run(40)
    lines = dev.lines()
    if profile == "pico":
        dev.run(3000)  # the winner alone a while, then the choices
        assert dev.lines()[:4] == ["Winner: P3", " Points: P3 21 P4 20", " P1 17 P2 1", ">Rematch"]
        return
    want = [" P3  21 points", " P4  20 points", " P1  17 points", " P2   1 point"]
    assert lines[:7] == ["Winner: P3"] + want + [">Rematch", " Menu"], lines
    shot = dev.screenshot()
    w, h = dev.app.text.cell
    for r, seat in zip(range(1, 5), (2, 3, 0, 1), strict=True):
        seen = lit_colours(shot, (0, r * h, dev.hw.width, h))
        assert max(seen, key=seen.get) == S1_COLOUR[seat], (r, seen)
    big = app.screen.big
    assert big.shown == "P3 wins!" and big.box[1] >= 7 * h  # under the rows, big
    seen = lit_colours(shot, big.box)
    assert max(seen, key=seen.get) == S1_COLOUR[2], seen
