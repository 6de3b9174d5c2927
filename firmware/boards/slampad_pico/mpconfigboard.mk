# Slampad on a Raspberry Pi Pico: the stock board, its modules trimmed and the game frozen in.
USB_VID = 0x239A
USB_PID = 0x80F4
USB_PRODUCT = "Slampad (Pico)"
USB_MANUFACTURER = "Slampad"

CHIP_VARIANT = RP2040
CHIP_FAMILY = rp2

EXTERNAL_FLASH_DEVICES = "W25Q16JVxQ"

include $(TOP)/ports/raspberrypi/boards/slampad_modules.mk
