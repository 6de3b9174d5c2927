"""Heap one module keeps once imported, on the MicroPython unix VM.

    micropython tools/benchmarks/mp_import_heap.py MODULE [DEPENDENCY ...]

Imports each DEPENDENCY first (its package parents and the modules MODULE imports, in
that order), collects garbage, reads ``gc.mem_alloc()``, imports MODULE, collects
again and reads it again: the difference is what MODULE itself keeps (its code,
functions, constants and globals, its sys.modules entry), not its dependencies and not
the compiler's garbage. Run it on a fresh VM per module (tools/benchmarks/bench.py --table does).
Prints one line: ``BENCH vm=micropython what=import module=... kept=... deps=...``.
"""

import gc
import sys

import mp_timing  # noqa: F401 - puts the repository's lib/ on sys.path (before the count)


def main(argv):
    if len(argv) < 2:
        raise ValueError("usage: mp_import_heap.py MODULE [DEPENDENCY ...]")
    name = argv[1]
    deps = argv[2:]
    for d in deps:
        __import__(d)
    gc.collect()
    gc.collect()
    before = gc.mem_alloc()
    __import__(name)
    gc.collect()
    gc.collect()
    kept = gc.mem_alloc() - before
    print("BENCH vm=micropython what=import module=%s kept=%d deps=%d" % (name, kept, len(deps)))


main(sys.argv)
