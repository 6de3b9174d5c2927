"""Diceland's pad pixels (S1, D9): each human seat's pad shows its colour, bright on its
turn and dim otherwise, lit as far as its dice on the map go."""

from slampad.app.ui import SEAT_COLOURS, rgb


def show(leds, g, pads):
    """Each human's pad pixels: lit as far as its dice on the map go (all five: n/2
    dice, all it places). Set once a decision. ``pads``: seat -> pad (None: a bot)."""
    full = max(1, g.scene.n // 2)
    for s in (0, 1):
        pad = pads[s]
        if pad is None:
            continue
        c = SEAT_COLOURS[s]
        on = s == g.turn and not g.is_over()
        n = len(leds.dice[pad]) if leds.dice and pad < len(leds.dice) else 0
        k = min(n, (n * g.count(s) + full - 1) // full)
        lit = rgb(c, 1.0 if on else 0.12)
        leds.dice_colours(pad, [lit] * k + [rgb(c, 0.05) if on else (0, 0, 0)] * (n - k))
        leds.seat_colour(pad, lit)
