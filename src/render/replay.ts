/** The game turn by turn as an animated GIF, drawn from spectator views only. */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import * as gifencModule from 'gifenc';
import { MAX_WIDTH } from './canvas.js';

// gifenc ships CommonJS (Node puts it under `default`) and an ES build (named exports, as Vitest loads it).
type Gifenc = typeof gifencModule.default;
const gifenc: Gifenc = 'GIFEncoder' in gifencModule ? (gifencModule as unknown as Gifenc) : gifencModule.default;
const { GIFEncoder, applyPalette, quantize } = gifenc;

/**
 * Encodes frames (drawn one at a time by `frame(i)`, as PNG) into one looping GIF. Frames keep their own size up to
 * `width` (Discord's inline width: scaled down further, their text would be too small to read); the GIF is as large as
 * the largest frame, smaller frames sit top left on their own background. After the first frame only the pixels that
 * changed are stored (the others are transparent over the previous frame), which keeps full-size replays small.
 * It yields to the event loop after every frame: other interactions go on, and the canvas library frees native pixel
 * memory only when the loop turns (a synchronous loop of renders holds every frame's memory until it ends).
 */
export async function gifFromFrames(count: number, frame: (i: number) => Buffer, width = MAX_WIDTH, delayMs = 1500): Promise<Buffer> {
  const pngs: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    pngs.push(frame(i));
    await new Promise((r) => setImmediate(r));
  }
  // PNG header: width and height at bytes 16 and 20
  const sizes = pngs.map((png) => {
    const w = png.readUInt32BE(16), h = png.readUInt32BE(20);
    const scale = Math.min(1, width / w);
    return { w: Math.max(1, Math.round(w * scale)), h: Math.max(1, Math.round(h * scale)) };
  });
  const W = Math.max(1, ...sizes.map((s) => s.w)), H = Math.max(1, ...sizes.map((s) => s.h));
  const gif = GIFEncoder();
  let shown: Uint32Array | null = null;
  for (let i = 0; i < pngs.length; i++) {
    const img = await loadImage(pngs[i]!);
    const { w, h } = sizes[i]!;
    const canvas = createCanvas(W, H);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0, w, h);
    if (w < W || h < H) {
      const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
      ctx.fillStyle = `rgb(${r},${g},${b})`;
      ctx.fillRect(w, 0, W - w, H);
      ctx.fillRect(0, h, w, H - h);
    }
    const { data } = ctx.getImageData(0, 0, W, H);
    const palette = quantize(sample(data, 250_000), 255);
    const index = applyPalette(data, palette);
    const packed = palette.map(([r, g, b]) => ((r! << 16) | (g! << 8) | b!) >>> 0);
    if (!shown) {
      shown = new Uint32Array(W * H);
      for (let p = 0; p < index.length; p++) shown[p] = packed[index[p]!]!;
      gif.writeFrame(index, W, H, { palette, delay: delayMs });
    } else {
      const clear = palette.length;
      for (let p = 0; p < index.length; p++) {
        const c = packed[index[p]!]!;
        if (c === shown[p]) index[p] = clear;
        else shown[p] = c;
      }
      // gifenc reads these options, its types do not name them: the transparent index, and dispose 1 (keep the previous frame)
      const opts = { palette: [...palette, [0, 0, 0]], delay: delayMs, transparent: true, transparentIndex: clear, dispose: 1 };
      gif.writeFrame(index, W, H, opts);
    }
    await new Promise((r) => setImmediate(r));
  }
  gif.finish();
  return Buffer.from(gif.bytes());
}

/** Every k-th pixel of an RGBA image, at most about `max` of them: the palette of a flat-coloured picture needs no more. */
function sample(rgba: Uint8ClampedArray, max: number): Uint8ClampedArray {
  const pixels = rgba.length / 4;
  const step = Math.max(1, Math.floor(pixels / max));
  if (step === 1) return rgba;
  const out = new Uint8ClampedArray(Math.ceil(pixels / step) * 4);
  for (let p = 0, o = 0; p < pixels; p += step, o += 4) out.set(rgba.subarray(p * 4, p * 4 + 4), o);
  return out;
}

/** Picks at most `max` indices from 0..n-1, evenly spread, always with the first and the last. */
export function spread(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let i = 0; i < max; i++) out.add(Math.round((i * (n - 1)) / (max - 1)));
  return [...out];
}
