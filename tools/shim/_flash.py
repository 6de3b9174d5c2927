"""A NOR flash sector behind the shim's ``microcontroller.nvm``, with power cuts.

Private to tools/shim (``simhw.flash()`` hands it out). ``Flash`` is the physics: erase
sets every byte to 0xFF; programming can only clear bits (a byte becomes ``old & new``).
``Nvm`` is CircuitPython's ``nvm.ByteArray`` on top of it, as the RP2040 port does it
(ports/raspberrypi/common-hal/nvm/ByteArray.c): a write whose target bytes are all 0xFF
is programmed in place, in address order; any other write copies the whole sector into
a buffer, overlays the new bytes, erases the sector and programs the buffer back, in
address order, all 4096 bytes.

Power cuts: ``Flash.arm_cut(after, erase="done")`` makes a later write stop after
``after`` more bytes have been programmed, leaving the bytes as they physically are, and
raise ``PowerCut``. When that write has to erase, ``erase="done"`` lets the erase finish
first (``after=0``: the sector is left blank); ``erase="partial"`` cuts during the erase:
every byte is left with some of its bits set back to 1 (seeded, so repeatable), nothing
programmed. ``cut_points(at, data)`` says how many cut positions a write has.
"""

import random


class PowerCut(BaseException):
    """The power went during a flash write (simulated). Like a reset, not an error the
    firmware can catch with ``except Exception``."""


class Flash:
    """One sector of NOR flash with counters and an optional armed power cut."""

    def __init__(self, size=4096):
        self.size = size
        self.data = bytearray(b"\xff" * size)
        self.erases = 0  # sector erases started
        self.programmed = 0  # bytes programmed
        self.writes = 0  # nvm writes (slice or item assignments)
        self._cut = None  # (bytes left to program, erase mode, seed)

    def arm_cut(self, after, erase="done", seed=0):
        if erase not in ("done", "partial"):
            raise ValueError("erase must be 'done' or 'partial'")
        self._cut = (int(after), erase, seed)

    def disarm(self):
        self._cut = None

    @property
    def armed(self):
        return self._cut is not None

    def erase(self):
        self.erases += 1
        if self._cut is not None and self._cut[1] == "partial":
            rng = random.Random(self._cut[2])
            for i in range(self.size):
                self.data[i] |= rng.getrandbits(8)
            self._cut = None
            raise PowerCut("power cut during the sector erase")
        self.data[:] = b"\xff" * self.size

    def program(self, at, values):
        """Program bytes in address order (each ``old & new``); a cut may stop it."""
        n = len(values)
        cut = self._cut is not None and self._cut[0] < n
        if cut:
            n = self._cut[0]
        elif self._cut is not None:
            self._cut = (self._cut[0] - n,) + self._cut[1:]
        old = self.data[at : at + n]
        self.data[at : at + n] = bytes(a & b for a, b in zip(old, values[:n], strict=True))
        self.programmed += n
        if cut:
            self._cut = None
            raise PowerCut("power cut after %d byte(s) of a write" % n)

    @staticmethod
    def needs_erase(current):
        return any(b != 0xFF for b in current)

    def cut_points(self, at, data):
        """(erases, n): whether writing ``data`` at ``at`` erases, and how many bytes it
        programs (cuts ``after=0 .. n-1`` stop it part way)."""
        if self.needs_erase(self.data[at : at + len(data)]):
            return True, self.size
        return False, len(data)


class Nvm:
    """``microcontroller.nvm`` (``nvm.ByteArray``) over a ``Flash``."""

    def __init__(self, flash=None):
        self.flash = flash if flash is not None else Flash()

    def __len__(self):
        return self.flash.size

    def _range(self, index):
        n = self.flash.size
        if isinstance(index, slice):
            start, stop, step = index.indices(n)
            if step != 1:
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            return start, max(start, stop)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("ByteArray index out of range")
        return index, index + 1

    def __getitem__(self, index):
        start, stop = self._range(index)
        if isinstance(index, slice):
            return bytearray(self.flash.data[start:stop])
        return self.flash.data[start]

    def __setitem__(self, index, value):
        start, stop = self._range(index)
        if isinstance(index, slice):
            values = bytes(value)
            if len(values) != stop - start:
                raise ValueError("Slice and value different lengths")
        else:
            if not 0 <= value <= 255:
                raise ValueError("Bytes must be between 0 and 255.")
            values = bytes((value,))
        self._write(start, values)

    def _write(self, at, values):
        f = self.flash
        f.writes += 1
        if not f.needs_erase(f.data[at : at + len(values)]):
            f.program(at, values)
            return
        buf = bytearray(f.data)
        buf[at : at + len(values)] = values
        f.erase()
        f.program(0, buf)

    def __repr__(self):
        return "<nvm.ByteArray of %d bytes (simulated flash)>" % self.flash.size
