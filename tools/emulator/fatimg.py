#!/usr/bin/env python3
"""Write a CIRCUITPY drive as a FAT12 image: tools/emulator/fatimg.py FOLDER OUT.img [--size BYTES]

The image goes at flash offset 0x100000 of an emulated RP2040 running CircuitPython, whose
FatFs mounts it as-is. Standard library only: no mkfs.fat or mtools on the build machine.

The layout is what CircuitPython's own f_mkfs (oofatfs R0.13c, FM_FAT) gives its 1 MiB
drive: 512-byte sectors, 1 sector per cluster, 1 reserved sector, 1 FAT, 512 root entries,
media 0xF8. For 1 MiB: boot sector 0, FAT 1-7, root 8-39, data (cluster 2) from sector 40,
2008 clusters. Differences: hidden sectors 0 (f_mkfs writes 1, FatFs ignores it), the type
string is "FAT12   " and the label is in the boot sector too.

Names: one FatFs would keep as 8.3 (each part in one case, like "code.py", "lib",
"__init__.py") is stored as 8.3 with the NT lower-case flags; any other gets VFAT long-name
entries plus a unique NAME~N.EXT short name. The same input gives byte-identical output:
fixed timestamps and serial, folders and files in sorted order, each file contiguous.

make_image(files) -> bytes, image_from_folder(path) -> bytes, read_image(data) -> files.
"""

import argparse
import string
import struct
import sys
from collections import namedtuple
from pathlib import Path

SECTOR = 512
MAX_CLUSTERS = 4084  # FAT12 for every reader: the spec says < 4085, FatFs <= 4085
MEDIA = 0xF8
EOC = 0xFFF
N_FATS = 1  # as f_mkfs; FatFs reads 1 or 2
SERIAL = 0x20260101
DATE = (2026 - 1980) << 9 | 1 << 5 | 1  # 2026-01-01, 00:00:00
ATTR_DIR, ATTR_VOLUME, ATTR_ARCHIVE, ATTR_LFN = 0x10, 0x08, 0x20, 0x0F
NT_LOWER_BODY, NT_LOWER_EXT = 0x08, 0x10
SFN_CHARS = set(string.ascii_uppercase + string.digits + "!#$%&'()-@^_`{}~")
BAD_CHARS = set('"*/:<>?\\|')
BOOT = "<3s8sHBHBHHBHHHLLBBBL11s8s"  # the boot sector up to the boot code
Boot = namedtuple(
    "Boot",
    "jump oem bps spc rsv nfats nroot total media fatsz spt heads hidden total32"
    " drive nt extsig serial label fstype",
)


def geometry(size):
    """(sectors per cluster, FAT sectors, root entries, first data sector, clusters), as f_mkfs."""
    sectors = size // SECTOR
    if size % SECTOR or not 64 <= sectors <= 0xFFFF:
        raise ValueError(f"image size {size}: not a multiple of {SECTOR} in 32 KiB..32 MiB")
    spc = 1
    while sectors // spc > MAX_CLUSTERS:
        spc *= 2
    fat_sectors = -(-((sectors // spc * 3 + 1) // 2 + 3) // SECTOR)
    root_entries = 64 if sectors <= 256 else 512
    data_start = 1 + N_FATS * fat_sectors + root_entries * 32 // SECTOR
    return spc, fat_sectors, root_entries, data_start, (sectors - data_start) // spc


def _check_name(name, path):
    if (
        name in ("", ".", "..")
        or len(name) > 255
        or name[-1] in ". "  # FatFs and Windows strip these, so the name would change
        or any(c in BAD_CHARS or ord(c) < 0x20 or 0xD800 <= ord(c) <= 0xDFFF for c in name)
    ):
        raise ValueError(f"{path!r}: {name!r} is not a valid FAT long file name")


def _plain_short(name):
    """(8.3 name, NT flags) if FatFs would store name without long-name entries, else None."""
    body, _, ext = name.partition(".")
    if "." in ext or not 1 <= len(body) <= 8 or len(ext) > 3:
        return None
    flags = 0
    for part, lower_flag in ((body, NT_LOWER_BODY), (ext, NT_LOWER_EXT)):
        if not all(c.isascii() and c.upper() in SFN_CHARS for c in part):
            return None
        if part != part.upper():
            if part != part.lower():
                return None  # mixed case in one part: only a long name keeps it
            flags |= lower_flag
    return (body.upper().ljust(8) + ext.upper().ljust(3)).encode("ascii"), flags


def _numbered_short(name, taken):
    """A NAME~N.EXT short name not in taken (Windows' scheme; FatFs only needs uniqueness)."""
    base = name.upper().replace(" ", "").lstrip(".")
    body, ext = base.rsplit(".", 1) if "." in base else (base, "")
    body, ext = ("".join(c if c in SFN_CHARS else "_" for c in s if c != ".") for s in (body, ext))
    n = 1
    while True:
        tail = f"~{n}"
        sfn = ((body[: 8 - len(tail)] + tail).ljust(8) + ext[:3].ljust(3)).encode("ascii")
        if sfn not in taken:
            taken.add(sfn)
            return sfn
        n += 1


def _checksum(sfn):
    total = 0
    for b in sfn:
        total = (((total & 1) << 7) + (total >> 1) + b) & 0xFF
    return total


def _entry(sfn, attr, cluster, size=0, nt=0):
    # name, attr, NT flags, created (10 ms, time, date), accessed, cluster hi, written, cluster lo
    times = (0, 0, DATE, DATE, 0, 0, DATE)
    return struct.pack("<11sBBBHHHHHHHL", sfn, attr, nt, *times, cluster, size)


def _lfn_entries(name, sfn):
    units = list(struct.unpack(f"<{len(name)}H", name.encode("utf-16-le")))
    if len(units) % 13:
        units.append(0)  # terminator only when the last chunk has room
    units += [0xFFFF] * (-len(units) % 13)
    count, csum, out = len(units) // 13, _checksum(sfn), b""
    for i in reversed(range(count)):  # stored last chunk first, just before the 8.3 entry
        u = units[13 * i : 13 * i + 13]
        seq = (i + 1) | (0x40 if i == count - 1 else 0)
        out += struct.pack("<B5HBBB6HH2H", seq, *u[:5], ATTR_LFN, 0, csum, *u[5:11], 0, *u[11:])
    return out


def _short_names(node, path):
    """[(name, 8.3 name, NT flags, needs long name)] for one folder, in sorted order."""
    folded = {}
    for name in node:
        _check_name(name, path + name)
        other = folded.setdefault(name.upper(), name)
        if other != name:  # FAT compares names without case
            raise ValueError(f"{path + other!r} and {path + name!r} differ only in case")
    plain = {name: _plain_short(name) for name in sorted(node)}
    taken = {p[0] for p in plain.values() if p}  # reserved first, so ~N never shadows one
    return [
        (name, *p, False) if p else (name, _numbered_short(name, taken), 0, True)
        for name, p in plain.items()
    ]


class _Data:
    """The data area, allocated front to back so every chain is contiguous."""

    def __init__(self, cluster_bytes):
        self.cluster_bytes = cluster_bytes
        self.fat = [0xF00 | MEDIA, EOC]
        self.area = bytearray()

    def alloc(self, payload):
        n = -(-payload // self.cluster_bytes)
        if n == 0:
            return 0  # empty files own no cluster
        first = len(self.fat)
        self.fat += [*range(first + 1, first + n), EOC]
        self.area += bytes(n * self.cluster_bytes)
        return first

    def put(self, cluster, payload):
        at = (cluster - 2) * self.cluster_bytes
        self.area[at : at + len(payload)] = payload


def _layout(data, node, path="", parent=0, label=None):
    """The root's entries, or a subfolder's first cluster (its clusters precede its children's)."""
    plan = _short_names(node, path)
    root = label is not None
    count = (1 if root else 2) + sum(1 + (-(-len(n) // 13) if lfn else 0) for n, *_, lfn in plan)
    own = 0 if root else data.alloc(count * 32)
    if root:
        ents = _entry(label.encode("ascii").ljust(11), ATTR_VOLUME, 0) if label else b""
    else:
        ents = _entry(b".".ljust(11), ATTR_DIR, own) + _entry(b"..".ljust(11), ATTR_DIR, parent)
    for name, sfn, nt, lfn in plan:
        child = node[name]
        if isinstance(child, dict):
            first, size, attr = _layout(data, child, f"{path}{name}/", own), 0, ATTR_DIR
        else:
            first, size, attr = data.alloc(len(child)), len(child), ATTR_ARCHIVE
            if first:
                data.put(first, child)
        ents += (_lfn_entries(name, sfn) if lfn else b"") + _entry(sfn, attr, first, size, nt)
    if root:
        return ents
    data.put(own, ents)
    return own


def _tree(files):
    root = {}
    for path, content in files.items():
        *folders, leaf = path.split("/")
        node = root
        for name in folders:
            node = node.setdefault(name, {})
            if not isinstance(node, dict):
                raise ValueError(f"{path!r}: {name!r} is a file, not a folder")
        if isinstance(node.get(leaf), dict):
            raise ValueError(f"{path!r} is a folder, not a file")
        node[leaf] = bytes(content)
    return root


def _build(files, size, label):
    spc, fat_sectors, root_entries, data_start, clusters = geometry(size)
    label = label.upper().rstrip()
    if len(label) > 11 or not all(c in SFN_CHARS or c == " " for c in label):
        raise ValueError(f"volume label {label!r}: up to 11 of A-Z 0-9 {''.join(SFN_CHARS)}")
    data = _Data(spc * SECTOR)
    root = _layout(data, _tree(files), label=label)
    used = len(data.fat) - 2
    if len(root) > root_entries * 32:
        raise ValueError(
            f"root folder: needs {len(root) // 32} entries, has room for {root_entries}"
        )
    if used > clusters:
        raise ValueError(
            f"files do not fit: they need {used} clusters of {spc * SECTOR} bytes,"
            f" a {size}-byte FAT12 image has {clusters}"
        )
    fat = data.fat + [0] * (clusters + 2 - len(data.fat) + (clusters % 2))
    fat12 = b"".join(
        bytes((a & 0xFF, a >> 8 | (b & 0xF) << 4, b >> 4))
        for a, b in zip(fat[::2], fat[1::2], strict=True)
    )
    bpb = (SECTOR, spc, 1, N_FATS, root_entries, size // SECTOR, MEDIA, fat_sectors, 63, 255, 0, 0)
    ext = (0x80, 0, 0x29, SERIAL, (label or "NO NAME").encode("ascii").ljust(11), b"FAT12   ")
    boot = (
        struct.pack(BOOT, b"\xeb\xfe\x90", b"MSDOS5.0", *bpb, *ext).ljust(510, b"\0") + b"\x55\xaa"
    )
    image = boot + fat12.ljust(fat_sectors * SECTOR, b"\0") * N_FATS
    image += root.ljust(root_entries * 32, b"\0") + data.area
    return image.ljust(size, b"\0"), used, clusters


def make_image(files, size=1024 * 1024, label="CIRCUITPY"):
    """A FAT12 image of files ({"lib/x/y.py": b"..."}); ValueError if they do not fit."""
    return _build(files, size, label)[0]


def folder_files(path):
    root = Path(path)
    if not root.is_dir():
        raise ValueError(f"{path}: not a folder")
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def image_from_folder(path, size=1024 * 1024, label="CIRCUITPY"):
    """make_image of every file under path (empty folders are not carried)."""
    return make_image(folder_files(path), size, label)


def read_image(data):
    """{path: bytes} of a FAT12 image, checked strictly: ValueError at the first oddity."""

    def need(ok, what):
        if not ok:
            raise ValueError(f"bad FAT12 image: {what}")

    need(len(data) >= SECTOR and data[510:512] == b"\x55\xaa", "no boot signature")
    b = Boot._make(struct.unpack_from(BOOT, data))
    need(b.jump[0] in (0xEB, 0xE9) and b.bps == SECTOR and b.spc in (1, 2, 4, 8, 16, 32, 64), "BPB")
    need(b.rsv >= 1 and b.nfats in (1, 2) and b.nroot and b.nroot * 32 % SECTOR == 0, "layout")
    need(b.total * SECTOR == len(data) and b.total32 == b.hidden == 0, "volume size")
    need(b.media == MEDIA and b.extsig == 0x29 and b.fstype == b"FAT12   ", "media or type")
    spc, fat_at, fatsz = b.spc, b.rsv * SECTOR, b.fatsz * SECTOR
    root_at = b.rsv + b.nfats * b.fatsz
    data_at = root_at + b.nroot * 32 // SECTOR
    clusters, cb = (b.total - data_at) // spc, spc * SECTOR
    need(1 <= clusters <= MAX_CLUSTERS and fatsz * 2 >= (clusters + 2) * 3, "FAT size")
    fats = [data[fat_at + i * fatsz : fat_at + (i + 1) * fatsz] for i in range(b.nfats)]
    need(fats.count(fats[0]) == b.nfats, "FAT copies differ")

    def fat(n):
        v = int.from_bytes(fats[0][n + n // 2 : n + n // 2 + 2], "little")
        return v >> 4 if n & 1 else v & 0xFFF

    need(fat(0) == 0xF00 | MEDIA and fat(1) == EOC, "reserved FAT entries")
    seen = set()

    def chain(first):
        out, c = bytearray(), first
        while True:
            need(2 <= c < clusters + 2 and c not in seen, f"cluster {c:#x} free, bad or shared")
            seen.add(c)
            at = (data_at + (c - 2) * spc) * SECTOR
            out += data[at : at + cb]
            c = fat(c)
            if c >= 0xFF8:
                return bytes(out)

    def folder(raw, prefix, own):
        out, names, sfns, lfn = {}, set(), set(), []
        ents = [raw[i : i + 32] for i in range(0, len(raw), 32)]
        if own:  # a subfolder starts with "." (itself) and ".." (its parent, 0 for the root)
            need(len(ents) >= 2, f"{prefix}: no dot entries")
            for e, sfn, c in zip(ents[:2], (b".", b".."), own, strict=True):
                ok = e[:11] == sfn.ljust(11) and e[11] == ATTR_DIR
                need(ok and e[26:28] == struct.pack("<H", c), f"{prefix}: dot entries")
            ents = ents[2:]
        for i, e in enumerate(ents):
            if e[0] == 0:
                need(not any(b"".join(ents[i:])) and not lfn, f"{prefix}: junk after the end")
                break
            sfn, attr, nt = bytes(e[:11]), e[11], e[12]
            if attr == ATTR_LFN:
                seq, csum = e[0], e[13]
                need(e[12] == 0 and e[26:28] == b"\0\0", f"{prefix}: LFN type or cluster")
                first_ok = seq & 0x40 and 1 <= seq & 0x3F <= 20
                need(
                    first_ok if not lfn else seq == lfn[-1][0] - 1 and csum == lfn[-1][1],
                    f"{prefix}: LFN sequence",
                )
                units = struct.unpack("<5H", e[1:11]) + struct.unpack("<6H", e[14:26])
                lfn.append((seq & 0x3F, csum, units + struct.unpack("<2H", e[28:32])))
                continue
            if attr == ATTR_VOLUME:  # one, in the root only
                need(not own and not lfn and "" not in names and e[26:28] == b"\0\0", "label")
                need(all(chr(c) in SFN_CHARS or c == 32 for c in sfn.rstrip()), "label")
                names.add("")
                continue
            body, ext = sfn[:8].rstrip(b" "), sfn[8:].rstrip(b" ")
            need(
                body and b" " not in body + ext and all(chr(c) in SFN_CHARS for c in body + ext),
                f"{prefix}: short name {sfn!r}",
            )
            if lfn:
                need(
                    lfn[-1][0] == 1 and lfn[0][1] == _checksum(sfn) and nt == 0,
                    f"{prefix}: LFN checksum",
                )
                units = [u for *_, chunk in reversed(lfn) for u in chunk]
                end = units.index(0) if 0 in units else len(units)
                need(set(units[end + 1 :]) <= {0xFFFF} and 0xFFFF not in units[:end], "LFN padding")
                need(end > len(units) - 13, f"{prefix}: LFN with a chunk of padding only")
                name = struct.pack(f"<{end}H", *units[:end]).decode("utf-16-le")
            else:
                need(nt & ~(NT_LOWER_BODY | NT_LOWER_EXT) == 0, f"{prefix}: NT flags")
                name = (body.lower() if nt & NT_LOWER_BODY else body).decode()
                name += "." + (ext.lower() if nt & NT_LOWER_EXT else ext).decode() if ext else ""
            need(name.upper() not in names and sfn not in sfns, f"{prefix}{name}: duplicate name")
            names.add(name.upper())
            sfns.add(sfn)
            lfn = []
            first, size = struct.unpack_from("<H", e, 26)[0], struct.unpack_from("<L", e, 28)[0]
            need(
                e[20:22] == b"\0\0" and attr & ~0x37 == 0, f"{prefix}{name}: attributes or cluster"
            )
            if attr & ATTR_DIR:
                need(size == 0 and first, f"{prefix}{name}: folder")
                out.update(folder(chain(first), f"{prefix}{name}/", (first, own[0] if own else 0)))
            elif size == 0:
                need(first == 0, f"{prefix}{name}: empty file with a cluster")
                out[prefix + name] = b""
            else:
                content = chain(first)
                need(len(content) == -(-size // cb) * cb, f"{prefix}{name}: chain length")
                out[prefix + name] = content[:size]
        else:
            need(not lfn, f"{prefix}: LFN entries without their 8.3 entry")
        return out

    files = folder(data[root_at * SECTOR : data_at * SECTOR], "", None)
    need(all(fat(c) == 0 for c in range(2, clusters + 2) if c not in seen), "lost clusters")
    return files


def main(argv=None):
    ap = argparse.ArgumentParser(prog="fatimg.py", description=__doc__.split("\n")[0])
    ap.add_argument("folder", help="the image folder (as tools/deploy.py writes it)")
    ap.add_argument("out", help="the image file to write")
    ap.add_argument("--size", type=int, default=1024 * 1024, help="image bytes (default 1 MiB)")
    ap.add_argument("--label", default="CIRCUITPY", help="volume label (default CIRCUITPY)")
    args = ap.parse_args(argv)
    try:
        files = folder_files(args.folder)
        image, used, clusters = _build(files, args.size, args.label)
    except (ValueError, OSError) as e:
        print(f"fatimg.py: error: {e}", file=sys.stderr)
        return 1
    Path(args.out).write_bytes(image)
    print(
        f"{args.out}: FAT12 {len(image):,} bytes, {len(files)} files,"
        f" {used} of {clusters} clusters used ({100 * used // clusters}%)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
