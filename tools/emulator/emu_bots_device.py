"""Bot decision timer run as code.py on the device (tools/emulator/emu_bots.py writes it there).

The host puts three lines before this text: GAME, LEVELS and LIMITS = (games, decisions).
For each level it plays seeded bot games, the timed level in seat ``seed % players``
against "normal" bots (the issue 18 matches), and prints one line per game:

    T <game> <level> <seed> <ms> <ms> ...

with each of that seat's ``choose()`` times in ms (``plan()`` + ``choose()`` for
Wildside), on supervisor.ticks_ms, view() excluded. Then ``END``. It runs on CPython and
MicroPython too (time.ticks_ms or perf_counter), for the tests.
"""

import gc

try:
    from supervisor import ticks_ms
except ImportError:
    import time

    if hasattr(time, "ticks_ms"):
        ticks_ms = time.ticks_ms
    else:

        def ticks_ms():
            return int(time.perf_counter() * 1000) & _MASK


_MASK = (1 << 29) - 1  # supervisor.ticks_ms wraps at 2**29
_HALF = 1 << 28


def _since(t0):
    return ((ticks_ms() - t0 + _HALF) & _MASK) - _HALF


class _Timed:
    """A bot whose choose() (and a Wildside bot's plan()) is timed into ``out``."""

    def __init__(self, bot, out):
        self.bot = bot
        self.seat = bot.seat
        self.out = out

    def plan(self, view):
        t0 = ticks_ms()
        d = self.bot.plan(view)
        self.out.append(_since(t0))
        return d

    def choose(self, view):
        t0 = ticks_ms()
        c = self.bot.choose(view)
        self.out.append(_since(t0))
        return c


def _play(g, bots):
    """Play ``g`` (its turn an attribute, an action what choose() returns) to its end."""
    while not g.is_over():
        s = g.turn
        g.apply(bots[s].choose(g.view(s)))


def gowild(level, seed, out):
    from slampad.bots.gowild import GoWildBot
    from slampad.games.gowild import GoWild

    me = seed % 4
    g = GoWild({"players": 4}, seed)
    bots = [GoWildBot(s, level if s == me else "normal", seed) for s in range(4)]
    bots[me] = _Timed(bots[me], out)
    _play(g, bots)


def tumblin(level, seed, out):
    from slampad.bots.tumblin import TumblinBot, play_out
    from slampad.games.tumblin import Tumblin

    me = seed % 2
    g = Tumblin({"board": "virtual", "players": 2}, seed)
    bots = [TumblinBot(s, level if s == me else "normal", seed) for s in range(2)]
    bots[me] = _Timed(bots[me], out)
    play_out(g, bots)


def diceland(level, seed, out):
    from slampad.bots.diceland import DicelandBot
    from slampad.games.diceland import Diceland

    me = seed % 2
    g = Diceland({"scene": "diceland"}, seed)
    bots = [DicelandBot(s, level if s == me else "normal", seed) for s in (0, 1)]
    bots[me] = _Timed(bots[me], out)
    _play(g, bots)


def wildside(level, seed, out):
    from slampad.bots.wildside import WildsideBot, play_round
    from slampad.games.wildside import Wildside
    from slampad.rng import Rng

    me = seed % 4
    g = Wildside({"players": 4, "bots": [0, 1, 2, 3]}, seed)
    bots = [WildsideBot(s, level if s == me else "normal", seed) for s in range(4)]
    bots[me] = _Timed(bots[me], out)
    mix = Rng(seed ^ 0x5A5A)
    t = 0
    while not g.is_over() and g.round < 5000:
        t = play_round(g, bots, t, mix)[2]


def main(game, levels, limits):
    play = {"gowild": gowild, "tumblin": tumblin, "diceland": diceland, "wildside": wildside}
    play = play[game]
    for level in levels:
        n = 0
        for seed in range(limits[0]):
            out = []
            gc.collect()
            play(level, seed, out)
            print("T %s %s %d %s" % (game, level, seed, " ".join(str(x) for x in out)))
            n += len(out)
            if n >= limits[1]:
                break
    print("END")


main(GAME, LEVELS, LIMITS)  # noqa: F821 (the host writes them above)
