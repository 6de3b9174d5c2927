"""Hypothesis properties of the Go Wild! core: G1 conservation and G2 hand sizes at every
step, scores that only grow by 1/2/3 and only the trick winner's (G4, G6), the Wild One
passing only on a first trick (G5), every game ending, JSON round trip and replay at every
step, G7 refills, ``view(p)`` that does not depend on anything p may not see (G9), and the
pure judges agreeing with an oracle written from the rulings (G3, G4)."""

import json

from gowild_helpers import (
    STYLES,
    W,
    all_subsets,
    cards,
    check_invariants,
    oracle_set,
    oracle_winner,
    pick,
    position,
    random_game,
    replay,
)
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from slampad.games import gowild_cards as gc
from slampad.games.gowild import GoWild
from slampad.rng import Rng

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAYERS = st.integers(2, 6)
SEEDS = st.integers(0, 2**31)
OPTIONS = st.fixed_dictionaries(
    {"players": PLAYERS},
    optional={"first_lead": st.integers(0, 1), "target": st.sampled_from([1, 3, 7, 20, 25])},
)
MAX_STEPS = 3000  # far above any game seen: 6 players, 20 points, random play


# -- whole random games: every step checked ---------------------------------------------


@FAST
@given(OPTIONS, SEEDS, st.sampled_from(STYLES))
def test_random_games_keep_every_invariant_at_every_step(opts, seed, style):
    n = opts["players"]
    target = opts.get("target", 20)
    seen = {"steps": 0, "no_winner": 0, "reshuffle": 0}
    prev = {"d": GoWild(opts, seed).to_dict()}

    def on_step(g, a, ev):
        before = prev["d"]
        d = check_invariants(g, n)  # G1, G2, G3 turn, G6 end, G7 full hands, JSON
        seen["steps"] += 1
        kinds = [e[0] for e in ev]
        gained = [d["scores"][s] - before["scores"][s] for s in range(n)]
        assert min(gained) >= 0  # scores only grow
        trick = before["trick"]
        if len(ev) == 1:  # the trick goes on
            assert gained == [0] * n and kinds == ["play"]
            assert d["plays"] == before["plays"] + [[a[1], list(a[2])]]
        else:  # the trick ended: judge it independently (G4)
            plays = before["plays"] + [[a[1], list(a[2])]]
            win = oracle_winner(plays, before["wild_one"])
            if win is None:
                assert gained == [0] * n and ("no_winner", trick) in ev  # G4
                assert d["wild_one"] == before["wild_one"]
                seen["no_winner"] += 1
            else:
                want = [0] * n
                want[win] = trick  # G6: 1, 2, 3, only the winner's
                assert gained == want and ("trick", trick, win, trick) in ev
                assert d["lead"] == win or g.is_over()
                if trick == 1:
                    assert d["wild_one"] == win  # G5: becomes or stays
                else:
                    assert d["wild_one"] == before["wild_one"]  # G5: never from 2 or 3
            if g.is_over():
                assert win is not None and before["scores"][win] + trick >= target  # G6
                assert ev[-1] == ("game_over", [win])
            seen["reshuffle"] += "reshuffle" in kinds
        assert max(sum(h) for h in d["hands"]) <= 12
        prev["d"] = d

    g, acts = random_game(opts, seed, Rng(seed ^ 0x5EED), style, on_step, MAX_STEPS)
    assert g.is_over() and seen["steps"] == len(acts)  # the game ends
    assert replay(opts, seed, acts).to_dict() == g.to_dict()  # seed + actions replay
    event("players %d" % n)
    event("a trick without winner" if seen["no_winner"] else "every trick won")
    event("reshuffled" if seen["reshuffle"] else "never reshuffled")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PLAYERS, SEEDS, st.sampled_from(STYLES))
def test_every_game_ends_within_bounded_steps(n, seed, style):
    g, acts = random_game({"players": n}, seed, Rng(seed + 1), style, max_steps=MAX_STEPS)
    assert g.is_over() and len(acts) < MAX_STEPS
    w = g.winners()[0]
    assert g.scores[w] >= 20 and sorted(g.scores)[-2] < 20
    assert g.round <= 60


@FAST
@given(PLAYERS, SEEDS, st.integers(0, 400), st.sampled_from(STYLES))
def test_a_reloaded_game_plays_on_exactly_like_the_original(n, seed, cut, style):
    # Save at step ``cut``, reload from JSON, and the rest of the game is the same.
    opts = {"players": n}
    g, acts = random_game(opts, seed, Rng(seed), style, max_steps=MAX_STEPS)
    cut = min(cut, len(acts))
    h = replay(opts, seed, acts[:cut])
    h = GoWild.from_dict(json.loads(json.dumps(h.to_dict())))
    for a in acts[cut:]:
        h.apply(a)
    assert h.to_dict() == g.to_dict()


@st.composite
def odd_positions(draw):
    """Positions random play seldom reaches: hands of any size (some empty), any trick,
    Wild One and scores; the deck's rest under it or in the discard pile."""
    n = draw(PLAYERS)
    hands = [draw(st.text("RYOBGW", max_size=12)) for _ in range(n)]
    hands = [cards(" ".join(h)) for h in hands]
    per = [sum(h[c] for h in hands) for c in range(6)]
    assume(max(per) <= 18 and sum(per) > 0)
    wild_one = draw(st.none() | st.integers(0, n - 1))
    return dict(
        hands=hands,
        lead=draw(st.integers(0, n - 1)),
        wild_one=wild_one,
        trick=draw(st.integers(1, 3)),
        scores=[draw(st.integers(0, 19)) for _ in range(n)],
        rest=draw(st.sampled_from(["deck", "discard"])),
        seed=draw(SEEDS),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(odd_positions(), st.sampled_from(STYLES))
def test_odd_positions_play_on_to_the_end_keeping_every_invariant(pos, style):
    g = position(**pos)
    n = g.n()
    rng = Rng(pos["seed"])
    reachable = False
    sat_out = False
    for _ in range(MAX_STEPS):
        if g.is_over():
            break
        before = g.to_dict()
        a = pick(g, rng, style)
        ev = g.apply(a)
        kinds = [e[0] for e in ev]
        if len(ev) > 1 and len(before["plays"]) + 1 < n:
            sat_out = True  # a trick ended with someone sitting out (G3)
        reachable = reachable or "deal" in kinds  # after a refill every hand holds 12
        d = check_invariants(g, n, reachable)
        gained = [d["scores"][s] - before["scores"][s] for s in range(n)]
        assert min(gained) >= 0 and sum(1 for x in gained if x) <= 1  # only the winner's
        assert max(gained) in (0, before["trick"])  # G6: 1, 2 or 3, the trick's number
    assert g.is_over()
    event("someone sat out" if sat_out else "nobody sat out")


# -- random actions: apply accepts exactly the legal ones --------------------------------


@st.composite
def mid_game(draw, max_steps=250):
    """A reachable state: a random game stopped after some steps."""
    n = draw(PLAYERS)
    seed = draw(SEEDS)
    style = draw(st.sampled_from(STYLES))
    steps = draw(st.integers(0, max_steps))
    g = GoWild({"players": n}, seed)
    rng = Rng(seed + 7)
    for _ in range(steps):
        if g.is_over():
            break
        g.apply(pick(g, rng, style))
    return g


COUNTS = st.lists(st.integers(0, 4), min_size=6, max_size=6)


@MANY
@given(mid_game(), st.integers(-1, 6), COUNTS)
def test_apply_accepts_exactly_the_legal_actions(g, seat, counts):
    if seat == 6 and not g.is_over():  # now and then, a set that is really held
        seat = g.turn
        counts = list(g.legal_actions(seat)[counts[0] % len(g.legal_actions(seat))][2])
    action = ("play", seat, counts)
    legal = 0 <= seat < g.n() and action in g.legal_actions(seat)
    before = g.to_dict()
    try:
        g.apply(action)
    except ValueError as e:
        assert not legal, e
        msg = str(e)
        assert msg.startswith(("G3: ", "G6: ", "no seat")), msg
        assert g.to_dict() == before  # an illegal action changes nothing
        event("refused " + msg[:2])
        return
    assert legal, action
    check_invariants(g)
    event("accepted")


# -- G9: a view depends only on what its seat may see -------------------------------------


@MANY
@given(mid_game(), st.integers(0, 5), st.randoms(use_true_random=False), SEEDS)
def test_view_does_not_depend_on_other_hands_or_the_deck(g, p, rnd, rng_state):
    n = g.n()
    p %= n
    d = g.to_dict()
    # Deal the hidden cards (other hands + deck) again at random, keeping hand sizes.
    hidden = list(d["deck"])
    for q in range(n):
        if q != p:
            for c in range(6):
                hidden += [c] * d["hands"][q][c]
    rnd.shuffle(hidden)
    for q in range(n):
        if q != p:
            k = sum(d["hands"][q])
            h = [0] * 6
            for c in hidden[:k]:
                h[c] += 1
            d["hands"][q] = h
            hidden = hidden[k:]
    d["deck"] = hidden
    d["rng"] = rng_state % (2**32 - 1) + 1
    h = GoWild.from_dict(d)
    assert h.view(p) == g.view(p)
    assert h.legal_actions(p) == g.legal_actions(p)
    v = g.view(p)
    assert v["hand"] == d["hands"][p] and "deck" not in v and "hands" not in v
    event("others changed" if h.to_dict() != g.to_dict() else "nothing to change")


@MANY
@given(mid_game())
def test_view_holds_no_other_hand_and_is_json(g):
    for p in range(g.n()):
        v = g.view(p)
        assert json.loads(json.dumps(v)) == v
        assert set(v) == {"seat", "hand", "hand_sizes", "scores", "wild_one", "round", "trick",
                          "lead", "turn", "plays", "discard", "deck_size", "target", "phase"}
        assert v["hand"] == g.hands[p] and v["hand"] is not g.hands[p]
        assert v["hand_sizes"] == [sum(h) for h in g.hands]
        assert v["deck_size"] == len(g.deck)
        v["hand"][0] += 1  # a view is a copy: changing it changes nothing
        v["plays"].append([0, [1, 0, 0, 0, 0, 0]])
        check_invariants(g, reachable=False)


# -- G3/G4 pure judges against the oracle ----------------------------------------------


@MANY
@given(COUNTS, st.booleans())
def test_judge_set_agrees_with_G3(play, wild_one):
    size, err = gc.judge_set(play, wild_one)
    ok, want = oracle_set(play, wild_one)
    assert (err is None) == ok, (play, wild_one, err)
    assert size == want
    if err is not None:
        assert err.startswith("G3: ")


HANDS = st.text("RYOBGW", max_size=12).map(lambda t: cards(" ".join(t)))


@MANY
@given(HANDS, st.booleans())
def test_sets_for_is_every_valid_subset_of_the_hand(hand, wild_one):
    sets = gc.sets_for(hand, wild_one)
    assert len(sets) == len({tuple(s) for s in sets})  # no duplicates
    want = sorted(p for p in all_subsets(hand) if oracle_set(p, wild_one, hand)[0])
    assert sorted(sets) == want
    assert bool(sets) == bool(sum(hand))  # G3: holding cards, there is always a set


@MANY
@given(st.lists(COUNTS, min_size=0, max_size=6), st.integers(-1, 5), st.integers(0, 5))
def test_trick_winner_agrees_with_G4(plays, wild_one, lead):
    n = 6
    seated = [[(lead + i) % n, p] for i, p in enumerate(plays)]
    wo = None if wild_one < 0 else wild_one
    win, sizes = gc.trick_winner(seated, wo)
    assert win == oracle_winner(seated, wo)
    assert sizes == [oracle_set(p, s == wo)[1] for s, p in seated]
    if win is not None:
        k = sizes[[s for s, _ in seated].index(win)]
        assert k == max(sizes) > 0
        assert all(x < k for x in sizes[: [s for s, _ in seated].index(win)])  # earliest


# -- G7 refill from the next leader, one card at a time ---------------------------------

GLYPHS = "RYOBGW"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(st.data())
def test_G7_refill_deals_in_seat_order_from_the_next_leader(data):
    n = data.draw(st.integers(2, 6), label="players")
    lead = data.draw(st.integers(0, n - 1), label="lead")
    win = data.draw(st.integers(0, n - 1), label="trick 3 winner")
    # Trick 3: the winner plays two red, everyone else one red; what each keeps is random
    # (no red, so that at most 18 of a colour is easy to keep).
    kept = [data.draw(st.text("YOBGW", max_size=10 if s == win else 11)) for s in range(n)]
    need = 12 * n - sum(len(k) for k in kept)
    top = data.draw(st.text("RYOBGW", min_size=need, max_size=need), label="top")
    per = {ch: top.count(ch) + sum(k.count(ch) for k in kept) for ch in GLYPHS}
    per["R"] += n + 1
    assume(max(per.values()) <= 18)
    plays = [cards("2R" if s == win else "1R") for s in range(n)]
    hands = []
    for s in range(n):
        h = cards(" ".join(kept[s]))
        gc.add(h, plays[s])
        hands.append(h)
    g = position(hands, lead=lead, trick=3, top=top)
    for i in range(n):
        s = (lead + i) % n
        assert g.turn == s
        g.apply(("play", s, plays[s]))
    # The oracle: one card at a time, seats in order from the next leader, until all hold 12.
    expect = [cards(" ".join(k)) for k in kept]
    deck = list(top)
    while min(sum(h) for h in expect) < 12:
        for i in range(n):
            s = (win + i) % n
            if sum(expect[s]) < 12:
                expect[s][GLYPHS.index(deck.pop(0))] += 1
    assert deck == []
    assert g.hands == expect
    assert (g.round, g.trick, g.lead, g.turn) == (2, 1, win, win)
    assert g.discard == cards("%dR" % (n + 1))  # the trick went to the discard pile
    check_invariants(g)


def test_wild_is_index_five():
    assert W == gc.WILD == 5
