"""The simulator as a party demo (issue 17 item 5): no tap lost, a new seed each launch,
a power-cycle key and --flash that keep the saves, scripts in the window, the script
commands in --help, a window that fits a 768 px screen. The window runs on SDL's dummy
video driver."""

import device_helpers
import pygame
import pytest

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def key(kind, k):
    return pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)


def no_audio_device(monkeypatch):
    """The sound library finds no audio device (pygame.mixer.init fails)."""

    def no_audio(**kw):
        raise pygame.error("no audio device here")

    monkeypatch.setattr(pygame.mixer, "init", no_audio)


def tap_in_one_frame(k):
    return [key(pygame.KEYDOWN, k), key(pygame.KEYUP, k)]


def test_a_press_and_release_in_one_frame_reach_the_device(shim, monkeypatch):
    events = {
        2: tap_in_one_frame(pygame.K_DOWN),  # the menu's cursor moves down one row
        4: tap_in_one_frame(pygame.K_UP),
        6: tap_in_one_frame(pygame.K_RETURN),  # Wildside: the join screen
        9: tap_in_one_frame(pygame.K_2),  # P2 joins
    }
    dev = device_helpers.run_window(monkeypatch, events, frames=14)
    scr = dev.app.screen
    assert type(scr).__name__ == "JoinScreen", dev.lines()
    assert scr.seats[1] == "human" and not dev.held


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_a_click_on_a_pads_picture_presses_that_pad_until_the_button_is_let_go(
    shim, monkeypatch, profile
):
    """Issue 29: a playtester clicked pad 1's picture about once a second at Diceland's
    "attack from?"; the window ignored clicks, so after the idle time the device saved
    and slept, and the next key woke it at the resume offer. A click is a press now."""
    import sim_window

    seen = {"held": []}  # where the pads are drawn, and pad 2 held or not, frame by frame
    real_draw = sim_window.Window.draw

    def draw(win):
        real_draw(win)
        seen["pads"] = list(win.pads)
        seen["held"].append(win.dev.app.pad_input.held[1])

    monkeypatch.setattr(sim_window.Window, "draw", draw)
    # Where pad 2's picture is: the window's layout for this profile, drawn once.
    device_helpers.run_window(monkeypatch, {}, frames=1, profile=profile)
    (cx, cy), _r = seen["pads"][1]

    def mouse(kind, pos):
        return pygame.event.Event(kind, pos=pos, button=1)

    events = {
        2: [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                               scancode=0),
            pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="",
                               scancode=0)],  # Wildside: the join screen
        6: [mouse(pygame.MOUSEBUTTONDOWN, (cx + 5, cy - 5))],  # on pad 2's picture
        9: [mouse(pygame.MOUSEBUTTONUP, (cx + 5, cy - 5))],
        11: [mouse(pygame.MOUSEBUTTONDOWN, (cx + 300, cy + 300))],  # not on a pad
        12: [mouse(pygame.MOUSEBUTTONUP, (cx + 300, cy + 300))],
    }
    seen["held"] = []
    dev = device_helpers.run_window(monkeypatch, events, frames=16, profile=profile)
    scr = dev.app.screen
    assert type(scr).__name__ == "JoinScreen", dev.lines()
    assert scr.seats[1] == "human" and scr.seats[0] is None  # the click seated P2 only
    held = seen["held"]
    assert held[6] and held[8] and not held[-1]  # held while the button was down
    assert not dev.held


def test_a_menu_tap_in_one_frame_moves_the_cursor(shim, monkeypatch):
    dev = device_helpers.run_window(monkeypatch, {2: tap_in_one_frame(pygame.K_DOWN)}, frames=5)
    assert dev.app.screen.cursor == 1, dev.lines()


@pytest.mark.parametrize("k", ["down", "2"])
@pytest.mark.parametrize("ms", [10, 1])
def test_a_short_tap_reaches_the_device(dev_factory, k, ms):
    import sim_window

    dev = dev_factory("pico")
    dev.run(300)
    if k == "2":
        dev.tap("select")  # Wildside's join screen
        dev.run(200)
    scr = dev.app.screen
    keys = sim_window.Keys()
    keys.press(dev, k)
    dev.run(ms)
    keys.release(dev, k)
    keys.polled(dev)  # the poll that brought the key-up ends ...
    keys.polled(dev)  # ... and the next one, with no key-down: let go
    assert not dev.held
    dev.run(60)
    if k == "down":
        assert scr.cursor == 1
    else:
        assert scr.seats[1] == "human"


def test_without_the_minimum_hold_a_1_ms_menu_tap_is_lost(dev_factory):
    """What Keys is for: the menu buttons' debouncer does not see a 1 ms press."""
    dev = dev_factory("pico")
    dev.run(300)
    dev.press("down")
    dev.run(1)
    dev.release("down")
    dev.run(60)
    assert dev.app.screen.cursor == 0


def test_two_launches_without_a_seed_deal_different_dice(shim, monkeypatch):
    import sim
    import sim_window
    from simdevice import SimDevice

    seen = []
    monkeypatch.setattr(sim, "has_screen", lambda: True)
    monkeypatch.setattr(sim_window, "main", lambda a: seen.append(a.seed) or 0)
    assert sim.main([]) == 0 and sim.main([]) == 0 and sim.main(["--seed", "42"]) == 0
    assert seen[0] != seen[1] and seen[2] == 42
    deals = []
    for seed in seen[:2]:
        dev = SimDevice("pico", seed=seed)
        deals.append([dev.app.new_seed() for _ in range(3)])
        dev.close()
    assert deals[0] != deals[1]
    # Headless, a script plays the same way every time: seed 1 unless given.
    monkeypatch.setattr(sim, "has_screen", lambda: False)
    monkeypatch.setattr(sim, "headless", lambda a: seen.append(a.seed) or 0)
    assert sim.main([]) == 0 and seen[-1] == 1


def test_the_power_key_and_flash_file_keep_a_saved_game_to_resume(shim, monkeypatch, tmp_path):
    import emu_saves

    flash = tmp_path / "flash.bin"
    flash.write_bytes(emu_saves.make("wildside"))
    events = {
        3: [key(pygame.KEYDOWN, pygame.K_r)],  # power off and on at the resume offer
        6: tap_in_one_frame(pygame.K_RETURN),  # Resume
        12: [key(pygame.KEYDOWN, pygame.K_r)],  # off and on again, in the game
    }
    dev = device_helpers.run_window(monkeypatch, events, frames=16, flash=str(flash))
    first, second, third = device_helpers.run_window.made
    assert "Resume" in " ".join(first.lines()), first.lines()
    assert "Resume" in " ".join(third.lines()), third.lines()  # the save survived both cuts
    assert dev is third and type(second.app.screen).__name__ == "PlayScreen"
    assert flash.read_bytes() == third.flash_image()  # kept in the file at exit
    # The next run starts from the file: the offer again.
    dev = device_helpers.run_window(monkeypatch, {}, frames=3, flash=str(flash))
    assert "Resume" in " ".join(dev.lines())


def test_a_script_plays_in_the_window_then_the_keys_are_the_players(shim, monkeypatch):
    import sim_script

    cmds = sim_script.parse("tap down\ntap select\nuntil 2000 Go Wild! - how?")
    events = {40: tap_in_one_frame(pygame.K_RETURN)}  # after the script: a person's key
    dev = device_helpers.run_window(monkeypatch, events, frames=60, commands=cmds)
    # The script's 240 ms or so went by as frames of the window (16 ms each), then the
    # person's Enter chose pass and play.
    assert type(dev.app.screen).__name__ == "GoWildJoin", dev.lines()
    assert len(device_helpers.run_window.made) == 1


def test_a_script_stops_when_the_window_closes(shim, monkeypatch):
    import sim_script

    cmds = sim_script.parse("wait 100000\ntap select")
    dev = device_helpers.run_window(monkeypatch, {}, frames=10, commands=cmds)
    assert type(dev.app.screen).__name__ == "MenuScreen"  # the select never came
    assert (dev.now() - dev.log[0][0]) % (1 << 29) < 1000  # 10 frames, not 100 s


def test_the_script_commands_are_in_the_help(capsys):
    import sim

    with pytest.raises(SystemExit):
        sim.main(["--help"])
    out = capsys.readouterr().out
    for cmd in ("wait MS", "tap KEY", "until MS TEXT", "shot NAME", "battery VOLTS", "asleep"):
        assert cmd in out


@pytest.mark.parametrize("profile", ["pico", "feather", "pico_tft", "macropad"])
def test_the_window_fits_a_768_px_screen(shim, monkeypatch, profile):
    import sim_window

    sizes = []
    real = sim_window.Window.__init__

    def init(self, dev, seed=None):
        real(self, dev, seed)
        sizes.append(self.size)

    monkeypatch.setattr(sim_window.Window, "__init__", init)
    device_helpers.run_window(monkeypatch, {}, frames=2, profile=profile)
    (w, h), = sizes
    assert h <= 720 and w <= 1024, (w, h)  # room for a title bar and a task bar


def join_events():
    return {
        2: tap_in_one_frame(pygame.K_RETURN),  # Wildside's join screen
        5: [key(pygame.KEYDOWN, pygame.K_1)],  # P1 joins: the join cue (1175 Hz)
        6: [key(pygame.KEYUP, pygame.K_1)],
    }


def test_the_window_plays_the_device_tones(shim, monkeypatch):
    import sim_window

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    played = []
    real = sim_window.Speaker.play

    def play(self, hz, ms=None):
        played.append((hz, self.ok))
        return real(self, hz, ms)

    monkeypatch.setattr(sim_window.Speaker, "play", play)
    dev = device_helpers.run_window(monkeypatch, join_events(), frames=12)
    assert dev.app.screen.seats[0] == "human"
    assert (1175, True) in played  # cues.JOIN through the mixer
    assert played[-1][0] == 0  # and silence after it


def test_without_an_audio_device_the_window_shows_the_tone(shim, monkeypatch):
    import sim_window

    no_audio_device(monkeypatch)
    notes = []
    real = sim_window.Window.draw

    def draw(self):
        if self.speaker is not None and self.speaker.note():
            notes.append(self.speaker.note())
        return real(self)

    monkeypatch.setattr(sim_window.Window, "draw", draw)
    device_helpers.run_window(monkeypatch, join_events(), frames=12)
    assert "no sound: a 1175 Hz tone" in notes


# -- the window's keys in --help, no sound in one line, a note that is not cut (issue 29) --


def help_keys():
    """--help's key list: {key name: words}, one entry per key named on a line."""
    import sim

    text = sim.window_help()
    block = text[text.index("In the window, the keys:\n"):].split("\n")[1:]
    out = {}
    for line in block:
        if not line.startswith("    "):
            break
        names, _, words = line.strip().partition(": ")
        for name in names.split(", "):
            out[name] = words
    return out


def test_every_key_in_the_windows_key_maps_is_in_the_help(capsys):
    import sim
    import sim_window

    with pytest.raises(SystemExit):
        sim.main(["--help"])
    out = capsys.readouterr().out
    listed = help_keys()
    maps = (sim_window.PAD_KEYS, sim_window.MENU_KEYS, sim_window.POWER_KEYS,
            sim_window.BOARD_KEYS)
    every = [(k, what) for m in maps for k, what in m.items()]
    assert len(listed) == len(every)  # each key once, and nothing that is not a key
    for k, what in every:
        name = sim_window.key_name(k)
        assert listed.get(name) == sim_window.KEY_WORDS[what], name
        assert "    " in out and name in out
    for name in ("1", "Q", "keypad 1", "Enter", "Space", "Up arrow", "-", "=", "U", "I", "R",
                 "Esc"):
        assert name in listed, name


def test_the_help_lists_the_key_maps_not_a_copy(monkeypatch):
    import sim_window

    monkeypatch.setitem(sim_window.PAD_KEYS, pygame.K_a, "1")
    monkeypatch.setitem(sim_window.BOARD_KEYS, pygame.K_F1, "usb")
    listed = help_keys()
    assert listed["A"] == listed["Q"] == "slam pad P1"
    assert listed["F1"] == listed["U"]


def test_the_help_gives_the_long_press_as_the_menu_times_it():
    import re

    import sim_window

    from slampad.hw import menu

    words = sim_window.KEY_WORDS["select"]
    held = float(re.search(r"held ([0-9.]+) s", words).group(1))
    assert held * 1000 == menu.LONG_MS


def test_every_board_key_does_what_the_help_says(shim, monkeypatch):
    import sim_window

    # U plugs USB out, = raises the battery, Esc quits (the run ends early).
    events = {2: [key(pygame.KEYDOWN, pygame.K_u)], 3: [key(pygame.KEYDOWN, pygame.K_EQUALS)],
              5: [key(pygame.KEYDOWN, pygame.K_ESCAPE)]}
    before = []
    real = sim_window.Window.draw

    def draw(self):
        before.append(self.dev.battery())
        return real(self)

    monkeypatch.setattr(sim_window.Window, "draw", draw)
    device_helpers.run_window(monkeypatch, events, frames=40)
    assert before[1]["usb"] and not before[2]["usb"]
    assert before[3]["cell"] > before[2]["cell"]
    assert len(before) == 6  # Esc: the window closed at the frame it came


NO_SOUND = """
import argparse, sys
sys.path[:0] = [%r, %r]
import _rooms
_rooms.on_path()
import sim_window
sys.exit(sim_window.main(argparse.Namespace(profile="pico", seed=1), frames=3))
"""


@pytest.mark.parametrize("env", [
    {"SDL_AUDIODRIVER": "alsa", "AUDIODEV": "hw:77,0"},  # ALSA's screenful, then a failure
    {"SDL_AUDIODRIVER": "no_such_driver"},
])
def test_without_an_audio_device_the_simulator_says_so_in_one_line(env):
    import os
    import subprocess
    import sys

    from safety_net import SAFETY_NET_S

    tools = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools")
    code = NO_SOUND % (tools, os.path.join(tools, "simulator"))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ, SDL_VIDEODRIVER="dummy", **env),
                       timeout=SAFETY_NET_S)  # fmt: skip
    assert r.returncode == 0, r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("sim: no sound (") and "shows each tone" in lines[0]
    assert "ALSA lib" not in r.stderr + r.stdout


def test_the_sound_librarys_own_errors_are_not_shown(shim, monkeypatch, capfd):
    import os

    import sim_window

    def noisy(**kw):
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n" * 9)
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", noisy)
    capfd.readouterr()
    speaker = sim_window.Speaker()
    os.write(2, b"after\n")  # standard error is back
    err = capfd.readouterr().err
    assert not speaker.ok
    assert err == ("sim: no sound (ALSA: Couldn't open audio device): the window shows each "
                   "tone instead\nafter\n")


LONG_NOTE = ("script stopped: line 12: until 2000 P1: attack from?: the screen showed "
             "Saved: Diceland > Resume instead, after 2000 ms of waiting for it")


@pytest.mark.parametrize("profile", ["pico", "feather", "pico_tft", "macropad"])
def test_the_windows_note_is_not_cut(shim, monkeypatch, profile):
    import sim_window

    no_audio_device(monkeypatch)
    drawn = []
    real = sim_window.Window.draw

    def draw(self):
        if self.speaker is not None and self.speaker.note():
            self.note = LONG_NOTE
        real(self)
        drawn.append((self, list(self.shown)))

    monkeypatch.setattr(sim_window.Window, "draw", draw)
    device_helpers.run_window(monkeypatch, join_events(), frames=12, profile=profile)
    win, shown = next((w, s) for w, s in drawn if any("1175 Hz" in t for _x, t, _w in s))
    for x, text, width in shown:  # every line inside the window and the panel
        assert width <= win.text_width(), text
        assert x + width <= win.size[0] - sim_window.MARGIN, text
    words = " ".join(t for _x, t, _w in shown[3:]).split()
    assert words == (LONG_NOTE + "   no sound: a 1175 Hz tone").split()  # whole, words uncut
    assert len(shown) - 3 <= sim_window.NOTE_LINES
    assert win.size[1] <= 720


def test_a_note_too_long_for_its_lines_ends_between_words():
    import sim_window

    pygame.font.init()
    font = pygame.font.Font(None, 22)
    text = " ".join(["wordy"] * 200)
    lines = sim_window.wrap(font, text, 300, most=3)
    assert len(lines) == 3 and lines[-1].endswith(" ...")
    assert all(font.size(x)[0] <= 300 for x in lines)
    assert all(w == "wordy" for x in lines for w in x.split() if w != "...")


# -- a held key is one press, held (issue 29: holding select in the colour window did not
# -- return to the menu, and once changed a bot's level) --------------------------------


def held_select(repeat):
    """Frames of events: at the join screen, P2 made a bot (its row under the cursor),
    then select held 2.5 s (> LONG_MS) while the keyboard repeats it as ``repeat``."""
    d, u, enter = pygame.KEYDOWN, pygame.KEYUP, pygame.K_RETURN
    ev = {2: tap_in_one_frame(enter)}  # Wildside's join screen
    ev[5] = tap_in_one_frame(pygame.K_DOWN)  # the cursor on P1's row
    ev[7] = tap_in_one_frame(pygame.K_DOWN)  # on P2's
    ev[9] = tap_in_one_frame(enter)  # P2: a bot
    ev[12] = [key(d, enter)]  # select held from here ...
    for f in range(13, 88):
        if repeat == "key-down":  # a repeated key-down (pygame.key.set_repeat's kind)
            ev[f] = [key(d, enter)]
        elif repeat == "pair":  # X11's auto-repeat: key-up and key-down in one poll
            ev[f] = [key(u, enter), key(d, enter)]
        elif repeat == "split":  # ... the same pair split across two polls
            ev[f] = [key(u, enter)] if f % 2 else [key(d, enter)]
    ev[88] = [key(u, enter)]  # ... to here, 76 frames of 33 ms
    return ev


@pytest.mark.parametrize("profile, repeat", [
    ("pico_tft", "none"), ("pico_tft", "key-down"), ("pico_tft", "pair"),
    ("pico_tft", "split"), ("pico", "split"),
])
def test_a_held_select_is_one_press_and_returns_to_the_menu(shim, monkeypatch, profile,
                                                            repeat):
    import simdevice

    from slampad.hw import menu

    polled = []
    joins = []

    class Watched(simdevice.SimDevice):
        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            real = self.app.hw.menu.poll

            def poll():
                out = real()
                polled.extend(out)
                scr = self.app.screen
                if type(scr).__name__ == "JoinScreen":
                    joins.append(list(scr.seats))
                return out

            self.app.hw.menu.poll = poll

    monkeypatch.setattr(simdevice, "SimDevice", Watched)
    assert menu.LONG_MS < 2500
    dev = device_helpers.run_window(monkeypatch, held_select(repeat), frames=95,
                                    profile=profile)
    assert type(dev.app.screen).__name__ == "MenuScreen", dev.lines()
    # The tap that made P2 a bot, then the held select: one press, then the long press.
    assert polled == ["select", "down", "down", "select", "select", "long"], polled
    bot = joins[-1][1]
    assert bot not in (None, "human")
    assert joins.count(joins[-1]) >= 40  # P2's level stayed as the held press left it
