#!/usr/bin/env python3
"""Benchmarks of the four games' rules cores and bots (Wildside, Go Wild!, Tumblin' Dice,
Diceland) and the device image. Never part of the test suite.

    tools/benchmarks/bench.py [--games 200] [--repeat 3] [--markdown]
    tools/benchmarks/bench.py --gowild [--games 1000] [--timing-games 40] [--jobs 2]
    tools/benchmarks/bench.py --tumblin [--games 400] [--throws 2000] [--timing-games 4]
    tools/benchmarks/bench.py --diceland [--games 500] [--timing-games 3] [--jobs 2]
    tools/benchmarks/bench.py --table [--write] [--repeat 3]

With --table it prints one Markdown summary table of every game's figures (rules speed,
bot decision times and the Pico goals, heaps, the slam path, the image size) and with
--write puts it in docs/benchmarks.md; see tools/benchmarks/bench_table.py.

Without --gowild it measures, for full 4-player Wildside bot games (all bots "normal"):
- time per roll resolution (one ``bots.wildside.play_round``) on CPython and on the
  MicroPython unix VM, by running tools/benchmarks/mp_bench_wildside.py on each; the best of
  ``--repeat`` runs (by median) is kept, to shed noise from other load on the machine;
- the smallest heap on which tests/mp/wildside_games.py passes on the VM (mpvm.min_heap):
  one 4-player game, the default 12 games, imports only, and the same with lib/
  precompiled to .mpy (no compile peak; the device ships .py, so that row is a floor).

With --gowild it measures the Go Wild! bots (see gowild_main):
- win rates over ``--games`` seeded 4-player games (CPython): one hard bot against three
  normal ones, and one normal against three easy ones, the lone bot's seat rotating;
- the hard bot's decision time on CPython and the MicroPython VM
  (tools/benchmarks/mp_bench_gowild.py);
- the smallest heap on which tests/mp/gowild_bots.py passes on the VM.

With --tumblin it measures the Tumblin' Dice board model and bots (see tumblin_main):
- where a throw lands, by power (aim 0, empty board, ``--throws`` seeded throws a power);
- one simulated throw (empty board, 8 dice) and each level's decision time, on CPython
  and the MicroPython VM (tools/benchmarks/mp_bench_tumblin.py; 2- and 4-player games on the VM);
- win rates over ``--games`` seeded 2-player games, seats alternating: hard and normal
  against easy, hard against normal.

With --diceland it measures the Diceland bots (see diceland_main):
- win rates over ``--games`` seeds in each seat order (2 x games games a match) on the
  18- and 36-hex presets (valley, diceland): hard against normal, normal against easy,
  split by seat and by who took the first turn (D2), with 95% Wilson intervals;
- each level's decision time on CPython and the MicroPython VM
  (tools/benchmarks/mp_bench_diceland.py), attack decisions apart, and the live heap between
  decisions; the smallest heap on which a full 36-hex hard-vs-hard game passes
  (tests/mp/diceland_bots.py 1).

The unix VM is a 64-bit build: its heap use is well above the 32-bit RP2040's.
"""

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

import mpvm  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH_ENTRY = "tools/benchmarks/mp_bench_wildside.py"
GAMES_ENTRY = "tests/mp/wildside_games.py"
# The Pico runs about 90-140x slower than a desktop MicroPython VM (docs/benchmarks.md,
# "Device facts the code relies on").
PICO_SLOWDOWN = (90, 140)


def parse_bench(out):
    m = re.search(r"^BENCH .*$", out, re.M)
    if not m:
        raise RuntimeError("no BENCH line in output:\n" + mpvm.tail(out))
    return dict(kv.split("=", 1) for kv in m.group(0).split()[1:])


def device_times(game, levels):
    """Lines with the bots' decision times measured on the real firmware in the emulated
    RP2040 (tools/emulator/emu_bots.py's results.json), which replace the VM x 90-140 estimates
    (issue 18); where a level has no record yet, the command that measures it."""
    import json

    import emu_bots

    results = []
    if os.path.exists(emu_bots.RESULTS):
        with open(emu_bots.RESULTS, encoding="utf-8") as f:
            results = json.load(f)["results"]
    out = []
    for lv in levels:
        s = emu_bots.summary(results, game, lv)
        if s is None:
            out.append("on the device, %s: not measured yet (tools/emulator/emu_bots.py --game %s "
                       "--level %s)" % (lv, game, lv))  # fmt: skip
            continue
        n, med, p, _mx, verdict = s
        out.append("on the device (real firmware, emulated RP2040; "
                   "tools/emulator/emu_bots.py), %s: median %s, p95 %s over %d decisions; "
                   "goal p95 < %s: %s" % (
                       lv, emu_bots.fmt_ms(med), emu_bots.fmt_ms(p), n,
                       emu_bots.fmt_ms(emu_bots.goal_ms(lv)), verdict))  # fmt: skip
    return out


def best_of(runner, repeat, parse=parse_bench, key=lambda r: r["median_us"]):
    """The parsed output of ``repeat`` runs with the smallest ``key`` (a time)."""
    best = None
    for _ in range(repeat):
        r = parse(runner())
        if best is None or float(key(r)) < float(key(best)):
            best = r
    return best


def vm_command(vm, heap, entry, args):
    """The command line that runs ``entry`` as mpvm.run_entry does, for the tables."""
    return "%s %s%s %s" % (
        "python" if vm == "cpython" else "micropython",
        "-X heapsize=%s " % heap if heap else "",
        entry,
        " ".join(str(a) for a in args),
    )


def best_decisions(entry, args, vm, heap, repeat, field):
    """Best of ``repeat`` runs of a bot-timing ``entry`` (parse_all's rows), by the hard
    level's ``field``; with the command that reproduces it."""
    best = best_of(
        lambda: mpvm.run_entry(entry, args, vm, heap), repeat, parse_all,
        lambda r: r[("decide", "hard")][field],
    )  # fmt: skip
    return best, vm_command(vm, heap, entry, args)


def print_header(argv):
    args = sys.argv[1:] if argv is None else argv
    print("command: python tools/benchmarks/bench.py %s" % " ".join(args))
    print("machine: %s" % machine())


def print_table(head, body, markdown):
    """Rows of strings, as Markdown or as aligned columns."""
    if markdown:
        for r in [head, ["---"] * len(head)] + body:
            print("| " + " | ".join(r) + " |")
        return
    w = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
    for r in [head] + body:
        print("  ".join(c.ljust(w[i]) for i, c in enumerate(r)).rstrip())


def code(c, markdown):
    """A command as Markdown code, or as it is."""
    return "`%s`" % c if markdown else c


def bench_cpython(games, repeat):
    return best_of(lambda: mpvm.run_entry(BENCH_ENTRY, [games, 4], "cpython", timeout=600), repeat)


def bench_mp(games, repeat, heap=None):
    return best_of(lambda: mpvm.run_entry(BENCH_ENTRY, [games, 4], "mp", heap, 600), repeat)


def mpy_tree(tmp):
    """Copy of the games entry beside lib/ compiled to .mpy; returns the entry's path."""
    cross = mpvm.find_mpy_cross()
    lib = os.path.join(ROOT, "lib")
    for dirpath, _, files in os.walk(lib):
        for f in files:
            if f.endswith(".py"):
                src = os.path.join(dirpath, f)
                dst = os.path.join(tmp, "lib", os.path.relpath(src, lib))[:-3] + ".mpy"
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                subprocess.run([cross, "-o", dst, src], check=True, timeout=60)
    entry = os.path.join(tmp, GAMES_ENTRY)
    os.makedirs(os.path.dirname(entry), exist_ok=True)
    shutil.copy(os.path.join(ROOT, GAMES_ENTRY), entry)
    return entry


def heaps():
    rows = []
    cases = (("one 4-player game", ["1", "4"]), ("12 games (default)", []), ("imports only", ["0"]))
    for what, args in cases:
        n = mpvm.min_heap(GAMES_ENTRY, args, "8K", "1024K", cwd=ROOT, expect="OK ")
        cmd = "python tools/mpvm.py %s %s--min-heap" % (GAMES_ENTRY, "".join(a + " " for a in args))
        rows.append((what + ", .py", n, cmd))
    with tempfile.TemporaryDirectory() as tmp:
        entry = mpy_tree(tmp)
        for what, args in cases:
            n = mpvm.min_heap(entry, args, "8K", "1024K", expect="OK ")
            rows.append((what + ", lib as .mpy", n, "bench.py (lib/ precompiled by mpy-cross)"))
    return rows


def machine():
    cores = os.cpu_count()
    vm = subprocess.run(
        [mpvm.find_micropython(), "-c", "import sys; print(sys.implementation.version)"],
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    return "Python %s, %s, %s cores, %s; MicroPython unix VM %s" % (
        platform.python_version(),
        platform.machine(),
        cores,
        platform.system(),
        vm,
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    ap.add_argument(
        "--games",
        type=int,
        default=None,
        help="games per timing run (default 200); with --gowild, per win rate (default 1000);"
        " with --tumblin, per win rate (default 400)",
    )
    ap.add_argument("--repeat", type=int, default=3, help="timing runs per VM; best is kept")
    ap.add_argument("--markdown", action="store_true", help="print Markdown tables")
    ap.add_argument("--no-heap", action="store_true", help="skip the min-heap searches")
    ap.add_argument("--gowild", action="store_true", help="benchmark the Go Wild! bots instead")
    ap.add_argument("--tumblin", action="store_true", help="benchmark Tumblin' Dice instead")
    ap.add_argument("--diceland", action="store_true", help="benchmark the Diceland bots")
    ap.add_argument(
        "--table", action="store_true", help="one summary table of all games (bench_table.py)"
    )
    ap.add_argument(
        "--write", action="store_true", help="--table: also put it in docs/benchmarks.md"
    )
    ap.add_argument(
        "--throws", type=int, default=2000, help="Tumblin' Dice: throws a power, landing table"
    )
    ap.add_argument(
        "--timing-games",
        type=int,
        default=None,
        help="games timed per VM (Go Wild! default 40, Tumblin' Dice 4)",
    )
    ap.add_argument("--samples", type=int, default=None, help="Go Wild!: hard bot's budget")
    ap.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="Go Wild!, Tumblin' Dice: processes for the win-rate games",
    )
    ns = ap.parse_args(argv)
    if ns.write and not ns.table:
        ap.error("--write goes with --table")
    if ns.table:
        import bench_table

        return bench_table.main(ns, sys.argv[1:] if argv is None else argv)
    if ns.diceland:
        ns.games = 500 if ns.games is None else ns.games
        ns.timing_games = 3 if ns.timing_games is None else ns.timing_games
        return diceland_main(ns, argv)
    if ns.tumblin:
        ns.games = 400 if ns.games is None else ns.games
        ns.timing_games = 4 if ns.timing_games is None else ns.timing_games
        return tumblin_main(ns, argv)
    if ns.gowild:
        ns.games = 1000 if ns.games is None else ns.games
        ns.timing_games = 40 if ns.timing_games is None else ns.timing_games
        return gowild_main(ns, argv)
    ns.games = 200 if ns.games is None else ns.games

    rows = [
        (
            "CPython",
            bench_cpython(ns.games, ns.repeat),
            vm_command("cpython", None, BENCH_ENTRY, [ns.games, 4]),
        ),
        (
            "MicroPython VM, default heap",
            bench_mp(ns.games, ns.repeat),
            vm_command("mp", None, BENCH_ENTRY, [ns.games, 4]),
        ),
        (
            "MicroPython VM, 128K heap",
            bench_mp(ns.games, ns.repeat, "128K"),
            vm_command("mp", "128K", BENCH_ENTRY, [ns.games, 4]),
        ),
    ]
    heap_rows = [] if ns.no_heap else heaps()
    vm_med = float(rows[1][1]["median_us"])
    vm_mean = float(rows[1][1]["mean_us"])
    lo, hi = PICO_SLOWDOWN

    print_header(argv)

    print()
    keys = ("rounds", "median_us", "mean_us", "p90_us", "max_us", "game_ms")
    print_table(
        ["VM", "rounds", "median us", "mean us", "p90 us", "max us", "ms/game", "command"],
        [[name] + [r[k] for k in keys] + [code(cmd, ns.markdown)] for name, r, cmd in rows],
        ns.markdown,
    )
    print()
    print(
        "Pico estimate (VM median x %d-%d): %.0f-%.0f ms per roll resolution "
        "(mean: %.0f-%.0f ms)"
        % (lo, hi, vm_med * lo / 1000, vm_med * hi / 1000, vm_mean * lo / 1000, vm_mean * hi / 1000)
    )
    print("VM heap kept after importing the Wildside modules: %s bytes" % rows[1][1]["kept_import"])
    if heap_rows:
        print()
        print_table(
            ["smallest passing heap (64-bit VM)", "KiB", "command"],
            [
                [what, "FAIL at 1024K" if n is None else str(n // 1024), code(cmd, ns.markdown)]
                for what, n, cmd in heap_rows
            ],
            ns.markdown,
        )
    return 0


def play_all(fn, todo, jobs, chunksize=8):
    """[fn(job) for job in todo], on ``jobs`` processes when more than one."""
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            return pool.map(fn, todo, chunksize=chunksize)
    return [fn(j) for j in todo]


def seeded_games(ap, argv):
    """Parse ``argv`` with --games, --jobs and --first-seed added to ``ap`` (the ceiling
    tools' options); returns the namespace and the list of game seeds."""
    ap.add_argument("--games", type=int, default=400, help="games (default 400)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--first-seed", type=int, default=0, help="first game seed (default 0)")
    a = ap.parse_args(argv)
    if a.games < 1:
        ap.error("--games must be at least 1")
    return a, list(range(a.first_seed, a.first_seed + a.games))


def wilson(won, n):
    """95% Wilson score interval of won / n: sound even at 0 or all games won."""
    if not n:
        return (0.0, 1.0)
    p = won / n
    z = 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return (mid - half, mid + half)


# -- Go Wild! ---------------------------------------------------------------------------

GW_BENCH_ENTRY = "tools/benchmarks/mp_bench_gowild.py"
GW_GAMES_ENTRY = "tests/mp/gowild_bots.py"


def gowild_game(job):
    """One seeded 4-player game: ``level`` at seat seed % 4, ``others`` elsewhere.
    Returns (won, points of the lone bot, rounds)."""
    seed, level, others, samples = job
    if os.path.join(ROOT, "lib") not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, "lib"))
    from slampad.bots.gowild import play_game

    seat = seed % 4
    levels = [others] * 4
    levels[seat] = level
    g, _ = play_game(4, seed, levels, samples)
    return g.winners() == [seat], g.scores[seat], g.round


def gowild_rates(games, level, others, samples, jobs):
    import time

    todo = [(seed, level, others, samples) for seed in range(games)]
    t0 = time.time()
    res = play_all(gowild_game, todo, jobs)
    won = sum(1 for r in res if r[0])
    return {
        "won": won,
        "rate": won / games,
        "ci": wilson(won, games),
        "points": sum(r[1] for r in res) / games,
        "rounds": sum(r[2] for r in res) / games,
        "secs": time.time() - t0,
    }


def gowild_timing(games, samples, repeat, vm, heap=None):
    """Best (by the median) of ``repeat`` runs of GW_BENCH_ENTRY, and its command."""
    args = [games, "hard"] + ([samples] if samples else [])
    best = best_of(lambda: mpvm.run_entry(GW_BENCH_ENTRY, args, vm, heap), repeat)
    return best, vm_command(vm, heap, GW_BENCH_ENTRY, args)


def gowild_main(ns, argv):
    """Go Wild! bots: win rates (CPython), hard decision times (both VMs), VM heap."""
    sys.path.insert(0, os.path.join(ROOT, "lib"))
    from slampad.bots import gowild as gwb

    samples = ns.samples or gwb.SAMPLES
    rates = [
        ("hard vs 3 normal", gowild_rates(ns.games, "hard", "normal", samples, ns.jobs)),
        ("normal vs 3 easy", gowild_rates(ns.games, "normal", "easy", samples, ns.jobs)),
    ]
    tg = ns.timing_games
    times = [
        ("CPython",) + gowild_timing(tg, ns.samples, ns.repeat, "cpython"),
        ("MicroPython VM, default heap",) + gowild_timing(tg, ns.samples, ns.repeat, "mp"),
        ("MicroPython VM, 128K heap",) + gowild_timing(tg, ns.samples, ns.repeat, "mp", "128K"),
    ]
    heap = None
    if not ns.no_heap:
        heap = mpvm.min_heap(GW_GAMES_ENTRY, [], "8K", "1024K", cwd=ROOT, expect="OK ")

    print_header(argv)
    print(
        "hard bot budget: %d deals a decision with a whole round to play (more, up to x3,"
        " when less is left), %d plays searched" % (samples, gwb.BREADTH)
    )

    print()
    print_table(
        [
            "match (seat rotating)",
            "games",
            "won",
            "win rate",
            "95% interval",
            "points/game",
            "rounds/game",
            "seconds",
        ],
        [
            [
                name,
                str(ns.games),
                str(r["won"]),
                "%.1f%%" % (100 * r["rate"]),
                "%.1f-%.1f%%" % (100 * r["ci"][0], 100 * r["ci"][1]),
                "%.1f" % r["points"],
                "%.1f" % r["rounds"],
                "%.0f" % r["secs"],
            ]
            for name, r in rates
        ],
        ns.markdown,
    )
    print()
    keys = ("decisions", "median_us", "mean_us", "p90_us", "max_us", "playouts")
    body = []
    for name, r, cmd in times:
        row = [name] + [r[k] for k in keys]
        body.append(row + [code(cmd, ns.markdown)])
    print_table(
        [
            "hard decision",
            "decisions",
            "median us",
            "mean us",
            "p90 us",
            "max us",
            "playouts",
            "command",
        ],
        body,
        ns.markdown,
    )
    vm = times[1][1]
    print()
    for line in device_times("gowild", ("hard",)):
        print(line)
    print("VM heap kept after importing the Go Wild! core and bots: %s bytes" % vm["kept_import"])
    if heap is not None or not ns.no_heap:
        print(
            "smallest passing heap for %s (64-bit VM): %s"
            % (GW_GAMES_ENTRY, "FAIL at 1024K" if heap is None else "%dK" % (heap // 1024))
        )
    return 0


# -- Tumblin' Dice ----------------------------------------------------------------------

TD_BENCH_ENTRY = "tools/benchmarks/mp_bench_tumblin.py"
TD_GAMES_ENTRY = "tests/mp/tumblin_bots.py"
TD_COLUMNS = ("removed (pad/0x)", "1x", "2x", "3x", "4x", "off the board")


def parse_all(out):
    """Every BENCH line, keyed by (what, dice or level)."""
    res = {}
    for line in re.findall(r"^BENCH .*$", out, re.M):
        r = dict(kv.split("=", 1) for kv in line.split()[1:])
        res[(r["what"], r.get("dice") or r.get("level"))] = r
    if not res:
        raise RuntimeError("no BENCH line in output:\n" + mpvm.tail(out))
    return res


def tumblin_landing(throws):
    """Percentages of TD_COLUMNS for powers 0, 10, ... 100 (aim 0, empty board)."""
    from slampad.games import tumblin_board as tb
    from slampad.rng import Rng

    rows = []
    for power in range(0, 101, 10):
        r = Rng(power + 1)
        counts = [0] * len(TD_COLUMNS)
        for _ in range(throws):
            board = []
            ev = tb.throw(board, 0, power, 0, r)[-1]
            if ev[0] == "landed":
                counts[ev[3]] += 1
            elif ev[2] is None:
                counts[5] += 1
            else:
                counts[0] += 1  # "pad" or 0x: removed (T1)
        rows.append((power, [100.0 * c / throws for c in counts]))
    return rows


def tumblin_game(job):
    """One seeded 2-player game: ``level`` at seat seed % 2, ``other`` at the other.
    Returns (won, the lone level's total, the other's total, rounds)."""
    seed, level, other = job
    if os.path.join(ROOT, "lib") not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, "lib"))
    from slampad.bots.tumblin import play_game

    me = seed % 2
    levels = (level, other) if me == 0 else (other, level)
    g = play_game({}, levels, seed)
    return g.winners() == [me], g.totals[me], g.totals[1 - me], g.round


def tumblin_rates(games, level, other, jobs):
    import time

    todo = [(seed, level, other) for seed in range(games)]
    t0 = time.time()
    res = play_all(tumblin_game, todo, jobs)
    won = sum(1 for r in res if r[0])
    return {
        "won": won,
        "rate": won / games,
        "ci": wilson(won, games),
        "mine": sum(r[1] for r in res) / games,
        "theirs": sum(r[2] for r in res) / games,
        "rounds": sum(r[3] for r in res) / games,
        "secs": time.time() - t0,
    }


def tumblin_timing(games, players, repeat, vm, heap=None):
    """Best (by the hard decision's median) of ``repeat`` runs of TD_BENCH_ENTRY."""
    return best_decisions(TD_BENCH_ENTRY, [games, players, 15], vm, heap, repeat, "median_us")


def tumblin_main(ns, argv):
    """Tumblin' Dice: landing table, throw and decision times (both VMs), win rates."""
    sys.path.insert(0, os.path.join(ROOT, "lib"))
    from slampad.bots import tumblin as tbot

    landing = tumblin_landing(ns.throws)
    tg = ns.timing_games
    runs = [
        ("CPython, 2 players", tumblin_timing(tg, 2, ns.repeat, "cpython")),
        ("CPython, 4 players", tumblin_timing(tg, 4, ns.repeat, "cpython")),
        ("MicroPython VM, 2 players", tumblin_timing(tg, 2, ns.repeat, "mp")),
        ("MicroPython VM, 4 players", tumblin_timing(tg, 4, ns.repeat, "mp")),
        ("MicroPython VM 128K, 4 players", tumblin_timing(tg, 4, ns.repeat, "mp", "128K")),
    ]
    rates = [
        ("hard vs easy", tumblin_rates(ns.games, "hard", "easy", ns.jobs)),
        ("normal vs easy", tumblin_rates(ns.games, "normal", "easy", ns.jobs)),
        ("hard vs normal", tumblin_rates(ns.games, "hard", "normal", ns.jobs)),
    ]
    heap = None
    if not ns.no_heap:
        heap = mpvm.min_heap(TD_GAMES_ENTRY, [4], "8K", "1024K", cwd=ROOT, expect="OK ")

    print_header(argv)
    budgets = ", ".join("%s %d" % (lv, tbot.CONFIG[lv][0]) for lv in tbot.LEVELS)
    print(
        "bot budgets (simulated throws a decision on up to %d dice, fewer on fuller boards):"
        " %s" % (tbot.BASE_DICE, budgets)
    )

    print()
    print("(a) where a throw lands, %% of %d throws a power (aim 0, empty board)" % ns.throws)
    print_table(
        ["power"] + list(TD_COLUMNS),
        [[str(p)] + ["%.1f" % x for x in pct] for p, pct in landing],
        ns.markdown,
    )
    print()
    print("(b) one simulated throw (the board copied first, as a bot does)")
    body = []
    for name, (r, c) in runs:
        if "2 players" in name:
            t0, t8 = r[("throw", "0")]["median_us"], r[("throw", "8")]["median_us"]
            body.append([name.split(",")[0], t0, t8, code(c, ns.markdown)])
    print_table(["VM", "empty board us", "8 dice us", "command"], body, ns.markdown)
    print()
    print("(c) bot decisions")
    keys = ("decisions", "median_us", "mean_us", "p90_us", "p95_us", "max_us", "sims")
    body = []
    for name, (r, c) in runs:
        for lv in tbot.LEVELS:
            d = r[("decide", lv)]
            body.append([name, lv] + [d[k] for k in keys] + [code(c, ns.markdown)])
    print_table(
        ["VM", "level", "decisions", "median us", "mean us", "p90 us", "p95 us", "max us",
         "sims", "command"],
        body,
        ns.markdown,
    )
    print()
    for line in device_times("tumblin", tbot.LEVELS):
        print(line)
    vm = runs[2][1][0][("decide", "hard")]
    print("VM heap kept after importing the Tumblin' Dice core and bots: %s bytes"
          % vm["kept_import"])
    if not ns.no_heap:
        print(
            "smallest passing heap for %s 4 (64-bit VM): %s"
            % (TD_GAMES_ENTRY, "FAIL at 1024K" if heap is None else "%dK" % (heap // 1024))
        )
    print()
    print("(d) win rates, 2 players, seats alternating (seed %% 2), seeds 0..%d" % (ns.games - 1))
    print_table(
        ["match", "games", "won", "win rate", "95% interval", "points (first)",
         "points (second)", "rounds/game", "seconds"],
        [
            [
                name,
                str(ns.games),
                str(r["won"]),
                "%.1f%%" % (100 * r["rate"]),
                "%.1f-%.1f%%" % (100 * r["ci"][0], 100 * r["ci"][1]),
                "%.1f" % r["mine"],
                "%.1f" % r["theirs"],
                "%.2f" % r["rounds"],
                "%.0f" % r["secs"],
            ]
            for name, r in rates
        ],
        ns.markdown,
    )
    return 0


# -- Diceland ---------------------------------------------------------------------------

DL_BENCH_ENTRY = "tools/benchmarks/mp_bench_diceland.py"
DL_GAMES_ENTRY = "tests/mp/diceland_bots.py"
DL_SCENES = ("valley", "diceland")


def diceland_game(job):
    """One seeded game: ``level`` in seat ``me``, ``other`` in the other seat.
    Returns (won, me took the first turn, dice on the field: mine, theirs)."""
    seed, me, level, other, scene = job
    if os.path.join(ROOT, "lib") not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, "lib"))
    from slampad.bots.diceland import play_game

    levels = (level, other) if me == 0 else (other, level)
    g = play_game({"scene": scene}, levels, seed)
    return g.winners() == [me], g.first == me, g.count(me), g.count(1 - me)


def diceland_rates(games, level, other, scene, jobs):
    """Seeds 0..games-1, each played with ``level`` in seat 0 and again in seat 1."""
    import time

    todo = [(seed, me, level, other, scene) for seed in range(games) for me in (0, 1)]
    t0 = time.time()
    res = play_all(diceland_game, todo, jobs)
    out = {"secs": time.time() - t0, "n": len(res)}
    groups = (
        ("all", lambda j, r: True),
        ("as P1", lambda j, r: j[1] == 0),
        ("as P2", lambda j, r: j[1] == 1),
        ("took the first turn", lambda j, r: r[1]),
        ("moved second", lambda j, r: not r[1]),
    )
    for name, keep in groups:
        sel = [r for j, r in zip(todo, res, strict=True) if keep(j, r)]
        won = sum(1 for r in sel if r[0])
        out[name] = (won, len(sel), wilson(won, len(sel)))
    out["dice"] = (sum(r[2] for r in res) / len(res), sum(r[3] for r in res) / len(res))
    return out


def diceland_timing(games, scene, repeat, vm, heap=None):
    """Best (by the hard attack decisions' median) of ``repeat`` runs of DL_BENCH_ENTRY."""
    return best_decisions(DL_BENCH_ENTRY, [games, scene], vm, heap, repeat, "attack_median_us")


def diceland_main(ns, argv):
    """Diceland: decision times (both VMs), heap, win rates on two presets."""
    sys.path.insert(0, os.path.join(ROOT, "lib"))
    from slampad.bots import diceland as dbot

    tg = ns.timing_games
    runs = []
    for scene in DL_SCENES:
        runs.append(("CPython", scene, diceland_timing(tg, scene, ns.repeat, "cpython")))
        runs.append(("MicroPython VM", scene, diceland_timing(tg, scene, ns.repeat, "mp")))
    heap = None
    if not ns.no_heap:
        heap = mpvm.min_heap(DL_GAMES_ENTRY, [1], "8K", "1024K", cwd=ROOT, expect="OK ")
    rates = []
    for scene in DL_SCENES:
        rates.append(("hard vs normal", scene,
                      diceland_rates(ns.games, "hard", "normal", scene, ns.jobs)))
        rates.append(("normal vs easy", scene,
                      diceland_rates(ns.games, "normal", "easy", scene, ns.jobs)))

    print_header(argv)
    print("bot budgets (valued outcomes a decision): %s"
          % ", ".join("%s %d" % (lv, dbot.BUDGET[lv]) for lv in dbot.LEVELS))

    print()
    print("(a) bot decisions, %d games a level (that level in both seats)" % tg)
    keys = ("decisions", "median_us", "p90_us", "max_us", "attack_median_us", "attack_p90_us",
            "nodes")
    body = []
    for name, scene, (r, c) in runs:
        for lv in dbot.LEVELS:
            d = r[("decide", lv)]
            body.append([name, scene, lv] + [d[k] for k in keys] + [code(c, ns.markdown)])
    print_table(["VM", "scene", "level", "decisions", "median us", "p90 us", "max us",
           "attack median us", "attack p90 us", "nodes", "command"], body, ns.markdown)
    print()
    for line in device_times("diceland", dbot.LEVELS):
        print(line)
    for name, scene, (r, _) in runs:
        if name.startswith("MicroPython"):
            d = r[("decide", "hard")]
            print("VM heap, %s: kept after importing the core and bots %s bytes; live between"
                  " decisions at most %s bytes" % (scene, d["kept_import"], d["live_peak"]))
    if not ns.no_heap:
        print(
            "smallest passing heap for %s 1 (one 36-hex hard-vs-hard game, 64-bit VM): %s"
            % (DL_GAMES_ENTRY, "FAIL at 1024K" if heap is None else "%dK" % (heap // 1024))
        )
    print()
    print("(b) win rates, seeds 0..%d, each seed played in both seat orders" % (ns.games - 1))
    cols = ("all", "as P1", "as P2", "took the first turn", "moved second")
    body = []
    for name, scene, r in rates:
        row = [name, scene]
        for k in cols:
            won, n, ci = r[k]
            row.append("%d/%d %.1f%% (%.1f-%.1f)" % (won, n, 100.0 * won / max(n, 1),
                                                  100 * ci[0], 100 * ci[1]))
        row += ["%.1f / %.1f" % r["dice"], "%.0f" % r["secs"]]
        body.append(row)
    print_table(["match", "scene"] + ["won " + k + " (95%)" for k in cols]
          + ["dice left (level / other)", "seconds"], body, ns.markdown)
    return 0


if __name__ == "__main__":
    from _venv import use_venv

    use_venv(__file__)  # the system python3 goes on in .venv's (tools/_venv.py)
    sys.exit(main())
