"""Slampad boot: flash-write control arrives with the hardware layer (issue 3)."""
