"""Shared helpers for the Go Wild! tests: card notation, exact positions built through
the saved-state dict, invariants (G1, G2, G3, G6, G7), an independent reading of rulings
G3/G4 (an oracle written from docs/rules.md, not from the code), a random legal-action
driver and replay.

Card notation: ``cards("3O 4W")`` is three orange and four wild, as the core's six counts
(red, yellow, orange, blue, green, wild). Glyphs: R Y O B G W.
"""


from contract_helpers import roundtrip
from soak_checks import first_to_play  # G3, read apart from the rules core

from slampad.games import gowild_cards as gc
from slampad.games.gowild import GoWild
from slampad.rng import Rng

GLYPH = {"R": 0, "Y": 1, "O": 2, "B": 3, "G": 4, "W": 5}
# G9: what view(p) holds (p's own hand; others only as hand_sizes, the deck as its size)
PUBLIC = {
    "seat",
    "hand",
    "hand_sizes",
    "scores",
    "wild_one",
    "round",
    "trick",
    "lead",
    "turn",
    "plays",
    "discard",
    "deck_size",
    "target",
    "phase",
}
NAMES = ("red", "yellow", "orange", "blue", "green", "wild")
R, Y, ORANGE, B, G, W = range(6)  # (E741: no bare O)


def cards(text):
    """Six counts from text like ``"3O 4W"`` or ``"2B+1W"``; ``""`` or ``"-"`` is none."""
    out = [0] * 6
    for part in text.replace("+", " ").split():
        if part == "-":
            continue
        k, glyph = (int(part[:-1]) if part[:-1] else 1), part[-1].upper()
        out[GLYPH[glyph]] += k
    return out


def as_counts(x):
    return cards(x) if isinstance(x, str) else list(x)


def deck_list(top):
    """The core's deck list (top is the end) from glyphs in dealing order (top first)."""
    return [GLYPH[ch.upper()] for ch in reversed(top.replace(" ", ""))]


# -- exact positions ------------------------------------------------------------------


def position(hands, lead=0, wild_one=None, scores=None, trick=1, rnd=1, plays=(), top="",
             rest="deck", discard=None, seed=7, turn="auto", **opts):
    """A game in exactly this position, built through the saved-state dict.

    hands: one entry per seat (text or counts); plays: [(seat, cards)] already on the table
    this trick; top: glyphs dealt next, top first; the remaining cards (18 of each colour
    minus everything named) go under ``top`` in the deck (rest="deck", in a fixed shuffled
    order) or to the discard pile (rest="discard"). ``discard``: counts put in the discard
    pile on top of that. Extra keyword arguments are options. ``turn`` is worked out from
    the position unless given.
    """
    n = len(hands)
    o = {"players": n}
    o.update(opts)
    d = GoWild(o, seed).to_dict()
    hands = [as_counts(h) for h in hands]
    plays = [[s, as_counts(p)] for s, p in plays]
    discard = as_counts(discard) if discard is not None else [0] * 6
    top_list = deck_list(top)
    used = list(discard)
    for h in hands:
        gc.add(used, h)
    for _, p in plays:
        gc.add(used, p)
    for c in top_list:
        used[c] += 1
    left = [gc.PER_COLOUR - used[c] for c in range(6)]
    assert min(left) >= 0, "position names more than 18 of a colour: %r" % (used,)
    under = []
    for c in range(6):
        under += [c] * left[c]
    if rest == "deck":
        Rng(seed).shuffle(under)
        deck = under + top_list
    else:
        assert rest == "discard", rest
        gc.add(discard, left)
        deck = top_list
    d.update(
        phase="play",
        round=rnd,
        trick=trick,
        lead=lead,
        wild_one=wild_one,
        scores=list(scores) if scores is not None else [0] * n,
        hands=hands,
        deck=deck,
        discard=discard,
        plays=plays,
        winners=[],
    )
    d["turn"] = first_to_play(hands, lead, plays) if turn == "auto" else turn
    return GoWild.from_dict(d)


def play(g, text):
    """The seat whose turn it is plays ``text``; returns the events."""
    return g.apply(("play", g.turn, cards(text)))


def play_all(g, *texts):
    ev = []
    for t in texts:
        ev += play(g, t)
    return ev


# -- invariants -------------------------------------------------------------------------


def per_colour(d):
    """Cards of each colour in deck + hands + table + discard of a state dict (G1)."""
    per = list(d["discard"])
    for c in d["deck"]:
        per[c] += 1
    for h in d["hands"]:
        gc.add(per, h)
    for _, p in d["plays"]:
        gc.add(per, p)
    return per


def check_invariants(g, n=None, reachable=True):
    """G1 conservation, G2 hand sizes, G3 turn order, G6 end, G7 full hands after a refill,
    and the JSON round trip of the contract. Returns the state dict."""
    d, _ = roundtrip(g)  # the contract's round trip (contract_helpers)
    n = d["options"]["players"] if n is None else n
    assert len(d["hands"]) == len(d["scores"]) == n
    assert per_colour(d) == [gc.PER_COLOUR] * 6, per_colour(d)  # G1
    assert sum(per_colour(d)) == 108
    for h in d["hands"]:
        assert min(h) >= 0 and sum(h) <= gc.HAND, h  # G2
    assert min(d["scores"]) >= 0
    target = d["options"]["target"]
    if g.is_over():
        assert d["phase"] == "over" and d["turn"] is None
        won = g.winners()
        assert len(won) == 1 and d["scores"][won[0]] >= target  # G6
        assert [s for s in range(n) if d["scores"][s] >= target] == won
        assert all(g.legal_actions(s) == [] for s in range(n))
        assert d["plays"] == []
    else:
        assert d["phase"] == "play" and g.winners() == []
        assert max(d["scores"]) < target  # G6: the game would have ended
        t = d["turn"]
        assert t == first_to_play(d["hands"], d["lead"], d["plays"])  # G3
        assert t is not None and sum(d["hands"][t]) > 0
        acts = g.legal_actions(t)
        assert acts, "G3: a seat holding cards always has a valid set"
        for s in range(n):
            if s != t:
                assert g.legal_actions(s) == []
        if reachable and d["trick"] == 1 and not d["plays"]:
            # G7: 108 cards and at most 72 in hands, so a refill always fills every hand.
            assert [sum(h) for h in d["hands"]] == [gc.HAND] * n, d["hands"]
    return d


def replay(options, seed, actions):
    g = GoWild(options, seed)
    for a in actions:
        g.apply(a)
    return g


# -- an independent oracle (written from docs/rules.md G3, G4) -----------------------------


def oracle_set(play, wild_one, hand=None):
    """(valid, size counted for winning) of a play, read straight from G3/G4.

    ``hand``: what the player held before playing (None: unknown, as for the referee,
    which accepts a Wild One's all-wild play as a slough).
    """
    total = sum(play)
    colours = [c for c in range(5) if play[c] > 0]
    wilds = play[W]
    if total == 0 or len(colours) > 1:
        return False, 0
    if not colours:  # one or more wilds: a slough, size 0
        if wild_one and hand is not None and any(hand[c] for c in range(5)):
            return False, 0  # a Wild One holding colour cards may not slough
        return True, 0
    if wilds == 0:
        return True, total
    if not wild_one or wilds > total - wilds:
        return False, 0
    return True, total


def oracle_winner(plays, wild_one):
    """G4: the largest set wins, the earlier of equal sets; size 0 never wins."""
    best, size = None, 0
    for seat, p in plays:
        ok, k = oracle_set(p, seat == wild_one)
        if ok and k > size:
            best, size = seat, k
    return best


def all_subsets(hand):
    """Every non-empty sub-multiset of a hand, as six counts."""
    out = [[]]
    for c in range(6):
        out = [p + [k] for p in out for k in range(hand[c] + 1)]
    return [p for p in out if sum(p)]


# -- drivers ---------------------------------------------------------------------------

STYLES = ("uniform", "grouped", "greedy", "small")


def pick(g, rng, style):
    """A random legal action of the seat to play, by one of a few random styles:

    uniform over every valid set; grouped (a random kind: a colour or a slough, then a
    set of it); greedy (the largest set 3 times in 4); small (one card 3 times in 4)."""
    acts = g.legal_actions(g.turn)
    if style == "grouped":
        kinds = {}
        for a in acts:
            p = a[2]
            k = next((c for c in range(5) if p[c]), W)
            kinds.setdefault(k, []).append(a)
        acts = kinds[rng.choice(sorted(kinds))]
    elif style == "greedy" and rng.below(4):
        wild_one = g.turn == g.wild_one
        sizes = [oracle_set(a[2], wild_one)[1] for a in acts]
        top = max(sizes)
        acts = [a for a, k in zip(acts, sizes, strict=True) if k == top]
    elif style == "small" and rng.below(4):
        acts = [a for a in acts if sum(a[2]) == 1] or acts
    return rng.choice(acts)


def random_game(options, seed, rng, style="uniform", on_step=None, max_steps=5000):
    """A game of random legal actions; returns (game, actions). ``on_step(g, a, ev)``
    runs after each action and may return a game to continue with (e.g. a reloaded one)."""
    g = GoWild(options, seed)
    acts = []
    while not g.is_over():
        assert len(acts) < max_steps, "game did not end in %d steps" % max_steps
        a = pick(g, rng, style)
        ev = g.apply(a)
        acts.append(a)
        if on_step is not None:
            g = on_step(g, a, ev) or g
    return g, acts


class Spy(dict):
    """A view that records which keys are read (a bot must read only its view)."""

    def __init__(self, d):
        super().__init__(d)
        self.read = set()

    def __getitem__(self, k):
        self.read.add(k)
        return super().__getitem__(k)

    def get(self, k, default=None):
        self.read.add(k)
        return super().get(k, default)


# -- reading the play screen's card pictures (app/gowild/cards.py) --------------------------


def row_cards(tiles):
    """The cards a row of card tiles draws, left to right, as (count, colour index)."""
    from slampad.app.gowild import cards as cd

    out = []
    i = 0
    while i < len(tiles):
        t = tiles[i]
        if 1 <= t <= 9 or t == cd.TENS:
            n = t
            if t == cd.TENS:
                i += 1
                n = 10 + tiles[i] - cd.UNITS
            mid, right = tiles[i + 1], tiles[i + 2]
            assert cd.MID <= mid < cd.RIGHT and right == mid - cd.MID + cd.RIGHT, tiles
            out.append((n, mid - cd.MID))
            i += 3
        else:
            assert t == 0, tiles  # a card is read from its left tile only
            i += 1
    return out


def screen_rows(dev):
    """Each text row of the Go Wild! play screen with the cards drawn on it:
    [(text, [(count, colour), ...]), ...]."""
    scr = dev.app.screen
    shown = scr.view.cards.shown if scr.view.cards is not None else []
    lines = dev.lines()
    return [(lines[r], row_cards(shown[r]) if r < len(shown) else []) for r in range(len(lines))]


def hand_cards(hand):
    """The cards a hand is drawn as: one per colour held, in colour order."""
    return [(hand[c], c) for c in range(6) if hand[c]]


def hand_rows(dev):
    """The rows that are cards alone (a hand; a table row names its seats)."""
    return [cs for text, cs in screen_rows(dev) if cs and not text.strip()]
