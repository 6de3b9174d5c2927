"""A custom Wildside bot (W11) and a game with one, on MicroPython and CPython alike.

Prints the bot's first reaction times and a whole game's actions as one line each; the
test (tests/test_wildside_custom.py) runs it on both VMs and compares the output.
"""

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
from slampad.bots.wildside import for_kind, play_round  # noqa: E402
from slampad.games.wildside import Wildside  # noqa: E402
from slampad.rng import Rng  # noqa: E402

b = for_kind(1, "custom", 3, [700, 15])
print("REACT", [b.reaction() for _ in range(20)])
seed = 11
g = Wildside({"players": 3, "bots": [0, 1, 2]}, seed)
bots = [for_kind(0, "custom", seed, [450, 5]), for_kind(1, "hard", seed, None),
        for_kind(2, "custom", seed, [1500, 30])]  # fmt: skip
acts = []
t = 0
mix = Rng(seed)
while not g.is_over() and g.round < 2000:
    a, _, t = play_round(g, bots, t, mix)
    acts.extend(a)
print("GAME", len(acts), g.winners(), acts)
