"""Go Wild! bots (G9, S2): always a legal play, only the view is read, deterministic,
sensible in crafted positions, a fixed work budget, stronger levels win more, and the
same games on the MicroPython VM in a 128K heap."""

import json
import os
from math import comb

import mpvm
import pytest
from gowild_helpers import PUBLIC, Spy
from hypothesis import given, settings
from hypothesis import strategies as st
from safety_net import SAFETY_NET_S

from slampad.bots import gowild as bots
from slampad.bots import gowild_search as gs
from slampad.bots.gowild import LEVELS, GoWildBot, play_game
from slampad.games import gowild_cards as gc
from slampad.games.gowild import GoWild
from slampad.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MP_ENTRY = os.path.join("tests", "mp", "gowild_bots.py")


def cards(text):
    """'3G 2W' -> six counts."""
    c = gc.empty()
    for part in text.split():
        c[gc.GLYPHS.index(part[-1])] += int(part[:-1])
    return c


def position(hands, wo=None, trick=1, lead=0, plays=(), scores=None, discard="", seed=0):
    """A checked game state: these hands and plays; the other cards in the deck."""
    n = len(hands)
    g = GoWild({"players": n}, seed)
    g.hands = [cards(h) for h in hands]
    g.plays = [[s, cards(p)] for s, p in plays]
    g.discard = cards(discard)
    g.wild_one, g.trick, g.lead = wo, trick, lead
    g.scores = list(scores or [0] * n)
    left = [gc.PER_COLOUR] * 6
    for h in g.hands + [p for _, p in g.plays] + [g.discard]:
        gc.add(left, h, -1)
    g.deck = [c for c in range(6) for _ in range(left[c])]
    Rng(seed).shuffle(g.deck)
    g.turn = g._next_player()
    return GoWild.from_dict(g.to_dict())


def advance(g, steps, seed):
    """Play ``steps`` random legal moves (fewer if the game ends)."""
    r = Rng(seed)
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(r.choice(g.legal_actions(g.turn)))
    return g


def random_position(seed, players, steps):
    return advance(GoWild({"players": players}, seed), steps, seed + 1)


def choose(level, g, seed=1, samples=None):
    return GoWildBot(g.turn, level, seed, samples).choose(g.view(g.turn))


def size_of(play, g):
    return gc.judge_set(play, g.turn == g.wild_one)[0]


# -- always legal ---------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_choice_is_legal_over_many_positions(level):
    for i in range(150):
        g = random_position(i, 2 + i % 5, (i * 7) % 60)
        if g.is_over():
            continue
        a = choose(level, g, i, 2 if level == "hard" else None)
        assert a in g.legal_actions(g.turn), (i, a)
        g.apply(a)  # and the core accepts it


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 6),
    steps=st.integers(0, 90),
    level=st.sampled_from(LEVELS),
)
def test_choice_is_legal_property(seed, players, steps, level):
    g = random_position(seed, players, steps)
    if not g.is_over():
        g.apply(choose(level, g, seed, 2))


def test_whole_games_every_level_and_size():
    for seed in range(12):
        n = 2 + seed % 5
        levels = [LEVELS[(seed + s) % 3] for s in range(n)]
        g, acts = play_game(n, seed, levels, samples=2)
        assert g.is_over() and g.scores[g.winners()[0]] >= 20
        replay = GoWild({"players": n}, seed)
        for a in acts:
            replay.apply(a)
        assert replay.to_dict() == g.to_dict()


def test_wild_one_holding_only_wilds_sloughs():
    # G3: the Wild One with nothing but wilds may (must) slough them.
    g = position(["3R", "4W", "2B"], wo=1, trick=2, lead=0, plays=[(0, "3R")])
    for level in LEVELS:
        play = choose(level, g)[2]
        assert play[gc.WILD] == gc.total(play) > 0, level


# -- only the view -----------------------------------------------------------------------




def reshuffle_hidden(g, seed):
    """The same game from g.turn's seat: other hands and the deck dealt anew (same sizes)."""
    d = g.to_dict()
    me = g.turn
    hidden = list(d["deck"])
    for s, h in enumerate(d["hands"]):
        if s != me:
            for c in range(6):
                hidden += [c] * h[c]
    Rng(seed).shuffle(hidden)
    for s, h in enumerate(d["hands"]):
        if s != me:
            k = gc.total(h)
            d["hands"][s] = gc.empty()
            for c in hidden[:k]:
                d["hands"][s][c] += 1
            hidden = hidden[k:]
    d["deck"] = hidden
    return GoWild.from_dict(d)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_read_only_the_view(level):
    differed = 0
    for i in range(40):
        g = random_position(100 + i, 2 + i % 5, (i * 5) % 40)
        if g.is_over():
            continue
        g2 = reshuffle_hidden(g, i)
        differed += g2.hands != g.hands
        v = g.view(g.turn)
        assert g2.view(g.turn) == v
        spy = Spy(json.loads(json.dumps(v)))
        a = GoWildBot(g.turn, level, i, 3).choose(spy)
        assert spy.read <= PUBLIC
        assert spy == json.loads(json.dumps(v)), "the bot changed the view"
        assert GoWildBot(g.turn, level, i, 3).choose(g2.view(g.turn)) == a
    assert differed > 20


def test_bot_sources_touch_no_game_state():
    for name in ("gowild.py", "gowild_search.py"):
        with open(os.path.join(ROOT, "lib", "slampad", "bots", name)) as f:
            src = f.read()
        for banned in (".hands", ".deck", "import time", "ticks", "monotonic"):
            assert banned not in src, (name, banned)


# -- determinism and saving --------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_view_same_choice(level):
    for i in range(20):
        g = random_position(300 + i, 4, i * 3)
        v = g.view(g.turn)
        assert choose(level, g, 7) == choose(level, g, 7)
        assert GoWildBot(g.turn, level, 7).choose(v) == GoWildBot(g.turn, level, 7).choose(v)


@pytest.mark.parametrize("level", LEVELS)
def test_to_dict_from_dict_round_trip(level):
    g = GoWild({"players": 4}, 5)
    b = {s: GoWildBot(s, level, 9, 3) for s in range(4)}
    for step in range(60):
        s = g.turn
        v = g.view(s)
        d = json.loads(json.dumps(b[s].to_dict()))
        twin = GoWildBot.from_dict(d)
        assert twin.to_dict() == b[s].to_dict()
        a = b[s].choose(v)
        assert twin.choose(v) == a, step
        assert twin.to_dict() == b[s].to_dict()
        g.apply(a)


def test_options_are_checked():
    with pytest.raises(ValueError, match="level"):
        GoWildBot(0, "expert")
    for bad in (0, 65, "4", True, 2.0):
        with pytest.raises(ValueError, match="samples"):
            GoWildBot(0, "hard", 0, bad)


def test_seeds_change_easy_choices():
    g = random_position(1, 4, 0)
    picks = {tuple(choose("easy", g, seed)[2]) for seed in range(30)}
    assert len(picks) > 5


# -- sensible play in crafted positions ---------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_wild_one_mixes_wilds_to_win_the_three_point_trick(level):
    # G3, G6: last to play in trick 3; only 3 green + 3 wilds beats the 5 reds.
    g = position(
        ["2R", "2B", "1Y", "3G 3W"], wo=3, trick=3, lead=0, plays=[(0, "5R"), (1, "2B"), (2, "1Y")]
    )
    assert choose(level, g)[2] == cards("3G 3W")
    # Not last: the sets behind are too small to matter; a mixed set that beats 4R.
    g = position(["4R 3Y", "4G 4W 1B", "3Y", "3O"], wo=1, trick=3, lead=0, plays=[(0, "4R")])
    play = choose(level, g)[2]
    assert size_of(play, g) > 4 and 0 < play[gc.WILD] < gc.total(play)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_not_the_wild_one_sloughs_wilds_when_it_cannot_win(level):
    g = position(
        ["6R 2Y", "2B 1G 3W 2Y", "5Y 3O", "4O 2G"], wo=3, trick=2, lead=0, plays=[(0, "6R")]
    )
    play = choose(level, g)[2]
    assert play[gc.WILD] == gc.total(play) > 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_big_set_wasted_on_a_trick_already_lost(level):
    g = position(["7R 2Y", "6B 2G 1Y", "5Y 3O", "4O 2G"], wo=3, trick=2, lead=0, plays=[(0, "7R")])
    assert gc.total(choose(level, g)[2]) <= 2


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_last_player_wins_trick_three_cheaply(level):
    g = position(
        ["2R", "2B", "1Y", "5B 4G"], wo=0, trick=3, lead=0, plays=[(0, "3R"), (1, "2B"), (2, "1Y")]
    )
    assert choose(level, g)[2] == cards("4G")  # wins, and keeps the five blues


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_big_set_saved_for_the_three_point_trick(level):
    g = position(["6R 2Y 2B 2G", "10Y", "10O", "10G"], wo=3, trick=2, lead=0)
    assert choose(level, g)[2][0] < 6


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_goes_for_the_first_trick_when_wilds_make_the_wild_one_seat_worth_it(level):
    # G5: five wilds are worth a lot to the Wild One, nothing to anyone else.
    g = position(["3Y 9O", "4R 2B 1G 5W", "12B", "12G"], trick=1, lead=0, plays=[(0, "3Y")])
    assert size_of(choose(level, g)[2], g) > 3
    # The same hand without the wilds keeps its reds for later.
    g = position(["3Y 9O", "6R 2B 2G 1Y 1O", "12B", "12G"], trick=1, lead=0, plays=[(0, "3Y")])
    assert size_of(choose("normal", g)[2], g) <= 3


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_takes_the_last_trick_from_a_player_about_to_win(level):
    # G6: seat 0 needs 3 points; seat 1 stops it by winning trick 3.
    g = position(
        ["5R", "6B 1W", "1G", "1O"], wo=2, trick=3, lead=0, plays=[(0, "5R")], scores=[17, 10, 0, 0]
    )
    assert choose(level, g)[2] == cards("6B")


# -- the search budget (S2) -----------------------------------------------------------------


def test_hard_budget_is_a_count_of_playouts():
    g = random_position(42, 4, 0)  # trick 1, a whole round to play
    v = g.view(g.turn)
    for samples in (1, 4, 9):
        b = GoWildBot(g.turn, "hard", 3, samples)
        b.choose(v)
        deals = b.deals(v["hand_sizes"], g.turn, v["trick"], v["lead"])
        assert deals == samples  # a whole round left: exactly ``samples`` deals
        assert b.playouts == samples * bots.BREADTH
    assert GoWildBot(0, "hard").samples == bots.SAMPLES


def test_hard_budget_grows_as_playouts_shorten_but_is_capped():
    b = GoWildBot(1, "hard", 0, 5)
    full = b.deals([12, 12, 12, 12], 1, 1, 0)
    later = b.deals([9, 12, 12, 12], 1, 2, 0)
    last = b.deals([3, 12, 5, 5], 1, 3, 0)
    assert full == 5 <= later <= last == 15


def test_hard_work_does_not_depend_on_the_clock(monkeypatch):
    import time

    g = random_position(8, 4, 5)
    v = g.view(g.turn)
    a = GoWildBot(g.turn, "hard", 1)
    before = a.choose(v)

    def boom(*_):
        raise AssertionError("the bot read the clock")

    for name in ("time", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns"):
        monkeypatch.setattr(time, name, boom)
    b = GoWildBot(g.turn, "hard", 1)
    assert b.choose(v) == before
    assert b.playouts == a.playouts > 0


def test_normal_and_easy_do_no_search():
    g = random_position(3, 4, 10)
    for level in ("easy", "normal"):
        b = GoWildBot(g.turn, level, 0)
        b.choose(g.view(g.turn))
        assert b.playouts == 0


# -- strength ---------------------------------------------------------------------------


def wins(level, others, games, seed0=0, samples=None):
    """Games won by one ``level`` bot against three ``others``, its seat rotating."""
    won = 0
    for i in range(games):
        seat = i % 4
        levels = [others] * 4
        levels[seat] = level
        g, _ = play_game(4, seed0 + i, levels, samples)
        won += g.winners() == [seat]
    return won


def test_normal_beats_easy():
    assert wins("normal", "easy", 40) > 30  # a peer would win about 10


def test_hard_is_not_weaker_than_normal():
    # A smoke test with a small budget (the benchmark measures it properly): a peer
    # would win about 15 of 60.
    assert wins("hard", "normal", 60, 1000, samples=3) >= 12


# -- the odds table -----------------------------------------------------------------------


def _max_set_odds(wild_one):
    """Per cent chance that h random cards hold a set of >= s, h = 1..12, s = 1..9."""
    out = []
    for h in range(1, 13):
        row = [0.0] * 10
        for a in range(h + 1):
            for b in range(h + 1 - a):
                for c in range(h + 1 - a - b):
                    for d in range(h + 1 - a - b - c):
                        for e in range(h + 1 - a - b - c - d):
                            w = h - a - b - c - d - e
                            p = 1
                            for x in (a, b, c, d, e, w):
                                p *= comb(18, x)
                            m = 0
                            for x in (a, b, c, d, e):
                                m = max(m, x + (min(x, w) if wild_one else 0))
                            for s in range(1, min(m, 9) + 1):
                                row[s] += p
        out += [round(100 * row[s] / comb(108, h)) for s in range(1, 10)]
    return out


def test_odds_table_is_exact():
    assert list(gs._Q) == _max_set_odds(False) + _max_set_odds(True)


# -- the MicroPython VM -----------------------------------------------------------------------


def test_bot_games_on_micropython_with_capped_heap():
    mpvm.find_micropython()  # raises (fails the test) when the VM is missing
    ok, out = mpvm.run(MP_ENTRY, [6], heap="128K", timeout=SAFETY_NET_S, cwd=ROOT)
    assert ok, mpvm.tail(out)
    assert "OK 6 games" in out


def test_bot_games_entry_on_cpython():
    import subprocess
    import sys

    p = subprocess.run([sys.executable, MP_ENTRY, "3"], cwd=ROOT, capture_output=True,
                       text=True, timeout=SAFETY_NET_S)  # fmt: skip
    assert p.returncode == 0, p.stdout + p.stderr
    assert "OK 3 games" in p.stdout


def test_same_choices_on_micropython_and_cpython(tmp_path):
    """Integer-only arithmetic: the VM plays the very same games as CPython."""
    script = tmp_path / "trace.py"
    script.write_text(
        "import sys\nsys.path.insert(0, %r)\n"
        "from slampad.bots.gowild import play_game\n"
        "for s in range(3):\n"
        "    g, acts = play_game(4, s, ['hard', 'normal', 'easy', 'hard'], 2)\n"
        "    print(s, len(acts), g.scores, sum([sum(a[2]) * (i + 1) for i, a in "
        "enumerate(acts)]))\n" % os.path.join(ROOT, "lib")
    )
    import subprocess
    import sys

    ok, out = mpvm.run(str(script), heap="256K", timeout=SAFETY_NET_S)
    assert ok, mpvm.tail(out)
    p = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                       timeout=SAFETY_NET_S, check=True)  # fmt: skip
    assert out.strip() == p.stdout.strip()


def test_a_bot_without_cards_is_never_asked():
    g = position(["3R", "", "2B"], wo=None, trick=2, lead=0)
    with pytest.raises(ValueError, match="no cards"):
        GoWildBot(1, "normal").choose(g.view(1))


def test_playout_matches_the_real_game_when_it_knows_the_hands():
    """gs.playout, given the true hands, plays the rest of the round exactly as normal
    bots do in the rules core: the same points for every seat (G4, G6, all-slough
    tricks, players who run out of cards, the game ending mid-round)."""
    checked = 0
    for i in range(60):
        g = random_position(700 + i, 2 + i % 5, (i * 11) % 70)
        if g.is_over():
            continue
        n = g.n()
        me = g.turn
        wo = -1 if g.wild_one is None else g.wild_one
        H = [x for h in g.hands for x in h]
        sizes = [gc.total(h) for h in g.hands]
        best, bseat = 0, -1
        for s, p in g.plays:
            size = gc.judge_set(p, s == wo)[0]
            if size > best:
                best, bseat = size, s
        code = gs.pick(H, me, n, sizes, wo, g.trick, g.lead, best)
        gains = [0] * n
        gs.playout(
            H,
            sizes,
            n,
            me,
            code,
            wo,
            g.trick,
            g.lead,
            best,
            bseat,
            gains,
            g.scores,
            g.options["target"],
        )
        before = list(g.scores)
        rnd = g.round
        normal = [GoWildBot(s, "normal") for s in range(n)]
        while not g.is_over() and g.round == rnd:
            g.apply(normal[g.turn].choose(g.view(g.turn)))
        assert [a - b for a, b in zip(g.scores, before, strict=True)] == gains, i
        checked += 1
    assert checked > 40
