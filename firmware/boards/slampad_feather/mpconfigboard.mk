# Slampad on a Feather RP2040: the stock board, its modules trimmed and the game frozen in.
USB_VID = 0x239A
USB_PID = 0x80F2
USB_PRODUCT = "Slampad (Feather RP2040)"
USB_MANUFACTURER = "Slampad"

CHIP_VARIANT = RP2040
CHIP_FAMILY = rp2

EXTERNAL_FLASH_DEVICES = "GD25Q64C,W25Q64JVxQ"

include $(TOP)/ports/raspberrypi/boards/slampad_modules.mk
