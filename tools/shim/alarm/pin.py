"""``alarm.pin.PinAlarm``: wake when a pin reads ``value`` (level, not edge, on RP2040)."""

import _simworld


class PinAlarm:
    def __init__(self, pin, value, edge=False, pull=False):
        if not isinstance(pin, _simworld.Pin):
            raise TypeError("expected a microcontroller.Pin, got %r" % (pin,))
        self.pin = pin
        self.value = bool(value)
        self.edge = bool(edge)
        self.pull = bool(pull)

    def _due(self):
        """Would this alarm fire now? The pin's level with the alarm's pull applied."""
        p = self.pin
        if p.ext is not None:
            return p.ext == self.value
        if self.pull:
            return False  # pulled to the other level
        return self.value  # floating reads high here, as in _simworld.Pin

    def __repr__(self):
        return "<PinAlarm %s %s>" % (_simworld.board_name(self.pin), self.value)
