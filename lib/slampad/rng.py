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


class Rng:
    """Deterministic generator: ``Rng(seed)``; ``state`` round-trips."""

    def __init__(self, seed=0):
        self.state = _mix(int(seed) & _M32) or 0x6D2B79F5

    def next32(self):
        x = self.state
        x ^= (x << 13) & _M32
        x ^= x >> 17
        x ^= (x << 5) & _M32
        self.state = x
        return x

    def below(self, n):
        """Uniform int in [0, n), by rejection so no value is favoured."""
        if not 0 < n <= _M32 + 1:
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
