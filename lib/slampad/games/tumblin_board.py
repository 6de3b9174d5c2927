"""Tumblin' Dice virtual board: a stochastic model of the tiered board (T1, T6).

Seen from the side, the board is a staircase falling away from the thrower,
measured in board units along its length (x) and across it (y, 0 = centre):

    x:  0 ..... 120 ..... 300 ....... 520 ....... 720 ...... 880 ... 920
        launch pad | 0x     | 1x        | 2x        | 3x       | 4x  | off the end
                                                               (the pocket: |y| <= 18;
                                                                beside it the -1x ledge
                                                                with the option, else off)

The board is 200 units wide (|y| <= 100); a die further out falls off the side.
A die is a point with a footprint of DIE units; one die hits another in its
lane (|dy| < DIE) as it reaches it.

The model is integer-only, so a replay gives the same board on any VM (the
device's floats are 32-bit). A throw has a power (0-100) and an aim (-100 to
100, the lane it is sent down):

- It starts on the launch pad at x = 40 with energy 100 + 9 x power, give or
  take 60 (``SLIDE``), in lane aim, give or take 8 + power / 4 (a hard throw
  is a wild one).
- It slides, spending one unit of energy per unit of board. Each step down
  (an edge in ``EDGES``) keeps ``DROP_KEEP`` % of its energy plus a bounce of
  ``BOUNCE_LO`` to ``BOUNCE_HI`` (it can stop dead or hop on), drifts across by
  up to ``DRIFT``, and tumbles.
- Reaching a die in its lane, it gives that die ``GIVE`` % of the energy it has
  left and keeps ``KEEP`` %; the hit die is pushed on by the same rules (so it
  may bump others: chain bumps), glancing away from the hitter's lane. A die
  only pushed keeps its face unless it falls a level.
- Where it comes to rest sets its level. A thrown die that rests on the launch
  pad or 0x is removed (T1); one past the end or the side is off the board.
  A thrown die shows a random face (it tumbled).
"""

EDGES = (120, 300, 520, 720, 880)  # where each step down starts
END = 920  # the far end of the 4x pocket / -1x ledge
HALF = 100  # half the board's width
POCKET = 18  # half the 4x pocket's width
DIE = 30
START = 40
SLIDE = (100, 9, 60)  # base energy, per power point, +/- spread
AIM_SPREAD = (8, 4)  # lane spread: base + power / this
DROP_KEEP = 95
BOUNCE_LO, BOUNCE_HI = -90, 80
DRIFT = 10
GIVE, KEEP = 70, 20
MAX_PUSHES = 24  # chain-bump guard for one throw
PAD, OFF = "pad", None  # level names besides 0..4 and -1


def level_at(x, y, minus_zone):
    """The level a die resting at (x, y) is on: "pad", 0-4, -1, or None (off)."""
    if x < 0 or x >= END or y > HALF or y < -HALF:
        return OFF
    if x < EDGES[0]:
        return PAD
    if x >= EDGES[4]:
        if -POCKET <= y <= POCKET:
            return 4
        return -1 if minus_zone else OFF
    for i in range(3, -1, -1):
        if x >= EDGES[i + 1]:
            return i + 1
    return 0


def _first_hit(board, skip, x, y, reach):
    """The nearest die in the lane ahead that the mover meets within ``reach``."""
    best = None
    for i in range(len(board)):
        d = board[i]
        if i == skip or d[2] is OFF:
            continue  # a die knocked off is out of play (rulebook step 3)
        ahead = -DIE < d[4] - y < DIE and x < d[3] and d[3] - DIE < x + reach
        if ahead and (best is None or d[3] < board[best][3]):
            best = i
    return best


def _slide(board, i, energy, rng, minus_zone, out):
    """Move die ``i`` (board[i] = [seat, face, level, x, y]) with ``energy``.

    Pushed dice keep their place in ``board``; the caller sweeps up those off
    it. Returns how many levels die ``i`` fell (0 if it only slid)."""
    d = board[i]
    fell = 0
    while energy > 0:
        x = d[3]
        nxt = END
        for e in EDGES:
            if e > x:
                nxt = e
                break
        reach = min(energy, nxt - x)
        hit = _first_hit(board, i, x, d[4], reach) if len(out) < MAX_PUSHES else None
        if hit is not None:
            h = board[hit]
            at = max(x, h[3] - DIE)
            energy -= at - x
            d[3] = at
            give = energy * GIVE // 100
            energy = energy * KEEP // 100
            side = h[4] - d[4]
            if not side:
                side = 8 if rng.below(2) else -8
            h[4] += side // 2 + rng.randint(-4, 4)  # it glances away from the hitter's lane
            before = h[2]
            out.append(None)  # keeps the push count honest while the chain runs
            k = len(out) - 1
            if _slide(board, hit, give, rng, minus_zone, out):
                h[1] = rng.randint(1, 6)  # it fell a level, so it tumbled
            out[k] = ("bumped", h[0], before, h[2], h[1])
            continue
        if energy < nxt - x:
            d[3] = x + energy  # comes to rest short of the edge
            break
        energy -= nxt - x
        d[3] = nxt  # over the edge: one step down
        if nxt == END:
            break
        fell += 1
        energy = energy * DROP_KEEP // 100 + rng.randint(BOUNCE_LO, BOUNCE_HI)
        d[4] += rng.randint(-DRIFT, DRIFT)
        if level_at(nxt, d[4], minus_zone) is OFF:
            break  # off the side, or beside the pocket with no ledge
    d[2] = level_at(d[3], d[4], minus_zone)
    return fell


def throw(board, seat, power, aim, rng, minus_zone=False):
    """Throw one of ``seat``'s dice; change ``board`` in place; return events.

    ``board`` is a list of [seat, face, level, x, y] for the dice at rest on a
    scoring level. Events: ("bumped", seat, from_level, to_level, face) for each
    push (to_level None: off the board), then ("landed", seat, face, level) or
    ("removed", seat, where), where is "pad", 0 (both T1) or None (off)."""
    base, per, spread = SLIDE
    energy = base + per * power + rng.randint(-spread, spread)
    lane = AIM_SPREAD[0] + power // AIM_SPREAD[1]
    die = [seat, 0, PAD, START, aim + rng.randint(-lane, lane)]
    board.append(die)
    out = []
    _slide(board, len(board) - 1, energy, rng, minus_zone, out)
    die[1] = rng.randint(1, 6)
    board[:] = [d for d in board if d is not die and d[2] not in (PAD, 0, OFF)]
    if die[2] in (PAD, 0, OFF):
        out.append(("removed", seat, die[2]))
    else:
        board.append(die)
        out.append(("landed", seat, die[1], die[2]))
    return out
