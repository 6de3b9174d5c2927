"""What the referee tests share: a ruling in-process, a refusal, and the CLI as a
subprocess (tools/referee.py is on the path via conftest)."""

import json
import os
import subprocess
import sys

import referee
from safety_net import SAFETY_NET_S

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "tools", "referee.py")


def ruling(s, keys):
    """Ruling for a scenario that must be answered (in-process), its keys in order."""
    code, out, err = referee.run(json.dumps(s))
    assert (code, err) == (0, ""), err
    assert out.endswith("\n") and out.count("\n") == 1
    r = json.loads(out)
    assert list(r) == keys
    return r


def refuse(s):
    """stderr line for an impossible scenario (in-process); s may be raw text."""
    text = s if isinstance(s, (str, bytes)) else json.dumps(s)
    code, out, err = referee.run(text)
    assert code == 2, out
    assert out == ""
    assert err.startswith("referee: ") and err.endswith("\n") and err.count("\n") == 1
    return err


def cli(text, cwd=None):
    """The referee as a subprocess, fed ``text`` on stdin."""
    if isinstance(text, str):
        text = text.encode()
    return subprocess.run([sys.executable, SCRIPT], input=text, capture_output=True,
                          cwd=cwd, timeout=SAFETY_NET_S)
