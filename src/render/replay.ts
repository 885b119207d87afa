/** The game turn by turn as an animated GIF, drawn from spectator views only. */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import * as gifencModule from 'gifenc';

// gifenc ships CommonJS (Node puts it under `default`) and an ES build (named exports, as Vitest loads it).
type Gifenc = typeof gifencModule.default;
const gifenc: Gifenc = 'GIFEncoder' in gifencModule ? (gifencModule as unknown as Gifenc) : gifencModule.default;
const { GIFEncoder, applyPalette, quantize } = gifenc;

/**
 * Encodes frames (drawn one at a time by `frame(i)`, as PNG) into one looping GIF scaled to `width`. It yields to
 * the event loop after every frame: other interactions go on, and the canvas library frees native pixel memory
 * only when the loop turns (a synchronous loop of renders holds every frame's memory until it ends).
 */
export async function gifFromFrames(count: number, frame: (i: number) => Buffer, width = 640, delayMs = 900): Promise<Buffer> {
  const gif = GIFEncoder();
  for (let i = 0; i < count; i++) {
    const png = frame(i);
    const img = await loadImage(png);
    const scale = Math.min(1, width / img.width);
    const w = Math.max(1, Math.round(img.width * scale)), h = Math.max(1, Math.round(img.height * scale));
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0, w, h);
    const { data } = ctx.getImageData(0, 0, w, h);
    const palette = quantize(data, 128);
    gif.writeFrame(applyPalette(data, palette), w, h, { palette, delay: delayMs });
    await new Promise((r) => setImmediate(r));
  }
  gif.finish();
  return Buffer.from(gif.bytes());
}

/** Picks at most `max` indices from 0..n-1, evenly spread, always with the first and the last. */
export function spread(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let i = 0; i < max; i++) out.add(Math.round((i * (n - 1)) / (max - 1)));
  return [...out];
}
