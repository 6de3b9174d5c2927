"""Issue 9, the battery's part: voltages to percent, smoothing, the low and critical
states, USB, and gauges that are missing or fail. The idle timer and sleep on the
simulated device are in test_device_power.py."""

import random

import device_helpers  # noqa: F401 - puts lib/ on the path
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slampad.app import power  # noqa: E402
from slampad.app.power import CRITICAL, LOW, MARGIN, READY, Battery, percent  # noqa: E402


class Gauge:
    """Readings handed out one by one: (mV, percent or -1, on USB)."""

    def __init__(self, readings=()):
        self.readings = list(readings)

    def read(self):
        r = self.readings.pop(0)
        if isinstance(r, Exception):
            raise r
        return r


def feed(b, readings):
    """Each reading through Battery.add; the state after each."""
    out = []
    for mv, pct, usb in readings:
        b.add(mv, pct, usb)
        out.append(b.state)
    return out


# -- voltage to percent ------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, mv, pct",
    [
        ("lipo", 4200, 100), ("lipo", 4150, 100), ("lipo", 3800, 55), ("lipo", 3775, 48),
        ("lipo", 3700, 30), ("lipo", 3300, 0), ("lipo", 2500, 0),
        ("aa", 4800, 100), ("aa", 4650, 100), ("aa", 4050, 50), ("aa", 3600, 15),
        ("aa", 3000, 0), ("aa", 2000, 0),
    ],
)  # fmt: skip
def test_voltage_maps_to_percent_on_each_battery_curve(kind, mv, pct):
    assert percent(mv, power.CURVES[kind]) == pct


@given(st.sampled_from(sorted(power.CURVES)), st.integers(0, 6000), st.integers(0, 6000))
def test_percent_is_in_range_and_never_falls_as_the_voltage_rises(kind, a, b):
    curve = power.CURVES[kind]
    lo, hi = min(a, b), max(a, b)
    assert 0 <= percent(lo, curve) <= percent(hi, curve) <= 100


def fake_vsys():
    """hw/battery.Vsys over a fake ADC (its ``value`` 0) and USB pin (low): (vsys, Adc)."""
    from slampad.hw.battery import Vsys

    v = Vsys.__new__(Vsys)

    class Adc:
        value = 0

    class Usb:
        value = False

    v._adc, v._usb = Adc(), Usb()
    return v, Adc


def test_the_pico_vsys_reading_is_three_times_the_pin():
    """hw/battery.Vsys: a 16-bit reading of VSYS / 3 on 0-3.3 V, in mV of VSYS."""
    v, Adc = fake_vsys()
    for volts in (3.0, 3.7, 4.2, 4.8):
        Adc.value = int(volts / 3 / 3.3 * 65535 + 0.5)
        mv, pct, usb = v.read()
        assert abs(mv - volts * 1000) <= 1 and pct == -1 and usb is False


# -- states --------------------------------------------------------------------------------


def test_a_falling_battery_goes_ok_then_low_then_critical():
    b = Battery(Gauge(), "lipo")
    states = feed(b, [(3300 + 10 * i, i // 4, False) for i in range(160, -1, -1)])
    # in order, each once
    seen = [s for i, s in enumerate(states) if i == 0 or states[i - 1] != s]
    assert seen == ["ok", "low", "critical"]
    first_low = states.index("low")
    assert b.pct <= CRITICAL
    assert states[first_low - 1] == "ok"


def test_no_state_is_judged_before_READY_readings():
    b = Battery(Gauge(), "lipo")
    assert feed(b, [(3000, 0, False)] * (READY - 1)) == ["ok"] * (READY - 1)
    assert feed(b, [(3000, 0, False)]) == ["critical"]


def test_critical_stays_critical_until_usb():
    b = Battery(Gauge(), "lipo")
    feed(b, [(3000, 1, False)] * READY)
    assert b.state == "critical"
    assert feed(b, [(4100, 90, False)] * 20)[-1] == "critical"  # a rested cell bounces back
    assert feed(b, [(4100, 90, True)]) == ["usb"]
    assert feed(b, [(4100, 90, False)]) == ["ok"]


def test_low_ends_only_MARGIN_above_the_threshold():
    b = Battery(Gauge(), "lipo")
    feed(b, [(3700, LOW, False)] * 20)
    assert b.state == "low"
    feed(b, [(3700, LOW + MARGIN - 1, False)] * 40)
    assert b.state == "low"
    feed(b, [(3700, LOW + MARGIN + 1, False)] * 40)
    assert b.state == "ok"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([LOW + 1, LOW + 2, CRITICAL + 2]))
def test_a_noisy_reading_does_not_flicker_between_states(seed, centre):
    """A level hovering at a threshold, each reading off by up to 6 %: the state
    changes at most once (the running mean and the margin)."""
    rng = random.Random(seed)
    b = Battery(Gauge(), "lipo")
    feed(b, [(3700, centre + 3, False)] * 40)  # settled just above it
    states = feed(b, [(3700, max(0, centre + rng.randint(-6, 6)), False) for _ in range(400)])
    changes = sum(1 for i in range(1, len(states)) if states[i] != states[i - 1])
    assert changes <= 1, states


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_noisy_vsys_millivolts_do_not_flicker_either(seed):
    """The Pico's reading: VSYS in mV with +-80 mV of ADC noise, around the low mark."""
    rng = random.Random(seed)
    b = Battery(Gauge(), "lipo")
    mid = 3625  # ~15 %: the low threshold on the LiPo curve
    feed(b, [(mid + 200, -1, False)] * 20)
    states = feed(b, [(mid + rng.randint(-80, 80), -1, False) for _ in range(400)])
    changes = sum(1 for i in range(1, len(states)) if states[i] != states[i - 1])
    assert changes <= 1


def test_usb_power_shows_usb_and_is_never_low():
    b = Battery(Gauge(), "lipo")
    assert feed(b, [(3400, 2, True)] * 10) == ["usb"] * 10
    assert b.text() == "USB"


def test_the_corner_text():
    b = Battery(None)
    assert (b.state, b.text()) == ("none", "")
    b = Battery(Gauge(), "lipo")
    assert b.text() == ""  # nothing read yet
    feed(b, [(3800, -1, False)])
    assert b.text() == "55%"


def test_a_gauge_that_stops_answering_is_dropped_without_a_crash():
    b = Battery(Gauge([(3900, 70, False), OSError(5, "EIO"), (3900, 70, False)]), "lipo")
    assert b.sample(1000) and b.state == "ok"
    assert not b.sample(1100)  # SAMPLE_MS not passed
    assert b.sample(2000) and b.state == "none" and b.failed
    assert not b.sample(3000)  # never read again
    assert b.text() == ""


# -- a reading that cannot be true (issue 15) -----------------------------------------------


def test_a_vsys_of_0V_is_no_gauge_not_an_empty_battery():
    """An emulated Pico reads VSYS 0 V: a missing or broken gauge, no icon, never judged."""
    v, _adc = fake_vsys()
    b = Battery(v, "lipo")
    states = [b.state for t in range(0, 30000, 500) if b.sample(t)]
    assert states == ["none"] * 60 and b.text() == "" and b.pct == -1
    assert not b.failed  # still read: a reading that turns plausible is judged again


@pytest.mark.parametrize("mv", [0, 1, power.MIN_MV - 1])
def test_a_reading_under_MIN_MV_is_none_at_once_whatever_came_before(mv):
    for before in ([], [(3900, -1, False)] * 20, [(3620, -1, False)] * 40, [(4100, -1, True)]):
        b = Battery(Gauge(), "lipo")
        feed(b, before)
        assert feed(b, [(mv, 0, False)]) == ["none"] and b.text() == ""


def test_a_plausible_reading_afterwards_is_judged_again_after_READY_readings():
    b = Battery(Gauge(), "lipo")
    feed(b, [(0, -1, False)] * 10)
    # The means start again: no state until READY readings, as at power-up.
    assert feed(b, [(3900, -1, False)] * (READY + 2)) == ["none"] * (READY - 1) + ["ok"] * 3
    assert b.mv == 3900 and b.text() == "72%"
    feed(b, [(0, -1, False)])  # one bad reading: none again, the means dropped
    assert b.state == "none" and b.text() == ""
    states = feed(b, [(3000, -1, False)] * READY)  # plausible, and empty
    assert states == ["none"] * (READY - 1) + ["critical"]
    assert feed(b, [(4100, 90, True)]) == ["usb"]  # USB is shown at once, as ever


def test_an_empty_battery_stays_critical_through_a_reading_under_MIN_MV():
    b = Battery(Gauge(), "lipo")
    feed(b, [(3100, -1, False)] * READY)
    assert b.state == "critical"
    assert feed(b, [(2400, -1, False)] * 5) == ["critical"] * 5  # a pack sagging under load
    assert b.text() == "0%"


class _Text:
    def set_corner(self, text, level=0):
        self.corner = text

    def set_banner(self, text):
        self.banner = text


class _App:
    """Just what Power.step touches: a menu (paused), nothing held."""

    def __init__(self, gauge, kind, diode_mv):
        class Menu:
            def select_down(self):
                return False

        class Hw:
            battery = gauge
            menu = Menu()

        class Screen:
            def paused(self):
                return True

        self.cfg = {"battery": kind, "diode_mv": diode_mv, "sleep_s": 0, "dim_s": 0}
        class PadInput:
            held = [False] * 4

        self.hw, self.screen, self.text, self.pad_input = Hw(), Screen(), _Text(), PadInput()
        self.beeps = []

    def beep(self, cue):
        self.beeps.append(cue)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, power.MIN_MV - 1), st.one_of(st.just(-1), st.integers(0, 100)),
            st.booleans(),
        ),
        min_size=1, max_size=80,
    ),
    st.sampled_from(sorted(power.CURVES)),
    st.integers(0, 700),
)  # fmt: skip
def test_any_series_under_MIN_MV_never_warns_or_sleeps(readings, kind, diode_mv):
    """Property: whatever a gauge says, with every VSYS under 2.5 V the state is "none"
    (never low or critical), Power never says "Battery" nor sleeps, no percent shown."""
    assert power.MIN_MV == 2500
    app = _App(Gauge(readings), kind, diode_mv)
    pw = power.Power(app, 0)
    slept = []
    pw.sleep = lambda empty, paused: slept.append(empty)
    for i in range(len(readings)):
        pw.step(i * power.SAMPLE_MS)
        assert pw.battery.state == "none", readings
        assert app.text.corner == ""
    assert not pw.battery.gauge.readings  # every reading was taken
    assert slept == [] and app.beeps == [] and not getattr(app.text, "banner", "")


def test_readings_are_taken_every_SAMPLE_MS_across_the_tick_wrap():
    g = Gauge([(3900, 70, False)] * 10)
    b = Battery(g, "lipo")
    t = power.WRAP - 700
    taken = [b.sample((t + d) % power.WRAP) for d in range(0, 2001, 100)]
    assert taken.count(True) == 5  # 0, 500, 1000, 1500, 2000 ms


def test_a_diode_before_vsys_is_added_back():
    """SLAMPAD_DIODE_MV: VSYS reads the cell less the diode's drop."""
    straight = Battery(Gauge(), "lipo")
    feed(straight, [(3800, -1, False)] * 5)
    diode = Battery(Gauge(), "lipo", 300)
    feed(diode, [(3500, -1, False)] * 5)
    assert straight.pct == diode.pct == 55


def test_the_battery_settings_come_from_settings_toml_and_are_never_saved():
    from slampad.app import settings as app_settings

    cfg = app_settings.load({"SLAMPAD_BATTERY": "aa", "SLAMPAD_DIODE_MV": "300"}.get)
    assert (cfg["battery"], cfg["diode_mv"], cfg["problems"]) == ("aa", 300, [])
    assert "battery" not in app_settings.saved(cfg) and "diode_mv" not in app_settings.saved(cfg)
    bad = app_settings.load({"SLAMPAD_BATTERY": "nicd", "SLAMPAD_DIODE_MV": "900"}.get)
    assert (bad["battery"], bad["diode_mv"]) == ("lipo", 0) and len(bad["problems"]) == 2
    assert app_settings.apply(cfg, {"battery": "lipo", "diode_mv": 5})  # ignored if saved
    assert (cfg["battery"], cfg["diode_mv"]) == ("aa", 300)
