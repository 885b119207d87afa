/**
 * Shared parts of the glance pictures: the first picture of a table post, made for Discord's inline box (about
 * 550×350 on the desktop client). Drawn at twice that size, so a 24 px text reads as 12 px where Discord shows it.
 * Each game's `glance.ts` lays out its own board; this module gives the frame (the band saying whose turn it is), the
 * highlight for what changed since the last table, a compact player table, and the encoder.
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { circle, lineCount, measure, paragraph, roundRect, seatColor, text, toPng } from './canvas.js';

/** The glance picture's size: Discord's inline box (550×350) at 2×. */
export const GLANCE_W = 1100;
export const GLANCE_H = 700;
/** The smallest text on a glance picture (12 px once Discord halves it). */
export const GLANCE_MIN_TEXT = 24;
/** Outline of places that changed since the last table. */
export const HILITE = '#ffcc00';
export const GLANCE_BG = '#f3ead8';
export const GLANCE_INK = '#2b2118';
export const GLANCE_SOFT = '#5a4a3a';
const BAND = '#34495e';

/** What the band at the top says: who owes the decision (null: nobody, e.g. the game is over) and where the game stands. */
export interface GlanceBand {
  /** The seat to act, drawn as its colour; null when nobody (or several at once: then `doing` says who). */
  seat: number | null;
  /** "Ada takes from the middle": the decision in words, already formatted. */
  doing: string;
  /** "Round 3/5" and the like, right-aligned. */
  where: string;
}

/**
 * Draws the band across the top: a seat disc, the decision in words (bold; two lines if it must), where the game stands
 * on the right. Returns the band's height.
 */
export function drawBand(g: SKRSContext2D, band: GlanceBand): number {
  const whereW = band.where ? Math.ceil(measure(g, band.where, 26)) + 24 : 0;
  const x0 = band.seat === null ? 18 : 62;
  const width = GLANCE_W - x0 - whereW - 18;
  // 28 px on one or two lines; a longer text at 24 px, on as many lines as it needs
  let size = 28;
  let lines = lineCount(g, band.doing, width, size, true);
  if (lines > 2) { size = 24; lines = lineCount(g, band.doing, width, size, true); }
  const lh = size + 6;
  const h = lines === 1 ? 60 : lines * lh + 26;
  g.fillStyle = BAND;
  g.fillRect(0, 0, GLANCE_W, h);
  if (band.seat !== null) circle(g, 34, h / 2, 17, seatColor(band.seat), '#fff', 3);
  paragraph(g, band.doing, x0, h / 2 - ((lines - 1) * lh) / 2, { size, bold: true, color: '#fff', maxWidth: width, lineHeight: lh });
  if (band.where) text(g, band.where, GLANCE_W - 18, h / 2, { size: 26, color: '#dfe6ec', align: 'right', maxWidth: whereW - 12 });
  return h;
}

/** A thick outline around a path already begun (the caller builds the path): marks a place that changed. */
export function hilitePath(g: SKRSContext2D, width = 7): void {
  g.save();
  g.strokeStyle = HILITE;
  g.lineWidth = width;
  g.lineJoin = 'round';
  g.stroke();
  g.restore();
}

/** A highlighted rectangle (rounded): for a tile, a column, a row that changed. */
export function hiliteRect(g: SKRSContext2D, x: number, y: number, w: number, h: number, r = 8): void {
  roundRect(g, x, y, w, h, r, undefined, HILITE, 6);
}

export interface PlayerRow {
  seat: number;
  name: string;
  /** The row's figures, one a column (short: "12", "3/5"). */
  cells: string[];
  /** Bold and framed: the seat to act. */
  acting?: boolean;
  /** Outlined in the highlight colour: something in this row changed since the last table. */
  changed?: boolean;
}

/**
 * A compact table of the players: colour disc, name (cut with "…" if long: names are the players' own), then one
 * column per figure, under short headers. Returns the height used.
 */
export function drawPlayerTable(g: SKRSContext2D, x: number, y: number, w: number, headers: string[], rows: PlayerRow[], rowH = 40): number {
  const cellW = headers.map((h, i) => Math.max(measure(g, h, 24, true), ...rows.map((r) => measure(g, r.cells[i] ?? '', 26, true))) + 16);
  const cellsW = cellW.reduce((a, b) => a + b, 0);
  const nameW = w - cellsW - 44;
  let cx = x + w - cellsW;
  headers.forEach((h, i) => {
    text(g, h, cx + cellW[i]! - 6, y + 14, { size: 24, color: GLANCE_SOFT, align: 'right', maxWidth: cellW[i]! - 4 });
    cx += cellW[i]!;
  });
  let yy = y + 32;
  for (const r of rows) {
    if (r.acting) roundRect(g, x, yy, w, rowH - 4, 8, '#fff6d6', '#c9962b', 2);
    if (r.changed) roundRect(g, x - 3, yy - 3, w + 6, rowH + 2, 9, undefined, HILITE, 5);
    circle(g, x + 20, yy + (rowH - 4) / 2, 12, seatColor(r.seat), '#222', 1.5);
    text(g, r.name, x + 40, yy + (rowH - 4) / 2, { size: 26, bold: !!r.acting, color: GLANCE_INK, maxWidth: nameW, ellipsis: true });
    let c = x + w - cellsW;
    r.cells.forEach((s, i) => {
      text(g, s, c + cellW[i]! - 6, yy + (rowH - 4) / 2, { size: 26, bold: true, color: GLANCE_INK, align: 'right', maxWidth: cellW[i]! - 4 });
      c += cellW[i]!;
    });
    yy += rowH;
  }
  return yy - y;
}

/** A small key under a picture: a swatch (drawn by `icon` in a 28×28 box) and its word, several on one line. Returns the width used. */
export function keyItem(g: SKRSContext2D, x: number, y: number, icon: (x: number, y: number) => void, label: string, maxWidth: number): number {
  icon(x, y - 14);
  const w = Math.min(maxWidth - 36, measure(g, label, 24));
  text(g, label, x + 36, y, { size: 24, color: GLANCE_SOFT, maxWidth: maxWidth - 36, ellipsis: true });
  return 36 + w;
}

/** The "changed since the last table" key item (a gold outline). */
export function changedKey(g: SKRSContext2D, x: number, y: number, label: string, maxWidth: number): number {
  return keyItem(g, x, y, (ix, iy) => roundRect(g, ix + 2, iy + 2, 24, 24, 5, '#fff', HILITE, 5), label, maxWidth);
}

/** Encodes a glance picture, its top `height` rows when its content ended early (see docs/pictures.md, "Lighter pictures", for the encoders measured). */
export function glancePng(canvas: Canvas, height = canvas.height): Buffer {
  return toPng(canvas, height, 3);
}

export interface Chip {
  label: string;
  fill: string;
  ink: string;
  /** Outlined in the highlight colour. */
  changed?: boolean;
}

/**
 * Lays chips (a coloured label each) out in rows inside `w`, at most `maxRows` rows of `h`; when they do not all fit,
 * the last one shown says how many more there are (`more(n)`). Returns the number of rows used.
 */
export function drawChips(g: SKRSContext2D, x: number, y: number, w: number, maxRows: number, chips: Chip[], more: (n: number) => string, h = 46): number {
  const gap = 8;
  const widthOf = (c: string): number => Math.ceil(measure(g, c, 24, true)) + 22;
  const widths = chips.map((c) => widthOf(c.label));
  const place = (count: number, withMore: boolean): { row: number; x: number; w: number }[] | null => {
    const out: { row: number; x: number; w: number }[] = [];
    let row = 0, cx = 0;
    const items = widths.slice(0, count);
    if (withMore) items.push(widthOf(more(chips.length - count)));
    for (const cw of items) {
      if (cx > 0 && cx + cw > w) { row++; cx = 0; }
      if (row >= maxRows || cw > w) return null;
      out.push({ row, x: cx, w: cw });
      cx += cw + gap;
    }
    return out;
  };
  let shown = chips.length;
  let layout = place(shown, false);
  while (!layout && shown > 0) layout = place(--shown, true);
  if (!layout) return 0;
  layout.forEach((p, i) => {
    const c = i < shown ? chips[i] : undefined;
    const cx = x + p.x, cy = y + p.row * (h + gap);
    if (c) {
      roundRect(g, cx, cy, p.w, h, 8, c.fill, '#3b2f24', 1.5);
      text(g, c.label, cx + p.w / 2, cy + h / 2, { size: 24, bold: true, color: c.ink, align: 'center', maxWidth: p.w - 4 });
      if (c.changed) hiliteRect(g, cx - 4, cy - 4, p.w + 8, h + 8, 10);
    } else {
      text(g, more(chips.length - shown), cx + p.w / 2, cy + h / 2, { size: 24, bold: true, color: GLANCE_SOFT, align: 'center', maxWidth: p.w - 4 });
    }
  });
  return layout.length ? Math.max(...layout.map((p) => p.row)) + 1 : 0;
}

/** Rows of `h` (with the gap) that fit in a height. */
export const chipRows = (height: number, h = 46): number => Math.max(1, Math.floor((height + 8) / (h + 8)));

export interface PlayerCard {
  seat: number;
  name: string;
  /** Right of the name, bold: the score. */
  right: string;
  /** The line below: the counts that matter ("food 4/8 · tools 1"). */
  detail: string;
  acting?: boolean;
  changed?: boolean;
}

/** How tall `drawPlayerCards` draws these cards. */
export function playerCardsHeight(g: SKRSContext2D, w: number, cards: PlayerCard[]): number {
  return cards.reduce((a, c) => a + 42 + lineCount(g, c.detail, w - 24, 24) * 29 + 10, 0);
}

/** The players one under the other: colour, name and score on a line, their counts on the line(s) below. Returns the height used. */
export function drawPlayerCards(g: SKRSContext2D, x: number, y: number, w: number, cards: PlayerCard[]): number {
  let yy = y;
  for (const c of cards) {
    const lines = lineCount(g, c.detail, w - 24, 24);
    const h = 42 + lines * 29;
    roundRect(g, x, yy, w, h, 8, c.acting ? '#fff3cf' : '#fbf5e8', c.acting ? seatColor(c.seat) : '#cdbb9a', c.acting ? 4 : 1.5);
    if (c.changed) roundRect(g, x - 3, yy - 3, w + 6, h + 6, 10, undefined, HILITE, 5);
    circle(g, x + 22, yy + 22, 12, seatColor(c.seat), '#222', 1.5);
    const rightW = Math.ceil(measure(g, c.right, 26, true));
    text(g, c.name, x + 42, yy + 22, { size: 26, bold: true, color: GLANCE_INK, maxWidth: w - rightW - 62, ellipsis: true });
    text(g, c.right, x + w - 12, yy + 22, { size: 26, bold: true, color: GLANCE_INK, align: 'right', maxWidth: rightW + 1 });
    paragraph(g, c.detail, x + 12, yy + 52, { size: 24, color: GLANCE_SOFT, maxWidth: w - 24, lineHeight: 29 });
    yy += h + 10;
  }
  return yy - y;
}
