"""Tumblin' Dice: illegal and malformed actions, bad options and corrupt saves.

Contract (games/__init__.py): an illegal action raises ValueError naming the rule it
breaks (T1-T6, S3) and leaves the state untouched; bad options and corrupt saves raise
ValueError whose message starts with the bad field.
"""

import copy
import json
import re

import pytest
from save_edits import delk, setk
from tumblin_helpers import check_invariants, game_with_order, play_round, throw_all

from slampad.games.tumblin import Tumblin, check_options


def state_roll_off():
    return Tumblin({"players": 3}, 1)


def state_rolled():
    g = Tumblin({"players": 3}, 1)
    g.apply(("roll", 1))
    return g


def state_tie():
    """A roll-off where some seats tied and roll again, and P? (the returned seat) is out."""
    for seed in range(500):
        g = Tumblin({"players": 3}, seed)
        for s in range(3):
            g.apply(("roll", s))
        group = [s for s in range(3) if g.legal_actions(s)]
        if g.phase == "roll_off" and len(group) == 2:
            return g
    raise AssertionError("no tie in 500 seeds")


def _out_of_tie():
    g = state_tie()
    return [s for s in range(3) if not g.legal_actions(s)][0]


def state_throw():
    g = game_with_order({"players": 3}, [0, 1, 2])
    g.apply(("throw", 0))
    return g  # P2's throw


def state_enter():
    g = game_with_order({"players": 3}, [0, 1, 2])
    throw_all(g)
    g.apply(("die", 0, 4, 3))
    return g  # P1's second die


def state_virtual():
    g = game_with_order({"players": 2}, [0, 1], board="virtual")
    g.apply(("throw", 0, 50, 0))
    return g  # P2's throw


def state_overtime():
    g = game_with_order({"players": 3, "rounds": 1}, [0, 1, 2])
    play_round(g, {0: [(3, 3)], 1: [(3, 3)]})
    assert g.overtime and g.order == [0, 1]
    return g  # P3 sits out


def state_over():
    g = game_with_order({"players": 2, "rounds": 1}, [0, 1])
    play_round(g, {1: [(2, 2)]})
    assert g.is_over()
    return g


STATES = {
    "roll_off": state_roll_off,
    "rolled": state_rolled,
    "tie": state_tie,
    "throw": state_throw,
    "enter": state_enter,
    "virtual": state_virtual,
    "overtime": state_overtime,
    "over": state_over,
}

# (state, action, regex the message must match from its start)
ILLEGAL = [
    ("roll_off", ("throw", 0), r"T4: no throws now \(phase roll_off\)"),
    ("roll_off", ("die", 0, 3, 2), r"T6: dice are entered after the last throw"),
    ("roll_off", ("undo",), r"S3: nothing to undo"),
    ("rolled", ("roll", 1), r"T3: P2 has rolled"),
    ("rolled", ("undo",), r"S3: a roll-off die cannot be taken back"),
    ("tie", ("roll", "OUT"), r"T3: P\d is not in this roll-off"),
    ("tie", ("undo",), r"S3: a roll-off die cannot be taken back"),
    ("throw", ("roll", 0), r"T3: the roll-off is over"),
    ("throw", ("throw", 0), r"T4: it is P2's throw, not P1's"),
    ("throw", ("throw", 2), r"T4: it is P2's throw, not P3's"),
    ("throw", ("throw", 1, 50, 0), r"T6: a table throw is \(throw, seat\)"),
    ("throw", ("die", 1, 3, 2), r"T6: dice are entered after the last throw"),
    ("enter", ("throw", 0), r"T4: no throws now \(phase enter\)"),
    ("enter", ("roll", 0), r"T3: the roll-off is over"),
    ("enter", ("die", 1, 3, 2), r"T6: enter P1's dice now, not P2's"),
    ("enter", ("die", 2, None, None), r"T6: enter P1's dice now, not P3's"),
    ("enter", ("die", 0, 0, 2), r"T2: a face is 1-6"),
    ("enter", ("die", 0, 7, 2), r"T2: a face is 1-6"),
    ("enter", ("die", 0, "3", 2), r"T2: a face is 1-6"),
    ("enter", ("die", 0, True, 2), r"T2: a face is 1-6"),
    ("enter", ("die", 0, 3.0, 2), r"T2: a face is 1-6"),
    ("enter", ("die", 0, None, 2), r"T2: a face is 1-6"),
    ("enter", ("die", 0, 3, None), r"T2: a die off the board has no face"),
    ("enter", ("die", 0, 3, 0), r"T1: a die rests on level 1, 2, 3, 4, not 0"),
    ("enter", ("die", 0, 3, 5), r"T1: a die rests on level"),
    ("enter", ("die", 0, 3, -1), r"T1: a die rests on level 1, 2, 3, 4, not -1"),
    ("enter", ("die", 0, 3, True), r"T1: a die rests on level"),
    ("enter", ("die", 0, 3, 2.0), r"T1: a die rests on level"),
    ("enter", ("die", 0, 3, "2"), r"T1: a die rests on level"),
    ("virtual", ("throw", 1), r"T6: a virtual throw is \(throw, seat, power, aim\)"),
    ("virtual", ("throw", 0, 50, 0), r"T4: it is P2's throw, not P1's"),
    ("virtual", ("throw", 1, -1, 0), r"T6: power is a whole number 0-100"),
    ("virtual", ("throw", 1, 101, 0), r"T6: power is a whole number 0-100"),
    ("virtual", ("throw", 1, 50.0, 0), r"T6: power is a whole number"),
    ("virtual", ("throw", 1, True, 0), r"T6: power is a whole number"),
    ("virtual", ("throw", 1, None, None), r"T6: power is a whole number"),
    ("virtual", ("throw", 1, 50, -101), r"T6: aim is a whole number -100..100"),
    ("virtual", ("throw", 1, 50, 101), r"T6: aim is a whole number -100..100"),
    ("virtual", ("throw", 1, 50, "0"), r"T6: aim is a whole number"),
    ("virtual", ("throw", 1, 50, None), r"T6: aim is a whole number"),
    ("virtual", ("die", 1, 3, 2), r"T6: dice are entered after the last throw"),
    ("virtual", ("undo",), r"S3: undo is for table mode"),
    ("overtime", ("throw", 2), r"T4: it is P1's throw, not P3's"),
    ("overtime", ("roll", 2), r"T3: the roll-off is over"),
    ("over", ("throw", 0), r"T5: the game is over"),
    ("over", ("roll", 0), r"T5: the game is over"),
    ("over", ("die", 1, 1, 1), r"T5: the game is over"),
    ("over", ("throw", 9), r"T5: the game is over"),
]


def same(g, before):
    d, view, rng = before
    assert g.to_dict() == d and g.view() == view and g.rng.state == rng


def snapshot(g):
    return g.to_dict(), g.view(), g.rng.state


@pytest.mark.parametrize("state, action, rule", ILLEGAL,
                         ids=["%s-%d" % (s, i) for i, (s, _, _) in enumerate(ILLEGAL)])
def test_illegal_action_names_the_rule_and_changes_nothing(state, action, rule):
    g = STATES[state]()
    if "OUT" in action:
        action = (action[0], _out_of_tie())
    before = snapshot(g)
    legal = [a for s in range(g.n()) for a in g.legal_actions(s)] + g.legal_actions(None)
    if state == "virtual":  # a virtual throw is listed as a template: power, aim None
        legal = [a for a in legal if a[0] != "throw"]
    assert repr(tuple(action)) not in {repr(a) for a in legal}  # 3.0 and True are not 3, 1
    with pytest.raises(ValueError, match="^" + rule):
        g.apply(action)
    same(g, before)
    check_invariants(g)


MALFORMED = [
    (None, r"action must be a non-empty tuple"),
    ("throw", r"action must be a non-empty tuple"),
    ((), r"action must be a non-empty tuple"),
    ([], r"action must be a non-empty tuple"),
    (("throw",), r"unknown action"),
    (("throw", 1, 50), r"unknown action"),
    (("throw", 1, 50, 0, 0), r"unknown action"),
    (("roll",), r"unknown action"),
    (("roll", 1, 2), r"unknown action"),
    (("die", 1, 3), r"unknown action"),
    (("die", 1, 3, 2, 0), r"unknown action"),
    (("undo", 1), r"unknown action"),
    (("Throw", 1), r"unknown action"),
    (("flick", 1), r"unknown action"),
    (("throw", 3), r"no seat 3"),
    (("throw", -1), r"no seat -1"),
    (("throw", True), r"no seat True"),
    (("throw", "1"), r"no seat '1'"),
    (("throw", None), r"no seat None"),
    (("throw", 1.0), r"no seat 1.0"),
    (("roll", 7), r"no seat 7"),
    (("die", 4, 3, 2), r"no seat 4"),
]


@pytest.mark.parametrize("action, msg", MALFORMED, ids=[str(i) for i in range(len(MALFORMED))])
def test_malformed_action_raises_and_changes_nothing(action, msg):
    g = state_throw()
    before = snapshot(g)
    with pytest.raises(ValueError, match="^" + msg):
        g.apply(action)
    same(g, before)


def test_a_list_action_is_accepted_like_a_tuple():
    g = state_throw()
    assert g.apply(["throw", 1]) == [("threw", 1), ("turn", 2)]


@pytest.mark.parametrize("seat", [3, -1, True, "0", 1.0])
def test_legal_actions_of_a_bad_seat(seat):
    g = state_throw()
    with pytest.raises(ValueError, match="^no seat"):
        g.legal_actions(seat)


def test_legal_actions_are_all_accepted():
    # The other side of the contract: every listed action is applied without complaint.
    for make in (state_roll_off, state_tie, state_throw, state_enter, state_overtime):
        g = make()
        for s in range(g.n()):
            for a in g.legal_actions(s):
                h = Tumblin.from_dict(g.to_dict())
                h.apply(a)
                check_invariants(h, full_reload=False)


# -- options ----------------------------------------------------------------------------

BAD_OPTIONS = [
    ({"players": 1}, "options.players"),
    ({"players": 5}, "options.players"),
    ({"players": 0}, "options.players"),
    ({"players": True}, "options.players"),
    ({"players": "2"}, "options.players"),
    ({"players": 2.0}, "options.players"),
    ({"players": None}, "options.players"),
    ({"players": 3, "teams": True}, "options.teams"),
    ({"players": 2, "teams": True}, "options.teams"),
    ({"mode": "add", "minus_zone": True}, "options.minus_zone"),
    ({"rounds": 4, "target": 100}, "options.rounds"),
    ({"rounds": None}, "options.rounds"),
    ({"rounds": None, "target": None}, "options.rounds"),
    ({"rounds": 0}, "options.rounds"),
    ({"rounds": 21}, "options.rounds"),
    ({"rounds": True}, "options.rounds"),
    ({"rounds": 4.0}, "options.rounds"),
    ({"rounds": "4"}, "options.rounds"),
    ({"target": 0}, "options.target"),
    ({"target": 10001}, "options.target"),
    ({"target": True}, "options.target"),
    ({"target": "100"}, "options.target"),
    ({"target": 50.5}, "options.target"),
    ({"rounds": None, "target": -5}, "options.target"),
    ({"board": "real"}, "options.board"),
    ({"board": "Table"}, "options.board"),
    ({"board": None}, "options.board"),
    ({"board": 1}, "options.board"),
    ({"mode": "sum"}, "options.mode"),
    ({"mode": "Add"}, "options.mode"),
    ({"mode": None}, "options.mode"),
    ({"players": 4, "teams": "yes"}, "options.teams"),
    ({"players": 4, "teams": None}, "options.teams"),
    ({"minus_zone": "no"}, "options.minus_zone"),
    ({"minus_zone": None}, "options.minus_zone"),
    # Bools given as ints: refused like True for an int option (a membership test lets
    # them through, as 1 == True and 0 == False; found and fixed in da4bfb9).
    ({"players": 4, "teams": 1}, "options.teams"),
    ({"players": 4, "teams": 0}, "options.teams"),
    ({"minus_zone": 1}, "options.minus_zone"),
    ({"minus_zone": 0}, "options.minus_zone"),
    ({"bots": [1]}, "options.bots"),
    ({"seed": 3}, "options.seed"),
    ([("players", 2)], "options"),
    ("2", "options"),
]


@pytest.mark.parametrize("opts, field", BAD_OPTIONS,
                         ids=["%s-%d" % (f, i) for i, (_, f) in enumerate(BAD_OPTIONS)])
def test_bad_options_name_the_field(opts, field):
    for make in (Tumblin, check_options):
        with pytest.raises(ValueError) as e:
            make(copy.deepcopy(opts))
        assert str(e.value).startswith(field + ":"), str(e.value)


def test_rulings_named_in_option_errors():
    for opts, rule in (({"players": 3, "teams": True}, "T5"),
                       ({"mode": "add", "minus_zone": True}, "T2"),
                       ({"rounds": 4, "target": 50}, "T5")):
        with pytest.raises(ValueError, match=rule):
            check_options(opts)


def test_good_options_load():
    for opts in ({}, None, {"players": 4, "teams": True}, {"target": 300},
                 {"rounds": None, "target": 5}, {"minus_zone": True, "board": "virtual"},
                 {"mode": "add", "rounds": 1}):
        g = Tumblin(opts, 3)
        assert check_options(g.options) == g.options


@pytest.mark.parametrize("seed", [-1, 2**32, True, "1", 1.5, None])
def test_bad_seed_names_the_field(seed):
    with pytest.raises(ValueError, match="^seed:"):
        Tumblin({"players": 2}, seed)


# -- corrupt saves ------------------------------------------------------------------------


def mid():
    """A table game in its second round: roll-off, a round, throws and an entry."""
    g = game_with_order({"players": 3}, [0, 1, 2])
    play_round(g, {0: [(2, 2)], 1: [(6, 1)]})
    throw_all(g)
    g.apply(("die", g.turn(), 3, 3))
    return g.to_dict()


def mid_virtual():
    g = game_with_order({"players": 2}, [0, 1], board="virtual")
    for p in (30, 50, 70):
        g.apply(("throw", g.turn(), p, 0))
    return g.to_dict()


def over():
    return state_over().to_dict()


def _append(d, entry):
    d["log"].append(entry)
    return d


def _log_index(d, kind):
    return [i for i, a in enumerate(d["log"]) if a[0] == kind][0]


# The save header ("game", "v") is checked once for every game: tests/test_game_contract.py.
CORRUPT = [
    # (id, make the dict, field the message starts with)
    ("not-a-dict", lambda: [mid()], "state"),
    ("json-null", lambda: None, "state"),
    ("options-missing", lambda: delk(mid(), "options"), "options"),
    ("options-list", lambda: setk(mid(), ["options"], []), "options"),
    ("options-players", lambda: setk(mid(), ["options", "players"], 5), "options.players"),
    ("options-unknown", lambda: setk(mid(), ["options", "wild"], 1), "options.wild"),
    ("options-board", lambda: setk(mid(), ["options", "board"], "real"), "options.board"),
    ("options-both-ends", lambda: setk(mid(), ["options", "target"], 50), "options.rounds"),
    ("seed-missing", lambda: delk(mid(), "seed"), "seed"),
    ("seed-negative", lambda: setk(mid(), ["seed"], -1), "seed"),
    ("seed-big", lambda: setk(mid(), ["seed"], 2**32), "seed"),
    ("seed-str", lambda: setk(mid(), ["seed"], "5"), "seed"),
    ("seed-bool", lambda: setk(mid(), ["seed"], True), "seed"),
    ("seed-float", lambda: setk(mid(), ["seed"], 1.5), "seed"),
    ("log-missing", lambda: delk(mid(), "log"), "log"),
    ("log-dict", lambda: setk(mid(), ["log"], {}), "log"),
    ("log-str", lambda: setk(mid(), ["log"], "roll"), "log"),
    ("log-entry-str", lambda: setk(mid(), ["log", 0], "roll"), "log[0]"),
    ("log-entry-empty", lambda: setk(mid(), ["log", 2], []), "log[2]"),
    ("log-entry-null", lambda: setk(mid(), ["log", 1], None), "log[1]"),
    ("log-undo", lambda: _append(mid(), ["undo"]), "log[%d]" % len(mid()["log"])),
    ("log-unknown", lambda: setk(mid(), ["log", 0], ["flick", 0]), "log[0]"),
    ("log-short-die", lambda: _append(mid(), ["die", 0, 3]), "log[%d]" % len(mid()["log"])),
    ("log-bad-face", lambda: _append(mid(), ["die", mid_turn(), 9, 2]),
     "log[%d]" % len(mid()["log"])),
    ("log-bad-level", lambda: _append(mid(), ["die", mid_turn(), 3, 0]),
     "log[%d]" % len(mid()["log"])),
    ("log-wrong-seat", lambda: _append(mid(), ["die", (mid_turn() + 1) % 3, 3, 2]),
     "log[%d]" % len(mid()["log"])),
    ("log-seat-out", lambda: setk(mid(), ["log", 0, 1], 3), "log[0]"),
    ("log-virtual-throw-in-table", lambda: _virtual_throw_in_table(), None),
    ("log-table-throw-in-virtual", lambda: _table_throw_in_virtual(), None),
    ("log-twice", lambda: _doubled(), None),
    ("log-after-over", lambda: _append(over(), ["throw", 0]), "log[%d]" % len(over()["log"])),
    ("log-other-seed", lambda: setk(mid(), ["seed"], _other_seed()), "log["),
]


def mid_turn():
    return Tumblin.from_dict(mid()).turn()


def _virtual_throw_in_table():
    d = mid()
    i = _log_index(d, "throw")
    d["log"][i] = d["log"][i] + [50, 0]
    return d, "log[%d]" % i


def _table_throw_in_virtual():
    d = mid_virtual()
    i = _log_index(d, "throw")
    d["log"][i] = d["log"][i][:2]
    return d, "log[%d]" % i


def _doubled():
    d = mid()
    i = _log_index(d, "throw")
    d["log"].insert(i, list(d["log"][i]))
    return d, "log[%d]" % (i + 1)


def _other_seed():
    """A seed whose roll-off differs from mid()'s: its log cannot replay."""
    d = mid()
    for seed in range(1000):
        try:
            Tumblin.from_dict(setk(copy.deepcopy(d), ["seed"], seed))
        except ValueError:
            return seed
    raise AssertionError("every seed replays the log")


@pytest.mark.parametrize("make, field", [c[1:] for c in CORRUPT], ids=[c[0] for c in CORRUPT])
def test_corrupt_save_names_the_field(make, field):
    d = make()
    if field is None:
        d, field = d
    text = json.dumps(d)
    with pytest.raises(ValueError) as e:
        Tumblin.from_dict(d)
    assert str(e.value).startswith(field), (field, str(e.value))
    assert re.match(r"^[a-z_.\[\]0-9]+: ", str(e.value)), str(e.value)
    assert json.dumps(d) == text  # from_dict never changes its argument


def test_log_errors_carry_the_rule():
    d = _append(mid(), ["die", mid_turn(), 9, 2])
    with pytest.raises(ValueError, match=r"^log\[\d+\]: T2: a face is 1-6"):
        Tumblin.from_dict(d)
    d = _append(over(), ["throw", 0])
    with pytest.raises(ValueError, match=r"^log\[\d+\]: T5: the game is over"):
        Tumblin.from_dict(d)


def test_valid_saves_load():
    for d in (mid(), mid_virtual(), over()):
        assert Tumblin.from_dict(copy.deepcopy(d)).to_dict() == d


def test_every_key_is_required():
    for key in mid():
        d = mid()
        del d[key]
        with pytest.raises(ValueError, match="^" + key + ": missing"):
            Tumblin.from_dict(d)


def test_corrupt_cases_cover_every_field():
    fields = {re.split(r"[.\[]", c[2])[0] for c in CORRUPT if c[2]}
    assert set(mid()) - {"game", "v"} <= fields | {"state"}  # header: test_game_contract.py
