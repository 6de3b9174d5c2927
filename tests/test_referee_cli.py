"""tools/referee.py as a person meets it (issue 16, item 7): --help with each game's schema
and an example, a file argument as well as stdin, a word when stdin is a terminal, and the
spellings a person types (a die off the board as null or [face, null]; terrain names
singular or plural)."""

import json
import os
import pty
import select
import subprocess
import sys
import time

import pytest
import referee
from referee_helpers import SCRIPT, cli, refuse
from safety_net import SAFETY_NET_S

GAMES = ("wildside", "gowild", "tumblin", "diceland")


def run_script(*args, **kw):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True,
                          timeout=SAFETY_NET_S, **kw)  # fmt: skip


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_shows_every_games_schema_and_an_example(flag):
    r = run_script(flag, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr
    text = r.stdout.decode()
    assert "not valid JSON" not in text and r.stderr == b""
    for game in GAMES:
        assert 'in:  {"game": "%s"' % game in text, game  # the input schema
        assert "echo '{\"game\": \"%s\"" % game in text, game  # an example
    assert "tools/referee.py [FILE]" in text


@pytest.mark.parametrize("what, example", referee.EXAMPLES,
                         ids=[json.loads(e)["game"] for _, e in referee.EXAMPLES])
def test_each_help_example_is_ruled(what, example):
    r = cli(example)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)


def test_W10_a_wildside_draw_is_checked_from_the_cli():
    # The help's draw: both seats lose their last die in one tick; both are winners.
    draws = [e for what, e in referee.EXAMPLES if "draw" in what]
    assert len(draws) == 1
    assert "Wildside draw" in run_script("--help", stdin=subprocess.DEVNULL).stdout.decode()
    r = cli(draws[0])
    assert r.returncode == 0 and r.stderr == b""
    out = json.loads(r.stdout)
    assert (out["game_over"], out["winners"], out["sudden_death"]) == (True, [0, 1], [])
    # a winner alone, and a tie with dice left (no winner yet, sudden death)
    alone = json.loads(draws[0])
    alone["players"][1] = {"rolled": ["wild", "star"], "aside": 0}
    alone["pool"] = 3
    alone["slams"] = [[0, 500]]
    out = json.loads(cli(json.dumps(alone)).stdout)
    assert (out["dice"], out["winners"], out["sudden_death"]) == ([0, 2], [1], [])


def test_a_scenario_file_argument_or_dash_for_stdin(tmp_path):
    example = referee.EXAMPLES[0][1]
    f = tmp_path / "window.json"
    f.write_text(example)
    by_file = run_script(str(f), stdin=subprocess.DEVNULL)
    by_dash = run_script("-", input=example.encode())
    by_stdin = cli(example)
    assert by_file.returncode == by_dash.returncode == by_stdin.returncode == 0
    assert by_file.stdout == by_dash.stdout == by_stdin.stdout


def test_a_missing_file_or_a_bad_argument_is_one_line_and_exit_2(tmp_path):
    r = run_script(str(tmp_path / "nope.json"), stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert r.stderr.decode().startswith("referee: ") and r.stderr.count(b"\n") == 1
    assert b"nope.json" in r.stderr
    for args in (("a.json", "b.json"), ("--bogus",)):
        r = run_script(*args, stdin=subprocess.DEVNULL)
        assert r.returncode == 2 and b"usage: tools/referee.py" in r.stderr, args


def test_empty_input_says_no_scenario_was_given():
    r = cli(b"")
    assert r.returncode == 2
    assert b"no scenario given" in r.stderr and b"--help" in r.stderr


def test_stdin_a_terminal_says_so_instead_of_waiting_silently():
    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, SCRIPT], stdin=slave, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    os.close(slave)
    try:
        said = b""
        deadline = time.monotonic() + SAFETY_NET_S
        while b"Ctrl-D" not in said and time.monotonic() < deadline:
            ready, _, _ = select.select([p.stderr], [], [], 0.5)
            if ready:
                said += os.read(p.stderr.fileno(), 4096)
        assert b"terminal" in said and b"Ctrl-D" in said and b"--help" in said
        assert p.poll() is None  # still waiting for the scenario, having said so
        os.write(master, referee.EXAMPLES[0][1].encode() + b"\n")
        os.write(master, b"\x04")
        out, _err = p.communicate(timeout=SAFETY_NET_S)
        assert p.returncode == 0
        assert json.loads(out)["outcome"] == "match"
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        os.close(master)


def test_piped_stdin_prints_no_terminal_note():
    r = cli(referee.EXAMPLES[0][1])
    assert r.returncode == 0 and r.stderr == b""


# -- the spellings a person types ----------------------------------------------------------


def tumblin(dice):
    return {"game": "tumblin", "mode": "multiply", "order": [0, 1],
            "dice": dice, "totals": [0, 0], "round": 1, "rounds": 4, "target": None}


@pytest.mark.parametrize("off", [None, [3, None], [6, None], [None, None]])
def test_T1_a_die_off_the_board_as_null_or_face_null(off):
    plain = referee.rule(tumblin([[[4, 3], None], [[2, 2]]]))
    typed = referee.rule(tumblin([[[4, 3], off], [[2, 2]]]))
    assert typed == plain
    assert typed["round_scores"] == [12, 4]


@pytest.mark.parametrize("bad", [[7, None], [0, None], [True, None], ["4", None], [None, 2]])
def test_T1_face_null_still_needs_a_face_1_to_6(bad):
    err = refuse(tumblin([[[4, 3], bad], [[2, 2]]]))
    assert "dice[0][1]" in err


def diceland(terrains):
    cells = [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1)]
    dice = {0: (0, 3), 1: (1, 5)}
    scene = []
    for i, ((q, r), t) in enumerate(zip(cells, terrains, strict=True)):
        owner, value = dice.get(i, (None, None))
        scene.append({"q": q, "r": r, "terrain": t, "owner": owner, "value": value})
    return {"game": "diceland", "scene": scene, "free": [[1, 4], [2, 5]], "to_move": 0,
            "attack": {"from": [[0, 0]], "target": [1, 0], "rolls": [2]}}


CANON = ["plains", "forest", "town", "hill", "mountain", "plains", "town", "plains"]


@pytest.mark.parametrize("spelling", [
    ["plain", "forests", "towns", "hills", "mountains", "plains", "town", "plain"],
    ["Plains", "Forest", "TOWNS", "Hill", "Mountain", "plain", "Towns", "plains"],
])
def test_diceland_terrain_singular_or_plural(spelling):
    canon = referee.rule(diceland(CANON))
    typed = referee.rule(diceland(spelling))
    assert typed == canon  # the ruling spells them as the core does
    assert [h["terrain"] for h in typed["scene"]] == CANON


@pytest.mark.parametrize("bad", ["castle", "townss", "", 3])
def test_diceland_unknown_terrain_is_still_refused(bad):
    err = refuse(diceland([bad] + CANON[1:]))
    assert "scene[0].terrain" in err or "terrain" in err
