"""Shim of CircuitPython's ``board`` for the simulated board (``simhw.use_board``).

Exposes ``board_id`` and the board's real pin names (from circuitpython-stubs 10.3.1
board_definitions), each a ``microcontroller.Pin`` (aliases are the same object), plus
``I2C()`` / ``STEMMA_I2C()`` / ``SPI()`` singletons where the board has them and, on the
MacroPad, ``DISPLAY``: built on first access, the real ``adafruit_displayio_sh1106`` driver
on a ``fourwire.FourWire`` over the shim's SPI (128x64, colstart 2), with
``auto_refresh=False`` (the firmware's is True; the shim keeps Blinka's refresh thread out).
The module's attributes are rebuilt when the board changes.
"""

import sys

import _simworld

_OWN = set()


def _populate():
    mod = sys.modules[__name__]
    for name in _OWN:
        if name in mod.__dict__:
            delattr(mod, name)
    _OWN.clear()
    world = _simworld.world
    names = {"board_id": world.board_id}
    for name, number in world.pin_names.items():
        names[name] = _simworld.PINS[number]
    _, i2c_pins, spi_pins = _simworld.BOARDS[world.board_id]
    if i2c_pins:
        names["I2C"] = _i2c
        names["STEMMA_I2C"] = _i2c
    if spi_pins:
        names["SPI"] = _spi
    for name, value in names.items():
        setattr(mod, name, value)
        _OWN.add(name)


def _i2c():
    """The board's I2C singleton (rebuilt after ``deinit()``, as on the device)."""
    import busio

    bus = _simworld.world.singletons.get("i2c")
    if bus is None or bus.deinited():
        scl, sda = _simworld.BOARDS[_simworld.world.board_id][1]
        bus = busio.I2C(_simworld.PINS[scl], _simworld.PINS[sda])
        _simworld.world.singletons["i2c"] = bus
    return bus


def _spi():
    import busio

    bus = _simworld.world.singletons.get("spi")
    if bus is None or bus.deinited():
        sck, mosi, miso = _simworld.BOARDS[_simworld.world.board_id][2]
        p = _simworld.PINS
        bus = busio.SPI(p[sck], MOSI=p[mosi], MISO=p[miso])
        _simworld.world.singletons["spi"] = bus
    return bus


def _macropad_display():
    _simworld.patch_blinka()
    import adafruit_displayio_sh1106
    import busio
    import fourwire

    p = _simworld.PINS
    spi = busio.SPI(p[26], MOSI=p[27])
    bus = fourwire.FourWire(spi, command=p[24], chip_select=p[22], reset=p[23], baudrate=10**7)
    return adafruit_displayio_sh1106.SH1106(
        bus, width=128, height=64, colstart=2, auto_refresh=False
    )


def __getattr__(name):
    world = _simworld.world
    if name == "DISPLAY" and world.board_id == "adafruit_macropad_rp2040":
        if world.display is None:
            world.display = _macropad_display()
        return world.display
    raise AttributeError("module 'board' has no attribute %r" % name)


_populate()
