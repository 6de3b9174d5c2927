"""tools/referee.py for Tumblin' Dice: one round in, the ruling out (rulings T1-T5).

Most cases run in-process through ``referee.run`` (the CLI's code path minus the pipes);
the ``test_cli_*`` tests run the script as a subprocess to pin exit codes and output.
Rulings are checked by hand on small cases, against an oracle written from the rulings
text, and against the rules core: whole table-mode games, each round put to the referee.
"""

import json
import re

import pytest
import referee
from hypothesis import given, settings
from hypothesis import strategies as st
from referee_helpers import cli, refuse, ruling
from save_edits import delk, setk
from tumblin_helpers import enter_all, game_with_order, round_over, table_game, throw_all

from slampad.rng import Rng

KEYS = ["round_scores", "totals", "next_order", "game_over", "winner", "overtime"]


def scen(dice, order=None, totals=None, mode="multiply", round=1, rounds=4, target=None,
         minus_zone=None):
    """A scenario; dice: one list per seat of (face, level) or None."""
    n = len(dice)
    s = {"game": "tumblin", "mode": mode,
         "order": list(order) if order is not None else list(range(n)),
         "dice": [[None if d is None else list(d) for d in ds] for ds in dice],
         "totals": list(totals) if totals is not None else [0] * n,
         "round": round, "rounds": rounds, "target": target}
    if minus_zone is not None:
        s["minus_zone"] = minus_zone
    return s


def ref(s):
    return ruling(s, KEYS)




# -- T2 score -------------------------------------------------------------------------


def test_T2_rulebook_example_four_on_3x_scores_12():
    r = ref(scen([[], [(4, 3)]], order=[1, 0]))
    assert r == {"round_scores": [0, 12], "totals": [0, 12], "next_order": [1, 0],
                 "game_over": False, "winner": None, "overtime": []}


def test_T2_rulebook_example_kids_mode_four_on_3x_scores_7():
    r = ref(scen([[], [(4, 3)]], order=[1, 0], mode="add"))
    assert (r["round_scores"], r["totals"]) == ([0, 7], [0, 7])


def test_T2_off_the_board_and_0x_score_nothing():
    for mode in ("multiply", "add"):
        r = ref(scen([[None, (6, 0), None, None], [(6, 0)], [None]], mode=mode))
        assert r["round_scores"] == [0, 0, 0]


def test_T2_a_round_is_the_sum_of_the_dice():
    dice = [[(6, 4), (1, 1), (3, 2), None], [(5, 2)] * 4, [(2, 1)]]
    assert ref(scen(dice))["round_scores"] == [31, 40, 2]
    assert ref(scen(dice, mode="add"))["round_scores"] == [17, 28, 3]


def test_T2_minus_1x_scores_face_times_minus_one():
    r = ref(scen([[(5, -1), (2, 2)], [(6, -1)]], totals=[3, 1], minus_zone=True))
    assert (r["round_scores"], r["totals"]) == ([-1, -6], [2, -5])


def test_T2_totals_add_the_round_to_what_came_before():
    r = ref(scen([[(1, 1)], [(2, 2)], [(3, 3)]], totals=[10, 20, 30], round=2))
    assert r["totals"] == [11, 24, 39]


# -- T3 order -------------------------------------------------------------------------


def test_T3_next_order_highest_round_score_first():
    r = ref(scen([[(1, 1)], [(3, 1)], [(2, 1)], [(6, 4)]], order=[0, 1, 2, 3]))
    assert r["next_order"] == [3, 1, 2, 0]


def test_T3_ties_keep_this_rounds_order_not_seat_order():
    dice = [[(2, 1)], [(2, 1)], [(1, 1)], [(2, 1)]]
    assert ref(scen(dice, order=[3, 1, 2, 0]))["next_order"] == [3, 1, 0, 2]
    assert ref(scen(dice, order=[0, 2, 1, 3]))["next_order"] == [0, 1, 3, 2]
    assert ref(scen([[], [], []], order=[2, 0, 1]))["next_order"] == [2, 0, 1]


def test_T3_order_by_the_round_not_the_totals():
    r = ref(scen([[(1, 1)], [(2, 1)]], totals=[50, 0], round=2))
    assert r["next_order"] == [1, 0] and r["totals"] == [51, 2]


# -- T5 end ---------------------------------------------------------------------------


def test_T5_the_last_round_ends_the_game_highest_total_wins():
    r = ref(scen([[(1, 1)], [(6, 4)], [(2, 2)]], totals=[40, 10, 30], round=4))
    assert r == {"round_scores": [1, 24, 4], "totals": [41, 34, 34], "next_order": [],
                 "game_over": True, "winner": 0, "overtime": []}


def test_T5_rounds_before_the_last_go_on():
    for rnd, over in ((1, False), (2, False), (3, True)):
        r = ref(scen([[(1, 1)], []], round=rnd, rounds=3))
        assert r["game_over"] == over and r["winner"] == (0 if over else None)


def test_T5_tied_leaders_go_to_overtime_in_ranked_order():
    r = ref(scen([[(2, 2)], [(4, 4)], [(3, 1)]], totals=[16, 8, 10], round=4, order=[0, 1, 2]))
    assert r["totals"] == [20, 24, 13] and (r["game_over"], r["winner"]) == (True, 1)
    r = ref(scen([[(2, 2)], [(4, 3)], [(3, 1)]], totals=[20, 12, 10], round=4, order=[0, 1, 2]))
    assert r["totals"] == [24, 24, 13]
    assert r["overtime"] == [1, 0] and r["next_order"] == [1, 0]  # 12 before 4
    assert (r["game_over"], r["winner"]) == (False, None)


def test_T5_an_overtime_round_among_the_tied_only():
    # Round 5 of 4: seats 1 and 0 were tied at 24; seat 2 sits out with no dice.
    r = ref(scen([[(3, 1)], [(1, 1)], []], totals=[24, 24, 13], round=5, order=[1, 0]))
    assert r == {"round_scores": [3, 1, 0], "totals": [27, 25, 13], "next_order": [],
                 "game_over": True, "winner": 0, "overtime": []}
    r = ref(scen([[(1, 1)], [(1, 1)], [None, (5, 0)]], totals=[24, 24, 13], round=6,
                 order=[1, 0]))
    assert r["overtime"] == [1, 0] and not r["game_over"]  # tied again: play on


def test_T5_a_tie_below_the_leader_is_no_overtime():
    r = ref(scen([[(1, 1)], [(1, 1)], [(2, 1)]], round=4))
    assert (r["game_over"], r["winner"], r["overtime"]) == (True, 2, [])


def test_T5_target_not_reached_goes_on_past_four_rounds():
    r = ref(scen([[(6, 4)], [(1, 1)]], totals=[70, 20], round=7, rounds=None, target=100))
    assert r["totals"] == [94, 21] and not r["game_over"] and r["next_order"] == [0, 1]


def test_T5_target_reached_ends_the_game():
    r = ref(scen([[(6, 1)], [(1, 1)]], totals=[94, 20], round=5, rounds=None, target=100))
    assert (r["totals"], r["game_over"], r["winner"]) == ([100, 21], True, 0)


def test_T5_target_the_one_over_by_the_most_wins():
    r = ref(scen([[(5, 3)], [(5, 4), (5, 1)], [(2, 1)]], totals=[90, 85, 50], round=3,
                 rounds=None, target=100))
    assert r["totals"] == [105, 110, 52]
    assert (r["game_over"], r["winner"], r["next_order"]) == (True, 1, [])


def test_T5_target_a_tie_on_top_goes_to_overtime_then_ends():
    r = ref(scen([[(5, 2)], [(4, 2), (1, 2)], [(6, 4)]], totals=[95, 95, 10], round=3,
                 rounds=None, target=100, order=[2, 0, 1]))
    assert r["totals"] == [105, 105, 34]
    assert r["overtime"] == [0, 1] and r["next_order"] == [0, 1] and not r["game_over"]
    # The overtime round: both were past the target before it.
    r = ref(scen([[(1, 1)], [(1, 2)], []], totals=[105, 105, 34], round=4, rounds=None,
                 target=100, order=[0, 1]))
    assert (r["totals"], r["game_over"], r["winner"]) == ([106, 107, 34], True, 1)


# -- against the rules core: whole games, every round put to the referee ------------------


def core_game(opts, seed):
    """Play a table game with random dice; yield (scenario, what the core did) per round."""
    g = table_game(opts, seed)
    rng = Rng(seed)
    while not g.is_over():
        before, order, rnd = list(g.totals), list(g.order), g.round
        throw_all(g)
        dice = {}
        for s in order:
            dice[s] = []
            for _ in range(4):
                if rng.below(4):
                    dice[s].append((rng.randint(1, 6), rng.choice(g.levels())))
                else:
                    dice[s].append(None)
        ev = enter_all(g, dice)
        s = scen([dice.get(k, []) for k in range(g.n())], order=order, totals=before,
                 mode=g.options["mode"], round=rnd, rounds=g.options["rounds"],
                 target=g.options["target"])
        if g.options["minus_zone"]:
            s["minus_zone"] = True
        ot = [e[1] for e in ev if e[0] == "overtime"]
        yield s, {"round_scores": round_over(ev)[2], "totals": list(g.totals),
                  "next_order": [] if g.is_over() else list(g.order),
                  "game_over": g.is_over(), "winner": g.winners()[0] if g.is_over() else None,
                  "overtime": ot[0] if ot else []}


@pytest.mark.parametrize("opts", [
    {"players": 2}, {"players": 3, "mode": "add"}, {"players": 4, "minus_zone": True},
    {"players": 2, "rounds": 1}, {"players": 3, "target": 40}, {"players": 4, "target": 90},
])
def test_rulings_agree_with_the_rules_core(opts):
    rounds = 0
    for seed in range(25):
        for s, want in core_game(opts, seed):
            assert ref(s) == want, s
            rounds += 1
    assert rounds >= 25


def test_the_core_comparison_sees_overtime():
    seen = 0
    for seed in range(80):
        for _, want in core_game({"players": 2, "rounds": 1}, seed):
            seen += bool(want["overtime"])
    assert seen > 0


# -- property: rulings agree with an oracle read from the rulings -------------------------


@st.composite
def scenarios(draw):
    n = draw(st.integers(2, 4))
    mode = draw(st.sampled_from(["multiply", "add"]))
    minus = mode == "multiply" and draw(st.booleans())
    levels = [0, 1, 2, 3, 4] + ([-1] if minus else [])
    die = st.none() | st.tuples(st.integers(1, 6), st.sampled_from(levels))
    use_target = draw(st.booleans())
    rounds = None if use_target else draw(st.integers(1, 5))
    target = draw(st.integers(1, 120)) if use_target else None
    # Few distinct totals make ties (and overtime) common.
    totals = [draw(st.sampled_from([0, 10, 30, 60])) for _ in range(n)]
    top = max(totals)
    leaders = [s for s in range(n) if totals[s] == top]
    if use_target:
        overtime = top >= target
        if overtime and len(leaders) < 2:
            target = top + 1  # nobody at the target yet: a regular round
            overtime = False
    else:
        overtime = len(leaders) >= 2 and draw(st.booleans())
    rnd = (rounds + draw(st.integers(1, 3))) if overtime and rounds else draw(
        st.integers(1, rounds or 9))
    seats = leaders if overtime else list(range(n))
    order = draw(st.permutations(seats))
    dice = [draw(st.lists(die, max_size=4)) if s in seats else [] for s in range(n)]
    s = scen(dice, order=order, totals=totals, mode=mode, round=rnd, rounds=rounds,
             target=target)
    if minus or draw(st.booleans()):
        s["minus_zone"] = minus
    return s


def oracle(s):
    n = len(s["totals"])
    scores = [0] * n
    for seat in s["order"]:
        for d in s["dice"][seat]:
            if d is not None and d[1] != 0:
                f, lv = d
                scores[seat] += f * lv if s["mode"] == "multiply" else f + lv
    totals = [s["totals"][k] + scores[k] for k in range(n)]
    nxt = sorted(s["order"], key=lambda k: -scores[k])  # stable: ties keep the order
    if s["rounds"] is not None:
        ended = s["round"] >= s["rounds"]
    else:
        ended = any(totals[k] >= s["target"] or s["totals"][k] >= s["target"]
                    for k in s["order"])
    out = {"round_scores": scores, "totals": totals, "next_order": nxt, "game_over": False,
           "winner": None, "overtime": []}
    if ended:
        best = max(totals[k] for k in s["order"])
        top = [k for k in nxt if totals[k] == best]
        if len(top) == 1:
            out.update(game_over=True, winner=top[0], next_order=[])
        else:
            out.update(next_order=top, overtime=top)
    return out


@settings(max_examples=400, deadline=None)
@given(scenarios())
def test_T2_T3_T5_rulings_match_the_rulings_text(s):
    assert ref(s) == oracle(s)


# -- impossible scenarios: exit 2, one line naming the field --------------------------------


def good():
    return scen([[(4, 3), None], [(2, 1)], [(1, 4), (6, 0)]], order=[2, 0, 1],
                totals=[5, 6, 7], round=2)


def with_(path, value):
    return setk(good(), path, value)


def without(key):
    return delk(good(), key)


IMPOSSIBLE = [
    pytest.param(without("mode"), "mode", id="missing-mode"),
    pytest.param(without("order"), "order", id="missing-order"),
    pytest.param(without("dice"), "dice", id="missing-dice"),
    pytest.param(without("totals"), "totals", id="missing-totals"),
    pytest.param(without("round"), "round", id="missing-round"),
    pytest.param(without("rounds"), "rounds", id="missing-rounds"),
    pytest.param(without("target"), "target", id="missing-target"),
    pytest.param(dict(good(), seed=1), "seed", id="unknown-key"),
    pytest.param(dict(good(), scores=[1, 2, 3]), "scores", id="gowild-key"),
    pytest.param(with_(["mode"], "sum"), "mode", id="mode-unknown"),
    pytest.param(with_(["mode"], None), "mode", id="mode-null"),
    pytest.param(with_(["minus_zone"], 1), "minus_zone", id="minus-zone-int"),
    pytest.param(with_(["minus_zone"], None), "minus_zone", id="minus-zone-null"),
    pytest.param(dict(good(), mode="add", minus_zone=True), "minus_zone",
                 id="T2-minus-zone-with-add"),
    pytest.param(with_(["totals"], [0]), "totals", id="T1-one-seat"),
    pytest.param(with_(["totals"], [0] * 5), "totals", id="T1-five-seats"),
    pytest.param(with_(["totals"], "0,0,0"), "totals", id="totals-not-a-list"),
    pytest.param(with_(["totals", 1], -1), "totals[1]", id="negative-total"),
    pytest.param(with_(["totals", 0], 1.5), "totals[0]", id="float-total"),
    pytest.param(with_(["totals", 2], True), "totals[2]", id="bool-total"),
    pytest.param(with_(["rounds"], None), "rounds", id="T5-neither-rounds-nor-target"),
    pytest.param(with_(["target"], 100), "rounds", id="T5-both-rounds-and-target"),
    pytest.param(with_(["rounds"], 0), "rounds", id="rounds-0"),
    pytest.param(with_(["rounds"], True), "rounds", id="rounds-bool"),
    pytest.param(dict(good(), rounds=None, target=0), "target", id="target-0"),
    pytest.param(dict(good(), rounds=None, target="100"), "target", id="target-str"),
    pytest.param(with_(["round"], 0), "round", id="T5-round-0"),
    pytest.param(with_(["round"], -1), "round", id="round-negative"),
    pytest.param(with_(["round"], 2.0), "round", id="round-float"),
    pytest.param(with_(["round"], None), "round", id="round-null"),
    pytest.param(with_(["order"], "2,0,1"), "order", id="order-not-a-list"),
    pytest.param(with_(["order"], [2, 0, 2]), "order[2]", id="order-seat-twice"),
    pytest.param(with_(["order", 1], 3), "order[1]", id="order-seat-out-of-range"),
    pytest.param(with_(["order", 1], -1), "order[1]", id="order-seat-negative"),
    pytest.param(with_(["order", 0], True), "order[0]", id="order-seat-bool"),
    pytest.param(with_(["order", 0], "2"), "order[0]", id="order-seat-str"),
    pytest.param(with_(["order"], [2]), "order", id="order-one-seat"),
    pytest.param(with_(["order"], []), "order", id="order-empty"),
    pytest.param(with_(["order"], [2, 0]), "order", id="T4-regular-round-seat-missing"),
    pytest.param(scen([[], [], []], order=[0, 1], totals=[9, 9, 9], round=5), "order",
                 id="T5-overtime-without-every-tied-leader"),
    pytest.param(scen([[], [], []], order=[0, 2], totals=[9, 9, 3], round=5), "order",
                 id="T5-overtime-with-a-trailing-seat"),
    pytest.param(scen([[], []], order=[0, 1], totals=[50, 20], round=3, rounds=None,
                      target=40), "order", id="T5-target-passed-before-with-no-tie"),
    pytest.param(with_(["dice"], [[], []]), "dice", id="dice-too-few-seats"),
    pytest.param(with_(["dice"], {"0": []}), "dice", id="dice-not-a-list"),
    pytest.param(with_(["dice", 1], (2, 1)), "dice[1][0]", id="dice-seat-a-die"),
    pytest.param(with_(["dice", 1], "2x1"), "dice[1]", id="dice-seat-a-string"),
    pytest.param(with_(["dice", 1], [[2, 1]] * 5), "dice[1]", id="T1-five-dice"),
    pytest.param(with_(["dice", 0, 0], [4]), "dice[0][0]", id="die-short"),
    pytest.param(with_(["dice", 0, 0], [4, 3, 1]), "dice[0][0]", id="die-long"),
    pytest.param(with_(["dice", 0, 0], {"face": 4}), "dice[0][0]", id="die-object"),
    pytest.param(with_(["dice", 0, 0, 0], 0), "dice[0][0][0]", id="T2-face-0"),
    pytest.param(with_(["dice", 0, 0, 0], 7), "dice[0][0][0]", id="T2-face-7"),
    pytest.param(with_(["dice", 0, 0, 0], True), "dice[0][0][0]", id="face-bool"),
    pytest.param(with_(["dice", 0, 0, 0], 4.0), "dice[0][0][0]", id="face-float"),
    pytest.param(with_(["dice", 0, 0, 0], None), "dice[0][0][0]", id="face-null"),
    pytest.param(with_(["dice", 0, 0, 1], 5), "dice[0][0][1]", id="T1-level-5"),
    pytest.param(with_(["dice", 0, 0, 1], -2), "dice[0][0][1]", id="T1-level-minus-2"),
    pytest.param(with_(["dice", 0, 0, 1], -1), "dice[0][0][1]", id="T1-minus-1-without-zone"),
    # [face, null] is a die off the board, as a person writes it (tests/test_referee_cli.py)
    pytest.param(with_(["dice", 0, 0, 1], True), "dice[0][0][1]", id="level-bool"),
    pytest.param(with_(["dice", 0, 0, 1], "3x"), "dice[0][0][1]", id="level-str"),
    pytest.param(scen([[], [], [(3, 2)]], order=[0, 1], totals=[9, 9, 3], round=5),
                 "dice[2][0]", id="T5-a-seat-sitting-out-scores"),
]


@pytest.mark.parametrize("s, field", IMPOSSIBLE)
def test_impossible_scenarios_exit_2_naming_the_field(s, field):
    err = refuse(s)
    assert re.match(r"referee: %s: " % re.escape(field), err), err


def test_a_seat_sitting_out_may_list_dice_that_do_not_score():
    r = ref(scen([[], [], [None, (3, 0)]], order=[1, 0], totals=[9, 9, 3], round=5))
    assert r["round_scores"] == [0, 0, 0] and r["overtime"] == [1, 0]


def test_minus_1x_is_fine_with_the_zone_and_negative_totals_too():
    r = ref(dict(with_(["dice", 0, 0, 1], -1), minus_zone=True, totals=[-5, 6, 7]))
    assert r["round_scores"][0] == -4 and r["totals"][0] == -9


def test_impossible_messages_name_the_ruling():
    assert "T2" in refuse(dict(good(), mode="add", minus_zone=True))
    assert "T1" in refuse(with_(["dice", 1], [[2, 1]] * 5))
    assert "T1" in refuse(with_(["dice", 0, 0, 1], -1))
    assert "minus_zone" in refuse(with_(["dice", 0, 0, 1], -1))
    assert "T5" in refuse(with_(["target"], 100))
    assert "T1" in refuse(with_(["totals"], [0] * 5))
    assert refuse(with_(["order"], [2, 0, 2])) == (
        "referee: order[2]: seat 2 throws twice in the order\n")


@pytest.mark.parametrize("text", ["", "{", "nope", b"\xff", '{"game": "tumblin",}'])
def test_bad_json_exit_2(text):
    assert refuse(text).startswith("referee: input: not valid JSON")


def test_other_spellings_are_not_tumblin():
    err = refuse(dict(good(), game="tumblin-dice"))
    assert err.startswith("referee: game: ") and "tumblin-dice" in err


def test_the_other_games_still_refereed():
    s = {"game": "gowild", "wild_one": None, "lead": 0, "trick": 1, "scores": [0, 0],
         "plays": [[0, ["red"]], [1, ["blue", "blue"]]]}
    code, out, err = referee.run(json.dumps(s))
    assert code == 0 and json.loads(out)["winner"] == 1


# -- the CLI as a subprocess ------------------------------------------------------------------


def test_cli_rulebook_example_exit_0():
    for mode, score in (("multiply", 12), ("add", 7)):
        p = cli(json.dumps(scen([[(4, 3)], [None]], mode=mode)))
        assert p.returncode == 0 and p.stderr == b""
        assert json.loads(p.stdout) == {
            "round_scores": [score, 0], "totals": [score, 0], "next_order": [0, 1],
            "game_over": False, "winner": None, "overtime": []}


def test_cli_overtime_and_target():
    p = cli(json.dumps(scen([[(5, 2)], [(5, 2)], []], totals=[95, 95, 10], round=3,
                            rounds=None, target=100, order=[1, 0, 2])))
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert (r["overtime"], r["next_order"], r["game_over"]) == ([1, 0], [1, 0], False)


def test_cli_impossible_exit_2():
    p = cli(json.dumps(with_(["dice", 0, 0, 0], 9)))
    assert p.returncode == 2 and p.stdout == b""
    lines = p.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("referee: dice[0][0][0]: T2")


def test_cli_bad_json_exit_2():
    p = cli('{"game": "tumblin"')
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr.decode().startswith("referee: input: not valid JSON")


def test_game_with_order_helper_feeds_the_referee():
    # A core round with known dice, put to the referee as the CLI would see it.
    g = game_with_order({"players": 3}, [2, 0, 1])
    throw_all(g)
    ev = enter_all(g, {0: [(4, 3)], 1: [(2, 2)], 2: [(6, 1)]})
    r = ref(scen([[(4, 3)], [(2, 2)], [(6, 1)]], order=[2, 0, 1]))
    assert r["round_scores"] == round_over(ev)[2] == [12, 4, 6]
    assert r["next_order"] == g.order == [0, 2, 1]
