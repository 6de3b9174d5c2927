"""Tumblin' Dice scoring, order and end of game (T2, T3, T5), shared by the
rules core and the referee. Pure functions on plain lists."""


def die_score(face, level, mode):
    """T2: face x level (kids' "add" mode: face + level). A die off the board
    (level None) or on 0x (removed, T1) scores nothing."""
    if level is None or level == 0:
        return 0
    if mode == "add":
        return face + level
    return face * level


def dice_score(dice, mode):
    """The round score of a list of [face, level] (or None: off the board)."""
    total = 0
    for d in dice:
        if d is not None:
            total += die_score(d[0], d[1], mode)
    return total


def ranked(order, scores):
    """T3: highest score first; ties keep their place in ``order``.

    ``scores`` is indexed by the items of ``order`` (seats or teams)."""
    out = []
    for s in order:  # a stable insertion sort: order lists are four long at most
        i = len(out)
        while i > 0 and scores[out[i - 1]] < scores[s]:
            i -= 1
        out.insert(i, s)
    return out


def split_by_roll(group, rolls):
    """T3: a roll-off group split by face, highest first (ties stay together)."""
    parts = []
    for f in range(6, 0, -1):
        p = [s for s in group if rolls[s] == f]
        if p:
            parts.append(p)
    return parts


def leaders(units, totals):
    """The units (seats or teams) with the highest total."""
    best = None
    for u in units:
        if best is None or totals[u] > best:
            best = totals[u]
    return [u for u in units if totals[u] == best]


def game_end(units, totals, before, round_no, rounds, target):
    """T5: after a round that ``units`` played, is the game over?

    ``before`` are the totals before the round. Returns (over, winner or None,
    overtime): ``overtime`` lists the tied leaders who play on (empty when
    the game goes on as normal or is won)."""
    if rounds is not None:
        ended = round_no >= rounds  # an overtime round is a round past the last
    else:
        # T5: the round in which someone reaches the target ends the game; any
        # later round is overtime among the tied leaders.
        ended = False
        for u in units:
            if totals[u] >= target or before[u] >= target:
                ended = True
    if not ended:
        return False, None, []
    top = leaders(units, totals)
    if len(top) == 1:
        return True, top[0], []
    return False, None, top
