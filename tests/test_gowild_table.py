"""Go Wild! table mode core (a real deck; the device keeps score): G4-G8, S3."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slampad.games.gowild_table import GoWildTable


def play(g, *entries):
    for e in entries:
        g.apply(("trick",) + tuple(e))
    return g


def test_G6_tricks_score_1_2_3_and_rounds_advance():
    g = play(GoWildTable({"players": 3}), (0, 4), (1, 5), (2, 6))
    assert g.scores == [1, 2, 3]
    assert (g.round, g.trick) == (2, 1)


def test_G5_first_trick_winner_is_wild_one_until_another_round_first_trick():
    g = GoWildTable({"players": 4})
    assert g.wild_one is None  # nobody before some round's first trick is won
    play(g, (2, 3))
    assert g.wild_one == 2
    play(g, (1, 4), (3, 5))  # winning tricks 2 and 3 never makes a Wild One
    assert g.wild_one == 2
    play(g, (0, 6))
    assert g.wild_one == 0


def test_G4_nobody_wins_then_same_lead_and_wild_one_stays():
    g = play(GoWildTable({"players": 4, "first_lead": 3}), (1, 2), (0, 3), (2, 2))
    assert (g.wild_one, g.lead, g.trick) == (1, 2, 1)
    play(g, (None, None))  # round 2, first trick: all sloughs
    assert (g.wild_one, g.lead, g.trick, g.scores) == (1, 2, 2, [2, 1, 3, 0])


def test_G8_first_lead_is_a_setup_choice():
    assert GoWildTable({"players": 5, "first_lead": 4}).lead == 4
    assert GoWildTable({"players": 5}).lead == 0
    with pytest.raises(ValueError, match="options.first_lead"):
        GoWildTable({"players": 3, "first_lead": 3})


def test_G6_game_ends_the_moment_a_player_reaches_the_target():
    g = GoWildTable({"players": 2, "target": 5})
    ev = play(g, (0, 1), (1, 1), (0, 1), (0, 1)).winners()
    assert ev == [0] and g.scores == [5, 2] and g.is_over()
    with pytest.raises(ValueError, match="G6"):
        g.apply(("trick", 1, 3))


def test_S3_undo_restores_the_state_before_the_last_entry():
    g = play(GoWildTable({"players": 3}), (0, 2), (1, 3))
    before = g.to_dict()
    view = g.view()
    ev = g.apply(("trick", 2, 7))
    assert ev == [("trick", 3, 2, 3)]
    assert g.apply(("undo",)) == [("undone", 2, 7)]
    assert g.to_dict() == before and g.view() == view
    g.apply(("undo",))
    g.apply(("undo",))
    assert g.scores == [0, 0, 0] and g.wild_one is None
    with pytest.raises(ValueError, match="S3"):
        g.apply(("undo",))


def test_S3_undo_reopens_a_finished_game():
    g = play(GoWildTable({"players": 2, "target": 1}), (1, 2))
    assert g.is_over()
    g.apply(("undo",))
    assert not g.is_over() and g.winners() == []


@pytest.mark.parametrize(
    "action, words",
    [
        (("trick", 4, 2), "no seat"),
        (("trick", True, 2), "no seat"),
        (("trick", 0, 0), "G4"),
        (("trick", 0, 109), "G4"),
        (("trick", None, 3), "G4"),
        (("trick", 0), "wrong arguments"),
        (("deal",), "unknown action"),
        ("trick", "non-empty tuple"),
    ],
)
def test_bad_entries_are_refused_and_change_nothing(action, words):
    g = play(GoWildTable({"players": 4}), (0, 3))
    before = g.to_dict()
    with pytest.raises(ValueError, match=words):
        g.apply(action)
    assert g.to_dict() == before


def test_state_round_trip_and_corrupt_saves_name_the_field():
    g = play(GoWildTable({"players": 4}), (0, 3), (None, None), (2, 5))
    d = json.loads(json.dumps(g.to_dict()))
    assert GoWildTable.from_dict(d).to_dict() == g.to_dict()
    bad = dict(d, entries=[[0, 3], [9, 1]])
    with pytest.raises(ValueError, match=r"entries\[1\]: no seat 9"):
        GoWildTable.from_dict(bad)
    with pytest.raises(ValueError, match="^v:"):
        GoWildTable.from_dict(dict(d, v=2))
    with pytest.raises(ValueError, match="^game:"):
        GoWildTable.from_dict(dict(d, game="gowild"))
    with pytest.raises(ValueError, match=r"entries\[0\]"):
        GoWildTable.from_dict(dict(d, entries=[[0]]))


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 6), st.lists(st.tuples(st.integers(-1, 5), st.integers(1, 20)), max_size=60))
def test_scores_only_grow_by_the_trick_value_and_undo_is_exact(n, entries):
    g = GoWildTable({"players": n})
    history = [g.to_dict()]
    for w, size in entries:
        if g.is_over():
            break
        winner = None if w < 0 or w >= n else w
        before = list(g.scores)
        trick = g.trick
        g.apply(("trick", winner, size if winner is not None else None))
        diff = [a - b for a, b in zip(g.scores, before, strict=True)]
        if winner is None:
            assert diff == [0] * n
        else:
            assert diff[winner] == trick and sum(diff) == trick
        assert 1 <= g.trick <= 3
        history.append(g.to_dict())
    while g.entries:
        history.pop()
        g.apply(("undo",))
        assert g.to_dict() == history[-1]
