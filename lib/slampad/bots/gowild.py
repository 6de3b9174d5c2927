"""Go Wild! bots: easy, normal and hard. They read only ``view(seat)`` (G9).

- easy: a random valid set, from the bot's own Rng.
- normal: a heuristic (bots/gowild_search.pick): it weighs, for a handful of plays,
  the chance to win this trick against the players still to play (by their hand
  sizes) with what the cards left are worth for the round's later tricks (the
  biggest set saved for the 3-point trick), the Wild One seat and the refill. So it
  wins tricks cheaply, saves big sets for tricks it can win, sloughs wilds when it is
  not the Wild One, and goes for the first trick when wilds make the seat worth it.
- hard: determinization. It deals the cards it cannot see (108 minus its hand, the
  discard and the table) into the other hands by their sizes (``deal``: clumped by
  colour, and wilds mostly with the Wild One, as real hands are), SAMPLES times, and
  for each of the heuristic's BREADTH best plays plays the rest of the round out with
  the normal policy for everyone, on the same deals (common random numbers). The play
  with the best total of points won (plus the Wild One seat, the hand kept, and the
  game won or lost) is chosen. The budget is a count of deals (S2), never a time:
  SAMPLES when a whole round is left to play, more when the play-outs are shorter
  (``deals``), so every decision plays out about as many moves.
"""

from slampad.bots import gowild_search as gs
from slampad.games import gowild_cards as gc
from slampad.rng import Rng

LEVELS = ("easy", "normal", "hard")
SAMPLES = 6  # hard: deals of the hidden cards per decision (S2: a count, not a time)
BREADTH = 3  # hard: how many of the heuristic's best plays are searched
# Dealing (measured on normal bots' hands): how much each card in a hand makes its
# colour likelier for the next card, per trick; the weight of wilds, in 8ths, per
# trick for anyone else and for the Wild One.
CLUMP = (2, 4, 10)
WILDS = (6, 10, 2, 12, 0, 12)
_POOL = [0] * 6


class GoWildBot:
    def __init__(self, seat, level="normal", seed=0, samples=None):
        if level not in LEVELS:
            raise ValueError("bot level must be one of easy, normal, hard; got %r" % (level,))
        if samples is None:
            samples = SAMPLES
        if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples <= 64:
            raise ValueError("bot samples must be 1..64, got %r" % (samples,))
        self.seat = seat
        self.level = level
        self.samples = samples
        self.rng = Rng(seed * 8 + seat + 1)
        self.playouts = 0  # work done so far (rounds played out), for budget checks

    def choose(self, view):
        """("play", seat, counts) for the seat's turn, from ``view`` alone."""
        me = self.seat
        hand = view["hand"]
        wo = view["wild_one"]
        if not gc.total(hand):
            raise ValueError("G3: P%d holds no cards and sits out" % (me + 1))
        if self.level == "easy":
            return ("play", me, list(self.rng.choice(gc.sets_for(hand, wo == me))))
        sizes = list(view["hand_sizes"])
        n = len(sizes)
        wo = -1 if wo is None else wo
        trick = view["trick"]
        lead = view["lead"]
        table = gc.empty()
        best = 0
        bseat = -1
        for s, p in view["plays"]:
            gc.add(table, p)
            size = gc.judge_set(p, s == wo)[0]
            if size > best:
                best, bseat = size, s
        H = [0] * (6 * n)
        for c in range(6):
            H[6 * me + c] = hand[c]
        keep = [] if self.level == "hard" else None
        code = gs.pick(H, me, n, sizes, wo, trick, lead, best, keep)
        later = (lead - me - 1) % n
        if keep and len(keep) > 1 and (trick < 3 or later):
            pool = gc.empty()
            for c in range(6):
                pool[c] = gc.PER_COLOUR - hand[c] - view["discard"][c] - table[c]
                if pool[c] < 0:
                    pool[c] = 0
            code = self._search(keep, H, me, n, sizes, wo, trick, lead, best, bseat, pool, view)
        return ("play", me, gs.decode(code))

    def deals(self, sizes, me, trick, lead):
        """Deals for one decision: ``samples`` when a whole round is still to play, more
        when less is (shorter play-outs), at most 3 x ``samples``: a fixed number of moves
        played out, about samples x BREADTH x (3 x players - 1), whatever the trick."""
        n = len(sizes)
        active = 0
        later = 0
        for i in range(n):
            if sizes[i]:
                active += 1
                if 0 < (i - me) % n < (lead - me) % n or (lead == me and i != me):
                    later += 1
        moves = later + (3 - trick) * active
        S = self.samples * (3 * n - 1) // (moves if moves > 0 else 1)
        return S if 3 * self.samples > S else 3 * self.samples

    def _search(self, keep, H, me, n, sizes, wo, trick, lead, best, bseat, pool, view):
        k = BREADTH if len(keep) > BREADTH else len(keep)
        S = self.deals(sizes, me, trick, lead)
        w = 6 * n
        deals = [0] * (S * w)
        for i in range(S):
            deal(self.rng, pool, sizes, n, me, trick, wo, deals, i * w)
        work = [0] * w
        size = [0] * n
        gains = [0] * n
        scores = view["scores"]
        target = view["target"]
        o = 6 * me
        top = keep[0][1]
        got = None
        for ci in range(k):
            code = keep[ci][1]
            total = 0
            for i in range(S):
                at = i * w
                for x in range(w):
                    work[x] = deals[at + x]
                for c in range(6):
                    work[o + c] = H[o + c]
                for x in range(n):  # the deal's own sizes: short if the view was not
                    t = 0
                    for c in range(6):
                        t += work[6 * x + c]
                    size[x] = t
                total += gs.playout(
                    work, size, n, me, code, wo, trick, lead, best, bseat, gains, scores, target
                )
            self.playouts += S
            if got is None or total > got:
                top, got = code, total
        return top

    def to_dict(self):
        return {
            "seat": self.seat,
            "level": self.level,
            "samples": self.samples,
            "rng": self.rng.state,
        }

    @staticmethod
    def from_dict(d):
        b = GoWildBot(d["seat"], d["level"], 0, d["samples"])
        b.rng = Rng.from_state(d["rng"])
        return b


def play_game(players=4, seed=0, levels=None, samples=None, options=None):
    """A whole bot-only game. Returns (game, actions)."""
    from slampad.games.gowild import GoWild

    opts = {"players": players}
    if options:
        opts.update(options)
    game = GoWild(opts, seed)
    levels = levels or ["normal"] * players
    bots = [GoWildBot(s, levels[s], seed, samples) for s in range(players)]
    acts = []
    while not game.is_over():
        s = game.turn
        a = bots[s].choose(game.view(s))
        acts.append(a)
        game.apply(a)
    return game, acts


def deal(rng, pool, sizes, n, me, trick, wo, out, at):
    """Deal the unseen cards (six counts in ``pool``, left intact) at random into every
    other hand, by its size, into out[at:at + 6 * n]; seat me's counts are left as 0.

    Real hands are clumpier than random ones (players keep their big sets for later
    tricks), so each card dealt to a hand makes its colour likelier for that hand's
    next card, more so later in the round (CLUMP, per trick); and players slough
    their wilds unless they are the Wild One, who keeps them (WILDS)."""
    left = 0
    for c in range(6):
        left += pool[c]
        _POOL[c] = pool[c]
    for x in range(6 * n):
        out[at + x] = 0
    b = CLUMP[trick - 1]
    for x in range(n):
        if x == me:
            continue
        o = at + 6 * x
        f = WILDS[2 * trick - (1 if x == wo else 2)]
        for _ in range(sizes[x]):
            if not left:
                return
            t = 0
            for c in range(6):
                t += _POOL[c] * (4 + b * out[o + c]) * (f if c == 5 else 8)
            if not t:  # nothing but wilds left, and this hand takes none: take them anyway
                f = 8
                t = _POOL[5] * (4 + b * out[o + 5]) * 8
            r = rng.below(t)
            c = 0
            while True:
                v = _POOL[c] * (4 + b * out[o + c]) * (f if c == 5 else 8)
                if r < v:
                    break
                r -= v
                c += 1
            _POOL[c] -= 1
            left -= 1
            out[o + c] += 1
