"""Wildside's slams on the pads' clock (W6): the bots' slam ticks and a guard on stamps.

The rules refuse a tick a quarter wrap from the round's ticks (ValueError). A stamp
should never be one (the window opens on the slams' own counter), but a pad reader
whose clock went astray (a PIO that cannot answer, so the window opened on an
estimate) must not end the app: such a slam is judged at the pads' clock now, or
failing that at the latest tick the round has seen (never before a slam whose stamp
is good: at most it shares first place with the latest of them).
"""

from slampad.ticks import ticks_add, ticks_diff


def slam(scr, s, t):
    """Seat s slams at tick t, or at a tick that fits the round if t does not."""
    g = scr.game
    if not g.tick_fits(t):
        t = scr.app.hw.slam_now()
        if not g.tick_fits(t):
            t = g.span[1] if g.span else 0  # nothing seen: any tick in range fits
            scr.guessed.append(s)  # its time is unknown: not for the statistics
    return scr.act(("slam", s, t))


def plan_bots(scr, t_open):
    """W12: each bot decides once the dice are shown; its slam tick on the pads' clock."""
    g = scr.game
    o = g.options
    view = g.view()
    per_ms = 1000 // o["tick_us"]
    for s in range(len(scr.pads)):
        scr.due[s] = None
        b = scr.bots[s]
        if b is not None:
            d = b.plan(view)
            if d is not None and d < o["look_ms"]:
                scr.due[s] = ticks_add(t_open, d * per_ms, o["wrap"])


def bots_slam(scr):
    """The bots whose tick has come slam, stamped with that tick."""
    g = scr.game
    now = scr.app.hw.slam_now()
    for s in range(len(scr.due)):
        d = scr.due[s]
        if d is not None and ticks_diff(now, d, g.options["wrap"]) >= 0:
            scr.due[s] = None
            if s in g.active:
                slam(scr, s, d)


def timed(scr, s, t, t_open):
    """Keep the fastest confirmed human slam for the statistics (not one judged at
    a tick of no time of its own: play_wildside_clock)."""
    if s in scr.guessed:
        return
    o = scr.game.options
    ms = ticks_diff(t, t_open, o["wrap"]) * o["tick_us"] // 1000
    if ms >= 0 and (scr.fast is None or ms < scr.fast[0]):
        scr.fast = [ms, scr.pads[s]]
