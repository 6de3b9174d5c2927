"""Show a crash on the display instead of dying silently; select restarts."""



def show(err, hw=None):
    """Print the traceback, then put the error's type and text on the display."""
    try:
        import traceback

        traceback.print_exception(err)
    except (ImportError, TypeError):
        print(repr(err))
    lines = ["Slampad stopped:", type(err).__name__]
    text = str(err)
    while text and len(lines) < 4:
        lines.append(text[:21])
        text = text[21:]
    lines.append("select/reset: restart")
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
        for i, line in enumerate(lines):
            lb = label.Label(terminalio.FONT, text=line, color=0xFFFFFF, scale=scale)
            lb.anchor_point = (0, 0)
            lb.anchored_position = (0, i * 12 * scale)
            g.append(lb)
        hw.display.root_group = g
        hw.display.refresh()
    except Exception as e2:  # the display itself may be what failed
        print("crash screen failed:", repr(e2))
    return lines


def wait_for_restart(hw):
    """Block until select is pressed, then reload code.py."""
    import supervisor

    while hw is not None and hw.menu is not None:
        if "select" in hw.menu.poll():
            break
    supervisor.reload()
