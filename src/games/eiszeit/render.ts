/** Eiszeit pictures: the table (board, supplies, piles, players, score track, last account) and a seat's hand. Drawn from views only. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { circle, lineCount, makeCanvas, measure, paragraph, roundRect, seatColor, text, toPng } from '../../render/canvas.js';
import type { Msg, Seat } from '../../engine/types.js';
import type { RenderContext } from '../types.js';
import { BOARD, DATA, type EiszeitData } from './data.js';
import type { EiszeitView, RegionView } from './state.js';

const W = 1100;
const INK = '#2b2118';
const BOARD_X = 20;
const SCALE = (W - 2 * BOARD_X) / BOARD.width;
/** Below the board: two columns (score track and players; supplies and piles). */
const COL_W = (W - 60) / 2;
const COL_L = 20;
const COL_R = 40 + COL_W;
const LAND_COLOR: Record<string, string> = Object.fromEntries(BOARD.landscapes.map((l) => [l.id, l.color]));

const m = (key: string, args?: Msg['args']): Msg => (args ? { key: `eiszeit.${key}`, args } : { key: `eiszeit.${key}` });
const nameOf = (ctx: RenderContext, seat: Seat): string => ctx.names[seat] ?? `#${seat + 1}`;
const bx = (x: number) => BOARD_X + x * SCALE;
const BOARD_Y = 84;
const by = (y: number) => BOARD_Y + y * SCALE;

/** The component data the viewed game uses (its data version); the board's geometry sets the layout. */
const dataOf = (view: EiszeitView): EiszeitData => DATA.get(view.dataVersion ?? 1);

export function cardName(view: EiszeitView, ctx: RenderContext, id: string): string {
  const c = dataOf(view).card[id];
  if (!c) return id;
  return c.kind === 'landscape' ? ctx.t(m('card.landscape.name', { land: m(`land.${c.landscape}`) })) : ctx.t(m(`card.${c.colour}.${c.kind}.name`));
}
function cardText(view: EiszeitView, ctx: RenderContext, id: string): string {
  const c = dataOf(view).card[id]!;
  return c.kind === 'landscape' ? ctx.t(m('card.landscape.text', { land: m(`land.${c.landscape}`) })) : ctx.t(m(`card.${c.colour}.${c.kind}.text`));
}
export function cardValue(view: EiszeitView, ctx: RenderContext, id: string): string {
  const c = dataOf(view).card[id]!;
  if (c.kind === 'cult') return ctx.t(m('ui.costCult'));
  if (c.kind === 'mammoth') return ctx.t(m('ui.costMammoth'));
  return ctx.t(m(c.colour === 'light' ? 'ui.cost' : 'ui.gain', { n: c.value ?? 0 }));
}
export const regionName = (view: EiszeitView, ctx: RenderContext, r: number) => ctx.t(m('region', { n: r + 1, land: m(`land.${dataOf(view).board.regions[r]!.landscape}`) }));

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
    text(g, `×${k}`, x + 15, y + 2, { size: 16, bold: true, color: INK });
    return 58;
  }
  return 30;
}

function fireTile(g: SKRSContext2D, x: number, y: number, label: string): void {
  roundRect(g, x, y, 22, 22, 4, '#8a3b12', '#3b1a08', 1.2);
  text(g, label, x + 11, y + 12, { size: 15, bold: true, color: '#ffcf7a', align: 'center', maxWidth: 22 });
}

function hunter(g: SKRSContext2D, x: number, y: number, seat: Seat, k: number, clubs: number): void {
  circle(g, x, y, 15, seatColor(seat), '#1f1a14', 1.5);
  text(g, String(k), x, y + 1, { size: 16, bold: true, color: '#fff', align: 'center', maxWidth: 28 });
  if (clubs > 0) {
    roundRect(g, x + 2, y - 33, 32, 19, 4, '#2b2118');
    text(g, `♣${clubs}`, x + 18, y - 23, { size: 15, bold: true, color: '#fff', align: 'center', maxWidth: 32 });
  }
}

/**
 * The limit of a region as far as it is known: 3 + mammoths, plus 0 to 2 for each face-down fire tile. Between the
 * conflicts and the next round (the glacier phase) the fire tiles are off the board and the next round deals one to
 * each free region: counted, so a region that just kept its hunters is not shown as losing them (play-through
 * Eiszeit 4). Once the game is over no conflict comes: `open` is false and nothing is coloured.
 */
export function limitRange(rv: RegionView, phase: EiszeitView['phase']): { hunters: number; low: number; high: number; open: boolean } {
  const low = 3 + rv.m;
  const fires = phase === 'glacier' ? rv.fires + 1 : rv.fires;
  return { hunters: rv.h.reduce((a, b) => a + b, 0), low, high: low + 2 * fires, open: phase !== 'over' };
}

/** A limit badge's colour: red when hunters will be lost, orange when it depends on the fire tiles. */
export function limitFill(r: ReturnType<typeof limitRange>): 'lost' | 'maybe' | 'ok' {
  if (!r.open) return 'ok';
  return r.hunters > r.high ? 'lost' : r.hunters > r.low ? 'maybe' : 'ok';
}

/** "hunters / limit" in a badge: red when hunters will be lost, orange when it depends on the fire tiles. */
function limitBadge(g: SKRSContext2D, rv: RegionView, phase: EiszeitView['phase'], x: number, y: number): void {
  const range = limitRange(rv, phase);
  const { hunters, low, high } = range;
  const label = `${hunters} / ${low === high ? low : `${low}–${high}`}`;
  const w = measure(g, label, 15, true) + 14;
  const fill = limitFill(range);
  roundRect(g, x, y - 11, w, 22, 6, BADGE_FILL[fill], '#2b2118', 1);
  text(g, label, x + 7, y, { size: 15, bold: true, color: fill === 'ok' ? INK : '#fff', maxWidth: w - 10 });
}

export const BADGE_FILL = { lost: '#b3261e', maybe: '#d9822b', ok: '#f7f0e0' } as const;

/** The board, its top edge at `top` (the header grows once the game is over). */
function drawBoard(g: SKRSContext2D, view: EiszeitView, ctx: RenderContext, top: number): void {
  g.save();
  g.translate(0, top - BOARD_Y);
  drawRegions(g, view, ctx);
  g.restore();
}

function drawRegions(g: SKRSContext2D, view: EiszeitView, ctx: RenderContext): void {
  // the glacier edge along the top
  g.fillStyle = '#dff1fb';
  g.fillRect(bx(0), BOARD_Y - 16, BOARD.width * SCALE, 16);
  text(g, '❄ ❄ ❄', bx(BOARD.width / 2), BOARD_Y - 8, { size: 15, color: '#5c8fb0', align: 'center' });
  for (const def of dataOf(view).board.regions) {
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
    text(g, String(def.id), bx(lx) - 4, by(ly) - 2, { size: 22, bold: true, color: INK });
    text(g, ctx.t(m(`land.${def.landscape}`)), bx(lx) + measure(g, String(def.id), 22, true) + 2, by(ly) - 1, { size: 16, color: '#3b2f22' });
    if (!rv.glacier) limitBadge(g, rv, view.phase, bx(lx) - 4, by(ly) + 24);
  }
  // pieces after every region is filled, so nothing is hidden under a neighbour
  for (const def of dataOf(view).board.regions) {
    const rv = view.regions[def.id - 1]!;
    const [cx, cy] = def.center;
    if (rv.glacier) {
      text(g, '❄', bx(cx), by(cy), { size: 30, color: '#7fb2d0', align: 'center' });
      continue;
    }
    // hunters by colour
    const present = rv.h.map((k, q) => ({ q, k, c: rv.c[q]! })).filter((x) => x.k > 0);
    const rowW = present.length * 34;
    present.forEach((x, i) => hunter(g, bx(cx) - rowW / 2 + 17 + i * 34, by(cy) + 4, x.q, x.k, x.c));
    // mammoths and face-down fire tiles below
    const itemsW = (rv.m > 0 ? (rv.m > 1 ? 58 : 30) : 0) + rv.fires * 26;
    let ix = bx(cx) - itemsW / 2;
    const iy = by(cy) + 40;
    if (rv.m > 0) ix += mammoth(g, ix + 20, iy, rv.m);
    for (let f = 0; f < rv.fires; f++) { fireTile(g, ix, iy - 11, '?'); ix += 26; }
  }
}

const playerLine = (ctx: RenderContext, p: EiszeitView['players'][number]): string =>
  ctx.t(m('ui.playerLine', { score: p.score, stones: p.stones, hunters: p.hunters, board: p.onBoard, clubs: p.clubs, hl: p.handLight, hd: p.handDark }));
const LINE = 20;

/** Left column: the score track and the players. Returns its height (draws only when `draw`). */
function drawPlayers(g: SKRSContext2D, view: EiszeitView, ctx: RenderContext, top: number, draw = true): number {
  const x = COL_L;
  const width = COL_W;
  let y = top;
  if (draw) text(g, ctx.t(m('ui.score')), x, y, { size: 18, bold: true });
  y += 16;
  const max = Math.max(20, Math.ceil(Math.max(...view.players.map((p) => p.score)) / 10) * 10);
  const trackW = width - 70;
  const trackH = 34 + view.n * 20;
  if (draw) {
    roundRect(g, x, y, width, trackH, 6, '#e8dcc4', '#b9a789', 1);
    g.strokeStyle = '#9c8a6b';
    g.lineWidth = 1;
    for (let v = 0; v <= max; v += 10) {
      const tx = x + 16 + (trackW * v) / max;
      g.beginPath();
      g.moveTo(tx, y + 6);
      g.lineTo(tx, y + 10 + view.n * 20);
      g.stroke();
      text(g, String(v), tx, y + trackH - 12, { size: 15, color: '#7a6a50', align: 'center' });
    }
    view.players.forEach((p, q) => {
      const px = x + 16 + (trackW * p.score) / max;
      circle(g, px, y + 14 + q * 20, 7, seatColor(q), '#1f1a14', 1);
      text(g, String(p.score), px + 11, y + 14 + q * 20, { size: 15, bold: true, maxWidth: 40 });
    });
  }
  y += trackH + 26;
  if (draw) text(g, ctx.t(m('ui.players')), x, y, { size: 18, bold: true });
  y += 16;
  view.players.forEach((p, q) => {
    const lines = lineCount(g, playerLine(ctx, p), width - 36, 15);
    const h = 34 + lines * LINE;
    if (draw) {
      const active = view.decider === q;
      roundRect(g, x, y, width, h, 6, active ? '#fff6d6' : '#efe5cf', active ? '#c9962b' : '#cbbd9f', active ? 2.5 : 1);
      circle(g, x + 15, y + 16, 8, seatColor(q), '#1f1a14', 1);
      text(g, nameOf(ctx, q), x + 30, y + 16, { size: 17, bold: true, maxWidth: width - 90, ellipsis: true });
      text(g, `${p.score}`, x + width - 10, y + 16, { size: 18, bold: true, align: 'right', maxWidth: 50 });
      paragraph(g, playerLine(ctx, p), x + 30, y + 38, { size: 15, color: '#4a3b2c', maxWidth: width - 36, lineHeight: LINE });
    }
    y += h + 6;
  });
  return y - top;
}

/** Right column: light and dark supplies and piles, what lies beside the board, the card being played. */
function drawSupplies(g: SKRSContext2D, view: EiszeitView, ctx: RenderContext, top: number, draw = true): number {
  const x = COL_R;
  const width = COL_W;
  let y = top;
  for (const light of [true, false]) {
    const h = 132;
    const fg = light ? INK : '#f4ecd8';
    const card = light ? view.topL : view.topD;
    if (draw) {
      roundRect(g, x, y, width, h, 8, light ? '#f7f0e0' : '#4e4036', '#2b2118', 1.5);
      text(g, ctx.t(m(light ? 'ui.light' : 'ui.dark')), x + 12, y + 18, { size: 17, bold: true, color: fg, maxWidth: 140 });
      const stones = light ? view.light : view.dark;
      text(g, `${stones} ${ctx.t(m('ui.stones'))}`, x + width - 12, y + 18, { size: 17, bold: true, color: fg, align: 'right', maxWidth: 140 });
      for (let k = 0; k < Math.min(stones, 24); k++) stone(g, x + 18 + k * 15, y + 42, light);
      if (stones > 24) text(g, '…', x + 18 + 24 * 15, y + 42, { size: 15, color: fg });
      const pile = light ? view.drawL : view.drawD;
      const disc = light ? view.discL : view.discD;
      text(g, `${ctx.t(m('ui.draw'))} ${pile} · ${ctx.t(m('ui.discards'))} ${disc + (card ? 1 : 0)}`, x + 12, y + 66, { size: 15, color: fg, maxWidth: width - 24 });
      text(g, `${ctx.t(m('ui.top'))}:`, x + 12, y + 90, { size: 15, color: fg, maxWidth: 150 });
      text(g, card ? cardName(view, ctx, card) : ctx.t(m('ui.none')), x + 12, y + 112, { size: 16, bold: true, color: fg, maxWidth: width - 160 });
      if (card) text(g, cardValue(view, ctx, card), x + width - 12, y + 112, { size: 15, color: fg, align: 'right', maxWidth: 140 });
    }
    y += h + 10;
  }
  const bits = [ctx.t(m('ui.mammoths', { n: view.mammoths })), ctx.t(m('ui.clubs', { n: view.clubs })), ctx.t(m('ui.fires', { n: view.fireRest }))];
  bits.forEach((b, i) => { if (draw) text(g, b, x, y + 10 + i * 22, { size: 16, maxWidth: width }); });
  y += 3 * 22 + 8;
  if (view.playing) {
    const label = view.playing.card === view.playing.effect ? cardName(view, ctx, view.playing.card) : `${cardName(view, ctx, view.playing.card)} → ${cardName(view, ctx, view.playing.effect)}`;
    const s = ctx.t(m('ui.playing', { card: label, p: nameOf(ctx, view.playing.owner) }));
    const lines = lineCount(g, s, width - 20, 15, true);
    if (draw) {
      roundRect(g, x, y, width, 12 + lines * LINE, 6, '#fff6d6', '#c9962b', 1.5);
      paragraph(g, s, x + 10, y + 16, { size: 15, bold: true, maxWidth: width - 20, lineHeight: LINE });
    }
    y += 12 + lines * LINE + 8;
  }
  return y - top;
}

/** The legend of the limit badges, under the board. Returns its height. */
function drawLegend(g: SKRSContext2D, ctx: RenderContext, top: number, draw = true): number {
  const s = ctx.t(m('ui.limitLegend'));
  if (draw) paragraph(g, s, 20, top + 10, { size: 15, color: '#4a3b2c', maxWidth: W - 40, lineHeight: LINE });
  return lineCount(g, s, W - 40, 15) * LINE;
}

const reportLines = (view: EiszeitView) => (view.report ? view.report.lines.filter((l) => l.before.some((b) => b > 0) || l.mammoths > 0) : []);
type ReportLine = NonNullable<EiszeitView['report']>['lines'][number];
const reportHead = (view: EiszeitView, ctx: RenderContext, l: ReportLine): string => `${regionName(view, ctx, l.region)}: ${l.limit} = 3+${l.mammoths}+[${l.fires.join(',') || '–'}]`;

/** The last settling's account: one line a region, with each seat's hunters before → after and points. */
function drawReport(g: SKRSContext2D, view: EiszeitView, ctx: RenderContext, top: number): number {
  const rep = view.report;
  if (!rep) return top;
  let y = top;
  text(g, ctx.t(m('ui.report', { round: rep.round })), 20, y, { size: 18, bold: true, maxWidth: W / 2 + 40 });
  if (rep.glacier) {
    const gl = rep.glacier.region === null ? ctx.t(m('ui.glacierNone', { p: nameOf(ctx, rep.glacier.seat) })) : ctx.t(m('ui.glacierReport', { p: nameOf(ctx, rep.glacier.seat), r: regionName(view, ctx, rep.glacier.region) }));
    text(g, gl, W - 20, y, { size: 16, bold: true, align: 'right', color: '#2f6f93', maxWidth: W / 2 - 80, ellipsis: true });
  }
  y += 30;
  const lines = reportLines(view);
  const headW = Math.max(0, ...lines.map((l) => measure(g, reportHead(view, ctx, l), 15, true))) + 16;
  for (const l of lines) {
    const over = l.before.reduce((a, b) => a + b, 0) > l.limit;
    roundRect(g, 20, y - 12, W - 40, 24, 4, over ? '#f6dcd3' : '#ece3cf');
    text(g, reportHead(view, ctx, l), 26, y, { size: 15, bold: true, color: INK, maxWidth: headW });
    let px = 26 + headW;
    l.before.forEach((b, q) => {
      if (b === 0) return;
      const after = b - l.removed[q]!;
      circle(g, px + 6, y, 6, seatColor(q));
      const s = `${b}${l.removed[q] ? `→${after}` : ''}${l.points[q] ? ` +${l.points[q]}` : ''}`;
      const bold = l.removed[q]! > 0;
      const sw = measure(g, s, 15, bold);
      text(g, s, px + 15, y, { size: 15, bold, maxWidth: sw + 1 });
      px += 30 + sw;
    });
    y += 27;
  }
  return y;
}

function phaseText(view: EiszeitView, ctx: RenderContext): string {
  return ctx.t(m(`ui.phase.${view.phase}`));
}

export function renderTable(view: EiszeitView, ctx: RenderContext): Buffer {
  const { ctx: probe } = makeCanvas(1, 1);
  const finalLine = view.final ? view.final.map((r) => `${r.place}. ${nameOf(ctx, r.seat)} ${r.score}`).join('   ') : null;
  const finalLines = finalLine ? lineCount(probe, finalLine, W - 48, 17, true) : 0;
  const headH = 44 + finalLines * 22;
  const boardTop = BOARD_Y + finalLines * 22;
  const boardBottom = boardTop + BOARD.height * SCALE;
  const legendH = drawLegend(probe, ctx, 0, false);
  const colsTop = boardBottom + legendH + 44;
  const colsH = Math.max(drawPlayers(probe, view, ctx, 0, false), drawSupplies(probe, view, ctx, 0, false) - 12);
  const reportH = view.report ? 50 + reportLines(view).length * 27 : 0;
  const H = colsTop + colsH + reportH + 16;
  const { canvas, ctx: g } = makeCanvas(W, H);
  // header
  roundRect(g, 8, 8, W - 16, headH, 8, '#3a4a57');
  text(g, 'Eiszeit', 24, 30, { size: 22, bold: true, color: '#f4ecd8' });
  const roundText = `${ctx.t(m('ui.round', { round: view.round, rounds: view.rounds }))} · ${phaseText(view, ctx)}`;
  text(g, roundText, 130, 30, { size: 17, color: '#f4ecd8', maxWidth: 560 });
  if (finalLine) paragraph(g, finalLine, 24, 62, { size: 17, bold: true, color: '#ffd98a', maxWidth: W - 48, lineHeight: 22 });
  if (view.decider !== null) {
    const dx = 150 + Math.max(measure(g, roundText, 17), 400);
    circle(g, dx, 30, 8, seatColor(view.decider), '#fff', 1.5);
    text(g, ctx.t(m('ui.decides', { p: nameOf(ctx, view.decider) })), dx + 14, 30, { size: 17, bold: true, color: '#fff', maxWidth: W - 30 - dx - 14, ellipsis: true });
  }
  drawBoard(g, view, ctx, boardTop);
  drawLegend(g, ctx, boardBottom + 4);
  drawPlayers(g, view, ctx, colsTop);
  drawSupplies(g, view, ctx, colsTop - 12);
  drawReport(g, view, ctx, colsTop + colsH + 30);
  return toPng(canvas);
}

export function renderHand(view: EiszeitView, seat: Seat, ctx: RenderContext): Buffer | null {
  if (view.me !== seat || !view.hand) return null;
  const cardW = 256, gap = 12, per = 4;
  const { ctx: probe } = makeCanvas(1, 1);
  const lines = Math.max(1, ...view.hand.map((id) => lineCount(probe, cardText(view, ctx, id), cardW - 28, 15)));
  const cardH = 104 + lines * LINE + 30;
  const rows = Math.max(1, Math.ceil(view.hand.length / per));
  const W2 = 12 + per * (cardW + gap);
  const { canvas, ctx: g } = makeCanvas(W2, 60 + rows * (cardH + gap));
  circle(g, 24, 26, 9, seatColor(seat), '#1f1a14', 1);
  const stones = `${view.players[seat]!.stones} ${ctx.t(m('ui.stones'))}`;
  text(g, stones, W2 - 20, 26, { size: 17, align: 'right', maxWidth: 160 });
  text(g, ctx.t(m('ui.hand', { p: nameOf(ctx, seat) })), 40, 26, { size: 19, bold: true, maxWidth: W2 - 240, ellipsis: true });
  view.hand.forEach((id, i) => {
    const c = dataOf(view).card[id]!;
    const x = 12 + (i % per) * (cardW + gap);
    const y = 52 + Math.floor(i / per) * (cardH + gap);
    const light = c.colour === 'light';
    roundRect(g, x, y, cardW, cardH, 12, light ? '#f7f0e0' : '#4e4036', '#2b2118', 2);
    const fg = light ? INK : '#f4ecd8';
    if (c.kind === 'landscape') roundRect(g, x + 8, y + 8, cardW - 16, 44, 8, LAND_COLOR[c.landscape!]);
    text(g, cardName(view, ctx, id), x + 14, y + 30, { size: 17, bold: true, color: c.kind === 'landscape' ? INK : fg, maxWidth: cardW - 28 });
    text(g, cardValue(view, ctx, id), x + 14, y + 72, { size: 16, bold: true, color: light ? '#8a3b12' : '#ffcf7a', maxWidth: cardW - 28 });
    paragraph(g, cardText(view, ctx, id), x + 14, y + 102, { size: 15, color: fg, maxWidth: cardW - 28, lineHeight: LINE });
    text(g, id, x + cardW - 12, y + cardH - 16, { size: 15, color: light ? '#9c8f78' : '#a99888', align: 'right', maxWidth: cardW - 28 });
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
