import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { makeCanvas, text, toPng } from '../../src/render/canvas.js';

describe('toPng', () => {
  it('encodes a PNG that decodes to exactly the drawn pixels', async () => {
    const { canvas, ctx } = makeCanvas(123, 45, '#336699');
    ctx.fillStyle = 'rgba(255, 0, 0, 0.5)';
    ctx.fillRect(10, 5, 30, 20);
    text(ctx, 'Äpfel & Mammut', 50, 25, { size: 14, bold: true, color: '#fff' });
    const png = toPng(canvas);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const img = await loadImage(png);
    expect([img.width, img.height]).toEqual([123, 45]);
    const { canvas: back, ctx: bctx } = makeCanvas(123, 45, 'rgba(0,0,0,0)');
    bctx.clearRect(0, 0, 123, 45);
    bctx.drawImage(img, 0, 0);
    const a = ctx.getImageData(0, 0, 123, 45).data;
    const b = bctx.getImageData(0, 0, 123, 45).data;
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
    expect(diff).toBeLessThanOrEqual(1);
    void back;
  });
});
