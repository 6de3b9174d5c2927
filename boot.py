"""Slampad boot: who may write to the CIRCUITPY drive.

Hold pad 1 while powering up: the firmware may write to the drive and the
computer sees it read-only. Otherwise the computer keeps write access, as usual,
so the image can be updated. Game saves, settings and statistics do not need
this: they live in microcontroller.nvm, which the firmware can always write.
A pad that wakes the board from deep sleep (issue 9) is not this: after a wake the
drive stays the computer's.
"""

import digitalio
import storage


def pad1_held():
    try:
        from slampad.hw import pad_pins

        pin = pad_pins()[0]
    except (ValueError, ImportError):  # no profile for this board, or a .mpy image
        return False  # for another CircuitPython (code.py's slampad_check says so)
    io = digitalio.DigitalInOut(pin)
    io.switch_to_input(pull=digitalio.Pull.UP)
    held = not io.value  # pads are buttons to ground
    io.deinit()
    return held


def woke_from_sleep():
    try:
        import microcontroller

        return microcontroller.cpu.reset_reason == microcontroller.ResetReason.DEEP_SLEEP_ALARM
    except (ImportError, AttributeError):
        return False


if not woke_from_sleep() and pad1_held():
    storage.remount("/", readonly=False)
    print("boot: pad 1 held, the firmware may write to flash")
