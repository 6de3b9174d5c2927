#!/usr/bin/env python3
"""Rules referee: one JSON scenario in, one JSON ruling out, for the four games.

    tools/referee.py [FILE]      the scenario from FILE, or from standard input
    tools/referee.py --help      this text, with an example for each game

    echo '{"game": "wildside", "players": [...], "pool": 0, "slams": [[0, 5]]}' \\
        | tools/referee.py

Wildside (one slam window; rulings W1-W13):

    in:  {"game": "wildside", "pool": n,
          "players": [{"rolled": ["wild", "moon", ...], "aside": n}, ...],
          "slams": [[seat, t_ms], ...],
          "window_open_ms": n, "resolution_ms": n, "choice": seat}
    out: {"matches": [[seat, seat, dice], ...], "outcome": "match" | "penalty" |
          "dead_heat" | "none", "slammer": seat | null, "victim": seat | null,
          "moved": n, "penalized": [seat, ...], "dice": [n, ...], "pool": n,
          "game_over": bool, "winners": [seat, ...], "sudden_death": [seat, ...]}

``window_open_ms``, ``resolution_ms`` and ``choice`` are optional, as is a player's
``aside`` (0); faces are wild moon star drop bolt. ``game_over`` is true when a seat has
no dice left (W10). Then ``winners`` names the winner: the seat with the most dice, or,
when the seats tied for most have no dice at all (their last dice penalized in this
window), every one of them: a draw. A tie for most with dice left names no winner yet:
``sudden_death`` lists the tied seats, who alone play on (W10). Both are [] while the
game goes on. The referee has no rules of its own:
it checks the shape of its input, turns it into a saved Wildside state (phase "window",
every seat in play, every seat a bot so there is no ready phase), loads it with
``Wildside.from_dict``, applies each slam, ``judge`` and, when the slammer has a choice
(W4/W5), ``choose`` (``choice``, the victim) or ``take``, and reports what the rules
core did.

Go Wild! (one trick; rulings G1-G6):

    in:  {"game": "gowild", "wild_one": seat | null, "lead": seat, "trick": 1 | 2 | 3,
          "scores": [n, ...], "plays": [[seat, ["blue", "blue", "wild"]], ...]}
    out: {"valid": [bool, ...], "errors": [null | "G3: ...", ...], "sizes": [n, ...],
          "winner": seat | null, "points": n, "scores": [n, ...],
          "wild_one": seat | null, "next_lead": seat, "game_over": bool}

Every key is required (``wild_one`` may be null). Seats are 0..len(scores)-1; colours
are red yellow orange blue green wild, in lower case. Each play is judged by the
core's ``gowild_cards.judge_set`` (the referee sees no hands, so a Wild One's all-wild
play is a slough, G3); an invalid play is reported with the core's reason, counts 0 and
is ignored for the trick. The valid plays are then played through the core: a saved
Go Wild! state in which each seat holding cards holds exactly its play (so every seat
that played invalidly, or not at all, sits the trick out) is loaded with
``GoWild.from_dict`` and the plays applied; its trick winner (checked against
``gowild_cards.trick_winner``), scores (G6), Wild One (G5), next lead (G4) and end
(G6, at 20 points) are reported. A trick with no valid play has no winner and changes
nothing (G4).

Impossible Go Wild! scenarios (exit 2): a key missing or unknown; a value of the wrong
type; fewer than 2 or more than 6 seats (G2); a score below 0, or at 20 or more (the game
would be over, G6); ``wild_one`` or ``lead`` not a seat; ``trick`` not 1, 2 or 3; no
plays (a seat holding cards must play, G3; a trick nobody can play is skipped); a play's
seat out of range, playing twice, or out of clockwise order from the lead (seats may be
skipped: they hold no cards, G3); an unknown colour; more than 12 cards in a play (G2);
more than 18 of a colour in the trick (G1).

Tumblin' Dice (one round; rulings T1-T5):

    in:  {"game": "tumblin", "mode": "multiply" | "add", "order": [seat, ...],
          "dice": [[[face, level], ...], ...], "totals": [n, ...], "round": n,
          "rounds": n | null, "target": n | null, "minus_zone": false}
    out: {"round_scores": [n, ...], "totals": [n, ...], "next_order": [seat, ...],
          "game_over": bool, "winner": seat | null, "overtime": [seat, ...]}

``minus_zone`` is optional (default false); every other key is required. ``totals`` are
the totals before this round, one per seat (2 to 4 seats, T1); ``order`` is this round's
throwing order: every seat in a regular round, only the tied leaders in overtime (T5).
``dice`` holds each seat's dice at rest after the round, at most four (T1): [face, level]
with face 1-6 and level 0-4 (-1 with ``minus_zone``), or null (or [face, null]) for a die
off the board; a
die on 0x or off the board scores 0 (T1, T2), and dice thrown off may be left out. A seat
not in ``order`` sat the round out and has no scoring die. ``round`` is the round just
played (from 1); exactly one of ``rounds`` and ``target`` is set (T5). The referee has no
rules of its own: ``tumblin_score.dice_score`` scores each seat (T2), ``ranked`` orders
this round's seats by round score, ties keeping this round's order (T3), and
``game_end`` decides the end (T5; in target mode a round is overtime when a seat in
``order`` already had the target before it). When the game goes on, ``next_order`` is
the next round's order, and on a tie for the lead ``overtime`` lists the tied leaders,
who alone play on (``next_order`` is then those seats, in ranked order). When the game
is over, ``winner`` is the seat with the highest total, and ``next_order`` and
``overtime`` are empty.

Impossible Tumblin' Dice scenarios (exit 2): a key missing or unknown; a value of the
wrong type (bools are not numbers); ``mode`` not "multiply" or "add"; ``minus_zone``
with "add" (T2); fewer than 2 or more than 4 seats (T1); a negative total without the
-1x zone; ``order`` naming a seat twice or out of range, or fewer than 2 seats; in a
regular round a seat missing from ``order``, in overtime a seat in it that is not a tied
leader (T5); ``dice`` not one list per seat; more than 4 dice for a seat (T1); a face not
1-6; a level not 0-4, or -1 without ``minus_zone`` (T1); a scoring die for a seat not in
``order``; both or neither of ``rounds`` and ``target``, or either below 1; ``round``
below 1 (T5).

Diceland (one attack; rulings D1-D9):

    in:  {"game": "diceland",
          "options": {"terrain": true, "fatal_attraction": false, "grouping": false,
                      "capital": false, "fill_the_void": false},
          "scene": [{"q": 0, "r": 0, "terrain": "plains", "owner": 0 | 1 | null,
                     "value": 1-6 | null, "capital": 0 | 1 | null}, ...],
          "free": [[a, b], [c, d]], "to_move": 0 | 1,
          "attack": {"from": [[q, r]] | [[q, r], [q, r]], "target": [q, r],
                     "rolls": [n] | [n, m], "die": 0 | 1, "use": {"roll": i, "from": [q, r]}}}
    out: {"legal": bool, "error": null | "D3: ...", "result": "perfect" | "valid" |
          "failed" | null, "choices": [{"roll": i, "from": [q, r]}, ...],
          "scene": [...], "free": [[...], [...]], "eliminated": [[q, r], ...],
          "invaded": [q, r] | null, "winner": 0 | 1 | null,
          "attacks": [{"from": [[q, r]] | [[q, r], [q, r]], "target": [q, r]}, ...]}

``options`` and ``attack`` are optional, as are an option's keys (missing: the core's
defaults, terrain rules on and the rest off), a hex's ``capital``, and ``die`` and ``use``;
every other key is required. Seat 0 is P1 and seat 1 P2 in the core's reasons. The scene
is the position at the start of ``to_move``'s turn, each hex with its die (``owner`` and
``value``) or empty (both null): a hex is named [q, r] (axial). ``free`` holds each
player's two free dice; the dice that are neither on the field nor free count as lost (D1:
n/2 + 2 dice each). With the capital option the scene names both capitals ("capital": 0
on P1's town, 1 on P2's). The referee has no rules of its own: it saves the position as
a Diceland state (``to_move`` in the attack step, nothing used yet, and taken as the
first player: the tie-break of D9 cannot matter after one attack), loads it with
``Diceland.from_dict`` and applies the attack through the core: ("attack", to_move, from,
target, die) or ("combo", to_move, a, b, target), then ("use", to_move, roll, from).
``rolls`` are the free-dice rolls, given, not drawn: the state's generator is set to one
whose next draws are these rolls, and the core's roll event is checked against them. A
single attack rolls free die ``die`` (default 0), and after a valid attack the displaced
die takes its place (D3); a combined attack rolls both, ``rolls[i]`` being free die i.

``attacks`` lists every legal attack of ``to_move`` in the position given (before the
attack), in the core's order: single attacks by attacking hex, then by target; then
combined attacks by target, then by the first and second attacking hex (hexes in the
scene's order: by r, then q); an empty list when no attack is possible (D9). Without
``attack``, the ruling is just that: ``legal`` true, nothing changed. An attack the rules
forbid is ``legal`` false with the core's reason, hexes written [q, r] (for instance "D4:
no combined attack against a hill or a mountain"), and nothing changed. A combined attack
lists in ``choices`` the lawful (roll, from) pairs for its rolls (D4: the pairs that do not
fail, if any; else all four). When there are two or more and ``use`` is absent, the
attack waits for the choice: ``result`` null, the rolls in ``free``, the scene unchanged.
With one, the core applies it at once (``use``, if given, must be it). A ``use`` the rules
forbid is ``legal`` false. After the attack, ``result`` is the core's (D3), ``scene`` (the
input's hexes, in its order) and ``free`` are as the attack left them, invasion or
fill-the-void included, ``eliminated`` lists the hexes whose die was eliminated,
``invaded`` is the hex the attacker moved into (D3; never a mountain with the terrain
rules), and ``winner`` is set when the attack ended the game (D9: a side left without
dice, or a capital taken). ``choices`` is [] for a single attack.
The capitals are the two extra towns of D10 and n counts them: a 36-hex scene with its
capitals has 38 hexes (allowed only with both capitals marked) and 21 dice each.

Impossible Diceland scenarios (exit 2): a key missing or unknown (in the scenario, an
option, a hex, ``attack`` or ``use``); an option not true or false; a scene that is not a
list of 8 to 36 hexes, even in number and connected, a hex twice, a coordinate out of
-64..64, an unknown terrain (plains forest town hill mountain: singular or plural,
"towns" or "town", "plain" or "plains", in any case), a capital not on a town, or
not one each (D1); an owner not 0, 1 or null, a value not 1-6 or null, or one without the
other (D3); more than n/2 dice of a player on the field (two are free, D1); a side without
dice on the field, or a capital held by the enemy (the game is over, D9); the capital
option without capitals (D10); ``free`` not two lists of two dice 1-6; ``to_move`` not 0 or 1;
``attack.from`` not one or two hexes, or naming one twice; a hex in ``attack`` not [q, r]
or not in the scene; not one roll 1-6 per attacking hex; ``die`` not 0 or 1, or with a
combined attack; ``use`` with a single attack, or its roll not 0 or 1.

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

from slampad.games import diceland as dl  # noqa: E402
from slampad.games import diceland_scenes as dls  # noqa: E402
from slampad.games import gowild as gw  # noqa: E402
from slampad.games import gowild_cards as gc  # noqa: E402
from slampad.games import tumblin_score as ts  # noqa: E402
from slampad.games import wildside as ws  # noqa: E402
from slampad.games.diceland_state import RULES as DL_RULES  # noqa: E402
from slampad.rng import Rng  # noqa: E402

GAMES = ("wildside", "gowild", "tumblin", "diceland")
GW_KEYS = ("game", "wild_one", "lead", "trick", "scores", "plays")
GW_TARGET = 20  # G6; the referee always plays to 20
TD_KEYS = ("game", "mode", "order", "dice", "totals", "round", "rounds", "target")
TD_OPTIONAL = ("minus_zone",)
TD_MODES = ("multiply", "add")
TD_DICE = 4  # T1: four dice each
DL_KEYS = ("game", "scene", "free", "to_move")
DL_OPTIONAL = ("options", "attack")
DL_HEX_KEYS = ("q", "r", "terrain", "owner", "value")
DL_ATTACK_KEYS = ("from", "target", "rolls")
DL_ATTACK_OPTIONAL = ("die", "use")
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


def _game(sc):
    """Which game: checked before anything else, as it decides the other keys."""
    if not isinstance(sc, dict):
        raise Impossible("input", "must be a JSON object")
    if "game" not in sc:
        raise Impossible("game", "missing")
    game = sc["game"]
    if not isinstance(game, str):
        raise Impossible("game", "must be a string, got %s" % json.dumps(game))
    if game not in GAMES:
        raise Impossible("game", "%s: games not yet supported (only %s)"
                         % (json.dumps(game), ", ".join(GAMES)))
    return game


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
    _game(sc)
    if sc["game"] == "gowild":
        return rule_gowild(sc)
    if sc["game"] == "tumblin":
        return rule_tumblin(sc)
    if sc["game"] == "diceland":
        return rule_diceland(sc)
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
        "winners": g.winners(),  # W10: one seat, or every tied seat in a draw
        "sudden_death": list(g.active) if g.sudden else [],  # W10: a tie with dice left
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


# -- Go Wild! -------------------------------------------------------------------------


def _need_seat(v, field, n):
    if not _is_int(v):
        raise Impossible(field, "must be a seat number, got %s" % json.dumps(v))
    if not 0 <= v < n:
        raise Impossible(field, "no seat %d (seats 0..%d)" % (v, n - 1))
    return v


def _gw_shape(sc):
    """Check a Go Wild! scenario's shape; return (n, wild_one, lead, trick, scores, plays)
    with plays as [[seat, six counts], ...]."""
    for k in sc:
        if k not in GW_KEYS:
            raise Impossible(str(k), "unknown key")
    for k in GW_KEYS:
        if k not in sc:
            raise Impossible(k, "missing")
    scores = sc["scores"]
    if not isinstance(scores, list):
        raise Impossible("scores", "must be a list, got %s" % json.dumps(scores))
    n = len(scores)
    if not 2 <= n <= 6:
        raise Impossible("scores", "G2: one score per seat, 2 to 6 seats; got %d" % n)
    for i, x in enumerate(scores):
        _need_count(x, "scores[%d]" % i)
        if x >= GW_TARGET:
            raise Impossible("scores[%d]" % i, "G6: %d points: the game is already over" % x)
    wild_one = sc["wild_one"]
    if wild_one is not None:
        _need_seat(wild_one, "wild_one", n)
    lead = _need_seat(sc["lead"], "lead", n)
    trick = sc["trick"]
    if not _is_int(trick) or trick not in (1, 2, 3):
        raise Impossible("trick", "must be 1, 2 or 3, got %s" % json.dumps(trick))
    plays = sc["plays"]
    if not isinstance(plays, list):
        raise Impossible("plays", "must be a list, got %s" % json.dumps(plays))
    if not plays:
        raise Impossible("plays", "G3: a trick has at least one play")
    out = []
    last = -1
    per = gc.empty()
    for i, e in enumerate(plays):
        path = "plays[%d]" % i
        if not isinstance(e, list) or len(e) != 2:
            raise Impossible(path, "must be [seat, [colour, ...]], got %s" % json.dumps(e))
        seat = _need_seat(e[0], path + "[0]", n)
        order = (seat - lead) % n
        if any(s == seat for s, _ in out):
            raise Impossible(path + "[0]", "G3: seat %d plays twice" % seat)
        if order < last:
            raise Impossible(path + "[0]", "G3: plays go clockwise from the lead (seat %d); "
                             "seat %d cannot play after seat %d" % (lead, seat, out[-1][0]))
        last = order
        names = e[1]
        if not isinstance(names, list):
            raise Impossible(path + "[1]", "must be a list of colours, got %s"
                             % json.dumps(names))
        counts = gc.empty()
        for j, c in enumerate(names):
            if c not in gc.COLOURS:
                raise Impossible("%s[1][%d]" % (path, j), "unknown colour %s (colours: %s)"
                                 % (json.dumps(c), " ".join(gc.COLOURS)))
            counts[gc.COLOURS.index(c)] += 1
        if len(names) > gc.HAND:
            raise Impossible(path + "[1]", "G2: %d cards; a hand holds at most %d"
                             % (len(names), gc.HAND))
        gc.add(per, counts)
        out.append([seat, counts])
    for c in range(6):
        if per[c] > gc.PER_COLOUR:
            raise Impossible("plays", "G1: %d %s cards in the trick; the deck has %d"
                             % (per[c], gc.COLOURS[c], gc.PER_COLOUR))
    return n, wild_one, lead, trick, list(scores), out


def gowild_state(n, wild_one, lead, trick, scores, plays):
    """The saved Go Wild! state before the trick: each seat in ``plays`` holds exactly its
    play, every other seat holds nothing, the rest of the 108 cards are the deck."""
    hands = [gc.empty() for _ in range(n)]
    for seat, counts in plays:
        hands[seat] = list(counts)
    deck = []
    for c in range(6):
        deck += [c] * (gc.PER_COLOUR - sum(h[c] for h in hands))
    return {
        "game": gw.GAME,
        "v": gw.VERSION,
        "options": {"players": n, "first_lead": 0, "target": GW_TARGET},
        "rng": Rng(0).state,
        "phase": "play",
        "round": 1,
        "trick": trick,
        "lead": lead,
        "turn": plays[0][0],
        "wild_one": wild_one,
        "scores": list(scores),
        "hands": hands,
        "deck": deck,
        "discard": gc.empty(),
        "plays": [],
        "winners": [],
    }


def rule_gowild(sc):
    """The ruling on one Go Wild! trick (see the module docstring); raises Impossible."""
    n, wild_one, lead, trick, scores, plays = _gw_shape(sc)
    valid, errors, sizes, ok = [], [], [], []
    for seat, counts in plays:
        size, err = gc.judge_set(counts, seat == wild_one)
        valid.append(err is None)
        errors.append(err)
        sizes.append(size)
        if err is None:
            ok.append([seat, counts])
    winner, _ = gc.trick_winner(ok, wild_one)
    out = {"valid": valid, "errors": errors, "sizes": sizes, "winner": None, "points": 0,
           "scores": scores, "wild_one": wild_one, "next_lead": lead, "game_over": False}
    if not ok:
        return out  # G4: nothing counts, nobody wins, nothing changes
    try:
        g = gw.GoWild.from_dict(gowild_state(n, wild_one, lead, trick, scores, ok))
        events = []
        for seat, counts in ok:
            events += g.apply(("play", seat, counts))
    except ValueError as e:
        raise RuntimeError("referee: the core refused a checked scenario: %s" % e) from None
    won = [e for e in events if e[0] == "trick"]
    core_winner = won[0][2] if won else None
    if core_winner != winner:
        raise RuntimeError("referee: the core's winner %r is not trick_winner's %r"
                           % (core_winner, winner))
    out.update(winner=winner, points=won[0][3] if won else 0, scores=list(g.scores),
               wild_one=g.wild_one, next_lead=g.lead, game_over=g.is_over())
    return out


# -- Tumblin' Dice --------------------------------------------------------------------


def _need_int(v, field, lo=None):
    if not _is_int(v):
        raise Impossible(field, "must be an integer, got %s" % json.dumps(v))
    if lo is not None and v < lo:
        raise Impossible(field, "must be at least %d, got %d" % (lo, v))
    return v


def _td_shape(sc):
    """Check a Tumblin' Dice scenario; return (mode, order, dice, totals, round, rounds,
    target) with each seat's dice as a list of [face, level] or None."""
    for k in sc:
        if k not in TD_KEYS and k not in TD_OPTIONAL:
            raise Impossible(str(k), "unknown key")
    for k in TD_KEYS:
        if k not in sc:
            raise Impossible(k, "missing")
    mode = sc["mode"]
    if mode not in TD_MODES:
        raise Impossible("mode", "must be \"multiply\" or \"add\", got %s" % json.dumps(mode))
    minus = sc.get("minus_zone", False)
    if minus is not True and minus is not False:
        raise Impossible("minus_zone", "must be true or false, got %s" % json.dumps(minus))
    if minus and mode == "add":
        raise Impossible("minus_zone", "T2: kids' mode is not offered with the -1x zone")
    totals = sc["totals"]
    if not isinstance(totals, list):
        raise Impossible("totals", "must be a list, got %s" % json.dumps(totals))
    n = len(totals)
    if not 2 <= n <= 4:
        raise Impossible("totals", "T1: one total per seat, 2 to 4 seats; got %d" % n)
    for i, t in enumerate(totals):
        _need_int(t, "totals[%d]" % i, None if minus else 0)
    rounds, target = sc["rounds"], sc["target"]
    if (rounds is None) == (target is None):
        raise Impossible("rounds", "T5: set exactly one of rounds and target")
    if rounds is not None:
        _need_int(rounds, "rounds", 1)
    else:
        _need_int(target, "target", 1)
    round_no = _need_int(sc["round"], "round", 1)
    order = sc["order"]
    if not isinstance(order, list):
        raise Impossible("order", "must be a list of seats, got %s" % json.dumps(order))
    for i, s in enumerate(order):
        _need_seat(s, "order[%d]" % i, n)
        if s in order[:i]:
            raise Impossible("order[%d]" % i, "seat %d throws twice in the order" % s)
    if len(order) < 2:
        raise Impossible("order", "T5: a round has at least 2 seats, got %d" % len(order))
    overtime = _td_overtime(order, totals, round_no, rounds, target)
    if not overtime and len(order) != n:
        missing = [s for s in range(n) if s not in order][0]
        raise Impossible("order", "T4: every seat throws in a regular round; seat %d "
                         "does not" % missing)
    if overtime:
        top = ts.leaders(list(range(n)), totals)
        if sorted(order) != top:
            raise Impossible("order", "T5: overtime is for the tied leaders only (seats %s), "
                             "not seats %s" % (json.dumps(top), json.dumps(order)))
    dice = sc["dice"]
    if not isinstance(dice, list) or len(dice) != n:
        raise Impossible("dice", "must be a list of %d lists (one per seat), got %s"
                         % (n, json.dumps(dice)))
    levels = (-1, 0, 1, 2, 3, 4) if minus else (0, 1, 2, 3, 4)
    out = []
    for s, ds in enumerate(dice):
        path = "dice[%d]" % s
        if not isinstance(ds, list):
            raise Impossible(path, "must be a list of dice, got %s" % json.dumps(ds))
        if len(ds) > TD_DICE:
            raise Impossible(path, "T1: four dice each; seat %d has %d" % (s, len(ds)))
        seat = []
        for j, d in enumerate(ds):
            dp = "%s[%d]" % (path, j)
            if d is None or (isinstance(d, list) and len(d) == 2 and d[1] is None
                             and (d[0] is None or _is_int(d[0]) and 1 <= d[0] <= 6)):
                seat.append(None)  # off the board: null, or [face, null] as a person writes it
                continue
            if not isinstance(d, list) or len(d) != 2:
                raise Impossible(dp, "must be [face, level], or null (or [face, null]) for a "
                                 "die off the board, got %s" % json.dumps(d))
            face, level = d
            if not _is_int(face) or not 1 <= face <= 6:
                raise Impossible(dp + "[0]", "T2: a face is 1-6, got %s" % json.dumps(face))
            if not _is_int(level) or level not in levels:
                why = "T1: a die rests on level 0-4"
                if level == -1 and _is_int(level):
                    why = "T1: level -1 needs the -1x zone (minus_zone)"
                elif minus:
                    why += " or -1"
                raise Impossible(dp + "[1]", "%s, got %s" % (why, json.dumps(level)))
            if s not in order and level != 0:
                raise Impossible(dp, "seat %d sat this round out: no die of it scores" % s)
            seat.append([face, level])
        out.append(seat)
    return mode, order, out, list(totals), round_no, rounds, target


def _td_overtime(order, totals, round_no, rounds, target):
    """T5: is this an overtime round? Past the last round, or (target) a seat in it had
    already reached the target before it."""
    if rounds is not None:
        return round_no > rounds
    return any(totals[s] >= target for s in order)


def rule_tumblin(sc):
    """The ruling on one Tumblin' Dice round (see the module docstring); raises Impossible."""
    mode, order, dice, before, round_no, rounds, target = _td_shape(sc)
    n = len(before)
    scores = [0] * n
    for s in order:
        scores[s] = ts.dice_score(dice[s], mode)  # T2
    totals = [before[s] + scores[s] for s in range(n)]
    over, winner, tied = ts.game_end(order, totals, before, round_no, rounds, target)  # T5
    ranked = ts.ranked(order, scores)  # T3
    out = {"round_scores": scores, "totals": totals, "next_order": ranked,
           "game_over": over, "winner": winner if over else None, "overtime": []}
    if over:
        out["next_order"] = []
    elif tied:
        out["next_order"] = [s for s in ranked if s in tied]
        out["overtime"] = list(out["next_order"])
    return out


# -- Diceland -------------------------------------------------------------------------


def _dl_keys(d, path, required, optional=()):
    """An object with exactly the required keys and some of the optional ones."""
    if not isinstance(d, dict):
        raise Impossible(path or "input", "must be an object, got %s" % json.dumps(d))
    pre = path + "." if path else ""
    for k in d:
        if k not in required and k not in optional:
            raise Impossible(pre + str(k), "unknown key")
    for k in required:
        if k not in d:
            raise Impossible(pre + k, "missing")
    return d


def _dl_choice(v, field, values, what):
    if not _is_int(v) or v not in values:
        raise Impossible(field, "must be %s, got %s" % (what, json.dumps(v)))
    return v


def _dl_terrain(t):
    """A terrain name as the core spells it (plains forest town hill mountain) from the
    singular or the plural, in any case ("towns", "Plain"); anything else as given, for
    the core to refuse."""
    if not isinstance(t, str):
        return t
    w = t.strip().lower()
    for name in dls.TERRAINS:
        stem = name[:-1] if name == "plains" else name
        if w in (stem, stem + "s"):
            return name
    return t


class _DlScene:
    """The checked scene: the core's ``Scene`` (hexes sorted by r, then q) and, for each
    of its hexes, the index of the input hex (``given``), its owner (-1: none) and value."""

    def __init__(self, hexes):
        if not isinstance(hexes, list):
            raise Impossible("scene", "must be a list of hexes, got %s" % json.dumps(hexes))
        plain = []
        for i, h in enumerate(hexes):
            _dl_keys(h, "scene[%d]" % i, DL_HEX_KEYS, ("capital",))
            plain.append({k: h[k] for k in ("q", "r", "terrain", "capital") if k in h})
            plain[-1]["terrain"] = _dl_terrain(h["terrain"])
        try:
            sc = self.sc = dls.from_json(plain, "scene")  # D1: size, terrain, connected
        except ValueError as e:
            raise _core_error(e) from None
        n = sc.n
        self.given = [0] * n
        self.owner = [-1] * n
        self.value = [0] * n
        for i, h in enumerate(hexes):
            j = sc.index(h["q"], h["r"])
            self.given[j] = i
            path = "scene[%d]" % i
            owner, value = h["owner"], h["value"]
            if owner is not None:
                _dl_choice(owner, path + ".owner", (0, 1), "0, 1 or null")
            if value is not None:
                _dl_choice(value, path + ".value", range(1, 7), "1-6 or null (D3)")
            if (owner is None) != (value is None):
                raise Impossible(path + (".value" if owner is not None else ".owner"),
                                 "D3: a die has an owner and a value 1-6; an empty hex "
                                 "has neither")
            if owner is not None:
                self.owner[j], self.value[j] = owner, value

    def hex(self, v, field):
        """The index of the hex [q, r] ``v``."""
        if not isinstance(v, list) or len(v) != 2 or not all(_is_int(x) for x in v):
            raise Impossible(field, "must be a hex [q, r], got %s" % json.dumps(v))
        i = self.sc.index(v[0], v[1])
        if i < 0:
            raise Impossible(field, "no hex [%d, %d] in the scene" % (v[0], v[1]))
        return i

    def cell(self, i):
        return list(self.sc.cells[i])

    def names(self, msg):
        """The core's reason with its hex indexes written as [q, r]."""
        return re.sub(r"\bhex (\d+)", lambda m: "hex %s" % json.dumps(
            self.cell(int(m.group(1)))), msg)

    def json(self, owner, value):
        """The input's hexes, in the input's order, with this owner and value."""
        sc = self.sc
        out = [None] * sc.n
        for j in range(sc.n):
            out[self.given[j]] = {
                "q": sc.cells[j][0], "r": sc.cells[j][1],
                "terrain": dls.TERRAINS[sc.terrain[j]],
                "owner": None if owner[j] < 0 else owner[j],
                "value": None if owner[j] < 0 else value[j],
                "capital": sc.capitals.index(j) if sc.capitals and j in sc.capitals else None}
        return out


def _dl_shape(sc):
    """Check a Diceland scenario; return (options, scene, free, to_move, attack) with
    attack None or (source indexes, target index, rolls, die, use (roll, index) or None)."""
    _dl_keys(sc, "", DL_KEYS, DL_OPTIONAL)
    given = sc.get("options", {})
    _dl_keys(given, "options", (), DL_RULES)
    opts = {}
    for k in DL_RULES:
        v = given.get(k, dl.DEFAULTS[k])
        if v is not True and v is not False:
            raise Impossible("options." + k, "must be true or false, got %s" % json.dumps(v))
        opts[k] = v
    scene = _DlScene(sc["scene"])
    if opts["capital"] and not scene.sc.capitals:
        raise Impossible("scene", "D10: the capital option needs two capitals (\"capital\": "
                         "0 and 1 on two towns)")
    k = scene.sc.n // 2 + 2  # D1
    for p in (0, 1):
        if scene.owner.count(p) > k - 2:
            raise Impossible("scene", "D1: P%d has %d dice on the field; with %d hexes each "
                             "player has %d dice, two of them free"
                             % (p + 1, scene.owner.count(p), scene.sc.n, k))
    free = sc["free"]
    if not isinstance(free, list) or len(free) != 2:
        raise Impossible("free", "must be [[a, b], [c, d]]: each player's two free dice, "
                         "got %s" % json.dumps(free))
    for p, f in enumerate(free):
        if not isinstance(f, list) or len(f) != 2:
            raise Impossible("free[%d]" % p, "D2: two free dice, got %s" % json.dumps(f))
        for i, x in enumerate(f):
            _dl_choice(x, "free[%d][%d]" % (p, i), range(1, 7), "a die value 1-6")
    p = _dl_choice(sc["to_move"], "to_move", (0, 1), "0 or 1")
    att = sc.get("attack")
    if att is None:
        return opts, scene, [list(f) for f in free], p, None
    _dl_keys(att, "attack", DL_ATTACK_KEYS, DL_ATTACK_OPTIONAL)
    src = att["from"]
    if not isinstance(src, list) or len(src) not in (1, 2):
        raise Impossible("attack.from", "must be [[q, r]] or [[q, r], [q, r]] (D4: at most "
                         "two attacking hexes), got %s" % json.dumps(src))
    src = [scene.hex(v, "attack.from[%d]" % i) for i, v in enumerate(src)]
    if len(src) == 2 and src[0] == src[1]:
        raise Impossible("attack.from[1]", "D4: names hex %s twice"
                         % json.dumps(scene.cell(src[0])))
    target = scene.hex(att["target"], "attack.target")
    rolls = att["rolls"]
    if not isinstance(rolls, list) or len(rolls) != len(src):
        raise Impossible("attack.rolls", "must be %d roll%s: a %s rolls %s, got %s" % (
            len(src), "s" * (len(src) - 1), "single attack" if len(src) == 1 else
            "combined attack", "one free die (D3)" if len(src) == 1 else "both free dice (D4)",
            json.dumps(rolls)))
    for i, x in enumerate(rolls):
        _dl_choice(x, "attack.rolls[%d]" % i, range(1, 7), "a die value 1-6")
    die, use = att.get("die", 0), att.get("use")
    if "die" in att and len(src) == 2:
        raise Impossible("attack.die", "D4: a combined attack rolls both free dice")
    _dl_choice(die, "attack.die", (0, 1), "0 or 1 (which free die is rolled)")
    if use is not None:
        if len(src) == 1:
            raise Impossible("attack.use", "D4: only a combined attack chooses a roll")
        _dl_keys(use, "attack.use", ("roll", "from"))
        use = (_dl_choice(use["roll"], "attack.use.roll", (0, 1), "0 or 1 (an index into "
                          "attack.rolls)"), scene.hex(use["from"], "attack.use.from"))
    return opts, scene, [list(f) for f in free], p, (src, target, list(rolls), die, use)


def _dl_rng(rolls):
    """A generator state whose next ``randint(1, 6)`` draws are ``rolls`` (tried in turn
    from 1): the core rolls the given dice; its "roll" event is checked against them."""
    for s in range(1, 1 << 20):
        r = Rng.from_state(s)
        if all(r.randint(1, 6) == x for x in rolls):
            return s
    raise RuntimeError("referee: no generator state rolls %r" % (rolls,))


def diceland_state(opts, scene, free, p, phase, rng):
    """The saved Diceland state: P``p``'s turn in ``phase`` ("attack", or "move" after a
    turn start without a possible attack), nothing used yet, the dice not on the field or
    free counted as lost (D1), P``p`` the first player and occupation starter."""
    sc = scene.sc
    k = sc.n // 2 + 2
    options = dict(opts, scene=sc.to_json(), size=min(sc.n, dls.MAX_HEXES))  # D10: 38
    return {
        "game": dl.GAME, "v": dl.VERSION, "options": options, "rng": rng,
        "scene": sc.to_json(), "phase": phase, "turn": p, "starter": p, "first": p,
        "rerolls": 0, "owner": [None if o < 0 else o for o in scene.owner],
        "value": list(scene.value), "free": [list(f) for f in free],
        "lost": [k - 2 - scene.owner.count(q) for q in (0, 1)],
        "streak": 0 if phase == "attack" else 1, "used": [], "invader": None,
        "pending": None, "winners": [],
    }


def _dl_load(opts, scene, free, p, phase, rng):
    try:
        return dl.Diceland.from_dict(diceland_state(opts, scene, free, p, phase, rng))
    except ValueError as e:
        path, _, why = str(e).partition(": ")
        m = re.match(r"^(owner|value)\[(\d+)\]$", path)
        if m:
            path = "scene[%d].%s" % (scene.given[int(m.group(2))], m.group(1))
        elif path in ("owner", "lost"):
            path = "scene"
        raise Impossible(path, scene.names(why)) from None


def _dl_attack_json(scene, a):
    return {"from": [scene.cell(i) for i in a[2:-1]], "target": scene.cell(a[-1])}


def rule_diceland(sc):
    """The ruling on one Diceland attack, or the list of legal attacks (see the module
    docstring); raises Impossible."""
    opts, scene, free, p, att = _dl_shape(sc)
    g = _dl_load(opts, scene, free, p, "move", 1)
    out = {"legal": True, "error": None, "result": None, "choices": [],
           "scene": scene.json(g.owner, g.value), "free": free, "eliminated": [],
           "invaded": None, "winner": None,
           "attacks": [_dl_attack_json(scene, a) for a in g.attacks(p)]}
    if att is None:
        return out
    src, t, rolls, die, use = att
    if len(src) == 1:
        action = ("attack", p, src[0], t, die)
    else:
        action = ("combo", p, min(src), max(src), t)
    can = g.can_attack(p)
    if can:
        g = _dl_load(opts, scene, free, p, "attack", _dl_rng(rolls))
    before = g.copy()
    try:
        if not can:  # a "move" step: the core's own check of the attack names the rule
            err = getattr(g, "_check_" + action[0])(*action[1:])
            if not err:
                raise RuntimeError("referee: no attack is possible, yet %r passes" % (action,))
            raise ValueError(err)
        events = g.apply(action)
        if action[0] == "combo":
            if g.phase == "choose":  # D4: the player chooses among the lawful pairs
                out["choices"] = [{"roll": i, "from": scene.cell(s)} for i, s in g.choices()]
                if use is None:
                    out["free"] = [list(f) for f in g.free]
                    return out
                events += g.apply(("use", p) + use)
            else:  # a single lawful pair: the core applied it at once
                pick = [e for e in events if e[0] == "attack"][0]
                one = (rolls.index(pick[4]), pick[2])  # equal rolls never leave one pair
                out["choices"] = [{"roll": one[0], "from": scene.cell(one[1])}]
                if use is not None and use != one:  # the core's check, on the rolled copy
                    before.pending = [action[2], action[3], t]
                    before.free[p] = list(rolls)
                    raise ValueError(before._check_use(p, *use))
    except ValueError as e:
        out.update(legal=False, error=scene.names(str(e)))
        return out
    if ("roll", p, rolls) not in events:
        raise RuntimeError("referee: the core rolled %r, not %r" % (events, rolls))
    for e in events:
        if e[0] == "attack":
            out["result"] = e[5]
        elif e[0] == "eliminated":
            out["eliminated"].append(scene.cell(e[2]))
        elif e[0] == "invade":
            out["invaded"] = scene.cell(e[3])
        elif e[0] == "game_over":
            out["winner"] = e[1][0]
    out.update(scene=scene.json(g.owner, g.value), free=[list(f) for f in g.free])
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


# One scenario per game, shown by --help (tests/test_referee_cli.py rules on each).
EXAMPLES = (
    ("A Wildside window: P2 slams first and takes a moon from P1",
     '{"game": "wildside", "pool": 0, "players": [{"rolled": ["wild", "moon", "star"], '
     '"aside": 0}, {"rolled": ["wild", "moon", "drop"], "aside": 0}], '
     '"slams": [[1, 1200], [0, 1250]]}'),
    ("A Wildside draw (W10): P1 and P2 slam on the same tick with no match and lose their "
     "last dice; both are winners",
     '{"game": "wildside", "pool": 4, "players": [{"rolled": ["moon"], "aside": 0}, '
     '{"rolled": ["star"], "aside": 0}], "slams": [[0, 500], [1, 500]]}'),
    ("A Go Wild! trick: the larger set wins",
     '{"game": "gowild", "wild_one": null, "lead": 0, "trick": 1, "scores": [0, 0, 0], '
     '"plays": [[0, ["blue", "blue"]], [1, ["red", "red", "red"]], [2, ["wild"]]]}'),
    ("A Tumblin' Dice round (a 4 on the 3x level scores 12; null: off the board)",
     '{"game": "tumblin", "mode": "multiply", "order": [1, 0], '
     '"dice": [[[4, 3], null, [2, 1], [6, 0]], [[5, 2], [1, 4], [3, null], null]], '
     '"totals": [30, 41], "round": 4, "rounds": 4, "target": null}'),
    ("A Diceland attack: P1's 3 attacks P2's 5 and rolls a 2 (valid, D3)",
     '{"game": "diceland", "scene": ['
     '{"q": 0, "r": 0, "terrain": "plains", "owner": 0, "value": 3}, '
     '{"q": 1, "r": 0, "terrain": "plains", "owner": 1, "value": 5}, '
     '{"q": 2, "r": 0, "terrain": "town", "owner": null, "value": null}, '
     '{"q": 3, "r": 0, "terrain": "plains", "owner": null, "value": null}, '
     '{"q": 0, "r": 1, "terrain": "forest", "owner": null, "value": null}, '
     '{"q": 1, "r": 1, "terrain": "plains", "owner": null, "value": null}, '
     '{"q": 2, "r": 1, "terrain": "hill", "owner": null, "value": null}, '
     '{"q": 3, "r": 1, "terrain": "plains", "owner": null, "value": null}], '
     '"free": [[1, 4], [2, 5]], "to_move": 0, '
     '"attack": {"from": [[0, 0]], "target": [1, 0], "rolls": [2]}}'),
)


def help_text():
    """--help: the docstring (each game's schema) and an example for each game."""
    out = [__doc__.rstrip(), "", "Examples (each rules as shown):", ""]
    for what, text in EXAMPLES:
        out += ["%s:" % what, "", "    echo '%s' \\" % text, "        | tools/referee.py", ""]
    return "\n".join(out)


USAGE = "usage: tools/referee.py [FILE | -] (a JSON scenario; --help: the schemas)"


def main(argv=None, stdin=None):
    argv = sys.argv[1:] if argv is None else argv
    stdin = sys.stdin if stdin is None else stdin
    if any(a in ("-h", "--help") for a in argv):
        sys.stdout.write(help_text() + "\n")
        return 0
    if len(argv) > 1 or (argv and argv[0].startswith("-") and argv[0] != "-"):
        sys.stderr.write("referee: %s\n" % USAGE)
        return 2
    if argv and argv[0] != "-":
        try:
            with open(argv[0], "rb") as f:
                text = f.read()
        except OSError as e:
            sys.stderr.write("referee: %s: %s\n" % (argv[0], e.strerror or e))
            return 2
    else:
        if stdin.isatty():
            sys.stderr.write(
                "referee: reading a JSON scenario from the terminal; end it with Ctrl-D "
                "(Ctrl-Z, Enter on Windows). tools/referee.py --help shows each game's "
                "schema and an example.\n"
            )
            sys.stderr.flush()
        text = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
    code, out, err = run(text)
    if code == 2 and not text.strip():
        err = "referee: no scenario given (empty input). %s\n" % USAGE
    sys.stdout.write(out)
    sys.stderr.write(err)
    return code


if __name__ == "__main__":
    sys.exit(main())
