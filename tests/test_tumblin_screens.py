"""Issue 29, Tumblin' Dice at the table: the round scores are pages a new player can
read (T5: the prompt shares a page with scores, each page stays up long enough)."""

import re

import device_helpers
import pytest
from device_helpers import run_until
from test_device_tumblin import enter_die, roll_humans, start, table_throws

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

SEAT_ROW = re.compile(r"^P[1-4]\b")


def slow_read_ms(lines):
    """A slow reader's time for a page: 240 words a minute, and at least 2.5 s."""
    words = sum(len(x.split()) for x in lines)
    return max(2500, 250 * words)


def to_summary(dev, n, board="table"):
    """A game of ``n`` people on pads 1..n, played to its first round's scores."""
    scr = start(dev, list(range(n)), ["human"] * n, {"board": board, "rounds": 2})
    g = scr.game
    while scr.stage == "roll":
        roll_humans(dev, scr)
        dev.run(20)
    run_until(dev, lambda: scr.stage == "table", 5000)
    table_throws(dev, scr)
    for i, s in enumerate(list(g.order)):
        for j in range(4):
            enter_die(dev, 1 + (i + j) % 4, 1 + (s + j) % 6)
    run_until(dev, lambda: dev.app.screen is scr and scr.stage == "summary", 2000)
    return scr


def page_runs(dev, scr, ms, step=50):
    """[(page rows, ms it stayed up, whole)] over ``ms`` of the summary (or until it
    goes); ``whole`` is False for the page still up at the end."""
    runs = []
    t = dev.app.now
    while dev.app.now - t < ms and dev.app.screen is scr and scr.stage == "summary":
        rows = [x for x in dev.lines() if x.strip()]
        if runs and runs[-1][0] == rows:
            runs[-1][1] += step
        else:
            runs.append([rows, 0])
        dev.run(step)
    return [(r, d, i < len(runs) - 1) for i, (r, d) in enumerate(runs)]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_T5_oled_round_scores_no_page_is_only_the_prompt(dev_factory, n):
    dev = dev_factory("pico", seed=9, frame_ms=2)
    scr = to_summary(dev, n)
    runs = page_runs(dev, scr, 40000)
    pages = [r for r, _d, _w in runs]
    assert len(pages) >= (1 if n == 2 else 2)
    seen = set()
    for rows in pages:
        assert rows[0] == "Round 1 scores", rows
        assert any(SEAT_ROW.match(x) for x in rows[1:-1]) or rows[1].startswith("Next"), rows
        assert rows[1][0].isupper(), rows  # a page starts a line (never its second row)
        assert rows[-1] == "Slam: go on. Up: undo", rows  # ... and the prompt under them
        seen.update(rows)
    for s in range(n):  # every seat's score is on some page
        assert any(x.startswith(scr.name(s) + " ") for x in seen), (s, seen)


@pytest.mark.parametrize("profile, n", [("pico", 2), ("pico", 4), ("pico_tft", 4)])
def test_T5_round_scores_each_page_stays_up_long_enough_to_read(dev_factory, profile, n):
    dev = dev_factory(profile, seed=9, frame_ms=2)
    scr = to_summary(dev, n)
    runs = page_runs(dev, scr, 40000)
    whole = [(r, d) for r, d, w in runs if w]
    if profile == "pico" and n == 4:
        assert len(whole) >= 3  # two pages, shown in turn
    for rows, d in whole:
        assert d >= slow_read_ms(rows) - 50, (d, rows)


def test_T5_bots_only_the_round_scores_wait_until_each_page_was_read(dev_factory):
    dev = dev_factory("pico", seed=3, frame_ms=4)
    scr = start(dev, [0, 1, 2, 3], ["easy"] * 4, {"board": "virtual", "rounds": 2})
    run_until(dev, lambda: scr.stage == "summary", 400000, step=20)
    runs = page_runs(dev, scr, 60000)
    assert scr.stage != "summary" and scr.game.round == 2
    pages = [r for r, _d, _w in runs]
    assert len(pages) == 2 and pages[0] != pages[1], pages  # each page was up, once
    assert sum(d for _r, d, _w in runs) > 6000  # longer than the old fixed wait
    for rows, d, _w in runs:
        assert d >= slow_read_ms(rows) - 50, (d, rows)


@pytest.mark.parametrize("event, mode, said", [
    (("landed", 1, 5, 3), "multiply", "P2's die lands on 3x: 5 x 3 = 15 points"),
    (("landed", 1, 5, 3), "add", "P2's die lands on 3x: 5 + 3 = 8 points"),
    (("landed", 0, 4, -1), "multiply", "P1's die lands on -1x: 4 x -1 = -4 points"),
    (("removed", 0, "pad"), "multiply", "P1's die never leaves the pad: it is out"),
    (("removed", 1, 0), "multiply", "P2's die lands on 0x: it is out"),
    (("removed", 1, None), "multiply", "P2's die falls off: it is out"),
    (("bumped", 0, 2, None), "multiply", "P1's die is knocked off the board"),
    (("bumped", 0, 2, 3), "multiply", "P1's die moves to 3x"),
])
def test_T2_a_throw_result_is_a_plain_sentence_whose_oled_pages_are_whole(event, mode, said):
    from slampad.app.tumblin import words

    res = []
    words.result(res, [0, 1], event, mode)
    assert [x.replace("|", " ") for x in res] == [said]
    assert all(len(part.rstrip(":")) <= 21 for part in res[0].split("|"))  # an OLED row


def test_T3_T5_ties_orders_and_overtime_in_sentences():
    from slampad.app.tumblin import words

    assert words.names([0, 1, 2], [0, 2]) == "P1 and P3"
    assert words.names([0, 1, 2], [2, 0, 1]) == "P3, P1 and P2"

    class G:
        teams = None

    assert words.overtime([0, 1, 2], G(), ("overtime", [0, 2])) == "P1 and P3 tie: one more round"


@pytest.mark.parametrize("profile, opts", [("pico", {}), ("pico_tft", {}),
                                           ("pico", {"minus_zone": True}),
                                           ("pico_tft", {"mode": "add"})])  # fmt: skip
def test_T6_table_entry_labels_are_plain_words_that_fit_a_row(dev_factory, profile, opts):
    """Issue 29 item 2: where a die landed and which number is up, in words a new player
    reads (no "1x level", "Face 6 x 2 = 12" or "pts"), each label whole on its row."""
    dev = dev_factory(profile, seed=9, frame_ms=2)
    scr = start(dev, [0, 1], ["human"] * 2, dict({"board": "table", "rounds": 2}, **opts))
    while scr.stage == "roll":
        roll_humans(dev, scr)
        dev.run(20)
    run_until(dev, lambda: scr.stage == "table", 5000)
    table_throws(dev, scr)
    enter = dev.app.screen
    cols = dev.app.text.cols
    levels = enter.items()
    want = ["Off the board", "On the 1x step", "On the 2x step", "On the 3x step",
            "In the 4x pocket"] + (["In the -1x zone"] if opts.get("minus_zone") else [])
    assert sorted(levels[:-1]) == sorted(want) and levels[-1] == "Undo last entry", levels
    rows = dev.lines()
    assert re.match(r"^P[12]'s die 1 of 4$", rows[0]), rows
    if dev.app.text.rows >= 6:
        assert rows[1:3] == ["Points so far: 0", "Where did it land?"], rows
    enter_die(dev, 2, 1)  # a die in, then the face list of the next one
    assert "P1's die 1: 1 %s 2 = %d points" % ("+" if opts.get("mode") == "add" else "x",
            3 if opts.get("mode") == "add" else 2) in " ".join(dev.lines()) or dev.app.text.rows < 6
    dev.run(4000)  # the note read
    dev.tap("down", ms=20, after=20)
    dev.tap("select", ms=20, after=20)
    assert enter.level == 2
    faces = enter.items()
    op = "+" if opts.get("mode") == "add" else "x"
    said = ["%d %s 2 = %d points" % (f, op, f + 2 if op == "+" else f * 2) for f in range(1, 7)]
    assert faces == said + ["Back: where it is"], faces
    if dev.app.text.rows >= 6:
        assert dev.lines()[1:3] == ["Points so far: %d" % (2 if op == "x" else 3),
                                    "Which number is up?"], dev.lines()  # fmt: skip
    for x in levels + faces:
        assert len(x) <= cols - 1, x  # after the cursor's column: never cut
        assert not re.search(r"\bpts\b|\bFace\b|level", x), x
