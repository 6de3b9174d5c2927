"""Wildside's how-to-play pages (app/menu_howto.py): the rulebook's round in pictures."""

from slampad.app.menu_art import ARROW, CROSS, CROWN, HAND, PAD, die, glyph, text
from slampad.app.ui import SEAT_COLOURS
from slampad.app.wildside.icons import ART, FACES
from slampad.games.wildside_match import COLOURS


def face(name):
    return glyph(ART[FACES.index(name)], COLOURS[name], 10)


def pages():
    red, blue, green = SEAT_COLOURS[0], SEAT_COLOURS[1], SEAT_COLOURS[2]
    return (
        ((glyph(PAD, red), glyph(PAD, blue), glyph(PAD, green), die(3)),
         "Each player has a pad and starts with 3 dice."),
        (tuple(face(f) for f in FACES),
         "Each die shows moon, star, drop, bolt or wild."),
        ((face("wild"), face("moon"), text("="), face("wild"), face("moon")),
         "Both have a wild and one symbol alike: that is a match."),
        ((glyph(HAND), glyph(PAD), glyph(ARROW), die(1)),
         "On a match, slam your pad first to take their dice."),
        ((glyph(PAD), glyph(CROSS), die(1)),
         "Slam with no match and you lose a die."),
        ((glyph(CROWN, 0xFFE000),),
         "Out of dice? The game ends. Most dice wins."),
    )  # fmt: skip
