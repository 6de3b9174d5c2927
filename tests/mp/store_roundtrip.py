"""slampad.store on MicroPython (and CPython): a bytearray stands in for microcontroller.nvm.

Usage: micropython -X heapsize=160K tests/mp/store_roundtrip.py [SAVES]

Plays a Diceland game on the 36-hex preset (seed 7, random legal actions) and saves it
after every turn (at most SAVES saves, default 60), with settings and stats beside it,
so the sector is compacted several times. After every save a second Store re-reads the
bytearray (``scan()``) and must give the same three values. Then: a cut-short last record (its
tail set back to 0xFF) reads as the save before it, with ``damaged``; the pure-Python
CRC32 agrees with binascii's where the port has it; lz round-trips. Prints the time per
save (pack + write) and ``OK store <saves> saves <compactions> compactions``.
"""

import gc
import json
import sys
import time

import mp_path  # noqa: F401  (puts lib/ on sys.path)

# isort: split
# On the device microcontroller.nvm is flash, not heap: make the stand-in before the big
# imports fragment the VM's small heap.
NVM = bytearray(b"\xff" * 4096)

from slampad.games.diceland import Diceland  # noqa: E402, I001
from slampad import lz  # noqa: E402
from slampad import store  # noqa: E402
from slampad.rng import Rng  # noqa: E402

gc.collect()
SETTINGS = {"brightness": 30, "bot_level": "normal", "look_ms": 5000, "sound": 1}


def us():
    return time.ticks_us() if hasattr(time, "ticks_us") else int(time.time() * 1000000)


def check(ok, what):
    if not ok:
        raise AssertionError(what)


def pick(g, rng):
    """A random legal action. While the dice are placed, the value and the hex are drawn
    one at a time: the same uniform pick as from the list of every (value, hex) pair, without
    the ~200 tuples of that list (about 14 KB on this 64-bit VM) in a small heap."""
    p = g.turn
    if g.phase == "occupy":
        return ("place", p, rng.choice(sorted(set(g.free[p]))), rng.choice(g.places(p)))
    return rng.choice(g.legal_actions(p))


def main(argv):
    limit = int(argv[1]) if len(argv) > 1 else 60
    nvm = NVM
    s = store.Store(nvm)
    check(s.load("game") is None and not s.damaged, "blank store not empty")
    stats = {"games": {"diceland": {"red": [0, 0], "blue": [0, 0]}}, "fastest_ms": None}
    s.save("settings", SETTINGS)
    s.save("stats", stats)
    r = store.Store(nvm)  # a second reader: its 4 KB image is made while the heap is free
    g = Diceland({"scene": "diceland"}, 7)
    rng = Rng(7)
    saves = 0
    spent = 0
    biggest = 0
    turn = g.turn
    prev = None
    while not g.is_over() and saves < limit:
        g.apply(pick(g, rng))
        if g.turn == turn and not g.is_over():
            continue
        turn = g.turn
        d = g.to_dict()
        raw = store.encode(d)  # kept as one block of bytes, not a second dict of it
        biggest = max(biggest, len(raw))
        t = us()
        s.save("game", d)
        spent += us() - t
        saves += 1
        d = None
        r.scan()  # read back from the bytes alone, as after a power-up
        check(not r.damaged, "damaged after save %d: %r" % (saves, r.notices))
        # json.loads: the game as its JSON reads back (tuples become lists)
        check(r.load("game") == json.loads(raw), "game differs after save %d" % saves)
        check(r.load("settings") == SETTINGS and r.load("stats") == stats, "lost a key")
        prev, last, raw = raw, s.end, None
        gc.collect()
    check(saves >= 10 and s.erases >= 2, "too few saves (%d) or compactions" % saves)
    # one more save, then its record cut short: the save before it comes back, flagged
    start = s.end
    s.save("game", {"after": saves})
    end = s.end
    check(start is not None and end is not None and end > start, "last save did not append")
    for i in range(start + (end - start) // 2, end):
        nvm[i] = 0xFF
    r.scan()
    check(r.damaged and r.load("game") == json.loads(prev), "cut-short record not handled")
    check(r.load("settings") == SETTINGS, "settings lost with the cut record")
    data = bytes(range(256)) * 2
    check(store.crc32_py(data) == store.crc32(data), "crc32_py and crc32 disagree")
    check(store.crc32_py(b"123456789") == 0xCBF43926, "crc32_py is not CRC-32")
    check(store.crc32(b"123456789") == 0xCBF43926, "crc32 is not CRC-32")
    check(lz.decompress(lz.compress(prev)) == prev, "lz round trip")
    print("biggest save %d bytes, %d us per save on average" % (biggest, spent // saves))
    print("OK store %d saves %d compactions" % (saves, s.erases))
    check(last is not None, "no append position")


main(sys.argv)
