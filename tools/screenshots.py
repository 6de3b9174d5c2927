#!/usr/bin/env python3
"""The README's screenshots, one per game on each display, made by playing the games.

    tools/screenshots.py [--out docs/screenshots] [--game NAME] [--profile pico|pico_tft]
                         [--seed N]

Each game is played in the simulator by the soak's player (tools/reliability/soak_game.py:
it reads the screens, joins pads, adds bots and picks legal moves; no power cuts here), with the
pictures drawn, until the game's own screen has been up for a while at a moment worth
showing (Wildside: a ruling); that frame is written as ``<game>.png`` (the 128x64 OLED,
drawn 4x) or ``<game>-tft.png`` (the 240x240 colour display). The same seed makes the
same pictures. The emulator's set (the real firmware) is made by
``tools/emu --headless --screenshots docs/screenshots/emu``.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

import soak_game  # noqa: E402
from simdevice import use_shim  # noqa: E402
from soak_checks import GAMES  # noqa: E402

PROFILES = {"pico": ("", 4), "pico_tft": ("-tft", 1)}  # file suffix, pixel scale
SHOW_MS = 12000  # the game's screen up this long before the shot (a game well under way)


class Shot(BaseException):  # noqa: N818 - the picture is taken: the play stops at once
    pass


def worth_showing(game, scr):
    """A moment that shows the game: its own screen, and for Wildside a ruling."""
    if not getattr(scr, "in_game", False):
        return False
    if not type(scr).__module__.startswith("slampad.app.%s." % game):
        return False
    g = scr.game
    if game == "wildside":
        return scr.stage == "result" and any(" gives " in m for m in scr.msgs)
    if game == "gowild":
        return g.phase == "play" and len(g.plays) >= 2  # sets on the table
    if game == "diceland":
        return scr.stage == "pick" and g.phase == "attack" and g.count(0) + g.count(1) >= 8
    if game == "tumblin":  # the virtual board, some dice thrown, the next one aimed
        return getattr(scr, "virtual", False) and scr.stage == "aim" and scr.die_no >= 3
    return True


class ShotSoak(soak_game.GameSoak):
    def __init__(self, game, seed, profile, path, scale):
        soak_game.GameSoak.__init__(self, game, 1.0, seed, profile=profile, cut_every_s=10**6,
                               check_every_s=10**6, render=True)  # fmt: skip
        self.path = path
        self.scale = scale
        self.since = None  # when the game's screen came up

    def after_step(self):
        soak_game.GameSoak.after_step(self)
        scr = self.dev.app.screen
        if not getattr(scr, "in_game", False):
            self.since = None
            return
        if self.since is None:
            self.since = self.t
        if self.t - self.since >= SHOW_MS and worth_showing(self.game, scr):
            self.dev.app.text.refresh()
            self.dev.save_png(self.path, scale=self.scale)
            raise Shot()


def shoot(game, profile, out, seed):
    suffix, scale = PROFILES[profile]
    path = os.path.join(out, game + suffix + ".png")
    use_shim()
    s = ShotSoak(game, seed, profile, path, scale)
    try:
        s.run()
    except Shot:
        return path
    raise SystemExit("screenshots: %s on %s: no moment worth showing in an hour" % (game, profile))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    ap.add_argument("--game", choices=GAMES, action="append")
    ap.add_argument("--profile", choices=sorted(PROFILES), action="append")
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    for game in a.game or GAMES:
        for profile in a.profile or sorted(PROFILES):
            print(shoot(game, profile, a.out, a.seed))
    return 0


if __name__ == "__main__":
    from _venv import use_venv

    use_venv(__file__)  # the system python3 goes on in .venv's (tools/_venv.py)
    sys.exit(main())
