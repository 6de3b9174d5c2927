"""A seeded play-through of 2,400 Wildside games with invariant checks at every step.

Games mix 2, 3 and 4 seats, bot levels, clocks (1 ms ticks wrapping at 2**29 and
starting near the wrap, a 16-bit clock, 1 us ticks, a coarse resolution) and drivers:
bots (``play_round``) or random legal actions of every seat and the referee, with
human seats that must press ready (W12). After every action: W2 conservation, W9 cap,
a valid phase and the JSON round trip (check_invariants). After every game: it ended,
its winner holds the most dice (or won sudden death), and seed + actions replay it.
"""

import pytest
from wildside_helpers import WRAP, RandomDriver, all_options, bot_game, check_invariants, replay

from slampad.games.wildside import Wildside
from slampad.rng import Rng

CHUNKS = 24
PER_CHUNK = 100  # 2,400 games in all
LEVELS = ("easy", "normal", "hard")
VARIANTS = (
    (None, 0),
    (None, WRAP - 3000),
    ({"wrap": 1 << 16}, (1 << 16) - 3000),
    ({"tick_us": 1}, WRAP - 2500000),
    ({"resolution": 4}, 0),
)

TOTALS = {
    "games": 0, "steps": 0, "sudden": 0, "choose": 0, "bots": 0, "random": 0, "draws": 0,
}  # fmt: skip


def check_end(g, n):
    assert g.is_over()
    won = g.winners()
    assert 0 in g.dice  # W10: a game ends when a seat has no dice
    if max(g.dice) == 0:  # every last die lost at once: a draw (W10 gap)
        TOTALS["draws"] += 1
        assert won == list(range(n)) and not g.sudden
        return
    assert len(won) == 1 and 0 <= won[0] < n
    if g.sudden:
        assert won[0] in g.active
        top = max(g.dice)
        assert g.dice[won[0]] == top  # sudden death was among those tied for most
    else:
        assert g.dice[won[0]] > max(g.dice[s] for s in range(n) if s != won[0])


def play_bots(i, rng):
    n = 2 + i % 3
    levels = [rng.choice(LEVELS) for _ in range(n)]
    variant, t0 = VARIANTS[rng.below(len(VARIANTS))]
    seed = rng.below(1 << 30)
    seen = {"steps": 0, "choose": 0}

    def on_step(g, a, ev):
        check_invariants(g, n)
        seen["steps"] += 1
        seen["choose"] += g.phase == "choose"

    g, opts, acts = bot_game(n, seed, levels, variant, t0, on_step, max_rounds=3000)
    assert seen["steps"] == len(acts)
    return g, opts, seed, acts, seen


def play_random(i, rng):
    n = 2 + i % 3
    seed = rng.below(1 << 30)
    opts = all_options(n, rng.below(1 << n), rng)
    g = Wildside(opts, seed)
    clock = rng.choice((0, WRAP - 4000, (1 << 16) - 2000, rng.below(WRAP)))
    drv = RandomDriver(g, Rng(seed + 1), clock, rng.choice((200, 350, 600)), rng.below(1001))
    check_invariants(g, n)
    seen = {"steps": 0, "choose": 0}
    while not g.is_over():
        assert seen["steps"] < 20000, "game did not end"
        drv.step()
        check_invariants(g, n)
        seen["steps"] += 1
        seen["choose"] += g.phase == "choose"
    return g, opts, seed, drv.actions, seen


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_playthrough(chunk):
    rng = Rng(0xC0FFEE + chunk)
    for j in range(PER_CHUNK):
        i = chunk * PER_CHUNK + j
        bots = i % 4 != 3  # three games in four with bots, one with random actions
        g, opts, seed, acts, seen = (play_bots if bots else play_random)(i, rng)
        n = opts["players"]
        check_end(g, n)
        again = replay(opts, seed, acts)  # seed + action list replay exactly
        assert again.to_dict() == g.to_dict(), "game %d (seed %d) does not replay" % (i, seed)
        TOTALS["games"] += 1
        TOTALS["steps"] += seen["steps"]
        TOTALS["sudden"] += g.sudden
        TOTALS["choose"] += seen["choose"] > 0
        TOTALS["bots" if bots else "random"] += 1


def test_playthrough_covered_the_interesting_cases():
    # Runs after the chunks (file order): the mix did reach sudden death and choices.
    if TOTALS["games"] < CHUNKS * PER_CHUNK:
        pytest.skip("run together with the play-through chunks")
    assert TOTALS["bots"] >= 1500 and TOTALS["random"] >= 500
    assert TOTALS["sudden"] >= 50, TOTALS
    assert TOTALS["choose"] >= 50, TOTALS
    assert TOTALS["steps"] >= 50 * TOTALS["games"] // 2, TOTALS
