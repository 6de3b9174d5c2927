"""Go Wild! rulings G1-G9 (docs/rules.md), one or more tests each, on exact positions.

Positions are built through the saved-state dict (``position`` in gowild_helpers), so every
test also shows that from_dict accepts them. Cards are written as in gowild_helpers:
``"3O 4W"`` is three orange and four wild. The rulebook's example trick seats Paul (P1,
seat 0), Anne (seat 1), Larry (seat 2) and Margaret (seat 3).
"""

import json

import pytest
from gowild_helpers import (
    ORANGE,
    B,
    G,
    W,
    Y,
    all_subsets,
    cards,
    check_invariants,
    oracle_set,
    play,
    play_all,
    position,
    random_game,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from slampad.games import gowild_cards as gc
from slampad.games.gowild import DEFAULTS, GoWild, check_options
from slampad.rng import Rng

PAUL, ANNE, LARRY, MARGARET = range(4)


def legal_sets(g, seat=None):
    seat = g.turn if seat is None else seat
    return [a[2] for a in g.legal_actions(seat)]


# -- G1 deck --------------------------------------------------------------------------


def test_G1_108_cards_18_per_colour():
    assert gc.COLOURS == ("red", "yellow", "orange", "blue", "green", "wild")
    assert gc.PER_COLOUR == 18 and gc.DECK_SIZE == 108
    for n in range(2, 7):
        g = GoWild({"players": n}, 11 + n)
        per = [0] * 6
        for c in g.deck:
            per[c] += 1
        for h in g.hands:
            gc.add(per, h)
        assert per == [18] * 6
        assert sum(per) == 108  # not 109: the Wild One card is not in the deck
        check_invariants(g)


def test_G1_wild_one_marker_is_never_dealt():
    # The marker is no card: six kinds of card only, and nobody holds it at the start.
    for seed in range(20):
        g = GoWild({"players": 6}, seed)
        assert set(g.deck) <= set(range(6))
        assert all(len(h) == 6 for h in g.hands)
        assert g.wild_one is None
        assert g.view(0)["wild_one"] is None


def test_G1_the_deck_is_shuffled_by_the_seed():
    a, b = GoWild({"players": 2}, 1), GoWild({"players": 2}, 2)
    assert a.deck != b.deck
    assert GoWild({"players": 2}, 1).to_dict() == a.to_dict()


def test_G1_cards_conserved_through_a_whole_game():
    steps = []

    def on_step(g, a, ev):
        check_invariants(g)  # deck + hands + table + discard = 18 of each colour
        steps.append(a)

    g, acts = random_game({"players": 5}, 3, Rng(3), on_step=on_step)
    assert g.is_over() and len(steps) == len(acts) > 30


def test_G1_from_dict_refuses_a_109th_card():
    d = position(["12R", "12B"]).to_dict()
    d["discard"][B] += 1  # a 19th blue card
    with pytest.raises(ValueError, match=r"^hands: G1: 19 blue"):
        GoWild.from_dict(d)


# -- G2 players and hands -------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_G2_two_to_six_players_twelve_cards_each(n):
    g = GoWild({"players": n}, 5)
    assert [sum(h) for h in g.hands] == [12] * n
    assert len(g.deck) == 108 - 12 * n
    assert g.scores == [0] * n
    with pytest.raises(ValueError, match="no seat"):
        g.legal_actions(n)
    check_invariants(g)


@pytest.mark.parametrize("bad", [0, 1, 7, 8, -2, True, "4", 4.0, None])
def test_G2_options_refuse_other_player_counts(bad):
    with pytest.raises(ValueError, match=r"^options\.players"):
        GoWild({"players": bad})
    with pytest.raises(ValueError, match=r"^options\.players"):
        check_options({"players": bad})


def test_G2_default_is_four_players_hands_of_twelve():
    assert DEFAULTS == {"players": 4, "first_lead": 0, "target": 20}
    assert gc.HAND == 12
    g = GoWild()
    assert len(g.hands) == 4 and g.options == DEFAULTS


def test_G2_a_hand_never_holds_more_than_twelve():
    d = position(["12R", "12B"]).to_dict()
    d["hands"][0][Y] += 1
    d["deck"].remove(Y)
    with pytest.raises(ValueError, match=r"^hands\[0\]: G2"):
        GoWild.from_dict(d)


# -- G3 valid sets, must play, sitting out -----------------------------------------------


def test_G3_one_or_more_cards_of_one_colour():
    g = position(["5B 2R 3W", "12G"])
    sets = legal_sets(g)
    for k in range(1, 6):
        assert cards("%dB" % k) in sets  # you don't have to play all your blue
    assert cards("1R") in sets and cards("2R") in sets
    assert cards("2B 1R") not in sets
    ev = play(g, "3B")
    assert ev == [("play", 0, cards("3B"))]
    assert g.hands[0] == cards("2B 2R 3W")
    check_invariants(g)


def test_G3_mixed_colours_are_invalid_for_everyone():
    for wild_one in (None, 0):
        g = position(["5B 2R 3W", "12G"], wild_one=wild_one)
        before = g.to_dict()
        with pytest.raises(ValueError, match="^G3: a set is one colour"):
            play(g, "2B 1R")
        with pytest.raises(ValueError, match="^G3: a set is one colour"):
            play(g, "1B 1R 1W")
        assert g.to_dict() == before
    assert gc.judge_set(cards("1B 1R"), True) == (0, "G3: a set is one colour")


def test_G3_empty_play_is_invalid():
    g = position(["5B", "12G"])
    with pytest.raises(ValueError, match="^G3: a play needs one or more cards"):
        play(g, "-")
    assert gc.judge_set([0] * 6, False)[1].startswith("G3")
    assert gc.judge_set([0] * 6, True)[1].startswith("G3")


def test_G3_wild_one_mixes_wilds_at_most_as_many_as_colour_cards():
    # Rulebook: two blue with one or two wild, not with three or more.
    g = position(["2B 4W 6R", "12G"], wild_one=0)
    sets = legal_sets(g)
    assert cards("2B 1W") in sets and cards("2B 2W") in sets
    assert cards("2B 3W") not in sets
    assert cards("1B 1W") in sets and cards("1B 2W") not in sets
    assert cards("6R 4W") in sets  # as many wilds as held, up to the colour count
    with pytest.raises(ValueError, match="^G3: the Wild One's wilds may not outnumber"):
        play(g, "2B 3W")
    play(g, "2B 2W")
    assert g.plays == [[0, cards("2B 2W")]]
    assert gc.judge_set(cards("2B 2W"), True) == (4, None)  # wilds count as the colour


def test_G3_others_may_not_mix_wilds_only_slough_them():
    g = position(["12G", "2B 4W 6R"], wild_one=0, lead=1)
    sets = legal_sets(g)
    assert all(s[W] == 0 or sum(s) == s[W] for s in sets)  # no mixed set
    for k in range(1, 5):
        assert cards("%dW" % k) in sets  # one or more wilds: a slough
    before = g.to_dict()
    with pytest.raises(ValueError, match="^G3: only the Wild One mixes"):
        play(g, "2B 1W")
    assert g.to_dict() == before
    play(g, "4W")
    assert g.plays == [[1, cards("4W")]]
    assert gc.judge_set(cards("4W"), False) == (0, None)  # valid, size 0


def test_G3_wild_one_holding_only_wilds_may_slough():
    g = position(["5W", "12G"], wild_one=0)
    assert legal_sets(g) == [cards("%dW" % k) for k in range(1, 6)]
    play(g, "3W")
    assert g.plays == [[0, cards("3W")]]


def test_G3_wild_one_holding_colours_may_not_slough():
    g = position(["1Y 5W", "12G"], wild_one=0)
    sets = legal_sets(g)
    assert all(s[Y] for s in sets)  # every valid set uses the yellow
    assert cards("1Y 1W") in sets and cards("1Y 2W") not in sets
    before = g.to_dict()
    with pytest.raises(ValueError, match="^G3: the Wild One may slough only when holding"):
        play(g, "2W")
    assert g.to_dict() == before
    # The pure judge cannot see hands: like the referee, it takes the play as a slough.
    assert gc.judge_set(cards("2W"), True) == (0, None)
    assert oracle_set(cards("2W"), True, hand=cards("1Y 5W")) == (False, 0)


@pytest.mark.parametrize(
    "hand, wild_one",
    [("3B 2W 1R", True), ("3B 2W 1R", False), ("4W", True), ("4W", False), ("2R 2Y 2O", True),
     ("1R 1Y 1O 1B 1G 1W", True), ("1R 1Y 1O 1B 1G 1W", False), ("12G", False),
     ("6G 6W", True), ("6G 6W", False), ("3O 3W", True)],
)
def test_G3_legal_sets_are_exactly_the_valid_subsets_of_the_hand(hand, wild_one):
    h = cards(hand)
    want = sorted(p for p in all_subsets(h) if oracle_set(p, wild_one, hand=h)[0])
    assert sorted(gc.sets_for(h, wild_one)) == want
    g = position([hand, "5R 5Y"], wild_one=0 if wild_one else 1)
    assert sorted(legal_sets(g)) == want


def test_G3_a_player_holding_cards_must_play():
    g = position(["1R", "12G"])
    assert legal_sets(g) == [cards("1R")]  # no pass: the single card must go
    for a in (("pass", 0), ("play", 0), ("play", 0, [0] * 6)):
        with pytest.raises(ValueError):
            g.apply(a)
    assert g.turn == 0


def test_G3_only_the_seat_to_play_may_play_cards_it_holds():
    g = position(["3R", "3B", "3G"])
    assert g.legal_actions(1) == [] and g.legal_actions(2) == []
    with pytest.raises(ValueError, match="^G3: it is P1's turn, not P2's"):
        g.apply(("play", 1, cards("1B")))
    with pytest.raises(ValueError, match="^G3: P1 does not hold 4R"):
        play(g, "4R")
    with pytest.raises(ValueError, match="^G3: P1 does not hold 1B"):
        play(g, "1B")


def test_G3_turns_go_clockwise_from_the_lead():
    g = position(["3R", "3B", "3G", "3Y"], lead=2)
    order = []
    for _ in range(4):
        order.append(g.turn)
        play(g, "1" + "RBGY"[g.turn])
    assert order == [2, 3, 0, 1]


def test_G3_a_player_without_cards_sits_out_the_rest_of_the_round():
    # Seat 0 plays its last two cards in trick 1 and sits out tricks 2 and 3.
    g = position(["2R", "5B 1Y", "5G 1O"], top="RYOBGW" * 3)
    play_all(g, "2R", "1Y", "1O")
    assert g.trick == 2 and g.lead == 0 and g.wild_one == 0  # seat 0 won with 2
    assert g.turn == 1  # the lead holds nothing: the next seat clockwise starts
    assert g.legal_actions(0) == []
    play_all(g, "1B", "1G")
    assert g.trick == 3 and g.lead == 1 and g.turn == 1
    play(g, "1B")
    assert g.turn == 2  # seat 0 skipped again
    ev = play(g, "3G")
    assert ("trick", 3, 2, 3) in ev and g.round == 2 and g.trick == 1
    assert [sum(h) for h in g.hands] == [12, 12, 12]  # refilled after trick three
    assert g.turn == 2  # the winner leads, and seat 0 plays again this round
    play(g, "1G")
    assert g.turn == 0
    check_invariants(g)


def test_G3_a_seat_emptied_mid_round_is_skipped_wherever_it_sits():
    g = position(["5R", "-", "5G", "5Y"], trick=2, lead=0, wild_one=3)
    order = []
    while g.trick == 2:
        order.append(g.turn)
        play(g, "1" + "R?GY"[g.turn])
    assert order == [0, 2, 3]
    check_invariants(g, reachable=False)


def test_G3_when_nobody_holds_cards_the_rest_of_the_round_is_skipped():
    # Both players empty their hands in trick 1: tricks 2 and 3 cannot be played; the round
    # ends and hands are refilled (rulebook: "wait until the end of trick three").
    g = position(["12R", "12B"])
    ev = play_all(g, "12R", "12B")
    assert ev[2:5] == [("trick", 1, 0, 1), ("wild_one", 0), ("no_cards", 2)]
    assert ("no_cards", 3) in ev and ("deal", 24) in ev
    assert (g.round, g.trick, g.turn, g.scores) == (2, 1, 0, [1, 0])
    check_invariants(g)


# -- G4 winning a trick ---------------------------------------------------------------


def _rulebook_trick(trick):
    # Margaret is the Wild One; Paul leads because he won the previous trick.
    return position(
        ["3O 2R 1B 2Y", "4W 3Y 1R", "6G 2R", "4B 4W 1Y"],
        lead=PAUL, wild_one=MARGARET, trick=trick, scores=[4, 2, 1, 5], rnd=3,
    )


def test_G4_rulebook_example_trick():
    g = _rulebook_trick(3)
    assert gc.trick_winner(
        [[0, cards("3O")], [1, cards("4W")], [2, cards("6G")], [3, cards("4B 4W")]], 3
    ) == (MARGARET, [3, 0, 6, 8])
    assert play(g, "3O") == [("play", PAUL, cards("3O"))]
    assert g.turn == ANNE
    play(g, "4W")  # Anne sloughs four wilds
    play(g, "6G")  # Larry's six green
    ev = play(g, "4B 4W")  # Margaret triumphantly plays all eight
    assert ev[:2] == [("play", MARGARET, cards("4B 4W")), ("trick", 3, MARGARET, 3)]
    assert g.scores == [4, 2, 1, 8]
    assert g.lead == MARGARET and g.wild_one == MARGARET
    # Third trick: the round ends, hands refill from Margaret, and she leads round 4.
    assert (g.round, g.trick, g.turn) == (4, 1, MARGARET)
    assert [sum(h) for h in g.hands] == [12] * 4
    assert g.discard == cards("3O 8W 6G 4B")  # the trick's cards were discarded
    check_invariants(g)


def test_G4_rulebook_example_as_a_rounds_first_trick_keeps_margaret_wild():
    g = _rulebook_trick(1)
    ev = play_all(g, "3O", "4W", "6G", "4B 4W")
    assert ("trick", 1, MARGARET, 1) in ev
    assert not [e for e in ev if e[0] == "wild_one"]  # G5: she stays, nothing changes hands
    assert g.wild_one == MARGARET and g.scores == [4, 2, 1, 6]
    assert sum(g.discard) == 21


def test_G4_without_the_wild_one_card_margaret_could_not_mix_and_larry_wins():
    g = position(["3O 2R 1B 2Y", "4W 3Y 1R", "6G 2R", "4B 4W 1Y"], wild_one=None, trick=2)
    play_all(g, "3O", "4W", "6G")
    with pytest.raises(ValueError, match="^G3: only the Wild One mixes"):
        play(g, "4B 4W")
    ev = play(g, "4B")
    assert ("trick", 2, LARRY, 2) in ev and g.lead == LARRY
    assert g.wild_one is None  # G5: a second trick makes no Wild One


def test_G4_largest_set_wins():
    g = position(["5R", "5B", "5G"], trick=2)
    ev = play_all(g, "2R", "4B", "3G")
    assert ("trick", 2, 1, 2) in ev and g.lead == 1 and g.turn == 1


def test_G4_ties_go_to_the_set_played_first():
    # Lead seat 2: seats 2, 3 and 0 all play three; seat 2 played first.
    g = position(["5G", "5Y", "5R", "5B"], lead=2, trick=2)
    ev = play_all(g, "3R", "3B", "3G", "2Y")
    assert ("trick", 2, 2, 2) in ev
    assert g.lead == 2


def test_G4_wild_one_tying_an_earlier_set_loses():
    g = position(["5R", "3B 2W"], wild_one=1, trick=2)
    ev = play_all(g, "3R", "2B 1W")
    assert ("trick", 2, 0, 2) in ev
    assert gc.trick_winner([[0, cards("3R")], [1, cards("2B 1W")]], 1) == (0, [3, 3])


def test_G4_a_slough_never_wins_even_when_largest():
    g = position(["5R", "6W 1B"], trick=2)
    ev = play_all(g, "1R", "6W")
    assert ("trick", 2, 0, 2) in ev and g.scores == [2, 0]


def test_G4_the_wild_ones_slough_never_wins():
    g = position(["5R", "6W"], wild_one=1, trick=3)
    ev = play_all(g, "1R", "6W")
    assert ("trick", 3, 0, 3) in ev


def test_G4_all_slough_trick_scores_nothing_and_the_same_player_leads():
    g = position(["3W 2R", "4W 2B", "2W 2G"], lead=1, trick=2, scores=[1, 0, 0])
    ev = play_all(g, "4W", "2W", "1W")
    assert ev[3:] == [("no_winner", 2)]
    assert g.scores == [1, 0, 0]
    assert (g.trick, g.lead, g.turn) == (3, 1, 1)
    assert g.discard == cards("7W")
    check_invariants(g, reachable=False)


@pytest.mark.parametrize("wild_one", [None, 2])
def test_G4_all_slough_first_trick_leaves_the_wild_one_as_it_was(wild_one):
    # Seat 2 holds only wilds, so even as the Wild One it may slough (G3).
    g = position(["2W 1R", "1W 3B", "3W"], wild_one=wild_one, rnd=2, scores=[0, 3, 4])
    ev = play_all(g, "2W", "1W", "3W")
    assert ev[3:] == [("no_winner", 1)]
    assert g.wild_one == wild_one and g.scores == [0, 3, 4]
    assert (g.round, g.trick, g.lead, g.turn) == (2, 2, 0, 0)


def test_G4_no_colour_has_to_be_followed():
    g = position(["5R 5B", "5Y 5G", "5O 2W"], trick=2)
    play(g, "2R")
    assert cards("3Y") in legal_sets(g) and cards("5G") in legal_sets(g)
    play(g, "3Y")
    assert cards("1O") in legal_sets(g)


def test_G4_invalid_sets_count_zero_in_the_pure_judge():
    plays = [[0, cards("1R")], [1, cards("2B 3W")], [2, cards("4Y 1G")], [3, [0] * 6]]
    assert gc.trick_winner(plays, 1) == (0, [1, 0, 0, 0])
    assert gc.trick_winner([[1, cards("2B 3W")], [2, cards("9W")]], 1) == (None, [0, 0])
    assert gc.trick_winner([], None) == (None, [])


# -- G5 the Wild One ------------------------------------------------------------------


def test_G5_nobody_is_the_wild_one_at_the_start():
    g = GoWild({"players": 3}, 8)
    assert g.wild_one is None and all(g.view(s)["wild_one"] is None for s in range(3))
    g = position(["3B 2W", "12G"])
    assert all(s[W] == 0 or sum(s) == s[W] for s in legal_sets(g))  # nobody may mix
    with pytest.raises(ValueError, match="^G3: only the Wild One"):
        play(g, "2B 1W")


def test_G5_winner_of_the_first_trick_becomes_the_wild_one_and_may_mix_at_once():
    g = position(["3B 2W 1R", "2G 3Y 2W"])
    assert cards("3Y 2W") not in legal_sets(g, 1)
    ev = play_all(g, "1R", "2G")
    assert ev[2:] == [("trick", 1, 1, 1), ("wild_one", 1)]
    assert g.wild_one == 1 and g.view(0)["wild_one"] == 1
    assert g.turn == 1 and cards("3Y 2W") in legal_sets(g)  # trick 2: seat 1 may mix
    play(g, "3Y 2W")
    assert cards("2B 1W") not in legal_sets(g)  # seat 0 still may not


def test_G5_the_wild_one_mixes_in_tricks_two_three_and_the_next_rounds_first():
    # Rulebook: Margaret wins trick one of round A; she may mix in tricks two and three of
    # round A and in trick one of round B.
    g = position(["5R", "5B", "5G", "4B 4W 2Y 2O"], lead=MARGARET, rnd=1)
    play_all(g, "1Y", "2R", "1B", "1G")
    assert g.wild_one == PAUL  # Paul won with two red
    g = position(["5R", "5B", "5G", "4B 4W 2Y 2O"], lead=MARGARET)
    ev = play_all(g, "2Y", "1R", "1B", "1G")
    assert ("wild_one", MARGARET) in ev
    play(g, "1B 1W")  # trick 2, she leads with a mixed set
    play_all(g, "1R", "1B", "1G")
    play(g, "2O 2W")  # trick 3
    play_all(g, "1R", "1B", "1G")
    assert g.round == 2 and g.wild_one == MARGARET
    assert g.scores == [0, 0, 0, 6]
    assert g.turn == MARGARET and cards("2B 1W") in legal_sets(g)  # round B, trick 1


def test_G5_winning_trick_two_or_three_never_makes_a_wild_one():
    for trick in (2, 3):
        g = position(["5R", "5B"], trick=trick)
        ev = play_all(g, "1R", "3B")
        assert ("trick", trick, 1, trick) in ev
        assert g.wild_one is None
        assert not [e for e in ev if e[0] == "wild_one"]
        g = position(["5R", "5B"], trick=trick, wild_one=0)
        play_all(g, "1R", "3B")
        assert g.wild_one == 0


def test_G5_the_wild_one_stays_when_winning_trick_one_again():
    g = position(["5R 2W", "5B"], wild_one=0, rnd=4, scores=[3, 5])
    ev = play_all(g, "3R 2W", "4B")
    assert ("trick", 1, 0, 1) in ev and not [e for e in ev if e[0] == "wild_one"]
    assert g.wild_one == 0


def test_G5_the_wild_one_passes_to_the_next_rounds_first_trick_winner():
    g = position(["5R 2W", "5B"], wild_one=0, rnd=4, scores=[3, 5])
    ev = play_all(g, "1R 1W", "4B")
    assert ("wild_one", 1) in ev
    assert g.wild_one == 1 and g.scores == [3, 6]
    # Seat 0 has lost the card: its wilds are only a slough now.
    play(g, "1B")
    assert cards("1R 1W") not in legal_sets(g) and cards("1W") in legal_sets(g)


def test_G5_a_first_trick_with_no_winner_makes_no_wild_one():
    g = position(["2W 5R", "2W 5B"])
    ev = play_all(g, "2W", "1W")
    assert ("no_winner", 1) in ev and g.wild_one is None
    ev = play_all(g, "5R", "1B")
    assert ("trick", 2, 0, 2) in ev and g.wild_one is None  # only a first trick makes one


# -- G6 score and end -----------------------------------------------------------------


def test_G6_tricks_one_two_three_score_one_two_three():
    g = position(["6R", "6B", "6G"], top="RYOBGW" * 3)
    ev = play_all(g, "1R", "2B", "1G")  # seat 1 wins trick 1
    assert ("trick", 1, 1, 1) in ev and g.scores == [0, 1, 0]
    ev = play_all(g, "2B", "3G", "1R")  # seat 2 wins trick 2
    assert ("trick", 2, 2, 2) in ev and g.scores == [0, 1, 2]
    ev = play_all(g, "2G", "4R", "1B")  # seat 0 wins trick 3
    assert ("trick", 3, 0, 3) in ev and g.scores == [3, 1, 2]
    assert (g.round, g.trick, g.lead, g.turn) == (2, 1, 0, 0)
    assert g.wild_one == 1


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 6),
    wild_one=st.one_of(st.none(), st.integers(0, 5)),
    scores=st.lists(st.integers(0, 25), min_size=6, max_size=6),
    trick=st.integers(1, 3),
    winner=st.one_of(st.none(), st.integers(0, 5)),
    target=st.integers(1, 30),
)
def test_G5_G6_settle_is_the_rulings_word_for_word(n, wild_one, scores, trick, winner, target):
    """gowild_cards.settle / .over, the one G5/G6 settlement, read against docs/rules.md:
    trick k scores k (G6), only a round's first trick makes the Wild One (G5), a trick
    nobody won scores nothing and keeps the Wild One (G4), the end at the target (G6)."""
    scores = scores[:n]
    wild_one = None if wild_one is None else wild_one % n
    winner = None if winner is None else winner % n
    want = list(scores)
    if winner is not None:
        want[winner] += trick
    after = list(scores)
    wo = gc.settle(after, wild_one, trick, winner)
    assert after == want
    assert wo == (winner if winner is not None and trick == 1 else wild_one)
    assert gc.over(after, winner, target) == (winner is not None and want[winner] >= target)


def test_G5_G6_one_settlement_serves_the_rules_table_mode_and_the_hard_bot(monkeypatch):
    """Issue 28: the rules (GoWild), table mode (GoWildTable) and the hard bot's play-outs
    (bots/gowild_search.playout) all settle a trick through gowild_cards.settle and
    .over; none keeps a copy of its own."""

    from slampad.bots import gowild_search as gs
    from slampad.bots.gowild import GoWildBot
    from slampad.games import gowild_table
    from slampad.games.gowild_table import GoWildTable

    calls = []
    # The module each caller holds: a device test in the same process may have unloaded
    # the games (app/loader.unload_games), so a later import holds a fresh copy.
    users = (GoWild._end_trick.__globals__["gc"], gowild_table.gc, gs.gc)
    assert {m.__name__ for m in users} == {"slampad.games.gowild_cards"}
    for m in {id(m): m for m in users}.values():
        real_settle, real_over = m.settle, m.over

        def settle(*a, real=real_settle):
            calls.append("settle")
            return real(*a)

        def over(*a, real=real_over):
            calls.append("over")
            return real(*a)

        monkeypatch.setattr(m, "settle", settle)
        monkeypatch.setattr(m, "over", over)
    g = position(["6R", "6B", "6G"], top="RYOBGW" * 3)
    play_all(g, "1R", "2B", "1G")
    assert calls == ["settle", "over"] and g.scores == [0, 1, 0] and g.wild_one == 1
    del calls[:]
    t = GoWildTable({"players": 3})
    t.apply(("trick", 2, 3))
    assert calls == ["settle", "over"] and t.scores == [0, 0, 1] and t.wild_one == 2
    del calls[:]
    g = GoWild({"players": 3}, 5)
    GoWildBot(g.turn, "hard", 1).choose(g.view(g.turn))
    assert "settle" in calls and "over" in calls  # the play-outs settle their tricks


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**30), n=st.integers(2, 6))
def test_G5_G6_table_mode_fed_the_tricks_of_a_real_game_keeps_the_same_score(seed, n):
    """The same tricks entered in table mode give the same scores, Wild One, lead and end
    as the rules core playing them (G5, G6; G4's tricks nobody won included)."""
    from slampad.games.gowild_table import GoWildTable

    t = GoWildTable({"players": n, "target": 12})

    def on_step(g, a, ev):
        for e in ev:
            if e[0] in ("trick", "no_winner"):
                t.apply(("trick", e[2] if e[0] == "trick" else None, None))
                assert (t.scores, t.wild_one, t.lead) == (g.scores, g.wild_one, g.lead)
            elif e[0] == "no_cards":
                t.apply(("trick", None, None))  # a trick nobody could play: nobody won
        assert t.is_over() == g.is_over()

    g, _ = random_game({"players": n, "target": 12}, seed, Rng(seed + 1), on_step=on_step)
    assert t.winners() == g.winners()


def test_G6_the_game_ends_the_moment_someone_reaches_twenty():
    g = position(["5R", "5B", "5G"], scores=[19, 12, 18])
    deck = list(g.deck)
    ev = play_all(g, "2R", "1B", "1G")
    assert ev[-1] == ("game_over", [0])
    assert g.is_over() and g.winners() == [0] and g.scores == [20, 12, 18]
    assert g.phase == "over" and g.turn is None
    assert all(g.legal_actions(s) == [] for s in range(3))
    assert g.deck == deck  # trick 2 is never played, nothing is dealt
    with pytest.raises(ValueError, match="^G6: the game is over"):
        g.apply(("play", 1, cards("1B")))
    check_invariants(g)


def test_G6_reaching_twenty_on_trick_three_ends_before_the_refill():
    g = position(["5R", "5B"], scores=[17, 19], trick=3)
    hands = [list(h) for h in g.hands]
    ev = play_all(g, "3R", "1B")
    assert ev[-2:] == [("trick", 3, 0, 3), ("game_over", [0])]
    assert not [e for e in ev if e[0] == "deal"]
    assert g.hands == [cards("2R"), cards("4B")] != hands
    assert g.winners() == [0]


def test_G6_passing_twenty_also_ends_and_nineteen_does_not():
    g = position(["5R", "5B"], scores=[18, 16], trick=3)
    play_all(g, "1R", "3B")
    assert g.scores == [18, 19] and not g.is_over()
    g = position(["5R", "5B"], scores=[18, 16], trick=3)
    play_all(g, "3R", "1B")
    assert g.scores == [21, 16] and g.winners() == [0]


def test_G6_target_option():
    g = position(["5R", "5B"], scores=[4, 4], target=5)
    ev = play_all(g, "1R", "2B")
    assert ev[-1] == ("game_over", [1]) and g.scores == [4, 5]
    for bad in (0, -1, "20", 2.5, True):
        with pytest.raises(ValueError, match=r"^options\.target"):
            GoWild({"target": bad})


# -- G7 refill ------------------------------------------------------------------------


def _refill_position(top, rest="deck"):
    # Trick 3. After it seat 0 holds 10, seat 1 holds 11, seat 2 holds 9 and wins.
    return position(["11R", "12Y", "9B 3G"], trick=3, top=top, rest=rest, wild_one=1)


def test_G7_refill_one_card_at_a_time_in_seat_order_from_the_next_leader():
    g = _refill_position("OWGRYB")
    deck_below = g.deck[:-6]
    ev = play_all(g, "1R", "1Y", "3G")
    assert ev[3:] == [("trick", 3, 2, 3), ("deal", 6)]
    # Order: seat 2 (O), 0 (W), 1 (G), 2 (R), 0 (Y), 2 (B): one card each, in turn.
    assert g.hands == [cards("10R 1W 1Y"), cards("11Y 1G"), cards("10B 1O 1R")]
    assert g.deck == deck_below
    assert (g.round, g.trick, g.lead, g.turn) == (2, 1, 2, 2)


def test_G7_no_refill_after_tricks_one_and_two():
    g = position(["5R", "5B"], top="GGGG")
    deck = list(g.deck)
    play_all(g, "2R", "1B")
    assert g.deck == deck and g.hands == [cards("3R"), cards("4B")]
    play_all(g, "1R", "1B")
    assert g.deck == deck and g.trick == 3


def test_G7_empty_deck_is_replaced_by_the_shuffled_discard_pile():
    g = _refill_position("OW", rest="discard")
    assert len(g.deck) == 2
    ev = play_all(g, "1R", "1Y", "3G")
    discard = [18, 18, 18, 18, 18, 18]  # every card not in a hand after the trick
    for h in ([0, 0, 0, 0, 0, 0], cards("10R"), cards("11Y"), cards("9B"), cards("1O 1W")):
        gc.add(discard, h, -1)
    assert sum(discard) == 76
    assert ev[3:] == [("trick", 3, 2, 3), ("reshuffle", 76), ("deal", 6)]
    assert g.hands[2][ORANGE] >= 1 and g.hands[0][W] >= 1  # the old deck's two cards went first
    assert [sum(h) for h in g.hands] == [12, 12, 12]
    assert g.discard == [0] * 6 and len(g.deck) == 72
    dealt = [0] * 6
    gc.add(dealt, g.hands[0])
    gc.add(dealt, g.hands[1])
    gc.add(dealt, g.hands[2])
    gc.add(dealt, cards("10R 11Y 9B 1O 1W"), -1)
    left = [0] * 6
    for c in g.deck:
        left[c] += 1
    gc.add(left, dealt)
    assert left == discard  # the new deck is the old discard pile, less the 4 dealt
    assert g.deck != sorted(g.deck) and g.deck != sorted(g.deck, reverse=True)
    check_invariants(g)


def test_G7_the_reshuffle_follows_the_seed_and_replays():
    a = _refill_position("OW", rest="discard")
    b = GoWild.from_dict(a.to_dict())
    play_all(a, "1R", "1Y", "3G")
    play_all(b, "1R", "1Y", "3G")
    assert a.to_dict() == b.to_dict()


def test_G7_refill_always_completes_with_108_cards():
    # At most 6 x 12 = 72 cards are in hands, so deck + discard always hold 36 or more.
    g = position(["1R", "1B", "1G", "1Y", "1O", "1W"], trick=3, rest="discard")
    ev = play_all(g, "1R", "1B", "1G", "1Y", "1O", "1W")
    assert ev[6:] == [("trick", 3, 0, 3), ("reshuffle", 108), ("deal", 72)]
    assert [sum(h) for h in g.hands] == [12] * 6
    check_invariants(g)


def test_G7_when_deck_and_discard_are_both_empty_dealing_stops():
    # Unreachable with 108 cards (see above), so shown on the refill itself with a
    # doctored deck: two cards left, nothing discarded, seats short by 2 and 1.
    g = GoWild({"players": 2}, 1)
    g.hands = [cards("10R"), cards("11B")]
    g.deck = [G, Y]  # Y on top
    g.discard = [0] * 6
    ev = []
    g._deal(1, ev)
    assert ev == [("deal", 2)]
    assert g.hands == [cards("10R 1G"), cards("11B 1Y")]
    assert g.deck == [] and g.discard == [0] * 6


# -- G8 first lead --------------------------------------------------------------------


def test_G8_first_lead_is_an_option_default_player_one():
    g = GoWild({"players": 4}, 2)
    assert (g.lead, g.turn) == (0, 0) and g.view(3)["lead"] == 0
    g = GoWild({"players": 4, "first_lead": 2}, 2)
    assert (g.lead, g.turn) == (2, 2)
    assert g.legal_actions(2) and g.legal_actions(0) == []
    order = []
    for _ in range(4):
        order.append(g.turn)
        g.apply(g.legal_actions(g.turn)[0])
    assert order == [2, 3, 0, 1]


@pytest.mark.parametrize("players, bad", [(4, 4), (2, 2), (6, 6), (4, -1), (4, "1"), (4, None)])
def test_G8_first_lead_must_be_a_seat(players, bad):
    with pytest.raises(ValueError, match=r"^options\.first_lead"):
        GoWild({"players": players, "first_lead": bad})


# -- G9 secrets -----------------------------------------------------------------------


def test_G9_view_shows_only_the_players_own_hand():
    g = position(["3O 2R", "4W 3Y", "6G 2R", "4B 4W"], wild_one=3)
    play(g, "3O")
    v = g.view(1)
    assert v["hand"] == cards("4W 3Y")
    assert v["hand_sizes"] == [2, 7, 8, 8]
    assert v["plays"] == [[0, cards("3O")]]  # played cards are face up
    assert v["wild_one"] == 3 and v["turn"] == 1 and v["seat"] == 1
    assert v["deck_size"] == len(g.deck)
    assert "deck" not in v and "hands" not in v and "rng" not in v
    text = json.dumps(v)
    assert json.loads(text) == v  # JSON-safe
    for other in (0, 2, 3):
        assert g.hands[other] not in [x for x in v.values() if isinstance(x, list)]


def test_G9_view_does_not_change_with_other_hands_or_the_deck_order():
    g = position(["3O 2R", "4W 3Y", "6G 2R", "4B 4W"], wild_one=3)
    d = g.to_dict()
    # Swap cards between seat 2's hand and the deck, and reverse the deck.
    d2 = json.loads(json.dumps(d))
    c = next(c for c in d2["deck"] if d2["hands"][2][c] == 0)
    d2["deck"].remove(c)
    d2["deck"].append(G)
    d2["hands"][2][G] -= 1
    d2["hands"][2][c] += 1
    d2["deck"].reverse()
    d2["rng"] = 12345
    h = GoWild.from_dict(d2)
    assert h.hands[2] != g.hands[2] and h.deck != g.deck
    for p in (0, 1, 3):
        assert h.view(p) == g.view(p)
    assert h.view(2) != g.view(2)


def test_G9_view_needs_a_seat():
    g = GoWild({"players": 3}, 1)
    for bad in (3, -1, None, True, "0"):
        with pytest.raises(ValueError, match="no seat"):
            g.view(bad)
