"""Issue 17 item 4: a distinct cue per event, and the games play them."""

import device_helpers
from device_helpers import join_and_start, ready_up, run_until, set_faces, until_stage

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

EVENTS = ("TICK", "GO", "SLAM", "MATCH", "PENALTY", "DEAD_HEAT", "TRICK", "WIN")


def test_each_event_has_its_own_tune():
    from slampad.app import cues

    tunes = [tuple(getattr(cues, name)) for name in EVENTS]
    assert len(set(tunes)) == len(tunes)
    for t in tunes:
        assert t and all(hz == 0 or 100 <= hz <= 4000 for hz, _ms in t)
        assert sum(ms for _hz, ms in t) <= 700  # short: never in the way of play


def heard(dev):
    from slampad.app import cues

    names = {tuple(getattr(cues, n)): n for n in EVENTS}
    got = []
    real = dev.app.beep

    def beep(cue):
        got.append(names.get(tuple(cue), "other"))
        return real(cue)

    dev.app.beep = beep
    return got


def test_a_wildside_round_ticks_opens_and_confirms_the_slam(dev_factory):
    dev = dev_factory("pico", seed=9)
    got = heard(dev)
    join_and_start(dev, [0, 1], {})
    scr = ready_up(dev, (0, 1))
    until_stage(dev, "window", 6000)
    assert got.count("TICK") == 3 and got[-1] == "GO", got
    set_faces(scr, [["wild", "moon", "star"], ["wild", "star", "moon"]])  # a match (W3)
    dev.run(200)
    dev.tap("1")
    run_until(dev, lambda: scr.stage == "result", 4000)
    assert "SLAM" in got and got[-1] == "MATCH", (got, scr.msgs, scr.game.rolled)


def test_a_go_wild_trick_won_plays_the_trick_cue(dev_factory):
    from test_device_gowild import open_pass_and_play, seat_up

    dev = dev_factory("pico", seed=5)
    open_pass_and_play(dev)
    seat_up(dev, [], [0, 1, 2])
    scr = dev.app.screen
    got = heard(dev)
    run_until(dev, lambda: scr.stage == "shown" and scr.winner is not None, 120000, step=20)
    assert got[-1] == "TRICK", got
    assert "MATCH" not in got  # the trick has its own tune, not Wildside's
