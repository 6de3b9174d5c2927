"""Shim of CircuitPython's ``storage``: calls are recorded (``simhw.remounts()``), not done."""

import _simworld


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    _simworld.world.remounts.append((mount_path, readonly, disable_concurrent_write_protection))


def disable_usb_drive():
    _simworld.world.events.append(("disable_usb_drive",))


def enable_usb_drive():
    _simworld.world.events.append(("enable_usb_drive",))


def getmount(mount_path):
    raise OSError("simulated: no filesystem mounted at %r" % (mount_path,))
