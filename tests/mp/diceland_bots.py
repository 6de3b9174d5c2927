"""Seeded bot-only Diceland games with every bot level; runs on MicroPython and CPython.

Usage: micropython -X heapsize=128K tests/mp/diceland_bots.py [GAMES]

Game i (seed 900 + i) plays on the scenes diceland (the 36-hex preset), valley, pocket,
highlands, duel, crossing, in turn; its rules (terrain, fatal attraction, grouping,
capital, fill-the-void) are drawn from slampad.rng; the seats' levels are PAIRS[i % 6]
(game 0: hard against hard on the 36-hex preset, so ``GAMES`` = 1 measures the heap
of the heaviest game). Every action comes from a bot and must be
accepted by the rules core; the bot must leave the game as it was (board, free dice,
phase, rng), and a second bot with the same seed must choose the same. Garbage is
collected before each decision, as the device app does between turns.
Prints ``OK <GAMES> games <DECISIONS> decisions digest <D>`` (D: a hash of every action
and winner, the same on every VM); any failure raises (non-zero exit).
"""

import gc
import sys

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
# The rules core first, while the heap is empty (docs/hardware-interface.md), then the bots.
from slampad.games.diceland import Diceland  # noqa: E402, I001
from slampad.bots.diceland import DicelandBot  # noqa: E402
from slampad.rng import Rng  # noqa: E402

SCENES = ("diceland", "valley", "pocket", "highlands", "duel", "crossing")
RULES = ("terrain", "fatal_attraction", "grouping", "capital", "fill_the_void")
PAIRS = (("hard", "hard"), ("easy", "normal"), ("normal", "hard"), ("hard", "easy"),
         ("normal", "normal"), ("hard", "normal"))
DIGEST = [0]


def check(ok, what, seed):
    if not ok:
        raise AssertionError("seed %d: %s" % (seed, what))


def mix(v):
    DIGEST[0] = (DIGEST[0] * 31 + v + 101) & 0xFFFFFFF


def options(i):
    rng = Rng(i + 5)
    o = {"scene": SCENES[i % len(SCENES)]}
    for k in RULES:
        o[k] = rng.below(2) == 1
    if i % len(SCENES) == 0:
        o["terrain"] = True  # the 36-hex preset with its full terrain mix at least once
    return o


def snapshot(g):
    return (list(g.owner), list(g.value), [list(g.free[0]), list(g.free[1])], g.phase,
            g.turn, g.rng.state, list(g.used), g.pending and list(g.pending))


def play(i):
    seed = 900 + i
    g = Diceland(options(i), seed)
    levels = PAIRS[i % len(PAIRS)]
    bots = [DicelandBot(s, levels[s], seed) for s in (0, 1)]
    twins = [DicelandBot(s, levels[s], seed) for s in (0, 1)]
    moves = 0
    while not g.is_over():
        gc.collect()
        s = g.turn
        before = snapshot(g)
        a = bots[s].choose(g.view(s))
        check(snapshot(g) == before, "the bot changed the game", seed)
        gc.collect()  # a second decision, as the next one in a game
        check(twins[s].choose(g.view(s)) == a, "a twin bot chose differently", seed)
        check(a[1] == s, "the action is for P%d, not P%d" % (a[1] + 1, s + 1), seed)
        g.apply(a)  # raises ValueError on an illegal action
        mix(sum(x for x in a[1:]) * 8 + len(a))
        moves += 1
        check(moves < 4000, "game does not end", seed)
    check(len(g.winners()) == 1, "D9: one winner", seed)
    mix(g.winners()[0])
    return moves


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 6
    moves = 0
    for i in range(games):
        moves += play(i)
        gc.collect()
    print("OK %d games %d decisions digest %d" % (games, moves, DIGEST[0]))


main(sys.argv)
