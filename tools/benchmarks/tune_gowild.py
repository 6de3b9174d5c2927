#!/usr/bin/env python3
"""Tune the Go Wild! hard bot's dealing weights (bots/gowild.py CLUMP, WILDS) offline.

    tools/benchmarks/tune_gowild.py [--seed 1] [--games 60] [--deals 4] [--passes 2]

Self-play: ``--games`` all-normal 4-player games (seeds from ``--seed``) give the
positions, every decision of every seat with its view and the true hands. A set of
weights is scored by how well the hard bot's ``deal`` guesses the hidden hands there:
minus the CRPS of the biggest set it deals each other player (what wins tricks; scoring
the cards dealt right, or the plain error, chose flatter deals that lost more games),
``--deals`` deals per position, the same random numbers for every
candidate (a fixed seed set: common random numbers). Coordinate search from the
shipped weights: each weight in turn tries +-2 and +-1, keeps any gain, ``--passes``
times. Prints each step and the final weights as constants for bots/gowild.py, and
the win rate is then checked with tools/benchmarks/bench.py --gowild (docs/benchmarks.md).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import _venv  # noqa: E402

_venv.use_venv(__file__)

import argparse  # noqa: E402
import time  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))

from slampad.bots import gowild as gw  # noqa: E402
from slampad.games import gowild_cards as gc  # noqa: E402
from slampad.games.gowild import GoWild  # noqa: E402
from slampad.rng import Rng  # noqa: E402


def positions(seed, games):
    """(seat, view, true hands) at every decision of ``games`` all-normal games (the
    hard bot's opponents are normal bots)."""
    out = []
    for g in range(games):
        s0 = seed * 100003 + g
        game = GoWild({"players": 4}, s0)
        bots = [gw.GoWildBot(s, "normal", s0) for s in range(4)]
        while not game.is_over():
            s = game.turn
            v = game.view(s)
            out.append((s, v, [list(h) for h in game.hands]))
            game.apply(bots[s].choose(v))
    return out


def _pool(v):
    """The cards seat v["seat"] cannot see (see GoWildBot.choose)."""
    table = gc.empty()
    for _, p in v["plays"]:
        gc.add(table, p)
    return [max(0, gc.PER_COLOUR - v["hand"][c] - v["discard"][c] - table[c]) for c in range(6)]


def biggest(h, wild_one):
    """The biggest set a hand can play (G3: the Wild One adds up to as many wilds)."""
    return max(h[c] + (min(h[c], h[5]) if wild_one else 0) for c in range(5))


def score(pos, deals, seed):
    """Minus the CRPS (a proper score: it rewards the right spread, not just a guess
    near the truth), in thousandths of a card, of the biggest set dealt to each hidden
    hand (what decides tricks): mean |dealt - true| less half the mean |dealt - dealt'|
    over pairs of deals; every position, ``deals`` (>= 2) deals each."""
    rng = Rng(seed)
    err = spread = hands_n = 0
    out = [0] * 24
    for me, v, hands in pos:
        wo = -1 if v["wild_one"] is None else v["wild_one"]
        pool = _pool(v)
        sizes = v["hand_sizes"]
        got = [[] for _ in range(4)]
        for _ in range(deals):
            gw.deal(rng, pool, sizes, 4, me, v["trick"], wo, out, 0)
            for x in range(4):
                got[x].append(biggest(out[6 * x : 6 * x + 6], x == wo))
        for x in range(4):
            if x != me and sizes[x]:
                t = biggest(hands[x], x == wo)
                g = got[x]
                err += sum(abs(a - t) for a in g) * (deals - 1)
                spread += sum(abs(a - b) for i, a in enumerate(g) for b in g[i + 1 :])
                hands_n += deals * (deals - 1)
    return -1000 * (err - spread) // max(1, hands_n)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=60, help="self-play games for positions")
    ap.add_argument("--deals", type=int, default=4, help="deals per position and candidate (>= 2)")
    ap.add_argument("--passes", type=int, default=2, help="coordinate-search passes")
    ns = ap.parse_args(argv)
    t0 = time.time()
    pos = positions(ns.seed, ns.games)
    w = list(gw.CLUMP) + list(gw.WILDS)
    names = ["CLUMP[%d]" % i for i in range(3)] + ["WILDS[%d]" % i for i in range(6)]

    def run(cand):
        gw.CLUMP = tuple(cand[:3])
        gw.WILDS = tuple(cand[3:])
        return score(pos, ns.deals, ns.seed)

    best = run(w)
    print("positions %d, start %s: %d" % (len(pos), w, best), flush=True)
    for p in range(ns.passes):
        for i in range(len(w)):
            for d in (2, -2, 1, -1):
                c = list(w)
                c[i] += d
                if c[i] < 0 or c[i] > 24:
                    continue
                got = run(c)
                if got > best:
                    w, best = c, got
                    print("pass %d: %s -> %d: %d" % (p + 1, names[i], c[i], got), flush=True)
    print("final %d (%.0f s)" % (best, time.time() - t0))
    print("CLUMP = (%s)" % ", ".join(str(x) for x in w[:3]))
    print("WILDS = (%s)" % ", ".join(str(x) for x in w[3:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
