"""current_player() and the legality gate on every game class; runs on MicroPython and
CPython (tests/test_game_contract.py compares the two outputs).

Usage: micropython -X heapsize=512K tests/mp/contract_games.py [STEPS]

Each game is played STEPS actions (default 80) at random from slampad.rng. At every step:
no seat but the current player lists an action the referee does not (none under REFEREE
and TERMINAL), and legal.ok, which asks only the current player, rules on every listed
action, a re-seated copy of it and a few made-up ones as the old every-seat check did.
Prints one line per game (its steps, current player and gate count), then ``OK contract``.
"""

import sys

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
from slampad.app import legal  # noqa: E402, I001
from slampad.games import ANY_SEAT, REFEREE, TERMINAL  # noqa: E402
from slampad.rng import Rng  # noqa: E402

JUNK = (("nope",), ("undo",), ("roll",), ("judge",), ("pass", 0), ("trick", 0, None))


def every_seat(g, a):
    """legal.ok before current_player(): the referee's list, then every seat's."""
    return legal._listed(a, g.legal_actions(None)) or legal.listed_by_a_seat(g, a)


def fill(g, a, r, t):
    if a[0] == "open":
        return ("open", t)
    if a[0] == "slam":
        return ("slam", a[1], t + r.below(3))
    if a[0] == "throw" and len(a) == 4:
        return ("throw", a[1], r.randint(0, 100), r.randint(-100, 100))
    return tuple(a)


def play(cls, opts, n, seed, steps):
    g = cls(opts, seed)
    r = Rng(seed + 1)
    t = 100
    gated = 0
    k = 0
    while k < steps and not g.is_over():
        cp = g.current_player()
        ref = g.legal_actions(None)
        ply = []
        for s in range(n):
            acts = g.legal_actions(s)
            if cp != ANY_SEAT and s != cp:
                for a in acts:
                    assert legal._listed(a, ref), (cp, s, a)
            ply += acts
        assert cp != REFEREE or ref
        listed = [fill(g, a, r, t) for a in ref + ply]
        tries = list(JUNK)
        for a in listed:
            assert legal.ok(g, a), a
            if len(a) > 1 and isinstance(a[1], int):
                tries.append((a[0], (a[1] + 1) % 6) + a[2:])
        for a in tries:
            assert legal.ok(g, a) == every_seat(g, a), a
            gated += 1
        pool = ref if ref and (not ply or r.below(3) == 0) else ply
        g.apply(fill(g, r.choice(pool), r, t))
        t += 1 + r.below(20)
        k += 1
    cp = g.current_player()
    assert (cp == TERMINAL) == g.is_over()
    print(cls.__name__, k, cp, gated)


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 80
    from slampad.games.wildside import Wildside

    play(Wildside, {"players": 3, "bots": [0, 2]}, 3, 11, steps)
    from slampad.games.gowild import GoWild

    play(GoWild, {"players": 4}, 4, 12, steps)
    from slampad.games.gowild_table import GoWildTable

    play(GoWildTable, {"players": 3, "target": 8}, 3, 13, steps)
    from slampad.games.tumblin import Tumblin

    play(Tumblin, {"players": 2, "board": "virtual"}, 2, 14, steps)
    play(Tumblin, {"players": 3}, 3, 15, steps)
    from slampad.games.diceland import Diceland

    play(Diceland, {}, 2, 16, steps)
    print("OK contract")


main()
