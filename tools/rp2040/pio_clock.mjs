// Runs both PIO blocks from the CPU's clock, each state machine at its own clock divider
// (rp2040js runs PIO from timer batches unrelated to emulated time, ignoring dividers).
// An instruction takes 1 + its delay cycles of the state machine's clock; a stalled one
// (wait, or a blocking push or pull) tries again every cycle.
export class PioClock {
  constructor(mcu) {
    this.blocks = mcu.pio;
    this.now = 0; // system clock cycles since power-up
    this.next = new Map(); // state machine -> the system cycle of its next step
    for (const pio of this.blocks) {
      pio.run = () => {}; // no timers: advance() steps it
      pio.stop = () => {};
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

  cyclesToNext() {
    let best = Infinity;
    for (const pio of this.blocks) {
      for (const m of pio.machines) {
        if (!m.enabled) continue;
        const at = this.next.get(m) ?? this.now;
        best = Math.min(best, Math.max(1, Math.ceil(at - this.now)));
      }
    }
    return best === Infinity ? 1 << 20 : best;
  }

  advance(cycles) {
    this.now += cycles;
    const now = this.now;
    for (const pio of this.blocks) {
      let stepped = false;
      for (const m of pio.machines) {
        if (!m.enabled) {
          this.next.delete(m);
          continue;
        }
        let at = this.next.get(m);
        if (at === undefined) at = now - cycles;
        const div = this.divider(m);
        while (at <= now) {
          const before = m.cycles;
          m.step();
          at += Math.max(1, m.cycles - before) * div;
          stepped = true;
        }
        this.next.set(m, at);
      }
      if (stepped) pio.checkChangedPins();
    }
  }
}
