"""The simulator window (pygame): the display scaled up, the NeoPixels as
coloured circles, and the four pads, lit while held. Device time follows the
wall clock; ``frames`` limits the run (tests use SDL's dummy video driver)."""

import os
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from simdevice import SimDevice  # noqa: E402

PAD_KEYS = {
    pygame.K_1: "1", pygame.K_2: "2", pygame.K_3: "3", pygame.K_4: "4",
    pygame.K_q: "1", pygame.K_p: "2", pygame.K_z: "3", pygame.K_m: "4",
    pygame.K_KP1: "1", pygame.K_KP2: "2", pygame.K_KP3: "3", pygame.K_KP4: "4",
}  # fmt: skip
POWER_KEYS = {pygame.K_MINUS: -0.1, pygame.K_EQUALS: 0.1}  # battery volts down / up
MENU_KEYS = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_RETURN: "select",
             pygame.K_KP_ENTER: "select", pygame.K_SPACE: "select"}  # fmt: skip
SEAT_RGB = ((255, 32, 32), (48, 96, 255), (32, 208, 32), (255, 255, 255))
BG = (24, 24, 28)
MARGIN = 16


class Window:
    def __init__(self, dev):
        self.dev = dev
        hw = dev.hw
        self.scale = 4 if hw.width < 200 else 2
        self.dw, self.dh = hw.width * self.scale, hw.height * self.scale
        n_pix = len(hw.pixels) if hw.pixels is not None else 0
        self.rows = 4 if hw.dice_pixels else 1
        self.per_row = max(1, n_pix // self.rows)
        w = max(self.dw, 520) + 2 * MARGIN
        h = self.dh + 3 * MARGIN + self.rows * 34 + 132
        self.surface = pygame.display.set_mode((w, h))
        pygame.display.set_caption("Slampad simulator - %s" % dev.profile)
        self.font = pygame.font.Font(None, 22)

    def draw(self):
        dev = self.dev
        s = self.surface
        s.fill(BG)
        w, h, rgb = dev.screenshot()
        img = pygame.image.frombuffer(bytes(rgb), (w, h), "RGB")
        s.blit(pygame.transform.scale(img, (self.dw, self.dh)), (MARGIN, MARGIN))
        y = self.dh + 2 * MARGIN
        px = dev.pixels()
        for r in range(self.rows):
            for c in range(self.per_row):
                i = r * self.per_row + c
                col = px[i] if i < len(px) else (0, 0, 0)
                shown = tuple(min(255, 40 + v * 3) if v else 40 for v in col)
                pygame.draw.circle(s, shown, (MARGIN + 14 + c * 30, y + 14), 12)
            y += 34
        y += 6
        for k in range(4):
            held = dev.held.get(str(k + 1)) or dev.app.held[k]
            col = SEAT_RGB[k] if held else tuple(v // 4 for v in SEAT_RGB[k])
            pygame.draw.circle(s, col, (MARGIN + 40 + k * 110, y + 30), 28)
            lab = self.font.render("P%d  [%s]" % (k + 1, "1234"[k] + "/" + "QPZM"[k]),
                                   True, (200, 200, 200))
            s.blit(lab, (MARGIN + 8 + k * 110, y + 64))
        hint = self.font.render("pads 1-4 or Q P Z M   menu: arrows + Enter   Esc quits",
                                True, (150, 150, 150))
        s.blit(hint, (MARGIN, y + 88))
        b = dev.battery()
        power = "battery %.2f V%s  [- =]  U: USB  I: +1 min idle%s" % (
            b["cell"], ", USB" if b["usb"] else "", "   ASLEEP: press a pad" if dev.asleep else ""
        )
        s.blit(self.font.render(power, True, (150, 150, 150)), (MARGIN, y + 110))
        pygame.display.flip()


def power_key(dev, key):
    """The battery and idle keys: True if ``key`` was one."""
    b = dev.battery()
    if key in POWER_KEYS:
        dev.set_battery(max(2.5, min(4.8, b["cell"] + POWER_KEYS[key])), b["usb"])
    elif key == pygame.K_u:
        dev.set_battery(b["cell"], not b["usb"])
    elif key == pygame.K_i:
        dev.idle(60)  # fast-forward a minute with nobody touching anything
    else:
        return False
    return True


def main(args, frames=None, events=None):
    """Run the window until closed (or for ``frames`` frames, replaying ``events``:
    a dict frame -> list of pygame events, for tests)."""
    pygame.display.init()  # not pygame.init(): the sim has no use for audio devices
    pygame.font.init()
    try:
        dev = SimDevice(args.profile, seed=args.seed)
        win = Window(dev)
        clock = pygame.time.Clock()
        last = time.monotonic()
        frame = 0
        running = True
        while running and (frames is None or frame < frames):
            if events and frame in events:
                for e in events[frame]:
                    pygame.event.post(e)
            for e in pygame.event.get():
                if e.type == pygame.QUIT:
                    running = False
                elif e.type in (pygame.KEYDOWN, pygame.KEYUP):
                    if e.key == pygame.K_ESCAPE:
                        running = False
                    if e.type == pygame.KEYDOWN and power_key(dev, e.key):
                        continue
                    key = PAD_KEYS.get(e.key) or MENU_KEYS.get(e.key)
                    if key and e.type == pygame.KEYDOWN:
                        dev.press(key)
                    elif key and key in dev.held:
                        dev.release(key)
            t = time.monotonic()
            ms = min(100, max(1, int((t - last) * 1000))) if frames is None else 33
            last = t
            dev.run(ms)
            win.draw()
            clock.tick(60 if frames is None else 0)
            frame += 1
        dev.close()
        return 0
    finally:
        pygame.quit()
