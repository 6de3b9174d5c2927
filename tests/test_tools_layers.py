"""No tool imports one that imports it back (issue 28, item 6).

The tools run with tools/ and its rooms on sys.path (tools/_rooms.py; the simulator
with tools/shim/ too), so ``import emu_bots`` in tools/benchmarks/play_quality.py means
tools/emulator/emu_bots.py and ``import watchdog`` in tools/shim/_simworld.py means
tools/shim/watchdog.py. Every import counts, a lazy one inside a function too, as in
tests/test_import_circles.py: a circle that only closes at run time still ties the
modules together, across rooms too. A module's name is its path under tools/."""

import ast
from pathlib import Path

from _rooms import ROOMS
from test_import_circles import circles

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def modules(tools=TOOLS):
    """{path under tools/: (folder on sys.path, dotted name)} of every .py under tools/.

    tools/shim/ is a folder of its own on sys.path (its alarm/ and microcontroller/ are
    packages there); every other folder (tools/, a room, tools/probe/) is one too."""
    out = {}
    for path in sorted(tools.rglob("*.py")):
        rel = path.relative_to(tools)
        if "node_modules" in rel.parts:
            continue
        root = "shim" if rel.parts[0] == "shim" else rel.parent.as_posix().strip(".")
        inside = rel.relative_to(root) if root else rel
        parts = list(inside.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[rel.as_posix()] = (root, ".".join(parts))
    return out


def resolver(known, rooms=ROOMS):
    """name -> module path, per folder on sys.path: its own folder first, then tools/ and
    every room (tools/_rooms.py puts them all there), then tools/shim/ (the order the
    simulator's shim and the tools put them in)."""
    by_root = {}
    for rel, (root, name) in known.items():
        by_root.setdefault(root, {})[name] = rel

    def find(root, name):
        for r in (root, "", *rooms, "shim"):
            if name in by_root.get(r, {}):
                return by_root[r][name]
        return None

    return find


def imports_of(rel, known, find, tools=TOOLS):
    """The tools modules that ``rel`` imports, anywhere in its code."""
    root, name = known[rel]
    package = name if rel.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse((tools / rel).read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".") if package else []
                up = up[: len(up) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # "from p import m" is module p.m when there is one, else a name of p.
            targets = [
                base + "." + a.name if find(root, base + "." + a.name) else base
                for a in node.names
            ]
        else:
            continue
        for t in targets:
            hit = find(root, t)
            if hit and hit != rel:
                out.add(hit)
    return out


def graph(tools=TOOLS, rooms=ROOMS):
    known = modules(tools)
    find = resolver(known, rooms)
    return {rel: imports_of(rel, known, find, tools) for rel in known}


def describe(edges, group):
    """A strongly connected ``group`` as text: its modules and the shortest way round
    from its first one (a -> b -> ... -> a), following the edges."""
    inside, start = set(group), group[0]
    came = {start: None}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(edges[v] & inside):
            if w == start:
                way = [v]
                while came[way[-1]] is not None:
                    way.append(came[way[-1]])
                return "%s: %s" % (", ".join(group), " -> ".join(way[::-1] + [start]))
            if w not in came:
                came[w] = v
                todo.append(w)
    return ", ".join(group)


def test_the_finder_sees_lazy_and_shim_circles(tmp_path):
    (tmp_path / "shim" / "pkg").mkdir(parents=True)
    (tmp_path / "r1").mkdir()
    (tmp_path / "r2").mkdir()
    (tmp_path / "a.py").write_text("import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from a import x\n")
    (tmp_path / "c.py").write_text("import a\nimport json\n")
    (tmp_path / "r1" / "d.py").write_text("import e\nimport c\n")  # across rooms
    (tmp_path / "r2" / "e.py").write_text("def f():\n    import d\n")
    (tmp_path / "shim" / "w.py").write_text("import _world\n")
    (tmp_path / "shim" / "_world.py").write_text("def f():\n    from w import T\n")
    (tmp_path / "shim" / "pkg" / "__init__.py").write_text("from . import leaf\n")
    (tmp_path / "shim" / "pkg" / "leaf.py").write_text("import board\n")
    (tmp_path / "shim" / "board.py").write_text("")
    edges = graph(tmp_path, rooms=("r1", "r2"))
    assert edges["c.py"] == {"a.py"}
    assert edges["r1/d.py"] == {"r2/e.py", "c.py"}
    assert edges["shim/pkg/__init__.py"] == {"shim/pkg/leaf.py"}
    assert edges["shim/pkg/leaf.py"] == {"shim/board.py"}
    assert circles(edges) == [
        ["a.py", "b.py"], ["r1/d.py", "r2/e.py"], ["shim/_world.py", "shim/w.py"]
    ]  # fmt: skip
    assert describe(edges, ["a.py", "b.py"]) == "a.py, b.py: a.py -> b.py -> a.py"


def test_every_folder_of_python_is_a_room_and_every_name_is_one_module():
    """A folder of tools modules that tools/_rooms.py does not put on sys.path would leave
    its modules unfound (and this test's graph blind to them); two modules of one name in
    tools/ and the rooms would shadow one another."""
    known = modules()
    folders = {root for root, _ in known.values()}
    assert folders - {"", "shim", "probe"} == set(ROOMS)
    seen = {}
    for rel, (root, name) in known.items():
        if root not in ("shim", "probe"):
            assert name not in seen, "%s and %s are both %s" % (seen[name], rel, name)
            seen[name] = rel


def test_no_import_circle_under_tools():
    edges = graph()
    assert "benchmarks/bench_table.py" in edges and "shim/watchdog.py" in edges
    assert "emulator/emu_bots.py" in edges["benchmarks/play_quality.py"]  # across rooms
    found = circles(edges)
    assert found == [], "import circles under tools/:\n" + "\n".join(
        describe(edges, g) for g in found
    )
