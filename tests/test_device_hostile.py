"""Hostile input on the simulated device (issue 7, point 4), game by game: every pad held
at power-up, a pad held for minutes in a game, bouncing contacts, mashing every screen,
and unplugged pads (a seat whose pad never reports). Each must leave the device playable:
no crash, the game goes on (or keeps answering), and afterwards the pads and the menu act
as usual. The games are Wildside, Go Wild! (pass and play, table), Tumblin' Dice (table,
virtual) and Diceland; most tests run on the "pico" profile, some on the MacroPad
(encoder) and the colour display.

The menus are walked by their items' text (``choose``, ``set_item``), not by counting rows,
so new menu items do not move the tests."""

import random

import device_helpers
import pytest
from device_helpers import (
    PADS,
    WRAP,
    Slammers,
    message_text,
    round_actions,
    run_until,
    scores_shown,
    set_faces,
    until_stage,
)

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

MINUTE = 60000
SLOW_FRAME = 100  # ms between frames during the long waits (a slow loop; the device is faster)
# The pads' pins, as docs/wiring.md's tables give them (pico_tft wires them as the pico).
PAD_PINS = {
    "pico": ("GP10", "GP11", "GP12", "GP13"),
    "pico_tft": ("GP10", "GP11", "GP12", "GP13"),
    "macropad": ("KEY1", "KEY3", "KEY10", "KEY12"),
}


# -- reading and driving the device ---------------------------------------------------------


def screen_name(dev):
    return type(dev.app.screen).__name__


def cursor_item(dev):
    """The list item under the cursor (its row starts with ">"), or None."""
    rows = [x[1:] for x in dev.lines() if x.startswith(">")]
    return rows[0] if rows else None


def note(dev):
    """A list screen's rows above its items (its title or a passing note), joined; not
    the colour display's hint row under them."""
    rows = []
    for x in dev.lines():
        if x.startswith((">", " ")):
            break
        rows.append(x)
    return " ".join(x for x in rows if x)


def to_item(dev, prefix, limit=16):
    """Move a list's cursor down (it wraps) to the item starting with ``prefix``."""
    for _ in range(limit):
        if (cursor_item(dev) or "").startswith(prefix):
            return
        dev.tap("down")
    raise AssertionError("no item %r on %r" % (prefix, dev.lines()))


def choose(dev, prefix):
    to_item(dev, prefix)
    dev.tap("select")


def set_item(dev, prefix, want, tries=10):
    """Move to the item starting with ``prefix`` and press select until it reads ``want``."""
    to_item(dev, prefix)
    for _ in range(tries):
        if cursor_item(dev) == want:
            return
        dev.tap("select")
    raise AssertionError("item %r never read %r: %r" % (prefix, want, dev.lines()))


def release_all(dev):
    for k in list(dev.held):
        dev.release(k)
    dev.run(30)


def elapsed(dev, t0):
    return (dev.now() - t0) % WRAP


def long_press(dev):
    """Hold select 2 s: the menu must show by then and stay (the press itself may first
    open the item under a menu's cursor, the hold brings the menu back). Returns when the
    menu came (ms after the press)."""
    t0 = dev.now()
    dev.press("select")
    came = None
    while elapsed(dev, t0) < 2000:
        dev.run(1)
        if screen_name(dev) != "MenuScreen":
            came = None
        elif came is None:
            came = elapsed(dev, t0)
    assert came is not None, dev.lines()
    dev.release("select")
    dev.run(100)
    assert screen_name(dev) == "MenuScreen", dev.lines()
    assert cursor_item(dev) == "Wildside", dev.lines()
    return came


def slow(dev, ms, each=None, chunk=1000, frame=SLOW_FRAME):
    """Run ``ms`` with ``frame`` ms frames, calling ``each()`` after every ``chunk`` ms."""
    keep = dev.frame_ms
    done = 0
    while done < ms:
        dev.frame_ms = frame
        try:
            dev.run(min(chunk, ms - done))
        finally:
            dev.frame_ms = keep  # the checks run (and press keys) at the usual rate
        done += chunk
        if each is not None:
            each()


# -- the way into each game -----------------------------------------------------------------


def seat(dev, humans, bots):
    """On a join screen: the humans slam their pads, the bots fill seats (pad: level)."""
    for p in humans:
        dev.tap(PADS[p])
        assert dev.app.screen.seats[p] == "human", dev.lines()
    for p, level in sorted(bots.items()):
        set_item(dev, "P%d " % (p + 1), "P%d bot %s" % (p + 1, level))


def wildside(dev, humans=(), bots=None):
    choose(dev, "Wildside")
    assert screen_name(dev) == "JoinScreen", dev.lines()
    seat(dev, humans, bots or {})
    choose(dev, "START Wildside")
    assert screen_name(dev) == "PlayScreen", dev.lines()
    return dev.app.screen


def gowild_join(dev):
    choose(dev, "Go Wild!")
    assert dev.lines()[0] == "Go Wild! - how?", dev.lines()
    choose(dev, "Pass and play")
    assert screen_name(dev) == "GoWildJoin", dev.lines()
    return dev.app.screen


def gowild(dev, humans=(), bots=None):
    gowild_join(dev)
    seat(dev, humans, bots or {})
    choose(dev, "START Go Wild!")
    assert screen_name(dev) == "PlayScreen", dev.lines()
    return dev.app.screen


def gowild_table(dev):
    choose(dev, "Go Wild!")
    choose(dev, "Table")
    assert screen_name(dev) == "TableSetup", dev.lines()
    choose(dev, "START")
    assert screen_name(dev) == "TableScreen", dev.lines()
    return dev.app.screen


def tumblin_join(dev, board, length="Length: 2 rounds"):
    choose(dev, "Tumblin' Dice")
    assert screen_name(dev) == "SetupScreen", dev.lines()
    set_item(dev, "Board: ", "Board: " + ("virtual" if board == "virtual" else "real (table)"))
    set_item(dev, "Length: ", length)
    choose(dev, "Next: join")
    assert screen_name(dev) == "TumblinJoin", dev.lines()
    return dev.app.screen


def tumblin(dev, board, humans=(), bots=None, length="Length: 2 rounds"):
    tumblin_join(dev, board, length)
    seat(dev, humans, bots or {})
    choose(dev, "START Tumblin' Dice")
    assert screen_name(dev) == "PlayScreen", dev.lines()
    return dev.app.screen


def diceland_seats(dev, opponent="P2: bot easy"):
    choose(dev, "Diceland")
    assert screen_name(dev) == "SetupScreen", dev.lines()
    set_item(dev, "Scene: ", "Scene: pocket")
    set_item(dev, "P2: ", opponent)
    choose(dev, "Next: seats")
    assert screen_name(dev) == "Seats", dev.lines()
    return dev.app.screen


def diceland(dev, opponent="P2: bot easy", pads=(0,)):
    diceland_seats(dev, opponent)
    for p in pads:
        dev.tap(PADS[p])
    choose(dev, "START Diceland")
    assert screen_name(dev) == "PlayScreen", dev.lines()
    return dev.app.screen


def human_turn(scr):
    """Diceland: a human must pick (the cursor or a list is up)."""
    return scr.stage in ("pick", "list") and scr.bots[scr.game.turn] is None


def wait_diceland_turn(dev, scr, timeout_ms=60000):
    run_until(dev, lambda: screen_name(dev) != "PlayScreen" or human_turn(scr), timeout_ms, 20)
    return screen_name(dev) == "PlayScreen"


def tumblin_roll_off(dev, scr):
    """T3: the humans slam until the order is decided (bots roll by themselves)."""
    g = scr.game
    waited = 0
    while g.phase == "roll_off":
        assert waited < 30000, dev.lines()
        for s in range(len(scr.seats)):
            if scr.kinds[s] == "human" and ("roll", s) in g.legal_actions(s):
                dev.tap(PADS[scr.seats[s]], after=300)
        dev.run(50)
        waited += 400


def throws(scr):
    return [a for a in scr.game.log if a[0] == "throw"]


def pads_join_again(dev):
    """After the hostile part: back to the menu, and every pad takes its seat as usual."""
    release_all(dev)
    if screen_name(dev) != "MenuScreen":
        long_press(dev)
    choose(dev, "Wildside")
    join = dev.app.screen
    for p in range(4):
        dev.tap(PADS[p])
        assert dev.shows("P%d joined" % (p + 1)), dev.lines()
    assert join.seats == ["human"] * 4


# -- 1. every pad held at power-up ----------------------------------------------------------


@pytest.fixture
def held_dev(shim, dev_factory, monkeypatch):
    """make(profile, seed) -> a device built with all four pads already held (the pins go
    low before the keypad is made), and kept held."""

    def make(profile="pico", seed=1):
        orig = shim.use_board

        def use_board(board_id):  # the fresh world, then the pads pressed
            orig(board_id)
            for pin in PAD_PINS[profile]:
                shim.press(pin)

        monkeypatch.setattr(shim, "use_board", use_board)
        dev = dev_factory(profile, seed=seed)
        monkeypatch.setattr(shim, "use_board", orig)
        for k in PADS:
            dev.held[k] = True
        dev.run(20)
        assert dev.app.pad_input.held == [True] * 4  # the keypad saw all four down
        # The menu works as usual: its rows, the cursor, a list that wraps.
        assert screen_name(dev) == "MenuScreen" and cursor_item(dev) == "Wildside", dev.lines()
        assert note(dev) == "Pick a game", dev.lines()
        dev.tap("down")
        assert cursor_item(dev) == "Go Wild!", dev.lines()
        dev.tap("up")
        dev.tap("up")
        assert cursor_item(dev) == "Settings", dev.lines()
        dev.tap("down")
        assert cursor_item(dev) == "Wildside", dev.lines()
        return dev

    return make


def empty_join(dev):
    """A join screen opened with every pad held: nobody took a seat."""
    join = dev.app.screen
    assert join.seats[:4] == [None] * 4, dev.lines()
    assert not any("joined" in x or "player" in x for x in dev.lines()), dev.lines()


def held_wildside(dev):
    choose(dev, "Wildside")
    empty_join(dev)
    seat(dev, (), {0: "easy", 1: "normal", 2: "hard", 3: "normal"})
    choose(dev, "START Wildside")
    scr = dev.app.screen
    assert screen_name(dev) == "PlayScreen" and scr.kinds == ["easy", "normal", "hard", "normal"]

    def bots_play_on():
        assert scr.stuck == [] and not any("stuck" in x for x in dev.lines())  # bots only

    slow(dev, MINUTE, bots_play_on)
    g = scr.game
    assert g.round >= 4 or g.is_over(), (g.round, dev.lines())
    assert dev.app.pad_input.held == [True] * 4


def held_gowild(dev):
    gowild_join(dev)
    empty_join(dev)
    seat(dev, (), {0: "normal", 1: "easy", 4: "hard"})
    choose(dev, "START Go Wild!")
    scr = dev.app.screen
    assert screen_name(dev) == "PlayScreen" and scr.seats == [0, 1, 4]
    slow(dev, MINUTE)
    g = scr.game
    assert len(scr.actions) >= 20 and (g.round, g.trick) > (1, 1), dev.lines()
    assert not scr.peek and dev.app.pad_input.held == [True] * 4


def held_gowild_table(dev):
    scr = gowild_table(dev)
    choose(dev, "P2 won trick 1")
    assert cursor_item(dev) == "3 cards" and note(dev).startswith("P2 won trick 1"), dev.lines()
    dev.tap("down")  # 2 cards
    dev.tap("select")
    assert scr.game.scores == [0, 1, 0, 0] and scr.game.trick == 2
    slow(dev, 10000)
    assert dev.shows("P2 leads") and screen_name(dev) == "TableScreen", dev.lines()


def held_tumblin_virtual(dev):
    tumblin_join(dev, "virtual")
    empty_join(dev)
    seat(dev, (), {0: "easy", 2: "hard"})
    choose(dev, "START Tumblin' Dice")
    scr = dev.app.screen
    assert screen_name(dev) == "PlayScreen" and scr.seats == [0, 2]
    slow(dev, MINUTE)
    assert scr.game.phase != "roll_off" and len(throws(scr)) >= 6, dev.lines()


def held_tumblin_table(dev):
    tumblin_join(dev, "table")
    empty_join(dev)
    choose(dev, "START Tumblin' Dice")
    assert note(dev) == "Need 2+ players: slam your pads", dev.lines()
    choose(dev, "P1 ")
    assert note(dev) == "Table mode: no bots, can't throw real dice", dev.lines()
    # P1 and P2 let go and slam in; pads 3 and 4 stay held all game.
    dev.release("1")
    dev.release("2")
    dev.run(50)
    seat(dev, (0, 1), {})
    choose(dev, "START Tumblin' Dice")
    scr = dev.app.screen
    assert screen_name(dev) == "PlayScreen" and scr.seats == [0, 1], dev.lines()
    tumblin_roll_off(dev, scr)
    run_until(dev, lambda: scr.stage == "table", 5000)
    for _ in range(4):
        who = scr.who
        dev.tap(PADS[scr.seats[who]], after=350)
        assert scr.game.thrown(who) >= 1
    assert len(throws(scr)) == 4 and dev.app.pad_input.held == [False, False, True, True]


def held_diceland(dev):
    diceland_seats(dev)
    choose(dev, "START Diceland")
    assert note(dev) == "P1: slam your pad first", dev.lines()
    dev.release("1")  # P1 lets go and slams; pads 2-4 stay held
    dev.run(50)
    dev.tap("1")
    assert dev.shows("P1 pad 1"), dev.lines()
    choose(dev, "START Diceland")
    scr = dev.app.screen
    assert screen_name(dev) == "PlayScreen" and scr.pads == [0, None], dev.lines()
    for _ in range(3):
        assert wait_diceland_turn(dev, scr)
        n = len(scr.actions)
        dev.tap("1")  # P1's own pad picks
        assert len(scr.actions) == n + 1 or scr.sel or scr.stage == "list", dev.lines()
        if scr.stage == "list":
            dev.tap("1")
        run_until(dev, lambda n=n: len(scr.actions) > n, 2000)


HELD_GAMES = [held_wildside, held_gowild, held_gowild_table, held_tumblin_virtual,
              held_tumblin_table, held_diceland]  # fmt: skip


@pytest.mark.parametrize(
    "profile,game",
    [("pico", g) for g in HELD_GAMES] + [("macropad", held_wildside), ("pico_tft", held_diceland)],
    ids=lambda x: getattr(x, "__name__", x),
)
def test_all_pads_held_from_power_up_then_released(held_dev, profile, game):
    dev = held_dev(profile, seed=5)
    game(dev)
    pads_join_again(dev)


# -- 2. a pad held for minutes in a game ---------------------------------------------------


def long_wildside(dev, hold):
    """P1 holds their pad from round 1 on: it never slams (W13) and, once down 10 s, the
    screen names it; the bots play on."""
    scr = wildside(dev, (0,), {1: "normal", 2: "normal"})
    dev.tap("1")  # ready (W12)
    dev.press("1")  # ... and the pad stays down
    t0 = dev.now()
    rounds = set()
    named = set()

    def never_slams():
        if dev.app.screen is scr and scr.stage in ("count", "window"):
            rounds.add(scr.game.round)
            if elapsed(dev, t0) > 10500 and 0 in scr.game.active:  # not out of sudden death (W10)
                assert scr.stuck == [0], dev.lines()
                v = scr.view
                assert v.msgs_lines[v.own :] == ["P1's pad is stuck"], v.msgs_lines
                named.add(scr.game.round)
        assert not [a for a in scr.actions if a[0] == "slam" and a[1] == 0]

    slow(dev, hold, never_slams, chunk=500)
    assert len(rounds) >= 20 or scr.game.is_over(), (rounds, dev.lines())
    assert named, rounds
    dev.release("1")
    if screen_name(dev) == "OverScreen":  # the bots finished it: a rematch, P1 in again
        assert note(dev).startswith("Winner: P") and dev.shows(">Rematch"), dev.lines()
        choose(dev, "Rematch")
        scr = dev.app.screen
        assert screen_name(dev) == "PlayScreen" and scr.game.phase == "ready"
        dev.tap("1")
        assert 0 in scr.game.ready, dev.lines()
    # Released: the next round counts P1 again, and their slam is taken.
    g = until_stage(dev, "count", 20000).game
    assert scr.stuck == [] and "stuck" not in " ".join(scr.view.msgs_lines), scr.view.msgs_lines
    until_stage(dev, "window", 5000)
    set_faces(scr, [["wild", "moon", "star"], ["wild", "moon", "bolt"], ["drop"] * 3])
    scr.due = [None] * 3  # the bots' slams were planned on the faces before
    dev.run(100)
    dev.tap("1")
    assert [a[1] for a in scr.actions if a[0] == "slam" and a[2] >= g.t_open][:1] == [0]
    assert message_text(dev).startswith("P2 gives P1 a die."), dev.lines()


def long_gowild(dev, hold):
    """P1 holds their pad (G9: they see their hand) for ten minutes and plays with the
    menu buttons meanwhile; the bots play their turns."""
    scr = gowild(dev, (0,), {1: "normal", 2: "easy"})
    dev.press("1")
    plays = []

    def p1_plays():
        if dev.app.screen is scr and scr.stage == "turn" and scr.game.turn == 0:
            assert scr.peek and dev.shows("P1: pick then select"), dev.lines()
            dev.tap("down", after=20)
            dev.tap("select", after=20)
            assert scr.actions[-1][1] == 0
            plays.append(scr.actions[-1])

    slow(dev, hold, p1_plays, chunk=200)
    assert len(plays) >= 5, dev.lines()
    assert screen_name(dev) == "OverScreen" or len(scr.actions) >= 3 * len(plays)
    dev.release("1")
    if screen_name(dev) == "OverScreen":
        assert note(dev).startswith("Winner: P"), dev.lines()
        choose(dev, "Rematch")
        scr = dev.app.screen
    run_until(dev, lambda: scr.stage == "turn" and scr.game.turn == 0, 30000, 20)
    # Let go: the hand is hidden again until P1 holds the pad anew.
    assert not scr.peek and dev.shows("P1: hold pad to play"), dev.lines()
    n = len(scr.actions)
    dev.tap("select")
    assert len(scr.actions) == n
    dev.press("1")
    dev.run(40)
    assert scr.peek and dev.shows("P1: pick then select"), dev.lines()
    dev.tap("select")
    dev.release("1")
    assert len(scr.actions) == n + 1 and scr.actions[-1][1] == 0


def long_gowild_table(dev, hold):
    """Table mode takes no pads: ten minutes of pads 1 and 3 held change nothing."""
    scr = gowild_table(dev)
    before = dev.lines()
    dev.press("1")
    dev.press("3")
    slow(dev, hold)
    assert dev.lines() == before and scr.game.entries == []
    choose(dev, "P3 won trick 1")
    dev.tap("select")  # with 3 cards
    assert scr.game.scores == [0, 0, 1, 0], dev.lines()
    assert note(dev) == "P3 wins trick 1 with 3 cards: +1 point", dev.lines()
    dev.release("1")
    dev.release("3")
    for k in PADS:
        dev.tap(k)
    assert scr.game.entries == [[2, 3]] and screen_name(dev) == "TableScreen"


def long_tumblin_virtual(dev, hold):
    """P1 charges a throw for ten minutes: the power bar goes up and down all along,
    and letting go throws with the power of that moment; the bot then plays on."""
    scr = tumblin(dev, "virtual", (0,), {1: "normal"})
    tumblin_roll_off(dev, scr)
    run_until(dev, lambda: scr.stage == "aim", 30000, 20)
    assert scr.who == 0
    dev.press("1")
    dev.run(20)
    assert scr.stage == "charge"
    powers = set()

    def charging():
        from slampad.app.tumblin.looks import shown_power

        assert scr.stage == "charge" and scr.who == 0, dev.lines()
        powers.add(shown_power(scr.moment(), dev.now()))

    n = len(throws(scr))
    slow(dev, hold, charging, chunk=3700, frame=500)  # the power bar redraws each frame
    assert len(powers) > 10 and all(0 <= p <= 100 for p in powers), powers
    dev.release("1")
    dev.run(40)  # a release counts once it lasts main.BOUNCE_MS
    assert len(throws(scr)) == n + 1
    a = throws(scr)[-1]
    assert a[:2] == ["throw", 0] and 0 <= a[2] <= 100, a
    # The game goes on: the bot throws, then P1 throws with a normal press.
    run_until(dev, lambda: any(t[1] == 1 for t in throws(scr)[n:]), 30000, 20)
    run_until(dev, lambda: scr.stage == "aim", 30000, 20)
    dev.tap("1", ms=600)
    assert throws(scr)[-1][:2] == ["throw", 0] and len(throws(scr)) >= n + 3


def long_tumblin_table(dev, hold):
    """At the table: the first thrower's slam counts once and their pad stays down ten
    minutes; the others throw, and select stands in for the held pad."""
    scr = tumblin(dev, "table", (0, 1))
    tumblin_roll_off(dev, scr)
    run_until(dev, lambda: scr.stage == "table", 5000)
    g = scr.game
    a = scr.who
    b = 1 - a
    dev.press(PADS[scr.seats[a]])
    dev.run(400)
    assert g.thrown(a) == 1 and scr.who == b
    slow(dev, hold)
    assert (g.thrown(a), g.thrown(b), scr.who) == (1, 0, b), dev.lines()
    dev.tap(PADS[scr.seats[b]], after=350)
    assert g.thrown(b) == 1 and scr.who == a
    dev.run(2000)
    assert g.thrown(a) == 1  # the pad held since the last throw does not throw again
    dev.tap("select", after=350)
    assert g.thrown(a) == 2 and scr.who == b
    dev.release(PADS[scr.seats[a]])
    dev.tap(PADS[scr.seats[b]], after=350)
    dev.tap(PADS[scr.seats[a]], after=350)
    assert (g.thrown(a), g.thrown(b)) == (3, 2), dev.lines()


def long_diceland(dev, hold):
    """P1's pad picks once and stays down: no more picks come from it, the bot plays its
    turns, P1's turn waits, and select still picks for P1."""
    scr = diceland(dev)

    def p1_state():
        return (len([a for a in scr.actions if a[1] == 0]), scr.stage, list(scr.sel))

    assert wait_diceland_turn(dev, scr)
    before = p1_state()
    dev.press("1")
    dev.run(40)
    after = p1_state()
    assert after != before, dev.lines()  # the press picked (a hex, or a list came up)
    slow(dev, hold, chunk=5000)
    assert screen_name(dev) == "PlayScreen" and human_turn(scr), dev.lines()
    assert p1_state()[0] == after[0], (after, scr.actions[-3:])
    for _ in range(6):  # select picks for P1 while the pad is still held
        assert wait_diceland_turn(dev, scr)
        dev.tap("select")
    assert p1_state()[0] > after[0], dev.lines()
    dev.release("1")
    dev.run(50)
    assert wait_diceland_turn(dev, scr)
    before = p1_state()
    dev.tap("1")
    assert p1_state() != before, dev.lines()


LONG_CASES = [  # (profile, game, minutes held): each hold crosses the ticks wrap (65 s in)
    ("pico", long_wildside, 10),
    ("pico", long_gowild, 10),
    ("pico", long_gowild_table, 10),
    ("pico", long_tumblin_virtual, 10),
    ("pico", long_tumblin_table, 10),
    ("pico", long_diceland, 10),
    ("macropad", long_tumblin_virtual, 3),
    ("pico_tft", long_gowild_table, 3),
]


@pytest.mark.parametrize(
    "profile,game,minutes", LONG_CASES, ids=lambda x: getattr(x, "__name__", x)
)
def test_a_pad_held_for_minutes_in_a_game(dev_factory, profile, game, minutes):
    dev = dev_factory(profile, seed=7, frame_ms=5)
    game(dev, minutes * MINUTE)
    assert not dev.held, dev.held
    long_press(dev)


# -- 3. bouncing contacts -------------------------------------------------------------------


def chatter(dev, key, ms, rng, end_down):
    """The contacts flip in runs of 1-5 ms for ``ms``, then rest down or up."""
    down = key in dev.held
    t0 = dev.now()
    while elapsed(dev, t0) < ms:
        (dev.release if down else dev.press)(key)
        down = not down
        dev.run(rng.randint(1, 5))
    (dev.press if end_down else dev.release)(key)


def bouncy_press(dev, key, rng, ms=15):
    dev.press(key)
    dev.run(rng.randint(1, 5))
    chatter(dev, key, ms, rng, True)


def bouncy_release(dev, key, rng, ms=15):
    dev.release(key)
    dev.run(rng.randint(1, 5))
    chatter(dev, key, ms, rng, False)


def bouncy_tap(dev, key, rng, hold=80, after=150):
    """One press of a worn button: it chatters going down and coming up."""
    bouncy_press(dev, key, rng)
    dev.run(hold)
    bouncy_release(dev, key, rng)
    dev.run(after)


def bounce_menu(dev, rng, encoder=False):
    """The menu buttons (on the MacroPad: the encoder's switch; a turn does not bounce)."""
    step = dev.tap if encoder else (lambda k: bouncy_tap(dev, k, rng))
    step("down")
    assert cursor_item(dev) == "Go Wild!", dev.lines()
    step("up")
    assert cursor_item(dev) == "Wildside", dev.lines()
    to_item(dev, "Settings")
    bouncy_tap(dev, "select", rng)
    assert screen_name(dev) == "SettingsScreen" and dev.app.cfg["brightness"] == 30
    assert cursor_item(dev) == "Brightness 30%", dev.lines()
    bouncy_tap(dev, "select", rng)
    assert dev.app.cfg["brightness"] == 50 and cursor_item(dev) == "Brightness 50%"
    to_item(dev, "Back")
    bouncy_tap(dev, "select", rng)
    assert screen_name(dev) == "MenuScreen" and cursor_item(dev) == "Wildside", dev.lines()


def bounce_wildside(dev, rng):
    choose(dev, "Wildside")
    join = dev.app.screen
    bouncy_tap(dev, "1", rng)
    bouncy_tap(dev, "2", rng)
    assert join.seats == ["human", "human", None, None], dev.lines()
    choose(dev, "START Wildside")
    scr = dev.app.screen
    bouncy_tap(dev, "1", rng)
    assert scr.actions == [("ready", 0)] and "Waiting: P2" in dev.app.screen.msgs, dev.lines()
    bouncy_tap(dev, "2", rng)
    assert scr.actions[:2] == [("ready", 0), ("ready", 1)]
    until_stage(dev, "window", 8000)
    set_faces(scr, [["wild", "moon", "bolt"], ["wild", "moon", "star"]])
    dev.run(300)
    bouncy_tap(dev, "1", rng)
    acts = round_actions(scr)
    assert {a[1] for a in acts if a[0] == "slam"} == {0}
    assert [a for a in acts if a[0] == "judge"] == [("judge",)]
    assert message_text(dev).startswith("P2 gives P1 a die. P1 matches P2: moon."), dev.lines()
    assert scr.game.dice == [4, 2]


def bounce_gowild(dev, rng):
    scr = gowild(dev, (0,), {1: "normal", 2: "normal"})
    run_until(dev, lambda: scr.stage == "turn" and scr.game.turn == 0, 30000, 20)
    n = len(scr.actions)
    bouncy_tap(dev, "select", rng)
    assert len(scr.actions) == n and dev.shows("P1: hold your pad"), dev.lines()
    bouncy_press(dev, "1", rng)
    dev.run(30)
    assert scr.peek and dev.shows("P1: pick then select"), dev.lines()
    bouncy_tap(dev, "down", rng)
    assert scr.cursor == 1 % len(scr.sets) and n == len(scr.actions)
    want = scr.sets[scr.cursor]
    bouncy_tap(dev, "select", rng)
    assert scr.actions[n:] == [("play", 0, list(want))], scr.actions[n:]
    bouncy_release(dev, "1", rng)
    dev.run(2000)
    assert scr.actions[n] == ("play", 0, list(want)) and not scr.peek


def bounce_gowild_table(dev, rng):
    scr = gowild_table(dev)
    to_item(dev, "P2 won trick 1")
    bouncy_tap(dev, "select", rng)
    assert cursor_item(dev) == "3 cards" and scr.game.entries == [], dev.lines()
    bouncy_tap(dev, "down", rng)
    assert cursor_item(dev) == "2 cards", dev.lines()
    bouncy_tap(dev, "select", rng)
    assert scr.game.entries == [[1, 2]] and scr.game.scores == [0, 1, 0, 0]
    assert cursor_item(dev) == "P1 won trick 2", dev.lines()


def bounce_tumblin_table(dev, rng):
    join = tumblin_join(dev, "table")
    bouncy_tap(dev, "1", rng)
    bouncy_tap(dev, "3", rng)
    assert join.seats == ["human", None, "human", None], dev.lines()
    choose(dev, "START Tumblin' Dice")
    scr = dev.app.screen
    g = scr.game
    while g.phase == "roll_off":
        for s in (0, 1):
            if ("roll", s) in g.legal_actions(s):
                n = len(g.log)
                bouncy_tap(dev, PADS[scr.seats[s]], rng, after=300)
                assert len(g.log) == n + 1 and g.log[-1][:2] == ["roll", s], g.log[n:]
    run_until(dev, lambda: scr.stage == "table", 5000)
    while g.phase == "throw":
        s = scr.who
        n = g.thrown(s)
        bouncy_tap(dev, PADS[scr.seats[s]], rng, after=350)
        assert g.thrown(s) == n + 1 or g.phase == "enter", (s, n, g.log[-3:])
    assert len(throws(scr)) == 8
    dev.run(100)
    enter = dev.app.screen
    assert screen_name(dev) == "EnterScreen" and cursor_item(dev) == "On the 1x step", dev.lines()
    who = g.turn()
    bouncy_tap(dev, "select", rng, after=400)
    assert enter.level == 1 and cursor_item(dev) == "1 x 1 = 1 point" and g.dice[who] == []
    bouncy_tap(dev, PADS[scr.seats[who]], rng, after=400)  # the seat's own pad confirms
    assert len(g.dice[who]) == 1 and enter.level is None, dev.lines()


def bounce_tumblin_virtual(dev, rng):
    """The roll-off: each slam rolls once, however the pad chatters."""
    scr = tumblin(dev, "virtual", (0, 1))
    g = scr.game
    while g.phase == "roll_off":
        for s in (0, 1):
            if ("roll", s) in g.legal_actions(s):
                n = len(g.log)
                bouncy_tap(dev, PADS[s], rng, after=300)
                assert len(g.log) == n + 1 and g.log[-1][:2] == ["roll", s], g.log[n:]
    run_until(dev, lambda: scr.stage == "aim", 5000)
    assert throws(scr) == []
    bouncy_tap(dev, "up", rng)  # aiming: one step of 10
    bouncy_tap(dev, "up", rng)
    bouncy_tap(dev, "down", rng)
    assert scr.aim[scr.who] == 10 and scr.stage == "aim" and throws(scr) == []


def bounce_diceland(dev, rng):
    seats = diceland_seats(dev, "P2: human")
    bouncy_tap(dev, "1", rng)
    assert seats.pads == [0, None] and dev.shows("P1 pad 1"), dev.lines()
    bouncy_tap(dev, "2", rng)
    assert seats.pads == [0, 1] and dev.shows("P2 pad 2"), dev.lines()
    choose(dev, "START Diceland")
    scr = dev.app.screen
    g = scr.game
    for _ in range(4):  # the occupation: each bouncing slam places one die
        assert wait_diceland_turn(dev, scr) and g.phase == "occupy", dev.lines()
        p = g.turn
        n = len(scr.actions)
        cur = scr.cur
        bouncy_tap(dev, "down", rng)  # the cursor moves one hex, and back
        assert scr.cur == (cur + 1) % g.scene.n, (cur, scr.cur)
        bouncy_tap(dev, "up", rng)
        assert scr.cur == cur and len(scr.actions) == n
        bouncy_tap(dev, PADS[p], rng)
        if scr.stage == "list":  # which value (D2): one more slam picks the first
            assert len(scr.actions) == n, scr.actions[n:]
            bouncy_tap(dev, PADS[p], rng)
        assert len(scr.actions) == n + 1 and scr.actions[-1][:2] == ("place", p), scr.actions


BOUNCE_CASES = [
    ("pico", bounce_menu),
    ("pico", bounce_wildside),
    ("pico", bounce_gowild),
    ("pico", bounce_gowild_table),
    ("pico", bounce_tumblin_table),
    ("pico", bounce_tumblin_virtual),
    ("pico", bounce_diceland),
    ("macropad", lambda dev, rng: bounce_menu(dev, rng, encoder=True)),
    ("macropad", bounce_wildside),
    ("pico_tft", bounce_gowild_table),
]


@pytest.mark.parametrize(
    "profile,case",
    BOUNCE_CASES,
    ids=lambda x: getattr(x, "__name__", x).replace("<lambda>", "encoder"),
)
@pytest.mark.parametrize("seed", [1, 2])
def test_bouncing_contacts_give_one_press(dev_factory, profile, case, seed):
    dev = dev_factory(profile, seed=seed)
    case(dev, random.Random(seed))
    release_all(dev)
    long_press(dev)


# The bounces that act twice (bugs, see the reasons).


def p1_to_attack(dev, scr):
    """Diceland: P1 takes the first choice with select until its first attack step."""
    for _ in range(60):
        assert wait_diceland_turn(dev, scr), dev.lines()
        if scr.game.phase == "attack" and scr.game.turn == 0 and scr.stage == "pick":
            return
        dev.tap("select")
    raise AssertionError("no attack for P1: %r" % (dev.lines(),))


def test_bouncing_pad_in_a_diceland_attack_picks_only_the_attacker(dev_factory):
    dev = dev_factory("pico", seed=3)
    scr = diceland(dev)
    p1_to_attack(dev, scr)
    n = len(scr.actions)
    h = scr.cur
    bouncy_tap(dev, "1", random.Random(1))
    assert scr.sel == [h] and len(scr.actions) == n, (scr.actions[n:], dev.lines())
    assert dev.lines()[0].startswith("P1: attack which?"), dev.lines()


def test_bouncing_pad_charges_one_throw_at_the_power_held(dev_factory):
    dev = dev_factory("pico", seed=2)
    scr = tumblin(dev, "virtual", (0, 1))
    tumblin_roll_off(dev, scr)
    run_until(dev, lambda: scr.stage == "aim", 5000)
    key = PADS[scr.seats[scr.who]]
    rng = random.Random(1)
    bouncy_press(dev, key, rng)
    dev.run(20)
    assert scr.stage == "charge" and throws(scr) == [], (scr.stage, throws(scr))
    dev.run(570)
    bouncy_release(dev, key, rng)  # about 0.6 s after the press: half power
    dev.run(50)
    assert len(throws(scr)) == 1 and 40 <= throws(scr)[0][2] <= 60, throws(scr)


@pytest.mark.parametrize("game", ["wildside", "tumblin", "diceland"])
def test_bouncing_pad_on_a_seating_screen_says_joined(dev_factory, game):
    dev = dev_factory("pico")
    if game == "wildside":
        choose(dev, "Wildside")
    elif game == "tumblin":
        tumblin_join(dev, "table")
    else:
        diceland_seats(dev, "P2: human")
    bouncy_tap(dev, "1", random.Random(1), after=20)
    assert note(dev) in ("P1 joined", "P1: pad 1"), dev.lines()


# -- 4. mashing every screen ------------------------------------------------------------------


def at_menu(dev):
    return dev.app.screen


def at_settings(dev):
    choose(dev, "Settings")
    return dev.app.screen


def at_statistics(dev):
    if "Statistics" not in dev.app.screen.items():
        pytest.skip("no Statistics item in this build's menu")
    choose(dev, "Statistics")
    return dev.app.screen


def at_wildside_join(dev):
    choose(dev, "Wildside")
    return dev.app.screen


def at_wildside_play(dev):
    scr = wildside(dev, (0, 1), {2: "normal"})
    dev.tap("1")
    dev.tap("2")
    until_stage(dev, "window", 8000)
    return scr


def at_gowild_modes(dev):
    choose(dev, "Go Wild!")
    return dev.app.screen


def at_gowild_join(dev):
    return gowild_join(dev)


def at_gowild_play(dev):
    return gowild(dev, (0, 1), {2: "normal"})


def at_gowild_table_setup(dev):
    choose(dev, "Go Wild!")
    choose(dev, "Table")
    return dev.app.screen


def at_gowild_table(dev):
    return gowild_table(dev)


def at_tumblin_setup(dev):
    choose(dev, "Tumblin' Dice")
    return dev.app.screen


def at_tumblin_join(dev):
    return tumblin_join(dev, "virtual")


def at_tumblin_virtual(dev):
    scr = tumblin(dev, "virtual", (0, 1), {2: "normal"})
    tumblin_roll_off(dev, scr)
    return scr


def at_tumblin_table(dev):
    scr = tumblin(dev, "table", (0, 1))
    tumblin_roll_off(dev, scr)
    run_until(dev, lambda: scr.stage == "table", 5000)
    return scr


def at_tumblin_enter(dev):
    scr = at_tumblin_table(dev)
    while scr.game.phase == "throw":
        dev.tap("select", after=350)
    dev.run(50)
    assert screen_name(dev) == "EnterScreen", dev.lines()
    return dev.app.screen


def at_diceland_setup(dev):
    choose(dev, "Diceland")
    return dev.app.screen


def at_diceland_seats(dev):
    return diceland_seats(dev, "P2: human")


def at_diceland_play(dev):
    scr = diceland(dev, "P2: human", (0, 1))
    assert wait_diceland_turn(dev, scr)
    return scr


def at_game_over(dev):
    """Go Wild! at the table, P1 winning every trick: the game-over screen."""
    scr = gowild_table(dev)
    for _ in range(40):
        if screen_name(dev) == "OverScreen":
            break
        choose(dev, "P1 won trick")
        dev.tap("select")
    assert screen_name(dev) == "OverScreen" and note(dev) == "Winner: P1", dev.lines()
    assert scr.game.scores[0] >= 20
    return dev.app.screen


def replays(scr):
    """The game's own record replays to its state (S2): nothing half-applied."""
    mod = type(scr).__module__
    g = getattr(scr, "game", None)
    if mod == "slampad.app.wildside.play":
        assert sum(g.dice) + g.pool == 3 * len(g.dice)  # W2
        from slampad.games.wildside import Wildside as Core

        again = Core(dict(g.options), scr.seed)
        acts = scr.actions
    elif mod == "slampad.app.gowild.play":
        from slampad.games.gowild import GoWild as Core

        again = Core(dict(g.options), scr.seed)
        acts = scr.actions
    elif mod == "slampad.app.tumblin.play":
        from slampad.games.tumblin import Tumblin as Core

        again = Core(dict(g.options), scr.seed)
        acts = g.log
    elif mod == "slampad.app.diceland.play":
        from slampad.games.diceland import Diceland as Core

        again = Core(dict(scr.options), scr.seed)
        acts = scr.actions
    else:
        return None
    for a in acts:
        again.apply(a)
    assert again.to_dict() == g.to_dict()
    return len(acts)


MASH_KEYS = ("up", "down", "select", "select", "1", "2", "3", "4", "1", "2")


def mash(dev, rng, ms=3000):
    """Random buttons and pads, a change every 2-30 ms: keys go down and stay down a
    while, or are tapped; several at once. Returns the screens passed through."""
    seen = [screen_name(dev)]
    t0 = dev.now()
    while elapsed(dev, t0) < ms:
        k = rng.choice(MASH_KEYS)
        if k in dev.held:
            dev.release(k)
        elif rng.random() < 0.5:
            dev.press(k)
        else:
            dev.tap(k, ms=rng.randint(5, 60), after=0)
        dev.run(rng.randint(2, 30))
        if screen_name(dev) != seen[-1]:
            seen.append(screen_name(dev))
        assert any(x.strip() for x in dev.lines()), (seen, dev.lines())
    release_all(dev)
    return seen


PLACES = [at_menu, at_settings, at_statistics, at_wildside_join, at_wildside_play,
          at_gowild_modes, at_gowild_join, at_gowild_play, at_gowild_table_setup,
          at_gowild_table, at_tumblin_setup, at_tumblin_join, at_tumblin_virtual,
          at_tumblin_table, at_tumblin_enter, at_diceland_setup, at_diceland_seats,
          at_diceland_play, at_game_over]  # fmt: skip
MASH_CASES = [("pico", p) for p in PLACES] + [
    ("macropad", at_menu),
    ("macropad", at_wildside_play),
    ("macropad", at_tumblin_virtual),
    ("macropad", at_diceland_play),
    ("pico_tft", at_gowild_play),
]


@pytest.mark.parametrize("profile,place", MASH_CASES, ids=lambda x: getattr(x, "__name__", x))
def test_mashing_then_a_long_press_reaches_the_menu(dev_factory, profile, place):
    dev = dev_factory(profile, seed=9)
    scr = place(dev)
    first = screen_name(dev)
    assert dev.app.screen is scr, dev.lines()
    game = getattr(scr, "play", scr)  # the enter screen belongs to its play screen
    before = replays(game)
    seen = mash(dev, random.Random(len(MASH_CASES) + PLACES.index(place)), 5000 if before else 3000)
    assert seen[0] == first
    if before is not None:  # a game: it moved on under the mashing, its record intact
        assert replays(game) > before, (seen, dev.lines())
    long_press(dev)
    # The menu works as usual after it: a game opens and a pad takes its seat.
    choose(dev, "Wildside")
    assert screen_name(dev) == "JoinScreen", dev.lines()
    kept = dev.app.screen.seats[1] == "human"  # seats are kept from the last game
    dev.tap("2")
    said = "P2 is in" if kept else "P2 joined"
    assert dev.shows(said) and dev.app.screen.seats[1] == "human", dev.lines()


# -- 5. unplugged pads ------------------------------------------------------------------------


def play_gowild_p1(dev, scr, limit_ms=15 * MINUTE):
    """P1 plays each turn holding their pad (G9) and pressing select; until game over."""
    t0 = dev.now()
    while screen_name(dev) == "PlayScreen":
        assert elapsed(dev, t0) < limit_ms, dev.lines()
        if scr.stage == "turn" and scr.bots[scr.game.turn] is None:
            dev.press("1")
            dev.run(20)
            dev.tap("select", after=20)
            dev.release("1")
        dev.run(100)


def unplugged_wildside(dev):
    """Pads 2-4 never report. P1 (a person on pad 1) against bots on P3 and P4: to the
    end. Then P1's own pad goes dead after joining: the game waits for P1's ready and
    select still leaves."""
    scr = wildside(dev, (0,), {2: "normal", 3: "easy"})
    dev.humans = Slammers([0])
    run_until(dev, lambda: screen_name(dev) == "OverScreen", 20 * MINUTE, 200)
    dev.humans = None
    g = scr.game
    assert g.is_over() and g.round >= 3 and note(dev).startswith("Winner: P"), dev.lines()
    assert {a[1] for a in scr.actions if a[0] == "slam"} <= {0, 1, 2}
    choose(dev, "Rematch")
    again = dev.app.screen
    assert again.game.phase == "ready" and "Waiting: P1" in dev.app.screen.msgs, dev.lines()
    slow(dev, MINUTE)
    assert again.game.phase == "ready" and again.game.round == 0, dev.lines()
    assert "Waiting: P1" in dev.app.screen.msgs, dev.lines()
    dev.tap("select")  # before the first round select goes back to the menu
    assert screen_name(dev) == "MenuScreen", dev.lines()


def unplugged_gowild(dev):
    """Pads 2-4 never report: P1 against bots (P2 on a padless seat, P5, P6) to the end.
    Then P1 alone with dead pads: the game waits at P1's turn and keeps answering."""
    scr = gowild(dev, (0,), {1: "easy", 4: "normal", 5: "hard"})
    assert scr.seats == [0, 1, 4, 5]
    play_gowild_p1(dev, scr)
    g = scr.game
    assert screen_name(dev) == "OverScreen" and g.is_over() and max(g.scores) >= 20
    seats = scr.seats  # each seat with its points, most first
    best = sorted(range(4), key=lambda s: (-g.scores[s], s))
    assert scores_shown(dev.lines()) == [["P%d" % (seats[s] + 1), g.scores[s]] for s in best]
    choose(dev, "Rematch")
    scr = dev.app.screen  # P1's pad is dead from here on
    run_until(dev, lambda: scr.stage == "turn" and scr.game.turn == 0, 30000, 20)
    n = len(scr.actions)
    slow(dev, MINUTE)
    assert len(scr.actions) == n and scr.game.turn == 0 and not scr.peek
    dev.tap("select")
    assert "P1: hold your pad down to see your cards" in " ".join(dev.lines()), dev.lines()
    assert len(scr.actions) == n


def unplugged_gowild_table(dev):
    """Table mode needs no pad: a whole game with the pads never pressed."""
    at_game_over(dev)
    assert dev.app.pad_input.held == [False] * 4
    choose(dev, "Menu")
    assert screen_name(dev) == "MenuScreen", dev.lines()


def unplugged_tumblin_virtual(dev):
    """Pads 2-4 never report: P1 against a bot on P3 to the end. Then, in the rematch,
    P1's pad is dead too: the roll-off waits for P1."""
    scr = tumblin(dev, "virtual", (0,), {2: "normal"})
    t0 = dev.now()
    while screen_name(dev) == "PlayScreen":
        assert elapsed(dev, t0) < 15 * MINUTE, dev.lines()
        st = scr.stage
        if st == "roll" and ("roll", 0) in scr.game.legal_actions(0):
            dev.tap("1", after=300)
        elif st == "aim":
            dev.tap("1", ms=500)
        elif st == "summary":
            dev.run(800)
            dev.tap("1")
        dev.run(100)
    g = scr.game
    assert screen_name(dev) == "OverScreen" and g.is_over() and g.round == 2, dev.lines()
    assert {t[1] for t in throws(scr)} == {0, 1} and len(throws(scr)) == 16
    choose(dev, "Rematch")
    again = dev.app.screen
    slow(dev, MINUTE)
    assert again.game.phase == "roll_off" and again.faces[0] is None, dev.lines()
    assert again.faces[1] is not None and dev.shows("To roll: P1"), dev.lines()


def unplugged_tumblin_table(dev):
    """At the table P2's pad dies after the roll-off: select throws and enters for P2 (and
    P1's pad keeps working), to the end of the game."""
    scr = tumblin(dev, "table", (0, 1))
    tumblin_roll_off(dev, scr)
    g = scr.game
    t0 = dev.now()
    while screen_name(dev) != "OverScreen":
        assert elapsed(dev, t0) < 10 * MINUTE, dev.lines()
        if screen_name(dev) == "EnterScreen":
            if g.turn() == 1 and dev.app.screen.level is None:
                to_item(dev, "Off the board")  # P2's dice all fell off; P1's: 1x, face 1
            dev.tap("select", after=350)
        elif scr.stage == "table":
            dev.tap("1" if scr.who == 0 else "select", after=350)
        elif scr.stage == "summary":
            dev.run(800)
            dev.tap("select")
        dev.run(50)
    assert g.is_over() and g.round == 2 and len(throws(scr)) == 16, dev.lines()
    assert note(dev) == "Winner: P1" and g.totals == [8, 0], (g.totals, dev.lines())


def unplugged_diceland(dev):
    """P2's pad never reports: hot-seat cannot start (and says why); against the bot, P1
    takes the seat with a slam and plays the whole game with the menu buttons."""
    seats = diceland_seats(dev, "P2: human")
    dev.tap("1")
    choose(dev, "START Diceland")
    assert note(dev) == "P2: slam your pad first" and seats.pads == [0, None], dev.lines()
    slow(dev, 10000)
    assert screen_name(dev) == "Seats" and dev.shows("P2 -- slam your pad"), dev.lines()
    long_press(dev)
    scr = diceland(dev, "P2: bot easy", (0,))
    for _ in range(600):
        if not wait_diceland_turn(dev, scr):
            break
        dev.tap("select")
    g = scr.game
    assert screen_name(dev) == "OverScreen" and g.is_over(), dev.lines()
    assert note(dev) == "Winner: P%d" % (g.winners()[0] + 1), dev.lines()
    replays(scr)


UNPLUGGED_CASES = [
    ("pico", unplugged_wildside),
    ("pico", unplugged_gowild),
    ("pico", unplugged_gowild_table),
    ("pico", unplugged_tumblin_virtual),
    ("pico", unplugged_tumblin_table),
    ("pico", unplugged_diceland),
    ("macropad", unplugged_diceland),
    ("pico_tft", unplugged_gowild_table),
]


@pytest.mark.parametrize("profile,case", UNPLUGGED_CASES, ids=lambda x: getattr(x, "__name__", x))
def test_unplugged_pads_the_game_goes_on_or_keeps_answering(dev_factory, profile, case):
    dev = dev_factory(profile, seed=13, frame_ms=5)
    case(dev)
    release_all(dev)
    if screen_name(dev) != "MenuScreen":
        long_press(dev)
    assert screen_name(dev) == "MenuScreen" and not dev.held
