/**
 * The cards: the light and the dark pile (each a draw pile and a discard pile under its top card), drawing with the
 * reshuffle of an empty draw pile, the mix of colours a hand is refilled with (never five of one colour), and which
 * cards a player may play now: a light card they can pay for, a dark card unless they began the turn with 8 or more
 * stones, a cult card that can use one of the top cards.
 */
import { shuffle } from '../../engine/rng.js';
import type { GameEvent, Seat } from '../../engine/types.js';
import { cardMsg, colourOf, dataOf, HAND, m, seatRef } from './board.js';
import type { Colour } from './data.js';
import { mammothModes } from './mammoths.js';
import type { EiszeitState } from './state.js';

type S = EiszeitState;

/** With this many stones at the start of the turn, no dark card may be played. */
export const EIGHT = 8;

/** Cards of a colour left to draw (the draw pile and, reshuffled, the discard pile under the top card). */
function available(s: S, col: Colour): number {
  return col === 'light' ? s.drawL.length + s.discL.length : s.drawD.length + s.discD.length;
}

/** Draws one card of a colour, reshuffling the discard pile (except its top card) when the draw pile is empty. */
function drawCard(s: S, col: Colour, events: GameEvent[]): string | null {
  const draw = col === 'light' ? s.drawL : s.drawD;
  if (draw.length === 0) {
    const disc = col === 'light' ? s.discL : s.discD;
    if (disc.length === 0) return null;
    draw.push(...shuffle(s.rng, disc.splice(0)));
    events.push({ msg: m(`ev.reshuffle.${col}`) });
  }
  return draw.pop()!;
}

/**
 * How many light cards the current player may draw (the rest dark) to refill the hand to five: the hand must
 * not end with five cards of one colour. If no mix allows that (piles nearly exhausted), whatever is left is
 * drawn (ruling). Empty when nothing is to be drawn.
 */
export function drawChoices(s: S): number[] {
  const hand = s.hands[s.seat]!;
  let light = 0;
  for (const id of hand) if (colourOf(s, id) === 'light') light++;
  return drawChoicesFor(s, hand.length, light);
}

/** `drawChoices` for a hand of `size` cards, `hl` of them light (the hand as it would be after a discard). */
export function drawChoicesFor(s: S, size: number, hl: number): number[] {
  const need = HAND - size;
  if (need <= 0) return [];
  const aL = available(s, 'light'), aD = available(s, 'dark');
  const hd = size - hl;
  const out: number[] = [];
  for (let l = 0; l <= need; l++) {
    const d = need - l;
    if (l <= aL && d <= aD && hl + l > 0 && hd + d > 0) out.push(l);
  }
  if (out.length > 0) return out;
  const l = Math.min(need, aL);
  return l + Math.min(need - l, aD) > 0 ? [l] : [];
}

/** A card played goes on top of its colour's discard pile (the top card a cult card may use). */
export function putOnTop(s: S, id: string): void {
  if (colourOf(s, id) === 'light') {
    if (s.topL) s.discL.push(s.topL);
    s.topL = id;
  } else {
    if (s.topD) s.discD.push(s.topD);
    s.topD = id;
  }
}
/** A card discarded (or a cult card played) goes under its colour's discard pile. */
export function putUnder(s: S, id: string): void {
  (colourOf(s, id) === 'light' ? s.discL : s.discD).unshift(id);
}

/** Draws the missing cards, `light` of them light and the rest dark; the player alone sees which. */
export function drawMix(s: S, light: number, events: GameEvent[]): void {
  const hand = s.hands[s.seat]!;
  const need = HAND - hand.length;
  const got: string[] = [];
  for (let i = 0; i < need; i++) {
    const col: Colour = i < light ? 'light' : 'dark';
    const id = drawCard(s, col, events);
    if (id) { hand.push(id); got.push(id); }
  }
  const l = got.filter((id) => colourOf(s, id) === 'light').length;
  events.push({ msg: m('ev.draw', { p: seatRef(s.seat), l, d: got.length - l }) });
  events.push({ msg: m('ev.drawPrivate', { list: got.map((id) => cardMsg(s, id)) }), to: [s.seat] });
}

// ---------------------------------------------------------------- what can be played

/** Whether `seat` may run the light card `id` now (pay it fully; the mammoth card needs an option it can pay). */
function lightOk(s: S, seat: Seat, id: string): boolean {
  const c = dataOf(s).card[id]!;
  if (c.kind === 'mammoth') return mammothModes(s, seat).length > 0;
  return s.stones[seat] >= (c.value ?? 0);
}

/** Which top card a cult card may use ('light' / 'dark'). With 8+ stones only the light top card (ruling). */
export function cultChoices(s: S, seat: Seat): Colour[] {
  const out: Colour[] = [];
  if (s.topL && lightOk(s, seat, s.topL)) out.push('light');
  if (s.topD && s.startStones < EIGHT) out.push('dark');
  return out;
}

export function playable(s: S, seat: Seat, id: string): boolean {
  const c = dataOf(s).card[id]!;
  if (c.kind === 'cult') return cultChoices(s, seat).length > 0;
  if (c.colour === 'light') return lightOk(s, seat, id);
  return s.startStones < EIGHT;
}
