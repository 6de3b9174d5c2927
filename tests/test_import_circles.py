"""No module under lib/ imports one that imports it back (issue 17 item 8).

Every import counts, a lazy one inside a function too: a circle that only closes at
run time still ties the modules together (and keeps them in RAM together). An import
counts as an edge to the module whose code it runs for its names: ``from p import m``
to p.m if that is a module, to p itself if m is a name in p's __init__."""

import ast
from pathlib import Path

LIB = Path(__file__).resolve().parent.parent / "lib"


def module_names(lib=LIB):
    """{dotted name: path} of every module under lib/."""
    out = {}
    for path in lib.rglob("*.py"):
        parts = list(path.relative_to(lib).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports_of(name, path, known):
    """The modules of ``known`` that module ``name`` imports, anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # "from p import m" names module p.m when there is one; otherwise it
            # takes a name from p's own code, which is an import of p.
            targets = [
                base + "." + a.name if base + "." + a.name in known else base
                for a in node.names
            ]
        else:
            continue
        # A package's __init__ that runs on the way to its submodule is not counted:
        # hw/__init__ picks a profile lazily, and the profile imports its siblings.
        out.update(t for t in targets if t in known and t != name)
    return out


def graph(lib=LIB):
    known = module_names(lib)
    return {n: imports_of(n, p, known) for n, p in known.items()}


def circles(edges):
    """The strongly connected groups of two or more modules (Tarjan), sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(out)


def test_the_finder_sees_a_lazy_circle(tmp_path):
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from p import b\n")
    (pkg / "b.py").write_text("def f():\n    from p.a import x\n")
    (pkg / "c.py").write_text("from . import a\n")
    (pkg / "__init__.py").write_text("def make():\n    from p import c\n")
    assert circles(graph(tmp_path)) == [["p.a", "p.b"]]
    (pkg / "b.py").write_text("def f():\n    from p.c import x\n")
    assert circles(graph(tmp_path)) == [["p.a", "p.b", "p.c"]]
    (pkg / "b.py").write_text("from p import make\n")  # a name from p's __init__
    assert circles(graph(tmp_path)) == [["p", "p.a", "p.b", "p.c"]]


def test_no_import_circle_under_lib():
    assert circles(graph()) == []


def test_screens_never_import_main():
    """A screen reaches the app through the object it is handed."""
    edges = graph()
    importers = sorted(n for n, e in edges.items() if "slampad.app.main" in e)
    assert importers == []


def test_each_games_screens_live_in_its_own_folder():
    app = LIB / "slampad" / "app"
    for game in ("wildside", "gowild", "tumblin", "diceland"):
        assert (app / game / "play.py").is_file(), game
        loose = sorted(p.name for p in app.glob("*.py") if game in p.name)
        assert loose == [], loose
