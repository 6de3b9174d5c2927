// An SSD1306 128x64 OLED on I2C: its command set as far as a frame needs it, its display RAM,
// and, for the firmware's bit-banged probe of the address, an acknowledge at pin level.
const W = 128;
const H = 64;
// Commands followed by argument bytes (the rest take none).
const ARGS = {
  0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0x81: 1, 0x8d: 1, 0xa3: 2,
  0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd6: 1, 0xd9: 1, 0xda: 1, 0xdb: 1,
};

export class Ssd1306 {
  constructor(address) {
    this.address = address;
    this.ram = new Uint8Array(8 * W); // 8 pages of 128 columns, bit 0 at the top
    this.changed = false;
    this.on = false;
    this.invert = false;
    this.allOn = false;
    this.remap = false; // segment remap: column 127 on the left
    this.comFlip = false; // COM scan from the bottom
    this.startLine = 0;
    this.contrast = 0x7f;
    this.mode = 2; // page addressing after reset
    this.col0 = 0; this.col1 = W - 1; this.page0 = 0; this.page1 = 7;
    this.col = 0; this.page = 0;
    this.cmd = []; // a command waiting for its arguments
    this.ctrl = null; // the control byte in force: null = next byte is one
    // pin-level decoding (bit-banged probes)
    this.pins = { sda: 1, scl: 1, bits: 0, byte: 0, ack: false, state: 'idle' };
  }

  begin() {
    this.ctrl = null;
  }

  // One byte of an I2C write transaction after the address.
  write(v) {
    if (this.ctrl === null || this.ctrl === 'co') {
      const single = v & 0x80;
      const data = v & 0x40;
      this.ctrl = { data, single };
      return;
    }
    const { data, single } = this.ctrl;
    if (data) this.data(v);
    else this.command(v);
    if (single) this.ctrl = null;
  }

  data(v) {
    const i = this.page * W + this.col;
    if (this.ram[i] !== v) {
      this.ram[i] = v;
      this.changed = true;
    }
    if (this.mode === 0) {
      if (++this.col > this.col1) {
        this.col = this.col0;
        if (++this.page > this.page1) this.page = this.page0;
      }
    } else if (this.mode === 1) {
      if (++this.page > this.page1) {
        this.page = this.page0;
        if (++this.col > this.col1) this.col = this.col0;
      }
    } else if (++this.col >= W) this.col = 0;
  }

  command(v) {
    const c = this.cmd;
    c.push(v);
    if (c.length - 1 < (ARGS[c[0]] ?? 0)) return;
    this.cmd = [];
    const [op, a, b] = c;
    const was = [this.on, this.allOn, this.invert, this.remap, this.comFlip, this.startLine].join();
    if (op === 0xae || op === 0xaf) this.on = op === 0xaf;
    else if (op === 0xa4 || op === 0xa5) this.allOn = op === 0xa5;
    else if (op === 0xa6 || op === 0xa7) this.invert = op === 0xa7;
    else if (op === 0xa0 || op === 0xa1) this.remap = op === 0xa1;
    else if (op === 0xc0 || op === 0xc8) this.comFlip = op === 0xc8;
    else if (op >= 0x40 && op <= 0x7f) this.startLine = op & 0x3f;
    else if (op === 0x81) this.contrast = a;
    else if (op === 0x20) this.mode = a & 3;
    else if (op === 0x21) { this.col0 = a & 127; this.col1 = b & 127; this.col = this.col0; }
    else if (op === 0x22) { this.page0 = a & 7; this.page1 = b & 7; this.page = this.page0; }
    else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
    else if (op <= 0x0f) this.col = (this.col & 0xf0) | op;
    else if (op >= 0x10 && op <= 0x1f) this.col = (this.col & 0x0f) | ((op & 15) << 4);
    if (was !== [this.on, this.allOn, this.invert, this.remap, this.comFlip, this.startLine].join()) {
      this.changed = true;
    }
  }

  // The glass as a person sees it: row-major, one bit a pixel, MSB first, as hex.
  frameHex() {
    const out = new Uint8Array((W * H) / 8);
    if (this.on) {
      for (let y = 0; y < H; y++) {
        // A module's glass is wired so that the driver's A1 (segment remap) and C8 (COM
        // scan reversed) show RAM column 0 at the left and row 0 at the top.
        const row = this.comFlip ? y : H - 1 - y;
        const line = (row + this.startLine) % H;
        for (let x = 0; x < W; x++) {
          const col = this.remap ? x : W - 1 - x;
          let lit = this.allOn ? 1 : (this.ram[(line >> 3) * W + col] >> (line & 7)) & 1;
          if (this.invert) lit ^= 1;
          if (lit) out[(y * W + x) >> 3] |= 0x80 >> (x & 7);
        }
      }
    }
    return Buffer.from(out).toString('hex');
  }

  // The lines' levels given what the master drives (1 = released): the bus has pull-ups,
  // and this chip holds SDA low through the acknowledge clock of its own address.
  pinLevel(sdaMaster, scl) {
    const p = this.pins;
    if (scl === 1 && p.scl === 1 && sdaMaster !== p.sda) {
      if (sdaMaster === 0) { p.state = 'addr'; p.bits = 0; p.byte = 0; } // START
      else { p.state = 'idle'; p.ack = false; } // STOP
    } else if (scl === 1 && p.scl === 0) {
      if (p.state === 'addr' && p.bits < 8) { p.byte = (p.byte << 1) | sdaMaster; p.bits++; }
    } else if (scl === 0 && p.scl === 1) {
      if (p.state === 'addr' && p.bits === 8) {
        p.state = 'ack';
        p.ack = p.byte >> 1 === this.address;
      } else if (p.state === 'ack') {
        p.state = 'data';
        p.ack = false;
      }
    }
    p.sda = sdaMaster;
    p.scl = scl;
    return { sda: sdaMaster && !p.ack ? 1 : 0, scl };
  }
}
