"""tools/benchmarks/play_quality.py and tools/emulator/emu_bots.py (issue 18 items 2 and 5):
the matches, the intervals, the table, and the device timer script on both VMs. The win
rates and the emulator's decision times are benchmarks (docs/benchmarks.md), never timed here."""

import json
import os
import subprocess
import sys

import emu_bots
import play_quality as pq
import pytest
from safety_net import SAFETY_NET_S

MP = os.path.join(os.path.dirname(sys.executable), "micropython")


def test_every_level_meets_every_other_level():
    four = pq.matches("gowild")
    assert len(four) == 6 and len(set(four)) == 6  # every ordered pair at 4 seats
    assert ("hard", "normal") in four and ("normal", "hard") in four
    two = pq.matches("diceland")
    assert sorted(two) == [("hard", "easy"), ("hard", "normal"), ("normal", "easy")]
    assert all(a != b for a, b in four + two)


def test_wilson_interval_holds_the_rate_and_narrows_with_games():
    lo, hi = pq.wilson(450, 1000)
    assert lo < 0.45 < hi and lo > 0.41 and hi < 0.49
    lo2, hi2 = pq.wilson(4500, 10000)
    assert hi2 - lo2 < hi - lo
    assert pq.wilson(0, 10)[0] == pytest.approx(0.0) and pq.wilson(10, 10)[1] == pytest.approx(1.0)
    assert pq.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("game", ["wildside", "gowild", "tumblin", "diceland"])
def test_a_seeded_game_replays_the_same_result(game):
    scene = "valley" if game == "diceland" else None
    jobs = [(game, i, "hard", "easy", scene) for i in range(4)]
    first = [pq.play(j) for j in jobs]
    assert first == [pq.play(j) for j in jobs]
    assert sum(first) >= 2  # hard beats easy in most games, whatever the seat


def test_rates_counts_the_first_levels_wins():
    c = pq.rates("diceland", "normal", "easy", "valley", 6, 1)
    assert c["games"] == 6 and 0 <= c["won"] <= 6
    assert c["won"] == sum(pq.play(("diceland", i, "normal", "easy", "valley")) for i in range(6))


def fake_emu():
    return [{"game": "gowild", "levels": ["normal", "hard"], "games": {"normal": 2, "hard": 2},
             "times": {"normal": [3, 4, 5], "hard": [400, 500, 2500]}}]  # fmt: skip


def test_table_shows_rates_intervals_peer_and_device_times():
    cells = [{"game": "gowild", "scene": None, "first": "hard", "other": "normal",
              "games": 1000, "won": 470, "secs": 1}]  # fmt: skip
    t = pq.table(cells, fake_emu())
    row = t.splitlines()[2]
    assert "Go Wild!" in row and "hard vs 3 x normal" in row
    assert "**47.0%** (43.9-50.1)" in row and "| 25% |" in row
    assert "500 ms / 2,500 ms (3)" in row and "4 ms / 5 ms (3)" in row
    assert pq.table(cells, None).splitlines()[2].endswith("| - | - |")


def test_emu_bots_summary_judges_the_p95_against_the_goal():
    res = fake_emu()
    assert emu_bots.summary(res, "gowild", "normal") == (3, 4, 5, 5, "pass")
    assert emu_bots.summary(res, "gowild", "hard")[4] == "FAIL"  # 2.5 s > 2 s
    assert emu_bots.summary(res, "gowild", "easy") is None
    assert "FAIL" in emu_bots.table(res) and "| gowild | normal |" in emu_bots.table(res)


def test_write_replaces_only_its_block(tmp_path):
    doc = tmp_path / "b.md"
    doc.write_text("# B\n\nkeep\n")
    pq.write("one", str(doc))
    pq.write("two", str(doc))
    text = doc.read_text()
    assert text.count(pq.SECTION) == 1 and "two" in text and "one" not in text
    assert text.startswith("# B\n\nkeep\n")


def timer_lines(tmp_path, vm, game):
    img = emu_bots.image(str(tmp_path / "img"), game, ("easy", "hard"), 1, 5)
    env = dict(os.environ, PYTHONPATH=os.path.join(img, "lib"),
               MICROPYPATH=os.path.join(img, "lib"))  # fmt: skip
    r = subprocess.run([vm, "code.py"], cwd=img, capture_output=True, text=True, env=env,
                       timeout=SAFETY_NET_S)  # fmt: skip
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout


@pytest.mark.parametrize("game", ["wildside", "gowild", "tumblin", "diceland"])
def test_the_device_timer_plays_and_times_each_level(tmp_path, game):
    out = timer_lines(tmp_path, sys.executable, game)
    assert out.rstrip().endswith("END")
    times, games = emu_bots.parse(out)
    assert set(times) == {"easy", "hard"} and games == {"easy": 1, "hard": 1}
    assert all(len(times[lv]) >= 1 and min(times[lv]) >= 0 for lv in times)


@pytest.mark.skipif(not os.path.exists(MP), reason="no MicroPython VM in .venv")
def test_the_device_timer_runs_on_micropython(tmp_path):
    out = timer_lines(tmp_path, MP, "gowild")
    times, games = emu_bots.parse(out)
    assert set(times) == {"easy", "hard"} and out.rstrip().endswith("END")


def test_emu_bots_results_render_from_a_file(tmp_path, capsys):
    p = tmp_path / "r.json"
    p.write_text(json.dumps({"results": fake_emu()}))
    assert emu_bots.main(["--from", str(p)]) == 0
    assert "| gowild | hard |" in capsys.readouterr().out


def test_emu_bots_keep_replaces_only_the_games_run(tmp_path, monkeypatch):
    monkeypatch.setattr(emu_bots, "RESULTS", str(tmp_path / "r.json"))
    monkeypatch.setattr(emu_bots, "OUT", str(tmp_path))
    old = fake_emu() + [{"game": "tumblin", "levels": ["easy"], "games": {}, "times": {}}]
    (tmp_path / "r.json").write_text(json.dumps({"results": old}))
    ran = []

    def run_game(g, levels, n, d, log):
        ran.append(g)
        return {"game": g, "levels": list(levels), "games": {}, "times": {"easy": [1]}}

    monkeypatch.setattr(emu_bots, "run_game", run_game)
    res = emu_bots.measure(["tumblin"], ["easy"], 1, 1, keep=True)
    assert ran == ["tumblin"] and [r["game"] for r in res] == ["gowild", "tumblin"]
    assert res[1]["times"] == {"easy": [1]}
    assert [r["game"] for r in emu_bots.measure(["tumblin"], ["easy"], 1, 1)] == ["tumblin"]


def test_bench_prints_the_device_times_not_a_vm_estimate(tmp_path, monkeypatch):
    """tools/benchmarks/bench.py's bot reports give the decision times measured on the real firmware
    (issue 18 item 2), or the command that measures them, never VM x 90-140."""
    import bench

    monkeypatch.setattr(emu_bots, "RESULTS", str(tmp_path / "r.json"))
    lines = bench.device_times("diceland", ("normal", "hard"))
    assert lines == [
        "on the device, %s: not measured yet "
        "(tools/emulator/emu_bots.py --game diceland --level %s)" % (lv, lv)
        for lv in ("normal", "hard")
    ]
    times = {"hard": [100 + 10 * i for i in range(20)] + [2500]}  # one slow decision
    with open(emu_bots.RESULTS, "w", encoding="utf-8") as f:
        json.dump({"results": [{"game": "diceland", "times": times}]}, f)
    normal, hard = bench.device_times("diceland", ("normal", "hard"))
    assert normal.startswith("on the device, normal: not measured yet")
    assert "hard: median 200 ms, p95 290 ms over 21 decisions" in hard, hard
    assert hard.endswith("goal p95 < 1,500 ms: pass") and "x 90" not in hard
