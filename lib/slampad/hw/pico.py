"""Reference build on a Raspberry Pi Pico (board_id raspberry_pi_pico).

| part                                  | Pico pins                      |
|---------------------------------------|--------------------------------|
| slam pads P1-P4 (arcade buttons, GND) | GP10, GP11, GP12, GP13         |
| NeoPixel chain, 4 sticks x 5 (DIN)    | GP22 (P1 = pixels 0-4, ...)    |
| SSD1306 128x64 I2C OLED at 0x3C       | SDA GP4, SCL GP5               |
| menu buttons up / down / select (GND) | GP6, GP7, GP8                  |
| piezo (other leg to GND)              | GP20                           |
| battery (LiPo or 3xAA) to VSYS        | read on VOLTAGE_MONITOR (GP29) |

hw/pico_wiring.py builds everything but the display; pico_tft shares it.
"""

from slampad.hw import parts, pico_wiring
from slampad.hw.oled import ssd1306

pad_pins = pico_wiring.pad_pins


def _fill(b):
    import board
    import busio

    display = ssd1306(b, lambda: busio.I2C(board.GP5, board.GP4))
    return pico_wiring.common(b, display, False)


def build():
    return parts.run("pico", _fill)
