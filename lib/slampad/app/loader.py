"""One game's code in RAM at a time: import a game's screen, forget it after.

The app (app/main.py) lends these to the screens as methods, so no screen imports
the app back."""

import gc
import sys

from slampad.app import registry


def forget(name):
    """Drop a module from sys.modules and from its package (importing ``a.b`` sets
    attribute ``b`` on ``a``, which would keep the module alive)."""
    sys.modules.pop(name, None)
    i = name.rfind(".")
    parent = sys.modules.get(name[:i]) if i > 0 else None
    if parent is not None and hasattr(parent, name[i + 1 :]):
        delattr(parent, name[i + 1 :])


def load_game(entry):
    """Import game screen ``entry``'s modules largest first, after one collection, while
    the heap is emptiest (order: app/play_order.py, made by tools/deploy.py; dropped
    first), and collect once after them. The Slampad firmware does not collect after
    each frozen import, as CircuitPython does (about 4 ms a module: most of a load);
    tools/build/firmware.py SOURCE_CHANGES."""
    try:
        from slampad.app.play_order import ORDER

        names = ORDER.get(entry, ())
        del ORDER
    except ImportError:  # an image without it: the usual order
        names = ()
    forget("slampad.app.play_order")
    gc.collect()
    for name in names:
        if name not in sys.modules:
            __import__(name)
    __import__(entry)
    gc.collect()
    return sys.modules[entry]


def unload_games():
    """Forget every game module so only one game's code is ever in RAM (the menu
    calls it on every visit)."""
    names = list(sys.modules)
    for pkg in ("slampad.games", "slampad.bots", "slampad.app"):
        p = sys.modules.get(pkg)  # a module the package still holds is kept alive too
        if p is not None:
            names.extend(pkg + "." + a for a in dir(p) if type(getattr(p, a)) is type(sys))
    prefixes = registry.game_prefixes()  # one game's rules, bots, screens, seating, setup
    for name in names:
        for prefix in prefixes:
            if name.startswith(prefix):
                forget(name)
    gc.collect()
