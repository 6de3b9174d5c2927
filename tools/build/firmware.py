#!/usr/bin/env python3
"""Build the Slampad firmware: tools/firmware [BOARD ...] [--circuitpython DIR] [--digest]

One CircuitPython 10.2.1 UF2 per board, with lib/slampad and the Adafruit libraries it
imports frozen in and the modules the console does not use turned off. BOARD is pico
(profiles pico and pico_tft), feather or macropad; none means all three.

    firmware/boards/slampad_<board>/     the board definitions (from the stock boards)
    firmware/boards/slampad_modules.mk   the modules every board turns off
    out/firmware/slampad-<board>.uf2     the firmware to drag onto RPI-RP2
    out/firmware/slampad-<board>.elf     the same with symbols (tools/emu reads them)
    out/firmware/slampad-<board>.json    the record: inputs' digests, version, flash used
    out/firmware/slampad-<board>.log     the build's output

What it needs, and where it comes from:
- CircuitPython's source: --circuitpython DIR (a 10.2.1 tree with its submodules), else
  the archive ../shared/circuitpython/src/circuitpython-10.2.1-rp2040-src.tar.xz beside
  the checkout, unpacked once into the cache.
- arm-none-eabi-gcc 14 or newer: from PATH, else Debian trixie's packages fetched with
  apt-get into the cache and patched to run here (docs/firmware.md).
- The build's Python helpers: a venv in the cache (firmware/requirements-build.txt).
The cache is $SLAMPAD_CACHE, else ~/.cache/slampad. The build folder of each board is
kept there, so a change to lib/ rebuilds only the frozen code and the link; a change to
a board's definition or the compiler starts that board afresh. A board whose inputs
(the frozen files, the board folder, the source, the compiler) are those of its record
is not built again.

--digest prints each board's frozen-code digest of the current lib/ and builds nothing
(tests compare it with the record, so a stale UF2 never passes).

Exit status: 0 built (or up to date), 1 the build failed (one line says what to do),
2 a bad argument.
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()
import deploy  # noqa: E402 - tools/ on sys.path first

CP_VERSION = "10.2.1"
SHARED = ROOT.parent / "shared" / "circuitpython"
ARCHIVE = SHARED / "src" / ("circuitpython-%s-rp2040-src.tar.xz" % CP_VERSION)
ARCHIVE_TOP = "circuitpython-%s-rp2040" % CP_VERSION
BOARDS_DIR = ROOT / "firmware" / "boards"
MODULES_MK = BOARDS_DIR / "slampad_modules.mk"
BUILD_REQUIREMENTS = ROOT / "firmware" / "requirements-build.txt"
OUT = ROOT / "out" / "firmware"
GCC_MIN = 14
FLASH_REGION = 1044480  # FLASH_FIRMWARE on every RP2040 board: 1020 KiB

# board -> (folder in firmware/boards, the profiles its frozen code serves)
BOARDS = {
    "pico": ("slampad_pico", ("pico", "pico_tft")),
    "feather": ("slampad_feather", ("feather",)),
    "macropad": ("slampad_macropad", ("macropad",)),
}
LIBRARY_LINE = re.compile(rb"^__(version|repo)__ *=.*\n?", re.M)

# Debian trixie's cross compiler (firmware/BUILD notes in docs/firmware.md).
TRIXIE_DEBS = (
    "gcc-arm-none-eabi", "binutils-arm-none-eabi", "libnewlib-arm-none-eabi",
    "libnewlib-dev", "libisl23", "libmpc3", "libmpfr6", "libgmp10", "libc6",
    "libstdc++6", "libgcc-s1", "libzstd1", "zlib1g",
)  # fmt: skip


class FirmwareError(Exception):
    """The build cannot go on; the message is one line that says what to do."""


def say(text):
    print("firmware: " + text, flush=True)


def cache_dir():
    return Path(os.environ.get("SLAMPAD_CACHE") or Path.home() / ".cache" / "slampad")


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def tree_digest(files):
    """sha256 of [(relative path, bytes)], independent of their order."""
    h = hashlib.sha256()
    for rel, data in sorted(files):
        h.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


# --- what is frozen ------------------------------------------------------------------------


def frozen_files(board, root=ROOT):
    """[(path under the frozen folder, bytes)]: lib/ of ``tools/deploy.py --profile P``
    for each of the board's profiles, their union, as source with comments (mpy-cross
    drops them; line numbers stay right for tracebacks). A library's ``__version__`` and
    ``__repo__`` lines go: CircuitPython's freezer asks git for them."""
    _folder, profiles = BOARDS[board]
    out = {}
    for profile in profiles:
        plan = deploy.make_plan(root, profile)
        for src, rel, _label in plan.files:
            if not rel.startswith("lib/"):
                continue
            data = deploy.image_bytes(src, rel, keep_comments=True)
            if not rel.startswith("lib/slampad"):
                data = LIBRARY_LINE.sub(b"", data)
            out[rel[len("lib/") :]] = data
    return sorted(out.items())


def frozen_digest(board, root=ROOT):
    return tree_digest(frozen_files(board, root))


def board_files(board):
    folder = BOARDS_DIR / BOARDS[board][0]
    files = [(p.name, p.read_bytes()) for p in sorted(folder.iterdir()) if p.is_file()]
    files.append(("../" + MODULES_MK.name, MODULES_MK.read_bytes()))
    return files


def modules_off(text=None):
    """The CIRCUITPY_* modules slampad_modules.mk turns off."""
    text = MODULES_MK.read_text() if text is None else text
    return sorted(re.findall(r"^CIRCUITPY_(\w+) *= *0\s*$", text, re.M))


def package_sizes(files):
    """Frozen source bytes per top-level package or module, largest first."""
    sizes = {}
    for rel, data in files:
        top = rel.split("/")[0]
        if "/" in rel and top == "slampad":
            top = "slampad/" + rel.split("/")[1]
        sizes[top] = sizes.get(top, 0) + len(data)
    return sorted(sizes.items(), key=lambda kv: -kv[1])


# --- the toolchain -------------------------------------------------------------------------


def gcc_version(gcc):
    try:
        r = subprocess.run([gcc, "-dumpversion"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.match(r"(\d+)\.(\d+)", r.stdout.strip())
    return (int(m.group(1)), int(m.group(2))) if r.returncode == 0 and m else None


def find_gcc(cache):
    """The bin/ folder of an arm-none-eabi-gcc >= 14: PATH's, else the cache's, else
    Debian trixie's fetched into the cache now."""
    on_path = shutil.which("arm-none-eabi-gcc")
    old = None
    if on_path:
        v = gcc_version(on_path)
        if v and v[0] >= GCC_MIN:
            return Path(on_path).parent, v
        old = "%s is %s" % (on_path, ".".join(map(str, v)) if v else "unusable")
    cached = cache / "gcc14" / "root" / "usr" / "bin"
    v = gcc_version(cached / "arm-none-eabi-gcc")
    if v and v[0] >= GCC_MIN:
        return cached, v
    say(
        "no arm-none-eabi-gcc %d or newer on PATH%s: fetching Debian trixie's into %s"
        % (GCC_MIN, " (%s)" % old if old else "", cache / "gcc14")
    )
    fetch_gcc(cache / "gcc14", cache)
    v = gcc_version(cached / "arm-none-eabi-gcc")
    if not v or v[0] < GCC_MIN:
        raise FirmwareError(
            "the fetched arm-none-eabi-gcc does not run (%s); install arm-none-eabi-gcc %d or "
            "newer on PATH (Debian trixie: apt-get install gcc-arm-none-eabi "
            "libnewlib-arm-none-eabi)" % (cached, GCC_MIN)
        )
    return cached, v


def _mirror():
    """The machine's own Debian mirror: the first URIs/deb line of its apt sources."""
    texts = []
    for p in sorted(Path("/etc/apt/sources.list.d").glob("*.sources")):
        texts.append(p.read_text(errors="replace"))
    for m in re.finditer(r"^URIs:\s*(\S+)", "\n".join(texts), re.M):
        return m.group(1)
    p = Path("/etc/apt/sources.list")
    if p.is_file():
        m = re.search(r"^deb\s+(?:\[[^\]]*\]\s+)?(\S+)", p.read_text(errors="replace"), re.M)
        if m:
            return m.group(1)
    return None


def fetch_gcc(dest, cache):
    """Debian trixie's gcc-arm-none-eabi and the libraries it runs on, unpacked into
    ``dest``/root and patched (patchelf) to use those libraries: nothing is installed."""
    if shutil.which("apt-get") is None or shutil.which("dpkg") is None:
        raise FirmwareError(
            "no arm-none-eabi-gcc %d or newer on PATH and no apt-get to fetch one: install it "
            "(e.g. Arm GNU Toolchain 14) and put its bin/ on PATH" % GCC_MIN
        )
    mirror = _mirror()
    keyring = Path("/usr/share/keyrings/debian-archive-keyring.gpg")
    if mirror is None or not keyring.is_file():
        raise FirmwareError(
            "no Debian mirror or archive keyring to fetch arm-none-eabi-gcc from: install "
            "arm-none-eabi-gcc %d or newer and put it on PATH" % GCC_MIN
        )
    shutil.rmtree(dest, ignore_errors=True)
    for sub in ("lists/partial", "archives/partial", "debs", "root"):
        (dest / sub).mkdir(parents=True, exist_ok=True)
    sources = dest / "sources.list"
    sources.write_text("deb [signed-by=%s] %s trixie main\n" % (keyring, mirror))
    opts = [
        "-o", "Dir::Etc::sourcelist=%s" % sources, "-o", "Dir::Etc::sourceparts=-",
        "-o", "Dir::State::Lists=%s" % (dest / "lists"),
        "-o", "Dir::Cache::archives=%s" % (dest / "archives"),
        "-o", "Dir::State::status=/dev/null",
    ]  # fmt: skip
    for what, cmd, cwd in (
        ("apt-get update (trixie)", ["apt-get", *opts, "update"], None),
        ("apt-get download", ["apt-get", *opts, "download", *TRIXIE_DEBS], dest / "debs"),
    ):
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
        if r.returncode != 0:
            tail = (r.stderr or r.stdout).strip().splitlines()[-1:]
            raise FirmwareError(
                "%s failed (%s): install arm-none-eabi-gcc %d or newer on PATH instead"
                % (what, " ".join(tail), GCC_MIN)
            )
    for deb in sorted((dest / "debs").glob("*.deb")):
        subprocess.run(["dpkg", "-x", str(deb), str(dest / "root")], check=True)
    patchelf = shutil.which("patchelf", path=str(build_venv(cache) / "bin"))
    lib = dest / "root" / "usr" / "lib" / "x86_64-linux-gnu"
    usr = dest / "root" / "usr"
    for top in (usr / "bin", usr / "lib" / "gcc", usr / "lib" / "arm-none-eabi" / "bin"):
        for f in sorted(p for p in top.rglob("*") if p.is_file() and not p.is_symlink()):
            with open(f, "rb") as fh:
                if fh.read(4) != b"\x7fELF":
                    continue
            kind = subprocess.run(["file", "-b", str(f)], capture_output=True, text=True).stdout
            if "x86-64" not in kind:
                continue
            if "interpreter" in kind:
                args = ["--set-interpreter", str(lib / "ld-linux-x86-64.so.2")]
            elif "shared object" in kind:
                args = []
            else:
                continue
            subprocess.run([patchelf, *args, "--set-rpath", str(lib), str(f)], check=True)
    for link, target in (("lib", "newlib"), ("include", "../../include/newlib")):
        p = usr / "lib" / "arm-none-eabi" / link
        if p.is_symlink() or p.exists():
            p.unlink()
        p.symlink_to(target)


def build_venv(cache):
    """The venv with the build's Python helpers (firmware/requirements-build.txt)."""
    venv = cache / "buildenv"
    want = sha256_file(BUILD_REQUIREMENTS)
    stamp = venv / ".requirements.sha"
    if stamp.is_file() and stamp.read_text() == want:
        return venv
    say("installing the build's Python helpers into %s" % venv)
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    r = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
         "--disable-pip-version-check", "-r", str(BUILD_REQUIREMENTS)],
        capture_output=True, text=True,
    )  # fmt: skip
    if r.returncode != 0:
        tail = (r.stderr or r.stdout).strip().splitlines()[-1:]
        raise FirmwareError("pip could not install %s: %s" % (BUILD_REQUIREMENTS.name, tail))
    stamp.write_text(want)
    return venv


# --- the source ----------------------------------------------------------------------------


def source_tree(cache, given=None):
    """A CircuitPython source tree: ``given``, else the shared archive unpacked once."""
    if given:
        tree = Path(given).resolve()
        if not (tree / "ports" / "raspberrypi" / "Makefile").is_file() or not (
            tree / "py" / "circuitpy_mpconfig.mk"
        ).is_file():
            raise FirmwareError(
                "--circuitpython %s is not a CircuitPython source tree (no "
                "ports/raspberrypi/Makefile): check out tag %s with its submodules"
                % (given, CP_VERSION)
            )
        return tree, "dir:" + str(tree)
    if not ARCHIVE.is_file():
        raise FirmwareError(
            "no CircuitPython source: %s is missing; put the shared folder beside the "
            "checkout or pass --circuitpython DIR (a %s checkout with submodules)"
            % (ARCHIVE, CP_VERSION)
        )
    digest = sha256_file(ARCHIVE)
    base = cache / "src"
    tree = base / ARCHIVE_TOP
    stamp = base / ".archive.sha"
    if not (stamp.is_file() and stamp.read_text() == digest and tree.is_dir()):
        say("unpacking %s into %s" % (ARCHIVE.name, base))
        shutil.rmtree(base, ignore_errors=True)
        base.mkdir(parents=True)
        with tarfile.open(ARCHIVE) as tar:
            tar.extractall(base, filter="data")
        if not (tree / "ports" / "raspberrypi" / "Makefile").is_file():
            raise FirmwareError("%s did not unpack to %s/" % (ARCHIVE.name, ARCHIVE_TOP))
        stamp.write_text(digest)
    return tree, "archive:" + digest


# What Slampad changes in CircuitPython's own source, each change behind a macro whose
# default keeps stock behaviour (the Slampad boards set it in slampad_modules.mk), so a
# --circuitpython tree still builds its stock boards as before.
# CircuitPython collects the heap after every import, about 4 ms a module with a game's
# heap in use: most of a game's load (19 modules for Wildside). A frozen module's code
# stays in flash, so its import leaves little garbage; the loader collects once instead.
GC_AFTER_IMPORT_OLD = b"""    // afterwards.
    gc_collect();
"""
GC_AFTER_IMPORT_NEW = b"""    // afterwards.
    // SLAMPAD-CHANGE (tools/build/firmware.py): not after a frozen module, whose code stays in
    // flash, when SLAMPAD_GC_AFTER_FROZEN_IMPORT is 0 (the Slampad boards).
    #ifndef SLAMPAD_GC_AFTER_FROZEN_IMPORT
    #define SLAMPAD_GC_AFTER_FROZEN_IMPORT (1)
    #endif
    if (SLAMPAD_GC_AFTER_FROZEN_IMPORT || vstr_len(&path) < strlen(MP_FROZEN_PATH_PREFIX)
        || strncmp(vstr_str(&path), MP_FROZEN_PATH_PREFIX, strlen(MP_FROZEN_PATH_PREFIX))) {
        gc_collect();
    }
"""
MARK = b"SLAMPAD-CHANGE"
SOURCE_CHANGES = (
    ("py/builtinimport.c", GC_AFTER_IMPORT_OLD, GC_AFTER_IMPORT_NEW,
     "no heap collection after a frozen module's import"),
)  # fmt: skip


def archive_file(rel):
    """File ``rel`` of the CircuitPython tree as the shared archive holds it."""
    with tarfile.open(ARCHIVE) as tar:
        return tar.extractfile(tar.getmember(ARCHIVE_TOP + "/" + rel)).read()


def change_source(tree, original=None):
    """Apply SOURCE_CHANGES to ``tree`` (once: a changed file is left as it is); returns
    what they do, for the record. A file an earlier version of a change changed (its
    SLAMPAD-CHANGE differs) starts again from ``original(rel)``, the unpacked archive's
    own copy, when the tree came from the archive."""
    done = []
    for rel, old, new, what in SOURCE_CHANGES:
        path = Path(tree) / rel
        text = path.read_bytes() if path.is_file() else b""
        if new not in text and MARK in text and original is not None:
            text = original(rel)
        if new not in text:
            if text.count(old) != 1:
                raise FirmwareError(
                    "%s: not the CircuitPython %s file Slampad changes (%s); use the shared "
                    "archive or a %s checkout" % (path, CP_VERSION, what, CP_VERSION)
                )
            path.write_bytes(text.replace(old, new))
        done.append("%s: %s" % (rel, what))
    return done


# --- the build -----------------------------------------------------------------------------


def make_env(gcc_bin, venv):
    env = dict(os.environ)
    env["PATH"] = "%s:%s:%s" % (gcc_bin, venv / "bin", env.get("PATH", ""))
    env["CP_VERSION"] = CP_VERSION  # no .git in the archive: the version comes from here
    env.pop("MAKEFLAGS", None)
    return env


def run_make(args, env, log, label):
    """Run make, its output to ``log``; a progress line every 15 s. Returns (rc, text)."""
    start = time.monotonic()
    lines = []
    last = start
    with open(log, "a", encoding="utf-8") as f:
        f.write("$ %s\n" % " ".join(args))
        proc = subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True,
            errors="replace",
        )  # fmt: skip
        for line in proc.stdout:
            f.write(line)
            lines.append(line)
            now = time.monotonic()
            if now - last >= 15:
                last = now
                say("%s: %d s, %d lines (%s)" % (label, now - start, len(lines), line.strip()[:60]))
        rc = proc.wait()
    return rc, "".join(lines)


def flash_used(text):
    m = re.search(r"FLASH_FIRMWARE:\s+(\d+) B\s+(\d+) KB", text)
    return (int(m.group(1)), int(m.group(2)) * 1024) if m else (None, FLASH_REGION)


def overflow_error(board, text, files):
    m = re.search(r"region [`']?FLASH_FIRMWARE'? overflowed by (\d+) bytes", text)
    if not m:
        return None
    top = ", ".join("%s %s B" % (n, f"{s:,}") for n, s in package_sizes(files)[:4])
    return FirmwareError(
        "%s does not fit: FLASH_FIRMWARE overflowed by %s bytes; the largest frozen packages "
        "(source) are %s: turn off more modules in %s or freeze less"
        % (board, f"{int(m.group(1)):,}", top, MODULES_MK.relative_to(ROOT))
    )


def first_error(text):
    for line in text.splitlines():
        if re.search(r"\berror\b|\*\*\*", line) and "ws-error" not in line:
            return line.strip()
    return "see the log"


def sync_folder(src_files, folder):
    """Make ``folder`` hold exactly ``src_files`` [(rel, bytes)], rewriting only changes."""
    want = {folder / rel: data for rel, data in src_files}
    if folder.is_dir():
        for p in sorted(folder.rglob("*"), reverse=True):
            if p.is_file() and p not in want:
                p.unlink()
            elif p.is_dir() and not any(p.iterdir()):
                p.rmdir()
    for path, data in want.items():
        if path.is_file() and path.read_bytes() == data:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def build_board(board, tree, source_id, gcc_bin, gcc_v, venv, jobs, force=False, changes=()):
    folder, profiles = BOARDS[board]
    OUT.mkdir(parents=True, exist_ok=True)
    uf2 = OUT / ("slampad-%s.uf2" % board)
    elf = OUT / ("slampad-%s.elf" % board)
    record_path = OUT / ("slampad-%s.json" % board)
    log = OUT / ("slampad-%s.log" % board)
    frozen = frozen_files(board)
    lib_digest = tree_digest(frozen)
    config = tree_digest(board_files(board) + [("source", source_id.encode()),
                                               ("gcc", repr(gcc_v).encode())])  # fmt: skip
    inputs = tree_digest([("frozen", lib_digest.encode()), ("config", config.encode()),
                          ("tool", (HERE / "firmware.py").read_bytes())])  # fmt: skip
    if not force and uf2.is_file() and elf.is_file() and record_path.is_file():
        try:
            old = json.loads(record_path.read_text())
        except ValueError:
            old = {}
        if old.get("inputs_digest") == inputs:
            say("%s: up to date (%s)" % (board, uf2.relative_to(ROOT)))
            return old
    port = tree / "ports" / "raspberrypi"
    boards = port / "boards"
    shutil.copyfile(MODULES_MK, boards / MODULES_MK.name)
    build = port / ("build-" + folder)
    stamp = build / ".slampad-config"
    if not (stamp.is_file() and stamp.read_text() == config):
        if build.exists():
            say("%s: the board, the source or the compiler changed: building afresh" % board)
        shutil.rmtree(build, ignore_errors=True)
    board_dir = boards / folder
    files = [(n, d) for n, d in board_files(board) if not n.startswith("../")]
    sync_folder(files + [("frozen/" + rel, data) for rel, data in frozen], board_dir)
    # The freezer copies the folder only when its own timestamp changes: start it afresh.
    shutil.rmtree(build / "frozen_mpy", ignore_errors=True)
    env = make_env(gcc_bin, venv)
    log.write_text("")
    if not (tree / "mpy-cross" / "build" / "mpy-cross").is_file():
        say("building mpy-cross (once)")
        rc, text = run_make(["make", "-C", str(tree / "mpy-cross"), "-j%d" % jobs], env, log,
                            "mpy-cross")  # fmt: skip
        if rc != 0:
            raise FirmwareError("mpy-cross did not build: %s (%s)" % (first_error(text), log))
    t0 = time.monotonic()
    say("%s: building %s (%d frozen files, %d modules off; log %s)"
        % (board, folder, len(frozen), len(modules_off()), log.relative_to(ROOT)))  # fmt: skip
    rc, text = run_make(
        ["make", "-C", str(port), "-j%d" % jobs, "BOARD=" + folder, "TRANSLATION=en_US"],
        env, log, board,
    )  # fmt: skip
    if rc != 0:
        raise overflow_error(board, text, frozen) or FirmwareError(
            "%s did not build: %s (all of it in %s)" % (board, first_error(text), log)
        )
    build.mkdir(parents=True, exist_ok=True)
    stamp.write_text(config)
    shutil.copyfile(build / "firmware.uf2", uf2)
    shutil.copyfile(build / "firmware.elf", elf)
    used, region = flash_used(text)
    record = {
        "board": board,
        "board_id": folder,
        "profiles": list(profiles),
        "circuitpython": CP_VERSION,
        "source": source_id,
        "gcc": ".".join(map(str, gcc_v)),
        "lib_digest": lib_digest,
        "inputs_digest": inputs,
        "modules_off": modules_off(),
        "source_changes": list(changes),
        "frozen_files": len(frozen),
        "frozen_source_bytes": sum(len(d) for _r, d in frozen),
        "frozen_packages": dict(package_sizes(frozen)),
        "flash_region": region,
        "flash_used": used,
        "flash_left": None if used is None else region - used,
        "uf2_bytes": uf2.stat().st_size,
        "build_seconds": round(time.monotonic() - t0, 1),
    }
    record_path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    say("%s: %s, flash %s of %s B used, %s B left (%.0f s)" % (
        board, uf2.relative_to(ROOT), f"{used:,}", f"{region:,}", f"{region - used:,}",
        record["build_seconds"]))  # fmt: skip
    return record


def main(argv=None):
    class Parser(argparse.ArgumentParser):
        def error(self, message):
            print("firmware: error: %s" % message, file=sys.stderr)
            sys.exit(2)

    ap = Parser(prog="tools/firmware", description=__doc__.split("\n")[0])
    ap.add_argument("boards", nargs="*", metavar="BOARD", help="pico, feather, macropad")
    ap.add_argument("--circuitpython", metavar="DIR", help="a CircuitPython %s source tree"
                    % CP_VERSION)  # fmt: skip
    ap.add_argument("--digest", action="store_true", help="print the frozen-code digests")
    ap.add_argument("--force", action="store_true", help="build even if up to date")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args(argv)
    boards = a.boards or list(BOARDS)
    for b in boards:
        if b not in BOARDS:
            ap.error("unknown board %r (choose from %s)" % (b, ", ".join(BOARDS)))
    try:
        if a.digest:
            for b in boards:
                print("%s %s" % (b, frozen_digest(b)))
            return 0
        cache = cache_dir()
        cache.mkdir(parents=True, exist_ok=True)
        tree, source_id = source_tree(cache, a.circuitpython)
        changes = change_source(tree, None if a.circuitpython else archive_file)
        venv = build_venv(cache)
        gcc_bin, gcc_v = find_gcc(cache)
        jobs = max(1, a.jobs)
        for b in boards:
            build_board(b, tree, source_id, gcc_bin, gcc_v, venv, jobs, a.force, changes)
    except (FirmwareError, deploy.BuildError) as e:
        print("firmware: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    from _venv import use_venv

    use_venv(__file__)
    sys.exit(main())
