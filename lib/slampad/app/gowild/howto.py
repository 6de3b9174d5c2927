"""Go Wild!'s how-to-play pages (app/menu_howto.py): tricks, sets and the Wild One."""

from slampad.app.gowild.cards import ART, INKS
from slampad.app.menu_art import ARROW, CROWN, HAND, PAD, card, glyph, text

WILD = 5  # ART's last shape: the wild star


def pages():
    red = card(ART[0], INKS[0])
    wild = card(ART[WILD], 0xFFFFFF)
    gold = 0xFFE000
    return (
        (tuple(card(ART[c], INKS[c]) for c in range(5)) + (wild,),
         "Five colours and wild. Everyone holds 12 cards."),
        ((red, red, red, glyph(ARROW), glyph(CROWN, gold)),
         "Play cards of one colour: the largest set wins the trick."),
        ((text("1"), text("2"), text("3")),
         "A round is 3 tricks, worth 1, 2 and 3 points."),
        ((wild, text("+"), red, red),
         "Trick 1's winner may add wilds to a colour set."),
        ((glyph(HAND), glyph(PAD)),
         "Your turn: hold your pad to see your hand."),
        ((red, red, glyph(ARROW), glyph(PAD)),
         "Up/down picks a set; select plays it."),
        ((glyph(CROWN, gold), text("20")),
         "First to 20 points wins."),
    )  # fmt: skip
