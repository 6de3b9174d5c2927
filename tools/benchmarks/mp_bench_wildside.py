"""Time one Wildside roll resolution (``play_round``) in full 4-player bot games.

Runs on MicroPython (timed with time.ticks_us / ticks_diff) and on CPython
(time.perf_counter_ns), so both VMs run the same code:

    micropython tools/benchmarks/mp_bench_wildside.py [GAMES] [PLAYERS] [decide]
    python tools/benchmarks/mp_bench_wildside.py [GAMES] [PLAYERS] [decide]

GAMES (default 200) games with seeds 0..GAMES-1, all bots "normal", as play_game plays them.
Prints one line: ``BENCH vm=... games=... rounds=... median_us=... mean_us=... p90_us=...
max_us=... game_ms=... kept_import=...`` (kept_import: heap bytes held after the imports,
MicroPython only, -1 elsewhere).

With ``decide``: the bots' decisions instead, for each level GAMES games with every seat
that level. Every ``WildsideBot.plan(view)`` (each bot, as each window opens) and
``choose(view)`` (a first slammer with several matches) that ``play_round`` makes is
timed, ``view()`` excluded. Prints one ``BENCH vm=... what=decide level=... players=...
decisions=... plans=... chooses=... median_us=... mean_us=... p90_us=... p95_us=...
max_us=... kept_import=...`` line per level.
"""

import gc
import sys
from array import array

from mp_timing import VM, median, now_us, since_us  # first: it puts lib/ on sys.path

gc.collect()
_before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
from slampad.games.wildside import Wildside  # noqa: E402, I001
import slampad.games.wildside_state  # noqa: E402, F401
from slampad.bots.wildside import WildsideBot, play_round  # noqa: E402
from slampad.rng import Rng  # noqa: E402

gc.collect()
KEPT = gc.mem_alloc() - _before if hasattr(gc, "mem_alloc") else -1


def bench(games, players):
    times = array("I")  # 4 bytes a round, whole us: a list needs a 32 KB block on the VM
    game_us = 0
    for seed in range(games):
        game = Wildside({"players": players, "bots": list(range(players))}, seed)
        bots = [WildsideBot(s, "normal", seed) for s in range(players)]
        mix = Rng(seed ^ 0x5A5A)
        t = 0
        while not game.is_over() and game.round < 5000:
            t0 = now_us()
            t = play_round(game, bots, t, mix)[2]
            dt = since_us(t0)
            times.append(int(dt))
            game_us += dt
        if not game.is_over():
            raise AssertionError("seed %d: game not over" % seed)
        game = bots = None
        gc.collect()
    return times, game_us


class Timed:
    """A bot whose plan() and choose() calls are timed into ``times``."""

    def __init__(self, bot, times, counts):
        self.bot = bot
        self.seat = bot.seat
        self.times = times
        self.counts = counts

    def plan(self, view):
        t0 = now_us()
        d = self.bot.plan(view)
        self.times.append(int(since_us(t0)))
        self.counts[0] += 1
        return d

    def choose(self, view):
        t0 = now_us()
        v = self.bot.choose(view)
        self.times.append(int(since_us(t0)))
        self.counts[1] += 1
        return v


def bench_decide(level, games, players):
    times = array("I")
    counts = [0, 0]  # plans, chooses
    for seed in range(games):
        game = Wildside({"players": players, "bots": list(range(players))}, seed)
        bots = [Timed(WildsideBot(s, level, seed), times, counts) for s in range(players)]
        mix = Rng(seed ^ 0x5A5A)
        t = 0
        while not game.is_over() and game.round < 5000:
            t = play_round(game, bots, t, mix)[2]
        game = bots = None
        gc.collect()
    return times, counts


def decide(games, players):
    bench_decide("hard", 2, players)  # warm up
    for level in ("easy", "normal", "hard"):
        times, counts = bench_decide(level, games, players)
        t = sorted(times)
        n = len(t)
        med = median(t)
        print(
            "BENCH vm=%s what=decide level=%s players=%d decisions=%d plans=%d chooses=%d"
            " median_us=%.1f mean_us=%.1f p90_us=%.1f p95_us=%.1f max_us=%.1f kept_import=%d"
            % (VM, level, players, n, counts[0], counts[1], med, sum(t) / n, t[(n * 9) // 10],
               t[(n * 19) // 20], t[-1], KEPT)
        )
        times = t = None
        gc.collect()


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 200
    players = int(argv[2]) if len(argv) > 2 else 4
    if len(argv) > 3 and argv[3] == "decide":
        return decide(games, players)
    bench(2, players)  # warm up
    times, game_us = bench(games, players)
    times = sorted(times)
    n = len(times)
    med = median(times)
    print(
        "BENCH vm=%s games=%d players=%d rounds=%d median_us=%.1f mean_us=%.1f p90_us=%.1f"
        " max_us=%.1f game_ms=%.2f kept_import=%d"
        % (
            VM,
            games,
            players,
            n,
            med,
            sum(times) / n,
            times[(n * 9) // 10],
            times[-1],
            game_us / games / 1000,
            KEPT,
        )
    )


main(sys.argv)
