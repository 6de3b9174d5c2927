"""What the tools/benchmarks/mp_bench_*.py scripts share; they run on MicroPython and on
CPython alike. Importing this puts the repository's lib/ on sys.path, and
gives microsecond timing on either VM (time.ticks_us on MicroPython,
time.perf_counter_ns on CPython)."""

import sys
import time


def _here():
    try:
        p = __file__
    except NameError:
        p = sys.argv[0]
    p = p.replace("\\", "/")
    i = p.rfind("/")
    return p[:i] if i >= 0 else "."


sys.path.insert(0, _here() + "/../../lib")

if hasattr(time, "ticks_us"):
    VM = "micropython"

    def now_us():
        return time.ticks_us()

    def since_us(t0):
        return time.ticks_diff(time.ticks_us(), t0)

else:
    VM = "cpython"

    def now_us():
        return time.perf_counter_ns()

    def since_us(t0):
        return (time.perf_counter_ns() - t0) / 1000


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return 0
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
