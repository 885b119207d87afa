/**
 * Endless Winter's map for the inline pictures (glance and choice): tiles in their terrain's colour with their number,
 * camps per tribe, settlements at the meeting points; changed tiles outlined, chosen tiles labelled. Texts 24 px or more.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { measure, roundRect, seatColor, text } from '../../render/canvas.js';
import { settlementIcon } from './render-common.js';
import { HILITE, hilitePath } from '../../render/glance.js';
import { DATA } from './data.js';
import { POINTS, hexCenter } from './geometry.js';
import type { EwView } from './view.js';

/** Where the map is drawn: the start tile's centre and the hexes' radius. */
export interface MapPlace { x: number; y: number; S: number }

function hexPath(g: SKRSContext2D, x: number, y: number, r: number): void {
  g.beginPath();
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k + Math.PI / 6;
    const px = x + r * Math.cos(a), py = y + r * Math.sin(a);
    if (k === 0) g.moveTo(px, py); else g.lineTo(px, py);
  }
  g.closePath();
}

export function tileCentre(at: MapPlace, i: number): [number, number] {
  const [hx, hy] = hexCenter(i, at.S);
  return [at.x + hx, at.y + hy];
}

/** The tiles whose camps or neighbouring settlements differ between two views. */
export function changedTiles(v: EwView, prev: EwView | null | undefined): Set<number> {
  const out = new Set<number>();
  if (!prev || prev.n !== v.n) return out;
  v.camps.forEach((c, i) => { if (c.some((k, s) => k !== prev.camps[i]![s])) out.add(i); });
  v.settle.forEach((seat, pt) => { if (seat !== prev.settle[pt]) for (const i of POINTS[pt]!) out.add(i); });
  return out;
}

function settlement(g: SKRSContext2D, x: number, y: number, seat: number): void {
  settlementIcon(g, x, y, seatColor(seat), { r: 14, top: 16, eave: 3, floor: 13, line: 2 });
}

/**
 * Draws the map at `at`. `labels` tags tiles (a choice's places) in place of their number and returns where each tag
 * was drawn; `changed` tiles are outlined; with `dim`, the tiles not labelled are greyed.
 */
export function drawGlanceMap(g: SKRSContext2D, v: EwView, at: MapPlace, opts: { changed?: Set<number>; labels?: Map<number, string>; dim?: boolean } = {}): Map<number, { x: number; y: number; w: number; h: number }> {
  const data = DATA.get(v.dataVersion);
  const tags = new Map<number, { x: number; y: number; w: number; h: number }>();
  v.tiles.forEach((type, i) => {
    const [x, y] = tileCentre(at, i);
    const terr = type < 0 ? data.start : type === 6 ? data.glacier : data.terrain[type]!;
    hexPath(g, x, y, at.S - 1);
    g.fillStyle = terr.color; g.fill();
    g.strokeStyle = '#6b5a45'; g.lineWidth = 2; g.stroke();
    if (opts.dim && !opts.labels?.has(i)) { g.fillStyle = 'rgba(243,234,216,0.6)'; g.fill(); }
    const fg = terr.id === 'forest' ? '#fff' : '#1d1a14';
    const label = opts.labels?.get(i);
    const ly = y - at.S * 0.45;
    if (label !== undefined) {
      const w = Math.ceil(measure(g, label, 26, true)) + 12;
      roundRect(g, x - w / 2, ly - 17, w, 34, 6, '#1d1a14', HILITE, 3);
      text(g, label, x, ly, { size: 26, bold: true, color: '#fff', align: 'center', maxWidth: w });
      tags.set(i, { x: x - w / 2, y: ly - 17, w, h: 34 });
    } else if (!opts.labels) {
      text(g, `#${i}${v.ice[i] !== -1 ? '❄' : ''}`, x, ly, { size: 24, bold: true, color: fg, align: 'center', maxWidth: at.S * 1.5 });
    }
    const present = v.camps[i]!.map((c, seat) => ({ c, seat })).filter((e) => e.c > 0);
    // four camps side by side still fit a tile's width at the glance's size
    const cw = 25;
    present.forEach((e, k) => {
      const bx = x - (present.length * (cw + 2) - 2) / 2 + k * (cw + 2), by = y + 2;
      roundRect(g, bx, by, cw, 32, 4, seatColor(e.seat), '#222', 1.5);
      text(g, String(e.c), bx + cw / 2, by + 16, { size: 24, bold: true, color: '#fff', align: 'center', maxWidth: cw });
    });
  });
  v.settle.forEach((seat, pt) => {
    if (seat < 0) return;
    const ps = POINTS[pt]!.map((i) => tileCentre(at, i));
    settlement(g, (ps[0]![0] + ps[1]![0] + ps[2]![0]) / 3, (ps[0]![1] + ps[1]![1] + ps[2]![1]) / 3, seat);
  });
  if (opts.changed) v.tiles.forEach((_, i) => { if (opts.changed!.has(i)) { const [x, y] = tileCentre(at, i); hexPath(g, x, y, at.S - 4); hilitePath(g, 6); } });
  return tags;
}
