"""Pico reference build with a 240x240 ST7789 colour display instead of the OLED.

Pads, NeoPixels, menu buttons and piezo as in hw/pico.py (hw/pico_wiring.py); the
display on SPI0:

| ST7789 pin | Pico pin |
|------------|----------|
| SCK / SCL  | GP2      |
| MOSI / SDA | GP3      |
| CS         | GP1      |
| DC         | GP0      |
| RST        | GP14     |
"""

from slampad.hw import parts, pico_wiring


def _fill(b):
    import board
    import busio
    import displayio

    displayio.release_displays()
    b.own_display = True
    import adafruit_st7789
    import fourwire

    spi = busio.SPI(board.GP2, MOSI=board.GP3)
    bus = fourwire.FourWire(
        spi, command=board.GP0, chip_select=board.GP1, reset=board.GP14, baudrate=24000000
    )
    display = adafruit_st7789.ST7789(bus, width=240, height=240, rowstart=80, auto_refresh=False)
    return pico_wiring.common(b, display, True)


pad_pins = pico_wiring.pad_pins


def build():
    return parts.run("pico_tft", _fill)
