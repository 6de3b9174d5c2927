"""Time the Diceland bots' decisions, and the heap a bot game needs.

Runs on MicroPython (timed with time.ticks_us / ticks_diff) and on CPython
(time.perf_counter_ns), so both VMs run the same code:

    micropython tools/benchmarks/mp_bench_diceland.py [GAMES] [SCENE] [BUDGET]
    python tools/benchmarks/mp_bench_diceland.py [GAMES] [SCENE] [BUDGET]

For each level, GAMES (default 3) games with seeds 0..GAMES-1 on the preset SCENE
(default diceland, 36 hexes), that level in both seats (BUDGET: the hard budget, default
the bot's own); every choose() call is timed. gc.collect() runs before each decision,
outside the timing (the device app does the same between turns).
Prints one ``BENCH vm=... what=decide level=... scene=... decisions=... median_us=...
mean_us=... p90_us=... p95_us=... max_us=... nodes=... attack_median_us=...
attack_p90_us=... attack_p95_us=... kept_import=... live_peak=...`` line per level
(nodes: valued outcomes per decision; attack_*: the attack decisions only, the costliest
kind; kept_import: heap bytes held after the imports; live_peak: the most heap bytes in
use after a collection, between decisions: imports, the game and the bots; both
MicroPython only, -1 elsewhere).
"""

import gc
import sys
from array import array

from mp_timing import VM, median, now_us, since_us  # first: it puts lib/ on sys.path

MP = hasattr(gc, "mem_alloc")
gc.collect()
_before = gc.mem_alloc() if MP else 0
# The rules core first, while the heap is empty (docs/hardware-interface.md), then the bots.
from slampad.games.diceland import Diceland  # noqa: E402, I001
from slampad.bots.diceland import LEVELS, DicelandBot  # noqa: E402

gc.collect()
KEPT = gc.mem_alloc() - _before if MP else -1


CAP = 4000  # decisions kept per level; allocated up front, while the heap is tidy
TIMES = array("I", bytearray(CAP))
ATTACKS = array("I", bytearray(CAP))


def bench(level, games, scene, budget):
    n = k = 0
    nodes = 0
    peak = 0
    for seed in range(games):
        g = Diceland({"scene": scene}, seed)
        bots = [DicelandBot(s, level, seed, budget if level == "hard" else None)
                for s in (0, 1)]
        while not g.is_over():
            b = bots[g.turn]
            ph = g.phase
            gc.collect()
            if MP:
                peak = max(peak, gc.mem_alloc())
            t0 = now_us()
            a = b.choose(g.view(g.turn))
            dt = int(since_us(t0))
            if n < CAP:
                TIMES[n] = dt
                n += 1
            if ph == "attack" and k < CAP:
                ATTACKS[k] = dt
                k += 1
            nodes += b.nodes
            g.apply(a)
        g = bots = b = a = None
        gc.collect()
    return sorted(TIMES[:n]), sorted(ATTACKS[:k]), nodes, peak


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 3
    scene = argv[2] if len(argv) > 2 else "diceland"
    budget = int(argv[3]) if len(argv) > 3 else None
    bench("hard", 1, scene, budget)  # warm up
    for level in LEVELS:
        t, at, nodes, peak = bench(level, games, scene, budget)
        n = len(t)
        print(
            "BENCH vm=%s what=decide level=%s scene=%s decisions=%d median_us=%.1f"
            " mean_us=%.1f p90_us=%.1f p95_us=%.1f max_us=%.1f nodes=%d attack_median_us=%.1f"
            " attack_p90_us=%.1f attack_p95_us=%.1f kept_import=%d live_peak=%d"
            % (VM, level, scene, n, median(t), sum(t) / n, t[(n * 9) // 10],
               t[(n * 19) // 20], t[-1], nodes // n, median(at),
               at[(len(at) * 9) // 10] if at else 0, at[(len(at) * 19) // 20] if at else 0,
               KEPT, peak if MP else -1)
        )
        t = at = None
        gc.collect()


main(sys.argv)
