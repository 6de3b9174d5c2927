"""The 128x64 SSD1306 OLED of the Pico and Feather builds. Its driver is imported only
by the profiles that use it, so tools/deploy.py does not count it for the others."""


def ssd1306(b, make_i2c, address=0x3C):
    """A 128x64 SSD1306 OLED on the I2C bus ``make_i2c()`` returns, for Build ``b``."""
    import displayio

    displayio.release_displays()
    b.own_display = True
    import adafruit_displayio_ssd1306
    import i2cdisplaybus

    bus = i2cdisplaybus.I2CDisplayBus(make_i2c(), device_address=address)
    return adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64, auto_refresh=False)
