"""The project's tools run in .venv: a tool started with the system python3 (its
``#!/usr/bin/env python3`` line, as the README shows them: ``tools/deploy.py ...``)
calls ``use_venv()`` first and goes on in .venv's python, which has the packages of
requirements-dev.txt (adafruit_pioasm, the Adafruit libraries, the MicroPython VM).

A missing or outdated .venv is made first, the way tools/sim and tools/test make it
(tools/_venv.sh). $SLAMPAD_NO_VENV=1 keeps the interpreter the tool was started with.
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def in_venv(root=ROOT):
    """Is this interpreter the project's .venv?"""
    venv = root / ".venv"
    return venv.is_dir() and Path(sys.prefix).resolve() == venv.resolve()


def use_venv(script, argv=None, root=ROOT):
    """Re-run ``script`` (the tool's __file__) with ``argv`` (default: sys.argv[1:]) in
    .venv's python, unless this is it already; exit 1 saying so when .venv cannot be made."""
    if in_venv(root) or os.environ.get("SLAMPAD_NO_VENV"):
        return
    argv = sys.argv[1:] if argv is None else argv
    name = os.path.basename(script)
    python = root / ".venv" / "bin" / "python"
    try:
        r = subprocess.run(["bash", str(root / "tools" / "_venv.sh")], cwd=root)
        ok = r.returncode == 0
    except OSError:
        ok = False
    if not ok or not python.is_file():
        print(
            "%s: could not make .venv (tools/_venv.sh needs bash and Python 3.11 or newer); "
            "run tools/test or tools/sim once, then %s again" % (name, name),
            file=sys.stderr,
        )
        sys.exit(1)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(str(python), [str(python), str(Path(script).resolve()), *argv])
