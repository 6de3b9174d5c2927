"""Time Tumblin' Dice simulated throws and bot decisions (virtual mode).

Runs on MicroPython (timed with time.ticks_us / ticks_diff) and on CPython
(time.perf_counter_ns), so both VMs run the same code:

    micropython tools/benchmarks/mp_bench_tumblin.py [GAMES] [PLAYERS] [REPEAT]
    python tools/benchmarks/mp_bench_tumblin.py [GAMES] [PLAYERS] [REPEAT]

Throws: REPEAT (default 15) runs of 200 throws (power 80, aim 0, the board copied
first, as a bot's simulation does) onto an empty board and onto a seeded board
of 8 dice; the median per-throw time of the runs. Decisions: for each level,
GAMES (default 4) games with seeds 0..GAMES-1 of PLAYERS (default 2) bots of
that level; every choose() call is timed, view() excluded.
Prints ``BENCH vm=... what=throw dice=... median_us=...`` lines, then one
``BENCH vm=... what=decide level=... players=... decisions=... median_us=...
mean_us=... p90_us=... p95_us=... max_us=... sims=... kept_import=...`` line per level
(sims: simulated throws per decision; kept_import: heap bytes held after the
imports, MicroPython only, -1 elsewhere).
"""

import gc
import sys
from array import array

from mp_timing import VM, median, now_us, since_us  # first: it puts lib/ on sys.path

gc.collect()
_before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
from slampad.games.tumblin import Tumblin  # noqa: E402, I001
from slampad.games import tumblin_board as tb  # noqa: E402
from slampad.bots.tumblin import LEVELS, TumblinBot, play_out  # noqa: E402
from slampad.rng import Rng  # noqa: E402

gc.collect()
KEPT = gc.mem_alloc() - _before if hasattr(gc, "mem_alloc") else -1


def seeded_board(dice):
    """A board of ``dice`` dice at rest, thrown by two seats with a fixed Rng."""
    r = Rng(5)
    b = []
    while len(b) < dice:
        tb.throw(b, len(b) % 2, r.randint(40, 90), r.randint(-60, 60), r)
    return b


def bench_throw(board, repeat, n=200):
    r = Rng(1)
    runs = []
    for _ in range(repeat):
        t0 = now_us()
        for _ in range(n):
            b = [list(d) for d in board]
            tb.throw(b, 0, 80, 0, r)
        runs.append(since_us(t0) / n)
    return median(runs)


class _Timed:
    """A bot whose choose() calls are timed into ``times``."""

    def __init__(self, bot, times):
        self.bot = bot
        self.times = times

    def choose(self, view):
        t0 = now_us()
        a = self.bot.choose(view)
        self.times.append(int(since_us(t0)))
        return a


def bench_decide(level, games, players):
    times = array("I")
    sims = 0
    for seed in range(games):
        g = Tumblin({"board": "virtual", "players": players}, seed)
        bots = [TumblinBot(s, level, seed) for s in range(players)]
        play_out(g, [_Timed(b, times) for b in bots])
        for b in bots:
            sims += b.sims
        g = bots = None
        gc.collect()
    return times, sims


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 4
    players = int(argv[2]) if len(argv) > 2 else 2
    repeat = int(argv[3]) if len(argv) > 3 else 15
    for dice in (0, 8):
        us = bench_throw(seeded_board(dice), repeat)
        print("BENCH vm=%s what=throw dice=%d median_us=%.1f" % (VM, dice, us))
    bench_decide("hard", 1, players)  # warm up
    for level in LEVELS:
        times, sims = bench_decide(level, games, players)
        t = sorted(times)
        n = len(t)
        print(
            "BENCH vm=%s what=decide level=%s players=%d decisions=%d median_us=%.1f"
            " mean_us=%.1f p90_us=%.1f p95_us=%.1f max_us=%.1f sims=%d kept_import=%d"
            % (VM, level, players, n, median(t), sum(t) / n, t[(n * 9) // 10],
               t[(n * 19) // 20], t[-1], sims // n, KEPT)
        )


main(sys.argv)
