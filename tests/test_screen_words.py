"""Issue 17 item 1: every word a player sees is plain English and whole.

The soak's random player (tools/soak.py) plays each game on every profile, through the
menus, setups, settings, statistics, power cuts and the resume offer. Every string the
app hands the display is recorded before the display could cut it, and checked:
- no ruling id (W6, D2, S1...): those are for docs/rules.md, never for a player;
- no row wider than the display (the text layer would cut it);
- no word cut by the word-wrapper (a word longer than a row).
"""

import re

import device_helpers
import pytest

pytestmark = pytest.mark.slow  # tools/test -m "not slow" leaves it out

shim = device_helpers.shim

GAMES = ("wildside", "gowild", "tumblin", "diceland")
PROFILES = ("pico", "feather", "pico_tft", "macropad")
MINUTES = 6  # simulated, per game and profile
RULING_ID = re.compile(r"(?<![A-Za-z0-9])[SWGTD][0-9]{1,2}(?![0-9A-Za-z])")

class Seen:
    """What the app asked the display to show, with what was wrong with it."""

    def __init__(self):
        self.rows = set()
        self.problems = {}  # problem text: an example of where

    def bad(self, what, where):
        self.problems.setdefault(what, where)

    def row(self, s, cols, where):
        self.rows.add(s)
        if len(s) > cols:
            self.bad("wider than %d columns: %r" % (cols, s), where)
        m = RULING_ID.search(s)
        if m:
            self.bad("ruling id %s: %r" % (m.group(0), s), where)

def watch(seen, soak_mod, monkeypatch):
    """Patch app/ui.py as each power-up imports it afresh, before any screen binds it."""
    real_use_shim = soak_mod.use_shim

    def use_shim():
        sim = real_use_shim()
        import slampad.app.ui as ui

        if getattr(ui, "_watched", False):
            return sim
        ui._watched = True
        wrap, show, banner = ui.wrap, ui.Text.show, ui.Text.set_banner

        def checked_wrap(text, cols):
            for word in text.split(" "):
                if len(word) > cols:
                    seen.bad("word cut at %d columns: %r in %r" % (cols, word, text), text)
            return wrap(text, cols)

        def checked_show(self, lines, colours=None):
            for s in lines[: self.rows]:
                seen.row(s, self.cols, lines)
            return show(self, lines, colours)

        def checked_banner(self, text):
            seen.row(text, self.cols, text)
            return banner(self, text)

        ui.wrap = checked_wrap
        ui.Text.show = checked_show
        ui.Text.set_banner = checked_banner
        return sim

    monkeypatch.setattr(soak_mod, "use_shim", use_shim)

def test_the_checks_catch_a_ruling_id_a_wide_row_and_a_cut_word():
    seen = Seen()
    seen.row("Free moves (D6 off)", 21, "x")
    seen.row("P1 from? 13|11 and more", 21, "x")
    seen.row("P1 takes 2 from P3", 21, "x")  # P1 is a seat, not a ruling
    assert sorted(seen.problems) == [
        "ruling id D6: 'Free moves (D6 off)'",
        "wider than 21 columns: 'P1 from? 13|11 and more'",
    ]

@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("game", GAMES)
def test_every_string_on_screen_is_whole_and_plain(shim, monkeypatch, game, profile):
    import soak
    import soak_power  # its power_up imports the firmware afresh

    seen = Seen()
    watch(seen, soak_power, monkeypatch)
    res = soak.soak(game, hours=MINUTES / 60, seed=17, profile=profile, cut_every_s=120)
    assert res["errors"] == 0
    assert len(seen.rows) > 20  # the game was played: many screens were drawn
    assert seen.problems == {}, "\n".join(
        "%s\n    from %r" % (p, w) for p, w in sorted(seen.problems.items())
    )
