"""Illegal and malformed actions, bad options and corrupt saved states.

Contract (games/__init__.py): an illegal action raises ValueError naming the rule it
breaks (or the phase) and leaves the state untouched; from_dict raises ValueError
naming the bad field.
"""

import copy
import json

import pytest
from wildside_helpers import WRAP, position, slam_all

from slampad.games.wildside import Wildside, check_options

W = "wild"
M, S, D, Z = "moon", "star", "drop", "bolt"
THREE = [[W, M, S], [W, M, D], [W, S, Z]]  # A-B on the moon, A-C on the star


def state_ready():
    return Wildside({"players": 4, "bots": [1]}, 5)


def state_roll():
    return Wildside({"players": 3, "bots": [0, 1, 2]}, 5)


def state_rolling():
    g = state_roll()
    g.apply(("roll",))
    return g


def state_rolling_slammed():
    g = state_rolling()
    g.apply(("slam", 2, 40))
    return g


def state_window():
    return position(THREE, t_open=1000)


def state_window_slammed():
    g = state_window()
    slam_all(g, [(1, 1020), (2, 1020)])
    return g


def state_choose(slammer=0):
    g = position(THREE if slammer == 0 else [[W, M, D], [W, M, S], [W, S, Z]])
    slam_all(g, [(slammer, 1100)])
    g.apply(("judge",))
    assert g.phase == "choose" and g.choice["slammer"] == slammer
    return g


def state_sudden():
    # Sudden death between seats 0 and 1 of four, window open.
    g = position(
        [[W, M, S, D], [W, M, S, Z], [], []],
        dice=[4, 4, 0, 3],
        sudden=True,
        active=[0, 1],
        t_open=500,
    )
    return g


def state_over():
    g = position([[W], [W, M, S]], dice=[1, 3])
    slam_all(g, [(0, 1001)])
    g.apply(("judge",))
    assert g.is_over()
    return g


STATES = {
    "ready": state_ready,
    "roll": state_roll,
    "rolling": state_rolling,
    "rolling_slammed": state_rolling_slammed,
    "window": state_window,
    "window_slammed": state_window_slammed,
    "choose0": lambda: state_choose(0),
    "choose1": lambda: state_choose(1),
    "sudden": state_sudden,
    "over": state_over,
}


def refused(g, action, *words):
    """apply(action) raises ValueError mentioning each word; the state is untouched."""
    before = copy.deepcopy(g.to_dict())
    with pytest.raises(ValueError) as e:
        g.apply(action)
    msg = str(e.value)
    for w in words:
        assert w in msg, (action, msg)
    assert g.to_dict() == before, action
    return msg


# -- every illegal action in every phase ------------------------------------------------


def battery(n, wrap):
    seats = [-1, 0, 1, 2, 3, n, 4, 7]
    ticks = [0, 5, 40, 999, 1000, 1021, wrap - 1, wrap, -1, wrap // 2 + 1000]
    acts = [("roll",), ("judge",), ("take",)]
    for s in seats:
        acts += [("ready", s), ("tap", s), ("choose", s)]
        for t in ticks:
            acts.append(("slam", s, t))
    for t in ticks:
        acts.append(("open", t))
    return acts


def legal(g, a):
    """Whether action ``a`` is legal: listed by legal_actions with a valid tick."""
    listed = set(g.legal_actions(None))
    for s in range(len(g.dice)):
        listed |= set(g.legal_actions(s))
    if a[0] in ("open", "slam"):
        t = a[-1]
        if not 0 <= t < g.options["wrap"]:
            return False
        # W6: a round's ticks (t_open and every slam seen) lie within a quarter wrap.
        w = g.options["wrap"]
        if g.span is not None:
            lo, hi = g.span
            lo_d = (t - lo) % w
            lo_d = lo_d - w if lo_d >= w // 2 else lo_d
            hi_d = (t - hi) % w
            hi_d = hi_d - w if hi_d >= w // 2 else hi_d
            width = (hi - lo) % w + max(0, hi_d) + max(0, -lo_d)
            if width >= w // 4:
                return False
        a = a[:-1] + (None,)
    return a in listed


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_illegal_action_is_refused_and_changes_nothing(name):
    g = STATES[name]()
    n = len(g.dice)
    n_legal = n_illegal = 0
    for a in battery(n, g.options["wrap"]):
        if legal(g, a):
            h = Wildside.from_dict(g.to_dict())
            h.apply(a)  # must not raise
            n_legal += 1
        else:
            msg = refused(g, a)
            assert any(w in msg for w in ("phase", "W5", "W6", "W10", "W12", "seat", "tick")), (
                a,
                msg,
            )
            n_illegal += 1
    assert n_illegal > 0
    if name != "over":
        assert n_legal > 0


# -- illegal actions name their rule ------------------------------------------------------


@pytest.mark.parametrize(
    "name,action",
    [
        ("ready", ("roll",)),
        ("ready", ("open", 5)),
        ("ready", ("slam", 0, 5)),
        ("ready", ("judge",)),
        ("ready", ("take",)),
        ("roll", ("ready", 0)),
        ("roll", ("open", 5)),
        ("roll", ("slam", 0, 5)),
        ("roll", ("judge",)),
        ("rolling", ("roll",)),
        ("rolling", ("take",)),
        ("rolling", ("tap", 0)),
        ("window", ("roll",)),
        ("window", ("open", 5)),
        ("window", ("choose", 1)),
        ("choose0", ("slam", 1, 1200)),
        ("choose0", ("judge",)),
        ("choose0", ("roll",)),
        ("over", ("roll",)),
        ("over", ("slam", 0, 5)),
        ("over", ("judge",)),
        ("over", ("take",)),
    ],
)
def test_action_in_the_wrong_phase_names_the_phase(name, action):
    g = STATES[name]()
    refused(g, action, "phase", repr(g.phase))


def test_W12_ready_twice_or_a_bot_pressing_ready():
    g = state_ready()
    refused(g, ("ready", 1), "W12")  # a bot: always ready
    g.apply(("ready", 0))
    refused(g, ("ready", 0), "W12")


def test_W6_judging_the_roll_before_any_slam():
    refused(state_rolling(), ("judge",), "W6")


def test_W6_slam_a_quarter_wrap_away_from_the_others():
    g = state_window_slammed()
    assert g.span == [1000, 1020]  # t_open and the slam
    refused(g, ("slam", 0, (1000 + WRAP // 4) % WRAP), "W6")
    refused(g, ("slam", 0, (1020 - WRAP // 4) % WRAP), "W6")
    g.apply(("slam", 0, (1020 - WRAP // 4 + 1) % WRAP))  # just inside, earlier
    refused(g, ("slam", 1, 1021), "W6")  # the arc now spans a quarter wrap less one
    g.apply(("slam", 1, 1020))
    g = state_rolling_slammed()
    refused(g, ("open", (40 + WRAP // 2) % WRAP), "W6")


@pytest.mark.parametrize(
    "name", ["rolling", "rolling_slammed", "window", "window_slammed", "sudden"]
)
def test_W6_tick_fits_is_whether_a_slam_at_that_tick_is_taken_and_changes_nothing(name):
    """The app's guard (play_wildside_clock.slam) asks tick_fits before it slams: it says
    exactly which ticks the rules would take, and asking changes nothing."""
    g = STATES[name]()
    seat = g.active[0]
    w = g.options["wrap"]
    ticks = [0, 5, 40, 999, 1000, 1021, w - 1, w, -1, 1.5, None, w // 2 + 1000]
    ticks += [
        (1000 + d) % w for d in (w // 4 - 21, w // 4 - 20, w // 4, -w // 4 + 20, -w // 4 + 21)
    ]
    for t in ticks:
        before = copy.deepcopy(g.to_dict())
        fits = g.tick_fits(t)
        assert g.to_dict() == before, t
        h = Wildside.from_dict(before)
        if fits:
            h.apply(("slam", seat, t))
        else:
            refused(h, ("slam", seat, t), "tick")
    assert g.tick_fits(1000) and not g.tick_fits(w) and not g.tick_fits(-1)


def test_W5_tap_by_another_seat_and_choosing_a_non_candidate():
    g = state_choose(0)
    for s in (1, 2):
        refused(g, ("tap", s), "W5")
    refused(g, ("choose", 0), "W5")
    g = state_choose(1)
    refused(g, ("tap", 0), "W5")
    refused(g, ("choose", 1), "W5")


def test_W10_seat_out_of_sudden_death_may_not_slam():
    g = state_sudden()
    for s in (2, 3):
        refused(g, ("slam", s, 600), "W10")
    assert g.legal_actions(2) == [] and g.legal_actions(3) == []


# -- malformed actions -------------------------------------------------------------------


@pytest.mark.parametrize("action", ["roll", None, 5, {"roll": 1}, (), [], b"roll", ("",)])
def test_action_that_is_not_a_tuple_or_empty(action):
    refused(state_roll(), action)


@pytest.mark.parametrize("action", [("dance",), (5,), (None,), (["roll"],), ("ROLL",), ("_phase",)])
def test_unknown_action_names(action):
    msg = refused(state_roll(), action, "unknown action")
    assert repr(action[0]) in msg


@pytest.mark.parametrize(
    "name,action",
    [
        ("roll", ("roll", 1)),
        ("roll", ("roll", None)),
        ("ready", ("ready",)),
        ("ready", ("ready", 0, 1)),
        ("rolling", ("open",)),
        ("rolling", ("open", 5, 6)),
        ("window", ("slam", 0)),
        ("window", ("slam",)),
        ("window", ("slam", 0, 1001, 2)),
        ("window", ("judge", 0)),
        ("choose0", ("tap",)),
        ("choose0", ("tap", 0, 0)),
        ("choose0", ("choose",)),
        ("choose0", ("choose", 1, 2)),
        ("choose0", ("take", 1)),
    ],
)
def test_wrong_arity_raises_value_error_naming_the_action(name, action):
    refused(STATES[name](), action, repr(action[0]))


@pytest.mark.parametrize(
    "name,action",
    [
        ("ready", ("ready", 4)),
        ("ready", ("ready", -1)),
        ("ready", ("ready", "0")),
        ("ready", ("ready", 0.0)),
        ("ready", ("ready", True)),
        ("ready", ("ready", False)),
        ("window", ("slam", 3, 1001)),
        ("window", ("slam", -1, 1001)),
        ("window", ("slam", True, 1001)),
        ("window", ("slam", "1", 1001)),
        ("window", ("slam", None, 1001)),
        ("choose0", ("choose", True)),  # seat 1 is a candidate: True must not pass as 1
        ("choose0", ("choose", 1.0)),
        ("choose0", ("choose", "1")),
        ("choose0", ("choose", 9)),
        ("choose1", ("tap", True)),  # the slammer is seat 1
        ("choose1", ("tap", 1.0)),
        ("choose1", ("tap", None)),
    ],
)
def test_bad_seats(name, action):
    msg = refused(STATES[name](), action)
    assert "seat" in msg


@pytest.mark.parametrize(
    "name,action",
    [
        ("rolling", ("open", -1)),
        ("rolling", ("open", WRAP)),
        ("rolling", ("open", 2**40)),
        ("rolling", ("open", 5.0)),
        ("rolling", ("open", True)),
        ("rolling", ("open", "5")),
        ("rolling", ("open", None)),
        ("rolling", ("slam", 0, None)),
        ("window", ("slam", 0, WRAP)),
        ("window", ("slam", 0, -5)),
        ("window", ("slam", 0, 1001.5)),
        ("window", ("slam", 0, False)),
    ],
)
def test_ticks_out_of_range_or_not_ints(name, action):
    refused(STATES[name](), action, "tick")


def test_ticks_must_fit_a_16_bit_clock():
    g = position(THREE, t_open=100, wrap=1 << 16)
    refused(g, ("slam", 0, 1 << 16), "tick")
    g.apply(("slam", 0, (1 << 16) - 1))


def test_a_list_is_accepted_as_an_action():
    g = state_roll()
    assert g.apply(["roll"]) == [("roll", 1)]
    g.apply(["open", 3])
    g.apply(["slam", 0, 4])
    assert 0 in g.slams


# -- options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "opts,field",
    [
        ([], "options"),
        ("x", "options"),
        ({"colour": 1}, "options.colour"),
        ({"bots": [4]}, "options.bots[0]"),
        ({"bots": [0, 0]}, "options.bots"),
        ({"bots": "01"}, "options.bots"),
        ({"players": 2, "bots": [0, 1, 2]}, "options.bots"),
        ({"tick_us": 0}, "options.tick_us"),
        ({"tick_us": 1.5}, "options.tick_us"),
        ({"wrap": 3000}, "options.wrap"),
        ({"wrap": 1}, "options.wrap"),
        ({"wrap": True}, "options.wrap"),
        ({"resolution": 0}, "options.resolution"),
        ({"wrap": 16, "resolution": 5}, "options.resolution"),
        ({"look_ms": -1}, "options.look_ms"),
        ({"choose_ms": 600001}, "options.choose_ms"),
        ({"countdown_ms": "1000"}, "options.countdown_ms"),
        ({"result_ms": None}, "options.result_ms"),
    ],
)
def test_bad_options_name_the_option(opts, field):
    with pytest.raises(ValueError) as e:
        check_options(opts)
    assert str(e.value).startswith(field + ":"), str(e.value)
    with pytest.raises(ValueError):
        Wildside(opts)


# -- corrupt and old saved states ---------------------------------------------------------


def base(name):
    return json.loads(json.dumps(STATES[name]().to_dict()))


def _set(path, value):
    def f(d):
        obj = d
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = value

    return f


def _del(path):
    def f(d):
        obj = d
        for k in path[:-1]:
            obj = obj[k]
        del obj[path[-1]]

    return f


# The save header ("game", "v") is checked once for every game: tests/test_game_contract.py.
CORRUPT = [
    # (base state, mutation, field named in the error)
    ("window", _set(("options", "players"), 5), "options.players"),
    ("window", _set(("options", "players"), 2), "options.bots"),  # bots on seats 0..2
    ("window", _set(("options", "bogus"), 1), "options.bogus"),
    ("window", _set(("rng",), 0), "rng"),
    ("window", _set(("rng",), "7"), "rng"),
    ("window", _set(("rng",), 2**32), "rng"),
    ("window", _set(("phase",), "dancing"), "phase"),
    ("window", _set(("phase",), None), "phase"),
    ("window", _set(("round",), -1), "round"),
    ("window", _set(("round",), "3"), "round"),
    ("window", _set(("sudden",), 0), "sudden"),
    ("window", _set(("active",), [0]), "active"),
    ("window", _set(("active",), [0, 1]), "active"),  # not sudden: everyone plays
    ("window", _set(("active",), [0, 0, 1]), "active"),
    ("window", _set(("active",), [0, 1, 5]), "active[2]"),
    ("window", _set(("players",), {}), "players"),
    ("window", _set(("players",), [{}, {}]), "players"),
    ("window", _set(("players", 1), [3, []]), "players[1]"),
    ("window", _set(("players", 0, "dice"), -1), "players[0].dice"),
    ("window", _set(("players", 0, "dice"), "3"), "players[0].dice"),
    ("window", _set(("players", 0, "dice"), True), "players[0].dice"),
    ("window", _set(("players", 0, "dice"), 3.0), "players[0].dice"),
    ("window", _set(("players", 2, "rolled"), "wild"), "players[2].rolled"),
    ("window", _set(("players", 2, "rolled"), [W] * 6), "players[2].rolled"),
    ("window", _set(("players", 1, "rolled"), [W, "sun", M]), "players[1].rolled[1]"),
    ("window", _set(("players", 1, "rolled"), [W, None, M]), "players[1].rolled[1]"),
    ("window", _set(("players", 1, "rolled"), [W, M]), "players[1].rolled"),  # W9
    ("roll", _set(("players", 0, "dice"), 4), "players"),  # W2: 10 dice, not 9
    ("window", _set(("pool",), 1), "players"),  # W2
    ("window", _set(("pool",), -1), "pool"),
    ("window", _set(("pool",), None), "pool"),
    ("window", _set(("ready",), [0, 1]), "ready"),  # not every seat ready yet
    ("window", _set(("ready",), [0, 1, 1]), "ready"),
    ("ready", _set(("ready",), [0, 2, 3]), "ready"),  # the bot (seat 1) is always ready
    ("ready", _set(("ready",), [0, 1, 2, 3]), "ready"),  # all ready: no ready phase
    ("window", _set(("t_open",), WRAP), "t_open"),
    ("window", _set(("t_open",), -1), "t_open"),
    ("window", _set(("t_open",), "1000"), "t_open"),
    ("roll", _set(("t_open",), 10), "t_open"),
    ("window_slammed", _set(("slams",), {"1": 1020}), "slams"),
    ("window_slammed", _set(("slams", 0), [1, 1020]), "slams[0]"),
    ("window_slammed", _set(("slams", 0), [9, 1020, False]), "slams[0][0]"),
    ("window_slammed", _set(("slams", 1, 0), 1), "slams[1][0]"),  # one slam per seat, W8
    ("window_slammed", _set(("slams", 0, 1), WRAP), "slams[0][1]"),
    ("window_slammed", _set(("slams", 0, 1), 1020.0), "slams[0][1]"),
    ("window_slammed", _set(("slams", 0, 2), "no"), "slams[0][2]"),
    ("window_slammed", _set(("slams", 0, 1), 1020 + WRAP // 4), "span"),
    ("rolling_slammed", _set(("slams", 0, 2), False), "slams[0][2]"),  # W6: early flag
    ("roll", _set(("slams",), [[0, 5, False]]), "slams"),  # slams in the wrong phase
    ("choose0", _set(("slams",), [[1, 5, False]]), "slams"),
    ("over", _set(("slams",), [[1, 5, False]]), "slams"),
    ("window", _set(("choice",), {"slammer": 0, "candidates": [], "highlight": 0}), "choice"),
    ("choose0", _set(("choice",), None), "choice"),
    ("choose0", _set(("choice",), [0]), "choice"),
    ("choose0", _set(("choice", "slammer"), 1), "choice.slammer"),  # no choice to make
    ("choose0", _set(("choice", "slammer"), "0"), "choice.slammer"),
    ("choose0", _set(("choice", "candidates"), [[2, 1], [1, 1]]), "choice.candidates"),
    ("choose0", _set(("choice", "candidates"), [[1, 2], [2, 1]]), "choice.candidates"),
    ("choose0", _set(("choice", "highlight"), 2), "choice.highlight"),
    ("choose0", _set(("choice", "highlight"), -1), "choice.highlight"),
    ("choose0", _del(("choice", "highlight")), "choice.highlight"),
    ("choose0", _set(("players", 0, "rolled"), [W, M, D]), "choice.slammer"),
    ("window", _set(("winners",), [0]), "winners"),
    ("over", _set(("winners",), []), "winners"),
    ("over", _set(("winners",), [1, 1]), "winners"),
    ("over", _set(("winners",), [7]), "winners[0]"),
    ("roll", _set(("players",), [{"dice": d, "rolled": []} for d in (0, 4, 5)]), "players"),
    ("sudden", _set(("sudden",), False), "active"),
    ("sudden", _set(("players", 2, "rolled"), [W]), "players[2].rolled"),
    ("sudden", _set(("slams",), [[3, 510, False]]), "slams[0][0]"),
]


@pytest.mark.parametrize("i", range(len(CORRUPT)))
def test_corrupt_state_names_the_field(i):
    name, mutate, field = CORRUPT[i]
    d = base(name)
    Wildside.from_dict(copy.deepcopy(d))  # the unmutated state loads
    mutate(d)
    kept = copy.deepcopy(d)
    with pytest.raises(ValueError) as e:
        Wildside.from_dict(d)
    msg = str(e.value)
    assert msg.startswith(field + ":"), (field, msg)
    assert d == kept  # from_dict does not modify its argument


# "game" and "v", the save header: tests/test_game_contract.py, for every game.
TOP_KEYS = [
    "options", "rng", "phase", "round", "players", "pool", "ready",
    "t_open", "span", "slams", "choice", "active", "sudden", "winners",
]  # fmt: skip


@pytest.mark.parametrize("key", TOP_KEYS)
def test_missing_top_level_key_is_named(key):
    d = base("choose0")
    assert set(d) == set(TOP_KEYS) | {"game", "v"}
    del d[key]
    with pytest.raises(ValueError) as e:
        Wildside.from_dict(d)
    assert str(e.value) == key + ": missing"


@pytest.mark.parametrize("key", ["dice", "rolled"])
def test_missing_player_key_is_named(key):
    d = base("window")
    del d["players"][1][key]
    with pytest.raises(ValueError) as e:
        Wildside.from_dict(d)
    assert str(e.value) == "players[1].%s: missing" % key


@pytest.mark.parametrize("key", ["slammer", "candidates", "highlight"])
def test_missing_choice_key_is_named(key):
    d = base("choose0")
    del d["choice"][key]
    with pytest.raises(ValueError) as e:
        Wildside.from_dict(d)
    assert str(e.value) == "choice.%s: missing" % key


@pytest.mark.parametrize("d", [None, [], "state", 5, ("game", "wildside")])
def test_state_that_is_not_a_dict(d):
    with pytest.raises(ValueError) as e:
        Wildside.from_dict(d)
    assert str(e.value).startswith("state:")


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_sample_state_round_trips(name):
    d = base(name)
    assert Wildside.from_dict(d).to_dict() == d


@pytest.mark.parametrize("name", sorted(STATES))
def test_out_of_phase_actions_name_their_ruling(name):
    # Every action refused for its phase names the ruling that orders the phases.
    g = STATES[name]()
    rules = {"ready": "W12", "roll": "W12", "open": "W6", "slam": "W6", "judge": "W6",
             "tap": "W5", "choose": "W5", "take": "W5"}  # fmt: skip
    args = {"ready": (0,), "roll": (), "open": (1000,), "slam": (0, 1000), "judge": (),
            "tap": (0,), "choose": (1,), "take": ()}  # fmt: skip
    checked = 0
    for act, rule in rules.items():
        phases = {"ready": "ready", "roll": "roll", "open": "rolling", "tap": "choose",
                  "choose": "choose", "take": "choose"}  # fmt: skip
        ok = ("rolling", "window") if act in ("slam", "judge") else (phases[act],)
        if g.phase in ok:
            continue
        msg = refused(g, (act,) + args[act])
        want = "W10: the game is over" if g.phase == "over" else rule
        assert msg.startswith(want + ": "), (act, msg)
        assert repr(g.phase) in msg
        checked += 1
    assert checked >= 5
