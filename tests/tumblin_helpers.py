"""Shared helpers for the Tumblin' Dice tests (rulings T1-T6, S3).

- ``roll_off(g)`` rolls until the roll-off is over and returns each seat's faces;
  ``rolloff_oracle`` is the order T3 asks for, read from those faces.
- ``table_game`` / ``play_round``: a table-mode game past its roll-off, and one round
  played with exact dice ("die" entries), so scores, order and ends are set by the test.
- ``pick`` plays a random legal action; ``check_invariants`` checks a state and its JSON
  round trip; ``Tracker`` follows a game's events (removed dice, round scores, totals).
- ``Seen`` wraps a bot and notes something at each of its choices (for bots.tumblin.play_out).
"""

import json

from contract_helpers import roundtrip

from slampad.games import tumblin_board as tb
from slampad.games.tumblin import DICE, Tumblin

PHASES = ("roll_off", "throw", "enter", "over")
MAX_ROUNDS = 40  # far above any game seen: 4 rounds plus overtimes


def team_of(seat):
    """T5: P1+P3 (seats 0, 2) are team 0, P2+P4 (seats 1, 3) team 1."""
    return seat % 2


def roll_off(g):
    """Roll (lowest seat first) until the roll-off is over: {seat: [faces rolled]}."""
    rolls = {}
    while g.phase == "roll_off":
        s = [s for s in range(g.n()) if g.legal_actions(s)][0]
        for e in g.apply(("roll", s)):
            if e[0] == "rolled":
                rolls.setdefault(e[1], []).append(e[2])
    return rolls


def rolloff_oracle(rolls):
    """T3: highest first; tied seats rolled again among themselves, so each seat's list of
    faces is a key: the first face that differs decides."""
    return sorted(rolls, key=lambda s: rolls[s], reverse=True)


def table_game(opts=None, seed=0):
    o = {"board": "table"}
    o.update(opts or {})
    g = Tumblin(o, seed)
    roll_off(g)
    return g


def game_with_order(opts, order, board="table"):
    """A game past its roll-off whose first round is thrown in ``order``."""
    o = dict(opts or {})
    o.setdefault("board", board)
    for seed in range(20000):
        g = Tumblin(o, seed)
        roll_off(g)
        if g.order == list(order):
            return g
    raise AssertionError("no seed gives order %r" % (order,))


def throw_all(g):
    ev = []
    while g.phase == "throw":
        ev += g.apply(("throw", g.turn()))
    return ev


def entries(dice, seat):
    """Seat's four entries from ``dice`` ({seat: [(face, level) | None, ...]} or a list
    per seat); missing dice are off the board."""
    if isinstance(dice, dict):
        ds = list(dice.get(seat, []))
    else:
        ds = list(dice[seat]) if seat < len(dice) else []
    assert len(ds) <= DICE
    return ds + [None] * (DICE - len(ds))


def enter_all(g, dice):
    ev = []
    for s in list(g.order):
        for d in entries(dice, s):
            f, lv = (None, None) if d is None else d
            ev += g.apply(("die", s, f, lv))
    return ev


def play_round(g, dice):
    """Table mode: every seat in this round's order throws its four dice, then each seat's
    dice are entered, seat by seat in order of play. Returns the events."""
    assert g.phase == "throw" and g.options["board"] == "table"
    return throw_all(g) + enter_all(g, dice)


def round_over(ev):
    """The ("round_over", round, scores, totals) event in ``ev`` (or None)."""
    for e in ev:
        if e[0] == "round_over":
            return e
    return None


def pick(g, rng, undo_per_mille=0):
    """A random legal action (now and then an undo, in table mode)."""
    if undo_per_mille and g.legal_actions(None) and rng.chance(undo_per_mille):
        return ("undo",)
    if g.phase == "roll_off":
        return ("roll", rng.choice([s for s in range(g.n()) if g.legal_actions(s)]))
    s = g.turn()
    if g.phase == "throw":
        if g.options["board"] == "table":
            return ("throw", s)
        power = rng.randint(0, 100) if rng.below(3) == 0 else rng.randint(20, 70)
        return ("throw", s, power, rng.randint(-100, 100) // (1 + rng.below(4)))
    if rng.below(5) == 0:
        return ("die", s, None, None)
    return ("die", s, rng.randint(1, 6), rng.choice(g.levels()))


def check_invariants(g, full_reload=True):
    """Checks on any reachable state; returns to_dict(). Dict round trips through JSON and
    (``full_reload``) from_dict gives the same save and the same view."""
    n = g.n()
    o = g.options
    v = g.view()
    assert v["phase"] in PHASES
    assert g.is_over() == (v["phase"] == "over")
    order = v["order"]
    assert len(set(order)) == len(order) and all(0 <= s < n for s in order)
    thrown = v["thrown"]
    for s in range(n):
        assert 0 <= thrown[s] <= DICE  # T4: four dice each
        if s not in order:
            assert thrown[s] == 0
    if v["phase"] in ("throw", "enter"):
        assert len(order) >= 2
        if not v["overtime"] and not o["teams"]:
            assert sorted(order) == list(range(n))  # everyone plays a regular round
        if o["teams"]:
            assert len(order) == 4
            for i in range(4):  # T5: teammates never throw back to back, round the table
                assert team_of(order[i]) != team_of(order[(i + 1) % 4])
    if v["phase"] == "throw":
        assert sum(thrown) == g.throws < DICE * len(order)
        assert v["turn"] == order[g.throws % len(order)]
        ks = [thrown[s] for s in order]
        assert max(ks) - min(ks) <= 1 and ks == sorted(ks, reverse=True)  # one each in turn
    if v["phase"] == "enter":
        assert all(thrown[s] == DICE for s in order)  # every die is thrown first
    levels = (1, 2, 3, 4, -1) if o["minus_zone"] else (1, 2, 3, 4)
    for d in v["board"]:
        seat, face, level, x, y = d
        assert seat in order and 1 <= face <= 6 and level in levels
        assert 0 <= x < tb.END and -tb.HALF <= y <= tb.HALF
        assert tb.level_at(x, y, o["minus_zone"]) == level
    for s in range(n):
        on = sum(1 for d in v["board"] if d[0] == s)
        assert on <= thrown[s]
        assert len(v["dice"][s]) <= DICE
        for d in v["dice"][s]:
            assert d is None or (1 <= d[0] <= 6 and d[1] in levels)
    if v["phase"] == "roll_off":
        assert order == [] and sorted(sum(v["groups"], [])) == list(range(n))
    if g.is_over():
        won = v["winners"]
        assert won and won == sorted(won)
        if o["teams"]:
            t = [v["totals"][0] + v["totals"][2], v["totals"][1] + v["totals"][3]]
            assert won in ([0, 2], [1, 3])
            assert t[team_of(won[0])] > t[1 - team_of(won[0])]
        else:
            assert len(won) == 1
            assert v["totals"][won[0]] == max(v["totals"])
            assert v["totals"].count(max(v["totals"])) == 1
    else:
        assert v["winners"] == []
    assert json.loads(json.dumps(v)) == v
    if not full_reload:
        d = g.to_dict()
        assert json.loads(json.dumps(d)) == d
        return d
    d, h = roundtrip(g)  # the contract's round trip (contract_helpers)
    assert h.view() == v and h.rng.state == g.rng.state
    return d


class Tracker:
    """Follows a game's events: per round, the dice removed or knocked off (virtual), the
    round scores and totals announced; checks totals = sum of round scores."""

    def __init__(self, n):
        self.n = n
        self.removed = [0] * n
        self.rounds = []  # [(round, order, overtime, scores, totals)]
        self.order = None
        self.overtime = False

    def feed(self, ev):
        for e in ev:
            if e[0] == "round":
                self.removed = [0] * self.n
                self.order = list(e[2])
                self.overtime = e[3]
            elif e[0] == "removed":
                self.removed[e[1]] += 1
            elif e[0] == "bumped":
                # A die hit again once off the board is a core bug (see the board
                # tests); here each event moves a die between off and on the board.
                was_off = e[2] in (tb.PAD, 0, tb.OFF)
                self.removed[e[1]] += (e[3] in (tb.PAD, 0, tb.OFF)) - was_off
            elif e[0] == "round_over":
                self.rounds.append((e[1], list(self.order), self.overtime, e[2], e[3]))
                total = [sum(r[3][s] for r in self.rounds) for s in range(self.n)]
                assert e[3] == total  # totals are the sums of the round scores
                for s in range(self.n):
                    if s not in self.order:
                        assert e[2][s] == 0  # a seat sitting out overtime scores nothing

    def check_dice(self, g):
        """Virtual mode, T1/T4: on the board + removed + not yet thrown == 4 per seat."""
        if g.phase != "throw" or g.options["board"] != "virtual":
            return
        for s in g.order:
            on = sum(1 for d in g.board if d[0] == s)
            assert on + self.removed[s] + (DICE - g.thrown(s)) == DICE, (s, g.view())

    @staticmethod
    def of(g):
        """A tracker that has seen every event of ``g`` (its log replayed)."""
        h = Tumblin(g.options, g.seed)
        t = Tracker(g.n())
        for a in g.log:
            t.feed(h.apply(a))
        return t


class Seen:
    """A bot that adds ``note(view)`` (default: (seat, view)) to ``out`` before each choice."""

    def __init__(self, bot, out, note=None):
        self.bot = bot
        self.out = out
        self.note = note or (lambda view: (bot.seat, view))

    def choose(self, view):
        self.out.append(self.note(view))
        return self.bot.choose(view)
