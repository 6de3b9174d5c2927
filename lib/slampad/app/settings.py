"""Settings from settings.toml (os.getenv), with defaults and range checks.

A bad value falls back to its default and is reported in ``problems`` so the
menu can say what was wrong instead of the device refusing to start. The values chosen
on the Settings screen are saved in flash (``saved``; App.save_settings) and put over
settings.toml's at start (``apply``): settings.toml holds the defaults.
"""

import os

LEVELS = ("easy", "normal", "hard", "custom")  # custom: Wildside only (W11); others normal
# key: (default, low, high) for numbers, or (default, choices) for words
SPEC = {
    "SLAMPAD_BRIGHTNESS": (30, 1, 100),
    "SLAMPAD_BOT_LEVEL": ("normal", LEVELS),
    "SLAMPAD_BOT_MS": (900, 300, 2000),  # the custom bot's mean reaction time
    "SLAMPAD_BOT_ERRORS": (10, 0, 30),  # ... and the % of its matches it misses
    "SLAMPAD_LOOK_MS": (5000, 1000, 30000),
    "SLAMPAD_SOUND": (1, 0, 1),
    "SLAMPAD_DIM_S": (120, 0, 3600),  # idle seconds before dimming (0: never)
    "SLAMPAD_SLEEP_S": (600, 0, 86400),  # ... before saving and sleeping (0: never)
    "SLAMPAD_HOWTO": (0, 0, 15),  # the games whose how-to-play was offered: a bit each
    "SLAMPAD_BATTERY": ("lipo", ("lipo", "aa")),  # what powers a Pico's VSYS
    "SLAMPAD_DIODE_MV": (0, 0, 700),  # ... through a diode that drops this much
}


def load(getenv=None):
    """A dict of settings (short keys: brightness, bot_level, bot_ms, bot_errors, look_ms,
    sound, dim_s, sleep_s, howto, battery, diode_mv)."""
    getenv = getenv or os.getenv
    out = {}
    problems = []
    for key in sorted(SPEC):
        spec = SPEC[key]
        val = getenv(key)
        short = _short(key)
        if val is None:
            val = spec[0]
        elif len(spec) == 3:
            try:
                val = int(val)
            except (TypeError, ValueError):
                val = None
            if not _ok(spec, val):
                problems.append("%s must be %d..%d" % (key, spec[1], spec[2]))
                val = spec[0]
        elif not _ok(spec, val):
            problems.append("%s must be one of %s" % (key, ", ".join(spec[1])))
            val = spec[0]
        out[short] = val
    out["problems"] = problems
    return out


def _short(key):
    return key[8:].lower()


def _ok(spec, val):
    """A number within (default, low, high), or one of (default, choices)."""
    if len(spec) == 3:
        return type(val) is int and spec[1] <= val <= spec[2]
    return val in spec[1]


TOML_ONLY = ("SLAMPAD_BATTERY", "SLAMPAD_DIODE_MV")  # wiring: settings.toml alone, never saved


def saved(cfg):
    """The settings the Settings screen changes, as they are saved (a new dict)."""
    out = {}
    for key in SPEC:
        if key not in TOML_ONLY:
            out[_short(key)] = cfg[_short(key)]
    return out


def apply(cfg, rec):
    """Put a saved record over ``cfg``. A key it lacks keeps cfg's value; any bad value
    leaves cfg as it was and returns False."""
    if not isinstance(rec, dict):
        return False
    new = {}
    for key in SPEC:
        if key in TOML_ONLY:
            continue
        spec = SPEC[key]
        short = _short(key)
        if short not in rec:
            continue
        val = rec[short]
        if not _ok(spec, val):
            return False
        new[short] = val
    cfg.update(new)
    return True
