"""Tumblin' Dice options, and saving and loading a game.

A save is the options, the seed and the log of actions applied; loading
replays the log, so every field is checked by the rules themselves and an
undo (S3) is an exact replay of all but the last entry."""

from slampad.games import _check as ck

GAME = "tumblin"
VERSION = 1  # bump when the board model changes: old logs would replay differently
DICE = 4  # T1: four dice each
DEFAULTS = {
    "players": 2,  # T1: 2 to 4 (or two teams of two)
    "board": "table",  # T6: "table" (a real board) or "virtual"
    "mode": "multiply",  # T2: "multiply", or kids' "add"
    "rounds": 4,  # T5: rounds, or None to play to a target
    "target": None,  # T5: the target score, or None to play rounds
    "teams": False,  # T5: P1+P3 (red, green) against P2+P4 (blue, black)
    "minus_zone": False,  # T1: the -1x zone beside the 4x pocket
}
BOARDS = ("table", "virtual")
MODES = ("multiply", "add")


def check_options(given):
    o = ck.options(given, DEFAULTS)
    if given and given.get("target") is not None and "rounds" not in given:
        o["rounds"] = None  # naming a target means playing to it
    n = ck.need_int(o["players"], "options.players", 2, 4)
    if o["board"] not in BOARDS:
        ck.bad("options.board", "must be one of %s, got %r" % (", ".join(BOARDS), o["board"]))
    if o["mode"] not in MODES:
        ck.bad("options.mode", "must be one of %s, got %r" % (", ".join(MODES), o["mode"]))
    for k in ("teams", "minus_zone"):
        if not isinstance(o[k], bool):
            ck.bad("options." + k, "must be true or false, got %r" % (o[k],))
    if (o["rounds"] is None) == (o["target"] is None):
        ck.bad("options.rounds", "T5: set exactly one of rounds and target")
    if o["rounds"] is not None:
        ck.need_int(o["rounds"], "options.rounds", 1, 20)
    else:
        ck.need_int(o["target"], "options.target", 1, 10000)
    if o["teams"] and n != 4:
        ck.bad("options.teams", "T5: teams are two pairs, so four players")
    if o["minus_zone"] and o["mode"] == "add":
        ck.bad("options.minus_zone", "T2: kids' mode is not offered with the -1x zone")
    return o


# The log keeps each action as one small int (no heap object on MicroPython):
# kind | seat << 2 | a << 4 | b << 12.
_KINDS = ("roll", "throw", "throw", "die")
_LEVEL = (None, 1, 2, 3, 4, -1)


def pack(a):
    seat = a[1]
    if a[0] == "roll":
        return seat << 2
    if a[0] == "throw":
        if len(a) == 2:
            return 1 | seat << 2
        return 2 | seat << 2 | a[2] << 4 | (a[3] + 100) << 12
    return 3 | seat << 2 | (a[2] or 0) << 4 | _LEVEL.index(a[3]) << 12


def unpack(c):
    kind, seat, a, b = c & 3, (c >> 2) & 3, (c >> 4) & 255, c >> 12
    if kind < 2:
        return [_KINDS[kind], seat]
    if kind == 2:
        return ["throw", seat, a, b - 100]
    return ["die", seat, a or None, _LEVEL[b]]


def save(g):
    return {
        "game": GAME,
        "v": VERSION,
        "options": dict(g.options),
        "seed": g.seed,
        "log": g.log,
    }


def load(cls, d):
    ck.header(d, GAME, VERSION)
    o = check_options(ck.need_key(d, "options", ""))
    seed = ck.need_int(ck.need_key(d, "seed", ""), "seed", 0, 0xFFFFFFFF)
    log = ck.need_list(ck.need_key(d, "log", ""), "log")
    g = cls(o, seed)
    for i, a in enumerate(log):
        if not isinstance(a, list) or not a or a[0] == "undo":
            ck.bad("log[%d]" % i, "not an action: %r" % (a,))
        try:
            g.apply(a)
        except ValueError as err:
            ck.bad("log[%d]" % i, str(err))
    return g


def view(g, player):
    """Everything is on the table in Tumblin' Dice: every seat sees it all."""
    return {
        "seat": player,
        "phase": g.phase,
        "round": g.round,
        "overtime": g.overtime,
        "groups": [list(p) for p in g.groups],
        "rolls": list(g.rolls),
        "order": list(g.order),
        "turn": g.turn(),
        "thrown": [g.thrown(s) for s in range(g.n())],
        "board": [list(d) for d in g.board],
        "dice": [[None if d is None else list(d) for d in ds] for ds in g.dice],
        "round_scores": list(g.round_scores),
        "totals": list(g.totals),
        "teams": None if g.teams is None else [list(t) for t in g.teams],
        "options": dict(g.options),
        "winners": list(g.won),
    }
