"""Game saves, the resume offer and statistics, in the record store (issue 7).

Any game's play screen can be saved and resumed, if it has:
- ``game``: a rules core with the contract's ``to_dict`` / ``from_dict``;
- ``meta()``: a JSON-safe dict of what its module needs to rebuild the screen
  (seats, kinds, options);
and if its module has ``resume(app, meta, state)``, which returns the screen.

A play screen names its save with ``SAVE = (__name__, title)`` and calls ``save(self)``
at its safe points: between rounds, tricks, throws or turns, and never in a slam window
or an animation. At game over they call ``finished(...)``. A flash write stalls
interrupts, so these are the only writes made during a game.
"""

from slampad.app import registry

GAME = "game"
STATS = "stats"
OLD = "slampad.app.play_"  # saves from before the folders: slampad.app.play_gowild_table
COLOURS = 6  # S1: seat colours P1-P6


def save(scr):
    """Save scr's game under "game". Returns False if it could not be saved. Also a
    safe point for the battery's warnings (app/power.py)."""
    app = scr.app
    app.power.at_safe_point()
    st = app.store()
    if st is None:
        return False
    module, title = scr.SAVE
    rec = {"m": module, "t": title, "k": scr.meta(), "s": scr.game.to_dict()}
    try:
        st.save(GAME, rec)
    except Exception as e:  # too big (ValueError) or a flash error: play on, say so
        app.count_save(e)
        return False
    app.count_save()
    return True


def saved(app):
    """The saved game's record, or None. A record of the wrong shape is dropped."""
    st = app.store()
    if st is None:
        return None
    rec = st.load(GAME)
    if rec is None:
        return None
    if (
        isinstance(rec, dict)
        and isinstance(rec.get("m"), str)
        and screen_module(rec["m"]) is not None
        and isinstance(rec.get("t"), str)
        and isinstance(rec.get("k"), dict)
        and isinstance(rec.get("s"), dict)
    ):
        return rec
    drop(app, "Saved game unreadable: dropped")
    return None


def screen_module(name):
    """The game screen module a save names, by its name today; None if it names none
    (only a game's own screens are ever imported from a save)."""
    if name.startswith(OLD):
        game, _, part = name[len(OLD) :].partition("_")
        name = "slampad.app.%s.%s" % (game, part or "play")
    parts = name.split(".")
    if len(parts) == 4 and parts[:2] == ["slampad", "app"] and parts[2] in registry.game_keys():
        return name
    return None


def drop(app, note=None):
    """Forget the saved game (New game, or a save that cannot be used)."""
    if note:
        app.notices.append(note)
    st = app.store()
    if st is not None and st.load(GAME) is not None:
        try:
            st.clear(GAME)
        except Exception as e:  # a flash error: the offer comes again next time
            app.notices.append("Save not cleared: %s" % type(e).__name__)


def resume(app, rec):
    """The screen that plays the saved game on, or None (with a note) if the record
    cannot be rebuilt: it is then dropped, so it is never offered again (and the menu
    that follows unloads what was imported)."""
    try:
        scr = app.load_game(screen_module(rec["m"])).resume(app, rec["k"], rec["s"])
    except (ImportError, AttributeError, KeyError, TypeError, ValueError, IndexError) as e:
        drop(app, "Saved game unreadable (%s): dropped" % type(e).__name__)
        return None
    scr.from_save()
    app.count_resume()
    return scr


def stats(app):
    """{"g": {game: [played, [wins per seat colour]]}, "f": fastest slam ms, "fc": its
    seat colour}. Rows of the wrong shape read as no games."""
    st = app.store()
    got = st.load(STATS) if st is not None else None
    if not isinstance(got, dict) or not isinstance(got.get("g"), dict):
        got = {"g": {}}
    g = got["g"]
    for k in list(g):
        if not row_ok(g[k]):
            del g[k]
    if not (isinstance(got.get("f"), int) and isinstance(got.get("fc"), int)):
        got["f"] = got["fc"] = None
    return got


def row_ok(row):
    return (
        isinstance(row, list)
        and len(row) == 2
        and isinstance(row[0], int)
        and isinstance(row[1], list)
        and len(row[1]) == COLOURS
        and all(isinstance(w, int) for w in row[1])
    )


def finished(app, game, winners, fast=None):
    """Game over: drop the save and count the game. winners: seat colours (S1);
    fast: (ms, colour) of the game's fastest confirmed slam, or None."""
    drop(app)
    st = app.store()
    if st is None:
        return
    s = stats(app)
    row = s["g"].get(game) or [0, [0] * COLOURS]
    row[0] += 1
    for c in winners:
        if 0 <= c < COLOURS:
            row[1][c] += 1
    s["g"][game] = row
    if fast is not None and (s["f"] is None or fast[0] < s["f"]):
        s["f"], s["fc"] = fast
    try:
        st.save(STATS, s)
    except Exception as e:  # a flash error: the game is over anyway
        app.notices.append("Statistics not saved: %s" % type(e).__name__)
