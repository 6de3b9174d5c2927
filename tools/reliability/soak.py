#!/usr/bin/env python3
"""Soak test: the whole app in the simulator, random input streams and power cuts, for
hours of simulated time per game. Never part of the test suite (tests/test_soak.py runs
a short one).

    tools/reliability/soak.py --game wildside|gowild|tumblin|diceland|all --hours H --seed S
                  [--seeds 5001-5200 [--jobs N] [--record FILE]] [--summary FILE]
                  [--profile pico|pico_tft|macropad|feather|all] [--json]
                  [--frame-ms 16] [--cut-every 3] [--check-every 6] [--keep-going]
                  [--render] [-v]

For each game, on a fresh device (erased flash), over and over: from the menu into the
game (the menu rows are found by their text; setup screens join random pads, add bots
and pick options at random), then random input: pads and menu buttons, taps and holds
from a few ms to many seconds, bursts and mashing (some while the app is stalled in a
slow frame of up to 3 s), chords, idle gaps, plus moves that help a game along (the
player to move presses their pad, picks a legal move) so that games also finish. Now and
then Settings or Statistics, a rematch or the menu. At random moments the power
goes: either a cut is armed in the flash (``arm_cut(bytes, erase="done"|"partial")``)
so the next flash write stops part way (``PowerCut`` escapes ``app.step``), or the power
is cut at a chosen instant between writes. Then a new SimDevice is built on the same
flash image (a power-up; the firmware's modules are imported afresh) and play goes on:
on the resume offer, mostly Resume, sometimes New game. Keys held when the power went
are sometimes still down at power-up, and now and then a cut is armed before the app
starts, for the writes made at power-up.

``--seeds A-B`` (or ``A,B,C``) soaks each seed on its own (each game of each seed a run
of its own, on a fresh device) in ``--jobs N`` worker processes, prints one line per run
as it ends and the failing seeds at the end, each with the command that reproduces it.
``--profile all`` runs every seed on each board profile. ``--record FILE`` appends each
run to FILE as a JSON line (with the commit it ran) and skips the runs FILE already
holds, so a campaign of many hours can stop and go on; ``--summary FILE`` tables it.

Checked after every app step (any failure is an error):
- no exception escapes the app except the simulated ``PowerCut``;
- no screen offered the rules an action ``legal_actions`` did not list (slampad.app.legal
  dropped it; the app went on, but the screen should not have tried);
- a screen with a ``game``: its ``to_dict()`` is JSON-native and survives
  ``from_dict`` unchanged, and the game's invariants hold (the same checks as
  tests/test_*_properties.py): Wildside W2 dice conserved, W9 at most 5 rolled, faces
  and phases, W10 end; Go Wild! G1 108 cards conserved, G2 hands of at most 12, G3 turn
  order, G6 end, G7 full hands; the table mode's scores; Tumblin' Dice order, throws,
  dice on the board's levels, T4 four dice each conserved in virtual mode (a replay of
  the log), totals = sums of round scores, T5 end; Diceland D1 dice conserved, one die
  of 1-6 per hex, two free dice after occupation, whose turn it is;
- the resume offer shows the game's last save (or, after a cut during a save, the one
  being written), no save comes back after it was cleared, and a save is offered at
  power-up unless a flash write was cut since (a cut erase may lose the sector);
- the screen is not stuck: every few simulated minutes and at the end of each game,
  select is held 1.6 s and the menu must show within 1 s after the 1.5 s threshold.

Counts per game: simulated hours, inputs (presses), games started, finished (game-over
screens), power cuts, cuts during a flash write, saves resumed (resume offer -> a play
screen with ``resumed``), long presses checked, game saves and flash writes, errors; and
the speed in simulated seconds per wall-clock second. The same --seed gives the same run (``digest``
hashes every screen shown). On an error it prints the seed, game, step, time and
traceback and exits 1; a game is reproduced alone with the same --game, --seed, --profile.

Speed: the app steps every --frame-ms (16 ms; longer frames during idle gaps). The shim's
clock moves 1 ms at a time and scans the pads each ms; here whole idle stretches (no pad
changing, nothing being debounced) are skipped in one jump, keeping the scanners' phase,
so the pads' timestamps stay exact to the ms. The display is not drawn into pixels
(the firmware still sets every row and picture, and Blinka's checks on each write run;
its compositing and bookkeeping are skipped: FastPictures) unless --render is given,
which is about 3-5 times slower. The same seed shows the same screens either way.

This file is the command line; the soak itself is in tools/reliability/soak_game.py (GameSoak, one
game's soak, and ``soak()``), with its faults in soak_power.py (power cuts, power-up),
its player in soak_play.py (input, menus, play), its checks in soak_checks.py (rules
invariants, shared names), and campaigns in soak_campaign.py (--seeds, --record,
--summary).
"""

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # tools/
ROOT = os.path.dirname(HERE)
VENV = os.path.join(ROOT, ".venv")
if __name__ == "__main__" and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
    venv_python = os.path.join(VENV, "bin", "python")
    if os.path.exists(venv_python):  # Blinka's displayio lives in .venv (tools/test makes it)
        os.execv(venv_python, [venv_python] + sys.argv)
sys.path.insert(0, HERE)
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

from simdevice import PROFILES  # noqa: E402
from soak_campaign import campaign, latest, lib_tree, of_lib, read_record, summary  # noqa: E402
from soak_checks import GAMES, MAX_FRAME_MS  # noqa: E402
from soak_game import soak  # noqa: E402

COLUMNS = (
    ("sim h", "sim_hours", "%.2f"),
    ("inputs", "inputs", "%d"),
    ("started", "games_started", "%d"),
    ("finished", "games_finished", "%d"),
    ("cuts", "power_cuts", "%d"),
    ("in write", "cuts_in_write", "%d"),
    ("offers", "resume_offers", "%d"),
    ("resumed", "saves_resumed", "%d"),
    ("saves", "saves_written", "%d"),
    ("writes", "flash_writes", "%d"),
    ("checks", "long_presses", "%d"),
    ("errors", "errors", "%d"),
    ("sim-s/s", "sim_s_per_wall_s", "%.0f"),
)


def table(result):
    head = "%-9s" % "game" + "".join("%9s" % c[0] for c in COLUMNS)
    lines = [head]
    for name, r in result["games"].items():
        lines.append("%-9s" % name + "".join("%9s" % (c[2] % r[c[1]]) for c in COLUMNS))
    return "\n".join(lines)


def parse_seeds(text):
    """ "5001-5200" or "1,5,9" (or a mix: "1,10-12") -> a list of seeds."""
    out = []
    for part in text.split(","):
        lo, _, hi = part.strip().partition("-")
        out += list(range(int(lo), int(hi) + 1)) if hi else [int(lo)]
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="all", choices=GAMES + ("all",))
    ap.add_argument("--hours", type=float, default=0.25, help="simulated hours per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", help="a range of seeds, each run on its own: 5001-5200 or 1,5,9")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes for --seeds")
    ap.add_argument(
        "--profile",
        default="pico",
        choices=sorted(PROFILES) + ["all"],
        help="a board profile; all (with --seeds) runs each seed on every profile",
    )
    ap.add_argument(
        "--record",
        metavar="FILE",
        help="with --seeds: append each run to FILE (JSON lines) and skip runs it holds",
    )
    ap.add_argument(
        "--rerun-failed",
        action="store_true",
        help="with --record: run again the runs whose last record failed (after a fix)",
    )
    ap.add_argument(
        "--summary",
        metavar="FILE",
        help="print a Markdown table of the runs a --record FILE holds, and stop",
    )
    ap.add_argument("--frame-ms", type=int, default=16, help="app step (1-%d)" % MAX_FRAME_MS)
    ap.add_argument("--idle-frame-ms", type=int, default=48, help="app step in idle gaps")
    ap.add_argument(
        "--cut-every", type=float, default=3.0, help="mean simulated minutes between power cuts"
    )
    ap.add_argument(
        "--check-every",
        type=float,
        default=6.0,
        help="mean simulated minutes between long-press checks",
    )
    ap.add_argument("--keep-going", action="store_true", help="power-cycle after an error")
    ap.add_argument(
        "--render",
        action="store_true",
        help="let Blinka draw every refresh into the panels (slower)",
    )
    ap.add_argument("--json", action="store_true", help="the result as JSON")
    ap.add_argument("-v", "--verbose", action="store_true", help="log events to stderr")
    a = ap.parse_args(argv)
    if not 1 <= a.frame_ms <= MAX_FRAME_MS:
        ap.error("--frame-ms must be 1..%d" % MAX_FRAME_MS)
    if a.summary:
        runs = read_record(a.summary)
        if not runs:
            ap.error("%s holds no runs" % a.summary)
        tree = lib_tree()
        print("Runs of lib/ as it is now (tree %s):" % tree)
        print(summary(runs, tree))
        mine = of_lib(runs, tree)[0]
        return 1 if any(r["errors"] for r in latest(mine).values()) else 0
    if a.profile == "all" and not a.seeds:
        ap.error("--profile all needs --seeds")
    if a.record and not a.seeds:
        ap.error("--record needs --seeds")

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    options = dict(
        profile=a.profile,
        frame_ms=a.frame_ms,
        idle_frame_ms=a.idle_frame_ms,
        cut_every_s=a.cut_every * 60,
        check_every_s=a.check_every * 60,
        render=a.render,
    )
    if a.seeds:
        return main_campaign(a, parse_seeds(a.seeds), options)
    res = soak(
        a.game,
        a.hours,
        a.seed,
        profile=a.profile,
        frame_ms=a.frame_ms,
        idle_frame_ms=a.idle_frame_ms,
        cut_every_s=a.cut_every * 60,
        check_every_s=a.check_every * 60,
        keep_going=a.keep_going,
        log=log if a.verbose else None,
        render=a.render,
    )
    for r in res["games"].values():
        for e in r["error_details"]:
            print(
                "ERROR seed %d game %s profile %s step %d at %.3f s sim on %s: %s"
                % (
                    e["seed"],
                    e["game"],
                    e["profile"],
                    e["step"],
                    e["sim_ms"] / 1000,
                    e["screen"],
                    e["error"],
                ),
                file=sys.stderr,
            )
            print("  screen: %r" % (e["lines"],), file=sys.stderr)
            print(e["traceback"], file=sys.stderr)
            print(
                "  reproduce: tools/reliability/soak.py --game %s --seed %d --profile %s --hours %g"
                % (e["game"], e["seed"], e["profile"], a.hours),
                file=sys.stderr,
            )
    if a.json:
        print(json.dumps(res, indent=1))
    else:
        print(
            "soak: profile %s, seed %d, %g simulated hours per game, frame %d ms"
            % (a.profile, a.seed, a.hours, a.frame_ms)
        )
        print(table(res))
        for name, r in res["games"].items():
            print(
                "%s: %d steps, %d power-ups, %d flash erases, slowest menu %d ms after the "
                "press, digest %s, %.1f s wall"
                % (
                    name,
                    r["steps"],
                    r["power_ups"],
                    r["flash_erases"],
                    r["max_menu_ms"],
                    r["digest"],
                    r["wall_s"],
                )
            )
        print(
            "overall %.0f simulated seconds per wall-clock second; errors %d"
            % (res["sim_s_per_wall_s"] or 0, res["errors"])
        )
    return 1 if res["errors"] else 0


def main_campaign(a, seeds, options):
    t0 = time.perf_counter()
    profiles = sorted(PROFILES) if a.profile == "all" else [a.profile]
    options = dict(options)
    options.pop("profile", None)
    runs = campaign(
        a.game,
        seeds,
        a.hours,
        max(1, a.jobs),
        out=None if a.json else print,
        profiles=profiles,
        record=a.record,
        rerun_failed=a.rerun_failed,
        **options,
    )
    wall = time.perf_counter() - t0
    bad = sorted(
        (r for r in runs if r["errors"]), key=lambda r: (r["profile"], r["game"], r["seed"])
    )
    sim_h = sum(r["sim_hours"] for r in runs)
    if a.json:
        print(
            json.dumps(
                {
                    "profiles": profiles,
                    "hours": a.hours,
                    "seeds": seeds,
                    "runs": runs,
                    "wall_s": round(wall, 1),
                },
                indent=1,
            )
        )
    else:
        print(
            "campaign: %s, %d seeds x %g simulated hours x %s, %d jobs: %d runs, "
            "%.2f simulated hours in %.0f s wall, %d failed"
            % (
                ", ".join(profiles),
                len(seeds),
                a.hours,
                a.game,
                a.jobs,
                len(runs),
                sim_h,
                wall,
                len(bad),
            )
        )
        for r in bad:
            print("FAILED %s %s seed %d: %s" % (r["profile"], r["game"], r["seed"], r["errors"][0]))
            print(
                "  reproduce: tools/reliability/soak.py --game %s --seed %d --profile %s --hours %g"
                % (r["game"], r["seed"], r["profile"], a.hours)
            )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
