#!/usr/bin/env python3
"""Bot decision times on the real firmware in the emulated RP2040 (issue 18 item 2).

    tools/emulator/emu_bots.py [--game G ...] [--level L ...] [--games N] [--decisions N]

For each game, boots the Slampad firmware (CircuitPython 10.2.1 with lib/slampad frozen in;
tools/firmware builds it first when it is stale) in the emulator (tools/emulator/emu.py, the XIP
cache's misses charged) with tools/emulator/emu_bots_device.py as code.py: seeded bot games, the
timed level in one seat (rotating) against "normal" bots, every decision of that seat
timed on the device's own clock (supervisor.ticks_ms, 1 ms steps). Each level plays games
until it has made --decisions decisions (default 60) or played --games games (default
40). One emulator per game.

Prints a Markdown table (decisions, median, 95th percentile, slowest, against the goal:
under 0.5 s at normal, under 2 s otherwise) and writes every decision to
out/emu_bots/results.json. tools/benchmarks/play_quality.py puts these figures in its table.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if os.path.dirname(HERE) not in sys.path:
    sys.path.insert(0, os.path.dirname(HERE))
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

from emu_bench import fmt_ms, goal_ms, median, p95  # noqa: E402

GAMES = ("wildside", "gowild", "tumblin", "diceland")
LEVELS = ("easy", "normal", "hard")
OUT = os.path.join(ROOT, "out", "emu_bots")
RESULTS = os.path.join(OUT, "results.json")
WAIT_MS = 1200 * 1000  # emulated time allowed for one game's levels
AGAINST = {
    "wildside": "4 seats, the level vs 3 normal; plan() + choose()",
    "gowild": "4 seats, the level vs 3 normal",
    "tumblin": "2 seats, virtual board, 4 rounds, the level vs normal",
    "diceland": "36 hexes, the level vs normal, occupation included",
}


def image(dest, game, levels, games, decisions):
    """A CIRCUITPY folder: lib/slampad's rules and bots, and the timer as code.py. (The
    firmware runs its frozen copy, which comes before /lib; the MicroPython VM these.)"""
    src = os.path.join(ROOT, "lib", "slampad")
    lib = os.path.join(dest, "lib", "slampad")
    os.makedirs(lib)
    for name in os.listdir(src):
        if name.endswith(".py"):
            shutil.copy(os.path.join(src, name), lib)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for pkg in ("games", "bots"):
        shutil.copytree(os.path.join(src, pkg), os.path.join(lib, pkg), ignore=skip)
    with open(os.path.join(HERE, "emu_bots_device.py"), encoding="utf-8") as f:
        body = f.read()
    head = "GAME = %r\nLEVELS = %r\nLIMITS = (%d, %d)\n" % (game, tuple(levels), games, decisions)
    with open(os.path.join(dest, "code.py"), "w", encoding="utf-8") as f:
        f.write(head + body)
    return dest


def parse(console):
    """{level: [ms, ...]} and the games played per level, from the timer's lines."""
    times = {}
    games = {}
    for line in console.splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[0] == "T":
            lv = parts[2]
            times.setdefault(lv, []).extend(int(x) for x in parts[4:])
            games[lv] = games.get(lv, 0) + 1
    return times, games


def run_game(game, levels, games, decisions, log=print):
    """Boot the emulator once for ``game``; returns a result record."""
    import emu

    rec = {"game": game, "levels": list(levels), "times": {}, "games": {}}
    t0 = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="emu-bots-")
    try:
        img = image(os.path.join(tmp, "img"), game, levels, games, decisions)
        with emu.EmuDevice("pico", image=img) as dev:
            waited = 0
            while waited < WAIT_MS and "END" not in dev.console and not dev.crashed():
                dev.run(5000, step_ms=1000)
                waited += 5000
            rec["times"], rec["games"] = parse(dev.console)
            rec["emulated_ms"] = dev.t_ms
            if dev.crashed():
                rec["error"] = dev.crashed().strip().splitlines()[-1]
            elif "END" not in dev.console:
                rec["error"] = "not done in %d s of emulated time" % (WAIT_MS // 1000)
            os.makedirs(OUT, exist_ok=True)
            with open(os.path.join(OUT, game + ".txt"), "w", encoding="utf-8") as f:
                f.write(dev.console)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    rec["wall_s"] = round(time.monotonic() - t0, 1)
    log("emu_bots: %s done in %.0f s wall%s" % (game, rec["wall_s"],
                                                 ": " + rec["error"] if "error" in rec else ""))
    return rec


def summary(results, game, level):
    """(decisions, median, p95, slowest, verdict) for a game's level, or None."""
    for rec in results:
        if rec["game"] == game and rec["times"].get(level):
            ms = rec["times"][level]
            ok = p95(ms) < goal_ms(level)
            return len(ms), median(ms), p95(ms), max(ms), "pass" if ok else "FAIL"
    return None


def table(results):
    head = ("game", "level", "against", "games", "decisions", "median", "p95", "slowest",
            "goal (p95)", "verdict")  # fmt: skip
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for rec in results:
        for lv in rec["levels"]:
            s = summary([rec], rec["game"], lv)
            if s is None:
                rows.append("| %s | %s | %s | - | 0 | - | - | - | < %s | %s |" % (
                    rec["game"], lv, AGAINST[rec["game"]], fmt_ms(goal_ms(lv)),
                    rec.get("error", "no decision")))  # fmt: skip
                continue
            n, med, p, mx, verdict = s
            rows.append("| %s | %s | %s | %d | %d | %s | %s | %s | < %s | %s |" % (
                rec["game"], lv, AGAINST[rec["game"]], rec["games"].get(lv, 0), n,
                fmt_ms(med), fmt_ms(p), fmt_ms(mx), fmt_ms(goal_ms(lv)), verdict))  # fmt: skip
    return "\n".join(rows)


def measure(games, levels, n_games, decisions, log=print, keep=False):
    """Run each game; ``keep``: results.json's records of the other games stay."""
    results = []
    if keep and os.path.exists(RESULTS):
        with open(RESULTS, encoding="utf-8") as f:
            results = [r for r in json.load(f)["results"] if r["game"] not in games]
    for g in games:
        results.append(run_game(g, levels, n_games, decisions, log))
        os.makedirs(OUT, exist_ok=True)
        with open(RESULTS, "w", encoding="utf-8") as f:
            json.dump({"results": results, "argv": sys.argv[1:]}, f)
    return results


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=GAMES, help="default: all four")
    ap.add_argument("--level", action="append", choices=LEVELS, help="default: all three")
    ap.add_argument("--games", type=int, default=40, help="most games a level plays")
    ap.add_argument("--decisions", type=int, default=60, help="decisions a level stops at")
    ap.add_argument("--keep", action="store_true",
                    help="keep results.json's records of the games not run")
    ap.add_argument("--from", dest="src", help="print the table of a results.json instead")
    a = ap.parse_args(argv)
    if a.src:
        with open(a.src, encoding="utf-8") as f:
            results = json.load(f)["results"]
    else:
        import firmware

        if firmware.main(["pico"]) != 0:
            return 1
        results = measure(a.game or GAMES, a.level or LEVELS, a.games, a.decisions, keep=a.keep)
    print(table(results))
    return 0 if all("error" not in r for r in results) else 1


if __name__ == "__main__":
    import _venv

    _venv.use_venv(__file__)
    sys.exit(main())
