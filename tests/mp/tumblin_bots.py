"""Seeded bot-only virtual Tumblin' Dice games with every bot level; runs on
MicroPython and CPython.

Usage: micropython -X heapsize=128K tests/mp/tumblin_bots.py [GAMES]

Game i (seed 700 + i) has 2 + i % 3 players (2..4; every fourth game is two teams of
two instead) whose levels cycle through easy, normal and hard, starting at level
i % 3; the scoring mode, the -1x zone and a target score vary with i. Every throw
comes from a bot, must be in range and accepted by the rules core, and a second bot
with the same seed must choose the same; the view is left as it was. After each
game: it is over, with a winner, and the totals are the sums of the round scores.
Prints ``OK <GAMES> games <DECISIONS> decisions digest <D>`` (D: a hash of every
throw and final total, the same on every VM); any failure raises (non-zero exit).
"""

import gc
import sys

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
# The rules core first, while the heap is empty (docs/hardware-interface.md), then the bots.
from slampad.games.tumblin import Tumblin  # noqa: E402, I001
from slampad.bots.tumblin import LEVELS, TumblinBot  # noqa: E402


def check(ok, what, seed):
    if not ok:
        raise AssertionError("seed %d: %s" % (seed, what))


def options(i):
    o = {"board": "virtual", "players": 2 + i % 3}
    if i % 4 == 3:
        o["players"] = 4
        o["teams"] = True
    if i % 5 == 1:
        o["mode"] = "add"
    elif i % 5 == 2:
        o["minus_zone"] = True
    if i % 6 == 4:
        o["target"] = 50
    return o


DIGEST = [0]


def mix(v):
    DIGEST[0] = (DIGEST[0] * 31 + v + 101) & 0xFFFFFFF


def play(i):
    seed = 700 + i
    o = options(i)
    n = o["players"]
    g = Tumblin(o, seed)
    bots = [TumblinBot(s, LEVELS[(i + s) % 3], seed) for s in range(n)]
    twins = [TumblinBot(s, LEVELS[(i + s) % 3], seed) for s in range(n)]
    moves = 0
    sums = [0] * n
    while not g.is_over():
        if g.phase == "roll_off":
            for s in range(n):
                if g.phase == "roll_off" and g.legal_actions(s):
                    g.apply(("roll", s))
            continue
        s = g.turn()
        v = g.view(s)
        board = [list(d) for d in v["board"]]
        p, a = bots[s].choose(v)
        check(twins[s].choose(v) == (p, a), "a twin bot chose differently", seed)
        check(v["board"] == board, "the bot changed the view", seed)
        check(0 <= p <= 100 and -100 <= a <= 100, "throw out of range", seed)
        r = g.round
        mix(p)
        mix(a)
        for e in g.apply(("throw", s, p, a)):
            if e[0] == "round_over":
                check(e[1] == r, "round number", seed)
                for k in range(n):
                    sums[k] += e[2][k]
        moves += 1
        check(moves < 2000, "game does not end", seed)
        gc.collect()
    check(len(g.winners()) >= 1, "no winner", seed)
    check(list(g.totals) == sums, "totals are not the sum of the round scores", seed)
    for t in g.totals:
        mix(t)
    return moves


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 6
    moves = 0
    for i in range(games):
        moves += play(i)
        gc.collect()
    print("OK %d games %d decisions digest %d" % (games, moves, DIGEST[0]))


main(sys.argv)
