"""Shim of CircuitPython's ``watchdog``: modes, and the timer behind
``microcontroller.watchdog``, on the simulator's virtual clock.

The timer (``WatchDogTimer``) is part of the simulated world, in _simworld (one per
world, as ``microcontroller.watchdog``); it is named here too, as on CircuitPython.
"""

from _simworld import WatchDogTimer  # noqa: F401 - CircuitPython's watchdog.WatchDogTimer


class WatchDogMode:
    RAISE = "RAISE"
    RESET = "RESET"


class WatchDogTimeout(Exception):
    pass
