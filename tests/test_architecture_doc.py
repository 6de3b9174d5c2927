"""docs/architecture.md names only what exists, and its slam walk follows the code (issue 28).

Every name in backticks that looks like code is resolved:
- ``path/to/file.py`` (or a folder ``path/``): the file or folder exists;
- ``path/to/file.py: name`` or ``path/to/file.py: Class.member``: the file defines it;
- ``slampad.module.name``: the module exists under lib/ and defines the name;
- ``Class.member``: a class of that name in lib/ or tools/ defines the member (a method, a
  class attribute or an attribute its methods set).
The walk's steps are checked too: the files come in the order a slam travels, and each call
the text says one function makes is in that function's source.
"""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
PATH = re.compile(r"^[\w.-]+(/[\w.-]+)*/?$")


def doc_text():
    return DOC.read_text(encoding="utf-8")


def spans():
    """The inline code spans of the doc, outside its fenced blocks."""
    prose = re.sub(r"^```.*?^```", "", doc_text(), flags=re.S | re.M)
    return re.findall(r"`([^`\n]+)`", prose)


_TREES = {}


def tree(path):
    if path not in _TREES:
        _TREES[path] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return _TREES[path]


def members(cls):
    """What a class defines: methods, class attributes and self.X assignments."""
    out = set()
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            out.update(t.id for t in targets if isinstance(t, ast.Name))
    for node in ast.walk(cls):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if (
                    isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "self"
                ):
                    out.add(t.attr)
    return out


def top_level(path):
    """Names a module defines at its top level: functions, classes, assignments, imports."""
    out = {}
    for node in tree(path).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name):
                    out[t.id] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                out[(a.asname or a.name).split(".")[0]] = node
    return out


def defines(path, dotted):
    """Does the file at ``path`` define ``name`` or ``Class.member``?"""
    first, _, rest = dotted.partition(".")
    node = top_level(path).get(first)
    if node is None:
        return False
    if not rest:
        return True
    return isinstance(node, ast.ClassDef) and rest in members(node)


def classes_named(name):
    for top in ("lib", "tools"):
        for path in (ROOT / top).rglob("*.py"):
            if "node_modules" in path.parts:
                continue
            for node in ast.walk(tree(path)):
                if isinstance(node, ast.ClassDef) and node.name == name:
                    yield node


def source_of(path, dotted):
    """The source text of function ``name`` or method ``Class.method`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    first, _, rest = dotted.partition(".")
    node = top_level(path)[first]
    if rest:
        node = next(n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == rest)
    return ast.get_source_segment(text, node)


def test_every_path_named_exists():
    wrong = []
    for s in spans():
        p = s.split(": ", 1)[0]
        if "/" in p and PATH.match(p) and not (ROOT / p).exists():
            wrong.append(s)
    assert not wrong, "docs/architecture.md names paths that do not exist: %s" % wrong


def test_every_path_and_name_is_defined_there():
    wrong = []
    checked = 0
    for s in spans():
        m = re.match(r"^([\w./-]+\.py): ([A-Za-z_][\w.]*)$", s)
        if m:
            checked += 1
            path = ROOT / m.group(1)
            if not path.is_file() or not defines(path, m.group(2)):
                wrong.append(s)
    assert checked >= 20, "the doc names fewer functions than expected: %d" % checked
    assert not wrong, "docs/architecture.md names what the file does not define: %s" % wrong


def test_every_dotted_slampad_name_is_defined():
    wrong = []
    for s in spans():
        if not re.match(r"^slampad(\.\w+)+$", s):
            continue
        parts = s.split(".")
        for i in range(len(parts) - 1, 0, -1):  # the longest module prefix that exists
            path = ROOT / "lib" / Path(*parts[:i]).with_suffix(".py")
            if path.is_file():
                if not defines(path, ".".join(parts[i:])):
                    wrong.append(s)
                break
        else:
            wrong.append(s)
    assert not wrong, wrong


def test_every_class_member_named_exists():
    wrong = []
    for s in spans():
        m = re.match(r"^([A-Z]\w*)\.(\w+)$", s)
        if m and not any(m.group(2) in members(c) for c in classes_named(m.group(1))):
            wrong.append(s)
    assert not wrong, "docs/architecture.md names class members that do not exist: %s" % wrong


# The slam walk: the files in the order a slam travels through them ...
WALK_ORDER = (
    "lib/slampad/hw/pio_program.py",
    "lib/slampad/hw/pio_pads.py: PioPads",
    "lib/slampad/app/main.py: App.step",
    "lib/slampad/app/pad_input.py: PadInput.drain",
    "lib/slampad/app/wildside/play.py: PlayScreen.on_pad",
    "lib/slampad/app/wildside/clock.py: Clock.slam",
    "lib/slampad/games/wildside.py: Wildside.apply",
    "lib/slampad/games/wildside.py: Wildside._a_judge",
    "lib/slampad/app/wildside/words.py: describe",
    "lib/slampad/app/wildside/slamview.py: SlamView",
    "lib/slampad/app/wildside/clock.py: Clock.paint",
    "lib/slampad/app/leds.py: Leds.update",
    "lib/slampad/app/ui.py: Text.refresh",
)

# ... and the calls the walk says each function makes: (file, function, what it calls).
CALLS = (
    ("lib/slampad/hw/pio_pads.py", "pads", "PioPads("),
    ("lib/slampad/hw/pio_pads.py", "PioPads._read", "self.word("),
    ("lib/slampad/hw/pio_pads.py", "PioPads.word", "self._settle("),
    ("lib/slampad/hw/pio_pads.py", "PioPads._settle", "self._put("),
    ("lib/slampad/hw/pio_pads.py", "PioPads._settle", "DEBOUNCE_US"),
    ("lib/slampad/app/main.py", "run", "app.step("),
    ("lib/slampad/app/main.py", "App.step", "self.pad_input.drain("),
    ("lib/slampad/app/main.py", "App.step", "self.leds.update("),
    ("lib/slampad/app/main.py", "App.step", "self.text.refresh("),
    ("lib/slampad/app/pad_input.py", "PadInput.drain", "scr.on_pad("),
    ("lib/slampad/app/pad_input.py", "PadInput.drain", "Press(k, ev.timestamp, tick)"),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.on_pad", "self.slam(s, press.tick)"),
    ("lib/slampad/app/wildside/clock.py", "Clock.slam", "g.tick_fits("),
    ("lib/slampad/app/wildside/clock.py", "Clock.slam", "slam_now()"),
    ("lib/slampad/app/wildside/clock.py", "Clock.slam", 'self.act(("slam"'),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.act", "legal.apply("),
    ("lib/slampad/games/wildside.py", "Wildside.apply", '"_a_" + name'),
    ("lib/slampad/games/wildside.py", "Wildside._a_slam", "self._tick("),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.tick", "self.judge("),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.judge", 'self.act(("judge",))'),
    ("lib/slampad/games/wildside.py", "Wildside._a_judge", "self.first_place()"),
    ("lib/slampad/games/wildside.py", "Wildside._a_judge", "self._confirm("),
    ("lib/slampad/games/wildside.py", "Wildside._a_judge", "self._penalize("),
    ("lib/slampad/games/wildside.py", "Wildside.candidates", "wm.candidates("),
    ("lib/slampad/games/wildside.py", "Wildside._confirm", "self._collect("),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.after", "describe("),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.after", "parts("),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.after", "fly_from("),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.after", "self.say("),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.say", "self.show()"),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.show", "self.view.show(self.game, moment)"),
    ("lib/slampad/app/wildside/slamview.py", "SlamView.show", "self.draw()"),
    ("lib/slampad/app/wildside/slamview.py", "SlamView.draw", "self.make("),
    ("lib/slampad/app/wildside/slamview.py", "SlamView.draw", "t.show("),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.tick", "self.paint(now)"),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.tick", "self.view.tick(now)"),
    ("lib/slampad/app/wildside/clock.py", "Clock.paint", "leds.dice_colours("),
    ("lib/slampad/app/wildside/clock.py", "Clock.open_window", "slam_now()"),
    ("lib/slampad/app/wildside/clock.py", "Clock.open_window", "self.plan_bots("),
    ("lib/slampad/app/wildside/play.py", "PlayScreen.tick", "self.bots_slam()"),
    ("lib/slampad/app/diceland/play.py", "PlayScreen.enter", "View("),
    ("lib/slampad/app/diceland/play.py", "PlayScreen.draw", "self.view.show("),
    ("lib/slampad/app/diceland/oled.py", "View.__init__", "HexMap("),
    ("lib/slampad/app/diceland/tft.py", "View.__init__", "HexMap("),
    ("lib/slampad/app/diceland/art.py", "HexMap.draw", "self.cell("),
    ("lib/slampad/app/diceland/art.py", "HexMap.cell", "self.put("),
    ("lib/slampad/games/gowild.py", "GoWild._end_trick", "gc.settle(self.scores"),
    ("lib/slampad/games/gowild.py", "GoWild._end_trick", 'self.options["target"]'),
)


def test_the_slam_walk_names_the_files_in_the_order_a_slam_travels():
    text = doc_text()
    walk = text[text.index("## One Wildside slam") : text.index("## Where to change things")]
    at = [walk.find(name) for name in WALK_ORDER]
    missing = [n for n, i in zip(WALK_ORDER, at, strict=True) if i < 0]
    assert not missing, "the slam walk no longer names: %s" % missing
    assert at == sorted(at), "the slam walk is out of order: %s" % [
        n for _, n in sorted(zip(at, WALK_ORDER, strict=True))
    ]


def test_the_calls_the_walk_describes_are_in_the_code():
    wrong = []
    for rel, func, call in CALLS:
        src = source_of(ROOT / rel, func)
        if call not in src:
            wrong.append((rel, func, call))
    assert not wrong, "the code no longer makes these calls: %s" % wrong
