/** Endless Winter's table picture, the sections of the board: action columns, map, build site, idol board, progress display and supplies, sacred stones and hunting ground (render.ts stacks them with the players). */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { m } from './keys.js';
import { circle, lineCount, measure, paragraph, roundRect, seatColor, text } from '../../render/canvas.js';
import type { RenderContext } from '../types.js';
import { COLS } from './data.js';
import { abilityMsg, atomsMsg } from './engine.js';
import { hexCenter, POINTS, siteLayout } from './geometry.js';
import type { EwView } from './view.js';
import { dataOf, figLetter, INK, LINE, lines, panel, PW, settlementIcon, SOFT, X0 } from './render-common.js';

/** Action columns: cost and middle text, figures on them, who holds the bottom space. Returns the panel's height. */
export function drawMainBoard(ctx: SKRSContext2D, v: EwView, r: RenderContext, y0: number): number {
  const { t, names } = r;
  const cw = (PW - 24 - 3 * 8) / 4;
  const costs = COLS.map((col) => t(m(`cost.${col}`)));
  const mids = COLS.map((col) => `1× ${t(m(`mid.${col}`))}`);
  const costL = Math.max(...costs.map((s) => lines(ctx, s, cw - 16)));
  const midL = Math.max(...mids.map((s) => lines(ctx, s, cw - 16)));
  const figRows = Math.max(1, ...v.cols.map((c) => Math.ceil(c.f.length / 8)));
  const legend = t(m('r.figLegend', { c: figLetter(t, 'c'), t: figLetter(t, 't') }));
  const legendL = lines(ctx, legend, PW - 24);
  const colH = 34 + costL * LINE + 10 + midL * LINE + 10 + figRows * 30 + 44;
  const h = 40 + colH + 8 + legendL * LINE + 8;
  panel(ctx, X0, y0, PW, h, t(m('r.mainBoard', { round: v.round })));
  COLS.forEach((col, i) => {
    const x = X0 + 12 + i * (cw + 8);
    let y = y0 + 36;
    roundRect(ctx, x, y, cw, colH, 8, '#efe3cc', '#c9b693', 1);
    text(ctx, t(m(`col.${col}`)), x + cw / 2, y + 16, { size: 17, bold: true, align: 'center', maxWidth: cw - 8 });
    y += 40;
    paragraph(ctx, costs[i]!, x + 8, y, { size: 15, color: SOFT, maxWidth: cw - 16, lineHeight: LINE, maxLines: costL });
    y += costL * LINE + 10;
    paragraph(ctx, mids[i]!, x + 8, y, { size: 15, color: SOFT, maxWidth: cw - 16, lineHeight: LINE, maxLines: midL });
    y += midL * LINE + 10;
    const c = v.cols[i]!;
    c.f.forEach(([seat, fig], k) => {
      const fx = x + 18 + (k % 8) * 29, fy = y + 4 + Math.floor(k / 8) * 30;
      circle(ctx, fx, fy, 13, seatColor(seat!), '#222', 1);
      text(ctx, figLetter(t, fig === 0 ? 'c' : 't'), fx, fy, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: 24 });
    });
    y += figRows * 30;
    roundRect(ctx, x + 6, y, cw - 12, 32, 6, c.b >= 0 ? seatColor(c.b) : '#e2d5bb', '#b9a98c', 1);
    text(ctx, c.b >= 0 ? `▼ ${names[c.b] ?? `#${c.b + 1}`}` : t(m('r.bottomFree')), x + cw / 2, y + 16, { size: 15, bold: c.b >= 0, color: c.b >= 0 ? '#fff' : '#6d5d49', align: 'center', maxWidth: cw - 20, ellipsis: true });
  });
  paragraph(ctx, legend, X0 + 12, y0 + 36 + colH + 18, { size: 15, color: SOFT, maxWidth: PW - 24, lineHeight: LINE });
  return h;
}

const MAP_S = 56;
/** Map tiles are pointy-top hexes of radius MAP_S; the 19 of them span 5 hex widths and 8 radii. */
const MAP_W = 5 * Math.sqrt(3) * MAP_S;
const MAP_H = 8 * MAP_S;

/** The map on the left, its legend (terrain incomes, symbols, ice finds) on the right. Returns the panel's height. */
export function drawMap(ctx: SKRSContext2D, v: EwView, r: RenderContext, y0: number): number {
  const { t } = r;
  const lx = X0 + 24 + MAP_W + 20, lw = X0 + PW - 12 - lx;
  // legend first, to know the height
  let ly = y0 + 50;
  const legend: (() => void)[] = [];
  const para = (s: string, x: number, width: number, opts: { bold?: boolean; color?: string } = {}): void => {
    const yy = ly;
    legend.push(() => paragraph(ctx, s, x, yy, { size: 15, bold: opts.bold, color: opts.color ?? INK, maxWidth: width, lineHeight: LINE }));
    ly += lines(ctx, s, width, opts.bold) * LINE;
  };
  para(t(m('r.terrainIncome')), lx, lw, { bold: true });
  ly += 4;
  for (const terr of [...dataOf(v).terrain, dataOf(v).glacier]) {
    const yy = ly;
    legend.push(() => roundRect(ctx, lx, yy - 9, 18, 18, 4, terr.color, '#6b5a45', 1));
    para(`${t(m(`terrain.${terr.id}`))}: ${terr.income.length ? t(atomsMsg(terr.income)) : '—'}`, lx + 26, lw - 26);
    ly += 3;
  }
  ly += 4;
  para(t(m(v.opts.majority ? 'r.majority' : 'r.tied')), lx, lw, { color: SOFT });
  ly += 8;
  const symbols: [(x: number, y: number) => void, string][] = [
    [(x, y) => { roundRect(ctx, x, y - 10, 20, 20, 3, seatColor(0), '#222', 1); text(ctx, '2', x + 10, y, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: 20 }); }, t(m('r.legendCamp'))],
    [(x, y) => settlement(ctx, x + 10, y + 2, 0), t(m('r.legendSettle'))],
    [(x, y) => { circle(ctx, x + 10, y, 11, '#fff', seatColor(0), 3); text(ctx, '3', x + 10, y, { size: 15, bold: true, align: 'center', color: '#111', maxWidth: 18 }); }, t(m('r.legendRing'))],
    [(x, y) => text(ctx, '❄', x + 10, y, { size: 17, align: 'center', color: '#1d3d5c', maxWidth: 20 }), t(m('r.legendIce'))],
  ];
  for (const [icon, label] of symbols) {
    const yy = ly;
    legend.push(() => icon(lx, yy));
    para(label, lx + 30, lw - 30);
    ly += 6;
  }
  const ice = v.ice.map((x, i) => ({ x, i })).filter((e) => e.x !== -1);
  if (ice.length) {
    ly += 4;
    para(t(m('r.iceFinds', { list: ice.map((e) => `#${e.i} ${e.x === -2 ? '?' : t(atomsMsg(dataOf(v).iceFinds[e.x]!))}`).join(' · ') })), lx, lw, { color: '#1d3d5c' });
  }
  const h = Math.max(MAP_H + 60, ly - y0 + 10);
  panel(ctx, X0, y0, PW, h, t(m('r.map')));
  legend.forEach((f) => f());
  const cx = X0 + 24 + MAP_W / 2, cy = y0 + 40 + MAP_H / 2;
  v.tiles.forEach((type, i) => {
    const [hx, hy] = hexCenter(i, MAP_S);
    const x = cx + hx, y = cy + hy;
    const terr = type < 0 ? dataOf(v).start : type === 6 ? dataOf(v).glacier : dataOf(v).terrain[type]!;
    ctx.beginPath();
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k + Math.PI / 6;
      const px = x + (MAP_S - 1) * Math.cos(a), py = y + (MAP_S - 1) * Math.sin(a);
      if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
    }
    ctx.closePath();
    ctx.fillStyle = terr.color;
    ctx.fill();
    ctx.strokeStyle = '#6b5a45';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    const dark = terr.id === 'forest';
    const fg = dark ? '#fff' : '#1d1a14';
    const ice = v.ice[i]!;
    text(ctx, `#${i}${ice !== -1 ? ' ❄' : ''}`, x, y - 32, { size: 15, align: 'center', color: fg, maxWidth: 50 });
    paragraph(ctx, t(m(`terrain.${terr.id}`)), x, y - 13, { size: 15, bold: true, align: 'center', color: fg, maxWidth: Math.sqrt(3) * MAP_S - 8, lineHeight: 17, maxLines: 2 });
    const present = v.camps[i]!.map((c, seat) => ({ c, seat })).filter((e) => e.c > 0);
    present.forEach((e, k) => {
      const bx = x - (present.length * 22 - 2) / 2 + k * 22, by = y + 14;
      roundRect(ctx, bx, by, 20, 20, 3, seatColor(e.seat), '#222', 1);
      text(ctx, String(e.c), bx + 10, by + 10, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: 20 });
    });
  });
  // Influence: camps 1, settlements 2 on each neighbour; the seats that would get the tile's income are ringed.
  v.tiles.forEach((_, i) => {
    if (i === 0) return;
    const infl = v.camps[i]!.map((c) => c);
    v.settle.forEach((seat, pt) => { if (seat >= 0 && POINTS[pt]!.includes(i)) infl[seat]! += 2; });
    const max = Math.max(...infl);
    if (max <= 0) return;
    const top = infl.map((x, seat) => (x === max ? seat : -1)).filter((x) => x >= 0);
    if (v.opts.majority && top.length > 1) return;
    const [hx, hy] = hexCenter(i, MAP_S);
    top.forEach((seat, k) => {
      const x = cx + hx - (top.length - 1) * 12 + k * 24, y = cy + hy + 44;
      circle(ctx, x, y, 11, '#fff', seatColor(seat), 3);
      text(ctx, String(max), x, y, { size: 15, bold: true, align: 'center', color: '#111', maxWidth: 18 });
    });
  });
  v.settle.forEach((seat, pt) => {
    if (seat < 0) return;
    const [a, b, c] = POINTS[pt]!;
    const pts = [a, b, c].map((i) => hexCenter(i, MAP_S));
    settlement(ctx, cx + (pts[0]![0] + pts[1]![0] + pts[2]![0]) / 3, cy + (pts[0]![1] + pts[1]![1] + pts[2]![1]) / 3, seat);
  });
  return h;
}

function settlement(ctx: SKRSContext2D, x: number, y: number, seat: number): void {
  settlementIcon(ctx, x, y, seatColor(seat), { r: 11, top: 12, eave: 2, floor: 10, line: 1.5 });
}

/** The build site: cells with what building there gains, megaliths with their level. Returns the panel's height. */
export function drawSite(ctx: SKRSContext2D, v: EwView, r: RenderContext, y0: number): number {
  const { t } = r;
  const lay = siteLayout(dataOf(v), v.sitePat, v.siteTiles);
  // cells as wide as the panel allows, as tall as their longest text needs
  const cw = Math.min(110, Math.floor((PW - 24) / lay.w));
  const label = (c: NonNullable<(typeof lay.cells)[number]>): string => (c.cell.start ? '◆' : t(atomsMsg(c.cell.gain)));
  const most = Math.max(1, ...lay.cells.map((c) => (c ? lineCount(ctx, label(c), cw - 10, 15) : 0)));
  const ch = Math.max(Math.round(cw * 0.8), 12 + most * 18);
  const h = 44 + lay.h * ch + 12;
  panel(ctx, X0, y0, PW, h, t(m('r.site')));
  const ox = X0 + 12 + (PW - 24 - lay.w * cw) / 2, oy = y0 + 38;
  const tint = ['#efe6d2', '#e5ecdf', '#ece2e8', '#e2e8ef'];
  lay.cells.forEach((c, i) => {
    if (!c) return;
    const x = ox + (i % lay.w) * cw, y = oy + Math.floor(i / lay.w) * ch;
    roundRect(ctx, x + 1, y + 1, cw - 2, ch - 2, 4, c.cell.start ? '#bdb6a8' : tint[c.tile], '#9c8a6e', 1);
    paragraph(ctx, label(c), x + 5, y + 14, { size: 15, color: '#4a3e30', maxWidth: cw - 10, lineHeight: 18, maxLines: most });
  });
  const sorted = [...v.megs].sort((a, b) => a.l - b.l);
  for (const g of sorted) {
    const x = ox + g.x * cw + (g.l * cw) / 2 + cw / 2, y = oy + g.y * ch + (g.l * ch) / 2 + ch / 2;
    const s = 34 - g.l * 2;
    roundRect(ctx, x - s / 2, y - s / 2, s, s, 3, g.o < 0 ? '#8d8d8d' : seatColor(g.o), '#111', 1.5);
    if (g.l > 0) text(ctx, String(g.l), x, y, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: s });
  }
  return h;
}

/** The idol board: offering track and fame track with the players' markers. Returns the panel's height. */
export function drawIdol(ctx: SKRSContext2D, v: EwView, r: RenderContext, y0: number): number {
  const { t, names } = r;
  const labelW = Math.max(measure(ctx, t(m('r.offering')), 15, true), measure(ctx, t(m('r.fame')), 15, true)) + 20;
  const n = dataOf(v).offering.length;
  const tx = X0 + 12 + labelW;
  const bw = Math.floor((X0 + PW - 12 - tx) / (n + 1));
  const legend = t(m('r.idolLegend'));
  const legendL = lines(ctx, legend, PW - 24);
  const ranked = v.players.map((p, seat) => ({ seat, p })).filter((x) => x.p.fame > 0).sort((a, b) => b.p.fame - a.p.fame || a.p.fameAt - b.p.fameAt);
  const h = 40 + 2 * 58 + (ranked.length ? 24 : 0) + legendL * LINE + 12;
  panel(ctx, X0, y0, PW, h, t(m('r.idol')));
  text(ctx, t(m('r.offering')), X0 + 12, y0 + 62, { size: 15, bold: true, maxWidth: labelW - 8 });
  for (let i = 0; i <= n; i++) {
    const x = tx + i * bw;
    const sp = i === 0 ? null : dataOf(v).offering[i - 1]!;
    roundRect(ctx, x, y0 + 38, bw - 4, 50, 5, i === 0 ? '#e2d5bb' : '#f0e2c2', '#b9a98c', 1);
    text(ctx, i === 0 ? '0' : `${sp!.ratio}:1${sp!.bonus ? ` ${sp!.bonus === 'bury' ? '✝' : sp!.bonus === 'memberHand' ? '+H' : '+D'}` : ''}`, x + (bw - 4) / 2, y0 + 52, { size: 15, align: 'center', color: SOFT, maxWidth: bw - 8 });
    v.players.forEach((p, seat) => { if (p.offering === i) circle(ctx, x + 10 + seat * 15, y0 + 76, 7, seatColor(seat), '#222', 1); });
  }
  const fy = y0 + 38 + 58;
  text(ctx, t(m('r.fame')), X0 + 12, fy + 24, { size: 15, bold: true, maxWidth: labelW - 8 });
  const fw = Math.floor((X0 + PW - 12 - tx) / (dataOf(v).fame.levels + 1));
  for (let lvl = 0; lvl <= dataOf(v).fame.levels; lvl++) {
    const x = tx + lvl * fw;
    const pts = dataOf(v).fame.points[lvl];
    roundRect(ctx, x, fy, fw - 4, 50, 5, pts ? '#f3d9a8' : '#f0e2c2', '#b9a98c', 1);
    text(ctx, `${lvl}${pts ? ` (+${pts})` : ''}`, x + (fw - 4) / 2, fy + 14, { size: 15, align: 'center', color: SOFT, maxWidth: fw - 8 });
    const here = v.players.map((p, seat) => ({ seat, p })).filter((x2) => x2.p.fame === lvl).sort((a, b) => a.p.fameAt - b.p.fameAt);
    here.forEach((hh, k) => circle(ctx, x + 12 + k * 16, fy + 38, 7, seatColor(hh.seat), '#222', 1));
  }
  let y = fy + 58 + 6;
  if (ranked.length) { text(ctx, `★ ${names[ranked[0]!.seat] ?? ''}`, X0 + 12, y + 6, { size: 15, color: '#6d5d49', maxWidth: PW - 24, ellipsis: true }); y += 24; }
  paragraph(ctx, legend, X0 + 12, y + 6, { size: 15, color: SOFT, maxWidth: PW - 24, lineHeight: LINE });
  return h;
}

/** Member supplies and the progress display. Returns the panel's height. */
export function drawSupplyAndDisplay(ctx: SKRSContext2D, v: EwView, r: RenderContext, y0: number): number {
  const { t } = r;
  const mw = (PW - 24 - 4 * 6) / 5;
  const per = 4, cw = (PW - 24 - 3 * 8) / per;
  const effects = v.display.map((d) => (d >= 0 ? t(abilityMsg(dataOf(v).cards[d]!.effect!)) : ''));
  const names = v.display.map((d) => (d >= 0 ? t(m(`card.${dataOf(v).cards[d]!.id}`)) : ''));
  const nameL = Math.max(1, ...names.map((s) => lines(ctx, s, cw - 70, true)));
  const effL = Math.max(1, ...effects.map((s) => lines(ctx, s, cw - 16)));
  const ch = 12 + nameL * LINE + 6 + effL * LINE + 8;
  const rows = Math.max(1, Math.ceil(v.display.length / per));
  const h = 40 + 36 + rows * (ch + 8) + 6;
  panel(ctx, X0, y0, PW, h, t(m('r.display', { a: v.prog1, b: v.prog2 })));
  dataOf(v).members.forEach((id, i) => {
    const x = X0 + 12 + i * (mw + 6);
    roundRect(ctx, x, y0 + 36, mw, 28, 6, '#e9dcc2', '#c9b693', 1);
    text(ctx, `${t(m(`card.${id}`))}: ${v.supply[i]}`, x + mw / 2, y0 + 50, { size: 15, align: 'center', maxWidth: mw - 8 });
  });
  v.display.forEach((d, i) => {
    const x = X0 + 12 + (i % per) * (cw + 8), y = y0 + 76 + Math.floor(i / per) * (ch + 8);
    roundRect(ctx, x, y, cw, ch, 8, d >= 0 ? (dataOf(v).cards[d]!.age === 1 ? '#e8efe0' : '#e6e0f0') : '#eee6d6', '#b9a98c', 1);
    if (d < 0) { text(ctx, '—', x + cw / 2, y + ch / 2, { size: 18, align: 'center', color: '#aaa' }); return; }
    const c = dataOf(v).cards[d]!;
    paragraph(ctx, names[i]!, x + 8, y + 16, { size: 15, bold: true, maxWidth: cw - 70, lineHeight: LINE, maxLines: nameL });
    text(ctx, `${c.age === 1 ? 'I' : 'II'}${c.points ? ` · ${c.points}★` : ''}`, x + cw - 8, y + 16, { size: 15, align: 'right', color: '#6d5d49', maxWidth: 58 });
    paragraph(ctx, effects[i]!, x + 8, y + 16 + nameL * LINE + 6, { size: 15, maxWidth: cw - 16, lineHeight: LINE, maxLines: effL });
  });
  return h;
}

/** Sacred stones (two rows) and the hunting ground. Returns the panel's height. */
export function drawStonesAndHunt(ctx: SKRSContext2D, v: EwView, r: RenderContext, y0: number): number {
  const { t } = r;
  const per = 4, sx = X0 + 50, sw = (X0 + PW - 12 - sx - 3 * 6) / per;
  const stoneName = (st: number): string => t(m(`stone.${dataOf(v).stones[st]!.id}`));
  const stoneL = Math.max(1, ...[...v.stonesL, ...v.stonesR].filter((st) => st >= 0).map((st) => lines(ctx, stoneName(st), sw - 12)));
  const sh = stoneL * LINE + 10;
  const rowsOf = (list: number[]): number => Math.max(1, Math.ceil(list.length / per));
  const hunt = v.ground.map((sp) => t(m(`animal.${dataOf(v).species[sp]!.id}`)));
  const hw = (PW - 24 - 5 * 6) / 6;
  const huntL = Math.max(1, ...hunt.map((s) => lines(ctx, s, hw - 12)));
  const h = 40 + (rowsOf(v.stonesL) + rowsOf(v.stonesR)) * (sh + 6) + 12 + 34 + huntL * LINE + 16;
  panel(ctx, X0, y0, PW, h, t(m('r.stones')));
  let y = y0 + 38;
  const row = (list: number[], label: string): void => {
    text(ctx, label, X0 + 14, y + sh / 2, { size: 16, bold: true, color: '#6d5d49', maxWidth: 30 });
    list.forEach((st, i) => {
      const x = sx + (i % per) * (sw + 6), yy = y + Math.floor(i / per) * (sh + 6);
      roundRect(ctx, x, yy, sw, sh, 6, st >= 0 ? '#dfe6ee' : '#eee6d6', '#9fb0c4', 1);
      if (st >= 0) paragraph(ctx, stoneName(st), x + 6, yy + 5 + LINE / 2, { size: 15, maxWidth: sw - 12, lineHeight: LINE, maxLines: stoneL });
    });
    y += rowsOf(list) * (sh + 6);
  };
  row(v.stonesL, 'I');
  row(v.stonesR, 'II');
  y += 12;
  text(ctx, t(m('r.hunting', { n: v.animalDeck })), X0 + 12, y + 8, { size: 16, bold: true, maxWidth: PW - 24 });
  y += 24;
  hunt.forEach((name, i) => {
    const x = X0 + 12 + i * (hw + 6);
    roundRect(ctx, x, y, hw, huntL * LINE + 12, 6, '#efe0cf', '#b58c63', 1);
    paragraph(ctx, name, x + hw / 2, y + 6 + LINE / 2, { size: 15, align: 'center', maxWidth: hw - 12, lineHeight: LINE, maxLines: huntL });
  });
  return h;
}
