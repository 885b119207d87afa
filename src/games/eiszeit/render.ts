/** Eiszeit pictures: the table (board, supplies, piles, players, score track, last account) and a seat's hand. Drawn from views only. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { circle, font, makeCanvas, roundRect, seatColor, text, toPng } from '../../render/canvas.js';
import type { Msg, Seat } from '../../engine/types.js';
import type { RenderContext } from '../types.js';
import { BOARD, CARD } from './data.js';
import type { EiszeitView } from './state.js';

const W = 1320;
const INK = '#2b2118';
const BOARD_X = 16;
const BOARD_Y = 74;
const SCALE = 0.8;
const PANEL_X = BOARD_X + BOARD.width * SCALE + 20;
const LAND_COLOR: Record<string, string> = Object.fromEntries(BOARD.landscapes.map((l) => [l.id, l.color]));

const m = (key: string, args?: Msg['args']): Msg => (args ? { key: `eiszeit.${key}`, args } : { key: `eiszeit.${key}` });
const nameOf = (ctx: RenderContext, seat: Seat): string => ctx.names[seat] ?? `#${seat + 1}`;
const bx = (x: number) => BOARD_X + x * SCALE;
const by = (y: number) => BOARD_Y + y * SCALE;

export function cardName(ctx: RenderContext, id: string): string {
  const c = CARD[id];
  if (!c) return id;
  return c.kind === 'landscape' ? ctx.t(m('card.landscape.name', { land: m(`land.${c.landscape}`) })) : ctx.t(m(`card.${c.colour}.${c.kind}.name`));
}
function cardText(ctx: RenderContext, id: string): string {
  const c = CARD[id]!;
  return c.kind === 'landscape' ? ctx.t(m('card.landscape.text', { land: m(`land.${c.landscape}`) })) : ctx.t(m(`card.${c.colour}.${c.kind}.text`));
}
function cardValue(ctx: RenderContext, id: string): string {
  const c = CARD[id]!;
  if (c.kind === 'cult') return ctx.t(m('ui.costCult'));
  if (c.kind === 'mammoth') return ctx.t(m('ui.costMammoth'));
  return ctx.t(m(c.colour === 'light' ? 'ui.cost' : 'ui.gain', { n: c.value ?? 0 }));
}
const regionName = (ctx: RenderContext, r: number) => ctx.t(m('region', { n: r + 1, land: m(`land.${BOARD.regions[r]!.landscape}`) }));

function wrap(g: SKRSContext2D, s: string, width: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of s.split(/\s+/)) {
    const next = cur ? `${cur} ${word}` : word;
    if (g.measureText(next).width > width && cur) {
      lines.push(cur);
      cur = word;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

function stone(g: SKRSContext2D, x: number, y: number, light: boolean): void {
  circle(g, x, y, 7, light ? '#d8d2c4' : '#5d5448', '#2b2118', 1);
}

/** A small mammoth (body, head, trunk, tusk, legs) with its count beside it. */
function mammoth(g: SKRSContext2D, x: number, y: number, k: number): number {
  const fur = '#6b4423';
  g.fillStyle = fur;
  g.fillRect(x - 9, y + 4, 5, 9);
  g.fillRect(x + 5, y + 4, 5, 9);
  g.beginPath();
  g.ellipse(x + 1, y, 13, 10, 0, Math.PI, Math.PI * 2);
  g.ellipse(x + 1, y, 13, 7, 0, 0, Math.PI);
  g.fill();
  circle(g, x - 12, y - 4, 7, fur);
  g.strokeStyle = fur;
  g.lineWidth = 4;
  g.beginPath();
  g.moveTo(x - 17, y - 2);
  g.quadraticCurveTo(x - 22, y + 8, x - 17, y + 12);
  g.stroke();
  g.strokeStyle = '#f4ecd8';
  g.lineWidth = 2;
  g.beginPath();
  g.moveTo(x - 13, y + 1);
  g.quadraticCurveTo(x - 12, y + 9, x - 5, y + 8);
  g.stroke();
  if (k > 1) {
    text(g, `×${k}`, x + 15, y + 2, { size: 13, bold: true, color: INK });
    return 54;
  }
  return 30;
}

function fireTile(g: SKRSContext2D, x: number, y: number, label: string): void {
  roundRect(g, x, y, 20, 20, 4, '#8a3b12', '#3b1a08', 1.2);
  text(g, label, x + 10, y + 11, { size: 12, bold: true, color: '#ffcf7a', align: 'center' });
}

function hunter(g: SKRSContext2D, x: number, y: number, seat: Seat, k: number, clubs: number): void {
  circle(g, x, y, 13, seatColor(seat), '#1f1a14', 1.5);
  text(g, String(k), x, y + 1, { size: 14, bold: true, color: '#fff', align: 'center' });
  if (clubs > 0) {
    roundRect(g, x + 6, y - 19, 22, 14, 4, '#2b2118');
    text(g, `♣${clubs}`, x + 17, y - 12, { size: 10, bold: true, color: '#fff', align: 'center' });
  }
}

function drawBoard(g: SKRSContext2D, view: EiszeitView, ctx: RenderContext): void {
  // the glacier edge along the top
  g.fillStyle = '#dff1fb';
  g.fillRect(bx(0), BOARD_Y - 14, BOARD.width * SCALE, 14);
  text(g, '❄ ❄ ❄', bx(BOARD.width / 2), BOARD_Y - 7, { size: 11, color: '#5c8fb0', align: 'center' });
  for (const def of BOARD.regions) {
    const rv = view.regions[def.id - 1]!;
    g.beginPath();
    def.polygon.forEach(([x, y], i) => (i === 0 ? g.moveTo(bx(x), by(y)) : g.lineTo(bx(x), by(y))));
    g.closePath();
    g.fillStyle = rv.glacier ? '#e9f5fc' : LAND_COLOR[def.landscape]!;
    g.fill();
    g.strokeStyle = '#4a3b2c';
    g.lineWidth = 2;
    g.stroke();
    if (rv.glacier) {
      g.save();
      g.clip();
      g.strokeStyle = '#b8d8ea';
      g.lineWidth = 2;
      for (let k = -600; k < 1000; k += 18) {
        g.beginPath();
        g.moveTo(bx(k), BOARD_Y);
        g.lineTo(bx(k + 300), by(BOARD.height));
        g.stroke();
      }
      g.restore();
    }
    const [lx, ly] = def.label;
    text(g, String(def.id), bx(lx) - 4, by(ly) - 2, { size: 20, bold: true, color: INK });
    font(g, 20, true);
    text(g, ctx.t(m(`land.${def.landscape}`)), bx(lx) + g.measureText(String(def.id)).width + 2, by(ly) - 2, { size: 12, color: '#4a3b2c' });
  }
  // pieces after every region is filled, so nothing is hidden under a neighbour
  for (const def of BOARD.regions) {
    const rv = view.regions[def.id - 1]!;
    const [cx, cy] = def.center;
    if (rv.glacier) {
      text(g, '❄', bx(cx), by(cy), { size: 30, color: '#7fb2d0', align: 'center' });
      continue;
    }
    // hunters by colour
    const present = rv.h.map((k, q) => ({ q, k, c: rv.c[q]! })).filter((x) => x.k > 0);
    const rowW = present.length * 30;
    present.forEach((x, i) => hunter(g, bx(cx) - rowW / 2 + 15 + i * 30, by(cy) - 8, x.q, x.k, x.c));
    // mammoths and face-down fire tiles below
    const itemsW = (rv.m > 0 ? (rv.m > 1 ? 54 : 30) : 0) + rv.fires * 24;
    let ix = bx(cx) - itemsW / 2;
    const iy = by(cy) + 24;
    if (rv.m > 0) ix += mammoth(g, ix + 20, iy, rv.m);
    for (let f = 0; f < rv.fires; f++) { fireTile(g, ix, iy - 10, '?'); ix += 24; }
  }
}

function drawPanel(g: SKRSContext2D, view: EiszeitView, ctx: RenderContext): number {
  const x = PANEL_X;
  let y = 70;
  const width = W - x - 16;
  // score track
  text(g, ctx.t(m('ui.score')), x, y, { size: 16, bold: true });
  y += 18;
  const max = Math.max(20, Math.ceil(Math.max(...view.players.map((p) => p.score)) / 10) * 10);
  const trackW = width - 40;
  roundRect(g, x, y, width, 22 + view.n * 14, 6, '#e8dcc4', '#b9a789', 1);
  g.strokeStyle = '#9c8a6b';
  g.lineWidth = 1;
  for (let v = 0; v <= max; v += 10) {
    const tx = x + 14 + (trackW * v) / max;
    g.beginPath();
    g.moveTo(tx, y + 6);
    g.lineTo(tx, y + 16 + view.n * 14);
    g.stroke();
    text(g, String(v), tx, y + 14 + view.n * 14, { size: 9, color: '#7a6a50', align: 'center' });
  }
  view.players.forEach((p, q) => {
    const px = x + 14 + (trackW * p.score) / max;
    circle(g, px, y + 10 + q * 12, 6, seatColor(q), '#1f1a14', 1);
    text(g, String(p.score), px + 9, y + 10 + q * 12, { size: 10, bold: true });
  });
  y += 36 + view.n * 14;
  // players
  text(g, ctx.t(m('ui.players')), x, y, { size: 16, bold: true });
  y += 8;
  view.players.forEach((p, q) => {
    const rowY = y + 14 + q * 44;
    const active = view.decider === q;
    roundRect(g, x, rowY - 10, width, 40, 6, active ? '#fff6d6' : '#efe5cf', active ? '#c9962b' : '#cbbd9f', active ? 2.5 : 1);
    circle(g, x + 14, rowY + 4, 8, seatColor(q), '#1f1a14', 1);
    text(g, nameOf(ctx, q), x + 28, rowY, { size: 14, bold: true, maxWidth: 170 });
    text(g, `${p.score}`, x + width - 10, rowY, { size: 16, bold: true, align: 'right' });
    text(g, ctx.t(m('ui.playerLine', { score: p.score, stones: p.stones, hunters: p.hunters, board: p.onBoard, clubs: p.clubs, hl: p.handLight, hd: p.handDark })), x + 28, rowY + 17, { size: 11, color: '#4a3b2c', maxWidth: width - 36 });
  });
  y += view.n * 44 + 22;
  // supplies and piles, light and dark side by side
  const half = (width - 10) / 2;
  for (const [i, light] of [[0, true], [1, false]] as const) {
    const px = x + i * (half + 10);
    roundRect(g, px, y, half, 118, 8, light ? '#f7f0e0' : '#4e4036', '#2b2118', 1.5);
    const fg = light ? INK : '#f4ecd8';
    text(g, ctx.t(m(light ? 'ui.light' : 'ui.dark')), px + 10, y + 14, { size: 14, bold: true, color: fg });
    const stones = light ? view.light : view.dark;
    text(g, `${stones} ${ctx.t(m('ui.stones'))}`, px + half - 10, y + 14, { size: 14, bold: true, color: fg, align: 'right' });
    for (let k = 0; k < Math.min(stones, 16); k++) stone(g, px + 14 + k * 12, y + 34, light);
    if (stones > 16) text(g, '…', px + 14 + 16 * 12, y + 34, { size: 12, color: fg });
    const draw = light ? view.drawL : view.drawD;
    const disc = light ? view.discL : view.discD;
    text(g, `${ctx.t(m('ui.draw'))} ${draw} · ${ctx.t(m('ui.discards'))} ${disc + ((light ? view.topL : view.topD) ? 1 : 0)}`, px + 10, y + 56, { size: 12, color: fg });
    const top = light ? view.topL : view.topD;
    text(g, ctx.t(m('ui.top')), px + 10, y + 76, { size: 11, color: fg });
    text(g, top ? cardName(ctx, top) : ctx.t(m('ui.none')), px + 10, y + 94, { size: 13, bold: true, color: fg, maxWidth: half - 20 });
    if (top) text(g, cardValue(ctx, top), px + 10, y + 110, { size: 10, color: fg, maxWidth: half - 20 });
  }
  y += 132;
  const bits = [ctx.t(m('ui.mammoths', { n: view.mammoths })), ctx.t(m('ui.clubs', { n: view.clubs })), ctx.t(m('ui.fires', { n: view.fireRest }))];
  bits.forEach((b, i) => text(g, b, x, y + i * 18, { size: 12 }));
  y += 58;
  if (view.playing) {
    const label = view.playing.card === view.playing.eff ? cardName(ctx, view.playing.card) : `${cardName(ctx, view.playing.card)} → ${cardName(ctx, view.playing.eff)}`;
    roundRect(g, x, y - 12, width, 26, 6, '#fff6d6', '#c9962b', 1.5);
    text(g, ctx.t(m('ui.playing', { card: label, p: nameOf(ctx, view.playing.owner) })), x + 8, y + 1, { size: 12, bold: true, maxWidth: width - 16 });
    y += 26;
  }
  return y;
}

function drawReport(g: SKRSContext2D, view: EiszeitView, ctx: RenderContext, top: number): number {
  const rep = view.report;
  if (!rep) return top;
  let y = top;
  text(g, ctx.t(m('ui.report', { round: rep.round })), 20, y, { size: 16, bold: true });
  if (rep.glacier) {
    const gl = rep.glacier.region === null ? ctx.t(m('ui.glacierNone', { p: nameOf(ctx, rep.glacier.seat) })) : ctx.t(m('ui.glacierReport', { p: nameOf(ctx, rep.glacier.seat), r: regionName(ctx, rep.glacier.region) }));
    text(g, gl, W - 20, y, { size: 13, bold: true, align: 'right', color: '#2f6f93' });
  }
  y += 22;
  const colW = (W - 40) / 2;
  const lines = rep.lines.filter((l) => l.before.some((b) => b > 0) || l.mammoths > 0);
  lines.forEach((l, i) => {
    const cx = 20 + (i % 2) * colW;
    const cy = y + Math.floor(i / 2) * 24;
    const over = l.before.reduce((a, b) => a + b, 0) > l.limit;
    roundRect(g, cx, cy - 10, colW - 10, 21, 4, over ? '#f6dcd3' : '#ece3cf');
    const head = `${regionName(ctx, l.region)}: ${l.limit} = 3+${l.mammoths}+[${l.fires.join(',') || '–'}]`;
    font(g, 12, true);
    g.fillStyle = INK;
    g.textAlign = 'left';
    g.fillText(head, cx + 6, cy + 1);
    let px = cx + 8 + Math.max(210, g.measureText(head).width + 8);
    l.before.forEach((b, q) => {
      if (b === 0) return;
      const after = b - l.removed[q]!;
      circle(g, px + 5, cy, 5, seatColor(q));
      const s = `${b}${l.removed[q] ? `→${after}` : ''}${l.points[q] ? ` +${l.points[q]}` : ''}`;
      text(g, s, px + 13, cy + 1, { size: 11, bold: l.removed[q]! > 0 });
      font(g, 11, l.removed[q]! > 0);
      px += 22 + g.measureText(s).width;
    });
  });
  return y + Math.ceil(lines.length / 2) * 24 + 6;
}

function phaseText(view: EiszeitView, ctx: RenderContext): string {
  return ctx.t(m(`ui.phase.${view.phase}`));
}

export function renderTable(view: EiszeitView, ctx: RenderContext): Buffer {
  const reportH = view.report ? 40 + Math.ceil(view.report.lines.filter((l) => l.before.some((b) => b > 0) || l.mammoths > 0).length / 2) * 24 : 0;
  const panelBottom = 70 + 54 + view.n * 14 + view.n * 44 + 22 + 132 + 58 + 30;
  const boardBottom = BOARD_Y + BOARD.height * SCALE + 16;
  const H = Math.max(panelBottom, boardBottom) + reportH + 10;
  const { canvas, ctx: g } = makeCanvas(W, H);
  // header
  roundRect(g, 8, 8, W - 16, 44, 8, '#3a4a57');
  text(g, 'Eiszeit', 24, 30, { size: 22, bold: true, color: '#f4ecd8' });
  text(g, `${ctx.t(m('ui.round', { round: view.round, rounds: view.rounds }))} · ${phaseText(view, ctx)}`, 140, 30, { size: 16, color: '#f4ecd8' });
  if (view.final) {
    const line = view.final.map((r) => `${r.place}. ${nameOf(ctx, r.seat)} ${r.score}`).join('   ');
    text(g, line, W - 24, 30, { size: 16, bold: true, color: '#ffd98a', align: 'right', maxWidth: 640 });
  }
  if (view.decider !== null) {
    circle(g, W - 230, 30, 8, seatColor(view.decider), '#fff', 1.5);
    text(g, ctx.t(m('ui.decides', { p: nameOf(ctx, view.decider) })), W - 216, 30, { size: 16, bold: true, color: '#fff', maxWidth: 200 });
  }
  drawBoard(g, view, ctx);
  const panelEnd = drawPanel(g, view, ctx);
  drawReport(g, view, ctx, Math.max(panelEnd, boardBottom) + 14);
  return toPng(canvas);
}

export function renderHand(view: EiszeitView, seat: Seat, ctx: RenderContext): Buffer | null {
  if (view.me !== seat || !view.hand) return null;
  const cardW = 226, cardH = 250, gap = 12;
  const count = Math.max(view.hand.length, 1);
  const { canvas, ctx: g } = makeCanvas(Math.max(420, 24 + count * (cardW + gap)), cardH + 70);
  circle(g, 24, 24, 9, seatColor(seat), '#1f1a14', 1);
  text(g, ctx.t(m('ui.hand', { p: nameOf(ctx, seat) })), 40, 24, { size: 18, bold: true });
  text(g, `${view.players[seat]!.stones} ${ctx.t(m('ui.stones'))}`, 40 + 300, 24, { size: 15 });
  view.hand.forEach((id, i) => {
    const c = CARD[id]!;
    const x = 12 + i * (cardW + gap);
    const y = 50;
    const light = c.colour === 'light';
    roundRect(g, x, y, cardW, cardH, 12, light ? '#f7f0e0' : '#4e4036', '#2b2118', 2);
    const fg = light ? INK : '#f4ecd8';
    if (c.kind === 'landscape') roundRect(g, x + 8, y + 8, cardW - 16, 44, 8, LAND_COLOR[c.landscape!]);
    text(g, cardName(ctx, id), x + 14, y + 30, { size: 16, bold: true, color: c.kind === 'landscape' ? INK : fg, maxWidth: cardW - 28 });
    text(g, cardValue(ctx, id), x + 14, y + 70, { size: 14, bold: true, color: light ? '#8a3b12' : '#ffcf7a' });
    font(g, 13);
    g.fillStyle = fg;
    g.textAlign = 'left';
    wrap(g, cardText(ctx, id), cardW - 28).slice(0, 11).forEach((line, k) => g.fillText(line, x + 14, y + 100 + k * 18));
    text(g, id, x + cardW - 12, y + cardH - 14, { size: 10, color: light ? '#9c8f78' : '#a99888', align: 'right' });
  });
  return toPng(canvas);
}

export function stage(view: EiszeitView): Msg {
  return m('ui.stage', { round: view.round, phase: view.phase, name: m(`ui.phase.${view.phase}`) });
}

export function status(view: EiszeitView, ctx: RenderContext): string {
  if (view.phase === 'over') return ctx.t(m('ui.statusOver'));
  return ctx.t(m('ui.status', { round: view.round, rounds: view.rounds, phase: ctx.t(m(`ui.phase.${view.phase}`)), p: view.decider === null ? '—' : nameOf(ctx, view.decider) }));
}
