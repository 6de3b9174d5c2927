"""The emulator's XIP cache model (tools/rp2040/xip_cache.mjs, issue 27 item 6): 16 KB,
two-way, 8-byte lines, least recently used replaced, a miss charged MISS_CYCLES; the
NOALLOC alias does not allocate and NOCACHE always misses. Run on Node."""

import json
import os
import shutil
import subprocess

import pytest
from safety_net import SAFETY_NET_S

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = os.path.join(os.path.dirname(HERE), "tools", "rp2040", "xip_cache.mjs")

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="no `node` on PATH")

SCRIPT = """
import { XipCache, MISS_CYCLES, SETS } from %s;
const out = {};
const c = new XipCache();
const step = (name, addr) => {
  const before = c.extra;
  c.read(addr);
  out[name] = c.extra - before;
};
out.miss = MISS_CYCLES;
step('first', 0x10000100);
step('same_line', 0x10000104);
step('next_line', 0x10000108);
const way = SETS * 8;  // the same set, another tag
step('second_way', 0x10000100 + way);
step('first_again', 0x10000100);          // both ways held: a hit, and the first is newest
step('third_tag', 0x10000100 + 2 * way);  // evicts the least recently used: the second
step('first_kept', 0x10000100);
step('second_gone', 0x10000100 + way);
step('noalloc_miss', 0x11004000);
step('noalloc_still', 0x10004000);        // not allocated by the NOALLOC read
step('nocache', 0x12000100);              // always a miss, though the line is cached
step('not_flash', 0x20000000);
c.flush();
step('after_flush', 0x10000100);
out.hits = c.hits; out.misses = c.misses;
console.log(JSON.stringify(out));
"""


def test_xip_cache_hits_misses_and_replacement():
    script = SCRIPT % json.dumps("file://" + MODULE)
    r = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                       text=True, timeout=SAFETY_NET_S)  # fmt: skip
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    miss = got["miss"]
    assert miss == 60  # 28 SCK at clk_sys / 2, plus the hand-offs
    expected = {
        "first": miss, "same_line": 0, "next_line": miss, "second_way": miss,
        "first_again": 0, "third_tag": miss, "first_kept": 0, "second_gone": miss,
        "noalloc_miss": miss, "noalloc_still": miss, "nocache": miss, "not_flash": 0,
        "after_flush": miss,
    }  # fmt: skip
    assert {k: got[k] for k in expected} == expected
    assert got["hits"] == 3 and got["misses"] == 9
