"""Issue 17 items 1-3: the game-over screen names the winner in big letters (in the seat's
colour where the display has colour, S1); on the small OLED the winner shows under the score
a while before the choices, and a press in that time only brings the choices."""

import device_helpers
import pytest
from device_helpers import S1_COLOUR, colour_name, lit_colours, scores_shown
from hypothesis import given, settings
from hypothesis import strategies as st

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def over(dev, winners, score="P1:6 P2:3 P3:0 P4:3"):
    from slampad.app.over import OverScreen

    chosen = []
    dev.run(300)
    app = dev.app
    app.go(OverScreen(app, winners, score, lambda: chosen.append("rematch")))
    dev.run(40)
    return app.screen, chosen


def big_rows(dev, scr):
    fh = dev.app.text.cell[1]
    return range(scr.big.box[1] // fh, (scr.big.box[1] + scr.big.box[3]) // fh)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_S1_the_tft_shows_the_winner_big_in_the_seats_colour_under_the_choices(dev_factory, seat):
    dev = dev_factory("pico_tft")
    name = "P%d" % (seat + 1)
    scr, _ = over(dev, [name])
    lines = dev.lines()
    assert lines[:4] == ["Winner: " + name, " P1:6 P2:3 P3:0 P4:3", ">Rematch", " Menu"]
    assert scr.big.shown == name + " wins!"
    t = dev.app.text
    x, y, w, h = scr.big.box
    assert y >= 4 * t.cell[1] and y + h == dev.hw.height  # below the four rows, to the bottom
    assert scr.big.group.scale >= 3  # letters at least three times the rows' size
    assert all(lines[r] == "" for r in big_rows(dev, scr))  # no row drawn under it
    seen = lit_colours(dev.screenshot(), (0, y, dev.hw.width, h))
    assert max(seen, key=seen.get) == S1_COLOUR[seat], seen
    assert seen[S1_COLOUR[seat]] > 1000  # big letters, not a thin line


def test_a_draw_is_said_big_in_white(dev_factory):
    dev = dev_factory("pico_tft")
    scr, _ = over(dev, ["P1", "P2"])
    assert dev.lines()[0] == "Draw: P1 P2" and scr.big.shown == "Draw!"
    seen = lit_colours(dev.screenshot(), scr.big.box)
    assert set(seen) == {"white"}, seen


def test_the_oled_shows_the_winner_under_the_score_then_the_choices(dev_factory):
    dev = dev_factory("pico")
    scr, chosen = over(dev, ["P2"])
    assert dev.lines()[:3] == ["Winner: P2", " P1:6 P2:3 P3:0 P4:3", ""]
    assert scr.big.shown == "P2 wins!" and scr.big.group.scale >= 2
    assert scr.big.box[1] == 2 * dev.app.text.cell[1]  # under the score
    assert sum(lit_colours(dev.screenshot(), scr.big.box).values()) > 200
    dev.run(2000)
    assert not dev.shows("Rematch")  # still the winner
    dev.run(600)  # 2.5 s after the screen came
    assert dev.lines()[:4] == ["Winner: P2", " P1:6 P2:3 P3:0 P4:3", ">Rematch", " Menu"]
    assert scr.big.shown == "" and scr.big.group.hidden  # the rows show again
    dev.tap("select")
    assert chosen == ["rematch"]


def test_a_press_while_the_oled_shows_the_winner_brings_the_choices_and_chooses_nothing(
    dev_factory,
):
    dev = dev_factory("pico")
    scr, chosen = over(dev, ["P1"])
    dev.tap("select")
    assert chosen == [] and dev.lines()[2:4] == [">Rematch", " Menu"]
    dev.tap("down")
    assert dev.lines()[2:4] == [" Rematch", ">Menu"]


def test_down_while_the_oled_shows_the_winner_moves_to_menu_at_once(dev_factory):
    dev = dev_factory("pico")
    scr, chosen = over(dev, ["P1"])
    dev.tap("down")  # seen at once: the choices, the cursor on Menu
    assert dev.lines()[2:4] == [" Rematch", ">Menu"] and scr.big.group.hidden
    dev.tap("select")
    assert chosen == [] and type(dev.app.screen).__name__ == "MenuScreen"


def test_the_big_winner_leaves_with_the_screen(dev_factory):
    dev = dev_factory("pico_tft")
    scr, _ = over(dev, ["P1"])
    group = scr.big.group
    assert group in dev.app.text.group
    dev.tap("down")
    dev.tap("select")  # Menu
    dev.run(200)
    assert type(dev.app.screen).__name__ != "OverScreen"
    assert group not in dev.app.text.group


def test_T5_a_team_wins_together_in_white(dev_factory):
    dev = dev_factory("pico_tft")
    scr, _ = over(dev, ["P2+P4"])  # Tumblin' Dice's teams variant (T5)
    assert dev.lines()[0] == "Winner: P2+P4" and scr.big.shown == "P2+P4 win!"
    assert set(lit_colours(dev.screenshot(), scr.big.box)) == {"white"}


SIX = [["P1", 0], ["P2", 3], ["P3", 12], ["P4", 1], ["P5", 0], ["P6", 2]]


def test_S1_the_colour_display_gives_each_seat_a_row_most_first_in_its_colour(dev_factory):
    """Issue 29 item 3: every game's end (Wildside's dice, Tumblin's and Go Wild!'s points)
    on the 240x240 is a board: a row a seat, most first, the numbers under each other, each
    row in its seat's colour."""
    from slampad.app.over import OverScreen
    from slampad.app.scores import board
    from slampad.app.ui import SEAT_COLOURS, rgb

    dev = dev_factory("pico_tft")
    dev.run(300)
    app = dev.app
    app.go(OverScreen(app, ["P3"], board(app.text, SIX, "die", "dice"), lambda: None))
    dev.run(3000)  # six rows leave no room for the winner big: it is shown alone first
    want = [" P3  12 dice", " P2   3 dice", " P6   2 dice", " P4   1 die", " P1   0 dice",
            " P5   0 dice"]  # ties in seat order
    assert dev.lines()[:9] == ["Winner: P3"] + want + [">Rematch", " Menu"], dev.lines()
    shot = dev.screenshot()
    h = app.text.cell[1]
    for r, seat in zip(range(1, 7), (2, 1, 5, 3, 0, 4), strict=True):
        seen = lit_colours(shot, (0, r * h, dev.hw.width, h))
        assert max(seen, key=seen.get) == colour_name(rgb(SEAT_COLOURS[seat])), (r, seen)
    assert colour_name(rgb(SEAT_COLOURS[4])) not in ("white", "off")  # P5 is told apart


def test_the_oled_says_what_the_numbers_are_and_leaves_no_seat_out(dev_factory):
    """Tumblin's end used to show the seats that fit one row and drop the rest."""
    from slampad.app.over import OverScreen
    from slampad.app.scores import board

    dev = dev_factory("pico")
    dev.run(300)
    app = dev.app
    six = [["P%d" % (s + 1), 100 + 7 * s] for s in range(6)]
    app.go(OverScreen(app, ["P6"], board(app.text, six, "point"), lambda: None))
    dev.run(3000)  # the winner alone a while, then the choices
    lines = dev.lines()
    assert lines[1].startswith(" Points: P6 135"), lines
    assert scores_shown(lines) == six[::-1], lines
    assert lines[-2:] == [">Rematch", " Menu"] or ">Rematch" in lines, lines


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 999), min_size=1, max_size=6), st.integers(12, 30))
def test_the_oled_board_holds_every_seat_once_most_first_never_split(points, cols):
    from slampad.app.scores import board

    class Text:
        colour = False

    Text.cols = cols + 1
    entries = [["P%d" % (s + 1), n] for s, n in enumerate(points)]
    rows = board(Text, entries, "point")
    assert rows[0].startswith("Points:")
    assert all(len(r) <= cols for r in rows), rows
    best = sorted(range(len(points)), key=lambda s: (-points[s], s))
    assert scores_shown(["title"] + rows) == [entries[s] for s in best]


@pytest.mark.parametrize(
    "line,seat",
    [("P3 wins", 2), (" P2  12 dice", 1), (">P6 bot hard", 5), ("P1+P3  40 points", 0),
     ("P5's die", 4), ("P4: go", 3), ("P4, P1", 3), ("Points: P3 21", None), ("P7 x", None),
     ("Play", None), ("P2", None), ("", None)],
)
def test_S1_a_line_naming_a_seat_first_is_in_its_colour(line, seat):
    from slampad.app.ui import SEAT_COLOURS, WHITE, seat_colour

    assert seat_colour(line) == (WHITE if seat is None else SEAT_COLOURS[seat])
    assert seat_colour(line, 7) == (7 if seat is None else SEAT_COLOURS[seat])
