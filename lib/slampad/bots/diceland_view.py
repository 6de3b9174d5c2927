"""A Diceland game rebuilt from ``game.view(seat)`` for the bots (issue 7: bots read
only the view). Light: unchecked (the view is a real game's), and the map is built
once and shared by the bots of a game, not copied at each decision."""

from slampad.games import diceland_scenes as ds
from slampad.games.diceland import Diceland
from slampad.rng import Rng

_MAP = [None]  # the last scene built from a view


def seen(v):
    """The game as view ``v`` shows it (diceland_state.save's fields), rng 1."""
    sc = _MAP[0]
    if not _same_map(sc, v["scene"]):
        _MAP[0] = None
        sc = _MAP[0] = ds.from_json(v["scene"], "scene")
    g = object.__new__(Diceland)
    g.options = dict(v["options"])
    g.rng = Rng.from_state(1)
    g.scene = sc
    g.phase, g.turn, g.starter, g.first = v["phase"], v["turn"], v["starter"], v["first"]
    g.rerolls, g.streak, g.invader = v["rerolls"], v["streak"], v["invader"]
    g.owner = [-1 if x is None else x for x in v["owner"]]
    g.value = list(v["value"])
    g.free = [list(v["free"][0]), list(v["free"][1])]
    g.lost, g.used, g.won = list(v["lost"]), list(v["used"]), list(v["winners"])
    g.pending = None if v["pending"] is None else list(v["pending"])
    return g


def _same_map(sc, js):
    """Whether scene ``sc`` is the one the view's JSON ``js`` describes (no allocation)."""
    if sc is None or len(js) != sc.n:
        return False
    caps = sc.capitals
    for i, h in enumerate(js):
        c = sc.cells[i]
        if h["q"] != c[0] or h["r"] != c[1] or h["terrain"] != ds.TERRAINS[sc.terrain[i]]:
            return False
        if h.get("capital") != (caps.index(i) if caps and i in caps else None):
            return False
    return True
