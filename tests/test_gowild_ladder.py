"""Go Wild! level ladder (issue 18): over a small fixed set of seeds, hard scores more
than normal and normal more than easy; and the tuned dealing weights are the ones the
tuning record in docs/benchmarks.md shows (tools/tune_gowild.py), so changing them is
deliberate. Win rates themselves are benchmarks (docs/benchmarks.md), not tests."""

import os
import re

from slampad.bots import gowild as bots
from slampad.bots.gowild import play_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = ("hard", "normal", "normal", "easy")


def points_by_level(games):
    """Final points per level, summed over ``games`` 4-player games (G6, target 20) of
    one hard, two normal and one easy bot, the table rotated so every level sits at
    every seat equally often."""
    got = {"hard": 0, "normal": 0, "easy": 0}
    for i in range(games):
        levels = [TABLE[(s - i) % 4] for s in range(4)]
        g, _ = play_game(4, 500 + i, levels)
        for s in range(4):
            got[levels[s]] += g.scores[s]
    got["normal"] //= 2  # two normal bots: per bot
    return got


def test_ladder_hard_beats_normal_beats_easy():
    got = points_by_level(12)
    assert got["hard"] > got["normal"] > got["easy"], got


def test_tuned_weights_match_the_tuning_record():
    with open(os.path.join(ROOT, "docs", "benchmarks.md")) as f:
        doc = f.read()
    sec = doc[doc.index("## Go Wild! bots") :]
    sec = sec[: sec.index("\n## ")]
    for name in ("CLUMP", "WILDS"):
        m = re.search(r"\b%s = \(([0-9, ]+)\)" % name, sec)
        assert m, "docs/benchmarks.md's Go Wild! tuning record shows no %s" % name
        assert getattr(bots, name) == tuple(int(x) for x in m.group(1).split(",")), name

