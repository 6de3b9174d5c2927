#!/usr/bin/env python3
"""Type-check the device code against circuitpython-stubs, once per board profile.

    tools/build/typecheck.py [--profile NAME ...] [--board BOARD_ID] [--root DIR] [--show-paths]

For each profile (pico, feather, pico_tft, macropad) mypy checks code.py, boot.py, the
shared modules of lib/slampad/hw and that profile's own module, with the ``board`` of
that profile's board: ``board/__init__.pyi`` copied from circuitpython-stubs'
``board_definitions/<board_id>/`` into a temporary folder that comes first on MYPYPATH
(the venv is never changed, circuitpython_setboard is not used). A pin that is not on
the board is then an error, so a profile that names another board's pins fails.

How modules resolve (the search path, in order):
  1. TMP/boards/<board_id>/  board/__init__.pyi of that board
  2. TMP/stubs/              every ``<module>-stubs`` package of circuitpython-stubs,
                             copied as plain ``<module>/`` (digitalio, displayio, keypad,
                             busio, supervisor, microcontroller, neopixel_write, ...)
  3. TMP/libs/               the Adafruit libraries the image carries (tools/deploy.py
                             LIBRARIES) and circuitpython_typing, with their inline types
  4. lib/                    the project (slampad)
  then mypy's own typeshed for the standard library (time, os, sys, gc ...).
Site-packages are never searched (``no_site_packages``): Blinka's board.py, digitalio.py,
displayio/ and the like cannot stand in for the stubs, and tools/shim is on no path.
mypy runs with -v and every module it parses is checked against that list: one that
came from anywhere else (site-packages, tools/) is a finding too.

Settings are in pyproject.toml [tool.mypy]. --board checks the profiles against another
board (the tests use it to show wrong pins fail); --root checks another tree laid out
like this one (code.py, boot.py, lib/, pyproject.toml).
Exit status: 0 every profile passes, 1 any finding, 2 a bad argument.
"""

import argparse
import importlib.metadata
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent
ROOT = TOOLS.parent


def _load_deploy():
    spec = importlib.util.spec_from_file_location("slampad_deploy", TOOLS / "deploy.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


deploy = _load_deploy()
PROFILES = deploy.PROFILES
STUBS_DIST = "circuitpython-stubs"
TYPING_DIST = ("circuitpython_typing", "adafruit-circuitpython-typing")
KEY_MODULES = ("board", "digitalio", "busio", "keypad", "displayio", "neopixel")


class Failure(Exception):
    pass


def _dist(name, dirs):
    for d in importlib.metadata.distributions(path=dirs):
        if deploy._norm(d.metadata["Name"]) == deploy._norm(name):
            return d
    raise Failure(
        "%s is not installed in %s: run .venv/bin/pip install -r requirements-dev.txt"
        % (name, dirs[0])
    )


def _copy(src, out):
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, out)


def stage(tmp, dirs):
    """Lay out TMP/stubs and TMP/libs; return (stubs version, {board_id: board stub file})."""
    stubs = _dist(STUBS_DIST, dirs)
    boards = {}
    for rel in stubs.files or ():
        src = Path(stubs.locate_file(rel))
        top = rel.parts[0]
        if top == "board_definitions" and rel.name == "__init__.pyi" and len(rel.parts) == 3:
            boards[rel.parts[1]] = src
        elif top.endswith("-stubs") and top != "board-stubs" and src.suffix == ".pyi":
            _copy(src, tmp / "stubs" / top[: -len("-stubs")] / Path(*rel.parts[1:]))

    libs = dict(deploy.LIBRARIES)
    libs[TYPING_DIST[0]] = TYPING_DIST[1]
    for module, dist_name in sorted(libs.items()):
        d = _dist(dist_name, dirs)
        picked = [
            rel
            for rel in d.files or ()
            if rel.parts[0] in (module, module + ".py")
            and "__pycache__" not in rel.parts
            and rel.suffix in (".py", ".pyi", ".typed")
        ]
        if not picked:
            raise Failure("%s ships no module %s" % (dist_name, module))
        for rel in picked:
            _copy(Path(d.locate_file(rel)), tmp / "libs" / rel)
    return stubs.version, boards


def board_dir(tmp, board_src, board_id):
    if board_id not in board_src:
        raise Failure("circuitpython-stubs has no board %r" % board_id)
    d = tmp / "boards" / board_id
    if not d.is_dir():
        (d / "board").mkdir(parents=True)
        (d / "board" / "__init__.pyi").write_text(fix_board_stub(board_src[board_id].read_text()))
    return d


# circuitpython-stubs 10.3.1 still types built-in displays with the classes CircuitPython 9
# moved out of displayio (board.DISPLAY is a busdisplay.BusDisplay, or an
# epaperdisplay.EPaperDisplay): as shipped, the MacroPad's board stub does not type-check.
_MOVED = (
    ("displayio.Display", "busdisplay.BusDisplay"),
    ("displayio.EPaperDisplay", "epaperdisplay.EPaperDisplay"),
)


def fix_board_stub(text):
    for old, new in _MOVED:
        pat = re.compile(r"^(\w+): %s$" % re.escape(old), re.M)
        if pat.search(text):
            text = pat.sub(r"\1: " + new, text)
            text = "import %s\n" % new.split(".")[0] + text
    return text


def files_for(root, profile):
    """code.py, boot.py, the shared hw modules and this profile's module (with helpers
    named after a profile of the same board, as pico_wiring.py for pico and pico_tft)."""
    profiles = deploy.profile_modules(root)
    if profile not in profiles:
        raise Failure("profile %s: no lib/slampad/hw/%s.py" % (profile, profile))
    others = {p for name, p in profiles.items() if name != profile}
    board = PROFILES[profile]

    def foreign(p):  # another profile, or a helper of another board's (pico_wiring.py)
        return p in others or any(
            p.stem.startswith(name + "_") and PROFILES[name] != board for name in profiles
        )

    hw = sorted(
        p
        for p in (root / "lib/slampad/hw").rglob("*.py")
        if "__pycache__" not in p.parts and not foreign(p)
    )
    return [root / "code.py", root / "boot.py"] + hw


_PARSING = re.compile(r"^LOG:\s+Parsing (.+) \(([\w.]+)\)$")


def check_resolution(log, tmp, root, board_id):
    """Module -> file that mypy parsed; a list of findings for modules from the wrong place."""
    typeshed = mypy_home()[1]
    allowed = [tmp.resolve(), typeshed, (root / "lib").resolve()]
    seen = {}
    findings = []
    for line in log.splitlines():
        m = _PARSING.match(line.strip())
        if not m:
            continue
        path = Path(m.group(1))
        path = (root / path if not path.is_absolute() else path).resolve()
        seen[m.group(2)] = path
        entry = path.parent == root.resolve() and path.name in deploy.ENTRY_FILES
        if not (entry or any(a == path or a in path.parents for a in allowed)):
            findings.append("module %s resolved to %s, outside the stubs" % (m.group(2), path))
    want = (tmp / "boards" / board_id / "board" / "__init__.pyi").resolve()
    if "board" in seen and seen["board"] != want:
        findings.append("board resolved to %s, not %s" % (seen["board"], want))
    return seen, findings


def describe(seen, tmp):
    out = []
    for name in KEY_MODULES:
        p = seen.get(name)
        if p is None:
            continue
        try:
            rel = p.relative_to(tmp.resolve())
        except ValueError:
            out.append("%s=%s" % (name, p))
            continue
        where = {
            "boards": "board_definitions/" + rel.parts[1] if len(rel.parts) > 1 else "",
            "stubs": "circuitpython-stubs",
            "libs": "pip library",
        }[rel.parts[0]]
        out.append("%s<-%s" % (name, where))
    return ", ".join(out)


_MYPY = []


def mypy_home():
    """(python that has mypy, mypy's typeshed folder): this interpreter's, or .venv's."""
    if not _MYPY:
        for py in (sys.executable, str(ROOT / ".venv" / "bin" / "python")):
            proc = subprocess.run(
                [py, "-c", "import mypy, os; print(os.path.dirname(mypy.__file__))"],
                capture_output=True,
                text=True,
            )
            if proc.returncode == 0:
                _MYPY.extend([py, Path(proc.stdout.strip()).resolve() / "typeshed"])
                break
        else:
            raise Failure(
                "mypy is not installed: run .venv/bin/pip install -r requirements-dev.txt"
            )
    return _MYPY[0], _MYPY[1]


def config_for(root, tmp, profile, board_id):
    """pyproject.toml plus one override: other boards' profile modules are not followed.

    hw.build() imports the profile module it picked, inside a branch; on a board only that
    board's profile is ever imported, so under this board the others are opaque (``skip``).
    """
    others = sorted(
        "slampad.hw." + name
        for name in deploy.profile_modules(root)
        if name != profile and PROFILES[name] != board_id
    )
    text = (root / "pyproject.toml").read_text()
    if others:
        text += '\n[[tool.mypy.overrides]]\nmodule = [%s]\nfollow_imports = "skip"\n' % (
            ", ".join('"%s"' % m for m in others)
        )
    path = tmp / "config" / ("%s-%s" % (profile, board_id)) / "pyproject.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def run_profile(profile, board_id, root, tmp, board_src, show_paths=False, out=print):
    files = files_for(root, profile)
    bdir = board_dir(tmp, board_src, board_id)
    config = config_for(root, tmp, profile, board_id)
    env = dict(os.environ)
    env["MYPYPATH"] = os.pathsep.join(
        str(p) for p in (bdir, tmp / "stubs", tmp / "libs", root / "lib")
    )
    env.pop("PYTHONPATH", None)
    cmd = [
        mypy_home()[0],
        "-m",
        "mypy",
        "-v",
        "--config-file",
        str(config),
        "--no-site-packages",
        "--cache-dir",
        os.devnull,
        "--no-color-output",
        "--no-error-summary",
    ] + [str(f.relative_to(root)) for f in files]
    proc = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    seen, findings = check_resolution(proc.stderr, tmp, root, board_id)
    errors = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    label = "%s (%s)" % (profile, board_id)
    n_err = sum(1 for ln in errors if ": error:" in ln)
    if proc.returncode not in (0, 1) or (proc.returncode == 1 and not n_err):
        findings.append("mypy failed (exit %d): %s" % (proc.returncode, proc.stderr[-2000:]))
    ok = proc.returncode == 0 and not findings
    out(
        "%-32s %s: %d files, %s"
        % (
            label,
            "OK" if ok else "FAIL",
            len(files),
            "no findings" if ok else "%d errors, %d path findings" % (n_err, len(findings)),
        )
    )
    out("    resolved: " + describe(seen, tmp))
    if show_paths:
        for name in sorted(seen):
            out("    %s -> %s" % (name, seen[name]))
    for ln in errors:
        out("    " + ln)
    for f in findings:
        out("    path: " + f)
    return ok


def main(argv=None):
    class Parser(argparse.ArgumentParser):
        def error(self, message):
            print("typecheck.py: error: %s" % message, file=sys.stderr)
            sys.exit(2)

    ap = Parser(prog="typecheck.py", description=__doc__.split("\n")[0])
    ap.add_argument(
        "--profile",
        action="append",
        choices=sorted(PROFILES),
        help="check only this profile (repeatable); default: all",
    )
    ap.add_argument("--board", help="use this board_id's pins instead of the profile's own")
    ap.add_argument("--root", type=Path, default=ROOT, help="the tree to check")
    ap.add_argument("--show-paths", action="store_true", help="list where each module resolved")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    for need in ("code.py", "boot.py", "lib/slampad/hw", "pyproject.toml"):
        if not (root / need).exists():
            ap.error("%s has no %s" % (root, need))
    profiles = args.profile or list(PROFILES)
    ok = True
    with tempfile.TemporaryDirectory(prefix="slampad-typecheck-") as t:
        tmp = Path(t)
        try:
            version, board_src = stage(tmp, deploy.site_dirs())
            if args.board and args.board not in board_src:
                ap.error("circuitpython-stubs has no board %r" % args.board)
            print("mypy against circuitpython-stubs %s (site-packages off)" % version)
            for profile in profiles:
                board_id = args.board or PROFILES[profile]
                try:
                    ok &= run_profile(profile, board_id, root, tmp, board_src, args.show_paths)
                except Failure as e:
                    print("%-32s FAIL: %s" % ("%s (%s)" % (profile, board_id), e))
                    ok = False
        except Failure as e:
            print("typecheck.py: %s" % e, file=sys.stderr)
            return 1
    print("typecheck: %s" % ("all profiles pass" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
