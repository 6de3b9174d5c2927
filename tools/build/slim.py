"""Strip comments and docstrings from our own modules for the device image.

The RP2040 compiles each .py at import and needs about 2.6 x its size in free
heap to do it (docs/benchmarks.md), so the image carries lib/slampad without
comments and docstrings. Every remaining statement keeps its line number, so a
traceback from the board still points at the right line of the repository's
source. Adafruit libraries are copied untouched (their licence headers stay).
"""

import ast
import io
import tokenize


def _docstring_lines(tree, lines):
    """{line number: replacement} for every docstring that stands on lines of its own."""
    out = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = node.body
        if not body:
            continue
        doc = body[0]
        if not (
            isinstance(doc, ast.Expr)
            and isinstance(doc.value, ast.Constant)
            and isinstance(doc.value.value, str)
        ):
            continue
        first, last = doc.lineno, doc.end_lineno
        before = lines[first - 1][: doc.col_offset]
        after = lines[last - 1][doc.end_col_offset :]
        if before.strip() or after.strip():
            continue  # shares a line with other code: leave it
        for n in range(first, last + 1):
            out[n] = ""
        if len(body) == 1:  # the body must keep a statement
            out[first] = " " * doc.col_offset + "pass"
    return out


def strip_source(text):
    """``text`` without comments and docstrings, line numbers kept."""
    lines = text.splitlines()
    tree = ast.parse(text)
    replace = _docstring_lines(tree, lines)
    cut = {}  # line number -> column where a comment starts
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            cut[tok.start[0]] = tok.start[1]
    out = []
    for n, line in enumerate(lines, 1):
        if n in replace:
            line = replace[n]
        elif n in cut:
            line = line[: cut[n]]
        out.append(line.rstrip())
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n"
