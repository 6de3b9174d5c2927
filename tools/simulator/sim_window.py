"""The simulator window (pygame): the display scaled up, the NeoPixels as
coloured circles (each seat's row labelled; the MacroPad's as its 3x4 keys), and
the four pads, lit while held. Device time follows the wall clock; ``frames``
limits the run (tests use SDL's dummy video driver).

No tap is lost: a key let go before the device has seen it for ``MIN_HOLD_MS``
(a press and release inside one frame, say) is held that long in device time
first. R powers the board off and on, keeping the flash, so Resume can be tried;
``--flash FILE`` keeps the flash between runs. ``--script FILE`` plays in the
window, in real time, and then the keys are yours."""

import os
import sys
import tempfile
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from sim_script import ScriptError, run_script  # noqa: E402
from simdevice import SimDevice  # noqa: E402

PAD_KEYS = {
    pygame.K_1: "1", pygame.K_2: "2", pygame.K_3: "3", pygame.K_4: "4",
    pygame.K_q: "1", pygame.K_p: "2", pygame.K_z: "3", pygame.K_m: "4",
    pygame.K_KP1: "1", pygame.K_KP2: "2", pygame.K_KP3: "3", pygame.K_KP4: "4",
}  # fmt: skip
POWER_KEYS = {pygame.K_MINUS: -0.1, pygame.K_EQUALS: 0.1}  # battery volts down / up
MENU_KEYS = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_RETURN: "select",
             pygame.K_KP_ENTER: "select", pygame.K_SPACE: "select"}  # fmt: skip
BOARD_KEYS = {pygame.K_u: "usb", pygame.K_i: "idle", pygame.K_r: "power",
              pygame.K_ESCAPE: "quit"}  # fmt: skip
# The key maps above are the window's keys: handle() reads them, and key_help() (which
# tools/sim --help prints) lists every key in them with these words.
KEY_WORDS = {
    "1": "slam pad P1", "2": "slam pad P2", "3": "slam pad P3", "4": "slam pad P4",
    "up": "menu button up", "down": "menu button down",
    "select": "menu button select (held 1.5 s: back to the menu)",
    -0.1: "battery 0.1 V lower", 0.1: "battery 0.1 V higher",
    "usb": "USB plugged in or out",
    "idle": "a minute with nobody touching anything (the device dims, then sleeps)",
    "power": "the board off and on, its flash kept (so Resume can be tried)",
    "quit": "quit",
}  # fmt: skip
KEY_NAMES = {"return": "Enter", "enter": "keypad Enter", "escape": "Esc", "space": "Space",
             "up": "Up arrow", "down": "Down arrow"}  # fmt: skip
SEAT_RGB = ((255, 32, 32), (48, 96, 255), (32, 208, 32), (255, 255, 255))
BG = (24, 24, 28)
GREY = (150, 150, 150)
MARGIN = 16
PANEL_W = 470  # the LEDs, the pads and the key help
NOTE_LINES = 3  # the note under the key help wraps onto at most this many lines
MIN_HOLD_MS = 30  # the menu buttons' debouncer needs about 5 ms; a pad 1 ms
FRAME_MS = 16  # a script's waits are shown at about this many ms a frame
MACROPAD_COLS = 3  # the MacroPad's 12 keys: 4 rows of 3, pixel i under key i


def key_name(k):
    """A key as the help names it: "Q", "Enter", "keypad 1", "-"."""
    name = pygame.key.name(k)
    if name in KEY_NAMES:
        return KEY_NAMES[name]
    if name.startswith("[") and name.endswith("]"):
        return "keypad " + name[1:-1]
    return name.capitalize()


def key_help():
    """The window's keys, a line each meaning: "1, Q, keypad 1: slam pad P1", read from
    the key maps (PAD_KEYS, MENU_KEYS, POWER_KEYS, BOARD_KEYS), in their order."""
    order, keys = [], {}
    for table in (PAD_KEYS, MENU_KEYS, POWER_KEYS, BOARD_KEYS):
        for k, what in table.items():
            if what not in keys:
                order.append(what)
                keys[what] = []
            keys[what].append(key_name(k))
    return ["%s: %s" % (", ".join(keys[w]), KEY_WORDS[w]) for w in order]


def wrap(font, text, width, most=None):
    """``text`` as lines that fit ``width`` pixels in ``font``, broken between words (a
    single word wider than that stands on its own line). Past ``most`` lines the rest is
    left out, between words, and the last line ends "..." to say so."""
    if font.size(text)[0] <= width:
        return [text] if text else []  # as given, its spacing kept
    lines = []
    for word in text.split():
        if lines and font.size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if most is not None and len(lines) > most:
        lines = lines[:most]
        words = lines[-1].split()
        while len(words) > 1 and font.size(" ".join(words) + " ...")[0] > width:
            words.pop()
        lines[-1] = " ".join(words) + " ..."
    return lines


class Window:
    def __init__(self, dev, seed=None):
        self.dev = dev
        self.seed = seed
        hw = dev.hw
        self.scale = 4 if hw.width < 200 else 2
        self.dw, self.dh = hw.width * self.scale, hw.height * self.scale
        self.grid = hw.dice_pixels is None  # the MacroPad: a pixel under each key
        self.side = self.dh > 300  # a tall display: the panel goes beside it
        panel_h = self.panel_height()
        if self.side:
            w = self.dw + PANEL_W + 3 * MARGIN
            h = max(self.dh, panel_h) + 2 * MARGIN
        else:
            w = max(self.dw, PANEL_W) + 2 * MARGIN
            h = self.dh + panel_h + 3 * MARGIN
        self.size = (w, h)
        self.surface = pygame.display.set_mode(self.size)
        caption = "Slampad simulator - %s" % dev.profile
        if seed is not None:
            caption += " - seed %d" % seed
        pygame.display.set_caption(caption)
        self.font = pygame.font.Font(None, 22)
        self.note = ""
        self.speaker = None

    def panel_height(self):
        n_pix = len(self.dev.hw.pixels) if self.dev.hw.pixels is not None else 0
        if self.grid:
            leds = ((n_pix + MACROPAD_COLS - 1) // MACROPAD_COLS) * 36
        else:
            leds = len(self.dev.hw.dice_pixels) * 26
        return leds + 10 + 84 + (3 + NOTE_LINES) * 22

    def pad_at(self, pos):
        """The pad key ("1".."4") whose picture is at window position ``pos``, or None."""
        for k, ((cx, cy), r) in enumerate(getattr(self, "pads", ())):
            if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (r + 4) ** 2:
                return str(k + 1)
        return None

    def text_width(self):
        """How wide the panel's text may run: the panel beside the display, or the
        window's width under it."""
        return PANEL_W if self.side else self.size[0] - 2 * MARGIN

    def draw(self):
        dev = self.dev
        s = self.surface
        s.fill(BG)
        w, h, rgb = dev.screenshot()
        img = pygame.image.frombuffer(bytes(rgb), (w, h), "RGB")
        s.blit(pygame.transform.scale(img, (self.dw, self.dh)), (MARGIN, MARGIN))
        if self.side:
            x, y = self.dw + 2 * MARGIN, MARGIN
        else:
            x, y = MARGIN, self.dh + 2 * MARGIN
        y = self.draw_leds(x, y) + 10
        self.pads = []  # each pad's picture: (centre, radius), for the mouse
        for k in range(4):
            held = dev.held.get(str(k + 1)) or dev.app.pad_input.held[k]
            col = SEAT_RGB[k] if held else tuple(v // 4 for v in SEAT_RGB[k])
            pygame.draw.circle(s, col, (x + 40 + k * 110, y + 28), 24)
            self.pads.append(((x + 40 + k * 110, y + 28), 24))
            lab = self.font.render(
                "P%d  [%s]" % (k + 1, "1234"[k] + "/" + "QPZM"[k]), True, (200, 200, 200)
            )
            s.blit(lab, (x + 8 + k * 110, y + 60))
        y += 84
        b = dev.battery()
        power = "battery %.2f V%s  [- =]  U: USB  I: +1 min idle" % (
            b["cell"],
            ", USB" if b["usb"] else "",
        )
        state = "ASLEEP: press a pad or select" if dev.asleep else self.note
        sound = self.speaker.note() if self.speaker is not None else ""
        if sound:
            state = (state + "   " if state else "") + sound
        self.shown = []  # the text lines drawn: (x, text, width in pixels), for the tests
        for text, col, most in (
            ("pads 1-4, Q P Z M or a click   menu: arrows + Enter   Esc quits", GREY, 1),
            (power, GREY, 1),
            ("R: power off and on (the saves stay)", GREY, 1),
            (state, (230, 200, 90), NOTE_LINES),
        ):
            for line in wrap(self.font, text, self.text_width(), most):
                s.blit(self.font.render(line, True, col), (x, y))
                self.shown.append((x, line, self.font.size(line)[0]))
                y += 22
        pygame.display.flip()

    def draw_leds(self, x, y):
        """The NeoPixels: a row per seat with its label, or the MacroPad's key grid."""
        s = self.surface
        px = self.dev.pixels()
        if self.grid:
            seats = self.dev.hw.seat_pixels or []
            gx = x + 34  # seat labels left of column 0, right of the last column
            for i in range(len(px)):
                r, c = divmod(i, MACROPAD_COLS)
                rect = pygame.Rect(gx + c * 36, y + r * 36, 30, 30)
                pygame.draw.rect(s, lit(px[i]), rect, border_radius=5)
                for seat, idx in enumerate(seats):
                    if i in idx:
                        lab = self.font.render("P%d" % (seat + 1), True, SEAT_RGB[seat % 4])
                        lx = x if c == 0 else gx + MACROPAD_COLS * 36 + 2
                        s.blit(lab, (lx, rect.y + 8))
            rows = (len(px) + MACROPAD_COLS - 1) // MACROPAD_COLS
            return y + rows * 36
        for seat, idx in enumerate(self.dev.hw.dice_pixels):
            lab = self.font.render("P%d" % (seat + 1), True, SEAT_RGB[seat % 4])
            s.blit(lab, (x, y + 6))
            for c, i in enumerate(idx):
                col = px[i] if i < len(px) else (0, 0, 0)
                pygame.draw.circle(s, lit(col), (x + 44 + c * 26, y + 12), 10)
            y += 26
        return y


class Speaker:
    """The piezo's tones through the computer's speaker (pygame.mixer), following the
    shim's PWM log; where there is no audio device, the window shows each tone as a note
    instead (``shown``)."""

    RATE = 22050

    def __init__(self):
        self.sounds = {}  # hz -> a looping square wave
        self.seen = 0  # entries of the PWM log played so far
        self.playing = None
        self.shown = ""  # what the window says about sound now
        self.shown_until = 0.0
        try:
            with quiet_stderr():  # the sound libraries' own complaints (ALSA's: a screenful)
                pygame.mixer.init(frequency=self.RATE, size=-16, channels=1)
            self.ok = True
        except pygame.error as e:
            self.ok = False
            self.why = " ".join(str(e).split()) or "no audio device"
            print("sim: no sound (%s): the window shows each tone instead" % self.why,
                  file=sys.stderr)

    def wave(self, hz):
        import array

        if hz not in self.sounds:
            n = self.RATE // 10  # 0.1 s, looped
            period = self.RATE / hz
            amp = 6000
            samples = array.array(
                "h", (amp if (i % period) < period / 2 else -amp for i in range(n))
            )
            self.sounds[hz] = pygame.mixer.Sound(buffer=samples.tobytes())
        return self.sounds[hz]

    def update(self, dev):
        try:
            log = dev.sim.pwm_log()
        except (LookupError, ValueError):
            return
        if len(log) < self.seen:  # a new device (power cycle): a new log
            self.seen = 0
        new = log[self.seen :]
        self.seen = len(log)
        for i, (t, hz, duty) in enumerate(new):
            # A tone that ended within this frame still sounds for its own length.
            ms = (new[i + 1][0] - t) % (1 << 29) if i + 1 < len(new) else None
            self.play(hz if duty else 0, ms)

    def play(self, hz, ms=None):
        """A tone of ``hz`` (0: silence), for ``ms`` or until the next call."""
        if hz == self.playing and ms is None:
            return
        if self.ok and self.playing:
            self.wave(self.playing).stop()
        self.playing = None
        if hz and self.ok:
            if ms is None:
                self.wave(hz).play(loops=-1)
                self.playing = hz
            else:
                self.wave(hz).play(loops=-1, maxtime=max(1, ms))
        if hz:
            self.shown = ("sound: %d Hz tone" if self.ok else "no sound: a %d Hz tone") % hz
            self.shown_until = time.monotonic() + 1.0  # a short beep's note stays readable
        elif ms is None and time.monotonic() >= self.shown_until:
            self.shown = ""

    def note(self):
        """What the window says about sound now ("" when nothing)."""
        if self.shown and not self.playing and time.monotonic() >= self.shown_until:
            self.shown = ""
        return self.shown

    def close(self):
        if self.ok:
            pygame.mixer.quit()


class quiet_stderr:
    """While open, what C libraries write to file descriptor 2 goes nowhere (ALSA prints
    its errors there, a dozen lines, before SDL gives up on a missing sound card)."""

    def __enter__(self):
        sys.stderr.flush()
        self.saved = os.dup(2)
        self.sink = tempfile.TemporaryFile()
        os.dup2(self.sink.fileno(), 2)
        return self

    def __exit__(self, *exc):
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.sink.close()
        return False


def lit(col):
    """A pixel's colour as the window shows it (off is dim grey, not black)."""
    return tuple(min(255, 40 + v * 3) if v else 40 for v in col)


def power_key(dev, key):
    """The battery and idle keys: True if ``key`` was one."""
    b = dev.battery()
    if key in POWER_KEYS:
        dev.set_battery(max(2.5, min(4.8, b["cell"] + POWER_KEYS[key])), b["usb"])
    elif BOARD_KEYS.get(key) == "usb":
        dev.set_battery(b["cell"], not b["usb"])
    elif BOARD_KEYS.get(key) == "idle":
        dev.idle(60)  # fast-forward a minute with nobody touching anything
    else:
        return False
    return True


def read_flash(path):
    """The flash image kept in ``path`` (None: none yet, or not a flash image)."""
    if not path or not os.path.exists(path):
        return None
    with open(path, "rb") as f:
        data = f.read()
    return data if len(data) == 4096 else None


def write_flash(path, dev):
    if path:
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(dev.flash_image())
        os.replace(tmp, path)


class Keys:
    """Key presses to the device, each held at least MIN_HOLD_MS of device time.

    A key held down is one press, held, however the keyboard repeats it: a repeated
    key-down is ignored, and a key-up is let go only at the end of the next poll of the
    window's events (``polled``), so the release and press that an auto-repeat can send
    instead (X11 without detectable auto-repeat: a pair SDL may deliver split across two
    polls) cancel out. Were they passed on, the device would see the key let go and
    pressed again each repeat: a stream of presses, and a held select never long."""

    def __init__(self):
        self.down_at = {}  # key -> device ms when pressed
        self.letting_go = {}  # key -> True once a poll has ended since its key-up

    def press(self, dev, key):
        if self.letting_go.pop(key, None) is not None:
            return  # a key-up and a key-down back to back: the key is still held
        if key not in self.down_at:
            dev.press(key)
            self.down_at[key] = dev.now()

    def release(self, dev, key):
        """A key-up: the key is let go at the end of the next poll unless pressed again."""
        if key in self.down_at:
            self.letting_go[key] = False

    def polled(self, dev):
        """The end of a poll of the window's events: let go the keys whose key-up came
        in an earlier poll and no key-down since."""
        for key, due in list(self.letting_go.items()):
            if due:
                self.let_go(dev, key)
            else:
                self.letting_go[key] = True

    def let_go(self, dev, key):
        self.letting_go.pop(key, None)
        t = self.down_at.pop(key, None)
        if t is None:
            return
        held = (dev.now() - t) % (1 << 29)
        if held < MIN_HOLD_MS:
            type(dev).run(dev, MIN_HOLD_MS - held)  # a quick tap: the device still sees it
        dev.release(key)


def main(args, frames=None, events=None):
    """Run the window until closed (or for ``frames`` frames, replaying ``events``:
    a dict frame -> list of pygame events, for tests)."""
    pygame.display.init()  # not pygame.init(): only the display, the fonts and the mixer
    pygame.font.init()
    flash_path = getattr(args, "flash", None)
    try:
        dev = SimDevice(args.profile, seed=args.seed, flash=read_flash(flash_path))
        win = Window(dev, args.seed)
        win.speaker = speaker = Speaker()
        keys = Keys()
        clock = pygame.time.Clock()
        state = {"running": True, "frame": 0, "dev": dev}

        def handle():
            """One frame's window events; returns the device (a new one after R)."""
            dev = state["dev"]
            f = state["frame"]
            if events and f in events:
                for e in events[f]:
                    pygame.event.post(e)
            for e in pygame.event.get():
                if e.type == pygame.QUIT:
                    state["running"] = False
                elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
                    # A click on a pad's picture presses that pad until the button is
                    # let go (a playtester clicked pad 1 and nothing happened).
                    pad = win.pad_at(e.pos)
                    if pad is not None:
                        state["clicked"] = pad
                        keys.press(dev, pad)
                elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
                    if state.get("clicked") is not None:
                        keys.release(dev, state.pop("clicked"))
                elif e.type in (pygame.KEYDOWN, pygame.KEYUP):
                    board = BOARD_KEYS.get(e.key)
                    if board == "quit":
                        state["running"] = False
                    if e.type == pygame.KEYDOWN and board == "power":
                        dev = power_cycle(dev, win, keys, flash_path)
                        state["dev"] = dev
                        continue
                    if e.type == pygame.KEYDOWN and power_key(dev, e.key):
                        continue
                    key = PAD_KEYS.get(e.key) or MENU_KEYS.get(e.key)
                    if key and e.type == pygame.KEYDOWN:
                        keys.press(dev, key)
                    elif key:
                        keys.release(dev, key)
            keys.polled(dev)
            return dev

        def frame(ms):
            dev = handle()
            type(dev).run(dev, ms)  # the device's own run, also while a script paces it
            speaker.update(dev)
            win.dev = dev
            win.draw()
            clock.tick(60 if frames is None else 0)
            state["frame"] += 1
            return state["running"] and (frames is None or state["frame"] < frames)

        script = getattr(args, "commands", None)
        if script:
            play_script(dev, script, frame, win, lambda: state["dev"])
        last = time.monotonic()
        while state["running"] and (frames is None or state["frame"] < frames):
            t = time.monotonic()
            ms = min(100, max(1, int((t - last) * 1000))) if frames is None else 33
            last = t
            frame(ms)
        write_flash(flash_path, state["dev"])
        state["dev"].close()
        speaker.close()
        return 0
    finally:
        pygame.quit()


def power_cycle(dev, win, keys, flash_path):
    """The board off and on again: a new device on the same flash (the saves stay)."""
    for key in list(keys.down_at):
        keys.let_go(dev, key)
    image = dev.flash_image()
    write_flash(flash_path, dev)
    dev.close()
    new = SimDevice(dev.profile, seed=dev.seed, flash=image)
    win.note = "powered off and on"
    return new


def play_script(dev, commands, frame, win, current):
    """A script in the window: its waits shown frame by frame in real time. It stops if
    the window closes or the board is powered off and on (``current()`` changes)."""

    def paced(ms):
        while ms > 0:
            step = min(ms, FRAME_MS)
            ms -= step
            if not frame(step):
                raise ScriptError("the window was closed")
            if current() is not dev:
                raise ScriptError("the board was powered off and on")

    dev.run = paced  # Scripted.tap and run_until go through run too
    try:
        win.note = "playing the script"
        run_script(dev, commands)
        win.note = "the script is done: the keys are yours"
    except ScriptError as e:
        win.note = "script stopped: %s" % e
    finally:
        del dev.run
