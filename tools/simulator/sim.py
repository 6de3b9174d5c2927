"""The Slampad simulator: the real firmware on the host shim.

    tools/sim                      a window (pygame) when a screen is available,
                                   else the headless demo below
    tools/sim --seed N             the same dice as the run that showed seed N
    tools/sim --flash FILE         keep the flash (saves, settings) in FILE between runs
    tools/sim --script FILE        play a script in the window, then the keys are yours
    tools/sim --headless           play tools/sim_demo.txt, write screenshots and a log
    tools/sim --headless --script FILE --screenshots DIR
    tools/sim --profile macropad   pico (default), feather, pico_tft, macropad
    tools/sim --watch              bots play Wildside as text (rules only, no device)

The window deals from a new random seed each launch and shows it in its title; a
headless run uses seed 1 unless --seed says otherwise, so a script plays the same way
every time.

In the window, the keys of tools/simulator/sim_window.py's key maps (--help lists them,
read from those maps). A tap, however short, reaches the device (each key is held at
least 30 ms), and a key held down is one press, held, however the keyboard repeats it.
The piezo's tones play through the computer's speaker; with no audio device the
terminal says so in one line, and the window shows each tone.

A script is one command per line ('#' starts a comment):
    wait MS               let MS milliseconds of device time pass
    tap KEY [HOLD_MS]     press and release KEY (1-4, up, down, select)
    press KEY | release KEY
    auto PAD... [LEVEL]   simulated people play these pads (ready, and slam on a match)
    until MS TEXT         run until a screen row contains TEXT (fail after MS)
    expect TEXT           fail unless a screen row contains TEXT now
    shot NAME             save the screen as NAME.png in the screenshots folder
    battery VOLTS [usb]   the battery now (USB power too with "usb"; the default is USB)
    idle SECONDS          fast-forward SECONDS with nobody touching anything
    asleep                fail unless the device is in deep sleep (a pad or select wakes it)
"""

import argparse
import os
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
sys.path.insert(0, TOOLS)
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

from sim_script import ScriptError, load, run_script  # noqa: E402
from simdevice import PROFILES, SimDevice  # noqa: E402

DEMO = os.path.join(TOOLS, "sim_demo.txt")
SCRIPT_HELP = __doc__[__doc__.index("A script is one command") :]
WINDOW_HELP = __doc__[__doc__.index("In the window") : __doc__.index("A script is one")]


def window_help():
    """--help's part on the window: its keys, listed from sim_window's key maps."""
    try:
        import sim_window
    except ImportError as e:  # no pygame: no window either
        return "In the window: none here (%s)\n\n" % e
    keys = "\n".join("    " + line for line in sim_window.key_help())
    rest = textwrap.fill(" ".join(WINDOW_HELP[WINDOW_HELP.index(". ") + 2 :].split()), 88)
    return "In the window, the keys:\n%s\n%s\n\n" % (keys, rest)


def has_screen():
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def headless(a):
    script = a.script or DEMO
    try:
        commands = load(script)
    except ScriptError as e:
        print("sim: %s" % e, file=sys.stderr)
        return 2
    shots = a.screenshots
    os.makedirs(shots, exist_ok=True)
    dev = SimDevice(a.profile, seed=a.seed)
    log_path = os.path.join(shots, "sim-log.txt")
    seen = 0
    try:
        written = run_script(dev, commands, shots)
        ok = True
    except ScriptError as e:
        print("sim: %s: %s" % (script, e), file=sys.stderr)
        written = []
        ok = False
    with open(log_path, "w") as log:
        for t, lines in dev.log:
            text = " | ".join(x for x in lines if x)
            log.write("%9d  %s\n" % (t, text))
            seen += 1
    print("Slampad simulator (headless, profile %s, seed %d): %s" % (a.profile, a.seed, script))
    for _t, lines in dev.log[-12:]:
        print("  " + " | ".join(x for x in lines if x))
    print("%d screen changes logged to %s" % (seen, log_path))
    for p in written:
        print("screenshot: " + p)
    dev.close()
    return 0 if ok else 1


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--watch" in argv:
        argv.remove("--watch")
        import sim_watch

        return sim_watch.main(argv)
    ap = argparse.ArgumentParser(
        prog="tools/sim",
        description=__doc__.split("\n")[0],
        epilog=window_help() + SCRIPT_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--profile", default="pico", choices=sorted(PROFILES))
    ap.add_argument(
        "--seed",
        type=int,
        help="game seed: the same seed deals the same dice (the window: a new random one "
        "each launch, shown in its title; headless: 1)",
    )
    ap.add_argument("--headless", action="store_true", help="no window: run a script")
    ap.add_argument(
        "--script",
        help="a script of timed key events (below): played in the window, or headless "
        "with --headless or no screen (default there: the demo)",
    )
    ap.add_argument(
        "--flash",
        metavar="FILE",
        help="the window: the board's flash (saves, settings) kept in FILE between runs",
    )
    ap.add_argument("--screenshots", default=os.path.join("out", "sim"),
                    help="folder for screenshots and the log (default out/sim)")
    ap.add_argument("--watch", action="store_true", help="bots play Wildside as text")
    a = ap.parse_args(argv)
    if a.headless or not has_screen():
        if a.seed is None:
            a.seed = 1
        return headless(a)
    if a.seed is None:
        a.seed = new_seed()
    a.commands = None
    if a.script:
        try:
            a.commands = load(a.script)
        except ScriptError as e:
            print("sim: %s" % e, file=sys.stderr)
            return 2
    print("Slampad simulator, profile %s, seed %d (tools/sim --seed %d deals the same)"
          % (a.profile, a.seed, a.seed))
    import sim_window

    return sim_window.main(a)


def new_seed():
    """A seed for a launch without --seed: different every time, short enough to type."""
    return int.from_bytes(os.urandom(4), "big") % 1000000


if __name__ == "__main__":
    sys.exit(main())
