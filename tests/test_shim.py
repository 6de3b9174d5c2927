"""The desktop host shim (tools/shim): virtual clock, keypad scanning, pins, buses, and the
fake display buses that decode the real drivers' traffic into screenshots.

The shim's modules (``board``, ``digitalio``, ``busio``, ``micropython``, ...) shadow
Blinka's, so they are only put on ``sys.path`` while this module's tests run
(``activate_shim``); everything imported meanwhile is dropped again afterwards, so the
rest of the suite never sees them.
"""

import contextlib
import os
import struct
import subprocess
import sys
import zlib

import pytest
from safety_net import SAFETY_NET_S

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHIM = os.path.join(ROOT, "tools", "shim")
LIB = os.path.join(ROOT, "lib")

# Modules that must come from the shim (or be imported on top of it) while it is active.
_HARDWARE_TOP = {
    "micropython", "microcontroller", "board", "digitalio", "busio", "keypad", "supervisor",
    "neopixel", "neopixel_write", "pwmio", "rotaryio", "storage", "simhw", "_simworld",
    "_panels", "_flash", "displayio", "busdisplay", "fourwire", "i2cdisplaybus",
    "paralleldisplaybus", "epaperdisplay", "vectorio", "terminalio", "fontio", "bitmaptools",
    "circuitpython_typing", "analogio", "alarm", "_gauge",
}  # fmt: skip


def _hardware_module(name):
    top = name.split(".")[0]
    return (
        top in _HARDWARE_TOP
        or top.startswith("adafruit_")
        or name == "slampad.hw"
        or name.startswith("slampad.hw.")
        or name.startswith("slampad.app.")  # screens bind displayio when imported
    )


@contextlib.contextmanager
def activate_shim():
    """tools/shim first on sys.path; yields ``simhw``. Afterwards every module imported in
    between is dropped and any hardware-named module that was there before is restored."""
    hidden = {n: sys.modules.pop(n) for n in list(sys.modules) if _hardware_module(n)}
    before = set(sys.modules)
    sys.path.insert(0, SHIM)
    added_lib = LIB not in sys.path
    if added_lib:
        sys.path.insert(1, LIB)
    simhw = None
    try:
        import simhw

        yield simhw
    finally:
        if simhw is not None:
            simhw.reset()
        sys.path.remove(SHIM)
        if added_lib:
            sys.path.remove(LIB)
        for name in list(sys.modules):
            if name not in before:
                del sys.modules[name]
        sys.modules.update(hidden)


@pytest.fixture(scope="module")
def shim():
    with activate_shim() as simhw:
        yield simhw


@pytest.fixture
def sim(shim):
    shim.use_board("raspberry_pi_pico")
    return shim


# -- clock ---------------------------------------------------------------------------


def test_clock_starts_like_the_firmware_and_wraps(sim):
    import adafruit_ticks
    import supervisor

    assert sim.WRAP == 1 << 29
    assert supervisor.ticks_ms() == sim.START_TICKS == (1 << 29) - 65536
    assert adafruit_ticks.ticks_ms() == sim.ticks_ms()
    sim.advance(65535)
    assert supervisor.ticks_ms() == (1 << 29) - 1
    sim.advance(1)
    assert supervisor.ticks_ms() == 0
    sim.set_ticks(123)
    assert supervisor.ticks_ms() == 123
    sim.set_ticks(-1)
    assert supervisor.ticks_ms() == (1 << 29) - 1


# -- keypad --------------------------------------------------------------------------


def _keys(sim, names=("GP10", "GP11", "GP12", "GP13"), **kw):
    import board
    import keypad

    kw.setdefault("interval", 0.001)
    return keypad.Keys([getattr(board, n) for n in names], value_when_pressed=False, **kw)


def _drain(keys):
    out = []
    while True:
        e = keys.events.get()
        if e is None:
            return out
        out.append((e.key_number, e.pressed, e.timestamp))


def test_same_scan_presses_share_timestamp_in_key_order(sim):
    keys = _keys(sim)
    sim.advance(5)
    sim.press("GP13")  # pressed "first" in code, but the scan sees both together
    sim.press("GP11")
    sim.advance(1)
    t = sim.ticks_ms()
    assert _drain(keys) == [(1, True, t), (3, True, t)]


def test_presses_1ms_apart_get_different_timestamps(sim):
    keys = _keys(sim)
    sim.advance(3)
    sim.press("GP12")
    sim.advance(1)
    sim.press("GP10")
    sim.advance(1)
    ev = _drain(keys)
    assert [(k, p) for k, p, _ in ev] == [(2, True), (0, True)]
    assert ev[1][2] - ev[0][2] == 1
    sim.release("GP12")
    sim.advance(1)
    assert _drain(keys) == [(2, False, sim.ticks_ms())]


def test_scan_interval_is_respected(sim):
    keys = _keys(sim, interval=0.020)
    t0 = sim.ticks_ms()
    sim.advance(3)
    sim.press("GP10")
    sim.advance(16)
    assert not keys.events  # next scan is at t0 + 20
    sim.advance(1)
    assert _drain(keys) == [(0, True, t0 + 20)]
    sim.release("GP10")
    sim.advance(1)
    sim.press("GP10")  # released and pressed again between two scans: no event
    sim.advance(25)
    assert _drain(keys) == []


def test_timestamps_across_the_tick_wrap(sim):
    from slampad.ticks import ticks_diff

    sim.set_ticks(sim.WRAP - 2)
    keys = _keys(sim)
    sim.press("GP10")
    sim.advance(1)  # scanned at WRAP - 1
    sim.advance(1)  # the clock wraps to 0
    sim.press("GP11")
    sim.advance(1)  # scanned at 1
    ev = _drain(keys)
    assert ev == [(0, True, sim.WRAP - 1), (1, True, 1)]
    assert ticks_diff(ev[1][2], ev[0][2], sim.WRAP) == 2


def test_event_queue_overflow_drops_new_events(sim):
    keys = _keys(sim, max_events=2)
    for name in ("GP10", "GP11", "GP12"):
        sim.press(name)
        sim.advance(1)
    assert len(keys.events) == 2 and keys.events.overflowed
    assert [e[0] for e in _drain(keys)] == [0, 1]  # the third press was dropped
    assert keys.events.overflowed  # get() leaves the flag; clear() resets it
    keys.events.clear()
    assert not keys.events.overflowed and not keys.events and len(keys.events) == 0


def test_event_api(sim):
    import keypad

    keys = _keys(sim)
    assert keys.key_count == 4
    sim.press("GP12")
    sim.advance(1)
    e = keypad.Event()
    assert keys.events.get_into(e) and (e.key_number, e.pressed, e.released) == (2, True, False)
    assert e.timestamp == sim.ticks_ms()
    assert not keys.events.get_into(e) and e.key_number == 2  # untouched when empty
    assert keys.events.get() is None
    a, b = keypad.Event(1, True, 5), keypad.Event(1, True, 99)
    assert a == b and hash(a) == hash(b) and a != keypad.Event(1, False, 5)
    assert keypad.Event(0, False).timestamp == sim.ticks_ms()


def test_held_key_reports_at_start_and_after_reset(sim):
    sim.press("GP11")
    keys = _keys(sim)
    sim.advance(1)
    assert _drain(keys) == [(1, True, sim.ticks_ms())]
    keys.reset()
    sim.advance(1)
    assert _drain(keys) == [(1, True, sim.ticks_ms())]


def test_debounce_threshold(sim):
    keys = _keys(sim, debounce_threshold=3)
    sim.press("GP10")
    sim.advance(2)
    assert not keys.events
    sim.advance(1)
    assert _drain(keys) == [(0, True, sim.ticks_ms())]


def test_pins_are_claimed_until_deinit(sim):
    import board
    import digitalio

    keys = _keys(sim)
    with pytest.raises(ValueError, match="GP10 in use"):
        digitalio.DigitalInOut(board.GP10)
    keys.deinit()
    sim.press("GP10")
    sim.advance(5)
    assert not keys.events  # a deinited scanner no longer scans
    digitalio.DigitalInOut(board.GP10).deinit()
    sim.reset()
    assert sim.owner("GP10") is None


# -- pins, board, microcontroller ------------------------------------------------------


def test_board_names_follow_the_selected_board(sim):
    import board
    import microcontroller

    assert board.board_id == "raspberry_pi_pico"
    assert board.GP26 is board.A0 is board.GP26_A0 is microcontroller.pin.GPIO26
    assert isinstance(board.GP10, microcontroller.Pin)
    assert not hasattr(board, "KEY1")
    sim.use_board("adafruit_macropad_rp2040")
    assert board.board_id == "adafruit_macropad_rp2040"
    assert board.KEY1 is microcontroller.pin.GPIO1 and board.SPEAKER is microcontroller.pin.GPIO16
    assert not hasattr(board, "GP10")
    sim.use_board("adafruit_feather_rp2040")
    assert board.D4 is microcontroller.pin.GPIO6 and board.NEOPIXEL is microcontroller.pin.GPIO16
    i2c = board.STEMMA_I2C()
    assert board.STEMMA_I2C() is i2c and board.I2C() is i2c and i2c.scan() == [0x3C]
    i2c.deinit()
    assert board.STEMMA_I2C() is not i2c


def test_digitalio_levels(sim):
    import board
    import digitalio

    button = digitalio.DigitalInOut(board.GP6)
    button.switch_to_input(pull=digitalio.Pull.UP)
    assert button.value is True and button.pull is digitalio.Pull.UP
    sim.press("GP6")
    assert button.value is False
    sim.release("GP6")
    assert button.value is True
    out = digitalio.DigitalInOut(board.GP7)
    out.switch_to_output(value=True)
    assert sim.level("GP7") is True
    out.value = False
    assert sim.level("GP7") is False
    with pytest.raises(AttributeError):
        button.value = True


def test_microcontroller_and_storage_records(sim):
    import microcontroller
    import storage

    assert len(microcontroller.nvm) == 4096 and microcontroller.nvm[0] == 0xFF
    microcontroller.nvm[0:2] = b"ok"
    assert sim.nvm()[:2] == b"ok"
    storage.remount("/", readonly=False)
    assert sim.remounts() == [("/", False, False)]
    t = sim.ticks_ms()
    microcontroller.delay_us(2500)
    assert sim.ticks_ms() - t == 2
    with pytest.raises(sim.ResetRequested):
        microcontroller.reset()
    sim.reset()
    assert sim.remounts() == [] and microcontroller.nvm[0] == 0xFF


# -- nvm: a NOR flash sector ------------------------------------------------------------


def test_nvm_programs_erased_bytes_in_place_and_erases_otherwise(sim):
    import microcontroller

    nvm, fl = microcontroller.nvm, sim.flash()
    assert nvm is sim.nvm() and fl.erases == 0
    nvm[10:13] = b"abc"  # over 0xFF: programmed in place
    nvm[13] = 0x44
    assert (fl.erases, fl.programmed, fl.writes) == (0, 4, 2)
    assert nvm[10:14] == b"abcD" and nvm[9] == 0xFF and nvm[-1] == 0xFF
    nvm[11:12] = b"\x00"  # over data (even only clearing bits): erase + whole rewrite
    assert fl.erases == 1 and fl.programmed == 4 + 4096
    assert nvm[10:14] == b"a\x00cD" and nvm[0:10] == b"\xff" * 10
    with pytest.raises(ValueError):
        nvm[0:2] = b"x"
    with pytest.raises(IndexError):
        nvm[4096] = 1
    with pytest.raises(NotImplementedError):
        nvm[0:4:2] = b"xy"


def test_flash_physics_only_clears_bits():
    sys.path.insert(0, SHIM)
    try:
        import _flash
    finally:
        sys.path.remove(SHIM)
    fl = _flash.Flash(16)
    fl.program(0, b"\x0f\xf0")
    fl.program(0, b"\xf3\xff")  # programming cannot set a bit back to 1
    assert fl.data[:2] == b"\x03\xf0"
    fl.erase()
    assert fl.data == b"\xff" * 16


def test_power_cut_leaves_the_bytes_a_real_cut_would(sim):
    import microcontroller

    nvm, fl = microcontroller.nvm, sim.flash()
    assert fl.cut_points(0, b"hello") == (False, 5)
    fl.arm_cut(3)
    with pytest.raises(sim.PowerCut):
        nvm[0:5] = b"hello"
    assert nvm[0:6] == b"hel\xff\xff\xff" and not fl.armed
    # over data: the sector is erased, then the buffer (old + new) programmed from 0
    assert fl.cut_points(0, b"HE") == (True, 4096)
    fl.arm_cut(1)
    with pytest.raises(sim.PowerCut):
        nvm[0:2] = b"HE"
    assert nvm[0:4] == b"H\xff\xff\xff" and fl.erases == 1
    fl.arm_cut(0)  # erase done, nothing programmed: blank
    with pytest.raises(sim.PowerCut):
        nvm[0:1] = b"x"
    assert nvm[0:4096] == b"\xff" * 4096
    nvm[0:4] = b"\x00\x00\x00\x00"
    fl.arm_cut(0, erase="partial", seed=5)  # cut during the erase: bits half set back
    with pytest.raises(sim.PowerCut):
        nvm[0:1] = b"y"
    junk = nvm[0:4096]
    assert junk[:4] != b"\x00" * 4 and junk.count(0xFF) < 4096
    nvm[100] = 0  # no cut armed any more: the write completes
    assert nvm[100] == 0


def test_micropython_const_is_the_shims(sim):
    import micropython

    assert micropython.__file__.startswith(SHIM)
    assert micropython.const(7) == 7


# -- buses ---------------------------------------------------------------------------


def test_bus_pins_checked_like_the_rp2040(sim):
    import board
    import busio

    with pytest.raises(ValueError, match="Invalid pins"):
        busio.I2C(board.GP4, board.GP5)  # SCL and SDA swapped
    with pytest.raises(RuntimeError, match="No pull up"):
        busio.I2C(board.GP9, board.GP8)  # valid pins, nothing wired there
    with pytest.raises(ValueError, match="Invalid pins"):
        busio.SPI(board.GP3, MOSI=board.GP2)
    i2c = busio.I2C(board.GP5, board.GP4)
    assert i2c.try_lock() and not i2c.try_lock()
    with pytest.raises(OSError):
        i2c.writeto(0x3D, b"\x00")
    i2c.unlock()
    i2c.deinit()
    assert sim.owner("GP4") is None


# -- NeoPixels and PWM ---------------------------------------------------------------------


def test_neopixel_frames_after_brightness(sim):
    import board
    import neopixel

    px = neopixel.NeoPixel(board.GP22, 3, brightness=0.5, auto_write=False)
    px[0] = (255, 0, 0)
    px[2] = (0, 100, 200)
    assert px[0] == (255, 0, 0)  # a tuple, like the firmware's pixelbuf
    assert sim.pixel_frames() == []
    sim.advance(7)
    px.show()
    assert sim.pixel_frames() == [(sim.ticks_ms(), [(127, 0, 0), (0, 0, 0), (0, 50, 100)])]
    px.brightness = 1.0
    px.show()
    assert sim.last_pixels("GP22") == [(255, 0, 0), (0, 0, 0), (0, 100, 200)]
    px.deinit()
    assert sim.last_pixels() == [(0, 0, 0)] * 3 and sim.owner("GP22") is None


def test_pwm_log(sim):
    import board
    import pwmio

    pwm = pwmio.PWMOut(board.GP20, duty_cycle=0, frequency=440, variable_frequency=True)
    t = sim.ticks_ms()
    sim.advance(10)
    pwm.frequency = 880
    pwm.duty_cycle = 0x8000
    assert sim.pwm_log() == [(t, 440, 0), (t + 10, 880, 0), (t + 10, 880, 0x8000)]
    assert sim.tone("GP20") == (880, 0x8000)
    fixed = pwmio.PWMOut(board.GP21)
    with pytest.raises(AttributeError):
        fixed.frequency = 1000


def test_encoder(sim):
    import board
    import rotaryio

    sim.use_board("adafruit_macropad_rp2040")
    enc = rotaryio.IncrementalEncoder(board.ENCODER_A, board.ENCODER_B)
    sim.turn_encoder(3)
    sim.turn_encoder(-1, "ENCODER_A")
    assert enc.position == 2
    enc.deinit()
    with pytest.raises(LookupError):
        sim.turn_encoder(1)


# -- displays: the real drivers on the fake buses ------------------------------------------


def _ssd1306():
    import adafruit_displayio_ssd1306
    import board
    import busio
    import displayio
    import i2cdisplaybus

    displayio.release_displays()
    bus = i2cdisplaybus.I2CDisplayBus(busio.I2C(board.GP5, board.GP4), device_address=0x3C)
    return adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64, auto_refresh=False)


def _st7789():
    import adafruit_st7789
    import board
    import busio
    import displayio
    import fourwire

    displayio.release_displays()
    spi = busio.SPI(board.GP2, MOSI=board.GP3)
    bus = fourwire.FourWire(spi, command=board.GP0, chip_select=board.GP1, reset=board.GP14)
    return adafruit_st7789.ST7789(bus, width=240, height=240, rowstart=80, auto_refresh=False)


def _sh1106(sim):
    import board

    sim.use_board("adafruit_macropad_rp2040")
    return board.DISPLAY


def _boxes(boxes, colours):
    import displayio

    root = displayio.Group()
    grids = []
    for (x0, y0, x1, y1), colour in zip(boxes, colours, strict=True):
        bitmap = displayio.Bitmap(x1 - x0, y1 - y0, 1)
        palette = displayio.Palette(1)
        palette[0] = colour
        grid = displayio.TileGrid(bitmap, pixel_shader=palette, x=x0, y=y0)
        root.append(grid)
        grids.append(grid)
    return root, grids


def _mismatches(shot, boxes):
    width, height, rgb = shot
    bad = 0
    for y in range(height):
        for x in range(width):
            inside = any(x0 <= x < x1 and y0 <= y < y1 for x0, y0, x1, y1 in boxes)
            lit = any(rgb[(y * width + x) * 3 : (y * width + x) * 3 + 3])
            bad += inside != lit
    return bad


@pytest.mark.parametrize("panel", ["ssd1306", "sh1106", "st7789"])
def test_screenshot_is_pixel_exact_full_and_partial(sim, panel):
    display = {"ssd1306": _ssd1306, "st7789": _st7789}.get(panel, lambda: _sh1106(sim))()
    boxes = [(3, 5, 20, 11), (50, 30, 61, 47)]
    root, grids = _boxes(boxes, [0xFFFFFF, 0xFFFFFF])
    display.root_group = root
    display.refresh()
    assert _mismatches(sim.screenshot(), boxes) == 0
    # A partial refresh: the moved box's old and new areas (x >= 16 exercises the
    # SH1106 column-address fix the shim applies to Blinka).
    grids[1].x, grids[1].y = 70, 13
    display.refresh()
    assert _mismatches(sim.screenshot(), [boxes[0], (70, 13, 81, 30)]) == 0


def test_st7789_colours_and_init_on_the_virtual_clock(sim):
    t = sim.ticks_ms()
    display = _st7789()
    # The driver's init delays (150 + 500 + 10 + 10 + 500 ms, plus 10 ms per command
    # and the reset pulse) ran on the virtual clock, not the wall clock.
    assert 1150 <= sim.ticks_ms() - t <= 1300
    root, _ = _boxes(
        [(0, 0, 10, 10), (20, 0, 30, 10), (40, 0, 50, 10)], [0xFF0000, 0x00FF00, 0x0000FF]
    )
    display.root_group = root
    display.refresh()
    width, _, rgb = sim.screenshot()

    def at(x, y):
        return tuple(rgb[(y * width + x) * 3 : (y * width + x) * 3 + 3])

    assert (at(5, 5), at(25, 5), at(45, 5), at(100, 5)) == (
        (255, 0, 0),
        (0, 255, 0),
        (0, 0, 255),
        (0, 0, 0),
    )


def test_panel_off_shows_nothing(sim):
    display = _ssd1306()
    root, _ = _boxes([(0, 0, 20, 20)], [0xFFFFFF])
    display.root_group = root
    display.refresh()
    assert sim.lit_pixels(sim.screenshot()) == 400
    display.sleep()
    assert sim.lit_pixels(sim.screenshot()) == 0


def test_one_display_per_process_and_release(sim):
    _ssd1306()
    import displayio

    displayio.release_displays()
    assert sim.owner("GP4") is None  # the I2C bus went with the display
    display = _st7789()
    displayio.release_displays()
    assert sim.owner("GP2") is None and sim.owner("GP0") is None  # FourWire freed too
    del display


def test_save_png(sim, tmp_path):
    display = _ssd1306()
    root, _ = _boxes([(0, 0, 4, 2)], [0xFFFFFF])
    display.root_group = root
    display.refresh()
    path = sim.save_png(str(tmp_path / "shot.png"), scale=2)
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (256, 128)
    idat = data[data.index(b"IDAT") + 4 : data.index(b"IEND") - 8]
    raw = zlib.decompress(idat)
    stride = 1 + 256 * 3
    assert len(raw) == 128 * stride
    assert raw[1:4] == b"\xff\xff\xff" and raw[1 + 8 * 3 : 4 + 8 * 3] == b"\x00\x00\x00"


def test_screenshot_needs_a_panel_in_use(sim):
    with pytest.raises(LookupError):
        sim.screenshot()


def test_simhw_refuses_blinka_modules_imported_first():
    code = (
        "import sys\n"
        "import micropython\n"  # Blinka's, from site-packages
        "sys.path.insert(0, %r)\n"
        "try:\n"
        "    import simhw\n"
        "except ImportError as e:\n"
        "    print('refused:', e)\n" % SHIM
    )
    p = subprocess.run(
        [sys.executable, "-P", "-c", code], capture_output=True, text=True, timeout=SAFETY_NET_S
    )
    assert "refused:" in p.stdout and "sys.path[0]" in p.stdout, p.stdout + p.stderr


# -- power (issue 9) ----------------------------------------------------------------------


def test_analogio_reads_vsys_over_3_on_the_pico_and_only_adc_pins(sim):
    import analogio
    import board
    import digitalio

    sim.set_battery(3.9)
    adc = analogio.AnalogIn(board.VOLTAGE_MONITOR)
    assert abs(adc.value / 65535 * 3.3 * 3 - 3.9) < 0.001
    usb = digitalio.DigitalInOut(board.VBUS_SENSE)
    assert usb.value is False
    sim.set_battery(3.9, usb=True)
    assert usb.value is True and abs(adc.value / 65535 * 9.9 - 4.75) < 0.001  # VSYS from USB
    sim.set_analog("GP26", 1.65)
    a0 = analogio.AnalogIn(board.GP26)
    assert a0.value == 32768
    with pytest.raises(ValueError, match="ADC"):
        analogio.AnalogIn(board.GP10)
    with pytest.raises(ValueError, match="in use"):
        analogio.AnalogIn(board.VOLTAGE_MONITOR)
    adc.deinit()
    a0.deinit()
    usb.deinit()


def test_the_simulated_max17048_answers_like_the_chip(shim):
    import board

    shim.use_board("adafruit_feather_rp2040")
    chip = shim.add_fuel_gauge()
    shim.set_battery(3.7, percent=42.5)
    i2c = board.STEMMA_I2C()
    assert 0x36 in i2c.scan()
    buf = bytearray(2)
    i2c.writeto_then_readfrom(0x36, bytes([0x08]), buf)
    assert buf[0] << 8 | buf[1] == 0x0012  # VERSION
    i2c.writeto_then_readfrom(0x36, bytes([0x02]), buf)
    assert abs((buf[0] << 8 | buf[1]) * 78.125e-6 - 3.7) < 0.0001  # VCELL
    i2c.writeto_then_readfrom(0x36, bytes([0x04]), buf)
    assert (buf[0] << 8 | buf[1]) / 256 == 42.5  # SOC
    with pytest.raises(OSError):
        i2c.writeto(0x36, bytes([0xFE, 0x54, 0x00]))  # reset: not acknowledged
    assert chip.reads == 3


def test_deep_sleep_records_its_alarms_and_a_wake_restarts_with_the_flash(sim):
    import alarm
    import board
    import digitalio
    import microcontroller

    sim.set_battery(3.6)
    sim.nvm()[0:3] = b"abc"
    io = digitalio.DigitalInOut(board.GP10)
    with pytest.raises(ValueError, match="in use"):
        alarm.exit_and_deep_sleep_until_alarms(alarm.pin.PinAlarm(board.GP10, False, pull=True))
    io.deinit()
    alarms = [alarm.pin.PinAlarm(p, value=False, pull=True) for p in (board.GP10, board.GP8)]
    with pytest.raises(alarm.DeepSleepRequested):
        alarm.exit_and_deep_sleep_until_alarms(*alarms)
    assert sim.sleep_alarms() == tuple(alarms) and ("deep_sleep", tuple(alarms)) in sim.events()
    assert sim.wake_due() is None  # pulled up, nobody pressing
    sim.press("GP8")
    assert sim.wake_due() is alarms[1]
    t = sim.ticks_ms()
    sim.wake(alarms[1])
    assert alarm.wake_alarm is alarms[1]
    assert microcontroller.cpu.reset_reason == microcontroller.ResetReason.DEEP_SLEEP_ALARM
    assert bytes(sim.nvm()[0:3]) == b"abc" and sim.battery()["cell"] == 3.6
    assert sim.ticks_ms() == t and sim.level("GP8") is False  # still pressed
    assert sim.sleep_alarms() is None
    sim.reset()
    assert microcontroller.cpu.reset_reason is None and alarm.wake_alarm is None


def test_the_watchdog_can_be_stopped_before_a_sleep(sim):
    import microcontroller
    from watchdog import WatchDogMode

    dog = microcontroller.watchdog
    dog.timeout = 8
    dog.mode = WatchDogMode.RESET
    dog.mode = None  # as app/sleep.py stops it (CircuitPython 9+; deinit() is deprecated)
    assert dog.mode is None
    sim.advance(20000)
    dog.feed()
    assert dog.starved == 0
