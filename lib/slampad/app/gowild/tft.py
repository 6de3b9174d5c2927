"""The Go Wild! play screen on the 240x240 colour display, filling it: big cards in
their colours (app/gowild/big.py), the sets played this trick as cards under their
seats with the set winning so far outlined in gold (G4, by the rules' own
``trick_winner``), the scores by seat, and a player's hand as a row of cards with the
picked colours raised and outlined. Blocks of rows are ranked and fitted as on the
OLED (app/gowild/words.py); a card takes three text cells and two rows, and the hand
three rows, so a raised card stays clear of the rows above and below (issue 29)."""

from slampad.app.gowild import big
from slampad.app.gowild.anim import View
from slampad.app.gowild.words import fit, result, scores, seat_colour, verdict, waiting, wild_line
from slampad.app.ui import SEAT_COLOURS, WHITE, wrap
from slampad.games import gowild_cards as gc

CW, CH = 6, 12  # a text cell before the display's doubling
HAND_Y = 6  # the hand's cards, centred in its three rows (36 pixels) ...
LIFT = 2  # ... the picked ones this much higher, the others this much lower


def lines(seat_names, plays, cols, gold):
    """The sets as lines of cards: [(seat names, [(col, seat, count, colour, gold)])],
    a set three cells wide and two more per extra card, fanned; never split."""
    out = []
    names = ""
    row = []
    used = 0
    for s, p in plays:
        cs = [(p[c], c) for c in range(6) if p[c]]
        w = 1 + 2 * len(cs)
        if row and used + 1 + w > cols:
            out.append((names, row))
            names, row, used = "", [], 0
        at = used + 1 if row else 0
        names += " " * (at - len(names)) + seat_names[s]
        for k, (n, c) in enumerate(cs):
            row.append((at + 2 * k, s, n, c, s == gold))
        used = at + w
    if row:
        out.append((names, row))
    return out


class View(View):
    def draw(self, g, moment):
        t = self.text
        if self.cards is None:
            self.cards = big.BigCards(t)
        cols = t.cols
        blocks = []

        def say(rank, text, colour=None):  # a line about one seat: in its colour (S1)
            c = seat_colour(text) if colour is None else colour
            blocks.append((rank, [(x, ()) for x in wrap(text, cols)], c))

        def table(rank, plays, gold):  # a block per line: where rows are few, the first
            for heads, cs in lines(names, plays, cols, gold):
                blocks.append((rank, [(heads, ()), ("", cs), ("", ())], WHITE))

        seats, msgs, stage = moment["seats"], moment["msgs"], moment["stage"]
        names = ["P%d" % (seats[s] + 1) for s in range(len(g.scores))]
        points = (3, [(x, ()) for x in scores(names, g.scores, cols)], WHITE)
        wild = wild_line(names, g)
        s = g.turn
        colour = SEAT_COLOURS[seats[s]] if s is not None else WHITE
        if stage == "shown":
            say(0, *result(moment["done"], seats, names, None, moment["shown"]))
            table(1, moment["shown"], moment["done"][1])
            for i, m in enumerate(msgs):
                say(2 + 3 * i, m)
            blocks.append(points)
            if not g.is_over():  # the rows left: who leads next, and the Wild One
                say(4, "%s leads trick %d" % (names[g.lead], g.trick))
                if not msgs:
                    say(5, wild)
        else:
            pick = moment["pick"]
            say(4 if pick else 2, "Trick %d of 3" % g.trick)
            if g.plays:
                win = gc.trick_winner(g.plays, g.wild_one)[0]
                table(1, g.plays, win)
                if not pick:
                    if win is None:
                        say(3, "Nobody is ahead yet")  # only wilds so far: they never win
                    else:
                        say(3, "%s is winning so far" % names[win])
            else:
                say(1, names[g.lead] + " plays first")
            if pick is not None:
                say(5, wild if s != g.wild_one else "You are the Wild One")
            blocks.append(points)
            if pick is not None:
                hand = g.hands[s]
                cs = [(3 * k, None, hand[c], c, bool(pick[c]))
                      for k, c in enumerate(c for c in range(6) if hand[c])]  # fmt: skip
                blocks.append((0, [("", cs), ("", ()), ("", ())], WHITE))  # the hand
                say(0, "This set " + verdict(g, names, s, pick), WHITE)  # its cards: raised
                say(0, "%s: pick then select" % names[s], colour)
            else:
                say(5, wild)
                last = waiting(msgs, moment["bot"], s, names, True)
                if last is not None:
                    say(0, last, colour)
        text, colours, cards, spots = [], [], [], []
        kept = fit(blocks, t.rows)
        spare = t.rows - sum(len(b[1]) for b in kept)
        for i in range(len(kept)):
            _, rows, c = kept[i]
            if spare and i in (1, len(kept) - 1):  # rows to spare: after the first block,
                gap = 1 if i == 1 else spare  # the rest before the last (the prompt at
                text.extend([""] * gap)  # the bottom)
                colours.extend([WHITE] * gap)
                spare -= gap
            for line, cs in rows:
                r = len(text)
                for col, seat, n, colr, gold in cs:
                    y = r * CH
                    if seat is None:  # the hand: picked cards stand up
                        y += HAND_Y - LIFT if gold else HAND_Y + LIFT
                    elif stage == "shown":
                        spots.append((seat, col * CW, y, len(cards)))
                    cards.append((col * CW, y, n, colr, gold))
                text.append(line)
                colours.append(c)
        t.show(text, colours)
        self.cards.show(cards, spots)
