/** What Endless Winter's pictures share: the component data of the view, the page's measures and colours, a panel, text helpers. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { m } from './keys.js';
import { lineCount, roundRect, text } from '../../render/canvas.js';
import type { RenderContext } from '../types.js';
import { type CardDef, DATA, type EwVersionData } from './data.js';
import { abilityMsg } from './engine.js';
import type { EwView } from './view.js';

/** The component data the viewed game uses. */
export const dataOf = (v: EwView): EwVersionData => DATA.get(v.dataVersion);

export const W = 1100;
export const INK = '#2b2118';
export const SOFT = '#5a4a38';
export const PANEL = '#fbf6ec';
export const LINE = 20;

/** Panels span the picture with this margin. */
export const X0 = 10;
export const PW = W - 2 * X0;

export function panel(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, title: string): void {
  roundRect(ctx, x, y, w, h, 10, PANEL, '#b9a98c', 2);
  text(ctx, title, x + 12, y + 18, { size: 17, bold: true, color: INK, maxWidth: w - 24 });
}

export function cardLine(c: CardDef, t: RenderContext['t']): string {
  const parts: string[] = [];
  if (c.kind === 'member') parts.push(t(m('r.cardLabour', { n: half(c.labour2) })));
  if (c.effect) parts.push(t(abilityMsg(c.effect)));
  for (const a of c.play) parts.push(t(abilityMsg(a)));
  const ecl = [...(c.eclipseLabour2 ? [t(m('atom.labour', { n: half(c.eclipseLabour2) }))] : []), ...c.eclipse.map((a) => t(abilityMsg(a)))];
  if (ecl.length) parts.push(t(m('r.cardEclipse', { what: ecl.join(', ') })));
  return parts.join(' · ');
}
export const half = (h: number): string => (h % 2 === 0 ? String(h / 2) : h === 1 ? '½' : `${Math.floor(h / 2)}½`);
/** Lines `s` needs at 15 px in `width`. */
export const lines = (ctx: SKRSContext2D, s: string, width: number, bold = false): number => lineCount(ctx, s, width, 15, bold);
export const figLetter = (t: RenderContext['t'], fig: 'c' | 't'): string => t(m(`fig.${fig}`)).slice(0, 1).toUpperCase();

/**
 * A settlement: a little house in the seat's colour, `r` wide on each side of `x`; its roof rises `top` above `y`, its
 * eaves `eave` above it, its floor `floor` below (the table's and the glance's differ only in size).
 */
export function settlementIcon(ctx: SKRSContext2D, x: number, y: number, color: string, size: { r: number; top: number; eave: number; floor: number; line: number }): void {
  const { r, top, eave, floor, line } = size;
  ctx.beginPath();
  ctx.moveTo(x, y - top); ctx.lineTo(x + r, y - eave); ctx.lineTo(x + r, y + floor); ctx.lineTo(x - r, y + floor); ctx.lineTo(x - r, y - eave); ctx.closePath();
  ctx.fillStyle = color; ctx.fill();
  ctx.strokeStyle = '#111'; ctx.lineWidth = line; ctx.stroke();
}
