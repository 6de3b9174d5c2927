#!/usr/bin/env python3
"""What knowing more of the hidden hands is worth to Go Wild!'s hard bot (issue 18).

    tools/benchmarks/gowild_ceiling.py --knows hands|leftover|leftover+plays
                            [--games 400] [--jobs 1] [--first-seed 0] [--tries 12]

The hard bot deals the cards it cannot see at random (bots/gowild.deal) and plays each
deal out. Here it is handed, as a cheat, part of what it cannot see, and deals only the
rest; everything else (the candidates, the deals' number, the play-outs) is the shipped
hard bot:

- hands: every opponent's whole hand (the ceiling of this search).
- leftover: the cards each opponent kept from the last round (the hand before the
  refill, still held); the refilled cards are dealt at random.
- leftover+plays: as leftover, and each deal is dealt again (up to --tries times) until
  the normal policy, holding the dealt hand plus the cards each opponent has played
  this round, would have made every play it made this round. That is at most what a
  fair bot could learn from the whole game's plays (it cannot know the leftover
  exactly), so its win rate bounds any such bot from above.

4-player games seeded N..N+games-1, the bot at seat seed % 4 against three normal bots,
as tools/benchmarks/bench.py --gowild plays hard against normal.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

from bench import play_all, seeded_games, wilson  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KNOWS = ("hands", "leftover", "leftover+plays")


def _lib():
    if os.path.join(ROOT, "lib") not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, "lib"))


def encode(play):
    """A play's six counts as bots/gowild_search's int (colour + 8 x cards + 256 x wilds)."""
    for c in range(5):
        if play[c]:
            return c + 8 * play[c] + 256 * play[5]
    return 5 + 256 * play[5]


class Table:
    """The game's hidden facts the informed bot is handed: each seat's hand before the
    last refill, and this round's plays with what the player saw when making them."""

    def __init__(self, game):
        n = game.n()
        self.game = game
        self.left = [[0] * 6 for _ in range(n)]
        self.plays = []  # (seat, code, sizes, wild one, trick, lead, best) this round
        self.round = game.round
        deal_hands = game._deal

        def _deal(first, ev):
            for x in range(n):
                self.left[x] = list(game.hands[x])
            return deal_hands(first, ev)

        game._deal = _deal  # this game object only: snapshot the hands before a refill

    def saw(self, view, action):
        """Record a play about to be applied (a new round forgets the last one's)."""
        from slampad.games import gowild_cards as gc

        self._this_round()
        wo = -1 if view["wild_one"] is None else view["wild_one"]
        best = 0
        for s, p in view["plays"]:
            size = gc.judge_set(p, s == wo)[0]
            if size > best:
                best = size
        self.plays.append(
            (action[1], encode(action[2]), list(view["hand_sizes"]), wo, view["trick"],
             view["lead"], best)
        )  # fmt: skip

    def _this_round(self):
        if self.game.round != self.round:
            self.round = self.game.round
            self.plays = []

    def fits(self, hands, n, x):
        """Would the normal policy, holding ``hands``' seat x plus what x has played this
        round, have made each of x's plays this round?"""
        from slampad.bots import gowild_search as gs

        self._this_round()
        mine = [p for p in self.plays if p[0] == x]
        h = list(hands[6 * x : 6 * x + 6])
        for p in mine:
            for c, k in enumerate(gs.decode(p[1])):
                h[c] += k
        H = [0] * (6 * n)
        for _, code, sizes, wo, trick, lead, best in mine:
            H[6 * x : 6 * x + 6] = h
            if gs.pick(H, x, n, sizes, wo, trick, lead, best) != code:
                return False
            for c, k in enumerate(gs.decode(code)):
                h[c] -= k
        return True


def informed(seat, table, knows, seed, dealer, tries=12):
    """The hard bot at ``seat``, its hidden cards partly dealt from ``table`` (see above),
    the rest by ``dealer`` (bots/gowild.deal)."""
    _lib()
    from slampad.bots import gowild as gb

    class Informed(gb.GoWildBot):
        fitted = dealt = 0  # leftover+plays: hands dealt, and those that fit their plays

        def deal(self, rng, pool, sizes, n, me, trick, wo, out, at):
            g = table.game
            known = [0] * (6 * n)
            rest = list(pool)
            short = list(sizes)
            for x in range(n):
                if x == me:
                    continue
                for c in range(6):
                    k = g.hands[x][c]
                    if knows != "hands" and table.left[x][c] < k:
                        k = table.left[x][c]
                    known[6 * x + c] = k
                    rest[c] -= k
                    short[x] -= k
            if knows == "leftover+plays":  # one seat at a time, each fitted to its plays
                for x in range(n):
                    if x == me or not short[x]:
                        continue
                    one = [0] * n
                    one[x] = short[x]
                    for _ in range(tries):
                        dealer(rng, rest, one, n, me, trick, wo, out, at)
                        hands = [out[at + i] + known[i] for i in range(6 * n)]
                        fit = table.fits(hands, n, x)
                        if fit:
                            break
                    self.fitted += fit
                    self.dealt += 1
                    for c in range(6):
                        known[6 * x + c] = hands[6 * x + c]
                        rest[c] -= out[at + 6 * x + c]
                    short[x] = 0
            dealer(rng, rest, short, n, me, trick, wo, out, at)
            for i in range(6 * n):
                out[at + i] += known[i]

    return Informed(seat, "hard", seed)


def play(job):
    """One game: the informed bot at seat seed % 4, three normal bots. Returns (won alone,
    hands dealt that fit their plays, hands dealt to fit)."""
    seed, knows, tries = job
    _lib()
    from slampad.bots import gowild as gb
    from slampad.games.gowild import GoWild

    me = seed % 4
    g = GoWild({"players": 4}, seed)
    table = Table(g)
    bots = [gb.GoWildBot(s, "normal", seed) for s in range(4)]
    dealer = gb.deal
    bots[me] = informed(me, table, knows, seed, dealer, tries)
    gb.deal = bots[me].deal  # hard's _search deals through the module (only hard deals)
    try:
        while not g.is_over():
            s = g.turn
            view = g.view(s)
            a = bots[s].choose(view)
            table.saw(view, a)
            g.apply(a)
    finally:
        gb.deal = dealer
    return g.winners() == [me], bots[me].fitted, bots[me].dealt


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--knows", choices=KNOWS, required=True, help="what the bot is handed")
    ap.add_argument("--tries", type=int, default=12, help="deals tried to fit (default 12)")
    a, seeds = seeded_games(ap, argv)
    if a.tries < 1:
        ap.error("--tries must be at least 1")
    jobs = [(s, a.knows, a.tries) for s in seeds]
    res = play_all(play, jobs, a.jobs)
    won = sum(1 for r in res if r[0])
    lo, hi = wilson(won, a.games)
    print("hard, knowing %s, vs 3 normal: won %d of %d, %.1f%% (95%% %.1f-%.1f%%)"
          % (a.knows, won, a.games, 100.0 * won / a.games, 100 * lo, 100 * hi))  # fmt: skip
    dealt = sum(r[2] for r in res)
    if dealt:
        fitted = sum(r[1] for r in res)
        print("hands dealt to fit their plays: %d, of which fit: %d (%.1f%%)"
              % (dealt, fitted, 100.0 * fitted / dealt))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
