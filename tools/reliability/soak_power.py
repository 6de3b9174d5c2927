"""tools/reliability/soak.py's faults: power cuts, at a chosen instant (``Cut``) or armed in the
flash so the next write stops part way (the shim's ``PowerCut``), the power-down and
power-up on the same flash image, keys still held at power-up, and the game saves
followed through the app's store (what was written last, what a cut interrupted).

``Power`` is a part of soak_game.GameSoak: its methods use the soak's state (rng, t,
dev, the counts) and its steps (wait, press, after_step)."""

import sys

from simdevice import SimDevice, use_shim
from soak_checks import SoakError, digest_of, loguniform


class Cut(Exception):  # noqa: N818 - an event, not an error
    """The soak cuts the power at a chosen instant (not during a write)."""



class Power:
    def plan_cut(self):
        gap = max(1000, int(self.rng.expovariate(1.0 / self.cut_every)))
        self.cut_at = self.t + gap
        self.cut_mode = "flash" if self.rng.random() < 0.6 else "instant"
        self.armed = False

    def arm(self, flash):
        r = self.rng.random()
        if r < 0.5:
            after = self.rng.randrange(0, 64)
        elif r < 0.8:
            after = self.rng.randrange(0, 512)
        else:
            after = self.rng.randrange(0, 4096)
        erase = self.rng.choice(("done", "partial"))
        flash.arm_cut(after, erase=erase, seed=self.rng.randrange(1 << 30))
        self.armed = True
        self.cut_deadline = self.t + loguniform(self.rng, 10000, 600000)

    def check_cut(self):
        if self.no_cut or self.t < self.cut_at:
            return
        if self.cut_mode == "instant":
            raise Cut()
        if not self.armed:
            self.arm(self.dev.sim.flash())
        elif self.t >= self.cut_deadline:  # no write came: cut now instead
            self.dev.sim.flash().disarm()
            raise Cut()

    def power_down(self):
        dev = self.dev
        if dev is None:
            return
        f = dev.sim.flash()
        self.n["flash_writes"] += f.writes
        self.n["flash_erases"] += f.erases
        self.n["saves_written"] += getattr(dev.app, "saves_written", 0)
        self.image = dev.flash_image()
        self.held_at_cut = sorted(dev.held)
        self.dev = None

    def power_up(self, image=None):
        """A new device on ``image`` (None: erased flash), its firmware imported afresh.
        Now and then a flash cut is armed before the app starts (it cuts a power-up write)."""
        for name in [m for m in sys.modules if m == "slampad" or m.startswith("slampad.")]:
            del sys.modules[name]
        sim = use_shim()
        orig = sim.use_board
        early = image is not None and self.rng.random() < 0.1

        def use_board(board_id):
            orig(board_id)
            if early:
                self.cut_mode, self.cut_at = "flash", self.t
                self.arm(sim.flash())

        sim.use_board = use_board
        try:
            dev = SimDevice(
                self.profile, seed=self.rng.randrange(1 << 24), flash=image, frame_ms=self.frame
            )
        except self.PowerCut:  # the early cut struck a write at power-up
            self.image = bytes(sim.flash().data)
            raise
        finally:
            sim.use_board = orig
        self.n["power_ups"] += 1
        self.dev = dev
        dev.log = []
        dev.app.text.listener = self.text_changed
        if not self.render:  # the firmware still builds every picture; Blinka skips the pixels
            dev.hw.display.refresh = self.no_refresh
        self.text_changed(dev.app.text.lines)
        if hasattr(dev.app, "start_watchdog"):
            dev.app.start_watchdog()  # as slampad.app.main.run() does
        self.world = sys.modules["_simworld"]
        self.last_step = self.t
        self.last_screen = None
        self.checked = None
        self.watch_store()
        if type(dev.app.screen).__name__ != "ResumeScreen":
            if self.save_done is not None and not self.write_cut:
                raise SoakError(
                    "the saved game was lost (no write was cut since it was "
                    "saved): %r" % (dev.lines(),)
                )
            self.save_done = self.save_cut = None  # nothing saved now (a cut may lose it)
            self.write_cut = False
        self.after_step()

    def no_refresh(self, *args, **kwargs):
        self.n["refreshes"] += 1
        return True

    def still_held(self):
        """Now and then the keys held when the power went are still down at power-up."""
        keys, self.held_at_cut = self.held_at_cut, []
        if keys and self.rng.random() < 0.5:
            for k in keys:
                self.press(k)
            self.wait(loguniform(self.rng, 30, 5000))
            self.release_all()

    def cut_power(self, in_write):
        self.n["power_cuts"] += 1
        if in_write:
            self.n["cuts_in_write"] += 1
            self.write_cut = True
        self.say("power cut%s" % (" during a flash write" if in_write else ""))
        self.power_down()
        self.plan_cut()

    def watch_store(self):
        """Follow the game saves: what was written last, and what a cut interrupted."""
        st = self.dev.app.store() if hasattr(self.dev.app, "store") else None
        if st is None or not hasattr(st, "save") or not hasattr(st, "clear"):
            return
        save, clear = st.save, st.clear
        me = self

        def watched_save(key, obj):
            if key != "game":
                return save(key, obj)
            h = digest_of(obj.get("s")) if isinstance(obj, dict) else None
            try:
                out = save(key, obj)
            except me.PowerCut:
                me.save_cut = h
                raise
            me.save_done, me.save_cut, me.write_cut = h, None, False
            return out

        def watched_clear(key):
            if key != "game":
                return clear(key)
            try:
                out = clear(key)
            except me.PowerCut:
                me.save_cut = "cleared"
                raise
            me.save_done, me.save_cut, me.write_cut = None, None, False
            return out

        st.save = watched_save
        st.clear = watched_clear
