"""The device under abuse (issue 3, Tests: stuck pad, all pads held, pad bouncing, menu
mashing): no crash, and a clear message on screen. Also a keypad queue that overflows
between frames, pads pressed on the menus, and bad values in settings.toml."""

import random

import device_helpers
import pytest
from device_helpers import (
    PADS,
    WRAP,
    join_and_start,
    message_text,
    ready_up,
    round_actions,
    run_to_tick,
    said,
    seat_row,
    seat_rows,
    set_faces,
    until_stage,
)

MUTUAL = [["wild", "moon", "bolt"], ["wild", "moon", "star"]]
FAST = {"SLAMPAD_LOOK_MS": "3000"}

# The shared fixtures (tests/device_helpers.py).
shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def table(dev_factory, pads, settings=FAST):
    dev = dev_factory("pico", seed=4, settings=settings)
    join_and_start(dev, list(pads), {})
    for p in pads:
        dev.tap(PADS[p])
    assert dev.run_until("All in: get ready", 500)
    return dev, dev.app.screen


def screen_name(dev):
    return type(dev.app.screen).__name__


# -- stuck and held pads ------------------------------------------------------------------


def test_W13_pad_held_before_round_one_is_no_slam_and_counts_once_pressed_again(dev_factory):
    dev, scr = table(dev_factory, (0, 1))
    dev.press("2")  # down before round 1 begins
    until_stage(dev, "count", 6000)
    lines = dev.lines()
    assert [seat_row(x)["total"] for x in lines[:2]] == [3, 3], lines
    assert message_text(dev).startswith("Round 1"), lines  # nobody sits out
    until_stage(dev, "window", 2000)
    g = set_faces(scr, MUTUAL)
    assert seat_rows(dev)[1] == {
        "pad": 1, "glyphs": ["*", "C", "S"], "total": 3, "aside": 0, "slammer": False,
    }  # fmt: skip
    dev.run(300)
    assert not [a for a in round_actions(scr) if a[0] == "slam"]  # held: no slam
    # Let go and slammed again, in the same round: that press is a slam, and it collects.
    dev.release("2")
    dev.run(200)
    dev.tap("2")
    assert message_text(dev) == "P1 gives P2 a die. P2 matches P1: moon."
    assert scr.game is g and g.dice == [2, 4]


def test_W13_all_pads_held_nobody_slams_and_every_pad_is_named(dev_factory):
    dev, scr = table(dev_factory, (0, 1, 2, 3))
    for k in PADS:
        dev.press(k)
    t0 = dev.now()
    for rnd in (1, 2):
        until_stage(dev, "count", 6000)
        assert scr.game.round == rnd, dev.lines()
        until_stage(dev, "window", 2000)
        until_stage(dev, "result", 3100)
        assert said(dev) == "Nobody slammed Roll again"
        assert (scr.game.dice, scr.game.pool) == ([3, 3, 3, 3], 0)
        if rnd == 1:  # down 10 s (STUCK_MS): named, not before
            run_to_tick(dev, t0 + 9900)
            assert scr.stuck == [] and "stuck" not in " ".join(scr.view.msgs_lines)
            run_to_tick(dev, t0 + 10100)
            assert scr.stuck == [0, 1, 2, 3]
    assert not [a for a in scr.actions if a[0] == "slam"]
    # One message row with four seats: the note wraps and pages after the game's words.
    v = scr.view
    assert v.msgs_lines[v.own :] == ["Stuck pads: P1 P2 P3", "P4"], v.msgs_lines
    for k in PADS:
        dev.release(k)
    dev.run(30)
    assert scr.stuck == [] and v.msgs_lines == v.msgs_lines[: v.own], v.msgs_lines


# -- bouncing ---------------------------------------------------------------------------------


def bounce(dev, key, ms=10, frames=True):
    """Contacts chatter: press/release every 1-2 ms for ``ms``; returns the first press's
    scan tick. With ``frames=False`` no frame runs meanwhile (everything in one frame)."""
    step = dev.run if frames else dev.sim.advance
    rng = random.Random(5)
    dev.press(key)
    step(1)
    first = dev.now()
    down = True
    while (dev.now() - first) % WRAP < ms:
        (dev.release if down else dev.press)(key)
        down = not down
        step(rng.choice((1, 2)))
    dev.release(key)
    step(1)
    return first


@pytest.mark.parametrize("frames", [True, False])
def test_bouncing_pad_in_the_window_is_one_slam_at_the_first_press(dev_factory, frames):
    dev, scr = table(dev_factory, (0, 1))
    until_stage(dev, "window", 5000)
    g = set_faces(scr, MUTUAL)
    run_to_tick(dev, g.t_open + 500)
    first = bounce(dev, "1", frames=frames)
    dev.run(4)
    acts = round_actions(scr)
    slams = [a for a in acts if a[0] == "slam"]
    assert {a[1] for a in slams} == {0}
    assert min(a[2] for a in slams) == first == slams[0][2]
    assert sum(1 for a in acts if a[0] == "judge") == 1
    assert message_text(dev) == "P2 gives P1 a die. P1 matches P2: moon."
    assert scr.game.dice == [4, 2]
    # The chatter is over before the next countdown: no false start follows.
    until_stage(dev, "window", 5000)
    assert scr.game.dice == [4, 2] and scr.game.pool == 0


def test_bouncing_pad_while_choosing_is_one_tap(dev_factory):
    dev, scr = table(dev_factory, (0, 1, 2))
    until_stage(dev, "window", 5000)
    set_faces(scr, [["wild", "moon", "star"], ["wild", "moon", "drop"], ["wild", "star", "moon"]])
    dev.run(300)
    dev.tap("1")
    assert scr.stage == "choose"
    assert message_text(dev) == "P1: take 2 from P3? P1: slam to change"
    dev.run(500)
    bounce(dev, "1")
    dev.run(20)
    assert [a for a in round_actions(scr) if a[0] == "tap"] == [("tap", 0)]
    assert message_text(dev) == "P1: take 1 from P2? P1: slam to change"
    until_stage(dev, "result", 3100)
    assert said(dev) == "P2 gives P1 a die. P1 matches P2: moon."  # the picture draws the match


# -- mashing ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_mashing_every_screen_never_crashes(dev_factory, seed):
    dev = dev_factory("pico", seed=seed)
    rng = random.Random(seed)
    keys = ("up", "up", "down", "select", "select", "1", "2", "3", "4")
    seen = set()
    for _ in range(400):  # (250 before the menu buttons' 20 ms re-press filter, issue 9)
        k = rng.choice(keys)
        if k in PADS and rng.random() < 0.3:  # two pads at once now and then
            other = rng.choice(PADS)
            dev.press(other)
            dev.tap(k, ms=rng.randint(5, 120), after=0)
            dev.release(other)
        else:
            dev.tap(k, ms=rng.randint(5, 120), after=0)
        dev.run(rng.choice((0, 10, 50, 200, 400, 1500)))
        seen.add(screen_name(dev))
        assert any(x.strip() for x in dev.lines()), dev.lines()
        scr = dev.app.screen
        if type(scr).__module__ == "slampad.app.wildside.play":  # W2, for Wildside
            g = scr.game
            assert sum(g.dice) + g.pool == 3 * len(g.dice)
    # Where the mashing wanders depends on the seed (Settings, or a game's setup list).
    assert {"MenuScreen", "JoinScreen", "PlayScreen"} <= seen and len(seen) >= 4, seen


def test_pads_on_the_menu_and_settings_do_nothing(dev_factory):
    dev = dev_factory("pico")
    for screen in ("MenuScreen", "SettingsScreen"):
        assert screen_name(dev) == screen
        before = (dev.lines(), dev.app.screen.cursor, dict(dev.app.cfg))
        for k in PADS:
            dev.tap(k)
        dev.press("1")
        dev.press("4")
        dev.run(500)
        dev.release("1")
        dev.release("4")
        dev.run(100)
        assert screen_name(dev) == screen
        assert (dev.lines(), dev.app.screen.cursor, dict(dev.app.cfg)) == before
        assert all(c == (0, 0, 0) for c in dev.pixels())
        dev.tap("up")  # the list wraps to its last item: Settings, then (there) Back
        dev.tap("select")
        if screen == "SettingsScreen":
            break
    # Every game in the menu opens (its setup, mode list or seating screen), and no
    # entry is left unbuilt.
    from slampad.app.menu import MenuScreen
    from slampad.app.registry import GAMES

    assert not any(item.endswith(": soon") for item in dev.app.screen.items())
    for i in range(len(GAMES)):
        dev.app.go(MenuScreen(dev.app))  # a fresh menu, cursor on top
        for _ in range(i):
            dev.tap("down")
        dev.tap("select")
        assert screen_name(dev) != "MenuScreen", (GAMES[i], dev.lines())
        assert "not built" not in " ".join(dev.lines())


# -- keypad queue overflow ----------------------------------------------------------------


def flood(dev, n_events, pads=("1", "2")):
    """Presses and releases on ``pads`` with no frame in between (a frame that stalls)."""
    made = 0
    while made < n_events:
        for k in pads:
            dev.press(k)
        dev.sim.advance(1)
        for k in pads:
            dev.release(k)
        dev.sim.advance(1)
        made += 2 * len(pads)


def test_queue_overflow_in_a_round_is_reported_and_no_pad_stays_held(dev_factory):
    dev, scr = table(dev_factory, (0, 1, 2))
    until_stage(dev, "window", 5000)
    set_faces(scr, [["wild", "moon", "bolt"], ["wild", "moon", "star"], ["drop"] * 3])
    dev.run(400)
    max_events = 64  # keypad.Keys default
    flood(dev, max_events - 2, ("1",))  # P1 slams first
    dev.press("3")  # the 63rd/64th events fit; P3's and P2's releases are lost
    dev.press("2")
    dev.sim.advance(1)
    dev.release("3")
    dev.release("2")
    dev.sim.advance(1)
    assert dev.hw.pads.events.overflowed
    dev.run(2)
    assert scr.stage == "result"
    # The earliest slam still wins; the lost presses are owned up to.
    assert said(dev) == "P2 gives P1 a die. P1 matches P2: moon. Too many presses Some were lost"
    assert dev.app.pad_input.held == [False] * 4
    # W13: a release the queue lost leaves no pad "down": P3's next press is a slam. (The
    # ruling's picture takes a row of its own: two message rows, three pages of 1.6 s.)
    until_stage(dev, "window", 7000)
    set_faces(scr, [["wild", "drop", "drop", "drop"], ["wild", "moon"], ["wild", "moon", "star"]])
    dev.run(300)
    dev.tap("3")
    assert said(dev) == "P2 gives P3 a die. P3 matches P2: moon."


def test_queue_overflow_on_the_join_screen_is_reported(dev_factory):
    dev = dev_factory("pico")
    dev.tap("select")
    flood(dev, 100, PADS)
    dev.run(2)
    lines = dev.lines()
    assert " ".join(lines[:2]) == "Too many presses: some were lost", lines
    assert screen_name(dev) == "JoinScreen"
    assert dev.app.screen.seats == ["human"] * 4
    dev.run(4000)  # reported once: the note passes and does not come back
    assert "Too many presses" not in " ".join(dev.lines()), dev.lines()


# -- settings.toml ----------------------------------------------------------------------------


def test_settings_problems_are_reported_and_defaults_used(dev_factory):
    dev = dev_factory(
        "pico",
        settings={"SLAMPAD_LOOK_MS": "abc", "SLAMPAD_BRIGHTNESS": "250", "SLAMPAD_SOUND": "1"},
    )
    cfg = dev.app.cfg
    assert (cfg["look_ms"], cfg["brightness"], cfg["sound"]) == (5000, 30, 1)
    assert len(cfg["problems"]) == 2
    lines = dev.lines()
    note = " ".join(x for x in lines if not x.startswith((" ", ">")))
    assert note == "settings.toml: SLAMPAD_BRIGHTNESS must be 1..100", lines
    assert dev.shows(">Wildside")
    assert dev.hw.pixels.brightness == pytest.approx(0.30)
    dev.run(3000)  # the next problem gets its turn
    note = " ".join(x for x in dev.lines() if not x.startswith((" ", ">")))
    assert note == "settings.toml: SLAMPAD_LOOK_MS must be 1000..30000", dev.lines()
    dev.run(3000)
    assert dev.lines()[0] == "Pick a game"
    join_and_start(dev, [0, 1], {})
    assert dev.app.screen.game.options["look_ms"] == 5000
    ready_up(dev, (0, 1))


def test_settings_look_ms_not_a_number(dev_factory):
    dev = dev_factory("pico", settings={"SLAMPAD_LOOK_MS": "abc", "SLAMPAD_BOT_LEVEL": "hard"})
    note = " ".join(x for x in dev.lines() if not x.startswith((" ", ">")))
    assert note == "settings.toml: SLAMPAD_LOOK_MS must be 1000..30000", dev.lines()
    assert dev.app.cfg["look_ms"] == 5000 and dev.app.cfg["bot_level"] == "hard"
