"""Slampad device entry: run the app; show any crash, then restart into a safe state."""

from slampad.app import main

try:
    main.run()
except Exception as err:  # noqa: BLE001 - shown on screen rather than lost
    from slampad.app import crash

    crash.show(err, main.HW)
    crash.wait_for_restart(main.HW)
    raise  # ends the run with the error: its traceback is kept for the next start
