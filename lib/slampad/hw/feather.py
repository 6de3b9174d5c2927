"""Reference build on an Adafruit Feather RP2040 (board_id adafruit_feather_rp2040).

| part                                  | Feather pins                   |
|---------------------------------------|--------------------------------|
| slam pads P1-P4 (arcade buttons, GND) | D9, D10, D11, D12              |
| NeoPixel chain, 4 sticks x 5 (DIN)    | D25 (P1 = pixels 0-4, ...)     |
| SSD1306 128x64 I2C OLED at 0x3C       | STEMMA QT (SDA, SCL)           |
| menu buttons up / down / select (GND) | D4, D5, D6                     |
| piezo (other leg to GND)              | A0                             |
| MAX17048 fuel gauge (optional)        | STEMMA QT, beside the OLED     |
"""

from slampad.hw import parts, pio_pads
from slampad.hw.battery import fuel_gauge
from slampad.hw.oled import ssd1306

SEATS = 4
DICE = 5


def pad_pins():
    """The slam pads P1-P4, GPIO9-12 (boot.py reads P1 too)."""
    import board

    return (board.D9, board.D10, board.D11, board.D12)


def _fill(b):
    import board

    return b.finish(
        pads=pio_pads.pads(b, pad_pins()),  # GPIO9-12 in a row: PIO stamps
        menu=b.button_menu(board.D4, board.D5, board.D6),
        pixels=b.pixels(board.D25, SEATS * DICE),
        dice_pixels=parts.dice_rows(SEATS, DICE),
        seat_pixels=[[] for _ in range(SEATS)],
        display=ssd1306(b, board.STEMMA_I2C),
        colour=False,
        sound=b.piezo(board.A0),
        battery=fuel_gauge(board.STEMMA_I2C),  # a MAX17048 on STEMMA QT, if fitted
    )


def build():
    return parts.run("feather", _fill)
