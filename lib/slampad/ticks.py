"""Tick arithmetic for wrapping counters (like ``adafruit_ticks.ticks_diff``)."""


def ticks_diff(a, b, wrap):
    """Signed a - b for counters that wrap at ``wrap`` (a power of two).

    Correct while the true difference is within half a wrap.
    """
    half = wrap >> 1
    return ((a - b + half) & (wrap - 1)) - half


def ticks_add(t, delta, wrap):
    return (t + delta) & (wrap - 1)
