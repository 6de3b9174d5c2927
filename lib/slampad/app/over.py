"""Game over: the winner, the scores, and rematch or back to the menu."""

from slampad.app import cues
from slampad.app.lists import ListScreen
from slampad.app.ui import SEAT_COLOURS, WHITE
from slampad.ticks import ticks_diff

WRAP = 1 << 29
SPLASH_MS = 2500  # a small display shows the winner alone this long (a press skips it)


class OverScreen(ListScreen):
    hint = False  # the rows under the list are the screen's own
    big = None  # the winner in big letters (app/big.py)
    splash_at = None  # when the winner filled the screen alone (no rows left over for it)

    def __init__(self, app, winners, score, rematch):
        """winners: seat names; score: one row, or rows (board()); rematch(): the next
        game's screen."""
        ListScreen.__init__(self, app)
        self.rematch = rematch
        w = winners[0]
        one = len(winners) == 1 and len(w) == 2  # one seat, "P3" (not a team, "P2+P4")
        if len(winners) > 1:
            self.title = "Draw: " + " ".join(winners)
            self.cheer = "Draw!"
        else:
            self.title = "Winner: " + w
            self.cheer = w + (" wins!" if one else " win!")
        # One seat: in its colour (S1) where the display has colour.
        self.cheer_colour = SEAT_COLOURS[int(w[1]) - 1] if one and "1" <= w[1] <= "6" else WHITE
        self.rows = [score] if isinstance(score, str) else score

    def items(self):
        return self.rows + ["Rematch", "Menu"]

    def enter(self, now):
        self.cursor = len(self.rows)  # on Rematch
        t = self.app.text
        free = t.rows - 1 - len(self.items())
        if free < 2:  # the OLED: the winner under the score first, then the choices
            free += 2
            if free < 2:
                return self.enter_list(now)
            self.splash_at = now
        from slampad.app.big import BigText

        self.big = BigText(t, 1, t.rows - free, t.cols - 2, free, len(self.cheer))
        self.big.show(self.cheer, self.cheer_colour if t.colour else WHITE)
        self.enter_list(now)

    def enter_list(self, now):
        ListScreen.enter(self, now)
        self.app.beep(cues.WIN)

    def draw(self):
        if self.splash_at is None:
            ListScreen.draw(self)
        else:
            self.app.text.show([self.title] + [" " + r for r in self.items()[:-2]])  # the score

    def end_splash(self):
        self.splash_at = None
        self.big.show("")
        self.draw()

    def tick(self, now):
        if self.splash_at is not None and ticks_diff(now, self.splash_at, WRAP) > SPLASH_MS:
            self.end_splash()
        return ListScreen.tick(self, now)

    def on_menu(self, button, now):
        if self.splash_at is not None:
            self.end_splash()  # a press brings the choices; select chooses nothing unseen
            if button == "select":
                return
        ListScreen.on_menu(self, button, now)

    def on_leave(self, now):
        if self.big is not None:
            self.big.close()
            self.big = None

    def select(self, i, now):
        i -= len(self.rows)
        if i == 0:
            return self.rematch()
        if i == 1:
            self.rematch = None
            return self.app.menu_screen()  # which unloads the game
        return None
