"""Seeded random Tumblin' Dice games with invariant checks; runs on MicroPython and CPython.

Usage: micropython -X heapsize=128K tests/mp/tumblin_games.py [GAMES] [STEP_GAMES]

- GAMES: how many games (default 24). Game i has seed 3000 + i; it plays option set
  i % len(OPTION_SETS), on the table board when i // len(OPTION_SETS) is even, else on
  the virtual board.
- STEP_GAMES: the first this many games on each board (option sets 0, 1, ...) are also
  saved to JSON and loaded again after every action, and play on from the loaded copy
  (default 2).

Moves are random legal actions from slampad.rng: table entries are random faces and
levels (one in five off the board) with now and then an undo (S3); virtual throws are
random power and aim. After every action: the phase is known, the thrower is next in
this round's order (T4), nobody has thrown more than four dice (T1), teammates never
throw back to back (T5), every die on the virtual board rests on a scoring level (T1)
and each seat's dice on the board + removed + not yet thrown make four; totals are the
sums of the announced round scores (T2). After every game: it is over with one winner
(or one team) on top, the state survives a JSON round trip, and seed + actions replay
it. Prints ``OK <GAMES> games``; any failure raises (non-zero exit).

Memory: a game's state is its action log, and loading a save (or an undo) replays the
whole log. The core keeps the log as one small int per action (no heap object each), so
the default collector (collect when an allocation fails) copes in a 128K heap; this entry
keeps its own record of actions as small ints, in chunks, for the same reason.
"""

import gc
import json
import sys

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
# Largest module first, while the heap is empty (docs/hardware-interface.md); it imports the board,
# score and save/load modules, so those are in before any game state exists.
from slampad.games.tumblin import Tumblin  # noqa: E402, I001
from slampad.games import tumblin_board as tb  # noqa: E402
from slampad.rng import Rng  # noqa: E402

OPTION_SETS = (
    {"players": 2},
    {"players": 3, "mode": "add"},
    {"players": 4, "teams": True},
    {"players": 4, "minus_zone": True},
    {"players": 2, "target": 40},
    {"players": 3, "rounds": 2},
)
MAX_STEPS = 2000
CHUNK = 16
OFF = (tb.PAD, 0, tb.OFF)


def check(ok, what, seed):
    if not ok:
        raise AssertionError("seed %d: %s" % (seed, what))


def pick(g, rng, table):
    if table and g.legal_actions(None) and rng.below(30) == 0:
        return ("undo",)
    if g.phase == "roll_off":
        seats = [s for s in range(g.n()) if g.legal_actions(s)]
        return ("roll", rng.choice(seats))
    s = g.turn()
    if g.phase == "throw":
        if table:
            return ("throw", s)
        return ("throw", s, rng.randint(0, 100), rng.randint(-100, 100))
    if rng.below(5) == 0:
        return ("die", s, None, None)
    return ("die", s, rng.randint(1, 6), rng.choice(g.levels()))


def encode(a):
    """An action as one small int (no heap block of its own on the VM)."""
    k = a[0]
    if k == "undo":
        return 4
    code = a[1]
    if k == "roll":
        return 8 * code
    if k == "throw" and len(a) == 2:
        return 1 + 8 * code
    if k == "throw":
        return 2 + 8 * (code + 8 * (a[2] + 128 * (a[3] + 100)))
    face = 0 if a[2] is None else a[2]
    level = 0 if a[3] is None else (5 if a[3] == -1 else a[3])
    return 3 + 8 * (code + 8 * (face + 8 * level))


def decode(code):
    k = code % 8
    code //= 8
    if k == 4:
        return ("undo",)
    if k == 0:
        return ("roll", code)
    if k == 1:
        return ("throw", code)
    seat = code % 8
    code //= 8
    if k == 2:
        return ("throw", seat, code % 128, code // 128 - 100)
    face = code % 8
    level = code // 8
    if level == 0:
        return ("die", seat, None, None)
    return ("die", seat, face, -1 if level == 5 else level)


class Tally:
    """Per round: dice knocked or thrown off; every round's scores."""

    def __init__(self, n):
        self.n = n
        self.removed = [0] * n
        self.sums = [0] * n

    def feed(self, ev, seed):
        for e in ev:
            k = e[0]
            if k == "round":
                self.removed = [0] * self.n
            elif k == "removed":
                self.removed[e[1]] += 1
            elif k == "bumped":
                self.removed[e[1]] += (e[3] in OFF) - (e[2] in OFF)
            elif k == "round_over":
                for s in range(self.n):
                    self.sums[s] += e[2][s]
                check(e[3] == self.sums, "T2: totals %r, rounds add to %r"
                      % (e[3], self.sums), seed)


def check_state(g, t, seed):
    ph = g.phase
    check(ph in ("roll_off", "throw", "enter", "over"), "phase %r" % ph, seed)
    o = g.options
    for s in range(g.n()):
        k = g.thrown(s)
        check(0 <= k <= 4, "T1: P%d threw %d dice" % (s + 1, k), seed)
    if ph == "throw":
        order = g.order
        check(g.turn() == order[g.throws % len(order)], "T4: turn", seed)
        if o["teams"]:
            for i in range(4):
                check(order[i] % 2 != order[(i + 1) % 4] % 2, "T5: teammates %r" % order,
                      seed)
        if o["board"] == "virtual":
            for s in order:
                on = 0
                for d in g.board:
                    if d[0] == s:
                        on += 1
                check(on + t.removed[s] + 4 - g.thrown(s) == 4,
                      "T1: P%d's dice not conserved" % (s + 1), seed)
    for d in g.board:
        lv = d[2]
        check(1 <= d[1] <= 6 and (1 <= lv <= 4 or (lv == -1 and o["minus_zone"])),
              "T1: die %r" % (d,), seed)
        check(tb.level_at(d[3], d[4], o["minus_zone"]) == lv, "die %r off its level" % (d,),
              seed)


def summary(g):
    """The save as JSON text, and what a reload or replay must give back."""
    return (json.dumps(g.to_dict()), g.phase, g.round, g.turn(), list(g.totals),
            g.winners(), g.rng.state, [list(d) for d in g.board])


def reload(text, seed):
    """A game loaded from JSON text (one copy of the log alive at a time, or so)."""
    gc.collect()
    d = json.loads(text)
    g = Tumblin.from_dict(d)
    d = None
    return g


def play(opts, seed, steps):
    g = Tumblin(opts, seed)
    rng = Rng(seed + 23)
    table = opts["board"] == "table"
    t = Tally(g.n())
    acts = [[]]  # in chunks: one long list would need a large contiguous block
    steps_done = 0
    while not g.is_over():
        check(steps_done < MAX_STEPS, "no end after %d actions" % MAX_STEPS, seed)
        a = pick(g, rng, table)
        ev = g.apply(a)
        if len(acts[-1]) == CHUNK:
            acts.append([])
        acts[-1].append(encode(a))
        check(decode(acts[-1][-1]) == a, "action code %r" % (a,), seed)
        steps_done += 1
        if a[0] == "undo":
            t.sums = list(g.totals)  # table mode: nothing removed to recount
        else:
            t.feed(ev, seed)
        check_state(g, t, seed)
        if steps:
            s = summary(g)
            g = None
            g = reload(s[0], seed)
            check(summary(g) == s, "reloaded game differs", seed)
        ev = None
    check_end(g, opts, seed)
    s = summary(g)
    return s, acts


def replay(opts, seed, chunks, decode):
    gc.collect()
    h = Tumblin(opts, seed)
    for chunk in chunks:
        for a in chunk:
            h.apply(decode(a) if decode else a)
    return h


def check_end(g, opts, seed):
    check(g.is_over(), "not over", seed)
    won = g.winners()
    tot = g.totals
    if opts.get("teams"):
        a, b = tot[0] + tot[2], tot[1] + tot[3]
        check(won == ([0, 2] if a > b else [1, 3]) and a != b, "T5: teams %r" % won, seed)
    else:
        best = max(tot)
        check(len(won) == 1 and tot[won[0]] == best and tot.count(best) == 1,
              "T5: winners %r of %r" % (won, tot), seed)


def check_game(s, opts, acts, seed):
    """The finished game (its summary ``s``) survives JSON and replays."""
    h = reload(s[0], seed)
    check(summary(h) == s, "from_dict(to_dict()) differs", seed)
    h = None
    gc.collect()
    h = replay(opts, seed, acts, decode)  # the actions as played, undos and all
    check(summary(h) == s, "replay of the actions differs", seed)
    h = None
    h = replay(opts, seed, [json.loads(s[0])["log"]], None)  # the save: seed + log
    check(summary(h) == s, "replay of the log differs", seed)


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 24
    step_games = int(argv[2]) if len(argv) > 2 else 2
    total = 0
    k = len(OPTION_SETS)
    for i in range(games):
        opts = dict(OPTION_SETS[i % k])
        opts["board"] = "table" if (i // k) % 2 == 0 else "virtual"
        seed = 3000 + i
        s, acts = play(opts, seed, i < 2 * k and i % k < step_games)
        check_game(s, opts, acts, seed)
        for chunk in acts:
            total += len(chunk)
        s = acts = None
        gc.collect()
    print("OK %d games (%d actions)" % (games, total))


main(sys.argv)
