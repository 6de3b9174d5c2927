"""Reference build on a Raspberry Pi Pico (board_id raspberry_pi_pico).

| part                                  | Pico pins                      |
|---------------------------------------|--------------------------------|
| slam pads P1-P4 (arcade buttons, GND) | GP10, GP11, GP12, GP13         |
| NeoPixel chain, 4 sticks x 5 (DIN)    | GP22 (P1 = pixels 0-4, ...)    |
| SSD1306 128x64 I2C OLED at 0x3C       | SDA GP4, SCL GP5               |
| menu buttons up / down / select (GND) | GP6, GP7, GP8                  |
| piezo (other leg to GND)              | GP20                           |

``common`` builds everything but the display; pico_tft shares it.
"""

from slampad.hw import parts

SEATS = 4
DICE = 5


def pad_pins():
    """The slam pads P1-P4 (boot.py reads P1 too)."""
    import board

    return (board.GP10, board.GP11, board.GP12, board.GP13)


def common(b, display, colour):
    """Pads, pixels, menu buttons and piezo of the Pico builds, around ``display``."""
    import board

    return b.finish(
        pads=b.pads(pad_pins()),
        menu=b.button_menu(board.GP6, board.GP7, board.GP8),
        pixels=b.pixels(board.GP22, SEATS * DICE),
        dice_pixels=parts.dice_rows(SEATS, DICE),
        seat_pixels=[[] for _ in range(SEATS)],
        display=display,
        colour=colour,
        sound=b.piezo(board.GP20),
    )


def _fill(b):
    import board
    import busio

    display = b.ssd1306(lambda: busio.I2C(board.GP5, board.GP4))
    return common(b, display, False)


def build():
    return parts.run("pico", _fill)
