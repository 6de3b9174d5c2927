"""Power-safe key -> JSON record store in one flash sector (``microcontroller.nvm``).

Pass the byte array in: ``Store(microcontroller.nvm)`` on the device, a ``bytearray``
(or the host shim's flash model) elsewhere. See docs/reliability.md.

Layout: a log of records from offset 0, each one
    magic 0xA5 | FORMAT | data version | flags + key length k | seq u32 | length n u16
    | key (k bytes ASCII) | payload (n bytes) | CRC32 u32 of all before it
(little-endian). The payload is compact JSON, packed with slampad.lz when that is
smaller (flag 0x80). k == 0 is the HEAD record, first in the sector: its 2-byte payload
counts the records written with it. A save appends a record to the erased space after
the log (only 0xFF bytes written: CircuitPython programs them in place, no erase). When
it does not fit, the sector is compacted: HEAD, the new record, then the newest record
of every other key, as one whole-sector write (one erase, then a program in address
order).

Reading scans the log; the newest complete record of a key wins. A record cut short by
a power loss fails the magic or CRC check: the scan stops there and sets ``damaged``
(the records before it stand). Bytes past such a record that are not erased, or a HEAD
with fewer records after it than it counts, also set ``damaged``; the first case keeps
nothing. Records of another data version read as absent (``notices`` says so). A cut
after the erase and before any byte is programmed leaves the sector blank: that reads
as a new board.
"""

import json

from slampad import lz

try:
    import binascii

    _crc32_builtin = getattr(binascii, "crc32", None)  # not on every port
except ImportError:  # pragma: no cover - ports without binascii
    _crc32_builtin = None

MAGIC = 0xA5
FORMAT = 1  # this layout; bump it if the record header changes
HEADER = 10  # bytes before the key
TRAILER = 4  # CRC32
KEY_MAX = 15
PACKED = 0x80  # flag in the key length byte: the payload is lz-compressed
ERASED = 0xFF
CHUNK = 256  # bytes read or filled at a time (no 4 KB temporaries)
_FF = b"\xff" * CHUNK

_NIBBLES = (
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4, 0x4DB26158,
    0x5005713C, 0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C, 0x9B64C2B0, 0x86D3D2D4,
    0xA00AE278, 0xBDBDF21C,
)  # fmt: skip


def crc32_py(data, crc=0):
    """CRC-32 (IEEE, as zlib/binascii) in pure Python, four bits at a time."""
    crc = ~crc & 0xFFFFFFFF
    for b in data:
        crc ^= b
        crc = (crc >> 4) ^ _NIBBLES[crc & 15]
        crc = (crc >> 4) ^ _NIBBLES[crc & 15]
    return ~crc & 0xFFFFFFFF


def crc32(data):
    if _crc32_builtin is not None:
        return _crc32_builtin(data) & 0xFFFFFFFF
    return crc32_py(data)


def _u16(b, i):
    return b[i] | b[i + 1] << 8


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


def _le(v, n):
    return bytes((v >> (8 * i)) & 0xFF for i in range(n))


def record(key, payload, seq, version, flags=0):
    """The bytes of one record (``key`` "" for HEAD)."""
    k = key.encode()
    n = HEADER + len(k) + len(payload)
    body = bytearray(n + TRAILER)  # one block: growing one fragments the heap
    body[0:4] = bytes((MAGIC, FORMAT, version, len(k) | flags))
    body[4:8] = _le(seq, 4)
    body[8:HEADER] = _le(len(payload), 2)
    body[HEADER : HEADER + len(k)] = k
    body[HEADER + len(k) : n] = payload
    body[n:] = _le(crc32(memoryview(body)[:n]), 4)
    return body


def encode(obj):
    """Compact JSON bytes, as saved."""
    return json.dumps(obj, separators=(",", ":")).encode()


class Store:
    """Records in ``nvm`` (len, slicing, slice assignment, like microcontroller.nvm).

    ``version`` (0..254) is stamped on every record; records of another version read as
    absent. After construction: ``damaged`` (bool) and ``notices`` (list of str) say
    what the scan found; ``writes``, ``erases`` and ``bytes_written`` count this object's
    flash writes (an erase is a write that had to erase the sector first).
    """

    def __init__(self, nvm, version=1):
        if not 0 <= version < ERASED:
            raise ValueError("store version must be 0..254")
        self.nvm = nvm
        self.size = len(nvm)
        self.version = version
        self.writes = 0
        self.erases = 0
        self.bytes_written = 0
        self._buf = bytearray(self.size)  # the sector image, made once while heap is free
        self.scan()

    # -- reading ---------------------------------------------------------------------

    def scan(self):
        """Read the log again (also run by the constructor)."""
        self.damaged = False
        self.notices = []  # type: list[str]
        # key -> (payload at, payload length, data version, flags)
        self.index = {}  # type: dict[str, tuple[int, int, int, int]]
        self.seq = 0
        self.end = None  # type: int | None  # where the next append goes; None: compact
        img = self._buf
        for i in range(0, self.size, CHUNK):
            img[i : i + CHUNK] = self.nvm[i : i + CHUNK]
        last = self.size - 1  # the last byte that is not erased
        while last >= 0 and img[last] == ERASED:
            last -= 1
        if last < 0:
            self.end = 0
            return
        if img[0] == MAGIC and img[1] != FORMAT and img[1] != ERASED:
            self.notices.append("saves in an older or newer format were ignored")
            return
        pos = 0
        expect = 0  # records the HEAD announced that have not been seen yet
        while pos <= last:
            got = self._parse(img, pos)
            if got is None or (got[0] == "") != (pos == 0):
                if self._clean_tail(img, pos, last):
                    self._damage("the last save was cut short")
                else:
                    self.index = {}
                    self._damage("the save area is damaged; nothing in it was kept")
                return
            key, at, n, version, seq, pos, flags = got
            self.seq = max(self.seq, seq)
            if key == "":
                expect = _u16(img, at) if n == 2 else 0
            else:
                expect = max(0, expect - 1)
                self.index[key] = (at, n, version, flags)
        if expect:
            self._damage("a rewrite of the save area was cut short")
            return
        old = [k for k in self.index if self.index[k][2] != self.version]
        if old:
            self.notices.append("%d save(s) of another firmware version ignored" % len(old))
        self.end = pos

    def _clean_tail(self, img, pos, last):
        """True if the bytes from ``pos`` on are one record cut short, then erased."""
        if last < pos + HEADER:
            return True
        k = img[pos + 3] & ~PACKED
        if img[pos] != MAGIC or k > KEY_MAX:
            return False
        return last < pos + HEADER + k + _u16(img, pos + 8) + TRAILER

    def _damage(self, why):
        self.damaged = True
        self.notices.append(why)

    def _parse(self, img, pos):
        if pos + HEADER + TRAILER > self.size or img[pos] != MAGIC or img[pos + 1] != FORMAT:
            return None
        k = img[pos + 3] & ~PACKED
        n = _u16(img, pos + 8)
        end = pos + HEADER + k + n
        if k > KEY_MAX or end + TRAILER > self.size:
            return None
        if _u32(img, end) != crc32(img[pos:end]):
            return None
        try:
            key = str(img[pos + HEADER : pos + HEADER + k], "ascii")
        except UnicodeError:
            return None
        at = pos + HEADER + k
        return key, at, n, img[pos + 2], _u32(img, pos + 4), end + TRAILER, img[pos + 3] & PACKED

    def _stored(self, key):
        """(payload as stored, flags) of the newest live record of ``key``, or None."""
        got = self.index.get(key)
        if got is None or got[2] != self.version or got[1] == 0:
            return None
        return self.nvm[got[0] : got[0] + got[1]], got[3]

    def _payload(self, key):
        got = self._stored(key)
        if got is None:
            return None
        return lz.decompress(got[0]) if got[1] & PACKED else got[0]

    def keys(self):
        return sorted(k for k in self.index if self._payload(k) is not None)

    def load(self, key):
        """The newest complete save of ``key`` (decoded JSON), or None."""
        raw = self._payload(key)
        if raw is None:
            return None
        try:
            return json.loads(str(raw, "utf-8"))
        except (ValueError, UnicodeError):  # cannot happen past the CRC unless a bug
            self._damage("a save of %r would not decode" % key)
            return None

    # -- writing ---------------------------------------------------------------------

    def save(self, key, obj):
        """Save ``obj`` (JSON-able) under ``key``. ValueError if it cannot fit."""
        raw = encode(obj)
        packed = lz.compress(raw, memoryview(self._buf))  # scratch between calls
        if len(packed) < len(raw):
            self._put(self._key(key), packed, PACKED)
        else:
            self._put(self._key(key), raw)

    def clear(self, key):
        """Forget ``key`` (a record with no payload; a no-op if nothing is saved)."""
        key = self._key(key)
        if key in self.index:
            self._put(key, b"")

    def _key(self, key):
        if not isinstance(key, str) or not 0 < len(key.encode()) <= KEY_MAX:
            raise ValueError("store key must be 1..%d ASCII characters: %r" % (KEY_MAX, key))
        return key

    def _put(self, key, payload, flags=0):
        rec = record(key, payload, self.seq + 1, self.version, flags)
        if self.end and self.end + len(rec) <= self.size:
            at = self.end
            self._write(at, rec)
            self.seq += 1
            self.index[key] = (at + HEADER + len(key), len(payload), self.version, flags)
            self.end = at + len(rec)
            return
        self._compact(key, payload, rec)

    def _compact(self, key, payload, rec, keep=True):
        """Rewrite the sector: HEAD, the new record, then every other live key."""
        recs = [rec] if payload else []
        seq = self.seq + 1
        for k in sorted(self.index):
            if keep and k != key:
                old = self._stored(k)
                if old:
                    seq += 1
                    recs.append(record(k, old[0], seq, self.version, old[1]))
        head = record("", _le(len(recs), 2), 0, self.version)
        total = len(head) + sum(len(r) for r in recs)
        if total > self.size:
            raise ValueError(
                "save of %r is too big: %d bytes (packed); with the other saves it "
                "needs %d of %d bytes" % (key, len(payload), total, self.size)
            )
        img = self._buf
        for i in range(0, self.size, CHUNK):
            img[i : i + CHUNK] = _FF[: min(CHUNK, self.size - i)]
        img[0 : len(head)] = head
        p = len(head)
        index = {}  # type: dict[str, tuple[int, int, int, int]]
        for r in recs:
            k = r[3] & ~PACKED
            index[str(r[HEADER : HEADER + k], "ascii")] = (
                p + HEADER + k,
                _u16(r, 8),
                self.version,
                r[3] & PACKED,
            )
            img[p : p + len(r)] = r
            p += len(r)
        recs = []
        blank = self.end == 0  # else the whole sector, so CircuitPython erases it
        self.end = None  # until the write has finished
        self._write(0, memoryview(img)[0:total] if blank else img)
        self.index = index
        self.seq = seq
        self.end = total

    def _blank(self, at, n):
        for i in range(at, at + n, CHUNK):
            got = self.nvm[i : min(i + CHUNK, at + n)]
            if got != _FF[: len(got)]:
                return False
        return True

    def _write(self, at, data):
        if not self._blank(at, len(data)):
            self.erases += 1  # CircuitPython erases the sector: not all bytes were 0xFF
        self.writes += 1
        self.bytes_written += len(data)
        self.nvm[at : at + len(data)] = data

    def format(self):
        """Erase everything: the sector holds just a HEAD (one write, an erase)."""
        self._compact("", b"", b"", False)
