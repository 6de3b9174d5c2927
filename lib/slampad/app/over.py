"""Game over: the winner, the score, and rematch or back to the menu."""

from slampad.app import cues
from slampad.app.lists import ListScreen


class OverScreen(ListScreen):
    def __init__(self, app, winners, score, rematch):
        """winners: seat names; score: one line; rematch(): the next game's screen."""
        ListScreen.__init__(self, app)
        self.rematch = rematch
        if len(winners) > 1:
            self.title = "Draw: " + " ".join(winners)
        else:
            self.title = "Winner: " + winners[0]
        self.score = score

    def items(self):
        return [self.score, "Rematch", "Menu"]

    def enter(self, now):
        self.cursor = 1
        ListScreen.enter(self, now)
        self.app.beep(cues.WIN)

    def select(self, i, now):
        if i == 1:
            return self.rematch()
        if i == 2:
            self.rematch = None
            return self.app.menu_screen()  # which unloads the game
        return None
