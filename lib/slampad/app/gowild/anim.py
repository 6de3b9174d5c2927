"""A trick being taken (issue 17), drawn frame by frame from the screen's tick, never
a sleep: the winning set flashes, then every other card of the trick slides onto it
and is gone (when nobody wins, off the right edge to the discard). A press ends it at
once (app/gowild/play.py), and the press still counts.

The card layer (cards.CardRows on the OLED, big.BigCards on the colour display) holds
``spots``, each table card as (seat, x, y, ...) in its own pixels, and answers
``blink(seat, on)``, ``fly(k, x, y)``, ``land(k)`` and ``width()``."""

from slampad.ticks import ticks_diff

WRAP = 1 << 29
FLASH_MS = 600  # the winning set flashes this long
BLINK_MS = 150
SLIDE_MS = 500  # then the other cards slide to it


def step(scr, now):
    """The animation's frame at ``now``; False once it is over (or there is none)."""
    layer = scr.cards
    if not scr.anim or layer is None:
        return False
    dt = ticks_diff(now, scr.t0, WRAP)
    win = scr.winner
    start = FLASH_MS if win is not None else 0
    if dt < 0 or dt >= start + SLIDE_MS:
        finish(scr)
        return False
    on = dt >= start or (dt // BLINK_MS) % 2 == 0
    if on != scr.lit:
        scr.lit = on
        layer.blink(win, on)
    if dt < start:
        return True
    spots = layer.spots
    tx, ty = layer.width(), None
    for sp in spots:
        if sp[0] == win:
            tx, ty = sp[1], sp[2]
            break
    part = dt - start
    for k in range(len(spots)):
        s, x, y = spots[k][:3]
        if s != win:
            y1 = y if ty is None else ty
            layer.fly(k, x + (tx - x) * part // SLIDE_MS, y + (y1 - y) * part // SLIDE_MS)
    return True


def finish(scr):
    """The animation's end at once: the winning set lit, the other cards gone."""
    layer = scr.cards
    if scr.anim and layer is not None:
        if not scr.lit:
            scr.lit = True
            layer.blink(scr.winner, True)
        for k in range(len(layer.spots)):
            if layer.spots[k][0] != scr.winner:
                layer.land(k)
    scr.anim = False
