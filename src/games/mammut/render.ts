/** Mammut pictures: the table (middle, shares, tracks, scoring breakdown) and a seat's hand. Drawn from views only. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { circle, font, makeCanvas, roundRect, seatColor, text, toPng } from '../../render/canvas.js';
import type { RenderContext } from '../types.js';
import type { Msg, Seat } from '../../engine/types.js';
import { CARD_TYPES } from './data.js';
import { faceMsg, START_SCORE, type MammutView, type TileView } from './engine.js';

const W = 1240;
const TILE = 46;
const GAP = 6;
const BG = '#f3ead8';
const INK = '#2b2118';

const FACE_COLOR: Record<string, string> = {
  axe: '#7b8794', fur: '#8d5a37', tusk: '#efe3c2', meat: '#c0392b', fire: '#ef8a17', '?': '#6c5ce7', red: '#c62828', blue: '#1e63b5',
};
const ANIMAL_COLOR = '#3c8d40';
const faceColor = (f: string): string => FACE_COLOR[f] ?? ANIMAL_COLOR;
const darkText = (f: string): boolean => f === 'tusk';

function faceName(ctx: RenderContext, face: string): string {
  return ctx.t(faceMsg(face));
}

function shortName(ctx: RenderContext, face: string): string {
  if (face === 'red' || face === 'blue') return ctx.t({ key: 'mammut.ui.shaman' });
  return faceName(ctx, face);
}

function drawTile(g: SKRSContext2D, ctx: RenderContext, t: TileView, x: number, y: number, size = TILE): void {
  const col = faceColor(t.face);
  roundRect(g, x, y, size, size, 8, col, t.peeked ? '#ffd400' : '#3b2f24', t.peeked ? 4 : 1.5);
  const fg = darkText(t.face) ? INK : '#fff';
  if (t.face === '?') text(g, '?', x + size / 2, y + size / 2 - (t.back ? 5 : 0), { size: 24, bold: true, color: fg, align: 'center' });
  else if (t.kind === 'shaman') {
    text(g, t.face === 'red' ? '⟳' : '⟲', x + size / 2, y + size / 2 - 6, { size: 22, bold: true, color: fg, align: 'center' });
    text(g, shortName(ctx, t.face), x + size / 2, y + size - 9, { size: 9, color: fg, align: 'center', maxWidth: size - 4 });
  } else text(g, shortName(ctx, t.face), x + size / 2, y + size / 2 - (t.back ? 6 : 0), { size: 11, bold: true, color: fg, align: 'center', maxWidth: size - 4 });
  if (t.back) {
    g.fillStyle = 'rgba(0,0,0,0.35)';
    g.fillRect(x + 2, y + size - 15, size - 4, 13);
    text(g, `↻ ${faceName(ctx, t.back)}`, x + size / 2, y + size - 8, { size: 9, color: '#fff', align: 'center', maxWidth: size - 4 });
  }
}

/** Draws tiles in rows inside a width; returns the height used. */
function drawTiles(g: SKRSContext2D, ctx: RenderContext, tiles: TileView[], x: number, y: number, width: number, size = TILE): number {
  const per = Math.max(1, Math.floor((width + GAP) / (size + GAP)));
  tiles.forEach((t, i) => drawTile(g, ctx, t, x + (i % per) * (size + GAP), y + Math.floor(i / per) * (size + GAP), size));
  return tiles.length === 0 ? 0 : Math.ceil(tiles.length / per) * (size + GAP);
}

function tilesHeight(count: number, width: number, size = TILE): number {
  const per = Math.max(1, Math.floor((width + GAP) / (size + GAP)));
  return count === 0 ? 0 : Math.ceil(count / per) * (size + GAP);
}

function cardBack(g: SKRSContext2D, x: number, y: number): void {
  roundRect(g, x, y, 22, 30, 4, '#5b3a29', '#2b1a10', 1.5);
  circle(g, x + 11, y + 15, 6, undefined, '#d9b38c', 1.5);
}

const nameOf = (ctx: RenderContext, seat: Seat): string => ctx.names[seat] ?? `#${seat + 1}`;

function scoringRows(view: MammutView, ctx: RenderContext): { label: string; values: (number | string)[] }[] {
  const sc = view.lastScoring!;
  const rows: { label: string; values: (number | string)[] }[] = [];
  if (sc.drawn.some((d) => d > 0)) rows.push({ label: ctx.t({ key: 'mammut.ui.cards' }), values: sc.drawn });
  for (const r of sc.rows) {
    const label = r.card ? ctx.t({ key: `mammut.card.${r.cat}.name` }) : ctx.t({ key: `mammut.cat.${r.cat}` });
    rows.push({ label, values: r.pts.map((p) => (p > 0 ? `+${p}` : p === 0 ? '·' : `${p}`)) });
  }
  rows.push({ label: ctx.t({ key: 'mammut.ui.animals' }), values: sc.gained.map((g) => (g.length ? g.map((a) => faceName(ctx, a)).join(', ') : '·')) });
  rows.push({ label: ctx.t({ key: 'mammut.ui.total' }), values: sc.after });
  return rows;
}

export function renderTable(view: MammutView, ctx: RenderContext): Buffer {
  const n = view.players;
  const midW = W - 40;
  const midH = Math.max(TILE, tilesHeight(view.middle.length, midW));
  const shareW = 640;
  const rowHeights = view.shares.map((sh) => {
    const tiles = sh.reduce((a, s) => a + tilesHeight(s.length, shareW, 40), 0);
    return Math.max(96, 34 + tiles + (sh.length > 1 ? 8 : 0));
  });
  const sc = view.lastScoring;
  const breakdownH = sc ? 60 + scoringRows(view, ctx).length * 24 : 0;
  const finalH = view.final ? 70 + n * 26 : 0;
  const H = 110 + midH + 40 + rowHeights.reduce((a, b) => a + b + 8, 0) + 130 + breakdownH + finalH + 20;
  const { canvas, ctx: g } = makeCanvas(W, H, BG);

  // Header.
  text(g, 'Mammut', 20, 28, { size: 28, bold: true, color: INK });
  text(g, ctx.t({ key: 'mammut.ui.round', args: { round: view.round, last: view.lastRound } }), 170, 30, { size: 18, bold: true, color: INK });
  const holder = view.shaman.holder;
  const shamanText = `${ctx.t({ key: 'mammut.ui.shaman' })}: ${holder === null ? ctx.t({ key: 'mammut.ui.shamanMiddle' }) : nameOf(ctx, holder)} · ${ctx.t({ key: `mammut.ui.arrow.${view.shaman.arrow}` })}`;
  circle(g, 420, 29, 10, FACE_COLOR[view.shaman.arrow], '#222', 1.5);
  text(g, shamanText, 438, 30, { size: 16, color: INK });
  text(g, ctx.t({ key: 'mammut.ui.deck', args: { deck: view.deck, discard: view.discard } }), W - 20, 30, { size: 14, color: '#5a4a3a', align: 'right' });
  text(g, `${ctx.t({ key: 'mammut.ui.tieOrder' })}: ${view.tieOrder.map((s) => nameOf(ctx, s)).join(' › ')}`, 20, 60, { size: 14, color: '#5a4a3a', maxWidth: W - 40 });

  // Middle.
  let y = 80;
  text(g, ctx.t({ key: 'mammut.ui.middle', args: { n: view.middle.length } }), 20, y + 6, { size: 16, bold: true, color: INK });
  y += 22;
  roundRect(g, 14, y - 6, W - 28, midH + 12, 10, '#e6d8bb');
  drawTiles(g, ctx, view.middle, 20, y, midW);
  y += midH + 24;

  // Players.
  for (let p = 0; p < n; p++) {
    const h = rowHeights[p]!;
    const col = seatColor(p);
    const active = view.toAct === p;
    roundRect(g, 14, y, W - 28, h, 10, active ? '#fff7e0' : '#fbf5e8', active ? col : '#cdbb9a', active ? 4 : 1.5);
    g.fillStyle = col;
    g.fillRect(14, y + 8, 8, h - 16);
    const tags = [p === view.start ? ctx.t({ key: 'mammut.ui.start' }) : '', active ? ctx.t({ key: 'mammut.ui.toAct' }) : ''].filter(Boolean).join(' · ');
    text(g, nameOf(ctx, p), 32, y + 18, { size: 17, bold: true, color: INK, maxWidth: 200 });
    if (tags) text(g, tags, 32, y + 38, { size: 12, color: col });
    text(g, `${view.scores[p]} ${ctx.t({ key: 'mammut.ui.score' })}`, 32, y + 58, { size: 16, bold: true, color: INK });
    text(g, `${ctx.t({ key: 'mammut.ui.fur' })}: ${view.fur[p]}`, 120, y + 58, { size: 13, color: INK });
    text(g, ctx.t({ key: 'mammut.ui.hand', args: { n: view.handCounts[p]! } }), 32, y + 78, { size: 13, color: INK });
    // Played cards: loot face up (names), scoring as backs unless the viewer may see them.
    let cx = 120;
    const played = view.played[p]!;
    for (const c of played.scoring) {
      if (c === null) cardBack(g, cx, y + 64);
      else { roundRect(g, cx, y + 64, 22, 30, 4, '#f5e6b8', '#8a6d3b', 1.5); text(g, '★', cx + 11, y + 79, { size: 13, color: '#8a6d3b', align: 'center' }); }
      cx += 26;
    }
    // Collection.
    const coll = view.collections[p]!;
    text(g, `${ctx.t({ key: 'mammut.ui.collection' })} (${coll.length}): ${coll.map((a) => faceName(ctx, a)).join(', ') || '–'}`, 250, y + 18, { size: 13, color: INK, maxWidth: 300 });
    if (played.loot.length || played.scoring.some((c) => c !== null)) {
      const names = [...played.loot, ...played.scoring.filter((c): c is string => c !== null)].map((id) => ctx.t({ key: `mammut.card.${id}.name` }));
      text(g, `${ctx.t({ key: 'mammut.ui.played' })}: ${names.join(', ')}`, 250, y + 40, { size: 12, color: '#5a4a3a', maxWidth: 300 });
    }
    // Shares.
    const shares = view.shares[p]!;
    let sy = y + 12;
    if (shares.length === 0) text(g, ctx.t({ key: 'mammut.ui.noShare' }), 570, y + h / 2, { size: 14, color: '#8a7a6a' });
    shares.forEach((sh, i) => {
      if (shares.length > 1 || view.players === 2) text(g, `${i + 1}`, 566, sy + 18, { size: 12, bold: true, color: '#8a7a6a' });
      sy += drawTiles(g, ctx, sh, 580, sy, shareW, 40) + 8;
    });
    y += h + 8;
  }

  // Fur track and score track.
  y += 8;
  const trackW = W - 200;
  /** A track from 0 to at least `least` (further when a value goes beyond). */
  const drawTrack = (label: string, values: number[], ty: number, least: number): void => {
    text(g, label, 20, ty, { size: 15, bold: true, color: INK });
    const max = Math.max(least, ...values);
    g.strokeStyle = '#8a7a6a';
    g.lineWidth = 3;
    g.beginPath();
    g.moveTo(160, ty);
    g.lineTo(160 + trackW, ty);
    g.stroke();
    for (let v = 0; v <= max; v += max > 60 ? 10 : 5) {
      const x = 160 + (v / max) * trackW;
      text(g, String(v), x, ty + 18, { size: 10, color: '#8a7a6a', align: 'center' });
    }
    const seen = new Map<number, number>();
    values.forEach((v, p) => {
      const k = seen.get(v) ?? 0;
      seen.set(v, k + 1);
      const x = 160 + (v / max) * trackW;
      circle(g, x, ty - 10 - k * 12, 7, seatColor(p), '#222', 1);
    });
  };
  drawTrack(ctx.t({ key: 'mammut.ui.fur' }), view.fur, y + 40, 10);
  // Scores start on 10 (START_SCORE): the track runs to at least twice that, so the start is not its far end.
  drawTrack(ctx.t({ key: 'mammut.ui.score' }), view.scores, y + 100, 2 * START_SCORE);
  y += 130;

  // Last scoring breakdown.
  if (sc) {
    y += 10;
    text(g, ctx.t({ key: 'mammut.ui.breakdown', args: { round: sc.round } }), 20, y, { size: 17, bold: true, color: INK });
    y += 22;
    const colW = Math.min(180, (W - 300) / n);
    for (let p = 0; p < n; p++) text(g, nameOf(ctx, p), 300 + p * colW, y, { size: 13, bold: true, color: seatColor(p), maxWidth: colW - 8 });
    y += 22;
    scoringRows(view, ctx).forEach((r, i) => {
      if (i % 2 === 0) { g.fillStyle = 'rgba(0,0,0,0.05)'; g.fillRect(14, y - 11, W - 28, 22); }
      text(g, r.label, 20, y, { size: 13, color: INK, maxWidth: 270 });
      r.values.forEach((v, p) => text(g, String(v), 300 + p * colW, y, { size: 13, color: INK, maxWidth: colW - 8 }));
      y += 24;
    });
  }

  // Final result.
  if (view.final) {
    y += 16;
    text(g, ctx.t({ key: 'mammut.ui.final' }), 20, y, { size: 20, bold: true, color: INK });
    y += 28;
    const order = [...Array(n).keys()].sort((a, b) => view.scores[b]! - view.scores[a]! || view.fur[b]! - view.fur[a]!);
    for (const p of order) {
      const win = view.final.winners.includes(p);
      text(g, `${win ? '★ ' : ''}${nameOf(ctx, p)}`, 20, y, { size: 15, bold: win, color: seatColor(p), maxWidth: 260 });
      text(g, `${ctx.t({ key: 'mammut.ui.bonus' })}: ${view.final.distinct[p]} → +${view.final.bonus[p]}`, 300, y, { size: 14, color: INK });
      text(g, `${view.scores[p]} ${ctx.t({ key: 'mammut.ui.score' })} · ${ctx.t({ key: 'mammut.ui.fur' })} ${view.fur[p]}`, 620, y, { size: 14, bold: true, color: INK });
      y += 26;
    }
  }
  return toPng(canvas);
}

function wrap(g: SKRSContext2D, s: string, width: number): string[] {
  const words = s.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (g.measureText(next).width > width && line) { lines.push(line); line = w; } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export function renderHand(view: MammutView, seat: Seat, ctx: RenderContext): Buffer | null {
  if (view.viewer !== seat || view.hand === null) return null;
  const peeked: TileView[] = [];
  for (const t of view.middle) if (t.peeked) peeked.push(t);
  for (const sh of view.shares) for (const s of sh) for (const t of s) if (t.peeked) peeked.push(t);
  const cardW = 230;
  const cardH = 150;
  const per = 4;
  const rows = Math.max(1, Math.ceil(view.hand.length / per));
  const H = 60 + rows * (cardH + 14) + (peeked.length ? 90 : 0);
  const { canvas, ctx: g } = makeCanvas(30 + per * (cardW + 14), H, BG);
  text(g, `${ctx.t({ key: 'mammut.ui.yourHand' })} — ${nameOf(ctx, seat)}`, 20, 28, { size: 20, bold: true, color: seatColor(seat) });
  if (view.hand.length === 0) text(g, ctx.t({ key: 'mammut.ui.emptyHand' }), 20, 80, { size: 16, color: INK });
  view.hand.forEach((id, i) => {
    const x = 20 + (i % per) * (cardW + 14);
    const y = 50 + Math.floor(i / per) * (cardH + 14);
    const def = CARD_TYPES.find((c) => c.id === id)!;
    const loot = def.kind === 'loot';
    roundRect(g, x, y, cardW, cardH, 12, loot ? '#fdf1d8' : '#e8eefc', loot ? '#b5651d' : '#3f5fa8', 3);
    text(g, ctx.t({ key: loot ? 'mammut.ui.loot' : 'mammut.ui.scoring' }), x + 12, y + 16, { size: 11, color: loot ? '#b5651d' : '#3f5fa8' });
    text(g, ctx.t({ key: `mammut.card.${id}.name` }), x + 12, y + 38, { size: 16, bold: true, color: INK, maxWidth: cardW - 24 });
    font(g, 12);
    wrap(g, ctx.t({ key: `mammut.card.${id}.text` }), cardW - 24).slice(0, 6).forEach((line, k) => text(g, line, x + 12, y + 62 + k * 15, { size: 12, color: INK }));
  });
  if (peeked.length) {
    const y = 50 + rows * (cardH + 14) + 6;
    text(g, ctx.t({ key: 'mammut.ui.peeked' }), 20, y, { size: 15, bold: true, color: INK });
    drawTiles(g, ctx, peeked, 20, y + 16, per * (cardW + 14));
  }
  return toPng(canvas);
}

export function stage(view: MammutView): Msg {
  return { key: 'mammut.stage', args: { round: view.round, phase: view.phase } };
}

export function status(view: MammutView, ctx: RenderContext): string {
  const last = view.lastRound;
  if (view.phase === 'over') return ctx.t({ key: 'mammut.status.over', args: { seats: (view.final?.winners ?? []).map((s) => nameOf(ctx, s)).join(', ') } });
  const seat = nameOf(ctx, view.toAct ?? view.start);
  if (view.phase === 'animal') return ctx.t({ key: 'mammut.status.animal', args: { round: view.round, last, seat } });
  return ctx.t({ key: 'mammut.status.taking', args: { round: view.round, last, seat, mid: view.middle.length } });
}

