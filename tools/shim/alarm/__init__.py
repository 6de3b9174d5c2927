"""Shim of CircuitPython's ``alarm``: deep sleep is recorded, and the app restarts on wake.

``exit_and_deep_sleep_until_alarms(*alarms)`` records the sleep and its alarms in the
simulated world (``simhw.sleep_alarms()``) and raises ``DeepSleepRequested``, a
BaseException: on the device the call never returns, as the VM stops. Nothing is
released by it (the app deinitializes the hardware itself first, as it must on the
device for the pins to be free for the alarms). ``simhw.wake_due()`` says which alarm
would wake the board now; ``simhw.wake(alarm)`` makes the restarted run's
``alarm.wake_alarm`` that alarm (tools/simulator/simdevice.py then restarts the app, keeping the
flash). ``light_sleep_until_alarms`` is not simulated.
"""

import _simworld

from . import pin, time  # noqa: F401 - alarm.pin.PinAlarm, alarm.time.TimeAlarm

sleep_memory = bytearray(4096)


class DeepSleepRequested(BaseException):
    """The app called exit_and_deep_sleep_until_alarms (the run ends here)."""


def __getattr__(name):
    if name == "wake_alarm":
        return _simworld.world.wake_alarm
    raise AttributeError("module 'alarm' has no attribute %r" % name)


def exit_and_deep_sleep_until_alarms(*alarms, preserve_dios=()):
    if not alarms:
        raise ValueError("No alarms set")
    for a in alarms:
        if isinstance(a, pin.PinAlarm) and a.pin.owner is not None:
            raise ValueError("%s in use" % _simworld.board_name(a.pin))
    w = _simworld.world
    w.sleep_alarms = tuple(alarms)
    w.events.append(("deep_sleep", tuple(alarms)))
    raise DeepSleepRequested("exit_and_deep_sleep_until_alarms")


def light_sleep_until_alarms(*alarms):
    raise NotImplementedError("light sleep is not simulated")
