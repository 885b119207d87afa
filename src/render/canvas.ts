/**
 * Canvas set-up shared by every renderer: the bundled fonts are registered once, so a board looks the
 * same on every machine (none depends on system fonts), plus a few drawing helpers.
 */
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import zlib from 'node:zlib';

export const FONT = 'CampfireSans';
const fontDir = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));
let fontsReady = false;

export function ensureFonts(): void {
  if (fontsReady) return;
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    const ok = GlobalFonts.registerFromPath(path.join(fontDir, file), FONT);
    if (!ok) throw new Error(`could not register font ${file}`);
  }
  fontsReady = true;
}

/** Seat colours, the same in every game (colour-blind-friendly where possible), with a readable text colour. */
export const SEAT_COLORS = ['#d1495b', '#2e86de', '#edae49', '#3bb273', '#8e6cc0', '#e07b39'] as const;
export const SEAT_COLOR_NAMES = { en: ['red', 'blue', 'yellow', 'green', 'violet', 'orange'], de: ['Rot', 'Blau', 'Gelb', 'Grün', 'Violett', 'Orange'] } as const;

export function seatColor(seat: number): string {
  return SEAT_COLORS[seat % SEAT_COLORS.length]!;
}

export function makeCanvas(width: number, height: number, background = '#f3ead8'): { canvas: Canvas; ctx: SKRSContext2D } {
  ensureFonts();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  return { canvas, ctx };
}

export function font(ctx: SKRSContext2D, size: number, bold = false): void {
  ctx.font = `${bold ? 'bold ' : ''}${size}px ${FONT}`;
}

export function text(ctx: SKRSContext2D, s: string, x: number, y: number, opts: { size?: number; bold?: boolean; color?: string; align?: CanvasTextAlign; maxWidth?: number } = {}): void {
  font(ctx, opts.size ?? 16, opts.bold);
  ctx.fillStyle = opts.color ?? '#222';
  ctx.textAlign = opts.align ?? 'left';
  ctx.textBaseline = 'middle';
  if (opts.maxWidth) ctx.fillText(s, x, y, opts.maxWidth);
  else ctx.fillText(s, x, y);
}

export function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number, fill?: string, stroke?: string, lineWidth = 2): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
  if (fill) { ctx.fillStyle = fill; ctx.fill(); }
  if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = lineWidth; ctx.stroke(); }
}

export function circle(ctx: SKRSContext2D, x: number, y: number, r: number, fill?: string, stroke?: string, lineWidth = 2): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  if (fill) { ctx.fillStyle = fill; ctx.fill(); }
  if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = lineWidth; ctx.stroke(); }
}

/**
 * Encodes a canvas as PNG. Skia's encoder compresses hard (about twice the time of the whole drawing here); boards are
 * flat colour, so deflate at level 1 on unfiltered rows gives files of similar size much faster.
 */
export function toPng(canvas: Canvas): Buffer {
  const { width: w, height: h } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, w, h).data;
  const stride = w * 4;
  const rows = Buffer.allocUnsafe((stride + 1) * h);
  for (let y = 0; y < h; y++) {
    rows[y * (stride + 1)] = 0; // filter: none
    rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(rows, { level: 1 })), pngChunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
