// Runs both PIO blocks from the CPU's clock, each state machine at its own clock divider
// (rp2040js runs PIO from timer batches unrelated to emulated time, ignoring dividers).
// An instruction takes 1 + its delay cycles of the state machine's clock; a stalled one
// (wait, or a blocking push or pull) tries again every cycle.
//
// A program that samples pins in a loop (the pad scanner) would cost millions of steps per
// emulated second while the CPU sleeps. So when a state machine comes back to its wrap
// target twice with nothing changed but a counter in OSR gone up by one, in the same number
// of cycles, the loops up to the end of a long advance are done at once: OSR up by their
// count. Only within one advance() call: pins driven from outside change between calls.
export class PioClock {
  constructor(mcu) {
    this.blocks = mcu.pio;
    this.now = 0; // system clock cycles since power-up
    this.skipped = 0; // loops done at once (for the figures)
    for (const pio of this.blocks) {
      pio.run = () => {}; // no timers: advance() steps it
      pio.stop = () => {};
      for (const m of pio.machines) {
        m.nextAt = -1; // the system cycle of its next step; -1: not running
        m.loopMark = null;
      }
    }
  }

  get active() {
    for (const pio of this.blocks) for (const m of pio.machines) if (m.enabled) return true;
    return false;
  }

  divider(m) {
    const int = m.clockDivInt || 65536;
    return int + m.clockDivFrac / 256;
  }

  // At the wrap target: skip whole loops that cannot differ from the last one.
  steady(m, now, div) {
    const sig = `${m.x},${m.y},${m.inputShiftReg},${m.inputShiftCount},${m.outputShiftCount},${m.rxFIFO.itemCount},${m.txFIFO.itemCount}`;
    const osr = m.outputShiftReg >>> 0;
    const prev = m.loopMark;
    const mark = { sig, osr, cycles: m.cycles, len: prev ? m.cycles - prev.cycles : -1 };
    if (prev && sig === prev.sig && osr === ((prev.osr + 1) >>> 0) && mark.len === prev.len && mark.len > 0) {
      const per = mark.len * div;
      const n = Math.floor((now - m.nextAt) / per) - 1;
      if (n > 0) {
        m.outputShiftReg = (osr + n) >>> 0;
        m.cycles += n * mark.len;
        m.nextAt += n * per;
        mark.osr = m.outputShiftReg;
        mark.cycles = m.cycles;
        this.skipped += n;
      }
    }
    m.loopMark = mark;
  }

  advance(cycles) {
    this.now += cycles;
    const now = this.now;
    const long = cycles > 64;
    for (const pio of this.blocks) {
      let stepped = false;
      for (const m of pio.machines) {
        if (!m.enabled) {
          m.nextAt = -1;
          m.loopMark = null;
          continue;
        }
        if (m.nextAt < 0) m.nextAt = now - cycles;
        const div = this.divider(m);
        while (m.nextAt <= now) {
          if (long && m.pc === m.wrapBottom && !m.waiting) this.steady(m, now, div);
          const before = m.cycles;
          m.step();
          m.nextAt += Math.max(1, m.cycles - before) * div;
          stepped = true;
        }
      }
      if (stepped) pio.checkChangedPins();
    }
  }
}
