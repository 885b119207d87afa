/**
 * Endless Winter pictures, drawn only from a view. The table is one column, 1,100 px wide (what Discord shows inline):
 * action columns, map with its legend, build site, idol board, progress display and supplies, sacred stones and
 * hunting ground, then the players two a row. Every section is laid out from the texts it holds, so nothing is cut.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { m } from './keys.js';
import { makeCanvas, measure, paragraph, roundRect, seatColor, text, toPng, unrecorded } from '../../render/canvas.js';
import type { Msg } from '../../engine/types.js';
import type { RenderContext } from '../types.js';
import type { EwView } from './view.js';
import { cardLine, dataOf, half, INK, LINE, lines, PANEL, PW, W, X0 } from './render-common.js';
import { drawIdol, drawMainBoard, drawMap, drawSite, drawStonesAndHunt, drawSupplyAndDisplay } from './render-board.js';

/** One player's texts, in the order drawn. */
function playerParts(v: EwView, r: RenderContext, seat: number): { s: string; bold?: boolean; color?: string; indent?: number }[] {
  const { t } = r;
  const p = v.players[seat]!;
  const chief = p.chief >= 0 ? `${t(m(`chief.${dataOf(v).chiefs[p.chief]!.id}`))}${p.side >= 0 ? ` (${p.side + 1})` : ''}` : '—';
  const figs = p.figs.map((f, i) => (f === 'x' ? null : t(m('r.figAt', { fig: m(i === 0 ? 'fig.c' : 'fig.t'), where: f === 'h' ? t(m('r.figHome')) : f === 'r' ? t(m('col.rest')) : t(m(`col.${f}`)) })))).filter((s): s is string => s !== null);
  const parts: { s: string; bold?: boolean; color?: string; indent?: number }[] = [
    { s: t(m('r.chief', { chief })) },
    { s: t(m('r.res', { food: p.food, limit: p.foodLimit, tool: p.tool })) },
    { s: t(m('r.camps', { board: dataOf(v).player.camps - p.campsOnMap, map: p.campsOnMap, settle: dataOf(v).player.settlements - p.settlements })) },
    { s: t(m('r.megs', { left: dataOf(v).player.neutralMegaliths + dataOf(v).player.colourMegaliths - p.megs, built: p.megs })) },
    { s: t(m('r.cards', { hand: p.handCount, deck: p.deckCount, discard: p.discard.length, stack: p.stackCount, buried: p.buriedCount })) },
    { s: t(m('r.idols', { o: p.offering, f: p.fame })) },
    { s: t(m('r.figs', { figs: figs.join(' · ') })) },
    { s: t(m('r.stonesOwned')), bold: true },
  ];
  if (!p.stones.length) parts.push({ s: '—', color: '#777', indent: 8 });
  for (const st of p.stones) parts.push({ s: `◈ ${t(m(`stone.${dataOf(v).stones[st]!.id}`))}`, indent: 8 });
  parts.push({ s: t(m('r.animals')), bold: true });
  const alive = new Map<number, number>(), dead = new Map<number, number>();
  p.animals.forEach((sp, i) => { const mp = p.killed[i] ? dead : alive; mp.set(sp, (mp.get(sp) ?? 0) + 1); });
  const fmt = (mp: Map<number, number>): string => [...mp.entries()].map(([sp, c]) => `${t(m(`animal.${dataOf(v).species[sp]!.id}`))} ×${c}`).join(', ') || '—';
  parts.push({ s: `♥ ${fmt(alive)}`, indent: 8 });
  parts.push({ s: `✝ ${fmt(dead)}`, indent: 8, color: '#7a5a4a' });
  if (p.buried) parts.push({ s: `⚰ ${p.buried.map((d) => t(m(`card.${dataOf(v).cards[d]!.id}`))).join(', ') || '—'}`, indent: 8, color: '#555' });
  if (v.eclipseLabour) parts.push({ s: t(m('r.eclipseLabour', { l: half(v.eclipseLabour[seat]!) })), color: '#444' });
  if (v.final) {
    const f = v.final.find((x2) => x2.seat === seat)!;
    parts.push({ s: t(m('r.final', { o: f.offering, f: f.fame, c: f.cards, a: f.animals })), bold: true });
  }
  return parts;
}

/** The players, two a row, each box as tall as the taller of the pair. Returns the height used. */
function drawPlayers(ctx: SKRSContext2D, v: EwView, r: RenderContext, y0: number): number {
  const { names } = r;
  const w = (PW - 10) / 2;
  const heights = v.players.map((_, seat) => 44 + playerParts(v, r, seat).reduce((a, pt) => a + lines(ctx, pt.s, w - 24 - (pt.indent ?? 0), pt.bold) * LINE, 0) + 10);
  let y = y0;
  for (let row = 0; row < Math.ceil(v.n / 2); row++) {
    const rowH = Math.max(...heights.slice(row * 2, row * 2 + 2));
    for (let k = 0; k < 2; k++) {
      const seat = row * 2 + k;
      if (seat >= v.n) break;
      const x = X0 + k * (w + 10);
      const p = v.players[seat]!;
      const acting = v.acting === seat;
      roundRect(ctx, x, y, w, rowH, 10, PANEL, acting ? '#1b1b1b' : seatColor(seat), acting ? 4 : 3);
      roundRect(ctx, x, y, w, 32, 10, seatColor(seat));
      const pos = v.order.indexOf(seat) + 1;
      const score = `${p.score >= 100 ? `+100 ${p.score - 100}` : p.score} ★`;
      const scoreW = measure(ctx, score, 17, true);
      text(ctx, `${pos}. ${names[seat] ?? `#${seat + 1}`}${acting ? ' ◀' : ''}`, x + 10, y + 16, { size: 17, bold: true, color: '#fff', maxWidth: w - scoreW - 30, ellipsis: true });
      text(ctx, score, x + w - 10, y + 16, { size: 17, bold: true, color: '#fff', align: 'right', maxWidth: scoreW + 1 });
      let yy = y + 48;
      for (const pt of playerParts(v, r, seat)) {
        const indent = pt.indent ?? 0;
        yy += paragraph(ctx, pt.s, x + 12 + indent, yy, { size: 15, bold: pt.bold, color: pt.color ?? INK, maxWidth: w - 24 - indent, lineHeight: LINE }) * LINE;
      }
    }
    y += rowH + 10;
  }
  return y - y0;
}

/** Lays the table out from the top; returns the height it needs. */
function drawTable(ctx: SKRSContext2D, v: EwView, r: RenderContext, sections: Section[] = PARTS.flat()): number {
  const { t, names } = r;
  text(ctx, 'Endless Winter', 14, 24, { size: 24, bold: true, color: INK });
  let right = '';
  let rightColor = INK;
  if (v.final) {
    const best = [...v.final].sort((a, b) => b.total - a.total || v.order.indexOf(a.seat) - v.order.indexOf(b.seat))[0]!;
    right = t(m('r.winner', { p: { seat: best.seat }, n: best.total }));
    rightColor = seatColor(best.seat);
  } else if (v.acting !== null) {
    right = `▶ ${names[v.acting] ?? ''}`;
    rightColor = seatColor(v.acting);
  }
  if (right) text(ctx, right, W - 14, 24, { size: 17, bold: true, color: rightColor, align: 'right', maxWidth: W - 240, ellipsis: true });
  let y = 50;
  const header = t(m('r.header', { round: v.round, phase: m(`phase.${v.phase}`), order: v.order.map((s) => names[s] ?? `#${s + 1}`).join(' → ') }));
  y += paragraph(ctx, header, 14, y, { size: 16, color: INK, maxWidth: W - 28, lineHeight: 21 }) * 21;
  if (v.turn) {
    const tt = v.turn;
    y += paragraph(ctx, t(m('r.turn', { p: { seat: tt.seat }, stage: m(`stage.${tt.stage}`), labour: half(tt.pool) })), 14, y, { size: 16, bold: true, color: INK, maxWidth: W - 28, lineHeight: 21 }) * 21;
  }
  y += 2;
  for (const section of sections) y += section(ctx, v, r, y) + 10;
  return y - 10;
}

type Section = (ctx: SKRSContext2D, v: EwView, r: RenderContext, y0: number) => number;
/** The table's sections, top to bottom, in the parts `renderTableParts` sends: map and actions; board; players. */
const PARTS: Section[][] = [[drawMainBoard, drawMap], [drawSite, drawIdol, drawSupplyAndDisplay, drawStonesAndHunt], [drawPlayers]];

export const TABLE_PARTS = PARTS.length;

/** Taller than any table drawn so far (about 2,900 px): the table is drawn once and cut to the height it used. */
const ROOM = 4000;

export function renderTable(v: EwView, r: RenderContext): Buffer {
  return drawCut(v, r, PARTS.flat());
}

/** The table in three pictures (each with the heading): map and actions, the board's other sections, the players. */
export function renderTableParts(v: EwView, r: RenderContext): Buffer[] {
  return PARTS.map((_, i) => renderTablePart(v, r, i));
}

/** One part of `renderTableParts` (0: map and actions, 1: board, 2: players). */
export function renderTablePart(v: EwView, r: RenderContext, part: number): Buffer {
  return drawCut(v, r, PARTS[part]!);
}

function drawCut(v: EwView, r: RenderContext, sections: Section[]): Buffer {
  const { canvas, ctx } = makeCanvas(W, ROOM, '#e9dfcb');
  const used = Math.ceil(drawTable(ctx, v, r, sections)) + 10;
  if (used <= ROOM) return toPng(canvas, used);
  // taller still: measure, then draw again on a canvas of the right height
  const H = unrecorded(() => Math.ceil(drawTable(makeCanvas(1, 1).ctx, v, r, sections))) + 10;
  const big = makeCanvas(W, H, '#e9dfcb');
  drawTable(big.ctx, v, r, sections);
  return toPng(big.canvas);
}

export function renderHand(v: EwView, seat: number, r: RenderContext): Buffer | null {
  const p = v.players[seat];
  if (!p || !p.hand) return null;
  const { t } = r;
  const piles: { title: string; cards: number[] }[] = [
    { title: t(m('r.hand', { n: p.hand.length })), cards: p.hand },
    { title: t(m('r.stack', { n: p.stack?.length ?? 0 })), cards: p.stack ?? [] },
  ];
  if (p.played.length) piles.push({ title: t(m('r.played')), cards: p.played });
  const perRow = 4, cw = 258;
  const { ctx: probe } = makeCanvas(1, 1);
  const all = piles.flatMap((pl) => pl.cards);
  const nameL = Math.max(1, ...all.map((d) => lines(probe, t(m(`card.${dataOf(v).cards[d]!.id}`)), cw - 70, true)));
  const textL = Math.max(1, ...all.map((d) => lines(probe, cardLine(dataOf(v).cards[d]!, t), cw - 20)));
  const ch = 14 + nameL * LINE + 8 + textL * LINE + 8;
  const rows = piles.reduce((a, pl) => a + Math.max(1, Math.ceil(pl.cards.length / perRow)), 0);
  const { canvas, ctx } = makeCanvas(perRow * (cw + 10) + 20, rows * (ch + 10) + piles.length * 36 + 20, '#e9dfcb');
  let y = 10;
  for (const pl of piles) {
    text(ctx, pl.title, 14, y + 16, { size: 17, bold: true, color: INK });
    y += 34;
    if (!pl.cards.length) { text(ctx, '—', 24, y + 20, { size: 16, color: '#777' }); y += ch + 10; continue; }
    pl.cards.forEach((d, i) => {
      const c = dataOf(v).cards[d]!;
      const x = 10 + (i % perRow) * (cw + 10), yy = y + Math.floor(i / perRow) * (ch + 10);
      const bg = c.kind === 'progress' ? (c.age === 2 ? '#e6e0f0' : '#e8efe0') : '#f6ead2';
      roundRect(ctx, x, yy, cw, ch, 8, bg, '#9c8a6e', 1.5);
      paragraph(ctx, t(m(`card.${c.id}`)), x + 10, yy + 18, { size: 15, bold: true, maxWidth: cw - 70, lineHeight: LINE, maxLines: nameL });
      if (c.points) text(ctx, `${c.points}★`, x + cw - 10, yy + 18, { size: 15, align: 'right', color: '#6d5d49', maxWidth: 50 });
      paragraph(ctx, cardLine(c, t), x + 10, yy + 18 + nameL * LINE + 8, { size: 15, maxWidth: cw - 20, lineHeight: LINE, maxLines: textL });
    });
    y += Math.max(1, Math.ceil(pl.cards.length / perRow)) * (ch + 10);
  }
  return toPng(canvas);
}

export function stage(v: EwView): Msg {
  return m('r.stage', { round: v.round, phase: m(`phase.${v.phase}`) });
}

export function status(v: EwView, r: RenderContext): string {
  const who = v.acting !== null ? r.names[v.acting] ?? '' : '';
  return r.t(m('r.status', { round: v.round, phase: m(`phase.${v.phase}`), who }));
}
