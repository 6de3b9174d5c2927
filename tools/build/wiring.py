#!/usr/bin/env python3
"""Wiring diagrams of the reference builds, drawn from the profiles' own pin tables.

    tools/build/wiring.py            # writes docs/wiring-pico.svg and docs/wiring-feather.svg
    tools/build/wiring.py --check    # exit 1 if either committed file is out of date

The pins come from the code, not from a copy: each profile module (lib/slampad/hw/pico.py
with pico_wiring.py, feather.py) is parsed with ``ast`` and every ``board.NAME`` it uses is
assigned to the part whose call it sits in (``pad_pins()``, ``button_menu(up, down,
select)``, ``pixels(pin, n)``, ``piezo(pin)``, ``vsys(adc, usb)``, ``busio.I2C(scl, sda)``,
``ssd1306(b, board.STEMMA_I2C)``, ``fuel_gauge(...)``). A pin the tool cannot place stops
it with an error, so a diagram never silently leaves out a wire. The header layouts (which
physical pin is where) are the boards' and live here.
"""

import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HW = os.path.join(ROOT, "lib", "slampad", "hw")

# Pico: pins 1-20 down the left side (USB at the top), 40-21 down the right side.
PICO_LEFT = [
    "GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
    "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15",
]  # fmt: skip
PICO_RIGHT = [
    "VBUS", "VSYS", "GND", "3V3_EN", "3V3(OUT)", "ADC_VREF", "GP28", "GND", "GP27", "GP26",
    "RUN", "GP22", "GND", "GP21", "GP20", "GP19", "GP18", "GND", "GP17", "GP16",
]  # fmt: skip
# Feather RP2040: the 16-pin header on the left, the 12-pin header on the right (its first
# pin, BAT, across from A0), USB at the top; STEMMA QT is the small I2C socket on the end.
FEATHER_LEFT = [
    "RST", "3V", "3V/AREF", "GND", "A0", "A1", "A2", "A3", "D24", "D25", "SCK", "MOSI",
    "MISO", "RX", "TX", "D4",
]  # fmt: skip
FEATHER_RIGHT = [None] * 4 + [
    "BAT", "EN", "USB", "D13", "D12", "D11", "D10", "D9", "D6", "D5", "SCL", "SDA",
]  # fmt: skip
FEATHER_GPIO = {"A0": 26, "D25": 25, "D4": 6, "D5": 7, "D6": 8, "D9": 9, "D10": 10}
FEATHER_GPIO.update({"D11": 11, "D12": 12, "SDA": 2, "SCL": 3})

BUILDS = {
    # build: (profile modules, board title, left header, right header, numbered pins)
    "pico": (("pico.py", "pico_wiring.py"), "Raspberry Pi Pico", PICO_LEFT, PICO_RIGHT, True),
    "feather": (("feather.py",), "Adafruit Feather RP2040", FEATHER_LEFT, FEATHER_RIGHT, False),
}


# -- reading the profiles --------------------------------------------------------------------


def _board_name(node):
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "board"
    ):
        return node.attr
    return None


def _call_name(node):
    f = node.func
    if isinstance(f, ast.Attribute):
        base = f.value.id if isinstance(f.value, ast.Name) else ""
        return (base + "." + f.attr) if base in ("busio",) else f.attr
    return f.id if isinstance(f, ast.Name) else ""


# call -> the part each positional board pin argument is (None: that argument is no pin)
ROLES = {
    "button_menu": ("menu up", "menu down", "menu select"),
    "pixels": ("NeoPixel chain DIN",),
    "piezo": ("piezo",),
    "vsys": ("battery: VSYS / 3", "battery: USB sense"),
    "busio.I2C": ("OLED SCL", "OLED SDA"),
    "ssd1306": (None, "OLED (SSD1306, I2C 0x3C)"),
    "fuel_gauge": ("MAX17048 fuel gauge (optional)",),
}


def profile_pins(build):
    """[(part, board pin name)] in the order the profile's code names them."""
    files = BUILDS[build][0]
    out = []
    for name in files:
        with open(os.path.join(HW, name), encoding="utf-8") as f:
            tree = ast.parse(f.read(), name)
        placed = set()
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef) and fn.name == "pad_pins":
                for ret in ast.walk(fn):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                        for seat, elt in enumerate(ret.value.elts):
                            out.append(("slam pad P%d" % (seat + 1), _board_name(elt)))
                            placed.add(id(elt))
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            roles = ROLES.get(_call_name(call))
            for i, arg in enumerate(call.args):
                pin = _board_name(arg)
                if pin and roles and i < len(roles) and roles[i]:
                    out.append((roles[i], pin))
                    placed.add(id(arg))
        for node in ast.walk(tree):
            if _board_name(node) and id(node) not in placed:
                raise SystemExit(
                    "tools/build/wiring.py: hw/%s line %d uses board.%s for a part this tool does "
                    "not know: teach ROLES about it" % (name, node.lineno, node.attr)
                )
    return out


# -- drawing ---------------------------------------------------------------------------------

PITCH = 24
TOP = 110
BOARD_W = 210
LEFT_X = 380  # the board's left edge
BOX_W = 250
COLOURS = {
    "slam": "#c0392b", "menu": "#2471a3", "OLED": "#7d3c98", "NeoPixel": "#d68910",
    "piezo": "#117a65", "battery": "#5d6d7e", "MAX17048": "#5d6d7e",
}  # fmt: skip
NOTES = {
    "slam pad": "arcade button; other leg to GND",
    "menu": "push button; other leg to GND",
    "NeoPixel": "4 sticks x 5, chained P1-P4; 5 V + GND",
    "piezo": "passive buzzer; other leg to GND",
    "OLED SDA": "VCC to 3V3(OUT), GND to GND",
    "OLED (": "STEMMA QT cable: SDA, SCL, 3V, GND",
    "MAX17048": "STEMMA QT, chained after the OLED",
}


def _esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _colour(part):
    for key, c in COLOURS.items():
        if part.startswith(key) or key in part:
            return c
    return "#333"


def _note(part):
    for key, n in NOTES.items():
        if part.startswith(key):
            return n
    return ""


def _ground(x, y, side):
    """A ground symbol hanging off a box's outer edge at (x, y)."""
    d = -1 if side == "left" else 1
    x2 = x + d * 18
    return (
        '<line x1="%d" y1="%d" x2="%d" y2="%d" class="gnd"/>'
        '<line x1="%d" y1="%d" x2="%d" y2="%d" class="gnd"/>'
        '<line x1="%d" y1="%d" x2="%d" y2="%d" class="gnd"/>'
        '<line x1="%d" y1="%d" x2="%d" y2="%d" class="gnd"/>'
        % (x, y, x2, y, x2, y - 7, x2, y + 7, x2 + d * 4, y - 4, x2 + d * 4, y + 4,
           x2 + d * 8, y - 1, x2 + d * 8, y + 1)
    )  # fmt: skip


def render(build):
    files, title, left, right, numbered = BUILDS[build]
    pins = profile_pins(build)
    rows = max(len(left), len(right))
    board_h = rows * PITCH + 40
    width = LEFT_X * 2 + BOARD_W
    stemma_y = TOP + board_h + 40
    internal = [(p, n) for p, n in pins if n not in left + right and n != "STEMMA_I2C"]
    height = stemma_y + 80 + 40 * len(internal) + 60
    s = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
        'font-family="DejaVu Sans, Arial, sans-serif">' % (width, height, width, height),
        "<style>text{font-size:12px;fill:#222}.pin{font-size:11px}.small{font-size:10px;"
        "fill:#555}.title{font-size:18px;font-weight:bold}.gnd{stroke:#000;stroke-width:1.5}"
        ".wire{fill:none;stroke-width:2.5}</style>",
        '<rect width="100%" height="100%" fill="white"/>',
        '<text x="20" y="30" class="title">Slampad wiring: %s (profile %s)</text>'
        % (_esc(title), build),
        '<text x="20" y="52" class="small">Drawn by tools/build/wiring.py from lib/slampad/hw/%s: '
        "the pins are the code's. Every button and the piezo go from their pin to GND "
        "(internal pull-ups, no resistors).</text>" % ", ".join(files),
        '<text x="20" y="68" class="small">The ground symbol means: to any GND pin of the '
        "board (marked GND). Seat P1 is pad 1; P1's dice are NeoPixels 0-4, P2's 5-9, P3's "
        "10-14, P4's 15-19.</text>",
    ]
    bx, by = LEFT_X, TOP
    s.append(
        '<rect x="%d" y="%d" width="%d" height="%d" rx="10" fill="#1e8449" fill-opacity="0.12" '
        'stroke="#1e8449" stroke-width="2"/>' % (bx, by, BOARD_W, board_h)
    )
    s.append(
        '<rect x="%d" y="%d" width="50" height="22" fill="#aaa" stroke="#555"/>'
        '<text x="%d" y="%d" class="small" text-anchor="middle">USB</text>'
        % (bx + BOARD_W / 2 - 25, by - 12, bx + BOARD_W / 2, by + 4)
    )
    s.append(
        '<text x="%d" y="%d" text-anchor="middle" style="font-weight:bold">%s</text>'
        % (bx + BOARD_W / 2, by + board_h - 10, _esc(title))
    )
    pos = {}
    for side, header in (("left", left), ("right", right)):
        for i, name in enumerate(header):
            if name is None:
                continue
            y = by + 30 + i * PITCH
            x = bx if side == "left" else bx + BOARD_W
            if numbered:
                num = i + 1 if side == "left" else 40 - i
                label = "%s  %d" % (name, num) if side == "left" else "%d  %s" % (num, name)
            else:
                gp = FEATHER_GPIO.get(name)
                label = name + (" (GPIO%d)" % gp if gp is not None else "")
            used = any(n == name for _, n in pins)
            weight = "bold" if used or name == "GND" else "normal"
            fill = "#000" if name == "GND" else "#222"
            s.append(
                '<circle cx="%d" cy="%d" r="5" fill="%s" stroke="#555"/>'
                % (x, y, "#f4d03f" if used else "#ddd")
            )
            tx, anchor = (x + 10, "start") if side == "left" else (x - 10, "end")
            s.append(
                '<text x="%d" y="%d" class="pin" text-anchor="%s" style="font-weight:%s;fill:%s">'
                "%s</text>" % (tx, y + 4, anchor, weight, fill, _esc(label))
            )
            pos.setdefault(name, (x, y, side))
    if build == "feather":
        sx, sy = bx + BOARD_W / 2, by + board_h
        pos["STEMMA_I2C"] = (sx, sy + 8, "bottom")
        s.append(
            '<rect x="%d" y="%d" width="70" height="16" fill="#222"/>'
            '<text x="%d" y="%d" class="small" text-anchor="middle" style="fill:white">'
            "STEMMA QT</text>" % (sx - 35, sy - 8, sx, sy + 4)
        )
    # parts with a header pin: a box beside the pin, a straight wire
    for part, pin in pins:
        if pin not in pos or pos[pin][2] == "bottom":
            continue
        x, y, side = pos[pin]
        c = _colour(part)
        if side == "left":
            box_x, x_end, gx = 50, 50 + BOX_W, 50
        else:
            box_x = width - 50 - BOX_W
            x_end, gx = box_x, box_x + BOX_W
        s.append(
            '<polyline class="wire" stroke="%s" points="%d,%d %d,%d"/>' % (c, x, y, x_end, y)
        )
        s.append(
            '<rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="white" stroke="%s" '
            'stroke-width="2"/>' % (box_x, y - 10, BOX_W, PITCH - 4, c)
        )
        s.append(
            '<text x="%d" y="%d" style="font-weight:bold;fill:%s">%s</text>'
            '<text x="%d" y="%d" class="small">board.%s</text>'
            % (box_x + 6, y + 4, c, _esc(part), box_x + BOX_W - 70, y + 4, pin)
        )
        if any(part.startswith(k) for k in ("slam", "menu", "piezo")):
            s.append(_ground(gx, y, side))
    if build == "pico":  # the optional battery, on VSYS (read inside on VOLTAGE_MONITOR)
        x, y, _ = pos["VSYS"]
        box_x = width - 50 - BOX_W
        s.append(
            '<polyline class="wire" stroke="#5d6d7e" stroke-dasharray="6,4" '
            'points="%d,%d %d,%d"/>' % (x, y, box_x, y)
        )
        s.append(
            '<rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="white" stroke="#5d6d7e" '
            'stroke-width="2" stroke-dasharray="6,4"/><text x="%d" y="%d" '
            'style="font-weight:bold;fill:#5d6d7e">battery + (optional)</text>'
            '<text x="%d" y="%d" class="small">LiPo / 3xAA</text>'
            % (box_x, y - 10, BOX_W, PITCH - 4, box_x + 6, y + 4, box_x + BOX_W - 70, y + 4)
        )
        s.append(_ground(box_x + BOX_W, y, "right"))
    # notes under the board: the parts on STEMMA QT or on internal pins
    y = stemma_y + 20
    done = set()
    for part, pin in pins:
        if pin in pos and pos[pin][2] != "bottom":
            continue
        c = _colour(part)
        if pin == "STEMMA_I2C":
            sx, sy, _ = pos[pin]
            s.append(
                '<polyline class="wire" stroke="%s" points="%d,%d %d,%d %d,%d"/>'
                % (c, sx, sy, sx, y, sx - 15, y)
            )
            s.append(
                '<rect x="50" y="%d" width="%d" height="36" rx="4" fill="white" stroke="%s" '
                'stroke-width="2"/><text x="56" y="%d" style="font-weight:bold;fill:%s">%s'
                '</text><text x="56" y="%d" class="small">board.STEMMA_I2C: %s</text>'
                % (y - 18, sx - 65, c, y - 3, c, _esc(part), y + 12, _esc(_note(part)))
            )
        else:
            s.append(
                '<text x="40" y="%d" style="fill:%s">%s: board.%s (inside the board, '
                "nothing to wire)</text>" % (y, c, _esc(part), pin)
            )
        done.add(part)
        y += 50
    for note in _board_notes(build, pins):
        s.append('<text x="40" y="%d" class="small">%s</text>' % (y, _esc(note)))
        y += 18
    s.append("</svg>")
    return "\n".join(s) + "\n"


def _board_notes(build, pins):
    parts = dict(pins)
    notes, seen = [], set()
    for p in parts:
        n = _note(p)
        key = p.split(" P")[0].split(" up")[0].split(" down")[0].split(" select")[0]
        if n and key not in seen:
            seen.add(key)
            notes.append("%s: %s" % (key, n))
    if build == "pico":
        notes.append(
            "Battery: a 1-cell LiPo or 3 x AA to VSYS (pin 39) and GND (pin 38); power the "
            "NeoPixels from VSYS too (VBUS, pin 40, is live only on USB)."
        )
        notes.append(
            "With USB and battery both connected, put a Schottky diode between the battery "
            "and VSYS. The charge is read on board.%s, USB on board.%s."
            % (parts.get("battery: VSYS / 3"), parts.get("battery: USB sense"))
        )
    else:
        notes.append(
            "Battery: a LiPo in the JST socket (charged from USB); NeoPixels from BAT "
            "instead of USB. The fuel gauge is optional: without it there is no battery icon."
        )
    return notes


def path(build):
    return os.path.join(ROOT, "docs", "wiring-%s.svg" % build)


def main(argv):
    check = "--check" in argv
    stale = []
    for build in BUILDS:
        svg = render(build)
        try:
            with open(path(build), encoding="utf-8") as f:
                current = f.read() == svg
        except FileNotFoundError:
            current = False
        if check:
            if not current:
                stale.append(os.path.relpath(path(build), ROOT))
        elif not current:
            with open(path(build), "w", encoding="utf-8") as f:
                f.write(svg)
            print("wrote", os.path.relpath(path(build), ROOT))
    if stale:
        print("out of date (run tools/build/wiring.py):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
