"""The PIO pad scanner, assembled on the host: do not edit.

Made by tools/build/pio_padscan.py --write from the source in that file (tests/test_pio.py
checks it is current), so the device never imports adafruit_pioasm.
"""

from micropython import const

N_PINS = const(4)
LOOP_CYCLES = const(25)  # state machine cycles a sample
FREQUENCY = const(25000000)  # 1 tick = LOOP_CYCLES / FREQUENCY = 1 us
WRAP_TARGET = const(3)
WRAP = const(15)
MOV_STATUS_N = const(8)  # "rxfifo": room in the joined RX FIFO
QUERY = const(0xA04B)  # mov y, ~null: forced by PioPads.now(), the tick is pushed
WORDS = (
    0xA04B, 0xA0E3, 0xA0C3, 0xAE2F, 0x0045, 0xA0E9, 0x4004, 0xA026,
    0x00AB, 0xA3C3, 0x0003, 0xA025, 0x0030, 0xA046, 0x40FC, 0x8000,
    0xA0C3, 0x0103,
)  # fmt: skip
KWARGS = {  # everything adafruit_pioasm gives rp2pio.StateMachine (hw/pio_pads.py)
    "auto_push": False,
    "fifo_type": "rx",
    "in_shift_right": False,
    "mov_status_n": 8,
    "mov_status_type": "rxfifo",
    "sideset_enable": 0,
    "wrap": 15,
    "wrap_target": 3,
}
