#!/usr/bin/env python3
"""The Slampad firmware beside stock CircuitPython, on the same saves (issue 27).

    .venv/bin/python tools/benchmarks/firmware_bench.py [--write] [--play-s S]

Boots the pico profile in the emulated RP2040 twice over: stock CircuitPython 10.2.1 with
the whole .py image (tools/deploy.py --probe), and the Slampad firmware (tools/firmware,
built first if stale) with the drive's own files (tools/deploy.py --frozen --probe). On
each: power-on to menu, the free heap at code.py's start and at the menu, and for every
game one save (tests/emu_saves.py make_level(game, "hard"), the same bytes for both)
resumed at power-up: the game's load, the least free heap while it plays and the hard
bots' decisions. Every figure is emulated time and gc.mem_free() after gc.collect(), as
tools/emulator/emu_bench.py measures them (its run_boot and run_game). The flash used and left
per board come from tools/firmware's records.

Prints one Markdown table with its header; --write puts it between the markers in
docs/benchmarks.md (section SECTION). Results go to out/firmware_bench/results.json.
"""

import argparse
import json
import os
import sys
import time

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TOOLS)
for _p in (TOOLS, os.path.join(ROOT, "tests")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
import _rooms  # noqa: E402 - tools/_rooms.py: tools/ and its rooms on sys.path

_rooms.on_path()

import bench_table as bt  # noqa: E402
import emu_bench as eb  # noqa: E402

SECTION = "## The Slampad firmware beside stock CircuitPython"
BEGIN = "<!-- tools/benchmarks/firmware_bench.py --write: begin (this block is rewritten) -->"
END = "<!-- tools/benchmarks/firmware_bench.py --write: end -->"
OUT = os.path.join(ROOT, "out", "firmware_bench")
KINDS = (("py", "stock firmware, `.py` image"), ("frozen", "Slampad firmware, frozen"))
GOALS = {  # issue 27's figures
    "least_free": 110 * 1024,
    "boot_ms": 1600,
    "load_ms": 100,
}


def measure(play_ms, log):
    import emu
    import emu_saves

    import firmware

    if firmware.main(["pico", "feather", "macropad"]) != 0:
        raise SystemExit("firmware_bench: tools/firmware failed (above)")
    saves = {game: emu_saves.make_level(game, "hard") for game, _n in eb.GAMES}
    os.makedirs(OUT, exist_ok=True)
    images = {}
    for kind, _label in KINDS:
        frozen = kind == "frozen"
        uf2, elf = emu.firmware_paths("pico", stock=not frozen)
        for first in (True, False):  # the first power-on after flashing, and every later one
            boot_out = None if first else emu.boot_out_text(elf, emu.board_id_of("pico", frozen))
            path = os.path.join(OUT, "image-%s%s.img" % (kind, "-first" if first else ""))
            with open(path, "wb") as f:
                f.write(emu.build_image("pico", mpy=False, frozen=frozen, boot_out=boot_out))
            images[kind, first] = path
    results = []
    for kind, label in KINDS:
        stock = kind != "frozen"
        for first in (True, False):
            log("boot%s, %s" % (" (first)" if first else "", label))
            rec = eb.run_boot(emu, kind, images[kind, first], stock=stock)
            rec["first"] = first
            results.append(rec)
            log("    " + eb.summary(rec))
        for game, name in eb.GAMES:
            log("%s hard, %s" % (name, label))
            ms = play_ms * 1000 if play_ms else eb.PLAY_MS[game]
            results.append(eb.run_game(emu, saves[game], kind, images[kind, False], game, "hard",
                                       ms, stock=stock))  # fmt: skip
            log("    " + eb.summary(results[-1]))
    records = {}
    for board in firmware.BOARDS:
        with open(os.path.join(firmware.OUT, "slampad-%s.json" % board)) as f:
            records[board] = json.load(f)
    return results, records


def rows(results, records):
    def get(kind, key, game=None, first=False):
        if game is None:
            rec = next((r for r in results if r["kind"] == "boot" and r["image"] == kind
                        and r.get("first", False) == first), None)  # fmt: skip
        else:
            rec = eb.find(results, "game", kind, game, "hard")
        return rec.get(key) if eb._ok(rec) else None

    def pair(key, show, game=None, first=False):
        return [show(get(k, key, game, first)) for k, _l in KINDS]

    out = [
        ["free heap at code.py's start"] + pair("start_free", eb.fmt_bytes) + ["-"],
        ["power-on to menu (emulated), every power-on but the first"]
        + pair("boot_ms", eb.fmt_ms) + ["at most %s" % eb.fmt_ms(GOALS["boot_ms"])],
        ["power-on to menu, the first after flashing (the firmware writes boot_out.txt after"
         " waiting 1 s)"] + pair("boot_ms", eb.fmt_ms, first=True) + ["-"],
        ["free heap at the menu"] + pair("menu_free", eb.fmt_bytes) + ["-"],
    ]
    for game, name in eb.GAMES:
        out.append(["%s: the game's load on Resume" % name] + pair("load_ms", eb.fmt_ms, game)
                   + ["at most %s" % eb.fmt_ms(GOALS["load_ms"])])  # fmt: skip
        out.append(["%s: least free heap while it plays (%s, hard)" % (name, eb.SAVE_WHAT[game])]
                   + pair("least_free", eb.fmt_bytes, game)
                   + ["at least %s" % eb.fmt_bytes(GOALS["least_free"])])  # fmt: skip
        cells = []
        for kind, _l in KINDS:
            rec = eb.find(results, "game", kind, game, "hard")
            cells.append(eb.decision_cell(rec))
        out.append(["%s: hard bot's decisions, median / p95 (count)" % name] + cells
                   + ["p95 at most %g s" % (eb.goal_ms("hard") / 1000)])  # fmt: skip
    for board, rec in sorted(records.items()):
        out.append([
            "flash: `slampad-%s.uf2` (FLASH_FIRMWARE %s B)" % (board, f"{rec['flash_region']:,}"),
            "-", "%s B used, %s B left" % (f"{rec['flash_used']:,}", f"{rec['flash_left']:,}"),
            "-",
        ])  # fmt: skip
    return out


def render(results, records, meta):
    head = (
        "Produced by `%s` on %s (%s; %s). Source: %s. Stock: CircuitPython 10.2.1 for the "
        "Pico with the `.py` image; Slampad: `out/firmware/slampad-pico.uf2` (frozen code, %d "
        "modules off, no safe-mode wait) with `tools/deploy.py --frozen`. The same saves "
        "(every seat a hard bot) on both. Emulated time, with the XIP cache's misses charged "
        "(`tools/rp2040/xip_cache.mjs`)."
        % (meta["command"], meta["started"], meta["machine"], meta["wall"], meta["source"],
           len(next(iter(records.values()))["modules_off"]))  # fmt: skip
    )
    columns = ("figure",) + tuple(label for _k, label in KINDS) + ("issue 27's goal",)
    table = bt.render_table(rows(results, records), columns=columns)
    failed = ["- %s %s: **failed**: %s" % (r["image"], r.get("game") or "boot", r["error"])
              for r in results if r.get("error")]  # fmt: skip
    return "\n".join([head, "", table] + ([""] + failed if failed else [])) + "\n"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="tools/benchmarks/firmware_bench.py",
                                 description=__doc__.split("\n")[0])  # fmt: skip
    ap.add_argument("--write", action="store_true", help="put the table in docs/benchmarks.md")
    ap.add_argument("--play-s", type=float, help="emulated s of play per game (default: "
                    "tools/emulator/emu_bench.py's)")  # fmt: skip
    a = ap.parse_args(argv)

    def log(msg):
        print("[firmware_bench %s] %s" % (time.strftime("%H:%M:%S"), msg), file=sys.stderr,
              flush=True)  # fmt: skip

    t0 = time.monotonic()
    meta = {
        "command": eb.command_line(argv).replace("emu_bench", "firmware_bench"),
        "started": time.strftime("%Y-%m-%d %H:%M %Z"),
        "machine": eb.machine(),
        "source": bt.source_state(),
    }
    results, records = measure(a.play_s, log)
    wall = int(time.monotonic() - t0)
    meta["wall"] = "%d min %02d s of wall time" % (wall // 60, wall % 60)
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump({"meta": meta, "results": results, "records": records}, f, indent=1)
    text = render(results, records, meta)
    print(SECTION + "\n\n" + text)
    if a.write:
        with open(eb.DOC) as f:
            doc = f.read()
        inner = BEGIN + "\n" + text.strip("\n") + "\n" + END
        i, j = doc.find(BEGIN), doc.find(END)
        if i >= 0 and j > i:
            doc = doc[:i] + inner + doc[j + len(END) :]
        else:
            doc = doc.rstrip("\n") + "\n\n" + SECTION + "\n\n" + inner + "\n"
        with open(eb.DOC, "w") as f:
            f.write(doc)
        log("wrote the section to docs/benchmarks.md")
    return 1 if any(r.get("error") for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
