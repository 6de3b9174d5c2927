"""The slam pads' events into the screen's presses and releases (App.step, each frame).

One press and one release per touch: a press keeps its first contact's stamps (W6), and
a release counts once the pad has stayed up BOUNCE_MS (a shorter gap was a bounce).
This is the one owner of the pads' state: which are held, each one's last press, and a
queue that overflowed, which it reports once to the screen (``on_lost``).
"""

import keypad

from slampad.ticks import ticks_diff

BOUNCE_MS = 20  # a pad up for less than this was a bouncing contact, not a release


class Press:
    """One pad's press or release as a screen is handed it (on_pad / on_release):
    ``pad``, its index; ``ms``, keypad's stamp on the frame clock; ``tick``, the slam
    clock's stamp (the PIO's microsecond counter, or ``ms`` where keypad alone stamps:
    W6 judges slams by it, never by when the event arrived)."""

    def __init__(self, pad, ms, tick):
        self.pad = pad
        self.ms = ms
        self.tick = tick


class PadInput:
    def __init__(self, hw):
        n = hw.n_pads
        self.held = [False] * n  # which pads are down (bounces filtered out)
        self.last = [None] * n  # each pad's last Press
        self.up = [False] * n  # a release waiting to last BOUNCE_MS ...
        self.up_t = [0] * n  # ... its keypad stamp
        self.up_tick = [0] * n  # ... its slam-clock stamp
        self.up_at = [0] * n  # ... and the frame it was seen in
        self.ev = getattr(hw.pads, "event", None) or keypad.Event()  # PioPads: its own
        self.ticked = hasattr(self.ev, "tick")  # ... with the microsecond tick

    def drain(self, app, scr, now):
        """Hand the queued pad events to screen ``scr``, bounces aside."""
        hw = app.hw
        ev = self.ev
        events = hw.pads.events
        up = self.up
        held = self.held
        while events.get_into(ev):
            k = ev.key_number
            app.power.poke(now)
            tick = ev.tick if self.ticked else ev.timestamp
            if ev.pressed:
                if up[k]:  # down again at once: the release was a bounce
                    up[k] = False
                elif not held[k]:
                    held[k] = True
                    press = Press(k, ev.timestamp, tick)  # the first contact's stamps
                    self.last[k] = press
                    scr.on_pad(press, now)
            elif held[k]:
                up[k] = True  # a release counts once it lasts BOUNCE_MS
                self.up_t[k] = ev.timestamp
                self.up_tick[k] = tick
                self.up_at[k] = now
        for k in range(len(up)):
            if up[k] and ticks_diff(now, self.up_at[k], hw.wrap) >= BOUNCE_MS:
                up[k] = False
                held[k] = False
                scr.on_release(Press(k, self.up_t[k], self.up_tick[k]), now)
        if events.overflowed:
            events.clear()
            # A lost release would leave its pad "held" for ever: rescan from scratch,
            # so a pad that is down now reports a fresh press.
            hw.pads.reset()
            for k in range(len(held)):
                held[k] = False
                up[k] = False
            scr.on_lost(now)
