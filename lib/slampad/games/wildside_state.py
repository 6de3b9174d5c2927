"""Loading a saved Wildside state: every field checked, errors name it; and whose
decision it is (``whose``, Wildside.current_player)."""

from slampad.games import ANY_SEAT, REFEREE, TERMINAL
from slampad.games import _check as ck
from slampad.games import wildside_match as wm
from slampad.rng import Rng
from slampad.ticks import ticks_diff

GAME = "wildside"
VERSION = 1
PHASES = ("ready", "roll", "rolling", "window", "choose", "over")
DEFAULTS = {
    "players": 4,  # W2: 2 to 4
    "bots": [],  # bot seats are always ready (W12)
    "tick_us": 1000,  # keypad: 1 ms; a PIO source: 1 us
    "wrap": 1 << 29,  # supervisor.ticks_ms wraps at 2**29
    "resolution": 1,  # W6: ticks; slams closer than this share first place
    "look_ms": 5000,  # W7
    "choose_ms": 3000,  # W5
    "countdown_ms": 1000,  # W12
    "result_ms": 2000,  # W12
}


def check_options(given):
    o = ck.options(given, DEFAULTS)
    n = ck.need_int(o["players"], "options.players", 2, 4)
    ck.need_seats(o["bots"], "options.bots", n)
    ck.need_int(o["tick_us"], "options.tick_us", 1, 1000000)
    w = ck.need_int(o["wrap"], "options.wrap", 2)
    if w & (w - 1):
        ck.bad("options.wrap", "must be a power of two")
    ck.need_int(o["resolution"], "options.resolution", 1, w >> 2)
    for k in ("look_ms", "choose_ms", "countdown_ms", "result_ms"):
        ck.need_int(o[k], "options." + k, 0, 600000)
    o["bots"] = sorted(o["bots"])
    return o

LIVE = ("rolling", "window", "choose")


def whose(g):
    """games/__init__.py's current_player: the slammer choosing a victim (W5), the
    referee's roll (W12), ANY_SEAT for the ready-up (W12) and the slams (W6)."""
    p = g.phase
    if p == "choose":
        return g.choice["slammer"]
    if p == "roll":
        return REFEREE
    return TERMINAL if p == "over" else ANY_SEAT


def load(cls, d):
    ck.header(d, GAME, VERSION)
    o = check_options(ck.need_key(d, "options", ""))
    n = o["players"]
    g = cls(o, 0)
    g.rng = Rng.from_state(ck.need_key(d, "rng", ""))
    phase = ck.need_key(d, "phase", "")
    if phase not in PHASES:
        ck.bad("phase", "unknown phase %r" % (phase,))
    g.phase = phase
    g.round = ck.need_int(ck.need_key(d, "round", ""), "round", 0)
    sudden = ck.need_key(d, "sudden", "")
    if not isinstance(sudden, bool):
        ck.bad("sudden", "must be true or false")
    g.sudden = sudden
    act = ck.need_seats(ck.need_key(d, "active", ""), "active", n)
    if len(act) < 2 or (not sudden and len(act) != n):
        ck.bad("active", "W10: all seats play, or two or more in sudden death")
    g.active = sorted(act)
    _players(g, ck.need_key(d, "players", ""), n, phase in LIVE)
    g.pool = ck.need_int(ck.need_key(d, "pool", ""), "pool", 0)
    total = sum(g.dice) + g.pool
    if total != 3 * n:
        ck.bad("players", "W2: seats' dice + pool = %d, must be 3 x %d = %d" % (total, n, 3 * n))
    g.ready = sorted(ck.need_seats(ck.need_key(d, "ready", ""), "ready", n))
    if (phase == "ready") == (len(g.ready) == n) or not set(o["bots"]) <= set(g.ready):
        ck.bad("ready", "W12: the game starts once every seat is ready")
    _timing(g, d, phase)
    _choice(g, ck.need_key(d, "choice", ""), phase)
    won = ck.need_seats(ck.need_key(d, "winners", ""), "winners", n)
    if (phase == "over") != bool(won):
        ck.bad("winners", "winners exist exactly when the phase is 'over'")
    if phase != "over" and not sudden and 0 in g.dice:
        ck.bad("players", "W10: a seat has no dice, so the game is over")
    g.won = list(won)
    return g


def save(self):
    slams = []
    for s in sorted(self.slams):
        slams.append([s, self.slams[s][0], self.slams[s][1]])
    ch = self.choice
    if ch is not None:
        ch = {
            "slammer": ch["slammer"],
            "candidates": [list(c) for c in ch["candidates"]],
            "highlight": ch["highlight"],
        }
    o = dict(self.options)
    o["bots"] = list(o["bots"])
    return {
        "game": GAME,
        "v": VERSION,
        "options": o,
        "rng": self.rng.state,
        "phase": self.phase,
        "round": self.round,
        "players": [
            {"dice": self.dice[s], "rolled": list(self.rolled[s])}
            for s in range(len(self.dice))
        ],
        "pool": self.pool,
        "ready": list(self.ready),
        "t_open": self.t_open,
        "span": None if self.span is None else list(self.span),
        "slams": slams,
        "choice": ch,
        "active": list(self.active),
        "sudden": self.sudden,
        "winners": list(self.won),
    }


def _players(g, ps, n, live):
    ck.need_list(ps, "players", n, n)
    for s in range(n):
        path = "players[%d]" % s
        p = ck.need_dict(ps[s], path)
        dice = ck.need_int(ck.need_key(p, "dice", path + "."), path + ".dice", 0, 3 * n)
        rolled = ck.need_list(ck.need_key(p, "rolled", path + "."), path + ".rolled", 0, 5)
        for i, f in enumerate(rolled):
            if f not in wm.FACES:
                ck.bad("%s.rolled[%d]" % (path, i), "unknown face %r" % (f,))
        want = min(wm.MAX_ROLLED, dice) if s in g.active else 0
        if live and len(rolled) != want:
            ck.bad(
                path + ".rolled",
                "%d dice rolled but the seat has %d; W9: a seat in play rolls min(5, its dice)"
                % (len(rolled), dice),
            )
        g.dice[s] = dice
        g.rolled[s] = list(rolled)


def _timing(g, d, phase):
    wrap = g.options["wrap"]
    t = ck.need_key(d, "t_open", "")
    if t is not None:
        ck.need_int(t, "t_open", 0, wrap - 1)
        if phase not in ("window", "choose"):
            ck.bad("t_open", "set only while a shown roll is judged")
    g.t_open = t
    sl = ck.need_list(ck.need_key(d, "slams", ""), "slams")
    if sl and phase not in ("rolling", "window"):
        ck.bad("slams", "slams are held only while a roll is judged")
    g.slams = {}
    for i, e in enumerate(sl):
        path = "slams[%d]" % i
        ck.need_list(e, path, 3, 3)
        s = ck.need_int(e[0], path + "[0]", 0, len(g.dice) - 1)
        if s not in g.active:
            ck.bad(path + "[0]", "seat %d is not in play" % s)
        if s in g.slams:
            ck.bad(path + "[0]", "W8: one slam per seat, its earliest")
        ck.need_int(e[1], path + "[1]", 0, wrap - 1)
        if not isinstance(e[2], bool) or (phase == "rolling" and not e[2]):
            ck.bad(path + "[2]", "must be true for a slam before the window opened")
        g.slams[s] = [e[1], e[2]]
    ticks = [g.slams[s][0] for s in g.slams] + ([] if t is None else [t])
    sp = ck.need_key(d, "span", "")
    g.span = None
    if sp is None:
        if ticks:
            ck.bad("span", "W6: must hold t_open and every slam")
        return
    ck.need_list(sp, "span", 2, 2)
    lo = ck.need_int(sp[0], "span[0]", 0, wrap - 1)
    hi = ck.need_int(sp[1], "span[1]", 0, wrap - 1)
    if not ticks or (hi - lo) & (wrap - 1) >= wrap >> 2:
        ck.bad("span", "W6: a round's ticks lie within a quarter wrap")
    for x in ticks:
        if ticks_diff(x, lo, wrap) < 0 or ticks_diff(hi, x, wrap) < 0:
            ck.bad("span", "W6: must hold t_open and every slam")
    g.span = [lo, hi]


def _choice(g, ch, phase):
    if phase == "choose" and g.sudden:
        ck.bad("sudden", "W10: a confirmed match ends sudden death; nobody chooses")
    if phase != "choose":
        if ch is not None:
            ck.bad("choice", "set only in phase 'choose'")
        g.choice = None
        return
    ck.need_dict(ch, "choice")
    s = ck.need_int(ck.need_key(ch, "slammer", "choice."), "choice.slammer", 0, len(g.dice) - 1)
    cands = g.candidates(s)
    if s not in g.active or len(cands) < 2:
        ck.bad("choice.slammer", "W5: seat %d has no choice to make" % s)
    if ck.need_key(ch, "candidates", "choice.") != cands:
        ck.bad("choice.candidates", "W5: must be %r" % (cands,))
    h = ck.need_key(ch, "highlight", "choice.")
    g.choice = {
        "slammer": s,
        "candidates": cands,
        "highlight": ck.need_int(h, "choice.highlight", 0, len(cands) - 1),
    }
