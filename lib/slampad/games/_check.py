"""Field checks for options and saved states; errors name the field."""


def bad(path, why):
    raise ValueError(path + ": " + why)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def need_int(v, path, lo=None, hi=None):
    if not is_int(v):
        bad(path, "must be an integer, got %r" % (v,))
    if lo is not None and v < lo:
        bad(path, "must be >= %d, got %d" % (lo, v))
    if hi is not None and v > hi:
        bad(path, "must be <= %d, got %d" % (hi, v))
    return v


def need_list(v, path, n_min=0, n_max=None):
    if not isinstance(v, list):
        bad(path, "must be a list, got %r" % (v,))
    if len(v) < n_min or (n_max is not None and len(v) > n_max):
        if n_max is None:
            bad(path, "needs at least %d items, has %d" % (n_min, len(v)))
        bad(path, "needs %d to %d items, has %d" % (n_min, n_max, len(v)))
    return v


def need_dict(v, path):
    if not isinstance(v, dict):
        bad(path, "must be an object, got %r" % (v,))
    return v


def need_key(d, key, path):
    if key not in d:
        bad(path + key, "missing")
    return d[key]


def header(d, game, version):
    """The save header every game's dict starts with: "game" names the game, "v" is the
    version of its save (games/__init__.py). Checked here, the same for every game."""
    need_dict(d, "state")
    if need_key(d, "game", "") != game:
        bad("game", "expected %r, got %r" % (game, d["game"]))
    v = need_key(d, "v", "")
    if not is_int(v) or v != version:
        bad("v", "save version %r; this firmware reads %d" % (v, version))


def need_seats(v, path, n_seats):
    need_list(v, path, 0, n_seats)
    for i, s in enumerate(v):
        need_int(s, "%s[%d]" % (path, i), 0, n_seats - 1)
    if len(set(v)) != len(v):
        bad(path, "names a seat twice")
    return v


def options(given, defaults, path="options"):
    """Defaults overlaid with given; unknown keys are refused."""
    out = dict(defaults)
    if given is None:
        return out
    need_dict(given, path)
    for k in given:
        if k not in defaults:
            bad(path + "." + str(k), "unknown option")
        out[k] = given[k]
    return out
