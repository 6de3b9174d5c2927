"""Adafruit MacroPad RP2040 (board_id adafruit_macropad_rp2040): nothing to wire.

| part                 | MacroPad                                                |
|----------------------|---------------------------------------------------------|
| slam pads P1-P4      | the corner keys KEY1, KEY3, KEY10, KEY12                |
| seat colour / slam   | those keys' NeoPixels 0, 2, 9, 11 (board.NEOPIXEL, 12)  |
| dice                 | drawn on the display (``dice_pixels`` is None)          |
| display              | the built-in SH1106 128x64 OLED, ``board.DISPLAY``      |
| menu                 | the rotary encoder (turn: up/down) and its push switch  |
| sound                | the built-in speaker, SPEAKER with SPEAKER_ENABLE       |
| battery (optional)   | a MAX17048 fuel gauge on the STEMMA QT port             |
"""

from slampad.hw import parts
from slampad.hw.battery import fuel_gauge

KEY_PIXELS = 12


def pad_pins():
    """The slam pads P1-P4: the corner keys (boot.py reads P1 too)."""
    import board

    return (board.KEY1, board.KEY3, board.KEY10, board.KEY12)


def _fill(b):
    import board

    display = board.DISPLAY
    display.auto_refresh = False
    return b.finish(
        pads=b.pads(pad_pins()),
        menu=b.encoder_menu(board.ENCODER_A, board.ENCODER_B, board.ENCODER_SWITCH),
        pixels=b.pixels(board.NEOPIXEL, KEY_PIXELS),
        dice_pixels=None,
        seat_pixels=[[0], [2], [9], [11]],
        display=display,
        colour=False,
        sound=b.piezo(board.SPEAKER, board.SPEAKER_ENABLE),
        battery=fuel_gauge(board.STEMMA_I2C),  # a MAX17048 on STEMMA QT, if fitted
    )


def build():
    return parts.run("macropad", _fill)
