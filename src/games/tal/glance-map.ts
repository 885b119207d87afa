/**
 * The Tal's map for the inline pictures (glance and choice): hexes with their number, camps, people per tribe
 * (warriors·women), animals, rivers; changed hexes outlined, chosen hexes labelled. Texts are 24 px or more.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { measure, roundRect, seatColor, text } from '../../render/canvas.js';
import { GLANCE_INK, HILITE, hilitePath } from '../../render/glance.js';
import type { RenderContext } from '../types.js';
import { DATA } from './data.js';
import { SP_COLOR, TERRAIN, drawCamp, hexPath, hexView, speciesCode } from './render.js';
import type { TalView } from './state.js';

const SQ3 = Math.sqrt(3);

/** Where the map is drawn: the centre hex (q = r = 0) at `x`, `y`, hexes of radius `R`. */
export interface MapPlace { x: number; y: number; R: number }

export const hexCentre = (at: MapPlace, q: number, r: number): [number, number] => [at.x + 1.5 * at.R * q, at.y + SQ3 * at.R * (r + q / 2)];

/** The hexes (indexes) whose pieces differ between two views. */
export function changedHexes(v: TalView, prev: TalView | null | undefined): Set<number> {
  const out = new Set<number>();
  if (!prev || prev.players !== v.players || prev.variant !== v.variant) return out;
  const keys = ['m', 'w', 'an', 'camp', 'cave', 'crop', 'mark', 'fence'] as const;
  const n = v.hx.camp.length;
  for (let i = 0; i < n; i++) {
    for (const k of keys) {
      const a = v.hx[k] as number[] | boolean[], b = prev.hx[k] as number[] | boolean[];
      const per = a.length / n;
      let differs = false;
      for (let j = i * per; j < (i + 1) * per; j++) if (a[j] !== b[j]) differs = true;
      if (differs) { out.add(i); break; }
    }
  }
  return out;
}

/** The people on a hex, one chip a tribe: "3" warriors, "3·1" warriors and women. */
export function peopleChips(v: TalView, i: number): { seat: number; label: string }[] {
  const h = hexView(v, i);
  const out: { seat: number; label: string }[] = [];
  for (let p = 0; p < v.players; p++) if (h.m[p] || h.w[p]) out.push({ seat: p, label: h.w[p] ? `${h.m[p]}·${h.w[p]}` : String(h.m[p]) });
  return out;
}

/** A row of chips centred on `cx`, kept inside `[lo, hi]`. */
function chipRow(g: SKRSContext2D, items: { label: string; fill: string }[], cx: number, cy: number, lo: number, hi: number): void {
  const widths = items.map((c) => Math.ceil(measure(g, c.label, 24, true)) + 10);
  const total = widths.reduce((a, b) => a + b + 3, -3);
  let x = Math.max(lo, Math.min(hi - total, cx - total / 2));
  items.forEach((c, k) => {
    roundRect(g, x, cy - 15, widths[k]!, 30, 5, c.fill, '#111', 1.2);
    text(g, c.label, x + widths[k]! / 2, cy, { size: 24, bold: true, color: '#fff', align: 'center', maxWidth: widths[k]! });
    x += widths[k]! + 3;
  });
}

/**
 * Draws the map (all of it, or only `hexes`) at `at`. `labels` puts a tag on hexes (a choice's places) in place of the
 * hex number and returns where each tag was drawn; `changed` hexes are outlined.
 */
export function drawGlanceMap(g: SKRSContext2D, v: TalView, rc: RenderContext, at: MapPlace, opts: { changed?: Set<number>; labels?: Map<number, string>; dim?: boolean } = {}): Map<number, { x: number; y: number; w: number; h: number }> {
  const b = DATA.get(v.dataVersion).boards[v.variant]!;
  const R = at.R;
  const tags = new Map<number, { x: number; y: number; w: number; h: number }>();
  for (const bh of b.hexes) {
    const [x, y] = hexCentre(at, bh.q, bh.r);
    hexPath(g, x, y, R);
    g.fillStyle = TERRAIN[bh.terrain]!;
    g.fill();
    g.strokeStyle = '#4a4031'; g.lineWidth = 1.5; g.stroke();
    const h = hexView(v, bh.i);
    if (h.marker) { hexPath(g, x, y, R - 4); g.fillStyle = h.marker === 'burnt' ? 'rgba(60,30,20,0.55)' : 'rgba(30,90,200,0.45)'; g.fill(); }
    if (opts.dim && !opts.labels?.has(bh.i)) { hexPath(g, x, y, R); g.fillStyle = 'rgba(243,234,216,0.55)'; g.fill(); }
  }
  // rivers
  g.strokeStyle = '#1f6fd1'; g.lineWidth = 6; g.lineCap = 'round';
  for (const bh of b.hexes) bh.river.forEach((on, d) => {
    if (!on || d >= 3) return;
    const n = b.hexes[bh.nb[d]!]!;
    const [x1, y1] = hexCentre(at, bh.q, bh.r), [x2, y2] = hexCentre(at, n.q, n.r);
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, len = Math.hypot(x2 - x1, y2 - y1);
    const px = -(y2 - y1) / len * R / 2, py = (x2 - x1) / len * R / 2;
    g.beginPath(); g.moveTo(mx - px, my - py); g.lineTo(mx + px, my + py); g.stroke();
  });
  g.lineCap = 'butt';
  for (const bh of b.hexes) {
    const [x, y] = hexCentre(at, bh.q, bh.r);
    const h = hexView(v, bh.i);
    const label = opts.labels?.get(bh.i);
    if (label !== undefined) {
      const w = Math.ceil(measure(g, label, 26, true)) + 12;
      roundRect(g, x - w / 2, y - R * 0.62 - 17, w, 34, 6, '#1d1a14', HILITE, 3);
      text(g, label, x, y - R * 0.62, { size: 26, bold: true, color: '#fff', align: 'center', maxWidth: w });
      tags.set(bh.i, { x: x - w / 2, y: y - R * 0.62 - 17, w, h: 34 });
    } else if (!opts.labels) {
      text(g, `#${bh.i + 1}`, x, y - R * 0.62, { size: 24, bold: true, color: bh.terrain === 'forest' ? '#fff' : GLANCE_INK, align: 'center', maxWidth: R * 1.3 });
    }
    if (h.camp) {
      // the owner's colour round the inside of the hex, and the camp's sign on its right
      hexPath(g, x, y, R - 5);
      g.strokeStyle = seatColor(h.camp.seat); g.lineWidth = 6; g.stroke();
      drawCamp(g, x + R * 0.68, y - R * 0.12, h.camp.seat, h.camp.kind);
    }
    const people = peopleChips(v, bh.i);
    if (people.length) chipRow(g, people.map((c) => ({ label: c.label, fill: seatColor(c.seat) })), x, y + (h.an.some((n) => n > 0) ? -2 : R * 0.15), at.x - 5.5 * R, at.x + 5.5 * R);
    const animals = h.an.map((n, sp) => ({ n, sp })).filter((a) => a.n > 0).map((a) => ({ label: `${speciesCode(rc, a.sp)}${a.n > 1 ? a.n : ''}`, fill: SP_COLOR[a.sp]! }));
    if (animals.length) chipRow(g, animals, x, y + (people.length ? R * 0.52 : R * 0.2), at.x - 5.5 * R, at.x + 5.5 * R);
  }
  if (opts.changed) for (const bh of b.hexes) if (opts.changed.has(bh.i)) { const [x, y] = hexCentre(at, bh.q, bh.r); hexPath(g, x, y, R - 3); hilitePath(g, 6); }
  return tags;
}
