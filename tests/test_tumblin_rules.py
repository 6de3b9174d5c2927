"""Tumblin' Dice rulings T1-T6 and S3 (docs/rules.md), one or more tests each.

Most tests play table mode, where the dice are entered exactly ("die", seat, face, level),
so scores, the order of play and the end of the game are set by the test; the roll-off is
played through (seeds are searched for the order or the ties a test needs). Seats are
0-based in code: seat 0 is P1.
"""

import pytest
from tumblin_helpers import (
    check_invariants,
    enter_all,
    game_with_order,
    play_round,
    roll_off,
    rolloff_oracle,
    round_over,
    table_game,
    team_of,
    throw_all,
)

from slampad.games import tumblin_board as tb
from slampad.games import tumblin_score as sc
from slampad.games.tumblin import DEFAULTS, DICE, Tumblin, check_options
from slampad.rng import Rng


def refused(g, action, rule):
    """``action`` raises ValueError starting with ``rule`` and changes nothing."""
    before, view = g.to_dict(), g.view()
    with pytest.raises(ValueError, match="^" + rule):
        g.apply(action)
    assert g.to_dict() == before and g.view() == view


# -- T1 board ------------------------------------------------------------------------------


def test_T1_four_dice_each():
    assert DICE == 4
    for n in (2, 3, 4):
        g = table_game({"players": n}, 7)
        ev = throw_all(g)
        threw = [sum(1 for e in ev if e[0] == "threw" and e[1] == s) for s in range(n)]
        assert threw == [4] * n and g.phase == "enter"
        assert [g.thrown(s) for s in range(n)] == [4] * n


def test_T1_table_levels_are_1x_to_4x_and_minus_1x_only_with_the_option():
    for mz, levels in ((False, {1, 2, 3, 4}), (True, {1, 2, 3, 4, -1})):
        g = table_game({"players": 2, "minus_zone": mz}, 3)
        throw_all(g)
        acts = g.legal_actions(g.turn())
        assert {a[3] for a in acts} == levels | {None}
        assert len(acts) == 1 + 6 * len(levels)  # off the board, or any face on a level
    assert DEFAULTS["minus_zone"] is False


@pytest.mark.parametrize("level", [0, 5, -2, "pad", "0x", 1.0, True])
def test_T1_no_die_is_entered_on_0x_the_pad_or_a_level_that_is_not_there(level):
    g = table_game({"players": 2}, 3)
    throw_all(g)
    refused(g, ("die", g.turn(), 4, level), "T1: ")


def test_T1_minus_1x_is_refused_without_the_option():
    g = table_game({"players": 2}, 3)
    throw_all(g)
    refused(g, ("die", g.turn(), 4, -1), "T1: ")


def test_T1_minus_1x_scores_face_times_minus_one_with_the_option():
    g = game_with_order({"players": 2, "minus_zone": True}, [0, 1])
    ev = play_round(g, {0: [(5, -1), (2, 2)], 1: [(6, -1)]})
    assert round_over(ev)[2] == [-5 + 4, -6]


def test_T1_board_levels_along_the_board():
    for mz in (False, True):
        assert tb.level_at(40, 0, mz) == tb.PAD
        assert tb.level_at(119, 0, mz) == tb.PAD
        assert tb.level_at(120, 0, mz) == 0
        assert tb.level_at(299, 0, mz) == 0
        assert tb.level_at(300, 0, mz) == 1
        assert tb.level_at(520, 50, mz) == 2
        assert tb.level_at(720, -50, mz) == 3
        assert tb.level_at(879, 0, mz) == 3
        assert tb.level_at(880, tb.POCKET, mz) == 4
        assert tb.level_at(919, -tb.POCKET, mz) == 4
        assert tb.level_at(920, 0, mz) is tb.OFF  # past the end
        assert tb.level_at(500, tb.HALF + 1, mz) is tb.OFF  # off the side
    assert tb.level_at(900, tb.POCKET + 1, False) is tb.OFF  # beside the pocket: no ledge
    assert tb.level_at(900, tb.POCKET + 1, True) == -1  # the -1x ledge


def test_T1_a_die_stopping_on_the_pad_or_0x_is_removed_at_once():
    where = set()
    for seed in range(60):
        board = []
        ev = tb.throw(board, 1, 0, 0, Rng(seed))  # no power: it never reaches 1x
        assert ev[-1][:2] == ("removed", 1) and ev[-1][2] in (tb.PAD, 0)
        assert board == []
        where.add(ev[-1][2])
    assert where == {tb.PAD, 0}


def test_T1_a_removed_die_counts_as_a_throw_and_scores_nothing():
    g = game_with_order({"players": 2}, [0, 1], board="virtual")
    ev = g.apply(("throw", 0, 0, 0))
    assert ev[-2][:2] == ("removed", 0) and ev[-1] == ("turn", 1)
    assert g.thrown(0) == 1 and g.board == []
    for _ in range(7):
        ev = g.apply(("throw", g.turn(), 0, 0))
    scores = round_over(ev)[2]
    assert scores == [0, 0]


def test_T1_virtual_dice_never_rest_on_minus_1x_without_the_option():
    seen = set()
    for mz in (False, True):
        for seed in range(150):
            board = []
            rng = Rng(seed)
            for k in range(8):
                tb.throw(board, k % 2, 85 + seed % 16, (seed * 37) % 201 - 100, rng, mz)
            for d in board:
                assert d[2] in ((1, 2, 3, 4, -1) if mz else (1, 2, 3, 4))
                seen.add((mz, d[2]))
    assert (True, -1) in seen and (False, -1) not in seen


# -- T2 score ------------------------------------------------------------------------------


def test_T2_four_on_3x_scores_12():
    assert sc.die_score(4, 3, "multiply") == 12
    g = game_with_order({"players": 2}, [1, 0])
    ev = play_round(g, {1: [(4, 3)]})
    assert round_over(ev)[1:] == (1, [0, 12], [0, 12])


def test_T2_kids_mode_four_on_3x_scores_7():
    assert sc.die_score(4, 3, "add") == 7
    g = game_with_order({"players": 2, "mode": "add"}, [1, 0])
    ev = play_round(g, {1: [(4, 3)]})
    assert round_over(ev)[1:] == (1, [0, 7], [0, 7])


def test_T2_off_the_board_scores_nothing():
    for mode in ("multiply", "add"):
        assert sc.die_score(6, None, mode) == 0
        assert sc.die_score(6, 0, mode) == 0  # on 0x: removed (T1)
        g = game_with_order({"players": 3, "mode": mode}, [2, 0, 1])
        ev = play_round(g, {})
        assert round_over(ev)[2] == [0, 0, 0]


@pytest.mark.parametrize(
    "dice, multiply, add",
    [
        ([(6, 4), (1, 1), (3, 2), None], 24 + 1 + 6, 10 + 2 + 5),
        ([(5, 2), (5, 2), (5, 2), (5, 2)], 40, 28),
        ([None, (2, 1), None, None], 2, 3),
        ([(6, 4)] * 4, 96, 40),
    ],
)
def test_T2_a_round_scores_the_sum_of_its_dice(dice, multiply, add):
    assert sc.dice_score([list(d) if d else None for d in dice], "multiply") == multiply
    assert sc.dice_score([list(d) if d else None for d in dice], "add") == add
    for mode, want in (("multiply", multiply), ("add", add)):
        g = game_with_order({"players": 2, "mode": mode}, [0, 1])
        ev = play_round(g, {0: dice, 1: [(1, 1)]})
        assert round_over(ev)[2] == [want, 1 if mode == "multiply" else 2]


def test_T2_kids_mode_is_not_offered_with_the_minus_zone():
    with pytest.raises(ValueError, match=r"^options\.minus_zone: T2"):
        Tumblin({"mode": "add", "minus_zone": True})
    assert check_options({"mode": "add"})["mode"] == "add"
    assert check_options({"minus_zone": True})["minus_zone"] is True


def test_T2_virtual_round_scores_are_the_dice_resting_on_the_board():
    for seed in range(12):
        mode = ("multiply", "add")[seed % 2]
        g = Tumblin({"players": 3, "board": "virtual", "mode": mode}, seed)
        roll_off(g)
        rng = Rng(seed)
        for _ in range(DICE * 3 - 1):
            g.apply(("throw", g.turn(), rng.randint(30, 60), rng.randint(-60, 60)))
        # The last throw, made on a copy with the board model itself:
        h = Tumblin.from_dict(g.to_dict())
        board = [list(d) for d in h.board]
        last = g.turn()
        tb.throw(board, last, 45, 10, h.rng, False)
        want = [0, 0, 0]
        for d in board:
            want[d[0]] += sc.die_score(d[1], d[2], mode)
        ev = g.apply(("throw", last, 45, 10))
        assert round_over(ev)[2] == want


# -- T3 order ------------------------------------------------------------------------------


def test_T3_roll_off_highest_first():
    for n in (2, 3, 4):
        for seed in range(40):
            g = Tumblin({"players": n}, seed)
            rolls = roll_off(g)
            assert g.order == rolloff_oracle(rolls)
            assert sorted(g.order) == list(range(n))


def _first_pass_ties(n, seed):
    """Roll the first pass only; return (game, faces) when some seats tie."""
    g = Tumblin({"players": n}, seed)
    faces = {}
    for s in range(n):
        for e in g.apply(("roll", s)):
            if e[0] == "rolled":
                faces[s] = e[2]
    return g, faces


def test_T3_roll_off_ties_roll_again_only_among_themselves():
    found = {"pair": 0, "three": 0, "twice": 0}
    for seed in range(400):
        g, faces = _first_pass_ties(4, seed)
        tied = [[s for s in range(4) if faces[s] == f] for f in range(6, 0, -1)]
        tied = [t for t in tied if len(t) > 1]
        if not tied:
            assert g.phase == "throw"
            assert g.order == sorted(range(4), key=lambda s: -faces[s])
            continue
        found["three" if len(tied[0]) >= 3 else "pair"] += 1
        # The highest tied group rolls again; nobody else may roll.
        assert g.phase == "roll_off"
        for s in range(4):
            if s in tied[0]:
                assert g.legal_actions(s) == [("roll", s)]
            else:
                assert g.legal_actions(s) == []
                refused(g, ("roll", s), "T3: P%d is not in this roll-off" % (s + 1))
        rolls = {s: [faces[s]] for s in range(4)}
        again = 0
        while g.phase == "roll_off":
            group = [s for s in range(4) if g.legal_actions(s)]
            assert len(group) >= 2 and any(set(group) <= set(t) for t in tied)
            for s in group:
                for e in g.apply(("roll", s)):
                    if e[0] == "rolled":
                        rolls[s].append(e[2])
                    if e[0] == "roll_again":
                        assert set(e[1]) <= set(group)
                        again += 1
        found["twice"] += again > 0
        assert g.order == rolloff_oracle(rolls)
        # Seats whose first face was unique keep their place by that face alone.
        for a in range(4):
            for b in range(4):
                if faces[a] > faces[b]:
                    assert g.order.index(a) < g.order.index(b)
    assert min(found.values()) > 0, found


def test_T3_a_seat_rolls_once_a_pass():
    g = Tumblin({"players": 3}, 1)
    g.apply(("roll", 1))
    assert g.legal_actions(1) == [] and g.legal_actions(0) == [("roll", 0)]
    refused(g, ("roll", 1), "T3: P2 has rolled")


def test_T3_no_roll_off_after_round_one():
    g = game_with_order({"players": 3}, [2, 1, 0])
    play_round(g, {0: [(1, 1)]})
    assert g.phase == "throw" and g.round == 2
    refused(g, ("roll", 0), "T3: the roll-off is over")


def order_after(prev, scores):
    """T3 oracle: highest round score first, ties in the previous order."""
    return sorted(prev, key=lambda s: -scores[s])


@pytest.mark.parametrize(
    "dice",
    [
        {0: [(1, 1)], 1: [(2, 1)], 2: [(3, 1)], 3: [(4, 1)]},  # reversed
        {0: [(4, 1)], 1: [(3, 1)], 2: [(2, 1)], 3: [(1, 1)]},
        {},  # all tied: the order stays
        {1: [(6, 4)], 3: [(6, 4)]},  # two tied at the top, two tied at 0
        {0: [(3, 2)], 1: [(6, 1)], 2: [(2, 3)], 3: [(1, 1)]},  # three tied at 6
    ],
)
@pytest.mark.parametrize("first", [[0, 1, 2, 3], [3, 1, 0, 2], [2, 3, 1, 0]])
def test_T3_later_rounds_by_previous_round_score_ties_keep_previous_order(dice, first):
    g = game_with_order({"players": 4}, first)
    ev = play_round(g, dice)
    scores = round_over(ev)[2]
    want = order_after(first, scores)
    assert g.order == want and ("round", 2, want, False) in ev
    assert g.turn() == want[0]
    if len(set(scores)) == 1:
        assert want == first


def test_T3_order_by_the_previous_round_not_the_running_total():
    g = game_with_order({"players": 2}, [0, 1])
    play_round(g, {0: [(6, 4), (6, 4)], 1: [(1, 1)]})  # 48 to 1
    assert g.order == [0, 1]
    play_round(g, {0: [(1, 1)], 1: [(2, 1)]})  # 1 to 2: P1 leads 49 to 3 overall
    assert g.totals == [49, 3]
    assert g.order == [1, 0]  # the prior round's score decides (T3)


def test_T3_ties_keep_the_order_of_the_round_just_played():
    g = game_with_order({"players": 3}, [0, 1, 2])
    play_round(g, {2: [(5, 1)]})
    assert g.order == [2, 0, 1]
    play_round(g, {})  # all tied at 0: the order of round 2 stays
    assert g.order == [2, 0, 1]
    play_round(g, {0: [(1, 1)], 1: [(1, 1)]})  # 0 and 1 tie: round 3 had 0 before 1
    assert g.order == [0, 1, 2]


# -- T4 turns ------------------------------------------------------------------------------


@pytest.mark.parametrize("order", [[0, 1, 2], [2, 0, 1], [1, 2, 0]])
def test_T4_one_throw_per_turn_in_order(order):
    g = game_with_order({"players": 3}, order)
    for i in range(DICE * 3):
        s = order[i % 3]
        assert g.turn() == s
        for other in range(3):
            if other != s:
                assert g.legal_actions(other) == []
                refused(g, ("throw", other), "T4: it is P%d's throw, not P%d's"
                        % (s + 1, other + 1))
        assert g.legal_actions(s) == [("throw", s)]
        ev = g.apply(("throw", s))
        assert ev[0] == ("threw", s)
        assert g.thrown(s) == i // 3 + 1
    assert g.phase == "enter"


def test_T4_all_dice_are_thrown_before_any_is_entered():
    g = game_with_order({"players": 2}, [0, 1])
    for _ in range(DICE * 2 - 1):
        refused(g, ("die", g.turn(), 3, 2), "T6: dice are entered after the last throw")
        g.apply(("throw", g.turn()))
    assert g.phase == "throw" and g.thrown(0) == 4 and g.thrown(1) == 3
    ev = g.apply(("throw", 1))
    assert ev[-1] == ("enter", 0) and g.phase == "enter"
    refused(g, ("throw", 0), "T4: no throws now")


def test_T4_virtual_every_die_is_thrown_then_the_round_is_scored():
    g = game_with_order({"players": 3}, [1, 2, 0], board="virtual")
    rng = Rng(5)
    seen = []
    while g.round == 1:
        s = g.turn()
        ev = g.apply(("throw", s, rng.randint(30, 70), rng.randint(-50, 50)))
        seen.append(s)
    assert seen == [1, 2, 0] * 4
    assert round_over(ev)[1] == 1 and g.phase == "throw"


# -- T5 end --------------------------------------------------------------------------------


def test_T5_four_rounds_by_default():
    assert DEFAULTS["rounds"] == 4 and DEFAULTS["target"] is None
    g = game_with_order({"players": 3}, [0, 1, 2])
    for r in range(1, 5):
        assert g.round == r and not g.is_over()
        ev = play_round(g, {0: [(r, 1)], 1: [(2, 1)], 2: [(1, 2)]})
    assert g.totals == [10, 8, 8] and g.is_over()
    assert g.winners() == [0] and ev[-1] == ("game_over", [0])
    check_invariants(g)


@pytest.mark.parametrize("rounds", [1, 2, 3, 6])
def test_T5_the_rounds_option(rounds):
    g = game_with_order({"players": 2, "rounds": rounds}, [0, 1])
    for r in range(1, rounds + 1):
        assert not g.is_over() and g.round == r
        play_round(g, {1: [(3, 2)]})
    assert g.is_over() and g.winners() == [1] and g.totals == [0, 6 * rounds]


def test_T5_tied_leaders_play_overtime_among_themselves():
    g = game_with_order({"players": 3, "rounds": 1}, [0, 1, 2])
    ev = play_round(g, {0: [(5, 4)], 1: [(4, 4), (1, 4)], 2: [(6, 3)]})
    assert round_over(ev)[2] == [20, 20, 18]
    assert ("overtime", [0, 1]) in ev and not g.is_over()
    assert g.overtime and g.round == 2 and g.order == [0, 1]
    assert ("round", 2, [0, 1], True) in ev
    # P3 sits out: no throw, no entry, no score.
    for _ in range(DICE * 2):
        assert g.turn() in (0, 1)
        refused(g, ("throw", 2), "T4: it is P")
        g.apply(("throw", g.turn()))
    ev = enter_all(g, {0: [(1, 1)], 1: [(2, 1)]})
    assert round_over(ev)[2:] == ([1, 2, 0], [21, 22, 18])
    assert g.is_over() and g.winners() == [1]


def test_T5_overtime_goes_on_while_the_leaders_stay_tied():
    g = game_with_order({"players": 4, "rounds": 2}, [3, 2, 1, 0])
    play_round(g, {3: [(2, 1)], 1: [(2, 1)]})
    ev = play_round(g, {1: [(3, 3)], 3: [(3, 3)], 0: [(5, 1)]})
    assert round_over(ev)[3] == [5, 11, 0, 11]
    assert ("overtime", [3, 1]) in ev and g.order == [3, 1]  # ties keep the order
    ev = play_round(g, {1: [(2, 2)], 3: [(4, 1)]})  # tied again
    assert ("overtime", [3, 1]) in ev and g.round == 4 and g.order == [3, 1]
    ev = play_round(g, {1: [(2, 2)], 3: [(5, 1)]})
    assert g.is_over() and g.winners() == [3] and g.totals == [5, 19, 0, 20]


def test_T5_overtime_order_is_ranked_by_the_last_round():
    g = game_with_order({"players": 3, "rounds": 2}, [0, 1, 2])
    play_round(g, {0: [(6, 4)], 1: [(2, 2)]})  # 24, 4, 0
    ev = play_round(g, {1: [(5, 4)], 2: [(1, 1)]})  # 0, 20, 1: totals 24, 24, 1
    assert ("overtime", [1, 0]) in ev and g.order == [1, 0]


def test_T5_ties_below_the_leader_do_not_matter():
    g = game_with_order({"players": 4, "rounds": 1}, [0, 1, 2, 3])
    ev = play_round(g, {0: [(3, 1)], 1: [(3, 1)], 2: [(4, 1)]})
    assert g.is_over() and g.winners() == [2] and "overtime" not in [e[0] for e in ev]


def test_T5_naming_a_target_plays_to_it_instead_of_rounds():
    o = check_options({"target": 100})
    assert (o["rounds"], o["target"]) == (None, 100)
    with pytest.raises(ValueError, match=r"^options\.rounds: T5"):
        check_options({"target": 100, "rounds": 4})


def test_T5_target_game_ends_after_the_round_someone_reaches_the_target():
    g = game_with_order({"players": 3, "target": 30}, [0, 1, 2])
    for r in range(1, 6):  # 6 a round: past the default four rounds, then 30
        play_round(g, {0: [(3, 2)], 1: [(1, 1)]})
        assert g.is_over() == (r == 5)
    assert g.totals == [30, 5, 0] and g.winners() == [0] and g.round == 5


def test_T5_target_reached_exactly_ends_the_game():
    g = game_with_order({"players": 2, "target": 24}, [0, 1])
    for r in range(3):
        play_round(g, {0: [(2, 2), (2, 2)], 1: [(3, 1)]})  # 8 and 3 a round
        assert g.is_over() == (r == 2)
    assert g.totals == [24, 9] and g.winners() == [0]


def test_T5_target_the_highest_total_wins_when_several_pass_it():
    g = game_with_order({"players": 3, "target": 30}, [0, 1, 2])
    play_round(g, {0: [(5, 4)], 1: [(5, 3)], 2: [(2, 1)]})  # 20, 15, 2
    ev = play_round(g, {0: [(6, 2)], 1: [(6, 3), (1, 1)], 2: [(6, 4)]})  # 12, 19, 24
    assert round_over(ev)[3] == [32, 34, 26]
    assert g.is_over() and g.winners() == [1]  # over by 4, not by 2


def test_T5_target_a_tie_on_top_goes_to_overtime():
    g = game_with_order({"players": 3, "target": 30}, [2, 0, 1])
    ev = play_round(g, {0: [(6, 4), (6, 1)], 1: [(5, 4), (5, 2)], 2: [(6, 4)]})
    assert round_over(ev)[3] == [30, 30, 24]
    assert ("overtime", [0, 1]) in ev and g.order == [0, 1] and g.overtime
    ev = play_round(g, {0: [(1, 1)]})
    assert g.is_over() and g.winners() == [0] and g.totals == [31, 30, 24]


def test_T5_target_overtime_repeats_until_one_leads():
    g = game_with_order({"players": 2, "target": 10}, [0, 1])
    play_round(g, {0: [(5, 2)], 1: [(5, 2)]})
    assert g.overtime and g.order == [0, 1]
    play_round(g, {})
    assert g.overtime and not g.is_over()
    play_round(g, {1: [(1, 1)]})
    assert g.is_over() and g.winners() == [1]


@pytest.mark.parametrize("target", range(50, 1050, 50))
def test_T5_any_agreed_target_from_50_to_1000_is_played_to(target):
    """The rulebook's Other Option 1 ("play to a predetermined score (e.g. 100 or 300
    points)"): the rules play to any target (the setup offers 50 to 500 in steps of 50)."""
    o = check_options({"target": target})
    assert (o["rounds"], o["target"]) == (None, target)
    g = game_with_order({"players": 2, "target": target}, [0, 1])
    for _ in range(target // 50):  # P1 50 a round, P2 25
        assert not g.is_over()
        play_round(g, {0: [(5, 4), (5, 4), (5, 2)], 1: [(5, 4), (5, 1)]})
    assert g.is_over() and g.round == target // 50
    assert g.totals == [target, target // 2] and g.winners() == [0]
    assert Tumblin.from_dict(g.to_dict()).to_dict() == g.to_dict()  # a save of it loads


def test_T5_a_virtual_game_to_1000_ends_in_the_round_someone_passes_it():
    from slampad.bots.tumblin import TumblinBot

    g = Tumblin({"board": "virtual", "players": 3, "target": 1000}, 5)
    roll_off(g)
    bots = [TumblinBot(s, "normal", 5) for s in range(3)]
    tops = []
    while not g.is_over():
        s = g.turn()
        for e in g.apply(("throw", s) + tuple(bots[s].choose(g.view(s)))):
            if e[0] == "round_over":
                tops.append(max(e[3]))
    assert tops[-1] >= 1000 and all(t < 1000 for t in tops[:-1])  # (no tie at the top)
    assert len(tops) > 4  # well past the default four rounds
    assert Tumblin.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_T5_teams_are_P1_P3_against_P2_P4_and_never_throw_back_to_back():
    for seed in range(30):
        g = table_game({"players": 4, "teams": True}, seed)
        rng = Rng(seed)
        orders = []
        while not g.is_over():
            o = list(g.order)
            orders.append(o)
            assert [team_of(s) for s in o] in ([0, 1, 0, 1], [1, 0, 1, 0])
            seen = []
            while g.phase == "throw":
                seen.append(g.turn())
                g.apply(("throw", g.turn()))
            for a, b in zip(seen, seen[1:], strict=False):
                assert team_of(a) != team_of(b)  # teammates never back to back
            dice = {s: [(rng.randint(1, 6), rng.randint(1, 4))] for s in range(4)}
            enter_all(g, dice)
        assert len(orders) >= 4


def test_T5_teams_first_round_order_comes_from_the_roll_off():
    for seed in range(60):
        g = Tumblin({"players": 4, "teams": True}, seed)
        rolls = roll_off(g)
        ranks = rolloff_oracle(rolls)
        a = [s for s in ranks if team_of(s) == team_of(ranks[0])]
        b = [s for s in ranks if team_of(s) != team_of(ranks[0])]
        assert g.order == [a[0], b[0], a[1], b[1]]


def test_T5_teams_the_higher_scoring_team_starts_keeping_its_own_order():
    g = game_with_order({"players": 4, "teams": True}, [2, 3, 0, 1])
    play_round(g, {1: [(3, 1)], 3: [(3, 1)], 0: [(5, 1)]})  # team 1: 6, team 0: 5
    assert g.order == [3, 2, 1, 0]
    play_round(g, {1: [(3, 1)], 3: [(3, 1)], 0: [(6, 1)]})  # 6 to 6: order kept
    assert g.order == [3, 2, 1, 0]
    play_round(g, {2: [(1, 1)]})
    assert g.order == [2, 3, 0, 1]


def test_T5_team_order_roll_off_sets_teams_and_inner_order_then_round_score_leads():
    """T5's last sentence: the round-one roll-off sets which team throws first and each
    team's own order; that inner order stays for the game; later rounds start with the
    team that scored more in the previous round (not the higher total); a tie keeps the
    previous order."""
    ties = leads_flipped = by_round_not_total = 0
    for seed in range(40):
        g = Tumblin({"players": 4, "teams": True, "board": "table", "rounds": 6}, seed)
        ranks = rolloff_oracle(roll_off(g))
        first = team_of(ranks[0])
        inner = {t: [s for s in ranks if team_of(s) == t] for t in (0, 1)}
        assert g.order == [inner[first][0], inner[1 - first][0],
                           inner[first][1], inner[1 - first][1]]
        rng = Rng(seed)
        totals = [0, 0]
        while not g.is_over():
            before = list(g.order)
            dice = {s: [(rng.randint(1, 2), 1)] for s in range(4) if rng.below(4)}
            ev = play_round(g, dice)
            if g.is_over():
                break
            scores = round_over(ev)[2]
            team = [scores[0] + scores[2], scores[1] + scores[3]]
            totals = [totals[t] + team[t] for t in (0, 1)]
            if team[0] == team[1]:
                want = team_of(before[0])  # a tie keeps the previous order
                ties += 1
            else:
                want = 0 if team[0] > team[1] else 1
                leads_flipped += want != team_of(before[0])
                if totals[0] != totals[1]:
                    by_round_not_total += want != (0 if totals[0] > totals[1] else 1)
            if g.overtime:
                continue  # T5's overtime: the tied leaders' order is tested on its own
            assert g.order == [inner[want][0], inner[1 - want][0],
                               inner[want][1], inner[1 - want][1]], (seed, before, team)
    assert ties and leads_flipped and by_round_not_total  # every clause was exercised


def test_T5_teams_score_the_sum_of_their_dice_and_win_together():
    g = game_with_order({"players": 4, "teams": True, "rounds": 1}, [0, 1, 2, 3])
    # P2 has the best single score, but P1 + P3 have more between them.
    ev = play_round(g, {0: [(5, 2)], 1: [(6, 3)], 2: [(3, 3)]})
    assert round_over(ev)[2] == [10, 18, 9, 0]
    assert g.is_over() and g.winners() == [0, 2]
    g = game_with_order({"players": 4, "teams": True, "rounds": 1}, [0, 1, 2, 3])
    play_round(g, {0: [(5, 2)], 1: [(6, 3)], 2: [(3, 3)], 3: [(1, 2)]})  # 19 to 20
    assert g.winners() == [1, 3]


def test_T5_teams_tied_go_to_overtime_together():
    g = game_with_order({"players": 4, "teams": True, "rounds": 1}, [1, 0, 3, 2])
    ev = play_round(g, {0: [(2, 2)], 1: [(3, 1)], 2: [(1, 1)], 3: [(2, 1)]})  # 5 to 5
    assert not g.is_over() and g.overtime and g.order == [1, 0, 3, 2]
    assert "overtime" in [e[0] for e in ev]
    play_round(g, {2: [(1, 1)]})
    assert g.is_over() and g.winners() == [0, 2]


def test_T5_teams_play_to_a_target_on_the_team_total():
    g = game_with_order({"players": 4, "teams": True, "target": 20}, [0, 1, 2, 3])
    play_round(g, {0: [(3, 3)], 2: [(2, 3)], 1: [(4, 4)]})  # team 0: 15, team 1: 16
    assert not g.is_over()
    play_round(g, {3: [(2, 1)], 0: [(2, 2)]})  # team 0: 19, team 1: 18
    assert not g.is_over()
    play_round(g, {0: [(1, 1)], 3: [(3, 1)]})  # 20 to 21: both reach it, team 1 leads
    assert g.is_over() and g.winners() == [1, 3]


# -- T6 two ways to play, S3 undo ------------------------------------------------------


def test_T6_a_table_throw_is_a_confirmation_and_a_virtual_one_has_power_and_aim():
    g = game_with_order({"players": 2}, [0, 1])
    refused(g, ("throw", 0, 50, 0), "T6: a table throw is")
    assert g.apply(("throw", 0)) == [("threw", 0), ("turn", 1)]
    v = game_with_order({"players": 2}, [0, 1], board="virtual")
    refused(v, ("throw", 0), "T6: a virtual throw is")
    ev = v.apply(("throw", 0, 50, 0))
    assert ev[0] == ("threw", 0) and ev[-2][0] in ("landed", "removed")
    assert v.legal_actions(1) == [("throw", 1, None, None)]


def test_T6_table_dice_are_entered_seat_by_seat_in_order_of_play():
    g = game_with_order({"players": 3}, [1, 2, 0])
    throw_all(g)
    for s in (1, 2, 0):
        for k in range(DICE):
            assert g.turn() == s
            for other in range(3):
                if other != s:
                    refused(g, ("die", other, 2, 2), "T6: enter P%d's dice now" % (s + 1))
            g.apply(("die", s, k + 1, 1 + k % 4))
    assert g.round == 2 and g.totals == [1 + 4 + 9 + 16] * 3 and g.order == [1, 2, 0]


def test_T6_a_die_off_the_board_has_no_face():
    g = game_with_order({"players": 2}, [0, 1])
    throw_all(g)
    refused(g, ("die", 0, 4, None), "T2: a die off the board has no face")
    refused(g, ("die", 0, None, 3), "T2: a face is 1-6")
    for face in (0, 7, 2.0, True, "4"):
        refused(g, ("die", 0, face, 3), "T2: a face is 1-6")


def test_T6_virtual_mode_simulates_landing_bumps_and_scores():
    kinds = set()
    for seed in range(40):
        g = Tumblin({"players": 2, "board": "virtual"}, seed)
        roll_off(g)
        rng = Rng(seed)
        while g.round == 1:
            s = g.turn()
            before = [list(d) for d in g.board]
            refused(g, ("die", s, 3, 2), "T6: dice are entered after the last throw")
            ev = g.apply(("throw", s, rng.randint(5, 95), rng.randint(-30, 30)))
            kinds.update(e[0] for e in ev)
            if g.round == 1:
                for e in ev:
                    if e[0] == "landed":
                        assert [s, e[2], e[3]] == g.board[-1][:3]
                assert len(g.board) <= len(before) + 1
        assert g.phase == "throw"  # no entry phase: the device knows the board
    assert {"landed", "removed", "bumped"} <= kinds


def test_T6_virtual_same_seed_and_throws_same_game():
    def play(seed):
        g = Tumblin({"players": 3, "board": "virtual"}, seed)
        roll_off(g)
        rng = Rng(99)
        evs = []
        while not g.is_over():
            evs += g.apply(("throw", g.turn(), rng.randint(20, 80), rng.randint(-80, 80)))
        return evs, g.totals

    assert play(4) == play(4)
    assert play(4) != play(5)


def test_S3_undo_takes_back_the_last_throw():
    g = game_with_order({"players": 2}, [0, 1])
    g.apply(("throw", 0))
    d, view = g.to_dict(), g.view()
    g.apply(("throw", 1))
    assert g.legal_actions(None) == [("undo",)]
    assert g.apply(("undo",)) == [("undone", ["throw", 1])]
    assert g.to_dict() == d and g.view() == view and g.turn() == 1


def test_S3_undo_takes_back_the_last_die_entered():
    g = game_with_order({"players": 2}, [0, 1])
    throw_all(g)
    g.apply(("die", 0, 5, 3))
    d, view = g.to_dict(), g.view()
    g.apply(("die", 0, 6, 4))
    assert g.view()["dice"][0] == [[5, 3], [6, 4]]
    g.apply(("undo",))
    assert g.to_dict() == d and g.view() == view and g.view()["dice"][0] == [[5, 3]]
    g.apply(("die", 0, 2, 1))
    assert g.view()["dice"][0] == [[5, 3], [2, 1]]


def test_S3_undo_across_a_round_boundary():
    g = game_with_order({"players": 2}, [0, 1])
    throw_all(g)
    enter_all(g, {0: [(1, 1)], 1: [(2, 1), (3, 3), (4, 4)]})
    assert g.round == 2 and g.order == [1, 0] and g.totals == [1, 27]
    ev = g.apply(("undo",))
    assert ev == [("undone", ["die", 1, None, None])]
    assert (g.round, g.phase, g.turn(), g.totals) == (1, "enter", 1, [0, 0])
    assert g.view()["dice"] == [[[1, 1], None, None, None], [[2, 1], [3, 3], [4, 4]]]
    ev = g.apply(("die", 1, 1, 1))  # now the round ends differently
    assert round_over(ev)[2] == [1, 28] and g.round == 2


def test_S3_undo_of_the_last_entry_of_the_game():
    g = game_with_order({"players": 2, "rounds": 1}, [0, 1])
    play_round(g, {1: [(2, 2)]})
    assert g.is_over()
    g.apply(("undo",))
    assert not g.is_over() and g.phase == "enter" and g.winners() == []
    g.apply(("die", 1, None, None))
    assert g.is_over() and g.winners() == [1]


def test_S3_undo_never_takes_back_a_roll_off_die():
    g = game_with_order({"players": 3}, [0, 1, 2])
    g.apply(("throw", 0))
    g.apply(("undo",))
    assert g.legal_actions(None) == []
    refused(g, ("undo",), "S3: a roll-off die cannot be taken back")
    h = Tumblin({"players": 3}, 1)
    refused(h, ("undo",), "S3: nothing to undo")
    h.apply(("roll", 0))
    refused(h, ("undo",), "S3: a roll-off die cannot be taken back")


def test_S3_a_virtual_throw_stands():
    g = game_with_order({"players": 2}, [0, 1], board="virtual")
    g.apply(("throw", 0, 40, 0))
    assert g.legal_actions(None) == []
    refused(g, ("undo",), "S3: undo is for table mode")


def test_S3_many_undos_walk_back_through_the_whole_game():
    g = game_with_order({"players": 2, "rounds": 2}, [0, 1])
    states = [g.to_dict()]
    rng = Rng(3)
    while not g.is_over():
        if g.phase == "throw":
            g.apply(("throw", g.turn()))
        else:
            g.apply(("die", g.turn(), rng.randint(1, 6), rng.randint(1, 4)))
        states.append(g.to_dict())
    for d in reversed(states[:-1]):
        g.apply(("undo",))
        assert g.to_dict() == d
    assert g.phase == "throw" and g.log[-1][0] == "roll"
