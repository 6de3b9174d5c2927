"""tools/reliability/soak.py's player: the input (pads and menu buttons, taps, holds, scripted
chords), the way through the menus by the rows' text, an episode on each kind of
screen (menu, resume offer, settings, lists, each game's setup and seats), and random
and helpful play on the game screens (the player to move presses their pad, picks a
legal move) so that games also finish.

``Player`` is a part of soak_game.GameSoak: its methods use the soak's state (rng, t,
dev, the counts) and its steps (wait, step)."""

from soak_checks import LONG_MS, TITLES, SoakError, loguniform


class Player:
    def pads(self):
        return [str(p + 1) for p in range(self.dev.hw.n_pads)]

    def press(self, key):
        if key not in self.dev.held:
            self.dev.press(key)
            self.n["inputs"] += 1

    def release(self, key):
        if key in self.dev.held or key in ("up", "down"):
            self.dev.release(key)

    def release_all(self):
        for k in list(self.dev.held):
            self.dev.release(k)

    def tap(self, key, hold=None, gap=None):
        """A press the menu debouncer surely sees (held across two polls), by default."""
        sure = 2 * self.frame + 12  # the debouncer: stable 10 ms between two polls
        self.press(key)
        self.wait(sure if hold is None else hold)
        self.release(key)
        self.wait(sure if gap is None else gap)

    def pad_of(self, p):
        return str(p + 1)

    def script(self, events):
        """events: [(at_ms, "press"|"release", key)] from now, in any order."""
        t0 = self.t
        for at, what, key in sorted(events, key=lambda e: (e[0], e[1] == "press")):
            self.wait(t0 + at - self.t)
            if what == "press":
                self.press(key)
            else:
                self.release(key)

    # -- navigation by the rows' text ------------------------------------------------------
    def cursor_row(self):
        for line in self.dev.lines():
            if line.startswith(">"):
                return line[1:]
        return None

    def goto(self, text, exact=False):
        """Move the cursor (down, or up) until the row under it reads ``text`` (or starts
        with it). False if the episode's screen has gone (a long press, say)."""
        scr = self.dev.app.screen
        if scr is not self.ep_screen:
            return False
        if self.stall_until > self.t:
            # A slow frame (a burst's stall) is still running: the menu buttons are read
            # once a frame, so a tap inside it is not seen, on the device too. Navigate
            # after it (seeds 5114 and 5115 tapped up into a stall and "missed" the row).
            self.wait(self.stall_until - self.t + 3 * self.frame + 12)
            if self.dev.app.screen is not scr:
                return False
        n = len(scr.items()) if hasattr(scr, "items") else 12
        key = self.rng.choice(("up", "down"))

        def listed():
            return any(r == text if exact else r.startswith(text) for r in scr.items())

        for _ in range(n + 2):
            row = self.cursor_row()
            if row is not None and (row == text if exact else row.startswith(text)):
                return True
            had = hasattr(scr, "items") and listed()
            self.tap(key)
            if self.dev.app.screen is not scr:
                return False
            if had and not listed():
                # The rows changed under the cursor: a quick press sent just before
                # (random_input's 1 ms tap, say) reached the app only now, as it may.
                # The episode ends; the next one reads the screen afresh (seed 5101).
                return False
        raise SoakError("no row %r on %s: %r" % (text, type(scr).__name__, self.dev.lines()))

    def pick(self, text, exact=False):
        if self.goto(text, exact):
            self.tap("select")

    # -- episodes ---------------------------------------------------------------------------
    def episode(self):
        self.ep_screen = scr = self.dev.app.screen
        name = type(scr).__name__
        mod = type(scr).__module__
        self.idle = False
        fn = {
            "MenuScreen": self.on_menu,
            "ResumeScreen": self.on_resume,
            "SettingsScreen": self.on_settings,
            "GoWildModes": self.on_gowild_modes,
            "JoinScreen": self.on_join,
            "TumblinJoin": self.on_join,
            "Seats": self.on_seats,
            "TableSetup": self.on_table_setup,
            "TableScreen": self.on_table,
            "OverScreen": self.on_over,
            "EnterScreen": self.on_enter,
            "OfferScreen": self.on_offer,
            "HowToScreen": self.on_howto,
        }.get(name)
        if name == "SetupScreen":
            fn = self.on_tumblin_setup if mod.endswith("tumblin.setup") else self.on_diceland_setup
        if fn is None and name == "PlayScreen":
            fn = self.on_play
        if fn is None:
            fn = self.on_list if hasattr(scr, "items") else self.on_play
        fn(scr)

    def on_menu(self, scr):
        self.wait(loguniform(self.rng, 20, 4000))
        items = scr.items()
        others = [x for x in items if x not in TITLES.values()]
        r = self.rng.random()
        if r < 0.08 and others:
            self.pick(self.rng.choice(others), exact=True)  # Settings, Statistics
        else:
            self.pick(self.title, exact=True)

    def on_resume(self, scr):
        self.wait(loguniform(self.rng, 20, 3000))
        self.pick("Resume" if self.rng.random() < 0.85 else "New game", exact=True)

    def on_settings(self, scr):
        items = scr.items()
        for _ in range(self.rng.randrange(0, 5)):
            self.pick(self.rng.choice(items[:-1]))
            if self.dev.app.screen is not scr:
                return
            items = scr.items()
        self.pick("Back", exact=True)

    def on_list(self, scr):
        """Any other list (Statistics, and screens this soak does not know): move about,
        select now and then, mostly go Back."""
        items = scr.items()
        for _ in range(self.rng.randrange(0, 4)):
            self.tap(self.rng.choice(("up", "down")))
        if "Back" in items and self.rng.random() < 0.7:
            self.pick("Back", exact=True)
        else:
            self.tap(self.rng.choice(("select", "up", "down")))

    def on_offer(self, scr):
        """The how-to-play offer, the first time a game is chosen."""
        self.pick("How to play" if self.rng.random() < 0.5 else "Skip", exact=False)

    def on_howto(self, scr):
        """Turn the pages about (with up/down, or a pad), then go on with select."""
        rng = self.rng
        keys = ["up", "down", "down", self.pad_of(rng.randrange(self.dev.hw.n_pads))]
        for _ in range(rng.randrange(0, 9)):
            self.tap(rng.choice(keys), hold=loguniform(rng, 20, 300))
            if self.dev.app.screen is not scr:
                return
        self.tap("select")

    def on_gowild_modes(self, scr):
        r = self.rng.random()
        self.pick("Pass and play" if r < 0.7 else "Table" if r < 0.93 else
                  "How to play" if r < 0.97 else "Back")  # fmt: skip

    def on_join(self, scr):
        rng = self.rng
        pads = list(range(self.dev.hw.n_pads))
        table = getattr(scr, "table", False)
        opts = getattr(scr, "options", None) or {}
        k = rng.choice((0, 1, 1, 1, 2, 2, 3, 4)) if not table else rng.choice((2, 2, 3, 4))
        if opts.get("teams"):
            k = 4 if table else k
        for p in rng.sample(pads, min(k, len(pads))):
            self.tap(self.pad_of(p), hold=loguniform(rng, 3, 400), gap=loguniform(rng, 5, 300))
            if rng.random() < 0.1:
                self.tap(self.pad_of(p), hold=10, gap=20)  # a bounce, or joining twice
        if not table:
            for s in range(len(scr.seats)):
                if scr.seats[s] is None and rng.random() < (0.5 if not opts.get("teams") else 0.9):
                    self.pick("P%d " % (s + 1))
                    for _ in range(rng.randrange(0, 3)):
                        self.tap("select")
                elif scr.seats[s] is not None and rng.random() < 0.05:
                    self.pick("P%d " % (s + 1))  # empty the seat again
                if self.dev.app.screen is not scr:
                    return
        if rng.random() < 0.03:
            for _ in range(self.rng.randrange(1, 6)):
                self.tap(self.rng.choice(("up", "down")))  # wander off
            return
        self.pick("START")

    def on_tumblin_setup(self, scr):
        rows = ("Board", "Length", "Scoring", "Teams", "-1x zone")
        weights = (3, 2, 1, 1, 1)
        for _ in range(self.rng.randrange(0, 5)):
            self.pick(self.rng.choices(rows, weights)[0])
            if self.dev.app.screen is not scr:
                return
        r = self.rng.random()
        self.pick("Next" if r < 0.93 else "How to play" if r < 0.97 else "Back")

    def on_diceland_setup(self, scr):
        rng = self.rng
        for _ in range(rng.randrange(0, 7)):
            self.pick("Scene")
        if rng.random() < 0.3:
            for _ in range(rng.randrange(0, 8)):
                self.pick("Size")  # "only for a random scene" otherwise
        for row in ("Terrain", "Fatal", "Grouping", "Capital", "Fill"):
            if rng.random() < 0.3:
                self.pick(row)
        for _ in range(rng.choice((0, 0, 1, 2, 3))):
            self.pick("P2:")
        if self.dev.app.screen is scr:
            r = rng.random()
            self.pick("Next" if r < 0.93 else "How to play" if r < 0.97 else "Back")

    def on_seats(self, scr):
        rng = self.rng
        pads = list(range(self.dev.hw.n_pads))
        for _ in range(rng.choice((1, 2, 2, 3))):
            self.tap(self.pad_of(rng.choice(pads)), hold=loguniform(rng, 5, 300))
        if rng.random() < 0.05:
            self.pick("P1 ")  # empty a seat again
        self.pick("START")

    def on_table_setup(self, scr):
        for _ in range(self.rng.randrange(0, 5)):
            self.pick("Players")
        for _ in range(self.rng.randrange(0, 3)):
            self.pick("First lead")
        self.pick("START" if self.rng.random() < 0.95 else "Back")

    def on_table(self, scr):
        rng = self.rng
        items = scr.items()
        if items[-1].startswith("up/down"):  # the winning set's size
            for _ in range(rng.randrange(0, 6)):
                self.tap(rng.choice(("up", "down")))
            self.tap("select")
            return
        r = rng.random()
        if r < 0.8:
            self.pick(rng.choice([x for x in items if " won trick" in x]))
        elif r < 0.9:
            self.pick("Nobody")
        elif r < 0.98 and "Undo last entry" in items:
            self.pick("Undo last entry")
        elif r < 0.99:
            self.pick("Menu", exact=True)
        else:
            self.random_input(scr)

    def on_enter(self, scr):
        rng = self.rng
        if rng.random() < 0.8:
            for _ in range(rng.choice((0, 0, 0, 1, 1, 2, 3, 5))):
                self.tap(rng.choice(("up", "down")))
            s = scr.game.turn()
            if s is not None and rng.random() < 0.3:
                self.tap(self.pad_of(scr.play.seats[s]))
            else:
                self.tap("select")
        else:
            self.random_input(scr)

    def on_over(self, scr):
        self.wait(loguniform(self.rng, 50, 5000))
        self.pick("Rematch" if self.rng.random() < 0.6 else "Menu", exact=True)

    # -- play --------------------------------------------------------------------------------
    def humans(self, scr):
        """The pads (0-based) of the seats people play."""
        pads = getattr(scr, "pads", None)
        if pads is None:
            pads = getattr(scr, "seats", None)
        kinds = getattr(scr, "kinds", None)
        if not pads or not kinds:
            return []
        n = self.dev.hw.n_pads
        return [
            p
            for p, k in zip(pads, kinds, strict=False)
            if k == "human" and isinstance(p, int) and 0 <= p < n
        ]

    def on_play(self, scr):
        r = self.rng.random()
        if r < 0.6:
            self.helpful(scr)
        elif r < 0.995:
            self.random_input(scr)
        else:
            self.say("select held: leaving the game")
            self.tap("select", hold=self.rng.randrange(LONG_MS + 100, 4000))

    def random_input(self, scr):
        rng = self.rng
        pads = self.pads()
        keys = pads + ["up", "down", "select"]
        weights = [4] * len(pads) + [2, 2, 1]
        r = rng.random()
        if r < 0.35:  # a tap, from a glitch to a slow press
            k = rng.choices(keys, weights)[0]
            self.tap(k, hold=loguniform(rng, 1, 800), gap=loguniform(rng, 1, 400))
        elif r < 0.5:  # a hold, up to many seconds (select kept short of a long press)
            k = rng.choices(keys, weights)[0]
            hi = 1300 if k == "select" else 12000
            self.tap(k, hold=loguniform(rng, 300, hi), gap=loguniform(rng, 5, 500))
        elif r < 0.62:  # a burst: mashing one key, or all the pads
            if rng.random() < 0.3:  # ... while the app is busy (a slow frame: a bot, a write)
                self.stall_until = self.t + loguniform(rng, 50, 3000)
            one = rng.random() < 0.5
            k = rng.choice(keys if one else pads)
            t = 0
            ev = []
            for _ in range(rng.randrange(3, 60)):
                key = k if one else rng.choice(pads)
                hold = rng.randrange(1, 60)
                ev += [(t, "press", key), (t + hold, "release", key)]
                t += hold + rng.randrange(1, 80)
            self.script(ev)
            self.release_all()
        elif r < 0.7:  # a chord: several pads together, let go in any order
            ks = rng.sample(pads, rng.randrange(2, len(pads) + 1))
            ev = []
            for key in ks:
                at = rng.randrange(0, 40)
                ev += [(at, "press", key), (at + loguniform(rng, 10, 3000), "release", key)]
            self.script(ev)
        else:  # nobody touches anything
            self.idle = True
            self.wait(loguniform(rng, 100, 40000))
            self.idle = False

    def helpful(self, scr):
        """Moves a player would make, so games go on and end."""
        rng = self.rng
        mod = type(scr).__module__
        humans = self.humans(scr)
        g = getattr(scr, "game", None)
        if g is None or not humans:
            self.idle = True
            self.wait(loguniform(rng, 200, 5000))
            self.idle = False
            return
        if mod.endswith("wildside.play"):
            ev = []
            for p in humans:
                if rng.random() < 0.7:
                    at = rng.randrange(0, 2500)
                    ev += [
                        (at, "press", self.pad_of(p)),
                        (at + loguniform(rng, 20, 300), "release", self.pad_of(p)),
                    ]
            self.script(ev)
            self.wait(rng.randrange(0, 1000))
        elif mod.endswith("gowild.play"):
            s = g.turn
            seats = scr.seats
            if s is not None and scr.bots[s] is None and seats[s] in humans:
                pad = self.pad_of(seats[s])
                self.press(pad)
                self.wait(rng.randrange(50, 600))
                for _ in range(rng.choice((0, 0, 1, 2, 4))):
                    self.tap(rng.choice(("up", "down")))
                self.tap("select")
                self.wait(rng.randrange(0, 300))
                self.release(pad)
            self.idle = True
            self.wait(rng.randrange(100, 3000))
            self.idle = False
        elif mod.endswith("tumblin.play"):
            st = scr.stage
            if st == "roll":
                for p in humans:
                    self.tap(self.pad_of(p), hold=rng.randrange(10, 200))
            elif st in ("aim", "charge") and scr.bots[scr.who] is None:
                for _ in range(rng.choice((0, 0, 1, 2, 3))):
                    self.tap(rng.choice(("up", "down")))
                pad = self.pad_of(scr.seats[scr.who])
                self.tap(pad, hold=loguniform(rng, 30, 4000))
            elif st == "table":
                r = rng.random()
                k = "up" if r < 0.08 else "select" if r < 0.3 else self.pad_of(scr.seats[scr.who])
                self.tap(k, hold=rng.randrange(20, 200), gap=rng.randrange(50, 700))
            elif st == "summary":
                self.tap(rng.choice(["select"] + [self.pad_of(p) for p in humans]))
            else:
                self.idle = True
                self.wait(rng.randrange(100, 3000))
                self.idle = False
        elif mod.endswith("diceland.play"):
            self.diceland_move(scr, g, humans)
        else:
            self.random_input(scr)

    def diceland_move(self, scr, g, humans):
        """A legal action, picked with the cursor as a player would (D2-D9)."""
        rng = self.rng
        st = scr.stage
        pad = scr.pads[g.turn] if g.turn is not None else None
        confirm = self.pad_of(pad) if pad is not None and rng.random() < 0.3 else "select"
        if st == "list":
            for _ in range(rng.choice((0, 0, 1, 2))):
                self.tap(rng.choice(("up", "down")))
            self.tap(confirm)
        elif st == "news":
            self.wait(rng.randrange(0, 2500))
            if rng.random() < 0.5:
                self.tap(rng.choice(["select"] + [self.pad_of(p) for p in humans]))
        elif st == "pick" and rng.random() < 0.8:
            a = rng.choice(g.legal_actions(g.turn))
            n = g.scene.n
            hexes = {
                "place": a[3:4],
                "attack": a[2:4],
                "move": a[2:4],
                "combo": a[2:5],
                "town": a[2:3],
                "pass": (n,),
            }.get(a[0], ())
            for h in hexes:
                m = n + (1 if g.phase in ("move", "town") else 0)
                d = (h - scr.cur) % m
                for _ in range(min(d, m - d)):
                    self.tap("down" if d <= m - d else "up")
                self.tap(confirm)
                if scr.stage != "pick" or self.dev.app.screen is not scr:
                    break
            if scr.stage == "list" and self.dev.app.screen is scr:
                self.tap("select")
        elif st == "pick":
            for _ in range(rng.choice((0, 1, 2, 3, 5, 8))):
                self.tap(rng.choice(("up", "down")))
            self.tap(confirm)
        else:
            self.idle = True
            self.wait(rng.randrange(100, 3000))
            self.idle = False
