"""What the Pico builds (pico, pico_tft) share: the pads, NeoPixels, menu buttons and
piezo, wired as in hw/pico.py's table. The display is each profile's own."""

from slampad.hw import parts, pio_pads

SEATS = 4
DICE = 5


def pad_pins():
    """The slam pads P1-P4 (boot.py reads P1 too)."""
    import board

    return (board.GP10, board.GP11, board.GP12, board.GP13)


def common(b, display, colour):
    """Pads, pixels, menu buttons and piezo of the Pico builds, around ``display``."""
    import board

    return b.finish(
        pads=pio_pads.pads(b, pad_pins()),  # GPIO10-13 in a row: PIO stamps
        menu=b.button_menu(board.GP6, board.GP7, board.GP8),
        pixels=b.pixels(board.GP22, SEATS * DICE),
        dice_pixels=parts.dice_rows(SEATS, DICE),
        seat_pixels=[[] for _ in range(SEATS)],
        display=display,
        colour=colour,
        sound=b.piezo(board.GP20),
        battery=b.vsys(board.VOLTAGE_MONITOR, board.VBUS_SENSE),
    )
