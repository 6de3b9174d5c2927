"""Issue 17 item 6: the settings say what each does, the Bots setting is the level a
new bot seat starts at, and setups and seats are remembered between games."""

import re

import device_helpers
import pytest
from test_device_reliability import leave_settings, long_press, open_settings, pick

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def screen_name(dev):
    return type(dev.app.screen).__name__


def open_game(dev, row):
    while not dev.shows(">" + row):
        dev.tap("down")
    dev.tap("select")


def help_rows(dev, scr):
    """The screen's first two rows with the Settings cursor on each row in turn."""
    out = []
    for i in range(len(scr.items())):
        while scr.cursor != i:
            dev.tap("down")
        out.append(dev.lines()[:2])
    return out


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_each_setting_explains_itself_on_the_top_row(dev_factory, profile):
    dev = dev_factory(profile)
    scr = open_settings(dev)
    cols = dev.app.text.cols
    said = []
    for top, _next in help_rows(dev, scr):
        assert top and len(top) <= cols and not re.search(r"\b[SWGTD]\d", top), top
        said.append(top)
    assert len(set(said)) == len(said), said  # a different line for every setting
    assert said[0] == "How bright LEDs glow" and said[2] == "Level of new bots"
    assert said[-1] == "Back to the games"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_new_bot_seat_starts_at_the_settings_level(dev_factory, level):
    dev = dev_factory("pico")
    open_settings(dev)
    row = dev.app.screen.items().index("New bots: " + dev.app.cfg["bot_level"])
    while dev.app.cfg["bot_level"] != level:
        pick(dev, row)
    leave_settings(dev)
    open_game(dev, "Wildside")
    scr = dev.app.screen
    scr.cursor = 2  # P2's row
    dev.tap("select")
    assert scr.seats[1] == level and "P2 bot " + level in scr.items(), dev.lines()
    # Select goes on through the other levels, then empties the seat.
    seen = [level]
    for _ in range(3):
        dev.tap("select")
        seen.append(scr.seats[1])
    assert sorted(seen[:3]) == ["easy", "hard", "normal"] and seen[3] is None, seen
    # Diceland's opponent starts at the same level.
    long_press(dev)
    open_game(dev, "Diceland")
    assert "P2: bot " + level in dev.app.screen.items()


def test_seats_are_remembered_between_games(dev_factory):
    dev = dev_factory("pico")
    open_game(dev, "Wildside")
    scr = dev.app.screen
    dev.tap("1")  # P1 joins
    scr.cursor = 3
    dev.tap("select")  # P3: a bot
    before = list(scr.seats)
    assert before[0] == "human" and before[2] == dev.app.cfg["bot_level"]
    scr.cursor = 0
    dev.tap("select")  # START
    assert screen_name(dev) == "PlayScreen"
    long_press(dev)
    open_game(dev, "Wildside")
    assert dev.app.screen.seats == before, dev.lines()


def test_setups_are_remembered_between_games(dev_factory):
    dev = dev_factory("pico")
    open_game(dev, "Tumblin' Dice")
    scr = dev.app.screen
    for row in (0, 3):  # the virtual board, teams on
        scr.cursor = row
        dev.tap("select")
    items = scr.items()
    assert items[0] == "Board: virtual" and items[3] == "Teams: on (2v2)"
    scr.cursor = 5
    dev.tap("select")  # Next: join
    assert screen_name(dev) == "TumblinJoin"
    long_press(dev)
    open_game(dev, "Tumblin' Dice")
    assert dev.app.screen.items()[:4] == items[:4]

    long_press(dev)
    open_game(dev, "Diceland")
    scr = dev.app.screen
    scr.cursor = 2  # Terrain
    dev.tap("select")
    scr.cursor = 7  # P2: round the opponents to a human
    while "P2: human" not in scr.items():
        dev.tap("select")
    items = scr.items()
    scr.cursor = 8
    dev.tap("select")  # Next: seats
    long_press(dev)
    open_game(dev, "Diceland")
    assert dev.app.screen.items() == items


def test_a_table_board_drops_remembered_bots(dev_factory):
    """Tumblin's table mode has no bots (T6): bots kept from a virtual-board game go."""
    dev = dev_factory("pico")
    dev.app.remember["tumblin"] = ["human", "hard", None, None]
    open_game(dev, "Tumblin' Dice")
    scr = dev.app.screen
    assert scr.items()[0] == "Board: real (table)"
    scr.cursor = 5
    dev.tap("select")
    assert dev.app.screen.seats == ["human", None, None, None]


def marks(dev):
    """Which list rows show a scroll arrow in the last column: {row: "up" or "down"}
    (row 0 is the title's, where the battery corner is)."""
    width, _h, rgb = dev.screenshot()
    t = dev.app.text
    fw, fh = t.cell
    x0 = (t.cols - 1) * fw
    out = {}
    for row in range(1, t.rows):
        # The arrow is white; the colour display's bars behind a list's rows are not.
        lit = [(x, y) for y in range(fh) for x in range(fw)
               if min(rgb[((row * fh + y) * width + x0 + x) * 3:][:3]) > 150]  # fmt: skip
        if lit:
            top = min(y for x, y in lit)
            # The arrow is widest at its base: the base's row says which way it points.
            widest = max(range(fh), key=lambda y: sum(1 for p in lit if p[1] == y))
            out[row] = "up" if widest > top else "down"
    return out


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_a_list_shows_arrows_where_rows_are_hidden_above_or_below(dev_factory, profile):
    dev = dev_factory(profile)
    t = dev.app.text
    items = dev.app.screen.items()
    room = t.rows - 1
    last = t.rows - 1
    if len(items) <= room:  # the whole menu fits this display: no arrow at all
        assert marks(dev) == {}
        return
    assert marks(dev) == {last: "down"}  # the top of the list: more below only
    for _ in range(room):
        dev.tap("down")
    assert marks(dev) == {1: "up", last: "down"}, dev.lines()  # scrolled to the middle
    while not dev.shows(">Settings"):
        dev.tap("down")
    assert marks(dev) == {1: "up"}, dev.lines()  # the end of the list: more above only
    dev.tap("down")  # the cursor wraps to the top
    assert marks(dev) == {last: "down"}, dev.lines()
    dev.tap("up")
    dev.tap("up")
    dev.tap("select")  # Statistics: not a list, so no arrows
    assert type(dev.app.screen).__name__ == "StatsScreen"
    assert all(m.hidden for m in t._marks), dev.lines()


@pytest.mark.parametrize("profile", ["pico", "macropad"])
def test_a_slam_while_a_game_loads_reaches_its_seating_screen(dev_factory, monkeypatch, profile):
    """On the real firmware the seating screen takes a while to load after select, and the
    menu still shows meanwhile: a player who slams then is seated, not lost to the menu."""
    from slampad.app.menu import MenuScreen

    dev = dev_factory(profile)
    assert dev.shows(">Wildside"), dev.lines()
    load = MenuScreen.select

    def slow_load(self, i, now):
        dev.press("1")  # P1 slams while the firmware is still loading ...
        dev.sim.advance(60)  # ... the 60 ms the load takes (the pads go on scanning)
        return load(self, i, now)

    monkeypatch.setattr(MenuScreen, "select", slow_load)
    dev.tap("select")
    dev.release("1")
    dev.run(100)
    assert screen_name(dev) == "JoinScreen", dev.lines()
    assert dev.app.screen.seats[0] == "human" and dev.shows("P1 joined"), dev.lines()
