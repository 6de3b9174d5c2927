"""The Slampad firmware (issue 27): the boards, tools/firmware's inputs, its records and
its refusals. The UF2s themselves are built by tools/test's firmware part (cached); the
emulator tests boot them (tests/test_emu.py)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import deploy  # noqa: E402

import firmware  # noqa: E402

sys.path.insert(0, str(ROOT / "lib"))
import slampad_check  # noqa: E402

from slampad import hw  # noqa: E402

FLASH_MARGIN = 128 * 1024  # each board keeps this much of FLASH_FIRMWARE free
SOURCE_HERE = firmware.ARCHIVE.is_file()


def record(board):
    path = firmware.OUT / ("slampad-%s.json" % board)
    if not path.is_file():
        if not SOURCE_HERE:
            pytest.skip("no CircuitPython source beside the checkout (%s)" % firmware.ARCHIVE)
        pytest.fail("%s is missing: tools/firmware %s did not build it" % (path, board))
    return json.loads(path.read_text())


# --- the boards ----------------------------------------------------------------------------


@pytest.mark.parametrize("board", sorted(firmware.BOARDS))
def test_board_folder_is_a_whole_rp2040_board(board):
    folder = firmware.BOARDS_DIR / firmware.BOARDS[board][0]
    names = {p.name for p in folder.iterdir()}
    assert names == {"board.c", "mpconfigboard.h", "mpconfigboard.mk", "pico-sdk-configboard.h",
                     "pins.c"}  # fmt: skip
    mk = (folder / "mpconfigboard.mk").read_text()
    assert re.search(r'^USB_PRODUCT = "Slampad \(.+\)"$', mk, re.M)
    assert "include $(TOP)/ports/raspberrypi/boards/slampad_modules.mk" in mk
    h = (folder / "mpconfigboard.h").read_text()
    assert re.search(r'MICROPY_HW_BOARD_NAME "Slampad for ', h)


@pytest.mark.parametrize("board", sorted(firmware.BOARDS))
def test_board_id_picks_the_profile(board):
    """hw.build() and slampad_check find the profile from the Slampad board_id."""
    board_id, profiles = firmware.BOARDS[board]
    assert hw.BOARD_PROFILES[board_id] == profiles[0]
    if board != "macropad":  # the MacroPad's display is board.DISPLAY
        assert slampad_check.BOARDS[board_id] == profiles[0]


def test_modules_off_skip_the_safe_mode_wait_and_freeze():
    text = firmware.MODULES_MK.read_text()
    assert re.search(r"^CIRCUITPY_SKIP_SAFE_MODE_WAIT = 1$", text, re.M)
    assert "FROZEN_MPY_DIRS += $(TOP)/ports/raspberrypi/boards/$(BOARD)/frozen" in text
    off = firmware.modules_off(text)
    assert {"USB_HOST", "PICODVI", "ULAB"} <= set(off)  # the static RAM and flash they take
    assert firmware.modules_off("CIRCUITPY_A = 0\nCIRCUITPY_B = 1\n# CIRCUITPY_C = 0\n") == ["A"]


@pytest.mark.parametrize("board", sorted(firmware.BOARDS))
def test_no_module_the_image_imports_is_turned_off(board):
    """Every built-in module lib/slampad, code.py, boot.py or a frozen library imports is
    still in the firmware."""
    off = {m.lower() for m in firmware.modules_off()}
    for profile in firmware.BOARDS[board][1]:
        used = deploy.make_plan(ROOT, profile).builtins_used
        assert used, profile
        assert not used & off, (profile, sorted(used & off))


def test_frozen_files_of_the_pico_serve_both_its_profiles():
    files = dict(firmware.frozen_files("pico"))
    assert "slampad/app/main.py" in files
    assert "slampad/hw/pico.py" in files and "slampad/hw/pico_tft.py" in files
    assert "adafruit_displayio_ssd1306.py" in files and "adafruit_st7789.py" in files
    assert "neopixel.py" in files
    for rel, data in files.items():
        assert not re.search(rb"^__(version|repo)__", data, re.M), rel  # git describe needs .git
    assert not any(rel.startswith(("code", "boot", "settings")) for rel in files)


def test_digest_follows_the_frozen_code(tmp_path):
    a = [("slampad/x.py", b"A = 1\n"), ("neopixel.py", b"")]
    assert firmware.tree_digest(a) == firmware.tree_digest(list(reversed(a)))
    assert firmware.tree_digest(a) != firmware.tree_digest([("slampad/x.py", b"A = 2\n"), a[1]])
    assert firmware.tree_digest(a) != firmware.tree_digest([("slampad/y.py", b"A = 1\n"), a[1]])


# --- the records of the built firmware -------------------------------------------------------


@pytest.mark.parametrize("board", sorted(firmware.BOARDS))
def test_firmware_is_built_from_the_current_lib(board):
    """A stale UF2 never passes: its record's digest is that of today's frozen code."""
    rec = record(board)
    assert rec["lib_digest"] == firmware.frozen_digest(board), (
        "out/firmware/slampad-%s.uf2 is not the current lib/: run tools/firmware %s"
        % (board, board)
    )
    assert rec["board_id"] == firmware.BOARDS[board][0]
    assert rec["circuitpython"] == firmware.CP_VERSION
    assert rec["modules_off"] == firmware.modules_off()
    assert rec["source_changes"] == [
        "%s: %s" % (rel, what) for rel, _old, _new, what in firmware.SOURCE_CHANGES
    ]
    uf2 = firmware.OUT / ("slampad-%s.uf2" % board)
    assert uf2.stat().st_size == rec["uf2_bytes"]


@pytest.mark.parametrize("board", sorted(firmware.BOARDS))
def test_firmware_fits_its_flash_with_a_margin(board):
    rec = record(board)
    assert rec["flash_region"] == firmware.FLASH_REGION
    assert rec["flash_used"] + rec["flash_left"] == rec["flash_region"]
    assert rec["flash_left"] >= FLASH_MARGIN, rec


@pytest.mark.parametrize("board", sorted(firmware.BOARDS))
def test_elf_names_the_board_and_holds_the_frozen_game(board):
    rec = record(board)
    elf = (firmware.OUT / ("slampad-%s.elf" % board)).read_bytes()
    assert b"Slampad for " in elf
    assert rec["board_id"].encode() in elf
    assert b"slampad/app/main.py" in elf  # the frozen module's name


# --- the change to CircuitPython's source ---------------------------------------------------


def fake_source(tmp_path, text):
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "builtinimport.c").write_bytes(text)
    return tmp_path


def test_source_change_applies_once_and_keeps_stock_behaviour_by_default(tmp_path):
    before = b"void x(void) {\n    // CIRCUITPY-CHANGE\n%s}\n" % firmware.GC_AFTER_IMPORT_OLD
    tree = fake_source(tmp_path, before)
    done = firmware.change_source(tree)
    assert done == ["py/builtinimport.c: no heap collection after a frozen module's import"]
    after = (tree / "py" / "builtinimport.c").read_bytes()
    assert after == before.replace(firmware.GC_AFTER_IMPORT_OLD, firmware.GC_AFTER_IMPORT_NEW)
    assert b"#define SLAMPAD_GC_AFTER_FROZEN_IMPORT (1)" in after  # stock boards: as before
    assert firmware.change_source(tree) == done  # a second run changes nothing
    assert (tree / "py" / "builtinimport.c").read_bytes() == after


def test_the_boards_turn_the_collection_after_a_frozen_import_off():
    assert "CFLAGS += -DSLAMPAD_GC_AFTER_FROZEN_IMPORT=0" in firmware.MODULES_MK.read_text()


def test_a_file_an_older_change_changed_starts_again_from_the_archive(tmp_path):
    before = b"void x(void) {\n%s}\n" % firmware.GC_AFTER_IMPORT_OLD
    older = firmware.GC_AFTER_IMPORT_NEW.replace(b"tools/build/", b"tools/")
    tree = fake_source(tmp_path, before.replace(firmware.GC_AFTER_IMPORT_OLD, older))
    asked = []
    done = firmware.change_source(tree, lambda rel: asked.append(rel) or before)
    assert asked == ["py/builtinimport.c"] and len(done) == 1
    after = (tree / "py" / "builtinimport.c").read_bytes()
    assert after == before.replace(firmware.GC_AFTER_IMPORT_OLD, firmware.GC_AFTER_IMPORT_NEW)
    with pytest.raises(firmware.FirmwareError):  # a --circuitpython tree: no archive to ask
        (tmp_path / "given").mkdir()
        firmware.change_source(fake_source(tmp_path / "given", older))


@pytest.mark.parametrize("text", [b"", b"    gc_collect();\n"])
def test_another_source_is_refused_with_what_to_use(tmp_path, text):
    tree = fake_source(tmp_path, text)
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.change_source(tree)
    assert "not the CircuitPython 10.2.1 file Slampad changes" in str(e.value)
    assert "shared archive" in str(e.value)


@pytest.mark.skipif(not SOURCE_HERE, reason="no CircuitPython source beside the checkout")
def test_the_shared_source_holds_the_lines_slampad_changes():
    import tarfile

    with tarfile.open(firmware.ARCHIVE) as tar:
        member = tar.getmember(firmware.ARCHIVE_TOP + "/py/builtinimport.c")
        text = tar.extractfile(member).read()
    assert text.count(firmware.GC_AFTER_IMPORT_OLD) == 1


# --- refusals: one line that says what to do -------------------------------------------------


def run_tool(*args, env=None):
    e = dict(os.environ, SLAMPAD_NO_VENV="1")
    e.update(env or {})
    return subprocess.run([sys.executable, str(TOOLS / "build" / "firmware.py"), *args],
                          capture_output=True, text=True, env=e, cwd=ROOT)  # fmt: skip


def test_unknown_board_is_a_bad_argument():
    r = run_tool("pico2")
    assert r.returncode == 2
    assert "unknown board 'pico2' (choose from pico, feather, macropad)" in r.stderr


def test_not_a_source_tree_is_refused(tmp_path):
    r = run_tool("pico", "--circuitpython", str(tmp_path), env={"SLAMPAD_CACHE": str(tmp_path)})
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "is not a CircuitPython source tree" in lines[0]
    assert "tag 10.2.1 with its submodules" in lines[0]


def test_no_source_says_where_it_comes_from(monkeypatch, tmp_path):
    monkeypatch.setattr(firmware, "ARCHIVE", tmp_path / "missing.tar.xz")
    with pytest.raises(firmware.FirmwareError, match="no CircuitPython source: .*--circuitpython"):
        firmware.source_tree(tmp_path)


def fake_gcc(folder, version):
    folder.mkdir(parents=True, exist_ok=True)
    gcc = folder / "arm-none-eabi-gcc"
    gcc.write_text("#!/bin/sh\necho %s\n" % version)
    gcc.chmod(0o755)
    return gcc


def test_gcc_on_path_is_used_when_new_enough(monkeypatch, tmp_path):
    fake_gcc(tmp_path / "bin", "14.2.1")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert firmware.find_gcc(tmp_path / "cache") == (tmp_path / "bin", (14, 2))


def test_old_gcc_and_nothing_to_fetch_with_says_what_to_install(monkeypatch, tmp_path):
    fake_gcc(tmp_path / "bin", "12.2.1")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))  # no apt-get, no dpkg either
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.find_gcc(tmp_path / "cache")
    msg = str(e.value)
    assert "no arm-none-eabi-gcc 14 or newer" in msg and "put its bin/ on PATH" in msg
    assert "\n" not in msg


def test_old_gcc_on_path_falls_back_to_the_cached_one(monkeypatch, tmp_path):
    fake_gcc(tmp_path / "bin", "12.2.1")
    cached = fake_gcc(tmp_path / "cache" / "gcc14" / "root" / "usr" / "bin", "14.2.1")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert firmware.find_gcc(tmp_path / "cache") == (cached.parent, (14, 2))


def test_out_of_flash_names_the_bytes_and_the_largest_packages():
    text = "ld: region `FLASH_FIRMWARE' overflowed by 12345 bytes\ncollect2: error\n"
    files = [("slampad/games/diceland.py", b"x" * 900), ("slampad/app/main.py", b"x" * 100),
             ("adafruit_st7789.py", b"x" * 300)]  # fmt: skip
    err = firmware.overflow_error("pico", text, files)
    msg = str(err)
    assert "overflowed by 12,345 bytes" in msg
    assert msg.index("slampad/games 900 B") < msg.index("adafruit_st7789.py 300 B")
    assert "firmware/boards/slampad_modules.mk" in msg
    assert firmware.overflow_error("pico", "collect2: error: ld returned 1\n", files) is None


def test_flash_used_is_read_from_the_link_summary():
    text = (
        "Memory region  Used Size  Region Size  %age Used\n"
        "  FLASH_FIRMWARE:  648324 B  1020 KB  62.07%\n"
    )
    assert firmware.flash_used(text) == (648324, 1044480)


# --- the drive beside the firmware (tools/deploy.py --frozen) --------------------------------


def test_frozen_drive_holds_only_its_own_files(tmp_path):
    old = tmp_path / "lib" / "slampad" / "app"
    old.mkdir(parents=True)
    (old / "main.py").write_text("# an old .py image")
    (tmp_path / "lib" / "neopixel.py").write_text("")
    (tmp_path / "lib" / "my_own.py").write_text("")  # not ours: stays
    lines = []
    deploy.deploy(tmp_path, "pico", frozen=True, out=lines.append)
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert files == ["boot.py", "code.py", "lib/my_own.py", "settings.toml"]
    assert any("frozen into it" in line for line in lines)


def test_frozen_is_the_default_on_a_slampad_drive_and_a_root_copy_is_named(tmp_path):
    (tmp_path / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.2.1 on 2026-12-03; Slampad for Raspberry Pi Pico with "
        "rp2040\nBoard ID:slampad_pico\n"
    )
    (tmp_path / "slampad").mkdir()
    lines = []
    deploy.deploy(tmp_path, "pico", out=lines.append)
    assert not (tmp_path / "lib" / "slampad").exists()
    warn = [line for line in lines if line.startswith("WARNING")]
    assert len(warn) == 1 and "the board runs that copy" in warn[0]


def test_frozen_onto_stock_circuitpython_is_refused(tmp_path):
    (tmp_path / "boot_out.txt").write_text("Board ID:raspberry_pi_pico\n")
    with pytest.raises(deploy.BuildError, match="runs stock CircuitPython .*tools/firmware"):
        deploy.deploy(tmp_path, "pico", frozen=True, out=lambda s: None)


def test_console_says_which_copy_runs():
    frozen = slampad_check.which_copy(False, "slampad_pico")
    assert frozen == "Slampad: running the firmware's own code (frozen)"
    loose = slampad_check.which_copy(True, "slampad_feather")
    assert "copy in /slampad on the drive, not the firmware's own" in loose
    stock = slampad_check.which_copy(False, "raspberry_pi_pico")
    assert stock == "Slampad: running /lib/slampad (stock CircuitPython)"


# --- tools/benchmarks/firmware_bench.py's table -------------------------------------------


def test_firmware_bench_table_sets_the_two_firmwares_side_by_side():
    import firmware_bench as fb

    results = []
    for kind, free, boot in (("py", 93056, 3433), ("frozen", 166496, 790)):
        for first in (True, False):
            results.append({"kind": "boot", "image": kind, "first": first,
                            "boot_ms": boot + (1000 if first else 0), "menu_free": free,
                            "start_free": free + 20000})  # fmt: skip
        results.append({"kind": "game", "image": kind, "game": "diceland", "level": "hard",
                        "load_ms": 40 if kind == "frozen" else 2000, "least_free": free - 1,
                        "decisions": [10, 20, 400], "play_ms": 1000})  # fmt: skip
    results.append({"kind": "game", "image": "py", "game": "gowild", "level": "hard",
                    "error": "crash: MemoryError", "decisions": [], "play_ms": 1000})  # fmt: skip
    records = {"pico": {"flash_region": 1044480, "flash_used": 666064, "flash_left": 378416,
                        "modules_off": ["ULAB"]}}  # fmt: skip
    rows = {r[0]: r[1:] for r in fb.rows(results, records)}
    assert rows["power-on to menu (emulated), every power-on but the first"][:2] == [
        "3,433 ms", "790 ms"]  # fmt: skip
    first = [k for k in rows if k.startswith("power-on to menu, the first")][0]
    assert rows[first][:2] == ["4,433 ms", "1,790 ms"]
    dice = [k for k in rows if k.startswith("Diceland: least free heap")][0]
    assert rows[dice] == ["93,055 B", "166,495 B", "at least 112,640 B"]
    gowild = [k for k in rows if k.startswith("Go Wild!: least free heap")][0]
    assert rows[gowild][0] == "-"  # the failed run shows no figure ...
    meta = {"command": "x", "started": "now", "machine": "m", "wall": "1 min", "source": "s"}
    text = fb.render(results, records, meta)
    assert "py gowild: **failed**: crash: MemoryError" in text  # ... and is named under it
    assert "378,416 B left" in text
