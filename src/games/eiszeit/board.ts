/**
 * What lies where on the Eiszeit board, and the small helpers every rule module shares: the twelve regions and their
 * neighbours (glaciers cut regions off), the hunters of each seat in a region (some of them with a club), the
 * messages about seats, regions and cards, and the log of the action being carried out.
 */
import { messageHelper } from '../../engine/compound.js';
import type { Msg, Seat } from '../../engine/types.js';
import { DATA, type Colour, type EiszeitData } from './data.js';
import type { Act, EiszeitState } from './state.js';

type S = EiszeitState;

/** Regions on the board. */
export const R = 12;
/** Cards in a full hand. */
export const HAND = 5;

export const m = messageHelper('eiszeit.');
// messages about seats, regions and cards are built once and shared (frozen: nobody may change them)
const SEAT_REFS = Array.from({ length: 5 }, (_, seat) => deepFreeze({ seat }));
export const seatRef = (seat: Seat) => SEAT_REFS[seat] ?? { seat };
/** The component data the state was set up with. */
export const dataOf = (s: S): EiszeitData => DATA.of(s);
export const regMsg = (s: S, r: number): Msg => dataOf(s).regionMsg[r]!;
export const cardMsg = (s: S, id: string): Msg => dataOf(s).cardMsg.get(id)!;
export const free = (s: S, r: number) => !s.glacier[r];
export const nbrs = (s: S, r: number) => dataOf(s).adj[r]!.map((id) => id - 1).filter((x) => !s.glacier[x]);
export const isNb = (s: S, a: number, b: number) => dataOf(s).adj[a]!.includes(b + 1);
export const freeRegions = (s: S) => {
  const out: number[] = [];
  for (let r = 0; r < R; r++) if (!s.glacier[r]) out.push(r);
  return out;
};
export const others = (s: S, seat: Seat) => Array.from({ length: s.players - 1 }, (_, i) => (seat + 1 + i) % s.players);
export const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
export const onBoard = (s: S, seat: Seat) => {
  let t = 0;
  for (let r = 0; r < R; r++) t += s.hunters[r]![seat]!;
  return t;
};
/** Hunters of a seat in a region, and those of them with a club. */
export const H = (s: S, r: number, q: Seat) => s.hunters[r]![q]!;
export const C = (s: S, r: number, q: Seat) => s.clubbed[r]![q]!;
export const plain = (s: S, r: number, q: Seat) => H(s, r, q) - C(s, r, q);
export const colourOf = (s: S, id: string): Colour => dataOf(s).card[id]!.colour;
export const lastRound = (s: S) => s.round === s.rounds;

/** A line of the current actor's log (emitted when its part of the action is committed). */
export function log(s: S, key: string, args?: Msg['args']): void {
  s.act!.log.push({ msg: m(key, args) });
}

export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

// ---------------------------------------------------------------- hunters

export function addHunter(s: S, r: number, seat: Seat, club: boolean): void {
  s.hunters[r]![seat]!++;
  if (club) s.clubbed[r]![seat]!++;
}
export function takeHunter(s: S, r: number, seat: Seat, club: boolean): void {
  s.hunters[r]![seat]!--;
  if (club) s.clubbed[r]![seat]!--;
}
/** Hunter types present in a region: [seat, clubbed]. */
export function types(s: S, r: number): [number, boolean][] {
  const out: [number, boolean][] = [];
  for (let q = 0; q < s.players; q++) {
    if (plain(s, r, q) > 0) out.push([q, false]);
    if (C(s, r, q) > 0) out.push([q, true]);
  }
  return out;
}
export const arrivedHere = (a: Act, r: number, q: number, club: boolean) => {
  let k = 0;
  for (let i = 0; i < a.arrived.length; i += 3) if (a.arrived[i] === r && a.arrived[i + 1] === q && a.arrived[i + 2] === (club ? 1 : 0)) k++;
  return k;
};

/** The actor gives one of its clubs to its hunter that just went into region `r`. */
export function attachClub(s: S, r: number): void {
  const seat = s.act!.seat;
  s.clubsHeld[seat]--;
  log(s, 'ev.attach', { p: seatRef(seat), r: regMsg(s, r) });
}
