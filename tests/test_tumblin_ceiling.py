"""tools/benchmarks/tumblin_ceiling.py: the clairvoyant bot (issue 18's Tumblin' Dice notes)
takes the throw with the best real outcome, and looking ahead never moves the game's own Rng."""

import tumblin_ceiling as tc

from slampad.games.tumblin import Tumblin


def throwing_game(seed):
    g = Tumblin({"board": "virtual", "players": 2}, seed)
    while g.phase == "roll_off":
        for s in range(g.n()):
            if g.phase == "roll_off" and g.legal_actions(s):
                g.apply(("roll", s))
    return g


def test_the_clairvoyant_takes_the_best_real_outcome_and_leaves_the_rng_alone():
    for seed in range(3):
        g = throwing_game(seed)
        for _ in range(5):  # a few throws in, so there are dice to bump
            s = g.turn()
            bot = tc.clairvoyant(s, g, seed)
            view = g.view(s)
            state = g.rng.state
            throw = bot.choose(view)
            assert g.rng.state == state
            best = bot.outcome(view, throw)
            assert all(bot.outcome(view, c) <= best for c in tc.GRID)
            assert all(bot.outcome(view, c) <= best for c in bot.candidates(view))
            g.apply(("throw", s, throw[0], throw[1]))


def test_a_seeded_game_gives_the_same_result(capsys):
    assert [tc.play(i) for i in range(2)] == [tc.play(i) for i in range(2)]
    assert tc.main(["--games", "2"]) == 0
    assert "clairvoyant vs normal: won" in capsys.readouterr().out
