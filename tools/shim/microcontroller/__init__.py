"""Shim of CircuitPython's ``microcontroller`` for the desktop (RP2040 pins GPIO0-29).

``Pin`` objects carry a simulated level (see ``simhw``); ``nvm`` is a 4 KB NOR flash sector
(``_flash.Nvm``: in-place programming over erased bytes, else erase + rewrite, with
injectable power cuts) that starts erased (0xFF) in each fresh world; ``watchdog`` is
the shim's ``watchdog.WatchDogTimer`` (a fresh one per world); ``cpu.reset_reason``
may be set by a test; ``reset()`` raises
``ResetRequested``.
"""

import _simworld
from _simworld import Pin, ResetRequested  # noqa: F401 - re-exported

from . import pin  # noqa: F401 - microcontroller.pin.GPIOn


class RunMode:
    NORMAL = "NORMAL"
    SAFE_MODE = "SAFE_MODE"
    UF2 = "UF2"
    BOOTLOADER = "BOOTLOADER"


class Processor:
    frequency = 125_000_000
    temperature = 27.0
    voltage = 3.3
    uid = bytearray(b"\x5a\x1a\x3d\x00\x00\x00\x00\x01")
    reset_reason = None


class ResetReason:
    POWER_ON = "POWER_ON"
    BROWNOUT = "BROWNOUT"
    SOFTWARE = "SOFTWARE"
    DEEP_SLEEP_ALARM = "DEEP_SLEEP_ALARM"
    RESET_PIN = "RESET_PIN"
    WATCHDOG = "WATCHDOG"
    UNKNOWN = "UNKNOWN"
    RESCUE_DEBUG = "RESCUE_DEBUG"


cpu = Processor()
cpus = (cpu, Processor())


def __getattr__(name):
    if name == "nvm":
        return _simworld.world.nvm
    if name == "watchdog":
        return _simworld.world.watchdog
    raise AttributeError("module 'microcontroller' has no attribute %r" % name)


def delay_us(delay):
    _simworld.sleep_us(delay)


def disable_interrupts():
    pass


def enable_interrupts():
    pass


def on_next_reset(run_mode):
    _simworld.world.events.append(("on_next_reset", run_mode))


def reset():
    _simworld.world.events.append(("reset",))
    raise ResetRequested("microcontroller.reset()")
