"""Importing this puts the repository's lib/ on sys.path, for the tests/mp entries on
MicroPython and CPython alike (both put a script's own folder first on sys.path)."""

import sys


def _here():
    try:
        p = __file__
    except NameError:
        p = sys.argv[0]
    p = p.replace("\\", "/")
    i = p.rfind("/")
    return p[:i] if i >= 0 else "."


sys.path.insert(0, _here() + "/../../lib")
