#!/usr/bin/env python3
"""Soak test: the whole app in the simulator, random input streams and power cuts, for
hours of simulated time per game. Never part of the test suite (tests/test_soak.py runs
a short one).

    tools/soak.py --game wildside|gowild|tumblin|diceland|all --hours H --seed S
                  [--seeds 5001-5200 [--jobs N] [--record FILE]] [--summary FILE]
                  [--profile pico|pico_tft|macropad|feather|all] [--json]
                  [--frame-ms 16] [--cut-every 3] [--check-every 6] [--keep-going]
                  [--render] [-v]

For each game, on a fresh device (erased flash), over and over: from the menu into the
game (the menu rows are found by their text; setup screens join random pads, add bots
and pick options at random), then random input: pads and menu buttons, taps and holds
from a few ms to many seconds, bursts and mashing (some while the app is stalled in a
slow frame of up to 3 s), chords, idle gaps, plus moves that help a game along (the
player to move presses their pad, picks a legal move) so that games also finish. Now and
then Settings or Statistics, a rematch or the menu. At random moments the power
goes: either a cut is armed in the flash (``arm_cut(bytes, erase="done"|"partial")``)
so the next flash write stops part way (``PowerCut`` escapes ``app.step``), or the power
is cut at a chosen instant between writes. Then a new SimDevice is built on the same
flash image (a power-up; the firmware's modules are imported afresh) and play goes on:
on the resume offer, mostly Resume, sometimes New game. Keys held when the power went
are sometimes still down at power-up, and now and then a cut is armed before the app
starts, for the writes made at power-up.

``--seeds A-B`` (or ``A,B,C``) soaks each seed on its own (each game of each seed a run
of its own, on a fresh device) in ``--jobs N`` worker processes, prints one line per run
as it ends and the failing seeds at the end, each with the command that reproduces it.
``--profile all`` runs every seed on each board profile. ``--record FILE`` appends each
run to FILE as a JSON line (with the commit it ran) and skips the runs FILE already
holds, so a campaign of many hours can stop and go on; ``--summary FILE`` tables it.

Checked after every app step (any failure is an error):
- no exception escapes the app except the simulated ``PowerCut``;
- no screen offered the rules an action ``legal_actions`` did not list (slampad.app.legal
  dropped it; the app went on, but the screen should not have tried);
- a screen with a ``game``: its ``to_dict()`` is JSON-native and survives
  ``from_dict`` unchanged, and the game's invariants hold (the same checks as
  tests/test_*_properties.py): Wildside W2 dice conserved, W9 at most 5 rolled, faces
  and phases, W10 end; Go Wild! G1 108 cards conserved, G2 hands of at most 12, G3 turn
  order, G6 end, G7 full hands; the table mode's scores; Tumblin' Dice order, throws,
  dice on the board's levels, T4 four dice each conserved in virtual mode (a replay of
  the log), totals = sums of round scores, T5 end; Diceland D1 dice conserved, one die
  of 1-6 per hex, two free dice after occupation, whose turn it is;
- the resume offer shows the game's last save (or, after a cut during a save, the one
  being written), no save comes back after it was cleared, and a save is offered at
  power-up unless a flash write was cut since (a cut erase may lose the sector);
- the screen is not stuck: every few simulated minutes and at the end of each game,
  select is held 1.6 s and the menu must show within 1 s after the 1.5 s threshold.

Counts per game: simulated hours, inputs (presses), games started, finished (game-over
screens), power cuts, cuts during a flash write, saves resumed (resume offer -> a play
screen with ``resumed``), long presses checked, game saves and flash writes, errors; and
the speed in simulated seconds per wall-clock second. The same --seed gives the same run (``digest``
hashes every screen shown). On an error it prints the seed, game, step, time and
traceback and exits 1; a game is reproduced alone with the same --game, --seed, --profile.

Speed: the app steps every --frame-ms (16 ms; longer frames during idle gaps). The shim's
clock moves 1 ms at a time and scans the pads each ms; here whole idle stretches (no pad
changing, nothing being debounced) are skipped in one jump, keeping the scanners' phase,
so the pads' timestamps stay exact to the ms. The display is not drawn into pixels
(the firmware still sets every row and picture, and Blinka's checks on each write run;
its compositing and bookkeeping are skipped: FastPictures) unless --render is given,
which is about 3-5 times slower. The same seed shows the same screens either way.
"""

import argparse
import json
import math
import os
import random
import sys
import time
import traceback
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VENV = os.path.join(ROOT, ".venv")
if __name__ == "__main__" and os.path.realpath(sys.prefix) != os.path.realpath(VENV):
    venv_python = os.path.join(VENV, "bin", "python")
    if os.path.exists(venv_python):  # Blinka's displayio lives in .venv (tools/test makes it)
        os.execv(venv_python, [venv_python] + sys.argv)
sys.path.insert(0, HERE)

from simdevice import PROFILES, SimDevice, use_shim  # noqa: E402

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
COUNTS = (
    "inputs",
    "games_started",
    "games_finished",
    "power_cuts",
    "cuts_in_write",
    "resume_offers",
    "saves_resumed",
    "new_game_chosen",
    "long_presses",
    "steps",
    "power_ups",
    "flash_writes",
    "flash_erases",
    "saves_written",
    "refreshes",
)

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


class Cut(Exception):  # noqa: N818 - an event, not an error
    """The soak cuts the power at a chosen instant (not during a write)."""


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


# -- the simulated clock, fast -------------------------------------------------------------


def fast_advance(world_mod, ms):
    """``simhw.advance(ms)``, skipping the 1 ms pad scans once no scanner has anything to
    do (each pin reads as its scanner last saw it, nothing being debounced): a scan then
    only notes its time, so the clock jumps and each scanner keeps its phase."""
    w = world_mod.world
    mask = world_mod.MASK
    while ms > 0:
        idle = True
        for s in w.scanners:
            pins = getattr(s, "_pins", None)
            if pins is None or not hasattr(s, "_count"):
                idle = False
                break
            for i, pin in enumerate(pins):
                if s._count[i] or (pin.level == s._when) != s._state[i]:
                    idle = False
                    break
            if not idle:
                break
        if idle:
            w.now = (w.now + ms) & mask
            for s in w.scanners:
                k = ((w.now - s._last) & mask) // s._interval
                s._last = (s._last + k * s._interval) & mask
            return
        world_mod.advance(1)
        ms -= 1


# -- the soak of one game ------------------------------------------------------------------


def loguniform(rng, lo, hi):
    return int(math.exp(rng.uniform(math.log(lo), math.log(hi))))


class GameSoak:
    def __init__(
        self,
        game,
        hours,
        seed,
        profile="pico",
        frame_ms=16,
        idle_frame_ms=48,
        cut_every_s=180,
        check_every_s=360,
        keep_going=False,
        log=None,
        render=False,
    ):
        if game not in GAMES:
            raise ValueError("unknown game %r" % (game,))
        if profile not in PROFILES:
            raise ValueError("unknown profile %r" % (profile,))
        if not 1 <= frame_ms <= MAX_FRAME_MS:
            raise ValueError("frame_ms must be 1..%d" % MAX_FRAME_MS)
        self.game = game
        self.title = TITLES[game]
        self.seed = seed
        self.profile = profile
        self.rng = random.Random("soak:%s:%s:%s" % (seed, game, profile))
        self.budget = int(hours * 3600000)
        self.frame = frame_ms
        self.idle_frame = max(frame_ms, idle_frame_ms)
        self.cut_every = cut_every_s * 1000
        self.check_every = check_every_s * 1000
        self.keep_going = keep_going
        self.log = log
        self.render = render
        self.n = dict.fromkeys(COUNTS, 0)
        self.errors = []
        self.t = 0  # simulated ms since the start of this game's soak
        self.last_step = 0
        self.idle = False
        self.dev = None
        self.crc = 0
        self.max_menu_ms = 0
        # save tracking: digests of the last save done and of one cut while written
        self.save_done = None
        self.save_cut = None
        self.write_cut = False  # a flash write was cut since the last game save or clear
        self.last_screen = None
        self.ep_screen = None  # the screen the current episode was chosen for
        self.last_game = None
        self.checked = None  # (game object, a copy of its to_dict()) last checked
        self.no_cut = False
        self.stall_until = 0  # no app step before this (a slow frame)
        self.held_at_cut = []  # keys held when the power went
        self.armed = False
        self.cut_deadline = 0
        self.plan_cut()
        self.next_check = self.t + self.spread(self.check_every)

    # -- reporting --------------------------------------------------------------------
    def say(self, msg):
        if self.log is not None:
            self.log("[%s %8.1fs] %s" % (self.game, self.t / 1000, msg))

    def spread(self, mean):
        return int(mean * self.rng.uniform(0.5, 1.5))

    def where(self):
        scr = self.dev.app.screen if self.dev is not None else None
        return {
            "seed": self.seed,
            "game": self.game,
            "profile": self.profile,
            "step": self.n["steps"],
            "sim_ms": self.t,
            "screen": type(scr).__name__ if scr is not None else None,
            "lines": self.dev.lines() if self.dev is not None else None,
        }

    # -- power -------------------------------------------------------------------------
    def plan_cut(self):
        gap = max(1000, int(self.rng.expovariate(1.0 / self.cut_every)))
        self.cut_at = self.t + gap
        self.cut_mode = "flash" if self.rng.random() < 0.6 else "instant"
        self.armed = False

    def arm(self, flash):
        r = self.rng.random()
        if r < 0.5:
            after = self.rng.randrange(0, 64)
        elif r < 0.8:
            after = self.rng.randrange(0, 512)
        else:
            after = self.rng.randrange(0, 4096)
        erase = self.rng.choice(("done", "partial"))
        flash.arm_cut(after, erase=erase, seed=self.rng.randrange(1 << 30))
        self.armed = True
        self.cut_deadline = self.t + loguniform(self.rng, 10000, 600000)

    def check_cut(self):
        if self.no_cut or self.t < self.cut_at:
            return
        if self.cut_mode == "instant":
            raise Cut()
        if not self.armed:
            self.arm(self.dev.sim.flash())
        elif self.t >= self.cut_deadline:  # no write came: cut now instead
            self.dev.sim.flash().disarm()
            raise Cut()

    def power_down(self):
        dev = self.dev
        if dev is None:
            return
        f = dev.sim.flash()
        self.n["flash_writes"] += f.writes
        self.n["flash_erases"] += f.erases
        self.n["saves_written"] += getattr(dev.app, "saves_written", 0)
        self.image = dev.flash_image()
        self.held_at_cut = sorted(dev.held)
        self.dev = None

    def power_up(self, image=None):
        """A new device on ``image`` (None: erased flash), its firmware imported afresh.
        Now and then a flash cut is armed before the app starts (it cuts a power-up write)."""
        for name in [m for m in sys.modules if m == "slampad" or m.startswith("slampad.")]:
            del sys.modules[name]
        sim = use_shim()
        orig = sim.use_board
        early = image is not None and self.rng.random() < 0.1

        def use_board(board_id):
            orig(board_id)
            if early:
                self.cut_mode, self.cut_at = "flash", self.t
                self.arm(sim.flash())

        sim.use_board = use_board
        try:
            dev = SimDevice(
                self.profile, seed=self.rng.randrange(1 << 24), flash=image, frame_ms=self.frame
            )
        except self.PowerCut:  # the early cut struck a write at power-up
            self.image = bytes(sim.flash().data)
            raise
        finally:
            sim.use_board = orig
        self.n["power_ups"] += 1
        self.dev = dev
        dev.log = []
        dev.app.text.listener = self.text_changed
        if not self.render:  # the firmware still builds every picture; Blinka skips the pixels
            dev.hw.display.refresh = self.no_refresh
        self.text_changed(dev.app.text.lines)
        if hasattr(dev.app, "start_watchdog"):
            dev.app.start_watchdog()  # as slampad.app.main.run() does
        self.world = sys.modules["_simworld"]
        self.last_step = self.t
        self.last_screen = None
        self.checked = None
        self.watch_store()
        if type(dev.app.screen).__name__ != "ResumeScreen":
            if self.save_done is not None and not self.write_cut:
                raise SoakError(
                    "the saved game was lost (no write was cut since it was "
                    "saved): %r" % (dev.lines(),)
                )
            self.save_done = self.save_cut = None  # nothing saved now (a cut may lose it)
            self.write_cut = False
        self.after_step()

    def no_refresh(self, *args, **kwargs):
        self.n["refreshes"] += 1
        return True

    def still_held(self):
        """Now and then the keys held when the power went are still down at power-up."""
        keys, self.held_at_cut = self.held_at_cut, []
        if keys and self.rng.random() < 0.5:
            for k in keys:
                self.press(k)
            self.wait(loguniform(self.rng, 30, 5000))
            self.release_all()

    def cut_power(self, in_write):
        self.n["power_cuts"] += 1
        if in_write:
            self.n["cuts_in_write"] += 1
            self.write_cut = True
        self.say("power cut%s" % (" during a flash write" if in_write else ""))
        self.power_down()
        self.plan_cut()

    def watch_store(self):
        """Follow the game saves: what was written last, and what a cut interrupted."""
        st = self.dev.app.store() if hasattr(self.dev.app, "store") else None
        if st is None or not hasattr(st, "save") or not hasattr(st, "clear"):
            return
        save, clear = st.save, st.clear
        me = self

        def watched_save(key, obj):
            if key != "game":
                return save(key, obj)
            h = digest_of(obj.get("s")) if isinstance(obj, dict) else None
            try:
                out = save(key, obj)
            except me.PowerCut:
                me.save_cut = h
                raise
            me.save_done, me.save_cut, me.write_cut = h, None, False
            return out

        def watched_clear(key):
            if key != "game":
                return clear(key)
            try:
                out = clear(key)
            except me.PowerCut:
                me.save_cut = "cleared"
                raise
            me.save_done, me.save_cut, me.write_cut = None, None, False
            return out

        st.save = watched_save
        st.clear = watched_clear

    # -- time and steps ------------------------------------------------------------------
    def text_changed(self, lines):
        scr = self.dev.app.screen if self.dev is not None else None
        head = type(scr).__name__ if scr is not None else "-"
        self.crc = zlib.crc32(("%s|%s\n" % (head, "|".join(lines))).encode(), self.crc)

    def wait(self, ms):
        end = self.t + max(0, int(ms))
        while self.t < end:
            self.check_cut()
            frame = self.idle_frame if self.idle and not self.dev.held else self.frame
            nxt = max(self.last_step + frame, self.stall_until)
            target = min(end, nxt)
            if not self.no_cut:
                if self.t < self.cut_at:
                    target = min(target, self.cut_at)
                elif self.armed:
                    target = min(target, max(self.cut_deadline, self.t + 1))
            if target > self.t:
                fast_advance(self.world, target - self.t)
                self.t = target
            if self.t >= nxt:
                self.step()

    def step(self):
        self.last_step = self.t
        app = self.dev.app
        app.step(self.dev.sim.ticks_ms())
        self.n["steps"] += 1
        self.after_step()

    def after_step(self):
        app = self.dev.app
        scr = app.screen
        gate = sys.modules.get("slampad.app.legal")  # a screen offered an illegal action
        if gate is not None and gate.drops:
            need(False, "an action legal_actions did not list", gate.dropped)
        if scr is not self.last_screen:
            self.screen_changed(self.last_screen, scr)
            self.last_screen = scr
        g = getattr(scr, "game", None)
        if g is not None and hasattr(g, "to_dict"):
            if g is not self.last_game:
                self.last_game = g
                if getattr(scr, "resumed", False):
                    self.say("resumed %s" % type(scr).__module__)
                else:
                    self.n["games_started"] += 1
            d = g.to_dict()  # unchanged since the last check: nothing to do
            if self.checked is None or self.checked[0] is not g or self.checked[1] != d:
                self.checked = (g, json.loads(check_game(g)))  # a copy: no live lists

    def screen_changed(self, old, new):
        name = type(new).__name__
        old_name = type(old).__name__ if old is not None else None
        if name == "OverScreen":
            self.n["games_finished"] += 1
            self.say("game over: %s" % " / ".join(self.dev.lines()[:2]))
        elif name == "ResumeScreen":
            self.n["resume_offers"] += 1
            rec = getattr(new, "rec", None)
            s = rec.get("s") if isinstance(rec, dict) else None
            h = digest_of(s) if s is not None else None
            ok = h is not None and (h == self.save_done or h == self.save_cut)
            need(
                ok,
                "the resume offer is not the last save (nor one cut while written)",
                "offered",
                h,
                "last save",
                self.save_done,
                "cut",
                self.save_cut,
            )
            self.save_done, self.save_cut, self.write_cut = h, None, False  # on the flash now
        if old_name == "ResumeScreen" and getattr(new, "resumed", False):
            self.n["saves_resumed"] += 1
        if old_name == "ResumeScreen" and name == "MenuScreen":
            self.n["new_game_chosen"] += 1  # or a save that could not be rebuilt

    # -- input ---------------------------------------------------------------------------
    def pads(self):
        return [str(p + 1) for p in range(self.dev.hw.n_pads)]

    def press(self, key):
        if key not in self.dev.held:
            self.dev.press(key)
            self.n["inputs"] += 1

    def release(self, key):
        if key in self.dev.held or key in ("up", "down"):
            self.dev.release(key)

    def release_all(self):
        for k in list(self.dev.held):
            self.dev.release(k)

    def tap(self, key, hold=None, gap=None):
        """A press the menu debouncer surely sees (held across two polls), by default."""
        sure = 2 * self.frame + 12  # the debouncer: stable 10 ms between two polls
        self.press(key)
        self.wait(sure if hold is None else hold)
        self.release(key)
        self.wait(sure if gap is None else gap)

    def pad_of(self, p):
        return str(p + 1)

    def script(self, events):
        """events: [(at_ms, "press"|"release", key)] from now, in any order."""
        t0 = self.t
        for at, what, key in sorted(events, key=lambda e: (e[0], e[1] == "press")):
            self.wait(t0 + at - self.t)
            if what == "press":
                self.press(key)
            else:
                self.release(key)

    # -- navigation by the rows' text ------------------------------------------------------
    def cursor_row(self):
        for line in self.dev.lines():
            if line.startswith(">"):
                return line[1:]
        return None

    def goto(self, text, exact=False):
        """Move the cursor (down, or up) until the row under it reads ``text`` (or starts
        with it). False if the episode's screen has gone (a long press, say)."""
        scr = self.dev.app.screen
        if scr is not self.ep_screen:
            return False
        if self.stall_until > self.t:
            # A slow frame (a burst's stall) is still running: the menu buttons are read
            # once a frame, so a tap inside it is not seen, on the device too. Navigate
            # after it (seeds 5114 and 5115 tapped up into a stall and "missed" the row).
            self.wait(self.stall_until - self.t + 3 * self.frame + 12)
            if self.dev.app.screen is not scr:
                return False
        n = len(scr.items()) if hasattr(scr, "items") else 12
        key = self.rng.choice(("up", "down"))

        def listed():
            return any(r == text if exact else r.startswith(text) for r in scr.items())

        for _ in range(n + 2):
            row = self.cursor_row()
            if row is not None and (row == text if exact else row.startswith(text)):
                return True
            had = hasattr(scr, "items") and listed()
            self.tap(key)
            if self.dev.app.screen is not scr:
                return False
            if had and not listed():
                # The rows changed under the cursor: a quick press sent just before
                # (random_input's 1 ms tap, say) reached the app only now, as it may.
                # The episode ends; the next one reads the screen afresh (seed 5101).
                return False
        raise SoakError("no row %r on %s: %r" % (text, type(scr).__name__, self.dev.lines()))

    def pick(self, text, exact=False):
        if self.goto(text, exact):
            self.tap("select")

    # -- episodes ---------------------------------------------------------------------------
    def episode(self):
        self.ep_screen = scr = self.dev.app.screen
        name = type(scr).__name__
        mod = type(scr).__module__
        self.idle = False
        fn = {
            "MenuScreen": self.on_menu,
            "ResumeScreen": self.on_resume,
            "SettingsScreen": self.on_settings,
            "GoWildModes": self.on_gowild_modes,
            "JoinScreen": self.on_join,
            "TumblinJoin": self.on_join,
            "Seats": self.on_seats,
            "TableSetup": self.on_table_setup,
            "TableScreen": self.on_table,
            "OverScreen": self.on_over,
            "EnterScreen": self.on_enter,
        }.get(name)
        if name == "SetupScreen":
            fn = self.on_tumblin_setup if mod.endswith("tumblin.setup") else self.on_diceland_setup
        if fn is None and name == "PlayScreen":
            fn = self.on_play
        if fn is None:
            fn = self.on_list if hasattr(scr, "items") else self.on_play
        fn(scr)

    def on_menu(self, scr):
        self.wait(loguniform(self.rng, 20, 4000))
        items = scr.items()
        others = [x for x in items if x not in TITLES.values()]
        r = self.rng.random()
        if r < 0.08 and others:
            self.pick(self.rng.choice(others), exact=True)  # Settings, Statistics
        else:
            self.pick(self.title, exact=True)

    def on_resume(self, scr):
        self.wait(loguniform(self.rng, 20, 3000))
        self.pick("Resume" if self.rng.random() < 0.85 else "New game", exact=True)

    def on_settings(self, scr):
        items = scr.items()
        for _ in range(self.rng.randrange(0, 5)):
            self.pick(self.rng.choice(items[:-1]))
            if self.dev.app.screen is not scr:
                return
            items = scr.items()
        self.pick("Back", exact=True)

    def on_list(self, scr):
        """Any other list (Statistics, and screens this soak does not know): move about,
        select now and then, mostly go Back."""
        items = scr.items()
        for _ in range(self.rng.randrange(0, 4)):
            self.tap(self.rng.choice(("up", "down")))
        if "Back" in items and self.rng.random() < 0.7:
            self.pick("Back", exact=True)
        else:
            self.tap(self.rng.choice(("select", "up", "down")))

    def on_gowild_modes(self, scr):
        r = self.rng.random()
        self.pick("Pass and play" if r < 0.7 else "Table" if r < 0.95 else "Back")

    def on_join(self, scr):
        rng = self.rng
        pads = list(range(self.dev.hw.n_pads))
        table = getattr(scr, "table", False)
        opts = getattr(scr, "options", None) or {}
        k = rng.choice((0, 1, 1, 1, 2, 2, 3, 4)) if not table else rng.choice((2, 2, 3, 4))
        if opts.get("teams"):
            k = 4 if table else k
        for p in rng.sample(pads, min(k, len(pads))):
            self.tap(self.pad_of(p), hold=loguniform(rng, 3, 400), gap=loguniform(rng, 5, 300))
            if rng.random() < 0.1:
                self.tap(self.pad_of(p), hold=10, gap=20)  # a bounce, or joining twice
        if not table:
            for s in range(len(scr.seats)):
                if scr.seats[s] is None and rng.random() < (0.5 if not opts.get("teams") else 0.9):
                    self.pick("P%d " % (s + 1))
                    for _ in range(rng.randrange(0, 3)):
                        self.tap("select")
                elif scr.seats[s] is not None and rng.random() < 0.05:
                    self.pick("P%d " % (s + 1))  # empty the seat again
                if self.dev.app.screen is not scr:
                    return
        if rng.random() < 0.03:
            for _ in range(self.rng.randrange(1, 6)):
                self.tap(self.rng.choice(("up", "down")))  # wander off
            return
        self.pick("START")

    def on_tumblin_setup(self, scr):
        rows = ("Board", "Length", "Scoring", "Teams", "-1x zone")
        weights = (3, 2, 1, 1, 1)
        for _ in range(self.rng.randrange(0, 5)):
            self.pick(self.rng.choices(rows, weights)[0])
            if self.dev.app.screen is not scr:
                return
        self.pick("Next" if self.rng.random() < 0.95 else "Back")

    def on_diceland_setup(self, scr):
        rng = self.rng
        for _ in range(rng.randrange(0, 7)):
            self.pick("Scene")
        if rng.random() < 0.3:
            for _ in range(rng.randrange(0, 8)):
                self.pick("Size")  # "only for a random scene" otherwise
        for row in ("Terrain", "Fatal", "Grouping", "Capital", "Fill"):
            if rng.random() < 0.3:
                self.pick(row)
        for _ in range(rng.choice((0, 0, 1, 2, 3))):
            self.pick("P2:")
        if self.dev.app.screen is scr:
            self.pick("Next" if rng.random() < 0.95 else "Back")

    def on_seats(self, scr):
        rng = self.rng
        pads = list(range(self.dev.hw.n_pads))
        for _ in range(rng.choice((1, 2, 2, 3))):
            self.tap(self.pad_of(rng.choice(pads)), hold=loguniform(rng, 5, 300))
        if rng.random() < 0.05:
            self.pick("P1 ")  # empty a seat again
        self.pick("START")

    def on_table_setup(self, scr):
        for _ in range(self.rng.randrange(0, 5)):
            self.pick("Players")
        for _ in range(self.rng.randrange(0, 3)):
            self.pick("First lead")
        self.pick("START" if self.rng.random() < 0.95 else "Back")

    def on_table(self, scr):
        rng = self.rng
        items = scr.items()
        if items[-1].startswith("up/down"):  # the winning set's size
            for _ in range(rng.randrange(0, 6)):
                self.tap(rng.choice(("up", "down")))
            self.tap("select")
            return
        r = rng.random()
        if r < 0.8:
            self.pick(rng.choice([x for x in items if " won trick" in x]))
        elif r < 0.9:
            self.pick("Nobody")
        elif r < 0.98 and "Undo last entry" in items:
            self.pick("Undo last entry")
        elif r < 0.99:
            self.pick("Menu", exact=True)
        else:
            self.random_input(scr)

    def on_enter(self, scr):
        rng = self.rng
        if rng.random() < 0.8:
            for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 3, 5))):
                self.tap(rng.choice(("up", "down")))
            s = scr.game.turn()
            if s is not None and rng.random() < 0.3:
                self.tap(self.pad_of(scr.play.seats[s]))
            else:
                self.tap("select")
        else:
            self.random_input(scr)

    def on_over(self, scr):
        self.wait(loguniform(self.rng, 50, 5000))
        self.pick("Rematch" if self.rng.random() < 0.6 else "Menu", exact=True)

    # -- play --------------------------------------------------------------------------------
    def humans(self, scr):
        """The pads (0-based) of the seats people play."""
        pads = getattr(scr, "pads", None)
        if pads is None:
            pads = getattr(scr, "seats", None)
        kinds = getattr(scr, "kinds", None)
        if not pads or not kinds:
            return []
        n = self.dev.hw.n_pads
        return [
            p
            for p, k in zip(pads, kinds, strict=False)
            if k == "human" and isinstance(p, int) and 0 <= p < n
        ]

    def on_play(self, scr):
        r = self.rng.random()
        if r < 0.6:
            self.helpful(scr)
        elif r < 0.995:
            self.random_input(scr)
        else:
            self.say("select held: leaving the game")
            self.tap("select", hold=self.rng.randrange(LONG_MS + 100, 4000))

    def random_input(self, scr):
        rng = self.rng
        pads = self.pads()
        keys = pads + ["up", "down", "select"]
        weights = [4] * len(pads) + [2, 2, 1]
        r = rng.random()
        if r < 0.35:  # a tap, from a glitch to a slow press
            k = rng.choices(keys, weights)[0]
            self.tap(k, hold=loguniform(rng, 1, 800), gap=loguniform(rng, 1, 400))
        elif r < 0.5:  # a hold, up to many seconds (select kept short of a long press)
            k = rng.choices(keys, weights)[0]
            hi = 1300 if k == "select" else 12000
            self.tap(k, hold=loguniform(rng, 300, hi), gap=loguniform(rng, 5, 500))
        elif r < 0.62:  # a burst: mashing one key, or all the pads
            if rng.random() < 0.3:  # ... while the app is busy (a slow frame: a bot, a write)
                self.stall_until = self.t + loguniform(rng, 50, 3000)
            one = rng.random() < 0.5
            k = rng.choice(keys if one else pads)
            t = 0
            ev = []
            for _ in range(rng.randrange(3, 60)):
                key = k if one else rng.choice(pads)
                hold = rng.randrange(1, 60)
                ev += [(t, "press", key), (t + hold, "release", key)]
                t += hold + rng.randrange(1, 80)
            self.script(ev)
            self.release_all()
        elif r < 0.7:  # a chord: several pads together, let go in any order
            ks = rng.sample(pads, rng.randrange(2, len(pads) + 1))
            ev = []
            for key in ks:
                at = rng.randrange(0, 40)
                ev += [(at, "press", key), (at + loguniform(rng, 10, 3000), "release", key)]
            self.script(ev)
        else:  # nobody touches anything
            self.idle = True
            self.wait(loguniform(rng, 100, 40000))
            self.idle = False

    def helpful(self, scr):
        """Moves a player would make, so games go on and end."""
        rng = self.rng
        mod = type(scr).__module__
        humans = self.humans(scr)
        g = getattr(scr, "game", None)
        if g is None or not humans:
            self.idle = True
            self.wait(loguniform(rng, 200, 5000))
            self.idle = False
            return
        if mod.endswith("wildside.play"):
            ev = []
            for p in humans:
                if rng.random() < 0.7:
                    at = rng.randrange(0, 2500)
                    ev += [
                        (at, "press", self.pad_of(p)),
                        (at + loguniform(rng, 20, 300), "release", self.pad_of(p)),
                    ]
            self.script(ev)
            self.wait(rng.randrange(0, 1000))
        elif mod.endswith("gowild.play"):
            s = g.turn
            seats = scr.seats
            if s is not None and scr.bots[s] is None and seats[s] in humans:
                pad = self.pad_of(seats[s])
                self.press(pad)
                self.wait(rng.randrange(50, 600))
                for _ in range(rng.choice((0, 0, 1, 2, 4))):
                    self.tap(rng.choice(("up", "down")))
                self.tap("select")
                self.wait(rng.randrange(0, 300))
                self.release(pad)
            self.idle = True
            self.wait(rng.randrange(100, 3000))
            self.idle = False
        elif mod.endswith("tumblin.play"):
            st = scr.stage
            if st == "roll":
                for p in humans:
                    self.tap(self.pad_of(p), hold=rng.randrange(10, 200))
            elif st in ("aim", "charge") and scr.bots[scr.who] is None:
                for _ in range(rng.choice((0, 0, 1, 2, 3))):
                    self.tap(rng.choice(("up", "down")))
                pad = self.pad_of(scr.seats[scr.who])
                self.tap(pad, hold=loguniform(rng, 30, 4000))
            elif st == "table":
                r = rng.random()
                k = "up" if r < 0.08 else "select" if r < 0.3 else self.pad_of(scr.seats[scr.who])
                self.tap(k, hold=rng.randrange(20, 200), gap=rng.randrange(50, 700))
            elif st == "summary":
                self.tap(rng.choice(["select"] + [self.pad_of(p) for p in humans]))
            else:
                self.idle = True
                self.wait(rng.randrange(100, 3000))
                self.idle = False
        elif mod.endswith("diceland.play"):
            self.diceland_move(scr, g, humans)
        else:
            self.random_input(scr)

    def diceland_move(self, scr, g, humans):
        """A legal action, picked with the cursor as a player would (D2-D9)."""
        rng = self.rng
        st = scr.stage
        pad = scr.pads[g.turn] if g.turn is not None else None
        confirm = self.pad_of(pad) if pad is not None and rng.random() < 0.3 else "select"
        if st == "list":
            for _ in range(rng.choice((0, 0, 1, 2))):
                self.tap(rng.choice(("up", "down")))
            self.tap(confirm)
        elif st == "news":
            self.wait(rng.randrange(0, 2500))
            if rng.random() < 0.5:
                self.tap(rng.choice(["select"] + [self.pad_of(p) for p in humans]))
        elif st == "pick" and rng.random() < 0.8:
            a = rng.choice(g.legal_actions(g.turn))
            n = g.scene.n
            hexes = {
                "place": a[3:4],
                "attack": a[2:4],
                "move": a[2:4],
                "combo": a[2:5],
                "town": a[2:3],
                "pass": (n,),
            }.get(a[0], ())
            for h in hexes:
                m = n + (1 if g.phase in ("move", "town") else 0)
                d = (h - scr.cur) % m
                for _ in range(min(d, m - d)):
                    self.tap("down" if d <= m - d else "up")
                self.tap(confirm)
                if scr.stage != "pick" or self.dev.app.screen is not scr:
                    break
            if scr.stage == "list" and self.dev.app.screen is scr:
                self.tap("select")
        elif st == "pick":
            for _ in range(rng.choice((0, 1, 2, 3, 5, 8))):
                self.tap(rng.choice(("up", "down")))
            self.tap(confirm)
        else:
            self.idle = True
            self.wait(rng.randrange(100, 3000))
            self.idle = False

    # -- the long press check ------------------------------------------------------------------
    def long_press_check(self):
        """Hold select 1.6 s: the menu must show within 1 s after the 1.5 s threshold."""
        self.no_cut = True  # planned cuts wait; an armed flash cut may still strike
        try:
            self.release_all()
            self.wait(max(0, self.stall_until - self.t) + 3 * self.frame + 12)  # a slow frame ends
            t0 = self.t
            seen = None
            self.press("select")
            while self.t < t0 + LONG_MS + MENU_WITHIN_MS:
                if self.t >= t0 + HOLD_MS:
                    self.release("select")
                self.wait(min(self.frame, t0 + LONG_MS + MENU_WITHIN_MS - self.t))
                menu = type(self.dev.app.screen).__name__ == "MenuScreen"
                if menu and seen is None:
                    seen = self.t - t0
                elif not menu:
                    seen = None
            self.release("select")
            need(
                seen is not None,
                "stuck: no menu %d ms after a %d ms hold of select"
                % (LONG_MS + MENU_WITHIN_MS, HOLD_MS),
                self.dev.lines(),
            )
            self.max_menu_ms = max(self.max_menu_ms, seen)
            self.n["long_presses"] += 1
        finally:
            self.no_cut = False

    # -- the run ---------------------------------------------------------------------------------
    def run(self):
        sim = use_shim()
        self.PowerCut = sim.PowerCut
        wall = time.perf_counter()
        self.image = None
        try:
            self.loop()
        finally:
            if self.dev is not None:
                dev = self.dev
                self.power_down()
                dev.close()
            self.wall = time.perf_counter() - wall
        return self.report()

    def loop(self):
        stalled = 0  # errors in a row with no simulated time passing
        while True:
            t = self.t
            try:
                if self.dev is None:
                    self.power_up(self.image)
                    self.still_held()
                if self.t >= self.budget:
                    self.long_press_check()  # always one before the next game
                    return
                if self.t >= self.next_check:
                    self.next_check = self.t + self.spread(self.check_every)
                    self.long_press_check()
                    continue
                self.episode()
            except self.PowerCut:
                self.cut_power(True)
            except Cut:
                self.cut_power(False)
            except Exception as e:
                info = self.where()
                info["error"] = "%s: %s" % (type(e).__name__, e)
                info["traceback"] = traceback.format_exc()
                self.errors.append(info)
                self.say("ERROR " + info["error"])
                stalled = stalled + 1 if self.t == t else 0
                if not self.keep_going or stalled > 3:
                    return
                self.power_down()  # as the device would restart after a crash
                self.write_cut = True  # whatever was being written is unknown
                self.plan_cut()

    def report(self):
        out = dict(self.n)
        out["game"] = self.game
        out["sim_hours"] = round(self.t / 3600000, 4)
        out["wall_s"] = round(self.wall, 2)
        out["sim_s_per_wall_s"] = round(self.t / 1000 / self.wall, 1) if self.wall else None
        out["max_menu_ms"] = self.max_menu_ms
        out["errors"] = len(self.errors)
        out["error_details"] = self.errors
        out["digest"] = "%08x" % self.crc
        return out


# -- the API and the command line -------------------------------------------------------------


class FastPictures:
    """Without --render nothing composites the display, so the soak keeps Blinka's checks
    on each picture write and skips its bookkeeping: a bitmap pixel's value and a tile's
    index and value are checked as Blinka checks them, and the tile stored, but no dirty
    areas are kept and no bitmap pixels are stored (nothing reads them back: lib/ only
    writes pixels). A full ``gc.collect()``, which the app calls before
    each slam window and game load, is a young-generation one: the host's collector is
    not the device's, and the soak measures no heap. Restored on exit."""

    def __enter__(self):
        import gc
        import operator

        from displayio import _bitmap, _tilegrid

        bitmap, tilegrid = _bitmap.Bitmap, _tilegrid.TileGrid
        self.saved = [
            (bitmap, "__setitem__", bitmap.__setitem__),
            (bitmap, "fill", bitmap.fill),
            (tilegrid, "__setitem__", tilegrid.__setitem__),
            (gc, "collect", gc.collect),
        ]
        full_collect = gc.collect

        def pixel(self, index, value):
            if type(value) is not int:
                value = operator.index(value)
            if value & self._value_reject:
                raise ValueError("value must be 0-%d" % self._bitmask)
            if isinstance(index, (tuple, list)):
                index[1]  # noqa: B018 - a bad index fails as Blinka's would
            elif not isinstance(index, int):
                raise TypeError("index must be an int or an (x, y) pair")

        def fill(self, value):
            if value & self._value_reject:
                raise ValueError("value must be 0-%d" % self._bitmask)

        def tile(self, index, value):
            x, y = self._extract_and_check_index(index)
            if not 0 <= value <= 255:
                raise ValueError("Tile value out of bounds")
            self._tiles[y * self._width_in_tiles + x] = value
            self._needs_refresh = True

        def collect(generation=2):
            return full_collect(0)

        bitmap.__setitem__ = pixel
        bitmap.fill = fill
        tilegrid.__setitem__ = tile
        gc.collect = collect
        return self

    def __exit__(self, *exc):
        for owner, name, value in self.saved:
            setattr(owner, name, value)
        return False


def soak(games="all", hours=0.25, seed=1, **options):
    """Soak each game of ``games`` ("all", a name, or a list) for ``hours`` simulated hours;
    ``options`` are GameSoak's (profile, frame_ms, cut_every_s, ...). Returns {"games":
    {name: counts}, "errors": n, ...}. The firmware's modules imported by the soak are
    dropped again at the end (those imported before are put back)."""
    if games == "all":
        games = GAMES
    elif isinstance(games, str):
        games = (games,)
    before = {n: m for n, m in sys.modules.items() if n == "slampad" or n.startswith("slampad.")}
    out = {"seed": seed, "hours": hours, "games": {}}
    use_shim()  # the shim first: displayio is Blinka's, as the soak's devices use it
    fast = None if options.get("render") else FastPictures().__enter__()
    try:
        for g in games:
            s = GameSoak(g, hours, seed, **options)
            out["profile"], out["frame_ms"] = s.profile, s.frame
            out["games"][g] = s.run()
            if out["games"][g]["errors"] and not s.keep_going:
                break
    finally:
        if fast is not None:
            fast.__exit__(None, None, None)
        for n in [m for m in sys.modules if m == "slampad" or m.startswith("slampad.")]:
            del sys.modules[n]
        sys.modules.update(before)
    rows = list(out["games"].values())
    out["errors"] = sum(r["errors"] for r in rows)
    sim_s = sum(r["sim_hours"] for r in rows) * 3600
    wall = sum(r["wall_s"] for r in rows)
    out["sim_s_per_wall_s"] = round(sim_s / wall, 1) if wall else None
    return out


COLUMNS = (
    ("sim h", "sim_hours", "%.2f"),
    ("inputs", "inputs", "%d"),
    ("started", "games_started", "%d"),
    ("finished", "games_finished", "%d"),
    ("cuts", "power_cuts", "%d"),
    ("in write", "cuts_in_write", "%d"),
    ("offers", "resume_offers", "%d"),
    ("resumed", "saves_resumed", "%d"),
    ("saves", "saves_written", "%d"),
    ("writes", "flash_writes", "%d"),
    ("checks", "long_presses", "%d"),
    ("errors", "errors", "%d"),
    ("sim-s/s", "sim_s_per_wall_s", "%.0f"),
)


def table(result):
    head = "%-9s" % "game" + "".join("%9s" % c[0] for c in COLUMNS)
    lines = [head]
    for name, r in result["games"].items():
        lines.append("%-9s" % name + "".join("%9s" % (c[2] % r[c[1]]) for c in COLUMNS))
    return "\n".join(lines)


def parse_seeds(text):
    """ "5001-5200" or "1,5,9" (or a mix: "1,10-12") -> a list of seeds."""
    out = []
    for part in text.split(","):
        lo, _, hi = part.strip().partition("-")
        out += list(range(int(lo), int(hi) + 1)) if hi else [int(lo)]
    return out


def one_run(job):
    """A worker's run: one game, one seed, one profile; a short summary (picklable)."""
    game, seed, hours, options = job
    res = soak(game, hours, seed, **options)
    r = res["games"][game]
    errs = [
        "%s (step %d, %.0f s sim, on %s)" % (e["error"], e["step"], e["sim_ms"] / 1000, e["screen"])
        for e in r["error_details"]
    ]
    return {
        "game": game,
        "seed": seed,
        "profile": options.get("profile", "pico"),
        "hours": hours,
        "sim_hours": r["sim_hours"],
        "wall_s": r["wall_s"],
        "inputs": r["inputs"],
        "started": r["games_started"],
        "finished": r["games_finished"],
        "cuts": r["power_cuts"],
        "resumed": r["saves_resumed"],
        "errors": errs,
        "digest": r["digest"],
    }


def run_key(r):
    return (r["profile"], r["game"], r["seed"], r["hours"])


def read_record(path):
    """The runs a --record file holds (JSON lines; a torn last line is skipped)."""
    runs = []
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    runs.append(json.loads(line))
                except ValueError:
                    pass
    return runs


def latest(runs):
    """The last run recorded for each (profile, game, seed, hours): a re-run supersedes."""
    out = {}
    for r in runs:
        out[run_key(r)] = r
    return out


def source_commit():
    return git("rev-parse", "--short", "HEAD")


def git(*args):
    import subprocess

    try:
        out = subprocess.run(
            ["git", "-C", ROOT] + list(args), capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def lib_tree(commit="HEAD"):
    """The git tree id of lib/ at ``commit``: the firmware a run soaked. For HEAD with
    uncommitted changes under lib/, a digest of the files instead (such runs never
    match a commit's)."""
    if commit == "HEAD" and git("status", "--porcelain", "--", "lib"):
        h = zlib.crc32(b"")
        for base, _dirs, files in sorted(os.walk(os.path.join(ROOT, "lib"))):
            for name in sorted(files):
                if name.endswith(".py"):
                    with open(os.path.join(base, name), "rb") as f:
                        h = zlib.crc32(name.encode() + f.read(), h)
        return "dirty-%08x" % h
    return git("rev-parse", "%s:lib" % commit)


def with_lib(runs):
    """Each run with its "lib" (lib_tree of its commit, for records made before runs
    carried it)."""
    trees = {}
    for r in runs:
        if "lib" not in r and r.get("commit"):
            c = r["commit"]
            if c not in trees:
                trees[c] = lib_tree(c)
            r["lib"] = trees[c]
    return runs


def of_lib(runs, lib):
    """(the runs of firmware ``lib``, the others): a run counts only for what it soaked."""
    mine, other = [], []
    for r in with_lib(runs):
        (mine if r.get("lib") == lib else other).append(r)
    return mine, other


def campaign(
    games, seeds, hours, jobs=1, out=None, profiles=None, record=None, rerun_failed=False, **options
):
    """Each (seed, profile, game) soaked on its own, ``jobs`` at a time
    (multiprocessing), seed by seed so a campaign stopped part way covers every game and
    profile alike. With ``record`` (a path), each run is appended to it as a JSON line as
    it ends, and runs it already holds are skipped: a long campaign goes on where it
    stopped; with ``rerun_failed`` the runs whose last record failed are run again (after
    a fix). A run counts only for the firmware it soaked: a record made with another
    lib/ is run again. Returns the runs' summaries (one_run) made now, in the order they ended."""
    import multiprocessing

    if games == "all":
        games = GAMES
    elif isinstance(games, str):
        games = (games,)
    profiles = profiles or (options.pop("profile", "pico"),)
    options.pop("profile", None)
    tree = lib_tree() if record else None
    held = of_lib(read_record(record), tree)[0]
    done = set(k for k, r in latest(held).items() if not (rerun_failed and r["errors"]))
    work = []
    for s in seeds:
        for p in profiles:
            for g in games:
                if (p, g, s, hours) not in done:
                    work.append((g, s, hours, dict(options, profile=p)))
    commit = source_commit() if record else None
    if record and os.path.exists(record) and os.path.getsize(record):
        with open(record, "rb+") as f:  # a line torn by a kill: the next run starts its own
            f.seek(-1, 2)
            if f.read(1) != b"\n":
                f.write(b"\n")
    runs = []
    if jobs <= 1:
        it = map(one_run, work)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        it = pool.imap_unordered(one_run, work)
    try:
        for r in it:
            runs.append(r)
            if record:
                r = dict(r, commit=commit, lib=tree)
                with open(record, "a") as f:
                    f.write(json.dumps(r, sort_keys=True) + "\n")
            if out:
                out(
                    "%-9s %-9s seed %-6d %5.2f sim h %6.1f s wall  %s"
                    % (
                        r["profile"],
                        r["game"],
                        r["seed"],
                        r["sim_hours"],
                        r["wall_s"],
                        "ERROR " + r["errors"][0] if r["errors"] else "ok",
                    )
                )
    finally:
        if pool is not None:
            pool.terminate()
    return runs


def spans(seeds):
    """[1, 2, 3, 7] -> "1-3, 7" (sorted seeds as runs of consecutive ones)."""
    out = []
    for x in seeds:
        if out and x == out[-1][1] + 1:
            out[-1][1] = x
        else:
            out.append([x, x])
    return ", ".join("%d-%d" % (a, b) if b > a else str(a) for a, b in out)


def summary(runs, lib=None):
    """A Markdown table of a campaign's runs: per profile and game, the runs, seeds,
    simulated hours, inputs, games started and finished, power cuts, saves resumed and
    failed runs. A run recorded again counts once, as its last record; a failure a re-run
    superseded is listed below the table. With ``lib`` (a lib_tree), only the runs of that
    firmware count; the others are told apart in a last line."""
    other = []
    if lib is not None:
        runs, other = of_lib(runs, lib)
    last = latest(runs)
    rows = {}
    for r in last.values():
        k = (r["profile"], r["game"])
        t = rows.setdefault(k, [0, set(), 0.0, 0, 0, 0, 0, 0, 0])
        t[0] += 1
        t[1].add(r["seed"])
        t[2] += r["sim_hours"]
        t[3] += r["inputs"]
        t[4] += r.get("started", 0)
        t[5] += r["finished"]
        t[6] += r["cuts"]
        t[7] += r.get("resumed", 0)
        t[8] += 1 if r["errors"] else 0
    lines = [
        "| profile | game | runs | seeds | simulated hours | inputs | games started "
        "| games finished | power cuts | saves resumed | failed runs |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    total = [0, 0.0, 0, 0]
    for (p, g), t in sorted(rows.items()):
        span = spans(sorted(t[1]))
        lines.append(
            "| %s | %s | %d | %s | %.2f | %s | %s | %s | %s | %s | **%d** |"
            % (
                p,
                g,
                t[0],
                span,
                t[2],
                "{:,}".format(t[3]),
                "{:,}".format(t[4]),
                "{:,}".format(t[5]),
                "{:,}".format(t[6]),
                "{:,}".format(t[7]),
                t[8],
            )
        )
        total[0] += t[0]
        total[1] += t[2]
        total[2] += t[8]
    lines.append("")
    lines.append("%d runs, %.1f simulated hours, %d failed." % (total[0], total[1], total[2]))
    fixed = [r for r in runs if r["errors"] and not last[run_key(r)]["errors"]]
    for r in fixed:
        lines.append(
            "Failed at first, passed when run again at %s: %s %s seed %d (%s)."
            % (last[run_key(r)].get("commit"), r["profile"], r["game"], r["seed"], r["errors"][0])
        )
    if other:
        lines.append(
            "Not counted: %d runs of other firmware (lib/ at %s)."
            % (len(other), ", ".join(sorted(set(str(r.get("commit")) for r in other))))
        )
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="all", choices=GAMES + ("all",))
    ap.add_argument("--hours", type=float, default=0.25, help="simulated hours per game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", help="a range of seeds, each run on its own: 5001-5200 or 1,5,9")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes for --seeds")
    ap.add_argument(
        "--profile",
        default="pico",
        choices=sorted(PROFILES) + ["all"],
        help="a board profile; all (with --seeds) runs each seed on every profile",
    )
    ap.add_argument(
        "--record",
        metavar="FILE",
        help="with --seeds: append each run to FILE (JSON lines) and skip runs it holds",
    )
    ap.add_argument(
        "--rerun-failed",
        action="store_true",
        help="with --record: run again the runs whose last record failed (after a fix)",
    )
    ap.add_argument(
        "--summary",
        metavar="FILE",
        help="print a Markdown table of the runs a --record FILE holds, and stop",
    )
    ap.add_argument("--frame-ms", type=int, default=16, help="app step (1-%d)" % MAX_FRAME_MS)
    ap.add_argument("--idle-frame-ms", type=int, default=48, help="app step in idle gaps")
    ap.add_argument(
        "--cut-every", type=float, default=3.0, help="mean simulated minutes between power cuts"
    )
    ap.add_argument(
        "--check-every",
        type=float,
        default=6.0,
        help="mean simulated minutes between long-press checks",
    )
    ap.add_argument("--keep-going", action="store_true", help="power-cycle after an error")
    ap.add_argument(
        "--render",
        action="store_true",
        help="let Blinka draw every refresh into the panels (slower)",
    )
    ap.add_argument("--json", action="store_true", help="the result as JSON")
    ap.add_argument("-v", "--verbose", action="store_true", help="log events to stderr")
    a = ap.parse_args(argv)
    if not 1 <= a.frame_ms <= MAX_FRAME_MS:
        ap.error("--frame-ms must be 1..%d" % MAX_FRAME_MS)
    if a.summary:
        runs = read_record(a.summary)
        if not runs:
            ap.error("%s holds no runs" % a.summary)
        tree = lib_tree()
        print("Runs of lib/ as it is now (tree %s):" % tree)
        print(summary(runs, tree))
        mine = of_lib(runs, tree)[0]
        return 1 if any(r["errors"] for r in latest(mine).values()) else 0
    if a.profile == "all" and not a.seeds:
        ap.error("--profile all needs --seeds")
    if a.record and not a.seeds:
        ap.error("--record needs --seeds")

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    options = dict(
        profile=a.profile,
        frame_ms=a.frame_ms,
        idle_frame_ms=a.idle_frame_ms,
        cut_every_s=a.cut_every * 60,
        check_every_s=a.check_every * 60,
        render=a.render,
    )
    if a.seeds:
        return main_campaign(a, parse_seeds(a.seeds), options)
    res = soak(
        a.game,
        a.hours,
        a.seed,
        profile=a.profile,
        frame_ms=a.frame_ms,
        idle_frame_ms=a.idle_frame_ms,
        cut_every_s=a.cut_every * 60,
        check_every_s=a.check_every * 60,
        keep_going=a.keep_going,
        log=log if a.verbose else None,
        render=a.render,
    )
    for r in res["games"].values():
        for e in r["error_details"]:
            print(
                "ERROR seed %d game %s profile %s step %d at %.3f s sim on %s: %s"
                % (
                    e["seed"],
                    e["game"],
                    e["profile"],
                    e["step"],
                    e["sim_ms"] / 1000,
                    e["screen"],
                    e["error"],
                ),
                file=sys.stderr,
            )
            print("  screen: %r" % (e["lines"],), file=sys.stderr)
            print(e["traceback"], file=sys.stderr)
            print(
                "  reproduce: tools/soak.py --game %s --seed %d --profile %s --hours %g"
                % (e["game"], e["seed"], e["profile"], a.hours),
                file=sys.stderr,
            )
    if a.json:
        print(json.dumps(res, indent=1))
    else:
        print(
            "soak: profile %s, seed %d, %g simulated hours per game, frame %d ms"
            % (a.profile, a.seed, a.hours, a.frame_ms)
        )
        print(table(res))
        for name, r in res["games"].items():
            print(
                "%s: %d steps, %d power-ups, %d flash erases, slowest menu %d ms after the "
                "press, digest %s, %.1f s wall"
                % (
                    name,
                    r["steps"],
                    r["power_ups"],
                    r["flash_erases"],
                    r["max_menu_ms"],
                    r["digest"],
                    r["wall_s"],
                )
            )
        print(
            "overall %.0f simulated seconds per wall-clock second; errors %d"
            % (res["sim_s_per_wall_s"] or 0, res["errors"])
        )
    return 1 if res["errors"] else 0


def main_campaign(a, seeds, options):
    t0 = time.perf_counter()
    profiles = sorted(PROFILES) if a.profile == "all" else [a.profile]
    options = dict(options)
    options.pop("profile", None)
    runs = campaign(
        a.game,
        seeds,
        a.hours,
        max(1, a.jobs),
        out=None if a.json else print,
        profiles=profiles,
        record=a.record,
        rerun_failed=a.rerun_failed,
        **options,
    )
    wall = time.perf_counter() - t0
    bad = sorted(
        (r for r in runs if r["errors"]), key=lambda r: (r["profile"], r["game"], r["seed"])
    )
    sim_h = sum(r["sim_hours"] for r in runs)
    if a.json:
        print(
            json.dumps(
                {
                    "profiles": profiles,
                    "hours": a.hours,
                    "seeds": seeds,
                    "runs": runs,
                    "wall_s": round(wall, 1),
                },
                indent=1,
            )
        )
    else:
        print(
            "campaign: %s, %d seeds x %g simulated hours x %s, %d jobs: %d runs, "
            "%.2f simulated hours in %.0f s wall, %d failed"
            % (
                ", ".join(profiles),
                len(seeds),
                a.hours,
                a.game,
                a.jobs,
                len(runs),
                sim_h,
                wall,
                len(bad),
            )
        )
        for r in bad:
            print("FAILED %s %s seed %d: %s" % (r["profile"], r["game"], r["seed"], r["errors"][0]))
            print(
                "  reproduce: tools/soak.py --game %s --seed %d --profile %s --hours %g"
                % (r["game"], r["seed"], r["profile"], a.hours)
            )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
