"""A small LZ77 byte compressor for saves (pure Python; runs on CircuitPython).

CircuitPython's ``zlib`` can only decompress (and is not on every board), so saves are
packed with this instead. Compact JSON of a Diceland game shrinks to about a third.

Stream: a byte ``c`` < 0x80 is a run of ``c + 1`` literal bytes that follow it; a byte
``c`` >= 0x80 is a match: copy ``(c & 0x7F) + 4`` bytes from ``d`` bytes back in the
output, ``d`` (1..65535) in the next two bytes, little-endian. Matching is greedy, on the
most recent earlier place whose next four bytes hash the same (and match).
"""

MIN = 4  # shortest match
MAX = 0x7F + MIN  # longest match
WINDOW = 0xFFFF  # furthest distance back
SLOTS = 1024  # hash table size (a power of two)
_ZEROS = bytes(128)  # clears a given table a slice at a time


def _literals(out, o, data, a, b):
    """Write data[a:b] as literal runs at out[o:]; return the new end."""
    while a < b:
        k = min(b - a, 128)
        out[o] = k - 1
        out[o + 1 : o + 1 + k] = data[a : a + k]
        o += 1 + k
        a += k
    return o


def compress(data, scratch=None):
    """The packed stream. Memory: a 2 KB table of positions and the output, each made
    once at its full size; no object per input byte and no growing buffer (the device's
    heap is small and fragments). At most 65534 bytes.

    ``scratch``: a memoryview of at least 2 KB, overwritten, that holds the table (and
    the output too when it has room for it) instead of new buffers: on a fragmented
    heap, blocks of a few KB are the hardest to find."""
    data = bytes(data)
    n = len(data)
    if n > 0xFFFE:
        raise ValueError("lz: at most 65534 bytes")
    cap = n + n // 128 + 2  # all literals: the longest a stream can be
    if scratch is None or len(scratch) < 2 * SLOTS:
        table = bytearray(2 * SLOTS)  # hash of the next MIN bytes -> latest position + 1
        out = memoryview(bytearray(cap))
    else:
        table = scratch[: 2 * SLOTS]
        for i in range(0, 2 * SLOTS, len(_ZEROS)):
            table[i : i + len(_ZEROS)] = _ZEROS
        out = scratch[2 * SLOTS : 2 * SLOTS + cap]
        if len(out) < cap:
            out = memoryview(bytearray(cap))
    o = 0
    lit = 0  # start of the literal bytes not written yet
    i = 0
    while i + MIN <= n:
        h = _hash(data, i) << 1
        j = (table[h] | table[h + 1] << 8) - 1
        table[h] = (i + 1) & 0xFF
        table[h + 1] = (i + 1) >> 8
        if (
            j < 0
            or i - j > WINDOW
            or data[j] != data[i]
            or data[j + 1] != data[i + 1]
            or data[j + 2] != data[i + 2]
            or data[j + 3] != data[i + 3]
        ):
            i += 1
            continue
        m = MIN
        lim = min(n - i, MAX)
        while m < lim and data[j + m] == data[i + m]:
            m += 1
        o = _literals(out, o, data, lit, i)
        d = i - j
        out[o] = 0x80 | (m - MIN)
        out[o + 1] = d & 0xFF
        out[o + 2] = d >> 8
        o += 3
        for p in range(i + 1, min(i + m, n - MIN + 1)):
            h = _hash(data, p) << 1
            table[h] = (p + 1) & 0xFF
            table[h + 1] = (p + 1) >> 8
        i += m
        lit = i
    o = _literals(out, o, data, lit, n)
    return bytes(out[:o])


def _hash(data, i):
    return (
        (data[i] * 0x2F1 + data[i + 1] * 0x9D + data[i + 2] * 0x1F + data[i + 3]) ^ (data[i] >> 3)
    ) & (SLOTS - 1)


def _walk(data, out):
    """Check the stream and return its output's length; fill ``out`` too if given."""
    n = len(data)
    o = 0
    i = 0
    while i < n:
        c = data[i]
        if c < 0x80:
            if i + 2 + c > n:
                raise ValueError("lz: literal run past the end")
            if out is not None:
                out[o : o + 1 + c] = data[i + 1 : i + 2 + c]
            o += 1 + c
            i += 2 + c
            continue
        if i + 3 > n:
            raise ValueError("lz: match past the end")
        d = data[i + 1] | data[i + 2] << 8
        if d == 0 or d > o:
            raise ValueError("lz: match before the start")
        m = (c & 0x7F) + MIN
        if out is not None:
            for k in range(o, o + m):
                out[k] = out[k - d]  # byte by byte: a match may overlap its own output
        o += m
        i += 3
    return o


def decompress(data):
    """The original bytes (a bytearray); ValueError if ``data`` is not a stream
    ``compress`` makes. The output is measured first, then made once at its size."""
    out = bytearray(_walk(data, None))
    _walk(data, out)
    return out
