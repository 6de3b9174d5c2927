"""Settings from settings.toml (os.getenv), with defaults and range checks.

A bad value falls back to its default and is reported in ``problems`` so the
menu can say what was wrong instead of the device refusing to start.
"""

import os

LEVELS = ("easy", "normal", "hard")
# key: (default, low, high) for numbers, or (default, choices) for words
SPEC = {
    "SLAMPAD_BRIGHTNESS": (30, 1, 100),
    "SLAMPAD_BOT_LEVEL": ("normal", LEVELS),
    "SLAMPAD_LOOK_MS": (5000, 1000, 30000),
    "SLAMPAD_SOUND": (1, 0, 1),
}


def load(getenv=None):
    """A dict of settings (short keys: brightness, bot_level, look_ms, sound)."""
    getenv = getenv or os.getenv
    out = {}
    problems = []
    for key in sorted(SPEC):
        spec = SPEC[key]
        val = getenv(key)
        short = key[8:].lower()
        if val is None:
            val = spec[0]
        elif len(spec) == 3:
            try:
                val = int(val)
            except (TypeError, ValueError):
                val = None
            if val is None or not spec[1] <= val <= spec[2]:
                problems.append("%s must be %d..%d" % (key, spec[1], spec[2]))
                val = spec[0]
        elif val not in spec[1]:
            problems.append("%s must be one of %s" % (key, ", ".join(spec[1])))
            val = spec[0]
        out[short] = val
    out["problems"] = problems
    return out
