"""The emulator's Node packages: tools/_node.sh, which tools/test and tools/emu source.

Where the emulator tests can run (the firmware in ../shared/circuitpython, node and npm
on PATH, as in CI), rp2040js must be installed: tools/test runs `npm ci` for it. If that
failed, the first test here fails with npm's own words (out/npm-ci.log) instead of the
emulator tests skipping unseen. The others run _node.sh against a fake npm.
"""

import hashlib
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
NODE_DIR = os.path.join(TOOLS, "rp2040")
LOG = os.path.join(ROOT, "out", "npm-ci.log")
STAMP = os.path.join("node_modules", ".slampad-lock.sha")
BASH = shutil.which("bash") or "/bin/bash"


def lock_sha(node_dir):
    with open(os.path.join(node_dir, "package-lock.json"), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def firmware_problem():
    if TOOLS not in sys.path:
        sys.path.insert(0, TOOLS)
    import emu

    try:
        emu.firmware_paths("pico")
    except emu.EmuError as e:
        return str(e)
    return None


def test_rp2040js_is_installed_where_the_emulator_tests_can_run():
    why = firmware_problem()
    if why is None:
        missing = [t for t in ("node", "npm") if shutil.which(t) is None]
        why = missing and "`%s` is not on PATH" % missing[0]
    if why:
        pytest.skip("emulator: %s" % why.split(":")[0])
    installed = os.path.isdir(os.path.join(NODE_DIR, "node_modules", "rp2040js"))
    stamp = os.path.join(NODE_DIR, STAMP)
    current = False
    if os.path.isfile(stamp):
        with open(stamp) as f:
            current = f.read().strip() == lock_sha(NODE_DIR)
    if installed and current:
        return
    said = ""
    if os.path.isfile(LOG):
        with open(LOG, errors="replace") as f:
            said = "\n`npm ci` said (out/npm-ci.log):\n" + "".join(f.readlines()[-15:])
    pytest.fail(
        "the firmware, node and npm are here but tools/rp2040's npm packages are %s, so "
        "the emulator tests cannot run: tools/test (or tools/emu) runs `npm ci` there%s"
        % ("out of date" if installed else "not installed", said),
        pytrace=False,
    )


# -- tools/_node.sh on a fake npm -------------------------------------------------------------

FAKE_NPM = """#!/bin/sh
echo "ci $*" >>"$CALLS"
if [ -n "$FAIL_NPM" ]; then
  echo "npm error code E404"
  echo "npm error 404 Not Found - GET https://registry.npmjs.org/rp2040js" >&2
  exit 1
fi
mkdir -p node_modules/rp2040js
"""


@pytest.fixture
def fake(tmp_path):
    """A checkout's tools/rp2040 with its lock file, and a bin folder with node and a
    fake npm (its calls logged) ahead of the real ones on PATH."""
    node_dir = tmp_path / "tools" / "rp2040"
    node_dir.mkdir(parents=True)
    shutil.copy(os.path.join(NODE_DIR, "package-lock.json"), node_dir)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("npm", FAKE_NPM), ("node", "#!/bin/sh\n")):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return tmp_path


def source(root, script, path=None, **env):
    """Run ``script`` in bash after sourcing tools/_node.sh with ROOT=root."""
    e = dict(os.environ, CALLS=str(root / "calls"))
    e.pop("FAIL_NPM", None)
    e.update(env)
    e["PATH"] = path if path is not None else "%s:%s" % (root / "bin", os.environ["PATH"])
    text = 'ROOT="%s"\nsource "%s"\n%s' % (root, os.path.join(TOOLS, "_node.sh"), script)
    return subprocess.run([BASH, "-c", text], capture_output=True, text=True, env=e)


def calls(root):
    p = root / "calls"
    return p.read_text().splitlines() if p.exists() else []


def test_npm_ci_runs_once_per_lock_file(fake):
    r = source(fake, "node_packages; echo status=$?")
    assert r.stdout.strip() == "status=0", r.stderr
    assert "Installing tools/rp2040's npm packages (npm ci)" in r.stderr
    assert calls(fake) == ["ci ci --no-audit --no-fund"]
    node_dir = fake / "tools" / "rp2040"
    assert (node_dir / STAMP).read_text().strip() == lock_sha(node_dir)
    r = source(fake, "node_packages; echo status=$?")  # up to date: npm is not run
    assert r.stdout.strip() == "status=0" and r.stderr == ""
    assert len(calls(fake)) == 1
    with open(node_dir / "package-lock.json", "a") as f:
        f.write("\n")  # a new lock file: installed again
    source(fake, "node_packages")
    assert len(calls(fake)) == 2
    assert (node_dir / STAMP).read_text().strip() == lock_sha(node_dir)


def test_a_failing_npm_ci_says_so_with_its_words_and_leaves_no_stamp(fake):
    r = source(fake, "node_packages; echo status=$?", FAIL_NPM="1")
    assert r.stdout.strip() == "status=1"
    assert "`npm ci` in tools/rp2040 failed" in r.stderr and "out/npm-ci.log" in r.stderr
    assert "npm error 404 Not Found" in r.stderr  # npm's own words, not just ours
    log = (fake / "out" / "npm-ci.log").read_text()
    assert "npm error code E404" in log and "404 Not Found" in log
    assert not (fake / "tools" / "rp2040" / STAMP).exists()
    r = source(fake, "node_packages; echo status=$?")  # mended: it installs
    assert r.stdout.strip() == "status=0" and len(calls(fake)) == 2


@pytest.mark.parametrize(
    "have, missing", [((), "node"), (("node",), "npm"), (("npm",), "node"), (("node", "npm"), "")]
)
def test_node_tools_missing_names_the_first_missing_tool(fake, have, missing):
    only = fake / "only"
    only.mkdir()
    for name in have:
        os.symlink(fake / "bin" / name, only / name)
    r = source(fake, 'if m="$(node_tools_missing)"; then echo "missing=$m"; fi', path=str(only))
    assert r.stdout.strip() == ("missing=" + missing if missing else ""), r.stderr


def test_tools_test_and_tools_emu_share_the_install_and_pass_arguments_on():
    for name in ("test", "emu"):
        with open(os.path.join(TOOLS, name)) as f:
            text = f.read()
        assert 'source "$ROOT/tools/_node.sh"' in text, name
        assert "npm ci --" not in text and "sha256sum" not in text, name  # no copy of it
        assert "node_tools_missing" in text and "node_packages" in text, name
    with open(os.path.join(TOOLS, "test")) as f:
        last = f.read().strip().splitlines()[-1]
    # pytest on every core, a file to a worker (item 10), the slowest tests listed, and
    # the caller's arguments last so they can override (-n 0).
    assert last == 'exec "$PYTHON" -P -m pytest -n auto --dist loadfile --durations=15 "$@"'
