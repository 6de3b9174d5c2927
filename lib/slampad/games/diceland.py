"""Diceland rules core (docs/rules.md: rulings D1-D9). Two seats, 0 and 1.

Hexes are indexes into the scene (diceland_scenes: sorted by r, then q). Actions:
  ("place", p, value, hex)   occupation (D2): one of p's rolled dice onto an empty hex
  ("attack", p, src, target[, die]) single attack (D3) from own src on the adjacent
                             enemy target, rolling free die ``die`` (0 or 1; default 0)
  ("combo", p, a, b, target) combined attack (D4), a < b; both free dice are rolled
  ("use", p, roll, src)      after a combo: which roll (0/1) from which of the two hexes
  ("move", p, src, dst)      move (D5); onto an own die with grouping on: merge (D7)
  ("town", p, hex)           town regeneration, +1 (D8)
  ("pass", p)                skip the optional move or town step
The referee has no actions (legal_actions(None) is []): apply rolls with slampad.rng.
Phases: "occupy", "attack", "choose" (a combo's rolls are out), "move", "town", "over".
Events: ("place", p, v, h), ("first", p, [sum0, sum1]), ("turn", p), ("no_attack", p,
streak), ("roll", p, rolls), ("attack", p, src, t, roll, "perfect"|"valid"|"failed"),
("eliminated", owner, h), ("invade"|"fill"|"move", p, from, to), ("group", p, src, dst,
value), ("town", p, h, value), ("capital", p, h), ("game_over", [winner]).
The constructor makes the scene and the deployment roll (D2). For bots: copy() clones
without JSON; places(p), attacks(p), choices(), moves(p), towns(p) list cheaply.

Free dice: a player holds its n/2 + 2 rolled dice, minus those placed, until occupation
ends; from then on exactly two, whatever happens (no event changes that number). A
single attack rolls free die 0 (or the one named); after a valid attack the displaced
die takes the rolled die's place among the free dice, with its value (D3). A combo rolls
both. legal_actions lists single attacks without the die (free die 0).

Reading: the game ends at the start of the second turn in a row without a possible
  attack; that player does not move (D9).
Reading: a combo with a single lawful (roll, hex) choice is resolved at once.
Reading: both dice of a combined attack count as having attacked (D8).
Reading: fatal attraction (D6) is about moves into an empty hex that bring a die not yet
  in contact into contact; while one exists, the move must be one of them (no pass, no
  grouping). A die already in contact (in a forest) is never drawn.
Reading: capital: the scene has two extra towns, the capitals (D10); each player's first
  die goes on its own capital; entering the enemy capital by invasion, move or
  fill-the-void wins at once (D9).
Reading: with the terrain rules, invasion and fill-the-void never enter a mountain
  (D5: an emptied mountain stays empty); the attacker then stays where it was.
Reading: a die may group into the die that just invaded (only moving that die is barred).
"""

from slampad.games import _check as ck
from slampad.games import diceland_scenes as ds
from slampad.games.diceland_board import Board
from slampad.games.diceland_state import (  # noqa: F401 (re-exported)
    DEFAULTS,
    GAME,
    VERSION,
    check_options,
    load,
    save,
)
from slampad.rng import Rng

ARITY = {"place": 4, "attack": 4, "combo": 5, "use": 4, "move": 4, "town": 3, "pass": 2}
STEP = {"occupy": "D2", "attack": "D3", "choose": "D4", "move": "D5", "town": "D8"}
NAMES = {"occupy": ("place",), "attack": ("attack", "combo"), "choose": ("use",),
         "move": ("move", "pass"), "town": ("town", "pass")}


class Diceland(Board):
    def __init__(self, options=None, seed=0):
        self.options = o = check_options(options)
        self.rng = Rng(seed)
        self.scene = sc = ds.make(o, self.rng)
        self.owner = [-1] * sc.n
        self.value = [0] * sc.n
        self.lost = [0, 0]
        self.streak = 0
        self.used = []
        self.invader = None
        self.pending = None
        self.first = None
        self.won = []
        k = sc.n // 2 + 2  # D1
        self.rerolls = 0
        while True:  # D2: most sixes, then fives...; identical rolls roll again
            free = [sorted([self.rng.randint(1, 6) for _ in range(k)]) for _ in (0, 1)]
            if free[0] != free[1]:
                break
            self.rerolls += 1
        self.free = free
        a, b = free[0][::-1], free[1][::-1]
        self.starter = self.turn = 0 if a > b else 1
        self.phase = "occupy"

    # -- actions ---------------------------------------------------------
    def apply(self, action):
        if not isinstance(action, (tuple, list)) or not action or \
                ARITY.get(action[0] if isinstance(action[0], str) else "") != len(action) - (
                    len(action) == 5 and action[0] == "attack"):
            raise ValueError("unknown action, or wrong arguments: %r" % (action,))
        name, p = action[0], action[1]
        if self.phase == "over":
            raise ValueError("D9: the game is over")
        self._seat(p)
        ph = self.phase
        rule = STEP[ph]
        if p != self.turn:
            raise ValueError("%s: it is P%d's turn, not P%d's" % (rule, self.turn + 1, p + 1))
        if name not in NAMES[ph]:
            raise ValueError("%s: now is the %s step; %r is not allowed" % (rule, ph, name))
        n = self.scene.n
        args = list(action[2:])
        for i, x in enumerate(args):
            lim = n
            if i == 0 and name in ("place", "use") or i == 2 and name == "attack":
                lim = 7 if name == "place" else 2
            if not ck.is_int(x) or not 0 <= x < lim:
                raise ValueError("%s: %r is not a %s" % (rule, x, "value" if lim == 7 else (
                    ("roll index" if i == 0 else "free die 0 or 1") if lim == 2
                    else "hex 0-%d" % (n - 1))))
        err = getattr(self, "_check_" + name)(p, *args)
        if err:
            raise ValueError(err)
        return getattr(self, "_do_" + name)(p, *args)

    def _do_place(self, p, v, h):
        self.free[p].remove(v)
        self.owner[h] = p
        self.value[h] = v
        ev = [("place", p, v, h)]
        if len(self.free[1 - p]) > 2 or len(self.free[p]) > 2:
            self.turn = 1 - p
            return ev
        s0, s1 = sum(self.free[0]), sum(self.free[1])  # D2: highest free sum starts
        self.first = self.starter if s0 == s1 else (0 if s0 > s1 else 1)
        ev.append(("first", self.first, [s0, s1]))
        return ev + self._start(self.first)

    def _do_attack(self, p, s, t, die=0):
        r = self.rng.randint(1, 6)
        self.free[p][die] = r
        return [("roll", p, [r])] + self._resolve(p, s, t, die)

    def _do_combo(self, p, a, b, t):
        r = [self.rng.randint(1, 6), self.rng.randint(1, 6)]
        self.free[p] = list(r)
        self.pending = [a, b, t]
        ev = [("roll", p, r)]
        c = self.choices()
        if len(c) == 1:
            return ev + self._do_use(p, c[0][0], c[0][1])
        self.phase = "choose"
        return ev

    def _do_use(self, p, i, s):
        t = self.pending[2]
        other = self.pending[0] + self.pending[1] - s
        self.pending = None
        self._use(other)
        return self._resolve(p, s, t, i)

    def _resolve(self, p, s, t, slot):
        """D3: the roll in free[p][slot] against the die in s; then eliminations."""
        q = 1 - p
        r, a = self.free[p][slot], self.value[s]
        if r <= a:
            res = "perfect" if r == a else "valid"
            self.value[t] -= r
            if r < a:
                self.value[s] = r
                self.free[p][slot] = a
        else:
            res = "failed"
            self.value[s] -= 1
        self._use(s)
        ev = [("attack", p, s, t, r, res)]
        self.phase = "move"
        if self.value[t] <= 0:
            ev += self._kill(t)
            if not self._is(t, ds.MOUNTAIN):  # D3: must move in; D5: never a mountain
                ev += self._shift(s, t, "invade")
                self.invader = t
                self._use(t)
        elif self.value[s] <= 0:
            ev += self._kill(s)
            if self._on("fill_the_void") and not self._is(s, ds.MOUNTAIN):
                ev += self._shift(t, s, "fill")
        if not self.count(p) or not self.count(q):
            return ev + self._finish(None)
        return ev + self._captured()

    def _use(self, i):
        if i not in self.used:
            self.used.append(i)

    def _kill(self, i):
        q = self.owner[i]
        self.lost[q] += 1
        self.owner[i] = -1
        self.value[i] = 0
        return [("eliminated", q, i)]

    def _shift(self, s, d, why):
        p = self.owner[s]
        self.owner[d], self.value[d] = p, self.value[s]
        self.owner[s], self.value[s] = -1, 0
        return [(why, p, s, d)]

    def _captured(self):
        if self._on("capital"):
            for p in (0, 1):
                if self.owner[self.scene.capitals[1 - p]] == p:
                    return [("capital", p, self.scene.capitals[1 - p])] + self._finish([p])
        return []

    def _do_move(self, p, s, d):
        self._use(s)
        self._use(d)
        if self.owner[d] == p:  # D7: values add, capped at 6; the surplus die is lost
            v = min(6, self.value[s] + self.value[d])
            self.owner[s], self.value[s] = -1, 0
            self.value[d] = v
            self.lost[p] += 1
            ev = [("group", p, s, d, v)]
        else:
            ev = self._shift(s, d, "move")
        return ev + (self._captured() or self._towns(p))

    def _do_pass(self, p):
        if self.phase == "move":
            return self._towns(p)
        return self._end(p)

    def _towns(self, p):
        if self.towns(p):
            self.phase = "town"
            return []
        return self._end(p)

    def _do_town(self, p, h):
        self.value[h] += 1
        return [("town", p, h, self.value[h])] + self._end(p)

    def _end(self, p):
        return self._start(1 - p)

    def _start(self, p):
        self.turn = p
        self.used = []
        self.invader = None
        ev = [("turn", p)]
        if self.can_attack(p):
            self.streak = 0
            self.phase = "attack"
            return ev
        self.streak += 1  # D9: no attack possible
        ev.append(("no_attack", p, self.streak))
        if self.streak >= 2:
            return ev + self._finish(None)
        self.phase = "move"
        return ev

    def _finish(self, won):
        self.won = won or [self.result()]
        self.phase = "over"
        self.turn = self.pending = self.invader = None
        self.used = []
        return [("game_over", list(self.won))]

    # -- saving ----------------------------------------------------------
    def to_dict(self):
        return save(self)

    @staticmethod
    def from_dict(d):
        return load(Diceland, d)


def new_game(options=None, seed=0):
    return Diceland(options, seed)
