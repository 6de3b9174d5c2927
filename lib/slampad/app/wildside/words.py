"""Wildside in words: rulings, prompts and notes, for the screen, the log and the terminal sim."""

from slampad.games import wildside_match as wm


def seat(s):
    return "P%d" % (s + 1)


def dice_text(rolled):
    """W1: glyphs, so a roll reads without colour: ``* C S``."""
    return " ".join(wm.GLYPHS[f] for f in rolled) or "-"


def matched_on(ra, rb):
    """Words for what two rolls matched on: "moon", "moon and star", "moon, star and
    drop", "all wild"."""
    if wm.all_wild(ra) or wm.all_wild(rb):
        return "all wild"
    names = [s for s in wm.SYMBOLS if min(ra.count(s), rb.count(s))]
    return ", ".join(names[:-1]) + " and " + names[-1] if names[1:] else "".join(names)


SHORT = 20  # the narrowest display's columns (the 240x240 one): every line fits whole


def fit(head, names):
    """"head names" on one line when it fits, else the two parts as two lines."""
    line = head + " " + names
    return [line] if len(line) <= SHORT else [head, names]


def first_fit(*lines):
    """The first of ``lines`` (most natural first) that fits on one row, else the last."""
    for line in lines:
        if len(line) <= SHORT:
            return line
    return lines[-1]


def dice(n):
    return "a die" if n == 1 else "%d dice" % n


def match_line(s, v, ra, rb):
    """Why seat s took dice from seat v, naming both: "P1 matches P3: moon." on one row
    when it fits, else a whole sentence of two or three rows ("P1's dice match P3's: moon
    and star.", "P3 rolled all wild: it matches P1.") (a ruling pages it whole,
    or its picture stands for it: ruling.drawn)."""
    on = matched_on(ra, rb)
    a, b = seat(s), seat(v)
    if wm.all_wild(ra) or wm.all_wild(rb):  # W4: an all-wild roll matches any other
        a, b = (a, b) if wm.all_wild(ra) else (b, a)
        return "%s rolled all wild: it matches %s." % (a, b)
    return first_fit("%s matches %s: %s." % (a, b, on), "%s's dice match %s's: %s." % (a, b, on))


def listed(seats):
    """Seats in a sentence: "P1", "P1 and P2", "P1, P2 and P3"."""
    names = [seat(s) for s in seats]
    return ", ".join(names[:-1]) + " and " + names[-1] if names[1:] else "".join(names)


def describe(events, rolled):
    """What a player should read, in plain sentences (no ruling ids: those are in the
    comments), seats by name, a line a sentence; each at most SHORT characters, so a ruling
    pages a whole sentence at a time, never split mid-way, but the match line, which
    is shown only where it fits whole (slamview.paged; elsewhere the picture draws it)."""
    out = []
    for e in events:
        k = e[0]
        if k == "match":  # W3/W4: k dice from the victim, and the pool with them (W8)
            _, s, v, n, moved = e
            # One row each (a 4-seat OLED has one message row): "P1 takes 2 dice from
            # P3." would not fit, so the victim gives.
            out.append("%s gives %s %s." % (seat(v), seat(s), dice(n)))
            if moved > n:  # W8: the pool's dice go with the match
                d = moved - n
                one = "a pool die" if d == 1 else "%d pool dice" % d
                out.append(first_fit("%s gets %s." % (seat(s), one),
                                     "Pool: %s to %s." % (dice(d), seat(s))))  # fmt: skip
            out.append(match_line(s, v, rolled[s], rolled[v]))  # last: ruling.drawn
        elif k == "penalty":  # W8: a slam with no match
            out.extend(fit(seat(e[1][0]) + " slammed:" if len(e[1]) == 1
                           else listed(e[1]) + ":", "no match"))
            out.append("%s loses a die" % seat(e[1][0]) if len(e[1]) == 1 else "Each loses a die")
        elif k == "false_start":  # W6
            out.append("%s slammed too early" % seat(e[1]))
        elif k == "dead_heat":  # W6: first place shared by two matches
            tied = listed(e[1]) + " tied"  # a sentence a row: never split over two pages
            out.append(tied if len(tied) <= SHORT else "%d players tied" % len(e[1]))
            out.append("All slammed at once" if e[1][2:] else "Both slammed at once")
            out.append("Roll again")
        elif k == "none":  # W7
            out.append("Nobody slammed")
            out.append("Roll again")
        elif k == "out":  # W10: an unconfirmed slam in sudden death
            out.extend(fit(listed(e[1]), "is out" if len(e[1]) == 1 else "are out"))
        elif k == "sudden_death":  # W10
            out.append("Tie for most dice!")
            out.extend(fit("Still in:", listed(e[1])))
            out.append("First match wins")
        elif k == "game_over":  # W10: several winners only in a draw
            if len(e[1]) == 1:
                out.append("%s wins the game!" % seat(e[1][0]))
            else:
                out.extend(fit("A draw:", listed(e[1])))
        # "choose" has no line of its own: the choice screen (or a bot's pick) follows at once.
    return out


def seat_names(pads, line):
    """The core counts seats 0..n-1; the table knows them by their pads."""
    for s in range(len(pads) - 1, -1, -1):
        line = line.replace("P%d" % (s + 1), "#%d" % (pads[s] + 1))
    return line.replace("#", "P")


def choice(me, k, victim):
    """W5: the highlighted victim first: with four seats on a 128x64 screen one
    message row shows, a line at a time."""
    return ["%s: take %d from %s?" % (me, k, victim), "%s: slam to change" % me]


def stuck_note(names):
    """W13: the humans whose pad has been down too long, or None."""
    if not names:
        return None
    return "Stuck pads: " + " ".join(names) if names[1:] else names[0] + "'s pad is stuck"
