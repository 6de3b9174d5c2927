"""Wildside on the simulated device: a slam is a press (W13) and a draw on screen (W10).

W13: a pad still down from an earlier round is no slam and benches nobody; it counts once
released and pressed again; a contact that bounces is one press (W6); a pad down 10 s
(STUCK_MS, longer than a whole round) is named on screen until it comes up.
"""

import random
import re

import device_helpers
import pytest
from device_helpers import (
    PADS,
    WRAP,
    WidthCheck,
    join_and_start,
    round_actions,
    run_to_tick,
    said,
    seat_row,
    set_faces,
    stamp_next,
    until_stage,
)

MUTUAL = [["wild", "moon", "bolt"], ["wild", "moon", "star"]]  # P1 and P2 match on moon
STUCK_MS = 10000  # docs/how-to-play.md: a pad down 10 s is named

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def table(dev_factory, pads, profile="pico", seed=4, look_ms=3000):
    """Humans on ``pads`` seated and ready: returns (device, screen) before round 1."""
    dev = dev_factory(profile, seed=seed, settings={"SLAMPAD_LOOK_MS": str(look_ms)})
    join_and_start(dev, list(pads), {})
    for p in pads:
        dev.tap(PADS[p])
    assert dev.run_until("All in: get ready", 500)
    return dev, dev.app.screen


def slams(scr):
    return [a for a in round_actions(scr) if a[0] == "slam"]


def note_lines(scr):
    """The stuck-pad note's lines (after the game's own words)."""
    return scr.view.msgs_lines[scr.view.own :]


# -- W13: a pad held from the last round ------------------------------------------------------


def test_W13_a_slam_held_through_the_result_is_not_benched_next_round(dev_factory):
    dev, scr = table(dev_factory, (0, 1))
    until_stage(dev, "window", 5000)
    g = set_faces(scr, MUTUAL)
    dev.run(300)
    dev.press("1")  # P1 slams and keeps the pad down through the ~2 s result
    dev.run(4)
    assert said(dev) == "P2 gives P1 a die. P1 matches P2: moon." and g.dice == [4, 2]
    until_stage(dev, "count", 6000)
    assert said(dev) == "Round 2", dev.lines()  # nobody sits out
    until_stage(dev, "window", 2000)
    assert not slams(scr)  # still down: no false start, no slam
    g = set_faces(scr, [["wild", "moon", "star", "drop"], ["wild", "moon"]])
    dev.run(200)
    assert not slams(scr) and scr.stage == "window"
    dev.release("1")  # let go, and slam the match
    dev.run(150)
    t = stamp_next(dev, ["1"])
    dev.run(2)
    assert slams(scr) == [("slam", 0, t)]
    assert said(dev) == "P2 gives P1 a die. P1 matches P2: moon." and g.dice == [5, 1]


@pytest.mark.parametrize("when", ["result", "count"])
def test_W13_a_pad_held_into_the_round_is_no_slam_while_held(dev_factory, when):
    """Pressed in a result, or before the first round: held through the countdown and the
    roll it is no false start, and on a match no slam, all round long (no penalty)."""
    dev, scr = table(dev_factory, (0, 1))
    if when == "result":
        until_stage(dev, "window", 5000)
        set_faces(scr, [["drop", "drop", "drop"], ["bolt", "bolt", "bolt"]])
        dev.run(3100)  # nobody slammed
        assert scr.stage == "result", dev.lines()
        dev.run(200)
        dev.press("2")  # pressed in the result, before round 2's roll
    else:
        dev.press("2")  # down before round 1's countdown
    until_stage(dev, "count", 6000)
    until_stage(dev, "window", 2000)  # the roll animation passed: no false start
    g = set_faces(scr, MUTUAL)
    until_stage(dev, "result", 3100)
    assert said(dev) == "Nobody slammed Roll again", dev.lines()
    assert not slams(scr) and (g.dice, g.pool) == ([3, 3], 0)
    assert "2" in dev.held and dev.app.pad_input.held[1]


# -- W13: a stuck pad is named ----------------------------------------------------------------


@pytest.mark.parametrize(
    "profile,pads", [("pico", (0, 1)), ("pico", (0, 1, 2, 3)), ("pico_tft", (0, 1, 2, 3))]
)
def test_W13_a_pad_down_10_s_is_named_and_the_name_goes_when_it_comes_up(
    dev_factory, profile, pads
):
    dev, scr = table(dev_factory, pads, profile=profile)
    width = WidthCheck(dev)
    n = len(pads)
    until_stage(dev, "count", 6000)
    t0 = stamp_next(dev, ["2"])  # a false start (W6), then held
    seen = []  # the message rows while the note is up

    def rows_ok():
        lines = dev.lines()
        rows = [seat_row(x) for x in lines[:n]]
        assert [r["pad"] for r in rows] == list(pads), lines  # every seat row stays
        seen.append(" ".join(lines[n:]))

    while (dev.now() - t0) % WRAP < STUCK_MS - 100:
        dev.run(100)
        rows_ok()
        assert scr.stuck == [] and not note_lines(scr), dev.lines()
    run_to_tick(dev, t0 + STUCK_MS + 10)
    assert scr.stuck == [1] and note_lines(scr) == ["P2's pad is stuck"], scr.view.msgs_lines
    seen.clear()
    for _ in range(60):  # 6 s: the note shows, on its own page where the room is short
        dev.run(100)
        rows_ok()
    assert any("P2's pad is stuck" in x for x in seen), seen
    if n == 4 and profile == "pico":  # one message row: the game's words page too
        assert any(x and "stuck" not in x for x in seen), seen
    t1 = stamp_next(dev, ["1"])
    run_to_tick(dev, dev.now() + STUCK_MS + 10)
    assert scr.stuck == [0, 1] and note_lines(scr) == ["Stuck pads: P1 P2"], scr.view.msgs_lines
    dev.release("2")
    dev.run(30)  # a release counts once it lasts 20 ms (a bounce otherwise)
    assert scr.stuck == [0] and note_lines(scr) == ["P1's pad is stuck"], scr.view.msgs_lines
    dev.release("1")
    dev.run(30)
    assert scr.stuck == [] and not note_lines(scr)
    assert not any("stuck" in x for x in dev.lines()), dev.lines()
    # Each press slammed once at most, at its own stamp: never again while held.
    got = [a for a in scr.actions if a[0] == "slam"]
    assert got[0] == ("slam", 1, t0) and set(got[1:]) <= {("slam", 0, t1)}, got
    assert width.too_wide == []


def test_W13_the_note_never_holds_the_result_up(dev_factory):
    """Four seats on the 128x64 display: one message row. A stuck pad's note pages with
    the ruling but the next round starts as soon as the ruling alone would let it."""
    dev, scr = table(dev_factory, (0, 1, 2, 3))
    dev.press("4")
    run_to_tick(dev, dev.now() + STUCK_MS + 10)
    assert scr.stuck == [3]
    until_stage(dev, "window", 6000)
    faces = [["wild", "moon", "star"], ["wild", "moon", "drop"], ["bolt"] * 3, ["drop"] * 3]
    set_faces(scr, faces)
    dev.run(300)
    dev.press("1")
    dev.run(2)
    dev.release("1")
    assert scr.stage == "result" and said(dev) == "P2 gives P1 a die. P1 matches P2: moon."
    t = dev.now()
    own = scr.pages()  # the ruling's pages (it takes two rows)
    view = scr.view
    assert (own, view.room, note_lines(scr)) == (2, 1, ["P4's pad is stuck"]), view.msgs_lines
    hold = view.own_ms  # each of the two pages for its reading time (slamview.read_ms)
    assert hold == sum(view.page_ms[:2]) and len(view.page_ms) == 3
    until_stage(dev, "count", 10000)
    assert (dev.now() - t) % WRAP <= hold + 20  # not the note's page's time more


# -- W13 and W6: bouncing contacts ------------------------------------------------------------


def chatter(dev, key, ms, rng, end_down):
    """Contacts flip in runs of 1-5 ms for ``ms`` (each up shorter than the app's 20 ms
    release filter), then rest down or up."""
    down = key in dev.held
    t0 = dev.now()
    while (dev.now() - t0) % WRAP < ms:
        (dev.release if down else dev.press)(key)
        down = not down
        dev.run(rng.randint(1, 5))
    (dev.press if end_down else dev.release)(key)


def test_W13_W6_a_held_pad_that_chatters_is_no_slam_and_a_bouncy_press_is_one(dev_factory):
    rng = random.Random(13)
    dev, scr = table(dev_factory, (0, 1))
    dev.press("1")  # held from before the round
    until_stage(dev, "window", 6000)
    g = set_faces(scr, MUTUAL)
    dev.run(200)
    chatter(dev, "1", 60, rng, True)  # a worn switch, still held: no slam
    dev.run(100)
    assert not slams(scr) and scr.stage == "window"
    dev.release("1")  # a real release ...
    dev.run(150)
    dev.press("1")  # ... and a press that bounces: one slam, at the first contact
    dev.run(1)
    first = dev.now()
    chatter(dev, "1", 40, rng, False)
    dev.run(50)
    got = [a for a in scr.actions if a[0] == "slam"]
    assert got and {a[1] for a in got} == {0} and min(a[2] for a in got) == first
    assert said(dev).startswith("P2 gives P1 a die. P1 matches P2: moon.") and g.dice == [4, 2]


# -- W13: random schedules --------------------------------------------------------------------


class RandomPads:
    """Two people pressing at random, plugged into ``dev.humans``: taps, long holds, and
    contacts that bounce (ups of 2-6 ms) or really come up (40 ms or more: the app
    counts a release after 20 ms). Logs each change: (ms, pad, down, fresh press)."""

    def __init__(self, seed, pads=(0, 1)):
        self.rng = random.Random(seed)
        self.pads = pads
        self.down = {p: False for p in pads}
        self.next_at = {p: None for p in pads}
        self.up_since = {p: None for p in pads}
        self.log = []

    def update(self, dev):
        now = dev.now()
        rng = self.rng
        for p in self.pads:
            if self.next_at[p] is None:
                self.next_at[p] = (now + rng.randint(0, 3000)) % WRAP
            if (now - self.next_at[p]) % WRAP >= WRAP // 2:
                continue  # not yet
            if self.down[p]:
                dev.release(PADS[p])
                self.log.append((now, p, False, False))
                self.up_since[p] = now
                bounce = rng.random() < 0.3
                wait = rng.randint(2, 6) if bounce else rng.randint(40, 2500)
            else:
                dev.press(PADS[p])
                up = self.up_since[p]
                fresh = up is None or (now - up) % WRAP >= 40
                self.log.append((now, p, True, fresh))
                long = rng.random() < 0.3
                wait = rng.randint(1000, 12000) if long else rng.randint(20, 200)
            self.down[p] = not self.down[p]
            self.next_at[p] = (now + wait) % WRAP


def down_at(log, pad, ms):
    """Was ``pad`` down at ``ms`` (its last change by then a press)?"""
    last = [down for t, p, down, _ in log if p == pad and (ms - t) % WRAP < WRAP // 2]
    return bool(last) and last[-1]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_W13_random_presses_slam_only_from_a_fresh_press_made_in_the_round(dev_factory, seed):
    """Every slam the screen applies is a fresh press (its pad was up 40 ms or more before
    it), stamped by the scan just after the contact, made after that round's roll: a pad
    held into a round, or chattering while held, never slams; nobody is benched (a pad
    down at the roll slams once let go and pressed again)."""
    dev, scr = table(dev_factory, (0, 1), seed=seed, look_ms=2000)
    acted = []  # (ms, action) as the screens applied them, game after game
    watched = []

    def watch(scr):
        orig = scr.act

        def act(a):
            acted.append((dev.now(), a))
            return orig(a)

        scr.act = act
        watched.append(scr)

    people = RandomPads(seed)
    dev.humans = people
    t0 = dev.now()
    while (dev.now() - t0) % WRAP < 120000:
        scr = dev.app.screen
        if type(scr).__name__ == "OverScreen":
            dev.tap("select")  # Rematch: the same seats; their random presses ready them
        elif scr not in watched:
            assert type(scr).__name__ == "PlayScreen", dev.lines()
            watch(scr)
        dev.run(200)
    dev.humans = None
    rolled_at = None
    held_at_roll = set()
    held_then_slammed = 0
    n_slams = 0
    for ms, a in acted:
        if a[0] == "roll":
            rolled_at = ms
            held_at_roll = {p for p in people.pads if down_at(people.log, p, ms)}
        elif a[0] == "slam":
            s, t = a[1], a[2]
            n_slams += 1
            made = [x for x in people.log if x[1] == s and x[2] and 0 < (t - x[0]) % WRAP <= 2]
            assert made, ("no press of pad %d just before tick %d" % (s + 1, t), a)
            assert made[-1][3], ("a bounce, not a fresh press, slammed", a, made)
            assert 0 < (made[-1][0] - rolled_at) % WRAP < WRAP // 2, ("before the roll", a)
            if s in held_at_roll:
                held_then_slammed += 1
    assert len(watched) >= 3 and n_slams >= 10, (len(watched), n_slams)
    assert held_then_slammed >= 2, (held_then_slammed, n_slams)


# -- W10: a draw on screen ----------------------------------------------------------------------


def test_W10_both_last_dice_lost_in_one_tick_is_a_draw_on_screen(dev_factory):
    dev, scr = table(dev_factory, (0, 1))
    until_stage(dev, "window", 5000)
    g = set_faces(scr, [["moon"], ["star"]], dice=[1, 1], pool=4)
    dev.run(300)
    stamp_next(dev, ["1", "2"])  # both slam in the same tick, neither has a match
    dev.run(2)
    assert g.is_over() and g.winners() == [0, 1] and g.dice == [0, 0]
    assert said(dev) == "P1 and P2: no match Each loses a die A draw: P1 and P2", dev.lines()
    dev.release("1")
    dev.release("2")
    until_stage(dev, None, 5000)  # the game-over screen
    assert dev.app.screen.big.shown == "Draw!"  # big, under the score, a while (OLED)
    assert dev.lines()[:3] == ["Draw: P1 P2", " Dice: P1 0  P2 0", ""], dev.lines()
    dev.run(2600)
    lines = dev.lines()
    assert lines[:4] == ["Draw: P1 P2", " Dice: P1 0  P2 0", ">Rematch", " Menu"], lines


def test_W10_two_last_dice_lost_with_a_third_player_left_is_no_draw(dev_factory):
    dev, scr = table(dev_factory, (0, 1, 2))
    until_stage(dev, "window", 5000)
    g = set_faces(scr, [["moon"], ["star"], ["wild", "drop"]], dice=[1, 1, 2], pool=5)
    dev.run(300)
    stamp_next(dev, ["1", "2"])
    dev.run(2)
    assert g.is_over() and g.winners() == [2]
    assert said(dev).endswith("P3 wins the game!"), dev.lines()
    dev.release("1")
    dev.release("2")
    until_stage(dev, None, 5000)
    assert dev.lines()[:2] == ["Winner: P3", " Dice: P3 2 P1 0 P2 0"], dev.lines()


# -- W6: a slam tick off the round's clock never ends the app ---------------------------------
# (The pads' side, a PIO whose stamps are off the window's clock: tests/test_pio.py.)


def test_W6_a_bot_slam_due_a_quarter_wrap_off_the_window_is_judged_at_the_clock_now(dev_factory):
    """A bot's slam tick a quarter wrap before the window's (set by hand: a slam stamped
    far earlier can put one there) would be refused by the rules (W6) and end the app;
    the screen slams at hw.slam_now() instead, and the game goes on."""
    dev = dev_factory("pico", seed=4, settings={"SLAMPAD_LOOK_MS": "3000"})
    join_and_start(dev, [0], {1: "normal"})
    dev.tap("1")
    scr = until_stage(dev, "window", 8000)
    g = set_faces(scr, MUTUAL)
    due = (g.t_open - WRAP // 4 - 5) % WRAP
    assert not g.tick_fits(due)
    dev.run(50)
    scr.due = [None, due]  # long past: the bot slams in the next frame
    dev.run(2)
    assert slams(scr) == [("slam", 1, dev.now())]  # at the clock now (a frame is 2 ms)
    assert said(dev) == "P1 gives P2 a die. P2 matches P1: moon.", dev.lines()
    assert g.dice == [2, 4]
    until_stage(dev, "count", 6000)  # the next round
    assert dev.app.screen is scr and scr.game.round == 2


def test_W10_W8_W6_result_lines_are_plain_sentences_that_fit_whole():
    """Issue 29: the end, refusal and tie lines say what happened in words a new player
    reads, seats by name (never a ruling id), each whole on the narrowest display."""
    import re

    from slampad.app.wildside import words

    def say(*ev):
        return words.describe(list(ev), [[] for _ in range(4)])

    assert say(("game_over", [2])) == ["P3 wins the game!"]
    assert say(("game_over", [0, 1])) == ["A draw: P1 and P2"]
    assert say(("game_over", [0, 1, 3])) == ["A draw:", "P1, P2 and P4"]
    assert say(("penalty", [1])) == ["P2 slammed: no match", "P2 loses a die"]
    assert say(("penalty", [0, 2])) == ["P1 and P3: no match", "Each loses a die"]
    assert say(("dead_heat", [0, 3])) == ["P1 and P4 tied", "Both slammed at once",
                                          "Roll again"]
    assert say(("dead_heat", [0, 1, 2])) == ["P1, P2 and P3 tied", "All slammed at once",
                                             "Roll again"]
    assert say(("dead_heat", [0, 1, 2, 3]))[:2] == ["4 players tied", "All slammed at once"]
    assert say(("sudden_death", [1, 2])) == ["Tie for most dice!", "Still in: P2 and P3",
                                             "First match wins"]
    assert say(("out", [0])) == ["P1 is out"]
    assert say(("out", [0, 1, 2])) == ["P1, P2 and P3", "are out"]
    every = []
    for seats in ([0], [0, 1], [0, 1, 2], [0, 1, 2, 3]):
        for kind in ("penalty", "dead_heat", "out", "sudden_death", "game_over"):
            every += say((kind, seats))
    for line in every:
        assert len(line) <= words.SHORT, line
        assert not re.search(r"(?<![A-Za-z0-9])[SWGTD][0-9]{1,2}(?![0-9A-Za-z])", line), line


# -- W3/W4/W8: a match in sentences, paged whole, each page up long enough to read ---------


def test_W3_W4_W8_a_match_is_told_in_sentences_naming_both_seats():
    """Issue 29: who gives whom how many dice, the pool's dice that go with them (W8), and
    why: both seats and the symbols matched on (W3), or the all-wild roll (W4). Each line
    a sentence; all but the match fit one row of the narrowest display (a 4-seat OLED has
    one message row), and the picture stands for the match where the rows are few."""
    import random

    from slampad.app.wildside import words
    from slampad.games import wildside_match as wm

    moon2 = [["moon", "moon", "star"], [], ["moon", "moon", "bolt"], []]
    assert words.describe([("match", 0, 2, 2, 2)], moon2) == [
        "P3 gives P1 2 dice.", "P1 matches P3: moon."]  # fmt: skip
    two = [["moon", "star", "drop"], ["moon", "star", "bolt"]]
    assert words.describe([("match", 1, 0, 1, 2)], two) == [
        "P1 gives P2 a die.", "P2 gets a pool die.", "P2's dice match P1's: moon and star."]
    three = [["moon", "star", "drop"], ["drop", "moon", "star"]]
    assert words.describe([("match", 0, 1, 3, 5)], three)[1:] == [
        "P1 gets 2 pool dice.", "P1's dice match P2's: moon, star and drop."]
    wild = [["bolt"], ["wild", "wild"]]
    assert words.describe([("match", 0, 1, 1, 11)], wild) == [
        "P2 gives P1 a die.", "Pool: 10 dice to P1.", "P2 rolled all wild: it matches P1."]
    rng = random.Random(29)
    faces = list(wm.SYMBOLS) + ["wild"]
    for _ in range(2000):
        s, v = rng.sample(range(4), 2)
        rolled = [[rng.choice(faces) for _ in range(rng.randint(1, 5))] for _ in range(4)]
        n = rng.randint(1, 5)
        lines = words.describe([("match", s, v, n, n + rng.choice((0, 0, 1, 2, 9)))], rolled)
        a, b = "P%d" % (s + 1), "P%d" % (v + 1)
        assert lines[0].startswith(b + " gives " + a + " "), lines
        last = lines[-1]
        assert last.startswith("P") and a in last and b in last and " match" in last, lines
        for x in lines:
            assert x.endswith(".") and x[0] == "P" and not RULING_ID.search(x), lines
        assert all(len(x) <= words.SHORT for x in lines[:-1]), lines
        assert words.matched_on(rolled[s], rolled[v]) in last or "all wild" in last


RULING_ID = re.compile(r"(?<![A-Za-z0-9])[SWGTD][0-9]{1,2}(?![0-9A-Za-z])")  # never on screen


@pytest.mark.parametrize(
    "profile,pads,lost",
    [("pico", (0, 1, 2, 3), True), ("pico", (0, 1, 2), False), ("pico", (0, 1), False),
     ("pico_tft", (0, 1, 2, 3), True), ("pico_tft", (0, 1), False)],
)  # fmt: skip
def test_W3_W8_a_ruling_page_never_ends_mid_sentence_and_stays_up_to_be_read(
    dev_factory, profile, pads, lost
):
    """Issue 29: each page of a match's ruling holds whole sentences (the long match
    sentence whole, or left to the picture where the rows are few, even with the lost
    presses owned up to after it) and stays up at least its reading time."""
    from slampad.app.wildside.slamview import read_ms

    dev, scr = table(dev_factory, pads, profile)
    until_stage(dev, "window", 6000)
    n = len(pads)
    both = [["wild", "moon", "star"], ["wild", "moon", "star"]]  # W3: two dice, moon and star
    faces = both + [["bolt"]] * (n - 2)  # last dice: no match for P1
    pool = 3 * n - 6 - (n - 2)  # W2: 3 dice a seat in all
    set_faces(scr, faces, dice=[len(f) for f in faces], pool=pool)
    dev.run(300)
    scr.lost = lost  # presses were lost: said after the ruling
    stamp_next(dev, ["1"])
    dev.release("1")
    until_stage(dev, "result", 100)
    msgs = list(scr.msgs)
    i = [k for k in range(len(msgs)) if "dice match" in msgs[k]][0]  # two rows, too long
    assert msgs[i] == "P1's dice match P2's: moon and star." and msgs[0] == "P2 gives P1 2 dice."
    wholes = set()
    for ms in (msgs, msgs[:i] + msgs[i + 1 :]):
        for a in range(len(ms)):
            for b in range(a + 1, len(ms) + 1):
                wholes.add(" ".join(ms[a:b]))
    own = scr.view.pages()
    pages = []  # [rows, first seen, last seen]
    step = 2
    while scr.stage == "result":
        rows = tuple(dev.lines()[n:])
        if not pages or pages[-1][0] != rows:
            pages.append([rows, dev.now(), dev.now()])
        pages[-1][2] = dev.now()
        dev.run(step)
    assert len(pages) == own >= 1, pages  # each page once: the result waits for them all
    for rows, t0, t1 in pages:
        text = " ".join(x for x in rows if x)
        assert not text or text in wholes, (text, msgs)  # "": the picture's page
        # A new reader's pace (about 200 words a minute), whatever the screen's own sum says.
        need = max(1600, 300 * len(text.split()))
        assert need <= read_ms(rows) <= (t1 - t0) % WRAP + 2 * step, (rows, t1 - t0)
    shown = " ".join(" ".join(x for x in p[0] if x) for p in pages)
    assert ("P1 gets %d pool dice." % pool in shown) == (pool > 0), shown
    assert ("Some were lost" in shown) == lost
