"""The app: one screen at a time, driven by a non-blocking ``step(now)``.

Hardware events come in (pads, menu buttons), the screen turns them into game
actions, and the screen's rows, the LEDs and the sound go out. Nothing here
waits: every frame drains the pad queue, lets the screen act, and returns.
"""

import gc
import sys

import keypad

from slampad.app.leds import Leds
from slampad.app.ui import Text

# Modules that belong to one game; dropped when its screen closes.
_GAME_MODULES = ("slampad.games.", "slampad.bots.", "slampad.app.play_")


def unload_games():
    """Forget every game module so only one game's code is ever in RAM."""
    for name in list(sys.modules):
        for prefix in _GAME_MODULES:
            if name.startswith(prefix):
                del sys.modules[name]
    gc.collect()


class App:
    def __init__(self, hw, cfg, seed=None):
        self.hw = hw
        self.cfg = cfg
        self.seed = seed
        self.text = Text(hw)
        self.leds = Leds(hw, cfg["brightness"])
        self.held = [False] * hw.n_pads  # which pads are down right now
        self.lost = False  # the pad queue overflowed
        self._ev = keypad.Event()
        self.screen = None
        self.now = hw.ticks_ms()
        from slampad.app.menu import MenuScreen

        self.go(MenuScreen(self))

    def go(self, screen):
        self.screen = screen
        screen.enter(self.now)

    def beep(self, cue):
        if self.hw.sound is not None and self.cfg["sound"]:
            self.hw.sound.play(cue)

    def new_seed(self):
        """A seed for a new game: the given one in the sim, else the clock."""
        if self.seed is not None:
            self.seed += 1
            return self.seed
        return self.hw.ticks_ms()

    def step(self, now):
        self.now = now
        scr = self.screen
        for b in self.hw.menu.poll():
            scr.on_menu(b, now)
        ev = self._ev
        events = self.hw.pads.events
        while events.get_into(ev):
            k = ev.key_number
            self.held[k] = ev.pressed
            if ev.pressed:
                scr.on_pad(k, ev.timestamp, now)
            else:
                scr.on_release(k, ev.timestamp, now)
        if events.overflowed:
            events.clear()
            # A lost release would leave its pad "held" for ever: rescan from scratch,
            # so a pad that is down now reports a fresh press.
            self.hw.pads.reset()
            self.held = [False] * self.hw.n_pads
            self.lost = True
        nxt = scr.tick(now)
        if nxt is not None:
            self.go(nxt)
        self.leds.update(now)
        if self.hw.sound is not None:
            self.hw.sound.update(now)
        self.text.refresh()


HW = None  # the hardware once built, so code.py can show a crash on its display


def run():
    """Device entry: build the hardware and run the app for ever."""
    global HW
    from slampad import hw as hardware
    from slampad.app import settings

    cfg = settings.load()
    HW = board_hw = hardware.build()
    app = App(board_hw, cfg)
    ticks = board_hw.ticks_ms
    while True:
        app.step(ticks())
