"""Issue 17 item 2, Tumblin' Dice (T1, T6, S1): the virtual board is drawn, not spelled.
A rendered frame of the play screen, on the OLED and the TFT, has each die's sprite (its
face's pips, its seat's shape or colour) on the step of its level, the far side of the
board up; a crowded step widens (zooms) so every face shows apart; the aim is an arrow
across 0x that moves with up/down; the power is a bar that fills as the pad is held; the
die just thrown blinks where it landed."""

import device_helpers
import pytest
from device_helpers import colour_name, run_until

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

PROFILES = ("pico", "pico_tft")
# The pips of each face on a 3x3 grid (column, row), as printed on a die.
PIPS = {
    1: [(1, 1)],
    2: [(2, 0), (0, 2)],
    3: [(2, 0), (1, 1), (0, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
}


def die_art(seat, face):
    """A die's 7x7 look by seat, read without colour (True lit, False dark):
    seat 0 a solid square with dark pips one apart, seat 1 a hollow square with lit pips
    side by side, seats 2 and 3 the same two with their corners cut round (pips side by
    side)."""
    solid = seat in (0, 2)
    art = []
    for y in range(7):
        row = []
        for x in range(7):
            edge = x in (0, 6) or y in (0, 6)
            if seat >= 2 and x in (0, 1, 5, 6) and y in (0, 1, 5, 6):
                if x in (0, 6) or y in (0, 6):
                    row.append(False)  # cut away: the (dark) step shows through
                    continue
                edge = True
            pips = PIPS.get(face, ())
            if seat == 0:  # the solid square has room for pips one apart
                pip = x % 2 == 1 and y % 2 == 1 and ((x - 1) // 2, (y - 1) // 2) in pips
            else:
                pip = 2 <= x <= 4 and 2 <= y <= 4 and (x - 2, y - 2) in pips
            row.append((not pip) if solid else (edge or pip))
        art.append(row)
    return art


def lit(shot, x, y):
    w, _, rgb = shot
    i = (y * w + x) * 3
    return max(rgb[i:i + 3]) > 128  # the TFT's treads are dark, never this bright


def colour_at(shot, x, y):
    w, _, rgb = shot
    i = (y * w + x) * 3
    return colour_name(rgb[i:i + 3])


def find(shot, art, scale, box):
    """Picture-pixel places (x, y) in box (x0, y0, x1, y1) where ``art`` is drawn."""
    x0, y0, x1, y1 = box
    out = []
    for y in range(y0, y1 - 6):
        for x in range(x0, x1 - 6):
            if all(lit(shot, (x + i) * scale, (y + j) * scale) == a
                   for j, r in enumerate(art) for i, a in enumerate(r)):  # fmt: skip
                out.append((x, y))
    return out


def start(dev, seats, kinds):
    from slampad.app.main import unload_games

    unload_games()
    from slampad.app.tumblin.play import PlayScreen

    scr = PlayScreen(dev.app, seats, kinds, {"board": "virtual", "players": len(seats),
                                             "rounds": 1})  # fmt: skip
    dev.app.go(scr)
    dev.run(10)
    while scr.stage == "roll":
        for s in range(len(seats)):
            if ("roll", s) in scr.game.legal_actions(s):
                dev.tap(str(seats[s] + 1))
        dev.run(20)
    run_until(dev, lambda: scr.stage == "aim", 8000)
    return scr


def lay(dev, scr, board):
    """The board as a test sets it (the rules would need a long search for it)."""
    scr.game.board[:] = [list(d) for d in board]
    scr.shown = scr.game.board
    scr.dirty = True
    dev.run(20)


def steps(dev, scr):
    """Each drawn part's x range on the picture: [pad, 0x, 1x, 2x, 3x, 4x]; checked
    against the frame: a step's drop is a lit line down at each part's left edge."""
    v = scr.view.board
    shot = dev.screenshot()
    sc = dev.app.text.scale
    for k in range(1, 6):
        x = v.xs[k]
        far, near = v.top(k - 1) + v.depth, v.top(k) + v.depth
        assert all(lit(shot, x * sc, y * sc) for y in range(far, near)), (k, x)
    return [(v.xs[k], v.xs[k + 1]) for k in range(6)]


@pytest.mark.parametrize("profile", PROFILES)
def test_T1_each_die_is_drawn_on_its_step_with_its_face_and_seat(dev_factory, profile):
    dev = dev_factory(profile, seed=4)
    scr = start(dev, [0, 1], ["human", "human"])
    far, near = 70, -70
    board = [[0, 3, 1, 400, far], [1, 6, 2, 600, near], [0, 5, 3, 800, 0],
             [1, 1, 4, 900, 0], [1, 2, 1, 350, near]]  # fmt: skip
    lay(dev, scr, board)
    shot = dev.screenshot()
    sc = dev.app.text.scale
    parts = steps(dev, scr)
    v = scr.view.board
    found = {}
    for seat, face, level, _x, _y in board:
        k = 5 if level == 4 else level + 1
        box = (parts[k][0], v.top(k), parts[k][1], v.top(k) + v.depth)
        at = find(shot, die_art(seat, face), sc, box)
        assert len(at) == 1, (profile, seat, face, level, at)
        found[(seat, face)] = at[0]
        if dev.hw.colour:  # S1: the die's ink is its seat's colour
            x, y = at[0]
            ink = colour_at(shot, (x + 3) * sc, y * sc)  # the top edge's middle
            assert ink == ("red", "blue")[seat], (seat, ink)
    # The far side of the board is up: on 1x, P1's far die is above P2's near one.
    assert found[(0, 3)][1] < found[(1, 2)][1]
    mid = v.top(2) + v.depth // 2
    assert found[(0, 3)][1] + 3 < mid < found[(1, 2)][1] + 3
    # Nearer the thrower is further left.
    assert found[(1, 2)][0] <= found[(0, 3)][0]


@pytest.mark.parametrize("profile", PROFILES)
def test_T1_a_crowded_step_shows_every_die_never_a_count(dev_factory, profile):
    dev = dev_factory(profile, seed=4)
    scr = start(dev, [0, 1, 2, 3], ["human", "human", "human", "human"])
    # Twelve dice on 3x, all in two lanes near its end: every one is drawn, none over another.
    board = [[s % 4, 1 + s % 6, 3, 840 + 2 * s, (-1) ** s * 5] for s in range(12)]
    lay(dev, scr, board)
    while scr.aim[scr.who] < 100:  # the aim's line along the far edge, clear of the dice
        dev.tap("up", ms=20, after=20)
    shot = dev.screenshot()
    sc = dev.app.text.scale
    v = scr.view.board
    parts = steps(dev, scr)
    box = (parts[4][0], v.top(4), parts[4][1], v.top(4) + v.depth)
    places = set()
    for seat, face, _lv, _x, _y in board:
        at = find(shot, die_art(seat, face), sc, box)
        assert len(at) == 1, (profile, seat, face, at)
        places.add(at[0])
    assert len(places) == 12
    assert not any("+" in x for x in dev.lines())  # no "+3" for dice left out
    # Zoom: the crowded step takes width from the empty ones, so a dark pixel parts
    # each die from the next.
    assert parts[4][1] - parts[4][0] > parts[2][1] - parts[2][0]
    ps = sorted(places)
    for i in range(len(ps)):
        for j in range(i + 1, len(ps)):
            a, b = ps[i], ps[j]
            assert abs(a[0] - b[0]) >= 8 or abs(a[1] - b[1]) >= 8, (a, b)


def arrow_row(shot, sc, x0, x1, y0, y1):
    """The picture row of the aim arrow's shaft: the one row lit along the 0x part."""
    rows = [y for y in range(y0, y1)
            if all(lit(shot, x * sc, y * sc) for x in range(x0 + 1, x1 - 3))]  # fmt: skip
    assert len(rows) == 1, rows
    return rows[0]


@pytest.mark.parametrize("profile", PROFILES)
def test_T6_the_aim_is_an_arrow_that_up_and_down_move(dev_factory, profile):
    dev = dev_factory(profile, seed=4)
    scr = start(dev, [0, 1], ["human", "human"])
    v = scr.view.board
    sc = dev.app.text.scale
    who = scr.who
    x0, x1 = v.xs[1], v.xs[2]
    band = (v.top(1), v.top(1) + v.depth)
    rows = {}
    for aim in (0, 50, -50):
        while scr.aim[who] != aim:
            dev.tap("up" if scr.aim[who] < aim else "down", ms=20, after=20)
        dev.run(20)
        shot = dev.screenshot()
        y = rows[aim] = arrow_row(shot, sc, x0, x1, *band)
        tip = x1 - 2
        for j in (1, 2):  # the arrowhead at the 1x end
            assert lit(shot, (tip - j) * sc, (y - j) * sc)
            assert lit(shot, (tip - j) * sc, (y + j) * sc)
        if dev.hw.colour:  # in the thrower's colour (S1)
            want = ("red", "blue")[scr.seats[who]]
            assert colour_at(shot, (x0 + 3) * sc, y * sc) == want
        # The thrower's die waits on the launch pad, in the arrow's lane.
        pad = find(shot, die_art(who, 0), sc, (0, band[0] - v.rise, v.xs[1], band[1]))
        assert len(pad) == 1 and abs(pad[0][1] + 3 - (y - v.rise)) <= 4, (pad, y)
    mid = (band[0] + band[1]) // 2
    assert abs(rows[0] - mid) <= 1
    assert rows[50] < rows[0] < rows[-50]  # up aims at the far side: the arrow goes up
    assert abs((rows[0] - rows[50]) - (rows[-50] - rows[0])) <= 1


def bar_fill(shot, sc, box):
    """How many of the bar's inner columns are lit along its middle row."""
    x, y, w, h = box
    return sum(1 for i in range(1, w - 1) if lit(shot, (x + i) * sc, (y + h // 2) * sc))


@pytest.mark.parametrize("profile", PROFILES)
def test_T6_the_power_is_a_bar_that_fills_while_the_pad_is_held(dev_factory, profile):
    from slampad.app.tumblin.looks import shown_power

    dev = dev_factory(profile, seed=4)
    scr = start(dev, [0, 1], ["human", "human"])
    sc = dev.app.text.scale
    key = str(scr.seats[scr.who] + 1)
    if not dev.hw.colour:
        assert scr.view.board.bar is None  # the OLED's status row has words until the pad is held
    dev.press(key)
    fills = []
    for _ in range(3):
        dev.run(300)
        shot = dev.screenshot()
        box, power = scr.view.board.bar
        x, y, w, h = box
        assert y + h <= dev.app.text.cell[1] // sc * (2 if dev.hw.colour else 1)  # on a text row
        got = bar_fill(shot, sc, box)
        want = (w - 2) * shown_power(scr.moment(), dev.now()) // 100
        assert abs(got - want) <= (w - 2) // 12, (got, want)
        fills.append(got)
        # The bar's outline is whole, so an empty bar still reads as one.
        assert all(lit(shot, (x + i) * sc, y * sc) for i in range(w))
    assert fills[0] < fills[1] < fills[2]
    assert dev.shows("Power") if dev.hw.colour else dev.lines()[0].startswith("P1 power")
    dev.release(key)
    dev.run(40)
    assert scr.game.log[-1][0] == "throw"


@pytest.mark.parametrize("profile", PROFILES)
def test_T6_the_die_just_thrown_blinks_where_it_landed_then_stays(dev_factory, profile):
    dev = dev_factory(profile, seed=4)
    scr = start(dev, [0, 1], ["human", "human"])
    for _ in range(6):  # a throw that lands on a scoring step
        dev.tap(str(scr.seats[scr.who] + 1), ms=750)
        run_until(dev, lambda: scr.stage == "result", 5000)
        if scr.landed:
            break
        run_until(dev, lambda: scr.stage == "aim", 10000)
    assert scr.landed
    shown = []
    while scr.stage == "result":
        drawn = [d for d in scr.view.board.dice[:16] if not d.hidden]
        shown.append(len(drawn))
        dev.run(50)
    n = len(scr.shown)
    assert set(shown) == {n - 1, n}  # it blinks ...
    assert shown[-8:] == [n] * 8  # ... and then stays


# -- issue 29 item 3: the round's scores on the colour display are a score board ---------

S1_HUES = ("red", "blue", "green", "white")  # P1..P4's colours as colour_name reads them


def board_rows(dev):
    """The score board's rows on the 240x240 frame now: [(hue, top, bottom)] of each
    seat's name (lit pixels in the left quarter, in the blank text rows between the
    column heads and the words under the board), top to bottom."""
    from device_helpers import colour_name

    t = dev.app.text
    lines = dev.lines()
    blank = [r for r in range(2, t.rows) if not lines[r].strip()]
    assert blank and blank == list(range(2, 2 + len(blank))), lines  # the board's room
    y0, y1 = 2 * t.cell[1], (2 + len(blank)) * t.cell[1]
    w, _, rgb = shot = dev.screenshot()
    seen = {}
    for y in range(y0, y1):
        for x in range(0, w // 4):
            i = (y * w + x) * 3
            hue = colour_name(rgb[i:i + 3])
            if hue != "off":
                top, bottom = seen.get(hue, (y, y))
                seen[hue] = (min(top, y), max(bottom, y))
    assert shot
    return sorted([(h, a, b) for h, (a, b) in seen.items()], key=lambda r: r[1])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_T5_S1_tft_round_scores_are_a_board_a_large_row_a_seat_best_first(dev_factory, n):
    from test_tumblin_screens import to_summary

    dev = dev_factory("pico_tft", seed=9, frame_ms=2)
    scr = to_summary(dev, n)
    dev.run(100)
    rows = board_rows(dev)
    g = scr.game
    best_first = sorted(range(n), key=lambda s: -g.totals[s])
    assert [h for h, _a, _b in rows] == [S1_HUES[scr.seats[s]] for s in best_first], rows
    font_h = dev.app.text.cell[1] // dev.app.text.scale
    for _h, top, bottom in rows:  # larger type than the text rows' (a cap: 7 font rows)
        assert bottom - top + 1 > 7 * dev.app.text.scale, rows
        assert bottom - top + 1 >= 3 * font_h * 7 // 12 - 1, rows
    assert rows[-1][2] - rows[0][1] >= 30 * n, rows  # the rows use the board's room
    lines = dev.lines()
    assert lines[0] == "Round 1 scores" and "this round" in lines[1] and "total" in lines[1]
    assert lines[-1] == "Up takes back a die." and "Slam a pad to go on." in lines


def test_T5_tft_round_scores_lines_under_the_board_get_their_own_page(dev_factory):
    """With three seats at a table the "Next round" line leaves no room for large rows:
    it comes on a page of its own, the prompt under it; the board's page first."""
    from test_tumblin_screens import page_runs, slow_read_ms, to_summary

    dev = dev_factory("pico_tft", seed=9, frame_ms=2)
    scr = to_summary(dev, 3)
    runs = page_runs(dev, scr, 40000)
    pages = [r for r, _d, _w in runs]
    assert len(pages) >= 3 and pages[0] == pages[2], pages  # the board, the line, the board
    assert pages[0][1].strip() == "this round total", pages
    assert pages[1][1].startswith("Next round: P"), pages
    assert pages[1][-2:] == ["Slam a pad to go on.", "Up takes back a die."], pages
    for rows, d, whole in runs[1:]:  # (the first was up before the runs began)
        if whole and rows == pages[0]:  # the board's words: each seat's line too
            assert d >= slow_read_ms(rows + ["P1 got 30, total 30"] * 3) - 50, (d, rows)
