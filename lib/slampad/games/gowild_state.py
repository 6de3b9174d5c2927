"""Saving and loading a Go Wild! game: every field checked, errors name it."""

from slampad.games import _check as ck
from slampad.games import gowild_cards as gc
from slampad.rng import Rng

GAME = "gowild"
VERSION = 1
DEFAULTS = {
    "players": 4,  # G2: 2 to 6
    "first_lead": 0,  # G8: the rulebook's youngest player; P1 by default
    "target": 20,  # G6
}


def check_options(given):
    o = ck.options(given, DEFAULTS)
    n = ck.need_int(o["players"], "options.players", 2, 6)
    ck.need_int(o["first_lead"], "options.first_lead", 0, n - 1)
    ck.need_int(o["target"], "options.target", 1, 1000)
    return o


def save(g):
    return {
        "game": GAME,
        "v": VERSION,
        "options": dict(g.options),
        "rng": g.rng.state,
        "phase": g.phase,
        "round": g.round,
        "trick": g.trick,
        "lead": g.lead,
        "turn": g.turn,
        "wild_one": g.wild_one,
        "scores": list(g.scores),
        "hands": [list(h) for h in g.hands],
        "deck": list(g.deck),
        "discard": list(g.discard),
        "plays": [[s, list(p)] for s, p in g.plays],
        "winners": list(g.won),
    }


def _counts(v, path):
    ck.need_list(v, path, 6, 6)
    for i, x in enumerate(v):
        ck.need_int(x, "%s[%d]" % (path, i), 0, gc.DECK_SIZE)
    return list(v)


def _seat_or_none(v, path, n):
    return None if v is None else ck.need_int(v, path, 0, n - 1)


def load(cls, d):
    ck.header(d, GAME, VERSION)
    o = check_options(ck.need_key(d, "options", ""))
    n = o["players"]
    g = cls(o, 0)
    g.rng = Rng.from_state(ck.need_key(d, "rng", ""))
    phase = ck.need_key(d, "phase", "")
    if phase not in ("play", "over"):
        ck.bad("phase", "unknown phase %r" % (phase,))
    g.phase = phase
    g.round = ck.need_int(ck.need_key(d, "round", ""), "round", 1)
    g.trick = ck.need_int(ck.need_key(d, "trick", ""), "trick", 1, 3)
    g.lead = ck.need_int(ck.need_key(d, "lead", ""), "lead", 0, n - 1)
    g.wild_one = _seat_or_none(ck.need_key(d, "wild_one", ""), "wild_one", n)
    scores = ck.need_list(ck.need_key(d, "scores", ""), "scores", n, n)
    g.scores = [ck.need_int(x, "scores[%d]" % i, 0) for i, x in enumerate(scores)]
    hands = ck.need_list(ck.need_key(d, "hands", ""), "hands", n, n)
    g.hands = [_counts(h, "hands[%d]" % i) for i, h in enumerate(hands)]
    for i, h in enumerate(g.hands):
        if gc.total(h) > gc.HAND:
            ck.bad("hands[%d]" % i, "G2: a hand holds at most 12 cards")
    deck = ck.need_list(ck.need_key(d, "deck", ""), "deck", 0, gc.DECK_SIZE)
    for i, c in enumerate(deck):
        ck.need_int(c, "deck[%d]" % i, 0, 5)
    g.deck = list(deck)
    g.discard = _counts(ck.need_key(d, "discard", ""), "discard")
    _plays(g, ck.need_key(d, "plays", ""), n)
    _conserved(g)
    won = ck.need_seats(ck.need_key(d, "winners", ""), "winners", n)
    g.won = list(won)
    target = o["target"]
    if phase == "over":
        reached = [s for s in range(n) if g.scores[s] >= target]
        if len(won) != 1 or reached != won:
            ck.bad("winners", "G6: one winner, the only one who reached the target")
    elif won or max(g.scores) >= target:
        ck.bad("winners", "G6: the game ends the moment a player reaches the target")
    turn = _seat_or_none(ck.need_key(d, "turn", ""), "turn", n)
    want = None if phase == "over" else g._next_player()
    if want is None and phase == "play":
        ck.bad("plays" if g.plays else "hands", "G3: nobody is left to play this trick")
    if turn != want:
        ck.bad("turn", "G3: the next to play is %r" % (want,))
    g.turn = turn
    return g


def _plays(g, plays, n):
    ck.need_list(plays, "plays", 0, n - 1)
    g.plays = []
    last = -1
    for i, e in enumerate(plays):
        path = "plays[%d]" % i
        ck.need_list(e, path, 2, 2)
        s = ck.need_int(e[0], path + "[0]", 0, n - 1)
        order = (s - g.lead) % n
        if order <= last:
            ck.bad(path + "[0]", "G3: plays go clockwise from the lead, once each")
        for k in range(last + 1, order):  # a seat passed over must hold no cards
            q = (g.lead + k) % n
            if gc.total(g.hands[q]):
                ck.bad(path + "[0]", "G3: P%d holds cards and plays before P%d" % (q + 1, s + 1))
        last = order
        p = _counts(e[1], path + "[1]")
        err = gc.judge_set(p, s == g.wild_one)[1]
        h = g.hands[s]
        if not err and s == g.wild_one and gc.total(p) == p[gc.WILD] and gc.total(h) != h[gc.WILD]:
            err = "G3: the Wild One may slough only when holding nothing but wilds"
        if err:
            ck.bad(path + "[1]", err)
        g.plays.append([s, p])


def _conserved(g):
    """G1: deck + hands + table + discard = 18 of each colour, 108 in all."""
    per = list(g.discard)
    for c in g.deck:
        per[c] += 1
    for h in g.hands:
        gc.add(per, h)
    for _, p in g.plays:
        gc.add(per, p)
    for c in range(6):
        if per[c] != gc.PER_COLOUR:
            ck.bad("hands", "G1: %d %s cards in play, there are 18" % (per[c], gc.COLOURS[c]))
