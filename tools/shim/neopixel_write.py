"""Shim of CircuitPython's ``neopixel_write``: records raw GRB frames per pin (as sent)."""

import _simworld


def neopixel_write(digitalinout, buf):
    pin = getattr(digitalinout, "_pin", digitalinout)
    frames = _simworld.world.pixel_frames.setdefault(pin.number, [])
    _simworld.keep(frames, (_simworld.world.now, bytes(buf), "GRB"))
