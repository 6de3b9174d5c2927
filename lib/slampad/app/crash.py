"""Show a crash on the display instead of dying silently, then restart safely.

code.py shows the error here, waits for select (or WAIT_MS), and re-raises it: the
VM then ends with the exception, so ``supervisor.get_previous_traceback()`` keeps
the traceback, and ``reload_on_error`` starts the app again at once. The app's first
screen notes the error (``note()``) and offers the saved game, or the menu.
"""

TEXT = None  # the crash screen's rows, once shown
WAIT_MS = 30000  # nobody pressed select: restart anyway


def show(err, hw=None):
    """Print the traceback, then put the error's type and text on the display."""
    global TEXT
    try:
        import traceback

        traceback.print_exception(err)
    except (ImportError, TypeError):
        print(repr(err))
    cols = 20 if hw is not None and hw.width >= 200 else 21
    lines = ["Slampad stopped:", type(err).__name__[:cols]]
    msg = str(err)
    while msg and len(lines) < 4:
        lines.append(msg[:cols])
        msg = msg[cols:]
    lines.append("select: restart")
    for line in lines:
        print(line)
    if hw is None or hw.display is None:
        return None
    try:
        from slampad.app.ui import Text

        TEXT = Text(hw)  # light: a TileGrid per row, no Label library
        TEXT.show(lines)
        TEXT.refresh()
    except Exception as e2:  # the display itself may be what failed
        print("crash screen failed:", repr(e2))
    return lines


def _feed():
    try:
        import microcontroller

        if microcontroller.watchdog is not None:
            microcontroller.watchdog.feed()
    except (ImportError, AttributeError):
        pass


def wait_for_restart(hw):
    """Wait for select (or WAIT_MS), feeding the watchdog, then ask for a reload
    when code.py ends with the error.

    Without working hardware nothing can be pressed and the app would fail again:
    wait for the reset button rather than reloading into the same failure for ever.
    """
    import supervisor

    if hw is None or hw.menu is None:
        import time

        while True:
            time.sleep(1)
    from slampad.ticks import ticks_diff

    t0 = hw.ticks_ms()
    while "select" not in hw.menu.poll():
        _feed()
        if ticks_diff(hw.ticks_ms(), t0, hw.wrap) >= WAIT_MS:
            break
    supervisor.set_next_code_file(None, reload_on_error=True)


def note():
    """How the last run ended, if it crashed, the watchdog reset it or it woke from a
    sleep; said on the console too (a restart is never silent)."""
    why = _why()
    if why:
        print("Slampad: " + why)
    return why


def _why():
    try:
        import supervisor

        tb = supervisor.get_previous_traceback()
    except (ImportError, AttributeError):
        tb = None
    if tb and "KeyboardInterrupt" not in tb:  # ctrl-C at the console is no crash
        lines = [x.strip() for x in tb.strip().split("\n") if x.strip()]
        where = ""
        for x in lines:
            if x.startswith("File "):  # the innermost frame: its file and line
                q = x.split('"')
                if len(q) > 2:
                    line = q[2].split("line ")[-1].split(",")[0]
                    where = " at %s:%s" % ("/".join(q[1].split("/")[-2:]), line)
        return "Last crash: %s%s" % (lines[-1] if lines else "?", where)
    try:
        import microcontroller

        rr = microcontroller.cpu.reset_reason
        if rr is not None and rr == microcontroller.ResetReason.WATCHDOG:
            return "Restarted: the app stopped answering"
    except (ImportError, AttributeError):
        pass
    try:
        import alarm

        if alarm.wake_alarm is not None:
            return "Woke from sleep: it slept to save power"
    except (ImportError, AttributeError):
        pass
    return None
