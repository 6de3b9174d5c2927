"""A screenshot test per screen (issue 3, Tests): menu, settings, join, ready, countdown,
round window, choose, ruling and game over, on the 128x64 mono OLED (pico) and the
240x240 colour TFT (pico_tft). Each checks the rendered rows (the glyph tiles, one row per font
height, nothing wider than the display's columns) against what the glass shows: lit
pixels in every non-empty row's band, none in an empty row's. On the colour display
the seat rows are in the S1 seat colours. Then the MacroPad: encoder menus and seat
colours on its key pixels."""


import device_helpers
import pytest
from device_helpers import (
    GLYPH,
    PADS,
    S1_COLOUR,
    Slammers,
    WidthCheck,
    colour_name,
    join_and_start,
    move_cursor,
    scores_shown,
    seat_row,
    seat_rows,
    set_faces,
    until_stage,
)

SCREENS = (
    "menu", "settings", "join", "ready", "countdown", "window", "choose", "ruling",
    "game over",
)  # fmt: skip

# The shared fixtures (tests/device_helpers.py).
shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def band(text, r):
    fh = text.cell[1]
    return (0, r * fh, text.display.width, (r + 1) * fh)


def without_list_look(dev, shot):
    """``shot`` with a list's dressing on the colour display (app/listlook.py) taken
    out: its bars' colour blanked, its icons' cells too; the words and arrows stay."""
    look = dev.app.text._look
    if look is None:
        return shot
    from slampad.app.listlook import BAND, BAR

    w, h, rgb = shot
    rgb = bytearray(rgb)
    fills = [(c >> 16 & 255, c >> 8 & 255, c & 255) for c in (BAND, BAR)]
    for i in range(0, len(rgb), 3):
        px = rgb[i : i + 3]
        # The panel's 16-bit colour rounds a fill a little.
        if any(all(abs(px[k] - f[k]) <= 8 for k in range(3)) for f in fills):
            rgb[i : i + 3] = b"\0\0\0"
    t = dev.app.text
    fw, fh = t.cell
    for r, (g, _glyph) in enumerate(look.icons):
        if not g.hidden:
            for y in range(r * fh, (r + 1) * fh):
                i = (y * w + (t.cols - 3) * fw) * 3
                rgb[i : i + 2 * fw * 3] = bytes(2 * fw * 3)
    return (w, h, bytes(rgb))


def check_screen(dev, name, seat_pads=()):
    """Rows and screenshot agree, row by row (as drawn: row 0 with the battery corner,
    issue 9); returns the lines as the screen set them."""
    from simhw import lit_pixels

    text = dev.app.text
    lines = list(text.drawn)
    assert lines[1:] == dev.lines()[1:] and lines[0].startswith(dev.lines()[0].rstrip())
    fw, fh = text.cell
    scale = 2 if dev.hw.width >= 200 else 1
    assert text.scale == scale and text.cell == (6 * scale, 12 * scale)  # terminalio's font
    assert text.cols == dev.hw.width // fw
    assert text.rows == dev.hw.height // fh
    assert len(text.labels) == len(lines) == text.rows
    shot = without_list_look(dev, dev.screenshot())
    assert shot[:2] == (dev.hw.width, dev.hw.height)
    w, _, rgb = shot
    # Big words and pictures a screen draws over the rows (Wildside's countdown, its
    # ruling's picture on a blank message row): their rows are checked for the text's
    # glyphs only, and the picture for being drawn.
    parts = getattr(dev.app.screen, "view", None) or dev.app.screen  # a play screen's view's
    big = [p for p in (getattr(parts, n, None) for n in ("big", "shout", "ruling"))
           if p is not None and p.shown]  # fmt: skip
    for b in big:
        x0, y0, bw, bh = b.box
        assert lit_pixels(shot, (x0, y0, x0 + bw, y0 + bh)) > 0, (name, b)
    # Wildside's own layout on the 240x240 display moves its rows (app/wildside/tft.py):
    # in order, none over another, the rows it has no room for blank and off the glass;
    # every other screen keeps them on the font's grid.
    icons = getattr(parts, "icons", None)
    moved = icons is not None and scale > 1
    tops = [row.y * scale for row, _label in text.labels]
    if moved:
        on = [y for y in tops if y + fh <= dev.hw.height]
        assert on == tops[: len(on)] and len(on) >= len(seat_pads) + 4, (name, tops)
        assert all(on[i + 1] >= on[i] + fh for i in range(len(on) - 1)), (name, tops)
        assert not any(x.strip() for x in lines[len(on) :]), (name, lines)
    else:
        assert tops == [r * fh for r in range(text.rows)], (name, tops)

    # A list's scroll arrows sit in the last column of their rows.
    arrows = [m.y * scale // fh for m in (text._marks or ()) if not m.hidden]
    right = (text.cols - 1) * fw  # where an arrow starts

    def under_big(r):
        return any(b.box[1] < tops[r] + fh and tops[r] < b.box[1] + b.box[3] for b in big)

    def band(text, r):
        return (0, tops[r], text.display.width, min(dev.hw.height, tops[r] + fh))

    for r, (row, label) in enumerate(text.labels):
        assert row.x == 0 and label.anchored_position == (0, 0), (name, r)
        assert label.text == lines[r].rstrip(), (name, r)  # the label shows the line
        assert len(lines[r]) <= text.cols
        lit = lit_pixels(shot, band(text, r))
        if under_big(r):
            continue
        if lines[r].strip():
            assert lit > 0, (name, r, lines[r])
            # Nothing past the line's last character.
            end = len(lines[r].rstrip()) * fw
            stop = right if r in arrows else dev.hw.width
            assert lit_pixels(shot, (end, tops[r], stop, tops[r] + fh)) == 0, (name, r)
        elif r not in arrows:
            assert lit == 0, (name, r, lines)
        if r in arrows:
            assert len(lines[r].rstrip()) < text.cols, (name, r)  # the arrow hides no text
            assert lit_pixels(shot, (right, tops[r], dev.hw.width, tops[r] + fh)) > 0, (name, r)
    # Below the last row (a part row of pixels): nothing.
    assert lit_pixels(shot, (0, text.rows * fh * scale, w, dev.hw.height)) == 0
    # Wildside draws each seat's dice as icons in their faces' colours (W1), in the
    # row's cells its text leaves blank (the OLED: cells 4-13).
    if icons is not None:
        dice_x = (icons.cell(0, 0)[0], icons.cell(0, 5)[0])
        assert moved or dice_x == (4 * fw, 14 * fw), dice_x
    if dev.hw.colour:
        for r in range(text.rows):
            x0, y0, x1, y1 = band(text, r)
            names = set()
            for y in range(y0, y1):
                for x in range(x0, x1):
                    if icons and r < len(seat_pads) and dice_x[0] <= x < dice_x[1]:
                        continue
                    i = (y * w + x) * 3
                    if rgb[i] or rgb[i + 1] or rgb[i + 2]:
                        names.add(colour_name(rgb[i : i + 3]))
            if r < len(seat_pads):  # S1: a seat's row in its seat's colour
                assert names == {S1_COLOUR[seat_pads[r]]}, (name, r, names)
            elif lines[r].strip():  # in the colour the screen gave it (a list's title: gold)
                c = text.colours[r]
                want = colour_name((c >> 16 & 255, c >> 8 & 255, c & 255))
                extra = {"white"} if r == 0 else set()  # the battery icon
                assert want in names and names <= {want} | extra, (name, r, names)
    return dev.lines()


def text_corner(dev):
    return dev.app.text.drawn[0][len(dev.lines()[0]) :].strip()


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_every_screen_renders_its_rows(dev_factory, profile):
    dev = dev_factory(profile, seed=9)
    width = WidthCheck(dev)
    seen = []

    def check(name, seat_pads=()):
        seen.append(name)
        return check_screen(dev, name, seat_pads)

    lines = check("menu")
    assert lines[0] == "Pick a game" and ">Wildside" in lines
    assert text_corner(dev) == "USB"  # on USB power (the sim's default)
    dev.tap("up")  # wraps to Settings
    dev.tap("select")
    lines = check("settings")
    assert lines[0] == "How bright LEDs glow" and lines[1] == ">Brightness 30%"
    dev.tap("up")
    dev.tap("select")  # Back
    assert dev.shows(">Wildside")
    dev.run(3000)  # the settings note passes
    join_and_start(dev, [0, 1, 2], {3: "hard"}, start=False)
    dev.run(2600)
    lines = check("join")
    assert lines[:2] == ["Slam to join", ">START Wildside"]
    assert " P1 player" in lines and " P3 player" in lines
    dev.tap("select")
    scr = dev.app.screen
    pads = scr.pads
    lines = check("ready", pads)
    assert [r["glyphs"] for r in seat_rows(dev)[:4]] == [["?"] * 3] * 4
    for p in (0, 1, 2):
        dev.tap(PADS[p])
    until_stage(dev, "count", 6000)
    dev.run(50)
    lines = check("countdown", pads)
    assert lines[4].startswith("Round 1: 3")
    until_stage(dev, "window", 2000)
    set_faces(
        scr,
        [
            ["wild", "moon", "star"],  # P1 matches P2 (moon) and P3 (moon and star)
            ["wild", "moon", "drop"],
            ["wild", "star", "moon"],
            ["bolt", "bolt", "drop"],
        ],
    )
    dev.run(20)
    lines = check("window", pads)
    assert [r["glyphs"] for r in seat_rows(dev)[:4]] == [
        ["*", "C", "S"], ["*", "C", "D"], ["*", "S", "C"], ["Z", "Z", "D"]]  # fmt: skip
    dev.run(130)
    dev.tap("1", after=10)
    assert scr.stage == "choose"
    lines = check("choose", pads)
    # One message row: the highlight shows first (W5), the hint on the next page.
    assert lines[4] == "P1: take 2 from P3?" and scr.msgs[1] == "P1: slam to change"
    until_stage(dev, "result", 3100)
    dev.run(20)
    lines = check("ruling", pads)
    assert " ".join(scr.msgs) == "P3 gives P1 2 dice. P1's dice match P3's: moon and star."
    assert [seat_row(x)["total"] for x in lines[:4]] == [5, 3, 1, 3]
    assert scr.view.ruling.shown and lines[4] == ""  # its picture first, on a row of its own
    if not dev.hw.colour:  # one message row: the picture stands for the match line
        assert scr.view.msgs_lines == ["", "P3 gives P1 2 dice."], scr.view.msgs_lines
    # Round 2: P3's last die (a moon) against P1's wild: P1 takes it and P3 is out.
    until_stage(dev, "window", 6000)
    set_faces(
        scr,
        [["wild", "moon", "star", "drop", "bolt"], ["star", "star", "drop"], ["moon"],
         ["bolt", "bolt", "drop"]],
    )  # fmt: skip
    dev.run(150)
    dev.tap("1")
    assert " ".join(scr.msgs).startswith("P3 gives P1 a die. P1 matches P3: moon.")
    # four lines and the picture, a row at a time, then the OLED's big winner (2.5 s)
    assert dev.run_until("Rematch", 11000)
    dev.run(20)
    lines = check("game over")
    assert lines[0] == "Winner: P1"
    assert scores_shown(lines) == [["P1", 6], ["P2", 3], ["P4", 3], ["P3", 0]], lines  # most first
    assert lines[lines.index(">Rematch") + 1] == " Menu", lines
    assert seen == list(SCREENS)
    assert width.too_wide == []


def test_settings_screen_changes_show(dev_factory):
    dev = dev_factory("pico_tft")
    dev.tap("up")
    dev.tap("select")
    dev.tap("select")  # brightness 30 -> 50
    lines = check_screen(dev, "settings")
    assert lines[1] == ">Brightness 50%"
    assert " ".join(lines[:1]) == "Saved when you leave"
    assert dev.hw.pixels.brightness == pytest.approx(0.5)
    dev.tap("down")
    dev.tap("select")  # sound off
    assert dev.app.cfg["sound"] == 0 and dev.hw.sound is not None
    dev.tap("down")
    dev.tap("select")
    dev.tap("down")
    dev.tap("select")  # look window 5 s -> 6 s
    lines = check_screen(dev, "settings")
    assert " Sound off" in lines and " New bots: hard" in lines and ">Look window 6s" in lines
    assert dev.app.cfg["look_ms"] == 6000


def test_macropad_plays_with_the_encoder_and_key_pixel_seat_colours(dev_factory):
    dev = dev_factory("macropad", seed=4, settings={"SLAMPAD_BRIGHTNESS": "100"})
    assert dev.hw.dice_pixels is None and dev.hw.seat_pixels == [[0], [2], [9], [11]]
    check_screen(dev, "menu")
    dev.tap("down")  # an encoder turn
    assert dev.shows(">Go Wild!")
    dev.tap("up")
    assert dev.shows(">Wildside")
    dev.tap("select")  # the encoder's switch
    assert dev.shows("Slam to join")
    dev.tap("1")
    dev.tap("4")
    move_cursor(dev, 0, 2)
    dev.tap("select")  # P2: a bot at the Settings' level (normal)
    assert dev.shows(">P2 bot normal")
    dev.run(400)
    px = dev.pixels()
    # S1 on the key pixels: P1 red, P2 blue, P4 white; the empty seat P3 dark.
    assert [colour_name(px[i]) for i in (0, 2, 9, 11)] == ["red", "blue", "off", "white"]
    assert all(px[i] == (0, 0, 0) for i in range(12) if i not in (0, 2, 9, 11))
    move_cursor(dev, 2, 0)
    dev.tap("select")
    scr = dev.app.screen
    assert scr.pads == [0, 1, 3]
    flashes = []

    def watch(d):
        s = d.app.screen
        if getattr(s, "stage", None) == "window" and s.game.slams == {}:
            rows = seat_rows(d)
            if all(rows):  # W1: the dice are drawn on the display, as icons
                for i, row in enumerate(rows):
                    if row["glyphs"] != ["?"] * len(row["glyphs"]):
                        assert row["glyphs"] == [GLYPH[f] for f in s.game.rolled[i]]
        if getattr(s, "stage", None) == "result" and s.slammer is not None:
            flashes.append(d.pixels()[d.hw.seat_pixels[s.pads[s.slammer]][0]])

    dev.humans = Slammers([0, 3], on_frame=watch)
    assert dev.run_until("Rematch", 1_500_000, step_ms=200), dev.lines()
    dev.humans = None
    g = scr.game
    assert g.is_over() and sum(g.dice) + g.pool == 9
    best = sorted(range(3), key=lambda s: (-g.dice[s], s))  # most first, then seat order
    assert scores_shown(dev.lines()) == [["P%d" % (scr.pads[s] + 1), g.dice[s]] for s in best]
    # A slam lights the slammer's key white (slam feedback) until the next round.
    assert flashes and (255, 255, 255) in flashes
    check_screen(dev, "game over")
    dev.tap("down")  # encoder to Menu
    dev.tap("select")
    assert type(dev.app.screen).__name__ == "MenuScreen"
