"""The start menu: the games, the statistics and the settings (a list with a cursor,
moved by up/down/select). What it opens lives in menu_ modules (menu_settings,
menu_howto, menu_resume): never in RAM with a game, as the menu unloads them."""

from slampad.app import registry
from slampad.app.lists import ListScreen


class MenuScreen(ListScreen):
    title = "Pick a game"  # short: the battery corner fits beside it
    is_menu = True

    def enter(self, now):
        self.app.unload_games()  # every way back here leaves no game's code in RAM
        ListScreen.enter(self, now)
        self.notes(["settings.toml: " + p for p in self.app.cfg["problems"]], now)

    def items(self):
        out = [g["title"] for g in registry.GAMES]
        out.append("Statistics")
        out.append("Settings")
        return out

    def icon(self, i, item):
        """Each game's picture, then the statistics' and the settings'."""
        from slampad.app.menu_art import menu_icon

        n = len(registry.GAMES)
        return menu_icon(registry.GAMES[i]["key"] if i < n else item)

    def select(self, i, now):
        games = registry.GAMES
        if i == len(games):
            from slampad.app.menu_resume import StatsScreen

            return StatsScreen(self.app)
        if i > len(games):
            from slampad.app.menu_settings import SettingsScreen

            return SettingsScreen(self.app)
        from slampad.app.menu_howto import offer

        # The first time a game is chosen, its how-to-play pages are offered.
        return offer(self.app, games[i], i, registry.open_setup)
