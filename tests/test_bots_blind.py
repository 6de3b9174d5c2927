"""Fair and secret (issue 7, point 5): the bots of all four games never read hidden state.

A bot's decision may depend only on what its seat may see, ``game.view(seat)``, and on
its own seed (G9; bots/__init__.py and S2: a seed and the action list replay a game).
The tests play seeded games and, at many decision points, build a second game whose
hidden parts are scrambled while the deciding seat's view stays the same. They check
(a) that the view is indeed unchanged, and that the scramble did change the hidden state
(so the check means something), and (b) that a fresh bot (same seat, level and seed)
makes the same decision in both games, at every level, and ends in the same state (its
own Rng, its work counters).

What each game hides, and what the scramble changes:
- Go Wild! (G9): the other hands and the deck order. The cards the seat cannot see (the
  other hands and the deck) are dealt again into the other hands by their sizes, the
  rest go back to the deck in a new order, and the game's Rng (the next reshuffle of the
  discard) changes. The discard pile is not scrambled: every card in it was played face
  up, and the view shows it (six counts; it has no order), as it shows the table. The
  other hands appear in the view only as their sizes (hand_sizes). Just before the bot
  decides, the previous seat's bot thinks about its own hand (which differs between the
  two games), as in a game, so nothing it leaves in the search's shared scratch tables
  (bots/gowild_search.py) may leak into the decision.
- Wildside (W6, W12, W5): the Rng (the next rolls); while the dice roll, the faces
  (W6: nothing is shown before the window opens; rolled again in the scramble); the
  slams made so far and the tick the window opened at, which the view never shows (a
  bot plans from the dice shown, W12).
- Tumblin' Dice (T6): everything is on the table; the hidden part is the Rng that decides
  where the next throws land (changed).
- Diceland (D2, D3, D4): everything is on the board; the hidden part is the Rng, the
  future attack rolls (changed). Its bot takes only ``game.view(seat)`` and refuses the
  game object itself (a TypeError), so no caller can hand it the rolls to come.
No view holds a hidden part in any form, plain or scrambled (the tests compare whole
views, before and after the scramble).

Each bot also runs on a plain copy of the view alone, and on a view that records the keys
read. The last tests check that the callers hand bots only views: play_game of every
game, and the Diceland app (which handed its bot the whole game until issue 7).
"""

import copy
import functools
import json

import device_helpers
import pytest
from gowild_helpers import PUBLIC, STYLES, Spy, pick
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from tumblin_helpers import Seen
from wildside_helpers import bot_game

from slampad.bots import diceland as dbot
from slampad.bots import gowild as gbot
from slampad.bots import tumblin as tbot
from slampad.bots import wildside as wbot
from slampad.bots.diceland import DicelandBot
from slampad.bots.gowild import GoWildBot
from slampad.bots.tumblin import TumblinBot
from slampad.bots.wildside import WildsideBot
from slampad.games import gowild_cards as gc
from slampad.games import wildside_match as wm
from slampad.games.diceland import Diceland
from slampad.games.gowild import GoWild
from slampad.games.tumblin import Tumblin
from slampad.games.wildside import Wildside
from slampad.rng import Rng

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

LEVELS = ("easy", "normal", "hard")  # every bot's levels (an unknown one is refused)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def other_state(old, rng):
    """An Rng state other than ``old``: different future chance."""
    while True:
        s = rng.below(0xFFFFFFFF) + 1
        if s != old:
            return s


def plain(view):
    """A copy of the view that is nothing but JSON data: no way back to the game."""
    return json.loads(json.dumps(view))


# -- Go Wild! (G9) ---------------------------------------------------------------------



def gowild_scramble(g, me, rng):
    """The same game as seat ``me`` sees it, its hidden parts changed: the cards me cannot
    see (other hands and deck) dealt again into the other hands by their sizes, the rest
    to the deck in a new order; the game's Rng changed."""
    d = g.to_dict()
    unseen = list(d["deck"])
    for s, h in enumerate(d["hands"]):
        if s != me:
            for c in range(6):
                unseen += [c] * h[c]
    rng.shuffle(unseen)
    for s, h in enumerate(d["hands"]):
        if s != me:
            k = sum(h)
            d["hands"][s] = [0] * 6
            for c in unseen[:k]:
                d["hands"][s][c] += 1
            unseen = unseen[k:]
    d["deck"] = unseen
    d["rng"] = other_state(d["rng"], rng)
    return GoWild.from_dict(d)


def gowild_decide(g, me, level, seed):
    """Seat me's bot decides in g right after another seat's bot (same level) has thought
    about its own hand, as the last player's did in a game: (action, the bot's state)."""
    n = g.n()
    for i in range(1, n):
        s = (me - i) % n
        if gc.total(g.hands[s]):
            GoWildBot(s, level, seed).choose(g.view(s))
            break
    bot = GoWildBot(me, level, seed)
    a = bot.choose(g.view(me))
    return a, bot.to_dict(), bot.playouts


@functools.cache
def gowild_points():
    """(game, seed) at every other decision of seeded bot games, 2 to 6 players."""
    out = []
    for n in range(2, 7):
        seed = 40 + n
        g = GoWild({"players": n, "target": 14}, seed)
        bots = [GoWildBot(s, LEVELS[(n + s) % 3], seed) for s in range(n)]
        k = 0
        while not g.is_over():
            if k % 2 == 0:
                out.append((GoWild.from_dict(g.to_dict()), seed))
            g.apply(bots[g.turn].choose(g.view(g.turn)))
            k += 1
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_G9_gowild_bot_decides_the_same_whatever_the_other_hands_deck_and_rng(level):
    points = gowild_points()
    rng = Rng(9)
    others_changed = deck_changed = 0
    for g, seed in points:
        me = g.turn
        h = gowild_scramble(g, me, rng)
        # (a) the same game for seat me, different behind its back
        assert h.view(me) == g.view(me)
        assert h.legal_actions(me) == g.legal_actions(me)
        assert h.rng.state != g.rng.state
        others_changed += [h.hands[s] for s in range(g.n()) if s != me] != [
            g.hands[s] for s in range(g.n()) if s != me
        ]
        deck_changed += h.deck != g.deck
        # (b) the same decision, and the bot in the same state after it
        want = gowild_decide(g, me, level, seed)
        assert gowild_decide(h, me, level, seed) == want, (g.to_dict(), level)
        assert want[0] in g.legal_actions(me)
    assert len(points) > 150
    assert others_changed > 0.9 * len(points), (others_changed, len(points))
    assert deck_changed > 0.9 * len(points), (deck_changed, len(points))


def test_G9_gowild_bot_needs_only_the_view():
    for g, seed in gowild_points()[::4]:
        me = g.turn
        v = g.view(me)
        keep = copy.deepcopy(v)
        for level in LEVELS:
            want = GoWildBot(me, level, seed).choose(v)
            spy = Spy(plain(v))
            assert GoWildBot(me, level, seed).choose(spy) == want
            assert spy.read <= PUBLIC and "hand" in spy.read
            assert spy == keep and v == keep, "the bot changed the view"


def gowild_position(n, seed, steps, style, live=False):
    """A reachable Go Wild! state: a game of random legal plays stopped after ``steps``
    (``live``: or just before the play that ends it, so someone is still to play)."""
    g = GoWild({"players": n}, seed)
    r = Rng(seed + 7)
    for _ in range(steps):
        if g.is_over():
            break
        before = g.to_dict()
        g.apply(pick(g, r, style))
        if live and g.is_over():
            return GoWild.from_dict(before)
    return g


def positions(live=False):
    return st.builds(
        gowild_position,
        st.integers(2, 6),
        st.integers(0, 2**31),
        st.integers(0, 250),
        st.sampled_from(STYLES),
        st.just(live),
    )


@FAST
@given(positions(), st.integers(0, 2**31))
def test_G9_gowild_view_shows_other_hands_only_as_counts_property(g, salt):
    rng = Rng(salt)
    for p in range(g.n()):
        v = g.view(p)
        assert set(v) == PUBLIC
        # The only cards shown: the seat's own hand, the table, the discard pile (face up).
        assert v["hand"] == g.hands[p]
        assert v["plays"] == g.plays and v["discard"] == g.discard
        # The other hands: a count each, never their cards.
        assert v["hand_sizes"] == [gc.total(h) for h in g.hands]
        assert all(type(k) is int for k in v["hand_sizes"])
        assert v["deck_size"] == len(g.deck)
        for key in PUBLIC - {"hand", "plays", "discard", "hand_sizes", "scores"}:
            assert not isinstance(v[key], list), key
        # Nothing else in it depends on them: deal them again, the view is the same.
        h = gowild_scramble(g, p, rng)
        assert h.view(p) == v
        others = [s for s in range(g.n()) if s != p]
        if [h.hands[s] for s in others] != [g.hands[s] for s in others]:
            event("other hands changed")


@FAST
@given(positions(live=True), st.integers(0, 2**31), st.sampled_from(LEVELS))
def test_G9_gowild_bot_choice_is_the_same_whatever_the_hidden_cards_property(g, salt, level):
    me = g.turn
    event("trick %d, %d players" % (g.trick, g.n()))
    h = gowild_scramble(g, me, Rng(salt))
    assert h.view(me) == g.view(me)
    want = gowild_decide(g, me, level, salt)
    assert gowild_decide(h, me, level, salt) == want
    assert want[0] in g.legal_actions(me)


# -- Wildside (W5, W6, W12) ------------------------------------------------------------


@functools.cache
def wildside_points():
    """Saved states at each decision of seeded bot games: a roll under way (nothing
    shown, W6), the window just opened (the bots plan, W12), a slammer's choice (W5)."""
    out = []

    def on_step(g, a, ev):
        if a[0] in ("roll", "open") or (a[0] == "judge" and g.phase == "choose"):
            out.append(g.to_dict())

    for seed in range(24):
        n = 2 + seed % 3
        levels = [LEVELS[(seed + s) % 3] for s in range(n)]
        bot_game(n, seed, levels, on_step=on_step, max_rounds=120)
    return out


def wildside_scramble(d, me, rng):
    """The same state as every seat's view shows it, its hidden parts changed: the Rng;
    while the dice roll, their faces (W6); the tick the window opened at; and another
    seat has slammed already (no view shows a slam before the judge)."""
    d = copy.deepcopy(d)
    wrap = d["options"]["wrap"]
    d["rng"] = other_state(d["rng"], rng)
    if d["phase"] == "rolling":
        for p in d["players"]:
            p["rolled"] = [rng.choice(wm.SIDES) for _ in p["rolled"]]
    if d["phase"] == "window" and not d["slams"]:
        t = (d["t_open"] + 1 + rng.below(5000)) % wrap
        d["t_open"] = t
        d["span"] = [t, t]
    h = Wildside.from_dict(d)
    if h.phase in ("rolling", "window"):
        other = [s for s in h.active if s != me][0]
        t = rng.below(wrap) if h.t_open is None else h.t_open
        h.apply(("slam", other, (t + rng.below(300)) % wrap))
    return h


def wildside_decide(view, seat, level, seed):
    """A fresh bot's plan for the view (W12) and, if it is the slammer, its choice (W5)."""
    bot = WildsideBot(seat, level, seed)
    got = [bot.plan(view)]
    ch = view["choice"]
    if ch is not None and ch["slammer"] == seat:
        got.append(bot.choose(view))
    return got, bot.to_dict()


@pytest.mark.parametrize("level", LEVELS)
def test_W12_wildside_bot_decides_the_same_whatever_the_hidden_state(level):
    points = wildside_points()
    rng = Rng(11)
    phases = {"rolling": 0, "window": 0, "choose": 0}
    faces_changed = slams = live = choices = 0
    for i, d in enumerate(points):
        g = Wildside.from_dict(d)
        phases[g.phase] += 1
        v = g.view()
        assert v == plain(v)
        for me in range(len(g.dice)):
            h = wildside_scramble(d, me, rng)
            # (a) the same view (W6: while the dice roll, no face is in it)
            assert h.view(me) == g.view(me) == v
            hd = h.to_dict()
            assert hd["rng"] != d["rng"]
            faces_changed += [p["rolled"] for p in hd["players"]] != [
                p["rolled"] for p in d["players"]
            ]
            slams += bool(h.slams)
            live += g.phase in ("rolling", "window")
            # (b) the same plan and choice, the bot's own Rng in the same state after
            want = wildside_decide(v, me, level, i)
            assert wildside_decide(h.view(me), me, level, i) == want, (d, me, level)
            choices += len(want[0]) > 1
            if g.phase == "rolling":
                assert want[0] == [None]  # W12: no bot slams before the window opens
    assert min(phases.values()) >= 5, phases
    assert phases["window"] > 200, phases
    assert faces_changed >= phases["rolling"] * 2, (faces_changed, phases)
    assert slams == live  # every roll and window had a hidden slam added
    assert choices >= 5


def test_W12_wildside_bot_needs_only_the_view():
    for i, d in enumerate(wildside_points()[::5]):
        g = Wildside.from_dict(d)
        v = g.view()
        keep = copy.deepcopy(v)
        for s in range(len(g.dice)):
            for level in LEVELS:
                want = wildside_decide(v, s, level, i)
                spy = Spy(plain(v))
                assert wildside_decide(spy, s, level, i) == want
                assert spy.read <= set(v)
                # the app hands one view to every bot in turn: none may change it
                assert spy == keep and v == keep, "the bot changed the view"


# -- Tumblin' Dice (T6) ----------------------------------------------------------------

TUMBLIN_GAMES = (
    {"players": 2},
    {"players": 3, "mode": "add", "rounds": 2},
    {"players": 4, "teams": True, "rounds": 2},
    {"players": 2, "minus_zone": True, "rounds": 2},
)


@functools.cache
def tumblin_points():
    """(game, seed) at every throw of seeded virtual-board bot games (T6)."""
    out = []
    for i, o in enumerate(TUMBLIN_GAMES):
        o = dict(o, board="virtual")
        seed = 20 + i
        g = Tumblin(o, seed)
        bots = [TumblinBot(s, LEVELS[(i + s) % 3], seed) for s in range(o["players"])]

        def note(view, g=g, seed=seed):  # the game before each throw
            return copy.deepcopy(g), seed

        tbot.play_out(g, [Seen(b, out, note) for b in bots])
    return out


def tumblin_decide(view, seat, level, seed):
    bot = TumblinBot(seat, level, seed)
    a = bot.choose(view)
    return a, bot.rng.state, bot.sims


@pytest.mark.parametrize("level", LEVELS)
def test_T6_tumblin_bot_throws_the_same_whatever_the_game_rng(level):
    points = tumblin_points()
    rng = Rng(13)
    landed_apart = 0
    for g0, seed in points:
        g = copy.deepcopy(g0)
        me = g.turn()
        h = copy.deepcopy(g)
        h.rng = Rng.from_state(other_state(g.rng.state, rng))  # where the next throws land
        v = g.view(me)
        assert h.view(me) == v  # (a)
        state = g.rng.state
        want = tumblin_decide(v, me, level, seed)
        assert tumblin_decide(h.view(me), me, level, seed) == want  # (b)
        assert g.rng.state == state  # the bot never draws from the game's Rng
        # The scramble matters: the same throw lands elsewhere in the other game.
        a = ("throw", me) + tuple(want[0])
        g.apply(a)
        h.apply(a)
        landed_apart += g.view(me) != h.view(me)
    assert len(points) > 80
    assert landed_apart > 0.5 * len(points), (landed_apart, len(points))


def test_T6_tumblin_bot_needs_only_the_view():
    for g, seed in tumblin_points()[::6]:
        me = g.turn()
        v = g.view(me)
        keep = copy.deepcopy(v)
        for level in LEVELS:
            want = tumblin_decide(v, me, level, seed)
            spy = Spy(plain(v))
            assert tumblin_decide(spy, me, level, seed) == want
            assert spy.read <= set(v)
            assert spy == keep and v == keep, "the bot changed the view"


# -- Diceland (D2, D3, D4) -------------------------------------------------------------

DICELAND_GAMES = (
    {"scene": "valley"},
    {"scene": "duel", "grouping": True, "fatal_attraction": True},
    {"scene": "random", "size": 20, "capital": True, "fill_the_void": True},
    {"scene": "crossing", "terrain": False},
    {"scene": "highlands"},
)


@functools.cache
def diceland_points():
    """(saved state, seed) at every other decision of seeded bot games, and every choice
    of a combined attack's roll (D4) and of a town (D8): every kind of step."""
    out = []
    for i, o in enumerate(DICELAND_GAMES):
        seed = 30 + i
        g = Diceland(o, seed)
        bots = [DicelandBot(s, LEVELS[(i + s) % 3], seed) for s in (0, 1)]
        k = 0
        while not g.is_over():
            if k % 2 == 0 or g.phase in ("choose", "town"):
                out.append((g.to_dict(), seed))
            g.apply(bots[g.turn].choose(g.view(g.turn)))
            k += 1
    return out


def diceland_decide(arg, seat, level, seed):
    bot = DicelandBot(seat, level, seed)
    a = bot.choose(arg)
    return a, bot.rng.state, bot.nodes


@pytest.mark.parametrize("level", LEVELS)
def test_D3_diceland_bot_decides_the_same_whatever_the_future_rolls(level):
    points = diceland_points()
    rng = Rng(17)
    phases = set()
    rolled_apart = attacks = 0
    for d, seed in points:
        g = Diceland.from_dict(d)
        me = g.turn
        e = dict(d, rng=other_state(d["rng"], rng))
        h = Diceland.from_dict(e)
        phases.add(g.phase)
        v = g.view(me)
        assert h.view(me) == v and "rng" not in v  # (a)
        assert set(v) == set(d) - {"rng"} | {"seat"}
        # (b) The same decision from either game's view, and neither Rng is drawn from.
        want = diceland_decide(v, me, level, seed)
        assert diceland_decide(h.view(me), me, level, seed) == want, (d, level)
        assert g.to_dict() == d and h.to_dict() == e
        # The scramble matters: the same attack rolls otherwise in the other game.
        if want[0][0] in ("attack", "combo"):
            attacks += 1
            rolled_apart += g.apply(want[0])[0] != h.apply(want[0])[0]
    assert phases == {"occupy", "attack", "choose", "move", "town"}, phases
    assert attacks > 50 and rolled_apart > 0.6 * attacks, (rolled_apart, attacks)


def test_D3_diceland_bot_works_from_the_view_alone():
    for d, seed in diceland_points()[::5]:
        g = Diceland.from_dict(d)
        me = g.turn
        v = g.view(me)
        keep = copy.deepcopy(v)
        for level in LEVELS:
            assert diceland_decide(plain(v), me, level, seed) == diceland_decide(v, me, level, seed)
            assert v == keep, "the bot changed the view"
            with pytest.raises(TypeError, match="view"):
                DicelandBot(me, level, seed).choose(g)  # the game itself is refused


# -- the callers: bots are handed views, never the game (G9, S2) -----------------------


def spy_on(monkeypatch, cls, names):
    """Record the type of what each call of cls.<name>(arg) is handed."""
    handed = []
    for name in names:
        real = getattr(cls, name)

        def spy(self, arg, _real=real, _name=name):
            handed.append((_name, type(arg).__name__))
            return _real(self, arg)

        monkeypatch.setattr(cls, name, spy)
    return handed


PLAY_GAMES = {
    "wildside": (WildsideBot, ("plan", "choose"), lambda: wbot.play_game(3, 2, max_rounds=60)),
    "gowild": (GoWildBot, ("choose",), lambda: gbot.play_game(3, 2, options={"target": 8})),
    "tumblin": (TumblinBot, ("choose",), lambda: tbot.play_game({"rounds": 1}, seed=2)),
    "diceland": (DicelandBot, ("choose",), lambda: dbot.play_game({"scene": "duel"}, seed=2)),
}


@pytest.mark.parametrize("game", sorted(PLAY_GAMES))
def test_S2_play_game_hands_each_bot_only_a_view(game, monkeypatch):
    cls, names, run = PLAY_GAMES[game]
    handed = spy_on(monkeypatch, cls, names)
    run()
    assert handed
    wrong = sorted({t for _, t in handed} - {"dict"})
    assert not wrong, "%s.play_game hands %s a %s, not game.view(seat)" % (
        game,
        cls.__name__,
        " / ".join(wrong),
    )


def test_S2_diceland_app_hands_its_bot_only_a_view(dev_factory, monkeypatch):
    from test_device_diceland import start_game

    dev = dev_factory("pico", seed=3)
    scr = start_game(dev, "duel", "P2: bot normal", (0,))
    # The menu unloads the game modules: spy on the class this game really uses.
    handed = spy_on(monkeypatch, type(scr.bots[1]), ("choose",))
    for _ in range(5000):
        if len(handed) >= 3 or dev.app.screen is not scr:
            break
        g = scr.game
        if scr.stage in ("pick", "list") and scr.bots[g.turn] is None:
            scr.act(g.legal_actions(g.turn)[0], dev.now())  # P1, a person, plays along
        else:
            dev.run(20)
    assert len(handed) >= 3, dev.lines()
    wrong = sorted({t for _, t in handed} - {"dict"})
    assert not wrong, "the Diceland app hands its bot a %s, not game.view(seat)" % (
        " / ".join(wrong)
    )
