"""tools/build/wiring.py: the wiring diagrams in docs/ are regenerated from the profiles' code and
match the committed files, and every board pin the profile's code uses is in its SVG."""

import ast
import os
import sys

import pytest
from test_shim import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
import wiring  # noqa: E402


def board_pins(files):
    """Every board.NAME the profile modules use, read independently of tools/build/wiring.py."""
    names = set()
    for name in files:
        with open(os.path.join(wiring.HW, name), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "board"):
                names.add(node.attr)
    return names


@pytest.mark.parametrize("build", ["pico", "feather"])
def test_committed_diagram_is_current(build):
    with open(wiring.path(build), encoding="utf-8") as f:
        assert f.read() == wiring.render(build), "run tools/build/wiring.py and commit docs/"


@pytest.mark.parametrize("build", ["pico", "feather"])
def test_every_profile_pin_is_in_the_diagram(build):
    svg = wiring.render(build)
    pins = board_pins(wiring.BUILDS[build][0])
    assert len(pins) >= 9
    for pin in pins:
        assert "board.%s<" % pin in svg or "board.%s " % pin in svg or (
            "board.%s:" % pin in svg), pin
    placed = dict((pin, part) for part, pin in wiring.profile_pins(build))
    assert set(placed) == pins


def test_the_pico_parts_are_on_the_pins_the_readme_gives():
    parts = dict(wiring.profile_pins("pico"))
    assert [parts["slam pad P%d" % s] for s in (1, 2, 3, 4)] == ["GP10", "GP11", "GP12", "GP13"]
    assert (parts["menu up"], parts["menu down"], parts["menu select"]) == ("GP6", "GP7", "GP8")
    assert (parts["OLED SDA"], parts["OLED SCL"]) == ("GP4", "GP5")
    assert parts["NeoPixel chain DIN"] == "GP22" and parts["piezo"] == "GP20"


def test_an_unknown_pin_use_stops_the_tool(tmp_path, monkeypatch):
    hw = tmp_path / "hw"
    hw.mkdir()
    (hw / "feather.py").write_text("import board\nx = mystery(board.D13)\n")
    monkeypatch.setattr(wiring, "HW", str(hw))
    with pytest.raises(SystemExit, match="board.D13"):
        wiring.profile_pins("feather")


def test_check_mode_passes_on_the_committed_files():
    assert wiring.main(["--check"]) == 0
