// Symbols of an ELF32 little-endian file (the firmware's .elf): name -> address.
// The emulator needs a few addresses (the console's write function, the NeoPixel driver).
export function elfSymbols(buf) {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (dv.getUint32(0, false) !== 0x7f454c46 || buf[4] !== 1 || buf[5] !== 1) {
    throw new Error('not a 32-bit little-endian ELF file');
  }
  const shoff = dv.getUint32(32, true);
  const shentsize = dv.getUint16(46, true);
  const shnum = dv.getUint16(48, true);
  const section = (i) => {
    const o = shoff + i * shentsize;
    return {
      type: dv.getUint32(o + 4, true),
      offset: dv.getUint32(o + 16, true),
      size: dv.getUint32(o + 20, true),
      link: dv.getUint32(o + 24, true),
      entsize: dv.getUint32(o + 36, true),
    };
  };
  const out = {};
  for (let i = 0; i < shnum; i++) {
    const s = section(i);
    if (s.type !== 2) continue; // SHT_SYMTAB
    const str = section(s.link);
    for (let o = s.offset; o + 16 <= s.offset + s.size; o += s.entsize || 16) {
      const nameAt = dv.getUint32(o, true);
      const value = dv.getUint32(o + 4, true);
      let end = str.offset + nameAt;
      while (buf[end]) end++;
      const name = new TextDecoder().decode(buf.subarray(str.offset + nameAt, end));
      if (name && !(name in out)) out[name] = value;
    }
  }
  return out;
}
