"""tools/probe/slampad_probe.py (deploy.py --probe): the @P lines tools/emu reads, from the
real app on the simulated device (issue 15 item 1)."""

import sys
from pathlib import Path

import device_helpers
import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = ROOT / "tools" / "probe" / "slampad_probe.py"
FREE = 54321  # gc.mem_free() here: CPython has none
WRAP = 1 << 29

shim = device_helpers.shim


@pytest.fixture
def probe(shim, monkeypatch, capsys):
    """The probe imported afresh; everything it wraps is put back afterwards."""
    import gc
    import importlib

    import slampad.app

    # The modules the app will use are sys.modules' (its screens import late); a test before
    # may have left the package holding an older copy, which the probe's imports would see.
    main = importlib.import_module("slampad.app.main")
    ui = importlib.import_module("slampad.app.ui")
    monkeypatch.setattr(slampad.app, "main", main, raising=False)
    monkeypatch.setattr(slampad.app, "ui", ui, raising=False)

    for cls, name in ((main.App, "__init__"), (main.App, "go")) + tuple(
        (ui.Text, n) for n in ("set_banner", "set_corner")
    ):
        monkeypatch.setattr(cls, name, getattr(cls, name))
    monkeypatch.setattr(main, "load_game", main.load_game)
    collects = []
    monkeypatch.setattr(gc, "mem_free", lambda: FREE, raising=False)
    monkeypatch.setattr(gc, "collect", lambda: collects.append(1))
    monkeypatch.syspath_prepend(str(PROBE.parent))
    monkeypatch.delitem(sys.modules, "slampad_probe", raising=False)
    import slampad_probe

    real_bots = slampad_probe.bots

    def bots(_app=None):  # note each bot class before it is wrapped, to unwrap it after
        for game, name in slampad_probe.BOTS:
            cls = getattr(sys.modules.get("slampad.bots." + game), name, None)
            if cls is not None and not getattr(cls, "_probed", False):
                monkeypatch.setattr(cls, "choose", cls.choose)
                if game == "wildside":  # the probe times its plan() too
                    monkeypatch.setattr(cls, "plan", cls.plan)
                monkeypatch.setattr(cls, "_probed", False, raising=False)
        real_bots()

    monkeypatch.setattr(slampad_probe, "bots", bots)
    slampad_probe.collects = collects
    yield slampad_probe
    sys.modules.pop("slampad_probe", None)


def said(out):
    """The @P lines printed, as lists of fields (after "@P")."""
    lines = [line.split("\t") for line in out.splitlines() if line.startswith("@P\t")]
    assert not [x for x in out.splitlines() if x.startswith("@P") and not x.startswith("@P\t")]
    return [x[1:] for x in lines]


def check_fields(events):
    """Every line's fields are well formed; returns them by kind."""
    kinds = {}
    last_t = None
    for e in events:
        kind = e[0]
        kinds.setdefault(kind, []).append(e[1:])
        if kind == "mpy":
            assert e == ["mpy", "0"]  # the source tree: no lib/slampad/build.txt
            continue
        t = int(e[1])
        assert 0 <= t < WRAP
        if last_t is not None:
            assert (t - last_t) % WRAP < WRAP // 2, "ticks go back: %r" % e
        last_t = t if kind != "start" else None  # (SimDevice restarts the clock after it)
        if kind in ("start", "screen"):
            assert int(e[2]) == FREE
        elif kind == "load":
            assert len(e) == 5 and e[2].split(".")[-1] in ("play", "table")
            assert 0 <= int(e[3]) < 10000 and int(e[4]) == FREE
        elif kind == "bot":
            assert len(e) == 6 and e[2] in ("wildside", "gowild", "tumblin", "diceland")
            assert e[3] in ("easy", "normal", "hard")
            assert 0 <= int(e[4]) < 10000 and int(e[5]) == FREE
        elif kind == "hw":  # the shim's Pico has no rp2pio: keypad's Keys
            assert len(e) == 3 and e[2] in ("Keys", "PioPads")
        elif kind == "pio":
            assert len(e) == 3 and int(e[2]) > 0
        else:
            raise AssertionError("unknown @P line %r" % e)
    return kinds


def collapse(seq):
    out = []
    for x in seq:
        if not out or out[-1] != x:
            out.append(x)
    return out


def test_start_and_mpy_lines_come_at_import(probe, capsys):
    events = said(capsys.readouterr().out)
    assert [e[0] for e in events] == ["start", "mpy"]
    check_fields(events)
    assert probe.collects  # free is measured right after a collection
    assert len(PROBE.read_bytes()) < 4500  # light: it runs on the device


def test_screens_loads_and_bot_decisions_of_a_game_from_the_menu(probe, capsys):
    from simdevice import SimDevice

    dev = SimDevice("pico", seed=3, settings={"SLAMPAD_HOWTO": "15"})  # no how-to offer
    try:
        probe.hook(dev.app)  # the simulator put its own listener over the probe's
        since = len(dev.log)
        dev.tap("down")
        dev.tap("select")  # Go Wild!
        dev.tap("select")  # pass and play
        scr = dev.app.screen
        for seat in range(4):  # four bots, level normal
            scr.cursor = seat + 1
            device_helpers.cycle_to(dev, seat, "normal")
        scr.cursor = 0
        dev.tap("select")  # START
        dev.run(8000)
        dev.app.to_menu()  # the game's modules are dropped ...
        dev.run(100)
        dev.tap("down")
        dev.tap("select")
        dev.tap("select")
        scr = dev.app.screen
        for seat in range(3):  # the seats are kept from the last game: three made hard
            scr.cursor = seat + 1
            device_helpers.cycle_to(dev, seat, "hard")
        scr.cursor = 0
        dev.tap("select")  # ... and loaded again: its new bot class is timed too
        dev.run(8000)
        events = said(capsys.readouterr().out)
        kinds = check_fields(events)
        assert [e[0] for e in events[:2]] == ["start", "mpy"]
        assert [e[1] for e in kinds["load"]] == ["slampad.app.gowild.play"] * 2
        levels = [e[2] for e in kinds["bot"]]
        assert levels.count("normal") >= 4 and levels.count("hard") >= 3
        assert {e[1] for e in kinds["bot"]} == {"gowild"}
        loads = [i for i, e in enumerate(events) if e[0] == "load"]
        assert events[loads[0] + 1][0] in ("screen", "bot")
        assert not any(e[0] == "bot" for e in events[: loads[0]])  # none before the game

        # The rows are the screen's, after each change, as the simulator logged them.
        rows = [e[2:] for e in kinds["screen"]]
        plain = collapse([[r for r in x if not r.startswith("drawn0=")] for x in rows])
        logged = collapse([list(lines) for _t, lines in dev.log[since:]])
        assert plain[-len(logged) :] == logged
        assert all("\t" not in r and "\n" not in r for x in rows for r in x)
        # Row 0 as drawn (the battery corner: "USB" here) when it differs from lines[0].
        assert any(x[-1].startswith("drawn0=") and x[-1].endswith("USB") for x in rows)
        t = dev.app.text
        assert rows[-1][0] == t.lines[0]
        if t.drawn[0] != t.lines[0]:  # the corner fits beside row 0: said as drawn
            assert rows[-1][-1] == "drawn0=" + t.drawn[0]
        else:
            assert not rows[-1][-1].startswith("drawn0="), rows[-1]
    finally:
        dev.close()


def test_a_bot_imported_by_its_screen_is_timed(probe, capsys):
    """Tumblin' Dice imports its bot in the play screen (ONE_OF), after load_game."""
    from simdevice import SimDevice

    dev = SimDevice("pico", seed=8, frame_ms=4)
    try:
        from slampad.app.main import unload_games

        unload_games()
        from slampad.app.tumblin.play import PlayScreen

        scr = PlayScreen(
            dev.app, [0, 1, 2], ["easy", "normal", "hard"], {"board": "virtual", "players": 3}
        )
        dev.app.go(scr)
        dev.run(30000)
        kinds = check_fields(said(capsys.readouterr().out))
        assert {e[1] for e in kinds["bot"]} == {"tumblin"}
        assert {e[2] for e in kinds["bot"]} == {"easy", "normal", "hard"}
    finally:
        dev.close()


def test_a_banner_alone_is_a_screen_change(probe, capsys):
    from simdevice import SimDevice

    dev = SimDevice("pico", seed=1)
    try:
        capsys.readouterr()
        dev.app.text.set_banner("Battery low: 3.3V")
        dev.app.text.set_banner("Battery low: 3.3V")  # no change: nothing more
        events = said(capsys.readouterr().out)
        assert len(events) == 1 and events[0][0] == "screen"
        assert events[0][-1] == "drawn0=Battery low: 3.3V"
        assert events[0][3:-1] == list(dev.app.text.lines)
    finally:
        dev.close()
