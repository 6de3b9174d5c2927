"""Seeded bot-only Wildside games with invariant checks; runs on MicroPython and CPython.

Usage: micropython -X heapsize=128K tests/mp/wildside_games.py [GAMES] [PLAYERS] [STEP_GAMES]

- GAMES: how many games (default 12). Game i has seed 1000 + i.
- PLAYERS: comma-separated seat counts, cycled over the games (default 2,3,4).
- STEP_GAMES: the first this many games are also checked after every action, with a JSON
  save and load between actions (default 3, one per seat count).

After every game: dice conserved, at most 5 dice rolled per seat, the state survives a JSON
round trip, seed + actions replay to the same state, the game is over with one winner who
holds the most dice. Prints ``OK <GAMES> games``; any failure raises (non-zero exit).
"""

import gc
import json
import sys

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
# Largest module first, while the heap is empty (docs/hardware-interface.md), and the
# save/load module now rather than lazily at the first to_dict(), when the heap is
# already fragmented.
from slampad.games.wildside import Wildside  # noqa: E402, I001
import slampad.games.wildside_state  # noqa: E402, F401
from slampad.bots.wildside import play_game  # noqa: E402

LEVELS = ("easy", "normal", "hard")
# (options, t0): default clock; a 16-bit clock that wraps every few rounds; a 1 us clock
# that starts just before the 2**29 wrap.
VARIANTS = (
    (None, 0),
    ({"wrap": 1 << 16}, (1 << 16) - 3000),
    ({"tick_us": 1}, (1 << 29) - 2500000),
)


def check(ok, what, seed):
    if not ok:
        raise AssertionError("seed %d: %s" % (seed, what))


def check_state(g, seed):
    n = len(g.dice)
    check(
        sum(g.dice) + g.pool == 3 * n, "dice not conserved: %r + pool %d" % (g.dice, g.pool), seed
    )
    for s in range(n):
        check(len(g.rolled[s]) <= 5, "seat %d rolled %d dice" % (s, len(g.rolled[s])), seed)
        check(g.dice[s] >= 0, "seat %d has %d dice" % (s, g.dice[s]), seed)


def round_trip(g, seed):
    d = g.to_dict()
    d2 = json.loads(json.dumps(d))
    check(d2 == d, "state changed in JSON", seed)
    g2 = Wildside.from_dict(d2)
    check(g2.to_dict() == d, "from_dict(to_dict()) differs", seed)
    return g2


def check_game(game, acts, seed, steps):
    check_state(game, seed)
    check(game.is_over(), "not over after %d rounds" % game.round, seed)
    won = game.winners()
    check(len(won) == 1, "winners %r" % (won,), seed)
    check(game.dice[won[0]] == max(game.dice), "W10: winner lacks the most dice", seed)
    final = game.to_dict()
    round_trip(game, seed)
    opts = dict(game.options)
    g = Wildside(opts, seed)
    for a in acts:
        g.apply(a)
    check(g.to_dict() == final, "replay from seed + actions differs", seed)
    if steps:
        g = Wildside(opts, seed)
        check_state(g, seed)
        for i in range(len(acts)):
            g = round_trip(g, seed)
            g.apply(acts[i])
            check_state(g, seed)
        check(g.to_dict() == final, "step replay with saves differs", seed)


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 12
    players = [int(p) for p in argv[2].split(",")] if len(argv) > 2 else [2, 3, 4]
    step_games = int(argv[3]) if len(argv) > 3 else 3
    rounds = 0
    for i in range(games):
        n = players[i % len(players)]
        seed = 1000 + i
        opts, t0 = VARIANTS[(i // len(players)) % len(VARIANTS)]
        levels = [LEVELS[(i + s) % 3] for s in range(n)]
        game, acts = play_game(n, seed, levels, t0=t0, options=opts)
        check_game(game, acts, seed, i < step_games)
        rounds += game.round
        game = acts = None
        gc.collect()
    print("OK %d games (%d rounds)" % (games, rounds))


main(sys.argv)
