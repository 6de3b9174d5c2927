"""Builders the board profiles share, so a profile is a table of pins plus a few calls.

``run(name, fill)`` makes a ``Build`` and calls ``fill(b)``, which creates the parts with
``b.pads(...)``, ``b.pixels(...)``, ``b.button_menu(...)``, ... (a display from
hw/oled.py or the profile itself) and
returns ``b.finish(...)``, the Hardware. If anything fails, the parts made so far are
released again (so a retry does not find its pins in use).
"""

PAD_INTERVAL = 0.001  # s: keypad scans every 1 ms, so slam timestamps are 1 ms apart
BRIGHTNESS = 0.25  # NeoPixel start brightness; the app applies the brightness setting


def dice_rows(seats, per_seat):
    """Pixel indices of each seat's dice on one chain: seat s has per_seat*s .. +per_seat."""
    return [[s * per_seat + i for i in range(per_seat)] for s in range(seats)]


class Build:
    def __init__(self, name):
        self.name = name
        self.made = []
        self.own_display = False

    def keep(self, part):
        self.made.append(part)
        return part

    def undo(self):
        while self.made:
            part = self.made.pop()
            try:
                part.deinit()
            except Exception:  # noqa: BLE001 - best effort while unwinding a failure
                pass
        if self.own_display:
            import displayio

            displayio.release_displays()

    def pads(self, pins):
        """Slam pads: arcade buttons to ground, internal pull-ups, 1 ms keypad scans
        (profiles with the pads on consecutive GPIOs use hw/pio_pads.pads instead)."""
        import keypad

        return self.keep(
            keypad.Keys(pins, value_when_pressed=False, pull=True, interval=PAD_INTERVAL)
        )

    def pixels(self, pin, n):
        import neopixel

        return self.keep(neopixel.NeoPixel(pin, n, brightness=BRIGHTNESS, auto_write=False))

    def button_menu(self, up_pin, down_pin, select_pin):
        from slampad.hw.menu import ButtonMenu

        return self.keep(ButtonMenu(up_pin, down_pin, select_pin))

    def encoder_menu(self, a_pin, b_pin, switch_pin):
        from slampad.hw.menu import EncoderMenu

        return self.keep(EncoderMenu(a_pin, b_pin, switch_pin))

    def piezo(self, pin, enable_pin=None):
        from slampad.hw.sound import Piezo

        return self.keep(Piezo(pin, enable_pin))

    def vsys(self, adc_pin, usb_pin):
        """A Pico's battery voltage (VSYS / 3) and USB sense (hw/battery.py)."""
        from slampad.hw.battery import Vsys

        return self.keep(Vsys(adc_pin, usb_pin))

    def finish(
        self, pads, menu, pixels, dice_pixels, seat_pixels, display, colour, sound, battery=None
    ):
        from slampad.hw.hardware import Hardware

        return Hardware(
            self.name,
            pads,
            menu,
            pixels,
            dice_pixels,
            seat_pixels,
            display,
            colour,
            sound,
            release_display=self.own_display,
            battery=battery,
        )


def run(name, fill):
    b = Build(name)
    try:
        return fill(b)
    except Exception:
        b.undo()
        raise
