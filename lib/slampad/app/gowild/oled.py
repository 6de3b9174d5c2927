"""The Go Wild! play screen on the 128x64 OLED: blocks of rows, each ranked (0 is
needed most): the trick and who leads it, the sets on the table in the order played,
the hand as cards (app/gowild/cards.py), the set picked and whether it would win the
trick so far (G4, worked out by the rules' own ``trick_winner``), the scores by seat,
and who acts. Where the display has too few rows the lowest-ranked blocks are left
out whole."""

from slampad.app.gowild import cards as cd
from slampad.app.gowild.anim import View
from slampad.app.gowild.words import fit, pack, result, scores, verdict, waiting, width, wild_line
from slampad.app.ui import SEAT_COLOURS, WHITE, wrap


def table(names, plays, cols):
    """The sets played, in order from the lead: "P1 [3 hearts] P2 [1 sun]"."""
    return pack([[names[s] + " "] + cd.of(p) for s, p in plays], cols)


class View(View):
    def draw(self, g, moment):
        t = self.text
        if self.cards is None:
            self.cards = cd.CardRows(t)
        cols = t.cols
        roomy = t.rows >= 8
        blocks = []

        def add(rank, rows, colour=WHITE):
            blocks.append((rank, rows, colour))

        def say(rank, text, colour=WHITE):
            add(rank, [[x] for x in wrap(text, cols)], colour)

        seats, msgs = moment["seats"], moment["msgs"]
        names = ["P%d" % (seats[s] + 1) for s in range(len(g.scores))]
        points = [[x] for x in scores(names, g.scores, cols)]
        wild = wild_line(names, g)
        s = g.turn
        shown = None
        if moment["stage"] == "shown":
            say(0, *result(moment["done"], seats, names, None, moment["shown"]))
            shown = table(names, moment["shown"], cols)
            add(1, shown)
            for i, m in enumerate(msgs):
                say(2 + 3 * i, m)  # the game's end, the Wild One, then a reshuffle
            add(3, points)
        else:
            one = "%s leads trick %d of 3" % (names[g.lead], g.trick)
            head = [[one]]
            if len(one) > cols:
                head = [["Trick %d of 3" % g.trick], [names[g.lead] + " leads"]]
            colour = SEAT_COLOURS[seats[s]] if s is not None else WHITE
            pick = moment["pick"]
            add(4 if pick else 2, head)
            if g.plays:
                add(2 if pick else 1, table(names, g.plays, cols))
            if pick is not None:
                say(6, wild if s != g.wild_one else "You are the Wild One")
                if roomy:
                    say(7, names[s] + "'s cards:")
                add(1, [cd.of(g.hands[s])])
                row = ["Play "] + cd.of(pick) + [" " + verdict(g, names, s, pick)]
                if sum(width(p) for p in row) > cols:
                    row = row[1:]
                add(0, [row])
                add(5, points)
                if roomy:
                    say(0, "%s: pick with up/down, then select" % names[s], colour)
                else:
                    say(0, "%s: pick then select" % names[s], colour)
            else:
                add(5, [[wild]])
                add(3, points)
                last = waiting(msgs, moment["bot"], s, names, roomy)
                if last is not None:
                    say(0, last, colour)
        rows = []
        colours = []
        spots = []
        for _, r, c in fit(blocks, t.rows):
            if r is shown:
                spots = where(r, len(rows), names, t)
            rows.extend(r)
            colours.extend([c] * len(r))
        lines, grid = cd.layout(rows)
        t.show(lines, colours)
        self.cards.show(grid, spots)


def where(rows, r0, names, t):
    """The finished trick's cards as (seat, x, y, (row, col, tiles)), for the animation
    (app/gowild/anim.py): each card belongs to the seat named before it."""
    out = []
    seat = None
    fw, fh = t.cell[0] // t.scale, t.cell[1] // t.scale
    for r in range(len(rows)):
        col = 0
        for p in rows[r]:
            if isinstance(p, str):
                if p.strip() in names:
                    seat = names.index(p.strip())
            else:
                out.append((seat, col * fw, (r0 + r) * fh, (r0 + r, col, cd.tiles(p))))
            col += width(p)
    return out
