#!/usr/bin/env python3
"""How often each Wildside bot level beats a simulated human (issue 18 item 4, W11).

    tools/benchmarks/wildside_human.py [--games 1000] [--humans 400,600,800,1000] [--miss 70]
                            [--false 20] [--seed 0] [--levels]

A simulated human is a WildsideBot of the "custom" kind (slampad/bots/wildside.py) with a
mean reaction time of H ms, the custom spread (CUSTOM_SD % of the mean), and the
human error rates --miss and --false (per mille): it misses that share of its own
matches and slams wrongly on that share of windows without one. The defaults, 7 %
misses and 2 % false slams, come from docs/rules.md W11 (visual search at about 50 %
target prevalence; misses outnumber false alarms).

For each level and each H, ``--games`` seeded games (seeds seed..seed+games-1) are
played by play_round, as the device paces them (W12), on a virtual clock:
- 2 players, the bot against the human, the bot's seat alternating with the seed;
- 4 players, one human against three bots of the level, the human's seat rotating.
It prints Markdown tables of the bot's (2 players) or the human's (4 players) wins with
95% Wilson intervals. A draw (W10) counts as a win for no one.

With --levels it also plays the levels against each other: 2 players (each pair) and
4 players (one bot of a level against three of another).
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))

from slampad.bots.wildside import LEVELS, WildsideBot, play_round  # noqa: E402
from slampad.games.wildside import Wildside  # noqa: E402
from slampad.rng import Rng  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()
from bench import wilson  # noqa: E402  (95% Wilson score interval)

MAX_ROUNDS = 5000


def make(seat, who, seed, miss, false):
    """who: a level name, or an int: a human of that mean reaction time (ms)."""
    if isinstance(who, int):
        return WildsideBot(seat, "custom", seed, who, miss, false)
    return WildsideBot(seat, who, seed)


def play(seats, seed):
    """One game; seats: a bot per seat. Returns the winners (seats)."""
    n = len(seats)
    g = Wildside({"players": n, "bots": list(range(n))}, seed)
    mix = Rng(seed ^ 0x5A5A)
    t = 0
    while not g.is_over() and g.round < MAX_ROUNDS:
        _, _, t = play_round(g, seats, t, mix)
    return g.winners()


def rate(games, players, one, rest, seed, miss, false):
    """How often ``one`` (seat rotating) wins alone against players-1 of ``rest``."""
    won = 0
    for i in range(games):
        s = seed + i
        me = i % players
        seats = [make(p, one if p == me else rest, s, miss, false) for p in range(players)]
        won += play(seats, s) == [me]
    return won, games


def cell(won, n):
    lo, hi = wilson(won, n)
    return "%.1f%% (%.1f-%.1f)" % (100 * won / n, 100 * lo, 100 * hi)


def table(head, rows):
    print("| " + " | ".join(head) + " |")
    print("| " + " | ".join("---" for _ in head) + " |")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--humans", default="400,600,800,1000", help="mean reaction times, ms")
    ap.add_argument("--miss", type=int, default=70, help="human misses, per mille")
    ap.add_argument("--false", type=int, default=20, help="human false slams, per mille")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--levels", action="store_true", help="also the levels against each other")
    a = ap.parse_args(argv)
    humans = [int(x) for x in a.humans.split(",")]
    levels = ("easy", "normal", "hard")
    t0 = time.time()
    k = (a.seed, a.miss, a.false)
    print(
        "%d games a cell, seeds %d..%d; human misses %.1f%%, false slams %.1f%%; levels %s"
        % (
            a.games,
            a.seed,
            a.seed + a.games - 1,
            a.miss / 10,
            a.false / 10,
            ", ".join(
                "%s %d+-%d ms, %.1f%%/%.1f%%"
                % ((lv,) + LEVELS[lv][:2] + (LEVELS[lv][2] / 10, LEVELS[lv][3] / 10))
                for lv in levels
            ),
        )
    )
    print()
    print("Bot wins, 2 players (the bot against one human; a peer wins 50%):")
    print()
    rows = []
    for lv in levels:
        rows.append([lv] + [cell(*rate(a.games, 2, lv, h, *k)) for h in humans])
    table(["bot level"] + ["vs human %d ms" % h for h in humans], rows)
    print("Human wins, 4 players (one human against three bots of the level; a peer wins 25%):")
    print()
    rows = []
    for lv in levels:
        rows.append([lv] + [cell(*rate(a.games, 4, h, lv, *k)) for h in humans])
    table(["bot level"] + ["human %d ms wins" % h for h in humans], rows)
    if a.levels:
        print("Levels against each other: the first level's wins (seat rotating):")
        print()
        rows = []
        for one, other in (("hard", "normal"), ("normal", "easy"), ("hard", "easy")):
            rows.append(
                [
                    "%s vs %s" % (one, other),
                    cell(*rate(a.games, 2, one, other, *k)),
                    cell(*rate(a.games, 4, one, other, *k)),
                ]
            )
        table(["match", "2 players (par 50%)", "4 players, 1 vs 3 (par 25%)"], rows)
    print("(%.0f s)" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    from _venv import use_venv

    use_venv(__file__)  # the system python3 goes on in .venv's (tools/_venv.py)
    sys.exit(main())
