"""Issue 9 on the simulated device: the battery corner, the low warning between rounds,
the critical save and sleep, dimming and sleep when idle (never inside a round), waking
on a pad or select into the resume offer, and boards without a gauge."""

import json

import device_helpers
import pytest
from device_helpers import join_and_start, run_until

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

FAST = {"SLAMPAD_DIM_S": "30", "SLAMPAD_SLEEP_S": "300"}  # the shortest choices


def same(a, b):
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def screen_name(dev):
    return type(dev.app.screen).__name__


def said(dev, text):
    """Did any screen so far show ``text`` (the log of every change)?"""
    return any(text in line for _t, lines in dev.log for line in lines)


def game_of(scr):
    return getattr(scr, "play", scr).game


def replay_from(saved, scr):
    """The saved state, then the actions the resumed screen applied: the game now."""
    play = getattr(scr, "play", scr)
    g = play.game
    again = type(g).from_dict(json.loads(json.dumps(saved)))
    if hasattr(play, "actions"):
        acts = play.actions
    else:  # Tumblin' Dice logs its actions in the state
        acts = g.log[len(saved["log"]) :]
    for a in acts:
        again.apply(tuple(a))
    return again, len(acts)


# -- the battery corner ------------------------------------------------------------------


def corner_pixels(dev):
    shot = dev.sim.screenshot()
    w = dev.hw.width
    fw, fh = dev.app.text.cell
    return dev.sim.lit_pixels(shot, (w - 6 * fw, 0, w, fh))


def test_the_pico_shows_usb_then_the_battery_percent_with_its_icon(dev_factory):
    dev = dev_factory("pico")
    dev.run(2500)
    t = dev.app.text
    assert t.lines[0] == "Pick a game"  # the screen's own row ...
    assert t.drawn[0].startswith("Pick a game") and t.drawn[0].endswith("USB")  # ... + corner
    assert len(t.drawn[0]) == t.cols and not t._icon.hidden
    assert corner_pixels(dev) > 20
    dev.set_battery(3.8)  # unplugged: 55 % on the LiPo curve
    dev.run(20000)
    assert t.drawn[0].endswith(" 55%") and t.level == 55
    full = corner_pixels(dev)
    dev.set_battery(3.5)
    dev.run(20000)
    assert t.drawn[0].endswith(" 5%") or t.drawn[0].endswith(" 6%") or "Battery" in t.drawn[0]
    assert corner_pixels(dev) < full  # the icon's fill went down


def test_the_corner_hides_where_the_top_row_needs_the_room(dev_factory):
    dev = dev_factory("pico")
    dev.run(1500)
    t = dev.app.text
    t.show(["x" * (t.cols - 2)])
    assert t.drawn[0] == "x" * (t.cols - 2) and t._icon.hidden
    t.show(["short"])
    assert t.drawn[0].endswith("USB") and not t._icon.hidden


def test_3xAA_on_the_pico_reads_its_own_curve(dev_factory):
    dev = dev_factory("pico", settings={"SLAMPAD_BATTERY": "aa"}, battery=(4.05, False))
    dev.run(5000)
    assert dev.app.power.battery.pct == 50 and dev.app.text.drawn[0].endswith(" 50%")


def test_a_board_without_a_gauge_shows_no_icon_and_never_crashes(dev_factory):
    for profile in ("feather", "macropad"):
        dev = dev_factory(profile)
        assert dev.hw.battery is None
        dev.run(3000)
        assert dev.app.power.battery.state == "none"
        assert dev.app.text.drawn[0] == "Pick a game" and dev.app.text._icon is None
        dev.set_battery(3.3)  # nothing can see it
        join_and_start(dev, [], {0: "easy", 1: "easy"})
        dev.run(20000)
        assert dev.app.screen.in_game and dev.app.power.battery.state == "none"


@pytest.mark.parametrize("profile", ["feather", "macropad"])
def test_a_max17048_on_stemma_qt_gives_the_percent(dev_factory, profile):
    dev = dev_factory(profile, gauge=True, battery=(3.71, False, 37.5))
    assert dev.hw.battery is not None
    dev.run(5000)
    b = dev.app.power.battery
    assert (b.state, b.pct) == ("ok", 37) and abs(b.mv - 3710) <= 1
    assert dev.app.text.drawn[0].endswith(" 37%")
    assert dev.sim.fuel_gauge().reads >= 3 * 5  # three registers a reading, every 0.5 s
    dev.set_battery(4.1, usb=True, percent=95)
    dev.run(1000)
    assert dev.app.text.drawn[0].endswith("USB")


def test_the_max17048_reader_gives_the_adafruit_librarys_figures(shim):
    """hw/battery.Max17048 reads through adafruit_max1704x: its mV, percent and charging
    are the library's, floored as the corner shows them."""
    import adafruit_max1704x
    import board

    shim.use_board("adafruit_feather_rp2040")
    shim.add_fuel_gauge()
    from slampad.hw.battery import Max17048

    i2c = board.STEMMA_I2C()
    ours = Max17048(i2c)
    theirs = adafruit_max1704x.MAX17048(i2c)  # it resets the chip, as on a board
    for volts, pct, usb in ((4.2, 100, True), (3.85, 61.75, False), (3.4, 3.1, False)):
        shim.set_battery(volts, usb=usb, percent=pct)
        mv, p, on_usb = ours.read()
        assert abs(mv / 1000 - theirs.cell_voltage) < 0.0001
        assert p == int(theirs.cell_percent)
        assert on_usb == (theirs.charge_rate > 0 or usb)


def test_a_gauge_that_fails_mid_game_hides_the_corner_and_play_goes_on(dev_factory):
    dev = dev_factory("feather", gauge=True, battery=(3.9, False, 70))
    dev.run(3000)
    assert dev.app.text.drawn[0].endswith(" 70%")
    chip = dev.sim.fuel_gauge()

    def broken(n):
        raise OSError(5, "Input/output error")

    chip.i2c_read = broken  # the STEMMA cable came loose
    join_and_start(dev, [], {0: "easy", 1: "easy"})
    dev.run(5000)
    assert dev.app.power.battery.state == "none" and dev.app.screen.in_game
    assert dev.app.text.corner == ""


# -- a battery reading that cannot be true (issue 15) ----------------------------------------


def no_battery_shown(dev):
    t = dev.app.text
    return (
        dev.app.power.battery.state == "none" and t.corner == "" and t.drawn[0] == "Pick a game"
        and (t._icon is None or t._icon.hidden) and corner_pixels(dev) == 0
    )  # fmt: skip


@pytest.mark.parametrize(
    "profile, power",
    [("pico", {}), ("feather", {"gauge": True}), ("macropad", {"gauge": True})],
)
def test_a_gauge_reading_0V_shows_no_battery_and_never_warns_or_sleeps(dev_factory, profile, power):
    """An emulated Pico: VBUS_SENSE low, VSYS 0 V (a MAX17048 saying 0 mV, likewise). It
    was "Battery empty" and asleep two seconds after boot; it is no gauge at all."""
    volts = (0.0, False, 0.0) if power else (0.0, False)
    dev = dev_factory(profile, battery=volts, **power)
    dev.run(30000)  # in the menu
    assert dev.asleep is None and screen_name(dev) == "MenuScreen"
    assert not said(dev, "Battery") and not said(dev, "Charge me")
    assert no_battery_shown(dev)
    # A reading that turns plausible is judged again after READY readings (~2 s).
    dev.set_battery(3.8)
    dev.run(1000)
    assert no_battery_shown(dev)
    dev.run(2000)
    assert dev.app.power.battery.state == "ok" and dev.app.text.drawn[0].endswith("%")
    assert corner_pixels(dev) > 0


# -- low and critical --------------------------------------------------------------------


def wildside_bots(dev):
    join_and_start(dev, [], {0: "easy", 1: "normal", 2: "hard"})
    run_until(dev, lambda: getattr(dev.app.screen, "stage", None) == "count", 10000)
    return dev.app.screen


def test_a_low_battery_is_said_between_rounds_never_in_one(dev_factory):
    dev = dev_factory("pico", seed=4, frame_ms=5)
    scr = wildside_bots(dev)
    dev.set_battery(3.62)  # ~14 %
    seen = []

    def watch():
        if dev.app.text.banner and not seen:
            seen.append((scr.stage, scr.game.phase, dev.app.saves_written))
        return bool(seen)

    saves = dev.app.saves_written
    run_until(dev, watch, 120000, step=5)
    # It went up in the frame of a save (a safe point), as the next countdown began.
    assert seen[0][2] == saves + 1 and seen[0][0] == "count", seen
    assert dev.app.text.drawn[0].startswith("Battery low: 1")
    dev.run(3500)
    assert dev.app.text.banner == ""  # it passes
    w = dev.app.power.warned
    run_until(dev, lambda: dev.app.saves_written >= saves + 3, 120000, step=50)
    assert dev.app.power.warned == w  # said once, not every round


def test_usb_power_never_warns(dev_factory):
    dev = dev_factory("pico", seed=4, frame_ms=5)
    scr = wildside_bots(dev)
    dev.set_battery(3.3, usb=True)
    run_until(dev, lambda: dev.app.saves_written >= 3, 120000, step=50)
    assert not said(dev, "Battery") and scr is dev.app.screen


def test_a_critical_battery_saves_says_so_and_sleeps_then_resumes_exactly(dev_factory):
    dev = dev_factory("pico", seed=6, frame_ms=5)
    scr = wildside_bots(dev)
    dev.set_battery(3.4)  # ~3 %
    run_until(dev, lambda: dev.asleep is not None, 120000, step=5)
    assert said(dev, "Battery empty -") and said(dev, "game saved")
    rec = dev.app.store().load("game")
    assert rec is not None and rec["s"]["phase"] == "roll"  # between rounds
    # Saved after the round just played; the next round's roll had begun (and a resume
    # rolls it again from the same saved rng: the same dice).
    assert scr.actions[-1] == ("roll",)
    again = type(scr.game).from_dict(json.loads(json.dumps(rec["s"])))
    again.apply(("roll",))
    assert same(again.to_dict(), scr.game.to_dict())
    # Asleep: the pads and select wake it.
    pins = sorted(a.pin.number for a in dev.asleep)
    assert pins == [8, 10, 11, 12, 13]
    assert all(a.value is False and a.pull for a in dev.asleep)
    assert dev.sim.panels()[0].on is False  # the OLED is off
    assert all(c == (0, 0, 0) for c in dev.pixels())
    dev.run(60000)
    assert dev.asleep is not None and dev.wakes == 0  # nothing pressed: asleep
    dev.set_battery(4.0, usb=True)  # plugged in; then a pad
    dev.tap("3")
    assert dev.wakes == 1 and screen_name(dev) == "ResumeScreen", dev.lines()
    dev.tap("select")
    new = dev.app.screen
    assert new.resumed and same(new.game.to_dict(), rec["s"])
    run_until(dev, lambda: screen_name(dev) == "OverScreen", 3600000, step=100)
    again, n = replay_from(rec["s"], new)
    assert n > 0 and same(again.to_dict(), new.game.to_dict())


def test_a_critical_battery_in_the_menu_sleeps_and_says_charge_me(dev_factory):
    dev = dev_factory("pico", battery=(3.3, False))
    run_until(dev, lambda: dev.asleep is not None, 10000, step=10)
    assert said(dev, "Battery empty") and not said(dev, "game saved")
    assert said(dev, "Charge me")
    dev.tap("select")  # still empty: it says so again and sleeps
    assert dev.wakes == 1
    run_until(dev, lambda: dev.asleep is not None, 10000, step=10)


# -- idle: dim, then sleep -----------------------------------------------------------------


def test_the_menu_dims_after_the_idle_time_and_brightens_on_a_press(dev_factory):
    dev = dev_factory("pico")
    panel = dev.sim.panels()[0]
    dev.idle(119)
    assert not dev.app.power.dimmed and dev.hw.pixels.brightness == pytest.approx(0.30)
    dev.idle(2)
    assert dev.app.power.dimmed
    assert dev.hw.pixels.brightness == pytest.approx(0.06)  # 1/5 of 30 %
    assert panel.log[-1] == (0x81, (51,))  # the OLED's contrast at 1/5
    at = len(panel.log)
    dev.tap("down")
    assert not dev.app.power.dimmed and dev.hw.pixels.brightness == pytest.approx(0.30)
    assert (0x81, (255,)) in panel.log[at:]  # full contrast again
    assert dev.lines()[2] == ">Go Wild!"  # the press also did its job


def test_the_idle_times_are_settings_and_zero_is_never(dev_factory):
    dev = dev_factory("pico")
    for _ in range(5):
        dev.tap("down")
    dev.tap("select")  # Settings
    assert type(dev.app.screen).__name__ == "SettingsScreen", dev.lines()
    assert dev.lines()[0] == "How bright LEDs glow"  # the highlighted setting, explained
    labels = [it for it in dev.app.screen.items()]
    assert "Dim after 2 min" in labels and "Sleep after 10 min" in labels
    scr = dev.app.screen
    scr.cursor = labels.index("Dim after 2 min")
    for _ in range(3):
        dev.tap("select")  # 2 min -> 5 min -> never -> 30s
    assert dev.app.cfg["dim_s"] == 30
    scr.cursor = labels.index("Sleep after 10 min")
    for _ in range(3):
        dev.tap("select")  # 10 -> 20 -> 30 min -> never
    assert dev.app.cfg["sleep_s"] == 0 and "Sleep after never" in scr.items()
    scr.cursor = len(labels) - 1
    dev.tap("select")  # Back: saved
    assert dev.app.store().load("settings")["sleep_s"] == 0
    dev.idle(31)
    assert dev.app.power.dimmed
    dev.idle(3600)
    assert dev.asleep is None  # never sleeps


WAKE_PINS = {  # GPIO numbers: the four pads, then select
    "pico": [10, 11, 12, 13, 8],
    "pico_tft": [10, 11, 12, 13, 8],
    "feather": [9, 10, 11, 12, 8],  # select D6 = GPIO8
    "macropad": [1, 3, 10, 12, 0],
}


@pytest.mark.parametrize("profile", sorted(WAKE_PINS))
def test_idle_sleep_in_the_menu_wakes_on_select_or_a_pad(dev_factory, profile):
    dev = dev_factory(profile, settings=FAST)
    dev.idle(299)
    assert dev.asleep is None
    dev.idle(5)
    assert dev.asleep is not None and said(dev, "Sleeping")
    assert not said(dev, "game saved")
    assert [a.pin.number for a in dev.asleep] == WAKE_PINS[profile]
    assert all(a.value is False and a.pull for a in dev.asleep)
    assert all(dev.sim.owner(a.pin) is None for a in dev.asleep)  # released first
    dev.tap("select")
    assert dev.wakes == 1 and screen_name(dev) == "MenuScreen"
    dev.idle(305)
    assert dev.asleep is not None
    dev.tap("4")
    assert dev.wakes == 2 and screen_name(dev) == "MenuScreen"


def test_a_pad_held_down_is_not_idle_and_never_a_wake_pin(dev_factory):
    dev = dev_factory("pico", settings=FAST)
    dev.press("2")  # someone leaning on pad 2
    dev.idle(400)
    assert dev.asleep is None and not dev.app.power.dimmed
    dev.release("2")
    dev.run(100)
    dev.set_battery(3.3)  # empty with pad 2 stuck down again: it sleeps anyway
    dev.press("2")
    run_until(dev, lambda: dev.asleep is not None, 20000, step=10)
    assert 11 not in [a.pin.number for a in dev.asleep]  # a stuck pad would wake it at once


def bots_only(dev, key):
    if key == "wildside":
        wildside_bots(dev)
    elif key == "diceland":
        from slampad.app.main import unload_games

        unload_games()
        from slampad.app.diceland.play import PlayScreen

        dev.app.go(PlayScreen(dev.app, [None, None], ["easy", "hard"], {"scene": "valley"}))
    else:
        from test_device_tumblin import start

        start(dev, [0, 1], ["easy", "normal"], {"board": "virtual"})


@pytest.mark.parametrize("key", ["wildside", "diceland", "tumblin"])
def test_nothing_dims_or_sleeps_while_bots_play(dev_factory, key):
    """No person is needed, so the game is never paused: rounds, slam windows and bots'
    turns run on, however long nobody touches anything."""
    dev = dev_factory("pico", seed=8, settings=FAST)
    bots_only(dev, key)
    scr = dev.app.screen
    dims = []
    for _ in range(40):
        dev.idle(10, frame_ms=20)
        dims.append(dev.app.power.dimmed)
        if dev.app.screen is not scr:
            break
    assert dev.asleep is None and not any(dims)
    assert dev.app.screen is scr or screen_name(dev) == "OverScreen"


# -- a game a person paused: sleep, wake, resume exactly --------------------------------


def start_wildside(dev):
    join_and_start(dev, [0], {1: "easy", 2: "easy"})
    return dev.app.screen


def start_gowild(dev):
    from test_device_gowild import open_pass_and_play, seat_up

    open_pass_and_play(dev)
    scr = seat_up(dev, [0], [1, 2])
    run_until(dev, lambda: scr.paused(), 60000, step=20)
    return scr


def start_gowild_table(dev):
    dev.tap("down")
    dev.tap("select")
    dev.tap("down")
    dev.tap("select")  # Table (real deck)
    assert dev.lines()[0] == "Go Wild! at the table"
    dev.tap("down")
    dev.tap("down")
    dev.tap("select")  # START: 4 players, P1 leads
    scr = dev.app.screen
    assert type(scr).__name__ == "TableScreen", dev.lines()
    dev.tap("select")
    dev.tap("select")  # P1 won trick 1, with 3 cards
    return scr


def start_tumblin(dev):
    from test_device_tumblin import start

    scr = start(dev, [0, 1], ["human", "easy"], {"board": "virtual"})
    dev.tap("1")  # the roll-off
    run_until(dev, lambda: scr.paused() and scr.stage != "roll", 60000, step=20)
    return scr


def start_tumblin_table(dev):
    from test_device_tumblin import start

    scr = start(dev, [0, 1], ["human", "human"], {"board": "table"})
    for _ in range(400):
        if type(dev.app.screen).__name__ == "EnterScreen":
            break
        dev.tap("1", after=350)
        dev.tap("2", after=350)
    assert type(dev.app.screen).__name__ == "EnterScreen", dev.lines()
    dev.tap("select", after=400)  # a level picked: the face waits
    return scr


def start_diceland(dev):
    from slampad.app.main import unload_games

    unload_games()
    from slampad.app.diceland.play import PlayScreen

    scr = PlayScreen(dev.app, [0, None], ["human", "easy"], {"scene": "valley"})
    dev.app.go(scr)
    run_until(dev, lambda: scr.paused(), 60000, step=20)
    dev.tap("select")  # a first choice made
    run_until(dev, lambda: scr.paused(), 60000, step=20)
    return scr


def mash(dev, scr, pads, actions):
    """A person at each of ``pads``: pads held a moment, select tapped, until the game
    took ``actions`` more actions (or ended)."""
    play = getattr(scr, "play", scr)

    def count():
        return len(play.actions) if hasattr(play, "actions") else len(play.game.log)

    want = count() + actions
    for _ in range(3000):
        if count() >= want or screen_name(dev) == "OverScreen":
            return
        for p in pads:
            dev.press(str(p + 1))
        dev.run(300)
        dev.tap("select", after=40)
        for p in pads:
            dev.release(str(p + 1))
        dev.run(300)
    raise AssertionError("the game did not go on: %r" % (dev.lines(),))


PAUSED = [
    (start_wildside, [0]),
    (start_gowild, [0]),
    (start_gowild_table, []),
    (start_tumblin, [0]),
    (start_tumblin_table, [0, 1]),
    (start_diceland, [0]),
]


@pytest.mark.parametrize("start, pads", PAUSED, ids=lambda x: getattr(x, "__name__", ""))
def test_a_paused_game_dims_saves_sleeps_wakes_and_resumes_exactly(dev_factory, start, pads):
    dev = dev_factory("pico", seed=21, settings=FAST, frame_ms=5)
    scr = start(dev)
    assert dev.app.screen.paused(), (type(dev.app.screen).__name__, dev.lines())
    at_sleep = game_of(dev.app.screen).to_dict()
    title = getattr(scr, "play", scr).SAVE[1]
    dev.idle(31)
    assert dev.app.power.dimmed  # a paused game dims too
    dev.idle(275)
    assert dev.asleep is not None and said(dev, "Sleeping -") and said(dev, "game saved")
    rec = dev.app.store().load("game")
    assert rec["t"] == title and same(rec["s"], at_sleep)
    dev.press("1")  # a pad wakes it
    dev.run(100)
    dev.release("1")
    dev.run(200)
    assert dev.wakes == 1
    assert screen_name(dev) == "ResumeScreen" and ">Resume" in dev.lines(), dev.lines()
    dev.tap("select")
    new = dev.app.screen
    assert same(game_of(new).to_dict(), at_sleep)  # exactly where it slept
    mash(dev, new, pads, 6)
    again, n = replay_from(at_sleep, dev.app.screen if screen_name(dev) != "OverScreen" else new)
    assert n > 0 and same(again.to_dict(), game_of(new).to_dict())


def test_a_restart_after_an_idle_sleep_is_never_silent(dev_factory, capsys):
    """Issue 29: a player at Diceland's "attack from?" whose presses never reached the
    device (clicks on the window's pad pictures, before they worked) found it back at
    "Saved: Diceland > Resume" with nothing said. The console says why it sleeps, and
    on waking the console and the resume offer say why it started again."""
    dev = dev_factory("pico", seed=21, settings=FAST, frame_ms=5)
    scr = start_diceland(dev)
    assert scr.paused(), dev.lines()  # P1's turn: the device waits for a person
    capsys.readouterr()
    dev.idle(310)  # nobody pressed anything the device saw
    assert dev.asleep is not None
    out = capsys.readouterr().out
    assert "Slampad: idle for 300 s (SLAMPAD_SLEEP_S): saving and sleeping" in out, out
    dev.press("1")
    dev.run(100)
    dev.release("1")
    dev.run(200)
    assert dev.wakes == 1 and screen_name(dev) == "ResumeScreen"
    assert "Slampad: Woke from sleep: it slept to save power" in (
        capsys.readouterr().out)  # fmt: skip
    shown = " ".join(x.strip() for x in dev.lines() if x)
    assert "Woke from sleep: it slept to save power" in shown, dev.lines()
    assert ">Resume" in dev.lines()
    dev.run(3000)  # the note gives way to the offer's title
    assert dev.lines()[0] == "Saved: Diceland", dev.lines()


# -- the simulator's controls ----------------------------------------------------------------


def test_the_power_script_sets_the_battery_fast_forwards_and_wakes(dev_factory, tmp_path):
    import os

    import sim_script

    dev = dev_factory("pico")
    tools = os.path.dirname(os.path.dirname(sim_script.__file__))
    with open(os.path.join(tools, "sim_power.txt")) as f:
        cmds = sim_script.parse(f.read())
    shots = sim_script.run_script(dev, cmds, str(tmp_path))
    assert len(shots) == 4 and dev.wakes == 1 and screen_name(dev) == "MenuScreen"
    assert said(dev, "Sleeping") and dev.battery()["cell"] == 3.8


@pytest.mark.parametrize(
    "line, why",
    [("battery", "cannot read"), ("battery x", "not a voltage"), ("battery 9", "0-6 V"),
     ("battery 3.7 ac", "cannot read"), ("idle -5", "negative"), ("asleep now", "cannot read")],
)  # fmt: skip
def test_power_script_lines_are_checked(line, why):
    import sim_script

    with pytest.raises(sim_script.ScriptError, match=why):
        sim_script.parse(line)


def test_asleep_fails_a_script_when_awake(dev_factory):
    import sim_script

    dev = dev_factory("pico")
    with pytest.raises(sim_script.ScriptError, match="not asleep"):
        sim_script.run_script(dev, sim_script.parse("battery 3.9 usb\nasleep"))


def test_the_window_keys_set_the_battery_usb_and_skip_idle_time(shim, monkeypatch):
    import pygame

    def down(k):
        return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]

    events = {2: down(pygame.K_u), 3: down(pygame.K_MINUS), 4: down(pygame.K_MINUS)}
    events.update({5: down(pygame.K_EQUALS), 6: down(pygame.K_i), 7: down(pygame.K_i)})
    dev = device_helpers.run_window(monkeypatch, events, frames=10)
    b = dev.battery()
    assert b["usb"] is False and abs(b["cell"] - 3.8) < 1e-9  # 3.9 - 0.1 - 0.1 + 0.1
    assert dev.app.power.dimmed  # two minutes skipped: dimmed


def test_the_fuel_gauge_is_found_again_after_a_wake(dev_factory):
    dev = dev_factory("feather", gauge=True, battery=(3.9, False, 70), settings=FAST)
    dev.idle(310)
    assert dev.asleep is not None
    dev.tap("select")
    dev.run(3000)
    assert dev.wakes == 1 and dev.hw.battery is not None
    assert dev.app.text.drawn[0].endswith(" 70%")
