"""tools/reliability/soak.py's soak of one game: GameSoak (the simulated device stepped frame by
frame, the checks after every step, the long-press check, the run and its counts), with
its faults (soak_power.Power) and its player (soak_play.Player); the simulated clock
made fast; FastPictures; and ``soak()``, the API (tests/test_soak.py)."""

import json
import random
import sys
import time
import traceback
import zlib

from simdevice import PROFILES, use_shim
from soak_checks import (
    GAMES,
    HOLD_MS,
    LONG_MS,
    MAX_FRAME_MS,
    MENU_WITHIN_MS,
    TITLES,
    check_game,
    digest_of,
    need,
)
from soak_play import Player
from soak_power import Cut, Power

COUNTS = (
    "inputs",
    "games_started",
    "games_finished",
    "power_cuts",
    "cuts_in_write",
    "resume_offers",
    "saves_resumed",
    "new_game_chosen",
    "long_presses",
    "steps",
    "power_ups",
    "flash_writes",
    "flash_erases",
    "saves_written",
    "refreshes",
)


# -- the simulated clock, fast -------------------------------------------------------------


def fast_advance(world_mod, ms):
    """``simhw.advance(ms)``, skipping the 1 ms pad scans once no scanner has anything to
    do (each pin reads as its scanner last saw it, nothing being debounced): a scan then
    only notes its time, so the clock jumps and each scanner keeps its phase."""
    w = world_mod.world
    mask = world_mod.MASK
    while ms > 0:
        idle = True
        for s in w.scanners:
            pins = getattr(s, "_pins", None)
            if pins is None or not hasattr(s, "_count"):
                idle = False
                break
            for i, pin in enumerate(pins):
                if s._count[i] or (pin.level == s._when) != s._state[i]:
                    idle = False
                    break
            if not idle:
                break
        if idle:
            w.now = (w.now + ms) & mask
            for s in w.scanners:
                k = ((w.now - s._last) & mask) // s._interval
                s._last = (s._last + k * s._interval) & mask
            return
        world_mod.advance(1)
        ms -= 1


# -- the soak of one game ------------------------------------------------------------------



class GameSoak(Power, Player):
    """One game's soak on one profile: ``run()`` returns its counts (``report()``)."""

    def __init__(
        self,
        game,
        hours,
        seed,
        profile="pico",
        frame_ms=16,
        idle_frame_ms=48,
        cut_every_s=180,
        check_every_s=360,
        keep_going=False,
        log=None,
        render=False,
    ):
        if game not in GAMES:
            raise ValueError("unknown game %r" % (game,))
        if profile not in PROFILES:
            raise ValueError("unknown profile %r" % (profile,))
        if not 1 <= frame_ms <= MAX_FRAME_MS:
            raise ValueError("frame_ms must be 1..%d" % MAX_FRAME_MS)
        self.game = game
        self.title = TITLES[game]
        self.seed = seed
        self.profile = profile
        self.rng = random.Random("soak:%s:%s:%s" % (seed, game, profile))
        self.budget = int(hours * 3600000)
        self.frame = frame_ms
        self.idle_frame = max(frame_ms, idle_frame_ms)
        self.cut_every = cut_every_s * 1000
        self.check_every = check_every_s * 1000
        self.keep_going = keep_going
        self.log = log
        self.render = render
        self.n = dict.fromkeys(COUNTS, 0)
        self.errors = []
        self.t = 0  # simulated ms since the start of this game's soak
        self.last_step = 0
        self.idle = False
        self.dev = None
        self.crc = 0
        self.max_menu_ms = 0
        # save tracking: digests of the last save done and of one cut while written
        self.save_done = None
        self.save_cut = None
        self.write_cut = False  # a flash write was cut since the last game save or clear
        self.last_screen = None
        self.ep_screen = None  # the screen the current episode was chosen for
        self.last_game = None
        self.checked = None  # (game object, a copy of its to_dict()) last checked
        self.no_cut = False
        self.stall_until = 0  # no app step before this (a slow frame)
        self.held_at_cut = []  # keys held when the power went
        self.armed = False
        self.cut_deadline = 0
        self.plan_cut()
        self.next_check = self.t + self.spread(self.check_every)

    # -- reporting --------------------------------------------------------------------
    def say(self, msg):
        if self.log is not None:
            self.log("[%s %8.1fs] %s" % (self.game, self.t / 1000, msg))

    def spread(self, mean):
        return int(mean * self.rng.uniform(0.5, 1.5))

    def where(self):
        scr = self.dev.app.screen if self.dev is not None else None
        return {
            "seed": self.seed,
            "game": self.game,
            "profile": self.profile,
            "step": self.n["steps"],
            "sim_ms": self.t,
            "screen": type(scr).__name__ if scr is not None else None,
            "lines": self.dev.lines() if self.dev is not None else None,
        }

    # -- time and steps ------------------------------------------------------------------
    def text_changed(self, lines):
        scr = self.dev.app.screen if self.dev is not None else None
        head = type(scr).__name__ if scr is not None else "-"
        self.crc = zlib.crc32(("%s|%s\n" % (head, "|".join(lines))).encode(), self.crc)

    def wait(self, ms):
        end = self.t + max(0, int(ms))
        while self.t < end:
            self.check_cut()
            frame = self.idle_frame if self.idle and not self.dev.held else self.frame
            nxt = max(self.last_step + frame, self.stall_until)
            target = min(end, nxt)
            if not self.no_cut:
                if self.t < self.cut_at:
                    target = min(target, self.cut_at)
                elif self.armed:
                    target = min(target, max(self.cut_deadline, self.t + 1))
            if target > self.t:
                fast_advance(self.world, target - self.t)
                self.t = target
            if self.t >= nxt:
                self.step()

    def step(self):
        self.last_step = self.t
        app = self.dev.app
        app.step(self.dev.sim.ticks_ms())
        self.n["steps"] += 1
        self.after_step()

    def after_step(self):
        app = self.dev.app
        scr = app.screen
        gate = sys.modules.get("slampad.app.legal")  # a screen offered an illegal action
        if gate is not None and gate.drops:
            need(False, "an action legal_actions did not list", gate.dropped)
        if scr is not self.last_screen:
            self.screen_changed(self.last_screen, scr)
            self.last_screen = scr
        g = getattr(scr, "game", None)
        if g is not None and hasattr(g, "to_dict"):
            if g is not self.last_game:
                self.last_game = g
                if getattr(scr, "resumed", False):
                    self.say("resumed %s" % type(scr).__module__)
                else:
                    self.n["games_started"] += 1
            d = g.to_dict()  # unchanged since the last check: nothing to do
            if self.checked is None or self.checked[0] is not g or self.checked[1] != d:
                self.checked = (g, json.loads(check_game(g)))  # a copy: no live lists

    def screen_changed(self, old, new):
        name = type(new).__name__
        old_name = type(old).__name__ if old is not None else None
        if name == "OverScreen":
            self.n["games_finished"] += 1
            self.say("game over: %s" % " / ".join(self.dev.lines()[:2]))
        elif name == "ResumeScreen":
            self.n["resume_offers"] += 1
            rec = getattr(new, "rec", None)
            s = rec.get("s") if isinstance(rec, dict) else None
            h = digest_of(s) if s is not None else None
            ok = h is not None and (h == self.save_done or h == self.save_cut)
            need(
                ok,
                "the resume offer is not the last save (nor one cut while written)",
                "offered",
                h,
                "last save",
                self.save_done,
                "cut",
                self.save_cut,
            )
            self.save_done, self.save_cut, self.write_cut = h, None, False  # on the flash now
        if old_name == "ResumeScreen" and getattr(new, "resumed", False):
            self.n["saves_resumed"] += 1
        if old_name == "ResumeScreen" and name == "MenuScreen":
            self.n["new_game_chosen"] += 1  # or a save that could not be rebuilt

    # -- the long press check ------------------------------------------------------------------
    def long_press_check(self):
        """Hold select 1.6 s: the menu must show within 1 s after the 1.5 s threshold."""
        self.no_cut = True  # planned cuts wait; an armed flash cut may still strike
        try:
            self.release_all()
            self.wait(max(0, self.stall_until - self.t) + 3 * self.frame + 12)  # a slow frame ends
            t0 = self.t
            seen = None
            self.press("select")
            while self.t < t0 + LONG_MS + MENU_WITHIN_MS:
                if self.t >= t0 + HOLD_MS:
                    self.release("select")
                self.wait(min(self.frame, t0 + LONG_MS + MENU_WITHIN_MS - self.t))
                menu = type(self.dev.app.screen).__name__ == "MenuScreen"
                if menu and seen is None:
                    seen = self.t - t0
                elif not menu:
                    seen = None
            self.release("select")
            need(
                seen is not None,
                "stuck: no menu %d ms after a %d ms hold of select"
                % (LONG_MS + MENU_WITHIN_MS, HOLD_MS),
                self.dev.lines(),
            )
            self.max_menu_ms = max(self.max_menu_ms, seen)
            self.n["long_presses"] += 1
        finally:
            self.no_cut = False

    # -- the run ---------------------------------------------------------------------------------
    def run(self):
        sim = use_shim()
        self.PowerCut = sim.PowerCut
        wall = time.perf_counter()
        self.image = None
        try:
            self.loop()
        finally:
            if self.dev is not None:
                dev = self.dev
                self.power_down()
                dev.close()
            self.wall = time.perf_counter() - wall
        return self.report()

    def loop(self):
        stalled = 0  # errors in a row with no simulated time passing
        while True:
            t = self.t
            try:
                if self.dev is None:
                    self.power_up(self.image)
                    self.still_held()
                if self.t >= self.budget:
                    self.long_press_check()  # always one before the next game
                    return
                if self.t >= self.next_check:
                    self.next_check = self.t + self.spread(self.check_every)
                    self.long_press_check()
                    continue
                self.episode()
            except self.PowerCut:
                self.cut_power(True)
            except Cut:
                self.cut_power(False)
            except Exception as e:
                info = self.where()
                info["error"] = "%s: %s" % (type(e).__name__, e)
                info["traceback"] = traceback.format_exc()
                self.errors.append(info)
                self.say("ERROR " + info["error"])
                stalled = stalled + 1 if self.t == t else 0
                if not self.keep_going or stalled > 3:
                    return
                self.power_down()  # as the device would restart after a crash
                self.write_cut = True  # whatever was being written is unknown
                self.plan_cut()

    def report(self):
        out = dict(self.n)
        out["game"] = self.game
        out["sim_hours"] = round(self.t / 3600000, 4)
        out["wall_s"] = round(self.wall, 2)
        out["sim_s_per_wall_s"] = round(self.t / 1000 / self.wall, 1) if self.wall else None
        out["max_menu_ms"] = self.max_menu_ms
        out["errors"] = len(self.errors)
        out["error_details"] = self.errors
        out["digest"] = "%08x" % self.crc
        return out


# -- the API ------------------------------------------------------------------------------------


class FastPictures:
    """Without --render nothing composites the display, so the soak keeps Blinka's checks
    on each picture write and skips its bookkeeping: a bitmap pixel's value and a tile's
    index and value are checked as Blinka checks them, and the tile stored, but no dirty
    areas are kept and no bitmap pixels are stored (nothing reads them back: lib/ only
    writes pixels). A full ``gc.collect()``, which the app calls before
    each slam window and game load, is a young-generation one: the host's collector is
    not the device's, and the soak measures no heap. Restored on exit."""

    def __enter__(self):
        import gc
        import operator

        from displayio import _bitmap, _tilegrid

        bitmap, tilegrid = _bitmap.Bitmap, _tilegrid.TileGrid
        self.saved = [
            (bitmap, "__setitem__", bitmap.__setitem__),
            (bitmap, "fill", bitmap.fill),
            (tilegrid, "__setitem__", tilegrid.__setitem__),
            (gc, "collect", gc.collect),
        ]
        full_collect = gc.collect

        def pixel(self, index, value):
            if type(value) is not int:
                value = operator.index(value)
            if value & self._value_reject:
                raise ValueError("value must be 0-%d" % self._bitmask)
            if isinstance(index, (tuple, list)):
                index[1]  # noqa: B018 - a bad index fails as Blinka's would
            elif not isinstance(index, int):
                raise TypeError("index must be an int or an (x, y) pair")

        def fill(self, value):
            if value & self._value_reject:
                raise ValueError("value must be 0-%d" % self._bitmask)

        def tile(self, index, value):
            x, y = self._extract_and_check_index(index)
            if not 0 <= value <= 255:
                raise ValueError("Tile value out of bounds")
            self._tiles[y * self._width_in_tiles + x] = value
            self._needs_refresh = True

        def collect(generation=2):
            return full_collect(0)

        bitmap.__setitem__ = pixel
        bitmap.fill = fill
        tilegrid.__setitem__ = tile
        gc.collect = collect
        return self

    def __exit__(self, *exc):
        for owner, name, value in self.saved:
            setattr(owner, name, value)
        return False


def soak(games="all", hours=0.25, seed=1, **options):
    """Soak each game of ``games`` ("all", a name, or a list) for ``hours`` simulated hours;
    ``options`` are GameSoak's (profile, frame_ms, cut_every_s, ...). Returns {"games":
    {name: counts}, "errors": n, ...}. The firmware's modules imported by the soak are
    dropped again at the end (those imported before are put back)."""
    if games == "all":
        games = GAMES
    elif isinstance(games, str):
        games = (games,)
    before = {n: m for n, m in sys.modules.items() if n == "slampad" or n.startswith("slampad.")}
    out = {"seed": seed, "hours": hours, "games": {}}
    use_shim()  # the shim first: displayio is Blinka's, as the soak's devices use it
    fast = None if options.get("render") else FastPictures().__enter__()
    try:
        for g in games:
            s = GameSoak(g, hours, seed, **options)
            out["profile"], out["frame_ms"] = s.profile, s.frame
            out["games"][g] = s.run()
            if out["games"][g]["errors"] and not s.keep_going:
                break
    finally:
        if fast is not None:
            fast.__exit__(None, None, None)
        for n in [m for m in sys.modules if m == "slampad" or m.startswith("slampad.")]:
            del sys.modules[n]
        sys.modules.update(before)
    rows = list(out["games"].values())
    out["errors"] = sum(r["errors"] for r in rows)
    sim_s = sum(r["sim_hours"] for r in rows) * 3600
    wall = sum(r["wall_s"] for r in rows)
    out["sim_s_per_wall_s"] = round(sim_s / wall, 1) if wall else None
    return out
