"""lib/slampad_check.py: a .mpy image compiled for another CircuitPython says so, on the
console and on the display, before code.py imports anything compiled (issue 15 item 3).

The decision is tested with fake versions; the display path runs on the host shim for
every profile, and what it draws must be pixel for pixel what the app's own ui.Text draws
for the same rows.
"""

import ast
import importlib.metadata
import os
import runpy
import sys
from pathlib import Path

import device_helpers
import pytest
import slampad_check  # lib/ is on sys.path (conftest.py)

ROOT = Path(__file__).resolve().parent.parent

shim = device_helpers.shim
BOARDS = {
    "pico": "raspberry_pi_pico",
    "feather": "adafruit_feather_rp2040",
    "pico_tft": "raspberry_pi_pico",
    "macropad": "adafruit_macropad_rp2040",
}


class Stop(Exception):
    """Ends check()'s wait for a new image."""


def note(tmp_path, text):
    p = tmp_path / "build.txt"
    p.write_text(text)
    return str(p)


# -- the decision --------------------------------------------------------------------


def test_built_for_reads_the_first_line_of_build_txt(tmp_path):
    assert slampad_check.built_for(note(tmp_path, "mpy 10\ncompiled for 10.2.1\n")) == 10
    assert slampad_check.built_for(note(tmp_path, "mpy 9")) == 9
    for bad in ("", "py\n", "mpy\n", "mpy ten\n", "MPY 10\n"):
        assert slampad_check.built_for(note(tmp_path, bad)) is None, bad
    assert slampad_check.built_for(str(tmp_path / "absent.txt")) is None
    # beside the module: lib/slampad/build.txt, which the source tree never has
    assert not (ROOT / "lib/slampad/build.txt").exists()
    assert slampad_check.built_for() is None


def test_problem_only_when_compiled_for_another_major_version():
    assert slampad_check.problem(None, 9) is None  # a .py image runs anywhere
    assert slampad_check.problem(10, 10) is None
    assert slampad_check.problem(10, None) is None  # not on CircuitPython (the simulator)
    msg = slampad_check.problem(10, 9)
    assert msg.startswith(
        "This Slampad image was compiled for CircuitPython 10; this board runs 9."
    )
    assert (
        "tools/deploy.py --mpy" in msg and ".py image" in msg and "Install CircuitPython 10" in msg
    )
    assert "\n" not in msg
    assert "compiled for CircuitPython 9; this board runs 10" in slampad_check.problem(9, 10)


def test_running_is_circuitpythons_major_version(monkeypatch):
    assert slampad_check.running() is None  # CPython here

    class Impl:
        name = "circuitpython"
        version = (9, 2, 8)

    monkeypatch.setattr(sys, "implementation", Impl)
    assert slampad_check.running() == 9


def test_display_rows_fit_the_smallest_screen():
    for built in range(1, 100):
        for now in range(1, 100):
            rows = [r % built if "%d" in r else r for r in slampad_check.ROWS]
            rows[2] = slampad_check.ROWS[2] % now
            assert len(rows) <= 5 and max(len(r) for r in rows) <= 20, rows  # 20x10 on the TFT


def _driver_sequence(dist, module):
    path = Path(importlib.metadata.distribution(dist).locate_file(module + ".py"))
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "_INIT_SEQUENCE":
            return ast.literal_eval(node.value)
    raise AssertionError("no _INIT_SEQUENCE in %s" % path)


def test_init_sequences_are_the_drivers():
    ssd = bytearray(
        _driver_sequence("adafruit-circuitpython-displayio-ssd1306", "adafruit_displayio_ssd1306")
    )
    ssd[16] = 64 - 1  # the driver's mux ratio for 64 rows
    assert bytes(ssd) == slampad_check.SSD1306
    st = _driver_sequence("adafruit-circuitpython-st7789", "adafruit_st7789")
    assert st + b"\x36\x01\xc0" + b"\x21\x00" == slampad_check.ST7789  # bgr, invert: defaults


def test_matching_versions_return_and_drop_the_module(monkeypatch, tmp_path):
    monkeypatch.setattr(slampad_check, "running", lambda: 10)
    monkeypatch.setitem(sys.modules, "slampad_check", slampad_check)
    slampad_check.check(note(tmp_path, "mpy 10\n"))
    assert "slampad_check" not in sys.modules
    monkeypatch.setitem(sys.modules, "slampad_check", slampad_check)
    slampad_check.check(str(tmp_path / "none.txt"))  # a .py image
    assert "slampad_check" not in sys.modules


# -- on the shim: the message reaches the display --------------------------------------


def _stop_sleeping(monkeypatch):
    """check()'s first sleep raises Stop (Blinka's display thread sleeps as ever)."""
    import threading
    import time

    naps = []
    sleep = time.sleep

    def nap(s):
        if threading.current_thread() is not threading.main_thread():
            return sleep(s)
        naps.append(s)
        raise Stop

    monkeypatch.setattr(time, "sleep", nap)
    return naps


@pytest.mark.parametrize("profile", sorted(BOARDS))
def test_a_mismatch_is_shown_on_every_profiles_display(
    shim, profile, monkeypatch, tmp_path, capsys
):
    shim.use_board(BOARDS[profile])
    if profile == "pico_tft":
        monkeypatch.setenv("SLAMPAD_PROFILE", profile)
    else:
        monkeypatch.delenv("SLAMPAD_PROFILE", raising=False)  # found by board_id
    monkeypatch.setattr(slampad_check, "running", lambda: 9)
    naps = _stop_sleeping(monkeypatch)
    with pytest.raises(Stop):
        slampad_check.check(note(tmp_path, "mpy 10\n"))
    assert naps == [1]  # waiting, not returning into the app
    out = capsys.readouterr().out
    assert out.splitlines()[0] == slampad_check.problem(10, 9)
    assert "display:" not in out  # the display worked
    shown = shim.screenshot()
    assert shim.lit_pixels(shown) > 0

    # The same rows as the app's own text layer draws them on this profile's hardware.
    from slampad import hw
    from slampad.app.ui import Text

    rows = ["Slampad image is for", "CircuitPython 10;", "this board runs 9.",
            "Install 10, or copy", "a .py/matching image"]  # fmt: skip
    board_hw = hw.build(profile)
    try:
        text = Text(board_hw)
        text.refresh()
        assert shim.lit_pixels(shim.screenshot()) == 0  # the panel is drawn afresh
        text.show(rows)
        text.refresh()
        assert shim.screenshot() == shown
    finally:
        board_hw.deinit()


def test_without_a_display_the_console_still_says_it(shim, monkeypatch, tmp_path, capsys):
    shim.use_board("raspberry_pi_pico")
    monkeypatch.setenv("SLAMPAD_PROFILE", "toaster")  # no display we know how to build
    monkeypatch.setattr(slampad_check, "running", lambda: 11)
    _stop_sleeping(monkeypatch)
    with pytest.raises(Stop):
        slampad_check.check(note(tmp_path, "mpy 10\n"))
    out = capsys.readouterr().out.splitlines()
    assert out[0] == slampad_check.problem(10, 11)
    assert out[1].startswith("(display: ")


def test_code_py_checks_before_importing_the_app(shim, monkeypatch, capsys):
    """code.py's first step: on a mismatch it never reaches ``from slampad.app import main``."""
    shim.use_board("raspberry_pi_pico")
    monkeypatch.delenv("SLAMPAD_PROFILE", raising=False)
    monkeypatch.setattr(slampad_check, "running", lambda: 9)
    monkeypatch.setattr(slampad_check, "built_for", lambda path=None: 10)
    monkeypatch.setitem(sys.modules, "slampad_check", slampad_check)
    for name in [n for n in sys.modules if n == "slampad.app" or n.startswith("slampad.app.")]:
        monkeypatch.delitem(sys.modules, name)
    _stop_sleeping(monkeypatch)
    with pytest.raises(Stop):
        runpy.run_path(os.path.join(ROOT, "code.py"), run_name="__main__")
    assert "slampad.app.main" not in sys.modules
    assert capsys.readouterr().out.startswith(
        "This Slampad image was compiled for CircuitPython 10"
    )
    assert shim.lit_pixels(shim.screenshot()) > 0
