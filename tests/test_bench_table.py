"""tools/benchmarks/bench_table.py (tools/benchmarks/bench.py --table): the parsing and
formatting helpers and the --write section replacement. No timing runs: benchmarks are
never timed tests."""

import shutil
from pathlib import Path

import bench_table as bt
import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_parse_records_reads_every_bench_line():
    out = (
        "warming up\n"
        "BENCH vm=cpython what=decide level=easy median_us=12.0 p95_us=20.5\n"
        "noise\n"
        "BENCH vm=cpython what=decide level=hard median_us=4000.0 p95_us=6000.0\n"
    )
    recs = bt.parse_records(out)
    assert [r["level"] for r in recs] == ["easy", "hard"]
    assert recs[1]["p95_us"] == "6000.0"


def test_parse_records_without_a_bench_line_fails():
    with pytest.raises(RuntimeError, match="no BENCH line"):
        bt.parse_records("Traceback ...\nMemoryError\n")


def test_median_records_takes_the_median_of_each_field_over_runs():
    runs = [
        [{"what": "decide", "level": "easy", "median_us": "10", "vm": "mp"}],
        [{"what": "decide", "level": "easy", "median_us": "30", "vm": "mp"}],
        [{"what": "decide", "level": "easy", "median_us": "20", "vm": "mp"}],
    ]
    m = bt.median_records(runs)[("decide", "easy")]
    assert m["median_us"] == 20
    assert m["vm"] == "mp"
    assert m["runs"] == 3


def test_median_records_keeps_records_apart_by_key():
    runs = [
        [
            {"what": "throw", "dice": "0", "median_us": "5"},
            {"what": "decide", "level": "hard", "median_us": "100"},
        ],
        [
            {"what": "throw", "dice": "0", "median_us": "7"},
            {"what": "decide", "level": "hard", "median_us": "300"},
        ],
    ]
    m = bt.median_records(runs)
    assert m[("decide", "hard")]["median_us"] == 200
    assert m[("throw", None)]["median_us"] == 6
    # key=(): every run's single record merged (Go Wild! prints one line a run)
    one = bt.median_records([[{"median_us": "1"}], [{"median_us": "3"}]], key=())
    assert one[()]["median_us"] == 2


@pytest.mark.parametrize(
    "us, text",
    [
        (None, "-"),
        (13, "13 us"),
        (999.4, "999 us"),
        (4743.5, "4.74 ms"),
        (14000, "14.0 ms"),
        (664090, "664.1 ms"),
        (2100000, "2.10 s"),
    ],
)
def test_fmt_us(us, text):
    assert bt.fmt_us(us) == text


def test_fmt_int_and_ratio():
    assert bt.fmt_int(143360) == "143,360"
    assert bt.fmt_int(65641.6) == "65,642"
    assert bt.fmt_ratio(3.0, 2.0) == "1.50"
    assert bt.fmt_ratio(None, 2.0) == "-"
    assert bt.fmt_ratio(1.0, 0) == "-"


def test_goals_and_verdicts():
    assert bt.goal_us("normal") == 3500
    assert bt.goal_us("easy") == bt.goal_us("hard") == 14000
    assert bt.PICO_FACTOR * bt.VM_GOAL_US <= bt.GOAL_MS * 1000
    assert bt.PICO_FACTOR * bt.VM_GOAL_NORMAL_US <= bt.GOAL_NORMAL_MS * 1000
    assert bt.verdict(1000, 13999, 14000) == "pass"
    assert bt.verdict(1000, 14000, 14000).startswith("**FAIL** (p95")
    assert bt.verdict(15000, 20000, 14000) == "**FAIL** (median and p95)"


def test_render_table_escapes_pipes_and_checks_widths():
    text = bt.render_table([["a|b", "1"]], columns=("x", "y"))
    assert text.splitlines() == ["| x | y |", "| --- | --- |", "| a\\|b | 1 |"]
    with pytest.raises(ValueError):
        bt.render_table([["only one"]], columns=("x", "y"))
    assert len(bt.COLUMNS) == 8


def test_import_deps_puts_parents_and_dependencies_first():
    import deploy

    plan = deploy.make_plan(deploy.ROOT)
    names = bt.import_modules(plan)
    assert "slampad.games.wildside" in names and "slampad.bots.diceland" in names
    assert not [n for n in names if n.startswith(("slampad.app", "slampad.hw"))]
    deps = bt.import_deps(plan, "slampad.games.wildside", set(names))
    assert deps[:2] == ["slampad", "slampad.games"]
    assert "slampad.games.wildside_state" in deps and "slampad.games.wildside" not in deps
    assert deps.index("slampad.games.wildside_match") < deps.index("slampad.games.wildside_state")


SECTION_BODY = bt.SECTION + "\n\nthe table\n"


def test_replace_section_inserts_after_machine_and_replaces_in_place():
    doc = "# Benchmarks\n\nintro\n\n## Machine\n\n| a | b |\n\n## Time per roll\n\nmore\n"
    once = bt.replace_section(doc, SECTION_BODY)
    assert once == (
        "# Benchmarks\n\nintro\n\n## Machine\n\n| a | b |\n\n"
        + bt.SECTION
        + "\n\nthe table\n\n## Time per roll\n\nmore\n"
    )
    twice = bt.replace_section(once, bt.SECTION + "\n\nnew table\n")
    assert "the table" not in twice and twice.count(bt.SECTION) == 1
    assert twice == once.replace("the table", "new table")


def test_replace_section_without_machine_or_headings():
    doc = "# Title\n\ntext\n\n## First\n\nx\n"
    out = bt.replace_section(doc, SECTION_BODY)
    assert out.index(bt.SECTION) < out.index("## First")
    bare = bt.replace_section("# Title\n\ntext", SECTION_BODY)
    assert bare == "# Title\n\ntext\n\n" + SECTION_BODY + "\n"


def test_replace_section_at_the_end_of_the_file():
    doc = "## Machine\n\nm\n\n" + bt.SECTION + "\n\nold\n"
    out = bt.replace_section(doc, bt.SECTION + "\n\nnew\n")
    assert out == "## Machine\n\nm\n\n" + bt.SECTION + "\n\nnew\n\n"


def _without_section(text):
    """The lines outside the summary section (its heading up to the next ## heading)."""
    out = []
    inside = False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line == bt.SECTION
        if not inside:
            out.append(line)
    return [x for x in out if x]


def test_write_section_on_a_copy_of_the_docs(tmp_path):
    doc = tmp_path / "benchmarks.md"
    shutil.copy(ROOT / "docs" / "benchmarks.md", doc)
    original = doc.read_text()
    bt.write_section(bt.SECTION + "\n\nmarker-one-41\n", path=str(doc))
    first = doc.read_text()
    assert first.count(bt.SECTION) == 1 and "marker-one-41" in first
    i = first.index(bt.SECTION)
    assert first.rfind("## Machine", 0, i) >= 0
    assert _without_section(first) == _without_section(original)  # the rest is kept
    bt.write_section(bt.SECTION + "\n\nmarker-two-42\n", path=str(doc))
    second = doc.read_text()
    assert second.count(bt.SECTION) == 1
    assert "marker-two-42" in second and "marker-one-41" not in second
    assert second.replace("marker-two-42", "marker-one-41") == first


def test_bench_py_write_needs_table(capsys):
    import bench

    with pytest.raises(SystemExit):
        bench.main(["--write"])
    assert "--write goes with --table" in capsys.readouterr().err


def test_the_import_budget_is_deploys_measured_one():
    import deploy

    assert bt.IMPORT_GUIDE == deploy.IMPORT_BUDGET
