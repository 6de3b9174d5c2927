"""Was this image compiled for the CircuitPython this board runs? code.py asks first.

``tools/deploy.py --mpy`` compiles lib/ to .mpy files, which only the CircuitPython major
version they were made for can load (another raises ``ValueError: incompatible .mpy
file``), and writes lib/slampad/build.txt: ``mpy 10`` for CircuitPython 10. This module
always stays a .py file and imports nothing compiled, so it runs on any version. If the
versions differ, ``check()`` says so on the console and on the display (built here from
the firmware's own modules, as each profile wires it) and waits: copying another image
restarts the board. A .py image has no build.txt, and nothing to check. When all is well
``check()`` drops this module (code.py drops its name), so its RAM goes back.
"""

import sys

# The console's message, then the display's rows (at most 20 characters, 5 rows).
MESSAGE = (
    "This Slampad image was compiled for CircuitPython %d; this board runs %d. Install "
    "CircuitPython %d, or copy the matching image (tools/deploy.py --mpy, with the "
    "mpy-cross of the board's version) or a .py image (tools/deploy.py)."
)
ROWS = (
    "Slampad image is for",
    "CircuitPython %d;",
    "this board runs %d.",
    "Install %d, or copy",
    "a .py/matching image",
)

# The displays as lib/slampad/hw builds them, from the firmware alone. The init sequences
# are the drivers' (adafruit_displayio_ssd1306 for 128x64, adafruit_st7789 with its
# default BGR and inversion); tests/test_slampad_check.py holds them to that.
SSD1306 = (
    b"\xae\x00\x20\x01\x00\x81\x01\xcf\xa1\x00\xa6\x00\xc8\x00\xa8\x01\x3f\xd5\x01\x80"
    b"\xd9\x01\xf1\xda\x01\x12\xdb\x01\x40\x8d\x01\x14\xaf\x00"
)
ST7789 = (
    b"\x01\x80\x96\x11\x80\xff\x3a\x81\x55\x0a\x36\x01\x08\x13\x80\x0a\x29\x80\xff"
    b"\x36\x01\xc0\x21\x00"
)
# board_id -> profile when settings.toml names none (the MacroPad has board.DISPLAY)
BOARDS = {
    "slampad_pico": "pico",
    "slampad_feather": "feather",
    "raspberry_pi_pico": "pico",
    "adafruit_feather_rp2040": "feather",
}
I2C_PINS = {"pico": ("GP5", "GP4"), "feather": ("SCL", "SDA")}  # SCL, SDA (hw/pico, feather)
TFT_PINS = ("GP2", "GP3", "GP0", "GP1", "GP14")  # SCK, MOSI, DC, CS, RST (hw/pico_tft)


def built_for(path=None):
    """The CircuitPython major version the image was compiled for (lib/slampad/build.txt
    beside this file), or None: a .py image."""
    if path is None:
        path = globals().get("__file__", "/lib/x").rpartition("/")[0] + "/slampad/build.txt"
    try:
        with open(path) as f:
            words = f.readline().split()
        return int(words[1]) if words[0] == "mpy" else None
    except (OSError, IndexError, ValueError):
        return None


def running():
    """The CircuitPython major version this board runs; None off CircuitPython."""
    if sys.implementation.name != "circuitpython":
        return None
    return sys.implementation.version[0]


def problem(built, now):
    """The console message when an image compiled for ``built`` meets a board that runs
    ``now`` (major versions), or None: they match, or nothing to compare."""
    if built is None or now is None or built == now:
        return None
    return MESSAGE % (built, now, built)


def check(path=None):
    """code.py's first step: return if this image can run here, else say why and wait."""
    built = built_for(path)
    now = running()
    msg = problem(built, now)
    if msg is None:
        print(which_copy())
        sys.modules.pop(__name__, None)
        return
    print(msg)
    rows = [ROWS[0], ROWS[1] % built, ROWS[2] % now, ROWS[3] % built, ROWS[4]]
    try:
        show(rows)
    except Exception as e:  # noqa: BLE001 - no display: the console has said it
        print("(display: %r)" % (e,))
    import time

    while True:
        time.sleep(1)  # a new image on the drive restarts the board


def which_copy(drive_copy=None, board_id=None):
    """The console's line on which slampad runs. sys.path is '', '/', '.frozen', '/lib': a
    /slampad folder on the drive comes before the Slampad firmware's frozen code (a frozen
    module's __file__ does not say it is frozen, so the drive is looked at)."""
    if board_id is None:
        import board

        board_id = board.board_id
    if drive_copy is None:
        import os

        try:
            drive_copy = bool(os.stat("/slampad")[0] & 0x4000)  # a folder
        except OSError:
            drive_copy = False
    if not board_id.startswith("slampad_"):
        return "Slampad: running %s (stock CircuitPython)" % (
            "/slampad" if drive_copy else "/lib/slampad"
        )
    if drive_copy:
        return (
            "Slampad: running the copy in /slampad on the drive, not the firmware's own "
            "(remove that folder to run the firmware's)"
        )
    return "Slampad: running the firmware's own code (frozen)"


def show(rows):
    """Put ``rows`` on the profile's display with the built-in font."""
    import board
    import displayio
    import terminalio

    display = getattr(board, "DISPLAY", None)
    if display is None:
        display = _build(board, displayio)
    display.auto_refresh = False
    font = terminalio.FONT
    fw, fh = font.get_bounding_box()[:2]
    scale = 2 if display.width >= 200 else 1
    cols = display.width // (fw * scale)
    pal = displayio.Palette(2)
    pal[0] = 0
    pal[1] = 0xFFFFFF
    grid = displayio.TileGrid(
        font.bitmap,
        pixel_shader=pal,
        width=cols,
        height=display.height // (fh * scale),
        tile_width=fw,
        tile_height=fh,
        default_tile=_tile(font, " "),
    )
    for r in range(min(len(rows), grid.height)):
        for c in range(min(len(rows[r]), cols)):
            grid[c, r] = _tile(font, rows[r][c])
    group = displayio.Group(scale=scale)
    group.append(grid)
    display.root_group = group
    display.refresh()
    return display


def _tile(font, ch):
    """The glyph sheet's tile of character ``ch`` ("?" if the font has none)."""
    g = font.get_glyph(ord(ch))
    if g is None:
        g = font.get_glyph(63)
    return g.tile_index


def _build(board, displayio):
    """The display of the profile settings.toml names, or of this board (hw/*.py)."""
    import os

    import busio
    from busdisplay import BusDisplay

    profile = os.getenv("SLAMPAD_PROFILE") or BOARDS.get(board.board_id)
    displayio.release_displays()
    if profile == "pico_tft":
        from fourwire import FourWire

        sck, mosi, dc, cs, rst = [getattr(board, n) for n in TFT_PINS]
        bus = FourWire(
            busio.SPI(sck, MOSI=mosi), command=dc, chip_select=cs, reset=rst, baudrate=24000000
        )
        return BusDisplay(bus, ST7789, width=240, height=240, rowstart=80, auto_refresh=False)
    from i2cdisplaybus import I2CDisplayBus

    pins = I2C_PINS.get(profile or "")
    if pins is None:
        raise ValueError("no display known for profile %r" % profile)
    scl, sda = [getattr(board, n) for n in pins]
    return BusDisplay(
        I2CDisplayBus(busio.I2C(scl, sda), device_address=0x3C),
        SSD1306,
        width=128,
        height=64,
        color_depth=1,
        grayscale=True,
        pixels_in_byte_share_row=False,
        set_column_command=0x21,
        set_row_command=0x22,
        data_as_commands=True,
        brightness_command=0x81,
        single_byte_bounds=True,
        auto_refresh=False,
    )
