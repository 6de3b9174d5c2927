"""tools/deploy.py --profile carries only the display driver that profile uses (issue 16,
item 8): a pico_tft image has the ST7789 driver and neither hw/oled.py nor the SSD1306
driver; the OLED builds have the SSD1306 and no ST7789; an image for every profile has both."""

import subprocess
import sys
from pathlib import Path

import pytest
from safety_net import SAFETY_NET_S

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "tools" / "deploy.py"

SSD1306 = "adafruit_displayio_ssd1306"
ST7789 = "adafruit_st7789"
DRIVERS = {  # profile -> (display libraries carried, hw modules that must not be)
    "pico": ({SSD1306}, {"pico_tft.py", "feather.py", "macropad.py"}),
    "feather": ({SSD1306}, {"pico.py", "pico_tft.py", "pico_wiring.py", "macropad.py"}),
    "pico_tft": ({ST7789}, {"oled.py", "pico.py", "feather.py", "macropad.py"}),
    "macropad": (set(), {"oled.py", "pico.py", "pico_tft.py", "feather.py", "pio_pads.py",
                         "pio_program.py"}),  # its SH1106 is built into its firmware
}


@pytest.fixture(scope="module")
def deploy():
    import deploy

    return deploy


@pytest.mark.parametrize("profile", sorted(DRIVERS))
def test_a_profile_image_carries_only_its_display_driver(deploy, profile):
    plan = deploy.make_plan(deploy.ROOT, profile)
    want, absent = DRIVERS[profile]
    displays = {t for t in plan.libraries if t in (SSD1306, ST7789)}
    assert displays == want
    hw = {rel.rsplit("/", 1)[1] for _s, rel, _l in plan.files if rel.startswith("lib/slampad/hw/")}
    assert "%s.py" % profile in hw and "__init__.py" in hw
    assert not hw & absent, sorted(hw & absent)


def test_an_image_for_every_profile_carries_every_driver(deploy):
    plan = deploy.make_plan(deploy.ROOT, None)
    assert {SSD1306, ST7789} <= set(plan.libraries)
    hw = {rel.rsplit("/", 1)[1] for _s, rel, _l in plan.files if rel.startswith("lib/slampad/hw/")}
    assert {"oled.py", "pico.py", "pico_tft.py", "feather.py", "macropad.py"} <= hw


def test_only_for_keeps_what_something_carried_imports(deploy, tmp_path):
    # a module imported by a profile left out and by one kept stays; one imported only
    # by the left-out profile goes; one nothing imports stays (it may be loaded by name)
    lib = tmp_path / "lib" / "slampad" / "hw"
    lib.mkdir(parents=True)
    (lib / "__init__.py").write_text("")
    (lib / "a.py").write_text("from slampad.hw import shared, only_a\n")
    (lib / "b.py").write_text("from slampad.hw import shared\n")
    for name in ("shared", "only_a", "nobody"):
        (lib / (name + ".py")).write_text("")
    local = {"slampad.hw": (lib / "__init__.py", True)}
    for name in ("a", "b", "shared", "only_a", "nobody"):
        local["slampad.hw." + name] = (lib / (name + ".py"), False)
    gone = deploy.only_for(tmp_path, local, {lib / "a.py"})
    assert gone == {lib / "only_a.py"}


def test_pico_tft_dry_run_names_only_the_st7789_driver(tmp_path):
    r = subprocess.run([sys.executable, str(DEPLOY), str(tmp_path / "img"), "--profile",
                        "pico_tft", "--dry-run"], capture_output=True, text=True, cwd=ROOT,
                       timeout=SAFETY_NET_S)
    assert r.returncode == 0, r.stderr
    libs = next(ln for ln in r.stdout.splitlines() if "libraries:" in ln)
    assert "st7789" in libs and "ssd1306" not in libs
    assert "lib/adafruit_displayio_ssd1306.py" not in r.stdout
    assert not (tmp_path / "img").exists()
