# Slampad on a MacroPad RP2040: the stock board, its modules trimmed and the game frozen in.
USB_VID = 0x239A
USB_PID = 0x8108
USB_PRODUCT = "Slampad (MacroPad RP2040)"
USB_MANUFACTURER = "Slampad"

CHIP_VARIANT = RP2040
CHIP_FAMILY = rp2

EXTERNAL_FLASH_DEVICES = "W25Q64JVxQ"

include $(TOP)/ports/raspberrypi/boards/slampad_modules.mk
