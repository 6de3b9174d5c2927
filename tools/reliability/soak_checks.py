"""What tools/reliability/soak.py checks, and the names its modules share: the games and their
titles, the long-press check's times, SoakError and ``need``, the digest of a save, the
rules invariants checked after every app step (as tests/*_helpers.py check_invariants),
and ``loguniform``, the soak's random durations. Imports no other tool."""

import json
import math
import zlib

GAMES = ("wildside", "gowild", "tumblin", "diceland")
TITLES = {
    "wildside": "Wildside",
    "gowild": "Go Wild!",
    "tumblin": "Tumblin' Dice",
    "diceland": "Diceland",
}
LONG_MS = 1500  # the app's long press of select (slampad.hw.menu.LONG_MS)
HOLD_MS = 1600  # how long the check holds select
MENU_WITHIN_MS = 1000  # the menu must show this soon after the threshold
MAX_FRAME_MS = 30  # longer frames could miss the long press within the 1.6 s hold

# Rules constants, written out so the soak imports no game module the app has dropped.
W_PHASES = ("ready", "roll", "rolling", "window", "choose", "over")
W_LIVE = ("rolling", "window", "choose")
W_FACES = ("wild", "moon", "star", "drop", "bolt")
G_PER_COLOUR = 18  # G1
G_HAND = 12  # G2
T_PHASES = ("roll_off", "throw", "enter", "over")
T_DICE = 4  # T1


class SoakError(Exception):
    """A check failed."""


def need(cond, what, *info):
    if not cond:
        raise SoakError(what + ("" if not info else ": " + " ".join(repr(x) for x in info)))


def canon(d):
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def digest_of(d):
    return zlib.crc32(canon(d).encode())


# -- rules invariants (as tests/*_helpers.py check_invariants) ------------------------------


def check_wildside(g, d):
    n = len(g.dice)
    need(g.phase in W_PHASES, "Wildside phase", g.phase)
    need(all(isinstance(x, int) and x >= 0 for x in g.dice), "Wildside dice", g.dice)
    need(g.pool >= 0, "Wildside pool", g.pool)
    need(sum(g.dice) + g.pool == 3 * n, "W2: dice + pool != 3 x players", g.dice, g.pool)
    for s in range(n):
        r = g.rolled[s]
        need(len(r) <= 5, "W9: more than 5 rolled", s, r)
        need(all(f in W_FACES for f in r), "Wildside faces", r)
        if g.phase in W_LIVE:
            want = min(5, g.dice[s]) if s in g.active else 0
            need(len(r) == want, "W9: rolled min(5, dice)", s, r, g.dice[s])
    need(len(g.active) >= 2 or g.phase == "over", "W10: fewer than 2 seats active", g.active)
    if not g.sudden:
        need(g.active == list(range(n)), "Wildside active without sudden death", g.active)
    need(g.is_over() == (g.phase == "over"), "Wildside is_over", g.phase)
    if g.is_over():
        need(g.winners(), "Wildside: a finished game has winners")
        need(0 in g.dice or g.sudden, "W10: over with no seat at 0", g.dice)
    else:
        need(g.winners() == [], "Wildside winners before the end", g.winners())
        if not g.sudden:
            need(0 not in g.dice, "W10: a seat at 0 dice and the game goes on", g.dice)
    if g.phase == "choose":
        ch = g.choice
        need(ch["candidates"] == g.candidates(ch["slammer"]), "W5 candidates", ch)
        need(len(ch["candidates"]) >= 2, "W5: a choice of fewer than 2", ch)
        need(0 <= ch["highlight"] < len(ch["candidates"]), "W5 highlight", ch)
    else:
        need(g.choice is None, "Wildside choice outside the choose phase", g.choice)
    if g.phase not in ("rolling", "window"):
        need(g.slams == {}, "Wildside slams outside the window", g.slams)


def first_to_play(hands, lead, plays):
    n = len(hands)
    done = {s for s, _ in plays}
    for i in range(n):
        s = (lead + i) % n
        if s not in done and sum(hands[s]):
            return s
    return None


def check_gowild(g, d):
    n = d["options"]["players"]
    need(len(d["hands"]) == len(d["scores"]) == n, "Go Wild! seats", n)
    per = list(d["discard"])
    for c in d["deck"]:
        per[c] += 1
    for h in d["hands"]:
        per = [a + b for a, b in zip(per, h, strict=True)]
    for _, p in d["plays"]:
        per = [a + b for a, b in zip(per, p, strict=True)]
    need(per == [G_PER_COLOUR] * 6, "G1: 18 cards of each colour", per)
    for h in d["hands"]:
        need(min(h) >= 0 and sum(h) <= G_HAND, "G2: a hand of 0-12 cards", h)
    need(min(d["scores"]) >= 0, "Go Wild! scores", d["scores"])
    target = d["options"]["target"]
    if g.is_over():
        need(d["phase"] == "over" and d["turn"] is None, "G6: over", d["phase"], d["turn"])
        won = g.winners()
        need(len(won) == 1 and d["scores"][won[0]] >= target, "G6: one winner", won)
        need([s for s in range(n) if d["scores"][s] >= target] == won, "G6 winner", won)
        need(d["plays"] == [], "G6: plays left on the table", d["plays"])
    else:
        need(d["phase"] == "play" and g.winners() == [], "Go Wild! phase", d["phase"])
        need(max(d["scores"]) < target, "G6: the game should have ended", d["scores"])
        t = d["turn"]
        need(t == first_to_play(d["hands"], d["lead"], d["plays"]), "G3: whose turn", t)
        need(t is not None and sum(d["hands"][t]) > 0, "G3: the seat to play has cards", t)
        need(g.legal_actions(t), "G3: a seat holding cards has a valid set")
        for s in range(n):
            if s != t:
                need(g.legal_actions(s) == [], "G3: only the turn seat may play", s)
        if d["trick"] == 1 and not d["plays"]:
            need([sum(h) for h in d["hands"]] == [G_HAND] * n, "G7: full hands", d["hands"])


def check_gowild_table(g, d):
    n = d["options"]["players"]
    need(len(g.scores) == n and min(g.scores) >= 0, "Go Wild! table scores", g.scores)
    need(g.round >= 1 and 1 <= g.trick <= 3 and 0 <= g.lead < n, "Go Wild! table trick")
    need(g.wild_one is None or 0 <= g.wild_one < n, "G5: Wild One", g.wild_one)
    won = g.winners()
    need(g.is_over() == bool(won), "Go Wild! table end", won)
    if won:
        need(len(won) == 1 and g.scores[won[0]] >= d["options"]["target"], "G6 table", won)


def check_tumblin(g, d):
    tb = type(g).apply.__globals__["tb"]  # the board model this game runs on
    n = g.n()
    o = g.options
    v = g.view()
    need(v["phase"] in T_PHASES, "Tumblin' phase", v["phase"])
    need(g.is_over() == (v["phase"] == "over"), "Tumblin' is_over")
    order = v["order"]
    need(len(set(order)) == len(order) and all(0 <= s < n for s in order), "T3 order", order)
    thrown = v["thrown"]
    for s in range(n):
        need(0 <= thrown[s] <= T_DICE, "T4: four dice each", thrown)
        if s not in order:
            need(thrown[s] == 0, "T4: a seat out of the order threw", s, thrown)
    if v["phase"] in ("throw", "enter"):
        need(len(order) >= 2, "T3: fewer than 2 in the order", order)
        if not v["overtime"] and not o["teams"]:
            need(sorted(order) == list(range(n)), "T3: everyone plays a regular round", order)
        if o["teams"]:
            need(len(order) == 4, "T5 teams order", order)
            for i in range(4):
                need(order[i] % 2 != order[(i + 1) % 4] % 2, "T5: teammates back to back")
    if v["phase"] == "throw":
        need(sum(thrown) == g.throws < T_DICE * len(order), "T4 throws", thrown, g.throws)
        need(v["turn"] == order[g.throws % len(order)], "T3: whose throw", v["turn"])
        ks = [thrown[s] for s in order]
        need(max(ks) - min(ks) <= 1 and ks == sorted(ks, reverse=True), "T3: in turn", ks)
    if v["phase"] == "enter":
        need(all(thrown[s] == T_DICE for s in order), "T6: entering before all thrown")
    levels = (1, 2, 3, 4, -1) if o["minus_zone"] else (1, 2, 3, 4)
    for die in v["board"]:
        seat, face, level, x, y = die
        need(seat in order and 1 <= face <= 6 and level in levels, "T1: a die", die)
        need(0 <= x < tb.END and -tb.HALF <= y <= tb.HALF, "T1: a die off the board", die)
        need(tb.level_at(x, y, o["minus_zone"]) == level, "T1: a die's level", die)
    for s in range(n):
        on = sum(1 for die in v["board"] if die[0] == s)
        need(on <= thrown[s], "T4: more dice on the board than thrown", s)
        need(len(v["dice"][s]) <= T_DICE, "T6: more than 4 dice entered", s)
        for die in v["dice"][s]:
            need(die is None or (1 <= die[0] <= 6 and die[1] in levels), "T6: a die", die)
    if v["phase"] == "roll_off":
        need(order == [] and sorted(sum(v["groups"], [])) == list(range(n)), "T3 roll-off")
    if g.is_over():
        won = v["winners"]
        need(won and won == sorted(won), "T5: winners", won)
        if o["teams"]:
            t = [v["totals"][0] + v["totals"][2], v["totals"][1] + v["totals"][3]]
            need(won in ([0, 2], [1, 3]) and t[won[0] % 2] > t[1 - won[0] % 2], "T5 teams")
        else:
            need(len(won) == 1 and v["totals"][won[0]] == max(v["totals"]), "T5 winner", won)
            need(v["totals"].count(max(v["totals"])) == 1, "T5: a tie at the end", v["totals"])
    else:
        need(v["winners"] == [], "T5: winners before the end", v["winners"])
    need(json.loads(json.dumps(v)) == v, "Tumblin' view is not JSON-native")
    h = type(g).from_dict(json.loads(json.dumps(d)))
    need(h.view() == v and h.rng.state == g.rng.state, "Tumblin' reload: view or rng differ")
    tumblin_replay(g, d, tb)


def tumblin_replay(g, d, tb):
    """Replays the log: totals are the sums of the round scores, and (virtual board, T1,
    T4) dice on the board + removed + not yet thrown = 4 per seat."""
    h = type(g)(d["options"], d["seed"])
    n = g.n()
    off = (tb.PAD, 0, tb.OFF)
    removed = [0] * n
    rounds = []
    order = []
    for a in d["log"]:
        for e in h.apply(a):
            if e[0] == "round":
                removed = [0] * n
                order = list(e[2])
            elif e[0] == "removed":
                removed[e[1]] += 1
            elif e[0] == "bumped":
                removed[e[1]] += (e[3] in off) - (e[2] in off)
            elif e[0] == "round_over":
                rounds.append(e[2])
                total = [sum(r[s] for r in rounds) for s in range(n)]
                need(e[3] == total, "Tumblin': totals are not the sums of the rounds", e)
                for s in range(n):
                    if s not in order:
                        need(e[2][s] == 0, "T5: a seat sitting out scored", e)
    if g.phase == "throw" and g.options["board"] == "virtual":
        for s in g.order:
            on = sum(1 for die in g.board if die[0] == s)
            left = T_DICE - g.thrown(s)
            need(on + removed[s] + left == T_DICE, "T4: dice not conserved", s, g.view())


def check_diceland(g, d):
    n = g.scene.n
    k = n // 2 + 2
    for p in (0, 1):
        on = d["owner"].count(p)
        need(on + len(d["free"][p]) + d["lost"][p] == k, "D1: dice not conserved", p)
        if d["phase"] != "occupy":
            need(len(d["free"][p]) == 2, "D3: two free dice after occupation", d["free"])
        need(all(1 <= x <= 6 for x in d["free"][p]), "D1: free dice 1-6", d["free"])
    need(len(d["owner"]) == len(d["value"]) == n, "D1: one owner and value per hex")
    for o, x in zip(d["owner"], d["value"], strict=True):
        need((o is None and x == 0) or (o in (0, 1) and 1 <= x <= 6), "D1: a hex", o, x)
    need(g.copy().to_dict() == d, "Diceland copy differs")
    if g.is_over():
        need(len(g.winners()) == 1, "Diceland: one winner", g.winners())
        need(g.legal_actions(0) == g.legal_actions(1) == [], "Diceland: moves after the end")
    else:
        need(g.legal_actions(g.turn), "Diceland: the turn player has no move")
        need(g.legal_actions(1 - g.turn) == [], "Diceland: the other player may move")
    need(g.legal_actions(None) == [], "Diceland: moves for nobody")


CHECKS = {
    "wildside": check_wildside,
    "gowild": check_gowild,
    "gowild_table": check_gowild_table,
    "tumblin": check_tumblin,
    "diceland": check_diceland,
}


def check_game(g):
    """JSON round trip of the contract and the game's invariants; returns the canon text."""
    d = g.to_dict()
    text = canon(d)
    back = json.loads(text)
    need(back == d, "to_dict is not JSON-native")
    need(type(g).from_dict(back).to_dict() == d, "from_dict(to_dict()) differs")
    check = CHECKS.get(d.get("game"))
    need(check is not None, "unknown game in to_dict", d.get("game"))
    check(g, d)
    return text


def loguniform(rng, lo, hi):
    return int(math.exp(rng.uniform(math.log(lo), math.log(hi))))
