"""Shim of CircuitPython's ``supervisor``: ``ticks_ms()`` is the simulator's virtual clock.

It wraps at 2**29 and starts at 2**29 - 65536 (as the firmware does), and moves only when
``simhw.advance(ms)`` (or a simulated blocking wait) moves it. ``time.monotonic`` is not
touched.
"""

import os

import _simworld


def ticks_ms():
    return _simworld.world.now


def reload():
    _simworld.world.events.append(("reload",))


def get_previous_traceback():
    """What a test put in ``_simworld.world.previous_traceback`` (a crashed last run)."""
    return _simworld.world.previous_traceback


def get_setting(key, default=None):
    value = os.environ.get(key)
    return default if value is None else value


def set_next_code_file(filename, **kwargs):
    _simworld.world.events.append(("set_next_code_file", filename, kwargs))


class _Runtime:
    @property
    def usb_connected(self):
        """True while the simulated board has USB power (simhw.set_battery)."""
        return bool(_simworld.world.battery["usb"])

    serial_connected = True
    serial_bytes_available = 0
    autoreload = True
    run_reason = None
    safe_mode_reason = None
    display = None


runtime = _Runtime()
