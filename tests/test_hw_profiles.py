"""The hardware layer (lib/slampad/hw) on the host shim: every profile builds the parts
docs/hardware-interface.md promises, the real display drivers show what the app draws,
menus debounce, the piezo plays without blocking, and the modules stay device-sized.
"""

import os
import subprocess
import sys

import mpvm
import pytest
from safety_net import SAFETY_NET_S
from test_micropython import MAX_SOURCE, portability_problems
from test_shim import LIB, ROOT, activate_shim

HW = os.path.join(LIB, "slampad", "hw")
HW_FILES = sorted(f for f in os.listdir(HW) if f.endswith(".py"))

PROFILES = {
    # profile: (board_id, pixels, width, height, colour)
    "pico": ("raspberry_pi_pico", 20, 128, 64, False),
    "pico_tft": ("raspberry_pi_pico", 20, 240, 240, True),
    "feather": ("adafruit_feather_rp2040", 20, 128, 64, False),
    "macropad": ("adafruit_macropad_rp2040", 12, 128, 64, False),
}
PAD_PINS = {
    "pico": ("GP10", "GP11", "GP12", "GP13"),
    "pico_tft": ("GP10", "GP11", "GP12", "GP13"),
    "feather": ("D9", "D10", "D11", "D12"),
    "macropad": ("KEY1", "KEY3", "KEY10", "KEY12"),
}


@pytest.fixture(scope="module")
def shim():
    with activate_shim() as simhw:
        yield simhw


@pytest.fixture
def sim(shim, monkeypatch):
    monkeypatch.delenv("SLAMPAD_PROFILE", raising=False)
    shim.use_board("raspberry_pi_pico")
    return shim


def build(sim, profile):
    import slampad.hw

    sim.use_board(PROFILES[profile][0])
    return slampad.hw.build(profile)


# -- building --------------------------------------------------------------------------


@pytest.mark.parametrize("profile", list(PROFILES))
def test_profile_builds_the_interface(sim, profile):
    _, n_pixels, width, height, colour = PROFILES[profile]
    hw = build(sim, profile)
    assert hw.name == profile
    assert hw.n_pads == hw.pads.key_count == 4
    assert (hw.tick_us, hw.wrap) == (1000, 1 << 29)
    assert len(hw.pixels) == n_pixels and hw.pixels.auto_write is False
    assert (hw.width, hw.height, hw.colour) == (width, height, colour)
    assert (hw.display.width, hw.display.height) == (width, height)
    assert hw.display.auto_refresh is False
    assert hw.ticks_ms() == sim.ticks_ms()
    assert hw.menu.poll() == []
    if profile == "macropad":
        assert hw.dice_pixels is None
        assert hw.seat_pixels == [[0], [2], [9], [11]]
    else:
        assert hw.dice_pixels == [list(range(5 * s, 5 * s + 5)) for s in range(4)]
        assert hw.seat_pixels == [[], [], [], []]
    hw.deinit()
    hw.deinit()  # idempotent


@pytest.mark.parametrize("profile", list(PROFILES))
def test_label_shows_up_on_each_profiles_panel(sim, profile):
    import displayio
    import terminalio
    from adafruit_display_text import label

    hw = build(sim, profile)
    text = label.Label(terminalio.FONT, text="P2 SLAMS", color=0xFFFFFF, x=20, y=30)
    root = displayio.Group()
    root.append(text)
    hw.display.root_group = root
    hw.display.refresh()
    shot = sim.screenshot()
    assert shot[:2] == (hw.width, hw.height)
    x, y, w, h = text.bounding_box
    box = (text.x + x, text.y + y, text.x + x + w, text.y + y + h)
    inside = sim.lit_pixels(shot, box)
    assert inside > 40  # eight glyphs' worth of lit pixels where the text is
    assert sim.lit_pixels(shot) == inside  # and nothing anywhere else
    hw.deinit()


@pytest.mark.parametrize("profile", ["pico", "feather", "macropad"])
def test_profile_chosen_by_board_id(sim, profile):
    import slampad.hw

    sim.use_board(PROFILES[profile][0])
    hw = slampad.hw.build()
    assert hw.name == profile
    hw.deinit()


def test_settings_override_and_profile_modules_loaded(sim, monkeypatch):
    import slampad.hw

    for name in [n for n in sys.modules if n.startswith("slampad.hw.")]:
        del sys.modules[name]  # forget what earlier tests loaded (module and attribute)
        monkeypatch.delattr(slampad.hw, name.rsplit(".", 1)[1], raising=False)
    monkeypatch.setenv("SLAMPAD_PROFILE", "pico_tft")
    hw = slampad.hw.build()
    assert hw.name == "pico_tft" and hw.colour
    loaded = {n for n in sys.modules if n.startswith("slampad.hw.")}
    assert "slampad.hw.feather" not in loaded and "slampad.hw.macropad" not in loaded
    hw.deinit()
    assert slampad.hw.build("pico").name == "pico"  # the argument beats the setting


def test_unknown_board_or_profile_raises(sim, monkeypatch):
    import board

    import slampad.hw

    monkeypatch.setattr(board, "board_id", "raspberry_pi_pico2")
    with pytest.raises(ValueError, match="SLAMPAD_PROFILE") as err:
        slampad.hw.build()
    assert "raspberry_pi_pico2" in str(err.value) and "macropad" in str(err.value)
    with pytest.raises(ValueError, match="SLAMPAD_PROFILE"):
        slampad.hw.build("nope")


@pytest.mark.parametrize("profile", list(PROFILES))
def test_deinit_frees_every_pin_and_rebuilds(sim, profile):
    import microcontroller

    import slampad.hw

    hw = build(sim, profile)
    for name in PAD_PINS[profile]:
        assert sim.owner(name) is hw.pads
    hw.deinit()
    pins = [getattr(microcontroller.pin, "GPIO%d" % n) for n in range(30)]
    held = [p.name for p in pins if sim.owner(p) is not None]
    if profile == "macropad":  # board.DISPLAY stays: the firmware owns it
        assert sorted(held) == ["GPIO22", "GPIO23", "GPIO24", "GPIO26", "GPIO27"]
    else:
        assert held == []
    slampad.hw.build(profile).deinit()


def test_failed_build_releases_what_it_made(sim):
    import board
    import digitalio

    import slampad.hw

    blocker = digitalio.DigitalInOut(board.GP20)  # the piezo pin, built last
    with pytest.raises(ValueError, match="GP20 in use"):
        slampad.hw.build("pico")
    assert sim.owner("GP10") is None and sim.owner("GP22") is None and sim.owner("GP4") is None
    blocker.deinit()
    slampad.hw.build("pico").deinit()


# -- pads ------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", list(PROFILES))
def test_pads_are_seats_with_scan_timestamps(sim, profile):
    hw = build(sim, profile)
    pins = PAD_PINS[profile]
    sim.advance(2)
    sim.press(pins[3])
    sim.press(pins[0])
    sim.advance(1)
    t = sim.ticks_ms()
    sim.press(pins[2])
    sim.advance(1)
    got = []
    while hw.pads.events:
        e = hw.pads.events.get()
        got.append((e.key_number, e.pressed, e.timestamp))
    assert got == [(0, True, t), (3, True, t), (2, True, t + 1)]
    hw.deinit()


# -- pixels ------------------------------------------------------------------------------


def test_dice_pixels_reach_the_chain(sim):
    hw = build(sim, "pico")
    hw.pixels.brightness = 1.0
    for i in hw.dice_pixels[2]:
        hw.pixels[i] = (0, 0, 255)
    hw.pixels.show()
    shown = sim.last_pixels("GP22")
    assert [i for i, c in enumerate(shown) if c == (0, 0, 255)] == list(range(10, 15))
    hw.deinit()


def test_macropad_seat_pixels(sim):
    hw = build(sim, "macropad")
    hw.pixels.brightness = 1.0
    for seat, idx in enumerate(hw.seat_pixels):
        hw.pixels[idx[0]] = (seat + 1, 0, 0)
    hw.pixels.show()
    shown = sim.last_pixels("NEOPIXEL")
    assert [shown[i][0] for i in (0, 2, 9, 11)] == [1, 2, 3, 4]
    hw.deinit()


# -- menus -------------------------------------------------------------------------------


def poll_for(sim, menu, ms):
    out = []
    for _ in range(ms):
        sim.advance(1)
        out += menu.poll()
    return out


def test_button_menu_presses(sim):
    hw = build(sim, "pico")
    for name, expected in (("GP6", "up"), ("GP7", "down"), ("GP8", "select")):
        sim.press(name)
        assert poll_for(sim, hw.menu, 40) == [expected]  # held: one press
        sim.release(name)
        assert poll_for(sim, hw.menu, 40) == []  # releases are not presses
    sim.press("GP6")
    sim.press("GP8")
    assert poll_for(sim, hw.menu, 20) == ["up", "select"]
    hw.deinit()


def test_button_menu_debounces_a_bouncing_button(sim):
    hw = build(sim, "feather")
    for level in (0, 1, 0, 0, 1, 0, 1, 1, 0):  # contact bounce, 1 ms per sample
        sim.set_level("D5", bool(level))
        sim.advance(1)
        assert hw.menu.poll() == []
    assert poll_for(sim, hw.menu, 30) == ["down"]  # settles low: one press
    for level in (1, 0, 1, 0, 0, 1):
        sim.set_level("D5", bool(level))
        sim.advance(1)
        hw.menu.poll()
    sim.set_level("D5", None)
    assert poll_for(sim, hw.menu, 30) == []
    sim.press("D5")
    assert poll_for(sim, hw.menu, 30) == ["down"]
    hw.deinit()


def test_button_menu_ignores_a_glitch_shorter_than_the_interval(sim):
    hw = build(sim, "pico")
    sim.press("GP7")
    hw.menu.poll()
    sim.advance(4)
    sim.release("GP7")
    assert poll_for(sim, hw.menu, 30) == []
    hw.deinit()


def test_encoder_menu(sim):
    from slampad.hw.menu import MAX_STEPS

    hw = build(sim, "macropad")
    sim.turn_encoder(2)
    assert hw.menu.poll() == ["down", "down"]
    sim.turn_encoder(-1)
    assert hw.menu.poll() == ["up"]
    sim.turn_encoder(50)
    assert hw.menu.poll() == ["down"] * MAX_STEPS
    assert hw.menu.poll() == []
    sim.press("ENCODER_SWITCH")
    assert poll_for(sim, hw.menu, 30) == ["select"]
    sim.release("ENCODER_SWITCH")
    for level in (1, 0, 1, 0):
        sim.set_level("ENCODER_SWITCH", bool(level))
        sim.advance(1)
        hw.menu.poll()
    sim.set_level("ENCODER_SWITCH", None)
    assert poll_for(sim, hw.menu, 30) == []
    hw.deinit()


# -- sound -------------------------------------------------------------------------------


def run_frames(sim, sound, ms, frame=5):
    for _ in range(ms // frame):
        sim.advance(frame)
        sound.update(sim.ticks_ms())


def sounding(sim, pin):
    freq, duty = sim.tone(pin)
    return freq if duty else 0


def test_piezo_plays_without_blocking_then_goes_silent(sim):
    hw = build(sim, "pico")
    t0 = sim.ticks_ms()
    hw.sound.play([(440, 100), (0, 50), (880, 100)])
    hw.sound.update(t0)
    assert sim.ticks_ms() == t0  # play() and update() return at once
    assert sounding(sim, "GP20") == 440 and hw.sound.playing
    timeline = {}
    for _ in range(60):
        sim.advance(5)
        hw.sound.update(sim.ticks_ms())
        timeline[sim.ticks_ms() - t0] = sounding(sim, "GP20")
    assert timeline[95] == 440 and timeline[100] == 0 and timeline[145] == 0
    assert timeline[150] == 880 and timeline[245] == 880 and timeline[250] == 0
    assert not hw.sound.playing and sim.tone("GP20")[1] == 0
    changes = [(t - t0, f, d) for t, f, d in sim.pwm_log("GP20")]
    assert changes == [
        (0, 440, 0),
        (0, 440, 0x8000),
        (100, 440, 0),
        (150, 880, 0),
        (150, 880, 0x8000),
        (250, 880, 0),
    ]
    hw.deinit()


def test_piezo_late_frame_skips_finished_notes(sim):
    hw = build(sim, "pico")
    hw.sound.play([(440, 20), (660, 20), (880, 100)])
    hw.sound.update(sim.ticks_ms())
    sim.advance(50)  # a long frame: the first two notes are over
    hw.sound.update(sim.ticks_ms())
    assert sounding(sim, "GP20") == 880
    assert 660 not in [f for _, f, d in sim.pwm_log("GP20") if d]
    sim.advance(89)  # 880 Hz started at 40 ms (not 50): it ends at 140
    hw.sound.update(sim.ticks_ms())
    assert sounding(sim, "GP20") == 880
    sim.advance(1)
    hw.sound.update(sim.ticks_ms())
    assert sounding(sim, "GP20") == 0
    hw.deinit()


def test_piezo_mute_keeps_time_and_stop_silences(sim):
    hw = build(sim, "pico")
    hw.sound.muted = True
    hw.sound.play([(440, 50), (880, 50)])
    run_frames(sim, hw.sound, 60)
    assert hw.sound.playing and sounding(sim, "GP20") == 0
    hw.sound.muted = False  # unmuted mid-tune: the current note sounds
    assert sounding(sim, "GP20") == 880
    run_frames(sim, hw.sound, 50)
    assert not hw.sound.playing and sounding(sim, "GP20") == 0
    hw.sound.play([(523, 1000)])
    run_frames(sim, hw.sound, 10)
    hw.sound.stop()
    assert not hw.sound.playing and sounding(sim, "GP20") == 0
    hw.deinit()


def test_piezo_across_the_tick_wrap(sim):
    hw = build(sim, "pico")
    sim.set_ticks(sim.WRAP - 30)
    hw.sound.play([(440, 60)])
    hw.sound.update(sim.ticks_ms())
    run_frames(sim, hw.sound, 55)
    assert sim.ticks_ms() < 100 and sounding(sim, "GP20") == 440
    run_frames(sim, hw.sound, 10)
    assert sounding(sim, "GP20") == 0
    hw.deinit()


def test_macropad_speaker_enable_follows_the_tone(sim):
    hw = build(sim, "macropad")
    assert sim.level("SPEAKER_ENABLE") is False
    hw.sound.play([(440, 30)])
    hw.sound.update(sim.ticks_ms())
    assert sim.level("SPEAKER_ENABLE") is True and sounding(sim, "SPEAKER") == 440
    run_frames(sim, hw.sound, 40)
    assert sim.level("SPEAKER_ENABLE") is False
    hw.deinit()


# -- the modules themselves -----------------------------------------------------------------


def test_hw_has_every_module():
    assert set(HW_FILES) >= {
        "__init__.py", "hardware.py", "parts.py", "menu.py", "sound.py",
        "pico.py", "pico_tft.py", "feather.py", "macropad.py",
    }  # fmt: skip


@pytest.mark.parametrize("name", HW_FILES)
def test_hw_module_is_device_sized_and_portable(name, tmp_path):
    path = os.path.join(HW, name)
    assert os.path.getsize(path) <= MAX_SOURCE
    with open(path, encoding="utf-8") as f:
        assert portability_problems(f.read(), name) == []
    p = subprocess.run(
        [mpvm.find_mpy_cross(), "-o", str(tmp_path / "out.mpy"), path],
        capture_output=True,
        text=True,
        timeout=SAFETY_NET_S,
    )
    assert p.returncode == 0, p.stdout + p.stderr


@pytest.mark.parametrize("name", [n for n in HW_FILES if n not in ("__init__.py",)])
def test_only_profiles_name_board_pins(name):
    with open(os.path.join(HW, name), encoding="utf-8") as f:
        src = f.read()
    uses_board = "import board" in src
    profiles = ("pico.py", "pico_tft.py", "feather.py", "macropad.py", "pico_wiring.py")
    assert uses_board == (name in profiles)  # pico_wiring.py: the Pico builds' shared pins


def test_hw_imports_and_piezo_run_on_micropython(tmp_path):
    """No work at import time, and the Piezo logic on the MicroPython VM (fake pwmio)."""
    (tmp_path / "pwmio.py").write_text(
        "LOG = []\n"
        "class PWMOut:\n"
        "    def __init__(self, pin, duty_cycle=0, frequency=500, variable_frequency=False):\n"
        "        self.duty_cycle = duty_cycle\n"
        "        self.frequency = frequency\n"
        "        LOG.append(self)\n"
        "    def deinit(self):\n"
        "        pass\n"
    )
    entry = tmp_path / "entry.py"
    entry.write_text(
        "import sys\n"
        "sys.path.insert(0, %r)\n"
        "sys.path.insert(0, %r)\n"
        "import slampad.hw, slampad.hw.hardware, slampad.hw.parts, slampad.hw.menu\n"
        "import slampad.hw.pico, slampad.hw.pico_tft, slampad.hw.feather\n"
        "import slampad.hw.macropad\n"
        "from slampad.hw.sound import Piezo\n"
        "import pwmio\n"
        "p = Piezo('GP20')\n"
        "pwm = pwmio.LOG[0]\n"
        "t = (1 << 29) - 10\n"
        "p.play([(440, 30), (0, 10), (880, 20)])\n"
        "seen = []\n"
        "for step in range(14):\n"
        "    p.update((t + step * 5) %% (1 << 29))\n"
        "    seen.append(pwm.frequency if pwm.duty_cycle else 0)\n"
        "print(seen)\n"
        "assert seen == [440] * 6 + [0] * 2 + [880] * 4 + [0] * 2, seen\n"
        "print('OK hw on micropython')\n" % (str(tmp_path), LIB)
    )
    ok, out = mpvm.run(str(entry), heap="128K", timeout=SAFETY_NET_S, cwd=ROOT)
    assert ok and "OK hw on micropython" in out, out
