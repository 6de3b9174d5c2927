#!/usr/bin/env python3
"""Tune the Diceland hard bot's evaluation weights by self-play (issue 18).

    tools/benchmarks/tune_diceland.py [--seed 1] [--games 150] [--scenes valley,diceland]
                           [--iters 40] [--jobs 1] [--start normal|hard]

A (1+1) evolution strategy over the weights of lib/slampad/bots/diceland_eval.py
(NORMAL's layout: a die's worth for values 1-6, the town bonus, the weights of p's
threats and of the opponent's). Each candidate plays the hard bot with those weights
against the normal bot (NORMAL weights) on GAMES seeds per scene, each seed in both seat
orders; the seeds start at 10000 so the benchmark's seeds (tools/benchmarks/bench.py: 0-499) stay
unseen. A candidate is the current weights with one to three of them moved by a step
(drawn from slampad.rng with --seed); it replaces the current weights when it wins more
games on the same seeds. Steps shrink by a third after eight failures in a row. The
same arguments give the same run. Prints every accepted candidate and, at the end, the
weights as the line to paste into diceland_eval.py (HARD = ...).
"""

import argparse
import multiprocessing
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED0 = 10000  # first game seed: clear of the benchmark's 0-499
STEPS = (24, 24, 24, 24, 24, 24, 12, 12, 12)  # first step of each weight
LOW = (1, 1, 1, 1, 1, 1, 0, 0, 0)  # lowest value of each weight


def _lib():
    if os.path.join(ROOT, "lib") not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, "lib"))


def one_game(job):
    """(1 if the hard bot with weights w won, else 0) for one seeded game."""
    _lib()
    from slampad.bots.diceland import DicelandBot
    from slampad.games.diceland import Diceland

    w, scene, seed, me = job
    g = Diceland({"scene": scene}, seed)
    bots = [DicelandBot(s, "hard" if s == me else "normal", seed) for s in (0, 1)]
    bots[me].w = tuple(w)
    while not g.is_over():
        g.apply(bots[g.turn].choose(g.view(g.turn)))
    return 1 if g.winners() == [me] else 0


def score(w, scenes, games, pool):
    jobs = [(tuple(w), sc, SEED0 + i, me) for sc in scenes for i in range(games)
            for me in (0, 1)]
    res = pool.map(one_game, jobs, chunksize=4) if pool else [one_game(j) for j in jobs]
    return sum(res), len(res)


def tune(seed, games, scenes, iters, jobs, start, out=print):
    _lib()
    from slampad.bots import diceland_eval as ev
    from slampad.rng import Rng

    rng = Rng(seed)
    cur = list(ev.NORMAL if start == "normal" else ev.HARD)
    steps = list(STEPS)
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    t0 = time.time()
    best, n = score(cur, scenes, games, pool)
    out("start %s: %d/%d (%.1f%%)" % (tuple(cur), best, n, 100.0 * best / n))
    fails = 0
    seen = {tuple(cur): best}
    for it in range(iters):
        cand = list(cur)
        for _ in range(1 + rng.below(3)):
            i = rng.below(len(cand))
            d = steps[i] if rng.below(2) else -steps[i]
            cand[i] = max(LOW[i], cand[i] + d)
        if cand == cur:
            continue
        key = tuple(cand)
        if key not in seen:  # a candidate drawn again scores the same: not replayed
            seen[key] = score(cand, scenes, games, pool)[0]
        won = seen[key]
        if won > best:
            best, cur, fails = won, cand, 0
            out("iter %d: %s %d/%d (%.1f%%) accepted" % (it, tuple(cur), won, n,
                                                         100.0 * won / n))
        else:
            fails += 1
            out("iter %d: %s %d/%d" % (it, tuple(cand), won, n))
            if fails >= 8:
                steps = [max(1, s * 2 // 3) for s in steps]
                fails = 0
                out("steps %s" % (tuple(steps),))
    if pool:
        pool.close()
    out("result: %d/%d (%.1f%%) in %.0f s, seed %d, %d games a scene a seat order, "
        "scenes %s, %d iterations" % (best, n, 100.0 * best / n, time.time() - t0, seed,
                                      games, ",".join(scenes), iters))
    out("HARD = %s" % (tuple(cur),))
    return tuple(cur)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1, help="the run's Rng seed (default 1)")
    ap.add_argument("--games", type=int, default=150,
                    help="seeds per scene, each played in both seat orders (default 150)")
    ap.add_argument("--scenes", default="valley,diceland",
                    help="preset scenes, comma-separated (default valley,diceland)")
    ap.add_argument("--iters", type=int, default=40, help="candidates tried (default 40)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--start", choices=("normal", "hard"), default="normal",
                    help="start from the NORMAL or the shipped HARD weights")
    ns = ap.parse_args(argv)
    tune(ns.seed, ns.games, ns.scenes.split(","), ns.iters, ns.jobs, ns.start,
         out=lambda s: print(s, flush=True))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from _venv import use_venv

    use_venv(__file__)
    sys.exit(main())
