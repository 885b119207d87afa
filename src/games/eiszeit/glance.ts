/**
 * Eiszeit's glance picture (the table post's first picture, for Discord's inline box): the board with hunters / limit
 * in every region, who decides what, the players' points, stones and hands, the two top cards. Regions that changed
 * since the previous table are outlined. Drawn from views only.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { lineCount, makeCanvas, measure, paragraph, roundRect, seatColor, text } from '../../render/canvas.js';
import { GLANCE_BG, GLANCE_H, GLANCE_INK, GLANCE_SOFT, GLANCE_W, HILITE, changedKey, drawBand, drawPlayerTable, glancePng, hilitePath } from '../../render/glance.js';
import type { Msg, Seat } from '../../engine/types.js';
import type { GlanceContext, RenderContext } from '../types.js';
import { DATA, type EiszeitData } from './data.js';
import { BADGE_FILL, cardName, cardValue, limitFill, limitRange } from './render.js';
import type { EiszeitView, RegionView } from './state.js';

const m = (key: string, args?: Msg['args']): Msg => (args ? { key: `eiszeit.${key}`, args } : { key: `eiszeit.${key}` });
const nameOf = (ctx: RenderContext, seat: Seat): string => ctx.names[seat] ?? `#${seat + 1}`;
const dataOf = (view: EiszeitView): EiszeitData => DATA.get(view.dataVersion ?? 1);

/** Where the board sits on a picture: its left and top edge and its scale (board units to pixels). */
export interface BoardPlace { x: number; y: number; scale: number }

const sameRegion = (a: RegionView, b: RegionView): boolean =>
  a.glacier === b.glacier && a.m === b.m && a.fires === b.fires && a.h.every((k, q) => k === b.h[q]) && a.c.every((k, q) => k === b.c[q]);

/** The regions (indexes) whose hunters, clubs, mammoths, fire tiles or glacier differ from the previous view. */
export function changedRegions(view: EiszeitView, prev: EiszeitView | null | undefined): Set<number> {
  const out = new Set<number>();
  if (!prev || prev.n !== view.n) return out;
  view.regions.forEach((r, i) => { if (!sameRegion(r, prev.regions[i]!)) out.add(i); });
  return out;
}

function regionPath(g: SKRSContext2D, poly: number[][], at: BoardPlace): void {
  g.beginPath();
  poly.forEach(([x, y], i) => (i === 0 ? g.moveTo(at.x + x! * at.scale, at.y + y! * at.scale) : g.lineTo(at.x + x! * at.scale, at.y + y! * at.scale)));
  g.closePath();
}

/** "hunters / limit", red when hunters will be lost, orange when it depends on the fire tiles. Returns its width. */
function badge(g: SKRSContext2D, rv: RegionView, phase: EiszeitView['phase'], x: number, y: number): number {
  const range = limitRange(rv, phase);
  const { hunters, low, high } = range;
  const label = `${hunters} / ${low === high ? low : `${low}–${high}`}`;
  const w = Math.ceil(measure(g, label, 24, true)) + 14;
  const fill = limitFill(range);
  roundRect(g, x, y - 16, w, 32, 6, BADGE_FILL[fill], '#2b2118', 1);
  text(g, label, x + 7, y, { size: 24, bold: true, color: fill === 'ok' ? GLANCE_INK : '#fff', maxWidth: w - 10 });
  return w;
}

/**
 * The board at `at`: each region's number and hunters / limit, its hunters by colour (with clubs), its mammoths.
 * `changed` regions are outlined; with `only`, the other regions are greyed (a choice picture).
 */
export function drawGlanceBoard(g: SKRSContext2D, view: EiszeitView, ctx: RenderContext, at: BoardPlace, changed: Set<number>, labels?: Map<number, string>): Map<number, { x: number; y: number; w: number; h: number }> {
  const tags = new Map<number, { x: number; y: number; w: number; h: number }>();
  const board = dataOf(view).board;
  const land = Object.fromEntries(board.landscapes.map((l) => [l.id, l.color]));
  for (const def of board.regions) {
    const rv = view.regions[def.id - 1]!;
    regionPath(g, def.polygon, at);
    g.fillStyle = rv.glacier ? '#e9f5fc' : land[def.landscape]!;
    g.fill();
    g.strokeStyle = '#4a3b2c';
    g.lineWidth = 2;
    g.stroke();
    if (labels && !labels.has(def.id - 1)) { g.fillStyle = 'rgba(243,234,216,0.6)'; g.fill(); }
  }
  for (const def of board.regions) {
    const i = def.id - 1;
    const rv = view.regions[i]!;
    const [lx, ly] = def.label;
    const x = at.x + lx! * at.scale, y = at.y + ly! * at.scale + 8;
    const tag = labels?.get(i);
    if (tag !== undefined) {
      const w = Math.ceil(measure(g, tag, 28, true)) + 14;
      roundRect(g, x - 10, y - 19, w, 38, 6, '#1d1a14', HILITE, 3);
      text(g, tag, x - 10 + w / 2, y, { size: 28, bold: true, color: '#fff', align: 'center', maxWidth: w });
      tags.set(i, { x: x - 10, y: y - 19, w, h: 38 });
    } else text(g, String(def.id), x - 6, y, { size: 28, bold: true, color: GLANCE_INK });
    if (rv.glacier) {
      text(g, '❄', at.x + def.center[0]! * at.scale, at.y + def.center[1]! * at.scale + 10, { size: 36, color: '#7fb2d0', align: 'center' });
      continue;
    }
    badge(g, rv, view.phase, x - 6, y + 34);
    // hunters by colour (count, clubs), then the mammoths, in rows centred below the label
    const chips: { label: string; fill: string }[] = [];
    rv.h.forEach((k, q) => { if (k > 0) chips.push({ label: rv.c[q] ? `${k}♣${rv.c[q]}` : String(k), fill: seatColor(q) }); });
    if (rv.m > 0) chips.push({ label: `${ctx.t(m('glance.mammoth'))}${rv.m > 1 ? rv.m : ''}`, fill: '#6b4423' });
    const widths = chips.map((c) => Math.ceil(measure(g, c.label, 24, true)) + 14);
    const room = 150 * at.scale / 0.66;
    const rows: number[][] = [];
    widths.forEach((w, k) => {
      const row = rows[rows.length - 1];
      if (row && row.reduce((a, j) => a + widths[j]! + 4, 0) + w <= room) row.push(k); else rows.push([k]);
    });
    const cx = at.x + def.center[0]! * at.scale;
    const top = Math.max(y + 56, at.y + def.center[1]! * at.scale - (rows.length * 38) / 2 + 16);
    rows.forEach((row, r) => {
      let xx = cx - (row.reduce((a, j) => a + widths[j]! + 4, -4)) / 2;
      for (const k of row) {
        roundRect(g, xx, top + r * 38, widths[k]!, 34, 17, chips[k]!.fill, '#1f1a14', 1.5);
        text(g, chips[k]!.label, xx + widths[k]! / 2, top + r * 38 + 17, { size: 24, bold: true, color: '#fff', align: 'center', maxWidth: widths[k]! });
        xx += widths[k]! + 4;
      }
    });
  }
  for (const def of board.regions) if (changed.has(def.id - 1)) { regionPath(g, def.polygon, at); hilitePath(g, 7); }
  return tags;
}

function band(view: EiszeitView, ctx: RenderContext): { seat: Seat | null; doing: string; where: string } {
  const t = ctx.t;
  const where = t(m('glance.round', { round: view.round, rounds: view.rounds }));
  if (view.phase === 'over' || view.decider === null) {
    const best = view.final?.filter((r) => r.place === 1).map((r) => r.seat) ?? [];
    return { seat: best.length === 1 ? best[0]! : null, doing: t(m('glance.over', { seats: best.map((s) => nameOf(ctx, s)).join(', ') })), where };
  }
  const p = nameOf(ctx, view.decider);
  let doing: string;
  if (view.phase === 'pre') doing = t(m('glance.pre', { p }));
  else if (view.phase === 'glacier') doing = t(m('glance.glacier', { p }));
  else if (view.stage === 'act' && view.playing) doing = t(m('glance.act', { p, card: cardName(view, ctx, view.playing.effect) }));
  else doing = t(m(`glance.${view.stage}`, { p }));
  return { seat: view.decider, doing, where };
}

export function renderGlance(view: EiszeitView, ctx: GlanceContext<EiszeitView>): Buffer {
  const t = ctx.t;
  const { canvas, ctx: g } = makeCanvas(GLANCE_W, GLANCE_H, GLANCE_BG);
  const top = drawBand(g, band(view, ctx));
  const changed = changedRegions(view, ctx.previous);
  const board = dataOf(view).board;
  const bw = 690;
  const at: BoardPlace = { x: 10, y: top + 12, scale: bw / board.width };
  drawGlanceBoard(g, view, ctx, at, changed);
  const below = at.y + board.height * at.scale + 14;
  // the key under the board
  const keyW = bw;
  const lines = paragraph(g, t(m('glance.key')), 14, below + 16, { size: 24, color: GLANCE_SOFT, maxWidth: keyW - 8, maxLines: 2, lineHeight: 30 });
  const ky = below + 16 + lines * 30 + 6;
  roundRect(g, 14, ky - 17, 44, 34, 17, '#6b4423', '#1f1a14', 1.5);
  text(g, t(m('glance.mammoth')), 36, ky, { size: 24, bold: true, color: '#fff', align: 'center', maxWidth: 44 });
  const mw = Math.min(220, measure(g, t(m('glance.mammothKey')), 24));
  text(g, t(m('glance.mammothKey')), 66, ky, { size: 24, color: GLANCE_SOFT, maxWidth: 220, ellipsis: true });
  if (changed.size) changedKey(g, 66 + mw + 30, ky, t(m('glance.changed')), keyW - mw - 96);

  // the players and the top cards, on the right
  const rx = bw + 30, rw = GLANCE_W - rx - 12;
  const prev = ctx.previous;
  const rows = view.players.map((p, seat) => ({
    seat, name: nameOf(ctx, seat), acting: view.decider === seat,
    cells: [String(p.score), String(p.stones), `${p.handLight}+${p.handDark}`],
    changed: !!prev && prev.n === view.n && (prev.players[seat]!.score !== p.score || prev.players[seat]!.stones !== p.stones),
  }));
  let y = top + 10;
  y += drawPlayerTable(g, rx, y, rw, [t(m('glance.pts')), t(m('glance.stones')), t(m('glance.hand'))], rows, 42) + 14;
  for (const [key, card] of [['glance.topLight', view.topL], ['glance.topDark', view.topD]] as const) {
    if (!card) continue;
    const s = t(m(key, { card: cardName(view, ctx, card), value: cardValue(view, ctx, card) }));
    if (y + lineCount(g, s, rw, 24) * 30 > GLANCE_H - 6) break;
    y += paragraph(g, s, rx, y + 16, { size: 24, color: GLANCE_INK, maxWidth: rw, lineHeight: 30 }) * 30 + 8;
  }
  return glancePng(canvas);
}
