"""Terminal Wildside: bots play a whole game and every roll and ruling is shown.

    tools/sim --watch [--players 4] [--seed N] [--levels easy,normal,hard,normal]

Rules core and bots only: no device, no shim. tools/sim without --watch runs the
simulated device.
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lib"))

from slampad.app.wildside.words import describe, dice_text, seat  # noqa: E402
from slampad.bots.wildside import LEVELS, WildsideBot, play_round  # noqa: E402
from slampad.games.wildside import Wildside  # noqa: E402
from slampad.rng import Rng  # noqa: E402
from slampad.ticks import ticks_diff  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/sim --watch", description="Watch bots play Wildside in the terminal."
    )
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--seed", type=int, default=None, help="replay a game (default: random)")
    ap.add_argument("--levels", default="easy,normal,hard,normal",
                    help="bot level per seat, comma separated (easy, normal, hard)")
    ap.add_argument("--delay", type=float, default=None,
                    help="seconds between rounds (default 0.6 on a terminal, else 0)")
    ap.add_argument("--headless", action="store_true", help="no pauses")
    a = ap.parse_args(argv)
    levels = [x.strip() for x in a.levels.split(",")]
    levels = (levels * 4)[: a.players]
    for lv in levels:
        if lv not in LEVELS:
            ap.error("unknown bot level %r (easy, normal, hard)" % lv)
    seed = a.seed if a.seed is not None else int(time.time()) % 100000
    delay = a.delay
    if delay is None:
        delay = 0.6 if sys.stdout.isatty() and not a.headless else 0.0
    game = Wildside({"players": a.players, "bots": list(range(a.players))}, seed)
    bots = [WildsideBot(s, levels[s], seed) for s in range(a.players)]
    print("Wildside, %d bots (%s), seed %d" % (a.players, ", ".join(levels), seed))
    print("Faces: * wild  C moon  S star  D drop  Z bolt")
    t = 0
    mix = Rng(seed ^ 0x5A5A)
    while not game.is_over():
        before = list(game.dice)
        acts, events, t_next = play_round(game, bots, t, mix)
        rolled = game.rolled
        print("\nRound %d" % game.round)
        for s in range(a.players):
            if rolled[s]:
                aside = max(0, before[s] - len(rolled[s]))
                print("  %s  %-10s  %d %s%s" % (
                    seat(s), dice_text(rolled[s]), before[s], "die" if before[s] == 1 else "dice",
                    " (%d set aside)" % aside if aside else ""))
        t_open = next(x[1] for x in acts if x[0] == "open")
        slams = sorted((ticks_diff(x[2], t_open, 1 << 29), x[1]) for x in acts if x[0] == "slam")
        for ms, s in slams:
            print("  %s slams at +%d ms" % (seat(s), ms))
        for line in describe(events, rolled):
            print("  -> " + line)
        if game.pool:
            print("  penalty pool: %d" % game.pool)
        t = t_next
        if delay:
            time.sleep(delay)
    print("\nFinal dice: " + "  ".join(
        "%s %d" % (seat(s), game.dice[s]) for s in range(a.players)))
    print("Game over after %d rounds. Winner: %s" % (
        game.round, ", ".join(seat(s) for s in game.winners())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
