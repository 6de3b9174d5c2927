"""Go Wild!: pass and play on the device, or table mode with a real deck."""

from slampad.app.lists import ListScreen


class GoWildModes(ListScreen):
    title = "Go Wild! - how?"

    def items(self):
        return ["Pass and play", "Table (real deck)", "How to play", "Back"]

    def select(self, i, now):
        if i == 0:
            from slampad.app.gowild.join import GoWildJoin

            return GoWildJoin(self.app)  # G2: P5, P6 are bots; G8: the first lead
        if i == 1:
            return self.app.load_game("slampad.app.gowild.table").TableSetup(self.app)
        if i == 2:
            from slampad.app import registry
            from slampad.app.menu_howto import HowToScreen

            return HowToScreen(self.app, registry.entry("gowild"), self)
        return self.app.menu_screen()
