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

    def no_audio(**kw):
        raise pygame.error("no audio device here")

    monkeypatch.setattr(pygame.mixer, "init", no_audio)
    notes = []
    real = sim_window.Window.draw

    def draw(self):
        if self.speaker is not None and self.speaker.note():
            notes.append(self.speaker.note())
        return real(self)

    monkeypatch.setattr(sim_window.Window, "draw", draw)
    device_helpers.run_window(monkeypatch, join_events(), frames=12)
    assert "no audio (no audio device here): a 1175 Hz tone" in notes
