"""Issue 7 on the simulated device: games saved at their safe points and resumed after a
power cut, the "Resume" / "New game" offer, statistics, auto-reload off in a game, the
watchdog, and the next start after a crash. See docs/reliability.md."""

import json

import device_helpers
import pytest
from device_helpers import join_and_start, run_until

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory


def screen_name(dev):
    return type(dev.app.screen).__name__


def note(dev):
    return " ".join(x for x in dev.lines() if x and not x.startswith((" ", ">")))


class Writes:
    """Every flash write the app makes, with where the app was at that moment."""

    def __init__(self, monkeypatch, dev_ref):
        from _flash import Nvm

        self.seen = []
        real = Nvm._write
        seen = self.seen

        def write(nvm, at, values):
            app = dev_ref[0].app
            scr = app.screen
            g = getattr(scr, "game", None)
            seen.append(
                {
                    "screen": type(scr).__name__,
                    "stage": getattr(scr, "stage", None),
                    "phase": getattr(g, "phase", None),
                    "state": g.to_dict() if hasattr(g, "to_dict") else None,
                    "before": bytes(nvm.flash.data),
                    "at": at,
                    "values": bytes(values),
                }
            )
            return real(nvm, at, values)

        monkeypatch.setattr(Nvm, "_write", write)


# -- the four games, each to a few saves, cut, resumed, played to the end ----------------


def wildside(dev):
    join_and_start(dev, [], {0: "easy", 1: "normal", 2: "hard"})
    return "Wildside", "wildside"


def gowild(dev):
    from test_device_gowild import open_pass_and_play, seat_up

    open_pass_and_play(dev)
    seat_up(dev, [], [0, 1, 2])
    return "Go Wild!", "gowild"


def tumblin(dev):
    from test_device_tumblin import start

    start(dev, [0, 1, 2], ["easy", "normal", "hard"], {"board": "virtual"})
    return "Tumblin' Dice", "tumblin"


def diceland(dev):
    from slampad.app.main import unload_games

    unload_games()
    from slampad.app.diceland.play import PlayScreen

    dev.app.go(PlayScreen(dev.app, [None, None], ["easy", "normal"], {"scene": "valley"}))
    return "Diceland", "diceland"


# Where a save may happen: the screen's stage at the write (never a slam window, a
# countdown, a charge, a slide or a roll animation).
SAFE = {
    "wildside": {"result"},
    "gowild": {"shown"},
    "tumblin": {"result", "order", "table", "summary"},
    "diceland": {"news", "pick", "list", "bot", "start"},
}
GAMES = [wildside, gowild, tumblin, diceland]


@pytest.mark.parametrize("start", GAMES, ids=lambda f: f.__name__)
def test_a_game_is_saved_at_safe_points_and_resumed_after_a_power_cut(
    dev_factory, monkeypatch, start
):
    ref = [None]
    writes = Writes(monkeypatch, ref)
    dev = ref[0] = dev_factory("pico", seed=5, frame_ms=5)
    title, key = start(dev)
    run_until(dev, lambda: dev.app.saves_written >= 3, 600000, step=50)
    game_writes = [w for w in writes.seen if w["screen"] != "SettingsScreen"]
    assert len(game_writes) == dev.app.saves_written == 3
    for w in game_writes:
        assert w["stage"] in SAFE[key], (w["stage"], w["phase"])
        if key == "wildside":
            assert w["phase"] == "roll"  # between rounds, never in a window
    saved = game_writes[-1]["state"]
    rec = dev.app.store().load("game")
    assert rec["t"] == title and rec["m"] == "slampad.app.%s.play" % key
    assert rec["s"] == json.loads(json.dumps(saved))  # the state at the last safe point

    # The power goes; at power-up the device offers the game, Resume first.
    ref[0] = dev2 = dev_factory("pico", seed=99, frame_ms=5, flash=dev.flash_image())
    assert screen_name(dev2) == "ResumeScreen"
    assert dev2.lines()[:3] == ["Saved: " + title, ">Resume", " New game"]
    assert dev2.app.screen.in_game is False
    dev2.tap("select")
    scr = dev2.app.screen
    assert scr.resumed and scr.in_game and dev2.app.resumed == 1
    assert scr.game.to_dict() == rec["s"]
    # Played on to the end: the save is dropped and the game is counted.
    run_until(dev2, lambda: screen_name(dev2) == "OverScreen", 3600000, step=100)
    st = dev2.app.store()
    assert st.load("game") is None
    stats = st.load("stats")
    assert stats["g"][key][0] == 1 and sum(stats["g"][key][1]) >= 1
    # ... and nothing is offered at the next power-up.
    dev3 = dev_factory("pico", seed=7, flash=dev2.flash_image())
    assert screen_name(dev3) == "MenuScreen"


OLD_NAMES = {  # a save names its screen module; these are the names before issue 17
    "wildside": "slampad.app.play_wildside",
    "gowild": "slampad.app.play_gowild",
    "tumblin": "slampad.app.play_tumblin",
    "diceland": "slampad.app.play_diceland",
}


@pytest.mark.parametrize("start", GAMES, ids=lambda f: f.__name__)
def test_a_save_made_before_the_screens_moved_still_resumes(dev_factory, start):
    """Issue 17 item 8 moved each game's screens into a folder; a board updated with a
    game saved on the old firmware offers it and plays it on."""
    dev = dev_factory("pico", seed=5, frame_ms=5)
    _title, key = start(dev)
    run_until(dev, lambda: dev.app.saves_written >= 1, 600000, step=50)
    st = dev.app.store()
    rec = st.load("game")
    assert rec["m"] == "slampad.app.%s.play" % key
    st.save("game", dict(rec, m=OLD_NAMES[key]))
    dev2 = dev_factory("pico", seed=6, flash=bytes(st.nvm[:]))
    assert screen_name(dev2) == "ResumeScreen"
    dev2.tap("select")
    scr = dev2.app.screen
    assert scr.resumed and type(scr).__module__ == "slampad.app.%s.play" % key
    assert scr.game.to_dict() == rec["s"]


def test_a_save_names_only_a_game_screen():
    from slampad.app.saves import screen_module

    assert screen_module("slampad.app.play_gowild_table") == "slampad.app.gowild.table"
    assert screen_module("slampad.app.play_tumblin") == "slampad.app.tumblin.play"
    assert screen_module("slampad.app.diceland.play") == "slampad.app.diceland.play"
    for name in ("os", "slampad.app.main", "slampad.app.play_x", "slampad.app.wildside",
                 "slampad.app.wildside.play.x", "slampad.hw.pico.play"):  # fmt: skip
        assert screen_module(name) is None, name


@pytest.mark.parametrize("start", GAMES, ids=lambda f: f.__name__)
def test_new_game_drops_the_save(dev_factory, start):
    dev = dev_factory("pico", seed=5, frame_ms=5)
    start(dev)
    run_until(dev, lambda: dev.app.saves_written >= 1, 600000, step=50)
    dev2 = dev_factory("pico", seed=6, flash=dev.flash_image())
    assert screen_name(dev2) == "ResumeScreen"
    dev2.tap("down")
    dev2.tap("select")
    assert screen_name(dev2) == "MenuScreen"
    assert dev2.app.store().load("game") is None
    assert screen_name(dev_factory("pico", flash=dev2.flash_image())) == "MenuScreen"


def test_power_cut_at_every_byte_of_a_game_save_resumes_a_complete_save(dev_factory, monkeypatch):
    """Issue 7: the rule at every byte offset of the app's real saves: an append and a
    compaction (erase + whole-sector program). After the cut the device offers the last
    complete save, or starts clean with a note; never a broken game."""
    from _flash import Flash, Nvm, PowerCut

    ref = [None]
    writes = Writes(monkeypatch, ref)
    dev = ref[0] = dev_factory("pico", seed=8, frame_ms=5)
    diceland(dev)  # big saves: the sector fills and compacts within a game
    run_until(
        dev,
        lambda: any(Flash.needs_erase(w["before"][w["at"] : w["at"] + len(w["values"])])
                    for w in writes.seen[2:]),
        600000,
        step=50,
    )  # fmt: skip
    monkeypatch.undo()  # plain writes from here on
    append = writes.seen[1]  # the second save: an append after the first
    compaction = next(
        w
        for w in writes.seen
        if Flash.needs_erase(w["before"][w["at"] : w["at"] + len(w["values"])])
    )
    checked = 0
    for w, offsets in (
        (append, range(len(append["values"]) + 1)),
        (compaction, range(0, 4097, 41)),
    ):
        prev = [
            x["state"]
            for x in writes.seen
            if x is not w and writes.seen.index(x) < writes.seen.index(w)
        ]
        for k in offsets:
            nvm = Nvm(Flash())
            nvm.flash.data[:] = w["before"]
            nvm.flash.arm_cut(k)
            try:
                nvm._write(w["at"], w["values"])
            except PowerCut:
                pass
            d = dev_factory("pico", seed=1, flash=bytes(nvm.flash.data))
            if screen_name(d) == "ResumeScreen":
                d.tap("select")
                got = d.app.screen.game.to_dict()
                assert got == json.loads(json.dumps(w["state"])) or (
                    prev and got == json.loads(json.dumps(prev[-1]))
                ), k
            else:  # nothing survived: the menu, and a note says why when it was damage
                assert screen_name(d) == "MenuScreen"
                assert d.app.store().load("game") is None
            checked += 1
    assert checked > 100


def test_an_unreadable_save_is_dropped_with_a_note(dev_factory):
    dev = dev_factory("pico", seed=5, frame_ms=5)
    wildside(dev)
    run_until(dev, lambda: dev.app.saves_written >= 1, 600000, step=50)
    st = dev.app.store()
    good = st.load("game")
    bad = [
        dict(good, k=dict(good["k"], pads=[0, 9, 1])),  # a pad the board does not have
        dict(good, k=dict(good["k"], kinds=["human"])),  # seats do not match
        dict(good, s=dict(good["s"], pool=-3)),  # the rules core refuses the state
        dict(good, m="slampad.app.wildside.nothing"),  # no such screen on this firmware
    ]
    for rec in bad:
        st.save("game", rec)
        d = dev_factory("pico", seed=2, flash=bytes(st.nvm[:]))
        assert screen_name(d) == "ResumeScreen"
        d.tap("select")
        assert screen_name(d) == "MenuScreen"
        assert note(d).startswith("Saved game unreadable ("), note(d)
        assert d.app.store().load("game") is None
        assert screen_name(dev_factory("pico", flash=d.flash_image())) == "MenuScreen"
    for rec in ({"m": "os", "t": "x", "k": {}, "s": {}}, [1, 2], {"m": "slampad.app.play_x"}):
        st.save("game", rec)  # not a game record at all: dropped before it is offered
        d = dev_factory("pico", seed=2, flash=bytes(st.nvm[:]))
        assert screen_name(d) == "MenuScreen" and note(d) == "Saved game unreadable: dropped"


# -- statistics ---------------------------------------------------------------------------


def test_statistics_count_games_wins_by_colour_and_the_fastest_slam(dev_factory):
    from simdevice import AutoHumans

    dev = dev_factory("pico", seed=11, frame_ms=2)
    join_and_start(dev, [0], {1: "easy", 2: "easy"})
    dev.humans = AutoHumans([0], level="hard", seed=3)
    run_until(dev, lambda: screen_name(dev) == "OverScreen", 3600000, step=100)
    dev.humans = None
    scr_fast = dev.app.store().load("stats")
    assert scr_fast["g"]["wildside"][0] == 1
    assert scr_fast["f"] is not None and 50 <= scr_fast["f"] <= 5000 and scr_fast["fc"] == 0
    wins = scr_fast["g"]["wildside"][1]
    assert sum(wins) >= 1 and wins[3:] == [0, 0, 0]
    # A power cycle, then the Statistics page.
    d = dev_factory("pico", seed=2, flash=dev.flash_image())
    while not d.shows(">Statistics"):
        d.tap("down")
    d.tap("select")
    assert screen_name(d) == "StatsScreen"
    won = ", ".join("P%d won %d" % (c + 1, w) for c, w in enumerate(wins) if w) + "."
    rows = d.app.screen.items()
    assert rows[0] == "Wildside:"
    assert " ".join(x.strip() for x in rows[1:-3]) == "1 game, " + won
    assert rows[-3:] == ["Fastest slam:", "%d ms, by P1." % scr_fast["f"], "Back"]
    # The list's cursor takes the first column and a scroll arrow the last.
    assert all(len(x) <= 19 for x in rows)
    d.tap("up")  # Back is last
    d.tap("select")
    assert screen_name(d) == "MenuScreen"


def test_statistics_page_with_nothing_saved_and_with_junk(dev_factory):
    dev = dev_factory("pico")
    from slampad.app.menu_resume import StatsScreen

    dev.app.go(StatsScreen(dev.app))
    assert dev.app.screen.items() == ["No games played yet", "Back"]
    junk = {"wildside": [2, [1, 0]], "diceland": [3, [1, 2, 0, 0, 0, 0]]}
    dev.app.store().save("stats", {"g": junk, "f": "fast", "fc": 0})
    dev.app.go(StatsScreen(dev.app))
    items = dev.app.screen.items()
    assert items == ["Diceland:", " 3 games, P1 won 1,", " P2 won 2.", "Back"]  # whole


# -- auto-reload, watchdog, crashes ---------------------------------------------------------


@pytest.mark.parametrize("start", GAMES, ids=lambda f: f.__name__)
def test_auto_reload_is_off_in_a_game_and_on_in_the_menus(dev_factory, start):
    import supervisor

    dev = dev_factory("pico", seed=5, frame_ms=5)
    assert supervisor.runtime.autoreload is True
    start(dev)
    dev.run(3000)
    assert dev.app.screen.in_game and supervisor.runtime.autoreload is False
    dev.press("select")
    dev.run(1700)  # the long press: back to the menu
    dev.release("select")
    dev.run(50)
    assert screen_name(dev) == "MenuScreen" and supervisor.runtime.autoreload is True


def test_watchdog_is_fed_every_frame_through_a_whole_game(dev_factory):
    import microcontroller

    dev = dev_factory("pico", seed=5, frame_ms=5)
    dog = dev.app.start_watchdog()
    assert dog is microcontroller.watchdog and dog.mode == "RESET" and dog.timeout == 8.0
    wildside(dev)
    run_until(dev, lambda: screen_name(dev) == "OverScreen", 3600000, step=100)
    assert dog.feeds > 1000 and dog.starved == 0 and dog.max_gap <= 5


def test_no_watchdog_on_a_port_without_one(dev_factory, monkeypatch):
    import _simworld

    dev = dev_factory("pico")
    monkeypatch.setattr(_simworld.world, "watchdog", None)
    assert dev.app.start_watchdog() is None
    dev.run(100)  # the loop runs without it


TRACEBACK = """Traceback (most recent call last):
  File "code.py", line 6, in <module>
  File "/lib/slampad/app/main.py", line 250, in run
  File "/lib/slampad/app/wildside/play.py", line 120, in tick
ValueError: boom
"""


def test_the_start_after_a_crash_notes_it_and_offers_the_save(dev_factory, monkeypatch):
    import supervisor

    dev = dev_factory("pico", seed=5, frame_ms=5)
    wildside(dev)
    run_until(dev, lambda: dev.app.saves_written >= 1, 600000, step=50)
    # Each power-up makes a fresh simulated world: the last run's traceback is patched in.
    monkeypatch.setattr(supervisor, "get_previous_traceback", lambda: TRACEBACK)
    d = dev_factory("pico", seed=2, flash=dev.flash_image())
    assert screen_name(d) == "ResumeScreen"
    assert note(d) == "Last crash: ValueError: boom at wildside/play.py:120"
    d.run(3000)  # the note passes; the offer stays
    assert d.lines()[:2] == ["Saved: Wildside", ">Resume"]
    # Without a save: the menu, with the same note.
    d2 = dev_factory("pico", seed=2)
    assert screen_name(d2) == "MenuScreen" and note(d2).startswith("Last crash: ValueError")
    # Ctrl-C at the console is not a crash.
    monkeypatch.setattr(supervisor, "get_previous_traceback", lambda: "KeyboardInterrupt:\n")
    assert note(dev_factory("pico")) == "Pick a game"  # the title: no note


def test_the_start_after_a_watchdog_reset_says_so(dev_factory, monkeypatch):
    import microcontroller

    monkeypatch.setattr(microcontroller.cpu, "reset_reason", microcontroller.ResetReason.WATCHDOG)
    d = dev_factory("pico")
    assert note(d) == "Restarted: the app stopped answering"


def test_the_crash_screen_restarts_by_itself_when_nobody_presses(shim, monkeypatch):
    from slampad import hw as hardware
    from slampad.app import crash
    from slampad.hw.menu import ButtonMenu

    shim.use_board("raspberry_pi_pico")
    hw = hardware.build("pico")
    polls = []

    def poll(self):
        polls.append(shim.ticks_ms())
        shim.advance(100)
        assert len(polls) < 1000
        return []

    monkeypatch.setattr(ButtonMenu, "poll", poll)
    try:
        crash.show(ValueError("x"), hw)
        crash.wait_for_restart(hw)
    finally:
        hw.deinit()
    assert 299 <= len(polls) <= 302  # 30 s at 100 ms a poll
    assert shim.events() == [("set_next_code_file", None, {"reload_on_error": True})]


# -- the table modes (real cards, a real board) ------------------------------------------


def test_go_wild_table_mode_resumes_after_each_entry(dev_factory):
    from slampad.app.main import unload_games

    dev = dev_factory("pico", seed=5)
    unload_games()
    from slampad.app.gowild.table import TableScreen

    dev.app.go(TableScreen(dev.app, {"players": 3}))
    dev.tap("select")  # P1 won trick 1 ...
    dev.tap("select")  # ... with 3 cards
    dev.tap("down")
    dev.tap("select")  # P2 won trick 2
    dev.tap("select")
    assert dev.app.saves_written == 2
    want = dev.app.screen.game.to_dict()
    d = dev_factory("pico", seed=6, flash=dev.flash_image())
    assert d.lines()[0] == "Saved: Go Wild! table"
    d.tap("select")
    scr = d.app.screen
    assert type(scr).__name__ == "TableScreen" and scr.resumed
    assert scr.game.to_dict() == want and scr.game.scores == [1, 2, 0]
    d.tap("select")  # play goes on: P1 wins trick 3
    d.tap("select")
    assert scr.game.scores == [4, 2, 0] and d.app.saves_written == 1


def test_tumblin_table_mode_resumes_between_throws(dev_factory):
    from test_device_tumblin import start

    dev = dev_factory("pico", seed=5)
    scr = start(dev, [0, 1], ["human", "human"], {"board": "table"})
    run_until(dev, lambda: scr.game.phase == "roll_off", 2000)
    while scr.game.phase == "roll_off":
        for s in (0, 1):
            if ("roll", s) in scr.game.legal_actions(s):
                dev.tap(str(scr.seats[s] + 1), after=300)
        dev.run(50)
    run_until(dev, lambda: scr.stage == "table", 5000)
    for _ in range(3):  # three real dice thrown, each announced on its pad
        dev.tap(str(scr.seats[scr.who] + 1), after=400)
    assert len(scr.game.log) >= 5 and dev.app.saves_written >= 3
    want = scr.game.to_dict()
    d = dev_factory("pico", seed=6, flash=dev.flash_image())
    assert d.lines()[0] == "Saved: Tumblin' Dice"
    d.tap("select")
    s2 = d.app.screen
    assert s2.resumed and s2.game.to_dict() == want and s2.stage == "table"
    assert s2.who == scr.who and s2.die_no == scr.die_no
    d.tap(str(s2.seats[s2.who] + 1), after=400)  # the next throw goes on from there
    assert len(s2.game.log) == len(want["log"]) + 1


# -- one game in RAM: every way back to the menu unloads the game -------------------------


GAME_PREFIXES = ("slampad.games.", "slampad.bots.", "slampad.app.play_", "slampad.app.join",
                 "slampad.app.wildside", "slampad.app.gowild", "slampad.app.tumblin",
                 "slampad.app.diceland")  # fmt: skip


def loaded_games():
    import sys

    mods = [m for m in sys.modules if m.startswith(GAME_PREFIXES)]
    attrs = []
    for pkg in ("slampad.games", "slampad.bots", "slampad.app"):
        p = sys.modules.get(pkg)
        for name in dir(p) if p is not None else ():
            full = pkg + "." + name
            if name.startswith("__") or isinstance(getattr(p, name), int):
                continue  # an int (games' ANY_SEAT, REFEREE, TERMINAL) holds no code
            if full.startswith(GAME_PREFIXES):
                attrs.append(full)  # still reachable from its package: never freed
    return mods, attrs


def back_from_setups(dev):
    """Back from each game's setup screen (the Go Wild! table, Tumblin', Diceland)."""
    for game, first in (("Go Wild!", "Table (real deck)"), ("Tumblin' Dice", None),
                        ("Diceland", None)):  # fmt: skip
        while not dev.shows(">" + game):
            dev.tap("down")
        dev.tap("select")
        if first:
            while not dev.shows(">" + first):
                dev.tap("down")
            dev.tap("select")
        while screen_name(dev) != "MenuScreen":
            dev.tap("up")  # Back is last in each list
            items = dev.app.screen.items()
            if items[dev.app.screen.cursor].startswith("Back"):
                dev.tap("select")
        assert loaded_games() == ([], []), game


def test_every_way_back_to_the_menu_unloads_the_game(dev_factory):
    """Issue 7 (a device that plays for days): the menu drops every game module, and
    its attribute on the package, which would otherwise keep it in RAM."""
    dev = dev_factory("pico", seed=5)
    back_from_setups(dev)
    # Wildside: select while waiting for the players to be ready.
    join_and_start(dev, [0], {1: "easy"})
    assert loaded_games()[0]
    dev.tap("select")
    assert screen_name(dev) == "MenuScreen" and loaded_games() == ([], [])
    # A long press from a running game, and Menu on the game-over screen.
    for start in GAMES:
        while not dev.shows(">Wildside"):
            dev.tap("up")
        start(dev)
        dev.run(3000)
        assert loaded_games()[0]
        dev.press("select")
        dev.run(1700)
        dev.release("select")
        dev.run(50)
        assert screen_name(dev) == "MenuScreen" and loaded_games() == ([], []), start
    wildside(dev)
    run_until(dev, lambda: screen_name(dev) == "OverScreen", 3600000, step=100)
    dev.tap("down")
    dev.tap("select")
    assert screen_name(dev) == "MenuScreen" and loaded_games() == ([], [])


# -- flash writes per game (docs/reliability.md prints these with -s) ----------------------


@pytest.mark.parametrize("start", GAMES, ids=lambda f: f.__name__)
def test_flash_writes_per_game_in_the_app(dev_factory, start):
    """One write per save, plus two at game over (the save cleared, the statistics);
    a write erases the sector only when it compacts the log."""
    for seed in (1, 2, 3):
        dev = dev_factory("pico", seed=seed, frame_ms=5)
        f = dev.sim.flash()
        _title, key = start(dev)
        w0, e0 = f.writes, f.erases
        run_until(dev, lambda d=dev: screen_name(d) == "OverScreen", 3600000, step=200)
        saves, writes, erases = dev.app.saves_written, f.writes - w0, f.erases - e0
        print(
            "%s seed %d: %d saves, %d flash writes, %d erases" % (key, seed, saves, writes, erases)
        )
        assert saves >= 1 and writes == saves + 2
        assert erases <= writes // 3


def test_a_failed_game_save_is_said_once_and_play_goes_on(dev_factory):
    dev = dev_factory("pico", seed=5, frame_ms=5)
    st = dev.app.store()
    save = st.save
    tried = []

    def failing(key, obj):
        if key == "game":
            tried.append(key)
            raise OSError(5)  # the flash failed
        return save(key, obj)

    st.save = failing
    wildside(dev)
    run_until(dev, lambda: screen_name(dev) == "OverScreen", 3600000, step=200)
    assert len(tried) >= 2 and dev.app.saves_written == 0
    assert dev.app.notices == ["Game not saved: OSError"]  # once, however many failed
    dev.tap("down")
    dev.tap("select")  # Menu: the note is shown there
    assert screen_name(dev) == "MenuScreen" and note(dev) == "Game not saved: OSError"
    assert st.load("stats")["g"]["wildside"][0] == 1  # the game still counts


def test_no_game_is_imported_before_it_is_chosen(dev_factory):
    """Issue 8 (memory): at power-up, and through the menu, Settings and Statistics, no
    game's rules, bots or screens are in RAM; choosing one loads only that one."""
    import sys

    dev = dev_factory("pico", seed=5)
    assert loaded_games() == ([], [])
    for _ in range(len(dev.app.screen.items())):  # every row, without choosing a game
        dev.tap("down")
    for place in ("Statistics", "Settings"):
        while not dev.shows(">" + place):
            dev.tap("down")
        dev.tap("select")
        dev.tap("up")  # Back is last
        dev.tap("select")
        assert screen_name(dev) == "MenuScreen" and loaded_games() == ([], []), place
    while not dev.shows(">Diceland"):
        dev.tap("down")
    dev.tap("select")
    mods = loaded_games()[0]
    assert sorted(mods) == ["slampad.app.diceland", "slampad.app.diceland.setup"], mods
    others = ("wildside", "gowild", "tumblin")
    assert not [m for m in sys.modules if m.startswith("slampad.") and any(o in m for o in others)]


def test_a_game_is_imported_largest_module_first(dev_factory, monkeypatch):
    """Issue 8: starting a game imports its modules in app/play_order.py's order
    (largest first, while the heap is emptiest), and the order table leaves RAM."""
    import builtins
    import sys

    from slampad.app.play_order import ORDER

    dev = dev_factory("pico", seed=5)
    seen = []  # (module, nesting): 0 = imported by load_game itself
    depth = [0]
    real = builtins.__import__

    def spy(name, *a, **k):
        if not name.startswith("slampad.") or name in sys.modules:
            return real(name, *a, **k)
        seen.append((name, depth[0]))
        depth[0] += 1
        try:
            return real(name, *a, **k)
        finally:
            depth[0] -= 1

    monkeypatch.setattr(builtins, "__import__", spy)
    import test_device_diceland as td
    from device_helpers import move_cursor

    td.open_setup(dev)
    move_cursor(dev, dev.app.screen.cursor, td.NEXT)
    dev.tap("select")  # the seats
    dev.tap("1")
    move_cursor(dev, dev.app.screen.cursor, 0)
    seen.clear()  # the setup screens are loaded: from here on, the game
    dev.tap("select")
    assert screen_name(dev) == "PlayScreen", dev.lines()
    order = ORDER["slampad.app.diceland.play"]
    top = [m for m, d in seen if d == min(d for _m, d in seen) and m in order]
    assert top == [m for m in order if m in top]  # load_game's own imports: in order
    assert seen[0][0] == "slampad.app.play_order" and top[0] == order[0]  # largest first
    loaded = [m for m, _d in seen]
    assert all(m in loaded or m in sys.modules for m in order)
    assert "slampad.app.play_order" not in sys.modules
