"""tools/referee.py for Go Wild!: one trick in, the ruling out (rulings G1-G6).

Most cases run in-process through ``referee.run`` (the CLI's code path minus the pipes);
the ``test_cli_*`` tests run the script as a subprocess to pin exit codes and output.
Plays are written as in gowild_helpers (``"3O 4W"``) and turned into colour names.
"""

import json
import re

import pytest
import referee
from gowild_helpers import NAMES, cards, oracle_set, oracle_winner
from hypothesis import given, settings
from hypothesis import strategies as st
from referee_helpers import cli, refuse, ruling
from save_edits import delk, setk

KEYS = ["valid", "errors", "sizes", "winner", "points", "scores", "wild_one", "next_lead",
        "game_over"]
PAUL, ANNE, LARRY, MARGARET = range(4)


def names(text):
    out = []
    for c, k in enumerate(cards(text)):
        out += [NAMES[c]] * k
    return out


def scen(*plays, wild_one=None, lead=0, trick=1, scores=None, n=None):
    """A scenario; plays are (seat, "3O 4W") pairs in play order."""
    n = n or max([s for s, _ in plays] + [lead, 1]) + 1
    return {"game": "gowild", "wild_one": wild_one, "lead": lead, "trick": trick,
            "scores": list(scores) if scores is not None else [0] * n,
            "plays": [[s, names(p)] for s, p in plays]}


def ref(s):
    return ruling(s, KEYS)




# -- the rulebook's example trick (G3, G4) ----------------------------------------------

EXAMPLE = [(PAUL, "3O"), (ANNE, "4W"), (LARRY, "6G"), (MARGARET, "4B 4W")]


@pytest.mark.parametrize("trick", [1, 2, 3])
def test_G4_rulebook_example_margaret_wins_with_eight(trick):
    r = ref(scen(*EXAMPLE, wild_one=MARGARET, lead=PAUL, trick=trick, scores=[4, 2, 1, 5]))
    assert r == {"valid": [True] * 4, "errors": [None] * 4, "sizes": [3, 0, 6, 8],
                 "winner": MARGARET, "points": trick, "scores": [4, 2, 1, 5 + trick],
                 "wild_one": MARGARET, "next_lead": MARGARET, "game_over": False}


def test_G3_rulebook_example_without_the_wild_one_margaret_is_invalid_and_larry_wins():
    r = ref(scen(*EXAMPLE, wild_one=None, lead=PAUL, trick=1))
    assert r["valid"] == [True, True, True, False]
    assert r["errors"][3] == "G3: only the Wild One mixes wilds with colour cards"
    assert r["sizes"] == [3, 0, 6, 0]
    assert (r["winner"], r["points"], r["wild_one"], r["next_lead"]) == (LARRY, 1, LARRY, LARRY)
    assert r["scores"] == [0, 0, 1, 0]


# -- G3 valid sets ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "play, wild_one, valid, size, error",
    [
        ("5R", False, True, 5, None),
        ("1Y", False, True, 1, None),
        ("2B 1W", True, True, 3, None),
        ("2B 2W", True, True, 4, None),
        ("2B 3W", True, False, 0, "G3: the Wild One's wilds may not outnumber the colour cards"),
        ("2B 1W", False, False, 0, "G3: only the Wild One mixes wilds with colour cards"),
        ("3W", False, True, 0, None),
        ("3W", True, True, 0, None),  # the referee sees no hands: a Wild One's slough (G3)
        ("1R 1B", False, False, 0, "G3: a set is one colour"),
        ("1R 1B 1W", True, False, 0, "G3: a set is one colour"),
        ("-", False, False, 0, "G3: a play needs one or more cards"),
        ("-", True, False, 0, "G3: a play needs one or more cards"),
        ("12G", False, True, 12, None),
        ("6O 6W", True, True, 12, None),
    ],
)
def test_G3_each_play_judged(play, wild_one, valid, size, error):
    r = ref(scen((1, play), (2, "1R"), wild_one=1 if wild_one else None, lead=1, n=3))
    assert (r["valid"][0], r["sizes"][0], r["errors"][0]) == (valid, size, error)
    assert r["valid"][1] and r["sizes"][1] == 1


def test_G3_colour_names_in_any_order():
    s = scen((0, "1R"), (1, "-"), wild_one=1)
    s["plays"][1][1] = ["wild", "blue", "wild", "blue"]
    r = ref(s)
    assert r["valid"] == [True, True] and r["sizes"] == [1, 4] and r["winner"] == 1


def test_G3_an_invalid_play_is_ignored_for_the_trick():
    # Seat 1's mixed set is the biggest, but invalid: seat 2 wins with two.
    r = ref(scen((0, "1R"), (1, "4B 1G"), (2, "2Y"), trick=2))
    assert r["valid"] == [True, False, True] and r["sizes"] == [1, 0, 2]
    assert (r["winner"], r["points"], r["scores"], r["next_lead"]) == (2, 2, [0, 0, 2], 2)


def test_G3_seats_without_cards_are_skipped():
    # Lead seat 1; seats 2 and 0 hold nothing: gaps in the order are fine.
    r = ref(scen((1, "2R"), (3, "3B"), lead=1, trick=3, scores=[5, 6, 7, 8]))
    assert (r["winner"], r["points"], r["scores"]) == (3, 3, [5, 6, 7, 11])
    r = ref(scen((2, "2R"), lead=1, n=4))  # the lead itself holds nothing
    assert (r["winner"], r["next_lead"], r["wild_one"]) == (2, 2, 2)


# -- G4 winning a trick -------------------------------------------------------------------


def test_G4_largest_set_wins():
    r = ref(scen((0, "2R"), (1, "4B"), (2, "3G"), trick=2))
    assert (r["winner"], r["sizes"]) == (1, [2, 4, 3])


def test_G4_ties_go_to_the_set_played_first_in_play_order():
    # Lead seat 2 of 4: seat 2 plays first, then 3, then 0; all play three.
    r = ref(scen((2, "3R"), (3, "3B"), (0, "3G"), (1, "2Y"), lead=2, trick=2))
    assert r["winner"] == 2 and r["next_lead"] == 2
    r = ref(scen((3, "3B"), (0, "3G"), (1, "2Y"), lead=2, trick=2))
    assert r["winner"] == 3


def test_G4_wild_one_tying_an_earlier_set_loses():
    r = ref(scen((0, "3R"), (1, "2B 1W"), wild_one=1, trick=2))
    assert r["sizes"] == [3, 3] and r["winner"] == 0


def test_G4_sloughs_never_win():
    r = ref(scen((0, "1R"), (1, "9W"), trick=2))
    assert (r["winner"], r["sizes"]) == (0, [1, 0])
    r = ref(scen((0, "1R"), (1, "9W"), wild_one=1, trick=2))
    assert (r["winner"], r["sizes"]) == (0, [1, 0])


@pytest.mark.parametrize("trick", [1, 2, 3])
@pytest.mark.parametrize("wild_one", [None, 1])
def test_G4_all_slough_trick_has_no_winner_and_the_lead_leads_again(trick, wild_one):
    r = ref(scen((2, "1W"), (0, "4W"), (1, "2W"), lead=2, trick=trick, wild_one=wild_one,
                 scores=[3, 4, 5]))
    assert r == {"valid": [True] * 3, "errors": [None] * 3, "sizes": [0, 0, 0],
                 "winner": None, "points": 0, "scores": [3, 4, 5], "wild_one": wild_one,
                 "next_lead": 2, "game_over": False}


def test_G4_a_trick_of_invalid_plays_has_no_winner():
    r = ref(scen((0, "1R 1B"), (1, "-"), lead=0, trick=1, wild_one=1, scores=[1, 2]))
    assert r["valid"] == [False, False] and r["winner"] is None
    assert (r["scores"], r["wild_one"], r["next_lead"], r["points"]) == ([1, 2], 1, 0, 0)


# -- G5 the Wild One ------------------------------------------------------------------------


def test_G5_first_trick_winner_becomes_the_wild_one():
    r = ref(scen((0, "1R"), (1, "2B"), wild_one=None, trick=1))
    assert (r["winner"], r["wild_one"]) == (1, 1)
    r = ref(scen((0, "1R"), (1, "2B"), wild_one=0, trick=1))
    assert (r["winner"], r["wild_one"]) == (1, 1)  # it passes on
    r = ref(scen((0, "3R 1W"), (1, "2B"), wild_one=0, trick=1))
    assert (r["winner"], r["wild_one"]) == (0, 0)  # it stays


@pytest.mark.parametrize("trick", [2, 3])
@pytest.mark.parametrize("wild_one", [None, 0])
def test_G5_winning_trick_two_or_three_never_makes_a_wild_one(trick, wild_one):
    r = ref(scen((0, "1R"), (1, "2B"), wild_one=wild_one, trick=trick))
    assert (r["winner"], r["points"], r["wild_one"]) == (1, trick, wild_one)


# -- G6 score and the end -----------------------------------------------------------------


def test_G6_points_one_two_three():
    for trick in (1, 2, 3):
        r = ref(scen((0, "1R"), (1, "2B"), trick=trick, scores=[3, 4]))
        assert (r["points"], r["scores"]) == (trick, [3, 4 + trick])


def test_G6_game_over_when_someone_reaches_twenty():
    r = ref(scen((0, "1R"), (1, "2B"), trick=1, scores=[3, 19]))
    assert (r["scores"], r["game_over"]) == ([3, 20], True)
    r = ref(scen((0, "1R"), (1, "2B"), trick=3, scores=[3, 18]))
    assert (r["scores"], r["game_over"]) == ([3, 21], True)
    r = ref(scen((0, "1R"), (1, "2B"), trick=2, scores=[19, 17]))
    assert (r["scores"], r["game_over"]) == ([19, 19], False)
    r = ref(scen((0, "1W"), (1, "2W"), trick=3, scores=[19, 19]))
    assert (r["scores"], r["game_over"]) == ([19, 19], False)


# -- property: rulings agree with an oracle read from the rulings ---------------------------

COLOUR_NAMES = st.sampled_from(list(NAMES))


@st.composite
def scenarios(draw):
    n = draw(st.integers(2, 6))
    lead = draw(st.integers(0, n - 1))
    seats = sorted(draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=n)),
                   key=lambda s: (s - lead) % n)
    # Few colours make valid sets and ties common; at most 3 cards of a colour per play.
    palette = draw(st.sampled_from([NAMES, ("red", "wild"), ("blue",), ("green", "blue",
                                                                        "wild")]))
    plays = [[s, draw(st.lists(st.sampled_from(palette), max_size=9))] for s in seats]
    return {"game": "gowild", "wild_one": draw(st.none() | st.integers(0, n - 1)),
            "lead": lead, "trick": draw(st.integers(1, 3)),
            "scores": [draw(st.integers(0, 19)) for _ in range(n)], "plays": plays}


def counts_of(colours):
    p = [0] * 6
    for c in colours:
        p[NAMES.index(c)] += 1
    return p


@settings(max_examples=400, deadline=None)
@given(scenarios())
def test_G3_to_G6_rulings_match_the_rulings_text(s):
    per = [0] * 6
    for _, p in s["plays"]:
        for c, k in enumerate(counts_of(p)):
            per[c] += k
    if max(per) > 18:  # G1: not a trick a real deck can make
        refuse(s)
        return
    r = ref(s)
    wo = s["wild_one"]
    plays = [[seat, counts_of(p)] for seat, p in s["plays"]]
    judged = [oracle_set(p, seat == wo) for seat, p in plays]
    assert r["valid"] == [ok for ok, _ in judged]
    assert r["sizes"] == [k for _, k in judged]
    assert [e is None for e in r["errors"]] == r["valid"]
    assert all(e is None or e.startswith("G3: ") for e in r["errors"])
    win = oracle_winner([p for p, (ok, _) in zip(plays, judged, strict=True) if ok], wo)
    assert r["winner"] == win
    scores = list(s["scores"])
    if win is not None:
        scores[win] += s["trick"]
    assert r["points"] == (s["trick"] if win is not None else 0)
    assert r["scores"] == scores
    assert r["wild_one"] == (win if s["trick"] == 1 and win is not None else wo)
    assert r["next_lead"] == (win if win is not None else s["lead"])
    assert r["game_over"] == (max(scores) >= 20)


# -- impossible scenarios: exit 2, one line naming the field --------------------------------


def good():
    return scen((0, "1R"), (1, "2B"), (2, "1W"), wild_one=1, lead=0, trick=2, scores=[1, 2, 3])


def with_(path, value):
    return setk(good(), path, value)


def without(key):
    return delk(good(), key)


@pytest.mark.parametrize(
    "s, field",
    [
        pytest.param(without("plays"), "plays", id="missing-plays"),
        pytest.param(without("wild_one"), "wild_one", id="missing-wild-one"),
        pytest.param(without("lead"), "lead", id="missing-lead"),
        pytest.param(without("trick"), "trick", id="missing-trick"),
        pytest.param(without("scores"), "scores", id="missing-scores"),
        pytest.param(dict(good(), seed=1), "seed", id="unknown-key"),
        pytest.param(dict(good(), players=3), "players", id="wildside-key"),
        pytest.param(with_(["scores"], [0]), "scores", id="G2-one-seat"),
        pytest.param(with_(["scores"], [0] * 7), "scores", id="G2-seven-seats"),
        pytest.param(with_(["scores"], []), "scores", id="G2-no-seats"),
        pytest.param(with_(["scores"], "1,2,3"), "scores", id="scores-not-a-list"),
        pytest.param(with_(["scores", 1], -1), "scores[1]", id="negative-score"),
        pytest.param(with_(["scores", 0], 1.5), "scores[0]", id="float-score"),
        pytest.param(with_(["scores", 0], True), "scores[0]", id="bool-score"),
        pytest.param(with_(["scores", 2], 20), "scores[2]", id="G6-score-at-20"),
        pytest.param(with_(["scores", 2], 35), "scores[2]", id="G6-score-past-20"),
        pytest.param(with_(["wild_one"], 3), "wild_one", id="wild-one-out-of-range"),
        pytest.param(with_(["wild_one"], -1), "wild_one", id="wild-one-negative"),
        pytest.param(with_(["wild_one"], "1"), "wild_one", id="wild-one-string"),
        pytest.param(with_(["wild_one"], False), "wild_one", id="wild-one-bool"),
        pytest.param(with_(["lead"], 3), "lead", id="lead-out-of-range"),
        pytest.param(with_(["lead"], None), "lead", id="lead-null"),
        pytest.param(with_(["lead"], 0.0), "lead", id="lead-float"),
        pytest.param(with_(["trick"], 0), "trick", id="trick-0"),
        pytest.param(with_(["trick"], 4), "trick", id="trick-4"),
        pytest.param(with_(["trick"], "1"), "trick", id="trick-string"),
        pytest.param(with_(["trick"], True), "trick", id="trick-bool"),
        pytest.param(with_(["trick"], 2.0), "trick", id="trick-float"),
        pytest.param(with_(["plays"], []), "plays", id="G3-no-plays"),
        pytest.param(with_(["plays"], {"0": ["red"]}), "plays", id="plays-not-a-list"),
        pytest.param(with_(["plays", 1], [1]), "plays[1]", id="play-not-a-pair"),
        pytest.param(with_(["plays", 1], {"seat": 1}), "plays[1]", id="play-an-object"),
        pytest.param(with_(["plays", 1, 0], 3), "plays[1][0]", id="seat-out-of-range"),
        pytest.param(with_(["plays", 1, 0], -1), "plays[1][0]", id="seat-negative"),
        pytest.param(with_(["plays", 1, 0], "1"), "plays[1][0]", id="seat-string"),
        pytest.param(with_(["plays", 1, 0], True), "plays[1][0]", id="seat-bool"),
        pytest.param(with_(["plays", 2, 0], 0), "plays[2][0]", id="G3-seat-plays-twice"),
        pytest.param(with_(["plays"], [[1, ["red"]], [0, ["blue"]]]), "plays[1][0]",
                     id="G3-not-clockwise"),
        pytest.param(with_(["plays"], [[2, ["red"]], [1, ["blue"]]]), "plays[1][0]",
                     id="G3-anticlockwise"),
        pytest.param(with_(["plays", 1, 1], "blue blue"), "plays[1][1]", id="cards-a-string"),
        pytest.param(with_(["plays", 1, 1], ["blue", "purple"]), "plays[1][1][1]",
                     id="unknown-colour"),
        pytest.param(with_(["plays", 1, 1], ["Blue"]), "plays[1][1][0]", id="colour-case"),
        pytest.param(with_(["plays", 1, 1], [3]), "plays[1][1][0]", id="colour-a-number"),
        pytest.param(with_(["plays", 1, 1], ["blue"] * 13), "plays[1][1]",
                     id="G2-thirteen-cards"),
        pytest.param(scen((0, "10R"), (1, "9R"), n=2), "plays", id="G1-nineteen-red"),
        pytest.param(scen((0, "6W"), (1, "6W"), (2, "7W"), n=3), "plays",
                     id="G1-nineteen-wild"),
    ],
)
def test_impossible_scenarios_exit_2_naming_the_field(s, field):
    err = refuse(s)
    assert re.match(r"referee: %s: " % re.escape(field), err), err


def test_impossible_messages_name_the_ruling():
    assert "G6" in refuse(with_(["scores", 2], 20)) and "over" in refuse(with_(["scores", 2], 20))
    assert "G3" in refuse(with_(["plays", 2, 0], 0)) and "twice" in refuse(
        with_(["plays", 2, 0], 0))
    assert "G2" in refuse(with_(["scores"], [0] * 7))
    assert "G1" in refuse(scen((0, "10R"), (1, "9R"), n=2))
    assert refuse(with_(["plays", 1, 1], ["purple"])) == (
        "referee: plays[1][1][0]: unknown colour \"purple\" "
        "(colours: red yellow orange blue green wild)\n")


def test_wild_one_null_is_the_only_non_seat_allowed():
    assert ref(with_(["wild_one"], None))["wild_one"] is None


@pytest.mark.parametrize("text", ["", "{", "nope", b"\xff", '{"game": "gowild",}'])
def test_bad_json_exit_2(text):
    assert refuse(text).startswith("referee: input: not valid JSON")


def test_other_spellings_are_not_go_wild():
    err = refuse(dict(good(), game="go-wild"))
    assert err.startswith("referee: ") and "go-wild" in err


def test_wildside_still_refereed():
    s = {"game": "wildside", "players": [{"rolled": ["wild", "moon", "bolt"]},
                                         {"rolled": ["wild", "moon", "star"]}],
         "pool": 0, "slams": [[0, 10]]}
    code, out, err = referee.run(json.dumps(s))
    assert code == 0 and json.loads(out)["outcome"] == "match"


# -- the CLI as a subprocess ------------------------------------------------------------------


def test_cli_rulebook_example_exit_0():
    p = cli(json.dumps(scen(*EXAMPLE, wild_one=MARGARET, lead=PAUL, trick=2,
                            scores=[4, 2, 1, 5])))
    assert p.returncode == 0 and p.stderr == b""
    assert json.loads(p.stdout) == {
        "valid": [True, True, True, True], "errors": [None, None, None, None],
        "sizes": [3, 0, 6, 8], "winner": 3, "points": 2, "scores": [4, 2, 1, 7],
        "wild_one": 3, "next_lead": 3, "game_over": False}


def test_cli_invalid_play_still_exit_0():
    p = cli(json.dumps(scen((0, "2R 1W"), (1, "1B"), trick=1)))
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["valid"] == [False, True] and r["winner"] == 1
    assert r["errors"][0] == "G3: only the Wild One mixes wilds with colour cards"


def test_cli_unknown_colour_exit_2():
    p = cli(json.dumps(with_(["plays", 0, 1], ["pink"])))
    assert p.returncode == 2 and p.stdout == b""
    lines = p.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: plays[0][1][0]: unknown colour")


def test_cli_game_already_over_exit_2():
    p = cli(json.dumps(with_(["scores", 0], 20)))
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode().startswith("referee: scores[0]: G6")


def test_cli_bad_json_exit_2():
    p = cli('{"game": "gowild"')
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode().startswith("referee: input: not valid JSON")
