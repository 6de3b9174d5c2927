#!/usr/bin/env python3
"""The play-quality table (issue 18 item 5): every bot level against every other, per game,
with win rates, 95% intervals and decision times on the real firmware, by one command:

    tools/benchmarks/play_quality.py [--games 1000] [--jobs N] [--game G ...] [--no-emu] [--write]

Win rates: seeded bot games on CPython (the same code the device runs, integers only),
the seat of the level named first rotating so that seat bias cancels:
- Wildside and Go Wild!: 4 seats, one bot of the first level against three of the other;
  game i seats it at seat i mod 4. A peer would win 25%. Every ordered pair of levels.
- Tumblin' Dice: 2 seats, virtual board, 4 rounds; Diceland: 2 seats, on the 36-hex
  scene and the 18-hex valley. Game i seats the first level at seat i mod 2 (Diceland:
  seed i // 2, so each seed is played in both seat orders). A peer would win 50%.
  Each pair of levels once (the other order is its complement, less the draws).
"won": games the first level won alone; a shared win (a tie) is not counted.
Intervals: Wilson, 95%.

Decision times: tools/emulator/emu_bots.py (the official firmware in the emulated RP2040, the
timed level against normal bots); --no-emu reuses out/emu_bots/results.json from an
earlier run instead. The win counts go to out/play_quality/cells.json; --from renders
such a file again (with the emulator's results.json as it is then). --write puts the
table between its markers in docs/benchmarks.md.
"""

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

DOC = os.path.join(ROOT, "docs", "benchmarks.md")
SECTION = "## Play quality: every level against every level"
BEGIN = "<!-- tools/benchmarks/play_quality.py --write: begin (this block is rewritten) -->"
END = "<!-- tools/benchmarks/play_quality.py --write: end -->"
OUT = os.path.join(ROOT, "out", "play_quality")
LEVELS = ("easy", "normal", "hard")
NAMES = {"wildside": "Wildside", "gowild": "Go Wild!", "tumblin": "Tumblin' Dice",
         "diceland": "Diceland"}  # fmt: skip
SEATS = {"wildside": 4, "gowild": 4, "tumblin": 2, "diceland": 2}
SCENES = {"diceland": ("diceland", "valley")}
SCENE_NAMES = {"diceland": "36 hexes", "valley": "18-hex valley", None: ""}

from bench import play_all, wilson  # noqa: E402


def matches(game):
    """[(first level, other level)]: ordered pairs at 4 seats, unordered at 2."""
    out = []
    for i, a in enumerate(LEVELS):
        for j, b in enumerate(LEVELS):
            if a != b and (SEATS[game] == 4 or i > j):
                out.append((a, b))
    return sorted(out, key=lambda m: (-LEVELS.index(m[0]), -LEVELS.index(m[1])))


def play(job):
    """One seeded game; True when the first level won alone."""
    game, i, first, other, scene = job
    lib = os.path.join(ROOT, "lib")
    if lib not in sys.path:
        sys.path.insert(0, lib)
    n = SEATS[game]
    me = i % n
    levels = [other] * n
    levels[me] = first
    if game == "wildside":
        from slampad.bots.wildside import play_game

        g = play_game(4, i, levels)[0]
    elif game == "gowild":
        from slampad.bots.gowild import play_game

        g = play_game(4, i, levels)[0]
    elif game == "tumblin":
        from slampad.bots.tumblin import play_game

        g = play_game({}, tuple(levels), i)
    else:
        from slampad.bots.diceland import play_game

        g = play_game({"scene": scene}, tuple(levels), i // 2)
    return g.winners() == [me]


def rates(game, first, other, scene, games, jobs):
    todo = [(game, i, first, other, scene) for i in range(games)]
    t0 = time.time()
    res = play_all(play, todo, jobs, chunksize=4)
    won = sum(1 for r in res if r)
    return {"game": game, "scene": scene, "first": first, "other": other, "games": games,
            "won": won, "secs": round(time.time() - t0, 1)}  # fmt: skip


def decisions(emu_results, game, level):
    """'median / p95 (n)' on the device for a game's level, or '-'."""
    import emu_bots

    s = emu_bots.summary(emu_results, game, level) if emu_results else None
    if s is None:
        return "-"
    n, med, p, _mx, _v = s
    return "%s / %s (%d)" % (emu_bots.fmt_ms(med), emu_bots.fmt_ms(p), n)


def table(cells, emu_results):
    head = ("game", "match (first level vs the other)", "games", "first won",
            "win rate (95% interval)", "a peer wins", "first's decision on the device",
            "other's decision on the device")  # fmt: skip
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for c in cells:
        g = c["game"]
        lo, hi = wilson(c["won"], c["games"])
        against = "3 x %s" % c["other"] if SEATS[g] == 4 else c["other"]
        scene = SCENE_NAMES[c["scene"]]
        rows.append("| %s | %s vs %s%s | %d | %d | **%.1f%%** (%.1f-%.1f) | %d%% | %s | %s |" % (
            NAMES[g], c["first"], against, ", " + scene if scene else "", c["games"], c["won"],
            100.0 * c["won"] / c["games"], 100 * lo, 100 * hi, 100 // SEATS[g],
            decisions(emu_results, g, c["first"]),
            decisions(emu_results, g, c["other"])))  # fmt: skip
    return "\n".join(rows)


def notes(emu_results, argv, wall, when):
    import emu_bots

    out = ["Produced by `tools/benchmarks/play_quality.py %s`, started %s; the games took %d s wall"
           " on %d cores." % (" ".join(argv), when, wall, os.cpu_count() or 1)]
    if emu_results:
        out.append("Decision times: median / 95th percentile (decisions) of the level's own "
                   "decisions on the real CircuitPython 10.2.1 in the emulated RP2040, "
                   "1 ms steps (tools/emulator/emu_bots.py; what each game played:")
        out[-1] += " " + "; ".join("%s: %s" % (NAMES[g], emu_bots.AGAINST[g])
                                   for g in NAMES) + ")."  # fmt: skip
        bad = [r["game"] for r in emu_results if r.get("error")]
        if bad:
            out.append("The emulator run failed for: %s (out/emu_bots/)." % ", ".join(bad))
    return "\n\n".join(out)


def write(block, path=DOC):
    with open(path, encoding="utf-8") as f:
        doc = f.read()
    body = BEGIN + "\n" + block + "\n" + END
    if BEGIN in doc and END in doc:
        doc = doc[: doc.index(BEGIN)] + body + doc[doc.index(END) + len(END) :]
    else:
        doc = doc.rstrip("\n") + "\n\n" + SECTION + "\n\n" + body + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(doc)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games a match (default 1000)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--game", action="append", choices=tuple(NAMES), help="default: all")
    ap.add_argument("--no-emu", action="store_true",
                    help="reuse out/emu_bots/results.json instead of running the emulator")
    ap.add_argument("--write", action="store_true", help="write the table to docs/benchmarks.md")
    ap.add_argument("--from", dest="src",
                    help="a cells.json of an earlier run: render it instead of playing")
    a = ap.parse_args(argv)
    import emu_bots

    t0 = time.time()
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    games = a.game or list(NAMES)
    cells = []
    if a.src:
        with open(a.src, encoding="utf-8") as f:
            saved = json.load(f)
        cells, argv, wall, when = saved["cells"], saved["argv"], saved["wall"], saved["when"]
        games = sorted({c["game"] for c in cells}, key=list(NAMES).index)
    for g in [] if a.src else games:
        for first, other in matches(g):
            for scene in SCENES.get(g, (None,)):
                c = rates(g, first, other, scene, a.games, a.jobs)
                print("play_quality: %s %s vs %s %s: %d/%d in %.0f s" % (
                    g, first, other, scene or "", c["won"], c["games"], c["secs"]),
                    file=sys.stderr)  # fmt: skip
                cells.append(c)
    if not a.src:
        wall = time.time() - t0
        os.makedirs(OUT, exist_ok=True)
        with open(os.path.join(OUT, "cells.json"), "w", encoding="utf-8") as f:
            json.dump({"cells": cells, "argv": argv, "wall": wall, "when": when}, f)
    if a.no_emu or a.src:
        emu_results = None
        if os.path.exists(emu_bots.RESULTS):
            with open(emu_bots.RESULTS, encoding="utf-8") as f:
                emu_results = json.load(f)["results"]
    else:
        def log(m):
            print(m, file=sys.stderr)

        emu_results = emu_bots.measure(games, LEVELS, 40, 60, log)
    block = table(cells, emu_results) + "\n\n" + notes(emu_results, argv, wall, when)
    print(block)
    if a.write:
        write(block)
    return 0


if __name__ == "__main__":
    import _venv

    _venv.use_venv(__file__)
    sys.exit(main())
