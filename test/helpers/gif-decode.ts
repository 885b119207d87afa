/** A small GIF decoder for tests: every frame composed as a viewer shows it (transparency, "keep" disposal), RGB. */
export interface GifFrames { width: number; height: number; frames: Uint8Array[]; delays: number[] }

export function decodeGif(buf: Buffer): GifFrames {
  if (buf.toString('latin1', 0, 6) !== 'GIF89a') throw new Error('not a GIF89a');
  const width = buf.readUInt16LE(6), height = buf.readUInt16LE(8);
  let pos = 10;
  const flags = buf[pos++]!;
  pos += 2; // background colour, aspect
  let globalTable: Uint8Array | null = null;
  if (flags & 0x80) {
    const n = 3 * (1 << ((flags & 7) + 1));
    globalTable = buf.subarray(pos, pos + n);
    pos += n;
  }
  const screen = new Uint8Array(width * height * 3);
  const frames: Uint8Array[] = [];
  const delays: number[] = [];
  let transparent = -1, delay = 0;
  const subBlocks = (): Buffer => {
    const parts: Buffer[] = [];
    for (let len = buf[pos++]!; len > 0; len = buf[pos++]!) { parts.push(buf.subarray(pos, pos + len)); pos += len; }
    return Buffer.concat(parts);
  };
  for (;;) {
    const kind = buf[pos++];
    if (kind === 0x3b || kind === undefined) break;
    if (kind === 0x21) {
      const label = buf[pos++]!;
      if (label === 0xf9) {
        const data = subBlocks();
        transparent = data[0]! & 1 ? data[3]! : -1;
        delay = data.readUInt16LE(1) * 10;
      } else subBlocks();
      continue;
    }
    if (kind !== 0x2c) throw new Error(`unexpected block ${kind}`);
    const left = buf.readUInt16LE(pos), top = buf.readUInt16LE(pos + 2), w = buf.readUInt16LE(pos + 4), h = buf.readUInt16LE(pos + 6);
    const f = buf[pos + 8]!;
    pos += 9;
    let table = globalTable;
    if (f & 0x80) {
      const n = 3 * (1 << ((f & 7) + 1));
      table = buf.subarray(pos, pos + n);
      pos += n;
    }
    const minCode = buf[pos++]!;
    const indices = lzw(subBlocks(), minCode, w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const k = indices[y * w + x]!;
      if (k === transparent) continue;
      const o = ((top + y) * width + left + x) * 3;
      screen[o] = table![k * 3]!; screen[o + 1] = table![k * 3 + 1]!; screen[o + 2] = table![k * 3 + 2]!;
    }
    frames.push(screen.slice());
    delays.push(delay);
    transparent = -1;
  }
  return { width, height, frames, delays };
}

function lzw(data: Buffer, minCode: number, count: number): Uint8Array {
  const out = new Uint8Array(count);
  const clear = 1 << minCode, end = clear + 1;
  let size = minCode + 1;
  let dict: number[][] = [];
  const reset = (): void => {
    dict = [];
    for (let i = 0; i < clear; i++) dict.push([i]);
    dict.push([], []);
    size = minCode + 1;
  };
  reset();
  let bit = 0, n = 0;
  let prev: number[] | null = null;
  while (n < count) {
    let code = 0;
    for (let i = 0; i < size; i++, bit++) if (data[bit >> 3]! & (1 << (bit & 7))) code |= 1 << i;
    if (bit > data.length * 8) break;
    if (code === clear) { reset(); prev = null; continue; }
    if (code === end) break;
    let entry: number[];
    if (code < dict.length) entry = dict[code]!;
    else if (prev) entry = [...prev, prev[0]!];
    else throw new Error('bad LZW code');
    for (const v of entry) if (n < count) out[n++] = v;
    if (prev && dict.length < 4096) dict.push([...prev, entry[0]!]);
    prev = entry;
    if (dict.length === 1 << size && size < 12) size++;
  }
  return out;
}
