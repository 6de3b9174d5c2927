"""The one object the app uses to reach the hardware (docs/hardware-interface.md)."""

from micropython import const

TICK_US = const(1000)  # pad timestamps are supervisor.ticks_ms: 1 ms ticks
WRAP = const(0x20000000)  # ... wrapping at 2**29


class Hardware:
    """Plain attributes, see docs/hardware-interface.md; ``deinit()`` releases it all.

    ``release_display`` says whether ``deinit()`` releases the display: True for a
    display this build made, False for a board's built-in ``board.DISPLAY``.
    """

    def __init__(
        self,
        name,
        pads,
        menu,
        pixels,
        dice_pixels,
        seat_pixels,
        display,
        colour,
        sound,
        release_display=True,
        battery=None,
    ):
        import supervisor

        self.name = name
        self.pads = pads
        self.n_pads = pads.key_count
        self.tick_us = TICK_US
        self.wrap = WRAP
        # The slam race's clock (W6): the pads' own, 1 us with the PIO, else ticks_ms.
        self.slam_tick_us = getattr(pads, "tick_us", TICK_US)
        self.slam_wrap = getattr(pads, "wrap", WRAP)
        self.slam_now = getattr(pads, "now", supervisor.ticks_ms)
        self.menu = menu
        self.pixels = pixels
        self.dice_pixels = dice_pixels
        self.seat_pixels = seat_pixels
        self.display = display
        self.width = display.width
        self.height = display.height
        self.colour = colour
        self.sound = sound
        self.battery = battery  # a gauge (hw/battery.py), or None
        self.ticks_ms = supervisor.ticks_ms
        self._release_display = release_display
        self._live = True

    def deinit(self):
        """Release pins, buses and (if this build made it) the display. Idempotent."""
        if not self._live:
            return
        self._live = False
        for part in (self.sound, self.menu, self.pads, self.pixels, self.battery):
            if part is not None:
                part.deinit()
        if self._release_display:
            import displayio

            displayio.release_displays()

    def __repr__(self):
        return "<Hardware %s: %d pads, %s pixels, %dx%d %s display>" % (
            self.name,
            self.n_pads,
            len(self.pixels) if self.pixels is not None else "no",
            self.width,
            self.height,
            "colour" if self.colour else "mono",
        )
