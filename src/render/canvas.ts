/**
 * Canvas set-up shared by every renderer: the bundled fonts are registered once, so a board looks the
 * same on every machine (none depends on system fonts), plus a few drawing helpers.
 */
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

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

export function toPng(canvas: Canvas): Buffer {
  return canvas.toBuffer('image/png');
}
