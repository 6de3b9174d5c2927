"""The games contract (lib/slampad/games/__init__.py), on every game class: seeded random
play-throughs of each game's main option sets, checked at every step (issue 28 item 4).

- legal actions are well-formed, and apply() takes each one chosen;
- current_player() agrees with who has legal actions: one seat (no other seat lists an
  action the referee does not), REFEREE or TERMINAL (no seat does), or ANY_SEAT;
- legal.ok, which asks only the current player (and the referee), rules on every legal
  action, and on stale, re-seated and made-up ones, as the old every-seat check did;
- view(seat) works for every seat and is JSON-safe;
- the state round-trips through its JSON-safe dict (play goes on with the reloaded
  game now and then), and the reloaded game lists the same actions;
- determinism: the same seed and the same actions give the same state.
The save header ("game", "v") is checked here, once for every game.
"""

import json

import pytest
from contract_helpers import ok_by_every_seat, roundtrip
from hypothesis import given, settings
from hypothesis import strategies as st
from safety_net import SAFETY_NET_S

from slampad.app import legal
from slampad.games import (
    ANY_SEAT,
    REFEREE,
    TERMINAL,
    diceland,
    gowild,
    gowild_table,
    tumblin,
    wildside,
)
from slampad.rng import Rng

# name: (rules module, class, main option sets, most steps played, how often the referee
# acts when a seat could too, per cent)
GAMES = {
    "wildside": (
        wildside,
        wildside.Wildside,
        (
            {"players": 2, "bots": [0, 1]},
            {"players": 3, "bots": [1]},  # humans press ready (W12)
            {"players": 4, "wrap": 1 << 16},
            {"players": 4, "bots": [0, 1, 2, 3], "resolution": 3},
        ),
        400,
        70,
    ),
    "gowild": (
        gowild,
        gowild.GoWild,
        ({"players": 2}, {"players": 4}, {"players": 6, "first_lead": 3, "target": 12}),
        400,
        0,
    ),
    "gowild_table": (
        gowild_table,
        gowild_table.GoWildTable,
        ({"players": 3}, {"players": 6, "first_lead": 2, "target": 8}),
        200,
        100,
    ),
    "tumblin": (
        tumblin,
        tumblin.Tumblin,
        (
            {"players": 2},
            {"players": 3, "board": "virtual"},
            {"players": 4, "teams": True},
            {"players": 3, "target": 60, "mode": "add"},
            {"players": 2, "board": "virtual", "minus_zone": True, "rounds": 2},
        ),
        300,
        8,
    ),
    "diceland": (
        diceland,
        diceland.Diceland,
        (
            {},
            {"scene": "random", "size": 12, "terrain": False, "grouping": True},
            {"capital": True, "fatal_attraction": True, "fill_the_void": True},
        ),
        250,
        0,
    ),
}
CASES = [(name, i) for name in GAMES for i in range(len(GAMES[name][2]))]
JUNK = [(), ("nope",), ("undo",), ("roll",), ("judge",), ("take",), ("pass", 0), ("pass", 1),
        ("play", 0, [1, 0, 0, 0, 0, 0]), ("trick", 0, None), ("slam", 9, 5), ("ready", -1)]


def seats(g):
    return 2 if isinstance(g, diceland.Diceland) else g.options["players"]


class Player:
    """Random legal actions, the placeholders (None) filled: ticks for Wildside (a clock
    that moves on a little every step), power and aim for a virtual throw."""

    def __init__(self, name, seed):
        self.name = name
        self.r = Rng(seed ^ 0x3C3C)
        self.clock = self.r.below(1 << 16)

    def fill(self, g, a):
        a = tuple(a)
        r = self.r
        if a[0] in ("open", "slam"):
            w = g.options["wrap"]
            t = (self.clock + r.choice((0, 0, 0, 1, 2, 7, 40))) % w
            return ("open", t) if a[0] == "open" else ("slam", a[1], t)
        if a[0] == "throw" and len(a) == 4:
            return ("throw", a[1], r.randint(0, 100), r.randint(-100, 100))
        if a[0] == "trick" and a[1] is not None and r.below(2):
            return ("trick", a[1], r.randint(1, 12))
        return a

    def choose(self, g, ref, ply):
        self.clock += self.r.randint(1, 30)
        ref_pc = GAMES[self.name][4]
        if ref and (not ply or self.r.below(100) < ref_pc):
            return self.fill(g, self.r.choice(ref))
        return self.fill(g, self.r.choice(ply))


def check_turn(g, n, ref, acts):
    """current_player() against who has legal actions (games/__init__.py)."""
    cp = g.current_player()
    assert isinstance(cp, int) and not isinstance(cp, bool)
    assert (cp == TERMINAL) == g.is_over(), (cp, g.is_over())
    assert (g.winners() != []) == g.is_over()
    if cp >= 0:
        assert cp < n
        for s in range(n):
            if s != cp:
                assert all(legal._listed(a, ref) for a in acts[s]), (cp, s, acts[s])
        assert ref or acts[cp], "the current player has nothing to do"
    elif cp in (REFEREE, TERMINAL):
        for s in range(n):
            assert all(legal._listed(a, ref) for a in acts[s]), (cp, s, acts[s])
        assert ref or cp == TERMINAL, "the referee's turn, and it has nothing to do"
    else:
        assert cp == ANY_SEAT, cp
        assert ref or any(acts), "several may act and nobody can"
    return cp


def check_legal_gate(g, player, ref, acts, stale):
    """legal.ok (current player only) == the old every-seat check, on legal actions and
    on illegal ones; legal actions are ok."""
    listed = [player.fill(g, a) for a in ref]
    for s in range(len(acts)):
        listed += [player.fill(g, a) for a in acts[s]]
    r = player.r
    if len(listed) > 12:
        listed = [listed[r.below(len(listed))] for _ in range(12)]
    for a in listed:
        assert legal.ok(g, a) and ok_by_every_seat(g, a), a
    others = list(stale) + JUNK
    for a in listed:
        if len(a) > 1 and isinstance(a[1], int):
            others.append((a[0], (a[1] + 1 + r.below(5)) % 6) + tuple(a[2:]))  # re-seated
        others.append(tuple(a) + (0,))
    for a in others:
        assert legal.ok(g, a) == ok_by_every_seat(g, a), a
    return listed


def check_step(g, n, player, stale):
    ref = g.legal_actions(None)
    acts = [g.legal_actions(s) for s in range(n)]
    for a in ref + [a for x in acts for a in x]:
        assert isinstance(a, (tuple, list)) and a and isinstance(a[0], str), a
    cp = check_turn(g, n, ref, acts)
    for s in range(n):
        v = g.view(s)
        assert json.loads(json.dumps(v)) == v, "view(%d) is not JSON-safe" % s
    listed = check_legal_gate(g, player, ref, acts, stale)
    d, h = roundtrip(g)
    assert h.current_player() == cp and h.legal_actions(None) == ref
    for s in range(n):
        assert h.legal_actions(s) == acts[s] and h.view(s) == g.view(s)
    return h, ref, [a for x in acts for a in x], listed


def play(name, opts, seed):
    """A random play-through, checked at every step; returns (game, actions)."""
    cls, limit = GAMES[name][1], GAMES[name][3]
    g = cls(opts, seed)
    assert cls(opts, seed).to_dict() == g.to_dict()  # a seed makes one game
    n = seats(g)
    player = Player(name, seed)
    actions = []
    stale = []
    while not g.is_over() and len(actions) < limit:
        h, ref, ply, listed = check_step(g, n, player, stale)
        if player.r.below(4) == 0:
            g = h  # play goes on with the reloaded game
        a = player.choose(g, ref, ply)
        ev = g.apply(a)
        assert isinstance(ev, list) and all(isinstance(e, tuple) and e for e in ev), ev
        actions.append(a)
        stale = listed[:6]
    check_step(g, n, player, stale)
    return g, actions


@pytest.mark.parametrize("name,i", CASES, ids=["%s-%d" % c for c in CASES])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, (1 << 30) - 1))
def test_random_play_keeps_the_contract(name, i, seed):
    cls, opts = GAMES[name][1], GAMES[name][2][i]
    g, actions = play(name, opts, seed)
    again = cls(opts, seed)
    for a in actions:
        again.apply(a)
    assert again.to_dict() == g.to_dict(), "seed %d and its actions do not replay" % seed


def test_every_game_class_is_here():
    """A new game class joins GAMES: it must keep the contract too."""
    import os

    here = os.path.join(os.path.dirname(legal.__file__), "..", "games")
    classes = set()
    for f in os.listdir(here):
        if f.endswith(".py") and not f.startswith("_"):
            with open(os.path.join(here, f)) as src:
                if "def legal_actions" in src.read() or f == "diceland.py":
                    classes.add(f[:-3])
    classes.discard("diceland_board")  # Diceland's base class
    assert classes == set(GAMES)


# -- the save header, once for every game ------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_save_header_names_the_game_and_its_version(name):
    mod, cls = GAMES[name][0], GAMES[name][1]
    d = cls(GAMES[name][2][0], 3).to_dict()
    assert d["game"] == mod.GAME == name and d["v"] == mod.VERSION == 1
    gone = object()
    bad = [("game", gone), ("v", gone), ("game", None), ("game", "x"), ("game", ""),
           ("v", None), ("v", mod.VERSION + 1), ("v", mod.VERSION - 1), ("v", True), ("v", "1"),
           ("v", 1.0)]
    bad += [("game", other) for other in GAMES if other != name]
    for key, value in bad:
        e = json.loads(json.dumps(d))
        if value is gone:
            del e[key]
        else:
            e[key] = value
        kept = json.dumps(e, sort_keys=True)
        with pytest.raises(ValueError, match="^%s: " % key):
            cls.from_dict(e)
        assert json.dumps(e, sort_keys=True) == kept  # from_dict leaves its argument alone
    for not_a_dict in (None, [], "state", 5, ("game", name)):
        with pytest.raises(ValueError, match="^state: "):
            cls.from_dict(not_a_dict)
    assert cls.from_dict(d).to_dict() == d


def test_W5_choosing_is_the_slammers_and_the_gate_rules_as_before():
    """W5: while the slammer chooses, current_player() is the slammer; ("choose", v) names
    the victim, not the actor, and the gate (asking the slammer only) still takes it, and
    refuses every other seat's tap, as the every-seat check did."""
    from wildside_helpers import position

    g = position([["wild"] * 3, ["moon", "star", "drop"], ["bolt", "moon", "star"], ["drop"]])
    g.apply(("slam", 0, 1010))
    g.apply(("judge",))
    assert g.phase == "choose" and g.current_player() == 0
    acts = [("tap", s) for s in range(5)] + [("choose", v) for v in range(5)] + [("take",)]
    for a in acts:
        assert legal.ok(g, a) == ok_by_every_seat(g, a), a
    assert [a for a in acts if legal.ok(g, a)] == [
        ("tap", 0), ("choose", 1), ("choose", 2), ("choose", 3), ("take",)]


def test_current_player_and_the_gate_on_micropython():
    """tests/mp/contract_games.py: current_player() and legal.ok (one seat asked) against
    the every-seat check on the MicroPython VM, move for move the same as on CPython."""
    import os
    import subprocess
    import sys

    import mpvm

    entry = os.path.join("tests", "mp", "contract_games.py")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ok, out = mpvm.run(entry, [80], heap="256K", timeout=SAFETY_NET_S, cwd=root)
    assert ok and "OK contract" in out, out
    p = subprocess.run([sys.executable, entry, "80"], cwd=root, capture_output=True, text=True,
                       timeout=SAFETY_NET_S, check=True)
    assert out.strip() == p.stdout.strip()
