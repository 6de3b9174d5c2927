"""What the tools say about themselves (issue 16, item 8): tools/benchmarks/bench.py runs as a
command and names the four games; tools/sim's header describes the simulator as it is; the README's
image size is deploy's own figure."""

import os
import re
import subprocess
import sys
from pathlib import Path

from safety_net import SAFETY_NET_S

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("Wildside", "Go Wild!", "Tumblin' Dice", "Diceland")


def test_bench_is_a_command_and_names_the_four_games():
    bench = ROOT / "tools" / "benchmarks" / "bench.py"
    assert os.access(bench, os.X_OK)
    assert bench.read_text().startswith("#!/usr/bin/env python3\n")
    r = subprocess.run([sys.executable, str(bench), "--help"], capture_output=True, text=True,
                       cwd=ROOT, timeout=SAFETY_NET_S)
    assert r.returncode == 0, r.stderr
    said = " ".join(r.stdout.split())
    for game in GAMES:
        assert game in said, game


def test_sim_header_describes_the_simulator_as_it_is():
    head = (ROOT / "tools" / "sim").read_text().split("source", 1)[0]
    assert "device UI" not in head and "Until" not in head
    assert "four games" in head and "headless" in head


def deploy_total(*args):
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "deploy.py"), "/nonexistent/img",
                        "--dry-run", *args], capture_output=True, text=True, cwd=ROOT,
                       timeout=SAFETY_NET_S)
    assert r.returncode == 0, r.stderr
    m = re.search(r"^  total\s+\d+\s+([\d,]+)", r.stdout, re.M)
    return int(m.group(1).replace(",", ""))


def test_stock_image_size_is_deploys_figure():
    text = " ".join((ROOT / "docs" / "firmware.md").read_text().split())
    m = re.search(r"(\d+) KB for `--profile pico`, (\d+) KB for every profile", text)
    assert m, "docs/firmware.md no longer states the image size deploy prints"
    for stated, args in ((m.group(1), ("--profile", "pico")), (m.group(2), ())):
        measured = deploy_total(*args) / 1000
        assert abs(measured - int(stated)) <= 0.05 * measured, (stated, measured, args)


def test_screenshots_tool_draws_a_game_into_the_folder_given(tmp_path):
    """tools/screenshots.py (the README's images) as a command: one game, one display."""
    tool = ROOT / "tools" / "screenshots.py"
    assert os.access(tool, os.X_OK) and tool.read_text().startswith("#!/usr/bin/env python3\n")
    r = subprocess.run([str(tool), "--game", "wildside", "--profile", "pico", "--out",
                        str(tmp_path)], capture_output=True, text=True, cwd=ROOT,
                       timeout=SAFETY_NET_S)  # fmt: skip
    assert r.returncode == 0, r.stderr[-2000:]
    png = tmp_path / "wildside.png"
    assert r.stdout.strip() == str(png)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (w, h) == (128 * 4, 64 * 4)  # the OLED, drawn 4x
