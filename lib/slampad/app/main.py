"""The app: one screen at a time, driven by a non-blocking ``step(now)``.

Hardware events come in (pads, menu buttons), the screen turns them into game
actions, and the screen's rows, the LEDs and the sound go out. Nothing in a frame
waits: every frame drains the pad queue, lets the screen act, and returns; run()
then sleeps out the rest of the frame (pace()).
"""

import time

from micropython import const

from slampad.app import settings
from slampad.app.leds import Leds
from slampad.app.loader import forget, load_game, unload_games
from slampad.app.pad_input import PadInput
from slampad.app.power import Power
from slampad.app.ui import Text
from slampad.ticks import ticks_diff

WATCHDOG_S = 8  # RP2040's limit is 8.3 s; the slowest frame (a hard bot) is far below
# Frames start at most this often. Slams are stamped by the pads' hardware (PIO or keypad),
# so the frame's length never decides who was first; 10 ms still answers a press at
# once and keeps the LEDs' animation and the Tumblin' charge bar smooth (100 frames/s).
FRAME_MS = const(10)

def autoreload(on):
    """USB writes may reload the code in menus, not in a game."""
    try:
        import supervisor

        supervisor.runtime.autoreload = on
    except (ImportError, AttributeError):  # an old or a non-CircuitPython port
        pass


class App:
    def __init__(self, hw, cfg, seed=None):
        self.hw = hw
        self.cfg = cfg
        self.seed = seed
        self.text = Text(hw)
        self.notices = []  # one-off notes for the menu (saves), shown once
        self.remember = {}  # each game's last setup and seats, offered again next time
        self._store = None
        self._no_store = False
        self.saved = self.load_settings()  # settings.toml values, the saved ones over them
        self.leds = Leds(hw, cfg["brightness"])
        self.pad_input = PadInput(hw)  # pad events into on_pad/on_release; which are held
        self.screen = None
        self.now = hw.ticks_ms()
        self.saves_written = 0  # game saves made (saves.save)
        self.resumed = 0  # saved games resumed
        self.save_failed = False  # a game save failed (said once)
        self._dog = None  # the watchdog, once start_watchdog() ran
        self.power = Power(self, self.now)  # battery, dimming and sleep (issue 9)
        self.go(self.first_screen())

    def first_screen(self):
        """The resume offer if a game was saved, else the menu (a crash's note first)."""
        from slampad.app import saves
        from slampad.app.crash import note

        last = note()
        if last:
            self.notices.insert(0, last)
        rec = saves.saved(self)
        if rec is not None:
            from slampad.app.menu_resume import ResumeScreen

            return ResumeScreen(self, rec)
        return self.menu_screen()

    def menu_screen(self):
        """The start menu (which unloads any game as it opens)."""
        from slampad.app.menu import MenuScreen

        return MenuScreen(self)

    # Screens load and drop game code through the app they are handed.
    def load_game(self, entry):
        return load_game(entry)

    def forget(self, name):
        forget(name)

    def unload_games(self):
        unload_games()

    def start_watchdog(self, seconds=WATCHDOG_S):
        """Reset the board if a frame ever takes longer than ``seconds`` (RP2040: at
        most 8.3 s). Fed once a frame by step(); none on a port without one."""
        try:
            import microcontroller
            from watchdog import WatchDogMode

            dog = microcontroller.watchdog
            dog.timeout = seconds
            dog.mode = WatchDogMode.RESET
        except (ImportError, AttributeError, NotImplementedError, RuntimeError, ValueError):
            return None
        self._dog = dog
        return dog

    def go(self, screen):
        old = self.screen
        if old is not None:
            old.on_leave(self.now)
        self.screen = screen
        self.text.scroll_marks(0, False, 0, False)  # a list's arrows are its own
        self.text.list_look()  # ... and its dressing on the colour display
        autoreload(not screen.in_game)  # a USB write must not kill a game
        screen.enter(self.now)

    def count_save(self, error=None):
        """A game save was made (saves.save), or failed with ``error``: said once."""
        if error is None:
            self.saves_written += 1
        elif not self.save_failed:
            self.save_failed = True
            self.notices.append("Game not saved: %s" % type(error).__name__)

    def count_resume(self):
        self.resumed += 1

    def take_notices(self):
        """The one-off notices, each shown once: taking them empties the list."""
        out, self.notices = self.notices, []
        return out

    def store(self):
        """The record store over microcontroller.nvm, made on first use; None if the
        board has none (a note says so once)."""
        if self._store is None and not self._no_store:
            try:
                import microcontroller

                from slampad.store import Store

                self._store = Store(microcontroller.nvm)
            except Exception as e:  # no nvm on this port, or no memory for its buffer
                self._no_store = True
                self.notices.append("Saves off: %s" % type(e).__name__)
                return None
            for n in self._store.notices:
                self.notices.append("Saves: " + n)
        return self._store

    def load_settings(self):
        """Put the saved settings over cfg; returns what is saved now (to save changes)."""
        st = self.store()
        if st is not None:
            got = st.load("settings")
            if got is not None and not settings.apply(self.cfg, got):
                self.notices.append("Saved settings were bad: defaults used")
        return settings.saved(self.cfg)

    def save_settings(self):
        """Save the settings if they changed (call at a safe point: no game running)."""
        now = settings.saved(self.cfg)
        if now == self.saved:
            return
        st = self.store()
        if st is None:
            return
        try:
            st.save("settings", now)
        except Exception as e:  # a flash error: keep playing, say so
            self.notices.append("Settings not saved: %s" % type(e).__name__)
            return
        self.saved = now

    def to_menu(self):
        """Back to the start menu from anywhere, dropping any game (long-press select)."""
        self.go(self.menu_screen())  # the old screen hears on_leave; the menu unloads it
        self.text.drop_pictures()  # a game's picture (the Diceland map) goes with it

    def beep(self, cue):
        if self.hw.sound is not None and self.cfg["sound"]:
            self.hw.sound.play(cue)

    def new_seed(self):
        """A seed for a new game: the given one in the sim, else os.urandom (the clock
        where a port has no urandom)."""
        if self.seed is not None:
            self.seed += 1
            return self.seed
        try:
            import os

            b = os.urandom(4)
            return b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
        except Exception:  # no urandom (AttributeError) or no hardware source
            return self.hw.ticks_ms()

    def step(self, now):
        self.now = now
        if self._dog is not None:
            self._dog.feed()
        scr = self.screen
        for b in self.hw.menu.poll():
            self.power.poke(now)
            if b != "long":
                scr.on_menu(b, now)
            elif not scr.is_menu:  # select held (hw/menu.LONG_MS): back to the menu
                self.to_menu()
                scr = self.screen
        self.pad_input.drain(self, scr, now)
        nxt = scr.tick(now)
        if nxt is not None:
            self.go(nxt)
        self.power.step(now)
        self.leds.update(now)
        if self.hw.sound is not None:
            self.hw.sound.update(now)
        self.text.refresh()


HW = None  # the hardware once built, so code.py can show a crash on its display


def pace(started, now, wrap, frame_ms=FRAME_MS):
    """Seconds to sleep so a frame that began at tick ``started`` lasts ``frame_ms``,
    ``now`` being the tick after its step: 0 when it overran (no catching up)."""
    left = frame_ms - ticks_diff(now, started, wrap)
    if left <= 0:
        return 0
    return min(left, frame_ms) / 1000  # at most a frame, whatever the clock did


def run():
    """Device entry: build the hardware and run the app for ever."""
    global HW
    from slampad import hw as hardware
    from slampad.app import settings

    cfg = settings.load()
    HW = board_hw = hardware.build()
    app = App(board_hw, cfg)
    app.start_watchdog()
    ticks = board_hw.ticks_ms
    wrap = board_hw.wrap
    while True:
        t = ticks()
        app.step(t)
        nap = pace(t, ticks(), wrap)
        if nap:
            time.sleep(nap)  # CircuitPython idles the CPU (WFI) meanwhile: less current
