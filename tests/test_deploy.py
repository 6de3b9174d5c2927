"""tools/deploy.py: the CIRCUITPY image is complete, closed under imports and Blinka-free.

The closure check here is written independently of deploy.py's own walker: it resolves
imports inside the built image only, the way CircuitPython does (the drive's root, then
lib/), and accepts a module only if it is in the image or built into the firmware.
"""

import ast
import importlib.metadata
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from safety_net import SAFETY_NET_S

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "tools" / "deploy.py"
BUILTINS_FILE = ROOT / "docs" / "circuitpython-modules.txt"
BOARDS = ("raspberry_pi_pico", "adafruit_feather_rp2040", "adafruit_macropad_rp2040")
CORE = {"gc", "micropython"}  # not in the support matrix: always compiled in


def run_deploy(*args):
    return subprocess.run(
        [sys.executable, str(DEPLOY), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=SAFETY_NET_S,
    )


def load_deploy():
    spec = importlib.util.spec_from_file_location("deploy_under_test", DEPLOY)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def builtins():
    names = set()
    for line in BUILTINS_FILE.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(line)
    return names


def snapshot(folder):
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


# --- an independent closure check over the image -------------------------------------


def _guarded(node, parents):
    """True if node sits in the body of a try whose handler catches ImportError."""
    child = node
    for parent in parents:
        if isinstance(parent, ast.Try) and child in parent.body:
            for h in parent.handlers:
                names = []
                if h.type is None:
                    return True
                for t in h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]:
                    names.append(getattr(t, "id", getattr(t, "attr", "")))
                if {"ImportError", "ModuleNotFoundError", "Exception"} & set(names):
                    return True
        child = parent
    return False


def imports_of(path, module):
    """[(module, name-or-None, optional)] for one image file; relative imports resolved."""
    tree = ast.parse(path.read_text())
    parents = {}
    for node in ast.walk(tree):
        for ch in ast.iter_child_nodes(node):
            parents[ch] = node
    is_pkg = path.name == "__init__.py"
    package = module if is_pkg else module.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        chain = []
        p = parents.get(node)
        while p is not None:
            chain.append(p)
            p = parents.get(p)
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name, None, _guarded(node, chain)))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module
            for a in node.names:
                out.append((base, a.name, _guarded(node, chain)))
    return out


def find_in_image(image, dotted):
    rel = Path(*dotted.split("."))
    for base in (image, image / "lib"):
        for cand in (base / rel.with_suffix(".py"), base / rel / "__init__.py"):
            if cand.is_file():
                return cand
    return None


def closure_problems(image, roots):
    """Walk imports from roots [(path, module)]; list every module that would not import."""
    known = builtins()
    todo = list(roots)
    done = set()
    problems = []
    while todo:
        path, module = todo.pop()
        if path in done:
            continue
        done.add(path)
        for base, name, optional in imports_of(path, module):
            targets = [base]
            if name and name != "*":
                sub = base + "." + name
                if find_in_image(image, sub):
                    targets.append(sub)
            for dotted in targets:
                if dotted.split(".")[0] in known:
                    continue
                parts = dotted.split(".")
                for i in range(1, len(parts) + 1):
                    hit = find_in_image(image, ".".join(parts[:i]))
                    if hit is None:
                        if not optional:
                            problems.append(
                                "%s imports %s" % (path.relative_to(image), ".".join(parts[:i]))
                            )
                        break
                    todo.append((hit, ".".join(parts[:i])))
    return problems, done


def image_module(image, path):
    rel = path.relative_to(image / "lib").with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


# --- the built image -------------------------------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    dest = tmp_path_factory.mktemp("deploy") / "CIRCUITPY"
    dest.mkdir()
    proc = run_deploy(dest)
    assert proc.returncode == 0, proc.stderr
    return dest, proc.stdout


def test_image_has_entry_files_settings_and_firmware(built):
    image, _out = built
    for name in ("code.py", "boot.py", "settings.toml", "lib/slampad/__init__.py"):
        assert (image / name).is_file(), name
    assert (image / "code.py").read_bytes() == (ROOT / "code.py").read_bytes()
    assert (image / "boot.py").read_bytes() == (ROOT / "boot.py").read_bytes()
    assert (image / "settings.toml").read_bytes() == (ROOT / "settings.toml").read_bytes()
    src = {
        p.relative_to(ROOT / "lib").as_posix()
        for p in (ROOT / "lib" / "slampad").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    got = {p.relative_to(image / "lib").as_posix() for p in (image / "lib/slampad").rglob("*")}
    assert src <= got
    assert not [p for p in image.rglob("*") if p.name == "__pycache__" or p.suffix == ".pyc"]
    assert not [p for p in image.rglob("test_*.py")]


def test_every_module_code_py_imports_is_builtin_or_in_the_image(built):
    image, _out = built
    problems, reached = closure_problems(image, [(image / "code.py", "code")])
    assert problems == []
    problems, _ = closure_problems(image, [(image / "boot.py", "boot")])
    assert problems == []
    # code.py starts the app: once it imports it, the walk reaches the hardware layer
    if "slampad.app" in (ROOT / "code.py").read_text():
        assert any("slampad/app" in p.as_posix() for p in reached)


def test_closure_holds_for_every_hw_and_app_module(built):
    """Meaningful even while code.py is small: every hw and app file is a root."""
    image, _out = built
    roots = []
    for sub in ("hw", "app"):
        src = sorted((ROOT / "lib/slampad" / sub).rglob("*.py"))
        for p in src:
            if "__pycache__" in p.parts:
                continue
            copy = image / "lib" / p.relative_to(ROOT / "lib")
            assert copy.is_file(), "%s is not in the image" % p.relative_to(ROOT)
            roots.append((copy, image_module(image, copy)))
    assert roots
    problems, _ = closure_problems(image, roots)
    assert problems == []


def test_whole_image_is_closed(built):
    image, _out = built
    roots = [(p, image_module(image, p)) for p in sorted((image / "lib").rglob("*.py"))]
    problems, _ = closure_problems(image, roots + [(image / "code.py", "code")])
    assert problems == []


def test_no_blinka_or_shim_module_in_the_image(built):
    image, _out = built
    forbidden = {"board", "digitalio", "displayio", "busio", "microcontroller", "analogio"}
    for dist in ("Adafruit-Blinka", "adafruit-blinka-displayio"):
        try:
            files = importlib.metadata.distribution(dist).files or ()
        except importlib.metadata.PackageNotFoundError:
            continue
        for f in files:
            top = f.parts[0]
            if not top.endswith(".dist-info") and top != "__pycache__":
                forbidden.add(top.removesuffix(".py"))
    forbidden.discard("__pycache__")
    present = {p.name.removesuffix(".py") for p in image.iterdir()}
    present |= {p.name.removesuffix(".py") for p in (image / "lib").iterdir()}
    assert present & forbidden == set()
    # the host shim: none of its modules, and none of its files under a library's name
    # (it has its own neopixel.py; the image's is the real driver, checked below)
    shim = ROOT / "tools" / "shim"
    if shim.is_dir():
        carried = set(load_deploy().LIBRARIES)
        names = {p.name.removesuffix(".py") for p in shim.iterdir()} - {"__pycache__"}
        assert present & (names - carried) == set()
        shim_files = {b for p in shim.rglob("*.py") if len(b := p.read_bytes()) > 100}
        assert not [p for p in image.rglob("*.py") if p.read_bytes() in shim_files]
    for name in ("board.py", "digitalio.py", "busio.py", "displayio", "microcontroller"):
        assert not (image / "lib" / name).exists()
        assert not (image / name).exists()


def test_neopixel_driver_is_carried(built):
    """neopixel.py is a library (adafruit-circuitpython-neopixel), not built into the firmware."""
    image, _out = built
    assert "neopixel" not in builtins()
    assert "neopixel_write" in builtins() and "adafruit_pixelbuf" in builtins()
    neo = image / "lib" / "neopixel.py"
    assert neo.is_file()
    dist = importlib.metadata.distribution("adafruit-circuitpython-neopixel")
    assert neo.read_bytes() == Path(dist.locate_file("neopixel.py")).read_bytes()


def test_sizes_and_free_space_are_printed(built):
    image, out = built
    for part in ("code.py", "boot.py", "settings.toml", "lib/slampad", "total"):
        assert re.search(r"^\s+%s\s+\d+\s+[\d,]+" % re.escape(part), out, re.M), part
    for lib in (image / "lib").iterdir():
        if lib.name != "slampad":
            assert "lib/" + lib.name in out
    m = re.search(r"^\s+total\s+(\d+)\s+([\d,]+)", out, re.M)
    files = [p for p in image.rglob("*") if p.is_file()]
    assert int(m.group(1)) == len(files)
    assert int(m.group(2).replace(",", "")) == sum(p.stat().st_size for p in files)
    assert "free space left" in out


def test_deploy_twice_is_idempotent(tmp_path):
    dest = tmp_path / "CIRCUITPY"
    first = run_deploy(dest)
    assert first.returncode == 0, first.stderr
    before = snapshot(dest)
    second = run_deploy(dest)
    assert second.returncode == 0, second.stderr
    assert snapshot(dest) == before
    assert re.search(r"wrote 0 files, %d unchanged" % len(before), second.stdout)


def test_stale_firmware_files_are_removed_and_other_libraries_kept(tmp_path):
    dest = tmp_path / "CIRCUITPY"
    (dest / "lib" / "slampad" / "gone").mkdir(parents=True)
    (dest / "lib" / "slampad" / "gone" / "old.py").write_text("x = 1\n")
    (dest / "lib" / "slampad" / "stale.py").write_text("x = 1\n")
    (dest / "lib" / "someone_elses_lib.py").write_text("x = 1\n")
    proc = run_deploy(dest)
    assert proc.returncode == 0, proc.stderr
    assert not (dest / "lib" / "slampad" / "gone").exists()
    assert not (dest / "lib" / "slampad" / "stale.py").exists()
    assert (dest / "lib" / "someone_elses_lib.py").is_file()


def test_settings_on_the_drive_are_kept_unless_forced(tmp_path):
    dest = tmp_path / "CIRCUITPY"
    dest.mkdir()
    (dest / "settings.toml").write_text('SLAMPAD_BOT_LEVEL = "hard"\n')
    proc = run_deploy(dest)
    assert proc.returncode == 0, proc.stderr
    assert (dest / "settings.toml").read_text() == 'SLAMPAD_BOT_LEVEL = "hard"\n'
    assert "--force-settings" in proc.stdout
    proc = run_deploy(dest, "--force-settings")
    assert proc.returncode == 0, proc.stderr
    assert (dest / "settings.toml").read_bytes() == (ROOT / "settings.toml").read_bytes()


def test_profile_image_carries_only_that_profile(tmp_path):
    deploy = load_deploy()
    profiles = deploy.profile_modules(ROOT)
    if len(profiles) < 2:
        pytest.skip("the board profiles are not in lib/slampad/hw yet")
    dest = tmp_path / "CIRCUITPY"
    proc = run_deploy(dest, "--profile", "macropad")
    assert proc.returncode == 0, proc.stderr
    assert (dest / "lib/slampad/hw/macropad.py").is_file()
    assert not (dest / "lib/slampad/hw/feather.py").exists()
    assert re.search(r'^SLAMPAD_PROFILE = "macropad"$', (dest / "settings.toml").read_text(), re.M)
    problems, _ = closure_problems(
        dest, [(p, image_module(dest, p)) for p in (dest / "lib").rglob("*.py")]
    )
    assert problems == []


def test_dry_run_writes_nothing(tmp_path):
    dest = tmp_path / "CIRCUITPY"
    proc = run_deploy(dest, "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert "dry run" in proc.stdout and "total" in proc.stdout
    assert not dest.exists()


def test_bad_arguments_exit_2_with_one_line(tmp_path):
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x")
    for args in ([a_file], [tmp_path / "d", "--profile", "toaster"], [], [ROOT]):
        proc = run_deploy(*args)
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert proc.stderr.startswith("deploy.py: error:")
    assert a_file.read_text() == "x"


def _tree(tmp_path, code):
    root = tmp_path / "src"
    (root / "lib" / "slampad").mkdir(parents=True)
    (root / "lib" / "slampad" / "__init__.py").write_text("")
    (root / "code.py").write_text(code)
    (root / "boot.py").write_text("import storage\n")
    (root / "settings.toml").write_text("")
    return root


def test_an_import_neither_builtin_nor_carried_fails_naming_file_and_module(tmp_path):
    deploy = load_deploy()
    root = _tree(tmp_path, "import board\nimport simpleio\n")
    with pytest.raises(deploy.BuildError, match=r"code\.py:2 imports simpleio"):
        deploy.make_plan(root)
    root = _tree(tmp_path / "b", "from slampad import util\n")
    (root / "lib/slampad/util.py").write_text("import dataclasses\n")
    with pytest.raises(deploy.BuildError, match=r"lib/slampad/util\.py:1 imports dataclasses"):
        deploy.make_plan(root)


def test_guarded_imports_are_optional_and_libraries_are_computed(tmp_path):
    deploy = load_deploy()
    code = (
        "try:\n    from typing import List\n    import circuitpython_typing\n"
        "except ImportError:\n    pass\n"
        "import adafruit_debouncer\n"
    )
    plan = deploy.make_plan(_tree(tmp_path, code))
    # adafruit_debouncer imports adafruit_ticks: the walk goes through the libraries too
    assert sorted(plan.libraries) == ["adafruit_debouncer", "adafruit_ticks"]
    assert {"typing", "circuitpython_typing"} <= plan.skipped_optional
    assert {rel for _src, rel, _label in plan.files} == {
        "code.py",
        "boot.py",
        "settings.toml",
        "lib/slampad/__init__.py",
        "lib/adafruit_debouncer.py",
        "lib/adafruit_ticks.py",
    }


def test_builtin_list_matches_circuitpython_stubs_board_definitions():
    dist = importlib.metadata.distribution("circuitpython-stubs")
    listed = builtins() - CORE
    for board in BOARDS:
        text = Path(dist.locate_file("board_definitions/%s/__init__.pyi" % board)).read_text()
        included = {m.strip() for m in re.search(r"Included modules: (.*)", text)[1].split(",")}
        assert listed <= included, (board, listed - included)
    for name in ("displayio", "terminalio", "keypad", "adafruit_pixelbuf", "neopixel_write"):
        assert name in listed


# --- a compiled image (--mpy) and the probe (--probe) ----------------------------------

SHARED_MPY_CROSS = sorted((ROOT.parent / "shared" / "circuitpython").glob("mpy-cross-*"))
needs_mpy_cross = pytest.mark.skipif(
    not SHARED_MPY_CROSS, reason="no CircuitPython mpy-cross in ../shared/circuitpython"
)


def mpy_cross_version():
    out = subprocess.run(
        [str(SHARED_MPY_CROSS[-1]), "--version"], capture_output=True, text=True, check=True
    ).stdout
    return re.search(r"CircuitPython (\d+)\.\d+\.\d+", out)


def lib_files(image, suffix):
    return {
        p.relative_to(image).as_posix() for p in (image / "lib").rglob("*" + suffix) if p.is_file()
    }


@pytest.fixture(scope="module")
def built_mpy(tmp_path_factory):
    if not SHARED_MPY_CROSS:
        pytest.skip("no CircuitPython mpy-cross in ../shared/circuitpython")
    dest = tmp_path_factory.mktemp("deploy_mpy") / "CIRCUITPY"
    proc = run_deploy(dest, "--mpy")
    assert proc.returncode == 0, proc.stderr
    return dest, proc.stdout


@needs_mpy_cross
def test_mpy_compiles_every_lib_module_with_circuitpythons_header(built, built_mpy):
    image, _out = built
    compiled, out = built_mpy
    keep = set(load_deploy().KEEP_SOURCE)
    assert keep == {"lib/slampad_check.py"}
    want = {rel[:-3] + ".mpy" for rel in lib_files(image, ".py") - keep}
    assert {"lib/slampad/app/main.mpy", "lib/slampad/__init__.mpy", "lib/neopixel.mpy"} <= want
    assert lib_files(compiled, ".mpy") == want
    assert lib_files(compiled, ".py") == keep  # nothing to shadow a .mpy
    for rel in want:
        head = (compiled / rel).read_bytes()[:4]
        assert head[:2] == b"C\x06", (rel, head)  # CircuitPython's 'C', format 6 (MicroPython: 'M')
    for name in ("code.py", "boot.py", "settings.toml", "lib/slampad_check.py"):
        assert (compiled / name).read_bytes() == (image / name).read_bytes(), name
    major = mpy_cross_version().group(1)
    note = (compiled / "lib/slampad/build.txt").read_text().splitlines()
    assert note[0] == "mpy %s" % major
    assert "compiled: .mpy for CircuitPython %s." % major in out
    assert "kept as .py: code.py, boot.py, lib/slampad_check.py" in out
    # Every module of the .py image has exactly one file in the compiled one.
    modules = {rel.rsplit(".", 1)[0] for rel in lib_files(image, ".py")}
    assert modules == {rel.rsplit(".", 1)[0] for rel in lib_files(compiled, ".mpy") | keep}


@needs_mpy_cross
def test_mpy_and_py_images_replace_each_other_without_leftovers(tmp_path):
    dest = tmp_path / "CIRCUITPY"
    assert run_deploy(dest).returncode == 0
    assert (dest / "lib/neopixel.py").is_file()
    first = run_deploy(dest, "--mpy")
    assert first.returncode == 0, first.stderr
    assert lib_files(dest, ".py") == {"lib/slampad_check.py"}  # no stale .py, ours or a library's
    before = snapshot(dest)
    again = run_deploy(dest, "--mpy")
    assert again.returncode == 0 and snapshot(dest) == before
    assert re.search(r"wrote 0 files, %d unchanged" % len(before), again.stdout)
    back = run_deploy(dest, "--py")
    assert back.returncode == 0, back.stderr
    assert lib_files(dest, ".mpy") == set() and not (dest / "lib/slampad/build.txt").exists()
    assert (dest / "lib/neopixel.py").is_file()


@needs_mpy_cross
def test_mpy_dry_run_writes_nothing_and_names_the_compiler(tmp_path):
    dest = tmp_path / "CIRCUITPY"
    proc = run_deploy(dest, "--dry-run", "--mpy-cross", SHARED_MPY_CROSS[-1])  # implies --mpy
    assert proc.returncode == 0, proc.stderr
    named = (SHARED_MPY_CROSS[-1], SHARED_MPY_CROSS[-1].resolve())  # shared/ may be a link
    assert "dry run" in proc.stdout and any(str(p) in proc.stdout for p in named)
    assert "lib/neopixel.mpy" in proc.stdout
    assert not dest.exists()


def test_mpy_without_circuitpythons_mpy_cross_fails_with_one_line(tmp_path):
    fake = tmp_path / "mpy-cross"
    fake.write_text(
        "#!/bin/sh\necho 'MicroPython v1.22.2 on 2024-02-22; mpy-cross emitting mpy v6.2'\n"
    )
    fake.chmod(0o755)
    for args, says in (
        (["--mpy-cross", tmp_path / "absent"], "not an executable file"),
        (["--mpy-cross", fake], "is not CircuitPython's"),
    ):
        dest = tmp_path / "CIRCUITPY"
        proc = run_deploy(dest, *args)
        assert proc.returncode == 1, (args, proc.stdout, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert proc.stderr.startswith("deploy.py: build failed:") and says in proc.stderr
        assert "adafruit-circuit-python.s3.amazonaws.com" in proc.stderr
        assert not dest.exists()
    # None anywhere: not given, no $SLAMPAD_MPY_CROSS, none beside the repository.
    deploy = load_deploy()
    assert deploy.find_mpy_cross(None, root=tmp_path / "repo", env={}) is None
    with pytest.raises(deploy.BuildError, match=r"found none .*mpy-cross of your CircuitPython"):
        deploy.MpyCross(None)
    env = {deploy.MPY_CROSS_ENV: str(fake)}
    assert deploy.find_mpy_cross(None, root=tmp_path, env=env) == fake
    assert deploy.find_mpy_cross(tmp_path / "x", root=tmp_path, env=env) == tmp_path / "x"


def test_py_is_the_default_until_it_is_flipped(monkeypatch):
    deploy = load_deploy()
    assert deploy.MPY_BY_DEFAULT is False
    assert deploy.want_mpy(None) is False
    assert deploy.want_mpy(True) is True and deploy.want_mpy(False, "mpy-cross") is False
    assert deploy.want_mpy(None, "mpy-cross") is True  # --mpy-cross alone means --mpy
    monkeypatch.setattr(deploy, "MPY_BY_DEFAULT", True)
    monkeypatch.setattr(deploy, "find_mpy_cross", lambda *a, **k: None)
    assert deploy.want_mpy(None) is False  # flipped: compile only when one is found
    monkeypatch.setattr(deploy, "find_mpy_cross", lambda *a, **k: Path("mpy-cross"))
    assert deploy.want_mpy(None) is True


def test_probe_image_adds_the_probe_and_one_line_of_code_py(tmp_path):
    deploy = load_deploy()
    dest = tmp_path / "CIRCUITPY"
    proc = run_deploy(dest, "--probe")
    assert proc.returncode == 0, proc.stderr
    probe = dest / "lib/slampad_probe.py"
    assert probe.is_file() and "@P" in proc.stdout
    assert "def hook(app)" in probe.read_text()
    src = (ROOT / "code.py").read_text().splitlines(keepends=True)
    got = (dest / "code.py").read_text().splitlines(keepends=True)
    i = got.index(deploy.PROBE_LINE)
    assert got[:i] + got[i + 1 :] == src  # only the probe's import is added ...
    assert got[i + 1].startswith("from slampad.app import main")  # ... just before the app
    assert any(line.startswith("slampad_check.check()") for line in got[:i])  # after the check
    problems, _ = closure_problems(dest, [(probe, "slampad_probe"), (dest / "code.py", "code")])
    assert problems == []
    proc = run_deploy(dest)  # a normal image again: no probe left
    assert proc.returncode == 0, proc.stderr
    assert not probe.exists()
    assert (dest / "code.py").read_bytes() == (ROOT / "code.py").read_bytes()


@needs_mpy_cross
def test_probe_is_compiled_in_a_compiled_image(tmp_path):
    dest = tmp_path / "CIRCUITPY"
    proc = run_deploy(dest, "--probe", "--mpy")
    assert proc.returncode == 0, proc.stderr
    assert (dest / "lib/slampad_probe.mpy").read_bytes()[:2] == b"C\x06"
    assert not (dest / "lib/slampad_probe.py").exists()
    assert "import slampad_probe" in (dest / "code.py").read_text()


def test_the_image_counts_as_game_code_what_the_app_unloads():
    """deploy's per-game import sets and app/loader.unload_games agree on which modules
    belong to one game (issue 17 item 8 moved the screens into folders)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import deploy

    from slampad.app.registry import GAMES, game_prefixes

    assert sorted(deploy.GAME_PREFIXES) == sorted(game_prefixes())
    assert tuple(g["key"] for g in GAMES) == deploy.GAME_FOLDERS
