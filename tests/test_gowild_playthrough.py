"""A seeded play-through of 2,000 Go Wild! games with checks at every step.

Games have 2 to 6 seats. Most are played by random legal actions in four styles (uniform
over every valid set; a random kind of set first; mostly the largest set; mostly single
cards); some by the bots of lib/slampad/bots/gowild.py (``GoWildBot(seat, level,
seed).choose(view)``) at mixed levels, when that module is there. After every action: G1
conservation (18 of each colour in deck + hands + table + discard), G2 hands of at most 12,
scores that only grow, and the JSON round trip: the game goes on from the reloaded copy.
After every game: it ended with one winner at or past 20 (G6), and seed + actions replay it.

Time: ``GoWild.from_dict`` builds a throwaway game (a shuffle and a deal) before it
overwrites every field, and that is most of the cost of a round trip. So one game in 11
reloads with ``GoWild.from_dict`` itself at every step, and the others with the same
``gowild_state.load`` into a ``Shell`` whose constructor deals nothing: a field that load
failed to set would raise AttributeError there instead of keeping the throwaway game's
value, so the check is no weaker.
"""

import json

import pytest
from contract_helpers import roundtrip
from gowild_helpers import STYLES, check_invariants, per_colour, pick, replay

from slampad.games import gowild_state
from slampad.games.gowild import GoWild
from slampad.rng import Rng

try:
    from slampad.bots.gowild import GoWildBot
except ImportError:  # the bots are written alongside; without them, random play only
    GoWildBot = None

CHUNKS = 20
PER_CHUNK = 100  # 2,000 games in all
LEVELS = ("easy", "normal", "hard")
BOT_GAMES = (4, 8, 12, 16, 20)  # i % 100: seat counts 6, 5, 4, 3, 2
FULL = 5  # i % 11: games reloaded with GoWild.from_dict itself
TOTALS = {"games": 0, "steps": 0, "bots": 0, "random": 0, "reshuffles": 0, "no_winner": 0,
          "sat_out": 0, "full_reload": 0, "players": [0] * 7}


class Shell(GoWild):
    """A GoWild whose constructor sets only the options; gowild_state.load sets the rest."""

    def __init__(self, options=None, seed=0):
        self.options = options


def step_check(g, n, scores, full):
    """The per-step checks, then the game reloaded from JSON (which the play goes on with)."""
    d = g.to_dict()
    assert per_colour(d) == [18] * 6  # G1
    for h in d["hands"]:
        assert sum(h) <= 12  # G2
    for s in range(n):
        assert d["scores"][s] >= scores[s]  # scores only grow
    if full:
        return roundtrip(g)[1], d["scores"]  # the contract's round trip (contract_helpers)
    back = gowild_state.load(Shell, json.loads(json.dumps(d)))
    assert back.to_dict() == d
    return back, d["scores"]


def bot_levels(i, n, rng):
    # Hard bots are slow on CPython: one bot game in four has one hard seat.
    levels = [LEVELS[rng.below(2)] for _ in range(n)]
    if i % 4 == 0:
        levels[rng.below(n)] = "hard"
    return levels


def play_one(i, rng):
    n = 2 + i % 5
    seed = rng.below(1 << 30)
    opts = {"players": n}
    if rng.below(4) == 0:
        opts["first_lead"] = rng.below(n)  # G8
    # One game in 20 has bots (when they exist), 20 for each number of seats.
    use_bots = GoWildBot is not None and i % 100 in BOT_GAMES
    g = GoWild(opts, seed)
    if use_bots:
        levels = bot_levels(i // 100, n, rng)
        bots = [GoWildBot(s, levels[s], seed) for s in range(n)]
    style = STYLES[rng.below(len(STYLES))]
    mover = Rng(seed ^ 0xA5A5)
    scores = [0] * n
    acts = []
    seen = {"reshuffles": 0, "no_winner": 0, "sat_out": 0}
    full = i % 11 == FULL
    while not g.is_over():
        assert len(acts) < 3000, "game %d (seed %d) did not end" % (i, seed)
        if use_bots:
            s = g.turn
            a = bots[s].choose(g.view(s))
            assert a in g.legal_actions(s), "bot P%d chose an illegal %r" % (s + 1, a)
        else:
            a = pick(g, mover, style)
        on_table = len(g.plays)
        ev = g.apply(a)
        acts.append(a)
        for e in ev:
            if e[0] == "no_winner":
                seen["no_winner"] += 1
            elif e[0] == "reshuffle":
                seen["reshuffles"] += 1
        if len(ev) > 1 and on_table + 1 < n:  # a trick ended with someone sitting out (G3)
            seen["sat_out"] += 1
        g, scores = step_check(g, n, scores, full)
    assert type(g) is (GoWild if full else Shell)
    return g, opts, seed, acts, use_bots, seen


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_playthrough(chunk):
    rng = Rng(0x60A11D + chunk)
    for j in range(PER_CHUNK):
        i = chunk * PER_CHUNK + j
        g, opts, seed, acts, bots, seen = play_one(i, rng)
        n = opts["players"]
        check_invariants(g, n)
        won = g.winners()
        assert len(won) == 1 and g.scores[won[0]] >= 20  # G6
        assert sorted(g.scores)[-2] < 20  # the game ended the moment the first got there
        again = replay(opts, seed, acts)  # seed + action list replay exactly
        assert again.to_dict() == g.to_dict(), "game %d (seed %d) does not replay" % (i, seed)
        TOTALS["games"] += 1
        TOTALS["steps"] += len(acts)
        TOTALS["bots" if bots else "random"] += 1
        TOTALS["players"][n] += 1
        TOTALS["full_reload"] += i % 11 == FULL
        for k in seen:
            TOTALS[k] += seen[k] > 0


def test_playthrough_covered_the_interesting_cases():
    # Runs after the chunks (file order): the mix reached reshuffles, tricks nobody won,
    # and (with random play) rounds whose later tricks nobody could play.
    if TOTALS["games"] < CHUNKS * PER_CHUNK:
        pytest.skip("run together with the play-through chunks")
    print("\ngowild play-through:", TOTALS)
    assert TOTALS["players"][2:] == [400] * 5, TOTALS
    if GoWildBot is not None:
        assert TOTALS["bots"] == 100, TOTALS
    assert TOTALS["full_reload"] == 182, TOTALS
    assert TOTALS["reshuffles"] >= 1000, TOTALS
    assert TOTALS["no_winner"] >= 3, TOTALS
    assert TOTALS["sat_out"] >= 1, TOTALS  # rare in play; test_gowild_properties has more
    assert TOTALS["steps"] >= 60 * TOTALS["games"], TOTALS
