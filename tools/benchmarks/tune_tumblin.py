#!/usr/bin/env python3
"""Tune the Tumblin' Dice hard bot's value weights by self-play (issue 18).

    tools/benchmarks/tune_tumblin.py [--seed 1] [--games 200] [--rounds 2] [--jobs 1] [--start W,..]
    tools/benchmarks/tune_tumblin.py --eval W,.. [--games 400] [--first-seed 0]

A coordinate search over ``slampad.bots.tumblin.WEIGHTS`` (the hard bot's value:
the per-64 discount of a die on levels 1-4 for each throw the other side has
left in the round, and the last round's margin cap at no throws left and per
throw left). Each candidate plays hard (with the candidate's weights) against
normal over the same fixed games (common random numbers: game seeds
SEED*100000 + 0..GAMES-1, seats alternated, as tools/benchmarks/bench.py's tumblin_rates),
scored by games won, then by point margin. ``--rounds`` passes over the
coordinates; each pass tries every weight up and down by its step, keeps any
gain, and halves the steps after a pass without one. The tuning's own seeds are
not the benchmark's (0..N-1), so the benchmark is a fresh measurement. Prints
every accepted step and the final ``WEIGHTS = (...)`` line to paste into
lib/slampad/bots/tumblin.py. ``--eval`` scores one weight vector (default seeds
0..GAMES-1, the benchmark's) and exits.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

from bench import play_all  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STEPS = (1, 1, 1, 1, 2, 4)  # first step per weight
LIMITS = ((0, 16),) * 4 + ((0, 40), (0, 40))


def _game(job):
    """One seeded 2-player game, hard (weights ``w``) against ``other``: (won, margin)."""
    w, seed, other = job
    if os.path.join(ROOT, "lib") not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, "lib"))
    from slampad.bots import tumblin as tbot

    tbot.WEIGHTS = tuple(w)
    me = seed % 2
    levels = ("hard", other) if me == 0 else (other, "hard")
    g = tbot.play_game({}, levels, seed)
    return g.winners() == [me], g.totals[me] - g.totals[1 - me]


def score(w, seeds, jobs, other="normal"):
    """(games won, total point margin) of hard with weights ``w`` over ``seeds``."""
    todo = [(tuple(w), s, other) for s in seeds]
    res = play_all(_game, todo, jobs, chunksize=4)
    return sum(1 for r in res if r[0]), sum(r[1] for r in res)


def _log(line):
    print(line, flush=True)  # a long run shows its steps as they come


def tune(start, seed, games, rounds, jobs, log=_log):
    seeds = [seed * 100000 + i for i in range(games)]
    best = list(start)
    best_s = score(best, seeds, jobs)
    log("start %s: won %d/%d, margin %+d" % (tuple(best), best_s[0], games, best_s[1]))
    steps = list(STEPS)
    for r in range(rounds):
        gained = False
        for i in range(len(best)):
            for sign in (1, -1):
                w = list(best)
                lo, hi = LIMITS[i]
                w[i] = min(hi, max(lo, w[i] + sign * steps[i]))
                if w[i] == best[i]:
                    continue
                s = score(w, seeds, jobs)
                if s > best_s:
                    best, best_s, gained = w, s, True
                    log("pass %d: %s won %d/%d, margin %+d" % (r + 1, tuple(w), s[0], games, s[1]))
                    break
        if not gained:
            steps = [max(1, x // 2) for x in steps]
    return tuple(best), best_s


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1, help="the tuning's seed set (default 1)")
    ap.add_argument("--games", type=int, default=200, help="games per candidate (default 200)")
    ap.add_argument("--rounds", type=int, default=2, help="passes over the weights (default 2)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--start", help="first weights, comma-separated (default: the shipped ones)")
    ap.add_argument("--eval", help="only score these weights (comma-separated)")
    ap.add_argument("--first-seed", type=int, default=0, help="--eval: first game seed")
    ap.add_argument("--other", default="normal", help="--eval: the opponent level")
    ns = ap.parse_args(argv)
    sys.path.insert(0, os.path.join(ROOT, "lib"))
    from slampad.bots import tumblin as tbot

    t0 = time.time()
    if ns.eval:
        w = tuple(int(x) for x in ns.eval.split(","))
        seeds = range(ns.first_seed, ns.first_seed + ns.games)
        won, margin = score(w, seeds, ns.jobs, ns.other)
        print("weights %s vs %s: won %d/%d (%.1f%%), margin %+.2f a game, %.0f s" % (
            w, ns.other, won, ns.games, 100.0 * won / ns.games, margin / ns.games,
            time.time() - t0))
        return 0
    start = tuple(int(x) for x in ns.start.split(",")) if ns.start else tbot.WEIGHTS
    w, s = tune(start, ns.seed, ns.games, ns.rounds, ns.jobs)
    args = sys.argv[1:] if argv is None else argv
    print("command: tools/benchmarks/tune_tumblin.py %s" % " ".join(args))
    print("tuned: won %d/%d, margin %+d, %.0f s" % (s[0], ns.games, s[1], time.time() - t0))
    print("WEIGHTS = (%s)" % ", ".join(str(x) for x in w))
    return 0


if __name__ == "__main__":
    from _venv import use_venv

    use_venv(__file__)  # the system python3 goes on in .venv's (tools/_venv.py)
    sys.exit(main())
