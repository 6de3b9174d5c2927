"""Seeded random play-throughs of Tumblin' Dice in both modes and with every option, with
checks at every step.

Each game is played by random legal actions (tumblin_helpers.pick): table-mode entries are
random faces and levels (one in five off the board) and now and then an undo (S3);
virtual throws are random power and aim. After every action: the state invariants
(check_invariants: phases, T4 turn order, four dice each, teams alternating, dice on the
levels, winners), the virtual-board count (on the board + removed + not yet thrown == 4
per seat), totals as sums of the announced round scores, and the JSON round trip:
``from_dict(d).to_dict() == d`` with the same view and rng, and play goes on from the
reloaded copy. An undo must give back exactly the state before the action it takes
back. After every game: it is over with the right number of regular rounds (T5) and
the seed + log replay it; so do the seed + the actions played (undos included).
"""


import pytest
from contract_helpers import roundtrip
from tumblin_helpers import MAX_ROUNDS, Tracker, check_invariants, pick

from slampad.games.tumblin import Tumblin
from slampad.rng import Rng

OPTION_SETS = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 4, "teams": True},
    {"players": 3, "mode": "add"},
    {"players": 2, "minus_zone": True},
    {"players": 4, "minus_zone": True},
    {"players": 2, "target": 60},
    {"players": 3, "target": 120},
    {"players": 2, "rounds": 1},
    {"players": 3, "rounds": 7},
    {"players": 4, "teams": True, "target": 150},
    {"players": 4, "teams": True, "mode": "add", "rounds": 2},
    {"players": 4, "target": 1},
]
GAMES = {"table": 5, "virtual": 3}  # per option set (a virtual reload replays every throw)


def play_one(opts, seed):
    g = Tumblin(opts, seed)
    rng = Rng(seed * 7 + 1)
    table = opts["board"] == "table"
    tr = Tracker(g.n())
    acts = []
    history = [(g.to_dict(), g.view())]
    seen = {"undo": 0, "overtime": 0, "minus": 0, "removed": 0, "bumped": 0}
    while not g.is_over():
        assert len(acts) < 3000 and g.round <= MAX_ROUNDS
        a = pick(g, rng, 40 if table else 0)
        ev = g.apply(a)
        acts.append(a)
        if a[0] == "undo":
            history.pop()
            assert (g.to_dict(), g.view()) == history[-1]  # S3: exactly one step back
            tr = Tracker.of(g)
            seen["undo"] += 1
        else:
            tr.feed(ev)
            history.append((g.to_dict(), g.view()))
        for e in ev:
            seen["overtime"] += e[0] == "overtime"
            seen["removed"] += e[0] == "removed"
            seen["bumped"] += e[0] == "bumped"
            seen["minus"] += e[0] in ("landed", "entered") and e[3] == -1
        tr.check_dice(g)
        check_invariants(g, full_reload=False)
        _, back = roundtrip(g)  # the contract's round trip (contract_helpers)
        assert back.view() == g.view()
        assert back.rng.state == g.rng.state
        g = back  # play goes on from the reloaded copy
    return g, acts, tr, seen


def units(opts, totals):
    """Seat totals, or the two teams' (P1+P3, P2+P4)."""
    if opts.get("teams"):
        return [totals[0] + totals[2], totals[1] + totals[3]]
    return list(totals)


def check_game(opts, seed, g, acts, tr):
    assert g.is_over()
    regular = [r for r in tr.rounds if not r[2]]
    if opts.get("target") is None:
        assert len(regular) == opts.get("rounds", 4)
    else:
        # T5: the regular rounds end with the first in which someone reaches the target.
        tops = [max(units(opts, r[4])) for r in regular]
        assert tops[-1] >= opts["target"] and all(t < opts["target"] for t in tops[:-1])
    for r in tr.rounds[len(regular):]:
        assert r[2] and 2 <= len(r[1]) <= g.n()
    assert [r[0] for r in tr.rounds] == list(range(1, g.round + 1))
    assert g.totals == tr.rounds[-1][4]
    d = g.to_dict()
    h = Tumblin(opts, seed)
    for a in d["log"]:
        h.apply(a)
    assert h.to_dict() == d and h.view() == g.view()
    h = Tumblin(opts, seed)
    for a in acts:  # the actions as played, undos and all
        h.apply(a)
    assert h.to_dict() == d and h.view() == g.view()


@pytest.mark.parametrize("board", ["table", "virtual"])
def test_random_play_throughs(board):
    seen = {"undo": 0, "overtime": 0, "minus": 0, "removed": 0, "bumped": 0}
    winners = set()
    for k, base in enumerate(OPTION_SETS):
        opts = dict(base, board=board)
        for i in range(GAMES[board]):
            seed = 1000 * k + i
            g, acts, tr, s = play_one(opts, seed)
            check_game(opts, seed, g, acts, tr)
            for key in seen:
                seen[key] += s[key]
            winners.add(tuple(g.winners()))
    assert seen["overtime"] > 0 and seen["minus"] > 0
    assert len(winners) >= 6  # every seat (and both teams) wins some game
    if board == "table":
        assert seen["undo"] > 20 and seen["removed"] == seen["bumped"] == 0
    else:
        assert seen["undo"] == 0 and seen["removed"] > 0 and seen["bumped"] > 0
