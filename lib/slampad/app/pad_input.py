"""The slam pads' events into the screen's presses and releases (App.step, each frame).

One press and one release per touch: a press keeps its first contact's stamp (W6), and
a release counts once the pad has stayed up BOUNCE_MS (a shorter gap was a bounce).
The app's own view of the pads stays on the App (held, slam_t, lost), which screens read.
"""

import keypad

from slampad.ticks import ticks_diff

BOUNCE_MS = 20  # a pad up for less than this was a bouncing contact, not a release


class PadInput:
    def __init__(self, hw):
        n = hw.n_pads
        self.up = [False] * n  # a release waiting to last BOUNCE_MS ...
        self.up_t = [0] * n  # ... its keypad stamp
        self.up_at = [0] * n  # ... and the frame it was seen in
        self.ev = getattr(hw.pads, "event", None) or keypad.Event()  # PioPads: its own
        self.ticked = hasattr(self.ev, "tick")  # ... with the microsecond tick

    def drain(self, app, scr, now):
        """Hand the queued pad events to screen ``scr``, bounces aside."""
        hw = app.hw
        ev = self.ev
        events = hw.pads.events
        up = self.up
        while events.get_into(ev):
            k = ev.key_number
            app.power.poke(now)
            if ev.pressed:
                if up[k]:  # down again at once: the release was a bounce
                    up[k] = False
                elif not app.held[k]:
                    app.held[k] = True
                    app.slam_t[k] = ev.tick if self.ticked else ev.timestamp
                    scr.on_pad(k, ev.timestamp, now)  # the first contact's stamp (W6)
            elif app.held[k]:
                up[k] = True  # a release counts once it lasts BOUNCE_MS
                self.up_t[k] = ev.timestamp
                self.up_at[k] = now
        for k in range(len(up)):
            if up[k] and ticks_diff(now, self.up_at[k], hw.wrap) >= BOUNCE_MS:
                up[k] = False
                app.held[k] = False
                scr.on_release(k, self.up_t[k], now)
        if events.overflowed:
            events.clear()
            # A lost release would leave its pad "held" for ever: rescan from scratch,
            # so a pad that is down now reports a fresh press.
            hw.pads.reset()
            app.held = [False] * hw.n_pads
            self.up = [False] * hw.n_pads
            app.lost = True
