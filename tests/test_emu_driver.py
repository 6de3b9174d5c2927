"""tools/emulator/emu.py's side of the emulator, against a fake Node side (tests/fake_emu_node.py):
the JSON-lines protocol, the probe records, scripts, screenshots, crashes and errors.
Needs neither Node nor the CircuitPython firmware."""

import json
import os
import re
import sys

import device_helpers
import emu
import fatimg
import pytest
import sim_script

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(HERE, "fake_emu_node.py")
ROOT = os.path.dirname(HERE)


def fake(scenario="menu"):
    return [sys.executable, FAKE, "--scenario", scenario]


@pytest.fixture
def firmware(tmp_path):
    """A UF2 and its ELF that exist (the fake never reads them)."""
    uf2 = tmp_path / "fw" / "firmware-raspberry_pi_pico-10.2.1.uf2"
    uf2.parent.mkdir()
    uf2.write_bytes(b"UF2\n")
    uf2.with_suffix(".elf").write_bytes(b"\x7fELF")
    return str(uf2)


@pytest.fixture
def image(tmp_path):
    """A small CIRCUITPY image file (the fake lists its files)."""
    path = tmp_path / "circuitpy.img"
    path.write_bytes(fatimg.make_image({"code.py": b"print('hi')\n"}, size=64 * 1024))
    return str(path)


def device(firmware, image, tmp_path, scenario="menu", **kw):
    log = str(tmp_path / "node.txt")
    return emu.EmuDevice(firmware=firmware, image=image, command=fake(scenario), log=log, **kw)


def commands_sent(tmp_path):
    out = []
    for line in (tmp_path / "node.txt").read_text().splitlines():
        if line.startswith("fake: cmd "):
            out.append(json.loads(line[len("fake: cmd ") :]))
    return out


def png_pixels(path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    img = pygame.image.load(path)
    return img.get_size(), lambda x, y: tuple(img.get_at((x, y)))[:3]


def test_script_until_expect_and_shots(firmware, image, tmp_path):
    script = """
        until 1000 Pick a game
        expect Wildside
        expect USB
        shot menu
        tap select
        until 1000 Slam to join
        shot join
    """
    shots = tmp_path / "shots"
    with device(firmware, image, tmp_path) as dev:
        written = emu.play(dev, sim_script.parse(script), str(shots))
        assert dev.lines()[:2] == ["Wildside", "Slam to join"]
        assert not dev.shows("USB")  # the join screen has no corner
        assert dev.shows("START") and not dev.shows("Pick a game")
    assert written == [str(shots / "menu.png"), str(shots / "join.png")]
    size, at = png_pixels(written[0])
    assert size == emu.png_size(128, 64, 20) == (544, 32 + 256 + 4 * 34 + 8)
    m = emu.MARGIN
    assert at(m + 1, m + 1) == (255, 255, 255)  # the lit 8x8 block, 4x
    assert at(m + 40, m + 1) == (0, 0, 0)  # unlit display
    assert at(m + 40, m + 63 * 4 + 2) == (255, 255, 255)  # the lit bottom row
    assert at(2, 2) == emu.BG
    led_y = m + 256 + m + 14
    assert at(m + 14, led_y) == (255, 40, 40)  # P1's first die: red, as the sim draws it
    assert at(m + 14, led_y + emu.LED_ROW) == (40, 40, 255)  # P2's first die: blue
    assert at(m + 14 + emu.LED_PITCH, led_y) == (40, 40, 40)  # unlit
    _, at = png_pixels(written[1])
    assert at(m + 1, m + 1) == (0, 0, 0)  # the second frame has no block


def test_commands_sent_power_and_pins(firmware, image, tmp_path):
    with device(firmware, image, tmp_path) as dev:
        dev.run(60)
        dev.tap("select", 40, 20)
        dev.press("3")
        dev.release("3")
        dev.set_battery(3.7)  # unplugged: VSYS is the cell
        dev.set_battery(3.7, True)  # on USB: at least 4.75 V
    sent = commands_sent(tmp_path)
    assert sent[:2] == [
        {"cmd": "pin", "gpio": 24, "level": 1},
        {"cmd": "adc", "channel": 3, "volts": pytest.approx(5.0 / 3)},
    ]
    pins = [(c["gpio"], c["level"]) for c in sent if c["cmd"] == "pin"]
    assert pins[1:] == [(8, 0), (8, None), (12, 0), (12, None), (24, 0), (24, 1)]
    volts = [c["volts"] for c in sent if c["cmd"] == "adc"]
    assert volts[1:] == [pytest.approx(3.7 / 3), pytest.approx(4.75 / 3)]
    runs = [c["us"] for c in sent if c["cmd"] == "run"]
    assert runs == [20000] * 3 + [20000, 20000, 20000]  # 60 ms, then 40 + 20 in 20 ms steps
    assert sent[-1] == {"cmd": "quit"}


def test_probe_records_and_outputs(firmware, image, tmp_path):
    with device(firmware, image, tmp_path) as dev:
        assert dev.lines() == [] and dev.leds() == [] and dev.crashed() is None
        assert dev.frame() == [[0] * 128 for _ in range(64)]
        dev.run(100)
        assert dev.t_ms == 100
        dev.tap("select")
        assert dev.t_ms == 220
        assert dev.crashed() is None and dev.asleep is None
        kinds = [f[0] for _t, f in dev.probes]
        assert kinds == ["start", "mpy", "screen", "load", "screen"]
        assert dev.probes[0] == (30000, ["start", str((1 << 29) - 65536 + 30), "170900"])
        assert dev.probes[1][1] == ["mpy", "0"]  # the title escape before it is dropped
        assert dev.screens[0] == (50000, 120000, dev.screens[0][2], "Pick a game      USB")
        assert dev.screens[0][2][0] == "Pick a game"  # the rows as the app set them
        assert dev.boot_to_menu_ms() == 50
        assert dev.loads == [(dev.loads[0][0], "wildside", 412, 98000)]
        assert dev.least_free == 98000
        assert "@P\tscreen" in dev.console and "\r\n" in dev.console
        frame = dev.frame()
        assert frame[63] == [1] * 128 and frame[0] == [0] * 128  # the join frame: no block
        leds = dev.leds()
        assert len(leds) == 20 and leds[0] == (255, 0, 0) and leds[5] == (0, 0, 255)
        assert [hz for _t, hz in dev.tones] == [880, 0]


def test_traceback_is_a_crash(firmware, image, tmp_path):
    with device(firmware, image, tmp_path, scenario="crash") as dev:
        dev.run(100)
        crash = dev.crashed()
    assert crash.startswith("Traceback (most recent call last):")
    assert "MemoryError: memory allocation failed" in crash


def test_headless_run_writes_logs_and_reports(firmware, image, tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("until 1000 Pick a game\nshot 01-menu\ntap select\nwait 100\n")
    shots = tmp_path / "out"
    argv = ["--firmware", firmware, "--image", image, "--script", str(script),
            "--screenshots", str(shots), "--emu-command", " ".join(fake())]  # fmt: skip
    assert emu.main(argv) == 0
    out = capsys.readouterr().out
    assert "boot to menu: 50 ms (emulated)" in out
    assert "least free heap: 98,000 bytes" in out
    assert "load wildside: 412 ms" in out
    assert "screenshot: " + str(shots / "01-menu.png") in out
    assert (shots / "01-menu.png").is_file()
    log = (shots / "emu-log.txt").read_text().splitlines()
    assert re.match(r"\s+50 ms\s+120000 free  Pick a game      USB \| > Wildside", log[0])
    assert "Slam to join" in log[1]
    assert "@P\tload" in (shots / "console.txt").read_text()
    assert "fake: cmd" in (shots / "emu-node.txt").read_text()


def test_a_shot_shows_the_screen_its_script_waited_for(firmware, image, tmp_path):
    """Issue 29: the probe prints a screen's rows before the display's frame arrives, so a
    shot taken the moment ``until`` saw the rows was one screen behind (the menu's shot
    black, the join screen's shot the menu). The fake sends each frame 25 ms after its rows,
    inside the step that saw them."""
    import pygame

    script = sim_script.parse(
        "until 1000 Pick a game\nshot 01-menu\ntap select\nuntil 1000 Slam to join\nshot 02-join\n"
    )
    with device(firmware, image, tmp_path) as dev:
        shots = sim_script.run_script(dev, script, shots=str(tmp_path))
        assert dev.settle()  # settled already: nothing new to wait for
    def lit(img, x, y):  # the display pixel (x, y) in a 4x shot
        return img.get_at((emu.MARGIN + 4 * x + 1, emu.MARGIN + 4 * y + 1))[0] > 128

    block = []
    for path in shots:
        img = pygame.image.load(path)
        assert lit(img, 64, 63), path  # a frame came: its bottom row is lit, not a black shot
        block.append(lit(img, 3, 3))
    assert block == [True, False]  # the menu's frame has the block, the join screen's not


def test_headless_crash_fails(firmware, image, tmp_path, capsys):
    argv = ["--firmware", firmware, "--image", image, "--seconds", "0.1", "--screenshots",
            str(tmp_path / "o"), "--emu-command", " ".join(fake("crash"))]  # fmt: skip
    assert emu.main(argv) == 1
    assert "CRASH on the console:\nTraceback" in capsys.readouterr().out


def test_script_failure_fails(firmware, image, tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("until 200 Go Wild! scores\n")
    argv = ["--firmware", firmware, "--image", image, "--script", str(script),
            "--screenshots", str(tmp_path / "o"), "--emu-command", " ".join(fake())]  # fmt: skip
    assert emu.main(argv) == 1
    err = capsys.readouterr().err
    assert "line 1: 'Go Wild! scores' never showed within 200 ms" in err


def test_auto_is_refused_before_running(firmware, image, tmp_path):
    with device(firmware, image, tmp_path) as dev:
        with pytest.raises(
            sim_script.ScriptError, match="line 2: auto .* not supported on the emul"
        ):
            emu.play(dev, sim_script.parse("wait 10\nauto 1 2\n"))
        assert dev.t_ms == 0
        with pytest.raises(sim_script.ScriptError, match="not supported on the emulator yet"):
            sim_script.run_script(dev, sim_script.parse("auto 1\n"))  # tools/sim's runner as it is
        assert dev.humans is None


def test_deep_sleep_line_is_asleep(firmware, image, tmp_path):
    with device(firmware, image, tmp_path, scenario="sleep") as dev:
        dev.run(60)
        assert dev.asleep is None
        dev.run(40)
        assert dev.asleep.startswith("Pretending to deep sleep")
        sim_script.run_script(dev, sim_script.parse("asleep\n"))


def test_bad_firmware_path_says_where_to_get_it(tmp_path, image, capsys):
    missing = str(tmp_path / "nope.uf2")
    with pytest.raises(emu.EmuError) as e:
        emu.EmuDevice(firmware=missing, image=image, command=fake())
    msg = str(e.value)
    assert missing in msg and "https://circuitpython.org/board/raspberry_pi_pico/" in msg
    assert "10.2.1" in msg
    argv = ["--firmware", missing, "--image", image, "--emu-command", " ".join(fake()),
            "--seconds", "0", "--screenshots", str(tmp_path / "o")]  # fmt: skip
    assert emu.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("emu: no firmware at " + missing)


def test_missing_elf_is_named(tmp_path, image):
    uf2 = tmp_path / "fw.uf2"
    uf2.write_bytes(b"UF2")
    with pytest.raises(emu.EmuError, match=r"no .*fw\.elf next to the firmware"):
        emu.EmuDevice(firmware=str(uf2), image=image, command=fake())


def test_firmware_from_the_environment(monkeypatch, firmware):
    monkeypatch.setenv("SLAMPAD_FIRMWARE", firmware)
    assert emu.firmware_paths("pico") == (firmware, firmware[: -len(".uf2")] + ".elf")
    monkeypatch.delenv("SLAMPAD_FIRMWARE")
    uf2 = os.path.join(ROOT, "..", "shared", "circuitpython",
                       "firmware-raspberry_pi_pico-10.2.1.uf2")  # fmt: skip
    try:
        assert emu.firmware_paths("pico", stock=True)[0] == os.path.normpath(uf2)
    except emu.EmuError as e:  # a machine without the shared copy
        assert os.path.normpath(uf2) in str(e)


def test_the_default_is_the_slampad_firmware_and_its_absence_says_how_to_build_it(
    monkeypatch, tmp_path
):
    monkeypatch.delenv("SLAMPAD_FIRMWARE", raising=False)
    monkeypatch.setattr(emu, "SLAMPAD_FIRMWARE_DIR", str(tmp_path))
    with pytest.raises(emu.EmuError, match=r"no Slampad firmware at .*slampad-feather\.uf2: "
                       r"build it with `tools/firmware feather`"):  # fmt: skip
        emu.firmware_paths("feather")
    for ext in (".uf2", ".elf"):
        (tmp_path / ("slampad-feather" + ext)).write_bytes(b"x")
    uf2, elf = emu.firmware_paths("feather")
    assert uf2 == str(tmp_path / "slampad-feather.uf2") and elf.endswith("slampad-feather.elf")
    assert emu.is_slampad_firmware(uf2)
    assert not emu.is_slampad_firmware("firmware-raspberry_pi_pico-10.2.1.uf2")


def test_other_profiles_are_refused(firmware, image, capsys):
    """pico and feather are emulated; the MacroPad's SH1106 on SPI and the 240x240 ST7789
    are not yet."""
    with pytest.raises(emu.EmuError, match="'macropad': the emulator runs feather, pico only"):
        emu.EmuDevice("macropad", firmware=firmware, image=image, command=fake())
    assert emu.main(["--profile", "pico_tft", "--firmware", firmware]) == 2
    assert "runs feather, pico only" in capsys.readouterr().err


@pytest.mark.parametrize("scenario, said", [
    ("error", "the emulator failed: fake: the CPU hit a bad instruction"),
    ("die", r"the emulator exited \(status 3\) \(stderr: .*dying without a word"),
])  # fmt: skip
def test_emulator_failures_are_errors(firmware, image, tmp_path, scenario, said):
    with device(firmware, image, tmp_path, scenario=scenario) as dev:
        with pytest.raises(emu.EmuError, match=said):
            dev.run(20)
        with pytest.raises(emu.EmuError, match="has stopped|has exited"):
            dev.run(20)


def test_nvm_goes_to_the_emulator_padded(firmware, image, tmp_path):
    with device(firmware, image, tmp_path, nvm=b"SLAM\x01\x02"):
        pass
    log = (tmp_path / "node.txt").read_text()
    assert "fake: nvm 4096 bytes, starting 534c414d0102ffff" in log
    with pytest.raises(emu.EmuError, match="nvm: 4097 bytes"):
        device(firmware, image, tmp_path, nvm=bytes(4097))


def test_image_from_a_folder(firmware, tmp_path):
    folder = tmp_path / "drive"
    (folder / "lib").mkdir(parents=True)
    (folder / "code.py").write_text("print(1)\n")
    (folder / "lib" / "x.py").write_text("X = 1\n")
    with device(firmware, str(folder), tmp_path):
        pass
    assert "fake: files code.py lib/x.py" in (tmp_path / "node.txt").read_text()


def test_built_image_carries_the_probe(firmware, tmp_path):
    """No image given: tools/deploy.py --probe builds it (about 10 s)."""
    with device(firmware, None, tmp_path):
        pass
    files = (tmp_path / "node.txt").read_text().split("fake: files ", 1)[1].split("\n")[0]
    names = files.split()
    assert {"code.py", "boot.py", "lib/slampad_probe.py", "lib/slampad/app/main.py"} <= set(names)


def test_pins_match_the_pico_wiring():
    with open(os.path.join(ROOT, "lib", "slampad", "hw", "pico_wiring.py")) as f:
        src = f.read()
    _board, keys, power = emu.PROFILES["pico"]
    pads = ", ".join("board.GP%d" % keys[k] for k in "1234")
    menu = ", ".join("board.GP%d" % keys[k] for k in ("up", "down", "select"))
    assert "(%s)" % pads in src and "button_menu(%s)" % menu in src
    assert "b.vsys(board.VOLTAGE_MONITOR, board.VBUS_SENSE)" in src
    assert power == {"vbus": 24, "vsys_adc": 3}  # VBUS_SENSE = GP24, VOLTAGE_MONITOR = GP29


def test_the_demo_plays_on_the_simulator(dev_factory, tmp_path):
    """tools/emu_demo.txt (the emulator's default script) is valid, has no auto, and plays
    through on the simulator: same firmware code, the same screens to wait for."""
    with open(emu.DEMO) as f:
        commands = sim_script.parse(f.read())
    assert "auto" not in [c for _n, c, _a in commands]
    dev = dev_factory("pico", seed=1, settings={"SLAMPAD_HOWTO": "0"})  # a fresh drive's
    shots = sim_script.run_script(dev, commands, str(tmp_path))
    assert [os.path.basename(p) for p in shots] == [
        "01-menu.png", "02-join.png", "03-seats.png", "04-round.png", "05-ruling.png"
    ]
