"""Issue 29 item 1: how to play, on the device. Each game has a few pages, a picture and a
sentence or two each, turned with up/down (or a pad), opened from the game's setup and
offered once, the first time the game is chosen (the offer is remembered in flash)."""

import re

import device_helpers
import pytest
from device_helpers import lit_colours

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

GAMES = ("wildside", "gowild", "tumblin", "diceland")
TITLES = {"wildside": "Wildside", "gowild": "Go Wild!", "tumblin": "Tumblin' Dice",
          "diceland": "Diceland"}  # fmt: skip
# The screen each game's setup opens with (its title row, or a row of it).
SETUP = {"wildside": "Slam to join", "gowild": "Go Wild! - how?", "tumblin": "Board:",
         "diceland": "Scene:"}  # fmt: skip
RULING_ID = re.compile(r"(?<![A-Za-z0-9])[SWGTD][0-9]{1,2}(?![0-9A-Za-z])")
FRESH = {"SLAMPAD_HOWTO": "0"}  # a device that has offered no game's pages yet


def choose(dev, game):
    """From the menu, select ``game``."""
    assert dev.shows("Pick a game"), dev.lines()
    for _ in range(GAMES.index(game)):
        dev.tap("down")
    dev.tap("select")
    dev.run(100)


def offered(dev, game):
    """The offer's title (wrapped over two rows where it is long) names the game."""
    return "New to %s?" % TITLES[game] in " ".join(r.strip() for r in dev.lines() if r)


def back_to_menu(dev):
    dev.tap("select", 1700)  # a long press: back to the menu from anywhere
    dev.run(200)
    assert dev.shows("Pick a game"), dev.lines()


@pytest.mark.parametrize("profile", ("pico", "pico_tft"))
def test_every_page_is_whole_plain_sentences_and_a_picture_that_fits(dev_factory, profile):
    dev = dev_factory(profile)
    from slampad.app import menu_howto as howto
    from slampad.app.menu_art import GAP

    t = dev.app.text
    box, _first, _rows, cols = howto.layout(t)
    for game in GAMES:
        pages = howto.pages(game)
        assert 4 <= len(pages) <= 8, game
        for glyphs, words in pages:
            assert howto.fits(words, t), (profile, words)
            assert max(len(w) for w in words.split()) <= cols, words  # no word cut
            assert not RULING_ID.search(words), words
            assert words[-1] in ".!?" and words[0].isupper(), words  # a sentence
            assert 1 <= len(glyphs) <= 6, words
            width = sum(g[1] for g in glyphs) + GAP * (len(glyphs) - 1)
            height = max(len(g[0]) for g in glyphs)
            assert width <= box[2] and height <= box[3], (words, width, height, box)
            for rows, w, _colour in glyphs:
                assert all(0 <= r < 1 << w for r in rows), words  # no bit outside the glyph
                assert any(rows), words


def picture(dev, box):
    """The lit pixels in the picture's box, as a set of (x, y)."""
    width, _, rgb = dev.screenshot()
    x0, y0, w, h = box
    return frozenset((x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)
                     if any(rgb[(y * width + x) * 3 : (y * width + x) * 3 + 3]))  # fmt: skip


@pytest.mark.parametrize("profile", ("pico", "pico_tft"))
@pytest.mark.parametrize("game", GAMES)
def test_the_pages_show_a_picture_and_words_and_turn_with_up_down_and_a_pad(
    dev_factory, profile, game
):
    from slampad.app import menu_howto as howto
    from slampad.app.ui import wrap

    dev = dev_factory(profile, settings=FRESH)
    dev.run(300)
    choose(dev, game)
    assert offered(dev, game), dev.lines()
    dev.tap("select")  # How to play
    dev.run(100)
    scr = dev.app.screen
    assert type(scr).__name__ == "HowToScreen", dev.lines()
    t = dev.app.text
    box, first, n, cols = howto.layout(t)
    pages = howto.pages(game)
    seen = []
    for i in range(len(pages)):
        glyphs, words = pages[i]
        rows = [r.rstrip() for r in dev.lines()[first : first + n]]
        body = wrap(words, cols)
        assert rows[: len(body)] == body, (i, rows)
        if profile == "pico_tft":
            assert dev.lines()[0].startswith(TITLES[game])
            assert dev.lines()[0].endswith("%d/%d" % (i + 1, len(pages)))
            inks = [g[2] for g in glyphs if g[2] is not None]
            colours = lit_colours(dev.screenshot(), box)
            if inks:  # the glyphs' own colours are drawn
                assert set(colours) - {"white"}, (i, colours)
        lit = picture(dev, box)
        assert len(lit) > 30, (i, len(lit))  # a picture, not a speck
        seen.append(lit)
        if i < len(pages) - 1:
            dev.tap("down" if i % 2 == 0 else "1")  # up/down or a slam turns the page
            dev.run(50)
            assert dev.app.screen is scr
    assert len(set(seen)) == len(pages)  # every page has its own picture
    dev.tap("down")  # nothing past the last page
    dev.run(50)
    assert dev.app.screen is scr and scr.page == len(pages) - 1
    dev.tap("up")
    dev.run(50)
    assert scr.page == len(pages) - 2
    dev.tap("select")  # done: the offer goes on to the game's setup
    dev.run(100)
    assert dev.shows(SETUP[game]), dev.lines()
    assert picture(dev, box) != seen[-2]  # the picture went with the pages


@pytest.mark.parametrize("game", GAMES)
def test_how_to_play_from_the_setup_returns_to_the_same_setup(dev_factory, game):
    dev = dev_factory("pico")
    dev.run(300)
    choose(dev, game)
    assert dev.shows(SETUP[game]), dev.lines()  # offered already: straight to the setup
    setup = dev.app.screen
    for _ in range(len(setup.items()) + 1):
        if setup.items()[setup.cursor] == "How to play":
            break
        dev.tap("up")
    assert setup.items()[setup.cursor] == "How to play"
    dev.tap("select")
    dev.run(100)
    assert type(dev.app.screen).__name__ == "HowToScreen"
    dev.tap("down")
    dev.tap("select")
    dev.run(100)
    assert dev.app.screen is setup  # the same setup, as it was left
    assert setup.items()[setup.cursor] == "How to play"


def test_the_offer_is_made_once_per_game_and_remembered_after_a_power_cycle(dev_factory):
    dev = dev_factory("pico", settings=FRESH)
    dev.run(300)
    choose(dev, "wildside")
    assert offered(dev, "wildside"), dev.lines()
    dev.tap("down")
    dev.tap("select")  # Skip to the game
    dev.run(100)
    assert dev.shows("Slam to join"), dev.lines()
    back_to_menu(dev)
    choose(dev, "wildside")
    assert dev.shows("Slam to join"), dev.lines()  # not offered again
    back_to_menu(dev)
    flash = dev.flash_image()
    dev.close()
    again = dev_factory("pico", settings=FRESH, flash=flash)  # settings.toml says 0 still
    again.run(300)
    choose(again, "wildside")
    assert again.shows("Slam to join"), again.lines()  # the saved setting lasts
    back_to_menu(again)
    choose(again, "diceland")
    assert offered(again, "diceland"), again.lines()  # each game once
