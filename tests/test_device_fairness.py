"""Slam fairness on the simulated device, through the real pad pins and keypad scans
(issue 3, Tests: slam fairness): W6 first place by hardware timestamp, never by pin or
queue order, across the tick wrap; false starts; W8 earliest slam per seat; W12 bots;
W5 choosing by tapping your own pad; W7 nobody slams.

Faces are set at the start of a window through the saved state (``set_faces``), as if
the roll had come up that way; everything after that goes through pins and the app.
"""

import device_helpers
import pytest
from device_helpers import (
    WRAP,
    join_and_start,
    message_text,
    ready_up,
    round_actions,
    run_to_tick,
    said,
    set_faces,
    stamp_next,
    until_stage,
)

MUTUAL = [["wild", "moon", "bolt"], ["wild", "moon", "star"]]  # P1 and P2 match on moon

# The shared fixtures (tests/device_helpers.py).
shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def table(dev_factory, pads=(0, 1), settings=None, frame_ms=2):
    """People on ``pads`` join, start and press ready; returns (dev, screen) in the
    countdown of round 1."""
    dev = dev_factory("pico", seed=11, settings=settings, frame_ms=frame_ms)
    join_and_start(dev, list(pads), {})
    scr = ready_up(dev, pads)
    return dev, scr


def window(dev, scr, faces=None):
    until_stage(dev, "window", 5000)
    if faces is not None:
        set_faces(scr, faces)
    return scr.game


def stall(dev, ms):
    """Time passes but no frame runs (a slow display refresh): the pads keep scanning."""
    dev.sim.advance(ms)


def result(dev):
    """The ruling's words; the rows shown are their start (with three seats on the OLED
    the ruling's picture stands for its last line: test_screen_pictures_wildside2.py)."""
    until_stage(dev, "result", 100)
    return said(dev)


# -- W6: first place -------------------------------------------------------------------


@pytest.mark.parametrize("order", [("1", "2"), ("2", "1")])
def test_W6_same_ms_both_matching_is_a_dead_heat(dev_factory, order):
    dev, scr = table(dev_factory)
    g = window(dev, scr, MUTUAL)
    run_to_tick(dev, g.t_open + 301)
    t = stamp_next(dev, order)  # both pressed before the same 1 ms scan
    text = result(dev)
    slams = [a for a in round_actions(scr) if a[0] == "slam"]
    assert sorted(slams) == [("slam", 0, t), ("slam", 1, t)]
    # A dead heat: no dice move, nobody is penalized, the dice are rolled again.
    assert text == "P1 and P2 tied Both slammed at once Roll again"
    assert (scr.game.dice, scr.game.pool, scr.game.phase) == ([3, 3], 0, "roll")
    until_stage(dev, "count", 6000)  # its three lines and picture: two pages, each read
    assert scr.game.round == 2


def test_W6_same_ms_only_one_match_is_confirmed_and_the_lower_pin_not_penalized(dev_factory):
    dev, scr = table(dev_factory, pads=(0, 1, 2))
    # P1 (the lower pin) has no match; P2 matches P3 on star.
    window(dev, scr, [["moon", "moon", "moon"], ["wild", "star", "bolt"], ["wild", "star", "drop"]])
    dev.run(250)
    stamp_next(dev, ("1", "2"))
    text = result(dev)
    assert text == "P3 gives P2 a die. P2 matches P3: star."
    assert (scr.game.dice, scr.game.pool) == ([3, 4, 2], 0)


def test_W6_same_ms_neither_matching_both_penalized(dev_factory):
    dev, scr = table(dev_factory)
    window(dev, scr, [["moon", "moon", "moon"], ["star", "star", "star"]])
    dev.run(250)
    stamp_next(dev, ("2", "1"))
    assert result(dev) == "P1 and P2: no match Each loses a die"
    assert (scr.game.dice, scr.game.pool) == ([2, 2], 2)


@pytest.mark.parametrize("one_frame", [False, True])
@pytest.mark.parametrize("first", ["1", "2"])
def test_W6_presses_1ms_apart_are_ordered_by_time(dev_factory, first, one_frame):
    second = "2" if first == "1" else "1"
    dev, scr = table(dev_factory)
    g = window(dev, scr, MUTUAL)
    run_to_tick(dev, g.t_open + 400)
    step = (lambda: stall(dev, 1)) if one_frame else (lambda: dev.run(1))
    dev.press(first)
    step()
    t1 = dev.now()
    dev.press(second)
    step()
    t2 = dev.now()
    assert t2 == t1 + 1
    dev.run(2)
    text = result(dev)
    win, lose = int(first), int(second)
    assert text == "P%d gives P%d a die. P%d matches P%d: moon." % (lose, win, win, lose)
    dice = scr.game.dice
    assert (dice[win - 1], dice[lose - 1]) == (4, 2)
    slams = {a[1]: a[2] for a in round_actions(scr) if a[0] == "slam"}
    assert slams[win - 1] == t1
    if one_frame:  # both reached the game in one frame; the later one did not count
        assert slams[lose - 1] == t2


@pytest.mark.parametrize("first", ["1", "2"])
@pytest.mark.parametrize("where", ["across", "after"])
def test_W6_tick_wraparound_mid_window(dev_factory, first, where):
    """The window opens just before ticks_ms wraps at 2**29; slams land after it (or
    one on each side): the earlier slam still wins, whatever its raw tick number."""
    second = "2" if first == "1" else "1"
    dev, scr = table(dev_factory)
    dev.run(300)
    assert scr.stage == "count"
    dev.sim.set_ticks(WRAP - 40)  # the clock jumps (a long stall) during the countdown
    g = window(dev, scr, MUTUAL)
    assert WRAP - 40 <= g.t_open < WRAP - 30
    if where == "across":
        run_to_tick(dev, WRAP - 2)
    else:
        stall(dev, (WRAP - g.t_open) % WRAP + 3)
    dev.press(first)
    stall(dev, 1)
    t1 = dev.now()
    stall(dev, 1)
    dev.press(second)
    stall(dev, 1)
    t2 = dev.now()
    if where == "across":
        assert (t1, t2) == (WRAP - 1, 1)  # a raw comparison would put t2 first
    else:
        assert (t1, t2) == (4, 6)
    dev.run(2)
    text = result(dev)
    assert text == "P%s gives P%s a die. P%s matches P%s: moon." % (second, first, first, second)
    assert scr.game.dice[int(first) - 1] == 4


@pytest.mark.parametrize("at_ms", [200, 700, 1200])  # during 3, during 2-1, in the roll
def test_W6_false_start_during_the_countdown_is_penalized(dev_factory, at_ms):
    dev, scr = table(dev_factory)
    assert scr.stage == "count"
    # Even with a match in the dice still rolling, a slam before the window is a false
    # start: a slam without a match, at the moment it was made.
    set_faces(scr, MUTUAL)
    dev.run(at_ms)
    assert scr.stage == "count"
    dev.tap("2", ms=30, after=0)
    text = result(dev)
    assert text == "P2 slammed too early P2 slammed: no match P2 loses a die"
    assert (scr.game.dice, scr.game.pool) == ([3, 2], 1)
    acts = round_actions(scr)
    assert not [a for a in acts if a[0] == "open"]  # the round ended before any window
    # The next round runs normally, and P1 collects the pool with the next match (W8).
    g = window(dev, scr, [["wild", "moon", "bolt"], ["wild", "moon"]])
    assert g.round == 2
    dev.run(300)
    dev.tap("1")
    assert said(dev) == "P2 gives P1 a die. P1 gets a pool die. P1 matches P2: moon."
    assert (scr.game.dice, scr.game.pool) == ([5, 1], 0)


def test_W8_a_seats_repeated_presses_count_from_its_earliest(dev_factory):
    dev, scr = table(dev_factory)
    window(dev, scr, MUTUAL)
    dev.run(333)
    # One slow frame: P1 presses, lets go, P2 presses, P1 presses again.
    dev.press("1")
    stall(dev, 1)
    t_first = dev.now()
    stall(dev, 2)
    dev.release("1")
    stall(dev, 2)
    dev.press("2")
    stall(dev, 2)
    dev.press("1")  # already down: no new edge; let go and press again
    dev.release("1")
    stall(dev, 2)
    dev.press("1")  # 2 ms up: a bounce (App.step's BOUNCE_MS), the same press
    stall(dev, 2)
    dev.run(2)
    slams = [a for a in round_actions(scr) if a[0] == "slam"]
    assert [a[1] for a in slams] == [0, 1]
    assert slams[0][2] == t_first < slams[1][2]
    assert message_text(dev) == "P2 gives P1 a die. P1 matches P2: moon."


# -- W12: bots -------------------------------------------------------------------------


def test_W12_bots_slam_only_after_the_window_opens(dev_factory):
    from slampad.bots.wildside import MIN_REACT_MS
    from slampad.ticks import ticks_diff

    dev = dev_factory("pico", seed=21)
    join_and_start(dev, [], {0: "hard", 1: "easy", 2: "normal", 3: "hard"})
    slams = 0
    for _game in range(6):  # rematches until the bots have slammed enough
        scr = dev.app.screen
        # Bots are always ready (W12): the countdown starts at once.
        assert scr.stage == "count" and scr.game.round == 1
        assert dev.run_until("Rematch", 900_000, step_ms=500), dev.lines()
        t_open = None
        for a in scr.actions:
            if a[0] == "roll":
                t_open = None
            elif a[0] == "open":
                t_open = a[1]
            elif a[0] == "slam":
                slams += 1
                assert t_open is not None, "a bot slammed before the window opened"
                assert ticks_diff(a[2], t_open, WRAP) >= MIN_REACT_MS
        if slams >= 8:
            break
        dev.tap("select")  # Rematch
    assert slams >= 8
    log = " ".join(" ".join(lines) for _, lines in dev.log)
    assert "too early" not in log


# -- W5: choosing ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "taps, victim, line",
    [
        (0, 2, "P3 gives P1 2 dice. P1's dice match P3's: moon and star."),
        (1, 1, "P2 gives P1 a die. P1 matches P2: moon."),
        (2, 2, "P3 gives P1 2 dice. P1's dice match P3's: moon and star."),
    ],
)
def test_W5_the_slammer_taps_to_choose(dev_factory, taps, victim, line):
    dev, scr = table(dev_factory, pads=(0, 1, 2))
    # P1 matches P2 (moon, 1 die) and P3 (moon and star, 2 dice).
    window(dev, scr, [["wild", "moon", "star"], ["wild", "moon", "drop"], ["wild", "star", "moon"]])
    dev.run(200)
    dev.press("1")
    until_stage(dev, "choose", 10)
    last = dev.now()  # the choice starts: its 3 s run from here until a tap
    dev.run(60)
    dev.release("1")
    # The richest match is highlighted first.
    assert message_text(dev) == "P1: take 2 from P3? P1: slam to change"
    dev.run(300)
    dev.tap("2")  # not the slammer: nothing moves
    dev.tap("3")
    assert message_text(dev) == "P1: take 2 from P3? P1: slam to change"
    for i in range(taps):
        dev.run(1000)
        dev.tap("1", ms=40, after=0)
        last = dev.now()
        want = "P1: take %s? P1: slam to change" % ("1 from P2" if i % 2 == 0 else "2 from P3")
        assert message_text(dev) == want, dev.lines()
    # Taken 3 s after the last tap (the tap is seen within a frame of its press).
    dev.run(3000 - (dev.now() - last) - 60)
    assert scr.stage == "choose"
    dev.run(120)
    assert scr.stage == "result"
    assert said(dev) == line
    k = 2 if victim == 2 else 1
    expect = [3, 3, 3]
    expect[0] += k
    expect[victim] -= k
    assert scr.game.dice == expect
    assert sum(1 for a in round_actions(scr) if a[0] == "tap") == taps


# -- W7: nobody slams ------------------------------------------------------------------


def test_W7_nobody_slams_the_dice_are_rolled_again(dev_factory):
    dev, scr = table(dev_factory, settings={"SLAMPAD_LOOK_MS": "3000"})
    g = window(dev, scr, MUTUAL)  # a match on the table, but nobody slams
    t_open = g.t_open
    assert g.options["look_ms"] == 3000
    until_stage(dev, "result", 3100)
    said = [t for t, lines in dev.log if any("Nobody slammed" in x for x in lines)]
    assert said and 3000 <= (said[0] - t_open) % WRAP <= 3002
    assert message_text(dev) == "Nobody slammed Roll again"
    assert (scr.game.dice, scr.game.pool) == ([3, 3], 0)
    until_stage(dev, "count", 2100)
    assert scr.game.round == 2
    assert not dev.held  # no pad was touched
