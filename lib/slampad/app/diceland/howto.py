"""Diceland's how-to-play pages (app/menu_howto.py): the map, attacks and the end."""

from slampad.app.menu_art import ARROW, CROSS, CROWN, die, glyph, hexagon
from slampad.app.ui import SEAT_COLOURS


def pages():
    red, blue = SEAT_COLOURS[0], SEAT_COLOURS[1]
    return (
        ((hexagon(3, red, True), hexagon(5, blue), hexagon(2, red, True), hexagon(4, blue)),
         "Two players, a map of hexes, one die on each hex."),
        ((hexagon(4, red, True), glyph(ARROW), hexagon(5, blue)),
         "On your turn you must attack an enemy hex next to yours."),
        ((hexagon(4, red, True), die(3, red), glyph(ARROW), hexagon(2, blue)),
         "Roll no higher than your die: the enemy loses the roll."),
        ((hexagon(4, red, True), die(6, red), glyph(CROSS)),
         "Roll higher: your die loses a point."),
        ((hexagon(4, red, True), glyph(ARROW), hexagon(0)),
         "Then you may move one die to an empty hex."),
        ((glyph(CROWN, 0xFFE000), hexagon(6, red, True), hexagon(1, red, True)),
         "Two turns with no attack end it. Most dice wins."),
    )  # fmt: skip
