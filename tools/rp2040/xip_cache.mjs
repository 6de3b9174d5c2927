// The RP2040's XIP cache, as a cost: code and constants read from flash cost a QSPI
// transfer when the cache does not hold them. rp2040js reads the flash array at once, so
// without this, frozen bytecode and the firmware's own code would run at cache speed.
//
// From the RP2040 datasheet (section 2.6.3, "XIP"): 16 KB, two-way set-associative, 8-byte
// lines (1024 lines, 512 sets), least recently used way replaced. 0x10000000 (XIP) reads
// through the cache and allocates on a miss; 0x11000000 (NOALLOC) reads through it without
// allocating; 0x12000000 and 0x13000000 (NOCACHE) always go to the flash.
//
// A miss's cost: boot2 runs the SSI at clk_sys / 2 in continuous quad read (0xEB with the
// mode bits set, so no command byte): 8 SCK for the 24-bit address and the mode byte on four
// lines, 4 dummy SCK, then 16 SCK for the line's 8 bytes: 28 SCK = 56 clk_sys cycles, plus a
// few for the SSI's and the bus's hand-offs. MISS_CYCLES charges 60.

export const LINE_BITS = 3; // 8-byte lines
export const SETS = 512; // 16 KB / 8 B / 2 ways
export const MISS_CYCLES = 60;

const FLASH = 0x10000000;
const XIP_NOALLOC = 0x11000000;
const XIP_NOCACHE = 0x12000000;
const XIP_END = 0x14000000;

export class XipCache {
  constructor(missCycles = MISS_CYCLES) {
    this.missCycles = missCycles;
    // Per set: the two ways' tags (-1: empty) and which way was used last.
    this.tags = new Int32Array(SETS * 2).fill(-1);
    this.last = new Uint8Array(SETS);
    this.hits = 0;
    this.misses = 0;
    this.extra = 0; // cycles owed since the emulator last took them
  }

  // Forget every line (the ROM's flash_flush_cache, after a flash erase or program).
  flush() {
    this.tags.fill(-1);
  }

  // One read of `address`; charges a miss's cycles to `extra`.
  read(address) {
    if (address < FLASH || address >= XIP_END) return;
    if (address >= XIP_NOCACHE) {
      this.misses++;
      this.extra += this.missCycles;
      return;
    }
    const line = (address & 0x00ffffff) >>> LINE_BITS;
    const set = line & (SETS - 1);
    const tag = line >>> 9;
    const i = set * 2;
    if (this.tags[i] === tag) {
      this.last[set] = 0;
      this.hits++;
      return;
    }
    if (this.tags[i + 1] === tag) {
      this.last[set] = 1;
      this.hits++;
      return;
    }
    this.misses++;
    this.extra += this.missCycles;
    if (address < XIP_NOALLOC) {
      const way = this.last[set] ^ 1; // the least recently used of the two
      this.tags[i + way] = tag;
      this.last[set] = way;
    }
  }

  // Route `mcu`'s (an rp2040js RP2040) reads through the cache. A read wider than a line
  // cannot happen: reads are aligned and at most 4 bytes.
  install(mcu) {
    for (const name of ['readUint8', 'readUint16', 'readUint32']) {
      const read = mcu[name].bind(mcu);
      mcu[name] = (address) => {
        if (address >= FLASH && address < XIP_END) this.read(address);
        return read(address);
      };
    }
    return this;
  }
}
