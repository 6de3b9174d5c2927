"""Time the Go Wild! hard bot's decisions in 4-player games: one hard bot, three normal.

Runs on MicroPython (timed with time.ticks_us / ticks_diff) and on CPython
(time.perf_counter_ns), so both VMs run the same code:

    micropython tools/benchmarks/mp_bench_gowild.py [GAMES] [LEVEL] [SAMPLES]
    python tools/benchmarks/mp_bench_gowild.py [GAMES] [LEVEL] [SAMPLES]

GAMES (default 20) games with seeds 0..GAMES-1; game i seats the timed bot (LEVEL,
default "hard"; SAMPLES: its budget, default the level's) at seat i % 4 and "normal"
bots elsewhere. Every one of its choose() calls is timed, view() excluded.
Prints one line: ``BENCH vm=... games=... decisions=... median_us=... mean_us=...
p90_us=... p95_us=... max_us=... playouts=... wins=... kept_import=...`` (kept_import: heap bytes
held after the imports, MicroPython only, -1 elsewhere).
"""

import gc
import sys
from array import array

from mp_timing import VM, median, now_us, since_us  # first: it puts lib/ on sys.path

gc.collect()
_before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
from slampad.games.gowild import GoWild  # noqa: E402, I001
from slampad.bots.gowild import GoWildBot  # noqa: E402

gc.collect()
KEPT = gc.mem_alloc() - _before if hasattr(gc, "mem_alloc") else -1


def bench(games, level, samples):
    times = array("I")
    wins = 0
    playouts = 0
    for seed in range(games):
        me = seed % 4
        game = GoWild({"players": 4}, seed)
        bots = [
            GoWildBot(s, level if s == me else "normal", seed, samples if s == me else None)
            for s in range(4)
        ]
        while not game.is_over():
            s = game.turn
            v = game.view(s)
            if s == me:
                t0 = now_us()
                a = bots[s].choose(v)
                times.append(int(since_us(t0)))
            else:
                a = bots[s].choose(v)
            game.apply(a)
        if game.winners() == [me]:
            wins += 1
        playouts += bots[me].playouts
        game = bots = v = None
        gc.collect()
    return times, wins, playouts


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 20
    level = argv[2] if len(argv) > 2 else "hard"
    samples = int(argv[3]) if len(argv) > 3 else None
    bench(1, level, samples)  # warm up
    times, wins, playouts = bench(games, level, samples)
    n = len(times)
    # one list of the exact size, sorted in place: sorted() grows its list by doubling,
    # and a 16 KB block may not be free in a 128K heap
    t = [0] * n
    for i in range(n):
        t[i] = times[i]
    times = None
    gc.collect()
    t.sort()
    times = t
    med = median(times)
    print(
        "BENCH vm=%s games=%d level=%s decisions=%d median_us=%.1f mean_us=%.1f p90_us=%.1f"
        " p95_us=%.1f max_us=%.1f playouts=%d wins=%d kept_import=%d"
        % (
            VM,
            games,
            level,
            n,
            med,
            sum(times) / n,
            times[(n * 9) // 10],
            times[(n * 19) // 20],
            times[-1],
            playouts,
            wins,
            KEPT,
        )
    )


main(sys.argv)
