"""Every game the console plays, in the menu's order: one descriptor each.

Read by the menu (its lines and what select opens), the saves (which screens a save
may name), the statistics page, the loader (which modules one game owns) and
tools/deploy.py (the per-game import sets, the play order, and so the firmware's
frozen list). Adding a game touches this file and the game's own folders (games/,
bots/, app/<key>/), nothing else.

A descriptor is a dict:
- "key": the game's folder under app/ (its screens) and its save's name;
- "title": the menu's line;
- "setup": "module:Class" of the screen select opens, given the app; None: the seating
  screen (app/join.py) with the title;
- "stats": (statistics key, name) pairs, one per way of playing it that keeps scores.
"""

GAMES = (
    {
        "key": "wildside",
        "title": "Wildside",
        "setup": None,
        "stats": (("wildside", "Wildside"),),
    },
    {
        "key": "gowild",
        "title": "Go Wild!",
        "setup": "slampad.app.gowild.modes:GoWildModes",
        "stats": (("gowild", "Go Wild!"), ("gowild_table", "Go Wild! table")),
    },
    {
        "key": "tumblin",
        "title": "Tumblin' Dice",
        "setup": "slampad.app.tumblin.setup:SetupScreen",
        "stats": (("tumblin", "Tumblin' Dice"),),
    },
    {
        "key": "diceland",
        "title": "Diceland",
        "setup": "slampad.app.diceland.setup:SetupScreen",
        "stats": (("diceland", "Diceland"),),
    },
)

# Modules of one game besides its folder: the rules, the bots, the seating, the menu_
# screens (resume offer, statistics: never in RAM with a game) and the old save names
# (app/saves.py OLD).
SHARED_PREFIXES = (
    "slampad.games.",
    "slampad.bots.",
    "slampad.app.join",
    "slampad.app.menu_",
    "slampad.app.play_",
)


def game_keys():
    """The games' keys, in the menu's order."""
    return tuple(g["key"] for g in GAMES)


def game_prefixes():
    """Module name prefixes of what one game loads: dropped whenever the menu returns."""
    return SHARED_PREFIXES + tuple("slampad.app." + g["key"] for g in GAMES)


def entry(key):
    """The descriptor of game ``key``."""
    for g in GAMES:
        if g["key"] == key:
            return g
    raise KeyError(key)


def open_setup(app, game):
    """The screen select opens for ``game`` (a descriptor)."""
    if game["setup"] is None:
        from slampad.app.join import JoinScreen

        return JoinScreen(app, game["title"], howto=game)
    module, _, cls = game["setup"].partition(":")
    __import__(module)
    import sys

    return getattr(sys.modules[module], cls)(app)
