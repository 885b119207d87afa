/**
 * Endless Winter's glance picture (the table post's first picture, for Discord's inline box): whose turn and which
 * stage, the four action columns with their figures and bottom spaces, the map with camps and settlements, and each
 * player's score, food, tools and idol tracks. What changed since the previous table is outlined. Drawn from views only.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { m } from './keys.js';
import { circle, lineCount, makeCanvas, paragraph, roundRect, seatColor, text } from '../../render/canvas.js';
import { GLANCE_BG, GLANCE_H, GLANCE_INK, GLANCE_SOFT, GLANCE_W, changedKey, drawBand, drawPlayerCards, glancePng, hiliteRect, playerCardsHeight } from '../../render/glance.js';
import type { GlanceContext, RenderContext } from '../types.js';
import { COLS } from './data.js';
import { changedTiles, drawGlanceMap } from './glance-map.js';
import { figLetter, half } from './render-common.js';
import type { EwView } from './view.js';

/** The height of the key's line. */
const KEY_LINE = 36;

const nameOf = (r: RenderContext, seat: number): string => r.names[seat] ?? `#${seat + 1}`;

function band(v: EwView, r: RenderContext): { seat: number | null; doing: string; where: string } {
  const t = r.t;
  const where = t(m('glance.where', { round: v.round, phase: m(`phase.${v.phase}`) }));
  if (v.final) {
    const best = [...v.final].sort((a, b) => b.total - a.total || v.order.indexOf(a.seat) - v.order.indexOf(b.seat))[0]!;
    return { seat: best.seat, doing: t(m('r.winner', { p: { seat: best.seat }, n: best.total })), where };
  }
  if (v.turn) return { seat: v.turn.seat, doing: t(m('glance.turn', { p: { seat: v.turn.seat }, stage: m(`stage.${v.turn.stage}`), labour: half(v.turn.pool) })), where };
  if (v.acting !== null) return { seat: v.acting, doing: t(m('glance.phase', { p: { seat: v.acting }, phase: m(`phase.${v.phase}`) })), where };
  return { seat: null, doing: t(m(`phase.${v.phase}`)), where };
}

/** The four action columns: name, figures in it (chief C, tribe figure T), who holds the bottom space. */
function drawColumns(g: SKRSContext2D, v: EwView, r: RenderContext, y: number, prev: EwView | null | undefined): number {
  const t = r.t;
  const gap = 10, cw = (GLANCE_W - 24 - 3 * gap) / 4, h = 128;
  COLS.forEach((col, i) => {
    const x = 12 + i * (cw + gap);
    roundRect(g, x, y, cw, h, 8, '#efe3cc', '#c9b693', 1.5);
    text(g, t(m(`col.${col}`)), x + cw / 2, y + 20, { size: 26, bold: true, align: 'center', color: GLANCE_INK, maxWidth: cw - 8 });
    const c = v.cols[i]!;
    const per = Math.floor((cw - 8) / 36);
    const shown = c.f.slice(0, per);
    shown.forEach(([seat, fig], k) => {
      const fx = x + cw / 2 - (shown.length * 36 - 4) / 2 + 16 + k * 36;
      circle(g, fx, y + 58, 16, seatColor(seat!), '#222', 1.5);
      text(g, figLetter(t, fig === 0 ? 'c' : 't'), fx, y + 58, { size: 24, bold: true, color: '#fff', align: 'center', maxWidth: 30 });
    });
    roundRect(g, x + 6, y + h - 44, cw - 12, 38, 6, c.b >= 0 ? seatColor(c.b) : '#e2d5bb', '#b9a98c', 1);
    text(g, c.b >= 0 ? `▼ ${nameOf(r, c.b)}` : `▼ ${t(m('glance.free'))}`, x + cw / 2, y + h - 25, { size: 24, bold: c.b >= 0, color: c.b >= 0 ? '#fff' : '#6d5d49', align: 'center', maxWidth: cw - 20, ellipsis: true });
    const p = prev?.n === v.n ? prev.cols[i] : undefined;
    if (p && (p.b !== c.b || p.f.length !== c.f.length || p.f.some((f, k) => f[0] !== c.f[k]?.[0] || f[1] !== c.f[k]?.[1]))) hiliteRect(g, x - 3, y - 3, cw + 6, h + 6, 10);
  });
  return h;
}

export function renderGlance(v: EwView, r: GlanceContext<EwView>): Buffer {
  const t = r.t;
  const { canvas, ctx: g } = makeCanvas(GLANCE_W, GLANCE_H, GLANCE_BG);
  let y = drawBand(g, band(v, r)) + 10;
  y += drawColumns(g, v, r, y, r.previous) + 10;
  const prev = r.previous?.n === v.n ? r.previous : null;
  const cards = v.players.map((p, seat) => {
    const q = prev?.players[seat];
    return {
      seat, name: nameOf(r, seat), acting: v.acting === seat, right: `${p.score} ★`,
      detail: t(m('glance.counts', { food: p.food, limit: p.foodLimit, tool: p.tool, o: p.offering, f: p.fame })),
      changed: !!q && (q.score !== p.score || q.food !== p.food || q.tool !== p.tool || q.offering !== p.offering || q.fame !== p.fame),
    };
  });
  const changed = changedTiles(v, r.previous);
  const key = changed.size > 0 || cards.some((x) => x.changed);
  // the map: 8 radii high, 5 hex widths wide; the players right of it. The key "changed" goes under the players, or
  // where they leave it no line (four players, German), under a map made a line smaller: the map's corners are too
  // narrow for it (it ran into the bottom left tile).
  const place = (S: number) => {
    const mapW = 5 * Math.sqrt(3) * S, rx = 12 + mapW + 24;
    return { S, mapW, rx, rw: GLANCE_W - rx - 12 };
  };
  let at = place(Math.floor((GLANCE_H - y - 6) / 8));
  const keyBelowMap = key && y + 4 + playerCardsHeight(g, at.rw, cards) + KEY_LINE > GLANCE_H - 4;
  if (keyBelowMap) at = place(Math.floor((GLANCE_H - y - 6 - KEY_LINE) / 8));
  const { S, mapW, rx, rw } = at;
  drawGlanceMap(g, v, { x: 12 + mapW / 2, y: y + 4 * S, S }, { changed });
  y += 4;
  y += drawPlayerCards(g, rx, y, rw, cards);
  const keyLine = key && !keyBelowMap ? KEY_LINE : 0;
  for (const s of [t(m('glance.order', { order: v.order.map((seat) => nameOf(r, seat)).join(' → ') }))]) {
    const n = lineCount(g, s, rw, 24);
    if (y + n * 29 + keyLine > GLANCE_H - 4) break;
    y += paragraph(g, s, rx, y + 14, { size: 24, color: GLANCE_SOFT, maxWidth: rw, lineHeight: 29 }) * 29 + 6;
  }
  if (keyBelowMap) changedKey(g, 12, GLANCE_H - KEY_LINE / 2, t(m('glance.changed')), mapW);
  else if (key) changedKey(g, rx, y + KEY_LINE / 2, t(m('glance.changed')), rw);
  return glancePng(canvas);
}
