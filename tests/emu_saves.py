"""Saved games for the emulator tests, made on the shim.

Reaching a Diceland bot's first attack by tapping through the menus and a 36-hex
occupation takes over 30 emulated seconds (minutes of wall time at the emulator's
speed). So each test boots the real firmware with a game already saved in
``microcontroller.nvm``: the resume offer is a path players take after every power cut.
Each function plays the game on the shim to its first save and returns the nvm bytes
(the same Store format on both; the emulator puts them where the firmware keeps nvm).
"""

from test_shim import activate_shim


def make(game):
    """The nvm bytes of ``game`` (a key of GAMES) saved at its first safe point."""
    with activate_shim():
        return GAMES[game]()


def _dev(profile="pico", seed=5):
    from simdevice import SimDevice

    return SimDevice(profile, seed=seed)


def _until_saved(dev, timeout_ms=120000, step=20, ready=lambda game: True):
    """Run until the app has written a game save with ``ready(game)`` true; the flash
    image then."""
    seen = dev.app.saves_written
    waited = 0
    while True:
        assert waited < timeout_ms, "no save within %d ms; screen %r" % (timeout_ms, dev.lines())
        dev.run(step)
        waited += step
        if dev.app.saves_written != seen:
            seen = dev.app.saves_written
            if ready(dev.app.screen.game):
                return dev.flash_image()


def _play(dev, module, *args):
    from slampad.app.main import load_game, unload_games

    unload_games()  # as from the menu
    mod = load_game("slampad.app." + module)
    dev.app.go(mod.PlayScreen(dev.app, *args))


def wildside():
    """Four seats, all bots (hard, normal, normal, easy): the heaviest Wildside."""
    dev = _dev()
    _play(dev, "wildside.play", [0, 1, 2, 3], ["hard", "normal", "normal", "easy"])
    return _until_saved(dev)


def gowild():
    """Six seats of hard bots."""
    dev = _dev()
    _play(dev, "gowild.play", [0, 1, 2, 3, 4, 5], ["hard"] * 6)
    return _until_saved(dev)


def tumblin():
    """The virtual board, four hard bots."""
    dev = _dev()
    _play(
        dev, "tumblin.play", [0, 1, 2, 3], ["hard"] * 4, {"board": "virtual", "players": 4}
    )
    return _until_saved(dev)


def diceland():
    """The 36-hex scene, the hard bot against a normal one (both bots, so play goes on
    by itself), saved after the occupation."""
    dev = _dev()
    _play(dev, "diceland.play", [None, None], ["normal", "hard"], {"scene": "diceland"})
    return _until_saved(dev, timeout_ms=600000, ready=lambda g: g.phase != "occupy")


GAMES = {"wildside": wildside, "gowild": gowild, "tumblin": tumblin, "diceland": diceland}


# -- one bot level in every seat (tools/emu_bench.py: decision times per level) ------------

LEVELS = ("easy", "normal", "hard")
PIO_TICK_US, PIO_WRAP = 1, 1 << 28  # hw/pio_pads.py: the Pico's slam clock (1 us, 28 bits)


def make_level(game, level, seed=5):
    """The nvm bytes of ``game`` with every bot seat at ``level`` (one of LEVELS), saved at
    its first safe point, as the emulator's pico profile can resume it: Wildside four bots,
    Go Wild! six, Tumblin' Dice four on the virtual board, Diceland 36 hexes with both
    seats bots (after the occupation)."""
    if level not in LEVELS:
        raise ValueError("level %r: one of %s" % (level, ", ".join(LEVELS)))
    with activate_shim():
        return LEVEL_GAMES[game](level, seed)


def _pio_clock(dev):
    """Give the shim's Pico the slam clock its PIO pads have on the device: Wildside keeps
    (tick_us, wrap) in its options and refuses to resume a game saved on another clock
    (wildside.play.resume: the shim's keypad stamps in ms, the device's PIO in us)."""
    import _simworld

    hw = dev.app.hw
    w = _simworld.world
    hw.slam_tick_us, hw.slam_wrap = PIO_TICK_US, PIO_WRAP
    hw.slam_now = lambda: (w.now * 1000 + w.sub_us) % PIO_WRAP


def wildside_level(level, seed=5):
    dev = _dev(seed=seed)
    _pio_clock(dev)
    _play(dev, "wildside.play", [0, 1, 2, 3], [level] * 4)
    return _until_saved(dev)


def gowild_level(level, seed=5):
    dev = _dev(seed=seed)
    _play(dev, "gowild.play", [0, 1, 2, 3, 4, 5], [level] * 6)
    return _until_saved(dev)


def tumblin_level(level, seed=5):
    dev = _dev(seed=seed)
    _play(dev, "tumblin.play", [0, 1, 2, 3], [level] * 4, {"board": "virtual", "players": 4})
    return _until_saved(dev)


def diceland_level(level, seed=5):
    dev = _dev(seed=seed)
    _play(dev, "diceland.play", [None, None], [level] * 2, {"scene": "diceland"})
    return _until_saved(dev, timeout_ms=600000, ready=lambda g: g.phase != "occupy")


LEVEL_GAMES = {
    "wildside": wildside_level,
    "gowild": gowild_level,
    "tumblin": tumblin_level,
    "diceland": diceland_level,
}
