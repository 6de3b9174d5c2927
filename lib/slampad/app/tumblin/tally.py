"""Tumblin' Dice's round scores (T2, T5) on either display (looks.View draws them), a page at a
time: the title, as many score rows as fit, and the prompt on every page (a prompt
never has a page of its own). Each page stays up long enough to read (read_ms: a
time that grows with its words); the pages go round until a press goes on."""

from slampad.app.ui import WHITE, seat_colour, wrap

WORD_MS = 250  # a page stays up this long per word on it ...
BASE_MS = 1000  # ... plus this (finding the place) ...
MIN_MS = 2500  # ... and never less than this


def read_ms(lines):
    """How long rows ``lines`` need to be read by someone who has not seen them."""
    n = 0
    for x in lines:
        n += len(x.split())
    return max(MIN_MS, BASE_MS + WORD_MS * n)


def prompt(over, virtual, cols, big):
    """What a press does now, in rows of ``cols``: on the OLED one row, on the larger
    display (``big``) whole sentences (S3: up takes back the last die at a table)."""
    if big:
        go = "Slam a pad to see who won." if over else "Slam a pad to go on."
        out = wrap(go, cols)
        if not virtual:
            out += wrap("Up takes back a die.", cols)
        return out
    if virtual:
        return ["Slam a pad to finish" if over else "Slam a pad to go on"]
    return ["Slam: end. Up: undo" if over else "Slam: go on. Up: undo"]


def pages(summary, over, virtual, cols, rows, big):
    """The summary's pages: its title row, then its other rows (each wrapped to
    ``cols``, never split over two pages) shared out evenly, the prompt under each."""
    head = summary[:1]
    tail = prompt(over, virtual, cols, big)
    room = max(1, rows - 1 - len(tail))
    parts = [wrap(x, cols) for x in summary[1:]]
    out = fill(parts, room)
    n = len(out)
    for per in range(1, room):  # the fewest rows a page that needs no more pages
        if per * n >= sum(len(p) for p in parts) and len(fill(parts, per)) == n:
            out = fill(parts, per)
            break
    return [head + p + tail for p in out] or [head + tail]


def fill(parts, per):
    """Rows of ``parts`` in pages of at most ``per`` rows (a part longer: alone)."""
    out = []
    page = []
    for p in parts:
        if page and len(page) + len(p) > per:
            out.append(page)
            page = []
        page = page + p
    if page:
        out.append(page)
    return out


def shown(ps, dt):
    """How many page turns ``dt`` ms after the first page went up (the page is
    ps[n % len(ps)]), and whether every page has been up its whole time once."""
    times = [read_ms(p) for p in ps]
    cycle = sum(times)
    n = dt // cycle * len(ps)
    left = dt % cycle
    for t in times:
        if left < t:
            break
        left -= t
        n += 1
    return n, dt >= cycle


def colours(lines):
    """S1: below the title, a seat's row ("P2 ...") in its colour, the rest white."""
    return [WHITE] + [seat_colour(x) for x in lines[1:]]
