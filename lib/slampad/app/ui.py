"""Rows of text on the display, refreshed only when something changed.

terminalio's font on every profile; doubled on the 240x240 colour display.
Seat colours follow ruling S1 where the display has colour.
"""

import displayio
import terminalio
from adafruit_display_text import label

WHITE = 0xFFFFFF
# S1: P1 red, P2 blue, P3 green, P4 white, P5 purple, P6 orange.
SEAT_COLOURS = (0xFF2020, 0x3060FF, 0x20D020, 0xFFFFFF, 0xB040FF, 0xFF8000)


def rgb(colour, scale=1.0):
    """0xRRGGBB as an (r, g, b) tuple for the NeoPixels, optionally dimmed."""
    r, g, b = (colour >> 16) & 255, (colour >> 8) & 255, colour & 255
    return (int(r * scale), int(g * scale), int(b * scale))


def wrap(text, cols):
    """Word-wrap one string into lines of at most cols characters."""
    out = []
    line = ""
    for word in text.split(" "):
        while len(word) > cols:
            if line:
                out.append(line)
                line = ""
            out.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


class Text:
    def __init__(self, hw):
        self.display = hw.display
        self.colour = hw.colour
        fw, fh = terminalio.FONT.get_bounding_box()
        scale = 2 if hw.width >= 200 else 1
        self.cols = hw.width // (fw * scale)
        self.rows = hw.height // (fh * scale)
        self.group = displayio.Group()
        self.labels = []
        for r in range(self.rows):
            lb = label.Label(terminalio.FONT, text=" ", color=WHITE, scale=scale)
            lb.anchor_point = (0, 0)
            lb.anchored_position = (0, r * fh * scale)
            self.group.append(lb)
            self.labels.append(lb)
        self.lines = [""] * self.rows
        self.dirty = True
        self.listener = None  # called with the lines after each change (sim log)
        self.display.root_group = self.group

    def show(self, lines, colours=None):
        """Set every row: lines beyond the screen are dropped, long ones cut."""
        changed = False
        for r in range(self.rows):
            s = lines[r][: self.cols] if r < len(lines) else ""
            c = WHITE
            if colours is not None and r < len(colours) and self.colour:
                c = colours[r]
            lb = self.labels[r]
            if s != self.lines[r]:
                self.lines[r] = s
                lb.text = s or " "
                changed = True
            if lb.color != c:
                lb.color = c
                changed = True
        if changed:
            self.dirty = True
            if self.listener is not None:
                self.listener(self.lines)

    def refresh(self):
        if self.dirty:
            self.dirty = False
            self.display.refresh()
