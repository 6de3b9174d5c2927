"""code.py and boot.py on the host shim (issue 3, Deliver 6): holding pad 1 at power-up
makes the flash writable by the firmware; a crash in the app is shown on the display, and
select (or 30 s) restarts: code.py asks for a reload on error and ends with the exception,
so the next start has its traceback (issue 7)."""

import os
import runpy

import device_helpers
import pytest
from test_shim import ROOT

BOOT = os.path.join(ROOT, "boot.py")
CODE = os.path.join(ROOT, "code.py")
PAD1 = {
    "raspberry_pi_pico": "GP10",
    "adafruit_feather_rp2040": "D9",
    "adafruit_macropad_rp2040": "KEY1",
}

# The shared fixtures (tests/device_helpers.py).
shim = device_helpers.shim


@pytest.fixture
def world(shim, monkeypatch):
    monkeypatch.delenv("SLAMPAD_PROFILE", raising=False)
    shim.use_board("raspberry_pi_pico")
    yield shim
    from slampad.app import main

    if main.HW is not None:
        main.HW.deinit()
        main.HW = None
    shim.reset()


# -- boot.py ------------------------------------------------------------------------------


@pytest.mark.parametrize("board_id", sorted(PAD1))
def test_boot_pad1_held_makes_flash_writable(world, board_id, capsys):
    world.use_board(board_id)
    world.press(PAD1[board_id])
    runpy.run_path(BOOT, run_name="__main__")
    assert world.remounts() == [("/", False, False)]
    assert "pad 1 held" in capsys.readouterr().out
    assert world.owner(PAD1[board_id]) is None  # released again for code.py's keypad


def test_boot_without_pad1_leaves_the_drive_to_the_computer(world):
    world.press("GP11")  # pad 2 is not the key
    runpy.run_path(BOOT, run_name="__main__")
    assert world.remounts() == []
    world.release("GP11")
    runpy.run_path(BOOT, run_name="__main__")
    assert world.remounts() == []


def test_boot_after_a_wake_on_pad_1_leaves_the_drive_to_the_computer(world):
    """Issue 9: pad 1 pressed to wake the board from deep sleep is still down at boot."""
    import alarm
    import board

    wake = alarm.pin.PinAlarm(board.GP10, value=False, pull=True)
    world.press("GP10")
    world.wake(wake)
    runpy.run_path(BOOT, run_name="__main__")
    assert world.remounts() == []


# -- code.py ------------------------------------------------------------------------------


def press_select_after(world, monkeypatch, polls):
    """The crash screen's select: pressed after ``polls`` menu polls, with 1 ms of
    virtual time per poll (the device's clock runs on while wait_for_restart spins)."""
    from slampad.hw.menu import ButtonMenu

    calls = []
    real = ButtonMenu.poll

    def poll(self):
        calls.append(world.ticks_ms())
        assert len(calls) < 2000, "wait_for_restart never saw select"
        world.advance(1)
        if len(calls) == polls:
            world.press("GP8")  # the pico's select button
        return real(self)

    monkeypatch.setattr(ButtonMenu, "poll", poll)
    return calls


RELOAD_ON_ERROR = ("set_next_code_file", None, {"reload_on_error": True})


def crash_labels(hw):
    from slampad.app import crash

    assert hw.display.root_group is crash.TEXT.group
    return [line for line in crash.TEXT.lines if line]


def check_crash_screen(world, hw, lines):
    shot = world.screenshot()
    for i in range(len(lines)):
        assert world.lit_pixels(shot, (0, 12 * i, 128, 12 * (i + 1))) > 0, (i, lines)
    assert world.lit_pixels(shot, (0, 12 * len(lines), 128, 64)) == 0


def test_code_py_shows_an_app_crash_and_select_restarts(world, monkeypatch, capsys):
    from slampad import hw as hardware
    from slampad.app import main

    def run():
        main.HW = hardware.build()
        raise ValueError("boom in a frame")

    monkeypatch.setattr(main, "run", run)
    calls = press_select_after(world, monkeypatch, 25)
    with pytest.raises(ValueError, match="boom in a frame"):
        runpy.run_path(CODE, run_name="__main__")  # the run ends with it: traceback kept
    hw = main.HW
    lines = crash_labels(hw)
    assert lines == ["Slampad stopped:", "ValueError", "boom in a frame", "select: restart"]
    check_crash_screen(world, hw, lines)
    # Restarted only once select was pressed (and debounced), not before.
    assert world.events() == [RELOAD_ON_ERROR]
    assert len(calls) > 25
    err = capsys.readouterr()
    assert "Slampad stopped:" in err.out and "boom in a frame" in err.err


def test_code_py_crash_in_a_frame_of_the_real_loop(world, monkeypatch):
    from slampad.app import main

    frames = []
    real_step = main.App.step

    def step(self, now):
        frames.append(now)
        if len(frames) == 3:
            raise RuntimeError("frame 3 failed")
        return real_step(self, now)

    monkeypatch.setattr(main.App, "step", step)
    press_select_after(world, monkeypatch, 5)
    with pytest.raises(RuntimeError):
        runpy.run_path(CODE, run_name="__main__")
    lines = crash_labels(main.HW)
    assert lines[:3] == ["Slampad stopped:", "RuntimeError", "frame 3 failed"]
    check_crash_screen(world, main.HW, lines)
    assert world.events() == [RELOAD_ON_ERROR]
    # The real loop started the watchdog (8 s, reset) and fed it every frame.
    import microcontroller

    dog = microcontroller.watchdog
    assert dog.mode == "RESET" and dog.timeout == 8.0
    assert dog.feeds >= 2 and dog.starved == 0


def test_code_py_crash_before_the_hardware_is_built(world, monkeypatch, capsys):
    # Nothing to draw on and nothing to press: printed to the serial console, then it
    # waits for the reset button instead of reloading into the same failure for ever.
    import time

    from slampad.app import main

    def run():
        raise ImportError("no module named adafruit_displayio_ssd1306")

    class Stop(Exception):
        pass

    naps = []

    def nap(s):
        naps.append(s)
        if naps[-3:] == [1, 1, 1]:
            raise Stop

    monkeypatch.setattr(main, "run", run)
    monkeypatch.setattr(main, "HW", None)
    monkeypatch.setattr(time, "sleep", nap)
    with pytest.raises(Stop):
        runpy.run_path(CODE, run_name="__main__")
    out = capsys.readouterr().out
    assert "Slampad stopped:\nImportError\n" in out
    assert world.events() == [] and naps[-3:] == [1, 1, 1]
