"""Diceland options, saving and loading: every field checked, errors name it.

Options: "scene" (a preset name from diceland_scenes.PRESET_NAMES, "random" for a
generated scene of "size" hexes, or a scene as JSON), "size" (even, 8-36), and the
special and alternate rules "terrain", "fatal_attraction", "grouping", "capital",
"fill_the_void" (true or false).
"""

from slampad.games import _check as ck
from slampad.games import diceland_scenes as ds
from slampad.rng import Rng

GAME = "diceland"
VERSION = 1
RULES = ("terrain", "fatal_attraction", "grouping", "capital", "fill_the_void")
DEFAULTS = {
    "scene": "valley",  # D1: the 18-hex preset
    "size": 18,  # D1: for "random"
    "terrain": True,  # the advanced terrain rules (hills, towns, mountains, forests)
    "fatal_attraction": False,  # D6
    "grouping": False,  # D7
    "capital": False,  # D9
    "fill_the_void": False,  # D9
}
PHASES = ("occupy", "attack", "choose", "move", "town", "over")


def check_options(given):
    o = ck.options(given, DEFAULTS)
    for k in RULES:
        if not isinstance(o[k], bool):
            ck.bad("options." + k, "must be true or false, got %r" % (o[k],))
    size = ck.need_int(o["size"], "options.size", ds.MIN_HEXES, ds.MAX_HEXES)
    if size % 2:
        ck.bad("options.size", "D1: a scene has an even number of hexes, got %d" % size)
    sc = o["scene"]
    if isinstance(sc, list):
        o["scene"] = ds.from_json(sc, "options.scene").to_json()
    elif sc != "random" and sc not in ds.PRESET_NAMES:
        ck.bad("options.scene", "no preset %r; one of %s, or random" % (sc, ds.PRESET_NAMES))
    return o


def save(g):
    o = dict(g.options)
    if isinstance(o["scene"], list):
        o["scene"] = [dict(h) for h in o["scene"]]
    return {
        "game": GAME,
        "v": VERSION,
        "options": o,
        "rng": g.rng.state,
        "scene": g.scene.to_json(),
        "phase": g.phase,
        "turn": g.turn,
        "starter": g.starter,
        "first": g.first,
        "rerolls": g.rerolls,
        "owner": [None if x < 0 else x for x in g.owner],
        "value": list(g.value),
        "free": [list(g.free[0]), list(g.free[1])],
        "lost": list(g.lost),
        "streak": g.streak,
        "used": list(g.used),
        "invader": g.invader,
        "pending": None if g.pending is None else list(g.pending),
        "winners": list(g.won),
    }


def _key(d, k):
    return ck.need_key(d, k, "")


def _seat(v, path, none_ok=False):
    if v is None and none_ok:
        return None
    return ck.need_int(v, path, 0, 1)


def _ints(v, path, n, lo, hi, n_max=None):
    ck.need_list(v, path, n, n if n_max is None else n_max)
    for i, x in enumerate(v):
        ck.need_int(x, "%s[%d]" % (path, i), lo, hi)
    return list(v)


def load(cls, d):
    ck.header(d, GAME, VERSION)
    o = check_options(_key(d, "options"))
    g = object.__new__(cls)
    g.options = o
    g.rng = Rng.from_state(_key(d, "rng"))
    sd = _key(d, "scene")
    sc = g.scene = ds.from_json(sd, "scene")
    if o["scene"] == "random":
        size = o["size"] + (2 if o["capital"] else 0)  # D10: two capitals added
        if sc.n != size:
            ck.bad("scene", "options.size is %d, the scene has %d hexes" % (o["size"], sc.n))
    elif ds.make(o, None).to_json() != sd:
        ck.bad("scene", "is not the scene options.scene names")
    if o["capital"] and not sc.capitals:
        ck.bad("scene", "the capital option needs two capitals")
    n = sc.n
    k = n // 2 + 2
    ph = _key(d, "phase")
    if ph not in PHASES:
        ck.bad("phase", "unknown phase %r" % (ph,))
    g.phase = ph
    g.starter = _seat(_key(d, "starter"), "starter")
    g.first = _seat(_key(d, "first"), "first", True)
    if (g.first is None) != (ph == "occupy"):
        ck.bad("first", "D2: set when occupation ends, and only then")
    g.rerolls = ck.need_int(_key(d, "rerolls"), "rerolls", 0)
    own = ck.need_list(_key(d, "owner"), "owner", n, n)
    g.owner = [-1 if x is None else _seat(x, "owner[%d]" % i) for i, x in enumerate(own)]
    g.value = _ints(_key(d, "value"), "value", n, 0, 6)
    for i in range(n):
        if (g.value[i] == 0) != (g.owner[i] < 0):
            ck.bad("value[%d]" % i, "D3: a die shows 1-6; an empty hex 0")
    free = ck.need_list(_key(d, "free"), "free", 2, 2)
    g.free = [_ints(free[p], "free[%d]" % p, 2, 1, 6, 2 if ph != "occupy" else k)
              for p in (0, 1)]
    g.lost = _ints(_key(d, "lost"), "lost", 2, 0, k)
    for p in (0, 1):
        have = g.owner.count(p) + len(g.free[p]) + g.lost[p]
        if have != k:
            ck.bad("lost", "D1: P%d has %d dice in all, not %d" % (p + 1, have, k))
    g.streak = ck.need_int(_key(d, "streak"), "streak", 0, 2 if ph == "over" else 1)
    used = _ints(_key(d, "used"), "used", 0, 0, n - 1, n)
    if len(set(used)) != len(used):
        ck.bad("used", "names a hex twice")
    g.used = used
    inv = _key(d, "invader")
    g.invader = None if inv is None else ck.need_int(inv, "invader", 0, n - 1)
    pend = _key(d, "pending")
    g.pending = None if pend is None else _ints(pend, "pending", 3, 0, n - 1)
    won = ck.need_seats(_key(d, "winners"), "winners", 2)
    g.won = list(won)
    turn = _key(d, "turn")
    g.turn = None if ph == "over" else _seat(turn, "turn")
    if ph == "over" and turn is not None:
        ck.bad("turn", "no one is to play once the game is over")
    if ph == "occupy":
        _occupation(g, k)
    elif ph == "over":
        _over(g)
    else:
        _playing(g)
    return g


def _occupation(g, k):
    if g.lost != [0, 0] or g.streak or g.used or g.invader is not None or g.pending:
        ck.bad("lost" if g.lost != [0, 0] else "streak" if g.streak else "used" if g.used
               else "invader" if g.invader is not None else "pending",
               "D2: nothing happens during occupation but placing dice")
    for p in (0, 1):
        if g.free[p] != sorted(g.free[p]):
            ck.bad("free[%d]" % p, "dice waiting to be placed are kept in order")
    s = g.starter
    a, b = k - len(g.free[s]), k - len(g.free[1 - s])
    if a == b:
        want = s
    elif a == b + 1:
        want = 1 - s
    else:
        ck.bad("free", "D2: the players place in turn, P%d first" % (s + 1))
    if a + b >= g.scene.n:
        ck.bad("phase", "D2: every hex is occupied; occupation is over")
    if g.turn != want:
        ck.bad("turn", "D2: P%d places next" % (want + 1))
    if g.options["capital"]:
        for p in (0, 1):
            if len(g.free[p]) < k and g.owner[g.scene.capitals[p]] != p:
                ck.bad("owner", "D10: P%d's first die stands on its capital" % (p + 1))


def _taken(g):
    if not g.options["capital"]:
        return []
    return [p for p in (0, 1) if g.owner[g.scene.capitals[1 - p]] == p]


def _playing(g):
    p = g.turn
    if not g.count(0) or not g.count(1):
        ck.bad("owner", "D9: a side without dice on the field has lost")
    if _taken(g):
        ck.bad("owner", "D9: a captured capital ends the game")
    if g.won:
        ck.bad("winners", "D9: the game is not over")
    if g.invader is not None and (g.phase not in ("move", "town") or g.owner[g.invader] != p):
        ck.bad("invader", "D5: the die that just invaded, in the move or town step")
    ph = g.phase
    if (g.pending is not None) != (ph == "choose"):
        ck.bad("pending", "D4: a combined attack's hexes, while its roll is chosen")
    if ph == "attack":
        if g.used or g.invader is not None:
            ck.bad("used", "D3: nothing has been used before the attack")
        if not g.can_attack(p) or g.streak:
            ck.bad("phase", "D3: an attack step needs a possible attack")
    elif ph == "choose":
        if g.used:
            ck.bad("used", "D4: nothing has been used before the roll is chosen")
        err = g._check_combo(p, g.pending[0], g.pending[1], g.pending[2])
        if err:
            ck.bad("pending", err)
        if len(g.choices()) < 2:
            ck.bad("pending", "D4: a single lawful choice is applied at once")
    elif ph == "town" and not g.towns(p):
        ck.bad("phase", "D8: no town die may regenerate")


def _over(g):
    if len(g.won) != 1:
        ck.bad("winners", "D9: one winner")
    if g.used or g.invader is not None or g.pending is not None:
        ck.bad("used" if g.used else "invader" if g.invader is not None else "pending",
               "D9: cleared when the game is over")
    taken = _taken(g)
    if len(taken) > 1:
        ck.bad("owner", "D9: the game ended at the first captured capital")
    if not taken and g.count(0) and g.count(1) and g.streak < 2:
        ck.bad("phase", "D9: the game has not ended")
    want = taken or [g.result()]
    if g.won != want:
        ck.bad("winners", "D9: the winner is P%d" % (want[0] + 1))
