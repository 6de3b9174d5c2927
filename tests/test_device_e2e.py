"""End-to-end Wildside games on the simulated device (issue 3, Tests: scripted games).

Each game is played from the start menu, through join-by-slamming and bots added with
the cursor, to the game-over screen, with scripted people slamming real pad pins. Every
window is checked against the rules core: each seat row's glyphs and total (W1), the
dice pixels' colours (W1), dice conservation (W2) and every ruling's words (W3, W8).
The whole game then replays from its seed and action list (S2).
"""

import os
import subprocess
import sys

import device_helpers
import pytest
from device_helpers import (
    GLYPH,
    PADS,
    RULING,
    S1_COLOUR,
    W1_COLOUR,
    WRAP,
    Slammers,
    colour_name,
    cycle_to,
    join_and_start,
    matched_symbols,
    message_text,
    replay,
    said,
    scores_shown,
    seat_row,
    seat_rows,
    until_stage,
)
from test_shim import ROOT

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402 - imported once, outside the shim fixture's module sweep
from safety_net import SAFETY_NET_S

# The shared fixtures (tests/device_helpers.py).
shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


class Watch:
    """Checks run before every frame of a game (plugged into Slammers.on_frame)."""

    def __init__(self, exact_colours=False):
        self.exact = exact_colours
        self.windows = 0
        self.kinds = {}  # ruling kind -> count
        self.full_rulings = 0  # match rulings shown whole on screen at once
        self.seen_round = None
        self.before = None  # (dice, rolled, pool) when the window opened
        self.prev = None
        self.play_lines = None  # the last Wildside screen seen

    def __call__(self, dev):
        from slampad.ticks import ticks_diff

        scr = dev.app.screen
        if not hasattr(scr, "game"):
            return
        g = scr.game
        n = len(g.dice)
        assert sum(g.dice) + g.pool == 3 * n, "W2: dice not conserved"
        self.play_lines = dev.lines()
        if (
            scr.stage == "window"
            and self.seen_round != g.round
            and ticks_diff(dev.now(), g.t_open, WRAP) >= 10
        ):
            self.seen_round = g.round
            self.windows += 1
            self.check_window(dev, scr, g)
            self.before = (list(g.dice), [list(r) for r in g.rolled], g.pool)
        if scr.stage != self.prev and scr.stage == "result" and self.prev in ("window", "choose"):
            self.check_ruling(dev, scr, g)
        self.prev = scr.stage

    def check_window(self, dev, scr, g):
        lines = dev.lines()
        for s, pad in enumerate(scr.pads):
            row = seat_rows(dev)[s]
            assert row is not None, lines
            assert row["pad"] == pad
            # W1: each die as its glyph, so the roll reads without colour; the total.
            assert row["glyphs"] == [GLYPH[f] for f in g.rolled[s]], (lines, g.rolled)
            assert row["total"] == g.dice[s]
        assert "SLAM" in message_text(dev)
        px = dev.pixels()
        dice_px = dev.hw.dice_pixels
        from slampad.games import wildside_match as wm

        for pad in range(4):
            idx = dice_px[pad]
            assert idx == list(range(5 * pad, 5 * pad + 5))  # pico: seat s = pixels 5s..5s+4
            faces = g.rolled[scr.pads.index(pad)] if pad in scr.pads else []
            for j, i in enumerate(idx):
                if j < len(faces):
                    # W1 colours, whatever the brightness (the hue survives scaling).
                    assert colour_name(px[i]) == W1_COLOUR[faces[j]], (pad, j, px[i], faces)
                    if self.exact:  # brightness 100 %: the very colours the app set
                        assert px[i] == wm.COLOURS[faces[j]]
                else:
                    assert px[i] == (0, 0, 0), (pad, j, px)

    def check_ruling(self, dev, scr, g):
        text = " ".join(scr.msgs)
        shown = message_text(dev)
        from slampad.app.wildside.ruling import drawn  # the shim's modules are loaded now

        # Where the rows are few the picture stands for the match line (ruling.drawn).
        i = drawn(scr.msgs)
        rest = " ".join(scr.msgs[:i] + scr.msgs[i + 1 :]) if i is not None else text
        assert shown and (text.startswith(shown) or rest.startswith(shown)), (shown, text)
        for kind, word in (
            ("match", " gives "),
            ("penalty", "loses a die"),
            ("none", "Nobody slammed"),
            ("dead_heat", "slammed at once"),
            ("false_start", "too early"),
        ):
            if word in text:
                self.kinds[kind] = self.kinds.get(kind, 0) + 1
        m = RULING.search(text)
        if not m:
            return
        dice0, rolled0, pool0 = self.before
        a = scr.pads.index(int(m.group(2)) - 1)
        b = scr.pads.index(int(m.group(1)) - 1)
        k = 1 if m.group(3) == "a" else int(m.group(3))
        pool = m.group(4) or m.group(5) or "0"
        extra = 1 if pool == "a" else int(pool)
        # "P4 gives P2 a die. P2 matches P4: moon.": the symbols paired (W3/W4), k dice
        # from the victim, and the whole penalty pool besides (W8).
        on = matched_symbols(rolled0[a], rolled0[b])
        assert m.group(6) == on, (text, rolled0)
        assert extra == pool0 and g.pool == 0
        assert dice0[b] - g.dice[b] == k
        assert g.dice[a] - dice0[a] == k + pool0
        if shown == text:
            self.full_rulings += 1


def play_game(dev, humans, bots, watch, timeout_ms=1_500_000):
    """Menu -> join -> game over, with scripted people on ``humans``."""
    join_and_start(dev, humans, bots)
    scr = dev.app.screen
    seats = sorted(list(humans) + list(bots))
    assert scr.pads == seats
    assert scr.kinds == ["human" if p in humans else bots[p] for p in seats]
    wait = " ".join("P%d" % (p + 1) for p in humans)
    assert said(dev) == "Slam when ready Waiting: " + wait, dev.lines()
    dev.humans = Slammers(humans, on_frame=watch)
    assert dev.run_until("All in: get ready", 3000)
    assert dev.run_until("Rematch", timeout_ms, step_ms=200), dev.lines()
    dev.humans = None
    return scr


def check_game_over(dev, scr, watch):
    g = scr.game
    assert g.is_over()
    lines = dev.lines()
    top = max(g.dice)
    best = [s for s in range(len(g.dice)) if g.dice[s] == top]
    names = [scr.name(s) for s in best]
    if len(names) == 1:
        assert lines[0] == "Winner: " + names[0], lines
    else:
        assert lines[0] == "Draw: " + " ".join(names), lines
    # The final dice, as shown, are the game's dice (and conserved, W2).
    best = sorted(range(len(g.dice)), key=lambda s: (-g.dice[s], s))  # most first
    assert scores_shown(lines) == [[scr.name(s), g.dice[s]] for s in best], lines
    assert sum(g.dice) + g.pool == 3 * len(g.dice)
    assert ">Rematch" in lines and " Menu" in lines, lines
    # The last Wildside screen showed the same totals.
    for s in range(len(g.dice)):
        assert seat_row(watch.play_lines[s])["total"] == g.dice[s], watch.play_lines
    # S2: the seed and the action list replay the game exactly.
    assert replay(scr).to_dict() == g.to_dict()


def test_menu_lists_all_four_games(dev_factory):
    from slampad.app.registry import GAMES

    dev = dev_factory("pico")
    names = ["Wildside", "Go Wild!", "Tumblin' Dice", "Diceland"]
    assert [g["title"] for g in GAMES] == names
    lines = dev.lines()
    assert lines[0] == "Pick a game"
    assert lines[1:5] == [(">" if i == 0 else " ") + name for i, name in enumerate(names)]
    for _name in names[1:]:
        dev.tap("down")
    dev.tap("down")
    assert dev.shows(">Statistics")  # issue 7: games and wins per seat colour
    dev.tap("down")
    assert dev.shows(">Settings")


def test_join_screen_shows_players_and_bots(dev_factory):
    dev = dev_factory("pico")
    join_and_start(dev, [1, 3], {0: "hard"}, start=False)
    assert dev.lines()[:2] == ["P4 joined", ">START Wildside"]
    dev.run(2600)
    assert dev.lines()[:2] == ["Slam to join", ">START Wildside"]
    seen = {}
    for i in range(4):
        dev.tap("down")
        row = [x for x in dev.lines() if x.startswith(">")][0]
        seen[i] = row
    assert seen == {
        0: ">P1 bot hard",
        1: ">P2 player",
        2: ">P3 -- (slam or bot)",
        3: ">P4 player",
    }
    # S1 on the LEDs is for seat pixels; the pico has none, and the join flash ends.
    dev.run(400)
    assert all(c == (0, 0, 0) for c in dev.pixels())
    # Fewer than two seats cannot start; the reason is shown whole.
    dev.tap("select")  # cursor on P4: player -> empty
    dev.tap("up")
    dev.tap("up")
    dev.tap("select")  # P2: player -> empty
    dev.tap("up")
    cycle_to(dev, 0, None)  # P1: bot hard -> empty
    dev.tap("up")
    assert dev.shows(">START Wildside")
    dev.tap("select")
    assert type(dev.app.screen).__name__ == "JoinScreen"
    note = " ".join(dev.lines()[:2])
    assert "Need 2+ seats: slam or add bots" in note, dev.lines()


def test_two_humans_play_to_the_end_and_rematch(dev_factory):
    dev = dev_factory("pico", seed=5, settings={"SLAMPAD_BRIGHTNESS": "100"})
    watch = Watch(exact_colours=True)
    scr = play_game(dev, [0, 2], {}, watch)
    check_game_over(dev, scr, watch)
    assert watch.windows >= 3 and watch.kinds.get("match", 0) >= 2
    assert watch.full_rulings >= 1
    # Rematch: a new game with the same seats, waiting for its people (W12).
    old = scr
    dev.tap("select")
    scr = dev.app.screen
    assert type(scr).__name__ == "PlayScreen" and scr is not old
    assert (scr.pads, scr.kinds) == (old.pads, old.kinds)
    assert scr.seed != old.seed and scr.game.round == 0 and scr.game.dice == [3, 3]
    assert said(dev) == "Slam when ready Waiting: P1 P3", dev.lines()
    dev.tap("1")
    dev.tap("3")
    until_stage(dev, "window", 5000)
    assert scr.game.round == 1


def test_three_players_one_human_two_bots_then_menu(dev_factory):
    dev = dev_factory("pico", seed=7)
    watch = Watch()
    scr = play_game(dev, [1], {0: "easy", 3: "hard"}, watch)
    check_game_over(dev, scr, watch)
    assert watch.kinds.get("match", 0) >= 2
    dev.tap("down")
    assert dev.shows(">Menu")
    dev.tap("select")
    assert type(dev.app.screen).__name__ == "MenuScreen"
    assert dev.lines()[:2] == ["Pick a game", ">Wildside"]
    # One game's modules at a time: leaving the game unloads them.
    assert not [m for m in sys.modules if m.startswith(("slampad.games.", "slampad.bots."))]


def test_four_players_on_the_colour_display(dev_factory):
    dev = dev_factory("pico_tft", seed=3)
    watch = Watch()
    scr = play_game(dev, [0, 1], {2: "normal", 3: "hard"}, watch)
    check_game_over(dev, scr, watch)
    assert watch.kinds.get("match", 0) >= 3
    # Ten rows of text: every match ruling was shown whole.
    assert watch.full_rulings == watch.kinds["match"]


def test_headless_demo_writes_screenshots_and_log(tmp_path):
    out = tmp_path / "shots"
    r = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "simulator", "sim.py"), "--headless",
         "--screenshots", str(out)],
        capture_output=True, text=True, timeout=SAFETY_NET_S, cwd=ROOT,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs == [
        "01-menu.png", "02-join.png", "03-seats.png", "04-round.png", "05-ruling.png",
        "06-game-over.png",
    ]  # fmt: skip
    for p in out.glob("*.png"):
        data = p.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 200
    log = (out / "sim-log.txt").read_text()
    assert "Pick a game" in log and " gives " in log and "Rematch" in log
    assert "screenshot:" in r.stdout


def test_window_path_with_dummy_video(shim, monkeypatch):
    def key(kind, k):
        return pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)

    events = {
        2: [key(pygame.KEYDOWN, pygame.K_RETURN)],
        4: [key(pygame.KEYUP, pygame.K_RETURN)],
        6: [key(pygame.KEYDOWN, pygame.K_1)],
        8: [key(pygame.KEYUP, pygame.K_1)],
    }
    dev = device_helpers.run_window(monkeypatch, events, frames=12)
    lines = dev.lines()
    assert lines[0] == "P1 joined" and " P1 player" in lines, lines
    assert type(dev.app.screen).__name__ == "JoinScreen"
    assert not dev.held  # the key-up released the pad


@pytest.mark.parametrize("pad", [0, 3])
def test_S1_seat_colours_are_not_on_the_dice_pixels(dev_factory, pad):
    """S1: seat colours are for seat pixels, never the Wildside dice pixels, which
    show faces only (W1): at join, a pad's dice pixels only flash white."""
    dev = dev_factory("pico")
    dev.tap("select")
    dev.press(PADS[pad])
    dev.run(20)
    px = dev.pixels()
    assert [colour_name(c) for c in px[5 * pad : 5 * pad + 5]] == ["white"] * 5
    assert S1_COLOUR[pad] == "white" or all(colour_name(c) != S1_COLOUR[pad] for c in px)
    dev.release(PADS[pad])
    dev.run(400)
    assert all(c == (0, 0, 0) for c in dev.pixels())
