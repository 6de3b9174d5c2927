"""Tumblin' Dice on the simulated device: the roll-off (T3), throws on the virtual board
(T6: hold to charge, release to throw, up/down to aim), the table board with undo (S3),
round summaries and the end (T5), seat colours (S1), and replays from the seed (S2)."""

import sys

import device_helpers
from device_helpers import S1_COLOUR, WidthCheck, colour_name, run_until, scores_shown

from slampad.app.tumblin.looks import shown_power
from slampad.ticks import ticks_diff

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

WRAP = 1 << 29
PADS = ("1", "2", "3", "4")


def start(dev, seats, kinds, options):
    from slampad.app.main import unload_games

    unload_games()  # as from the menu: no game module loaded yet
    from slampad.app.tumblin.play import PlayScreen

    opts = dict(options)
    opts["players"] = len(seats)
    scr = PlayScreen(dev.app, seats, kinds, opts)
    dev.app.go(scr)
    dev.run(10)
    return scr


def strip(dev, pad):
    """Colour names of a seat's five pixels."""
    return [colour_name(c) for c in dev.pixels()[pad * 5:pad * 5 + 5]]


def lit(dev, pad):
    return len([c for c in strip(dev, pad) if c != "off"])


def replay(scr):
    """A fresh rules core replaying the game's log from the screen's seed (S2)."""
    from slampad.games.tumblin import Tumblin

    g = Tumblin(dict(scr.game.options), scr.seed)
    for a in scr.game.log:
        g.apply(a)
    return g


def level_part(level):
    """The part of the drawn board a level is on (app/tumblin/board.py: 0 pad, 1 0x,
    2-4 the 1x-3x steps, 5 the 4x pocket and the -1x ledge beside it)."""
    return 5 if level in (4, -1) else level + 1


def check_board(dev, scr):
    """The picture (T1, S1): every die on the board is one sprite, with its face and its
    seat's shape and colour, on the step of its level, none over another."""
    g = scr.game
    v = scr.view.board
    assert v is not None and not v.group.hidden
    drawn = [d for d in v.dice[:16] if not d.hidden]
    assert len(drawn) == len(g.board), (len(drawn), g.board)
    want = sorted((d[0] * 7 + d[1], d[2]) for d in g.board)
    got = []
    for sp in drawn:
        seat = v.pals.index(sp.pixel_shader)
        assert sp[0] // 7 == seat % 4  # the seat's shape
        part = [k for k in range(6) if v.xs[k] <= sp.x < v.xs[k + 1]]
        assert len(part) == 1, sp.x
        lv = [d[2] for d in g.board if d[0] == seat and level_part(d[2]) == part[0]]
        assert lv, (seat, part, g.board)
        got.append((sp[0], lv[0]))
    assert sorted(x[0] for x in got) == [x[0] for x in want]
    boxes = sorted((sp.x, sp.y) for sp in drawn)
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            a, b = boxes[i], boxes[j]
            assert abs(a[0] - b[0]) >= 6 or abs(a[1] - b[1]) >= 6, (a, b)  # faces show


def roll_humans(dev, scr):
    """T3: every human whose roll is due slams their pad."""
    g = scr.game
    for s in range(len(scr.seats)):
        if scr.kinds[s] == "human" and ("roll", s) in g.legal_actions(s):
            dev.tap(PADS[scr.seats[s]])


def check_summary(dev, scr):
    """T2/T3/T5: round scores, totals and the next order, on the summary page."""
    g = scr.game
    lines = scr.summary
    if g.is_over():
        assert lines[0] == "Round %d: final" % g.round
    else:
        assert lines[0] == "Round %d scores" % (g.round - 1)
        nxt = [scr.name(s) for s in g.order]
        assert "Next round: " + ", ".join(nxt[:-1]) + " and " + nxt[-1] in lines
        # T3: the next round goes by this round's score, highest first.
        rs = [g.round_scores[s] for s in g.order]
        assert rs == sorted(rs, reverse=True)
    for s in range(len(scr.seats)):
        want = "%s got %d, total %d" % (scr.name(s), g.round_scores[s], g.totals[s])
        assert want in lines, (want, lines)
    assert dev.lines()[0] == lines[0]


def human_throw(dev, scr, k, samples):
    """One human virtual throw: aim with up/down, hold the pad, release (T6)."""
    g = scr.game
    s = scr.who
    pad = scr.seats[s]
    key = PADS[pad]
    # S1: the thrower's strip lights up in their seat colour.
    assert strip(dev, pad) == [S1_COLOUR[pad]] * 5, strip(dev, pad)
    check_board(dev, scr)
    target = (-30, 0, 20, 10)[k % 4]
    if scr.aim[s] == target:
        dev.tap("up", ms=20, after=20)
    while scr.aim[s] != target:
        dev.tap("up" if scr.aim[s] < target else "down", ms=20, after=20)
    assert scr.view.board.aim == (target, s)  # the arrow is drawn in the lane aimed at
    hold = 500 + 90 * (k % 6)
    if k == 1:
        hold = 1900  # held past full power: the bar falls again (ping-pong)
    dev.press(key)
    dev.run(1)
    t_press = dev.now()
    counts = []
    for _ in range(hold // 100 - 1):
        dev.run(100)
        counts.append(lit(dev, pad))
    assert scr.stage == "charge" and dev.shows("%s power" % scr.name(s)), dev.lines()
    bar = scr.view.board.bar
    assert abs(bar[1] - shown_power(scr.moment(), dev.now())) <= 6  # the bar: the power
    dev.run(hold - 1 - 100 * (hold // 100 - 1))
    dev.release(key)
    dev.run(1)
    held_ms = ticks_diff(dev.now(), t_press, WRAP)
    dev.run(30)  # the release counts once it lasts 20 ms (App.step's BOUNCE_MS)
    from slampad.app.tumblin.looks import power_at

    a = g.log[-1]
    assert a[0] == "throw" and a[1] == s and a[3] == target, a
    assert a[2] in [power_at(held_ms + d) for d in range(-3, 4)], (a, held_ms)
    rising = counts[: 1100 // 100]
    assert rising == sorted(rising) and rising[-1] >= 1 and rising[-1] > rising[0], counts
    for i in range(len(counts)):  # the bar shows the power of the hold so far
        want = (power_at(100 * (i + 1)) * 5 + 99) // 100
        assert abs(counts[i] - want) <= 1, (counts, i)
    if hold > 1500:
        assert counts[-1] < max(counts), counts  # past 1.2 s it falls
    samples.append(counts)
    dev.run(20)


def play_virtual(dev, scr, limit_ms=900000):
    """Drive a virtual game to the end screen; returns (throws by humans, summaries)."""
    k = 0
    summaries = 0
    samples = []
    waited = 0
    while not dev.shows("Rematch"):
        assert waited < limit_ms, dev.lines()
        st = getattr(dev.app.screen, "stage", None)
        if st == "roll":
            roll_humans(dev, scr)
            dev.run(20)
        elif st == "aim":
            human_throw(dev, scr, k, samples)
            k += 1
        elif st == "summary":
            check_summary(dev, scr)
            summaries += 1
            dev.run(800)
            humans = [scr.seats[s] for s in range(len(scr.seats)) if scr.kinds[s] == "human"]
            dev.tap(PADS[humans[summaries % len(humans)]])  # any pad goes on
        else:
            if st == "bot":  # S1: a bot's throw is announced on its strip too
                who = scr.seats[scr.who]
                assert strip(dev, who) == [S1_COLOUR[who]] * 5
            dev.run(50)
            waited += 50
    return k, summaries


def test_T6_virtual_game_two_humans_two_bots_to_the_end_and_replay(dev_factory):
    dev = dev_factory("pico", seed=21, frame_ms=4)
    wide = WidthCheck(dev)
    scr = start(dev, [0, 1, 2, 3], ["human", "human", "easy", "normal"], {"board": "virtual"})
    assert dev.lines()[0] == "Slam your pad to roll"
    assert dev.shows("To roll: P1 P2 P3 P4") and not dev.shows("Rolled")
    throws, summaries = play_virtual(dev, scr)
    g = scr.game
    assert g.is_over() and throws == 2 * 4 * g.round  # two humans, four dice a round
    assert summaries == g.round
    won = g.winners()
    assert dev.lines()[0] == "Winner: P%d" % (won[0] + 1) or dev.lines()[0].startswith("Draw")
    # Every seat with its total, most first (ties in seat order), on as few rows as hold them.
    best = sorted(range(len(g.totals)), key=lambda s: (-g.totals[s], s))
    assert scores_shown(dev.lines()) == [["P%d" % (s + 1), g.totals[s]] for s in best]
    again = replay(scr)
    assert again.to_dict() == g.to_dict() and again.totals == g.totals
    assert not wide.too_wide, wide.too_wide
    # ONE_OF (tools/deploy.py counts them apart): the virtual board never loads the entry.
    assert "slampad.bots.tumblin" in sys.modules
    assert "slampad.app.tumblin.table" not in sys.modules


def test_T3_rolloff_shows_each_roll_on_screen_and_pixels(dev_factory):
    dev = dev_factory("pico", seed=5, frame_ms=4)
    scr = start(dev, [1, 3], ["human", "human"], {"board": "virtual", "rounds": 1})
    g = scr.game
    assert strip(dev, 1) == ["blue"] * 5 and strip(dev, 3) == ["white"] * 5  # waiting: dim
    seen = []
    while g.phase == "roll_off":
        for s in (0, 1):
            if ("roll", s) in g.legal_actions(s):
                dev.tap(PADS[scr.seats[s]], after=300)
                f = scr.faces[s]
                if f is not None:
                    seen.append(f)
                    assert dev.shows("%s %d" % (scr.name(s), f)), dev.lines()
                    assert not any(scr.name(s) in x for x in dev.lines() if "To roll" in x)
                    if f < 6:  # the face as lit pixels in the seat colour
                        assert lit(dev, scr.seats[s]) == f
        if scr.note:
            assert "roll again" in scr.note and dev.shows("roll again")
    assert seen
    names = [scr.name(s) for s in g.order]
    assert dev.shows("Order: " + ", ".join(names[:-1]) + " and " + names[-1])
    run_until(dev, lambda: scr.stage == "aim", 5000)


def test_bots_only_virtual_game_plays_itself_to_the_end(dev_factory):
    dev = dev_factory("pico", seed=8, frame_ms=4)
    scr = start(dev, [0, 1, 2], ["easy", "normal", "hard"], {"board": "virtual"})
    summaries = []

    def done():
        if getattr(dev.app.screen, "stage", None) == "summary" and (
            not summaries or summaries[-1] is not scr.summary
        ):
            check_summary(dev, scr)
            summaries.append(scr.summary)
        return dev.shows("Rematch")

    run_until(dev, done, 900000, step=20)
    g = scr.game
    assert g.is_over() and len(summaries) == g.round
    assert replay(scr).to_dict() == g.to_dict()


def test_T5_teams_virtual_bots_team_totals_and_winner(dev_factory):
    dev = dev_factory("pico", seed=3, frame_ms=4)
    opts = {"board": "virtual", "teams": True, "rounds": 1}
    scr = start(dev, [0, 1, 2, 3], ["easy"] * 4, opts)
    run_until(dev, lambda: scr.stage == "summary", 300000, step=20)
    g = scr.game
    t = g.unit_totals(g.totals)
    names = ["+".join("P%d" % (s + 1) for s in sorted(g.teams[u])) for u in (0, 1)]
    assert "Teams: %s %d, %s %d" % (names[0], t[0], names[1], t[1]) in scr.summary
    if g.is_over():
        run_until(dev, lambda: dev.shows("Rematch"), 30000)  # the scores are read first
        win = "+".join("P%d" % (s + 1) for s in g.winners())
        assert dev.lines()[0] == "Winner: " + win
    else:
        assert "The teams tie: one more round" in scr.summary


def test_held_pad_does_not_charge_a_new_turn_and_others_pads_do_nothing(dev_factory):
    dev = dev_factory("pico", seed=2, frame_ms=2)
    scr = start(dev, [0, 1], ["human", "human"], {"board": "virtual", "rounds": 1})
    while scr.stage == "roll":
        roll_humans(dev, scr)
        dev.run(20)
    run_until(dev, lambda: scr.stage == "aim", 5000)
    me = scr.who
    other = 1 - me
    dev.press(PADS[scr.seats[other]])  # not their throw: nothing happens
    dev.run(300)
    assert scr.stage == "aim" and scr.game.log[-1][0] != "throw"
    dev.tap(PADS[scr.seats[me]], ms=700)
    assert scr.game.log[-1][:2] == ["throw", me]
    run_until(dev, lambda: scr.stage == "aim", 10000)
    assert scr.who == other and dev.app.pad_input.held[scr.seats[other]]
    dev.run(300)
    assert scr.stage == "aim"  # held since before the turn: no charge
    dev.release(PADS[scr.seats[other]])
    dev.run(50)
    assert scr.stage == "aim"
    dev.tap(PADS[scr.seats[other]], ms=600)
    assert scr.game.log[-1][:2] == ["throw", other]


def test_colour_display_layout_status_aim_stairs_and_seat_colours(dev_factory):
    dev = dev_factory("pico_tft", seed=4, frame_ms=4)
    wide = WidthCheck(dev)
    scr = start(dev, [2, 0], ["human", "normal"], {"board": "virtual", "rounds": 1})
    while scr.stage == "roll":
        roll_humans(dev, scr)
        dev.run(20)
    run_until(dev, lambda: scr.stage in ("aim", "bot"), 8000)
    taught = False
    for _ in range(3):
        run_until(dev, lambda: scr.stage in ("aim", "bot"), 20000)
        lines = dev.lines()
        me = scr.name(scr.who)
        bot = scr.bots[scr.who] is not None
        head = "%s (bot): die %d of 4" if bot else "%s throws die %d of 4"
        assert lines[0] == head % (me, scr.die_no)
        assert lines[1].startswith("Power") and lines[1].endswith("Round 1")
        check_board(dev, scr)
        from slampad.app.ui import SEAT_COLOURS

        assert dev.app.text.colours[0] == SEAT_COLOURS[scr.seats[scr.who]]  # S1 on screen
        if scr.stage == "aim":
            said = set()
            for _ in range(3 * 3000 // 100):  # the explanation's pages turn, each read
                said.add(" ".join(dev.lines()[8:]).strip())
                dev.run(100)
            if taught:
                assert said == {"%s: aim, hold your pad, let go." % me}, said
            else:  # the first throw explains the arrow and the bar, once
                assert said == {"Up/down moves the arrow: your aim.",
                                "Hold your pad: the bar shows power.",
                                "Let go of your pad to throw."}, said
            taught = True
            dev.tap(PADS[scr.seats[scr.who]], ms=800)
        else:
            run_until(dev, lambda: scr.stage == "result", 10000)
            assert "'s die " in " ".join(dev.lines()[8:]), dev.lines()  # a sentence
            run_until(dev, lambda: scr.stage not in ("result", "slide"), 10000)
    assert not wide.too_wide, wide.too_wide


# -- table mode ----------------------------------------------------------------------


def enter_die(dev, level, face):
    """On the enter screen: the level with up/down from 1x, select, then the face."""
    scr = dev.app.screen
    assert type(scr).__name__ == "EnterScreen", dev.lines()
    want = scr.choices().index(level)
    while scr.cursor != want:
        dev.tap("down" if scr.cursor < want else "up", ms=20, after=20)
    dev.tap("select", ms=20, after=20)
    if level is not None:
        while scr.cursor != face - 1:
            dev.tap("down", ms=20, after=20)
        dev.tap("select", ms=20, after=350)


def table_throws(dev, scr, use_select=False):
    g = scr.game
    while g.phase == "throw":
        s = g.turn()
        pad = scr.seats[s]
        assert dev.shows("%s: throw a die" % scr.name(s)), dev.lines()
        assert strip(dev, pad) == [S1_COLOUR[pad]] * 5
        n = g.thrown(s)
        dev.tap("select" if use_select else PADS[pad], after=350)
        assert g.thrown(s) == n + 1 or g.phase == "enter"
    dev.run(20)


def test_T6_S3_table_game_overtime_undo_and_end(dev_factory):
    dev = dev_factory("pico", seed=6, frame_ms=2)
    scr = start(dev, [0, 2], ["human", "human"], {"board": "table", "rounds": 1})
    g = scr.game
    while scr.stage == "roll":
        roll_humans(dev, scr)
        dev.run(20)
    run_until(dev, lambda: scr.stage == "table", 5000)
    assert dev.shows("up: undo") is False  # nothing to undo yet (the roll-off stands)
    first = g.turn()
    dev.tap(PADS[scr.seats[first]], after=350)
    assert g.thrown(first) == 1 and dev.shows("up: undo") is False
    dev.tap("up", after=100)  # S3: the throw is taken back
    assert g.thrown(first) == 0 and g.turn() == first
    assert "Taken back: %s's throw" % scr.name(first) in " ".join(dev.lines()), dev.lines()
    table_throws(dev, scr)
    run_until(dev, lambda: type(dev.app.screen).__name__ == "EnterScreen", 1000)
    # Everybody's dice alike: a tie, so overtime (T5).
    for _ in range(8):
        enter_die(dev, 3, 5)
    run_until(dev, lambda: dev.app.screen is scr and scr.stage == "summary", 2000)
    assert "P1 and P3 tie: one more round" in scr.summary and g.overtime
    check_summary(dev, scr)
    assert scr.summary[1:3] == ["P1 got 60, total 60", "P3 got 60, total 60"]
    # S3 from the summary: the last die goes back to the enter screen.
    dev.run(800)
    dev.tap("up", after=100)
    assert g.phase == "enter" and type(dev.app.screen).__name__ == "EnterScreen"
    enter_die(dev, 4, 6)  # now not a tie: 24 + 3 x 15 = 69 against 60
    run_until(dev, lambda: dev.app.screen is scr and scr.stage == "summary", 2000)
    assert g.is_over() and scr.summary[0] == "Round 1: final"
    check_summary(dev, scr)
    dev.run(800)
    dev.tap("select")
    dev.run(2600)  # the OLED shows the winner big under the score, then the choices
    assert dev.shows("Rematch")
    last = g.order[-1]
    assert dev.lines()[0] == "Winner: %s" % scr.name(last)
    assert replay(scr).to_dict() == g.to_dict()
    # ONE_OF (tools/deploy.py counts them apart): the table never loads the bot.
    assert "slampad.bots.tumblin" not in sys.modules


def test_table_two_rounds_with_select_and_round_summary(dev_factory):
    dev = dev_factory("pico", seed=9, frame_ms=2)
    scr = start(dev, [0, 1, 2], ["human"] * 3, {"board": "table", "rounds": 2})
    g = scr.game
    while scr.stage == "roll":
        roll_humans(dev, scr)
        dev.run(20)
    run_until(dev, lambda: scr.stage == "table", 5000)
    for rnd in (1, 2):
        table_throws(dev, scr, use_select=(rnd == 2))
        order = list(g.order)
        for i, s in enumerate(order):
            for j in range(4):
                enter_die(dev, 1 + (i + j) % 4, 1 + (s + j) % 6)
        run_until(dev, lambda: dev.app.screen is scr and scr.stage == "summary", 2000)
        check_summary(dev, scr)
        dev.run(800)
        dev.tap(PADS[2])
    dev.run(2600)  # the OLED's big winner, then the choices
    assert dev.shows("Rematch")
    assert replay(scr).to_dict() == g.to_dict()
    dev.tap("select")  # rematch: the same seats and options, a new game
    new = dev.app.screen
    assert new is not scr and new.seats == [0, 1, 2] and not new.virtual


def test_lost_release_cancels_the_charge_and_throws_nothing(dev_factory):
    dev = dev_factory("pico", seed=12, frame_ms=2)
    scr = start(dev, [0, 1], ["human", "human"], {"board": "virtual", "rounds": 1})
    while scr.stage == "roll":
        roll_humans(dev, scr)
        dev.run(20)
    run_until(dev, lambda: scr.stage == "aim", 5000)
    me = scr.who
    key = PADS[scr.seats[me]]
    n = len(scr.game.log)
    dev.press(key)
    dev.run(300)
    assert scr.stage == "charge"
    # The pad queue overflowed (app/pad_input.py): held pads are forgotten, the release is
    # lost, and the screen is told once.
    dev.app.pad_input.held[scr.seats[scr.who]] = False
    scr.on_lost(dev.app.now)
    dev.run(10)
    assert scr.stage == "aim" and dev.shows("Too many presses")
    dev.release(key)
    dev.run(50)
    assert len(scr.game.log) == n and scr.stage == "aim"  # no throw from a lost hold
    dev.tap(key, ms=700)
    assert scr.game.log[-1][:2] == ["throw", me] and len(scr.game.log) == n + 1


def test_macropad_key_pixels_and_power_bar_on_screen(dev_factory):
    dev = dev_factory("macropad", seed=7, frame_ms=4)
    scr = start(dev, [0, 3], ["human", "easy"], {"board": "virtual", "rounds": 1})
    keys = dev.hw.seat_pixels
    while scr.stage == "roll":
        roll_humans(dev, scr)
        dev.run(20)
    for _ in range(4):
        run_until(dev, lambda: scr.stage in ("aim", "bot"), 20000)
        pad = scr.seats[scr.who]
        other = 3 - pad
        px = dev.pixels()
        # S1: the thrower's key bright in its colour, the other seat's dim.
        assert colour_name(px[keys[pad][0]]) == S1_COLOUR[pad]
        assert max(px[keys[pad][0]]) > 3 * max(px[keys[other][0]])
        if scr.stage == "aim":
            dev.press("1")
            dev.run(700)
            assert dev.lines()[0].startswith("P1 power")  # no dice pixels: the bar on screen
            assert scr.view.board.bar[1] >= 50
            dev.release("1")
        run_until(dev, lambda: scr.stage == "result", 20000)


def test_headless_tumblin_demo_script(dev_factory, tmp_path):
    import os

    import sim_script

    dev = dev_factory("pico", seed=1, frame_ms=2, settings={"SLAMPAD_HOWTO": "0"})  # fresh
    path = os.path.join(os.path.dirname(os.path.dirname(sim_script.__file__)), "sim_tumblin.txt")
    with open(path) as f:
        cmds = sim_script.parse(f.read())
    shots = sim_script.run_script(dev, cmds, str(tmp_path))
    assert dev.shows("Rematch") and len(shots) == 6
    scr_lines = [lines for _t, lines in dev.log]
    assert any(x[0].startswith("P1 power") for x in scr_lines)  # the power bar
    assert any(x[0] == "Round 1 scores" for x in scr_lines)


def test_mashing_pads_and_menu_keys_never_crashes_and_replays(dev_factory):
    from slampad.rng import Rng

    for board in ("virtual", "table"):
        dev = dev_factory("pico", seed=31, frame_ms=4)
        kinds = ["human", "human", "normal"] if board == "virtual" else ["human"] * 3
        scr = start(dev, [0, 1, 3], kinds, {"board": board, "rounds": 1})
        r = Rng(5)
        keys = ("1", "2", "3", "4", "up", "down", "select")
        for _ in range(1500):
            k = keys[r.below(len(keys))]
            if k in dev.held:
                dev.release(k)
            else:
                dev.press(k)
            dev.run(1 + r.below(120))
            assert any(x.strip() for x in dev.lines()), dev.lines()
            if dev.shows("Rematch"):
                break
        assert scr.game.log and scr.game.phase != "roll_off"
        assert replay(scr).to_dict() == scr.game.to_dict()


def test_T5_a_game_to_the_highest_target_always_fits_the_flash(shim):
    """Nothing lost: a game's save keeps every throw, so the setup's highest target is
    bounded by the flash. Four easy bots (the slowest scorers: the most rounds) play to
    it; after every round the game is saved beside the settings and the statistics in a
    4 KB store, as the device does, and the save loads back whole."""
    from slampad.app.tumblin.setup import TARGETS
    from slampad.bots.tumblin import TumblinBot
    from slampad.games.tumblin import Tumblin
    from slampad.store import Store

    top = max(TARGETS)
    most = 0
    for seed in range(12):
        st = Store(bytearray(b"\xff" * 4096))
        st.save("settings", {"brightness": 100, "bot_level": "normal", "bot_ms": 900,
                             "bot_errors": 10, "look_ms": 5000, "sound": 1, "dim_s": 120,
                             "sleep_s": 600, "howto": 15})  # fmt: skip
        games = ("wildside", "gowild", "gowild_table", "tumblin", "diceland")
        st.save("stats", {"g": {k: [999, [99] * 6] for k in games}, "f": 180, "fc": 2})
        g = Tumblin({"board": "virtual", "players": 4, "target": top}, seed)
        bots = [TumblinBot(s, "easy", seed) for s in range(4)]
        meta = {"seats": [0, 1, 2, 3], "kinds": ["easy"] * 4, "options": g.options}
        while not g.is_over():
            if g.phase == "roll_off":
                g.apply(("roll", [s for s in range(4) if g.legal_actions(s)][0]))
                continue
            s = g.turn()
            events = g.apply(("throw", s) + tuple(bots[s].choose(g.view(s))))
            if any(e[0] == "round_over" for e in events):
                rec = {"m": "slampad.app.tumblin.play", "t": "Tumblin' Dice", "k": meta,
                       "s": g.to_dict()}  # fmt: skip
                st.save("game", rec)  # ValueError if it cannot fit
                assert st.load("game")["s"] == g.to_dict()
        most = max(most, g.round)
    assert most > 10  # long games: many rounds were saved
