"""Shim of CircuitPython's ``rotaryio``: ``simhw.turn_encoder(steps)`` moves ``position``."""

import _simworld


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b, divisor=4):
        _simworld.claim(pin_a, self)
        try:
            _simworld.claim(pin_b, self)
        except Exception:
            _simworld.release(pin_a)
            raise
        pin_a.pull = pin_b.pull = "up"
        self._pins = (pin_a, pin_b)
        self.divisor = divisor
        self.position = 0
        _simworld.world.encoders.append(self)

    def deinit(self):
        if self._pins is not None:
            for pin in self._pins:
                _simworld.release(pin)
            self._pins = None
            if self in _simworld.world.encoders:
                _simworld.world.encoders.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def _turn(self, steps):
        self.position += steps
