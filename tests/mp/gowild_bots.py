"""Seeded bot-only Go Wild! games with every bot level; runs on MicroPython and CPython.

Usage: micropython -X heapsize=128K tests/mp/gowild_bots.py [GAMES] [SAMPLES]

Game i (seed 500 + i) has 2 + i % 5 players (2..6) whose levels cycle through easy,
normal and hard, starting at level i % 3; hard bots deal SAMPLES times (default 2, to
keep the run short). Every action comes from a bot and must be accepted by the rules
core; after each game: the game is over with one winner at the target, the 108 cards
are all there, and the bots' saved states reload to bots that choose the same.
Prints ``OK <GAMES> games <DECISIONS> decisions``; any failure raises (non-zero exit).
"""

import gc
import sys

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
# The rules core first, while the heap is empty (docs/hardware-interface.md), then the bots.
from slampad.games.gowild import GoWild  # noqa: E402, I001
from slampad.bots.gowild import GoWildBot  # noqa: E402

LEVELS = ("easy", "normal", "hard")


def check(ok, what, seed):
    if not ok:
        raise AssertionError("seed %d: %s" % (seed, what))


def play(seed, players, first, samples):
    g = GoWild({"players": players}, seed)
    bots = [GoWildBot(s, LEVELS[(first + s) % 3], seed, samples) for s in range(players)]
    moves = 0
    while not g.is_over():
        s = g.turn
        v = g.view(s)
        if moves % 17 == 0:  # now and then: a reloaded bot chooses the same
            twin = GoWildBot.from_dict(bots[s].to_dict())
            a = bots[s].choose(v)
            check(twin.choose(v) == a, "reloaded bot chose differently", seed)
        else:
            a = bots[s].choose(v)
        g.apply(a)  # raises if the bot's play is not legal
        moves += 1
        check(moves < 5000, "game does not end", seed)
    won = g.winners()
    check(len(won) == 1 and g.scores[won[0]] >= g.options["target"], "winner", seed)
    cards = len(g.deck)
    for c in range(6):
        cards += g.discard[c]
        for h in g.hands:
            cards += h[c]
    check(cards == 108, "G1: %d cards" % cards, seed)
    return moves


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 6
    samples = int(argv[2]) if len(argv) > 2 else 2
    moves = 0
    for i in range(games):
        moves += play(500 + i, 2 + i % 5, i % 3, samples)
        gc.collect()
    print("OK %d games %d decisions" % (games, moves))


main(sys.argv)
