"""Slampad device entry: run the app; show any crash, then restart into a safe state."""

import slampad_check  # first, and always .py: a .mpy image for another CircuitPython

slampad_check.check()  # ... says so here and stops
del slampad_check  # (it dropped itself from sys.modules: its RAM goes back)

from slampad.app import main  # noqa: E402 - after the check

try:
    main.run()
except Exception as err:  # noqa: BLE001 - shown on screen rather than lost
    from slampad.app import crash

    crash.show(err, main.HW)
    crash.wait_for_restart(main.HW)
    raise  # ends the run with the error: its traceback is kept for the next start
