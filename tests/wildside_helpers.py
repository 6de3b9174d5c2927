"""Shared helpers for the Wildside tests: exact positions, invariants, an
independent reading of rulings W3/W4/W6 (an oracle written from docs/rules.md, not
from the code), a random legal-action driver and replay."""

from contract_helpers import roundtrip

from slampad.bots.wildside import WildsideBot, play_round
from slampad.games.wildside import PHASES, Wildside
from slampad.rng import Rng

WRAP = 1 << 29
FACES = ("wild", "moon", "star", "drop", "bolt")
SYMBOLS = ("moon", "star", "drop", "bolt")
LIVE = ("rolling", "window", "choose")


# -- exact positions -----------------------------------------------------------


def position(rolled, dice=None, pool=None, t_open=1000, phase="window", seed=7, **opts):
    """A game with exactly these faces rolled, built through the saved-state dict.

    rolled: one list of faces per seat; dice: each seat's total (default: as rolled);
    pool: the penalty pool (default: whatever conserves 3 x players, W2).
    Extra keyword arguments are options (sudden/active set the W10 fields).
    """
    n = len(rolled)
    sudden = opts.pop("sudden", False)
    active = opts.pop("active", list(range(n)))
    if dice is None:
        dice = [len(r) for r in rolled]
    if pool is None:
        pool = 3 * n - sum(dice)
    o = {"players": n, "bots": list(range(n))}
    o.update(opts)
    d = Wildside(o, seed).to_dict()
    d["players"] = [{"dice": dice[s], "rolled": list(rolled[s])} for s in range(n)]
    d["pool"] = pool
    d["phase"] = phase
    d["round"] = 1
    d["t_open"] = t_open if phase in ("window", "choose") else None
    d["span"] = None if d["t_open"] is None else [t_open, t_open]
    d["sudden"] = sudden
    d["active"] = list(active)
    return Wildside.from_dict(d)


def show(g, rolled, t_open=1000):
    """Force the next roll of a game in phase 'roll' to show exactly ``rolled``.

    Keeps dice, pool, sudden death and rng: like applying ("roll",) and ("open", t)
    on a roll that happened to come up with these faces.
    """
    assert g.phase == "roll", g.phase
    d = g.to_dict()
    for s, r in enumerate(rolled):
        d["players"][s]["rolled"] = list(r)
    d["phase"] = "window"
    d["round"] += 1
    d["t_open"] = t_open
    d["span"] = [t_open, t_open]
    return Wildside.from_dict(d)


def slam_all(g, slams):
    """Apply (seat, tick) slams in the given order; return all events."""
    ev = []
    for s, t in slams:
        ev += g.apply(("slam", s, t))
    return ev


# -- invariants ----------------------------------------------------------------


def check_invariants(g, n=None):
    """W2, W9, phases, winners, choice, and the JSON round trip of the contract."""
    n = len(g.dice) if n is None else n
    assert len(g.dice) == n
    assert g.phase in PHASES, g.phase
    assert all(isinstance(x, int) and x >= 0 for x in g.dice), g.dice
    assert g.pool >= 0
    assert sum(g.dice) + g.pool == 3 * n, (g.dice, g.pool)  # W2
    for s in range(n):
        r = g.rolled[s]
        assert len(r) <= 5, r  # W9
        assert all(f in FACES for f in r), r
        if g.phase in LIVE:
            want = min(5, g.dice[s]) if s in g.active else 0
            assert len(r) == want, (s, r, g.dice[s])
    assert len(g.active) >= 2 or g.phase == "over"
    if not g.sudden:
        assert g.active == list(range(n))
    assert g.is_over() == (g.phase == "over")
    if g.is_over():
        assert g.winners(), "a finished game has winners"
        assert 0 in g.dice or g.sudden
    else:
        assert g.winners() == []
        if not g.sudden:
            assert 0 not in g.dice, g.dice  # W10
    if g.phase == "choose":
        ch = g.choice
        assert ch["candidates"] == g.candidates(ch["slammer"])
        assert len(ch["candidates"]) >= 2
        assert 0 <= ch["highlight"] < len(ch["candidates"])
    else:
        assert g.choice is None
    if g.phase not in ("rolling", "window"):
        assert g.slams == {}
    roundtrip(g)


def replay(options, seed, actions):
    g = Wildside(options, seed)
    for a in actions:
        g.apply(a)
    return g


# -- an independent oracle (written from docs/rules.md W3, W4, W6) ----------------


def oracle_value(ra, da, rb, db):
    """Dice moved between two seats (0 = no match), read straight from W3/W4."""

    def all_wild(r):
        return len(r) >= 2 and all(f == "wild" for f in r)

    if all_wild(ra) or all_wild(rb):
        return 1
    k = sum(min(ra.count(s), rb.count(s)) for s in SYMBOLS)
    ok_a = "wild" in ra or (da == 1 and ra and ra[0] != "wild")
    ok_b = "wild" in rb or (db == 1 and rb and rb[0] != "wild")
    return k if k >= 1 and ok_a and ok_b else 0


def signed(a, b, wrap=WRAP):
    """a - b on a wrapping counter, as adafruit_ticks.ticks_diff (|a - b| < wrap / 2)."""
    d = (a - b) % wrap
    return d - wrap if d >= wrap // 2 else d


def oracle_judge(rolled, dice, active, t_open, slams, resolution=1, wrap=WRAP):
    """W6/W8 ruling on explicit slams [(seat, tick, early)], in any order.

    Returns a dict: "kind" is "none", "penalty" (seats), "dead_heat" (seats) or
    "match" (slammer, cands {victim: k}); "false" lists the false starts sharing
    first place.
    """
    out = {"kind": "none", "false": []}
    if not slams:
        return out
    first_t = {}
    early = {}
    for s, t, e in slams:
        if s not in first_t or signed(t, first_t[s], wrap) < 0:
            first_t[s] = t
        early[s] = early.get(s, False) or e
    ref = t_open if t_open is not None else next(iter(first_t.values()))
    off = {s: signed(t, ref, wrap) for s, t in first_t.items()}
    best = min(off.values())
    first = sorted(s for s in off if off[s] - best < resolution)  # from the earliest
    matchers = {}
    for s in first:
        if early[s] or (t_open is not None and off[s] < 0):
            out["false"].append(s)  # a false start is a slam without a match
            continue
        cands = {}
        for v in active:
            if v != s:
                k = oracle_value(rolled[s], dice[s], rolled[v], dice[v])
                if k:
                    cands[v] = k
        if cands:
            matchers[s] = cands
    if len(matchers) >= 2:
        out.update(kind="dead_heat", seats=sorted(matchers))
    elif len(matchers) == 1:
        s = next(iter(matchers))
        out.update(kind="match", slammer=s, cands=matchers[s])
    else:
        out.update(kind="penalty", seats=first)
    return out


# -- drivers -------------------------------------------------------------------


class RandomDriver:
    """Random legal actions of every seat and of the referee (player None).

    ``None`` tick placeholders get random ticks around a virtual clock: near the
    window's opening, equal ticks, ticks before the window, and (with a clock
    started near the wrap) ticks that wrap around.
    """

    def __init__(self, game, rng, clock=0, ref_bias=350, smart=500):
        self.g = game
        self.rng = rng
        self.wrap = game.options["wrap"]
        self.clock = clock % self.wrap
        self.ref_bias = ref_bias  # per mille: how often the referee acts
        self.smart = smart  # per mille: how often a seat with a match is the one to slam
        self.actions = []

    def tick(self):
        r = self.rng
        g = self.g
        base = g.t_open if g.t_open is not None else self.clock
        # Offsets from a small set so equal ticks are common; some before the window.
        off = r.choice((0, 0, 0, 1, 1, 2, 3, 5, 17, 250, 4999))
        if r.chance(100):
            off = r.choice((-40, -3, -1))
        elif r.chance(200):
            off = r.randint(-60, 6000)
        return (base + off) % self.wrap

    def options(self):
        g = self.g
        ref = g.legal_actions(None)
        ply = []
        for s in range(len(g.dice)):
            ply += g.legal_actions(s)
        return ref, ply

    def fill(self, a):
        a = tuple(a)
        if a[0] == "open":
            return ("open", (self.clock + self.rng.randint(0, 1200)) % self.wrap)
        if a[0] == "slam":
            return ("slam", a[1], self.tick())
        return a

    def step(self):
        g = self.g
        ref, ply = self.options()
        if g.phase == "rolling" and ply and not self.rng.chance(100):
            ply = []  # false starts now and then, not all the time
        if g.phase == "window" and ply and self.rng.chance(self.smart):
            keen = [a for a in ply if g.candidates(a[1])]
            ply = keen or ply
        if ref and (not ply or self.rng.chance(self.ref_bias)):
            a = self.rng.choice(ref)
        elif ply:
            a = self.rng.choice(ply)
        else:
            raise AssertionError("no legal action in phase %r" % g.phase)
        a = self.fill(a)
        before = g.phase
        ev = g.apply(a)
        self.actions.append(a)
        if before in ("window", "rolling", "choose") and g.phase in ("roll", "over"):
            # Next round: move the virtual clock on, sometimes across the wrap.
            self.clock = (self.clock + self.rng.randint(1000, 9000)) % self.wrap
        return a, ev


def all_options(n, bots_mask, rng):
    """Options for a random-driver game: some human seats, odd clocks."""
    o = {"players": n, "bots": [s for s in range(n) if bots_mask >> s & 1]}
    pick = rng.below(4)
    if pick == 1:
        o["wrap"] = 1 << 16
    elif pick == 2:
        o["resolution"] = rng.randint(2, 5)
    elif pick == 3:
        o["tick_us"] = 1
    return o


def bot_game(n, seed, levels, options=None, t0=0, on_step=None, max_rounds=3000):
    """A bot-only game like ``play_game`` whose every action can be checked.

    Returns (game, options, actions).
    """
    opts = {"players": n, "bots": list(range(n))}
    if options:
        opts.update(options)
    g = Wildside(opts, seed)
    if on_step is not None:
        real_apply = g.apply

        def apply(a):
            ev = real_apply(a)
            on_step(g, a, ev)
            return ev

        g.apply = apply
    bots = [WildsideBot(s, levels[s], seed) for s in range(n)]
    mix = Rng(seed ^ 0x5A5A)
    acts = []
    t = t0 % opts.get("wrap", WRAP)
    while not g.is_over() and g.round < max_rounds:
        a, _, t = play_round(g, bots, t, mix)
        acts.extend(a)
    return g, opts, acts
