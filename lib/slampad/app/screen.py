"""The base screen: every screen answers these six calls and never blocks."""


class Screen:
    in_game = False  # True while a game is played on it: no auto-reload then
    resumed = False  # rebuilt from a save (saves.resume)
    is_menu = False  # the start menu: a long press of select does nothing there

    def __init__(self, app):
        self.app = app

    def from_save(self):
        """This screen was rebuilt from a save (saves.resume), not started afresh."""
        self.resumed = True

    def enter(self, now):
        pass

    def on_leave(self, now):
        """Called as the app moves on to another screen (a safe point to save)."""
        pass

    def on_menu(self, button, now):
        pass

    def on_pad(self, press, now):
        """A pad went down: ``press`` is an app/pad_input.Press (pad, ms, tick)."""
        pass

    def on_release(self, press, now):
        pass

    def on_lost(self, now):
        """The pad queue overflowed: presses were lost, and no pad counts as held now.
        Called once for each overflow (app/pad_input.py)."""
        pass

    def paused(self):
        """True while the screen waits only for a person (a menu, a player's turn): the
        idle timer runs then (app/power.py). Never in a round or a bot's turn."""
        return not self.in_game

    def tick(self, now):
        """Called once a frame; returns the next screen or None."""
        return None
