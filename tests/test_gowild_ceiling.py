"""tools/benchmarks/gowild_ceiling.py: the informed hard bot (issue 18's Go Wild! notes) is handed
exactly what its mode says, fits deals to the plays truly, and leaves the bots module as
it found it."""

import gowild_ceiling as gwc

from slampad.bots import gowild as gb
from slampad.bots import gowild_search as gs
from slampad.games.gowild import GoWild
from slampad.rng import Rng


def played(seed, turns):
    """A 4-player normal game ``turns`` plays in, with its Table watching."""
    g = GoWild({"players": 4}, seed)
    table = gwc.Table(g)
    bots = [gb.GoWildBot(s, "normal", seed) for s in range(4)]
    for _ in range(turns):
        s = g.turn
        view = g.view(s)
        a = bots[s].choose(view)
        table.saw(view, a)
        g.apply(a)
    return g, table


def flat(g):
    return [k for h in g.hands for k in h]


def test_a_play_encodes_as_the_search_decodes_it():
    for play in ([0, 3, 0, 0, 0, 0], [2, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 4], [0, 0, 0, 0, 7, 3]):
        assert gs.decode(gwc.encode(play)) == play


def test_true_hands_always_fit_their_plays_and_random_ones_often_do_not():
    misfits = 0
    for seed in range(3):
        for turns in range(0, 60, 7):
            g, table = played(seed, turns)
            hands = flat(g)
            assert all(table.fits(hands, 4, x) for x in range(4))
            r = Rng(seed * 100 + turns)
            for x in range(4):
                if any(p[0] == x for p in table.plays):
                    fake = list(hands)
                    fake[6 * x : 6 * x + 6] = [0] * 6
                    for _ in range(sum(g.hands[x])):
                        fake[6 * x + r.below(6)] += 1
                    misfits += not table.fits(fake, 4, x)
    assert misfits > 5


def deal_for(g, table, knows, me, tries=12):
    view = g.view(me)
    pool = [18 - view["hand"][c] - view["discard"][c] for c in range(6)]
    for _, p in view["plays"]:
        for c in range(6):
            pool[c] -= p[c]
    bot = gwc.informed(me, table, knows, 0, gb.deal, tries)
    out = [0] * 24
    wo = -1 if view["wild_one"] is None else view["wild_one"]
    bot.deal(bot.rng, pool, view["hand_sizes"], 4, me, view["trick"], wo, out, 0)
    return out, bot


def test_each_mode_is_handed_what_it_says():
    for seed, turns in ((0, 20), (1, 33), (2, 47)):
        g, table = played(seed, turns)
        me = g.turn
        out, _ = deal_for(g, table, "hands", me)
        for x in range(4):
            want = [0] * 6 if x == me else g.hands[x]
            assert out[6 * x : 6 * x + 6] == want
        for knows in ("leftover", "leftover+plays"):
            out, bot = deal_for(g, table, knows, me)
            for x in range(4):
                if x == me:
                    continue
                hand = out[6 * x : 6 * x + 6]
                assert sum(hand) == sum(g.hands[x])
                assert all(hand[c] >= min(g.hands[x][c], table.left[x][c]) for c in range(6))
                if knows == "leftover+plays" and bot.fitted == bot.dealt:
                    assert table.fits(out, 4, x)


def test_a_seeded_game_gives_the_same_result_and_the_module_is_restored(capsys):
    dealer = gb.deal
    first = [gwc.play((i, "leftover+plays", 4)) for i in range(2)]
    assert [gwc.play((i, "leftover+plays", 4)) for i in range(2)] == first
    assert gb.deal is dealer
    assert gwc.main(["--knows", "leftover", "--games", "2"]) == 0
    assert "knowing leftover, vs 3 normal: won" in capsys.readouterr().out
