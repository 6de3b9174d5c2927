#!/usr/bin/env python3
"""What a library costs on the real firmware: the heaviest game's least free heap, with and
without the library imported at boot (issue 17 item 7 asked it of adafruit_debouncer).

    tools/emulator/emu_lib_cost.py [--game diceland] [MODULE ...]

The image is tools/deploy.py's for the pico profile (.py, with the probe); the second
image also carries each MODULE's file from .venv and imports the first one at the top of
code.py, so the library's objects stay in RAM for the whole run, as a library the app
used would. Each run resumes the tests' save of the game (tests/emu_saves.py), plays on
through two bot decisions and prints the least free heap at any probe record (after a
collection). Default: adafruit_debouncer (which imports adafruit_ticks).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # tools/
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, os.path.join(ROOT, "tests")]
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

import emu  # noqa: E402
import emu_saves  # noqa: E402


def image(dest, modules):
    subprocess.run([sys.executable, os.path.join(HERE, "deploy.py"), dest, "--profile", "pico",
                    "--probe"], check=True, capture_output=True)  # fmt: skip
    if modules:
        import importlib.util

        for m in modules:
            spec = importlib.util.find_spec(m)
            if spec is None or not spec.origin:
                raise SystemExit("emu_lib_cost: %s is not installed in .venv" % m)
            shutil.copy(spec.origin, os.path.join(dest, "lib", os.path.basename(spec.origin)))
        code = os.path.join(dest, "code.py")
        with open(code) as f:
            text = f.read()
        with open(code, "w") as f:
            f.write("import %s  # emu_lib_cost\n" % modules[0] + text)
    return dest


def least_free(img, nvm):
    with emu.EmuDevice("pico", image=img, nvm=nvm, stock=True) as dev:  # the .py image
        if not dev.run_until("Resume", 40000):
            raise SystemExit("emu_lib_cost: no resume offer: %r" % (dev.lines(),))
        dev.tap("select")
        waited = 0
        while len(dev.bots) < 2 and waited < 120000:
            dev.run(500)
            waited += 500
        if dev.crashed() is not None:
            raise SystemExit("emu_lib_cost: the firmware stopped: %s" % dev.crashed())
        return dev.least_free, len(dev.bots)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("modules", nargs="*", default=["adafruit_debouncer", "adafruit_ticks"])
    ap.add_argument("--game", default="diceland", choices=sorted(emu_saves.GAMES))
    a = ap.parse_args(argv)
    nvm = emu_saves.make(a.game)
    with tempfile.TemporaryDirectory() as tmp:
        plain, _ = least_free(image(os.path.join(tmp, "plain"), []), nvm)
        with_lib, bots = least_free(image(os.path.join(tmp, "lib"), a.modules), nvm)
    print("%s: least free heap %d B without, %d B with %s (%d B for it; %d bot decisions)"
          % (a.game, plain, with_lib, " + ".join(a.modules), plain - with_lib, bots))
    return 0


if __name__ == "__main__":
    from _venv import use_venv

    use_venv(__file__)  # the system python3 goes on in .venv's (tools/_venv.py)
    sys.exit(main())
