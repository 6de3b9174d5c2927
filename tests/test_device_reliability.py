"""Issue 7 on the simulated device: settings saved in flash (microcontroller.nvm) when the
player leaves the Settings screen and loaded at power-up; new games seeded from
os.urandom; a long press of select (the encoder button on the MacroPad) back to the menu
from any screen. See docs/reliability.md."""

import os
import sys

import device_helpers
import pytest
from device_helpers import join_and_start, ready_up, run_until, until_stage
from test_device_diceland import start_game as diceland_start
from test_device_diceland import wait_turn as diceland_turn
from test_device_gowild import open_pass_and_play, seat_up
from test_device_tumblin import start as tumblin_start

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

DEFAULTS = {"brightness": 30, "sound": 1, "bot_level": "normal", "look_ms": 5000}
DEFAULTS.update(dim_s=120, sleep_s=600)  # issue 9
DEFAULTS.update(bot_ms=900, bot_errors=10)  # issue 18: the custom bot (W11)
DEFAULTS.update(howto=15)  # issue 29: these tests' devices made every how-to-play offer


def screen_name(dev):
    return type(dev.app.screen).__name__


def note(dev):
    """The menu's passing note (the rows that are not items), joined."""
    return " ".join(x for x in dev.lines() if x and not x.startswith((" ", ">")))


def open_settings(dev):
    dev.tap("up")  # the list wraps: Settings is last
    assert dev.shows(">Settings"), dev.lines()
    dev.tap("select")
    assert screen_name(dev) == "SettingsScreen", dev.lines()
    return dev.app.screen


def pick(dev, row, times=1):
    """Move the Settings cursor to ``row`` and press select ``times``."""
    scr = dev.app.screen
    while scr.cursor != row:
        dev.tap("down")
    for _ in range(times):
        dev.tap("select")


def leave_settings(dev):
    pick(dev, dev.app.screen.items().index("Back"))
    assert screen_name(dev) == "MenuScreen", dev.lines()


def saved_now(dev):
    return {k: dev.app.cfg[k] for k in DEFAULTS}


# -- settings persist ---------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["pico", "macropad"])
def test_settings_are_saved_on_leaving_and_come_back_at_power_up(dev_factory, profile):
    dev = dev_factory(profile)
    flash = dev.sim.flash()
    assert saved_now(dev) == DEFAULTS
    open_settings(dev)
    pick(dev, 0, 2)  # brightness 30 -> 50 -> 75
    pick(dev, 1)  # sound off
    pick(dev, 2, 2)  # bots normal -> hard -> easy
    pick(dev, 3)  # look window 5 s -> 6 s
    pick(dev, 4)  # dim after 2 min -> 5 min (issue 9)
    pick(dev, 5, 4)  # sleep after 10 min -> 20 -> 30 -> never -> 5 min
    assert " ".join(dev.lines()[:1]) == "Saved when you leave"
    assert flash.writes == 0  # nothing written while on the screen
    leave_settings(dev)
    want = {"brightness": 75, "sound": 0, "bot_level": "easy", "look_ms": 6000}
    want.update(dim_s=300, sleep_s=300)
    want.update(bot_ms=900, bot_errors=10, howto=15)
    assert saved_now(dev) == want
    assert flash.writes == 1 and flash.erases == 0  # one write, on a blank sector
    image = dev.flash_image()
    dev.close()

    # Power off and on: a new device on the same flash, with settings.toml's defaults.
    again = dev_factory(profile, flash=image)
    assert saved_now(again) == want
    assert again.hw.pixels.brightness == pytest.approx(0.75)
    assert again.lines()[0] == "Pick a game"  # no notice
    open_settings(again)
    lines = again.lines()
    for row in ("Brightness 75%", "Sound off", "New bots: easy", "Look window 6s"):
        assert any(x[1:] == row for x in lines[1:]), lines
    leave_settings(again)
    assert again.sim.flash().writes == 0  # unchanged: not written again
    # The saved values reach a game.
    join_and_start(again, [0, 1], {})
    assert again.app.screen.game.options["look_ms"] == 6000


def test_saved_settings_win_over_settings_toml_which_stays_the_default(dev_factory):
    dev = dev_factory("pico")
    open_settings(dev)
    pick(dev, 2)  # bots hard
    leave_settings(dev)
    image = dev.flash_image()
    dev.close()
    toml = {"SLAMPAD_BOT_LEVEL": "easy", "SLAMPAD_BRIGHTNESS": "20"}
    again = dev_factory("pico", settings=toml, flash=image)
    # The record holds every setting as it was on the screen: all of them come back.
    assert saved_now(again) == dict(DEFAULTS, bot_level="hard")
    fresh = dev_factory("pico", settings=toml)  # a blank flash: settings.toml's values
    assert saved_now(fresh) == dict(DEFAULTS, bot_level="easy", brightness=20)


def test_no_write_when_nothing_changed(dev_factory):
    dev = dev_factory("pico")
    flash = dev.sim.flash()
    open_settings(dev)
    leave_settings(dev)
    assert flash.writes == 0
    open_settings(dev)
    pick(dev, 0, 6)  # brightness round the six steps, back to 30
    pick(dev, 1, 2)  # sound off and on again
    leave_settings(dev)
    assert saved_now(dev) == DEFAULTS
    assert flash.writes == 0 and flash.programmed == 0
    # One change: one write; leaving again unchanged: none more.
    open_settings(dev)
    pick(dev, 3)
    leave_settings(dev)
    assert flash.writes == 1
    open_settings(dev)
    leave_settings(dev)
    assert flash.writes == 1
    st = dev.app.store()
    assert st.writes == 1 and st.load("settings") == dict(DEFAULTS, look_ms=6000)


def test_a_save_cut_short_gives_the_defaults_and_a_notice(dev_factory):
    dev = dev_factory("pico")
    open_settings(dev)
    pick(dev, 1)  # sound off
    dev.sim.flash().arm_cut(20)  # the power goes 20 bytes into the save
    with pytest.raises(dev.sim.PowerCut):
        leave_settings(dev)
    image = dev.flash_image()
    dev.close()
    again = dev_factory("pico", flash=image)
    assert saved_now(again) == DEFAULTS
    assert again.app.store().damaged
    assert note(again) == "Saves: the last save was cut short", again.lines()
    assert again.shows(">Wildside")
    again.run(3000)
    assert again.lines()[0] == "Pick a game"
    # The next save mends the sector.
    open_settings(again)
    pick(again, 1)
    leave_settings(again)
    third = dev_factory("pico", flash=again.flash_image())
    assert saved_now(third) == dict(DEFAULTS, sound=0)
    assert third.lines()[0] == "Pick a game"


def test_a_cut_while_saving_a_change_keeps_the_previous_settings(dev_factory):
    dev = dev_factory("pico")
    open_settings(dev)
    pick(dev, 1)  # sound off: saved
    leave_settings(dev)
    open_settings(dev)
    pick(dev, 3)  # look window 6 s: cut short
    dev.sim.flash().arm_cut(12)
    with pytest.raises(dev.sim.PowerCut):
        leave_settings(dev)
    again = dev_factory("pico", flash=dev.flash_image())
    assert saved_now(again) == dict(DEFAULTS, sound=0)
    assert note(again) == "Saves: the last save was cut short", again.lines()


def test_a_bad_record_or_damaged_sector_gives_the_defaults_and_a_notice(dev_factory):
    from slampad.store import Store

    dev = dev_factory("pico")
    Store(dev.sim.nvm()).save("settings", {"brightness": 999, "sound": 0})
    again = dev_factory("pico", flash=dev.flash_image())
    assert saved_now(again) == DEFAULTS
    assert note(again) == "Saved settings were bad: defaults used", again.lines()
    # Junk over the whole sector: nothing kept, defaults, a notice.
    junk = bytes((i * 37) & 0xFF for i in range(4096))
    third = dev_factory("pico", flash=junk)
    assert saved_now(third) == DEFAULTS
    assert note(third) == "Saves: the save area is damaged; nothing in it was kept"


def test_notices_follow_the_settings_toml_problems_and_show_once(dev_factory):
    junk = bytes((i * 37) & 0xFF for i in range(4096))
    dev = dev_factory("pico", settings={"SLAMPAD_SOUND": "7"}, flash=junk)
    assert note(dev) == "settings.toml: SLAMPAD_SOUND must be 0..1"
    dev.run(3000)
    assert note(dev) == "Saves: the save area is damaged; nothing in it was kept"
    dev.run(3000)
    assert dev.lines()[0] == "Pick a game"
    open_settings(dev)
    leave_settings(dev)  # back on the menu: settings.toml again, the saves note not
    assert note(dev) == "settings.toml: SLAMPAD_SOUND must be 0..1"
    dev.run(3000)
    assert dev.lines()[0] == "Pick a game"


def test_no_nvm_on_the_board_still_plays(dev_factory, monkeypatch):
    import microcontroller

    monkeypatch.setattr(microcontroller, "__getattr__", lambda name: None)  # nvm = None
    dev = dev_factory("pico")
    assert dev.app.store() is None
    assert note(dev) == "Saves off: TypeError"
    open_settings(dev)
    pick(dev, 1)
    leave_settings(dev)  # nothing to save to: no error
    assert dev.app.cfg["sound"] == 0


def test_a_failed_write_says_so_and_play_goes_on(dev_factory, monkeypatch):
    from slampad.store import Store

    def broken(self, key, obj):
        raise OSError(5)

    monkeypatch.setattr(Store, "save", broken)
    dev = dev_factory("pico")
    open_settings(dev)
    pick(dev, 1)
    leave_settings(dev)
    assert note(dev) == "Settings not saved: OSError", dev.lines()
    assert dev.app.cfg["sound"] == 0
    dev.tap("select")
    assert screen_name(dev) == "JoinScreen"


# -- fair seeds ---------------------------------------------------------------------------


def test_new_games_are_seeded_from_urandom(dev_factory):
    a = dev_factory("pico", seed=None)
    sa = [a.app.new_seed() for _ in range(4)]
    b = dev_factory("pico", seed=None)  # the same virtual clock as a at power-up
    sb = [b.app.new_seed() for _ in range(4)]
    assert len(set(sa + sb)) == 8
    assert all(0 <= s < 1 << 32 for s in sa + sb)


def test_urandom_bytes_make_the_seed_and_the_clock_stands_in_without_it(dev_factory, monkeypatch):
    dev = dev_factory("pico", seed=None)
    monkeypatch.setattr(os, "urandom", lambda n: bytes((1, 2, 3, 4))[:n])
    assert dev.app.new_seed() == 0x04030201
    join_and_start(dev, [0, 1], {})
    assert dev.app.screen.seed == 0x04030201  # the game got it
    monkeypatch.delattr(os, "urandom")
    assert dev.app.new_seed() == dev.hw.ticks_ms()


def test_a_given_seed_stays_deterministic(dev_factory, monkeypatch):
    monkeypatch.delattr(os, "urandom")  # not used at all with a seed
    a = dev_factory("pico", seed=5)
    sa = [a.app.new_seed() for _ in range(3)]
    b = dev_factory("pico", seed=5)
    assert sa == [b.app.new_seed() for _ in range(3)] == [6, 7, 8]


# -- long press of select: back to the menu ------------------------------------------------


def long_press(dev, within_ms=2000):
    """Hold select until the menu shows; returns how long that took (ms)."""
    t0 = dev.now()
    dev.press("select")
    run_until(dev, lambda: screen_name(dev) == "MenuScreen", within_ms)
    took = dev.now() - t0
    dev.release("select")
    dev.run(100)
    assert screen_name(dev) == "MenuScreen" and dev.shows(">Wildside"), dev.lines()
    assert not [m for m in sys.modules if m.startswith(("slampad.games.", "slampad.bots."))]
    from slampad.app.registry import game_prefixes

    assert not [m for m in sys.modules if m.startswith(game_prefixes())]
    assert len(dev.app.text.group) == 1  # only the text rows: no game picture left
    assert all(c == (0, 0, 0) for c in dev.pixels())  # the game's lights are off
    return took


def wildside_round(dev):
    join_and_start(dev, [0, 1], {})
    ready_up(dev, (0, 1))
    until_stage(dev, "window")
    return "wildside.play"


def gowild_game(dev):
    open_pass_and_play(dev)
    scr = seat_up(dev, humans=(0,), bots=(1,))
    run_until(dev, lambda: scr.stage == "turn" and scr.game.turn == 0, 20000)
    return "gowild.play"


def tumblin_throw(dev):
    scr = tumblin_start(dev, [0, 1], ["human", "human"], {"board": "virtual"})
    while scr.game.phase == "roll_off":
        for s in (0, 1):
            if ("roll", s) in scr.game.legal_actions(s):
                dev.tap(str(scr.seats[s] + 1), after=300)
        dev.run(50)
    run_until(dev, lambda: scr.stage == "aim", 5000)
    dev.press(str(scr.seats[scr.who] + 1))  # charging the throw
    dev.run(100)
    assert scr.stage == "charge"
    return "tumblin.play"


def diceland_map(dev):
    diceland_start(dev, "pocket", "P2: bot easy", (0,))
    scr = diceland_turn(dev)
    assert scr.stage == "pick" and scr.view.map.group in dev.app.text.group
    return "diceland.play"


def settings_screen(dev):
    open_settings(dev)
    return None


def join_screen(dev):
    dev.tap("select")
    assert screen_name(dev) == "JoinScreen"
    return None


PLACES = [wildside_round, gowild_game, tumblin_throw, diceland_map, settings_screen,
          join_screen]  # fmt: skip


@pytest.mark.parametrize("profile", ["pico", "macropad"])
@pytest.mark.parametrize("place", PLACES, ids=lambda f: f.__name__)
def test_long_press_select_reaches_the_menu_from_anywhere(dev_factory, profile, place):
    dev = dev_factory(profile, seed=3)
    module = place(dev)
    if module is not None:
        assert "slampad.app." + module in sys.modules
    before = dict(dev.app.cfg)
    took = long_press(dev)
    assert 1500 <= took <= 2000, took
    for k in list(dev.held):  # a pad still held (the Tumblin' charge) lets go
        dev.release(k)
    dev.run(100)
    assert screen_name(dev) == "MenuScreen"
    # The menu works as usual after it.
    dev.tap("select")
    assert screen_name(dev) == "JoinScreen", dev.lines()
    if place is settings_screen:  # the press on "Brightness" acted once, not twice
        assert dev.app.cfg["brightness"] == 50 and before["brightness"] == 30
        assert dev.app.store().load("settings")["brightness"] == 50  # saved on the way out


@pytest.mark.parametrize("profile", ["pico", "macropad"])
def test_short_and_medium_presses_stay_on_their_screen(dev_factory, profile):
    dev = dev_factory(profile)
    open_settings(dev)
    dev.tap("select", ms=60)  # a short press: one step, as before
    assert dev.app.cfg["brightness"] == 50
    dev.tap("select", ms=1200)  # held, but not long enough: still one step
    assert screen_name(dev) == "SettingsScreen" and dev.app.cfg["brightness"] == 75
    # Two presses whose total passes the threshold are not a long press.
    dev.tap("select", ms=900, after=20)
    dev.tap("select", ms=900)
    assert screen_name(dev) == "SettingsScreen" and dev.app.cfg["brightness"] == 10
    # A long press on the menu itself: the press opens the item as before, the hold
    # comes back.
    leave_settings(dev)
    dev.press("select")
    dev.run(100)
    assert screen_name(dev) == "JoinScreen"
    dev.run(1500)
    assert screen_name(dev) == "MenuScreen"
    dev.run(3000)  # still held: nothing more
    assert screen_name(dev) == "MenuScreen"
    dev.release("select")
    dev.run(100)
    assert screen_name(dev) == "MenuScreen"


def test_long_press_in_a_wildside_round_leaves_the_rules_untouched(dev_factory):
    dev = dev_factory("pico", seed=3)
    wildside_round(dev)
    scr = dev.app.screen
    dev.press("select")
    dev.run(1400)
    assert dev.app.screen is scr
    dev.run(200)
    assert screen_name(dev) == "MenuScreen"
    dev.release("select")
    dev.run(50)
    assert all(c == (0, 0, 0) for c in dev.pixels())  # the game's lights are off
