"""tools/emulator/fatimg.py: FAT12 images of the CIRCUITPY drive, as CircuitPython's FatFs
reads them.

Byte-level checks here parse the image with their own offsets (not fatimg's struct formats),
so a field fatimg writes and reads back the same wrong way still fails. Everything else goes
through fatimg.read_image, which checks the BPB, every FAT chain (in range, ends in EOC, no
sharing, no lost clusters), LFN sequences, checksums and padding, and sizes against chains.
"""

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import fatimg
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from safety_net import SAFETY_NET_S

ROOT = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024
ROOT_DIR = 8 * 512  # 1 MiB layout: boot 0, FAT 1-7, root 8-39, data from 40
DATA = 40 * 512


def spec_checksum(sfn):
    """The 8.3 checksum as the VFAT spec words it: rotate right, then add."""
    s = 0
    for c in sfn:
        s = (((s >> 1) | (s << 7)) + c) & 0xFF
    return s


def root_entries(img):
    return [img[ROOT_DIR + i : ROOT_DIR + i + 32] for i in range(0, 512 * 32, 32)]


def entry_for(entries, sfn):
    i = next(i for i, e in enumerate(entries) if e[:11] == sfn)
    return i, entries[i]


def fat12(img, n, fat_at=512):
    v = int.from_bytes(img[fat_at + n * 3 // 2 : fat_at + n * 3 // 2 + 2], "little")
    return v >> 4 if n & 1 else v & 0xFFF


def on_disk(folder):
    out = {}
    for dirpath, _, names in os.walk(folder):
        for name in names:
            p = Path(dirpath, name)
            out[p.relative_to(folder).as_posix()] = p.read_bytes()
    return out


@pytest.fixture(scope="module")
def deploy_tree(tmp_path_factory):
    dest = tmp_path_factory.mktemp("circuitpy")
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "deploy.py"), str(dest), "--profile", "pico"],
        check=True,
        capture_output=True,
        cwd=ROOT,
        timeout=SAFETY_NET_S,
    )
    return dest


def test_boot_sector_and_layout_match_circuitpythons_own_format():
    img = fatimg.make_image({})
    assert len(img) == MIB and img[510:512] == b"\x55\xaa" and img[0] == 0xEB
    assert struct.unpack_from("<HBHBHHBH", img, 11) == (512, 1, 1, 1, 512, 2048, 0xF8, 7)
    assert struct.unpack_from("<LL", img, 28) == (0, 0)  # hidden sectors, 32-bit total
    assert img[38] == 0x29 and img[39:43] == struct.pack("<L", fatimg.SERIAL)
    assert img[43:54] == b"CIRCUITPY  " and img[54:62] == b"FAT12   "
    assert img[512:515] == b"\xf8\xff\xff" and not any(img[515 : 8 * 512])  # media, EOC
    label = root_entries(img)[0]
    assert label[:12] == b"CIRCUITPY  \x08" and not any(img[ROOT_DIR + 32 :])
    assert fatimg.geometry(MIB) == (1, 7, 512, 40, 2008)
    assert fatimg.read_image(img) == {}


def test_lowercase_8_3_names_use_the_nt_case_flags_and_no_long_name():
    files = {"code.py": b"print(1)\n", "README.md": b"r", "ABC": b"", "lib/x.py": b"x"}
    entries = root_entries(fatimg.make_image(files))
    for sfn, flags in ((b"CODE    PY ", 0x18), (b"README  MD ", 0x10), (b"ABC        ", 0)):
        i, e = entry_for(entries, sfn)
        assert e[11] == 0x20 and e[12] == flags and entries[i - 1][11] != 0x0F
    i, lib = entry_for(entries, b"LIB        ")
    assert lib[11] == 0x10 and lib[12] == 0x08 and entries[i - 1][11] != 0x0F


def test_long_names_carry_lfn_entries_with_the_spec_checksum_and_padding():
    name30 = "play_wildside_text_long_xx.py"  # 29 characters: 3 entries, 0x0000 then 0xFFFF
    files = {"settings.toml": b"a = 1\n", name30: b"t", "abcdefghijklmnopqrstuvwxyz": b"26"}
    entries = root_entries(fatimg.make_image(files))
    i, sfn = entry_for(entries, b"SETTIN~1TOM")
    lfn = entries[i - 1]  # 13 characters: one entry, no terminator, no padding
    assert lfn[0] == 0x41 and lfn[11] == 0x0F and lfn[12] == 0 and lfn[26:28] == b"\0\0"
    assert lfn[13] == spec_checksum(sfn[:11])
    assert (lfn[1:11] + lfn[14:26] + lfn[28:32]).decode("utf-16-le") == "settings.toml"
    i, sfn = entry_for(entries, b"PLAY_W~1PY ")
    parts = [entries[i - k] for k in (3, 2, 1)]
    assert [p[0] for p in parts] == [0x43, 0x02, 0x01]
    assert {p[13] for p in parts} == {spec_checksum(sfn[:11])}
    units = b"".join(p[1:11] + p[14:26] + p[28:32] for p in reversed(parts))
    assert units == name30.encode("utf-16-le") + b"\0\0" + b"\xff\xff" * 9
    i, sfn = entry_for(entries, b"ABCDEF~1   ")
    assert [entries[i - 2][0], entries[i - 1][0]] == [0x42, 0x01]  # 26 = 2 x 13, no terminator


def test_short_names_stay_unique_and_folders_span_clusters():
    names = [f"very_long_name_{i:03}.py" for i in range(120)] + ["foo~1.py", "Foo.py"]
    files = {f"lib/many/{n}": n.encode() for n in names}
    img = fatimg.make_image(files)
    assert fatimg.read_image(img) == files
    lib_cluster = struct.unpack_from("<H", entry_for(root_entries(img), b"LIB        ")[1], 26)[0]
    lib = img[DATA + (lib_cluster - 2) * 512 :][:512]
    many = struct.unpack_from("<H", lib, 2 * 32 + 26)[0]  # after "." and ".."
    chain = [many]
    while fat12(img, chain[-1]) < 0xFF8:
        chain.append(fat12(img, chain[-1]))
    assert len(chain) == 23  # dots, 120 x (2 LFN + 8.3), foo~1.py, LFN + Foo.py: 365
    raw = b"".join(img[DATA + (c - 2) * 512 :][:512] for c in chain)
    sfns = [raw[k : k + 11] for k in range(0, len(raw), 32) if raw[k] and raw[k + 11] != 0x0F]
    assert len(sfns) == len(set(sfns)) == 124
    assert {b"VERY_L~1PY ", b"VERY_L~9PY ", b"VERY_~10PY ", b"VERY~100PY "} <= set(sfns)
    # names in sorted order; "Foo.py" skips the ~1 that "foo~1.py" has as its own 8.3 name
    assert sfns[2:6] == [b"FOO~2   PY ", b"FOO~1   PY ", b"VERY_L~1PY ", b"VERY_L~2PY "]


def test_same_input_same_bytes_whatever_the_order():
    files = {"code.py": b"1", "lib/b.py": b"2" * 700, "lib/a/c.mpy": b"3", "settings.toml": b""}
    assert fatimg.make_image(files) == fatimg.make_image(dict(reversed(files.items())))


@pytest.mark.parametrize("size", [64 * 1024, 128 * 1024, MIB, 2 * MIB, 8 * MIB])
def test_other_sizes_round_trip(size):
    files = {"code.py": b"x" * 3000, "lib/adafruit_display_text/bitmap_label.mpy": bytes(5000)}
    img = fatimg.make_image(files, size=size)
    assert len(img) == size and fatimg.read_image(img) == files


def test_the_deploy_tree_round_trips_byte_for_byte(deploy_tree):
    files = on_disk(deploy_tree)
    assert "code.py" in files and "lib/slampad/app/main.py" in files and len(files) > 50
    img = fatimg.image_from_folder(deploy_tree)
    assert len(img) == MIB and fatimg.read_image(img) == files


def test_cli_writes_the_image_and_a_one_line_summary(deploy_tree, tmp_path):
    out = tmp_path / "circuitpy.img"
    tool = ROOT / "tools" / "emulator" / "fatimg.py"
    cmd = [sys.executable, str(tool), str(deploy_tree), str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=SAFETY_NET_S)
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 1, r.stderr
    assert "FAT12 1,048,576 bytes" in r.stdout and "of 2008 clusters used" in r.stdout
    assert out.read_bytes() == fatimg.image_from_folder(deploy_tree)
    r = subprocess.run([*cmd, "--size", str(64 * 1024)], capture_output=True, text=True)
    assert r.returncode == 1 and "do not fit" in r.stderr


def test_files_that_do_not_fit_raise_a_clear_error():
    assert fatimg.read_image(fatimg.make_image({"big.bin": bytes(2008 * 512)}))  # exactly full
    with pytest.raises(ValueError, match=r"do not fit: they need 2009 clusters .* has 2008"):
        fatimg.make_image({"big.bin": bytes(2008 * 512 + 1)})
    with pytest.raises(ValueError, match="root folder: needs 513 entries, has room for 512"):
        fatimg.make_image({f"f{i}.py": b"" for i in range(512)})  # + the label


@pytest.mark.parametrize(
    "files",
    [
        {"a/../b.py": b""},
        {"/abs.py": b""},
        {"a//b.py": b""},
        {"trailing.": b""},
        {"x:y.py": b""},
        {"Code.py": b"", "code.PY": b""},
        {"lib": b"", "lib/x.py": b""},
        {"lib/x.py": b"", "lib": b""},
    ],
)
def test_bad_trees_are_refused(files):
    with pytest.raises(ValueError):
        fatimg.make_image(files)


def corruptions():
    files = {"settings.toml": b"s" * 700, "lib/a.py": b"a" * 1500, "lib/b.py": b"b"}
    img = fatimg.make_image(files)
    entries = root_entries(img)
    i, _ = entry_for(entries, b"SETTIN~1TOM")
    lfn_at = ROOT_DIR + (i - 1) * 32

    def patched(at, new):
        return img[:at] + new + img[at + len(new) :]

    first = struct.unpack_from("<H", img, ROOT_DIR + i * 32 + 26)[0]
    yield "type string", patched(54, b"FAT16   ")
    yield "total sectors", patched(19, struct.pack("<H", 2047))
    yield "signature", patched(510, b"\0\0")
    yield "truncated", img[:-512]
    yield "LFN checksum", patched(lfn_at + 13, bytes([img[lfn_at + 13] ^ 1]))
    yield "LFN sequence", patched(lfn_at, b"\x42")
    yield "size past the chain", patched(ROOT_DIR + i * 32 + 28, struct.pack("<L", 1025))
    yield "free cluster in a chain", patched(512 + first * 3 // 2, b"\0\0")
    yield "lost cluster", patched(512 + 1500, b"\xff\x0f")  # cluster 1000: a chain of its own
    yield "cross-linked", patched(ROOT_DIR + i * 32 + 26, struct.pack("<H", 3))


@pytest.mark.parametrize("img", [pytest.param(img, id=what) for what, img in corruptions()])
def test_the_reader_is_strict(img):
    with pytest.raises(ValueError, match="bad FAT12 image"):
        fatimg.read_image(img)


NAME = st.text(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.", min_size=1, max_size=40
).filter(lambda n: n not in (".", "..") and not n.endswith("."))


@st.composite
def trees(draw):
    """{path: bytes} with FAT's rule kept: names differing only in case are the same name."""
    files, seen = {}, {}  # upper-case path -> (as spelled, "file" or "dir")
    for parts in draw(st.lists(st.lists(NAME, min_size=1, max_size=3), max_size=25)):
        paths = ["/".join(parts[: k + 1]) for k in range(len(parts))]
        if any(seen.get(p.upper(), (p, "dir")) != (p, "dir") for p in paths[:-1]):
            continue
        if paths[-1].upper() in seen:
            continue
        seen.update({p.upper(): (p, "dir") for p in paths[:-1]})
        seen[paths[-1].upper()] = (paths[-1], "file")
        files[paths[-1]] = draw(
            st.binary(max_size=2000) | st.sampled_from([bytes(512), b"\1" * 513])
        )
    return files


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees())
def test_random_trees_round_trip(files):
    img = fatimg.make_image(files)
    assert len(img) == MIB and fatimg.read_image(img) == files


@pytest.mark.skipif(not shutil.which("fsck.fat"), reason="fsck.fat (dosfstools) not installed")
def test_fsck_fat_finds_nothing_wrong(deploy_tree, tmp_path):
    out = tmp_path / "circuitpy.img"
    out.write_bytes(fatimg.image_from_folder(deploy_tree))
    r = subprocess.run(["fsck.fat", "-n", "-v", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
