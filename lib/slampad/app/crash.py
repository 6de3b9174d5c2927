"""Show a crash on the display instead of dying silently; select restarts."""



def show(err, hw=None):
    """Print the traceback, then put the error's type and text on the display."""
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
        import displayio
        import terminalio
        from adafruit_display_text import label

        g = displayio.Group()
        scale = 2 if hw.width >= 200 else 1
        height = terminalio.FONT.get_bounding_box()[1] * scale
        for i, line in enumerate(lines):
            lb = label.Label(terminalio.FONT, text=line, color=0xFFFFFF, scale=scale)
            lb.anchor_point = (0, 0)
            lb.anchored_position = (0, i * height)
            g.append(lb)
        hw.display.root_group = g
        hw.display.refresh()
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
