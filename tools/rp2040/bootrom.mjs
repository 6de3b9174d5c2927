// A stand-in for the RP2040 boot ROM, written for this project.
//
// The real B1 boot ROM is not in any package registry, so the emulator boots the firmware
// without it: a 16 KB ROM holds what the firmware reads from the ROM (the magic, the version,
// the function and data tables, the table lookup routine) and every ROM function is a
// two-instruction stub, `bkpt #n; bx lr`. The CPU stops on the bkpt, this module does the
// function's work on the registers in JavaScript (as the datasheet's "Bootrom Contents"
// describes it), charges the cycles the real ROM takes, and the stub returns.
//
// Covered: the reset into flash (as the ROM's flash boot does, minus checking boot2),
// bit and memory functions (P3 L3 T3 R3 MS MC S4 C4), the flash functions (IF EX RE RP FC
// CX: erase and program really change the emulated flash, so saves survive a soft reset),
// and the soft float and double tables (SF, SD: ROM version 2, table size 0x80).

const BKPT = (n) => 0xbe00 | n;
const BX_LR = 0x4770;
const RESET_TRAP = 0xf0;
const LOOKUP_TRAP = 0xf1;
export const ROM_VERSION = 2; // B1

const F32 = new DataView(new ArrayBuffer(8));
const f32 = (bits) => (F32.setUint32(0, bits >>> 0, true), F32.getFloat32(0, true));
const f32bits = (v) => (F32.setFloat32(0, v, true), F32.getUint32(0, true));
const f64 = (lo, hi) => (F32.setUint32(0, lo >>> 0, true), F32.setUint32(4, hi >>> 0, true), F32.getFloat64(0, true));
const f64bits = (v) => (F32.setFloat64(0, v, true), [F32.getUint32(0, true), F32.getUint32(4, true)]);

// Conversions to integers round towards -infinity and clamp, as the ROM's do.
function toInt(v, lo, hi) {
  if (Number.isNaN(v)) return hi; // the ROM reads NaN as a huge value
  const f = Math.floor(v);
  return f < lo ? lo : f > hi ? hi : f;
}
function toInt64(v, signed) {
  const lo = signed ? -(2n ** 63n) : 0n;
  const hi = signed ? 2n ** 63n - 1n : 2n ** 64n - 1n;
  if (Number.isNaN(v) || v >= 2 ** 64) return hi;
  if (v <= -(2 ** 64)) return lo;
  let b = BigInt(Math.floor(v));
  if (b < lo) b = lo;
  if (b > hi) b = hi;
  return b;
}
const i64 = (lo, hi) => (BigInt(hi | 0) << 32n) | BigInt(lo >>> 0);
const u64 = (lo, hi) => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
const split64 = (b) => [Number(BigInt.asUintN(32, b)), Number(BigInt.asUintN(32, b >> 32n))];
const ln = (v) => (v < 0 ? -Infinity : Math.log(v));
const sqrt = (v) => (v < 0 && !Object.is(v, -0) ? -Infinity : Math.sqrt(v));
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

// [offset, cycles, (r) => void] for the float table; r are the core registers.
// Single-precision results are rounded once from the double result (exact for + - * / sqrt).
const FR = Math.fround;
const SF = [
  [0x00, 70, (r) => (r[0] = f32bits(FR(f32(r[0]) + f32(r[1]))))],
  [0x04, 70, (r) => (r[0] = f32bits(FR(f32(r[0]) - f32(r[1]))))],
  [0x08, 60, (r) => (r[0] = f32bits(FR(f32(r[0]) * f32(r[1]))))],
  [0x0c, 75, (r) => (r[0] = f32bits(FR(f32(r[0]) / f32(r[1]))))],
  [0x10, 40, (r, c) => setCmp(r, c, cmp(f32(r[0]), f32(r[1])))],
  [0x14, 40, (r, c) => setCmp(r, c, cmp(f32(r[0]), f32(r[1])))],
  [0x18, 70, (r) => (r[0] = f32bits(FR(sqrt(f32(r[0])))))],
  [0x1c, 25, (r) => (r[0] = toInt(f32(r[0]), -(2 ** 31), 2 ** 31 - 1))],
  [0x20, 25, (r) => (r[0] = toInt(f32(r[0]) * 2 ** (r[1] | 0), -(2 ** 31), 2 ** 31 - 1))],
  [0x24, 25, (r) => (r[0] = toInt(f32(r[0]), 0, 2 ** 32 - 1))],
  [0x28, 25, (r) => (r[0] = toInt(f32(r[0]) * 2 ** (r[1] | 0), 0, 2 ** 32 - 1))],
  [0x2c, 25, (r) => (r[0] = f32bits(FR(r[0] | 0)))],
  [0x30, 25, (r) => (r[0] = f32bits(FR((r[0] | 0) * 2 ** -(r[1] | 0))))],
  [0x34, 25, (r) => (r[0] = f32bits(FR(r[0] >>> 0)))],
  [0x38, 25, (r) => (r[0] = f32bits(FR((r[0] >>> 0) * 2 ** -(r[1] | 0))))],
  [0x3c, 450, (r) => (r[0] = f32bits(FR(Math.cos(f32(r[0])))))],
  [0x40, 450, (r) => (r[0] = f32bits(FR(Math.sin(f32(r[0])))))],
  [0x44, 600, (r) => (r[0] = f32bits(FR(Math.tan(f32(r[0])))))],
  [0x48, 600, (r) => { const v = f32(r[0]); r[0] = f32bits(FR(Math.sin(v))); r[1] = f32bits(FR(Math.cos(v))); }],
  [0x4c, 300, (r) => (r[0] = f32bits(FR(Math.exp(f32(r[0])))))],
  [0x50, 300, (r) => (r[0] = f32bits(FR(ln(f32(r[0])))))],
  [0x54, 40, (r, c) => setCmp(r, c, cmp(f32(r[0]), f32(r[1])))],
  [0x58, 600, (r) => (r[0] = f32bits(FR(Math.atan2(f32(r[0]), f32(r[1])))))],
  [0x5c, 60, (r) => (r[0] = f32bits(FR(Number(i64(r[0], r[1])))))],
  [0x60, 60, (r) => (r[0] = f32bits(FR(Number(i64(r[0], r[1])) * 2 ** -(r[2] | 0))))],
  [0x64, 60, (r) => (r[0] = f32bits(FR(Number(u64(r[0], r[1])))))],
  [0x68, 60, (r) => (r[0] = f32bits(FR(Number(u64(r[0], r[1])) * 2 ** -(r[2] | 0))))],
  [0x6c, 60, (r) => set64(r, toInt64(f32(r[0]), true))],
  [0x70, 60, (r) => set64(r, toInt64(f32(r[0]) * 2 ** (r[1] | 0), true))],
  [0x74, 60, (r) => set64(r, toInt64(f32(r[0]), false))],
  [0x78, 60, (r) => set64(r, toInt64(f32(r[0]) * 2 ** (r[1] | 0), false))],
  [0x7c, 20, (r) => { [r[0], r[1]] = f64bits(f32(r[0])); }],
];

const D2 = (r) => [f64(r[0], r[1]), f64(r[2], r[3])];
const setD = (r, v) => { [r[0], r[1]] = f64bits(v); };
const SD = [
  [0x00, 130, (r) => { const [a, b] = D2(r); setD(r, a + b); }],
  [0x04, 130, (r) => { const [a, b] = D2(r); setD(r, a - b); }],
  [0x08, 170, (r) => { const [a, b] = D2(r); setD(r, a * b); }],
  [0x0c, 260, (r) => { const [a, b] = D2(r); setD(r, a / b); }],
  [0x10, 60, (r, c) => { const [a, b] = D2(r); setCmp(r, c, cmp(a, b)); }],
  [0x14, 60, (r, c) => { const [a, b] = D2(r); setCmp(r, c, cmp(a, b)); }],
  [0x18, 330, (r) => setD(r, sqrt(f64(r[0], r[1])))],
  [0x1c, 40, (r) => (r[0] = toInt(f64(r[0], r[1]), -(2 ** 31), 2 ** 31 - 1))],
  [0x20, 40, (r) => (r[0] = toInt(f64(r[0], r[1]) * 2 ** (r[2] | 0), -(2 ** 31), 2 ** 31 - 1))],
  [0x24, 40, (r) => (r[0] = toInt(f64(r[0], r[1]), 0, 2 ** 32 - 1))],
  [0x28, 40, (r) => (r[0] = toInt(f64(r[0], r[1]) * 2 ** (r[2] | 0), 0, 2 ** 32 - 1))],
  [0x2c, 40, (r) => setD(r, r[0] | 0)],
  [0x30, 40, (r) => setD(r, (r[0] | 0) * 2 ** -(r[1] | 0))],
  [0x34, 40, (r) => setD(r, r[0] >>> 0)],
  [0x38, 40, (r) => setD(r, (r[0] >>> 0) * 2 ** -(r[1] | 0))],
  [0x3c, 1500, (r) => setD(r, Math.cos(f64(r[0], r[1])))],
  [0x40, 1500, (r) => setD(r, Math.sin(f64(r[0], r[1])))],
  [0x44, 1800, (r) => setD(r, Math.tan(f64(r[0], r[1])))],
  [0x48, 1800, (r) => { const v = f64(r[0], r[1]); setD(r, Math.sin(v)); [r[2], r[3]] = f64bits(Math.cos(v)); }],
  [0x4c, 1000, (r) => setD(r, Math.exp(f64(r[0], r[1])))],
  [0x50, 1000, (r) => setD(r, ln(f64(r[0], r[1])))],
  [0x54, 60, (r, c) => { const [a, b] = D2(r); setCmp(r, c, cmp(a, b)); }],
  [0x58, 1800, (r) => { const [a, b] = D2(r); setD(r, Math.atan2(a, b)); }],
  [0x5c, 80, (r) => setD(r, Number(i64(r[0], r[1])))],
  [0x60, 80, (r) => setD(r, Number(i64(r[0], r[1])) * 2 ** -(r[2] | 0))],
  [0x64, 80, (r) => setD(r, Number(u64(r[0], r[1])))],
  [0x68, 80, (r) => setD(r, Number(u64(r[0], r[1])) * 2 ** -(r[2] | 0))],
  [0x6c, 80, (r) => set64(r, toInt64(f64(r[0], r[1]), true))],
  [0x70, 80, (r) => set64(r, toInt64(f64(r[0], r[1]) * 2 ** (r[2] | 0), true))],
  [0x74, 80, (r) => set64(r, toInt64(f64(r[0], r[1]), false))],
  [0x78, 80, (r) => set64(r, toInt64(f64(r[0], r[1]) * 2 ** (r[2] | 0), false))],
  [0x7c, 30, (r) => (r[0] = f32bits(FR(f64(r[0], r[1]))))],
];

function set64(r, b) {
  [r[0], r[1]] = split64(b);
}

// -1/0/1 in r0, and the flags a `cmp` of the two would set (the *_fast_flags entries).
function setCmp(r, core, c) {
  r[0] = c >>> 0;
  core.N = c < 0;
  core.Z = c === 0;
  core.C = c >= 0;
  core.V = false;
}

const code = (s) => s.charCodeAt(0) | (s.charCodeAt(1) << 8);

/** Install the ROM on `mcu` (an rp2040js RP2040). `flashHooks.onWrite(offset, length)`
 * hears every erase and program, so the emulator can say what the firmware wrote. */
export function installBootrom(mcu, flashHooks = {}) {
  const rom = new Uint8Array(16 * 1024);
  // Cycles the ROM functions took beyond their bkpt: the run loop adds them to the clock.
  const state = { extra: 0, tables: null, funcs: null };
  const dv = new DataView(rom.buffer);
  const traps = []; // trap number -> [cycles, fn(registers, core)]
  let next = 0x1000; // stubs from here, 4 bytes each

  function stub(cycles, fn) {
    const n = traps.length;
    if (n >= 0xf0) throw new Error('too many ROM stubs');
    traps.push([cycles, fn]);
    const at = next;
    dv.setUint16(at, BKPT(n), true);
    dv.setUint16(at + 2, BX_LR, true);
    next += 4;
    return at | 1; // Thumb
  }

  // Vector table: initial SP, reset handler (a trap that jumps into flash).
  dv.setUint32(0, 0x20042000, true);
  dv.setUint32(4, 0x101, true);
  dv.setUint16(0x100, BKPT(RESET_TRAP), true);
  rom.set([0x4d, 0x75, 0x01, ROM_VERSION], 0x10); // 'M' 'u' 1, version
  const FUNC_TABLE = 0x400;
  const DATA_TABLE = 0x600;
  dv.setUint16(0x14, FUNC_TABLE, true);
  dv.setUint16(0x16, DATA_TABLE, true);
  dv.setUint16(0x18, 0x200, true); // rom_table_lookup(table, code)
  dv.setUint16(0x200, BKPT(LOOKUP_TRAP), true);
  dv.setUint16(0x202, BX_LR, true);

  const sram = mcu.sram;
  const RAM = 0x20000000;
  const rd8 = (a) => (a >= RAM && a - RAM < sram.length ? sram[a - RAM] : mcu.readUint8(a));
  const wr8 = (a, v) => {
    if (a >= RAM && a - RAM < sram.length) sram[a - RAM] = v;
    else mcu.writeUint8(a, v);
  };
  const copy = (dst, src, n) => {
    for (let i = 0; i < n; i++) wr8(dst + i, rd8(src + i));
  };
  const fill = (dst, v, n) => {
    for (let i = 0; i < n; i++) wr8(dst + i, v & 0xff);
  };

  const funcs = {
    P3: stub(10, (r) => { let v = r[0] >>> 0, n = 0; while (v) { n += v & 1; v >>>= 1; } r[0] = n; }),
    L3: stub(10, (r) => (r[0] = Math.clz32(r[0]))),
    T3: stub(10, (r) => (r[0] = r[0] ? 31 - Math.clz32(r[0] & -r[0]) : 32)),
    R3: stub(10, (r) => { let v = r[0] >>> 0, o = 0; for (let i = 0; i < 32; i++) { o = (o << 1) | (v & 1); v >>>= 1; } r[0] = o >>> 0; }),
    MS: stub(0, (r, c) => { fill(r[0], r[1], r[2]); state.extra += 10 + r[2]; }),
    S4: stub(0, (r, c) => { fill(r[0], r[1], r[2]); state.extra += 10 + (r[2] >> 2); }),
    MC: stub(0, (r, c) => { copy(r[0], r[1], r[2]); state.extra += 10 + r[2]; }),
    C4: stub(0, (r, c) => { copy(r[0], r[1], r[2]); state.extra += 10 + (r[2] >> 1); }),
    // Flash: the emulator's flash array is the chip. Program can only clear bits (NOR).
    IF: stub(50, () => {}),
    EX: stub(50, () => {}),
    FC: stub(50, () => {}),
    CX: stub(50, () => {}),
    RE: stub(0, (r, c) => {
      const off = r[0] >>> 0, n = r[1] >>> 0;
      mcu.flash.fill(0xff, off, Math.min(off + n, mcu.flash.length));
      state.extra += 125000 * Math.max(1, n >> 12) * 45; // ~45 ms a 4 KB sector
      flashHooks.onWrite?.(off, n, 'erase');
    }),
    RP: stub(0, (r, c) => {
      const off = r[0] >>> 0, src = r[1] >>> 0, n = r[2] >>> 0;
      for (let i = 0; i < n && off + i < mcu.flash.length; i++) mcu.flash[off + i] &= rd8(src + i);
      state.extra += 125 * Math.max(1, n >> 8) * 800; // ~0.8 ms a 256-byte page
      flashHooks.onWrite?.(off, n, 'program');
    }),
    UB: stub(10, () => { throw new Error('reset_to_usb_boot: the firmware asked for the UF2 bootloader'); }),
  };
  const tables = {};
  for (const [name, entries] of [['SF', SF], ['SD', SD]]) {
    const size = 0x80;
    const at = next + 2; // a byte of size precedes the table (the SDK asserts on it)
    next += size + 4;
    rom[at - 2] = size / 4;
    for (const [off, cycles, fn] of entries) dv.setUint32(at + off, stub(cycles, fn), true);
    tables[name] = at;
  }
  let i = 0;
  for (const [name, addr] of Object.entries(funcs)) {
    dv.setUint16(FUNC_TABLE + 4 * i, code(name), true);
    dv.setUint16(FUNC_TABLE + 4 * i + 2, addr, true);
    i++;
  }
  i = 0;
  for (const [name, addr] of Object.entries(tables)) {
    dv.setUint16(DATA_TABLE + 4 * i, code(name), true);
    dv.setUint16(DATA_TABLE + 4 * i + 2, addr, true);
    i++;
  }
  const byCode = new Map();
  for (const [name, addr] of Object.entries({ ...funcs, ...tables })) byCode.set(code(name), addr);

  mcu.loadBootrom(new Uint32Array(rom.buffer));
  const unknown = new Set();
  mcu.onBreak = (n) => {
    const core = mcu.core;
    const r = core.registers;
    if (n === RESET_TRAP) {
      // The ROM's flash boot: boot2 would set up XIP (always on here), then enter the
      // image through its vector table.
      core.VTOR = 0x10000100;
      core.SP = mcu.readUint32(0x10000100);
      core.PC = mcu.readUint32(0x10000104) & ~1;
      return;
    }
    if (n === LOOKUP_TRAP) {
      const c = r[1] & 0xffff;
      const addr = byCode.get(c) ?? 0;
      if (!addr && !unknown.has(c)) {
        unknown.add(c);
        flashHooks.onUnknown?.(String.fromCharCode(c & 255, c >> 8));
      }
      r[0] = addr;
      state.extra += 20;
      return;
    }
    const t = traps[n];
    if (!t) throw new Error('breakpoint #' + n + ' at ' + (core.PC - 2).toString(16));
    t[1](r, core);
    state.extra += t[0];
  };
  state.tables = tables;
  state.funcs = funcs;
  return state;
}
