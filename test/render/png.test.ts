import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { makeCanvas, text, toPng } from '../../src/render/canvas.js';

/** Draws `png` on a transparent canvas and returns the largest difference of any channel from `expected`'s pixels. */
async function largestDifference(png: Buffer, expected: Uint8ClampedArray, w: number, h: number): Promise<number> {
  const img = await loadImage(png);
  expect([img.width, img.height]).toEqual([w, h]);
  const { ctx } = makeCanvas(w, h, 'rgba(0,0,0,0)');
  ctx.clearRect(0, 0, w, h);
  ctx.drawImage(img, 0, 0);
  const b = ctx.getImageData(0, 0, w, h).data;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff = Math.max(diff, Math.abs(expected[i]! - b[i]!));
  return diff;
}

/** The PNG's colour type (IHDR byte 9): 2 RGB, 6 RGBA. */
const colourType = (png: Buffer): number => png[8 + 8 + 9]!;

describe('toPng', () => {
  it('encodes an opaque picture as RGB that decodes to exactly the drawn pixels (a width not a multiple of 4)', async () => {
    const { canvas, ctx } = makeCanvas(123, 45, '#336699');
    ctx.fillStyle = 'rgba(255, 0, 0, 0.5)';
    ctx.fillRect(10, 5, 30, 20);
    text(ctx, 'Äpfel & Mammut', 50, 25, { size: 14, bold: true, color: '#fff' });
    const png = toPng(canvas);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(colourType(png)).toBe(2);
    expect(await largestDifference(png, ctx.getImageData(0, 0, 123, 45).data, 123, 45)).toBeLessThanOrEqual(1);
  });

  it('keeps the alpha channel when one pixel is not opaque, and only the rows asked for', async () => {
    const { canvas, ctx } = makeCanvas(64, 30, '#fff');
    ctx.clearRect(63, 19, 1, 1); // the last pixel of the last row kept
    text(ctx, 'Eiszeit', 4, 10, { size: 12, color: '#123' });
    const png = toPng(canvas, 20, 3);
    expect(colourType(png)).toBe(6);
    expect(await largestDifference(png, ctx.getImageData(0, 0, 64, 20).data, 64, 20)).toBeLessThanOrEqual(1);
    // the same picture without its transparent pixel is RGB again
    expect(colourType(toPng(canvas, 19, 3))).toBe(2);
  });
});
