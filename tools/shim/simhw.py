"""Control of the simulated hardware behind the host shim (for tools/simulator/sim.py and tests).

Setup: put ``tools/shim`` at ``sys.path[0]`` before importing ``simhw`` or anything that
imports ``board``, ``digitalio``, ``busio``, ``microcontroller``, ``keypad``, ``supervisor``,
``neopixel``, ``pwmio``, ``rotaryio``, ``storage`` or ``micropython``: the shim's modules must
shadow Blinka's (importing ``simhw`` checks that and raises ImportError otherwise). Blinka's
real ``displayio``, ``fourwire``, ``i2cdisplaybus``, ``adafruit_display_text`` and the real
Adafruit display drivers run on top, on fake buses (see ``_simworld.patch_blinka`` for the
three places where the shim makes Blinka behave like CircuitPython).

World
    ``reset(board_id=None)``    fresh world: clock, pins, records, panels (same board)
    ``use_board(board_id)``     fresh world on ``raspberry_pi_pico`` (default, or env
                                ``SLAMPAD_SIM_BOARD``), ``adafruit_feather_rp2040`` or
                                ``adafruit_macropad_rp2040``
    ``board_id()``, ``BOARDS``

Clock (``supervisor.ticks_ms``; wraps at ``WRAP`` = 2**29, starts at ``START_TICKS`` =
2**29 - 65536 like the firmware)
    ``ticks_ms()``, ``set_ticks(t)``, ``advance(ms)``: 1 ms steps; each live
    ``keypad.Keys`` scans at its interval, stamping events with that step's ticks_ms.
    Simulated blocking waits also advance it: the display drivers' init delays and
    reset pulses, ``display.refresh(target_frames_per_second=...)``'s wait, and
    ``microcontroller.delay_us``.

Inputs (pin names as on the board, e.g. ``"GP10"``, ``"KEY1"``, or a Pin)
    ``press(name)`` / ``release(name)``  a button to ground: level low / undriven
    ``tap(name, ms=40)``                press, advance ``ms``, release
    ``set_level(name, value)``          drive True/False, or None for undriven
    ``level(name)``, ``pin(name)``, ``owner(name)`` (what claimed it, or None)
    ``turn_encoder(steps, name=None)``  add to ``rotaryio`` positions (all live encoders,
                                        or the one whose A pin is ``name``)

Outputs
    ``pixel_frames(name=None)``  [(ticks, [(r, g, b), ...]), ...] per ``show()``, after
                                 brightness; ``name`` may be omitted with one chain
    ``last_pixels(name=None)``   the last frame's list (``[]`` if none)
    ``pwm_log(name=None)``       [(ticks, frequency, duty_cycle), ...] on each change
    ``tone(name=None)``          current (frequency, duty_cycle), or None if no PWM yet
    ``panels()``                 the wired panels: objects with ``kind``, ``width``,
                                 ``height``, ``writes``, ``log`` and ``screenshot()``
    ``screenshot(panel=None)``   (width, height, RGB bytes) of what the glass shows (the
                                 panel written most recently unless one is given)
    ``lit_pixels(shot, box=None)``  count of non-black pixels, optionally in (x0, y0, x1, y1)
    ``save_png(path, scale=1, panel=None)``  write the screenshot as PNG (zlib + struct)
    ``remounts()``, ``events()`` (reset / reload / USB drive calls), ``nvm()``

Flash (``microcontroller.nvm``: one 4 KB NOR sector, see ``_flash``)
    ``nvm()``                   the ``nvm.ByteArray`` stand-in (erased: all 0xFF)
    ``flash()``                 its ``Flash``: ``data``, ``erases``, ``programmed``,
                                ``writes``, ``arm_cut(after, erase="done"|"partial")``,
                                ``cut_points(at, data)``; an armed cut makes a write raise
                                ``PowerCut`` with the bytes left as they physically are

Power (issue 9)
    ``set_battery(volts, usb=False, percent=None)``  the cell's voltage and charge and
                                whether USB power is present (the Pico reads VSYS / 3 on
                                GPIO29 and USB on VBUS_SENSE; a fuel gauge reads both);
                                the default world is on USB, cell 3.9 V, 80 %
    ``battery()``               that supply now, as a dict
    ``set_analog(name, volts)`` the voltage at an ADC pin (GPIO26-29), over the above
    ``add_fuel_gauge()``        a MAX17048 on the board's STEMMA QT port (Feather,
                                MacroPad); call before building the hardware
    ``sleep_alarms()``          the alarms of the deep sleep the app entered, or None
    ``wake_due()``              the first of those alarms whose pin reads its value now
    ``wake(alarm)``             the board restarts: a fresh world (same board, flash,
                                battery and gauge; the clock runs on) with
                                ``alarm.wake_alarm`` and reset reason DEEP_SLEEP_ALARM

Records (frames, PWM changes, bus writes, panel command logs) keep about the last 4096
entries each, so a long simulator session does not grow without bound.

Pin claiming follows CircuitPython: a second user of a pin gets ``ValueError: GP10 in
use`` until the first ``deinit()``s; ``reset()`` frees everything.
"""

import os
import struct
import sys
import zlib

_HERE = os.path.dirname(os.path.abspath(__file__))
_SHADOWED = (
    "micropython",
    "microcontroller",
    "board",
    "digitalio",
    "busio",
    "keypad",
    "supervisor",
    "neopixel",
    "neopixel_write",
    "pwmio",
    "rotaryio",
    "storage",
    "analogio",
    "alarm",
)


def _check_shadowing():
    import importlib

    for name in _SHADOWED:
        mod = importlib.import_module(name)
        where = os.path.abspath(getattr(mod, "__file__", "") or "")
        if not where.startswith(_HERE + os.sep):
            raise ImportError(
                "simhw: %r comes from %s, not the shim; put %s at sys.path[0] before "
                "anything imports it" % (name, where, _HERE)
            )


_check_shadowing()

import _flash  # noqa: E402
import _simworld  # noqa: E402
import board  # noqa: E402, F401 - keeps board's attributes in step with the world

WRAP = _simworld.WRAP
START_TICKS = _simworld.START_TICKS
BOARDS = tuple(_simworld.BOARDS)
ResetRequested = _simworld.ResetRequested
DeepSleepRequested = __import__("alarm").DeepSleepRequested
PowerCut = _flash.PowerCut

_simworld.patch_blinka()


# -- world and clock -------------------------------------------------------------


def reset(board_id=None):
    """A fresh world (releases displays, frees pins, clears records, restarts the clock)."""
    _simworld.reset(board_id)


def use_board(board_id):
    reset(board_id)


def board_id():
    return _simworld.world.board_id


def ticks_ms():
    return _simworld.world.now


def set_ticks(value):
    """Set the virtual clock (wrapped to 29 bits). Scanners keep their phase."""
    w = _simworld.world
    value &= _simworld.MASK
    delta = (value - w.now) & _simworld.MASK
    for s in w.scanners:
        s._last = (s._last + delta) & _simworld.MASK
    w.now = value


def advance(ms):
    _simworld.advance(ms)


# -- pins and inputs ---------------------------------------------------------------


def pin(name):
    if isinstance(name, _simworld.Pin):
        return name
    w = _simworld.world
    if name in w.pin_names:
        return _simworld.PINS[w.pin_names[name]]
    if name.startswith("GPIO") and name[4:].isdigit() and int(name[4:]) < 30:
        return _simworld.PINS[int(name[4:])]
    raise KeyError("no pin %r on %s" % (name, w.board_id))


def press(name):
    pin(name).ext = False


def release(name):
    pin(name).ext = None


def tap(name, ms=40):
    press(name)
    advance(ms)
    release(name)


def set_level(name, value):
    pin(name).ext = None if value is None else bool(value)


def level(name):
    return pin(name).level


def owner(name):
    return pin(name).owner


def turn_encoder(steps, name=None):
    target = None if name is None else pin(name)
    encoders = [e for e in _simworld.world.encoders if target is None or e._pins[0] is target]
    if not encoders:
        raise LookupError(
            "no live rotaryio.IncrementalEncoder%s" % ("" if name is None else " on %s" % name)
        )
    for e in encoders:
        e._turn(int(steps))


# -- outputs -------------------------------------------------------------------------


def _pick(records, name, what):
    if name is not None:
        return records.get(pin(name).number, [])
    if not records:
        return []
    if len(records) > 1:
        raise ValueError("several %s pins (%s): name one" % (what, sorted(records)))
    return next(iter(records.values()))


def _decode(raw, order):
    bpp = len(order)
    idx = [order.index(c) for c in ("RGBW" if "W" in order else "RGB")]
    return [tuple(raw[i + j] for j in idx) for i in range(0, len(raw) - bpp + 1, bpp)]


def pixel_frames(name=None):
    frames = _pick(_simworld.world.pixel_frames, name, "NeoPixel")
    return [(t, _decode(raw, order)) for t, raw, order in frames]


def last_pixels(name=None):
    frames = _pick(_simworld.world.pixel_frames, name, "NeoPixel")
    if not frames:
        return []
    _, raw, order = frames[-1]
    return _decode(raw, order)


def pwm_log(name=None):
    return list(_pick(_simworld.world.pwm_log, name, "PWM"))


def tone(name=None):
    log = _pick(_simworld.world.pwm_log, name, "PWM")
    return log[-1][1:] if log else None


def panels():
    return _simworld.world.panels()


def screenshot(panel=None):
    if panel is None:
        live = [p for p in panels() if p.writes]
        if not live:
            raise LookupError("no display panel has received anything yet")
        panel = max(live, key=lambda p: p.last)
    return panel.screenshot()


def lit_pixels(shot, box=None):
    width, height, rgb = shot
    x0, y0, x1, y1 = box if box is not None else (0, 0, width, height)
    n = 0
    for y in range(max(0, y0), min(height, y1)):
        row = rgb[(y * width + max(0, x0)) * 3 : (y * width + min(width, x1)) * 3]
        n += sum(1 for i in range(0, len(row), 3) if row[i] or row[i + 1] or row[i + 2])
    return n


def png_bytes(shot, scale=1):
    width, height, rgb = shot
    scale = max(1, int(scale))
    raw = bytearray()
    for y in range(height):
        row = rgb[y * width * 3 : (y + 1) * width * 3]
        if scale > 1:
            row = b"".join(row[i : i + 3] * scale for i in range(0, len(row), 3))
        line = b"\x00" + bytes(row)
        raw += line * scale

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 6))
        + chunk(b"IEND", b"")
    )


def save_png(path, scale=1, panel=None):
    data = png_bytes(screenshot(panel), scale)
    with open(path, "wb") as f:
        f.write(data)
    return path


def remounts():
    return list(_simworld.world.remounts)


def events():
    return list(_simworld.world.events)


def nvm():
    return _simworld.world.nvm


def flash():
    return _simworld.world.nvm.flash


def _shim_modules():
    """Names of the shim's modules currently imported (for test isolation)."""
    return [n for n in _SHADOWED if n in sys.modules]


# -- power -----------------------------------------------------------------------------


def set_battery(volts, usb=False, percent=None):
    """The cell's voltage, USB power, and the charge a fuel gauge reports (default: from
    the voltage on a 1S LiPo's curve, 3.3 V empty to 4.2 V full, straight)."""
    if percent is None:
        percent = max(0.0, min(100.0, (volts - 3.3) / 0.9 * 100))
    w = _simworld.world
    w.battery = {"cell": float(volts), "percent": float(percent), "usb": bool(usb)}
    w.sense_usb()


def battery():
    """The supply now: {"cell": volts, "percent": charge, "usb": bool}."""
    return dict(_simworld.world.battery)


def set_analog(name, volts):
    _simworld.world.analog[pin(name).number] = float(volts)


def add_fuel_gauge(chip=None):
    """A MAX17048 on the STEMMA QT port (a new one, or ``chip``); returns the chip."""
    import _gauge

    w = _simworld.world
    if w.board_id not in _simworld.GAUGE_BUS:
        raise ValueError("no STEMMA QT port for a fuel gauge on %s" % w.board_id)
    sda, scl = _simworld.GAUGE_BUS[w.board_id]
    chip = chip or _gauge.Max17048()
    w.i2c_devices.append((_simworld.PINS[sda], _simworld.PINS[scl], _gauge.ADDRESS, chip))
    return chip


def fuel_gauge():
    for d in _simworld.world.i2c_devices:
        if getattr(d[-1], "kind", None) == "max17048":
            return d[-1]
    return None


def sleep_alarms():
    return _simworld.world.sleep_alarms


def wake_due():
    for a in _simworld.world.sleep_alarms or ():
        if hasattr(a, "_due") and a._due():
            return a
    return None


def wake(alarm):
    """Restart after a deep sleep: what survives it (flash, battery, gauge, the pins'
    outside levels), the rest fresh."""
    import microcontroller

    old = _simworld.world
    held = {p.number: p.ext for p in _simworld.PINS if p.ext is not None}
    data = bytes(old.nvm.flash.data)
    gauge = fuel_gauge()
    now = old.now
    _simworld.reset(old.board_id)
    w = _simworld.world
    w.nvm.flash.data[:] = data
    w.battery = dict(old.battery)
    w.analog = dict(old.analog)
    w.now = now
    for number, ext in held.items():
        _simworld.PINS[number].ext = ext
    w.sense_usb()
    if gauge is not None:
        add_fuel_gauge(gauge)
    w.wake_alarm = alarm
    microcontroller.cpu.reset_reason = microcontroller.ResetReason.DEEP_SLEEP_ALARM
    return w
