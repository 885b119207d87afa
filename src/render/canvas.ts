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

/** The smallest font size any picture uses: Discord shows pictures up to about 1,100 px wide, at their own size. */
export const MIN_TEXT = 15;
/** The widest picture (Discord's inline size); wider ones are scaled down and their text becomes unreadable. */
export const MAX_WIDTH = 1100;

/** A text as drawn: its font size, the space it took and the box it had to stay in (canvas coordinates). */
export interface DrawnText {
  text: string;
  size: number;
  bold: boolean;
  /** Measured extent of the drawn text. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The box it was given: its `maxWidth` horizontally (the canvas when none), its lines vertically. */
  box: { left: number; right: number; top: number; bottom: number };
  canvas: { width: number; height: number };
}

let recording: DrawnText[] | null = null;

/** Runs `draw` and returns every text the helpers below drew meanwhile, with its box (for the text-fit test). */
export function recordTexts<T>(draw: () => T): { result: T; texts: DrawnText[] } {
  const outer = recording;
  const texts: DrawnText[] = [];
  recording = texts;
  try {
    return { result: draw(), texts };
  } finally {
    recording = outer;
  }
}

/** Runs `fn` without recording (a measuring pass that lays a picture out before drawing it). */
export function unrecorded<T>(fn: () => T): T {
  const outer = recording;
  recording = null;
  try {
    return fn();
  } finally {
    recording = outer;
  }
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: CanvasTextAlign;
  /** The width of the text's box, measured from `x` as `align` says. The text is never squeezed into it. */
  maxWidth?: number;
  /** Cut a text too wide for `maxWidth` and end it with "…" (for names players choose, never for game texts). */
  ellipsis?: boolean;
}

/** Width of `s` at a size (and weight). */
export function measure(ctx: SKRSContext2D, s: string, size: number, bold = false): number {
  font(ctx, size, bold);
  return ctx.measureText(s).width;
}

/** Cuts `s` to fit `width` at a size, ending it with "…" when cut. */
export function ellipsize(ctx: SKRSContext2D, s: string, width: number, size: number, bold = false): string {
  if (measure(ctx, s, size, bold) <= width) return s;
  const chars = [...s];
  while (chars.length > 1 && measure(ctx, `${chars.join('').trimEnd()}…`, size, bold) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * Draws one line of text, vertically centred on `y`. Every renderer draws its texts through this helper (and
 * `paragraph`), so the text-fit test can see them all. `vbox` is the vertical room of the line's box (`[top, bottom]`);
 * by default the canvas.
 */
export function text(ctx: SKRSContext2D, s: string, x: number, y: number, opts: TextOptions = {}, vbox?: [number, number]): void {
  const size = opts.size ?? 16;
  const bold = !!opts.bold;
  const align = opts.align ?? 'left';
  s = s.replaceAll(SHY, '');
  if (opts.ellipsis && opts.maxWidth) s = ellipsize(ctx, s, opts.maxWidth, size, bold);
  font(ctx, size, bold);
  ctx.fillStyle = opts.color ?? '#222';
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.fillText(s, x, y);
  if (recording) {
    const width = ctx.measureText(s).width;
    const start = align === 'center' ? x - width / 2 : align === 'right' || align === 'end' ? x - width : x;
    const w = opts.maxWidth;
    const left = w === undefined ? null : align === 'center' ? x - w / 2 : align === 'right' || align === 'end' ? x - w : x;
    record(ctx, s, size, bold, [start, start + width], [y - size * 0.6, y + size * 0.6], left === null ? null : [left, left + w!], vbox ?? null);
  }
}

/** Records a text in canvas coordinates (through the context's translation and scale); a box side left null is the canvas. */
function record(ctx: SKRSContext2D, s: string, size: number, bold: boolean, xs: [number, number], ys: [number, number], boxX: [number, number] | null, boxY: [number, number] | null): void {
  const { a, d, e, f } = ctx.getTransform();
  const X = (v: number): number => a * v + e;
  const Y = (v: number): number => d * v + f;
  const canvas = { width: ctx.canvas.width, height: ctx.canvas.height };
  recording!.push({
    text: s, size: size * Math.abs(d), bold,
    left: X(xs[0]), right: X(xs[1]), top: Y(ys[0]), bottom: Y(ys[1]),
    box: { left: boxX ? X(boxX[0]) : 0, right: boxX ? X(boxX[1]) : canvas.width, top: boxY ? Y(boxY[0]) : 0, bottom: boxY ? Y(boxY[1]) : canvas.height },
    canvas,
  });
}

const SHY = '\u00ad';

/**
 * Splits `s` into lines no wider than `width`. A word too wide for a line breaks at a soft hyphen (U+00AD) when it
 * has one, with a hyphen drawn; a word that still does not fit stays whole (and the text-fit test reports it).
 */
export function wrapLines(ctx: SKRSContext2D, s: string, width: number, size: number, bold = false): string[] {
  font(ctx, size, bold);
  const fits = (line: string): boolean => ctx.measureText(line).width <= width;
  const lines: string[] = [];
  let cur = '';
  const words = s.split(/\s+/).filter(Boolean);
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    const plain = word.replaceAll(SHY, '');
    const next = cur ? `${cur} ${plain}` : plain;
    if (fits(next)) { cur = next; continue; }
    // break at the last soft hyphen whose first part still fits on this line (or on a fresh one)
    const pieces = word.split(SHY);
    let done = false;
    for (const base of cur ? [cur, ''] : ['']) {
      for (let cut = pieces.length - 1; cut > 0 && !done; cut--) {
        const head = `${pieces.slice(0, cut).join('')}-`;
        const line = base ? `${base} ${head}` : head;
        if (fits(line)) {
          if (base === '' && cur) lines.push(cur);
          lines.push(line);
          cur = '';
          words.splice(k + 1, 0, pieces.slice(cut).join(SHY));
          done = true;
        }
      }
      if (done) break;
    }
    if (done) continue;
    if (cur) lines.push(cur);
    cur = plain;
  }
  if (cur) lines.push(cur);
  return lines;
}

/**
 * Draws `s` wrapped to `maxWidth` (left-aligned at `x`, or centred on it), first line centred on `y`, `lineHeight` apart, in a box of `maxLines` lines; returns
 * the number of lines drawn. Lines beyond the box are not drawn, but recorded where they would have gone, so the
 * text-fit test reports them.
 */
export function paragraph(ctx: SKRSContext2D, s: string, x: number, y: number, opts: TextOptions & { maxWidth: number; maxLines?: number; lineHeight?: number }): number {
  const size = opts.size ?? 16;
  const lh = opts.lineHeight ?? Math.round(size * 1.25);
  const lines = wrapLines(ctx, s, opts.maxWidth, size, opts.bold);
  const max = opts.maxLines ?? lines.length;
  const vbox: [number, number] = [y - lh / 2, y - lh / 2 + max * lh];
  const centred = opts.align === 'center';
  lines.forEach((line, i) => {
    if (i < max) text(ctx, line, x, y + i * lh, { ...opts, ellipsis: false }, vbox);
    else if (recording) {
      const yy = y + i * lh;
      const lw = measure(ctx, line, size, opts.bold);
      const left = centred ? x - opts.maxWidth / 2 : x;
      record(ctx, line, size, !!opts.bold, centred ? [x - lw / 2, x + lw / 2] : [x, x + lw], [yy - size * 0.6, yy + size * 0.6], [left, left + opts.maxWidth], vbox);
    }
  });
  return Math.min(lines.length, max);
}

/** How many lines `paragraph` needs for `s`. */
export function lineCount(ctx: SKRSContext2D, s: string, width: number, size: number, bold = false): number {
  return wrapLines(ctx, s, width, size, bold).length;
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
 * flat colour, so deflate at level 1 on unfiltered rows gives files of similar size much faster. `height` keeps only
 * the top rows (a picture drawn on a canvas taller than it turned out to need); `level` deflates harder (the glance
 * pictures use 3, the tightest level that still deflates the fast way). An opaque picture (every picture here but a
 * test's) is stored as RGB, without its alpha channel: a quarter fewer bytes to deflate, 6–8 % smaller files, in
 * about the same time (docs/pictures.md, "What a glance costs, and the encoding").
 */
export function toPng(canvas: Canvas, height = canvas.height, level = 1): Buffer {
  const w = canvas.width, h = Math.min(height, canvas.height);
  const rgba = canvas.getContext('2d').getImageData(0, 0, w, h).data;
  const rgb = opaqueRows(rgba, w, h);
  const rows = rgb ?? rgbaRows(rgba, w, h);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = rgb ? 2 : 6; // RGB or RGBA
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(rows, { level })), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Unfiltered RGBA rows (a filter byte, then the row). */
function rgbaRows(rgba: Uint8ClampedArray, w: number, h: number): Buffer {
  const stride = w * 4;
  const rows = Buffer.allocUnsafe((stride + 1) * h);
  for (let y = 0; y < h; y++) {
    rows[y * (stride + 1)] = 0; // filter: none
    rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return rows;
}

/**
 * Unfiltered RGB rows, or null if a pixel is not opaque. Four pixels (four 32-bit words, little-endian RGBA) become
 * three words of RGB at a time, in a row buffer copied after the row's filter byte (a row of the output does not
 * start on a word boundary): several times faster than moving the bytes one by one.
 */
function opaqueRows(rgba: Uint8ClampedArray, w: number, h: number): Buffer | null {
  if (rgba.byteOffset % 4 !== 0 || !LITTLE_ENDIAN) return null;
  const px = new Uint32Array(rgba.buffer, rgba.byteOffset, w * h);
  const stride = w * 3;
  const row = new Uint32Array(Math.ceil(stride / 4) + 1);
  const rowBytes = new Uint8Array(row.buffer, 0, stride);
  const rows = Buffer.allocUnsafe((stride + 1) * h);
  let alpha = 0xff000000;
  for (let y = 0; y < h; y++) {
    let i = y * w, o = 0;
    const end = i + w;
    for (; i + 3 < end; i += 4) {
      const a = px[i]!, b = px[i + 1]!, c = px[i + 2]!, d = px[i + 3]!;
      alpha &= a & b & c & d;
      row[o++] = (a & 0xffffff) | (b << 24);
      row[o++] = ((b >>> 8) & 0xffff) | (c << 16);
      row[o++] = ((c >>> 16) & 0xff) | (d << 8);
    }
    for (let k = o * 4; i < end; i++, k += 3) {
      const a = px[i]!;
      alpha &= a;
      rowBytes[k] = a & 0xff;
      rowBytes[k + 1] = (a >>> 8) & 0xff;
      rowBytes[k + 2] = (a >>> 16) & 0xff;
    }
    if ((alpha >>> 24) !== 0xff) return null;
    rows[y * (stride + 1)] = 0; // filter: none
    rows.set(rowBytes, y * (stride + 1) + 1);
  }
  return rows;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
