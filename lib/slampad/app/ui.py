"""Rows of text on the display, refreshed only when something changed.

terminalio's font on every profile; doubled on the 240x240 colour display.
Seat colours follow ruling S1 where the display has colour.
"""

import displayio
import terminalio
from adafruit_display_text.label import Label

WHITE = 0xFFFFFF
# S1: P1 red, P2 blue, P3 green, P4 white, P5 purple, P6 orange.
SEAT_COLOURS = (0xFF2020, 0x3060FF, 0x20D020, 0xFFFFFF, 0xB040FF, 0xFF8000)


def rgb(colour, scale=1.0):
    """0xRRGGBB as an (r, g, b) tuple for the NeoPixels, optionally dimmed."""
    r, g, b = (colour >> 16) & 255, (colour >> 8) & 255, colour & 255
    return (int(r * scale), int(g * scale), int(b * scale))


def seat_colour(line, colour=WHITE):
    """S1: a line naming a seat first (" P3: ...", ">P3's") in its colour; else ``colour``."""
    s = line.lstrip(" >")
    if len(s) > 2 and s[0] == "P" and "1" <= s[1] <= "6" and s[2] in " ,:'+":
        return SEAT_COLOURS[int(s[1]) - 1]
    return colour


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
    """Rows of text, an adafruit_display_text Label a row, each in a Group on the font's
    grid (a screen may move a row's Group: ``labels[r][0]``). label.Label, not bitmap_label:
    on the firmware it sets a row's text in half the time for twice the heap (about 2.7 KB
    a row; docs/benchmarks.md). No background, so a game's picture may sit under the rows
    (``group``)."""

    def __init__(self, hw):
        self.display = hw.display
        self.colour = hw.colour
        font = terminalio.FONT
        fw, fh = font.get_bounding_box()
        scale = 2 if hw.width >= 200 else 1
        self.scale = scale
        self.cell = (fw * scale, fh * scale)  # one character on the glass
        self.cols = hw.width // (fw * scale)
        self.rows = hw.height // (fh * scale)
        self._font = font
        self.group = displayio.Group()
        rows = displayio.Group(scale=scale)
        self.group.append(rows)
        self._rows = rows
        self.labels = []  # (the row's Group, its Label)
        self.colours = [WHITE] * self.rows
        for r in range(self.rows):
            row = displayio.Group(y=r * fh)
            label = Label(font, text="", color=WHITE, anchor_point=(0, 0),
                          anchored_position=(0, 0))  # fmt: skip
            row.append(label)
            rows.append(row)
            self.labels.append((row, label))
        self.lines = [""] * self.rows  # what the screen set (row 0 before the corner)
        self.drawn = [""] * self.rows  # what the rows show
        self.corner = ""  # the battery: "80%", "USB" or "" (issue 9)
        self.level = 0  # ... its charge, for the icon
        self.banner = ""  # a passing note over row 0 (a low battery)
        self._icon = None
        self._marks = None  # the list's "more above / below" arrows, made on first use
        self._look = None  # the colour display's list dressing (app/listlook.py), ditto
        self.dirty = True
        self.listener = None  # called with the lines after each change (sim log)
        self.display.root_group = self.group

    def drop_pictures(self):
        """Take every game picture out from under the rows (leaving a game early)."""
        i = 0
        while i < len(self.group):
            if self.group[i] is self._rows:
                i += 1
            else:
                self.group.pop(i)
                self.dirty = True

    def drop(self, picture):
        """Take one picture out from under the rows; dropping it twice is harmless."""
        try:
            self.group.remove(picture)
        except ValueError:
            pass  # closed already
        self.dirty = True

    def _put(self, r, s):
        """Set row r's text if it changed; True if it did."""
        if s == self.drawn[r]:
            return False
        self.drawn[r] = s
        self.labels[r][1].text = s.rstrip()  # trailing blanks draw nothing
        self.dirty = True
        return True

    def _row0(self):
        """Row 0 as shown: a banner, or the screen's row with the battery corner at its
        right when both fit (the icon is two cells, then the percent)."""
        if self.banner:
            s = self.banner[: self.cols]
        else:
            s = self.lines[0]
        room = self.cols - len(self.corner) - 2
        show = bool(self.corner) and not self.banner and len(s) < room
        if show:
            s = s + " " * (self.cols - len(s) - len(self.corner)) + self.corner
            self._draw_icon(room)
        if self._icon is not None:
            self._icon.hidden = not show
        return s

    def _draw_icon(self, col):
        """A battery outline filled to ``level`` percent, at column ``col`` of row 0."""
        if self._icon is not None and self._at == (col, self.level):
            return
        self._at = (col, self.level)
        fw, fh = self._font.get_bounding_box()
        if self._icon is None:
            pal = displayio.Palette(2)
            pal[0] = 0
            pal[1] = WHITE
            pal.make_transparent(0)
            self._bmp = displayio.Bitmap(2 * fw, fh, 2)
            self._icon = displayio.TileGrid(self._bmp, pixel_shader=pal)
            self._rows.append(self._icon)
        b = self._bmp
        top = fh // 2 - 3
        full = 1 + (2 * fw - 5) * self.level // 100
        for x in range(2 * fw - 1):
            for y in range(6):
                edge = x in (0, 2 * fw - 3) or (y in (0, 5) and x < 2 * fw - 3)
                tip = x == 2 * fw - 2 and y in (2, 3)
                b[x, top + y] = 1 if edge or tip or (x <= full and x < 2 * fw - 3) else 0
        self._icon.x = col * fw
        self.dirty = True

    def scroll_marks(self, first, above, last, below):
        """Arrows in the last column: up on row ``first`` when rows are hidden above the
        list, down on row ``last`` when rows are hidden below; both hidden when not."""
        if self._marks is None:
            if not (above or below):
                return
            fw, fh = self._font.get_bounding_box()
            pal = displayio.Palette(2)
            pal[0] = 0
            pal[1] = WHITE
            pal.make_transparent(0)
            sheet = displayio.Bitmap(2 * fw, fh, 2)
            mid, top = fw // 2, fh // 2 - 2
            for k in range(4):  # a solid triangle each way, 7 pixels at its base
                for x in range(mid - k, mid + k + 1):
                    if 0 <= x < fw:
                        sheet[x, top + k] = 1  # tile 0 points up
                        sheet[fw + x, top + 3 - k] = 1  # tile 1 points down
            self._marks = []
            for tile in (0, 1):
                grid = displayio.TileGrid(sheet, pixel_shader=pal, tile_width=fw,
                                          tile_height=fh, default_tile=tile)  # fmt: skip
                grid.x = (self.cols - 1) * fw
                self._rows.append(grid)
                self._marks.append(grid)
        fh = self._font.get_bounding_box()[1]
        for grid, on, row in ((self._marks[0], above, first), (self._marks[1], below, last)):
            y = row * fh
            if grid.hidden == bool(on) or (on and grid.y != y):
                grid.hidden = not on
                grid.y = y
                self.dirty = True

    def under_rows(self, group):
        """Put ``group`` under the rows, on their font grid (kept by drop_pictures)."""
        self._rows.insert(0, group)
        self.dirty = True

    def list_look(self, title_rows=0, cursor=-1, icons=()):
        """On the colour display, a list's dressing (app/listlook.py): a band behind its
        title rows, a bar behind the cursor's row, icons; the defaults hide it."""
        if not self.colour or (self._look is None and not title_rows and cursor < 0):
            return
        if self._look is None:
            from slampad.app.listlook import ListLook

            self._look = ListLook(self)
        self._look.show(title_rows, cursor, icons)
        self.dirty = True

    def set_corner(self, text, level=0):
        """The battery corner: "80%" or "USB" and the charge, or "" to hide it."""
        self.corner = text
        self.level = max(0, min(100, level))
        self._put(0, self._row0())

    def set_banner(self, text):
        """A note over row 0 (a low battery), or "" to end it."""
        self.banner = text
        self._put(0, self._row0())

    def show(self, lines, colours=None):
        """Set every row: lines beyond the screen are dropped, long ones cut."""
        changed = False
        for r in range(self.rows):
            s = lines[r][: self.cols] if r < len(lines) else ""
            c = WHITE
            if colours is not None and r < len(colours) and self.colour:
                c = colours[r]
            if s != self.lines[r]:
                self.lines[r] = s
                self._put(r, self._row0() if r == 0 else s)
                changed = True
            if self.colours[r] != c:
                self.colours[r] = c
                self.labels[r][1].color = c
                changed = True
        if changed:
            self.dirty = True
            if self.listener is not None:
                self.listener(self.lines)

    def changed(self):
        """A picture under the rows changed: refresh the display at the next frame."""
        self.dirty = True

    def refresh(self):
        if self.dirty:
            self.dirty = False
            self.display.refresh()
