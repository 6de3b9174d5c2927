"""Issue 15 item 2: the main loop sleeps out the rest of each frame (main.pace, main.run)
instead of spinning, and never sleeps after a frame that overran; across the tick wrap."""

import device_helpers
import pytest
from hypothesis import given
from hypothesis import strategies as st

from slampad.ticks import ticks_diff

WRAP = 1 << 29  # supervisor.ticks_ms, as hw.wrap
FRAME_MS = 10

shim = device_helpers.shim


@pytest.fixture(scope="module")
def main(shim):
    """slampad.app.main, imported on the shim (it imports keypad and displayio)."""
    from slampad.app import main

    assert main.FRAME_MS == FRAME_MS
    return main


@pytest.mark.parametrize(
    "took, nap",
    [(0, 0.010), (1, 0.009), (3, 0.007), (9, 0.001), (10, 0), (11, 0), (25, 0), (4000, 0)],
)
def test_pace_sleeps_the_rest_of_the_frame_and_never_after_an_overrun(main, took, nap):
    assert main.pace(5000, 5000 + took, WRAP) == pytest.approx(nap)


@pytest.mark.parametrize("started", [WRAP - 1, WRAP - 3, WRAP - 10])
def test_pace_across_the_tick_wrap(main, started):
    for took in range(0, 15):
        now = (started + took) % WRAP
        assert ticks_diff(now, started, WRAP) == took
        assert main.pace(started, now, WRAP) == pytest.approx(max(0, FRAME_MS - took) / 1000)


def test_pace_never_sleeps_more_than_a_frame(main):
    # A clock behind the frame's start (it cannot be, but a nap must stay short).
    assert main.pace(5000, 4990, WRAP) == pytest.approx(FRAME_MS / 1000)
    assert main.pace(5000, 5003, WRAP, frame_ms=20) == pytest.approx(0.017)


@given(st.integers(0, WRAP - 1), st.integers(0, 100000))
def test_pace_is_the_frame_less_the_step_wherever_the_clock_is(main, started, took):
    nap = main.pace(started, (started + took) % WRAP, WRAP)
    assert 0 <= nap <= FRAME_MS / 1000
    assert nap == pytest.approx(max(0, FRAME_MS - took) / 1000)


class Stop(Exception):
    pass


def test_run_sleeps_out_each_frame_on_the_shim(main, shim, monkeypatch):
    """main.run() on the Pico shim, with a stub step that takes a set time (the virtual
    clock moves) and a time.sleep that records its naps and moves the clock as long."""
    monkeypatch.delenv("SLAMPAD_PROFILE", raising=False)
    shim.use_board("raspberry_pi_pico")
    real_dog = main.App.start_watchdog

    def start_watchdog(self):  # the last thing before the loop: the run crosses the wrap
        shim.set_ticks(WRAP - 25)
        return real_dog(self)

    took = [3, 0, 6, 25, 10, 7, 12, 9]  # ms each step takes (the 3rd ends past the wrap)
    starts = []

    def step(self, now):
        starts.append(now)
        if len(starts) > len(took):
            raise Stop
        shim.advance(took[len(starts) - 1])

    naps = []

    class Time:  # main's own time module: only run()'s naps
        @staticmethod
        def sleep(seconds):
            naps.append(seconds)
            shim.advance(round(seconds * 1000))

    monkeypatch.setattr(main.App, "start_watchdog", start_watchdog)
    monkeypatch.setattr(main.App, "step", step)
    monkeypatch.setattr(main, "time", Time)
    try:
        with pytest.raises(Stop):
            main.run()
    finally:
        if main.HW is not None:
            main.HW.deinit()
            main.HW = None
        shim.reset()
    assert naps == pytest.approx([0.007, 0.010, 0.004, 0.003, 0.001])  # none after 25, 10, 12
    gaps = [ticks_diff(starts[i + 1], starts[i], WRAP) for i in range(len(starts) - 1)]
    assert gaps == [max(FRAME_MS, t) for t in took]
    assert starts[0] == WRAP - 25 and starts[-1] < starts[0]  # it did cross the wrap
