#!/usr/bin/env python3
"""The "real firmware, emulated RP2040" table (issue 15 items 3 and 6).

    .venv/bin/python tools/emulator/emu_bench.py [--write] [--quick]
    .venv/bin/python tools/emulator/emu_bench.py --from out/emu_bench/results.json [--write]

Boots the device image (tools/deploy.py --probe, as .py and as .mpy) on the real
CircuitPython 10.2.1 firmware in the emulated RP2040 (tools/emulator/emu.py's EmuDevice, one
emulator at a time) and measures, on the emulated clock:

- boot to menu: reset to the first screen showing the menu (``dev.boot_to_menu_ms()``),
  and the free heap on that screen; the flash holds no save;
- for each game, from a saved game resumed at power-up (tests/emu_saves.py make_level:
  every seat a bot of one level, saved on the shim at the first safe point): the game's
  load time (the probe's ``load`` record of ``load_game``), the least free heap while it
  plays (every probe record after the load: gc.mem_free() after gc.collect()), and every
  bot decision (the probe's ``bot`` records: ``choose()`` timed with supervisor.ticks_ms
  on the device): median, 95th percentile and count per level.

The .py image runs every game at every level; the .mpy image runs the hard saves (the
same bytecode decides, so its decision times only check the .py ones; what it is run for
is the load times and the heap). The least free heap rows compare the two on the same
hard save played for the same emulated time. --quick: the hard saves only, on both
images, for a few seconds each (a smoke run: few decisions).

The saves and both images are made first, together, from one state of the source (made
again if lib/ changes meanwhile): a save made from other rules than the image's is
refused on the device.

It prints a header, ONE Markdown table and its notes; --write puts them between the
markers BEGIN and END in docs/benchmarks.md (a section SECTION, made after the summary
table's section when it is not there yet). Every run's figures go to
out/emu_bench/results.json as it finishes, and each run's console to out/emu_bench/;
--from renders (and with --write writes) the table from such a file without running.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TOOLS)
for _p in (TOOLS, os.path.join(ROOT, "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

import bench_table as bt  # noqa: E402

DOC = os.path.join(ROOT, "docs", "benchmarks.md")
SECTION = "## Real firmware, emulated RP2040"
BEGIN = "<!-- tools/emulator/emu_bench.py --write: begin (this block is rewritten) -->"
END = "<!-- tools/emulator/emu_bench.py --write: end -->"
OUT = os.path.join(ROOT, "out", "emu_bench")
RESULTS = os.path.join(OUT, "results.json")
PROFILE = "pico"
IMAGES = ("py", "mpy")
LEVELS = ("easy", "normal", "hard")
GAMES = bt.GAMES  # (key, name) in menu order
NAMES = dict(GAMES)
MODULE = "slampad.app.%s.play"  # what load_game loads on Resume
RESUME_WAIT_MS = 20000  # power-up to the resume offer (about 4.6 s)
MENU_WAIT_MS = 30000  # power-up to the menu (about 4.5 s)
MENU_STAY_MS = 2000  # run on at the menu after it shows
STEP_MS = 500  # emulated ms per run command while a game plays
# Emulated ms of play after Resume, per game: chosen for decisions per wall minute.
# Wildside decides (W5 choose) about once a round, Go Wild! about once a second,
# Diceland about every 3 s, Tumblin' Dice once a throw (about every 5 s).
PLAY_MS = {"wildside": 10000, "gowild": 20000, "tumblin": 40000, "diceland": 30000}
QUICK_PLAY_MS = 5000
SAVE_WHAT = {
    "wildside": "4 seats, all bots",
    "gowild": "6 seats, all bots",
    "tumblin": "4 seats, all bots, virtual board",
    "diceland": "36 hexes, both seats bots, after the occupation",
}
DECIDE_WHAT = {
    "wildside": "choose(), the first slammer picking among matches (W5); plan() is not probed",
    "gowild": "choose(view)",
    "tumblin": "choose(view)",
    "diceland": "choose(view); making the view is not timed",
}
COLUMNS = (".py image", ".mpy image", ".mpy better?", "goal (on the device)", "verdict")
COLUMNS = ("figure",) + COLUMNS
NOT_MODELLED = (
    "flash write timing is approximated (the ROM stand-in charges about 45 ms per 4 KB"
    " erase and 0.8 ms per 256-byte page), so a save's stall is roughly right, not exact",
    "PIO timing is stepped at each state machine's clock divider, but a state machine reads"
    " its pins only when its step runs",
    "XIP flash cache misses are not modelled: code and .mpy/.py data read from flash run"
    " at cache speed, so the real chip can be slower",
    "the ROM's float functions are done in JavaScript and charged approximate cycles",
    "only core 0 runs (CircuitPython uses one core)",
    "USB is not connected (the console is read from the firmware's serial_write_substring"
    " calls), so no USB interrupts load the CPU as a host would",
)


# -- figures (tested in tests/test_emu_bench.py) -------------------------------------------


def median(xs):
    """The median (the mean of the middle two for an even count), None for none; as
    tools/benchmarks/mp_timing.py's."""
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return None
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def p95(xs):
    """The 95th percentile as tools/mp_bench_*.py take it: sorted[(n * 19) // 20] (the
    largest for 20 or fewer), None for none."""
    xs = sorted(xs)
    return xs[(len(xs) * 19) // 20] if xs else None


def fmt_ms(ms):
    """Emulated milliseconds: whole ms below 10 s, else seconds."""
    if ms is None:
        return "-"
    if ms < 10000:
        return "{:,.0f} ms".format(ms) if ms == int(ms) else "{:,.1f} ms".format(ms)
    return "%.2f s" % (ms / 1000)


def fmt_bytes(n):
    return "-" if n is None else "%s B" % bt.fmt_int(n)


def better(py, mpy, higher_is_better):
    """Is the .mpy figure better than the .py one: 'yes (-12%)', 'no (+3.0%)', 'no
    (same)', '-' when either is missing. The percentage is .mpy against .py (one decimal
    under 10%)."""
    if py is None or mpy is None:
        return "-"
    if py == mpy:
        return "no (same)"
    won = mpy > py if higher_is_better else mpy < py
    if py:
        d = (mpy - py) * 100.0 / py
        pct = ("%+.1f%%" if abs(d) < 10 else "%+.0f%%") % d
    else:
        pct = "%+d" % (mpy - py)
    return "%s (%s)" % ("yes" if won else "no", pct)


DEVICE_GOAL_MS = 1500  # issue 27: the p95 of easy and hard on the emulated device, XIP modelled


def goal_ms(level):
    """A bot decision's goal on the emulated device: under 0.5 s at normal, else under
    1.5 s (issue 27; the VM tables keep bench_table's 2 s)."""
    return bt.GOAL_NORMAL_MS if level == "normal" else DEVICE_GOAL_MS


def decision_cell(rec):
    """'median / p95 (n)' of a run's decisions, or why there is none."""
    if rec is None:
        return "not run"
    if rec.get("error"):
        return "failed: %s" % rec["error"]
    ms = rec["decisions"]
    if not ms:
        return "no decision in %s" % fmt_ms(rec["play_ms"])
    return "%s / %s (%d)" % (fmt_ms(median(ms)), fmt_ms(p95(ms)), len(ms))


def judge(recs, level):
    """The goal's verdict on the runs' 95th percentiles (the worse image's), '-' when no
    run has a decision."""
    got = [r for r in recs if r and not r.get("error") and r["decisions"]]
    if not got:
        return "-"
    worst = max(got, key=lambda r: p95(r["decisions"]))
    ms = worst["decisions"]
    return bt.verdict(median(ms) * 1000, p95(ms) * 1000, goal_ms(level) * 1000)


def find(results, kind, image, game=None, level=None):
    for r in results:
        if (r["kind"], r["image"], r.get("game"), r.get("level")) == (kind, image, game, level):
            return r
    return None


def _ok(rec):
    return rec is not None and not rec.get("error")


def compare_level(results, game):
    """The level whose runs compare the images for ``game``: the highest level both ran
    (hard in a full run), else None."""
    for lv in reversed(LEVELS):
        if _ok(find(results, "game", "py", game, lv)) and _ok(
            find(results, "game", "mpy", game, lv)
        ):
            return lv
    return None


def table_rows(results):
    """The table's rows (COLUMNS) from the runs' records."""
    rows = []
    bp, bm = find(results, "boot", "py"), find(results, "boot", "mpy")

    def val(rec, key):
        return rec.get(key) if _ok(rec) else None

    rows.append([
        "boot to menu: power-up to the first screen showing the menu (emulated; no save in"
        " the flash)",
        fmt_ms(val(bp, "boot_ms")), fmt_ms(val(bm, "boot_ms")),
        better(val(bp, "boot_ms"), val(bm, "boot_ms"), False), "-", "-",
    ])  # fmt: skip
    rows.append([
        "free heap at the menu (that first menu screen's probe record)",
        fmt_bytes(val(bp, "menu_free")), fmt_bytes(val(bm, "menu_free")),
        better(val(bp, "menu_free"), val(bm, "menu_free"), True), "-", "-",
    ])  # fmt: skip
    for game, name in GAMES:
        lv = compare_level(results, game)
        if lv is None:  # one image only: show what there is, at the highest level run
            ran = [v for v in LEVELS if any(find(results, "game", i, game, v) for i in IMAGES)]
            lv = ran[-1] if ran else None
            if lv is None:
                continue
        p, m = find(results, "game", "py", game, lv), find(results, "game", "mpy", game, lv)
        secs = max(r["play_ms"] for r in (p, m) if r) / 1000
        rows.append([
            "%s: load time of `load_game(\"%s\")` on Resume (%s save)"
            % (name, MODULE % game, lv),
            fmt_ms(val(p, "load_ms")), fmt_ms(val(m, "load_ms")),
            better(val(p, "load_ms"), val(m, "load_ms"), False), "-", "-",
        ])  # fmt: skip
        rows.append([
            "%s: least free heap while it plays (%s, %s bots, %g s from Resume)"
            % (name, SAVE_WHAT[game], lv, secs),
            fmt_bytes(val(p, "least_free")), fmt_bytes(val(m, "least_free")),
            better(val(p, "least_free"), val(m, "least_free"), True), "-", "-",
        ])  # fmt: skip
    for game, name in GAMES:
        for lv in LEVELS:
            p, m = find(results, "game", "py", game, lv), find(results, "game", "mpy", game, lv)
            if p is None and m is None:
                continue
            runs = [r for r in (p, m) if r]
            secs = max(r["play_ms"] for r in runs) / 1000
            rows.append([
                "%s bot %s: decision median / p95 (count) on the device clock; %s (%s, all"
                " %s, %g s from Resume)" % (name, lv, DECIDE_WHAT[game], SAVE_WHAT[game], lv, secs),
                decision_cell(p), decision_cell(m), "-",
                "< %s" % ("0.5 s" if lv == "normal" else "2 s"), judge([p, m], lv),
            ])  # fmt: skip
    return rows


def decision(results):
    """Issue 15 item 3: is .mpy better on boot-to-menu, on each game's load time and on
    each game's least free heap? (all_better, lines saying each)."""
    lines = []
    verdicts = []
    bp, bm = find(results, "boot", "py"), find(results, "boot", "mpy")
    if _ok(bp) and _ok(bm):
        ok = bm["boot_ms"] < bp["boot_ms"]
        verdicts.append(ok)
        lines.append(
            "boot to menu: .py %s, .mpy %s: %s"
            % (fmt_ms(bp["boot_ms"]), fmt_ms(bm["boot_ms"]), "better" if ok else "NOT better")
        )
    else:
        verdicts.append(False)
        lines.append("boot to menu: not measured on both images")
    for key, label, higher in (
        ("load_ms", "load time", False),
        ("least_free", "least free heap", True),
    ):
        for game, name in GAMES:
            lv = compare_level(results, game)
            if lv is None:
                verdicts.append(False)
                lines.append("%s %s: not measured on both images" % (name, label))
                continue
            p, m = find(results, "game", "py", game, lv), find(results, "game", "mpy", game, lv)
            a, b = p[key], m[key]
            ok = b > a if higher else b < a
            verdicts.append(ok)
            show = fmt_bytes if key == "least_free" else fmt_ms
            lines.append("%s %s (%s): .py %s, .mpy %s: %s" % (
                name, label, lv, show(a), show(b), "better" if ok else "NOT better"))  # fmt: skip
    return all(verdicts), lines


# -- the section in docs/benchmarks.md -------------------------------------------------------


def replace_block(doc, block, heading=SECTION, after=bt.SECTION):
    """``doc`` with the text between BEGIN and END replaced by ``block`` (the markers
    kept). Without the markers: the heading, the markers and the block go under
    ``heading`` if it is there (first thing after it), else as a new section before the
    ``## `` heading that follows the ``after`` section (else at the end)."""
    inner = BEGIN + "\n" + block.strip("\n") + "\n" + END
    i, j = doc.find(BEGIN), doc.find(END)
    if i >= 0 and j > i:
        return doc[:i] + inner + doc[j + len(END) :]
    if i >= 0 or j >= 0:
        raise ValueError("docs: one of the emu_bench markers without the other")
    lines = doc.splitlines(keepends=True)
    at = next((k for k, ln in enumerate(lines) if ln.rstrip("\n") == heading), None)
    if at is not None:
        head = "".join(lines[: at + 1])
        rest = "".join(lines[at + 1 :]).lstrip("\n")
        return head + "\n" + inner + "\n" + ("\n" + rest if rest else "")
    section = heading + "\n\n" + inner + "\n"
    anchor = next((k for k, ln in enumerate(lines) if ln.rstrip("\n") == after), None)
    if anchor is not None:
        nxt = next((k for k in range(anchor + 1, len(lines)) if lines[k].startswith("## ")), None)
        if nxt is not None:
            head = "".join(lines[:nxt]).rstrip("\n") + "\n\n"
            return head + section + "\n" + "".join(lines[nxt:])
    head = doc.rstrip("\n")
    return (head + "\n\n" if head else "") + section


def write_block(block, path=DOC):
    with open(path) as f:
        doc = f.read()
    new = replace_block(doc, block)
    with open(path, "w") as f:
        f.write(new)
    return new


def render(results, meta):
    """The section's text: a header, the table, the decision and the notes."""
    n_dec = sum(len(r["decisions"]) for r in results if r["kind"] == "game" and _ok(r))
    n_runs = sum(1 for r in results if r["kind"] == "game")
    failed = [r for r in results if r.get("error")]
    wall = meta.get("wall_s", 0)
    head = [
        "Produced by `%s` on %s: %s. Source measured: %s. Firmware: %s. Wall time %d min"
        " %02d s for %d game runs (%s decisions) and %d boots, one emulator at a time; load"
        " average at the start %s, at the end %s (1, 5, 15 min)."
        % (
            meta["command"],
            meta["started"],
            meta["machine"],
            meta["source"],
            meta["firmware"],
            wall // 60,
            wall % 60,
            n_runs,
            bt.fmt_int(n_dec),
            sum(1 for r in results if r["kind"] == "boot"),
            meta["load0"],
            meta["load1"],
        ),  # fmt: skip
        "",
        "The device image (`tools/deploy.py --profile %s --probe`, and with `--mpy`) boots"
        " on the official CircuitPython firmware in the emulated RP2040 (`tools/emulator/emu.py`,"
        " npm rp2040js); every time here is emulated time on the device's clock, not this"
        " machine's. Each game run powers up with a saved game in `microcontroller.nvm`"
        " (`tests/emu_saves.py` `make_level(game, level)`: every seat a bot of the level,"
        " saved on the shim at the first safe point, made with the images from one state of the"
        " source), taps select on the resume offer and"
        " lets the bots play on. Decision times are the probe's: `supervisor.ticks_ms()`"
        " around the bot's `choose()` (1 ms resolution); p95 is `sorted[(n * 19) // 20]`,"
        " the slowest of 20 or fewer. Heaps are `gc.mem_free()` after `gc.collect()` at"
        " every probe record (each screen change, load and decision), so they are the"
        " live heap, not the fragmentation. The .mpy image runs the hard saves only: it"
        " compares the images on the same save and emulated time; its decision times"
        " check the .py image's (the same bytecode)." % meta.get("profile", PROFILE),
        "",
    ]
    table = bt.render_table(table_rows(results), columns=COLUMNS)
    all_better, lines = decision(results)
    dec = [
        "",
        "**.py or .mpy (issue 15 item 3).** The rule: if .mpy is better on all three"
        " (boot-to-menu time, each game's load time, the least free heap in each game), it"
        " becomes the default whenever a cross-compiler is found (`MPY_BY_DEFAULT` in"
        " tools/deploy.py, which this tool does not change). On these runs: **%s**."
        % ("better on all three" if all_better else "not better on all three"),
        "",
    ] + ["- " + ln for ln in lines]
    notes = (
        [
            "",
            "Not modelled by the emulator, so the real board can differ:",
            "",
        ]
        + ["- " + s + ";" for s in NOT_MODELLED[:-1]]
        + ["- " + NOT_MODELLED[-1] + "."]
    )
    notes += [
        "",
        "Runs (emulated s in all, power-up included / wall s; the emulator's speed):",
        "",
    ]
    for r in results:
        what = (
            ("boot, %s image" % r["image"])
            if r["kind"] == "boot"
            else ("%s %s, %s image" % (NAMES[r["game"]], r["level"], r["image"]))
        )
        if r.get("error"):
            notes.append("- %s: **failed**: %s" % (what, r["error"]))
        else:
            notes.append("- %s: %.1f s / %.0f s (%.2fx real time)" % (
                what, r["emulated_ms"] / 1000, r["wall_s"],
                r["emulated_ms"] / 1000 / r["wall_s"] if r["wall_s"] else 0))  # fmt: skip
    if failed:
        notes += ["", "**%d run(s) failed** (above)." % len(failed)]
    return "\n".join(head + [table] + dec + notes) + "\n"


# -- running -----------------------------------------------------------------------------


def plan(quick=False):
    """[(kind, image, game, level, play_ms)]: boots first, then the .py image's games at
    every level, then the .mpy image's hard saves (quick: hard only, briefly)."""
    out = [("boot", "py", None, None, 0), ("boot", "mpy", None, None, 0)]
    for image in ("py", "mpy"):
        levels = ("hard",) if quick or image == "mpy" else LEVELS
        for game, _name in GAMES:
            for lv in levels:
                out.append(("game", image, game, lv, QUICK_PLAY_MS if quick else PLAY_MS[game]))
    return out


def _free_after(dev, t_us):
    """The least free heap of the probe records at or after ``t_us``."""
    frees = [f for t, f, _r, _d in dev.screens if t >= t_us]
    frees += [f for t, _m, _ms, f in dev.loads if t >= t_us]
    frees += [f for t, _g, _lv, _ms, f in dev.bots if t >= t_us]
    return min(frees) if frees else None


def _keep_console(dev, name):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name + ".txt"), "w", encoding="utf-8") as f:
        f.write(dev.console)


def run_boot(emu, image, path, stock=None):
    """Boot ``path`` (stock CircuitPython for this tool's IMAGES, unless ``stock`` says)."""
    rec = {"kind": "boot", "image": image}
    t0 = time.monotonic()
    stock = image in IMAGES if stock is None else stock
    with emu.EmuDevice(PROFILE, image=path, stock=stock) as dev:
        try:
            if not dev.run_until(emu.MENU_TEXT, MENU_WAIT_MS, step_ms=100):
                raise RuntimeError("no menu within %d ms" % MENU_WAIT_MS)
            dev.run(MENU_STAY_MS, step_ms=STEP_MS)
            rec["boot_ms"] = dev.boot_to_menu_ms()
            rec["menu_free"] = next(
                f for _t, f, rows, _d in dev.screens if any(emu.MENU_TEXT in r for r in rows)
            )
            rec["least_free"] = dev.least_free
            starts = [f for _t, f in dev.probes if f[0] == "start"]
            rec["start_free"] = int(starts[0][-1]) if starts else None
            if dev.crashed():
                raise RuntimeError("crash: " + dev.crashed().strip().splitlines()[-1])
        except (RuntimeError, emu.EmuError) as e:
            rec["error"] = str(e)
        rec["emulated_ms"] = dev.t_ms
        _keep_console(dev, "boot-%s" % image)
    rec["wall_s"] = time.monotonic() - t0
    return rec


def run_game(emu, nvm, image, path, game, level, play_ms, stock=None):
    rec = {"kind": "game", "image": image, "game": game, "level": level, "play_ms": play_ms,
           "decisions": [], "frees": []}  # fmt: skip
    t0 = time.monotonic()
    stock = image in IMAGES if stock is None else stock
    with emu.EmuDevice(PROFILE, nvm=nvm, image=path, stock=stock) as dev:
        try:
            if not dev.run_until("Resume", RESUME_WAIT_MS, step_ms=100):
                raise RuntimeError("no resume offer within %d ms" % RESUME_WAIT_MS)
            dev.tap("select")
            t_resume = dev.t_us
            dev.run(play_ms, step_ms=STEP_MS)
            loads = [ld for ld in dev.loads if ld[1] == MODULE % game]
            if not loads:
                raise RuntimeError("the game did not load: %s" % " | ".join(dev.lines()))
            t_load, _m, rec["load_ms"], rec["load_free"] = loads[0]
            if any("unreadable" in r for _t, _f, rows, _d in dev.screens for r in rows):
                raise RuntimeError("the save was refused: %s" % " | ".join(dev.lines()))
            mine = [b for b in dev.bots if b[1] == game and b[0] >= t_resume]
            rec["decisions"] = [ms for _t, _g, _lv, ms, _f in mine]
            rec["frees"] = [f for _t, _g, _lv, _ms, f in mine]
            rec["levels_seen"] = sorted({lv for _t, _g, lv, _ms, _f in mine})
            rec["least_free"] = _free_after(dev, t_load)
            if dev.crashed():
                raise RuntimeError("crash: " + dev.crashed().strip().splitlines()[-1])
        except (RuntimeError, emu.EmuError) as e:
            rec["error"] = str(e)
        rec["emulated_ms"] = dev.t_ms
        _keep_console(dev, "%s-%s-%s" % (image, game, level))
    rec["wall_s"] = time.monotonic() - t0
    return rec


def machine():
    """This machine and the emulator's versions (Node, rp2040js) in a line."""
    import platform

    cpu = platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        node = subprocess.run(["node", "--version"], capture_output=True, text=True,
                              timeout=30).stdout.strip() or "?"  # fmt: skip
    except OSError:
        node = "?"
    try:
        with open(os.path.join(TOOLS, "rp2040", "package-lock.json")) as f:
            lock = json.load(f)
        rp = lock["packages"]["node_modules/rp2040js"]["version"]
    except (OSError, ValueError, KeyError):
        rp = "?"
    return "%s cores (%s), %s; Node %s, rp2040js %s" % (
        os.cpu_count(),
        cpu,
        platform.system(),
        node,
        rp,
    )


SOURCES = ("lib", "code.py", "boot.py", "settings.toml")


def source_digest(root=ROOT):
    """A digest of what the images and the saves are made from (lib/, the entry files)."""
    h = hashlib.sha256()
    for top in SOURCES:
        path = os.path.join(root, top)
        files = [path] if os.path.isfile(path) else []
        for folder, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            files += [os.path.join(folder, n) for n in sorted(names) if not n.endswith(".pyc")]
        for f in files:
            h.update(os.path.relpath(f, root).encode() + b"\0")
            try:
                with open(f, "rb") as fh:
                    h.update(fh.read())
            except OSError:  # gone meanwhile: the digest changes
                h.update(b"\1")
    return h.hexdigest()


def snapshot(emu, emu_saves, steps, log, tries=5):
    """The saves and both images, made together from one state of the source: saves made
    on the shim from the working tree must match the image's code (a rules change between
    them makes the device refuse the save), and others edit lib/ meanwhile. Made again
    while the source changes under it. ({image: path}, {(game, level): nvm bytes}, the
    source's git state, its digest)."""
    for _ in range(tries):
        state = bt.source_state()
        before = source_digest()
        saves = {}
        for kind, _image, game, level, _ms in steps:
            if kind == "game" and (game, level) not in saves:
                saves[game, level] = emu_saves.make_level(game, level)
        log("made %d saves; building the images" % len(saves))
        images = {}
        for image in IMAGES:
            path = os.path.join(OUT, "image-%s.img" % image)
            with open(path, "wb") as f:
                f.write(emu.build_image(PROFILE, mpy=image == "mpy"))
            images[image] = path
        if source_digest() == before:
            return images, saves, state, before
        log("the source changed while the saves and images were made: again")
    raise SystemExit("emu_bench: the source kept changing under the build (%d tries)" % tries)


def firmware_name(emu):
    try:
        return os.path.basename(emu.firmware_paths(PROFILE, stock=True)[0])
    except emu.EmuError:
        return "?"


def measure(quick, log, meta):
    import emu
    import emu_saves

    problem = emu.node_problem()
    if problem:
        raise SystemExit("emu_bench: " + problem)
    emu.firmware_paths(PROFILE, stock=True)  # says what is missing before a build
    os.makedirs(OUT, exist_ok=True)
    steps = plan(quick)
    images, saves, meta["source"], digest = snapshot(emu, emu_saves, steps, log)
    meta["source"] += " (digest of lib/ and the entry files %s)" % digest[:12]
    results = []
    for i, (kind, image, game, level, play_ms) in enumerate(steps, 1):
        what = "boot" if kind == "boot" else "%s %s" % (game, level)
        log("[%d/%d] %s, %s image" % (i, len(steps), what, image))
        if kind == "boot":
            rec = run_boot(emu, image, images[image])
        else:
            rec = run_game(emu, saves[game, level], image, images[image], game, level, play_ms)
        results.append(rec)
        log("    %s" % summary(rec))
        yield rec, results


def summary(rec):
    if rec.get("error"):
        return "FAILED: %s (%.0f s wall)" % (rec["error"], rec["wall_s"])
    if rec["kind"] == "boot":
        return "boot to menu %s, %s free at the menu (%.0f s wall)" % (
            fmt_ms(rec["boot_ms"]),
            fmt_bytes(rec["menu_free"]),
            rec["wall_s"],
        )
    return "load %s, least free %s, %d decisions %s (%.0f s wall)" % (
        fmt_ms(rec["load_ms"]), fmt_bytes(rec["least_free"]), len(rec["decisions"]),
        decision_cell(rec), rec["wall_s"])  # fmt: skip


def command_line(argv):
    exe = os.path.relpath(sys.executable, ROOT)
    shown = exe if not exe.startswith("..") else "python"
    return " ".join([shown, "tools/emulator/emu_bench.py"] + list(argv))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="tools/emulator/emu_bench.py",
                                 description=__doc__.split("\n")[0])  # fmt: skip
    ap.add_argument("--write", action="store_true", help="put the table in docs/benchmarks.md")
    ap.add_argument(
        "--quick",
        action="store_true",
        help="hard saves only, %d emulated s each (a smoke run)" % (QUICK_PLAY_MS // 1000),
    )
    ap.add_argument(
        "--from",
        dest="source",
        metavar="JSON",
        help="render from a results file of an earlier run instead of running",
    )
    a = ap.parse_args(argv)  # fmt: skip

    def log(msg):
        print("[emu_bench %s] %s" % (time.strftime("%H:%M:%S"), msg), file=sys.stderr, flush=True)

    if a.source:
        with open(a.source) as f:
            saved = json.load(f)
        meta, results = saved["meta"], saved["results"]
    else:
        import emu

        t0 = time.monotonic()
        meta = {
            "command": command_line(argv),
            "started": time.strftime("%Y-%m-%d %H:%M %Z"),
            "machine": machine(),
            "firmware": "CircuitPython %s, %s" % (emu.CP_VERSION, firmware_name(emu)),
            "profile": PROFILE,
            "load0": bt.load_average(),
        }
        results = []
        for _rec, results in measure(a.quick, log, meta):
            meta["wall_s"] = int(time.monotonic() - t0)
            meta["load1"] = bt.load_average()
            with open(RESULTS, "w") as f:
                json.dump({"meta": meta, "results": results}, f, indent=1)
        log("results in %s" % os.path.relpath(RESULTS, ROOT))
    text = render(results, meta)
    print(SECTION + "\n\n" + text)
    if a.write:
        write_block(text)
        log("wrote the section to %s" % os.path.relpath(DOC, ROOT))
    log(
        "done: %d min %02d s of wall time"
        % (meta.get("wall_s", 0) // 60, meta.get("wall_s", 0) % 60)
    )
    return 1 if any(r.get("error") for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
