"""``alarm.time.TimeAlarm`` (kept for completeness; the app wakes only on pins)."""


class TimeAlarm:
    def __init__(self, *, monotonic_time=None, epoch_time=None):
        if (monotonic_time is None) == (epoch_time is None):
            raise ValueError("Give monotonic_time or epoch_time")
        self.monotonic_time = monotonic_time
        self.epoch_time = epoch_time
