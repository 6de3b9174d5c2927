"""A small PRNG whose state is one int, so games save and replay exactly.

xorshift32 (Marsaglia 2003). CircuitPython's ``random`` can neither save its
state nor shuffle, so every game and bot draws chance from here.
"""

_M32 = 0xFFFFFFFF


def _mix(x):
    # Spread nearby seeds apart (a 32-bit variant of splitmix's finaliser).
    x = (x ^ (x >> 16)) * 0x45D9F3B & _M32
    x = (x ^ (x >> 16)) * 0x45D9F3B & _M32
    return x ^ (x >> 16)


_SMALL = 16384  # below(n) for n up to this stays in small ints (n * n < 2**30)


class Rng:
    """Deterministic generator: ``Rng(seed)``; ``state`` round-trips.

    The 32-bit state is kept as two 16-bit halves: on the RP2040 an int of 2**30 or
    more is a heap object, and whole-state arithmetic made one per step (a simulated
    Tumblin' Dice throw spent half its time there). ``state`` joins them."""

    def __init__(self, seed=0):
        self.state = _mix(int(seed) & _M32) or 0x6D2B79F5

    def _get_state(self):
        return self._hi << 16 | self._lo

    def _set_state(self, x):
        self._hi = x >> 16
        self._lo = x & 0xFFFF

    state = property(_get_state, _set_state)

    def _step(self):
        # xorshift32 (13, 17, 5) on the halves: the same sequence as on one int.
        hi = self._hi
        lo = self._lo
        hi ^= (hi << 13 | lo >> 3) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        lo ^= hi >> 1
        hi ^= (hi << 5 | lo >> 11) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self._hi = hi
        self._lo = lo
        return hi

    def next32(self):
        self._step()
        return self._hi << 16 | self._lo

    def below(self, n):
        """Uniform int in [0, n), by rejection so no value is favoured."""
        if 0 < n <= _SMALL:
            # The whole-int draw in halves: x = hi * 65536 + lo; 2**32 % n = m * m % n
            # with m = 65536 % n; x is rejected when x + 2**32 % n >= 2**32.
            m = 65536 % n
            r = m * m % n
            while True:
                hi = self._step()
                lo = self._lo
                if hi != 0xFFFF or lo + r < 65536:
                    return (hi % n * m + lo) % n
        if not _SMALL < n <= _M32 + 1:
            raise ValueError("below() needs 1 <= n <= 2**32")
        limit = (_M32 + 1) - (_M32 + 1) % n
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def randint(self, lo, hi):
        return lo + self.below(hi - lo + 1)

    def chance(self, per_mille):
        """True with probability per_mille / 1000."""
        return self.below(1000) < per_mille

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt):
        """A new generator derived from this one's state and salt; this one is unchanged."""
        return Rng(self.state ^ _mix(int(salt) + 0x9E3779B9 & _M32))

    @staticmethod
    def from_state(state):
        if not isinstance(state, int) or isinstance(state, bool) or not 0 < state <= _M32:
            raise ValueError("rng: state must be an int in 1..2**32-1")
        r = Rng()
        r.state = state
        return r
