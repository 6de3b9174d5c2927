#!/usr/bin/env python3
"""Rules referee: one JSON scenario on stdin, one JSON ruling on stdout.

    echo '{"game": "wildside", "players": [...], "pool": 0, "slams": [[0, 5]]}' \\
        | tools/referee.py

The referee has no rules of its own: it checks the shape of its input, turns it
into a saved Wildside state (phase "window", every seat in play, every seat a
bot so there is no ready phase), loads it with ``Wildside.from_dict``, applies
each slam, ``judge`` and, when the slammer has a choice (W4/W5), ``choose`` or
``take``, and reports what the rules core did.

Exit 0 with a ruling; exit 2 with one line on stderr naming the bad field when
the input is not JSON or describes an impossible scenario.
"""

import json
import os
import re
import sys

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")
if LIB not in sys.path:
    sys.path.insert(0, LIB)

from slampad.games import wildside as ws  # noqa: E402
from slampad.rng import Rng  # noqa: E402

GAMES = ("wildside",)
REQUIRED = ("game", "players", "pool", "slams")
OPTIONAL = ("window_open_ms", "resolution_ms", "choice")
SEAT_KEYS = ("rolled", "aside")

# Fields of the saved state that the core names in its errors -> our fields,
# and words put before the core's reason.
_RENAME = (
    (re.compile(r"^options\.players$"), "players", "W2: number of seats "),
    (re.compile(r"^options\.resolution$"), "resolution_ms", ""),
    (re.compile(r"^t_open$"), "window_open_ms", ""),
    (re.compile(r"^(players\[\d+\])\.dice$"), r"\1", "dice (rolled + aside) "),
)


class Impossible(ValueError):
    """A scenario the referee cannot rule on; ``field`` names the culprit."""

    def __init__(self, field, why):
        ValueError.__init__(self, "%s: %s" % (field, why))
        self.field = field
        self.why = why


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _need_count(v, field):
    """Shape check: a non-negative integer."""
    if not _is_int(v):
        raise Impossible(field, "must be an integer, got %s" % json.dumps(v))
    if v < 0:
        raise Impossible(field, "must not be negative, got %d" % v)
    return v


def _core_error(err, field=None):
    """Translate a core ValueError ("path: why") into our field names.

    ``field`` prefixes core errors that name no field (those of ``apply``).
    """
    msg = str(err)
    path, sep, why = msg.partition(": ")
    if not sep or " " in path:
        return Impossible(field or "scenario", msg)
    for pat, repl, words in _RENAME:
        if pat.match(path):
            path = pat.sub(repl, path)
            why = words + why
            break
    if field:
        path = field + ": " + path
    return Impossible(path, why)


def _shape(sc):
    """Check the input's own shape; return (seats as (rolled, aside), slams, options)."""
    if not isinstance(sc, dict):
        raise Impossible("input", "must be a JSON object")
    for k in sc:
        if k not in REQUIRED and k not in OPTIONAL:
            raise Impossible(str(k), "unknown key")
    for k in REQUIRED:
        if k not in sc:
            raise Impossible(k, "missing")
    game = sc["game"]
    if not isinstance(game, str):
        raise Impossible("game", "must be a string, got %s" % json.dumps(game))
    if game not in GAMES:
        raise Impossible("game", "%s: games not yet supported (only %s)"
                         % (json.dumps(game), ", ".join(GAMES)))
    players = sc["players"]
    if not isinstance(players, list):
        raise Impossible("players", "must be a list, got %s" % json.dumps(players))
    seats = []
    for i, p in enumerate(players):
        path = "players[%d]" % i
        if not isinstance(p, dict):
            raise Impossible(path, "must be an object, got %s" % json.dumps(p))
        for k in p:
            if k not in SEAT_KEYS:
                raise Impossible("%s.%s" % (path, k), "unknown key")
        if "rolled" not in p:
            raise Impossible(path + ".rolled", "missing")
        rolled = p["rolled"]
        if not isinstance(rolled, list):
            raise Impossible(path + ".rolled", "must be a list, got %s" % json.dumps(rolled))
        aside = _need_count(p.get("aside", 0), path + ".aside")
        seats.append((rolled, aside))
    slams = sc["slams"]
    if not isinstance(slams, list):
        raise Impossible("slams", "must be a list, got %s" % json.dumps(slams))
    for i, e in enumerate(slams):
        path = "slams[%d]" % i
        if not isinstance(e, list) or len(e) != 2:
            raise Impossible(path, "must be [seat, t_ms], got %s" % json.dumps(e))
        _need_count(e[0], path + "[0]")
        _need_count(e[1], path + "[1]")
    opt = {k: sc[k] for k in OPTIONAL if sc.get(k) is not None}
    if "choice" in opt:
        _need_count(opt["choice"], "choice")
    return seats, slams, opt


def state_dict(seats, pool, opt):
    """The saved Wildside state for the scenario: window open, all seats in play."""
    n = len(seats)
    options = {"players": n, "bots": list(range(n)), "tick_us": 1000}
    if "resolution_ms" in opt:
        options["resolution"] = opt["resolution_ms"]
    return {
        "game": ws.GAME,
        "v": ws.VERSION,
        "options": options,
        "rng": Rng(0).state,
        "phase": "window",
        "round": 1,
        "players": [{"dice": len(r) + a, "rolled": list(r)} for r, a in seats],
        "pool": pool,
        "ready": list(range(n)),
        "t_open": opt.get("window_open_ms"),
        "span": None if "window_open_ms" not in opt else [opt["window_open_ms"]] * 2,
        "slams": [],
        "choice": None,
        "active": list(range(n)),
        "sudden": False,
        "winners": [],
    }


def rule(sc):
    """The ruling (a dict) on a scenario (a dict); raises Impossible."""
    seats, slams, opt = _shape(sc)
    try:
        g = ws.Wildside.from_dict(state_dict(seats, sc["pool"], opt))
    except ValueError as e:
        raise _core_error(e) from None
    choice = opt.get("choice")
    if choice is not None and choice >= len(g.dice):
        raise Impossible("choice", "no seat %d (seats 0..%d)" % (choice, len(g.dice) - 1))
    matches = sorted(g.matches())
    for i, (seat, t) in enumerate(slams):
        try:
            g.apply(("slam", seat, t))
        except ValueError as e:
            raise _core_error(e, "slams[%d]" % i) from None
    events = g.apply(("judge",))
    if g.phase == "choose":  # W4/W5: the slammer picks; else the richest match
        cands = [c[0] for c in g.view()["choice"]["candidates"]]
        if choice in cands:
            events += g.apply(("choose", choice))
        else:
            events += g.apply(("take",))
    out = {
        "matches": matches,
        "outcome": None,
        "slammer": None,
        "victim": None,
        "moved": 0,
        "penalized": [],
        "dice": list(g.dice),
        "pool": g.pool,
        "game_over": 0 in g.dice,
    }
    for e in events:
        if e[0] == "match":
            out.update(outcome="match", slammer=e[1], victim=e[2], moved=e[4])
        elif e[0] == "penalty":
            out.update(outcome="penalty", penalized=sorted(e[1]))
        elif e[0] in ("dead_heat", "none"):
            out["outcome"] = e[0]
    if out["outcome"] is None:
        raise RuntimeError("referee: the core gave no ruling: %r" % (events,))
    return out


def run(text):
    """(exit code, stdout text, stderr text) for one scenario's JSON text."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        sc = json.loads(text)
    except (UnicodeDecodeError, ValueError) as e:
        msg = "input: not valid JSON: %s" % e
        return 2, "", "referee: " + " ".join(msg.split()) + "\n"
    try:
        out = rule(sc)
    except Impossible as e:
        return 2, "", "referee: " + " ".join(str(e).split()) + "\n"
    return 0, json.dumps(out) + "\n", ""


def main():
    code, out, err = run(sys.stdin.buffer.read())
    sys.stdout.write(out)
    sys.stderr.write(err)
    return code


if __name__ == "__main__":
    sys.exit(main())
