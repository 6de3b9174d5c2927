"""slampad.store: versioned, CRC-checked records in one flash sector, safe against power cuts.

The flash is the host shim's NOR model (tools/shim/_flash.py): in-place programming over
erased bytes, else a whole-sector erase and rewrite, and a power cut injectable after any
byte programmed or during the erase. The rule checked after every cut: each key reads as
its last complete save (the one before the cut write, or the one being written if all
of its bytes made it), or as nothing with ``damaged`` set; never anything else. The one
exception is physical: a cut after the sector erase and before the first byte is
programmed leaves the sector blank, which reads as a new board (nothing, no flag).
"""

import importlib.util
import json
import os
import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slampad import lz
from slampad import store as st_mod
from slampad.rng import Rng
from slampad.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location(
    "_flash_for_store_tests", os.path.join(ROOT, "tools", "shim", "_flash.py")
)
_flash = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_flash)
Flash, Nvm, PowerCut = _flash.Flash, _flash.Nvm, _flash.PowerCut

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_"
SETTINGS = {"brightness": 30, "bot_level": "normal", "look_ms": 5000, "sound": 1}


def stats(n=0):
    games = {}
    for g in ("wildside", "gowild", "tumblin", "diceland"):
        games[g] = {c: [n + 3, n] for c in ("red", "blue", "green", "black")}
    return {"games": games, "fastest_ms": 180 + n}


def fresh(data=None):
    fl = Flash()
    if data is not None:
        fl.data[:] = data
    return fl, Nvm(fl)


def blob(n, tag):
    """A JSON-able value whose compact encoding is exactly ``n`` bytes (n >= 20)."""
    obj = {"t": tag, "p": ""}
    r = random.Random(tag)  # random letters: nothing for lz to find, so stored as is
    obj["p"] = "".join(r.choice(LETTERS) for _ in range(n - len(st_mod.encode(obj))))
    assert len(st_mod.encode(obj)) == n
    return obj


# -- basics --------------------------------------------------------------------------


def test_crc32_matches_zlib_both_ways():
    for data in (b"", b"a", b"123456789", bytes(range(256)) * 3):
        assert st_mod.crc32_py(data) == zlib.crc32(data) == st_mod.crc32(data)
    assert st_mod.crc32_py(b"123456789") == 0xCBF43926


@given(st.binary(max_size=300))
def test_crc32_py_agrees_with_zlib(data):
    assert st_mod.crc32_py(data) == zlib.crc32(data)


def test_round_trips_and_survive_a_reopen():
    fl, nvm = fresh()
    s = Store(nvm)
    assert s.load("game") is None and not s.damaged and s.keys() == []
    game = {"game": "wildside", "v": 1, "log": [1, 2, 3], "none": None, "t": True}
    s.save("game", game)
    s.save("settings", SETTINGS)
    s.save("stats", stats())
    s.save("game", dict(game, log=[4]))
    assert s.load("game")["log"] == [4]
    t = Store(nvm)
    assert not t.damaged and t.notices == []
    assert t.load("game") == dict(game, log=[4])
    assert t.load("settings") == SETTINGS and t.load("stats") == stats()
    assert t.keys() == ["game", "settings", "stats"]
    t.clear("game")
    assert t.load("game") is None
    assert Store(nvm).load("game") is None and Store(nvm).load("settings") == SETTINGS
    assert fl.erases == 0 and s.erases == t.erases == 0  # all appended in place


def test_sector_full_compacts_with_one_erase_and_keeps_every_key():
    fl, nvm = fresh()
    s = Store(nvm)
    s.save("settings", SETTINGS)
    s.save("stats", stats())
    for i in range(12):
        s.save("game", blob(900, i))
    assert fl.erases == s.erases >= 2
    assert s.writes == fl.writes == 14
    t = Store(nvm)
    assert not t.damaged
    assert t.load("game")["t"] == 11 and t.load("settings") == SETTINGS
    assert t.load("stats") == stats()


def test_oversized_save_is_refused_and_changes_nothing():
    fl, nvm = fresh()
    s = Store(nvm)
    s.save("settings", SETTINGS)
    s.save("game", {"a": 1})
    before = bytes(fl.data)
    with pytest.raises(ValueError, match="too big"):
        s.save("game", blob(4050, 0))
    assert bytes(fl.data) == before and s.load("game") == {"a": 1}
    s.save("game", blob(3900, 1))  # fits with settings: HEAD 16 + 2 records
    assert Store(nvm).load("game")["t"] == 1
    with pytest.raises(ValueError):
        s.save("", 1)
    with pytest.raises(ValueError):
        s.save("a_key_that_is_too_long", 1)


def test_format_wipes_everything():
    fl, nvm = fresh()
    s = Store(nvm)
    s.save("game", {"a": 1})
    s.format()
    assert Store(nvm).keys() == [] and not Store(nvm).damaged
    s.save("game", {"b": 2})
    assert Store(nvm).load("game") == {"b": 2}


# -- lz ------------------------------------------------------------------------------


@given(st.one_of(st.binary(max_size=600), st.text('ab{}:,"q', max_size=900).map(str.encode)))
def test_lz_round_trips(data):
    packed = lz.compress(data)
    assert lz.decompress(packed) == data
    assert len(packed) <= len(data) + len(data) // 128 + 1


@given(st.binary(max_size=3000), st.integers(2048, 5000), st.integers(0, 255))
def test_lz_with_scratch_packs_the_same_as_without(data, size, junk):
    """The Store lends compress its sector image, left full of old bytes: the table in it
    is cleared first, and the output goes in it when it fits, else in a buffer of its own."""
    scratch = memoryview(bytearray([junk]) * size)
    assert lz.compress(data, scratch) == lz.compress(data)
    assert lz.compress(data, memoryview(bytearray(100))) == lz.compress(data)  # too small


def test_lz_packs_a_diceland_save_and_rejects_broken_streams():
    raw = st_mod.encode(diceland_saves()[-1])
    packed = lz.compress(raw)
    assert len(packed) < len(raw) // 2 and lz.decompress(packed) == raw
    for bad in (b"\x05ab", b"\x80\x01", b"\x80\x00\x00", b"\x00a\x80\x05\x00"):
        with pytest.raises(ValueError):
            lz.decompress(bad)


# -- versions and corruption ---------------------------------------------------------


def test_another_data_version_reads_as_absent_with_a_notice():
    fl, nvm = fresh()
    Store(nvm, version=1).save("game", {"old": True})
    s = Store(nvm, version=2)
    assert s.load("game") is None and not s.damaged
    assert any("another firmware version" in n for n in s.notices)
    s.save("settings", SETTINGS)
    assert Store(nvm, version=2).load("settings") == SETTINGS
    assert Store(nvm, version=1).load("game") == {"old": True}  # appended, not lost yet
    for i in range(6):
        s.save("game", blob(800, i))  # compaction drops the version-1 record
    assert Store(nvm, version=1).load("game") is None
    assert Store(nvm, version=2).load("game")["t"] == 5


def test_another_layout_format_is_ignored_then_replaced():
    fl, nvm = fresh()
    Store(nvm).save("game", {"a": 1})
    fl.data[1] = 0  # the HEAD says layout format 0 (programming only clears bits)
    s = Store(nvm)
    assert s.load("game") is None and not s.damaged and s.notices
    s.save("game", {"b": 2})  # the first save rewrites the sector
    assert fl.erases == 1 and Store(nvm).load("game") == {"b": 2}


def test_crc_catches_a_changed_byte_anywhere():
    fl, nvm = fresh()
    s = Store(nvm)
    s.save("settings", SETTINGS)
    s.save("game", {"n": 1})
    s.save("game", {"n": 2})
    end = s.end
    for i in range(end):
        for bit in (0x01, 0x80):
            fl2, nvm2 = fresh(fl.data)
            fl2.data[i] ^= bit
            t = Store(nvm2)
            assert t.damaged or (i == 1 and t.notices), (i, bit)  # byte 1: layout format
            assert t.load("game") in (None, {"n": 1}), (i, bit)  # never a changed save
            assert t.load("settings") in (None, SETTINGS)


def test_junk_in_the_erased_space_is_not_written_over():
    fl, nvm = fresh()
    s = Store(nvm)
    s.save("game", {"n": 1})
    fl.data[3000] = 0x12
    t = Store(nvm)
    assert t.damaged and t.load("game") is None  # junk far past the log: trust nothing
    t.save("game", {"n": 2})
    assert fl.erases == 1 and Store(nvm).load("game") == {"n": 2}
    assert not Store(nvm).damaged


# -- power cuts ----------------------------------------------------------------------


def check_after_cut(nvm, before, key, new, new_enc_len, erase_mode, after):
    """The rule, for every key, after a cut during ``save(key, new)``."""
    s = Store(nvm)
    blank = not bytes(nvm[0 : len(nvm)]).rstrip(b"\xff")
    for k in before:
        got = s.load(k)
        ok = [before[k]]
        if k == key:
            ok.append(new)
        cleared = k == key and new is None  # a clear whose bytes all made it
        if got is None and before[k] is not None and not cleared:
            # lost: only with the damaged flag, or the physical blank-after-erase case
            assert s.damaged or s.notices or (blank and erase_mode == "done" and after == 0), (
                k,
                after,
            )
        else:
            assert got in ok, (k, got, after)
    if erase_mode == "partial":
        assert s.damaged or s.notices or blank
    return s


def every_cut(sequence, key, new):
    """Run ``sequence`` of (key, obj) saves, then save(key, new) cut at every point.
    Returns (cuts tried, erase cuts tried)."""
    fl, nvm = fresh()
    s = Store(nvm)
    before = {"game": None, "settings": None, "stats": None}
    for k, obj in sequence:
        s.save(k, obj)
        before[k] = obj
    snap = bytes(fl.data)
    probe_fl, probe_nvm = fresh(snap)
    probe = Store(probe_nvm)
    probe.save(key, new)
    erases = probe_fl.erases > 0
    n = 4096 if erases else probe.bytes_written
    modes = [("done", a) for a in range(n)]
    if erases:
        modes.append(("partial", 0))
    for mode, after in modes:
        fl2, nvm2 = fresh(snap)
        t = Store(nvm2)
        fl2.arm_cut(after, mode, seed=after)
        with pytest.raises(PowerCut):
            t.save(key, new)
        s2 = check_after_cut(nvm2, before, key, new, 0, mode, after)
        if after % 61 == 0 or after == n - 1:  # and the store goes on working after the cut
            s2.save("game", {"after": after})
            assert Store(nvm2).load("game") == {"after": after}
    return len(modes), erases


SEQUENCES = {
    "first save on a blank sector": ([], "game", {"n": 1}),
    "append after settings and stats": (
        [("settings", SETTINGS), ("stats", stats()), ("game", blob(500, 0))],
        "game",
        blob(600, 1),
    ),
    "append a small settings change": (
        [("settings", SETTINGS), ("game", blob(1500, 0))],
        "settings",
        dict(SETTINGS, sound=0),
    ),
    "sector full: compaction of a big game": (
        [("settings", SETTINGS), ("stats", stats()), ("game", blob(2000, 0))],
        "game",
        blob(2000, 1),
    ),
    "sector full: stats save compacts": (
        [("settings", SETTINGS), ("game", blob(2000, 0)), ("game", blob(1950, 1))],
        "stats",
        stats(5),
    ),
    "clear the game": ([("settings", SETTINGS), ("game", blob(300, 0))], "game", None),
}


def _memo(fn):
    seen = {}

    def f(data, *scratch):
        data = bytes(data)
        if data not in seen:
            seen[data] = fn(data, *scratch)
        return seen[data]

    return f


def test_power_cut_at_every_byte_of_real_game_saves(monkeypatch):
    """Diceland (36 hexes) saves, packed with lz: every save until the sector has been
    compacted twice, each cut at every byte (and during the erase). lz is memoised here
    (it is deterministic) only to keep the ~8000 cuts fast."""
    monkeypatch.setattr(st_mod.lz, "compress", _memo(lz.compress))
    monkeypatch.setattr(st_mod.lz, "decompress", _memo(lz.decompress))
    saves = diceland_saves()
    seq = [("settings", SETTINGS), ("stats", stats())]
    erasing = 0
    for d in saves[:40]:
        cuts, erases = every_cut(seq, "game", d)
        erasing += erases
        seq.append(("game", d))
        if erasing == 2:
            break
    assert erasing == 2 and len(seq) >= 2 + 5


@pytest.mark.parametrize("name", sorted(SEQUENCES))
def test_power_cut_at_every_byte_of_a_save(name):
    seq, key, new = SEQUENCES[name]
    if new is None:
        cuts = every_clear(seq, key)
    else:
        cuts, erases = every_cut(seq, key, new)
        assert erases == ("compact" in name or "compaction" in name)
    assert cuts > 10


def every_clear(sequence, key):
    fl, nvm = fresh()
    s = Store(nvm)
    before = {"game": None, "settings": None, "stats": None}
    for k, obj in sequence:
        s.save(k, obj)
        before[k] = obj
    snap = bytes(fl.data)
    n = len(st_mod.record(key, b"", 1, 1))
    for after in range(n):
        fl2, nvm2 = fresh(snap)
        fl2.arm_cut(after)
        with pytest.raises(PowerCut):
            Store(nvm2).clear(key)
        check_after_cut(nvm2, before, key, None, 0, "done", after)
    return n


def test_cut_during_the_erase_never_gives_garbage():
    for seed in range(40):
        fl, nvm = fresh()
        s = Store(nvm)
        s.save("settings", SETTINGS)
        s.save("game", blob(2000, 0))
        fl.arm_cut(0, "partial", seed=seed)
        with pytest.raises(PowerCut):
            s.save("game", blob(2000, 1))
        t = Store(nvm)
        assert t.damaged or t.notices, seed  # junk: a damaged store (or "another format")
        assert t.load("game") is None and t.load("settings") is None


# -- property: random sequences, random cut --------------------------------------------

KEYS = ("game", "settings", "stats")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(st.sampled_from(KEYS), st.integers(20, 1800), st.booleans()),
        min_size=1,
        max_size=14,
    ),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["done", "partial"]),
)
def test_random_saves_and_a_random_cut_follow_the_rule(ops, pick, mode):
    fl, nvm = fresh()
    s = Store(nvm)
    before = {k: None for k in KEYS}
    # every op but the last completes; the last is cut at a random point
    for i, (k, size, clear) in enumerate(ops[:-1]):
        if clear:
            s.clear(k)
            before[k] = None
            continue
        try:
            s.save(k, blob(size, i))
        except ValueError:  # too big beside the others: refused, nothing written
            assert Store(nvm).load(k) == before[k]
            continue
        before[k] = blob(size, i)
    k, size, clear = ops[-1]
    new = None if clear else blob(size, len(ops))
    snap = bytes(fl.data)
    probe_fl, probe_nvm = fresh(snap)
    probe = Store(probe_nvm)
    try:
        probe.clear(k) if clear else probe.save(k, new)
    except ValueError:
        return  # too big with the other saves: refused before any write
    n = 4096 if probe_fl.erases else max(1, probe.bytes_written)
    if not probe.writes:
        return  # clearing something never saved writes nothing
    after = pick % n
    fl2, nvm2 = fresh(snap)
    fl2.arm_cut(after, mode if probe_fl.erases else "done", seed=pick)
    with pytest.raises(PowerCut):
        t = Store(nvm2)
        t.clear(k) if clear else t.save(k, new)
    check_after_cut(nvm2, before, k, new, 0, mode if probe_fl.erases else "done", after)


# -- write counts for typical games ----------------------------------------------------


def wildside_saves(seed=1):
    from slampad.bots.wildside import play_game
    from slampad.games.wildside import Wildside

    _, acts = play_game(4, seed)
    g = Wildside({"players": 4, "bots": [0, 1, 2, 3]}, seed)
    out, r = [], g.round
    for a in acts:
        g.apply(a)
        if g.round != r or g.is_over():
            r = g.round
            out.append(g.to_dict())
    return out


def gowild_saves(seed=1):
    import gowild_helpers as gh

    out, last = [], [None]

    def on(g, a, ev):
        if (g.round, g.trick) != last[0] or g.is_over():
            last[0] = (g.round, g.trick)
            out.append(g.to_dict())

    gh.random_game({"players": 4}, seed, Rng(seed), on_step=on)
    return out


def tumblin_saves(seed=1, board="table"):
    import tumblin_helpers as th

    from slampad.games.tumblin import Tumblin

    g, rng, out = Tumblin({"players": 4, "board": board}, seed), Rng(seed), []
    while not g.is_over():
        a = th.pick(g, rng)
        g.apply(a)
        if a[0] != "roll" and g.phase in ("throw", "over"):
            out.append(g.to_dict())
    return out


def diceland_saves(seed=1):
    import diceland_helpers as dh

    out, last = [], [0]

    def on(g, a, ev):
        if g.turn != last[0] or g.is_over():
            last[0] = g.turn
            out.append(g.to_dict())

    dh.random_game(dh.random_options(Rng(seed), "diceland"), seed, Rng(seed), on)
    return out


TYPICAL = {
    "wildside": wildside_saves,
    "gowild": gowild_saves,
    "tumblin": tumblin_saves,
    "tumblin_virtual": lambda: tumblin_saves(board="virtual"),
    "diceland36": diceland_saves,
}


def play_saves(saves):
    fl, nvm = fresh()
    s = Store(nvm)
    s.save("settings", SETTINGS)
    s.save("stats", stats())
    base = (s.writes, s.erases)
    for d in saves:
        s.save("game", d)
    s.clear("game")
    s.save("stats", stats(1))
    t = Store(nvm)
    assert not t.damaged and t.load("game") is None and t.load("stats") == stats(1)
    assert fl.erases == s.erases
    top = max(len(st_mod.encode(d)) for d in saves)
    return len(saves), s.writes - base[0], s.erases - base[1], top


# Upper bounds for the figures in docs/reliability.md (one seeded game each).
BOUNDS = {
    "wildside": (60, 10),
    "gowild": (60, 10),
    "tumblin": (200, 90),
    "tumblin_virtual": (80, 30),
    "diceland36": (120, 100),
}


@pytest.mark.parametrize("name", sorted(TYPICAL))
def test_write_counts_for_a_typical_game(name):
    saves, writes, erases, top = play_saves(TYPICAL[name]())
    print("%s: %d saves, %d writes, %d erases, largest save %d bytes" % (
        name, saves, writes, erases, top))  # fmt: skip
    assert writes == saves + 2  # one write per save, the clear and the stats at the end
    max_writes, max_erases = BOUNDS[name]
    assert writes <= max_writes and erases <= max_erases
    for d in TYPICAL[name]()[-1:]:
        assert json.loads(st_mod.encode(d).decode()) == d
