"""Time the rules cores alone: ``game.apply(action)`` calls per second.

Runs on MicroPython (timed with time.ticks_us / ticks_diff) and on CPython
(time.perf_counter_ns), so both VMs run the same code:

    micropython tools/benchmarks/mp_bench_rules.py GAME [GAMES]
    python tools/benchmarks/mp_bench_rules.py GAME [GAMES]

GAME is wildside, gowild, tumblin or diceland. GAMES (default 4) bot games with seeds
0..GAMES-1, every seat a "normal" bot (Wildside, Go Wild! and Tumblin' Dice: 4 players,
Tumblin' Dice on the virtual board; Diceland: 2 players on the 36-hex preset), are
played first and their actions recorded. Then each game is replayed from its seed
(a fresh game, the same options) and only the loop of ``apply()`` calls is timed: the
bots, ``view()`` and making the game are not. Every action a game applies counts: for
Wildside the referee's roll / open / judge / take as well as the slams and choices, for
Tumblin' Dice the roll-off rolls and the throws (each throw simulates the dice on the
board), for Go Wild! and Diceland every player action.
Prints one line: ``BENCH vm=... what=rules game=... games=... actions=... total_us=...
actions_per_s=... us_per_action=...``.
"""

import gc
import sys

from mp_timing import VM, now_us, since_us  # first: it puts lib/ on sys.path


def wildside(seed):
    from slampad.bots.wildside import play_game
    from slampad.games.wildside import Wildside

    game, acts = play_game(4, seed, ["normal"] * 4)
    return Wildside, dict(game.options), acts


def gowild(seed):
    from slampad.bots.gowild import play_game
    from slampad.games.gowild import GoWild

    game, acts = play_game(4, seed)
    return GoWild, {"players": 4}, acts


def tumblin(seed):
    from slampad.bots.tumblin import TumblinBot
    from slampad.games.tumblin import Tumblin

    opts = {"board": "virtual", "players": 4}
    g = Tumblin(opts, seed)
    bots = [TumblinBot(s, "normal", seed) for s in range(4)]
    acts = []
    while not g.is_over():
        if g.phase == "roll_off":
            for s in range(4):
                if g.phase == "roll_off" and g.legal_actions(s):
                    a = ("roll", s)
                    g.apply(a)
                    acts.append(a)
            continue
        s = g.turn()
        p, aim = bots[s].choose(g.view(s))
        a = ("throw", s, p, aim)
        g.apply(a)
        acts.append(a)
    return Tumblin, opts, acts


def diceland(seed):
    from slampad.bots.diceland import DicelandBot
    from slampad.games.diceland import Diceland

    opts = {"scene": "diceland"}
    g = Diceland(opts, seed)
    bots = [DicelandBot(s, "normal", seed) for s in (0, 1)]
    acts = []
    while not g.is_over():
        a = bots[g.turn].choose(g.view(g.turn))
        g.apply(a)
        acts.append(a)
    return Diceland, opts, acts


GAMES = {"wildside": wildside, "gowild": gowild, "tumblin": tumblin, "diceland": diceland}


def replay(cls, opts, seed, acts):
    """Microseconds spent in apply() replaying ``acts`` on a fresh game."""
    g = cls(dict(opts), seed)
    gc.collect()
    t0 = now_us()
    for a in acts:
        g.apply(a)
    dt = since_us(t0)
    if not g.is_over():
        raise AssertionError("seed %d: the replay did not end the game" % seed)
    return dt


def main(argv):
    name = argv[1] if len(argv) > 1 else "wildside"
    games = int(argv[2]) if len(argv) > 2 else 4
    if name not in GAMES:
        raise ValueError("GAME must be one of %s" % ", ".join(sorted(GAMES)))
    actions = 0
    total = 0
    for seed in range(games):
        cls, opts, acts = GAMES[name](seed)
        gc.collect()
        total += replay(cls, opts, seed, acts)
        actions += len(acts)
        acts = None
        gc.collect()
    print(
        "BENCH vm=%s what=rules game=%s games=%d actions=%d total_us=%.0f actions_per_s=%.0f"
        " us_per_action=%.2f"
        % (VM, name, games, actions, total, actions * 1e6 / total, total / actions)
    )


main(sys.argv)
