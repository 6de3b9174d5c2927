"""A play screen is one object with its views (issue 28, item 1; docs/architecture.md).

Each game folder under lib/slampad/app/ has a screen (``play.py``) and one view per
display kind (``oled.py``, ``tft.py``), each a ``View`` of app/view.py that the screen
calls through its methods. No module sets an attribute on another's object: an
assignment ``a.b = v`` in lib/slampad/app is to ``self`` itself, or to a displayio or
hardware object's own property (a TileGrid's ``x``, a Label's ``text``). And a file
name means the same in every game folder that has it.
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "lib" / "slampad" / "app"
ARCHITECTURE = ROOT / "docs" / "architecture.md"

# Properties of objects the libraries own (displayio, adafruit_display_text, neopixel,
# the display, the watchdog, supervisor): setting them is how those objects are used.
LIBRARY_PROPERTIES = {
    "x", "y", "hidden", "text", "color", "scale", "pixel_shader", "brightness",
    "root_group", "mode", "timeout", "autoreload",
}  # fmt: skip

# A file name found in two or more game folders, and what it is in every one of them.
SHARED_NAMES = {
    "__init__.py": "the folder as a package",
    "play.py": "the play screen: the game's state, input and moment",
    "oled.py": "the play screen's view on the 128x64 OLED",
    "tft.py": "the play screen's view on the 240x240 colour display",
    "setup.py": "the setup screen: options, then seats",
    "words.py": "the game's events, prompts and results in words",
    "howto.py": "the game's how-to-play pages (app/menu_howto.py)",
    "art.py": "pictures both views draw (sprite sheets, widgets)",
    "table.py": "table mode: score a game played with real dice or cards",
}


def game_keys():
    text = (APP / "registry.py").read_text()
    return re.findall(r'"key":\s*"(\w+)"', text)


def foreign_stores(path):
    """[(line, target)] of every attribute assignment not to ``self`` or a library
    object's property."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        else:
            continue
        for target in targets:
            for t in ast.walk(target):
                if not (isinstance(t, ast.Attribute) and isinstance(t.ctx, ast.Store)):
                    continue
                if isinstance(t.value, ast.Name) and t.value.id == "self":
                    continue
                if t.attr in LIBRARY_PROPERTIES:
                    continue
                out.append((node.lineno, ast.unparse(t)))
    return out


def app_modules():
    return sorted(p.relative_to(APP).as_posix() for p in APP.rglob("*.py"))


def test_foreign_stores_sees_a_store_on_another_object(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f(scr, g):\n    scr.page = 1\n    g.x = 2\n    self.a = 3\n"
                 "class A:\n    def m(self):\n        self.app.notes = []\n")  # fmt: skip
    assert foreign_stores(f) == [(2, "scr.page"), (7, "self.app.notes")]


@pytest.mark.parametrize("module", app_modules())
def test_no_module_sets_attributes_on_another_object(module):
    assert foreign_stores(APP / module) == []


def test_there_are_four_games():
    assert game_keys() == ["wildside", "gowild", "tumblin", "diceland"]


def classes(path):
    return {n.name: n for n in ast.parse(path.read_text()).body if isinstance(n, ast.ClassDef)}


@pytest.mark.parametrize("game", game_keys())
def test_a_game_has_a_screen_and_a_view_per_display(game):
    folder = APP / game
    screen = classes(folder / "play.py")
    assert "PlayScreen" in screen
    for kind in ("oled", "tft"):
        view = classes(folder / (kind + ".py")).get("View")
        assert view is not None, "%s/%s.py has no View" % (game, kind)
        assert [ast.unparse(b) for b in view.bases] in (["View"], ["view.View"])
        show = [f for f in view.body if isinstance(f, ast.FunctionDef) and f.name == "show"]
        if show:  # else the base's, or a shared parent's
            assert [a.arg for a in show[0].args.args] == ["self", "game", "moment"]
    play = (folder / "play.py").read_text()
    for kind in ("oled", "tft"):
        assert "from slampad.app.%s.%s import View" % (game, kind) in play


@pytest.mark.parametrize("game", game_keys())
def test_a_view_never_reaches_for_the_screen(game):
    """A view is given the game and the moment; it does not import the screen."""
    for kind in ("oled", "tft"):
        tree = ast.parse((APP / game / (kind + ".py")).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "slampad.app.%s.play" % game
                assert "play" not in [a.name for a in node.names]


def test_a_file_name_means_the_same_in_every_game_folder():
    seen = {}
    for game in game_keys():
        for p in (APP / game).glob("*.py"):
            seen.setdefault(p.name, []).append(game)
    shared = sorted(n for n, games in seen.items() if len(games) > 1)
    assert set(shared) <= set(SHARED_NAMES), "shared but not defined: %s" % shared
    doc = ARCHITECTURE.read_text()
    for name in shared:
        assert "`%s`" % name in doc, "docs/architecture.md does not say what %s is" % name
