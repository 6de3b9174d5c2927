"""tools/build/typecheck.py: mypy against circuitpython-stubs, one board per profile.

It passes on the tree as it is, it resolves board/digitalio/displayio to the stubs
(never to Blinka's modules in the venv, never to tools/shim), and it catches a pin that
is not on the board and a plain type error.
"""

import importlib.metadata
import importlib.util
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from safety_net import SAFETY_NET_S

ROOT = Path(__file__).resolve().parent.parent
TYPECHECK = ROOT / "tools" / "build" / "typecheck.py"
PROFILES = ("pico", "feather", "pico_tft", "macropad")
# a board whose pins a profile does not use, to show that wrong pins fail
WRONG_BOARD = {
    "raspberry_pi_pico": ("feather", "macropad"),
    "adafruit_feather_rp2040": ("pico", "pico_tft"),
}


def run(*args):
    return subprocess.run(
        [sys.executable, str(TYPECHECK), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=SAFETY_NET_S,
    )


def profiles_present(root=ROOT):
    hw = root / "lib" / "slampad" / "hw"
    return [p for p in PROFILES if (hw / (p + ".py")).is_file()]


needs_profiles = pytest.mark.skipif(
    len(profiles_present()) < len(PROFILES),
    reason="the board profiles are not all in lib/slampad/hw yet",
)


def copy_tree(dest):
    """code.py, boot.py, pyproject.toml and lib/ in a scratch folder, for --root."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("code.py", "boot.py", "pyproject.toml"):
        shutil.copyfile(ROOT / name, dest / name)
    shutil.copytree(ROOT / "lib", dest / "lib", ignore=shutil.ignore_patterns("__pycache__"))
    return dest


@needs_profiles
def test_every_profile_passes_against_its_own_board():
    proc = run()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for profile, board in (
        ("pico", "raspberry_pi_pico"),
        ("feather", "adafruit_feather_rp2040"),
        ("pico_tft", "raspberry_pi_pico"),
        ("macropad", "adafruit_macropad_rp2040"),
    ):
        assert re.search(r"^%s \(%s\)\s+OK" % (profile, board), proc.stdout, re.M), proc.stdout
    assert "all profiles pass" in proc.stdout


def test_modules_resolve_to_the_stubs_not_blinka_or_the_shim():
    # the venv really holds Blinka's board.py and digitalio.py, which could shadow the stubs
    blinka = importlib.metadata.distribution("Adafruit-Blinka")
    assert "board.py" in {str(f) for f in blinka.files or ()}
    if "pico" not in profiles_present():
        pytest.skip("lib/slampad/hw/pico.py is not there yet")
    proc = run("--show-paths", "--profile", "pico")
    paths = dict(re.findall(r"^    ([\w.]+) -> (\S+)$", proc.stdout, re.M))
    assert paths, proc.stdout + proc.stderr
    assert paths["board"].endswith("/boards/raspberry_pi_pico/board/__init__.pyi")
    for name in ("board", "digitalio", "displayio", "keypad", "microcontroller"):
        if name in paths:
            assert "/slampad-typecheck-" in paths[name], (name, paths[name])
    for name, path in paths.items():
        assert "/tools/" not in path, (name, path)
        if "site-packages" in path:
            assert "/mypy/typeshed/" in path, (name, path)
    assert "path:" not in proc.stdout


@needs_profiles
@pytest.mark.parametrize("board", sorted(WRONG_BOARD))
def test_profiles_fail_under_another_boards_pins(board):
    args = ["--board", board]
    for profile in WRONG_BOARD[board]:
        args += ["--profile", profile]
    proc = run(*args)
    assert proc.returncode == 1, proc.stdout
    for profile in WRONG_BOARD[board]:
        assert re.search(r"^%s \(%s\)\s+FAIL" % (profile, board), proc.stdout, re.M)
        assert re.search(
            r"lib/slampad/hw/%s\.py:\d+: error: Module has no attribute" % profile, proc.stdout
        ), proc.stdout


@pytest.fixture
def scratch(tmp_path):
    if "pico" not in profiles_present():
        pytest.skip("lib/slampad/hw/pico.py is not there yet")
    return copy_tree(tmp_path / "tree")


def test_a_pin_the_board_does_not_have_fails(scratch):
    pico = scratch / "lib" / "slampad" / "hw" / "pico.py"
    with open(pico, "a") as f:
        f.write("\nimport board as _board_check\n\n_WRONG = _board_check.D25  # a Feather pin\n")
    proc = run("--root", scratch, "--profile", "pico")
    assert proc.returncode == 1, proc.stdout
    assert re.search(r'hw/pico\.py:\d+: error: Module has no attribute "D25"', proc.stdout)
    # the same tree is fine on the board that has D25: only pico.py's new line was wrong
    proc = run("--root", scratch, "--profile", "pico", "--board", "adafruit_feather_rp2040")
    assert 'no attribute "D25"' not in proc.stdout


def test_a_type_error_fails(scratch):
    target = scratch / "lib" / "slampad" / "hw" / "__init__.py"
    with open(target, "a") as f:
        f.write('\n_NOT_AN_INT: int = "seven"\n')
    proc = run("--root", scratch, "--profile", "pico")
    assert proc.returncode == 1, proc.stdout
    assert re.search(r"hw/__init__\.py:\d+: error: Incompatible types in assignment", proc.stdout)


def test_bad_arguments_exit_2():
    assert run("--profile", "toaster").returncode == 2
    assert run("--board", "no_such_board").returncode == 2


def test_mypy_settings_cover_every_carried_library():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert conf["no_site_packages"] is True
    assert conf["check_untyped_defs"] is True and conf["warn_unused_ignores"] is True
    silent = set()
    for o in conf.get("overrides", []):
        if o.get("follow_imports") == "silent":
            silent |= set(o["module"] if isinstance(o["module"], list) else [o["module"]])
    spec = importlib.util.spec_from_file_location("deploy_for_mypy", ROOT / "tools/deploy.py")
    deploy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(deploy)
    for lib in deploy.LIBRARIES:
        assert lib in silent, lib
