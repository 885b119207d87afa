/**
 * Mammut's glance picture (the table post's first picture, for Discord's inline box): who takes, the middle grouped by
 * face, each player's share, VP, fur and cards. What changed since the previous table is outlined. Drawn from views only.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { circle, makeCanvas, paragraph, seatColor, text } from '../../render/canvas.js';
import { GLANCE_BG, GLANCE_H, GLANCE_INK, GLANCE_SOFT, GLANCE_W, changedKey, chipRows, drawBand, drawChips, glancePng, hiliteRect, type Chip } from '../../render/glance.js';
import type { Seat } from '../../engine/types.js';
import type { GlanceContext, RenderContext } from '../types.js';
import { darkText, faceColor, shortName } from './render.js';
import type { MammutView, TileView } from './state.js';

const nameOf = (ctx: RenderContext, seat: Seat): string => ctx.names[seat] ?? `#${seat + 1}`;

/** Tiles grouped by what shows (face, and the back where the viewer knows it), in the view's order, with counts. */
export function groupTiles(tiles: TileView[]): { face: string; back?: string; n: number }[] {
  const out = new Map<string, { face: string; back?: string; n: number }>();
  for (const t of tiles) {
    const key = `${t.face}/${t.back ?? ''}`;
    const g = out.get(key);
    if (g) g.n++;
    else out.set(key, { face: t.face, ...(t.back ? { back: t.back } : {}), n: 1 });
  }
  return [...out.values()];
}

const countOf = (tiles: TileView[] | undefined, face: string): number => (tiles ?? []).filter((t) => t.face === face).length;
const sameTiles = (a: TileView[], b: TileView[]): boolean => a.length === b.length && a.every((t, i) => t.face === b[i]!.face && t.back === b[i]!.back);

/** What changed between two views, for the outlines: the middle's faces whose count changed, and the seats whose share or score changed. */
export function mammutChanges(view: MammutView, prev: MammutView | null | undefined): { faces: Set<string>; seats: Set<Seat> } {
  const faces = new Set<string>(), seats = new Set<Seat>();
  if (!prev || prev.players !== view.players) return { faces, seats };
  for (const t of [...view.middle, ...prev.middle]) if (countOf(view.middle, t.face) !== countOf(prev.middle, t.face)) faces.add(t.face);
  for (let p = 0; p < view.players; p++) {
    const a = view.shares[p]!.flat(), b = prev.shares[p]?.flat() ?? [];
    if (!sameTiles(a, b) || view.scores[p] !== prev.scores[p] || view.fur[p] !== prev.fur[p] || view.collections[p]!.length !== prev.collections[p]?.length) seats.add(p);
  }
  return { faces, seats };
}

function chipOf(ctx: RenderContext, g: { face: string; back?: string; n: number }, changed = false): Chip {
  const name = g.face === '?' && g.back ? `? ${shortName(ctx, g.back)}` : shortName(ctx, g.face);
  return { label: g.n > 1 ? `${name} ×${g.n}` : name, fill: faceColor(g.face), ink: darkText(g.face) ? GLANCE_INK : '#fff', changed };
}

function band(view: MammutView, ctx: RenderContext): { seat: Seat | null; doing: string; where: string } {
  const t = ctx.t;
  const where = t({ key: 'mammut.glance.round', args: { round: view.round, last: view.lastRound } });
  if (view.phase === 'over' || view.toAct === null) {
    const seats = (view.final?.winners ?? []).map((s) => nameOf(ctx, s)).join(', ');
    return { seat: view.final?.winners.length === 1 ? view.final.winners[0]! : null, doing: t({ key: 'mammut.glance.over', args: { seats } }), where };
  }
  const seat = nameOf(ctx, view.toAct);
  return { seat: view.toAct, doing: t({ key: view.phase === 'animal' ? 'mammut.glance.animal' : 'mammut.glance.take', args: { seat } }), where };
}

function drawPlayer(g: SKRSContext2D, view: MammutView, ctx: GlanceContext<MammutView>, p: Seat, y: number, h: number, changed: boolean): void {
  const t = ctx.t;
  const acting = view.toAct === p;
  const x = 16, w = GLANCE_W - 32;
  g.fillStyle = acting ? '#fff3cf' : '#fbf5e8';
  g.fillRect(x, y, w, h - 6);
  g.fillStyle = seatColor(p);
  g.fillRect(x, y, 12, h - 6);
  if (acting) { g.strokeStyle = seatColor(p); g.lineWidth = 4; g.strokeRect(x + 2, y + 2, w - 4, h - 10); }
  if (changed) hiliteRect(g, x - 2, y - 2, w + 4, h - 2, 4);
  const leftW = 360;
  const won = view.final?.winners.includes(p);
  text(g, `${won ? '★ ' : ''}${nameOf(ctx, p)}`, x + 26, y + 22, { size: 26, bold: true, color: GLANCE_INK, maxWidth: leftW - 30, ellipsis: true });
  const stats = `${t({ key: 'mammut.glance.vp', args: { vp: view.scores[p]!, fur: view.fur[p]! } })} · ${t({ key: 'mammut.glance.cards', args: { n: view.handCounts[p]! } })}`;
  paragraph(g, stats, x + 26, y + 52, { size: 24, color: GLANCE_SOFT, maxWidth: leftW - 30, maxLines: h >= 100 ? 2 : 1, lineHeight: 28 });
  if (view.shaman.holder === p) circle(g, x + leftW - 10, y + 22, 12, faceColor(view.shaman.arrow), '#222', 1.5);
  const tiles = view.shares[p]!.flat();
  const sx = x + leftW + 10, sw = w - leftW - 20;
  if (!tiles.length) {
    text(g, t({ key: 'mammut.glance.noLoot' }), sx, y + (h - 6) / 2, { size: 24, color: GLANCE_SOFT, maxWidth: sw });
    return;
  }
  const rows = chipRows(h - 16, 40);
  const top = y + (h - 6 - (rows * 48 - 8)) / 2;
  drawChips(g, sx, top, sw, rows, groupTiles(tiles).map((gr) => chipOf(ctx, gr)), (n) => t({ key: 'mammut.glance.more', args: { n } }), 40);
}

export function renderGlance(view: MammutView, ctx: GlanceContext<MammutView>): Buffer {
  const t = ctx.t;
  const { canvas, ctx: g } = makeCanvas(GLANCE_W, GLANCE_H, GLANCE_BG);
  const changes = mammutChanges(view, ctx.previous);
  let y = drawBand(g, band(view, ctx)) + 12;

  // the middle: its tiles grouped by face, and where the shaman is
  const holder = view.shaman.holder;
  const arrow = view.shaman.arrow === 'red' ? '⟳' : '⟲';
  const shaman = holder === null ? t({ key: 'mammut.glance.shamanMiddle', args: { arrow } }) : t({ key: 'mammut.glance.shaman', args: { seat: nameOf(ctx, holder), arrow } });
  const head = view.middle.length ? t({ key: 'mammut.glance.middle', args: { n: view.middle.length } }) : t({ key: 'mammut.glance.middleEmpty' });
  text(g, head, 18, y + 16, { size: 26, bold: true, color: GLANCE_INK, maxWidth: 500 });
  text(g, shaman, GLANCE_W - 18, y + 16, { size: 24, color: GLANCE_SOFT, align: 'right', maxWidth: 520, ellipsis: true });
  y += 40;
  const groups = groupTiles(view.middle);
  const midRows = view.middle.length ? drawChips(g, 18, y, GLANCE_W - 36, 2, groups.map((gr) => chipOf(ctx, gr, changes.faces.has(gr.face))), (n) => t({ key: 'mammut.glance.more', args: { n } })) : 0;
  y += midRows * 54 + 10;

  // the players, sharing what height is left (a line at the bottom for the key when something is outlined)
  const keyH = changes.faces.size || changes.seats.size ? 34 : 0;
  // rows no taller than they need: with few players the picture ends early (fewer pixels to encode and send)
  const rowH = Math.min(92, Math.floor((GLANCE_H - y - keyH - 6) / view.players));
  for (let p = 0; p < view.players; p++) drawPlayer(g, view, ctx, p, y + p * rowH, rowH, changes.seats.has(p));
  const bottom = y + view.players * rowH + keyH + 6;
  if (keyH) changedKey(g, 18, bottom - 28, t({ key: 'mammut.glance.changed' }), GLANCE_W - 36);
  return glancePng(canvas, bottom);
}
