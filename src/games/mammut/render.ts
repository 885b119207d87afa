/** Mammut pictures: the table (middle, shares, tracks, scoring breakdown) and a seat's hand. Drawn from views only. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { circle, lineCount, makeCanvas, measure, paragraph, roundRect, seatColor, text, toPng } from '../../render/canvas.js';
import type { RenderContext } from '../types.js';
import type { Msg, Seat } from '../../engine/types.js';
import { DATA } from './data.js';
import { faceMsg } from './board.js';
import { START_SCORE } from './scoring.js';
import type { MammutView, TileView } from './state.js';

const W = 1100;
const TILE_W = 112;
const TILE_H = 56;
const GAP = 6;
const BG = '#f3ead8';
const INK = '#2b2118';
const SOFT = '#5a4a3a';

const FACE_COLOR: Record<string, string> = {
  axe: '#7b8794', fur: '#8d5a37', tusk: '#efe3c2', meat: '#c0392b', fire: '#ef8a17', '?': '#6c5ce7', red: '#c62828', blue: '#1e63b5',
};
const ANIMAL_COLOR = '#3c8d40';
export const faceColor = (f: string): string => FACE_COLOR[f] ?? ANIMAL_COLOR;
export const darkText = (f: string): boolean => f === 'tusk';

function faceName(ctx: RenderContext, face: string): string {
  return ctx.t(faceMsg(face));
}

export function shortName(ctx: RenderContext, face: string): string {
  if (face === 'red' || face === 'blue') return ctx.t({ key: 'mammut.ui.shaman' });
  return faceName(ctx, face);
}

/** A tile: its face in words (the shaman with its arrow), and what is on its back in a strip below when known. */
function drawTile(g: SKRSContext2D, ctx: RenderContext, t: TileView, x: number, y: number): void {
  const col = faceColor(t.face);
  roundRect(g, x, y, TILE_W, TILE_H, 8, col, t.peeked ? '#ffd400' : '#3b2f24', t.peeked ? 4 : 1.5);
  const fg = darkText(t.face) ? INK : '#fff';
  const mid = y + (t.back ? 19 : TILE_H / 2);
  const box = { maxWidth: TILE_W - 6, align: 'center' as const };
  if (t.face === '?') text(g, '?', x + TILE_W / 2, mid, { size: 24, bold: true, color: fg, ...box });
  else if (t.kind === 'shaman') {
    text(g, t.face === 'red' ? '⟳' : '⟲', x + TILE_W / 2, y + 17, { size: 22, bold: true, color: fg, ...box });
    text(g, shortName(ctx, t.face), x + TILE_W / 2, y + TILE_H - 14, { size: 15, color: fg, ...box });
  } else text(g, shortName(ctx, t.face), x + TILE_W / 2, mid, { size: 15, bold: true, color: fg, ...box });
  if (t.back) {
    g.fillStyle = 'rgba(0,0,0,0.4)';
    g.fillRect(x + 2, y + TILE_H - 22, TILE_W - 4, 20);
    text(g, `↻ ${faceName(ctx, t.back)}`, x + TILE_W / 2, y + TILE_H - 12, { size: 15, color: '#fff', ...box });
  }
}

const perRow = (width: number): number => Math.max(1, Math.floor((width + GAP) / (TILE_W + GAP)));

/** Draws tiles in rows inside a width; returns the height used. */
function drawTiles(g: SKRSContext2D, ctx: RenderContext, tiles: TileView[], x: number, y: number, width: number): number {
  const per = perRow(width);
  tiles.forEach((t, i) => drawTile(g, ctx, t, x + (i % per) * (TILE_W + GAP), y + Math.floor(i / per) * (TILE_H + GAP)));
  return tilesHeight(tiles.length, width);
}

function tilesHeight(count: number, width: number): number {
  return count === 0 ? 0 : Math.ceil(count / perRow(width)) * (TILE_H + GAP);
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

/** Left column of a player's row: name, tags, score and fur, cards, collection, played cards. */
const LEFT_W = 300;
const SHARE_X = 14 + 20 + LEFT_W + 16;
const SHARE_W = W - 14 - 10 - SHARE_X;
const LINE = 20;

function playerTexts(view: MammutView, ctx: RenderContext, p: Seat): { collection: string; played: string | null } {
  const coll = view.collections[p]!;
  const played = view.played[p]!;
  const names = [...played.loot, ...played.scoring.filter((c): c is string => c !== null)].map((id) => ctx.t({ key: `mammut.card.${id}.name` }));
  return {
    collection: `${ctx.t({ key: 'mammut.ui.collection' })} (${coll.length}): ${coll.map((a) => faceName(ctx, a)).join(', ') || '–'}`,
    played: names.length ? `${ctx.t({ key: 'mammut.ui.played' })}: ${names.join(', ')}` : null,
  };
}

function leftHeight(g: SKRSContext2D, view: MammutView, ctx: RenderContext, p: Seat): number {
  const { collection, played } = playerTexts(view, ctx, p);
  const lines = lineCount(g, collection, LEFT_W, 15) + (played ? lineCount(g, played, LEFT_W, 15) : 0);
  return 12 + 4 * 22 + 6 + lines * LINE + 10;
}

/** Rows of a small table: each cell wraps in its column; returns the height of every row. */
function breakdownHeights(g: SKRSContext2D, rows: { label: string; values: (number | string)[] }[], labelW: number, colW: number): number[] {
  return rows.map((r) => Math.max(lineCount(g, r.label, labelW, 15), ...r.values.map((v) => lineCount(g, String(v), colW - 8, 15))) * LINE + 6);
}

export function renderTable(view: MammutView, ctx: RenderContext): Buffer {
  const n = view.players;
  const midW = W - 40;
  const midH = Math.max(TILE_H, tilesHeight(view.middle.length, midW));
  const { canvas: probe, ctx: pg } = makeCanvas(1, 1);
  void probe;
  const rowHeights = view.shares.map((sh, p) => {
    const tiles = sh.reduce((a, s) => a + tilesHeight(s.length, SHARE_W - 18) + 8, 0);
    return Math.max(leftHeight(pg, view, ctx, p), 16 + tiles);
  });
  const sc = view.lastScoring;
  const labelW = 230;
  const colW = Math.floor((W - 40 - labelW - 10) / n);
  const scRows = sc ? scoringRows(view, ctx) : [];
  const scHeights = breakdownHeights(pg, scRows, labelW, colW);
  const breakdownH = sc ? 66 + scHeights.reduce((a, b) => a + b, 0) : 0;
  const finalH = view.final ? 70 + n * 26 : 0;
  const stack = (values: number[]): number => Math.max(...[...new Set(values)].map((v) => values.filter((x) => x === v).length));
  const trackH = (values: number[]): number => 24 + stack(values) * 14 + 30;
  const H = 130 + midH + 40 + rowHeights.reduce((a, b) => a + b + 8, 0) + 16 + trackH(view.fur) + trackH(view.scores) + breakdownH + finalH + 20;
  const { canvas, ctx: g } = makeCanvas(W, H, BG);

  // Header: name, round and piles; the shaman; the tie order.
  text(g, 'Mammut', 20, 28, { size: 28, bold: true, color: INK });
  text(g, ctx.t({ key: 'mammut.ui.round', args: { round: view.round, last: view.lastRound } }), 170, 30, { size: 18, bold: true, color: INK });
  text(g, ctx.t({ key: 'mammut.ui.deck', args: { deck: view.deck, discard: view.discard } }), W - 20, 30, { size: 16, color: SOFT, align: 'right' });
  const holder = view.shaman.holder;
  const shamanText = `${ctx.t({ key: 'mammut.ui.shaman' })}: ${holder === null ? ctx.t({ key: 'mammut.ui.shamanMiddle' }) : nameOf(ctx, holder)} · ${ctx.t({ key: `mammut.ui.arrow.${view.shaman.arrow}` })}`;
  circle(g, 30, 62, 10, FACE_COLOR[view.shaman.arrow], '#222', 1.5);
  text(g, shamanText, 48, 63, { size: 17, color: INK, maxWidth: W - 68, ellipsis: true });
  text(g, `${ctx.t({ key: 'mammut.ui.tieOrder' })}: ${view.tieOrder.map((s) => nameOf(ctx, s)).join(' › ')}`, 20, 92, { size: 16, color: SOFT, maxWidth: W - 40, ellipsis: true });

  // Middle.
  let y = 126;
  text(g, ctx.t({ key: 'mammut.ui.middle', args: { n: view.middle.length } }), 20, y, { size: 17, bold: true, color: INK });
  y += 22;
  roundRect(g, 14, y - 6, W - 28, midH + 12, 10, '#e6d8bb');
  drawTiles(g, ctx, view.middle, 20, y, midW);
  y += midH + 24;

  // Players: on the left who they are and what they hold, on the right their shares.
  for (let p = 0; p < n; p++) {
    const h = rowHeights[p]!;
    const col = seatColor(p);
    const active = view.toAct === p;
    roundRect(g, 14, y, W - 28, h, 10, active ? '#fff7e0' : '#fbf5e8', active ? col : '#cdbb9a', active ? 4 : 1.5);
    g.fillStyle = col;
    g.fillRect(14, y + 8, 8, h - 16);
    const x = 34;
    let ly = y + 20;
    text(g, nameOf(ctx, p), x, ly, { size: 18, bold: true, color: INK, maxWidth: LEFT_W, ellipsis: true });
    ly += 22;
    const tags = [p === view.start ? ctx.t({ key: 'mammut.ui.start' }) : '', active ? ctx.t({ key: 'mammut.ui.toAct' }) : ''].filter(Boolean).join(' · ');
    if (tags) text(g, tags, x, ly, { size: 15, bold: true, color: col, maxWidth: LEFT_W });
    ly += 22;
    text(g, `${view.scores[p]} ${ctx.t({ key: 'mammut.ui.score' })} · ${ctx.t({ key: 'mammut.ui.fur' })}: ${view.fur[p]}`, x, ly, { size: 16, bold: true, color: INK, maxWidth: LEFT_W });
    ly += 22;
    const handText = ctx.t({ key: 'mammut.ui.hand', args: { n: view.handCounts[p]! } });
    text(g, handText, x, ly, { size: 15, color: INK, maxWidth: LEFT_W });
    // Played cards: scoring cards as backs unless the viewer may see them.
    let cx = x + measure(g, handText, 15) + 12;
    for (const c of view.played[p]!.scoring) {
      if (c === null) cardBack(g, cx, ly - 15);
      else { roundRect(g, cx, ly - 15, 22, 30, 4, '#f5e6b8', '#8a6d3b', 1.5); text(g, '★', cx + 11, ly, { size: 15, color: '#8a6d3b', align: 'center', maxWidth: 22 }); }
      cx += 26;
    }
    ly += 28;
    const { collection, played } = playerTexts(view, ctx, p);
    ly += paragraph(g, collection, x, ly, { size: 15, color: INK, maxWidth: LEFT_W, lineHeight: LINE }) * LINE;
    if (played) paragraph(g, played, x, ly, { size: 15, color: SOFT, maxWidth: LEFT_W, lineHeight: LINE });
    // Shares.
    const shares = view.shares[p]!;
    let sy = y + 10;
    if (shares.length === 0) text(g, ctx.t({ key: 'mammut.ui.noShare' }), SHARE_X, y + h / 2, { size: 16, color: '#8a7a6a', maxWidth: SHARE_W });
    shares.forEach((sh, i) => {
      if (shares.length > 1 || view.players === 2) text(g, `${i + 1}`, SHARE_X, sy + TILE_H / 2, { size: 15, bold: true, color: '#8a7a6a', maxWidth: 16 });
      sy += drawTiles(g, ctx, sh, SHARE_X + 18, sy, SHARE_W - 18) + 8;
    });
    y += h + 8;
  }

  // Fur track and score track: markers on one value stack upwards, in room kept for the highest stack.
  y += 16;
  const left = 170, trackW = W - left - 30;
  const drawTrack = (label: string, values: number[], least: number): void => {
    const top = y;
    const line = top + 14 + stack(values) * 14;
    text(g, label, 20, line, { size: 16, bold: true, color: INK, maxWidth: left - 30 });
    const max = Math.max(least, ...values);
    g.strokeStyle = '#8a7a6a';
    g.lineWidth = 3;
    g.beginPath();
    g.moveTo(left, line);
    g.lineTo(left + trackW, line);
    g.stroke();
    const step = max > 60 ? 10 : 5;
    for (let v = 0; v <= max; v += step) {
      const x = left + (v / max) * trackW;
      text(g, String(v), x, line + 18, { size: 15, color: '#8a7a6a', align: 'center' });
    }
    const seen = new Map<number, number>();
    values.forEach((v, p) => {
      const k = seen.get(v) ?? 0;
      seen.set(v, k + 1);
      const x = left + (v / max) * trackW;
      circle(g, x, line - 10 - k * 14, 7, seatColor(p), '#222', 1);
    });
    y += trackH(values);
  };
  drawTrack(ctx.t({ key: 'mammut.ui.fur' }), view.fur, 10);
  // Scores start on 10 (START_SCORE): the track runs to at least twice that, so the start is not its far end.
  drawTrack(ctx.t({ key: 'mammut.ui.score' }), view.scores, 2 * START_SCORE);

  // Last scoring breakdown.
  if (sc) {
    y += 14;
    text(g, ctx.t({ key: 'mammut.ui.breakdown', args: { round: sc.round } }), 20, y, { size: 18, bold: true, color: INK });
    y += 26;
    const x0 = 20 + labelW + 10;
    for (let p = 0; p < n; p++) text(g, nameOf(ctx, p), x0 + p * colW, y, { size: 15, bold: true, color: seatColor(p), maxWidth: colW - 8, ellipsis: true });
    y += 24;
    scRows.forEach((r, i) => {
      const rh = scHeights[i]!;
      if (i % 2 === 0) { g.fillStyle = 'rgba(0,0,0,0.05)'; g.fillRect(14, y - 13, W - 28, rh); }
      paragraph(g, r.label, 20, y, { size: 15, color: INK, maxWidth: labelW, lineHeight: LINE });
      r.values.forEach((v, p) => paragraph(g, String(v), x0 + p * colW, y, { size: 15, color: INK, maxWidth: colW - 8, lineHeight: LINE }));
      y += rh;
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
      text(g, `${win ? '★ ' : ''}${nameOf(ctx, p)}`, 20, y, { size: 16, bold: win, color: seatColor(p), maxWidth: 300, ellipsis: true });
      text(g, `${ctx.t({ key: 'mammut.ui.bonus' })}: ${view.final.distinct[p]} → +${view.final.bonus[p]}`, 340, y, { size: 16, color: INK, maxWidth: 330 });
      text(g, `${view.scores[p]} ${ctx.t({ key: 'mammut.ui.score' })} · ${ctx.t({ key: 'mammut.ui.fur' })} ${view.fur[p]}`, 690, y, { size: 16, bold: true, color: INK, maxWidth: W - 710 });
      y += 26;
    }
  }
  return toPng(canvas);
}

/** The tiles the viewer peeked at (in the middle, then in the shares), as the hand shows them. */
function peekedTiles(view: MammutView): TileView[] {
  const peeked: TileView[] = [];
  for (const t of view.middle) if (t.peeked) peeked.push(t);
  for (const sh of view.shares) for (const s of sh) for (const t of s) if (t.peeked) peeked.push(t);
  return peeked;
}

/** All `renderHand` reads of a view (`GameUi.handInput`). */
export function handInput(view: MammutView, seat: Seat): unknown {
  return view.viewer !== seat || view.hand === null ? null : { dataVersion: view.dataVersion, hand: view.hand, peeked: peekedTiles(view) };
}

export function renderHand(view: MammutView, seat: Seat, ctx: RenderContext): Buffer | null {
  if (view.viewer !== seat || view.hand === null) return null;
  const peeked = peekedTiles(view);
  const cardW = 252;
  const per = 4;
  const { ctx: pg } = makeCanvas(1, 1);
  const textLines = Math.max(1, ...view.hand.map((id) => lineCount(pg, ctx.t({ key: `mammut.card.${id}.text` }), cardW - 24, 15)));
  const cardH = 74 + textLines * LINE + 8;
  const rows = Math.max(1, Math.ceil(view.hand.length / per));
  const H = 60 + rows * (cardH + 14) + (peeked.length ? 40 + tilesHeight(peeked.length, per * (cardW + 14)) : 0);
  const { canvas, ctx: g } = makeCanvas(26 + per * (cardW + 14), H, BG);
  text(g, `${ctx.t({ key: 'mammut.ui.yourHand' })} — ${nameOf(ctx, seat)}`, 20, 28, { size: 20, bold: true, color: seatColor(seat), maxWidth: per * (cardW + 14) - 10, ellipsis: true });
  if (view.hand.length === 0) text(g, ctx.t({ key: 'mammut.ui.emptyHand' }), 20, 80, { size: 16, color: INK });
  view.hand.forEach((id, i) => {
    const x = 20 + (i % per) * (cardW + 14);
    const y = 50 + Math.floor(i / per) * (cardH + 14);
    const def = DATA.get(view.dataVersion).cardTypes.find((c) => c.id === id)!;
    const loot = def.kind === 'loot';
    roundRect(g, x, y, cardW, cardH, 12, loot ? '#fdf1d8' : '#e8eefc', loot ? '#b5651d' : '#3f5fa8', 3);
    text(g, ctx.t({ key: loot ? 'mammut.ui.loot' : 'mammut.ui.scoring' }), x + 12, y + 18, { size: 15, color: loot ? '#b5651d' : '#3f5fa8', maxWidth: cardW - 24 });
    text(g, ctx.t({ key: `mammut.card.${id}.name` }), x + 12, y + 42, { size: 17, bold: true, color: INK, maxWidth: cardW - 24 });
    paragraph(g, ctx.t({ key: `mammut.card.${id}.text` }), x + 12, y + 70, { size: 15, color: INK, maxWidth: cardW - 24, lineHeight: LINE });
  });
  if (peeked.length) {
    const y = 50 + rows * (cardH + 14) + 6;
    text(g, ctx.t({ key: 'mammut.ui.peeked' }), 20, y, { size: 16, bold: true, color: INK });
    drawTiles(g, ctx, peeked, 20, y + 18, per * (cardW + 14));
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

