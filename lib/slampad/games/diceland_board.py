"""Diceland board queries (rulings D3-D9): what may be done now, and who wins.

``Board`` is the base of ``diceland.Diceland``: everything here only reads the state,
so a bot can ask it (and clone a game with ``copy``) cheaply.
"""

from slampad.games import TERMINAL
from slampad.games import _check as ck
from slampad.games import diceland_scenes as ds
from slampad.games.diceland_state import save
from slampad.rng import Rng


class Board:
    def copy(self):
        cls = type(self)
        g = object.__new__(cls)
        g.options = self.options
        g.scene = self.scene
        g.rng = Rng.from_state(self.rng.state)
        for k in ("owner", "value", "lost", "used"):
            setattr(g, k, list(getattr(self, k)))
        g.free = [list(self.free[0]), list(self.free[1])]
        g.pending = self.pending and list(self.pending)
        g.won = list(self.won)
        for k in ("streak", "invader", "first", "rerolls", "starter", "turn", "phase"):
            setattr(g, k, getattr(self, k))
        return g

    # -- queries ---------------------------------------------------------
    def is_over(self):
        return self.phase == "over"

    def winners(self):
        return list(self.won)

    def _on(self, name):
        return self.options[name]

    def _is(self, i, terrain):
        return self.options["terrain"] and self.scene.terrain[i] == terrain

    def count(self, p):
        return self.owner.count(p)

    def total(self, p):
        return sum(self.value[i] for i in range(self.scene.n) if self.owner[i] == p)

    def touches(self, i, p):
        """Does hex i border a die of p's enemy?"""
        q = 1 - p
        for j in self.scene.adj[i]:
            if self.owner[j] == q:
                return True
        return False

    def view(self, player):
        """Everything is public in Diceland except the generator's state (future rolls)."""
        self._seat(player)
        d = save(self)
        del d["rng"]
        d["seat"] = player
        return d

    def current_player(self):
        """The seat whose turn it is (D2: the occupier, then the players in turn), or
        TERMINAL once the game is over (D9)."""
        return TERMINAL if self.phase == "over" else self.turn

    def legal_actions(self, player=None):
        if player is None or self.phase == "over" or player != self.turn:
            return []
        ph = self.phase
        p = player
        if ph == "occupy":
            hexes = self.places(p)
            vals = sorted(set(self.free[p]))
            return [("place", p, v, h) for v in vals for h in hexes]
        if ph == "attack":
            return self.attacks(p)
        if ph == "choose":
            return [("use", p, i, s) for i, s in self.choices()]
        if ph == "move":
            out = self.moves(p)
            if self._on("fatal_attraction") and self._compelled(out):
                return [a for a in out if self._contact(a)]
            return out + [("pass", p)]
        return [("town", p, i) for i in self.towns(p)] + [("pass", p)]

    def places(self, p):
        sc = self.scene
        if self._on("capital") and len(self.free[p]) == sc.n // 2 + 2:
            return [sc.capitals[p]]
        return [i for i in range(sc.n) if self.owner[i] < 0]

    def attacks(self, p):
        """Every single and combined attack p may launch (D3, D4)."""
        out = []
        own, adj, q = self.owner, self.scene.adj, 1 - p
        for s in range(self.scene.n):
            if own[s] == p:
                for t in adj[s]:
                    if own[t] == q:
                        out.append(("attack", p, s, t))
        for t in range(self.scene.n):
            if own[t] != q or self._is(t, ds.HILL) or self._is(t, ds.MOUNTAIN):
                continue
            mine = [s for s in adj[t] if own[s] == p]
            for x in range(len(mine)):
                for y in range(x + 1, len(mine)):
                    if mine[y] in adj[mine[x]]:
                        out.append(("combo", p, mine[x], mine[y], t))
        return out

    def can_attack(self, p):
        for s in range(self.scene.n):
            if self.owner[s] == p and self.touches(s, p):
                return True
        return False

    def choices(self):
        """D4: the lawful (roll index, hex) pairs of the pending combo."""
        a, b, _ = self.pending
        rolls = self.free[self.turn]
        ok = [(i, s) for i in (0, 1) for s in (a, b) if rolls[i] <= self.value[s]]
        return ok or [(i, s) for i in (0, 1) for s in (a, b)]

    def moves(self, p):
        """D5 moves (and D7 groupings); each flagged by _contact for D6."""
        out = []
        own, adj = self.owner, self.scene.adj
        group = self._on("grouping")
        for s in range(self.scene.n):
            if own[s] != p or s == self.invader:
                continue
            if self.touches(s, p) and not self._is(s, ds.FOREST):
                continue
            for d in adj[s]:
                if (own[d] < 0 and not self._is(d, ds.MOUNTAIN)) or (own[d] == p and group):
                    out.append(("move", p, s, d))
        return out

    def _contact(self, a):
        p, s, d = a[1], a[2], a[3]
        return self.owner[d] < 0 and not self.touches(s, p) and self.touches(d, p)

    def _compelled(self, moves):
        for a in moves:
            if self._contact(a):
                return True
        return False

    def towns(self, p):
        if not self.options["terrain"]:
            return []
        return [i for i in range(self.scene.n) if self.owner[i] == p and self.value[i] < 6
                and self._is(i, ds.TOWN) and i not in self.used]

    def _seat(self, seat):
        if not ck.is_int(seat) or not 0 <= seat <= 1:
            raise ValueError("no seat %r" % (seat,))

    def result(self):
        """D9: most dice on the field, then the higher sum, then who took the first turn."""
        c0, c1 = self.count(0), self.count(1)
        if c0 != c1:
            return 0 if c0 > c1 else 1
        s0, s1 = self.total(0), self.total(1)
        if s0 != s1:
            return 0 if s0 > s1 else 1
        return self.first

    # -- checks: the rule an action breaks, or None --------------------
    def _check_place(self, p, v, h):
        if v not in self.free[p]:
            return "D2: P%d rolled no %d left to place" % (p + 1, v)
        if self.owner[h] >= 0:
            return "D2: hex %d is occupied; one die per hex" % h
        if h not in self.places(p):
            return "D10: the capital option puts P%d's first die on its capital" % (p + 1)
        return None

    def _check_attack(self, p, s, t, die=0):
        if self.owner[s] != p:
            return "D3: hex %d holds no die of P%d" % (s, p + 1)
        if self.owner[t] != 1 - p:
            return "D3: hex %d holds no enemy die" % t
        if t not in self.scene.adj[s]:
            return "D3: hex %d does not border hex %d" % (t, s)
        return None

    def _check_combo(self, p, a, b, t):
        if a >= b:
            return "D4: name the two hexes in increasing order"
        err = self._check_attack(p, a, t) or self._check_attack(p, b, t)
        if err:
            return err.replace("D3", "D4")
        if b not in self.scene.adj[a]:
            return "D4: the two attacking hexes must border each other"
        if self._is(t, ds.HILL) or self._is(t, ds.MOUNTAIN):
            return "D4: no combined attack against a hill or a mountain"
        return None

    def _check_use(self, p, i, s):
        if s not in self.pending[:2]:
            return "D4: hex %d is not one of the two attacking hexes" % s
        if (i, s) not in self.choices():
            return "D4: a combination that does not fail must be chosen"
        return None

    def _check_move(self, p, s, d):
        if self.owner[s] != p:
            return "D5: hex %d holds no die of P%d" % (s, p + 1)
        if d not in self.scene.adj[s]:
            return "D5: a die moves to an adjacent hex"
        if s == self.invader:
            return "D5: the die that just invaded cannot move"
        if self.touches(s, p) and not self._is(s, ds.FOREST):
            return "D5: a die in contact with the enemy cannot leave (unless in a forest)"
        if self.owner[d] == p:
            if not self._on("grouping"):
                return "D7: hex %d is occupied (grouping is off)" % d
        elif self.owner[d] >= 0:
            return "D5: hex %d is occupied" % d
        elif self._is(d, ds.MOUNTAIN):
            return "D5: a mountain, once empty, can never be entered again"
        if self._on("fatal_attraction") and not self._contact(("move", p, s, d)) and \
                self._compelled(self.moves(p)):
            return "D6: fatal attraction: a move into contact with the enemy is compulsory"
        return None

    def _check_pass(self, p):
        if self.phase == "move" and self._on("fatal_attraction") and \
                self._compelled(self.moves(p)):
            return "D6: fatal attraction: a move into contact with the enemy is compulsory"
        return None

    def _check_town(self, p, h):
        if h not in self.towns(p):
            return "D8: hex %d is no own town whose die neither attacked nor moved, below 6" % h
        return None
