import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { makeCanvas, MAX_WIDTH, text, toPng } from '../../src/render/canvas.js';
import { gifFromFrames, spread } from '../../src/render/replay.js';
import { decodeGif } from '../helpers/gif-decode.js';

/** A frame: a background, a coloured box that moves, and a line of text. */
function frame(i: number, w: number, h: number): Buffer {
  const { canvas, ctx } = makeCanvas(w, h, '#f3ead8');
  ctx.fillStyle = ['#d1495b', '#2e86de', '#3bb273'][i % 3]!;
  ctx.fillRect(20 + i * 40, 30, 60, 40);
  text(ctx, `Frame ${i + 1}`, 20, 100, { size: 16, bold: true });
  return toPng(canvas);
}

async function pixels(png: Buffer, W: number, H: number): Promise<Uint8ClampedArray> {
  const img = await loadImage(png);
  const { ctx } = makeCanvas(W, H, '#f3ead8');
  ctx.drawImage(img, 0, 0);
  return ctx.getImageData(0, 0, W, H).data;
}

describe('replay GIF', () => {
  it('GIVEN frames of different heights, up to 1,100 px wide THEN every frame shows at its own size, as drawn, on a GIF as large as the largest', async () => {
    const sizes = [[1100, 400], [1100, 520], [900, 450]] as const;
    const pngs = sizes.map(([w, h], i) => frame(i, w, h));
    const gif = decodeGif(await gifFromFrames(pngs.length, (i) => pngs[i]!));
    expect([gif.width, gif.height]).toEqual([1100, 520]);
    expect(gif.frames).toHaveLength(3);
    expect(gif.delays.every((d) => d >= 1000)).toBe(true);
    for (let i = 0; i < pngs.length; i++) {
      const want = await pixels(pngs[i]!, 1100, 520);
      const got = gif.frames[i]!;
      let worst = 0;
      for (let p = 0; p < 1100 * 520; p++) for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(got[p * 3 + c]! - want[p * 4 + c]!));
      // quantizing to 255 colours moves a colour by a few steps at most; a wrong or stale pixel is far off
      expect(worst, `frame ${i}`).toBeLessThan(24);
    }
  });

  it(`GIVEN frames wider than ${MAX_WIDTH} px THEN they are scaled down to ${MAX_WIDTH}`, async () => {
    const gif = decodeGif(await gifFromFrames(2, (i) => frame(i, 1500, 300)));
    expect([gif.width, gif.height]).toEqual([MAX_WIDTH, 220]);
  });

  it('GIVEN 100 positions and room for 40 THEN spread keeps the first and the last, evenly', () => {
    const picked = spread(100, 40);
    expect(picked).toHaveLength(40);
    expect(picked[0]).toBe(0);
    expect(picked.at(-1)).toBe(99);
  });
});
