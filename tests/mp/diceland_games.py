"""Seeded random Diceland games with invariant checks; runs on MicroPython and CPython.

Usage: micropython -X heapsize=128K tests/mp/diceland_games.py [GAMES] [STEP_GAMES]

- GAMES: how many games (default 14). Game i has seed 3000 + i and plays on the scenes
  pocket, duel, valley, crossing, highlands, diceland (the 36-hex preset) and a random
  scene, in turn; its rules (terrain, fatal attraction, grouping, capital,
  fill-the-void) are drawn from slampad.rng.
- STEP_GAMES: the first this many games are also saved to JSON and loaded again after
  every action, and play on from the loaded copy (default 7, one per scene).

Moves are random legal actions. After every action: dice on the field + free + lost =
n/2 + 2 for each player (D1), one die per hex showing 1-6, two free dice once occupation
is over. After every game: it is over with one winner, the state survives a JSON round
trip, and seed + actions replay it. Actions are kept as one small int each. The games
that reload at every step collect garbage after each reload, as the device would around
a save: without it the 64-bit VM's 128 KiB heap fragments on the 36-hex scene.
Prints ``OK <GAMES> games``; any failure raises (non-zero exit).
"""

import gc
import json
import sys

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
# Largest module first, while the heap is empty (docs/hardware-interface.md); it imports the board,
# save/load, scene and hex modules, so those are in before any game state exists.
from slampad.games.diceland import ARITY, Diceland  # noqa: E402, I001
from slampad.rng import Rng  # noqa: E402

SCENES = ("pocket", "duel", "valley", "crossing", "highlands", "diceland", "random")
RULES = ("terrain", "fatal_attraction", "grouping", "capital", "fill_the_void")
NAMES = sorted(ARITY)
MAX_STEPS = 4000


def check(ok, what, seed):
    if not ok:
        raise AssertionError("seed %d: %s" % (seed, what))


def check_state(g, seed):
    k = g.scene.n // 2 + 2
    for p in (0, 1):
        have = g.owner.count(p) + len(g.free[p]) + g.lost[p]
        check(have == k, "D1: P%d has %d dice, not %d" % (p + 1, have, k), seed)
        if g.phase != "occupy":
            check(len(g.free[p]) == 2, "two free dice: %r" % (g.free,), seed)
    for i in range(g.scene.n):
        o, v = g.owner[i], g.value[i]
        check((o < 0 and v == 0) or (o in (0, 1) and 1 <= v <= 6), "hex %d" % i, seed)


def round_trip(g, seed):
    d = g.to_dict()
    d2 = json.loads(json.dumps(d))
    check(d2 == d, "state changed in JSON", seed)
    g2 = Diceland.from_dict(d2)
    check(g2.to_dict() == d, "from_dict(to_dict()) differs", seed)
    return g2


def encode(a):
    """Name, seat and three 6-bit slots for the arguments (unused slots 0)."""
    code = NAMES.index(a[0]) * 2 + a[1]
    args = list(a[2:]) + [0] * (5 - len(a))
    for x in args:
        code = code * 64 + x
    return code


def decode(code):
    args = []
    for _ in range(3):
        args.append(code % 64)
        code //= 64
    name = NAMES[code // 2]
    return tuple([name, code % 2] + args[::-1][: ARITY[name] - 2])


def options(i, rng):
    o = {"scene": SCENES[i % len(SCENES)]}
    if o["scene"] == "random":
        o["size"] = 8 + 2 * rng.below(15)
    for k in RULES:
        o[k] = rng.below(2) == 1
    return o


def play(i, steps):
    seed = 3000 + i
    rng = Rng(seed + 17)
    opts = options(i, rng)
    g = Diceland(opts, seed)
    acts = []
    while not g.is_over():
        check(len(acts) < MAX_STEPS, "no end after %d actions" % MAX_STEPS, seed)
        a = rng.choice(g.legal_actions(g.turn))
        g.apply(a)
        acts.append(encode(a))
        check_state(g, seed)
        if steps:
            g = round_trip(g, seed)
            gc.collect()  # as the device would before a save: the heap is small
    return g, opts, seed, acts


def check_game(g, opts, seed, acts):
    check(g.is_over() and len(g.winners()) == 1, "D9: winners %r" % (g.winners(),), seed)
    final = g.to_dict()
    round_trip(g, seed)
    h = Diceland(opts, seed)
    for a in acts:
        h.apply(decode(a))
    check(h.to_dict() == final, "replay from seed + actions differs", seed)


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 14
    step_games = int(argv[2]) if len(argv) > 2 else 7
    total = 0
    for i in range(games):
        g, opts, seed, acts = play(i, i < step_games)
        check_game(g, opts, seed, acts)
        total += len(acts)
        g = acts = None
        gc.collect()
    print("OK %d games (%d actions)" % (games, total))


main(sys.argv)
