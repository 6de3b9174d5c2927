"""What the Go Wild! views share (app/gowild/oled.py, app/gowild/tft.py): their card
layer, made at the first ``show``, and a trick being taken (issue 17), drawn frame by
frame from the view's ``tick``, never a sleep: the winning set flashes, then every
other card of the trick slides onto it and is gone (when nobody wins, off the right
edge to the discard). A press ends it at once (the screen shows the trick as taken,
app/gowild/play.py), and the press still counts.

The card layer (cards.CardRows on the OLED, big.BigCards on the colour display) holds
``spots``, each table card as (seat, x, y, ...) in its own pixels, and answers
``blink(seat, on)``, ``fly(k, x, y)``, ``land(k)`` and ``width()``."""

from slampad.app import view
from slampad.ticks import ticks_diff

WRAP = 1 << 29
FLASH_MS = 600  # the winning set flashes this long
BLINK_MS = 150
SLIDE_MS = 500  # then the other cards slide to it


class View(view.View):
    """The moment a view is shown is a dict the screen builds (PlayScreen.moment):
    ``stage`` ("turn", or "shown": a finished trick stays a moment), ``seats`` (game
    seat -> table seat), ``msgs`` (news, or a hint), ``pick`` (the set the player to
    play has picked, while they hold their pad; else None), ``bot`` (the seat to play
    is a bot), ``shown`` and ``done`` (the finished trick's plays and its (trick,
    winner or None, points)), ``t0`` (when it was shown) and ``taken`` (it is taken
    at once: no animation, or no more of it)."""

    def __init__(self, app):
        view.View.__init__(self, app)
        self.cards = None  # the card layer, made at the first show
        self.trick = None  # the finished trick drawn (its moment's ``shown``)
        self.anim = False  # ... being taken
        self.lit = True  # ... its winning set lit (it flashes)
        self.winner = None
        self.t0 = 0

    def show(self, game, moment):
        shown = moment["stage"] == "shown"
        if shown and moment["shown"] is self.trick:  # drawn: only the taking goes on
            if moment["taken"]:
                self.finish()
            return
        self.draw(game, moment)
        self.trick = moment["shown"] if shown else None
        if shown:
            self.winner = moment["done"][1]
            self.t0 = moment["t0"]
            self.anim, self.lit = not moment["taken"], True

    def draw(self, game, moment):
        raise NotImplementedError

    def tick(self, now):
        """The animation's frame at ``now``; False once it is over (or there is none)."""
        layer = self.cards
        if not self.anim or layer is None:
            return False
        dt = ticks_diff(now, self.t0, WRAP)
        win = self.winner
        start = FLASH_MS if win is not None else 0
        if dt < 0 or dt >= start + SLIDE_MS:
            self.finish()
            return False
        on = dt >= start or (dt // BLINK_MS) % 2 == 0
        if on != self.lit:
            self.lit = on
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

    def finish(self):
        """The animation's end at once: the winning set lit, the other cards gone."""
        layer = self.cards
        if self.anim and layer is not None:
            if not self.lit:
                self.lit = True
                layer.blink(self.winner, True)
            for k in range(len(layer.spots)):
                if layer.spots[k][0] != self.winner:
                    layer.land(k)
        self.anim = False

    def close(self):
        if self.cards is not None:
            self.cards.close()  # the next screen draws over clean rows
            self.cards = None
        self.trick = None
