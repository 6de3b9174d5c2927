"""docs/rules.md, the project's own account of the rulings (W1-W13, G1-G9, T1-T6, D1-D10,
S1-S3): every ruling id cited in lib/, tests/ and tools/ has an entry there, every entry is
cited somewhere in tests/ (or is a known gap, below, with its reason), and the modules and
test files each entry names exist and cite it.
"""

import os
import re

from test_shim import ROOT

RULES = os.path.join(ROOT, "docs", "rules.md")
ID = re.compile(r"(?<![\w.])([WGTDS])(\d{1,2})(?!\w)")
HEADING = re.compile(r"^### ([WGTDS]\d{1,2}) ", re.M)

# Files where D0-D25 are Feather RP2040 pin names (board.D9, "D10", ...), not Diceland
# rulings: only their D-tokens are skipped; W, G, T and S ids in them still count.
PIN_FILES = {
    "lib/slampad/hw/feather.py",
    "tools/shim/_simworld.py",
    "tools/build/wiring.py",
    "tests/test_hw_profiles.py",
    "tests/test_shim.py",
    "tests/test_device_power.py",
    "tests/test_device_entry.py",
    "tests/test_typecheck.py",
    "tests/test_wiring.py",
}

# Ruling ids with no test of their own yet, each with the reason (not faked with a test).
# None today. Put an id here, with its reason, rather than a test that only names it.
KNOWN_GAPS: dict[str, str] = {}


def _py_files(top):
    for base, dirs, files in os.walk(os.path.join(ROOT, top)):
        dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__", "mp")]
        for f in files:
            if f.endswith(".py") and f != "test_rules_doc.py":  # this file names them all
                yield os.path.join(base, f)


def cited(path):
    """The ruling ids cited in one file (Feather pin names left out, PIN_FILES)."""
    rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    ids = {m.group(1) + m.group(2) for m in ID.finditer(text)}
    if rel in PIN_FILES:
        ids = {i for i in ids if not i.startswith("D")}
    return ids


def entries():
    """docs/rules.md's entries: id -> its text (heading to the next heading)."""
    with open(RULES, encoding="utf-8") as f:
        text = f.read()
    parts = re.split(r"^(?=##+ )", text, flags=re.M)
    out = {}
    for part in parts:
        m = HEADING.match(part)
        if m:
            assert m.group(1) not in out, "%s has two entries" % m.group(1)
            out[m.group(1)] = part
    return out


def _cited_in(top):
    where = {}
    for path in _py_files(top):
        for i in cited(path):
            where.setdefault(i, set()).add(os.path.relpath(path, ROOT))
    return where


def test_rules_doc_has_every_family_in_order():
    ids = list(entries())
    for fam, n in (("W", 13), ("G", 9), ("T", 6), ("D", 10), ("S", 3)):
        assert [i for i in ids if i[0] == fam] == ["%s%d" % (fam, k) for k in range(1, n + 1)]


def test_every_cited_id_has_an_entry():
    doc = entries()
    missing = {}
    for top in ("lib", "tests", "tools"):
        for i, files in _cited_in(top).items():
            if i not in doc:
                missing.setdefault(i, set()).update(files)
    assert not missing, "ruling ids cited but not in docs/rules.md: %s" % missing


def test_every_entry_is_cited_by_the_tests():
    in_tests = _cited_in("tests")
    uncovered = sorted(i for i in entries() if i not in in_tests and i not in KNOWN_GAPS)
    assert not uncovered, "rulings no test names or comments cite: %s" % uncovered
    # A gap that got its tests is no longer a gap: take it off KNOWN_GAPS.
    stale = sorted(i for i in KNOWN_GAPS if i in in_tests)
    assert not stale, "%s now cited in %s: remove from KNOWN_GAPS" % (
        stale, {i: sorted(in_tests[i]) for i in stale})


def test_every_named_module_and_test_file_exists_and_cites_the_id():
    wrong = []
    for i, text in entries().items():
        code = re.search(r"\*Code:\*(.*?)(?=\*Tests:\*|\Z)", text, re.S)
        tests = re.search(r"\*Tests:\*(.*)", text, re.S)
        assert code and tests, "%s: no *Code:* or *Tests:* line" % i
        for name in re.findall(r"`([\w/]+\.py)`", code.group(1)):
            path = os.path.join(ROOT, "lib", "slampad", name)
            if not os.path.exists(path) or i not in cited(path):
                wrong.append((i, "lib/slampad/" + name))
        for name in re.findall(r"`([\w/]+\.py)`", tests.group(1)):
            path = os.path.join(ROOT, "tests", name)
            if name == "test_rules_doc.py" or i in KNOWN_GAPS:
                continue
            if not os.path.exists(path) or i not in cited(path):
                wrong.append((i, "tests/" + name))
    assert not wrong, "docs/rules.md names files that do not exist or do not cite the id: %s" % (
        wrong)


def test_nothing_points_at_the_shared_rulings_any_more():
    """A clone has no ../shared/RULINGS.md (outside the project): README, code and tests send
    readers to docs/rules.md."""
    paths = [os.path.join(ROOT, "README.md")]
    for top in ("lib", "tests", "tools"):
        paths += list(_py_files(top))
    stale = []
    for path in paths:
        if os.path.basename(path) == "test_rules_doc.py":
            continue
        with open(path, encoding="utf-8") as f:
            if "RULINGS.md" in f.read():
                stale.append(os.path.relpath(path, ROOT))
    assert not stale, stale
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert "docs/rules.md" in f.read()
