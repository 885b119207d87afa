/** Pictures of Das Tal der Mammuts, drawn only from a view. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { circle, font, makeCanvas, roundRect, seatColor, text, toPng } from '../../render/canvas.js';
import type { Msg } from '../../engine/types.js';
import type { RenderContext } from '../types.js';
import { cardKind, DIRS, SPECIES, talData } from './data.js';
import type { TalView } from './engine.js';

const R = 60;
const SQ3 = Math.sqrt(3);
const MAP_X = 36 + 5.5 * R;
const MAP_Y = 14 + 3.5 * SQ3 * R;
const W = 1400, H = 760 > 14 + 7 * SQ3 * R ? 760 : Math.ceil(28 + 7 * SQ3 * R);
const TERRAIN: Record<string, string> = { plain: '#c9df8f', forest: '#5f9a4a', mountain: '#a9896b', lake: '#74aee0' };
const SP_COLOR = ['#6d6d6d', '#d98c1f', '#7a4b2a', '#8c5a3c', '#8f8f8f', '#5b3b26'];
const SP_ABBR = { en: ['Wolf', 'Tiger', 'Bear', 'Bison', 'Rhino', 'Mamm'], de: ['Wolf', 'Tiger', 'Bär', 'Bison', 'Nash', 'Mamm'] };

const center = (q: number, r: number): [number, number] => [MAP_X + 1.5 * R * q, MAP_Y + SQ3 * R * (r + q / 2)];

function hexPath(ctx: SKRSContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    const px = x + r * Math.cos(a), py = y + r * Math.sin(a);
    if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

function wrap(ctx: SKRSContext2D, s: string, width: number, size: number): string[] {
  font(ctx, size);
  const words = s.split(/\s+/);
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    const next = cur ? `${cur} ${w}` : w;
    if (ctx.measureText(next).width > width && cur) { lines.push(cur); cur = w; } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

function drawFigure(ctx: SKRSContext2D, x: number, y: number, seat: number, woman: boolean, n: number): void {
  const col = seat >= 6 ? '#777' : seatColor(seat);
  if (woman) {
    ctx.beginPath();
    ctx.moveTo(x, y - 10); ctx.lineTo(x + 10, y + 8); ctx.lineTo(x - 10, y + 8); ctx.closePath();
    ctx.fillStyle = col; ctx.fill(); ctx.strokeStyle = '#222'; ctx.lineWidth = 1.5; ctx.stroke();
    if (n) text(ctx, String(n), x, y + 2, { size: 11, bold: true, color: '#fff', align: 'center' });
  } else {
    roundRect(ctx, x - 10, y - 9, 20, 18, 3, col, '#222', 1.5);
    if (n) text(ctx, String(n), x, y, { size: 12, bold: true, color: '#fff', align: 'center' });
  }
}

/** The pieces on one hex, read from the view's flat board arrays. */
function hexView(v: TalView, i: number) {
  const P = v.players;
  return {
    m: v.hx.m.slice(i * P, i * P + P), w: v.hx.w.slice(i * P, i * P + P), an: v.hx.an.slice(i * 6, i * 6 + 6),
    camp: v.hx.camp[i]! < 0 ? null : { seat: v.hx.camp[i]!, kind: v.hx.cave[i] ? 'cave' as const : 'village' as const },
    crop: v.hx.crop[i]!, marker: v.hx.mark[i] === 1 ? 'burnt' : v.hx.mark[i] === 2 ? 'flooded' : null, fence: !!v.hx.fence[i],
  };
}

function drawCamp(ctx: SKRSContext2D, cx: number, cy: number, seat: number, kind: 'village' | 'cave'): void {
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

function drawMap(ctx: SKRSContext2D, v: TalView, rc: RenderContext): void {
  const b = talData().boards[v.variant]!;
  const fireSeat = new Map<number, number>();
  v.tribes.forEach((t, p) => { if (t.fire) { const i = v.hx.camp.findIndex((c) => c === p); if (i >= 0) fireSeat.set(i, p); } });
  // terrain
  for (const bh of b.hexes) {
    const [x, y] = center(bh.q, bh.r);
    hexPath(ctx, x, y, R);
    ctx.fillStyle = TERRAIN[bh.terrain]!;
    ctx.fill();
    ctx.strokeStyle = '#4a4031'; ctx.lineWidth = 1.2; ctx.stroke();
    if (bh.face !== b.hexes[0]!.face && bh.q === 0) { /* seam drawn by outline */ }
    if (bh.volcano) {
      circle(ctx, x, y - R * 0.2, 9, '#c0392b', '#5a1a10', 2);
      ctx.strokeStyle = '#d6402a'; ctx.lineWidth = 4;
      for (const d of bh.lava) {
        const n = b.hexes[bh.nb[d]!]!;
        const [nx, ny] = center(n.q, n.r);
        ctx.beginPath(); ctx.moveTo(x, y - R * 0.2); ctx.lineTo(x + (nx - x) * 0.5, y + (ny - y) * 0.5); ctx.stroke();
      }
    }
    const h = hexView(v, bh.i);
    if (h.marker) {
      hexPath(ctx, x, y, R - 4);
      ctx.fillStyle = h.marker === 'burnt' ? 'rgba(60,30,20,0.55)' : 'rgba(30,90,200,0.45)';
      ctx.fill();
      text(ctx, h.marker === 'burnt' ? (rc.t.locale === 'de' ? 'BRAND' : 'FIRE') : (rc.t.locale === 'de' ? 'FLUT' : 'FLOOD'), x, y + R * 0.55, { size: 11, bold: true, color: '#fff', align: 'center' });
    }
    if (bh.terrain !== 'lake') {
      const t = bh.terrain === 'plain' ? 'P' : bh.terrain === 'forest' ? (rc.t.locale === 'de' ? 'W' : 'F') : (rc.t.locale === 'de' ? 'G' : 'M');
      text(ctx, `${t}${bh.region}`, x - R * 0.55, y - R * 0.62, { size: 12, bold: true, color: '#1d1d1d', align: 'center' });
    }
    text(ctx, `#${bh.i + 1}`, x + R * 0.5, y - R * 0.62, { size: 11, color: '#1d1d1d', align: 'center' });
    if (bh.letter) {
      circle(ctx, x - R * 0.78, y, 9, '#fffbe8', '#333', 1);
      text(ctx, bh.letter, x - R * 0.78, y, { size: 12, bold: true, color: bh.letter === bh.letter.toUpperCase() ? '#7a3f12' : '#2e6b1f', align: 'center' });
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
  // pieces
  for (const bh of b.hexes) {
    const [x, y] = center(bh.q, bh.r);
    const h = hexView(v, bh.i);
    if (h.crop) {
      for (let k = 0; k < h.crop; k++) {
        ctx.fillStyle = '#e8c22c'; ctx.strokeStyle = '#7a5c00'; ctx.lineWidth = 1;
        ctx.beginPath(); ctx.ellipse(x + R * 0.52 + k * 9, y + R * 0.05, 3.5, 8, 0.3, 0, Math.PI * 2); ctx.fill(); ctx.stroke();
      }
      if (h.crop === 1) text(ctx, '½', x + R * 0.72, y + R * 0.3, { size: 10, bold: true, align: 'center' });
    }
    if (h.fence) {
      ctx.strokeStyle = '#6b4a1f'; ctx.lineWidth = 3;
      for (let k = -2; k <= 2; k++) { ctx.beginPath(); ctx.moveTo(x + k * 8, y + R * 0.72); ctx.lineTo(x + k * 8, y + R * 0.86); ctx.stroke(); }
      ctx.beginPath(); ctx.moveTo(x - 20, y + R * 0.78); ctx.lineTo(x + 20, y + R * 0.78); ctx.stroke();
    }
    if (h.camp) {
      drawCamp(ctx, x, y - R * 0.33, h.camp.seat, h.camp.kind);
      if (fireSeat.has(bh.i)) drawFlame(ctx, x + 22, y - R * 0.33 + 8);
    }
    // people: one warrior block and one woman triangle per tribe present
    const figs: [number, boolean, number][] = [];
    for (let p = 0; p < v.players; p++) { if (h.m[p]) figs.push([p, false, h.m[p]!]); if (h.w[p]) figs.push([p, true, h.w[p]!]); }
    figs.forEach(([p, woman, n], k) => {
      const col = k % 4, row = Math.floor(k / 4);
      drawFigure(ctx, x - 33 + col * 22, y + 6 + row * 22, p, woman, n);
    });
    // animals: one stack per species with its count
    const stacks = h.an.map((n, sp) => [sp, n] as const).filter(([, n]) => n > 0);
    stacks.forEach(([sp, n], k) => {
      const ax = x - 34 + (k % 2) * 36, ay = y + R * 0.55 - Math.floor(k / 2) * 18 - (figs.length ? 0 : 14);
      roundRect(ctx, ax, ay - 8, 34, 16, 4, SP_COLOR[sp]!, '#111', 1);
      text(ctx, `${SP_ABBR[rc.t.locale][sp]}${n > 1 ? '×' + n : ''}`, ax + 17, ay, { size: 9, bold: true, color: '#fff', align: 'center', maxWidth: 32 });
    });
  }
}

function drawWindRose(ctx: SKRSContext2D, x: number, y: number): void {
  circle(ctx, x, y, 34, '#fffaf0', '#555', 1.5);
  talData().wind.forEach((d, face) => {
    const [dq, dr] = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]][d]!;
    const vx = 1.5 * dq, vy = SQ3 * (dr + dq / 2);
    const len = Math.hypot(vx, vy);
    const ex = x + (vx / len) * 24, ey = y + (vy / len) * 24;
    ctx.strokeStyle = '#555'; ctx.lineWidth = 1.5;
    ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + (vx / len) * 14, y + (vy / len) * 14); ctx.stroke();
    text(ctx, String(face + 1), ex, ey, { size: 12, bold: true, align: 'center' });
    void DIRS;
  });
}

export function renderTable(v: TalView, rc: RenderContext): Buffer {
  const { canvas, ctx } = makeCanvas(W, H);
  const t = rc.t;
  drawMap(ctx, v, rc);
  drawWindRose(ctx, 50, H - 50);
  const px = 790;
  text(ctx, 'Das Tal der Mammuts', px, 26, { size: 22, bold: true });
  text(ctx, t({ key: 'tal.ui.status', args: { n: v.round, season: { key: `tal.season.${v.season}` }, k: v.roundInSeason, len: v.seasonLength, stage: { key: `tal.stage.${v.stage}` } } }), px, 54, { size: 14, maxWidth: W - px - 16 });
  // season track
  const track: [string, boolean][] = [];
  for (let k = 1; k <= v.seasonLength; k++) track.push([`${v.season === 'summer' ? 'S' : 'W'}${k}`, k === v.roundInSeason]);
  track.forEach(([lab, cur], k) => {
    roundRect(ctx, px + k * 46, 72, 40, 24, 5, cur ? (v.season === 'summer' ? '#f2c14e' : '#8fc1ee') : '#e6dcc6', '#555', cur ? 2.5 : 1);
    text(ctx, lab, px + k * 46 + 20, 84, { size: 13, bold: cur, align: 'center' });
  });
  text(ctx, `${t({ key: 'tal.ui.bag', args: { n: v.bag } })}`, px + 4 * 46 + 20, 84, { size: 13 });
  if (v.advanced) text(ctx, t({ key: 'tal.lobby.advanced' }), px + 4 * 46 + 110, 84, { size: 13, color: '#a33' });
  // event
  let y = 114;
  const evName = v.event ? t({ key: `tal.event.${v.event}.name` }) : t({ key: 'tal.ui.none' });
  text(ctx, `${t({ key: 'tal.ui.event' })}: ${evName}`, px, y, { size: 15, bold: true });
  y += 18;
  if (v.event) for (const line of wrap(ctx, t({ key: `tal.event.${v.event}.text` }), W - px - 20, 12).slice(0, 3)) { text(ctx, line, px, y, { size: 12, color: '#333' }); y += 15; }
  const lasting = v.lasting.map((k) => t({ key: `tal.event.${talData().events.find((e) => e.kind === k)!.id}.name` }));
  if (lasting.length) { text(ctx, `${t({ key: 'tal.ui.lasting' })}: ${lasting.join(', ')}`, px, y, { size: 12, color: '#7a3f12' }); y += 16; }
  // tribes
  y += 6;
  const cols = [0, 150, 215, 275, 320, 365, 420, 470];
  const heads = ['', t({ key: 'tal.ui.food' }), t({ key: 'tal.ui.cards' }), '', '', t({ key: 'tal.ui.camps' }), t({ key: 'tal.ui.fire' })];
  heads.forEach((hd, k) => text(ctx, hd, px + cols[k]!, y, { size: 12, bold: true, color: '#444' }));
  drawFigure(ctx, px + cols[3]! + 8, y, 6, true, 0);
  drawFigure(ctx, px + cols[4]! + 8, y, 6, false, 0);
  y += 6;
  v.tribes.forEach((tr, p) => {
    y += 24;
    const acting = v.acting.includes(p);
    if (acting) roundRect(ctx, px - 6, y - 12, W - px - 10, 24, 5, '#fff3c4');
    roundRect(ctx, px, y - 8, 14, 16, 3, seatColor(p), '#222', 1);
    const pos = v.order.indexOf(p);
    if (pos >= 0) text(ctx, String(pos + 1), px + 7, y, { size: 10, bold: true, color: '#fff', align: 'center' });
    text(ctx, rc.names[p] ?? `P${p + 1}`, px + 20, y, { size: 13, bold: acting, maxWidth: 125 });
    text(ctx, String(tr.food), px + cols[1]!, y, { size: 13 });
    text(ctx, String(tr.cards), px + cols[2]!, y, { size: 13 });
    text(ctx, String(tr.women), px + cols[3]!, y, { size: 13 });
    text(ctx, String(tr.warriors), px + cols[4]!, y, { size: 13 });
    text(ctx, String(tr.camps), px + cols[5]!, y, { size: 13, bold: tr.camps >= 4 });
    if (tr.fire) drawFlame(ctx, px + cols[6]! + 8, y + 6);
    const note = tr.status === 'out' ? t({ key: 'tal.ui.out' }) : tr.status === 'returning' ? t({ key: 'tal.ui.returning' }) : tr.announced ? t({ key: 'tal.ui.fourCamps' }) : '';
    if (note) text(ctx, note, px + cols[7]!, y, { size: 12, bold: true, color: '#a33' });
  });
  // legend
  y += 26;
  drawFigure(ctx, px + 10, y, 0, false, 2); text(ctx, `= ${t({ key: 'tal.figure.warrior' })}`, px + 24, y, { size: 12 });
  drawFigure(ctx, px + 120, y, 0, true, 2); text(ctx, `= ${t({ key: 'tal.figure.woman' })}`, px + 134, y, { size: 12 });
  drawCamp(ctx, px + 240, y + 2, 0, 'village'); text(ctx, t({ key: 'tal.camp.village' }), px + 258, y, { size: 12 });
  drawCamp(ctx, px + 340, y + 2, 0, 'cave'); text(ctx, t({ key: 'tal.camp.cave' }), px + 360, y, { size: 12 });
  if (v.advanced) { drawFlame(ctx, px + 430, y + 6); text(ctx, t({ key: 'tal.ui.fire' }), px + 442, y, { size: 12 }); }
  // account of the last fights / survival / births
  y += 24;
  ctx.strokeStyle = '#b9a98a'; ctx.lineWidth = 1; ctx.beginPath(); ctx.moveTo(px, y - 8); ctx.lineTo(W - 16, y - 8); ctx.stroke();
  const sections = v.report.filter((r) => r.lines.length > 0);
  const rows: { s: string; bold: boolean }[] = [];
  for (const sec of sections) {
    rows.push({ s: t(sec.title), bold: true });
    for (const l of sec.lines) for (const w of wrap(ctx, t(l), W - px - 24, 12)) rows.push({ s: w, bold: false });
  }
  const room = Math.floor((H - y - 10) / 15);
  const shown = rows.length > room ? [{ s: '…', bold: false }, ...rows.slice(rows.length - room + 1)] : rows;
  for (const r of shown) { text(ctx, r.s, px, y, { size: 12, bold: r.bold, color: r.bold ? '#222' : '#333' }); y += 15; }
  if (v.endedBy) {
    roundRect(ctx, 180, 12, 420, 40, 8, '#222', '#f2c14e', 3);
    const endKey = v.endedBy === 'victory' ? 'tal.end.victory' : v.endedBy === 'all_lost' ? 'tal.end.allLost' : 'tal.end.cap';
    text(ctx, t({ key: endKey, args: { p: v.winners.map((seat) => ({ seat })), n: v.round } }), 390, 32, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: 400 });
  }
  void SPECIES;
  return toPng(canvas);
}

export function renderHand(v: TalView, seat: number, rc: RenderContext): Buffer | null {
  if (v.hand === null || v.seat !== seat) return null;
  const t = rc.t;
  const n = Math.max(1, v.hand.length);
  const cw = 230, ch = 170;
  const { canvas, ctx } = makeCanvas(Math.max(480, 20 + n * (cw + 12)), ch + 60);
  text(ctx, t({ key: 'tal.ui.hand', args: { p: { seat } } }), 14, 22, { size: 17, bold: true, color: seatColor(seat) });
  if (v.hand.length === 0) text(ctx, t({ key: 'tal.ui.emptyHand' }), 14, 60, { size: 15 });
  v.hand.forEach((id, k) => {
    const kind = cardKind(id);
    const def = talData().cardByKind[kind]!;
    const x = 14 + k * (cw + 12), y = 44;
    roundRect(ctx, x, y, cw, ch, 10, '#e7f3df', '#2f6b2a', 3);
    for (const [i, line] of wrap(ctx, t({ key: `tal.card.${kind}.name` }), cw - 20, 16).entries()) text(ctx, line, x + 10, y + 20 + i * 18, { size: 16, bold: true });
    text(ctx, `${t({ key: 'tal.ui.when' })}: ${t({ key: `tal.window.${def.window}` })}`, x + 10, y + 60, { size: 11, color: '#7a3f12', maxWidth: cw - 20 });
    let yy = y + 84;
    for (const line of wrap(ctx, t({ key: `tal.card.${kind}.text` }), cw - 20, 13)) { if (yy > y + ch - 10) break; text(ctx, line, x + 10, yy, { size: 13 }); yy += 16; }
  });
  return toPng(canvas);
}

export function stage(v: TalView): Msg {
  return { key: 'tal.ui.stage', args: { n: v.round, stage: { key: `tal.stage.${v.stage}` } } };
}

export function status(v: TalView, rc: RenderContext): string {
  const t = rc.t;
  const line = t({ key: 'tal.ui.status', args: { n: v.round, season: { key: `tal.season.${v.season}` }, k: v.roundInSeason, len: v.seasonLength, stage: { key: `tal.stage.${v.stage}` } } });
  const ev = v.event ? ` ${t({ key: 'tal.ui.event' })}: ${t({ key: `tal.event.${v.event}.name` })}.` : '';
  return line + ev;
}
