"""No tool imports one that imports it back (issue 28, item 6).

The tools run with tools/ on sys.path (and the simulator with tools/shim/ too), so
``import bench_table`` in tools/bench.py means tools/bench_table.py and ``import watchdog``
in tools/shim/_simworld.py means tools/shim/watchdog.py. Every import counts, a lazy one
inside a function too, as in tests/test_import_circles.py: a circle that only closes at
run time still ties the modules together. A module's name is its path under tools/."""

import ast
from pathlib import Path

from test_import_circles import circles

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def modules(tools=TOOLS):
    """{path under tools/: (folder on sys.path, dotted name)} of every .py under tools/.

    tools/shim/ is a folder of its own on sys.path (its alarm/ and microcontroller/ are
    packages there); every other folder (tools/, tools/probe/) is one too."""
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


def resolver(known):
    """name -> module path, per folder on sys.path: its own folder first, then tools/,
    then tools/shim/ (the order the simulator's shim and the tools put them in)."""
    by_root = {}
    for rel, (root, name) in known.items():
        by_root.setdefault(root, {})[name] = rel

    def find(root, name):
        for r in (root, "", "shim"):
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


def graph(tools=TOOLS):
    known = modules(tools)
    find = resolver(known)
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
    (tmp_path / "a.py").write_text("import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from a import x\n")
    (tmp_path / "c.py").write_text("import a\nimport json\n")
    (tmp_path / "shim" / "w.py").write_text("import _world\n")
    (tmp_path / "shim" / "_world.py").write_text("def f():\n    from w import T\n")
    (tmp_path / "shim" / "pkg" / "__init__.py").write_text("from . import leaf\n")
    (tmp_path / "shim" / "pkg" / "leaf.py").write_text("import board\n")
    (tmp_path / "shim" / "board.py").write_text("")
    edges = graph(tmp_path)
    assert edges["c.py"] == {"a.py"}
    assert edges["shim/pkg/__init__.py"] == {"shim/pkg/leaf.py"}
    assert edges["shim/pkg/leaf.py"] == {"shim/board.py"}
    assert circles(edges) == [["a.py", "b.py"], ["shim/_world.py", "shim/w.py"]]
    assert describe(edges, ["a.py", "b.py"]) == "a.py, b.py: a.py -> b.py -> a.py"


def test_no_import_circle_under_tools():
    edges = graph()
    assert "bench_table.py" in edges and "shim/watchdog.py" in edges
    found = circles(edges)
    assert found == [], "import circles under tools/:\n" + "\n".join(
        describe(edges, g) for g in found
    )
