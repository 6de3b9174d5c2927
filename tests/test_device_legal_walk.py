"""Issue 16 item 12: a screen never hands the rules an action that ``legal_actions`` does
not list at that moment (slampad.app.legal is the one gate); a press with nothing legal
to do is ignored. Regression tests for the soak's crashes (T4, T6 in Tumblin' Dice's
table mode), and a walk that drives every game's screens in the phases it reaches with
every button and pad, in taps, holds and bursts (presses queued while a frame stalls)."""

import sys

import device_helpers
import pytest

shim = device_helpers.shim
dev_factory = device_helpers.dev_factory

KEYS = ("up", "down", "select", "1", "2", "3", "4")
# Every input: each key tapped; each key pressed and held over a few frames, then
# released; each key pressed twice within one stalled frame (the soak's crashes); the
# long press of select (to the menu, then back); a pad held while select is tapped (G9).
INPUTS = (
    [("tap", k) for k in KEYS]
    + [("hold", k) for k in KEYS]
    + [("burst", k) for k in KEYS]
    + [("chord", k) for k in KEYS[3:]]
    + [("long", "select")]
)


class Gate:
    """Wraps each rules core's apply: an action not listed by legal_actions fails the test."""

    def __init__(self):
        self.bad = []
        self.applied = 0

    def install(self, monkeypatch):
        from slampad.app import legal

        self.monkeypatch = monkeypatch
        self.patch_classes()
        monkeypatch.setattr(legal, "drops", 0)
        monkeypatch.setattr(legal, "dropped", [])
        return legal

    def patch_classes(self):
        """Wraps apply on the rules classes imported now. The menu forgets every game
        module (loader.unload_games), so a game started after a visit to the menu is built
        from freshly imported classes: the walk calls this again after each start."""
        from slampad.app import legal
        from slampad.games.diceland import Diceland
        from slampad.games.gowild import GoWild
        from slampad.games.gowild_table import GoWildTable
        from slampad.games.tumblin import Tumblin
        from slampad.games.wildside import Wildside

        gate = self
        for cls in (Wildside, GoWild, GoWildTable, Tumblin, Diceland):
            orig = cls.apply
            if getattr(orig, "gated", False):
                continue

            def apply(self, a, _orig=orig):
                if not legal.asking and not getattr(self, "_replaying", False):
                    gate.applied += 1
                    if not legal.ok(self, a):
                        gate.bad.append((type(self).__name__, a))
                return _orig(self, a)

            apply.gated = True
            self.monkeypatch.setattr(cls, "apply", apply)


def burst(dev, key):
    """``key`` pressed, released and pressed again while the app is stalled (no step)."""
    sim = dev.sim
    other = "select" if key != "select" else "1"
    for k in (key, other, key):
        dev.press(k)
        sim.advance(40)
        dev.release(k)
        sim.advance(400)  # past every debounce and bounce guard, all in one frame
    dev.run(20)


def do(dev, inp):
    kind, key = inp
    if kind == "tap":
        dev.tap(key)
    elif kind == "hold":
        dev.press(key)
        dev.run(700)
        dev.release(key)
        dev.run(60)
    elif kind == "burst":
        burst(dev, key)
    elif kind == "chord":
        dev.press(key)
        dev.run(200)
        dev.tap("select")
        dev.release(key)
        dev.run(60)
    else:
        scr = dev.app.screen
        dev.press("select")
        dev.run(1600)
        dev.release("select")
        dev.run(60)
        assert type(dev.app.screen).__name__ == "MenuScreen", dev.lines()
        dev.app.go(scr)  # back into the game (the walk goes on where it was)
        dev.run(60)


def state_key(dev):
    scr = dev.app.screen
    g = getattr(scr, "game", None)
    phase = getattr(g, "phase", None) if g is not None else None
    return (type(scr).__module__.split(".")[-1], type(scr).__name__,
            getattr(scr, "stage", None), phase)  # fmt: skip


def walk(dev, legal, gate, make, steps):
    """Greedy coverage: at each state (screen, stage, phase) the input used least there
    so far. A finished game (or a screen outside the game) starts a new one."""
    used = {}
    dev.app.go(make(dev.app))
    gate.patch_classes()
    dev.run(100)
    for _ in range(steps):
        scr = dev.app.screen
        g = getattr(scr, "game", None)
        if g is None or g.is_over() or not getattr(scr, "in_game", False):
            dev.app.go(make(dev.app))
            gate.patch_classes()  # the menu forgot the game's modules: new classes
            dev.run(100)
        assert getattr(type(dev.app.screen.game).apply, "gated", False)
        key = state_key(dev)
        seen = used.setdefault(key, {})
        inp = min(INPUTS, key=lambda i: (seen.get(i, 0), INPUTS.index(i)))
        seen[inp] = seen.get(inp, 0) + 1
        do(dev, inp)
        assert legal.drops == 0, (key, inp, legal.dropped)
        assert gate.bad == [], (key, inp, gate.bad)
        dev.run(300)
    return used


def wildside(app):
    from slampad.app.wildside.play import PlayScreen

    return PlayScreen(app, [0, 1, 2], ["human", "human", "easy"])


def gowild(app):
    from slampad.app.gowild.play import PlayScreen

    return PlayScreen(app, [0, 1, 2], ["human", "easy", "human"])


def gowild_table(app):
    from slampad.app.gowild.table import TableScreen

    return TableScreen(app, {"players": 3, "first_lead": 0})


def tumblin_table(app):
    from slampad.app.tumblin.play import PlayScreen

    return PlayScreen(app, [0, 1], ["human", "human"], {"board": "table", "rounds": 1})


def tumblin_virtual(app):
    from slampad.app.tumblin.play import PlayScreen

    return PlayScreen(app, [0, 2], ["human", "easy"], {"board": "virtual", "rounds": 1})


def diceland(app):
    from slampad.app.diceland.play import PlayScreen

    return PlayScreen(app, [0, 1], ["human", "human"], {"scene": "random", "size": 8})


GAMES = {
    "wildside": (wildside, {"ready", "roll", "rolling", "window"}),
    "gowild": (gowild, {"play"}),
    "gowild_table": (gowild_table, {None}),
    "tumblin_table": (tumblin_table, {"roll_off", "throw", "enter"}),
    "tumblin_virtual": (tumblin_virtual, {"roll_off", "throw"}),
    "diceland": (diceland, {"occupy", "attack"}),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_input_in_every_state_reaches_the_rules_only_when_legal(
    dev_factory, monkeypatch, name
):
    dev = dev_factory("pico", seed=12, frame_ms=8)
    gate = Gate()
    legal = gate.install(monkeypatch)
    make, phases = GAMES[name]
    used = walk(dev, legal, gate, make, 260)
    seen_phases = {k[3] for k in used}
    assert phases <= seen_phases, (phases, used.keys())
    full = [k for k, v in used.items() if len(v) == len(INPUTS)]
    assert full, used  # at least one state took every input
    # The rules were reached through the wrapper, in every game (every rules class is
    # wrapped again after a visit to the menu re-imports it).
    assert gate.applied > 0
    print(name, "states", len(used), "with every input", len(full), file=sys.stderr)


# -- the soak's seeds, replayed to the point --------------------------------------------


def start_table(dev):
    from slampad.app.tumblin.play import PlayScreen

    scr = PlayScreen(dev.app, [0, 1], ["human", "human"], {"board": "table", "rounds": 1})
    dev.app.go(scr)
    dev.run(50)
    for _ in range(20):  # the roll-off (T3), until the order shows
        if scr.game.phase != "roll_off":
            break
        for pad in ("1", "2"):
            dev.tap(pad)
            dev.run(100)
    dev.run(3000)
    assert scr.game.phase == "throw" and scr.stage == "table", (scr.stage, dev.lines())
    return scr


def test_T4_seed_99_a_throw_press_while_the_dice_wait_to_be_entered_is_ignored(
    dev_factory, monkeypatch
):
    """tools/soak.py --game tumblin --seed 99 --profile pico --hours 0.4 died with
    'T4: no throws now (phase enter)': the round's last throw and another press (the
    thrower's pad, or select) in one frame, before the enter screen took over."""
    dev = dev_factory("pico", seed=99)
    gate = Gate()
    legal = gate.install(monkeypatch)
    scr = start_table(dev)
    g = scr.game
    while g.throws < 7:
        dev.tap(str(scr.seats[scr.who] + 1))
        dev.run(400)
    last = str(scr.seats[scr.who] + 1)
    burst(dev, last)  # the last throw, select, the pad again: one stalled frame
    dev.run(200)
    assert g.phase == "enter" and type(dev.app.screen).__name__ == "EnterScreen"
    assert legal.drops == 0 and gate.bad == []


def test_T6_seed_5001_a_select_after_the_last_die_is_entered_is_ignored(dev_factory, monkeypatch):
    """Seeds 5001 and 5004 (pico_tft) died on the enter screen with 'T6: dice are
    entered after the last throw of a round': the last die confirmed and select again in
    one frame, the next round's throws already under way."""
    dev = dev_factory("pico_tft", seed=5001)
    gate = Gate()
    legal = gate.install(monkeypatch)
    scr = start_table(dev)
    g = scr.game
    while g.phase == "throw":
        dev.tap(str(scr.seats[scr.who] + 1))
        dev.run(400)
    dev.run(200)
    ent = dev.app.screen
    assert type(ent).__name__ == "EnterScreen"
    left = sum(4 - len(g.dice[s]) for s in g.order)
    while left > 1:  # all but the last die: off the board (cursor 0)
        dev.tap("up")  # the cursor from START (1x) to "Off the board"
        dev.tap("select")
        dev.run(400)
        left = sum(4 - len(g.dice[s]) for s in g.order)
    dev.tap("up")
    burst(dev, "select")  # the last die, then select twice more in the same frame
    dev.run(300)
    assert g.phase in ("throw", "over"), g.phase
    assert legal.drops == 0 and gate.bad == []


@pytest.mark.parametrize(
    "seed,hours",
    [(5004, 0.04), (5002, 0.1)],  # T6 at 131 s simulated, T4 at 346 s (before the fix)
)
def test_soak_seeds_that_crashed_tumblin_on_pico_tft(seed, hours):
    import soak

    res = soak.soak("tumblin", hours, seed, profile="pico_tft")
    errs = [e["error"] for e in res["games"]["tumblin"]["error_details"]]
    assert errs == [], errs
