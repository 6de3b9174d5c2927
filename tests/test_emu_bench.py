"""tools/emulator/emu_bench.py: its figures, table, decision and the docs block, from made-up runs.
The emulator never runs here (benchmarks are never timed tests)."""

import shutil
from pathlib import Path

import bench_table as bt
import emu_bench as eb
import play_quality as pq
import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_median_and_p95_as_the_vm_benches_take_them():
    assert eb.median([]) is None and eb.p95([]) is None
    assert eb.median([5]) == 5 and eb.p95([5]) == 5
    assert eb.median([3, 1, 2]) == 2
    assert eb.median([4, 1, 3, 2]) == 2.5
    assert eb.p95(list(range(20, 0, -1))) == 20  # 20 or fewer: the slowest
    assert eb.p95(list(range(1, 41))) == 39  # sorted[38]
    assert eb.p95(list(range(100))) == 95


@pytest.mark.parametrize(
    "ms, text",
    [
        (None, "-"),
        (0, "0 ms"),
        (7, "7 ms"),
        (2.5, "2.5 ms"),
        (4615, "4,615 ms"),
        (12345, "12.35 s"),
    ],
)
def test_fmt_ms(ms, text):
    assert eb.fmt_ms(ms) == text


def test_better_says_which_way_and_by_how_much():
    assert eb.better(1000, 900, higher_is_better=False) == "yes (-10%)"
    assert eb.better(1000, 1030, higher_is_better=False) == "no (+3.0%)"
    assert eb.better(60000, 66000, higher_is_better=True) == "yes (+10%)"
    assert eb.better(60000, 59700, higher_is_better=True) == "no (-0.5%)"
    assert eb.better(5, 5, True) == "no (same)"
    assert eb.better(None, 5, True) == eb.better(5, None, False) == "-"


def test_goals_and_decision_cells():
    assert eb.goal_ms("normal") == 500 and eb.goal_ms("easy") == eb.goal_ms("hard") == 1500
    assert eb.decision_cell(None) == "not run"
    assert eb.decision_cell({"error": "boom"}) == "failed: boom"
    assert eb.decision_cell({"decisions": [], "play_ms": 15000}) == "no decision in 15.00 s"
    assert eb.decision_cell({"decisions": [800, 900, 1000]}) == "900 ms / 1,000 ms (3)"


def test_judge_takes_the_worse_p95_of_the_images():
    fast = {"decisions": [100, 200, 300]}
    slow = {"decisions": [100, 200, 600]}
    assert eb.judge([fast, None], "normal") == "pass"
    assert eb.judge([fast, slow], "normal").startswith("**FAIL** (p95")
    assert eb.judge([slow], "hard") == "pass"
    assert eb.judge([None, {"error": "x", "decisions": []}], "hard") == "-"


def boot(image, ms, free):
    return {"kind": "boot", "image": image, "boot_ms": ms, "menu_free": free,
            "least_free": free - 100, "emulated_ms": ms + 2000, "wall_s": 30.0}  # fmt: skip


def game(image, g, lv, load, least, decisions, play_ms=20000):
    return {"kind": "game", "image": image, "game": g, "level": lv, "play_ms": play_ms,
            "load_ms": load, "load_free": least + 500, "least_free": least,
            "decisions": list(decisions), "frees": [], "emulated_ms": play_ms + 5000,
            "wall_s": 100.0}  # fmt: skip


def results(mpy_load=900, mpy_free=70000):
    out = [boot("py", 4600, 90000), boot("mpy", 4000, 95000)]
    for g, _name in eb.GAMES:
        for lv in eb.LEVELS:
            out.append(game("py", g, lv, 1000, 60000, [10, 20, 30]))
        out.append(game("mpy", g, "hard", mpy_load, mpy_free, [11, 21, 31]))
    return out


def test_table_rows_compare_on_the_hard_saves_and_list_every_level():
    rows = eb.table_rows(results())
    assert all(len(r) == len(eb.COLUMNS) for r in rows)
    assert rows[0][1:4] == ["4,600 ms", "4,000 ms", "yes (-13%)"]
    assert rows[1][1:4] == ["90,000 B", "95,000 B", "yes (+5.6%)"]
    loads = [r for r in rows if "load time" in r[0]]
    assert len(loads) == 4 and all("(hard save)" in r[0] for r in loads)
    assert loads[0][1:4] == ["1,000 ms", "900 ms", "yes (-10%)"]
    heaps = [r for r in rows if "least free heap" in r[0]]
    assert heaps[0][1:4] == ["60,000 B", "70,000 B", "yes (+17%)"]
    bots = [r for r in rows if " bot " in r[0]]
    assert len(bots) == 4 * 3
    easy = next(r for r in bots if r[0].startswith("Go Wild! bot easy"))
    assert easy[1:] == ["20 ms / 30 ms (3)", "not run", "-", "< 2 s", "pass"]
    hard = next(r for r in bots if r[0].startswith("Diceland bot hard"))
    assert hard[2] == "21 ms / 31 ms (3)"
    assert "< 0.5 s" in next(r for r in bots if " normal:" in r[0])
    text = bt.render_table(rows, columns=eb.COLUMNS)
    assert text.splitlines()[0] == "| " + " | ".join(eb.COLUMNS) + " |"


def test_decision_all_better_or_not():
    ok, lines = eb.decision(results())
    assert ok and len(lines) == 1 + 4 + 4
    assert all(ln.endswith(": better") for ln in lines)
    ok, lines = eb.decision(results(mpy_load=1100))
    assert not ok
    assert sum("NOT better" in ln for ln in lines) == 4
    worse_heap = results(mpy_free=50000)
    assert not eb.decision(worse_heap)[0]
    missing = [r for r in results() if not (r["kind"] == "boot" and r["image"] == "mpy")]
    ok, lines = eb.decision(missing)
    assert not ok and lines[0] == "boot to menu: not measured on both images"


def test_a_failed_run_is_shown_not_compared():
    res = results()
    res[-1] = dict(res[-1], error="the save was refused")  # the last: Diceland hard, .mpy
    rows = eb.table_rows(res)
    hard = next(r for r in rows if r[0].startswith("Diceland bot hard"))
    assert hard[2] == "failed: the save was refused"
    assert not eb.decision(res)[0]
    meta = {"command": "x", "started": "now", "machine": "m", "source": "s", "firmware": "f",
            "load0": "0", "load1": "1", "wall_s": 125}  # fmt: skip
    text = eb.render(res, meta)
    assert "**failed**: the save was refused" in text and "1 run(s) failed" in text


def test_render_says_the_command_the_decision_and_what_is_not_modelled():
    meta = {"command": ".venv/bin/python tools/emu_bench.py --write", "started": "2026-12-01",
            "machine": "2 cores", "source": "git abc", "firmware": "CircuitPython 10.2.1",
            "load0": "1", "load1": "2", "wall_s": 2000}  # fmt: skip
    text = eb.render(results(), meta)
    assert "`.venv/bin/python tools/emu_bench.py --write`" in text and "33 min 20 s" in text
    assert "**better on all three**" in text
    for words in ("45 ms per 4 KB", "0.8 ms per 256-byte", "divider", "cache misses",
                  "JavaScript", "core 0", "USB is not connected"):  # fmt: skip
        assert words in text
    assert "## " not in text  # one section: no heading inside the block
    assert "| figure |" in text


SUMMARY = bt.SECTION + "\n\nthe summary\n\n"


def test_replace_block_inserts_after_the_summary_section_then_replaces():
    doc = "# B\n\n## Machine\n\nm\n\n" + SUMMARY + "## Time per roll\n\nmore\n"
    once = eb.replace_block(doc, "table one\n")
    assert once == (
        "# B\n\n## Machine\n\nm\n\n" + SUMMARY + eb.SECTION + "\n\n" + eb.BEGIN
        + "\ntable one\n" + eb.END + "\n\n## Time per roll\n\nmore\n"
    )  # fmt: skip
    twice = eb.replace_block(once, "table two")
    assert twice == once.replace("table one", "table two")
    assert twice.count(eb.SECTION) == 1 and twice.count(eb.BEGIN) == 1


def test_replace_block_keeps_text_around_the_markers():
    doc = (
        "# B\n\n" + eb.SECTION + "\n\nmy intro\n\n" + eb.BEGIN + "\nold\n" + eb.END + "\n\nafter\n"
    )
    out = eb.replace_block(doc, "new")
    assert out == doc.replace("\nold\n", "\nnew\n")


def test_replace_block_under_a_bare_heading_and_at_the_end():
    doc = "# B\n\n" + eb.SECTION + "\n\n## Next\n"
    out = eb.replace_block(doc, "t")
    assert out == "# B\n\n" + eb.SECTION + "\n\n" + eb.BEGIN + "\nt\n" + eb.END + "\n\n## Next\n"
    assert (
        eb.replace_block("# B\n", "t")
        == "# B\n\n" + eb.SECTION + "\n\n" + eb.BEGIN + "\nt\n" + eb.END + "\n"
    )
    last = eb.replace_block("# B\n\n" + SUMMARY.rstrip("\n") + "\n", "t")
    assert last.endswith(SUMMARY + eb.SECTION + "\n\n" + eb.BEGIN + "\nt\n" + eb.END + "\n")
    with pytest.raises(ValueError):
        eb.replace_block("# B\n" + eb.BEGIN + "\n", "t")


def test_write_block_on_a_copy_of_the_docs(tmp_path):
    doc = tmp_path / "benchmarks.md"
    shutil.copy(ROOT / "docs" / "benchmarks.md", doc)
    original = doc.read_text()
    eb.write_block("marker-one-41\n", path=str(doc))
    first = doc.read_text()
    assert first.count(eb.BEGIN) == first.count(eb.END) == first.count(eb.SECTION) == 1
    assert first.index(bt.SECTION) < first.index(eb.SECTION)
    eb.write_block("marker-two-42\n", path=str(doc))
    second = doc.read_text()
    assert (
        "marker-one-41" not in second and second.replace("marker-two-42", "marker-one-41") == first
    )
    if eb.BEGIN in original:  # the block was there: all around it is kept
        i, j = original.index(eb.BEGIN), original.index(eb.END)
        k = first.index(eb.END)
        assert first[:i] == original[:i] and first[k:] == original[j:]
    else:  # a new section after the summary's, nothing else touched
        added = eb.SECTION + "\n\n" + eb.BEGIN + "\nmarker-one-41\n" + eb.END + "\n\n"
        assert first.replace(added, "") == original


def test_plan_runs_every_level_on_py_and_the_hard_saves_on_mpy():
    full = eb.plan()
    assert full[:2] == [("boot", "py", None, None, 0), ("boot", "mpy", None, None, 0)]
    games = [s for s in full if s[0] == "game"]
    assert len([s for s in games if s[1] == "py"]) == 12
    assert {(s[2], s[3]) for s in games if s[1] == "mpy"} == {(g, "hard") for g, _ in eb.GAMES}
    assert all(s[4] == eb.PLAY_MS[s[2]] for s in games)
    quick = eb.plan(quick=True)
    assert len(quick) == 2 + 8 and all(s[4] == eb.QUICK_PLAY_MS for s in quick[2:])


def test_from_a_results_file_renders_without_the_emulator(tmp_path, capsys):
    import json

    meta = {"command": "c", "started": "s", "machine": "m", "source": "g", "firmware": "f",
            "load0": "0", "load1": "0", "wall_s": 61}  # fmt: skip
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"meta": meta, "results": results()}))
    assert eb.main(["--from", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(eb.SECTION) and "| figure |" in out and "1 min 01 s" in out


def test_level_saves_reject_a_bad_level():
    import emu_saves

    with pytest.raises(ValueError, match="level"):
        emu_saves.make_level("gowild", "expert")
    assert set(emu_saves.LEVEL_GAMES) == {g for g, _ in eb.GAMES}


def test_bench_table_bot_rows_point_to_the_measured_figures():
    rec = {"median_us": 400.0, "p95_us": 600.0, "decisions": 100}
    results = {g: {vm: {lv: rec for lv in bt.LEVELS} for vm in ("cpython", "mp")}
               for g, _ in bt.GAMES}  # fmt: skip
    rows, fails = bt.decide_rows(results, {g: "cmd" for g, _ in bt.GAMES})
    pico = bt.COLUMNS.index("Pico est. (VM x %d)" % bt.PICO_FACTOR)
    assert len(rows) == 12 and not fails
    assert {r[pico] for r in rows} == {bt.MEASURED}  # no VM x 140 estimate is left
    assert eb.SECTION[3:] in bt.MEASURED  # names the emulator's sections
    assert pq.SECTION.split(":")[0][3:] in bt.MEASURED


def test_source_digest_follows_the_files(tmp_path):
    (tmp_path / "lib" / "pkg").mkdir(parents=True)
    (tmp_path / "lib" / "pkg" / "a.py").write_text("x = 1\n")
    (tmp_path / "code.py").write_text("import pkg\n")
    one = eb.source_digest(str(tmp_path))
    assert eb.source_digest(str(tmp_path)) == one
    (tmp_path / "lib" / "pkg" / "__pycache__").mkdir()
    (tmp_path / "lib" / "pkg" / "__pycache__" / "a.cpython-311.pyc").write_bytes(b"\0")
    assert eb.source_digest(str(tmp_path)) == one  # caches do not count
    (tmp_path / "lib" / "pkg" / "a.py").write_text("x = 2\n")
    assert eb.source_digest(str(tmp_path)) != one


def test_snapshot_makes_the_saves_and_images_again_while_the_source_moves(monkeypatch, tmp_path):
    digests = iter(["a", "b", "c", "c"])  # changed during the first try, not the second
    monkeypatch.setattr(eb, "source_digest", lambda: next(digests))
    monkeypatch.setattr(bt, "source_state", lambda: "git x")
    made = []

    class Saves:
        @staticmethod
        def make_level(game, level):
            made.append((game, level))
            return b"nvm"

    class Emu:
        @staticmethod
        def build_image(profile, mpy):
            return b"img"

    monkeypatch.setattr(eb, "OUT", str(tmp_path))
    steps = eb.plan(quick=True)
    images, saves, state, digest = eb.snapshot(Emu, Saves, steps, lambda m: None)
    assert digest == "c" and state == "git x"
    assert len(made) == 2 * 4 and set(saves) == {(g, "hard") for g, _ in eb.GAMES}
    assert set(images) == set(eb.IMAGES)
