"""Tumblin' Dice's how-to-play pages (app/menu_howto.py): throws, steps and scores."""

from slampad.app.menu_art import ARROW, CROSS, CROWN, HAND, PAD, STEPS, die, glyph, text
from slampad.app.ui import SEAT_COLOURS


def pages():
    red = SEAT_COLOURS[0]
    return (
        ((die(5, red), glyph(ARROW), glyph(STEPS)),
         "Four dice each: flick one down the steps in turn."),
        ((die(4, red), text("x3=12")),
         "A die scores its face times its step: 4 on 3x is 12."),
        ((glyph(STEPS), die(6, red), glyph(CROSS)),
         "Off the board, or on 0x: no points."),
        ((die(3, red), glyph(HAND), glyph(PAD)),
         "Real board: throw, then slam. Later, enter each die."),
        ((glyph(ARROW), glyph(HAND), glyph(PAD)),
         "On screen: up/down aims; hold your pad and let go to throw."),
        ((glyph(CROWN, 0xFFE000),),
         "After 4 rounds the highest total wins."),
    )  # fmt: skip
