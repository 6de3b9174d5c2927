"""Show a crash on the display instead of dying silently; select restarts."""

TEXT = None  # the crash screen's rows, once shown


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


def wait_for_restart(hw):
    """Block until select is pressed, then reload code.py.

    Without working hardware nothing can be pressed: wait for the reset button
    rather than reloading into the same failure for ever.
    """
    import supervisor

    if hw is None or hw.menu is None:
        import time

        while True:
            time.sleep(1)
    while "select" not in hw.menu.poll():
        pass
    supervisor.reload()
