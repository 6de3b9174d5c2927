import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "lib"), os.path.join(ROOT, "tools")):
    if p not in sys.path:
        sys.path.insert(0, p)

import _rooms  # noqa: E402 - tools/ is on sys.path now

_rooms.on_path()  # and its rooms: tests import a tool by its bare name (import deploy)
