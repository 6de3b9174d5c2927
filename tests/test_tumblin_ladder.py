"""Tumblin' Dice bot ladder (issue 18): hard above normal above easy over a small
fixed set of seeds, the hard bot's round-aware value (T5), and its tuned weights
pinned to the tuning record in docs/benchmarks.md (tools/tune_tumblin.py).
Win rates with intervals are benchmarks (tools/bench.py --tumblin), not tests."""

import re
from pathlib import Path

from test_tumblin_bots import views_of_game

from slampad.bots import tumblin as tbot
from slampad.bots.tumblin import TumblinBot, play_game
from slampad.games import tumblin_board as tb
from slampad.games.tumblin import Tumblin
from slampad.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def positions(seeds, players=2):
    """(seat, view) at every throw of seeded normal-bot games."""
    return [sv for seed in seeds for sv in views_of_game(seed, players)]


def worth(seat, view, power, aim, n=60):
    """The throw's one-ply worth to ``seat``: its own dice minus the other's after
    the throw (thrown die at the simulated face), over n fixed board seeds."""
    total = 0
    for k in range(n):
        board = [list(d) for d in view["board"]]
        tb.throw(board, seat, power, aim, Rng(90000 + k))
        for d in board:
            total += d[1] * d[2] if d[0] == seat else -d[1] * d[2]
    return total


def test_ladder_by_the_worth_of_each_levels_throws():
    """Hard's throws (execution noise included) are worth more than normal's, and
    normal's more than easy's, judged by one fixed set of simulated outcomes on the
    positions of two seeded games: swapping two levels fails it."""
    views = positions([31, 32])[::3]
    worths = {}
    for level in tbot.LEVELS:
        total = 0
        for i, (s, v) in enumerate(views):
            p, a = TumblinBot(s, level, i).choose(v)
            total += worth(s, v, p, a)
        worths[level] = total
    # measured: easy 4031, normal 6722, hard 7199 (sums of 60 outcomes x 22 throws)
    assert worths["hard"] > worths["normal"] > worths["easy"], worths


def test_ladder_by_points_over_fixed_games():
    """Seat-rotated games on fixed seeds: the stronger level scores more in total."""
    def margin(a, b, seeds):
        m = 0
        for seed in seeds:
            me = seed % 2
            g = play_game({}, (a, b) if me == 0 else (b, a), seed)
            m += g.totals[me] - g.totals[1 - me]
        return m

    assert margin("hard", "normal", range(40, 46)) > 0
    assert margin("normal", "easy", range(40, 46)) > 0


def test_hard_value_discounts_dice_the_other_side_can_still_bump():
    g = Tumblin({"board": "virtual", "players": 2}, 0)
    while g.phase == "roll_off":
        for s in range(2):
            if g.phase == "roll_off" and g.legal_actions(s):
                g.apply(("roll", s))
    first = g.order[0]
    v = g.view(first)  # round one, first throw: the other seat has 4 throws left
    hard, normal = TumblinBot(first, "hard"), TumblinBot(first, "normal")
    hard._prepare(v)
    normal._prepare(v)
    die = [first, 6, 3, 800, 0]
    assert normal.value([die]) == 2 * 18
    w = tbot.WEIGHTS[2]
    assert hard.value([die]) == 2 * 18 * (64 - 4 * w) // 64
    # the other seat's die: this seat has 3 throws left after this one
    other = [1 - first, 6, 3, 800, 0]
    assert hard.value([other]) == -(2 * 18 * (64 - 3 * w) // 64)


def test_hard_value_caps_the_margin_in_the_last_round_T5():
    g = Tumblin({"board": "virtual", "players": 2, "rounds": 1}, 0)
    while g.phase == "roll_off":
        for s in range(2):
            if g.phase == "roll_off" and g.legal_actions(s):
                g.apply(("roll", s))
    g.throws = 7  # the game's last throw
    s = g.turn()
    bot = TumblinBot(s, "hard")
    bot._prepare(g.view(s))
    cap = tbot.WEIGHTS[4]
    assert bot.value([[s, 6, 4, 890, 0]]) == cap  # a win is a win
    assert bot.value([[1 - s, 6, 4, 890, 0]]) == -cap
    assert bot.value([]) == 0  # a tie: overtime
    # the thrown die counts at its face there, not at 3.5
    thrown = [s, 1, 1, 400, 0]
    assert bot.value([[1 - s, 1, 2, 600, 0], thrown], thrown) == -min(cap, 2)


def tuning_record():
    """The WEIGHTS line of the tuning record in docs/benchmarks.md (Tumblin' Dice)."""
    text = (ROOT / "docs" / "benchmarks.md").read_text()
    sec = text[text.index("## Tumblin' Dice"):]
    m = re.search(r"^## ", sec[3:], re.M)
    sec = sec[:m.start() + 3] if m else sec
    found = re.findall(r"WEIGHTS = \(([0-9, ]+)\)", sec)
    assert len(found) == 1, found
    return tuple(int(x) for x in found[0].split(","))


def test_tuned_weights_match_the_tuning_record():
    """The shipped weights are the ones tools/tune_tumblin.py printed (docs record)."""
    assert tuning_record() == tbot.WEIGHTS
    assert len(tbot.WEIGHTS) == 6 and all(isinstance(w, int) for w in tbot.WEIGHTS)
