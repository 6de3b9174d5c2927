"""Go Wild!: illegal and malformed actions, bad options and corrupt saved states.

Contract (games/__init__.py): an illegal action raises ValueError naming the rule it
breaks (G3, G6, ...) and leaves the state untouched; from_dict raises ValueError whose
message starts with the bad field.
"""

import copy
import json
import re

import pytest
from gowild_helpers import B, W, cards, check_invariants, play_all, position
from save_edits import delk, setk

from slampad.games.gowild import GoWild, check_options


def state_start():
    return GoWild({"players": 4}, 5)


def state_mid_trick():
    # Trick 2, seat 2 is the Wild One and holds colours; seats 0 and 1 have played.
    g = position(["3R 2W", "4B 1W", "2G 3W 1Y", "5O"], lead=0, trick=2, wild_one=2,
                 scores=[0, 0, 1, 0], plays=[(0, "1R"), (1, "2B")])
    assert g.turn == 2
    return g


def state_wild_one_to_play():
    g = position(["3R 2W", "4B 1W"], lead=1, wild_one=0, plays=[(1, "1B")])
    assert g.turn == 0
    return g


def state_over():
    g = position(["5R", "5B"], scores=[19, 3])
    play_all(g, "3R", "1B")
    assert g.is_over()
    return g


STATES = {
    "start": state_start,
    "mid_trick": state_mid_trick,
    "wild_one_to_play": state_wild_one_to_play,
    "over": state_over,
}

# (state, action, regex the message must match from its start)
ILLEGAL = [
    ("start", ("play", 1, cards("1R")), r"G3: it is P1's turn, not P2's"),
    ("start", ("play", 0, cards("13R")), r"G3: P1 does not hold 13R"),
    ("mid_trick", ("play", 2, cards("3G")), r"G3: P3 does not hold 3G"),
    ("mid_trick", ("play", 2, cards("1G 1Y")), r"G3: a set is one colour"),
    ("mid_trick", ("play", 2, cards("1G 2W")), r"G3: the Wild One's wilds may not outnumber"),
    ("mid_trick", ("play", 2, cards("2W")), r"G3: the Wild One may slough only when"),
    ("mid_trick", ("play", 2, [0] * 6), r"G3: a play needs one or more cards"),
    ("mid_trick", ("play", 0, cards("1R")), r"G3: it is P3's turn, not P1's"),
    ("mid_trick", ("play", 3, cards("1O")), r"G3: it is P3's turn, not P4's"),
    ("wild_one_to_play", ("play", 0, cards("1W")), r"G3: the Wild One may slough only"),
    ("wild_one_to_play", ("play", 0, cards("1R 2W")), r"G3: the Wild One's wilds"),
    ("wild_one_to_play", ("play", 1, cards("1B 1W")), r"G3: it is P1's turn"),
    ("over", ("play", 0, cards("1R")), r"G6: the game is over"),
    ("over", ("play", 1, cards("1B")), r"G6: the game is over"),
    ("over", ("play", 7, cards("1B")), r"G6: the game is over"),
]


@pytest.mark.parametrize("state, action, rule", ILLEGAL,
                         ids=["%s-%d" % (s, i) for i, (s, _, _) in enumerate(ILLEGAL)])
def test_illegal_action_names_the_rule_and_changes_nothing(state, action, rule):
    g = STATES[state]()
    before = g.to_dict()
    views = [g.view(s) for s in range(g.n())]
    with pytest.raises(ValueError, match="^" + rule):
        g.apply(action)
    assert g.to_dict() == before
    assert [g.view(s) for s in range(g.n())] == views
    check_invariants(g, reachable=False)


def test_non_wild_one_may_not_mix():
    g = position(["3R 2W", "4B 1W"])
    before = g.to_dict()
    with pytest.raises(ValueError, match="^G3: only the Wild One mixes"):
        g.apply(("play", 0, cards("1R 1W")))
    assert g.to_dict() == before


MALFORMED = [
    (None, r"unknown action"),
    ("play", r"unknown action"),
    (("pass", 0), r"unknown action"),
    (("play", 0), r"unknown action"),
    (("play", 0, cards("1R"), 1), r"unknown action"),
    (("Play", 0, cards("1R")), r"unknown action"),
    (("play", 4, cards("1R")), r"no seat 4"),
    (("play", -1, cards("1R")), r"no seat -1"),
    (("play", True, cards("1R")), r"no seat True"),
    (("play", None, cards("1R")), r"no seat None"),
    (("play", "0", cards("1R")), r"no seat '0'"),
    (("play", 0, [1, 0, 0]), r"G3: a play is six counts"),
    (("play", 0, [1, 0, 0, 0, 0, 0, 0]), r"G3: a play is six counts"),
    (("play", 0, "1R"), r"G3: a play is six counts"),
    (("play", 0, {"red": 1}), r"G3: a play is six counts"),
    (("play", 0, [-1, 0, 0, 0, 0, 1]), r"G3: card counts are whole numbers"),
    (("play", 0, [True, 0, 0, 0, 0, 0]), r"G3: card counts are whole numbers"),
    (("play", 0, [1.0, 0, 0, 0, 0, 0]), r"G3: card counts are whole numbers"),
    (("play", 0, [None, 0, 0, 0, 0, 0]), r"G3: card counts are whole numbers"),
    (("play", 0, [10**30, 0, 0, 0, 0, 0]), r"G3: P1 does not hold"),
]


@pytest.mark.parametrize("action, msg", MALFORMED, ids=[str(i) for i in range(len(MALFORMED))])
def test_malformed_action_raises_and_changes_nothing(action, msg):
    g = position(["3R 2W", "4B 1W", "2G", "5O"])
    before = g.to_dict()
    with pytest.raises(ValueError, match="^" + msg):
        g.apply(action)
    assert g.to_dict() == before


def test_a_list_action_is_accepted_like_a_tuple():
    g = position(["3R 2W", "4B 1W"])
    assert g.apply(["play", 0, (1, 0, 0, 0, 0, 0)]) == [("play", 0, cards("1R"))]


def test_legal_actions_of_nobody_and_bad_seats():
    g = state_start()
    assert g.legal_actions(None) == []  # no referee actions: dealing is automatic
    for bad in (4, -1, True, "1"):
        with pytest.raises(ValueError, match="no seat"):
            g.legal_actions(bad)


# -- options --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "opts, field",
    [
        ({"players": 1}, "options.players"),
        ({"players": 7}, "options.players"),
        ({"players": "4"}, "options.players"),
        ({"first_lead": 4}, "options.first_lead"),
        ({"players": 3, "first_lead": 3}, "options.first_lead"),
        ({"first_lead": -1}, "options.first_lead"),
        ({"target": 0}, "options.target"),
        ({"target": 1001}, "options.target"),
        ({"target": None}, "options.target"),
        ({"bots": [1]}, "options.bots"),
        ({"seed": 3}, "options.seed"),
        ([("players", 4)], "options"),
        ("4", "options"),
    ],
)
def test_bad_options_name_the_field(opts, field):
    for make in (GoWild, check_options):
        with pytest.raises(ValueError, match="^" + re.escape(field) + ":"):
            make(opts)


# -- corrupt saved states ---------------------------------------------------------------


def mid():
    return state_mid_trick().to_dict()


def over():
    return state_over().to_dict()


def move(d, src, dst, colour):
    """Move one card of ``colour`` between places, keeping 108 cards (src/dst: "deck",
    "discard", or a seat number for a hand)."""
    for place, sign in ((src, -1), (dst, 1)):
        if place == "deck":
            if sign < 0:
                d["deck"].remove(colour)
            else:
                d["deck"].append(colour)
        elif place == "discard":
            d["discard"][colour] += sign
        else:
            d["hands"][place][colour] += sign
    return d


def all_to_discard(d):
    """Every hand and the table go to the discard pile (108 cards kept)."""
    for _, p in d["plays"]:
        for c in range(6):
            d["discard"][c] += p[c]
    d["plays"] = []
    for h in d["hands"]:
        for c in range(6):
            d["discard"][c] += h[c]
            h[c] = 0
    return d


# The save header ("game", "v") is checked once for every game: tests/test_game_contract.py.
CORRUPT = [
    # (id, make the dict, field the message starts with)
    ("not-a-dict", lambda: [mid()], "state"),
    ("json-null", lambda: None, "state"),
    ("options-missing", lambda: delk(mid(), "options"), "options"),
    ("options-list", lambda: setk(mid(), ["options"], []), "options"),
    ("options-players", lambda: setk(mid(), ["options", "players"], 7), "options.players"),
    ("options-unknown", lambda: setk(mid(), ["options", "wild"], 1), "options.wild"),
    ("options-first-lead", lambda: setk(mid(), ["options", "first_lead"], 4),
     "options.first_lead"),
    ("options-target", lambda: setk(mid(), ["options", "target"], 0), "options.target"),
    ("players-shrunk", lambda: setk(mid(), ["options", "players"], 3), "scores"),
    ("rng-zero", lambda: setk(mid(), ["rng"], 0), "rng"),
    ("rng-big", lambda: setk(mid(), ["rng"], 2**32), "rng"),
    ("rng-str", lambda: setk(mid(), ["rng"], "1"), "rng"),
    ("rng-missing", lambda: delk(mid(), "rng"), "rng"),
    ("phase-unknown", lambda: setk(mid(), ["phase"], "deal"), "phase"),
    ("phase-missing", lambda: delk(mid(), "phase"), "phase"),
    ("round-zero", lambda: setk(mid(), ["round"], 0), "round"),
    ("round-float", lambda: setk(mid(), ["round"], 1.0), "round"),
    ("trick-zero", lambda: setk(mid(), ["trick"], 0), "trick"),
    ("trick-four", lambda: setk(mid(), ["trick"], 4), "trick"),
    ("trick-null", lambda: setk(mid(), ["trick"], None), "trick"),
    ("lead-out", lambda: setk(mid(), ["lead"], 4), "lead"),
    ("lead-negative", lambda: setk(mid(), ["lead"], -1), "lead"),
    ("lead-null", lambda: setk(mid(), ["lead"], None), "lead"),
    ("turn-wrong-seat", lambda: setk(mid(), ["turn"], 3), "turn"),
    ("turn-null", lambda: setk(mid(), ["turn"], None), "turn"),
    ("turn-out", lambda: setk(mid(), ["turn"], 9), "turn"),
    ("turn-missing", lambda: delk(mid(), "turn"), "turn"),
    ("turn-in-over", lambda: setk(over(), ["turn"], 0), "turn"),
    ("wild-one-out", lambda: setk(mid(), ["wild_one"], 4), "wild_one"),
    ("wild-one-str", lambda: setk(mid(), ["wild_one"], "2"), "wild_one"),
    ("scores-short", lambda: setk(mid(), ["scores"], [0, 0, 1]), "scores"),
    ("scores-negative", lambda: setk(mid(), ["scores", 1], -1), "scores[1]"),
    ("scores-bool", lambda: setk(mid(), ["scores", 0], False), "scores[0]"),
    ("scores-float", lambda: setk(mid(), ["scores", 3], 2.0), "scores[3]"),
    ("scores-at-target", lambda: setk(mid(), ["scores", 3], 20), "winners"),
    ("hands-short", lambda: setk(mid(), ["hands"], mid()["hands"][:3]), "hands"),
    ("hands-five-counts", lambda: setk(mid(), ["hands", 1], [4, 0, 0, 0, 1]), "hands[1]"),
    ("hands-negative", lambda: setk(mid(), ["hands", 0, 0], -1), "hands[0][0]"),
    ("hands-str", lambda: setk(mid(), ["hands", 3], "5O"), "hands[3]"),
    ("hands-thirteen", lambda: _thirteen(), "hands[3]"),
    ("hands-extra-card", lambda: setk(mid(), ["hands", 0, 1], 1), "hands"),
    ("deck-colour-six", lambda: setk(mid(), ["deck", 0], 6), "deck[0]"),
    ("deck-negative", lambda: setk(mid(), ["deck", 2], -1), "deck[2]"),
    ("deck-str", lambda: setk(mid(), ["deck", 1], "R"), "deck[1]"),
    ("deck-not-list", lambda: setk(mid(), ["deck"], "RYB"), "deck"),
    ("deck-card-lost", lambda: setk(mid(), ["deck"], mid()["deck"][1:]), "hands"),
    ("discard-short", lambda: setk(mid(), ["discard"], [0, 0, 0]), "discard"),
    ("discard-extra", lambda: setk(mid(), ["discard", 4], 1), "hands"),
    ("plays-not-list", lambda: setk(mid(), ["plays"], {}), "plays"),
    ("plays-entry-short", lambda: setk(mid(), ["plays", 0], [0]), "plays[0]"),
    ("plays-seat-out", lambda: setk(mid(), ["plays", 1, 0], 4), "plays[1][0]"),
    ("plays-seat-twice", lambda: setk(mid(), ["plays", 1, 0], 0), "plays[1][0]"),
    ("plays-out-of-order", lambda: setk(mid(), ["plays"], mid()["plays"][::-1]), "plays[0][0]"),
    ("plays-mixed-colours", lambda: _replace_play(1, cards("2B 1R")), "plays[1][1]"),
    ("plays-non-wild-one-mixes", lambda: _replace_play(1, cards("1B 1W")), "plays[1][1]"),
    ("plays-wilds-outnumber", lambda: _replace_play(1, cards("1B 2W")), "plays[1][1]"),
    ("plays-empty", lambda: _replace_play(1, [0] * 6), "plays[1][1]"),
    ("plays-negative", lambda: setk(mid(), ["plays", 0, 1, 0], -1), "plays[0][1][0]"),
    ("plays-too-many", lambda: setk(mid(), ["plays"], mid()["plays"] * 2), "plays"),
    ("winners-while-playing", lambda: setk(mid(), ["winners"], [2]), "winners"),
    ("winners-missing", lambda: delk(mid(), "winners"), "winners"),
    ("over-without-winner", lambda: setk(over(), ["winners"], []), "winners"),
    ("over-winner-below-target", lambda: setk(over(), ["winners"], [1]), "winners"),
    ("over-two-winners", lambda: setk(over(), ["winners"], [0, 1]), "winners"),
    # A trick nobody can go on with: every hand empty, nothing on the table (G3).
    ("nobody-to-play", lambda: setk(all_to_discard(mid()), ["turn"], None), "hands"),
    # Every seat holding cards has played, yet the trick is still on the table (G3).
    ("trick-already-complete", lambda: _complete_trick(), "plays"),
    # Seat 1 holds cards but was skipped: plays go clockwise from the lead (G3).
    ("plays-skip-a-holder", lambda: _skip_holder(), "plays[0][0]"),
    # The Wild One sloughed while still holding colour cards (G3).
    ("plays-wild-one-slough-holding-colours", lambda: _wild_one_slough(), "plays[0][1]"),
    # Two seats at the target in a finished game: it ended when the first reached it (G6).
    ("over-two-at-target", lambda: _two_at_target(), "winners"),
]


def _thirteen():
    d = mid()
    while sum(d["hands"][3]) < 13:  # seat 3 draws from the deck until it holds 13
        move(d, "deck", 3, d["deck"][-1])
    return d


def _replace_play(i, new):
    """Play i becomes ``new``; the deck gives or takes the difference (108 cards kept)."""
    d = mid()
    old = d["plays"][i][1]
    d["plays"][i][1] = list(new)
    for c in range(6):
        for _ in range(new[c] - old[c]):
            d["deck"].remove(c)
        for _ in range(old[c] - new[c]):
            d["deck"].append(c)
    return d


def _complete_trick():
    # Seats 2 and 3 hand all their cards to the discard pile: nobody is left to play.
    d = mid()
    for s in (2, 3):
        for c in range(6):
            d["discard"][c] += d["hands"][s][c]
            d["hands"][s][c] = 0
    d["turn"] = None
    return d


def _skip_holder():
    # Lead seat 0; seat 1 plays first although seat 0 holds cards.
    d = position(["3R 2W", "4B 1W", "2G"], lead=0).to_dict()
    d["hands"][1][B] -= 1
    d["plays"] = [[1, cards("1B")]]
    d["turn"] = 0
    return d


def _wild_one_slough():
    d = position(["3R 2W", "4B 1W", "2G"], lead=0, wild_one=0).to_dict()
    d["hands"][0][W] -= 1
    d["plays"] = [[0, cards("1W")]]
    d["turn"] = 1
    return d


def _two_at_target():
    d = over()
    d["scores"][1] = 20
    return d


@pytest.mark.parametrize("make, field", [c[1:] for c in CORRUPT], ids=[c[0] for c in CORRUPT])
def test_corrupt_state_names_the_field(make, field):
    d = make()
    text = json.dumps(d)
    with pytest.raises(ValueError) as e:
        GoWild.from_dict(d)
    assert str(e.value).startswith(field + ":"), str(e.value)
    assert json.dumps(d) == text  # from_dict never changes its argument


def test_valid_states_load():
    # The base dicts of the corrupt cases are themselves fine.
    for d in (mid(), over(), _thirteen_base()):
        assert GoWild.from_dict(copy.deepcopy(d)).to_dict() == d


def _thirteen_base():
    d = mid()
    move(d, "deck", 3, d["deck"][-1])
    return d


def test_every_key_is_required():
    for key in mid():
        d = mid()
        del d[key]
        with pytest.raises(ValueError, match="^" + key + ": missing"):
            GoWild.from_dict(d)


def test_corrupt_cases_cover_every_field():
    fields = {re.split(r"[.\[]", c[2])[0] for c in CORRUPT}
    assert set(mid()) - {"game", "v"} <= fields  # the header: test_game_contract.py


@pytest.mark.parametrize(
    "case, words",
    [
        ("nobody-to-play", "G3: nobody is left to play this trick"),
        ("trick-already-complete", "G3: nobody is left to play this trick"),
        ("plays-skip-a-holder", "G3: P1 holds cards and plays before P2"),
        ("plays-wild-one-slough-holding-colours", "G3: the Wild One may slough only"),
        ("over-two-at-target", "G6: one winner, the only one who reached the target"),
        ("plays-non-wild-one-mixes", "G3: only the Wild One mixes"),
        ("hands-extra-card", "G1: 19 yellow cards"),
        ("hands-thirteen", "G2: a hand holds at most 12 cards"),
    ],
)
def test_corrupt_state_names_the_rule(case, words):
    make = {c[0]: c[1] for c in CORRUPT}[case]
    with pytest.raises(ValueError) as e:
        GoWild.from_dict(make())
    assert words in str(e.value)
