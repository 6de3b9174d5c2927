"""Shim of CircuitPython's ``digitalio`` on the simulated pins.

An input reads the pin's level: what the outside drives (``simhw.press`` grounds it),
else its pull (floating reads high). An output drives the level other parts (a panel's
D/C line, a speaker enable) see.
"""

import _simworld


class _Const:
    def __init__(self, qual):
        self._qual = qual

    def __repr__(self):
        return self._qual


class Direction:
    INPUT = _Const("digitalio.Direction.INPUT")
    OUTPUT = _Const("digitalio.Direction.OUTPUT")


class Pull:
    UP = _Const("digitalio.Pull.UP")
    DOWN = _Const("digitalio.Pull.DOWN")


class DriveMode:
    PUSH_PULL = _Const("digitalio.DriveMode.PUSH_PULL")
    OPEN_DRAIN = _Const("digitalio.DriveMode.OPEN_DRAIN")


class DigitalInOut:
    def __init__(self, pin):
        _simworld.claim(pin, self)
        self._pin = pin
        self._direction = Direction.INPUT
        self._drive = DriveMode.PUSH_PULL
        pin.out = None
        pin.pull = None

    def _check(self):
        if self._pin is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")
        return self._pin

    def deinit(self):
        if self._pin is not None:
            _simworld.release(self._pin)
            self._pin = None

    def deinited(self):
        return self._pin is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        pin = self._check()
        self._direction = Direction.OUTPUT
        self._drive = drive_mode
        pin.pull = None
        pin.out = bool(value)

    def switch_to_input(self, pull=None):
        pin = self._check()
        self._direction = Direction.INPUT
        pin.out = None
        self.pull = pull

    @property
    def direction(self):
        self._check()
        return self._direction

    @direction.setter
    def direction(self, value):
        if value is Direction.OUTPUT:
            self.switch_to_output()
        else:
            self.switch_to_input()

    @property
    def value(self):
        pin = self._check()
        return bool(pin.level)

    @value.setter
    def value(self, val):
        pin = self._check()
        if self._direction is not Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        pin.out = bool(val)

    @property
    def pull(self):
        pin = self._check()
        if self._direction is Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        return {"up": Pull.UP, "down": Pull.DOWN}.get(pin.pull)

    @pull.setter
    def pull(self, pull):
        pin = self._check()
        if self._direction is Direction.OUTPUT:
            raise AttributeError("Pull not used when direction is output.")
        pin.pull = "up" if pull is Pull.UP else "down" if pull is Pull.DOWN else None

    @property
    def drive_mode(self):
        self._check()
        if self._direction is not Direction.OUTPUT:
            raise AttributeError("Drive mode not used when direction is input.")
        return self._drive

    @drive_mode.setter
    def drive_mode(self, mode):
        self._check()
        self._drive = mode
