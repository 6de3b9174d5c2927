"""Issue 18 item 4 (W11): the bot levels and a custom one (reaction time and error rate)
chosen on the Settings screen, saved in flash, and a seat's level chosen as it joins,
starting from the setting. The human figures behind the levels are in docs/rules.md W11;
win rates against simulated humans are benchmarks (tools/wildside_human.py)."""

import json

import device_helpers
import pytest
from device_helpers import join_and_start
from safety_net import SAFETY_NET_S
from test_device_reliability import leave_settings, long_press, open_settings, pick
from test_menus import help_rows

from slampad.app import settings
from slampad.app.join import LEVELS, next_kind
from slampad.bots.wildside import CUSTOM_SD, WildsideBot, for_kind, play_game

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def cycle(first, levels=LEVELS):
    """The kinds select goes through from an empty seat, back to empty."""
    out, kind = [], None
    for _ in range(8):
        kind = next_kind(kind, first, levels)
        if kind is None:
            return out
        out.append(kind)
    raise AssertionError(out)


# -- the seat's level at join ------------------------------------------------------------


@pytest.mark.parametrize("first", ["easy", "normal", "hard"])
def test_w11_a_seat_starts_at_the_setting_then_the_other_levels(first):
    got = cycle(first)
    assert got[0] == first and sorted(got) == ["easy", "hard", "normal"]


def test_w11_custom_joins_the_cycle_only_where_it_is_a_level():
    wild = LEVELS + ("custom",)
    assert cycle("custom", wild) == ["custom", "easy", "normal", "hard"]
    assert cycle("hard", wild) == ["hard", "easy", "normal", "custom"]
    assert cycle("custom") == ["normal", "easy", "hard"]  # the other games: normal first


# -- settings.toml and the saved record ------------------------------------------------


def env(d):
    return lambda key: d.get(key)


def test_w11_custom_settings_load_from_settings_toml_with_range_checks():
    cfg = settings.load(env({}))
    assert (cfg["bot_ms"], cfg["bot_errors"]) == (900, 10) and cfg["problems"] == []
    cfg = settings.load(
        env({"SLAMPAD_BOT_LEVEL": "custom", "SLAMPAD_BOT_MS": "450", "SLAMPAD_BOT_ERRORS": "0"})
    )
    assert (cfg["bot_level"], cfg["bot_ms"], cfg["bot_errors"]) == ("custom", 450, 0)
    cfg = settings.load(env({"SLAMPAD_BOT_MS": "299", "SLAMPAD_BOT_ERRORS": "31"}))
    assert (cfg["bot_ms"], cfg["bot_errors"]) == (900, 10)
    assert cfg["problems"] == [
        "SLAMPAD_BOT_ERRORS must be 0..30",
        "SLAMPAD_BOT_MS must be 300..2000",
    ]


def test_w11_custom_settings_round_trip_and_an_old_record_still_loads():
    cfg = settings.load(env({}))
    cfg.update(bot_level="custom", bot_ms=1500, bot_errors=20)
    rec = json.loads(json.dumps(settings.saved(cfg)))
    assert rec["bot_ms"] == 1500 and rec["bot_errors"] == 20
    fresh = settings.load(env({}))
    assert settings.apply(fresh, rec) and fresh == cfg
    old = {"brightness": 50, "sound": 0, "bot_level": "hard", "look_ms": 6000}  # before issue 18
    fresh = settings.load(env({"SLAMPAD_BOT_MS": "700"}))
    assert settings.apply(fresh, old)
    assert (fresh["bot_level"], fresh["bot_ms"], fresh["bot_errors"]) == ("hard", 700, 10)
    for bad in ({"bot_ms": 250}, {"bot_errors": 31}, {"bot_ms": "900"}, {"bot_level": "expert"}):
        kept = settings.load(env({}))
        assert not settings.apply(kept, dict(old, **bad)) and kept == settings.load(env({}))


# -- the custom bot --------------------------------------------------------------------


def test_w11_custom_kind_makes_a_bot_of_those_figures():
    b = for_kind(2, "custom", 5, [1200, 20])
    assert (b.level, b.react_ms, b.miss, b.false) == ("custom", 1200, 200, 50)
    assert b.sd_ms == 1200 * CUSTOM_SD // 100
    b = for_kind(1, "custom", 5, [300, 0])
    assert (b.react_ms, b.miss, b.false) == (300, 0, 0)
    assert for_kind(0, "hard", 5, [1200, 20]).react_ms == 560  # a level ignores custom
    for bad in ([1200], [1200, "20"], [1200, 101], [-1, 5], None):
        with pytest.raises((ValueError, TypeError)):
            for_kind(0, "custom", 5, bad)


def test_w11_custom_bot_round_trips_and_is_deterministic():
    a = for_kind(1, "custom", 7, [700, 15])
    b = for_kind(1, "custom", 7, [700, 15])
    assert [a.reaction() for _ in range(30)] == [b.reaction() for _ in range(30)]
    back = WildsideBot.from_dict(json.loads(json.dumps(a.to_dict())))
    assert back.to_dict() == a.to_dict() and back.sd_ms == a.sd_ms
    assert [back.reaction() for _ in range(30)] == [a.reaction() for _ in range(30)]
    old = {"seat": 0, "level": "easy", "react_ms": 1400, "miss": 250, "false": 60, "rng": 99}
    assert WildsideBot.from_dict(old).sd_ms == 350  # a save from before custom loads


def test_w11_the_ladder_hard_beats_normal_beats_easy():
    # Two-player games, the stronger level's seat alternating: it must win most of them,
    # so swapping two levels' figures fails here.
    for strong, weak in (("hard", "normal"), ("normal", "easy")):
        won = 0
        for seed in range(40):
            me = seed % 2
            levels = [weak, weak]
            levels[me] = strong
            g, _ = play_game(2, 700 + seed, levels)
            won += g.winners() == [me]
        assert won >= 34, (strong, weak, won)


# -- on the device ------------------------------------------------------------------------


def choose(dev, row_text, value):
    """On Settings: select the row starting with row_text until it shows value."""
    scr = dev.app.screen
    for _ in range(20):
        items = scr.items()
        row = [i for i, x in enumerate(items) if x.strip().startswith(row_text)][0]
        if items[row].strip() == row_text + value:
            return
        pick(dev, row)
    raise AssertionError(scr.items())


def test_w11_settings_offer_custom_and_its_rows_reach_the_bot_and_flash(dev_factory):
    dev = dev_factory("pico")
    scr = open_settings(dev)
    assert not any("Reaction" in x for x in scr.items())  # only while custom
    choose(dev, "New bots: ", "custom")
    note = " ".join(x for x in dev.lines() if x and not x.startswith((" ", ">")))
    assert note == "Custom bots play Wildside; other games start at normal", dev.lines()
    items = scr.items()
    i = items.index("New bots: custom")
    assert items[i + 1 : i + 3] == ["  Reaction 0.9 s", "  Mistakes 10%"]
    choose(dev, "Reaction ", "1.2 s")
    choose(dev, "Mistakes ", "20%")
    dev.run(3000)  # the note passes: the title explains the row under the cursor
    assert dev.lines()[0] == "Custom bot: mistakes"
    pick(dev, i, 0)
    assert dev.lines()[0] == "Other games: normal"
    leave_settings(dev)
    image = dev.flash_image()
    dev.close()

    again = dev_factory("pico", flash=image)
    c = again.app.cfg
    assert (c["bot_level"], c["bot_ms"], c["bot_errors"]) == ("custom", 1200, 20)
    join_and_start(again, [0], {1: "custom", 2: "hard"})
    play = again.app.screen
    b = play.bots[1]
    assert (b.level, b.react_ms, b.miss, b.false) == ("custom", 1200, 200, 50)
    assert play.bots[2].react_ms == 560 and play.meta()["custom"] == [1200, 20]
    # A saved game keeps its custom bot; a save from before custom takes the Settings'.
    from slampad.app.wildside import play as wplay

    meta = dict(play.meta(), custom=[400, 0])
    b = wplay.resume(again.app, meta, play.game.to_dict()).bots[1]
    assert (b.react_ms, b.miss) == (400, 0)
    del meta["custom"]
    assert wplay.resume(again.app, meta, play.game.to_dict()).bots[1].react_ms == 1200
    # Go Wild!'s seats start at normal while the setting is custom.
    long_press(again)
    while not again.shows(">Go Wild!"):
        again.tap("down")
    again.tap("select")
    while type(again.app.screen).__name__ != "GoWildJoin":
        again.tap("select")  # pass and play (the modes' first row)
    join = again.app.screen
    join.cursor = 5  # P5: a bot seat past the pads
    again.tap("select")
    assert join.seats[4] == "normal", join.items()


def test_w11_an_old_saved_settings_record_loads_with_the_custom_defaults(dev_factory):
    dev = dev_factory("pico")
    old = {
        "brightness": 75,
        "sound": 0,
        "bot_level": "easy",
        "look_ms": 6000,
        "dim_s": 300,
        "sleep_s": 300,
    }  # saved before issue 18
    dev.app.store().save("settings", old)
    image = dev.flash_image()
    dev.close()
    again = dev_factory("pico", flash=image, settings={"SLAMPAD_BOT_ERRORS": "5"})
    c = again.app.cfg
    assert {k: c[k] for k in old} == old and (c["bot_ms"], c["bot_errors"]) == (900, 5)
    assert again.lines()[0] == "Pick a game"  # no "Saved settings were bad"


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_w11_each_custom_row_explains_itself_in_one_row(dev_factory, profile):
    dev = dev_factory(profile, settings={"SLAMPAD_BOT_LEVEL": "custom"})
    scr = open_settings(dev)
    cols = dev.app.text.cols
    said = []
    for top, under in help_rows(dev, scr):
        assert top and len(top) <= cols and under[0] in " >", (top, under)  # one row
        said.append(top)
    assert len(set(said)) == len(said) == 9, said
    assert said[2:5] == ["Other games: normal", "Custom bot: speed", "Custom bot: mistakes"]


def test_w11_the_custom_reaction_reads_in_seconds():
    from slampad.app.menu_settings import _secs

    assert [_secs(ms) for ms in (300, 900, 1000, 1500, 2000, 450, 1234)] == [
        "0.3", "0.9", "1", "1.5", "2", "0.45", "1.234"]  # fmt: skip


def test_settings_toml_gives_every_setting_its_default():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "settings.toml").read_text()
    got = dict(re.findall(r"^(SLAMPAD_\w+) = (.+)$", text, re.M))
    for key, spec in settings.SPEC.items():
        want = '"%s"' % spec[0] if isinstance(spec[0], str) else str(spec[0])
        assert got.get(key) == want, key


def test_w11_custom_bot_plays_the_same_on_micropython_and_cpython():
    import os
    import subprocess
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "tools"))
    import mpvm

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    entry = os.path.join("tests", "mp", "wildside_custom.py")
    ok, mp = mpvm.run(entry, heap=None, timeout=SAFETY_NET_S, cwd=root)
    assert ok, mp
    cp = subprocess.run([sys.executable, entry], cwd=root, capture_output=True, text=True,
                        timeout=SAFETY_NET_S)  # fmt: skip
    assert cp.returncode == 0, cp.stderr
    mp_lines = [x for x in mp.splitlines() if x.startswith(("REACT", "GAME"))]
    assert mp_lines == cp.stdout.splitlines() and len(mp_lines) == 2
    assert "'slam', 0," in cp.stdout and "'slam', 2," in cp.stdout  # both custom bots slam
