"""Every command README.md shows works exactly as written (issue 16, item 6), and so does
every command of the docs that took over the README's how-to-play, wiring, emulator and
architecture text (issue 28: DOCS).

The commands are read out of README.md and DOCS themselves (their code blocks, and inline
code that runs one of the repository's tools), so this cannot drift from the text. Each
is run the way a newcomer runs it: through ``bash -c`` from the repository root, with a
clean environment whose PATH has the system ``python3`` first and no .venv on it (not with
the test's own interpreter): the tools must find .venv themselves, as ``tools/sim`` and
``tools/test`` do.

Placeholders a reader replaces (``/path/to/CIRCUITPY``, ``DEST``, ``ENTRY``, the
downloaded mpy-cross) are replaced here too, by PLACEHOLDERS. The commands not run are
in SKIPPED, each with the reason.
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import referee
from safety_net import SAFETY_NET_S

pytestmark = pytest.mark.slow  # tools/test -m "not slow" leaves it out

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# The docs the README sends readers to for what it used to say itself (issue 28).
DOCS = tuple(
    ROOT / "docs" / name
    for name in ("how-to-play.md", "wiring.md", "emulator.md", "architecture.md", "rules.md")
)
SHARED = ROOT.parent / "shared" / "circuitpython"
MPY_CROSS = sorted(SHARED.glob("mpy-cross-*"))
SOURCE = SHARED / "src" / "circuitpython-10.2.1-rp2040-src.tar.xz"  # tools/firmware's input

# Commands not run here, and why (a README command missing from here is run).
SKIPPED = {
    "tools/test": "the whole test suite, which runs this test: it would run itself",
    "tools/test -k W6": "the test suite again (ruff, mypy per board and pytest): it runs this "
    "test's own suite from inside it",
    "tools/test -n 0": "the whole test suite in one process: it would run itself",
    'tools/test -m "not slow"': "most of this suite again, minutes of it, from inside it (CI runs "
    "the whole suite, which holds every test of that subset)",
    ".ci/run": "CI's entry point: it calls tools/test, the whole suite",
    "tools/emu": "the same run as `tools/emu --headless --script tools/emu_demo.txt` (its "
    "default script, with no window here), which is run",
    "tools/emu --headless --screenshots docs/screenshots/emu": "the emulator's demo as "
    "`tools/emu --headless --script tools/emu_demo.txt` (which is run), but written over the "
    "README's own images",
}

# What a reader puts in place of the README's placeholders (``{tmp}``: a fresh folder).
PLACEHOLDERS = (
    ("/path/to/CIRCUITPY", "{tmp}/CIRCUITPY"),
    ("~/Downloads/mpy-cross-linux-amd64-10.2.1.static", "{mpy_cross}"),
    ("DEST", "{tmp}/DEST"),
    ("ENTRY", "tests/mp/wildside_games.py"),  # passes in 128K with room (test_micropython)
    ("FILE", "{tmp}/scenario.json"),  # a scenario for tools/referee.py: its first example
)


def _strip_comment(line):
    """``line`` without a trailing ``# comment`` (outside quotes)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def _open_quote(text):
    quote = None
    for ch in text:
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
    return quote


def _runs_a_tool(word):
    """Is ``word`` a command of the repository (an executable file in it) or ``echo``?"""
    if word == "echo":
        return True
    p = ROOT / word
    return p.is_file() and os.access(p, os.X_OK)


def readme_commands(text=None):
    """The commands README.md shows (or ``text``), in order, each once: the lines of its
    code blocks that start with a command (continuation lines and multi-line quotes
    joined, comments dropped), and inline code that runs a tool: a command with
    arguments, or a bare tool with no .py/.sh suffix (a bare ``tools/deploy.py`` names
    the file)."""
    text = README.read_text() if text is None else text
    found = []
    for block in re.findall(r"^ *```[^\n]*\n(.*?)^ *```", text, re.S | re.M):
        lines = [ln.strip() for ln in block.splitlines()]
        first = next((ln for ln in lines if ln), "")
        if not first or not _runs_a_tool(first.split()[0]):
            continue  # not commands (the layout, say)
        buf = ""
        for ln in lines:
            if not buf and (not ln or ln.startswith("#")):
                continue
            buf = (buf + "\n" + ln) if buf else ln
            if _open_quote(buf) or buf.endswith("\\"):
                continue
            found.append(_strip_comment(buf))
            buf = ""
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    for span in re.findall(r"`([^`\n]+)`", prose):
        words = span.split()
        if not _runs_a_tool(words[0]) or words[0] == "echo":
            continue
        if len(words) > 1 or not words[0].endswith((".py", ".sh")):
            found.append(span)
    out = []
    for c in found:
        if c not in out:
            out.append(c)
    return out


README_COMMANDS = readme_commands()
COMMANDS = list(README_COMMANDS)  # ... and those of DOCS the README does not show
for _doc in DOCS:
    COMMANDS += [c for c in readme_commands(_doc.read_text()) if c not in COMMANDS]


def clean_env(tmp):
    """A newcomer's shell: the system python3 first on PATH, no .venv, no display."""
    keep = [d for d in ("/usr/local/bin", "/usr/bin", "/bin") if os.path.isdir(d)]
    path = [d for d in os.environ.get("PATH", "").split(os.pathsep) if ".venv" not in d]
    py = None
    for d in path:  # where "python3" is outside any venv: the system's (or pyenv's)
        if os.access(os.path.join(d, "python3"), os.X_OK) and ".venv" not in d:
            py = d
            break
    dirs = ([py] if py else []) + [d for d in keep if d != py]
    env = {"PATH": os.pathsep.join(dirs), "HOME": os.environ.get("HOME", str(tmp))}
    for k in ("LANG", "LC_ALL", "TERM"):
        if k in os.environ:
            env[k] = os.environ[k]
    env["SDL_VIDEODRIVER"] = "dummy"
    return env


def test_the_readme_shows_the_commands_this_test_runs():
    # the extraction itself: the forms the README uses are all found, none is mangled
    assert "tools/sim" in README_COMMANDS and "tools/sim --watch" in README_COMMANDS
    assert "tools/firmware" in README_COMMANDS
    assert "tools/deploy.py /path/to/CIRCUITPY --frozen" in README_COMMANDS
    assert any(c.startswith("echo '{\"game\": \"tumblin\"") and c.endswith("| tools/referee.py")
               for c in README_COMMANDS)
    for c in COMMANDS:
        assert "#" not in c.split("'")[0], c  # comments stripped
    for c in SKIPPED:
        assert c in README_COMMANDS, "SKIPPED names %r, which README.md no longer shows" % c
    # one spelling per tool: run from the repository root as tools/NAME, never through
    # an interpreter the reader must know about
    for c in COMMANDS:
        assert ".venv/bin/python" not in c and not c.startswith("python"), c


def test_every_tool_the_readme_runs_is_executable_with_a_shebang():
    for c in COMMANDS:
        for word in re.findall(r"(?:^|\|\s*)((?:tools|\.ci)/[\w./-]+)", c):
            p = ROOT / word
            assert p.is_file() and os.access(p, os.X_OK), word
            assert p.read_text().startswith("#!"), word


@pytest.mark.parametrize("command", COMMANDS, ids=[c.splitlines()[0][:48] for c in COMMANDS])
def test_readme_command_works_as_written(command, tmp_path):
    if command in SKIPPED:
        pytest.skip(SKIPPED[command])
    if not (ROOT / ".venv" / "bin" / "python").is_file():
        pytest.skip("no .venv: tools/sim or tools/test makes it (the README's first step)")
    cmd = command
    for old, new in PLACEHOLDERS:
        if old in cmd:
            if "{mpy_cross}" in new and not MPY_CROSS:
                pytest.skip("no CircuitPython mpy-cross in %s (the README's download)" % SHARED)
            cmd = re.sub(r"(?<![\w/])%s(?![\w])" % re.escape(old), new, cmd)
    cmd = cmd.replace("{tmp}", str(tmp_path))
    cmd = cmd.replace("{mpy_cross}", str(MPY_CROSS[-1]) if MPY_CROSS else "")
    (tmp_path / "scenario.json").write_text(referee.EXAMPLES[0][1])
    if cmd.startswith("tools/emu") and (not SOURCE.is_file() or shutil.which("node") is None):
        pytest.skip("tools/emu needs the CircuitPython source beside the checkout and Node")
    if cmd.startswith("tools/firmware") and not SOURCE.is_file():
        pytest.skip("tools/firmware needs the CircuitPython source beside the checkout")
    r = subprocess.run(
        ["bash", "-o", "pipefail", "-c", cmd],
        cwd=ROOT,
        env=clean_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=SAFETY_NET_S,
        stdin=subprocess.DEVNULL,
    )
    said = (r.stdout + r.stderr)[-3000:]
    assert r.returncode == 0, "%s\nexit %d:\n%s" % (cmd, r.returncode, said)
    assert "Traceback" not in r.stderr, said
    if "tools/referee.py" in cmd and "--help" not in cmd:
        ruling = json.loads(r.stdout)
        assert isinstance(ruling, dict) and ruling
    if cmd.startswith("tools/deploy.py"):
        assert "total" in r.stdout, said
