"""tools/ has rooms, one folder per concern (tools/README.md says which holds what); the
tools import each other by bare name (``import bench_table``, ``from simdevice import
SimDevice``) with tools/ and every room on sys.path. ``on_path()`` puts them there, the
one place that does: a tool run as a script calls it first, tests/conftest.py for the
tests, and tools/ modules that import from a room (deploy.py, screenshots.py).

A script in a room finds this module by its parent folder first:

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import _rooms  # noqa: E402
    _rooms.on_path()
"""

import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
# tools/shim/ is no room: the simulator puts it first on sys.path only while a device runs
# (simdevice.use_shim), as its modules stand in for CircuitPython's own.
ROOMS = ("benchmarks", "build", "emulator", "reliability", "simulator")


def folders(tools=TOOLS):
    """tools/ and its rooms, in the order they go on sys.path."""
    return [tools] + [os.path.join(tools, room) for room in ROOMS]


def on_path():
    """Put tools/ and every room first on sys.path (before site-packages, as a script's
    own folder is), each once: a folder already on it stays where it is."""
    sys.path[:0] = [p for p in folders() if p not in sys.path]
