"""Shim of CircuitPython's ``keypad`` (``Keys``, ``Event``, ``EventQueue``), synchronous.

A ``Keys`` scans on the virtual clock: ``simhw.advance(ms)`` moves ``supervisor.ticks_ms``
1 ms at a time, and every live ``Keys`` whose ``interval`` has passed since its last scan
reads its pins then. A change becomes an ``Event`` whose ``timestamp`` is the ticks_ms of
that scan: events of one scan share the timestamp and are queued in key order, as on the
device. The scanner starts with all keys released, so a key held at construction (or at
``reset()``) gives a press at the first scan. A full queue drops the new event and sets
``overflowed``.
"""

import _simworld


class Event:
    __slots__ = ("key_number", "pressed", "timestamp")

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = bool(pressed)
        self.timestamp = _simworld.world.now if timestamp is None else timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        if not isinstance(other, Event):
            return NotImplemented
        return self.key_number == other.key_number and self.pressed == other.pressed

    def __hash__(self):
        return hash((self.key_number, self.pressed))

    def __repr__(self):
        return "<Event: key_number %d %s>" % (
            self.key_number,
            "pressed" if self.pressed else "released",
        )


class EventQueue:
    def __init__(self, max_events):
        self._events = []
        self._max = max_events
        self.overflowed = False

    def _record(self, key_number, pressed, timestamp):
        if len(self._events) >= self._max:
            self.overflowed = True
            return False
        self._events.append((key_number, pressed, timestamp))
        return True

    def get(self):
        if not self._events:
            return None
        k, p, t = self._events.pop(0)
        return Event(k, p, t)

    def get_into(self, event):
        if not self._events:
            return False
        event.key_number, event.pressed, event.timestamp = self._events.pop(0)
        return True

    def clear(self):
        del self._events[:]
        self.overflowed = False

    def __len__(self):
        return len(self._events)

    def __bool__(self):
        return bool(self._events)


class Keys:
    def __init__(
        self,
        pins,
        *,
        value_when_pressed,
        pull=True,
        interval=0.020,
        max_events=64,
        debounce_threshold=1,
    ):
        pins = tuple(pins)
        if max_events < 1:
            raise ValueError("max_events must be >= 1")
        if not 1 <= debounce_threshold <= 127:
            raise ValueError("debounce_threshold must be 1-127")
        if interval <= 0:
            raise ValueError("interval must be > 0")
        claimed = []
        try:
            for pin in pins:
                _simworld.claim(pin, self)
                claimed.append(pin)
        except Exception:
            for pin in claimed:
                _simworld.release(pin)
            raise
        for pin in pins:
            pin.pull = ("down" if value_when_pressed else "up") if pull else None
        self._pins = pins
        self._when = bool(value_when_pressed)
        self._interval = max(1, int(interval * 1000 + 0.5))
        self._threshold = debounce_threshold
        self._state = [False] * len(pins)
        self._count = [0] * len(pins)
        self._last = _simworld.world.now
        self.events = EventQueue(max_events)
        _simworld.world.scanners.append(self)

    @property
    def key_count(self):
        return len(self._pins)

    def reset(self):
        self._state = [False] * len(self._pins)
        self._count = [0] * len(self._pins)

    def deinit(self):
        if self._pins is None:
            return
        for pin in self._pins:
            _simworld.release(pin)
        if self in _simworld.world.scanners:
            _simworld.world.scanners.remove(self)
        self._pins = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

    def _scan(self, now):
        if ((now - self._last) & _simworld.MASK) < self._interval:
            return
        self._last = now
        for i, pin in enumerate(self._pins):
            down = pin.level == self._when
            if down == self._state[i]:
                self._count[i] = max(0, self._count[i] - 1)
                continue
            self._count[i] += 1
            if self._count[i] >= self._threshold:
                self._count[i] = 0
                self._state[i] = down
                self.events._record(i, down, now)
