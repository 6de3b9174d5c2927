"""``microcontroller.pin``: the RP2040's GPIO0-GPIO29 (the same objects ``board`` names)."""

import _simworld

for _p in _simworld.PINS:
    globals()[_p.name] = _p
del _p
