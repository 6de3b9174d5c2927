# Slampad: the modules every Slampad board turns off (issue 27). Included by each
# board's mpconfigboard.mk; tools/firmware copies it beside the board folders.
# Kept: what lib/slampad, code.py, boot.py and the frozen Adafruit libraries import
# (tests/test_firmware.py checks this list against those imports): displayio and its
# buses and fonts, bitmaptools, keypad, rp2pio, neopixel_write and pixelbuf, pwmio,
# analogio, rotaryio, alarm, bitbangio (busio.I2C probes with it), nvm, microcontroller, storage, usb_cdc, watchdog, json.
CIRCUITPY_AESIO = 0
CIRCUITPY_AUDIOBUSIO = 0
CIRCUITPY_AUDIOCORE = 0
CIRCUITPY_AUDIOMIXER = 0
CIRCUITPY_AUDIOMP3 = 0
CIRCUITPY_AUDIOPWMIO = 0
CIRCUITPY_AUDIOSPEED = 0
CIRCUITPY_AUDIOEFFECTS = 0
CIRCUITPY_BITMAPFILTER = 0
CIRCUITPY_BITOPS = 0
CIRCUITPY_BLEIO_HCI = 0
CIRCUITPY_CODEOP = 0
CIRCUITPY_COUNTIO = 0
CIRCUITPY_EPAPERDISPLAY = 0
CIRCUITPY_FLOPPYIO = 0
CIRCUITPY_FRAMEBUFFERIO = 0
CIRCUITPY_GETPASS = 0
CIRCUITPY_GIFIO = 0
CIRCUITPY_HASHLIB = 0
CIRCUITPY_I2CIOEXPANDER = 0
CIRCUITPY_I2CTARGET = 0
CIRCUITPY_IMAGECAPTURE = 0
CIRCUITPY_JPEGIO = 0
CIRCUITPY_KEYPAD_DEMUX = 0
CIRCUITPY_KEYPAD_KEYMATRIX = 0
CIRCUITPY_KEYPAD_SHIFTREGISTERKEYS = 0
CIRCUITPY_LVFONTIO = 0
CIRCUITPY_MEMORYMAP = 0
CIRCUITPY_MSGPACK = 0
CIRCUITPY_ONEWIREIO = 0
CIRCUITPY_PARALLELDISPLAYBUS = 0
CIRCUITPY_PICODVI = 0
CIRCUITPY_PIXELMAP = 0
CIRCUITPY_PULSEIO = 0
CIRCUITPY_QRIO = 0
CIRCUITPY_RAINBOWIO = 0
CIRCUITPY_RGBMATRIX = 0
CIRCUITPY_RTC = 0
CIRCUITPY_SDCARDIO = 0
CIRCUITPY_SHARPDISPLAY = 0
CIRCUITPY_SYNTHIO = 0
CIRCUITPY_TILEPALETTEMAPPER = 0
CIRCUITPY_TOUCHIO = 0
CIRCUITPY_ULAB = 0
CIRCUITPY_USB_HID = 0
CIRCUITPY_USB_HOST = 0
CIRCUITPY_USB_MIDI = 0
CIRCUITPY_USB_VIDEO = 0
CIRCUITPY_VECTORIO = 0
CIRCUITPY_ZLIB = 0
CIRCUITPY__EVE = 0

# Power on straight into the game: no 1 s wait for a reset press that would start
# safe mode (docs/firmware.md says what that costs).
CIRCUITPY_SKIP_SAFE_MODE_WAIT = 1

# lib/slampad and the Adafruit libraries, staged by tools/firmware.
FROZEN_MPY_DIRS += $(TOP)/ports/raspberrypi/boards/$(BOARD)/frozen

# Source change (tools/firmware.py SOURCE_CHANGES): no heap collection after importing a
# frozen module; app/loader.py collects once around a game's imports instead.
CFLAGS += -DSLAMPAD_GC_AFTER_FROZEN_IMPORT=0
