"""Issue 17 item 2: game state is drawn, not spelled. A rendered frame of a game's main
screen has the expected pictures at the expected places, on the OLED and the TFT."""

import device_helpers
import pytest
from device_helpers import (
    W1_COLOUR,
    colour_name,
    join_and_start,
    ready_up,
    run_until,
    set_faces,
    until_stage,
)

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

ROLLS = [
    ["moon", "star", "wild"],
    ["bolt", "drop", "moon"],
    ["star", "star", "star"],
    ["wild", "bolt", "drop"],
]


def icon_cell(dev, row, die):
    """The glass pixels of die ``die``'s cell on seat row ``row``: (x0, y0, scale). The
    OLED: the text row's cells 4 and on, two cells a die; the 240x240 display places
    the dice itself (app/wildside/tft.py), bigger (tests/test_screen_pictures_wildside2.py)."""
    t = dev.app.text
    icons = dev.app.screen.view.icons
    if t.scale == 1:
        fw, fh = t.cell
        assert (icons.tw, icons.th, icons.group.scale) == (2 * fw, fh, 1)
        return (4 + 2 * die) * fw, row * fh, 1
    x, y = icons.cell(row, die)
    return x, y, icons.group.scale


def lit_mask(shot, x0, y0, w, h, scale):
    """Which of a w x h cell's pixels are lit, sampled once per drawn pixel."""
    width, _, rgb = shot
    out = []
    for y in range(h):
        row = []
        for x in range(w):
            i = ((y0 + y * scale) * width + x0 + x * scale) * 3
            row.append(bool(rgb[i] or rgb[i + 1] or rgb[i + 2]))
        out.append(row)
    return out


def art_mask(art, w, h, size):
    ox, oy = (w - size) // 2, (h - size) // 2
    out = [[False] * w for _ in range(h)]
    for y in range(size):
        for x in range(size):
            out[oy + y][ox + x] = bool(art[y] & (1 << (size - 1 - x)))
    return out


def test_W1_the_five_faces_are_five_different_shapes():
    """Colour-blind players read the shape: no two icons alike, none blank."""
    from slampad.app.wildside import icons

    assert len(icons.ART) == len(icons.FACES) + 1
    assert len(set(icons.ART)) == len(icons.ART)
    for art in icons.ART:
        lit = sum(bin(r).count("1") for r in art)
        assert 20 <= lit <= 80, art  # a shape, neither a dot nor a block
        assert all(0 <= r < 1 << icons.SIZE for r in art)


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_W1_a_roll_draws_each_face_icon_at_its_seats_row(dev_factory, profile):
    dev = dev_factory(profile, seed=9)
    join_and_start(dev, [0, 1, 2, 3], {})
    scr = ready_up(dev, (0, 1, 2, 3))
    until_stage(dev, "window", 6000)
    set_faces(scr, ROLLS)
    dev.run(20)
    from slampad.app.wildside import icons

    shot = dev.screenshot()
    tw, th = scr.view.icons.tw, scr.view.icons.th
    for s, faces in enumerate(ROLLS):
        row = scr.pads.index(s)
        for i in range(5):
            x0, y0, scale = icon_cell(dev, row, i)
            got = lit_mask(shot, x0, y0, tw, th, scale)
            if i >= len(faces):
                assert not any(any(r) for r in got), (s, i)  # no die: nothing drawn
                continue
            art = icons.ART[icons.FACES.index(faces[i])]
            assert got == art_mask(art, tw, th, icons.SIZE), (profile, s, faces[i])
            if dev.hw.colour:  # W1's colour as well as the shape
                names = set()
                width = shot[0]
                for y in range(th * scale):
                    for x in range(tw * scale):
                        k = ((y0 + y) * width + x0 + x) * 3
                        if any(shot[2][k : k + 3]):
                            names.add(colour_name(shot[2][k : k + 3]))
                assert names == {W1_COLOUR[faces[i]]}, (s, faces[i], names)


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_W1_before_the_roll_each_seat_shows_its_dice_face_down(dev_factory, profile):
    dev = dev_factory(profile, seed=9)
    join_and_start(dev, [0, 1], {})
    scr = ready_up(dev, (0, 1))
    until_stage(dev, "count", 6000)
    from slampad.app.wildside import icons

    shot = dev.screenshot()
    tw, th = scr.view.icons.tw, scr.view.icons.th
    for s in range(2):
        for i in range(5):
            x0, y0, scale = icon_cell(dev, s, i)
            got = lit_mask(shot, x0, y0, tw, th, scale)
            want = art_mask(icons.ART[-1], tw, th, icons.SIZE) if i < 3 else [[False] * tw] * th
            assert got == want, (s, i)
    assert scr.game.dice[:2] == [3, 3]


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_the_countdown_is_big_and_the_window_shouts(dev_factory, profile):
    from simhw import lit_pixels

    dev = dev_factory(profile, seed=9)
    join_and_start(dev, [0, 1, 2, 3], {})
    scr = ready_up(dev, (0, 1, 2, 3))
    until_stage(dev, "count", 6000)
    seen = []
    while scr.stage == "count":
        if scr.view.big.shown and scr.view.big.shown not in seen:
            seen.append(scr.view.big.shown)
            x0, y0, w, h = scr.view.big.box
            assert scr.view.big.group.scale >= 3  # three text rows high at least
            assert lit_pixels(dev.screenshot(), (x0, y0, x0 + w, y0 + h)) > 30
        dev.run(10)
    assert seen == ["3", "2", "1"]
    assert scr.stage == "window" and scr.view.big.shown in ("", "SLAM!")
    t = dev.app.text
    if t.rows - 4 - 2 >= 2:  # room under the message: the 240x240 display shouts
        assert scr.view.shout.shown == "SLAM!" and scr.view.shout.group.scale >= 3
    else:
        assert scr.view.shout is None
    dev.tap("1")
    run_until(dev, lambda: scr.stage in ("choose", "result"), 2000)
    assert scr.view.big.shown == ""  # gone once the slam is judged


def test_W5_a_choice_that_times_out_is_ruled_with_the_faces_still_shown(dev_factory):
    """The ruling after a W5 choice runs out is drawn with the roll's faces, not the
    face-down dice of the round to come."""
    from test_device_fairness import table, window

    from slampad.app.wildside import icons

    dev, scr = table(dev_factory, pads=(0, 1, 2))
    rolls = [["wild", "moon", "star"], ["wild", "moon", "drop"], ["wild", "star", "moon"]]
    window(dev, scr, rolls)
    dev.run(200)
    dev.tap("1")
    until_stage(dev, "choose", 100)
    seen = []
    dev.app.text.listener = lambda lines: seen.append([scr.view.icons.shown[s] for s in range(3)])
    run_until(dev, lambda: scr.stage == "result", 4000)
    assert seen, "nothing was drawn when the choice ran out"
    want = [tuple(icons.tile_of(f) for f in r) for r in rolls]
    assert seen[0] == want, seen[0]  # the first frame of the ruling already has the faces
    assert dev.app.screen.msgs[0] == "P3 gives P1 2 dice."


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_the_dice_tumble_on_screen_after_the_countdown_then_land_on_the_roll(dev_factory, profile):
    """Issue 17 item 2's animation: between 3-2-1 and the window the icons change every
    frame (driven by the frame loop); when the window opens they show the faces rolled."""
    from slampad.app.wildside import icons

    dev = dev_factory(profile, seed=9)
    join_and_start(dev, [0, 1], {})
    scr = ready_up(dev, (0, 1))
    until_stage(dev, "count", 6000)
    run_until(dev, lambda: scr.beat == 3, 6000)
    seen = []
    while scr.stage == "count":
        seen.append(scr.view.icons.shown[0])
        dev.run(10)
    faces = set(range(1, len(icons.FACES) + 1))
    assert len(set(seen)) >= 4, seen  # a new picture every frame of the roll
    assert all(set(t) <= faces and len(t) == 3 for t in seen), seen
    assert scr.stage == "window"
    want = tuple(icons.tile_of(f) for f in scr.game.rolled[0])
    assert scr.view.icons.shown[0] == want


def test_a_matchs_die_flies_from_the_victims_row_to_the_collectors(dev_factory):
    from test_device_fairness import table, window

    from slampad.app.wildside import icons, slamview

    dev, scr = table(dev_factory, pads=(0, 1, 2))
    window(dev, scr, [["wild", "bolt", "drop"], ["star", "star", "star"], ["wild", "bolt", "moon"]])
    dev.run(200)
    dev.tap("3")  # P3 matches P1 on bolt
    until_stage(dev, "result", 100)
    assert scr.msgs[0] == "P1 gives P3 a die.", scr.msgs
    f = scr.view.icons.flyer
    th = scr.view.icons.th
    ys = []
    for _ in range(slamview.FLY_MS // 20 + 5):
        if not f.hidden:
            assert f[0] in (icons.tile_of("moon"), icons.tile_of("bolt")), f[0]
            ys.append(f.y)
        dev.run(20)
    assert f.hidden  # landed
    assert len(ys) >= 10, ys
    assert ys[0] <= th // 2 and ys == sorted(ys), ys  # from P1's row (0), down toward P3's
    assert ys[-1] > th and ys[-1] <= 2 * th, ys  # ... and nearly there when it lands
