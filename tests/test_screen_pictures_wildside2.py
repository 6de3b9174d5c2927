"""Issue 17 items 2 and 3 for Wildside: the ruling as one picture (who took how many dice
from whom, and on which symbol), and the 240x240 colour display's own layout that fills
the screen. Each test renders frames (dev.screenshot()) and looks for the sprites by
their pixels: the icons' art (app/wildside/icons.py ART and MARKS) and the font's glyphs,
found where they should be, on the 128x64 OLED (pico) and the TFT (pico_tft)."""

import device_helpers
import pytest
from device_helpers import (
    S1_COLOUR,
    W1_COLOUR,
    colour_name,
    join_and_start,
    lit_colours,
    ready_up,
    run_until,
    set_faces,
    until_stage,
)

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

PROFILES = ("pico", "pico_tft")
SIZE = 10  # an icon's art, in pixels before scaling (icons.SIZE)


def table(dev_factory, profile, pads, seed=9):
    dev = dev_factory(profile, seed=seed)
    join_and_start(dev, list(pads), {})
    scr = ready_up(dev, pads)
    return dev, scr


def to_window(dev, scr, faces, dice=None, pool=None):
    until_stage(dev, "window", 6000)
    set_faces(scr, faces, dice=dice, pool=pool)
    dev.run(150)


def art_of(name):
    from slampad.app.wildside import icons

    if name in icons.FACES:
        return icons.ART[icons.FACES.index(name)]
    return {"left": icons.MARKS[0], "right": icons.MARKS[1], "die": icons.MARKS[2]}[name]


def glyph_mask(text):
    """The built-in font's pixels for ``text``: rows of booleans, one cell a character."""
    import terminalio

    font = terminalio.FONT
    fw, fh = font.get_bounding_box()
    rows = [[] for _ in range(fh)]
    for ch in text:
        t = font.get_glyph(ord(ch)).tile_index
        for y in range(fh):
            rows[y] += [bool(font.bitmap[t * fw + x, y]) for x in range(fw)]
    return rows


def icon_mask(name):
    art = art_of(name)
    return [[bool(art[y] & (1 << (SIZE - 1 - x))) for x in range(SIZE)] for y in range(SIZE)]


def find(shot, mask, scale, box):
    """Every (x, y) where ``mask``, drawn at ``scale`` wholly inside ``box`` (x0, y0, x1,
    y1 on the glass), is exactly what the glass shows (lit where set, dark elsewhere)."""
    width, height, rgb = shot
    h, w = len(mask), len(mask[0])
    x0, y0, x1, y1 = box
    out = []
    for y in range(max(0, y0), min(height, y1) - h * scale + 1):
        for x in range(max(0, x0), min(width, x1) - w * scale + 1):
            ok = True
            for my in range(h):
                base = (y + my * scale) * width
                for mx in range(w):
                    i = (base + x + mx * scale) * 3
                    if bool(rgb[i] or rgb[i + 1] or rgb[i + 2]) != mask[my][mx]:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                out.append((x, y))
    # At scale k a sprite matches k x k times (every sample in its pixels): one each.
    got = set(out)
    return [(x, y) for x, y in out if (x - 1, y) not in got and (x, y - 1) not in got]


def colours_in(shot, x, y, w, h):
    return set(lit_colours(shot, (x, y, w, h)))


def picture_band(dev, scr):
    """The glass rows of the ruling's picture: the first message row, under the seats."""
    t = dev.app.text
    k = t.scale
    y = t.labels[len(scr.pads)][0].y * k  # the first message row
    icons = scr.view.icons
    seats_end = max(
        t.labels[len(scr.pads) - 1][0].y * k + t.cell[1],
        icons.cell(len(scr.pads) - 1, 0)[1] + icons.th * icons.group.scale,
    )
    assert y >= seats_end - 1, (y, seats_end)  # under every seat row and its dice
    return (0, y, dev.hw.width, y + t.cell[1]), k


def xs(found):
    return sorted({x for x, _ in found})


@pytest.mark.parametrize("profile", PROFILES)
def test_W3_the_ruling_picture_shows_collector_arrow_the_dice_taken_on_their_symbol_and_victim(
    dev_factory, profile
):
    """W3: P2 takes two dice on moon from P1: "P2 <-[moon][moon] P1", left to right, the two
    moons drawn as the moon icon (green on the TFT), the names in their seat colours."""
    dev, scr = table(dev_factory, profile, (0, 1, 2, 3))
    faces = [["wild", "moon", "moon", "star"], ["wild", "moon", "moon", "drop"],
             ["star"] * 3, ["bolt"]]  # fmt: skip
    to_window(dev, scr, faces, dice=[4, 4, 3, 1], pool=0)
    dev.tap("2")
    until_stage(dev, "result", 100)
    assert scr.msgs == ["P1 gives P2 2 dice.", "P2 matches P1: moon."]
    dev.run(20)
    shot = dev.screenshot()
    box, k = picture_band(dev, scr)
    moons = xs(find(shot, icon_mask("moon"), k, box))
    arrows = xs(find(shot, icon_mask("left"), k, box))
    p2 = xs(find(shot, glyph_mask("P2"), k, box))
    p1 = xs(find(shot, glyph_mask("P1"), k, box))
    assert len(moons) == 2 and len(arrows) == 1 and len(p2) == 1 and len(p1) == 1, (
        moons, arrows, p2, p1)  # fmt: skip
    assert p2[0] < arrows[0] < moons[0] < moons[1] < p1[0]
    for other in ("star", "drop", "bolt", "wild", "die", "right"):
        assert not find(shot, icon_mask(other), k, box), other  # only the symbol matched on
    # Whole on the glass, centred.
    right = p1[0] + 12 * k
    assert p2[0] >= 0 and right <= dev.hw.width
    assert abs(p2[0] - (dev.hw.width - right)) <= 2 * k
    if dev.hw.colour:
        y = box[1]
        assert colours_in(shot, p2[0], y, 12 * k, 12 * k) == {S1_COLOUR[1]}
        assert colours_in(shot, p1[0], y, 12 * k, 12 * k) == {S1_COLOUR[0]}
        assert colours_in(shot, moons[0], y, 10 * k, 12 * k) == {W1_COLOUR["moon"]}
    # The words stay: under the picture, or on the OLED's one message row, after it.
    if scr.view.room >= 3:
        assert dev.lines()[5:7] == scr.msgs
    else:
        run_until(dev, lambda: not scr.view.ruling.shown, 3000)
        assert dev.lines()[4] == "P1 gives P2 2 dice."
        assert not find(dev.screenshot(), icon_mask("moon"), k, box)


@pytest.mark.parametrize("profile", PROFILES)
def test_W8_a_wrong_slam_shows_its_die_going_to_the_pool_and_a_match_takes_the_pool(
    dev_factory, profile
):
    dev, scr = table(dev_factory, profile, (0, 1))
    to_window(dev, scr, [["star", "bolt", "drop"], ["moon", "moon", "moon"]])
    dev.tap("1")  # no match: P1 loses a die to the pool
    until_stage(dev, "result", 100)
    dev.run(20)
    assert scr.msgs == ["P1 slammed: no match", "P1 loses a die"]
    shot = dev.screenshot()
    box, k = picture_band(dev, scr)
    p1 = xs(find(shot, glyph_mask("P1"), k, box))
    die = xs(find(shot, icon_mask("die"), k, box))
    arrow = xs(find(shot, icon_mask("right"), k, box))
    pool = xs(find(shot, glyph_mask("pool"), k, box))
    assert len(p1) == len(die) == len(arrow) == len(pool) == 1, (p1, die, arrow, pool)
    assert p1[0] < die[0] < arrow[0] < pool[0]
    if dev.hw.colour:
        assert colours_in(shot, p1[0], box[1], 12 * k, 12 * k) == {S1_COLOUR[0]}
    # Next round P2 matches P1: one die on star, plus the pool's one die.
    to_window(dev, scr, [["wild", "star"], ["wild", "star", "bolt"]])
    assert scr.game.pool == 1
    dev.tap("2")
    until_stage(dev, "result", 100)
    dev.run(20)
    assert scr.msgs[:2] == ["P1 gives P2 a die.", "P2 gets a pool die."]
    shot = dev.screenshot()
    stars = xs(find(shot, icon_mask("star"), k, box))
    plus = xs(find(shot, glyph_mask("+1"), k, box))
    die = xs(find(shot, icon_mask("die"), k, box))
    p1 = xs(find(shot, glyph_mask("P1"), k, box))
    assert len(stars) == len(plus) == len(die) == len(p1) == 1, (stars, plus, die, p1)
    assert stars[0] < p1[0] < plus[0] < die[0]  # the pool's die comes with, after the victim


@pytest.mark.parametrize("profile", PROFILES)
def test_W12_the_picture_takes_no_longer_to_show_than_the_words_alone(dev_factory, profile):
    """Three seats on the OLED leave two message rows: the picture stands for the line
    it draws ("P1 matches P3: star."), so the ruling is one page, as its two lines were. The
    TFT has the rows for the picture and every line."""
    dev, scr = table(dev_factory, profile, (0, 1, 2))
    to_window(dev, scr, [["wild", "star", "bolt"], ["drop", "drop", "moon"], ["wild", "star"]],
              dice=[3, 3, 2], pool=1)  # fmt: skip
    dev.tap("1")
    until_stage(dev, "result", 100)
    dev.run(20)
    assert scr.msgs == ["P3 gives P1 a die.", "P1 gets a pool die.", "P1 matches P3: star."]
    n = 3
    rows = dev.lines()[n:]
    if profile == "pico":
        assert rows == ["", "P3 gives P1 a die."] and scr.pages() == 2
        assert scr.view.msgs_lines == ["", "P3 gives P1 a die.", "P1 gets a pool die."]
    else:
        assert rows[:4] == [""] + scr.msgs and scr.pages() == 1
    box, k = picture_band(dev, scr)
    shot = dev.screenshot()
    assert len(find(shot, icon_mask("star"), k, box)) == 1  # the symbol, drawn
    assert len(find(shot, glyph_mask("+1"), k, box)) == 1


def test_W4_W6_W7_the_pictures_of_an_all_wild_match_a_dead_heat_and_nobody():
    """The picture's parts from the rules core's events: an all-wild match takes one die,
    drawn wild; a dead heat names the seats with no dice moving; nobody slammed: none."""
    from slampad.app.wildside import icons
    from slampad.app.wildside.ruling import parts

    pads = [2, 0, 3]  # seat -> pad: the picture names pads, as the screen does
    rolled = [["wild", "wild"], ["moon", "star", "wild"], ["bolt"]]
    got = parts([("match", 1, 0, 1, 1)], rolled, pads)
    assert got == [("seat", 0), ("tiles", [icons.LEFT, icons.tile_of("wild")]), ("seat", 2)]
    rolled = [["wild", "moon", "star", "star"], ["wild", "star", "star", "moon"], ["bolt"]]
    got = parts([("match", 0, 1, 3, 5)], rolled, pads)
    moon, star = icons.tile_of("moon"), icons.tile_of("star")
    assert got == [("seat", 2), ("tiles", [icons.LEFT, moon, star, star]), ("seat", 0),
                   ("note", "+2"), ("tiles", [icons.DIE])]  # fmt: skip
    got = parts([("dead_heat", [0, 2])], rolled, pads)
    assert got == [("seat", 2), ("note", "="), ("seat", 3)]
    got = parts([("false_start", 1), ("penalty", [1])], rolled, pads)
    assert got == [("seat", 0), ("tiles", [icons.DIE, icons.RIGHT]), ("note", "pool")]
    assert parts([("none",)], rolled, pads) == []


@pytest.mark.parametrize("profile", PROFILES)
def test_W7_nobody_slammed_draws_no_picture(dev_factory, profile):
    dev, scr = table(dev_factory, profile, (0, 1))
    to_window(dev, scr, [["star", "bolt", "drop"], ["moon", "moon", "moon"]])
    until_stage(dev, "result", 6000)
    dev.run(20)
    assert scr.msgs == ["Nobody slammed", "Roll again"] and not scr.view.ruling.shown
    box, k = picture_band(dev, scr)
    shot = dev.screenshot()
    assert not find(shot, icon_mask("left"), k, box) and not find(shot, icon_mask("die"), k, box)


def test_the_tft_seat_rows_fill_the_height_with_dice_three_times_the_size(dev_factory):
    """The 240x240 display's own layout: four seat rows spread over the top 60 %, each
    seat's dice drawn at three times their size beside its name, its count as tall."""
    dev, scr = table(dev_factory, "pico_tft", (0, 1, 2, 3))
    faces = [["moon", "star", "wild"], ["bolt", "drop", "moon"], ["star"] * 3,
             ["wild", "bolt", "drop"]]  # fmt: skip
    to_window(dev, scr, faces)
    shot = dev.screenshot()
    width, height, _ = shot
    names = []
    for s in range(4):
        found = find(shot, glyph_mask("P%d" % (s + 1)), 2, (0, 0, 40, 160))
        assert len(found) == 1, (s, found)
        names.append(found[0])
        x, y = found[0]
        assert colours_in(shot, x, y, 24, 24) == {S1_COLOUR[s]}
        # Its dice, each face's art at scale 3 in W1's colour, on the seat's own row.
        for face in set(faces[s]):
            at = find(shot, icon_mask(face), 3, (x + 24, y - 12, width, y + 36))
            assert len(at) == faces[s].count(face), (s, face, at)
            for ax, ay in at:
                assert colours_in(shot, ax, ay, 30, 30) == {W1_COLOUR[face]}, (s, face)
        # Its count (3): the digit's glyph three times the text's scale, at the right.
        digit = find(shot, glyph_mask("3"), 3, (width - 40, y - 12, width, y + 36))
        assert len(digit) == 1 and colours_in(shot, *digit[0], 18, 36) == {S1_COLOUR[s]}
    ys = [y for _, y in names]
    assert ys == sorted(ys) and min(ys[i + 1] - ys[i] for i in range(3)) >= 34
    assert ys[3] - ys[0] >= 0.4 * height  # the seats spread over the height (not 72 px)
    # Under the seats, the message rows reach the bottom: nothing of the glass unused.
    t = dev.app.text
    tops = [t.labels[r][0].y * 2 for r in range(4, t.rows)]
    on = [y for y in tops if y + 24 <= height]
    assert on[0] >= ys[3] + 24 and height - (on[-1] + 24) < 24, tops


@pytest.mark.parametrize("profile", PROFILES)
def test_the_countdown_and_slam_fill_the_free_message_rows(dev_factory, profile):
    """3-2-1 big, under the message's words; on the TFT "SLAM!" too, at least five
    times the text (the OLED: the countdown beside the seats, "SLAM!" in words)."""
    from simhw import lit_pixels

    dev, scr = table(dev_factory, profile, (0, 1, 2, 3))
    run_until(dev, lambda: scr.view.big.shown == "2", 3000)
    t = dev.app.text
    x0, y0, w, h = scr.view.big.box
    shot = dev.screenshot()
    assert lit_pixels(shot, (x0, y0, x0 + w, y0 + h)) > 100
    if profile == "pico_tft":
        assert scr.view.big.group.scale >= 5
        words = t.labels[4][0].y * 2  # "Round 1: 2 ..." stays readable above it
        assert dev.lines()[4].startswith("Round 1: 2") and y0 >= words + 24
        until_stage(dev, "window", 3000)
        dev.run(20)
        assert scr.view.shout.shown == "SLAM!" and scr.view.shout.group.scale >= 5
    else:
        assert scr.view.big.group.scale >= 3 and x0 >= 17 * t.cell[0]  # right of the counts
        assert scr.view.shout is None


@pytest.mark.parametrize("profile", PROFILES)
def test_leaving_puts_the_text_rows_back_for_the_next_screen(dev_factory, profile):
    dev, scr = table(dev_factory, profile, (0, 1))
    dev.run(50)
    t = dev.app.text
    moved = [t.labels[r][0].y for r in range(t.rows)]
    assert (moved != [r * 12 for r in range(t.rows)]) == (profile == "pico_tft")
    dev.app.to_menu()
    dev.run(50)
    assert [t.labels[r][0].y for r in range(t.rows)] == [r * 12 for r in range(t.rows)]
    assert scr.view.icons is None and scr.view.ruling is None
    assert len(t.group) == 1  # only the rows: every picture went with the game


def test_on_the_tft_a_matchs_die_flies_between_the_spread_rows_at_the_dice_size(dev_factory):
    """The flying die (driven by the frame loop, slamview.SlamView.tick) keeps to the TFT's own
    layout: from the victim's dice to the collector's, drawn as big as the dice."""
    from slampad.app.wildside import icons, slamview

    dev, scr = table(dev_factory, "pico_tft", (0, 1, 2))
    to_window(dev, scr, [["wild", "bolt", "drop"], ["star", "star", "star"],
                         ["wild", "bolt", "moon"]])  # fmt: skip
    dev.tap("3")  # P3 matches P1 on bolt
    until_stage(dev, "result", 100)
    f, rows = scr.view.icons.flyer, scr.view.icons
    k = rows.group.scale
    assert k == 3
    seen = []
    for _ in range(slamview.FLY_MS // 20 + 5):
        if not f.hidden:
            seen.append((f.x, f.y))
            # The bolt's art, three times its size, in flight (over other dice maybe: every
            # pixel of the bolt lit, and in the bolt's red).
            x, y = rows.group.x + f.x * k, rows.group.y + f.y * k
            width, _, rgb = shot = dev.screenshot()
            mask = icon_mask("bolt")
            for my in range(SIZE):
                for mx in range(SIZE):
                    if mask[my][mx]:
                        i = ((y + my * k) * width + x + mx * k) * 3
                        assert colour_name(rgb[i : i + 3]) == "red", (x, y, mx, my)
            assert shot
        dev.run(20)
    assert f.hidden and len(seen) >= 10
    ys = [y for _, y in seen]
    mid01, mid12 = (rows.ys[0] + rows.ys[1]) // 2, (rows.ys[1] + rows.ys[2]) // 2
    assert ys == sorted(ys) and ys[0] < mid01 and ys[-1] > mid12, ys  # from P1's row to P3's
    assert f[0] == icons.tile_of("bolt")


def test_S1_a_ruling_line_about_one_seat_is_in_its_colour(dev_factory):
    """Issue 29: on the colour display a ruling's line that starts with a seat ("P2 matches
    P1: moon.") is drawn in that seat's S1 colour (each of a match's lines starts with one)."""
    dev, scr = table(dev_factory, "pico_tft", (0, 1, 2, 3))
    faces = [["wild", "moon", "moon", "star"], ["wild", "moon", "moon", "drop"],
             ["star"] * 3, ["bolt"]]  # fmt: skip
    to_window(dev, scr, faces, dice=[4, 4, 3, 1], pool=0)
    dev.tap("2")
    until_stage(dev, "result", 100)
    dev.run(20)
    t = dev.app.text
    lines = dev.lines()
    r = lines.index("P2 matches P1: moon.")
    y = t.labels[r][0].y * t.scale
    drawn = colours_in(dev.screenshot(), 0, y, dev.hw.width, t.cell[1])
    assert t.colours[r] == 0x3060FF and drawn == {S1_COLOUR[1]}, drawn  # P2 blue
    assert t.colours[lines.index("P1 gives P2 2 dice.")] == t.colours[0]  # P1's, as its row
