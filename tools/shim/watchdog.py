"""Shim of CircuitPython's ``watchdog``: modes, and the timer behind
``microcontroller.watchdog``, on the simulator's virtual clock.

The timer records every feed; ``max_gap`` is the longest virtual time between two
feeds while it was on, and ``starved`` counts gaps over the timeout (a real board
would have reset). Python work takes no virtual time, so a slow bot shows up in the
benchmarks (tools/bench.py), not here.
"""

import _simworld


class WatchDogMode:
    RAISE = "RAISE"
    RESET = "RESET"


class WatchDogTimeout(Exception):
    pass


class WatchDogTimer:
    def __init__(self):
        self._timeout = 0.0
        self._mode = None
        self.feeds = 0
        self.max_gap = 0
        self.starved = 0
        self._last = None

    @property
    def timeout(self):
        return self._timeout

    @timeout.setter
    def timeout(self, value):
        if not 0 < value <= 8.388:  # the RP2040's limit (CircuitPython raises ValueError)
            raise ValueError("timeout must be in 0..8.388 s on RP2040")
        self._timeout = float(value)
        self.feed()

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, value):
        if value is not None and self._timeout <= 0:
            raise ValueError("set a timeout first")
        self._mode = value
        self._last = _simworld.world.now if value is not None else None

    def feed(self):
        if self._mode is None:
            return
        now = _simworld.world.now
        if self._last is not None:
            gap = (now - self._last) & _simworld.MASK
            self.max_gap = max(self.max_gap, gap)
            if gap > self._timeout * 1000:
                self.starved += 1
        self._last = now
        self.feeds += 1

    def deinit(self):
        """Stop the timer (deprecated on CircuitPython 9+: set ``mode = None``)."""
        self._mode = None
        self._last = None
