/** Pictures of Das Tal der Mammuts, drawn only from a view: the map with its legend beside it, the tribes and the last account below. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { circle, lineCount, makeCanvas, measure, paragraph, roundRect, seatColor, text, toPng } from '../../render/canvas.js';
import type { Msg } from '../../engine/types.js';
import type { RenderContext } from '../types.js';
import { cardKind, DATA, SPECIES } from './data.js';
import { REPORT_LINES, type TalView } from './state.js';

const W = 1100;
const R = 62;
const SQ3 = Math.sqrt(3);
const MAP_X = 16 + 5.5 * R;
const MAP_TOP = 12;
const MAP_Y = MAP_TOP + 3.5 * SQ3 * R;
const MAP_BOTTOM = MAP_TOP + 7 * SQ3 * R;
/** The column beside the map: title, round, event, legend. */
const COL_X = MAP_X + 5.5 * R + 18;
const COL_W = W - COL_X - 14;
const LINE = 20;
export const TERRAIN: Record<string, string> = { plain: '#c9df8f', forest: '#5f9a4a', mountain: '#a9896b', lake: '#74aee0' };
export const SP_COLOR = ['#6d6d6d', '#d98c1f', '#7a4b2a', '#8c5a3c', '#8f8f8f', '#5b3b26'];

const center = (q: number, r: number): [number, number] => [MAP_X + 1.5 * R * q, MAP_Y + SQ3 * R * (r + q / 2)];
const speciesName = (rc: RenderContext, sp: number): string => rc.t({ key: `tal.species.${SPECIES[sp]}` });
/** Two letters for a species on the map, in the reader's language (explained in the legend). */
export const speciesCode = (rc: RenderContext, sp: number): string => rc.t({ key: `tal.code.${SPECIES[sp]}` });
/** One capital letter for a terrain, from its name in the reader's language (P/F/M, E/W/G). */
const terrainCode = (rc: RenderContext, terrain: string): string => rc.t({ key: `tal.terrain.${terrain}` }).slice(0, 1).toUpperCase();

export function hexPath(ctx: SKRSContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    const px = x + r * Math.cos(a), py = y + r * Math.sin(a);
    if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

function drawFigure(ctx: SKRSContext2D, x: number, y: number, seat: number, woman: boolean, n: number): void {
  const col = seat >= 6 ? '#777' : seatColor(seat);
  if (woman) {
    ctx.beginPath();
    ctx.moveTo(x, y - 11); ctx.lineTo(x + 11, y + 9); ctx.lineTo(x - 11, y + 9); ctx.closePath();
    ctx.fillStyle = col; ctx.fill(); ctx.strokeStyle = '#222'; ctx.lineWidth = 1.5; ctx.stroke();
    if (n) text(ctx, String(n), x, y + 3, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: 22 });
  } else {
    roundRect(ctx, x - 10, y - 10, 20, 20, 3, col, '#222', 1.5);
    if (n) text(ctx, String(n), x, y, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: 20 });
  }
}

/** The pieces on one hex, read from the view's flat board arrays. */
export function hexView(v: TalView, i: number) {
  const P = v.players;
  return {
    m: v.hx.m.slice(i * P, i * P + P), w: v.hx.w.slice(i * P, i * P + P), an: v.hx.an.slice(i * 6, i * 6 + 6),
    camp: v.hx.camp[i]! < 0 ? null : { seat: v.hx.camp[i]!, kind: v.hx.cave[i] ? 'cave' as const : 'village' as const },
    crop: v.hx.crop[i]!, marker: v.hx.mark[i] === 1 ? 'burnt' : v.hx.mark[i] === 2 ? 'flooded' : null, fence: !!v.hx.fence[i],
  };
}

export function drawCamp(ctx: SKRSContext2D, cx: number, cy: number, seat: number, kind: 'village' | 'cave'): void {
  ctx.beginPath();
  if (kind === 'village') {
    ctx.moveTo(cx - 13, cy + 9); ctx.lineTo(cx - 13, cy - 2); ctx.lineTo(cx, cy - 13); ctx.lineTo(cx + 13, cy - 2); ctx.lineTo(cx + 13, cy + 9); ctx.closePath();
  } else {
    ctx.moveTo(cx - 15, cy + 9); ctx.arc(cx, cy + 9, 15, Math.PI, 0); ctx.closePath();
  }
  ctx.fillStyle = seatColor(seat); ctx.fill(); ctx.strokeStyle = '#111'; ctx.lineWidth = 2; ctx.stroke();
  roundRect(ctx, cx - 4, cy + 1, 8, 8, 1, '#222');
}

function drawFlame(ctx: SKRSContext2D, x: number, y: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y); ctx.quadraticCurveTo(x + 10, y - 8, x + 3, y - 20); ctx.quadraticCurveTo(x, y - 10, x - 4, y - 12); ctx.quadraticCurveTo(x - 10, y - 4, x, y);
  ctx.fillStyle = '#ff7a00'; ctx.fill(); ctx.strokeStyle = '#a33'; ctx.lineWidth = 1; ctx.stroke();
}

function drawField(ctx: SKRSContext2D, x: number, y: number, crop: number): void {
  for (let k = 0; k < crop; k++) {
    ctx.fillStyle = '#e8c22c'; ctx.strokeStyle = '#7a5c00'; ctx.lineWidth = 1;
    ctx.beginPath(); ctx.ellipse(x + k * 9, y, 3.5, 8, 0.3, 0, Math.PI * 2); ctx.fill(); ctx.stroke();
  }
}

function drawFence(ctx: SKRSContext2D, x: number, y: number): void {
  ctx.strokeStyle = '#6b4a1f'; ctx.lineWidth = 3;
  for (let k = -2; k <= 2; k++) { ctx.beginPath(); ctx.moveTo(x + k * 8, y - 5); ctx.lineTo(x + k * 8, y + 5); ctx.stroke(); }
  ctx.beginPath(); ctx.moveTo(x - 20, y); ctx.lineTo(x + 20, y); ctx.stroke();
}

/** An animal token: the species' two letters and how many, on its colour. Returns its width. */
function animalToken(ctx: SKRSContext2D, rc: RenderContext, sp: number, n: number, x: number, y: number, draw = true): number {
  const label = `${speciesCode(rc, sp)}${n > 1 ? ` ${n}` : ''}`;
  const w = measure(ctx, label, 15, true) + 8;
  if (draw) {
    roundRect(ctx, x, y - 10, w, 20, 4, SP_COLOR[sp]!, '#111', 1);
    text(ctx, label, x + 4, y, { size: 15, bold: true, color: '#fff', maxWidth: w - 6 });
  }
  return w;
}

function markerLabel(rc: RenderContext, marker: string): string {
  return rc.t({ key: `tal.mark.${marker}` });
}

/** A burnt or flooded marker: the tint of the hex and its word. */
function drawMarker(ctx: SKRSContext2D, rc: RenderContext, marker: string, x: number, y: number, w: number): void {
  roundRect(ctx, x, y - 11, w, 22, 4, marker === 'burnt' ? '#6b4a3a' : '#4f7fc9');
  text(ctx, markerLabel(rc, marker), x + w / 2, y, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: w });
}

function drawMap(ctx: SKRSContext2D, v: TalView, rc: RenderContext): void {
  const b = DATA.get(v.dataVersion).boards[v.variant]!;
  const fireSeat = new Map<number, number>();
  v.tribes.forEach((t, p) => { if (t.fire) { const i = v.hx.camp.findIndex((c) => c === p); if (i >= 0) fireSeat.set(i, p); } });
  // terrain, markers, labels
  for (const bh of b.hexes) {
    const [x, y] = center(bh.q, bh.r);
    hexPath(ctx, x, y, R);
    ctx.fillStyle = TERRAIN[bh.terrain]!;
    ctx.fill();
    ctx.strokeStyle = '#4a4031'; ctx.lineWidth = 1.2; ctx.stroke();
    const h = hexView(v, bh.i);
    if (h.marker) {
      hexPath(ctx, x, y, R - 4);
      ctx.fillStyle = h.marker === 'burnt' ? 'rgba(60,30,20,0.55)' : 'rgba(30,90,200,0.45)';
      ctx.fill();
    }
    // terrain + region, then the hex number, side by side along the top edge
    const code = bh.terrain === 'lake' ? '' : `${terrainCode(rc, bh.terrain)}${bh.region}`;
    const num = `#${bh.i + 1}`;
    const cw = code ? measure(ctx, code, 15, true) + 6 : 0;
    const total = cw + measure(ctx, num, 15);
    const ty = y - R * 0.66;
    const half = R - (R * 0.66 + 9) / SQ3;
    if (code) text(ctx, code, x - total / 2, ty, { size: 15, bold: true, color: '#111', maxWidth: cw });
    text(ctx, num, x - total / 2 + cw, ty, { size: 15, color: '#111', maxWidth: half * 2 - cw });
    if (bh.letter) {
      circle(ctx, x - R * 0.62, y - R * 0.3, 11, '#fffbe8', '#333', 1);
      text(ctx, bh.letter, x - R * 0.62, y - R * 0.3, { size: 15, bold: true, color: bh.letter === bh.letter.toUpperCase() ? '#7a3f12' : '#2e6b1f', align: 'center', maxWidth: 20 });
    }
    if (bh.volcano) {
      ctx.strokeStyle = '#d6402a'; ctx.lineWidth = 4;
      for (const d of bh.lava) {
        const n = b.hexes[bh.nb[d]!]!;
        const [nx, ny] = center(n.q, n.r);
        ctx.beginPath(); ctx.moveTo(x, y - R * 0.2); ctx.lineTo(x + (nx - x) * 0.5, y + (ny - y) * 0.5); ctx.stroke();
      }
      circle(ctx, x, y - R * 0.2, 9, '#c0392b', '#5a1a10', 2);
    }
  }
  // rivers
  ctx.strokeStyle = '#1f6fd1'; ctx.lineWidth = 5; ctx.lineCap = 'round';
  for (const bh of b.hexes) bh.river.forEach((on, d) => {
    if (!on || d >= 3) return;
    const n = b.hexes[bh.nb[d]!]!;
    const [x1, y1] = center(bh.q, bh.r), [x2, y2] = center(n.q, n.r);
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
    const len = Math.hypot(x2 - x1, y2 - y1);
    const px = -(y2 - y1) / len * R / 2, py = (x2 - x1) / len * R / 2;
    ctx.beginPath(); ctx.moveTo(mx - px, my - py); ctx.lineTo(mx + px, my + py); ctx.stroke();
  });
  ctx.lineCap = 'butt';
  // pieces, all below the labels: camp, people, animals, then field, fence and marker at the bottom
  for (const bh of b.hexes) {
    const [x, y] = center(bh.q, bh.r);
    const h = hexView(v, bh.i);
    if (h.crop) {
      drawField(ctx, x + R * 0.5, y - R * 0.05, h.crop);
      if (h.crop === 1) text(ctx, '½', x + R * 0.62, y + R * 0.22, { size: 15, bold: true, align: 'center', maxWidth: 16 });
    }
    if (h.camp) {
      drawCamp(ctx, x, y - R * 0.3, h.camp.seat, h.camp.kind);
      if (fireSeat.has(bh.i)) drawFlame(ctx, x + 22, y - R * 0.3 + 8);
    }
    // people: one warrior block and one woman triangle per tribe present
    const figs: [number, boolean, number][] = [];
    for (let p = 0; p < v.players; p++) { if (h.m[p]) figs.push([p, false, h.m[p]!]); if (h.w[p]) figs.push([p, true, h.w[p]!]); }
    figs.forEach(([p, woman, n], k) => {
      const col = k % 4, row = Math.floor(k / 4);
      drawFigure(ctx, x - 33 + col * 22, y + 4 + row * 23, p, woman, n);
    });
    // animals: one token per species, in rows from the bottom up
    const stacks = h.an.map((n, sp) => [sp, n] as const).filter(([, n]) => n > 0);
    const widths = stacks.map(([sp, n]) => animalToken(ctx, rc, sp, n, 0, 0, false));
    // rows from the bottom up, each as wide as the hex allows at its height
    const baseY = y + R * 0.6 - (h.marker || h.fence ? 18 : 0);
    const room = (r: number): number => 2 * (R - (Math.abs(baseY - r * 22 - y) + 10) / SQ3) - 6;
    const rows: number[][] = [];
    widths.forEach((w, k) => {
      const row = rows[rows.length - 1];
      if (row && row.reduce((a, i) => a + widths[i]! + 4, 0) + w <= room(rows.length - 1)) row.push(k); else rows.push([k]);
    });
    rows.forEach((row, r) => {
      const rowW = row.reduce((a, i) => a + widths[i]! + 4, -4);
      let ax = x - rowW / 2;
      for (const k of row) ax += animalToken(ctx, rc, stacks[k]![0], stacks[k]![1], ax, baseY - r * 22) + 4;
    });
    if (h.fence) drawFence(ctx, x, y + R * 0.8);
    if (h.marker) text(ctx, markerLabel(rc, h.marker), x, y + R * 0.72, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: 2 * (R - (R * 0.72 + 9) / SQ3) });
  }
}

function drawWindRose(ctx: SKRSContext2D, v: TalView, x: number, y: number): void {
  circle(ctx, x, y, 40, '#fffaf0', '#555', 1.5);
  DATA.get(v.dataVersion).wind.forEach((d, face) => {
    const [dq, dr] = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]][d]!;
    const vx = 1.5 * dq, vy = SQ3 * (dr + dq / 2);
    const len = Math.hypot(vx, vy);
    const ex = x + (vx / len) * 29, ey = y + (vy / len) * 29;
    ctx.strokeStyle = '#555'; ctx.lineWidth = 1.5;
    ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + (vx / len) * 17, y + (vy / len) * 17); ctx.stroke();
    text(ctx, String(face + 1), ex, ey, { size: 15, bold: true, align: 'center', maxWidth: 16 });
  });
}

const statusLine = (v: TalView, rc: RenderContext): string => rc.t({ key: 'tal.ui.status', args: { n: v.round, season: { key: `tal.season.${v.season}` }, k: v.roundInSeason, len: v.seasonLength, stage: { key: `tal.stage.${v.stage}` } } });

/** The column beside the map. Returns its bottom (draws only when `draw`). */
function drawSide(ctx: SKRSContext2D, v: TalView, rc: RenderContext, draw: boolean): number {
  const t = rc.t;
  const x = COL_X, w = COL_W;
  let y = 26;
  const para = (s: string, opts: { size?: number; bold?: boolean; color?: string } = {}): void => {
    const size = opts.size ?? 15;
    const lh = Math.round(size * 1.3);
    if (draw) paragraph(ctx, s, x, y, { size, bold: opts.bold, color: opts.color ?? '#222', maxWidth: w, lineHeight: lh });
    y += lineCount(ctx, s, w, size, opts.bold) * lh;
  };
  para('Das Tal der Mammuts', { size: 22, bold: true });
  y += 4;
  if (v.endedBy) {
    const endKey = v.endedBy === 'victory' ? 'tal.end.victory' : v.endedBy === 'all_lost' ? 'tal.end.allLost' : 'tal.end.cap';
    const s = t({ key: endKey, args: { p: v.winners.map((seat) => ({ seat })), n: v.round } });
    const lines = lineCount(ctx, s, w - 20, 16, true);
    if (draw) {
      roundRect(ctx, x, y - 14, w, lines * 21 + 10, 8, '#222', '#f2c14e', 3);
      paragraph(ctx, s, x + 10, y + 2, { size: 16, bold: true, color: '#fff', maxWidth: w - 20, lineHeight: 21 });
    }
    y += lines * 21 + 14;
  }
  para(statusLine(v, rc), { size: 16 });
  y += 8;
  // season track, bag, rules
  for (let k = 1; k <= v.seasonLength; k++) {
    const cur = k === v.roundInSeason;
    if (draw) {
      roundRect(ctx, x + (k - 1) * 50, y - 13, 44, 26, 5, cur ? (v.season === 'summer' ? '#f2c14e' : '#8fc1ee') : '#e6dcc6', '#555', cur ? 2.5 : 1);
      text(ctx, `${t({ key: `tal.season.${v.season}` }).slice(0, 1).toUpperCase()}${k}`, x + (k - 1) * 50 + 22, y, { size: 15, bold: cur, align: 'center', maxWidth: 44 });
    }
  }
  if (draw) text(ctx, t({ key: 'tal.ui.bag', args: { n: v.bag } }), x + w, y, { size: 15, align: 'right', maxWidth: w - v.seasonLength * 50 });
  y += 28;
  if (v.advanced) para(t({ key: 'tal.lobby.advanced' }), { color: '#a33' });
  y += 6;
  // event
  const evName = v.event ? t({ key: `tal.event.${v.event}.name` }) : t({ key: 'tal.ui.none' });
  para(`${t({ key: 'tal.ui.event' })}: ${evName}`, { size: 17, bold: true });
  if (v.event) para(t({ key: `tal.event.${v.event}.text` }), { color: '#333' });
  const lasting = v.lasting.map((k) => t({ key: `tal.event.${DATA.get(v.dataVersion).events.find((e) => e.kind === k)!.id}.name` }));
  if (lasting.length) para(`${t({ key: 'tal.ui.lasting' })}: ${lasting.join(', ')}`, { color: '#7a3f12' });
  // legend
  y += 8;
  if (draw) { ctx.strokeStyle = '#b9a98a'; ctx.lineWidth = 1; ctx.beginPath(); ctx.moveTo(x, y - 10); ctx.lineTo(x + w, y - 10); ctx.stroke(); }
  y += 4;
  para(t({ key: 'tal.legend.title' }), { size: 17, bold: true });
  const codes = ['plain', 'forest', 'mountain'].map((tr) => `${terrainCode(rc, tr)} ${t({ key: `tal.terrain.${tr}` })}`).join(', ');
  para(t({ key: 'tal.legend.hex', args: { codes } }));
  para(t({ key: 'tal.legend.letters' }));
  para(t({ key: 'tal.legend.lava' }));
  para(t({ key: 'tal.legend.river' }));
  para(t({ key: 'tal.legend.wind' }));
  y += 4;
  para(t({ key: 'tal.legend.animals' }));
  y += 4;
  // species tokens, two a row
  SPECIES.forEach((_, sp) => {
    const cx = x + (sp % 2) * (w / 2), cy = y + Math.floor(sp / 2) * 26;
    const tw = animalToken(ctx, rc, sp, 1, cx, cy, draw);
    if (draw) text(ctx, speciesName(rc, sp), cx + tw + 6, cy, { size: 15, maxWidth: w / 2 - tw - 10 });
  });
  y += 3 * 26 + 6;
  // pieces, in a flow of icon and word
  const markW = Math.max(measure(ctx, markerLabel(rc, 'burnt'), 15, true), measure(ctx, markerLabel(rc, 'flooded'), 15, true)) + 10;
  const items: [number, (px: number, py: number) => void, string][] = [
    [24, (px, py) => drawFigure(ctx, px + 10, py, 0, false, 2), t({ key: 'tal.figure.warrior' })],
    [24, (px, py) => drawFigure(ctx, px + 10, py, 0, true, 2), t({ key: 'tal.figure.woman' })],
    [30, (px, py) => drawCamp(ctx, px + 14, py + 2, 0, 'village'), t({ key: 'tal.camp.village' })],
    [32, (px, py) => drawCamp(ctx, px + 15, py - 2, 0, 'cave'), t({ key: 'tal.camp.cave' })],
    [24, (px, py) => drawField(ctx, px + 6, py, 2), t({ key: 'tal.legend.field' })],
    [42, (px, py) => drawFence(ctx, px + 20, py), t({ key: 'tal.legend.fence' })],
    [markW, (px, py) => drawMarker(ctx, rc, 'burnt', px, py, markW), t({ key: 'tal.legend.burnt' })],
    [markW, (px, py) => drawMarker(ctx, rc, 'flooded', px, py, markW), t({ key: 'tal.legend.flooded' })],
  ];
  if (v.advanced) items.push([20, (px, py) => drawFlame(ctx, px + 10, py + 9), t({ key: 'tal.ui.fire' })]);
  let fx = x;
  y += 4;
  for (const [iw, icon, label] of items) {
    const itemW = iw + 6 + measure(ctx, label, 15);
    if (fx > x && fx + itemW > x + w) { fx = x; y += 28; }
    if (draw) { icon(fx, y); text(ctx, label, fx + iw + 6, y, { size: 15, maxWidth: x + w - fx - iw - 6 }); }
    fx += itemW + 18;
  }
  y += 20;
  return y;
}

/** The tribes, one row each, under the map. */
function drawTribes(ctx: SKRSContext2D, v: TalView, rc: RenderContext, top: number): number {
  const t = rc.t;
  let y = top;
  const cols = [20, 320, 420, 510, 600, 690, 780, 850];
  const heads = [t({ key: 'tal.ui.player' }), t({ key: 'tal.ui.food' }), t({ key: 'tal.ui.cards' }), t({ key: 'tal.ui.women' }), t({ key: 'tal.ui.warriors' }), t({ key: 'tal.ui.camps' }), t({ key: 'tal.ui.fire' })];
  heads.forEach((hd, k) => text(ctx, hd, cols[k]! + (k === 0 ? 28 : 0), y, { size: 15, bold: true, color: '#444', maxWidth: (k === 0 ? 270 : cols[k + 1]! - cols[k]! - 6) }));
  v.tribes.forEach((tr, p) => {
    y += 28;
    const acting = v.acting.includes(p);
    if (acting) roundRect(ctx, 12, y - 13, W - 24, 26, 5, '#fff3c4');
    roundRect(ctx, cols[0]!, y - 10, 20, 20, 3, seatColor(p), '#222', 1);
    const pos = v.order.indexOf(p);
    if (pos >= 0) text(ctx, String(pos + 1), cols[0]! + 10, y, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: 20 });
    text(ctx, rc.names[p] ?? `P${p + 1}`, cols[0]! + 28, y, { size: 16, bold: acting, maxWidth: cols[1]! - cols[0]! - 36, ellipsis: true });
    const nums = [tr.food, tr.cards, tr.women, tr.warriors, tr.camps];
    nums.forEach((n, k) => text(ctx, String(n), cols[k + 1]!, y, { size: 16, bold: k === 4 && tr.camps >= 4, maxWidth: cols[k + 2]! - cols[k + 1]! - 6 }));
    if (tr.fire) drawFlame(ctx, cols[6]! + 10, y + 8);
    const note = tr.status === 'out' ? t({ key: 'tal.ui.out' }) : tr.status === 'returning' ? t({ key: 'tal.ui.returning' }) : tr.announced ? t({ key: 'tal.ui.fourCamps' }) : '';
    if (note) text(ctx, note, cols[7]!, y, { size: 15, bold: true, color: '#a33', maxWidth: W - 20 - cols[7]! });
  });
  return y + 20;
}

/** The account of the last fights, survival and births, under the tribes; the last `max` lines when longer. */
function reportRows(ctx: SKRSContext2D, v: TalView, rc: RenderContext, max = 40): { s: string; bold: boolean }[] {
  const rows: { s: string; bold: boolean }[] = [];
  const sections = v.report.filter((r) => r.lines.length > 0);
  for (const [i, sec] of sections.entries()) {
    rows.push({ s: rc.t(sec.title), bold: true });
    // The state keeps the newest REPORT_LINES lines: when it is full, the oldest section may have lost its first
    // lines (the play-through's Tal 6: earlier fights of the round seemed missing). Say so instead.
    if (i === 0 && sections.reduce((a, x) => a + x.lines.length, 0) >= REPORT_LINES) rows.push({ s: rc.t({ key: 'tal.acc.earlier' }), bold: false });
    for (const l of sec.lines) rows.push({ s: rc.t(l), bold: false });
  }
  const cut = rows.length > max ? [{ s: '…', bold: false }, ...rows.slice(rows.length - max + 1)] : rows;
  return cut;
}

function reportHeight(ctx: SKRSContext2D, rows: { s: string; bold: boolean }[]): number {
  return rows.reduce((a, r) => a + lineCount(ctx, r.s, W - 40, 15, r.bold) * LINE, 0);
}

export function renderTable(v: TalView, rc: RenderContext): Buffer {
  const { ctx: probe } = makeCanvas(1, 1);
  const sideBottom = drawSide(probe, v, rc, false);
  const tribesTop = Math.max(MAP_BOTTOM, sideBottom) + 26;
  const rows = reportRows(probe, v, rc);
  const H = tribesTop + 28 * (v.tribes.length + 1) + 20 + (rows.length ? 14 + reportHeight(probe, rows) : 0) + 10;
  const { canvas, ctx } = makeCanvas(W, H);
  drawMap(ctx, v, rc);
  drawWindRose(ctx, v, 58, MAP_BOTTOM - 52);
  drawSide(ctx, v, rc, true);
  let y = drawTribes(ctx, v, rc, tribesTop);
  if (rows.length) {
    ctx.strokeStyle = '#b9a98a'; ctx.lineWidth = 1; ctx.beginPath(); ctx.moveTo(20, y - 6); ctx.lineTo(W - 20, y - 6); ctx.stroke();
    y += 10;
    for (const r of rows) y += paragraph(ctx, r.s, 20, y, { size: 15, bold: r.bold, color: r.bold ? '#222' : '#333', maxWidth: W - 40, lineHeight: LINE }) * LINE;
  }
  return toPng(canvas);
}

export function renderHand(v: TalView, seat: number, rc: RenderContext): Buffer | null {
  if (v.hand === null || v.seat !== seat) return null;
  const t = rc.t;
  const per = 4, cw = 256, gap = 12;
  const { ctx: probe } = makeCanvas(1, 1);
  const kinds = v.hand.map((id) => cardKind(id));
  const nameLines = Math.max(1, ...kinds.map((k) => lineCount(probe, t({ key: `tal.card.${k}.name` }), cw - 20, 17, true)));
  const textLines = Math.max(1, ...kinds.map((k) => lineCount(probe, t({ key: `tal.card.${k}.text` }), cw - 20, 15)));
  const whenLines = Math.max(1, ...kinds.map((k) => lineCount(probe, `${t({ key: 'tal.ui.when' })}: ${t({ key: `tal.window.${DATA.get(v.dataVersion).cardByKind[k]!.window}` })}`, cw - 20, 15)));
  const ch = 20 + nameLines * 22 + 8 + whenLines * LINE + 10 + textLines * LINE + 8;
  const rowsN = Math.max(1, Math.ceil(v.hand.length / per));
  const width = v.hand.length === 0 ? 480 : 14 + Math.min(per, v.hand.length) * (cw + gap);
  const { canvas, ctx } = makeCanvas(Math.max(480, width), 50 + rowsN * (ch + gap));
  text(ctx, t({ key: 'tal.ui.hand', args: { p: { seat } } }), 14, 22, { size: 18, bold: true, color: seatColor(seat), maxWidth: Math.max(480, width) - 28, ellipsis: true });
  if (v.hand.length === 0) text(ctx, t({ key: 'tal.ui.emptyHand' }), 14, 60, { size: 16 });
  kinds.forEach((kind, k) => {
    const def = DATA.get(v.dataVersion).cardByKind[kind]!;
    const x = 14 + (k % per) * (cw + gap), y = 44 + Math.floor(k / per) * (ch + gap);
    roundRect(ctx, x, y, cw, ch, 10, '#e7f3df', '#2f6b2a', 3);
    let yy = y + 20;
    yy += paragraph(ctx, t({ key: `tal.card.${kind}.name` }), x + 10, yy, { size: 17, bold: true, maxWidth: cw - 20, lineHeight: 22, maxLines: nameLines }) * 22 + 8;
    yy += paragraph(ctx, `${t({ key: 'tal.ui.when' })}: ${t({ key: `tal.window.${def.window}` })}`, x + 10, yy, { size: 15, color: '#7a3f12', maxWidth: cw - 20, lineHeight: LINE }) * LINE + 10;
    paragraph(ctx, t({ key: `tal.card.${kind}.text` }), x + 10, yy, { size: 15, maxWidth: cw - 20, lineHeight: LINE, maxLines: textLines });
  });
  return toPng(canvas);
}

export function stage(v: TalView): Msg {
  return { key: 'tal.ui.stage', args: { n: v.round, stage: { key: `tal.stage.${v.stage}` } } };
}

export function status(v: TalView, rc: RenderContext): string {
  const t = rc.t;
  const line = statusLine(v, rc);
  const ev = v.event ? ` ${t({ key: 'tal.ui.event' })}: ${t({ key: `tal.event.${v.event}.name` })}.` : '';
  return line + ev;
}
