"""Game over: the winner, everyone's dice, and rematch or back to the menu."""

from slampad.app import cues
from slampad.app.menu import ListScreen


class OverScreen(ListScreen):
    def __init__(self, app, play):
        ListScreen.__init__(self, app)
        self.play = play
        g = play.game
        won = [play.name(s) for s in g.winners()]
        if len(won) > 1:
            self.title = "Draw: " + " ".join(won)
        else:
            self.title = "Winner: " + won[0]
        self.score = " ".join(
            "%s:%d" % (play.name(s), g.dice[s]) for s in range(len(g.dice))
        )

    def items(self):
        return [self.score, "Rematch", "Menu"]

    def enter(self, now):
        self.cursor = 1
        ListScreen.enter(self, now)
        self.app.beep(cues.WIN)

    def select(self, i, now):
        if i == 1:
            from slampad.app.play_wildside import PlayScreen

            return PlayScreen(self.app, self.play.pads, self.play.kinds)
        if i == 2:
            from slampad.app.main import unload_games
            from slampad.app.menu import MenuScreen

            self.play = None
            unload_games()
            return MenuScreen(self.app)
        return None
