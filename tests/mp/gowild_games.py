"""Seeded random Go Wild! games with invariant checks; runs on MicroPython and CPython.

Usage: micropython -X heapsize=128K tests/mp/gowild_games.py [GAMES] [PLAYERS] [STEP_GAMES]

- GAMES: how many games (default 10). Game i has seed 2000 + i.
- PLAYERS: comma-separated seat counts, cycled over the games (default 2,3,4,5,6).
- STEP_GAMES: the first this many games are also saved to JSON and loaded again after every
  action, and play on from the loaded copy (default 5, one per seat count).

Moves are random legal actions from slampad.rng (uniform over the valid sets, or the largest
set most of the time, alternately). After every action: 18 cards of each colour in deck +
hands + table + discard (G1), hands of at most 12 (G2), scores that only grow, by the
trick's 1, 2 or 3 points and only the winner's (G6). After every game: it is over with one
winner at or past 20, the state survives a JSON round trip, and seed + actions replay it.
Actions are kept as one small int each (seat and six counts in base 13): a list of tuples
would take about 180 bytes an action on the VM, 40 KB for a long six-player game.
Prints ``OK <GAMES> games``; any failure raises (non-zero exit).
"""

import gc
import json
import sys

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
# Largest module first, while the heap is empty (docs/hardware-interface.md); it imports
# the card and save/load modules, so those are in before any game state exists.
from slampad.games.gowild import GoWild  # noqa: E402, I001
from slampad.games import gowild_cards as cards  # noqa: E402
from slampad.rng import Rng  # noqa: E402

MAX_STEPS = 3000


def check(ok, what, seed):
    if not ok:
        raise AssertionError("seed %d: %s" % (seed, what))


def check_state(g, seed, scores):
    per = list(g.discard)
    for c in g.deck:
        per[c] += 1
    for h in g.hands:
        cards.add(per, h)
        check(cards.total(h) <= 12, "G2: a hand of %d" % cards.total(h), seed)
    for _, p in g.plays:
        cards.add(per, p)
    check(per == [18] * 6, "G1: cards not conserved: %r" % (per,), seed)
    gained = [g.scores[s] - scores[s] for s in range(len(scores))]
    won = [x for x in gained if x]
    check(min(gained) >= 0 and len(won) <= 1, "scores %r -> %r" % (scores, g.scores), seed)
    return won


def round_trip(g, seed):
    d = g.to_dict()
    d2 = json.loads(json.dumps(d))
    check(d2 == d, "state changed in JSON", seed)
    g2 = GoWild.from_dict(d2)
    check(g2.to_dict() == d, "from_dict(to_dict()) differs", seed)
    return g2


def encode(a):
    code = a[1]
    for k in a[2]:
        code = code * 13 + k
    return code


def decode(code):
    p = [0] * 6
    for c in range(5, -1, -1):
        p[c] = code % 13
        code //= 13
    return ("play", code, p)


def choose(g, rng, greedy):
    acts = g.legal_actions(g.turn)
    if greedy and rng.below(4):
        best = []
        top = -1
        for a in acts:
            k = cards.judge_set(a[2], a[1] == g.wild_one)[0]
            if k > top:
                best, top = [a], k
            elif k == top:
                best.append(a)
        acts = best
    return rng.choice(acts)


def play(n, seed, greedy, steps):
    opts = {"players": n}
    g = GoWild(opts, seed)
    rng = Rng(seed + 17)
    acts = []
    scores = [0] * n
    while not g.is_over():
        check(len(acts) < MAX_STEPS, "no end after %d actions" % MAX_STEPS, seed)
        trick = g.trick
        a = choose(g, rng, greedy)
        g.apply(a)
        acts.append(encode(a))
        check(decode(acts[-1]) == a, "action code %r" % (a,), seed)
        won = check_state(g, seed, scores)
        check(not won or won[0] == trick, "G6: %r points for trick %d" % (won, trick), seed)
        scores = list(g.scores)
        if steps:
            g = round_trip(g, seed)
    return g, opts, acts


def check_game(g, opts, acts, seed):
    check(g.is_over(), "not over", seed)
    won = g.winners()
    check(len(won) == 1 and g.scores[won[0]] >= 20, "G6: winners %r" % (won,), seed)
    final = g.to_dict()
    round_trip(g, seed)
    h = GoWild(opts, seed)
    for a in acts:
        h.apply(decode(a))
    check(h.to_dict() == final, "replay from seed + actions differs", seed)


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 10
    players = [int(p) for p in argv[2].split(",")] if len(argv) > 2 else [2, 3, 4, 5, 6]
    step_games = int(argv[3]) if len(argv) > 3 else 5
    total = 0
    for i in range(games):
        n = players[i % len(players)]
        seed = 2000 + i
        g, opts, acts = play(n, seed, (i // len(players)) % 2 == 1, i < step_games)
        check_game(g, opts, acts, seed)
        total += len(acts)
        g = acts = None
        gc.collect()
    print("OK %d games (%d actions)" % (games, total))


main(sys.argv)
