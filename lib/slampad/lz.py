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


def _literals(out, data, a, b):
    while a < b:
        k = min(b - a, 128)
        out.append(k - 1)
        out += data[a : a + k]
        a += k


def compress(data):
    """The packed stream. Memory: a 2 KB table of positions and the output; no object
    per input byte (the device's heap is small and fragments). At most 65534 bytes."""
    data = bytes(data)
    n = len(data)
    if n > 0xFFFE:
        raise ValueError("lz: at most 65534 bytes")
    out = bytearray()
    table = bytearray(2 * SLOTS)  # hash of the next MIN bytes -> latest position + 1
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
        _literals(out, data, lit, i)
        d = i - j
        out.append(0x80 | (m - MIN))
        out.append(d & 0xFF)
        out.append(d >> 8)
        for p in range(i + 1, min(i + m, n - MIN + 1)):
            h = _hash(data, p) << 1
            table[h] = (p + 1) & 0xFF
            table[h + 1] = (p + 1) >> 8
        i += m
        lit = i
    _literals(out, data, lit, n)
    return bytes(out)


def _hash(data, i):
    return (
        (data[i] * 0x2F1 + data[i + 1] * 0x9D + data[i + 2] * 0x1F + data[i + 3]) ^ (data[i] >> 3)
    ) & (SLOTS - 1)


def decompress(data):
    """The original bytes; ValueError if ``data`` is not a stream ``compress`` makes."""
    out = bytearray()
    n = len(data)
    i = 0
    while i < n:
        c = data[i]
        if c < 0x80:
            if i + 2 + c > n:
                raise ValueError("lz: literal run past the end")
            out += data[i + 1 : i + 2 + c]
            i += 2 + c
            continue
        if i + 3 > n:
            raise ValueError("lz: match past the end")
        d = data[i + 1] | data[i + 2] << 8
        s = len(out) - d
        if d == 0 or s < 0:
            raise ValueError("lz: match before the start")
        for k in range((c & 0x7F) + MIN):
            out.append(out[s + k])
        i += 3
    return bytes(out)
