/** Endless Winter pictures, drawn only from a view: the table (boards, map, build site, idol board, players) and a hand. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { msg } from '../../engine/i18n.js';
import { circle, makeCanvas, roundRect, seatColor, text, toPng } from '../../render/canvas.js';
import type { Msg } from '../../engine/types.js';
import type { RenderContext } from '../types.js';
import { COLS, DATA, type CardDef } from './data.js';
import { atomsMsg, abilityMsg } from './engine.js';
import { HEXES, POINTS, hexCenter, siteLayout } from './geometry.js';
import type { EwView } from './view.js';

const W = 1500;
const INK = '#2b2118';
const PANEL = '#fbf6ec';
const m = msg;

function panel(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, title: string): void {
  roundRect(ctx, x, y, w, h, 10, PANEL, '#b9a98c', 2);
  text(ctx, title, x + 12, y + 16, { size: 15, bold: true, color: INK });
}

function cardLine(c: CardDef, t: RenderContext['t']): string {
  const parts: string[] = [];
  if (c.kind === 'member') parts.push(t(m('r.cardLabour', { n: half(c.labour2) })));
  if (c.effect) parts.push(t(abilityMsg(c.effect)));
  for (const a of c.play) parts.push(t(abilityMsg(a)));
  const ecl = [...(c.eclipseLabour2 ? [t(m('atom.labour', { n: half(c.eclipseLabour2) }))] : []), ...c.eclipse.map((a) => t(abilityMsg(a)))];
  if (ecl.length) parts.push(t(m('r.cardEclipse', { what: ecl.join(', ') })));
  return parts.join(' · ');
}
const half = (h: number): string => (h % 2 === 0 ? String(h / 2) : h === 1 ? '½' : `${Math.floor(h / 2)}½`);

function wrap(ctx: SKRSContext2D, s: string, x: number, y: number, maxW: number, size: number, lines: number, color = INK): void {
  ctx.font = `${size}px CampfireSans`;
  const words = s.split(' ');
  let line = '';
  let n = 0;
  for (const w of words) {
    const tryLine = line ? `${line} ${w}` : w;
    if (ctx.measureText(tryLine).width > maxW && line) {
      text(ctx, line, x, y + n * (size + 3), { size, color });
      n++;
      if (n >= lines) return;
      line = w;
    } else line = tryLine;
  }
  if (line && n < lines) text(ctx, line, x, y + n * (size + 3), { size, color });
}

function drawMainBoard(ctx: SKRSContext2D, v: EwView, r: RenderContext, x0: number, y0: number): void {
  const { t, names } = r;
  panel(ctx, x0, y0, 740, 250, t(m('r.mainBoard', { round: v.round })));
  const cw = 178;
  COLS.forEach((col, i) => {
    const x = x0 + 12 + i * (cw + 4);
    const y = y0 + 32;
    roundRect(ctx, x, y, cw, 210, 8, '#efe3cc', '#c9b693', 1);
    text(ctx, t(m(`col.${col}`)), x + cw / 2, y + 14, { size: 15, bold: true, align: 'center' });
    wrap(ctx, t(m(`cost.${col}`)), x + 6, y + 34, cw - 12, 10, 3, '#5a4a38');
    wrap(ctx, `1× ${t(m(`mid.${col}`))}`, x + 6, y + 78, cw - 12, 10, 3, '#5a4a38');
    const c = v.cols[i]!;
    c.f.forEach(([seat, fig], k) => {
      const fx = x + 16 + (k % 7) * 23, fy = y + 134 + Math.floor(k / 7) * 24;
      circle(ctx, fx, fy, 10, seatColor(seat!), '#222', 1);
      text(ctx, fig === 0 ? 'C' : 'T', fx, fy, { size: 11, bold: true, color: '#fff', align: 'center' });
    });
    roundRect(ctx, x + 6, y + 172, cw - 12, 30, 6, c.b >= 0 ? seatColor(c.b) : '#e2d5bb', '#b9a98c', 1);
    text(ctx, c.b >= 0 ? `▼ ${names[c.b]}` : t(m('r.bottomFree')), x + cw / 2, y + 187, { size: 12, bold: c.b >= 0, color: c.b >= 0 ? '#fff' : '#6d5d49', align: 'center', maxWidth: cw - 20 });
  });
}

function drawSupplyAndDisplay(ctx: SKRSContext2D, v: EwView, r: RenderContext, x0: number, y0: number): void {
  const { t } = r;
  panel(ctx, x0, y0, 740, 290, t(m('r.display', { a: v.prog1, b: v.prog2 })));
  DATA.members.forEach((id, i) => {
    const x = x0 + 12 + i * 145;
    roundRect(ctx, x, y0 + 30, 140, 26, 6, '#e9dcc2', '#c9b693', 1);
    text(ctx, `${t(m(`card.${id}`))}: ${v.supply[i]}`, x + 70, y0 + 43, { size: 12, align: 'center', maxWidth: 132 });
  });
  v.display.forEach((d, i) => {
    const x = x0 + 12 + (i % 4) * 181, y = y0 + 64 + Math.floor(i / 4) * 108;
    roundRect(ctx, x, y, 175, 100, 8, d >= 0 ? (DATA.cards[d]!.age === 1 ? '#e8efe0' : '#e6e0f0') : '#eee6d6', '#b9a98c', 1);
    if (d < 0) { text(ctx, '—', x + 87, y + 50, { size: 18, align: 'center', color: '#aaa' }); return; }
    const c = DATA.cards[d]!;
    text(ctx, t(m(`card.${c.id}`)), x + 8, y + 14, { size: 13, bold: true, maxWidth: 130 });
    text(ctx, `${c.age === 1 ? 'I' : 'II'}${c.points ? ` · ${c.points}★` : ''}`, x + 167, y + 14, { size: 12, align: 'right', color: '#6d5d49' });
    wrap(ctx, t(abilityMsg(c.effect!)), x + 8, y + 36, 160, 11, 4);
  });
}

function drawStonesAndHunt(ctx: SKRSContext2D, v: EwView, r: RenderContext, x0: number, y0: number): void {
  const { t } = r;
  panel(ctx, x0, y0, 740, 230, t(m('r.stones')));
  const row = (list: number[], y: number, label: string): void => {
    text(ctx, label, x0 + 12, y, { size: 12, bold: true, color: '#6d5d49' });
    list.forEach((st, i) => {
      const x = x0 + 50 + (i % 4) * 172, yy = y - 10 + Math.floor(i / 4) * 28;
      roundRect(ctx, x, yy, 168, 24, 6, st >= 0 ? '#dfe6ee' : '#eee6d6', '#9fb0c4', 1);
      if (st >= 0) text(ctx, t(m(`stone.${DATA.stones[st]!.id}`)), x + 6, yy + 12, { size: 10, maxWidth: 158 });
    });
  };
  row(v.stonesL, y0 + 42, 'I');
  row(v.stonesR, y0 + 104, 'II');
  text(ctx, t(m('r.hunting', { n: v.animalDeck })), x0 + 12, y0 + 170, { size: 13, bold: true });
  v.ground.forEach((sp, i) => {
    const x = x0 + 12 + i * 120;
    roundRect(ctx, x, y0 + 184, 114, 34, 6, '#efe0cf', '#b58c63', 1);
    text(ctx, t(m(`animal.${DATA.species[sp]!.id}`)), x + 57, y0 + 201, { size: 11, align: 'center', maxWidth: 108 });
  });
}

function drawMap(ctx: SKRSContext2D, v: EwView, r: RenderContext, x0: number, y0: number): void {
  const { t } = r;
  panel(ctx, x0, y0, 730, 396, t(m('r.map')));
  const size = 44;
  const cx = x0 + 262, cy = y0 + 214;
  // legend: what each terrain gives at the eclipse
  [...DATA.terrain, DATA.glacier].forEach((terr, i) => {
    const ly = y0 + 44 + i * 26;
    roundRect(ctx, x0 + 506, ly - 9, 18, 18, 4, terr.color, '#6b5a45', 1);
    text(ctx, `${t(m(`terrain.${terr.id}`))}: ${terr.income.length ? t(atomsMsg(terr.income)) : '—'}`, x0 + 530, ly, { size: 11, maxWidth: 192 });
  });
  wrap(ctx, t(m(v.opts.majority ? 'r.majority' : 'r.tied')), x0 + 506, y0 + 236, 215, 11, 4, '#5a4a38');
  v.tiles.forEach((type, i) => {
    const [hx, hy] = hexCenter(i, size);
    const x = cx + hx, y = cy + hy;
    const terr = type < 0 ? DATA.start : type === 6 ? DATA.glacier : DATA.terrain[type]!;
    ctx.beginPath();
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 3) * k + Math.PI / 6;
      const px = x + (size - 1) * Math.cos(a), py = y + (size - 1) * Math.sin(a);
      if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
    }
    ctx.closePath();
    ctx.fillStyle = terr.color;
    ctx.fill();
    ctx.strokeStyle = '#6b5a45';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    text(ctx, `${t(m(`terrain.${terr.id}`))}`, x, y - 24, { size: 11, bold: true, align: 'center', color: '#1d1a14', maxWidth: 76 });
    text(ctx, `#${i}`, x, y - 11, { size: 10, align: 'center', color: '#1d1a14' });
    const ice = v.ice[i]!;
    if (ice !== -1) text(ctx, ice === -2 ? '❄ ?' : `❄ ${t(atomsMsg(DATA.iceFinds[ice]!))}`, x, y + 20, { size: 9, align: 'center', color: '#1d3d5c', maxWidth: 74 });
    const camps = v.camps[i]!;
    let k = 0;
    camps.forEach((c, seat) => {
      if (!c) return;
      const bx = x - 30 + k * 20, by = y - 4;
      roundRect(ctx, bx, by, 17, 15, 3, seatColor(seat), '#222', 1);
      text(ctx, String(c), bx + 8.5, by + 8, { size: 10, bold: true, color: '#fff', align: 'center' });
      k++;
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
    const [hx, hy] = hexCenter(i, size);
    top.forEach((seat, k) => {
      const x = cx + hx - (top.length - 1) * 8 + k * 16, y = cy + hy + 30;
      circle(ctx, x, y, 7, '#fff', seatColor(seat), 3);
      text(ctx, String(max), x, y, { size: 9, bold: true, align: 'center', color: '#111' });
    });
  });
  v.settle.forEach((seat, pt) => {
    if (seat < 0) return;
    const [a, b, c] = POINTS[pt]!;
    const pts = [a, b, c].map((i) => hexCenter(i, size));
    const x = cx + (pts[0]![0] + pts[1]![0] + pts[2]![0]) / 3, y = cy + (pts[0]![1] + pts[1]![1] + pts[2]![1]) / 3;
    ctx.beginPath();
    ctx.moveTo(x, y - 11); ctx.lineTo(x + 10, y - 2); ctx.lineTo(x + 10, y + 9); ctx.lineTo(x - 10, y + 9); ctx.lineTo(x - 10, y - 2); ctx.closePath();
    ctx.fillStyle = seatColor(seat); ctx.fill();
    ctx.strokeStyle = '#111'; ctx.lineWidth = 1.5; ctx.stroke();
  });
  void HEXES;
}

function drawSite(ctx: SKRSContext2D, v: EwView, r: RenderContext, x0: number, y0: number): void {
  const { t } = r;
  panel(ctx, x0, y0, 730, 222, t(m('r.site')));
  const lay = siteLayout(v.sitePat, v.siteTiles);
  const cell = Math.min(58, Math.floor(700 / lay.w), Math.floor(178 / lay.h));
  const ox = x0 + 15, oy = y0 + 36;
  const tint = ['#efe6d2', '#e5ecdf', '#ece2e8', '#e2e8ef'];
  lay.cells.forEach((c, i) => {
    if (!c) return;
    const x = ox + (i % lay.w) * cell, y = oy + Math.floor(i / lay.w) * cell;
    roundRect(ctx, x + 1, y + 1, cell - 2, cell - 2, 4, c.cell.start ? '#bdb6a8' : tint[c.tile], '#9c8a6e', 1);
    const label = c.cell.start ? '◆' : t(atomsMsg(c.cell.gain));
    wrap(ctx, label, x + 4, y + 10, cell - 8, 9, 3, '#4a3e30');
  });
  const sorted = [...v.megs].sort((a, b) => a.l - b.l);
  for (const g of sorted) {
    const x = ox + g.x * cell + (g.l * cell) / 2 + cell / 2, y = oy + g.y * cell + (g.l * cell) / 2 + cell / 2;
    const s = cell * 0.5 - g.l * 2;
    roundRect(ctx, x - s / 2, y - s / 2, s, s, 3, g.o < 0 ? '#8d8d8d' : seatColor(g.o), '#111', 1.5);
    if (g.l > 0) text(ctx, String(g.l), x, y, { size: 11, bold: true, color: '#fff', align: 'center' });
  }
}

function drawIdol(ctx: SKRSContext2D, v: EwView, r: RenderContext, x0: number, y0: number): void {
  const { t, names } = r;
  panel(ctx, x0, y0, 730, 150, t(m('r.idol')));
  const n = DATA.offering.length;
  text(ctx, t(m('r.offering')), x0 + 12, y0 + 44, { size: 12, bold: true });
  for (let i = 0; i <= n; i++) {
    const x = x0 + 110 + i * 66;
    const sp = i === 0 ? null : DATA.offering[i - 1]!;
    roundRect(ctx, x, y0 + 32, 62, 40, 5, i === 0 ? '#e2d5bb' : '#f0e2c2', '#b9a98c', 1);
    text(ctx, i === 0 ? '0' : `${sp!.ratio}:1${sp!.bonus ? ` ${sp!.bonus === 'bury' ? '✝' : sp!.bonus === 'memberHand' ? '+H' : '+D'}` : ''}`, x + 31, y0 + 42, { size: 10, align: 'center', color: '#5a4a38' });
    v.players.forEach((p, seat) => { if (p.offering === i) circle(ctx, x + 10 + seat * 14, y0 + 60, 6, seatColor(seat), '#222', 1); });
  }
  text(ctx, t(m('r.fame')), x0 + 12, y0 + 100, { size: 12, bold: true });
  const ranked = v.players.map((p, seat) => ({ seat, p })).filter((x) => x.p.fame > 0).sort((a, b) => b.p.fame - a.p.fame || a.p.fameAt - b.p.fameAt);
  for (let lvl = 0; lvl <= DATA.fame.levels; lvl++) {
    const x = x0 + 110 + lvl * 76;
    const pts = DATA.fame.points[lvl];
    roundRect(ctx, x, y0 + 84, 72, 40, 5, pts ? '#f3d9a8' : '#f0e2c2', '#b9a98c', 1);
    text(ctx, `${lvl}${pts ? ` (+${pts})` : ''}`, x + 36, y0 + 94, { size: 10, align: 'center', color: '#5a4a38' });
    const here = v.players.map((p, seat) => ({ seat, p })).filter((x2) => x2.p.fame === lvl).sort((a, b) => a.p.fameAt - b.p.fameAt);
    here.forEach((h, k) => circle(ctx, x + 10 + k * 15, y0 + 112, 6, seatColor(h.seat), '#222', 1));
  }
  if (ranked.length) text(ctx, `★ ${names[ranked[0]!.seat]}`, x0 + 12, y0 + 134, { size: 11, color: '#6d5d49', maxWidth: 95 });
  text(ctx, t(m('r.idolLegend')), x0 + 110, y0 + 138, { size: 10, color: '#5a4a38', maxWidth: 600 });
}

function drawPlayers(ctx: SKRSContext2D, v: EwView, r: RenderContext, y0: number): void {
  const { t, names } = r;
  const w = (W - 20 - (v.n - 1) * 10) / v.n;
  v.players.forEach((p, seat) => {
    const x = 10 + seat * (w + 10);
    const acting = v.acting === seat;
    roundRect(ctx, x, y0, w, 330, 10, PANEL, acting ? '#1b1b1b' : seatColor(seat), acting ? 4 : 3);
    roundRect(ctx, x, y0, w, 30, 10, seatColor(seat));
    const pos = v.order.indexOf(seat) + 1;
    text(ctx, `${pos}. ${names[seat] ?? `#${seat + 1}`}${acting ? ' ◀' : ''}`, x + 10, y0 + 15, { size: 15, bold: true, color: '#fff', maxWidth: w - 90 });
    text(ctx, `${p.score >= 100 ? `+100 ${p.score - 100}` : p.score} ★`, x + w - 10, y0 + 15, { size: 15, bold: true, color: '#fff', align: 'right' });
    const chief = p.chief >= 0 ? `${t(m(`chief.${DATA.chiefs[p.chief]!.id}`))}${p.side >= 0 ? ` (${p.side + 1})` : ''}` : '—';
    const lines: string[] = [
      t(m('r.chief', { chief })),
      t(m('r.res', { food: p.food, limit: p.foodLimit, tool: p.tool })),
      t(m('r.camps', { board: DATA.player.camps - p.campsOnMap, map: p.campsOnMap, settle: DATA.player.settlements - p.settlements })),
      t(m('r.megs', { left: DATA.player.neutralMegaliths + DATA.player.colourMegaliths - p.megs, built: p.megs })),
      t(m('r.cards', { hand: p.handCount, deck: p.deckCount, discard: p.discard.length, stack: p.stackCount, buried: p.buriedCount })),
      t(m('r.idols', { o: p.offering, f: p.fame })),
      t(m('r.figs', { figs: p.figs.map((f) => (f === 'h' ? '⌂' : f === 'x' ? '–' : f === 'r' ? t(m('col.rest')) : t(m(`col.${f}`)))).join(', ') })),
    ];
    lines.forEach((l, i) => text(ctx, l, x + 10, y0 + 46 + i * 19, { size: 12, maxWidth: w - 20 }));
    let y = y0 + 46 + lines.length * 19;
    text(ctx, t(m('r.stonesOwned')), x + 10, y, { size: 12, bold: true });
    y += 17;
    if (!p.stones.length) { text(ctx, '—', x + 16, y, { size: 11, color: '#777' }); y += 16; }
    for (const st of p.stones) { text(ctx, `◈ ${t(m(`stone.${DATA.stones[st]!.id}`))}`, x + 16, y, { size: 11, maxWidth: w - 26 }); y += 16; }
    text(ctx, t(m('r.animals')), x + 10, y + 2, { size: 12, bold: true });
    y += 18;
    const alive = new Map<number, number>(), dead = new Map<number, number>();
    p.animals.forEach((sp, i) => { const mp = p.killed[i] ? dead : alive; mp.set(sp, (mp.get(sp) ?? 0) + 1); });
    const fmt = (mp: Map<number, number>): string => [...mp.entries()].map(([sp, c]) => `${t(m(`animal.${DATA.species[sp]!.id}`))} ×${c}`).join(', ') || '—';
    wrap(ctx, `♥ ${fmt(alive)}`, x + 16, y, w - 26, 11, 2);
    wrap(ctx, `✝ ${fmt(dead)}`, x + 16, y + 30, w - 26, 11, 2, '#7a5a4a');
    if (p.buried) wrap(ctx, `⚰ ${p.buried.map((d) => t(m(`card.${DATA.cards[d]!.id}`))).join(', ') || '—'}`, x + 16, y + 60, w - 26, 10, 2, '#555');
    if (v.eclipseLabour) text(ctx, t(m('r.eclipseLabour', { l: half(v.eclipseLabour[seat]!) })), x + w - 10, y0 + 318, { size: 11, align: 'right', color: '#444' });
    if (v.final) {
      const f = v.final.find((x2) => x2.seat === seat)!;
      text(ctx, t(m('r.final', { o: f.offering, f: f.fame, c: f.cards, a: f.animals })), x + 10, y0 + 318, { size: 11, bold: true, maxWidth: w - 20 });
    }
  });
}

export function renderTable(v: EwView, r: RenderContext): Buffer {
  const H = 1215;
  const { canvas, ctx } = makeCanvas(W, H, '#e9dfcb');
  const { t, names } = r;
  text(ctx, 'Endless Winter', 14, 24, { size: 24, bold: true, color: INK });
  const acting = v.acting !== null ? names[v.acting] ?? '' : '';
  text(ctx, t(m('r.header', { round: v.round, phase: m(`phase.${v.phase}`), order: v.order.map((s) => names[s] ?? `#${s + 1}`).join(' → ') })), 250, 24, { size: 15, color: INK, maxWidth: 950 });
  if (acting) text(ctx, `▶ ${acting}`, W - 14, 24, { size: 16, bold: true, color: seatColor(v.acting!), align: 'right' });
  if (v.final) {
    const best = [...v.final].sort((a, b) => b.total - a.total || v.order.indexOf(a.seat) - v.order.indexOf(b.seat))[0]!;
    text(ctx, t(m('r.winner', { p: { seat: best.seat }, n: best.total })), W - 14, 24, { size: 16, bold: true, color: seatColor(best.seat), align: 'right' });
  }
  drawMainBoard(ctx, v, r, 10, 48);
  drawSupplyAndDisplay(ctx, v, r, 10, 306);
  drawStonesAndHunt(ctx, v, r, 10, 604);
  drawMap(ctx, v, r, 760, 48);
  drawSite(ctx, v, r, 760, 450);
  drawIdol(ctx, v, r, 760, 680);
  drawPlayers(ctx, v, r, 842);
  if (v.turn) {
    const tt = v.turn;
    text(ctx, t(m('r.turn', { p: { seat: tt.seat }, stage: m(`stage.${tt.stage}`), labour: half(tt.pool) })), 14, 1196, { size: 13, color: INK, maxWidth: 1400 });
  }
  return toPng(canvas);
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
  const perRow = 5, cw = 230, ch = 112;
  const rows = piles.reduce((a, pl) => a + Math.max(1, Math.ceil(pl.cards.length / perRow)), 0);
  const { canvas, ctx } = makeCanvas(perRow * (cw + 10) + 20, rows * (ch + 10) + piles.length * 34 + 20, '#e9dfcb');
  let y = 10;
  for (const pl of piles) {
    text(ctx, pl.title, 14, y + 14, { size: 16, bold: true, color: INK });
    y += 30;
    if (!pl.cards.length) { text(ctx, '—', 24, y + 20, { size: 14, color: '#777' }); y += ch + 10; continue; }
    pl.cards.forEach((d, i) => {
      const c = DATA.cards[d]!;
      const x = 10 + (i % perRow) * (cw + 10), yy = y + Math.floor(i / perRow) * (ch + 10);
      const bg = c.kind === 'progress' ? (c.age === 2 ? '#e6e0f0' : '#e8efe0') : '#f6ead2';
      roundRect(ctx, x, yy, cw, ch, 8, bg, '#9c8a6e', 1.5);
      text(ctx, t(m(`card.${c.id}`)), x + 10, yy + 15, { size: 14, bold: true, maxWidth: cw - 60 });
      text(ctx, c.points ? `${c.points}★` : '', x + cw - 10, yy + 15, { size: 13, align: 'right', color: '#6d5d49' });
      wrap(ctx, cardLine(c, t), x + 10, yy + 38, cw - 20, 11, 5);
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
