"""The one gate between the screens and the rules (games/__init__.py's contract): a
screen hands ``game.apply`` only an action that ``game.legal_actions`` lists at that
moment, for the referee (None) or the seat whose decision it is (the game's
``current_player()``; every seat only when it is ANY_SEAT, several may act). A listed
``None`` stands for a value the action carries (a timestamp, a throw's power and aim).
An action that is not listed
is dropped: the press had nothing legal to do, the screen ignores it (a soft cue at
most) and the app goes on. Every drop is noted in ``dropped`` (the last few) and
``drops`` (how many), which the tests and tools/reliability/soak.py check stay empty."""

from slampad.games import ANY_SEAT

SEATS = 6  # S1: P1-P6 at most
KEEP = 8
dropped = []  # the last KEEP actions dropped, as (game class name, action)
drops = 0
asking = False  # True while why() asks a copy of the game (tests' apply wrappers skip it)


def _same(x, y):
    if isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)):
        return tuple(x) == tuple(y)
    return x == y


def _listed(a, acts):
    n = len(a)
    for b in acts:
        if len(b) != n or b[0] != a[0]:
            continue
        i = 1
        while i < n and (b[i] is None or _same(a[i], b[i])):
            i += 1
        if i == n:
            return True
    return False


def ok(game, a):
    """True when ``a`` is listed by ``game.legal_actions`` now: the referee's (None), the
    current player's, or (ANY_SEAT: several seats may act) any seat's."""
    if not isinstance(a, (list, tuple)) or not a:
        return False
    if _listed(a, game.legal_actions(None)):
        return True
    p = game.current_player()
    if p != ANY_SEAT:  # one seat, or none (REFEREE, TERMINAL): no other seat lists any
        return p >= 0 and _listed(a, game.legal_actions(p))
    return listed_by_a_seat(game, a)


def listed_by_a_seat(game, a):
    """True when any seat's ``legal_actions`` lists ``a``, the seat it names asked first."""
    first = a[1] if len(a) > 1 and isinstance(a[1], int) and a[1] >= 0 else None
    seats = list(range(SEATS))
    if first is not None and first < SEATS:
        seats.remove(first)
        seats.insert(0, first)
    for s in seats:
        try:
            acts = game.legal_actions(s)
        except ValueError:  # no such seat
            continue
        if _listed(a, acts):
            return True
    return False


def apply(game, a):
    """``game.apply(a)``'s events if ``a`` is legal now; else None (dropped and noted)."""
    global drops
    if ok(game, a):
        return game.apply(a)
    drops += 1
    dropped.append((type(game).__name__, tuple(a)))
    if len(dropped) > KEEP:
        dropped.pop(0)
    return None


def why(game, a):
    """The rules' own words for why ``a`` is refused, asked of a copy of the game (the
    live game is never handed an illegal action); "" if the copy takes it."""
    global asking
    asking = True
    try:
        type(game).from_dict(game.to_dict()).apply(a)
    except ValueError as e:
        return plain(str(e))
    finally:
        asking = False
    return ""


def plain(msg):
    """The rules' message without its leading ruling id ("D2: hex 4 is occupied" says
    "hex 4 is occupied"): the ids are for docs/rules.md, never for a player."""
    while len(msg) > 3 and "A" <= msg[0] <= "Z" and "0" <= msg[1] <= "9":
        i = 2
        while i < len(msg) and "0" <= msg[i] <= "9":
            i += 1
        if msg[i : i + 2] != ": ":
            break
        msg = msg[i + 2 :]
    return msg
