"""Slampad device entry: run the app; show any crash on the display."""

from slampad.app import main

try:
    main.run()
except Exception as err:  # noqa: BLE001 - shown on screen rather than lost
    from slampad.app import crash

    crash.show(err, main.HW)
    crash.wait_for_restart(main.HW)
