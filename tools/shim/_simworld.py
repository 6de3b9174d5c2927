"""The simulated world behind the shim modules: clock, pins, wiring and records.

Private to tools/shim. The public control API is ``simhw``; the CircuitPython-named
modules (``board``, ``digitalio``, ``keypad``, ...) read and write the state kept here.
Everything here is reset by ``reset()`` (``simhw.reset`` / ``simhw.use_board``).
"""

import os
import sys

WRAP = 1 << 29
MASK = WRAP - 1
START_TICKS = WRAP - 65536  # CircuitPython starts ticks_ms here: first wrap ~65 s after boot
DEFAULT_BOARD = "raspberry_pi_pico"


class ResetRequested(BaseException):
    """Raised by ``microcontroller.reset()``: the firmware asked for a hard reset."""


class Pin:
    """A GPIO of the RP2040 (``microcontroller.Pin``), with a simulated level.

    ``ext`` is what the outside world drives (a pressed button to ground: False; None:
    nothing), ``out`` what the MCU drives (None unless an output), ``pull`` the MCU's
    pull ("up", "down" or None). ``owner`` names the object that claimed the pin.
    """

    __module__ = "microcontroller"

    def __init__(self, number):
        self.number = number
        self.name = "GPIO%d" % number
        self.ext = None
        self.out = None
        self.pull = None
        self.owner = None

    @property
    def level(self):
        if self.out is not None:
            return self.out
        if self.ext is not None:
            return self.ext
        return self.pull != "down"  # pulled up, or floating (reads high here)

    def _reset(self):
        self.ext = None
        self.out = None
        self.pull = None
        self.owner = None

    def __repr__(self):
        return "board.%s" % board_name(self)

    def __hash__(self):
        return self.number


PINS = [Pin(n) for n in range(30)]


KEEP = 4096  # records kept per list (bus writes, frames, PWM changes, panel commands)


def keep(records, item):
    """Append ``item``, keeping about the last KEEP entries (long simulator sessions)."""
    records.append(item)
    if len(records) > 2 * KEEP:
        del records[:-KEEP]


def claim(pin, owner):
    """Mark ``pin`` in use by ``owner``, as CircuitPython does (``ValueError: GP10 in use``)."""
    if not isinstance(pin, Pin):
        raise TypeError("expected a microcontroller.Pin, got %r" % (pin,))
    if pin.owner is not None:
        raise ValueError("%s in use" % board_name(pin))
    pin.owner = owner


def release(pin):
    if pin is not None:
        pin.out = None
        pin.pull = None
        pin.owner = None


# -- boards: pin names from circuitpython-stubs 10.3.1 board_definitions -------------


def _pico_pins():
    names = {"GP%d" % n: n for n in range(29)}
    names.update(SMPS_MODE=23, VBUS_SENSE=24, LED=25, GP26_A0=26, A0=26, GP27_A1=27, A1=27)
    names.update(GP28_A2=28, A2=28, A3=29, VOLTAGE_MONITOR=29)
    return names


def _feather_pins():
    names = {"A0": 26, "A1": 27, "A2": 28, "A3": 29, "D24": 24, "D25": 25, "SCK": 18}
    names.update(MOSI=19, MISO=20, D0=1, RX=1, D1=0, TX=0, D4=6, SDA=2, SCL=3, D5=7, D6=8)
    names.update(D9=9, D10=10, D11=11, D12=12, LED=13, D13=13, BUTTON=4, BOOT=4, NEOPIXEL=16)
    return names


def _macropad_pins():
    names = {"KEY%d" % n: n for n in range(1, 13)}
    names.update(LED=13, SPEAKER_ENABLE=14, SPEAKER=16, ENCODER_SWITCH=0, BUTTON=0)
    names.update(ENCODER_A=17, ROTA=17, ENCODER_B=18, ROTB=18, NEOPIXEL=19, SDA=20, SCL=21)
    names.update(OLED_CS=22, OLED_RESET=23, OLED_DC=24, SCK=26, MOSI=27, MISO=28)
    return names


# board_id -> (pin names, board.I2C/STEMMA_I2C pins (scl, sda) or None,
#              board.SPI pins (sck, mosi, miso) or None)
BOARDS = {
    "raspberry_pi_pico": (_pico_pins, None, None),
    "adafruit_feather_rp2040": (_feather_pins, (3, 2), (18, 19, 20)),
    "adafruit_macropad_rp2040": (_macropad_pins, (21, 20), (26, 27, 28)),
}

# What is wired to each board in the simulated world (the reference builds' parts).
# I2C: (sda, scl, address, panel kind); SPI: (sck, mosi, cs, dc, rst, panel kind).
WIRING = {
    "raspberry_pi_pico": {
        "i2c": [(4, 5, 0x3C, "ssd1306")],  # pico profile: OLED on GP4/GP5
        "spi": [(2, 3, 1, 0, 14, "st7789")],  # pico_tft profile: TFT on SPI0
    },
    "adafruit_feather_rp2040": {"i2c": [(2, 3, 0x3C, "ssd1306")], "spi": []},  # STEMMA QT
    "adafruit_macropad_rp2040": {"i2c": [], "spi": [(26, 27, 22, 24, 23, "sh1106")]},
}


class WatchDogTimer:
    """CircuitPython's ``watchdog.WatchDogTimer`` (``microcontroller.watchdog``), on the
    virtual clock.

    The timer records every feed; ``max_gap`` is the longest virtual time between two
    feeds while it was on, and ``starved`` counts gaps over the timeout (a real board
    would have reset). Python work takes no virtual time, so a slow bot shows up in the
    benchmarks (tools/benchmarks/bench.py), not here.
    """

    __module__ = "watchdog"

    def __init__(self):
        self._timeout = 0.0
        self._mode = None
        self.feeds = 0
        self.max_gap = 0
        self.starved = 0
        self._last = None

    @property
    def timeout(self):
        return self._timeout

    @timeout.setter
    def timeout(self, value):
        if not 0 < value <= 8.388:  # the RP2040's limit (CircuitPython raises ValueError)
            raise ValueError("timeout must be in 0..8.388 s on RP2040")
        self._timeout = float(value)
        self.feed()

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, value):
        if value is not None and self._timeout <= 0:
            raise ValueError("set a timeout first")
        self._mode = value
        self._last = world.now if value is not None else None

    def feed(self):
        if self._mode is None:
            return
        now = world.now
        if self._last is not None:
            gap = (now - self._last) & MASK
            self.max_gap = max(self.max_gap, gap)
            if gap > self._timeout * 1000:
                self.starved += 1
        self._last = now
        self.feeds += 1

    def deinit(self):
        """Stop the timer (deprecated on CircuitPython 9+: set ``mode = None``)."""
        self._mode = None
        self._last = None


class World:
    def __init__(self, board_id):
        if board_id not in BOARDS:
            raise ValueError(
                "unknown simulated board %r; choose one of %s" % (board_id, ", ".join(BOARDS))
            )
        self.board_id = board_id
        self.pin_names = BOARDS[board_id][0]()
        self.now = START_TICKS
        self.sub_us = 0  # fractional virtual time from sleeps / delay_us, in us
        self.scanners = []  # live keypad scanners (objects with _scan(now))
        self.encoders = []  # live rotaryio.IncrementalEncoder
        self.pixel_frames = {}  # pin number -> [(ticks, bytes, byteorder)]
        self.pwm_log = {}  # pin number -> [(ticks, frequency, duty_cycle)]
        self.remounts = []  # storage.remount calls: (path, readonly, kwargs)
        self.events = []  # misc records: ("reset", run_mode), ("reload",) ...
        from _flash import Nvm

        self.nvm = Nvm()  # microcontroller.nvm: one 4 KB NOR sector, erased (0xFF)
        self.watchdog = WatchDogTimer()  # microcontroller.watchdog
        self.previous_traceback = None  # supervisor.get_previous_traceback()
        # The power supply (simhw.set_battery): the cell's voltage and charge, and USB.
        self.battery = {"cell": 3.9, "percent": 80.0, "usb": True}
        self.analog = {}  # pin number -> volts at an ADC pin (simhw.set_analog)
        self.sleep_alarms = None  # the alarms of a deep sleep the app asked for
        self.wake_alarm = None  # alarm.wake_alarm: what woke this run (simhw.wake)
        self.singletons = {}
        self.display = None  # board.DISPLAY once built
        from _panels import make_panel

        wiring = WIRING[board_id]
        self.i2c_devices = [
            (PINS[sda], PINS[scl], addr, make_panel(kind)) for sda, scl, addr, kind in wiring["i2c"]
        ]
        self.spi_devices = [
            (PINS[sck], PINS[mosi], PINS[cs], PINS[dc], PINS[rst], make_panel(kind))
            for sck, mosi, cs, dc, rst, kind in wiring["spi"]
        ]

    def panels(self):
        return [d[-1] for d in self.i2c_devices if hasattr(d[-1], "screenshot")] + [
            d[-1] for d in self.spi_devices
        ]

    def vsys(self):
        """The Pico's VSYS: about 4.75 V from USB (through its diode), else the cell."""
        b = self.battery
        return max(4.75, b["cell"]) if b["usb"] else b["cell"]

    def sense_usb(self):
        """The Pico's VBUS_SENSE (GPIO24) is high while USB power is present."""
        if self.board_id == "raspberry_pi_pico":
            PINS[24].ext = bool(self.battery["usb"])


def analog_volts(number):
    """Volts at ADC pin ``number``: the Pico's GPIO29 reads VSYS / 3."""
    if number in world.analog:
        return world.analog[number]
    if number == 29 and world.board_id == "raspberry_pi_pico":
        return world.vsys() / 3
    return 0.0


# Where a STEMMA QT fuel gauge sits on each board: (sda, scl) of its I2C port.
GAUGE_BUS = {"adafruit_feather_rp2040": (2, 3), "adafruit_macropad_rp2040": (20, 21)}


world = None


def board_name(pin):
    """The first board name of ``pin`` on the current board (``GP10``), else ``GPIO10``."""
    if world is not None:
        for name in sorted(world.pin_names):
            if world.pin_names[name] == pin.number and not name.startswith("GPIO"):
                return name
    return pin.name


def ticks_ms():
    return world.now


def advance(ms):
    """Move the virtual clock ``ms`` milliseconds, 1 ms at a time, scanning keypads."""
    for _ in range(int(ms)):
        world.now = (world.now + 1) & MASK
        for scanner in list(world.scanners):
            scanner._scan(world.now)


def sleep_us(us):
    """A blocking wait on the device: the virtual clock moves on (background scans run)."""
    total = world.sub_us + int(us)
    world.sub_us = total % 1000
    advance(total // 1000)


def reset(board_id=None):
    """A fresh world for ``board_id`` (default: the current board, else env, else Pico)."""
    global world
    if board_id is None:
        board_id = world.board_id if world is not None else None
    if board_id is None:
        board_id = os.environ.get("SLAMPAD_SIM_BOARD") or DEFAULT_BOARD
    if board_id not in BOARDS:
        raise ValueError(
            "unknown simulated board %r; choose one of %s" % (board_id, ", ".join(BOARDS))
        )
    disp = sys.modules.get("displayio")
    if disp is not None and hasattr(disp, "release_displays"):
        try:
            disp.release_displays()
        except Exception:  # noqa: BLE001 - a half-built display must not block a reset
            del disp.displays[:]
            del disp.display_buses[:]
    for pin in PINS:
        pin._reset()
    world = World(board_id)
    world.sense_usb()
    mc = sys.modules.get("microcontroller")
    cpu = getattr(mc, "cpu", None)
    if cpu is not None and getattr(cpu, "reset_reason", None) == "DEEP_SLEEP_ALARM":
        cpu.reset_reason = None  # set by simhw.wake for the run it restarts
    board = sys.modules.get("board")
    if board is not None and hasattr(board, "_populate"):
        board._populate()
    return world


def patch_blinka():
    """Make Blinka's displayio behave like CircuitPython's where the shim needs it.

    1. ``time.sleep`` in the bus and display modules (init delays, reset pulses) runs on
       the virtual clock, so building a display takes virtual, not real, time.
    2. ``fourwire.FourWire`` is a display bus like ``I2CDisplayBus``: it is counted by
       ``allocate_display_bus`` and has ``deinit()``, so ``release_displays()`` frees its
       SPI bus and pins, as on the device (Blinka 2.7.1 leaves them claimed).
    3. SH1107-style addressing (used by the SH1106 driver) sends the column's high nibble
       as ``0x10 | (x >> 4)``, as CircuitPython does; Blinka 2.7.1 masks it to zero, so
       any update starting at column 16 or more would land at the wrong column.
    4. Blinka's background thread calls ``_background()`` on a display that is still
       being built (it is listed before ``_auto_refresh`` is set), which raised an
       AttributeError in that thread; it now skips such a display.
    Idempotent; imports ``displayio`` first (before anything imports ``vectorio``).
    """
    # isort: off
    import displayio  # first: before vectorio, and before displayio._displaycore
    import busdisplay  # ... whose circular import only works once busdisplay is loading
    import fourwire
    import i2cdisplaybus
    from displayio import _displaycore

    # isort: on

    if getattr(fourwire, "_shim_patched", False):
        return
    vt = _VirtualTime()
    busdisplay.time = vt
    fourwire.time = vt
    i2cdisplaybus.time = vt

    def fw_new(cls, *args, **kwargs):
        obj = object.__new__(cls)
        displayio.allocate_display_bus(obj)
        return obj

    def fw_deinit(self):
        if getattr(self, "_shim_deinited", False):
            return
        self._shim_deinited = True
        self._release()

    fourwire.FourWire.__new__ = fw_new
    fourwire.FourWire.deinit = fw_deinit

    original = _displaycore._DisplayCore.set_region_to_update

    def set_region_to_update(self, area):
        if not self.sh1107_addressing:
            return original(self, area)
        # CircuitPython's display_core.c for SH1107 addressing: column as two
        # single-byte commands (high nibble 0x10.., low nibble 0x00..), then the page.
        x1 = area.x1 + self.colstart
        page = (area.y1 + self.rowstart) // 8
        self.begin_transaction()
        self.send(0, 1, bytes([0x10 | ((x1 >> 4) & 0x0F), x1 & 0x0F]))
        self.end_transaction()
        self.begin_transaction()
        self.send(0, 1, bytes([0xB0 | page]))
        self.end_transaction()

    _displaycore._DisplayCore.set_region_to_update = set_region_to_update

    background = busdisplay.BusDisplay._background

    def quiet_background(self):
        if hasattr(self, "_auto_refresh"):  # not while __init__ is still running
            background(self)

    busdisplay.BusDisplay._background = quiet_background
    fourwire._shim_patched = True


class _VirtualTime:
    """Stands in for the ``time`` module inside Blinka's bus/display modules."""

    def sleep(self, seconds):
        if world is not None:
            sleep_us(int(round(seconds * 1_000_000)))

    def __getattr__(self, name):
        import time

        return getattr(time, name)


reset()
