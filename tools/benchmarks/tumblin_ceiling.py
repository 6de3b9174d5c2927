#!/usr/bin/env python3
"""How much of Tumblin' Dice is luck: a clairvoyant bot against normal (issue 18).

    tools/benchmarks/tumblin_ceiling.py [--games 400] [--jobs 1] [--first-seed 0]

The clairvoyant is the hard bot with one cheat: it reads the game's own Rng, so it
knows where each throw would land and what face it would show, and it throws with no
execution noise. Among hard's candidates and a grid of powers and aims it takes the
throw whose real outcome hard's value likes best. No fair bot can do this (a bot sees
only ``view(seat)``, S2); the gap between it and the hard bot is the part of the game
that the landing's luck decides. Games are seeded 0..N-1, seats alternating, 2 players,
four rounds on the virtual board, as tools/benchmarks/play_quality.py plays hard against normal.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

from bench import play_all, seeded_games, wilson  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GRID = [(p, a) for p in range(40, 101, 5) for a in range(-90, 91, 15)]


def _lib():
    if os.path.join(ROOT, "lib") not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, "lib"))


def clairvoyant(seat, game, seed):
    """A hard bot whose choose() tries each throw on a copy of ``game``'s Rng."""
    _lib()
    from slampad.bots.tumblin import TumblinBot
    from slampad.games import tumblin_board as tb
    from slampad.rng import Rng

    class Clairvoyant(TumblinBot):
        def outcome(self, view, throw):
            """Hard's value of the board ``throw`` really leaves (its face as it lands)."""
            r = Rng(0)
            r.state = game.rng.state
            board = [list(d) for d in view["board"]]
            tb.throw(board, self.seat, throw[0], throw[1], r, view["options"]["minus_zone"])
            return self.value(board, None)

        def choose(self, view):
            self._prepare(view)
            best, top = None, None
            for c in sorted(set(self.candidates(view)) | set(GRID)):
                v = self.outcome(view, c)
                if top is None or v > top:
                    best, top = c, v
            return best

    return Clairvoyant(seat, "hard", seed)


def play(seed):
    """One game, the clairvoyant in seat seed % 2 against normal: True if it won alone."""
    _lib()
    from slampad.bots.tumblin import TumblinBot, play_out
    from slampad.games.tumblin import Tumblin

    me = seed % 2
    g = Tumblin({"board": "virtual", "players": 2}, seed)
    bots = [None, None]
    bots[me] = clairvoyant(me, g, seed)
    bots[1 - me] = TumblinBot(1 - me, "normal", seed)
    return play_out(g, bots).winners() == [me]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    a, seeds = seeded_games(ap, argv)
    won = sum(1 for r in play_all(play, seeds, a.jobs) if r)
    lo, hi = wilson(won, a.games)
    print("clairvoyant vs normal: won %d of %d, %.1f%% (95%% %.1f-%.1f%%)"
          % (won, a.games, 100.0 * won / a.games, 100 * lo, 100 * hi))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
