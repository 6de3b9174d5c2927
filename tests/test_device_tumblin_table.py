"""Tumblin' Dice on the simulated device: the menu path (setup, join, start) for both
boards (T6), the setup's and the join's refusals (T2, T5, T6), and whole table-mode
games through the pads and menu buttons (roll-off T3, throws T4, entering dice T6,
undo S3, round summaries, game over T5), checked against an independent tally."""

import re
import sys

import device_helpers
import pytest
from device_helpers import PADS, WidthCheck, colour_name, move_cursor, scores_shown

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

# The setup list, top to bottom.
BOARD, LENGTH, SCORING, TEAMS, MINUS, NEXT, HOWTO, BACK = range(8)


def screen_name(dev):
    return type(dev.app.screen).__name__


def open_setup(dev):
    assert dev.shows(">Wildside"), dev.lines()
    dev.tap("down")
    dev.tap("down")
    assert dev.shows(">Tumblin' Dice"), dev.lines()
    dev.tap("select")
    assert screen_name(dev) == "SetupScreen", dev.lines()
    return dev.app.screen


def cursor_row(dev):
    return [x for x in dev.lines() if x.startswith(">")][0][1:]


def set_row(dev, row, want, tries=8):
    """Move the setup cursor to ``row`` and press select until the row reads ``want``."""
    scr = dev.app.screen
    move_cursor(dev, scr.cursor, row)
    for _ in range(tries):
        if cursor_row(dev) == want:
            return
        dev.tap("select")
    raise AssertionError("row %d never read %r: %r" % (row, want, dev.lines()))


def note(dev):
    """The rows above the list (a passing note or the help line), joined."""
    return " ".join(x for x in dev.lines() if x and not x.startswith((">", " ")))


def to_join(dev):
    scr = dev.app.screen
    move_cursor(dev, scr.cursor, scr.items().index("Next: join"))  # NEXT, or under a target
    assert cursor_row(dev) == "Next: join"
    dev.tap("select")
    assert screen_name(dev) == "TumblinJoin", dev.lines()
    assert dev.shows("START Tumblin' Dice")
    return dev.app.screen


def start(dev):
    move_cursor(dev, dev.app.screen.cursor, 0)
    assert cursor_row(dev) == "START Tumblin' Dice", dev.lines()
    dev.tap("select")


# -- the menu path ----------------------------------------------------------------------


def test_menu_opens_tumblin_setup_with_the_defaults_explained(dev_factory):
    dev = dev_factory("pico")
    width = WidthCheck(dev)
    open_setup(dev)
    lines = dev.lines()
    assert lines[1:] == [
        ">Board: real (table)",
        " Length: 4 rounds",
        " Scoring: multiply",
        " Teams: off",
    ]
    assert note(dev) == "You enter each die"
    helps = {}
    for row in range(1, 8):
        dev.tap("down")
        helps[row] = (cursor_row(dev), note(dev))
    assert helps == {
        LENGTH: ("Length: 4 rounds", "Most pts in 4 rounds"),
        SCORING: ("Scoring: multiply", "Die = face x level"),
        TEAMS: ("Teams: off", "Each for themselves"),
        MINUS: ("-1x zone: off", "No -1x zone on board"),
        NEXT: ("Next: join", "Then slam to join"),
        HOWTO: ("How to play", "Pictures, a page each"),
        BACK: ("Back", "Back to the games"),
    }
    dev.tap("select")
    assert screen_name(dev) == "MenuScreen" and dev.shows(">Wildside")
    assert width.too_wide == []


def test_setup_choices_cycle_and_explain_themselves(dev_factory):
    dev = dev_factory("pico")
    width = WidthCheck(dev)
    scr = open_setup(dev)
    dev.tap("select")
    assert cursor_row(dev) == "Board: virtual"
    assert note(dev) == "Device throws dice"
    dev.tap("down")
    seen = []
    for _ in range(6):
        dev.tap("select")
        seen.append((cursor_row(dev), note(dev)))
    assert seen == [
        ("Length: 5 rounds", "Most pts in 5 rounds"),
        ("Length: 6 rounds", "Most pts in 6 rounds"),
        ("Length: 2 rounds", "Most pts in 2 rounds"),
        ("Length: 3 rounds", "Most pts in 3 rounds"),
        ("Length: to a score", "Play to a set score"),
        ("Length: 4 rounds", "Most pts in 4 rounds"),
    ]
    set_row(dev, SCORING, "Scoring: kids (add)")
    assert note(dev) == "Die = face + level"
    set_row(dev, TEAMS, "Teams: on (2v2)")
    assert note(dev) == "P1+P3 vs P2+P4"
    assert scr.options() == {
        "board": "virtual",
        "mode": "add",
        "rounds": 4,
        "target": None,
        "teams": True,
        "minus_zone": False,
    }
    assert width.too_wide == []


def test_T5_setup_offers_every_target_from_50_to_500_in_steps_of_50(dev_factory):
    """The rulebook's Other Option 1: play to an agreed score ("e.g. 100 or 300"), up to
    500 (a longer game's save would not fit the flash: test_device_tumblin)."""
    dev = dev_factory("pico")
    width = WidthCheck(dev)
    scr = open_setup(dev)
    assert not any("Target" in x for x in scr.items())  # rounds: no target row
    set_row(dev, LENGTH, "Length: to a score")
    move_cursor(dev, scr.cursor, LENGTH + 1)
    seen = []
    for _ in range(10):
        row = cursor_row(dev)
        assert row == "Target: %d points" % scr.options()["target"], row
        assert note(dev) == "Till someone has %d" % scr.options()["target"]
        seen.append(scr.options()["target"])
        dev.tap("select")
    assert seen == [100 + 50 * i for i in range(9)] + [50]  # then round again to 100
    assert cursor_row(dev) == "Target: 100 points"
    set_row(dev, LENGTH + 1, "Target: 500 points", tries=20)
    o = scr.options()
    assert (o["rounds"], o["target"]) == (None, 500)
    set_row(dev, LENGTH, "Length: 4 rounds")  # back to rounds: the target row goes
    assert (scr.options()["rounds"], scr.options()["target"]) == (4, None)
    assert dev.lines()[LENGTH + 2] == " Scoring: multiply"
    set_row(dev, LENGTH, "Length: to a score")  # the target chosen is kept
    assert scr.options()["target"] == 500
    to_join(dev)
    dev.tap("1")
    dev.tap("2")
    start(dev)
    g = dev.app.screen.game
    assert (g.options["rounds"], g.options["target"]) == (None, 500)
    assert width.too_wide == []


def test_T2_minus_zone_refused_with_kids_scoring_and_the_other_way(dev_factory):
    dev = dev_factory("pico")
    scr = open_setup(dev)
    set_row(dev, SCORING, "Scoring: kids (add)")
    move_cursor(dev, scr.cursor, MINUS)
    dev.tap("select")
    assert cursor_row(dev) == "-1x zone: off"
    assert note(dev) == "-1x zone: not with kids' scoring"
    assert scr.options()["minus_zone"] is False
    dev.run(3000)  # the note passes
    assert note(dev) == "No -1x zone on board"
    set_row(dev, SCORING, "Scoring: multiply")
    set_row(dev, MINUS, "-1x zone: on")
    assert note(dev) == "Scores face x -1"
    move_cursor(dev, scr.cursor, SCORING)
    dev.tap("select")
    assert cursor_row(dev) == "Scoring: multiply"
    assert note(dev) == "Kids' scoring: not with -1x zone"
    assert scr.options()["mode"] == "multiply" and scr.options()["minus_zone"] is True


def test_T6_table_mode_join_refuses_bots(dev_factory):
    dev = dev_factory("pico")
    width = WidthCheck(dev)
    open_setup(dev)
    join = to_join(dev)
    assert len(join.seats) == 4
    assert dev.lines()[2:] == [
        " P1 -- slam to join",
        " P2 -- slam to join",
        " P3 -- slam to join",
    ]
    dev.tap("down")
    dev.tap("select")  # P1: a bot? not at a real table
    assert note(dev) == "Table mode: no bots, can't throw real dice"
    assert join.seats == [None] * 4
    dev.tap("1")
    assert join.seats[0] == "human"
    dev.tap("select")  # select on a player's seat empties it, as in every game
    assert join.seats[0] is None
    start(dev)  # nobody yet
    assert note(dev) == "Need 2+ players: slam your pads"
    dev.tap("3")
    start(dev)
    assert note(dev) == "Need 2+ players: slam your pads"
    assert screen_name(dev) == "TumblinJoin"
    assert width.too_wide == []


def test_T5_teams_need_exactly_four_players(dev_factory):
    dev = dev_factory("pico")
    open_setup(dev)
    set_row(dev, TEAMS, "Teams: on (2v2)")
    join = to_join(dev)
    for k in ("1", "2", "3"):
        dev.tap(k)
    start(dev)
    assert note(dev) == "Teams need exactly 4 players (3 now)"
    assert screen_name(dev) == "TumblinJoin"
    dev.tap("4")
    assert join.seats == ["human"] * 4
    start(dev)
    scr = dev.app.screen
    assert screen_name(dev) == "PlayScreen", dev.lines()
    assert scr.game.options["teams"] is True and scr.game.options["players"] == 4


@pytest.mark.parametrize("profile", ["pico", "pico_tft"])
def test_start_table_mode_two_players_on_pads_1_and_3(dev_factory, profile):
    dev = dev_factory(profile)
    open_setup(dev)
    set_row(dev, LENGTH, "Length: to a score")
    assert dev.lines()[LENGTH + 2] == " Target: 100 points"  # the row under it
    to_join(dev)
    dev.tap("3")
    dev.tap("1")
    start(dev)
    scr = dev.app.screen
    assert screen_name(dev) == "PlayScreen", dev.lines()
    assert scr.seats == [0, 2]
    o = scr.game.options
    assert (o["players"], o["board"], o["rounds"], o["target"]) == (2, "table", None, 100)
    assert scr.game.phase == "roll_off"
    # The setup's module is not kept in RAM during play.
    assert "slampad.app.tumblin.setup" not in sys.modules


def test_start_virtual_mode_with_a_bot(dev_factory):
    dev = dev_factory("pico")
    open_setup(dev)
    set_row(dev, BOARD, "Board: virtual")
    set_row(dev, SCORING, "Scoring: kids (add)")
    join = to_join(dev)
    assert dev.shows(" P1 -- (slam or bot)")
    dev.tap("2")
    move_cursor(dev, 0, 3)  # P3
    dev.tap("select")  # a bot at the Settings' level
    assert join.seats == [None, "human", "normal", None]
    assert dev.shows(">P3 bot normal")
    start(dev)
    scr = dev.app.screen
    assert screen_name(dev) == "PlayScreen", dev.lines()
    assert scr.seats == [1, 2]
    o = scr.game.options
    assert (o["players"], o["board"], o["mode"], o["rounds"]) == (2, "virtual", "add", 4)
    assert list(scr.kinds) == ["human", "normal"]


# -- whole table-mode games -------------------------------------------------------------


def score(face, level, mode):
    """T2, read from the rulebook: face x level (kids: face + level); off scores 0."""
    if level is None:
        return 0
    return face + level if mode == "add" else face * level


class Table:
    """People at a real board: they slam to roll off, slam (or press select) after each
    throw, and enter every die with the menu buttons (sometimes confirming with their
    own pad). Keeps its own tally of the dice entered, round by round."""

    def __init__(self, dev, rng, undo_plan=()):
        self.dev = dev
        self.rng = rng
        self.undo_plan = set(undo_plan)  # undos to try (S3): "face", "die", "throw", "summary"
        self.undone = []  # the notes the undos showed
        self.tally = {}  # round -> {seat: [dice]}
        self.totals = None
        self.summaries = []  # (round, lines) as shown
        self.throws = 0
        self.entries = 0
        self.leds_checked = 0
        self.colour_checked = 0

    # -- what the screen offers --------------------------------------------
    def goto(self, want):
        """Move the cursor of the current list to the item ``want`` (by text)."""
        scr = self.dev.app.screen
        items = scr.items()
        assert want in items, (want, items)
        move_cursor(self.dev, scr.cursor, items.index(want))
        assert cursor_row(self.dev) == want, (want, self.dev.lines())

    def confirm(self, seat_pad):
        if self.rng.random() < 0.3:
            self.dev.tap(PADS[seat_pad], after=320)  # the seat's own pad confirms, like select
        else:
            self.dev.tap("select")

    def enter_die(self, scr):
        dev = self.dev
        g = scr.game
        s = g.turn()
        pad = scr.play.seats[s]
        k = len(g.dice[s])
        mode = g.options["mode"]
        rnd = self.tally.setdefault(g.round, {})
        mine = rnd.setdefault(s, [])
        assert len(mine) == k
        so_far = sum(score(f, lv, mode) for f, lv in mine)
        assert dev.lines()[0] == "P%d's die %d of 4" % (pad + 1, k + 1), dev.lines()
        if dev.app.text.rows >= 6 and not scr.note:  # room for the points so far
            assert dev.lines()[1] == "Points so far: %d" % so_far, dev.lines()
        self.check_leds(scr, pad, k)
        text = dev.app.text
        if text.colour:  # S1: the head row in the seat's colour on a colour display
            c = text.colours[0]
            assert colour_name(((c >> 16) & 255, (c >> 8) & 255, c & 255)) == S1[pad]
            self.colour_checked += 1
        levels = list(g.levels())
        lv = self.rng.choice([None] + levels + [1, 2, 3])
        face = self.rng.randint(1, 6)
        names = {None: "Off the board", 1: "On the 1x step", 2: "On the 2x step",
                 3: "On the 3x step", 4: "In the 4x pocket", -1: "In the -1x zone"}
        if "face" in self.undo_plan and lv is not None:
            self.undo_plan.discard("face")  # S3: undo inside a die: back to its level
            self.goto(names[lv])
            self.confirm(pad)
            assert scr.level == lv
            self.goto("Back: where it is")
            dev.tap("select")
            assert scr.level is None and len(g.dice[s]) == k
            self.undone.append(note_of(dev))
            dev.run(2600)
        if "die" in self.undo_plan and k == 2:
            self.undo_plan.discard("die")  # S3: a wrong die, taken back
            self.goto("On the 2x step")
            dev.tap("select")
            self.goto("6 x 2 = 12 points" if mode == "multiply" else "6 + 2 = 8 points")
            dev.tap("select")
            assert g.dice[s][-1] == [6, 2]
            self.goto("Undo last entry")
            dev.tap("select")
            assert len(g.dice[s]) == k
            self.undone.append(note_of(dev))
            dev.run(2600)
        self.goto(names[lv])
        self.confirm(pad)
        if lv is not None:
            assert scr.level == lv, dev.lines()
            op = "+" if mode == "add" else "x"
            p = score(face, lv, mode)
            self.goto("%d %s %d = %d point%s" % (face, op, lv, p, "" if abs(p) == 1 else "s"))
            self.confirm(pad)
            mine.append((face, lv))
        else:
            mine.append((None, None))
            face = None
        self.entries += 1
        last = g.log[-1]
        assert last == ["die", s, face, lv], last

    def check_leds(self, scr, pad, k):
        """S1: the seat being entered shows its colour on its pixels; the die being
        entered blinks (checked by colour only: the blink may be in its off phase)."""
        dev = self.dev
        px = dev.pixels()
        rows = dev.hw.dice_pixels
        if not px:
            return
        if rows is None:  # MacroPad: each seat's key pixel; the seat entered is bright
            keys = dev.hw.seat_pixels
            for other in scr.play.seats:
                c = px[keys[other][0]]
                assert colour_name(c) == S1[other], (other, c)
                if other != pad:
                    assert max(c) * 3 < max(px[keys[pad][0]]), (pad, other, px)
            self.leds_checked += 1
            return
        mine = [colour_name(px[i]) for i in rows[pad]]
        want = S1[pad]
        assert mine[:k] == [want] * k, (pad, k, mine)
        assert all(c in (want, "off") for c in mine), mine
        for other in scr.play.seats:
            if other != pad:
                assert [colour_name(px[i]) for i in rows[other]][0] == S1[other]
        self.leds_checked += 1

    # -- the game ----------------------------------------------------------
    def step(self):
        """One thing a person would do now; False once the game-over screen shows."""
        dev = self.dev
        scr = dev.app.screen
        name = screen_name(dev)
        if name == "OverScreen":
            return False
        if name == "EnterScreen":
            g = scr.game
            if "throw" in self.undo_plan and all(not d for d in g.dice):
                self.undo_plan.discard("throw")  # S3: undo before any die: a throw again
                thrower = g.log[-1][1]
                self.goto("Undo last entry")
                dev.tap("select")
                play = dev.app.screen
                assert screen_name(dev) == "PlayScreen" and play.stage == "table"
                assert g.phase == "throw" and g.turn() == thrower
                self.undone.append(play.note)
                dev.run(400)
                dev.tap(PADS[play.seats[thrower]])  # thrown again
                self.throws += 1
                assert g.phase == "enter"
                dev.run(20)
                assert screen_name(dev) == "EnterScreen"
                return True
            self.enter_die(scr)
            return True
        assert name == "PlayScreen", dev.lines()
        g = scr.game
        if scr.stage == "roll":
            for s in range(len(scr.seats)):
                if ("roll", s) in g.legal_actions(s):
                    dev.tap(PADS[scr.seats[s]])  # T3: slam to roll the roll-off die
                    return True
            dev.run(50)
        elif scr.stage == "table":
            if "round" in self.undo_plan and g.round == 2 and g.throws == 0:
                self.undo_plan.discard("round")  # S3: up before the first throw
                last = g.log[-1]
                assert last[0] == "die" and dev.shows("up: undo last entry"), dev.lines()
                dev.tap("up")
                assert screen_name(dev) == "EnterScreen", dev.lines()
                assert g.round == 1 and g.phase == "enter" and g.turn() == last[1]
                self.tally[1][last[1]].pop()
                self.entries -= 1
                self.summaries.pop()  # round 1 is summed up again after its last die
                self.undone.append(note_of(dev))
                dev.run(400)  # a pad press just as the screen opens counts as a bounce
                return True
            s = g.turn()
            before = g.thrown(s)
            if self.rng.random() < 0.5:
                dev.tap(PADS[scr.seats[s]], after=340)  # T4: thrown: slam the pad
            else:
                dev.tap("select", after=340)
            if g.phase == "throw":
                assert g.thrown(s) == before + 1 or g.turn() != s
            self.throws += 1
        elif scr.stage == "summary":
            if "summary" in self.undo_plan:
                self.undo_plan.discard("summary")  # S3: the round's last die, taken back
                last = g.log[-1]
                assert last[0] == "die"
                assert dev.run_until("Up: undo", 10000), dev.lines()  # on every page
                dev.tap("up")
                assert screen_name(dev) == "EnterScreen", dev.lines()
                assert g.phase == "enter" and g.turn() == last[1] and len(g.dice[last[1]]) == 3
                self.tally[max(self.tally)][last[1]].pop()
                self.entries -= 1
                self.undone.append(note_of(dev))
                return True
            self.read_summary(scr)
            dev.run(800)
            dev.tap("select")
        else:
            dev.run(50)
        return True

    def read_summary(self, scr):
        """Round summary: each seat's round score and total, as tallied here (T2)."""
        dev = self.dev
        g = scr.game
        rnd = max(self.tally)
        if self.summaries and self.summaries[-1][0] == rnd:
            return
        mode = g.options["mode"]
        lines = [x.strip() for x in scr.summary]
        assert re.search(r"[Rr]ound %d\b" % rnd, lines[0]), (rnd, lines)
        totals = [0] * len(scr.seats)
        for r in self.tally:
            for s, dice in self.tally[r].items():
                totals[s] += sum(score(f, lv, mode) for f, lv in dice)
        for s, dice in self.tally[rnd].items():
            rs = sum(score(f, lv, mode) for f, lv in dice)
            want = "P%d got %d, total %d" % (scr.seats[s] + 1, rs, totals[s])
            assert want in lines, (want, lines)
        assert list(g.totals) == totals
        assert any(x.startswith("Round") or x.startswith("Final") for x in dev.lines())
        self.totals = totals
        self.summaries.append((rnd, lines))


def note_of(dev):
    """The enter screen's passing note (the rows between the head and the list)."""
    return " ".join(x for x in dev.lines()[1:] if x and not x.startswith((">", " ")))


S1 = ("red", "blue", "green", "white")


def play_to_the_end(dev, table, limit=4000):
    for _ in range(limit):
        if not table.step():
            return
    raise AssertionError("no game over; screen %r" % (dev.lines(),))


def replay_log(g):
    from slampad.games.tumblin import Tumblin

    again = Tumblin(dict(g.options), g.seed)
    for a in g.log:
        again.apply(tuple(a))
    return again


def table_game(dev_factory, profile, seed, pads, setup, undo_plan):
    import random

    from slampad.games import tumblin_score as sc

    dev = dev_factory(profile, seed=seed)
    width = WidthCheck(dev)
    open_setup(dev)
    for row, want in setup:
        set_row(dev, row, want)
    to_join(dev)
    for p in pads:
        dev.tap(PADS[p])
    start(dev)
    play = dev.app.screen
    g = play.game
    assert screen_name(dev) == "PlayScreen" and play.seats == sorted(pads)
    table = Table(dev, random.Random(seed), undo_plan)
    play_to_the_end(dev, table)
    mode = g.options["mode"]
    # The totals: the device's, the tally's, and the scoring module's over the dice.
    assert g.is_over() and list(g.totals) == table.totals
    for by_seat in table.tally.values():
        for dice in by_seat.values():
            as_lists = [None if f is None else [f, lv] for f, lv in dice]
            assert sc.dice_score(as_lists, mode) == sum(score(f, lv, mode) for f, lv in dice)
    # T5: the most points wins (teams: the sum of a team's seats).
    if g.teams:
        units = [[0, 2], [1, 3]]
    else:
        units = [[s] for s in range(len(pads))]
    best = max(sum(table.totals[s] for s in u) for u in units)
    won = [u for u in units if sum(table.totals[s] for s in u) == best]
    assert len(won) == 1 and sorted(g.winners()) == won[0]
    names = ["P%d" % (play.seats[s] + 1) for s in won[0]]
    lines = dev.lines()
    assert lines[0] == "Winner: " + "+".join(names), lines
    if g.teams:  # each team by its seats, with its total, most first
        teams = [["+".join("P%d" % (play.seats[s] + 1) for s in u),
                  sum(table.totals[s] for s in u)] for u in units]
        teams.sort(key=lambda e: -e[1])  # stable: ties in seat order
        assert scores_shown(lines) == teams, lines
    else:
        # Every seat with its total, most first (ties in seat order), none left out.
        ranked = sorted(range(len(pads)), key=lambda s: (-table.totals[s], s))
        want = [["P%d" % (play.seats[s] + 1), table.totals[s]] for s in ranked]
        assert scores_shown(lines) == want, lines
    # The seed and the log replay the game (undos are not in the log: S3).
    again = replay_log(g)
    assert again.to_dict() == g.to_dict() and again.totals == g.totals
    assert width.too_wide == []
    assert table.leds_checked >= table.entries or not dev.pixels()
    return dev, g, table


def test_table_game_two_players_through_the_device_with_undos(dev_factory):
    dev, g, table = table_game(
        dev_factory, "pico", 5, (0, 2), [], ("face", "die", "throw", "summary", "round")
    )
    assert g.options["rounds"] == 4 and g.round >= 4
    assert table.throws >= 4 * 8 + 1 and table.entries >= 4 * 8
    assert len(table.summaries) == g.round and not table.undo_plan
    assert any(re.match(r"Taken back: where P\d's die \d landed$", x) for x in table.undone)
    assert any(x.startswith("Taken back: P") and x.endswith(", 6 x 2 = 12 points")
               for x in table.undone)  # fmt: skip
    assert any(x.startswith("Taken back: ") and x.endswith("'s throw") for x in table.undone)
    said = r"Taken back: P[13]'s (die off the board|\d on -?\dx)$"
    assert any(re.match(said, x) for x in table.undone)


def test_table_game_teams_minus_zone_on_the_colour_display(dev_factory):
    setup = [(LENGTH, "Length: 2 rounds"), (TEAMS, "Teams: on (2v2)"), (MINUS, "-1x zone: on")]
    dev, g, table = table_game(dev_factory, "pico_tft", 8, (0, 1, 2, 3), setup, ("die",))
    assert g.teams is not None and g.options["minus_zone"] is True
    assert table.colour_checked >= table.entries
    assert any(lv == -1 for r in table.tally.values() for d in r.values() for _, lv in d)
    assert len(table.undone) == 1 and table.undone[0].endswith(", 6 x 2 = 12 points")


def test_table_game_kids_scoring_to_a_target(dev_factory):
    setup = [(SCORING, "Scoring: kids (add)"), (LENGTH, "Length: to a score")]  # 100
    dev, g, table = table_game(dev_factory, "macropad", 3, (1, 2, 3), setup, ())
    assert g.options["mode"] == "add" and g.options["target"] == 100
    assert max(g.totals) >= 100


def test_enter_screen_a_bouncing_pad_confirms_once(dev_factory):
    """A seat's own pad confirms like select, once per slam: contacts that chatter
    (presses within 300 ms of a confirm, or of the screen opening) are one press.
    Other seats' pads do nothing."""
    dev = dev_factory("pico", seed=2)
    open_setup(dev)
    to_join(dev)
    dev.tap("1")
    dev.tap("2")
    start(dev)
    play = dev.app.screen
    g = play.game
    while g.phase == "roll_off":
        for s in range(2):
            if ("roll", s) in g.legal_actions(s):
                dev.tap(PADS[s])
        dev.run(50)
    dev.run(3000)  # the order
    while g.phase == "throw":
        assert play.stage == "table", dev.lines()
        dev.tap(PADS[g.turn()], after=340)
    enter = dev.app.screen
    assert screen_name(dev) == "EnterScreen" and g.dice == [[], []]
    first = g.turn()
    assert first == g.order[0] != g.log[-1][1]  # the last thrower enters later
    dev.tap(PADS[1 - first], after=400)  # not that seat's pad: nothing
    assert g.dice == [[], []] and enter.level is None
    key = PADS[first]
    dev.press(key)
    dev.run(4)
    for _ in range(4):  # chatter
        dev.release(key)
        dev.run(3)
        dev.press(key)
        dev.run(3)
    dev.run(60)
    dev.release(key)
    dev.run(400)
    assert enter.level == 1 and g.dice[first] == []  # one select: 1x level, face next
    assert cursor_row(dev) == "1 x 1 = 1 point"
    dev.tap("down")
    dev.tap(key, after=400)
    assert g.dice[first] == [[2, 1]] and enter.level is None
