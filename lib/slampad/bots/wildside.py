"""Wildside bots (W11): a reaction time, a miss rate and a false-slam rate.

A bot sees the dice shown (``view``), decides when the window opens whether and
when it will slam, and as first slammer takes the richest match (W5). Its
randomness comes from its own Rng, so its plans are reproducible; the game
itself replays from the actions the bots produced.
"""

from slampad.games import wildside_match as wm
from slampad.rng import Rng
from slampad.ticks import ticks_add

# Reaction mean and spread (ms); miss and false-slam chances (per mille). Human figures
# behind them: docs/rules.md W11.
LEVELS = {
    "easy": (1400, 350, 250, 60),
    "normal": (900, 200, 100, 25),
    "hard": (560, 110, 30, 8),
}
MIN_REACT_MS = 180  # nobody sees, decides and moves faster than this
CUSTOM_SD = 22  # a custom bot's spread, % of its mean (the levels' own 20-25%)


class WildsideBot:
    def __init__(self, seat, level="normal", seed=0, react_ms=None, miss=None, false=None):
        if level not in LEVELS and level != "custom":
            raise ValueError("bot level must be easy, normal, hard or custom; got %r" % (level,))
        mean, sd, m, f = LEVELS.get(level) or LEVELS["normal"]
        self.seat = seat
        self.level = level
        self.react_ms = mean if react_ms is None else react_ms
        self.sd_ms = sd
        self.miss = m if miss is None else miss
        self.false = f if false is None else false
        for name in ("react_ms", "miss", "false"):
            v = getattr(self, name)
            bad = not isinstance(v, int) or isinstance(v, bool)
            if bad or v < 0 or (name != "react_ms" and v > 1000):
                raise ValueError("bot %s out of range: %r" % (name, v))
        if level == "custom":
            self.sd_ms = self.react_ms * CUSTOM_SD // 100
        self.rng = Rng(seed * 8 + seat + 1)

    def reaction(self):
        """Reaction time in ms: mean + sd * (a bell curve from four uniforms)."""
        u = 0
        for _ in range(4):
            u += self.rng.below(1001)
        ms = self.react_ms + (u - 2000) * self.sd_ms * 173 // 100000
        return max(MIN_REACT_MS, ms)

    def has_match(self, view):
        if self.seat not in view["active"]:
            return False
        return bool(
            wm.candidates(
                self.seat, view["rolled"], view["dice"], view["active"], len(view["dice"])
            )
        )

    def plan(self, view):
        """Called as the window opens (W12): ms until this bot slams, or None."""
        if view["phase"] != "window" or self.seat not in view["active"]:
            return None
        if self.has_match(view):
            return None if self.rng.chance(self.miss) else self.reaction()
        return self.reaction() if self.rng.chance(self.false) else None

    def choose(self, view):
        """W5: a bot takes the richest match, the first candidate."""
        return view["choice"]["candidates"][0][0]

    def to_dict(self):
        return {
            "seat": self.seat,
            "level": self.level,
            "react_ms": self.react_ms,
            "miss": self.miss,
            "false": self.false,
            "rng": self.rng.state,
        }

    @staticmethod
    def from_dict(d):
        b = WildsideBot(d["seat"], d["level"], 0, d["react_ms"], d["miss"], d["false"])
        b.rng = Rng.from_state(d["rng"])
        return b


def for_kind(seat, kind, seed, custom):
    """A seat's bot: kind is a level, or "custom" with custom = [mean ms, errors %]:
    it misses errors % of its matches and slams wrongly a quarter as often (W11)."""
    if kind != "custom":
        return WildsideBot(seat, kind, seed)
    ms, err = custom
    return WildsideBot(seat, kind, seed, ms, err * 10, err * 10 // 4)


def play_round(game, bots, t, shuffle=None):
    """Play one round on a virtual clock from tick ``t``; bots fill every seat.

    Returns (actions, events, t_next). ``shuffle`` (an Rng) scrambles the order
    in which simultaneous slams reach the game, which must not matter (W6).
    """
    o = game.options
    wrap = o["wrap"]
    per_ms = 1000 // o["tick_us"] if o["tick_us"] <= 1000 else 1
    acts = []
    ev = []

    def do(a):
        acts.append(a)
        ev.extend(game.apply(a))

    do(("roll",))
    t = ticks_add(t, o["countdown_ms"] * per_ms, wrap)
    do(("open", t))
    view = game.view()
    slams = []
    for b in bots:
        d = b.plan(view)
        if d is not None and d < o["look_ms"]:
            slams.append(("slam", b.seat, ticks_add(t, d * per_ms, wrap)))
    if shuffle is not None:
        shuffle.shuffle(slams)
    for a in slams:
        do(a)
    do(("judge",))
    if game.phase == "choose":
        slammer = game.choice["slammer"]
        for b in bots:
            if b.seat == slammer:
                do(("choose", b.choose(game.view())))
        if game.phase == "choose":
            do(("take",))
    t = ticks_add(t, (o["look_ms"] + o["result_ms"]) * per_ms, wrap)
    return acts, ev, t


def play_game(players=4, seed=0, levels=None, max_rounds=5000, t0=0, options=None):
    """A whole bot-only game. Returns (game, actions)."""
    from slampad.games.wildside import Wildside

    opts = {"players": players, "bots": list(range(players))}
    if options:
        opts.update(options)
    game = Wildside(opts, seed)
    levels = levels or ["normal"] * players
    bots = [WildsideBot(s, levels[s], seed) for s in range(players)]
    mix = Rng(seed ^ 0x5A5A)
    acts = []
    t = t0
    while not game.is_over() and game.round < max_rounds:
        a, _, t = play_round(game, bots, t, mix)
        acts.extend(a)
    return game, acts
