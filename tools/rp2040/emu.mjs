// The Slampad board in an emulated RP2040: real CircuitPython firmware on rp2040js.
//
//   node tools/rp2040/emu.mjs --uf2 FW.uf2 --elf FW.elf --fs CIRCUITPY.img [--nvm NVM.bin]
//
// tools/emulator/emu.py starts it and speaks JSON lines (one object a line):
//   in:  {"cmd":"run","us":N}  {"cmd":"pin","gpio":G,"level":0|1|null}
//        {"cmd":"adc","channel":C,"volts":V}  {"cmd":"quit"}
//   out: {"ev":"console","t_us":T,"text":S}  {"ev":"display","t_us":T,"w":128,"h":64,"bits":HEX}
//        {"ev":"leds","t_us":T,"rgb":[[r,g,b],...]}  {"ev":"tone","t_us":T,"gpio":G,"hz":F}
//        {"ev":"done","t_us":T}  {"ev":"error","text":S}
// The parts of the `pico` profile are emulated: the SSD1306 at 0x3C on I2C0 (GP4/GP5), the pads
// and menu buttons (pins driven from outside), the NeoPixel chain (what the firmware hands its
// NeoPixel driver), VBUS_SENSE and VOLTAGE_MONITOR, and the piezo's PWM frequency.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { RP2040 } from 'rp2040js';
import { installBootrom } from './bootrom.mjs';
import { elfSymbols } from './elf.mjs';
import { Ssd1306 } from './ssd1306.mjs';
import { PioClock } from './pio_clock.mjs';
import { XipCache } from './xip_cache.mjs';

const FLASH = 0x10000000;
const FS_OFFSET = 0x100000; // CIRCUITPY, after 1020 KB of firmware and the 4 KB nvm
const NVM_OFFSET = 0xff000;
const CYCLE_NS = 8; // 125 MHz
const OLED_ADDRESS = 0x3c;
// The parts of each board profile (lib/slampad/hw/<profile>.py): the OLED's I2C block and
// pins, the NeoPixel chain's pin, the piezo's pin (PWM slice, channel A), USB sensing.
const PROFILES = {
  pico: { i2c: 0, sda: 4, scl: 5, chain: 22, piezo: 20, slice: 2, vbus: 24 },
  feather: { i2c: 1, sda: 2, scl: 3, chain: 25, piezo: 26, slice: 5, vbus: null },
};

function args(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) out[argv[i].slice(2)] = argv[i + 1];
  }
  return out;
}

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

function loadUf2(mcu, data) {
  for (let o = 0; o + 512 <= data.length; o += 512) {
    const b = new DataView(data.buffer, data.byteOffset + o, 512);
    if (b.getUint32(0, true) !== 0x0a324655 || b.getUint32(4, true) !== 0x9e5d5157) continue;
    const addr = b.getUint32(12, true);
    const n = b.getUint32(16, true);
    mcu.flash.set(data.subarray(o + 32, o + 32 + n), addr - FLASH);
  }
}

export class Board {
  constructor(opts) {
    this.parts = PROFILES[opts.profile || 'pico'];
    if (!this.parts) throw new Error(`no emulated board for profile ${opts.profile}`);
    const syms = elfSymbols(readFileSync(opts.elf));
    const need = (name) => {
      if (syms[name] === undefined) throw new Error(`${name} not in the ELF`);
      return syms[name] & ~1;
    };
    this.consoleAt = need('serial_write_substring');
    this.neopixelAt = need('common_hal_neopixel_write');
    this.dormantAt = need('xosc_dormant'); // deep sleep stops the crystal until a pin wakes it
    this.dormant = false;
    this.external = new Array(30).fill(null); // what drives each pin from outside
    if (this.parts.vbus !== null) this.external[this.parts.vbus] = 1; // VBUS_SENSE: on USB
    this.adcVolts = [0, 0, 0, 5.0 / 3, 0.7]; // ch3: VSYS/3 at 5 V; ch4: the temperature sensor
    this.resets = 0;
    const flash = new Uint8Array(2 * 1024 * 1024).fill(0xff);
    this.powerUp(flash, opts);
  }

  // A chip as from reset, with `flash` as its flash (the UF2, the drive and nvm loaded on
  // the first power-up; after a watchdog reset, whatever the firmware left there).
  powerUp(flash, opts = null, watchdog = null) {
    const mcu = (this.mcu = new RP2040());
    // The XIP cache's misses cost cycles (xip_cache.mjs); SLAMPAD_XIP=off: reads from flash
    // at cache speed, as rp2040js alone runs them.
    const xip = new XipCache();
    this.xip = xip;
    if (process.env.SLAMPAD_XIP !== 'off') xip.install(mcu);
    this.rom = installBootrom(mcu, {
      onUnknown: (c) => process.stderr.write(`emu: ROM lookup of unknown ${c}\n`),
      onWrite: () => xip.flush(), // the ROM flushes the cache after an erase or a program
    });
    mcu.flash.set(flash);
    if (opts) {
      loadUf2(mcu, readFileSync(opts.uf2));
      if (opts.fs) mcu.flash.set(readFileSync(opts.fs), FS_OFFSET);
      if (opts.nvm) mcu.flash.set(readFileSync(opts.nvm).subarray(0, 4096), NVM_OFFSET);
    }
    // CircuitPython reads BOOTSEL through the QSPI chip select: not held.
    // Their pads reset with input enabled on a real chip; rp2040js leaves it off.
    for (const p of mcu.qspi) {
      p.padValue |= 0x40;
      p.setInputValue(true);
    }
    const dog = mcu.peripherals[0x40058];
    if (watchdog) {
      dog.reason = watchdog.reason; // the firmware reads why it restarted ...
      dog.scratchData.set(watchdog.scratchData); // ... and these survive a reset
    }
    const write = dog.writeUint32.bind(dog);
    dog.writeUint32 = (offset, value) => {
      if (offset === 0x04) dog.lastLoad = value & 0xffffff; // LOAD
      write(offset, value);
    };
    dog.onWatchdogTrigger = () => {
      this.pendingReset = {
        reason: dog.reason,
        scratchData: Uint32Array.from(dog.scratchData),
        // A reset the firmware asks for (after a deep sleep, say): watchdog_reboot()
        // triggers at once (reason FORCE) or loads a few ticks; a hang runs down the 8 s.
        asked: dog.reason === 2 || (dog.lastLoad !== undefined && dog.lastLoad < 2000),
      };
      dog.alarm.enable = false;
      core.waiting = false;
    };
    const core = mcu.core;
    this.pendingReset = null;
    this.oled = new Ssd1306(OLED_ADDRESS);
    this.attachI2c(mcu.i2c[this.parts.i2c]);
    this.pio = new PioClock(mcu);
    mcu.adc.onADCRead = (ch) => {
      const v = this.adcVolts[ch] ?? 0;
      mcu.adc.completeADCRead(Math.max(0, Math.min(4095, Math.round((v / 3.3) * 4095))), false);
    };
    this.updating = false;
    for (const pin of mcu.gpio) pin.addListener(() => this.updatePins());
    this.updatePins();
    this.lastTone = 0;
  }

  // The watchdog's reset: the chip starts again (the emulated clock goes on), flash kept.
  reset() {
    const t = this.mcu.clock.nanos;
    const dog = this.pendingReset;
    this.resets++;
    const why = dog && dog.asked ? 'reset by the firmware' : 'watchdog reset';
    emit({ ev: 'console', t_us: this.micros(), text: '\r\n[emulator: ' + why + ']\r\n' });
    this.powerUp(Uint8Array.from(this.mcu.flash), null, dog);
    this.mcu.clock.tick(t); // time goes on from where it was
  }

  // The hardware I2C block: the SSD1306 answers at 0x3C; nobody else does.
  attachI2c(i2c) {
    const oled = this.oled;
    let talking = false;
    i2c.onStart = () => i2c.completeStart();
    i2c.onConnect = (address) => {
      talking = address === oled.address;
      if (talking) oled.begin();
      i2c.completeConnect(talking);
      // Nobody home: rp2040js aborts but leaves TX_EMPTY low, so the SDK waits out its
      // timeout (OSError 116) instead of seeing the NACK (OSError 19) as a chip would.
      if (!talking) i2c.setInterrupts(1 << 4);
    };
    i2c.onWriteByte = (v) => {
      if (talking) oled.write(v);
      i2c.completeWrite(talking);
    };
    i2c.onReadByte = () => i2c.completeRead(0);
    i2c.onStop = () => {
      i2c.completeStop();
      if (talking && oled.changed) this.emitDisplay();
      talking = false;
    };
  }

  emitDisplay() {
    this.oled.changed = false;
    emit({ ev: 'display', t_us: this.micros(), w: 128, h: 64, bits: this.oled.frameHex() });
  }

  micros() {
    return Math.floor(this.mcu.clock.nanos / 1000);
  }

  // Each input = what drives it from outside, else the pin's own output, else its pull
  // (rp2040js models neither). GP4/GP5 are an I2C bus with pull-ups on the OLED module,
  // where the SSD1306 may hold SDA low to acknowledge a bit-banged address.
  updatePins() {
    if (this.updating) return;
    this.updating = true;
    const gpio = this.mcu.gpio;
    const { sda: SDA, scl: SCL } = this.parts;
    const bus = this.oled.pinLevel(
      gpio[SDA].outputEnable && !gpio[SDA].outputValue ? 0 : 1,
      gpio[SCL].outputEnable && !gpio[SCL].outputValue ? 0 : 1,
    );
    for (let g = 0; g < 30; g++) {
      const pin = gpio[g];
      let v;
      if (g === SDA) v = bus.sda;
      else if (g === SCL) v = bus.scl;
      else if (this.external[g] !== null) v = this.external[g];
      else if (pin.outputEnable) v = pin.outputValue ? 1 : 0;
      else if (pin.pulldownEnabled && !pin.pullupEnabled) v = 0;
      else v = 1;
      if (pin.rawInputValue !== !!v) pin.setInputValue(!!v);
    }
    this.updating = false;
  }

  // Dormant, the crystal stops, and with it the watchdog's tick: it must not run down.
  holdWatchdog(hold) {
    const dog = this.mcu.peripherals[0x40058];
    if (hold) {
      this.dogWas = [dog.timer.enable, dog.alarm.enable];
      dog.timer.enable = false;
      dog.alarm.enable = false;
    } else if (this.dogWas) {
      [dog.timer.enable, dog.alarm.enable] = this.dogWas;
      this.dogWas = null;
    }
  }

  setPin(g, level) {
    this.external[g] = level === null || level === undefined ? null : level ? 1 : 0;
    this.updatePins();
    if (this.dormant && this.external[g] === 0) {
      // A button pulled to ground wakes the dormant chip (the firmware's pin alarms are
      // the pads and select, all to ground): xosc_dormant returns, the firmware resets.
      this.dormant = false;
      this.holdWatchdog(false);
      const regs = this.mcu.core.registers;
      regs[15] = regs[14] & ~1;
      emit({ ev: 'console', t_us: this.micros(), text: '\r\n[emulator: woke on GP' + g + ']\r\n' });
    }
  }

  tone() {
    const ch = this.mcu.pwm.channels[this.parts.slice]; // the piezo: channel A
    const on = ch.csr & 1 && (ch.cc & 0xffff) > 0;
    if (!on) return 0;
    const div = (ch.div >> 4) + (ch.div & 15) / 16 || 1;
    const phaseCorrect = ch.csr & 2 ? 2 : 1;
    return Math.round(this.mcu.clkSys / div / (ch.top + 1) / phaseCorrect);
  }

  checkTone() {
    const hz = this.tone();
    if (hz !== this.lastTone) {
      this.lastTone = hz;
      emit({ ev: 'tone', t_us: this.micros(), gpio: this.parts.piezo, hz });
    }
  }

  // The GPIO number of a DigitalInOut object: its pin object, then that pin's number
  // (digitalio_digitalinout_obj_t { base; const mcu_pin_obj_t *pin; ... },
  // mcu_pin_obj_t { base; uint8_t number; ... }).
  pinOf(obj) {
    return this.mcu.readUint8(this.mcu.readUint32(obj + 4) + 4);
  }

  readBytes(addr, n) {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.mcu.readUint8(addr + i);
    return out;
  }

  // Run until the emulated clock has moved `us` microseconds. The clock and the PIO are
  // brought up to date every few instructions (FLUSH cycles, 0.26 us), not after each one:
  // the hot loop is most of the emulator's time.
  run(us) {
    const mcu = this.mcu;
    const core = mcu.core;
    const regs = core.registers;
    const clock = mcu.clock;
    const rom = this.rom;
    const xip = this.xip;
    const pio = this.pio;
    const end = clock.nanos + us * 1000;
    const consoleAt = this.consoleAt;
    const neopixelAt = this.neopixelAt;
    const dormantAt = this.dormantAt;
    const FLUSH = 32;
    let sinceTone = 0;
    let sincePins = 0;
    let pioActive = pio.active;
    let pending = 0;
    const flush = () => {
      clock.tick(pending * CYCLE_NS);
      if (pioActive) pio.advance(pending);
      sincePins += pending;
      sinceTone += pending;
      pending = 0;
      if (sincePins > 20000) {
        sincePins = 0;
        pioActive = pio.active; // state machines started or stopped
        this.updatePins(); // pulls set through the pad registers
      }
      if (sinceTone > 125000) {
        sinceTone = 0;
        this.checkTone();
      }
    };
    while (clock.nanos < end) {
      const pc = regs[15];
      if (pc === dormantAt || this.dormant) {
        // Deep sleep: nothing runs, time passes, until setPin() wakes it.
        flush();
        if (!this.dormant) {
          this.dormant = true;
          this.holdWatchdog(true);
          emit({ ev: 'console', t_us: this.micros(), text: '\r\n[emulator: deep sleep]\r\n' });
        }
        pending = Math.max(1, Math.ceil((end - clock.nanos) / CYCLE_NS));
        flush();
        continue;
      }
      if (pc === consoleAt || pc === neopixelAt) {
        flush();
        if (pc === consoleAt) {
          const text = new TextDecoder().decode(this.readBytes(regs[0], regs[1]));
          emit({ ev: 'console', t_us: this.micros(), text });
        } else if (this.pinOf(regs[0]) === this.parts.chain) {
          // (not the Feather's own status NeoPixel)
          const b = this.readBytes(regs[1], regs[2]);
          const rgb = [];
          for (let i = 0; i + 2 < b.length; i += 3) rgb.push([b[i + 1], b[i], b[i + 2]]);
          emit({ ev: 'leds', t_us: this.micros(), rgb });
        }
      }
      if (this.pendingReset) {
        flush();
        this.reset();
        this.run((end - this.mcu.clock.nanos) / 1000);
        return;
      }
      if (core.waiting && core.pendingInterrupts & core.enabledInterrupts) {
        // An interrupt already pending ends a WFI at once, even with PRIMASK set (the ARM
        // says so; rp2040js only wakes on a new one): the firmware's idle loop masks
        // interrupts, checks, then waits, and one that came in between would hang it.
        core.waiting = false;
      }
      if (core.waiting) {
        // WFI: skip to the next timer event (or the end of this run).
        flush();
        let dt = clock.nanosToNextAlarm;
        const left = end - clock.nanos;
        if (dt <= 0 || dt > left) dt = Math.max(CYCLE_NS, left);
        pending = Math.max(1, Math.ceil(dt / CYCLE_NS));
        flush();
        continue;
      }
      // A few instructions between flushes: none of them can reach the hooks' addresses
      // unnoticed, since each is checked above before it runs.
      pending += core.executeInstruction() + rom.extra + xip.extra;
      rom.extra = 0;
      xip.extra = 0;
      if (pending >= FLUSH) flush();
    }
    flush();
  }
}

function main() {
  const a = args(process.argv.slice(2));
  let board;
  try {
    board = new Board(a);
  } catch (e) {
    emit({ ev: 'error', text: String(e.message || e) });
    process.exit(1);
  }
  const rl = createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let c;
    try {
      c = JSON.parse(line);
      if (c.cmd === 'run') board.run(Number(c.us));
      else if (c.cmd === 'pin') board.setPin(c.gpio, c.level);
      else if (c.cmd === 'adc') board.adcVolts[c.channel] = Number(c.volts);
      else if (c.cmd === 'quit') {
        rl.close();
        return;
      } else throw new Error('unknown command ' + line);
      if (c.cmd === 'run') emit({ ev: 'done', t_us: board.micros() });
    } catch (e) {
      emit({ ev: 'error', text: String((e && e.stack) || e) });
      process.exit(1);
    }
  });
  rl.on('close', () => process.exit(0));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
