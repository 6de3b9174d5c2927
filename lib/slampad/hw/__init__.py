"""Board profiles: build the pads, pixels, display, menu input and sound.

``slampad.hw.build(profile=None)`` returns a ``Hardware`` (see hw/hardware.py)
for the profile named in settings.toml (``SLAMPAD_PROFILE``) or, failing that,
the one that matches ``board.board_id``. Each profile module alone names its
board's pins. Importing this package does no work.
"""

PROFILES = ("pico", "feather", "pico_tft", "macropad")

# board.board_id -> profile used when settings.toml names none: the Slampad
# firmware's boards (firmware/boards) and the stock CircuitPython they come from
BOARD_PROFILES = {
    "slampad_pico": "pico",
    "slampad_feather": "feather",
    "slampad_macropad": "macropad",
    "raspberry_pi_pico": "pico",
    "adafruit_feather_rp2040": "feather",
    "adafruit_macropad_rp2040": "macropad",
}


def profile_name(profile=None):
    """The profile to build: ``profile``, else SLAMPAD_PROFILE, else by board_id."""
    if not profile:
        import os

        profile = os.getenv("SLAMPAD_PROFILE")
    if not profile:
        import board

        profile = BOARD_PROFILES.get(board.board_id)
        if profile is None:
            raise ValueError(
                "no Slampad profile for board %r: set SLAMPAD_PROFILE in settings.toml "
                "to one of %s" % (board.board_id, ", ".join(PROFILES))
            )
    if profile not in PROFILES:
        raise ValueError(
            "unknown Slampad profile %r (SLAMPAD_PROFILE in settings.toml): use one of %s"
            % (profile, ", ".join(PROFILES))
        )
    return profile


def profile_module(profile=None):
    """Import only the chosen profile's module (see ``profile_name``)."""
    name = profile_name(profile)
    if name == "pico":
        from slampad.hw import pico

        return pico
    if name == "feather":
        from slampad.hw import feather

        return feather
    if name == "pico_tft":
        from slampad.hw import pico_tft

        return pico_tft
    from slampad.hw import macropad

    return macropad


def build(profile=None):
    """Build the hardware of ``profile`` (see ``profile_name``); returns a Hardware."""
    return profile_module(profile).build()


def pad_pins(profile=None):
    """The slam pads' pins, P1 first, without building anything."""
    return profile_module(profile).pad_pins()
