/**
 * Mammut's table as the rules read it: the faces and kinds of tiles (as a seat tells them apart), the middle and the
 * shares, the shaman's tie order, who is on turn, cards, and the messages naming them.
 */
import { noTakeback } from '../../engine/compound.js';
import { coin } from '../../engine/rng.js';
import type { Msg, MsgArg, Seat } from '../../engine/types.js';
import { DATA, SCORE_FACES, type CardDef, type MammutData, type ScoreFace } from './data.js';
import { MIDDLE, NT, SHAMAN, type MammutState, type RoundScoring } from './state.js';

// ---------------------------------------------------------------- faces and tiles (precomputed per data version)

/** The face code of ?. */
export const Q = 5;

/** The message for a face, an animal id or a shaman side, whatever the data version. */
export function faceMsg(face: string): Msg {
  if (face === 'red' || face === 'blue') return { key: `mammut.shaman.${face}` };
  if (face === '?') return { key: 'mammut.face.q' };
  return SCORE_FACES.includes(face as ScoreFace) ? { key: `mammut.face.${face}` } : { key: `mammut.animal.${face}` };
}

/** The component data the state was set up with. */
export const dataOf = (s: MammutState): MammutData => DATA.of(s);
export const defOf = (s: MammutState, t: number): number => s.tileDef[t]!;
export const sideUp = (s: MammutState, t: number): number => s.up[t]!;
export const upCode = (s: MammutState, t: number): number => dataOf(s).tSides[defOf(s, t)]![sideUp(s, t)]!;
export const downCode = (s: MammutState, t: number): number => dataOf(s).tSides[defOf(s, t)]![1 - sideUp(s, t)]!;
export const upFace = (s: MammutState, t: number): string => dataOf(s).faceNames[upCode(s, t)]!;
export const downFace = (s: MammutState, t: number): string => dataOf(s).faceNames[downCode(s, t)]!;
export const isLoot = (s: MammutState, t: number): boolean => dataOf(s).tKind[defOf(s, t)] === 'loot';
export const isAnimal = (s: MammutState, t: number): boolean => dataOf(s).tKind[defOf(s, t)] === 'animal';
export const allMask = (s: MammutState): number => (1 << s.players) - 1;

/** Whether `seat` (null: everybody) knows the face pointing down; always for animals and the shaman. */
export function knowsBack(s: MammutState, t: number, seat: Seat | null): boolean {
  if (!isLoot(s, t)) return true;
  const m = s.known[t]!;
  return seat === null ? m === allMask(s) : ((m >> seat) & 1) === 1;
}

/**
 * What a seat can tell a tile by, as a number that also sorts: up face · 32 + (known back + 1, or 0).
 * Tiles with the same key are interchangeable for that seat.
 */
export function kindKey(s: MammutState, t: number, seat: Seat | null): number {
  const up = upCode(s, t);
  return isLoot(s, t) && knowsBack(s, t, seat) ? up * 32 + downCode(s, t) + 1 : up * 32;
}
const keyUp = (key: number): number => key >> 5;
const keyBack = (key: number): number => (key & 31) - 1;
export function keyId(d: MammutData, key: number): string {
  return keyBack(key) >= 0 ? `${d.faceId[keyUp(key)]}.${d.faceId[keyBack(key)]}` : d.faceId[keyUp(key)]!;
}
/** The id of a tile kind's visible face (`axe`, `owl`, `q`, `red`, …), for messages whose article depends on it. */
export function faceOf(d: MammutData, key: number): string {
  return d.faceId[keyUp(key)]!;
}
export function keyMsg(d: MammutData, key: number): Msg {
  return keyBack(key) >= 0 ? { key: 'mammut.tileBack', args: { face: d.faceMsg[keyUp(key)]!, back: d.faceMsg[keyBack(key)]! } } : d.faceMsg[keyUp(key)]!;
}

export interface Kind { key: number; tiles: number[] }

export function kindsOf(s: MammutState, tiles: readonly number[], seat: Seat | null, skip?: readonly number[], filter?: (t: number) => boolean): Kind[] {
  const out: Kind[] = [];
  for (const t of tiles) {
    if ((skip && skip.includes(t)) || (filter && !filter(t))) continue;
    const key = kindKey(s, t, seat);
    let k = out.find((x) => x.key === key);
    if (!k) out.push((k = { key, tiles: [] }));
    k.tiles.push(t);
  }
  return out.sort((a, b) => a.key - b.key);
}

/** "2× axe, fur, …" for a list of tiles as `seat` sees them. */
export function tileList(s: MammutState, tiles: readonly number[], seat: Seat | null): MsgArg[] {
  if (tiles.length === 0) return [{ key: 'mammut.nothing' }];
  const d = dataOf(s);
  return kindsOf(s, tiles, seat).map((k) => (k.tiles.length === 1 ? keyMsg(d, k.key) : { key: 'mammut.count', args: { n: k.tiles.length, tile: keyMsg(d, k.key) } }));
}

export function faceList(d: MammutData, faces: number[]): MsgArg[] {
  if (faces.length === 0) return [{ key: 'mammut.nothing' }];
  const counts = new Map<number, number>();
  for (const f of faces) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([f, c]) => (c === 1 ? d.faceMsg[f]! : { key: 'mammut.count', args: { n: c, tile: d.faceMsg[f]! } }));
}

// ---------------------------------------------------------------- zones

export interface Zones { middle: number[]; shares: number[][][] }

/** The middle and every share (shares[seat][share]), from `place`. */
export function zones(s: MammutState): Zones {
  const middle: number[] = [];
  const shares: number[][][] = [];
  for (let p = 0; p < s.players; p++) shares.push([]);
  for (let t = 0; t < NT; t++) {
    const k = s.place[t]!;
    if (k === MIDDLE) { middle.push(t); continue; }
    const list = shares[k >> 1]!;
    (list[k & 1] ??= []).push(t);
  }
  return { middle, shares };
}

/** Moves tiles to a location (`MIDDLE` or a share code). */
export function moveTiles(s: MammutState, tiles: readonly number[], code: number): void {
  for (const t of tiles) s.place[t] = code;
}

/** After a share left, a seat's second share becomes its first (shares stay numbered 0, 1 without gaps). */
export function compactShares(s: MammutState, seat: Seat): void {
  const first = seat * 2;
  const second = first + 1;
  if (!s.place.includes(first) && s.place.includes(second)) s.place = s.place.map((code) => (code === second ? first : code));
}

export function shamanHolder(s: MammutState): Seat | null {
  const c = s.place[SHAMAN]!;
  return c === MIDDLE ? null : c >> 1;
}
export const shamanArrow = (s: MammutState): 'red' | 'blue' => upFace(s, SHAMAN) as 'red' | 'blue';

/**
 * Tie order: the shaman holder first, then the others in the arrows' direction (red clockwise, blue
 * counter-clockwise). Nobody holding it: the start player, then clockwise.
 */
export function tieOrder(s: MammutState): Seat[] {
  const holder = shamanHolder(s);
  const first = holder ?? s.start;
  const dir = holder === null || shamanArrow(s) === 'red' ? 1 : -1;
  return Array.from({ length: s.players }, (_, k) => (((first + dir * k) % s.players) + s.players) % s.players);
}

export function shareCounts(s: MammutState): number[] {
  const z = zones(s);
  return z.shares.map((l) => l.length);
}
/** The player to act is the last one without (a full set of) loot: taking from the middle takes all of it. */
export function isLastTaker(s: MammutState, counts = shareCounts(s)): boolean {
  return counts.reduce((a, b) => a + b, 0) === s.players * s.sharesEach - 1;
}

/** The next seat after `from`, clockwise, still without (a full set of) loot. */
export function nextSeat(s: MammutState, from: Seat): Seat {
  const counts = shareCounts(s);
  for (let k = 1; k <= s.players; k++) {
    const c = (from + k) % s.players;
    if (counts[c]! < s.sharesEach) return c;
  }
  return from;
}

/** The start player drops all 32 tiles: each lands on a random side (animal tiles look the same either way). */
export function drop(s: MammutState): void {
  const up: number[] = [];
  for (let t = 0; t < NT; t++) up.push(isAnimal(s, t) ? 0 : coin(s.rng) ? 1 : 0);
  s.up = up;
  s.known = Array(NT).fill(0);
  s.place = Array(NT).fill(MIDDLE);
  s.current = s.start;
  s.startTook = false;
  s.pending = null;
  s.takeback = noTakeback();
}

// ---------------------------------------------------------------- cards, places

export const typeOf = (s: MammutState, c: number): CardDef => dataOf(s).cardTypes[dataOf(s).cardOf[c]!]!;
export const cardName = (s: MammutState, c: number): Msg => dataOf(s).cardName[dataOf(s).cardOf[c]!]!;
/** A share code as it appears in option ids: `<seat>.<share>`. */
export const locId = (code: number): string => `${code >> 1}.${code & 1}`;
/** "X's share" (with 2 players "X's share 2") for a share code. */
export function locMsg(s: MammutState, code: number): Msg {
  const seat = code >> 1;
  return s.sharesEach > 1 ? { key: 'mammut.loc.share2', args: { seat: { seat }, n: (code & 1) + 1 } } : { key: 'mammut.loc.share', args: { seat: { seat } } };
}
/** The last round's scoring breakdown (null before the first scoring). */
export const readScoring = (s: MammutState): RoundScoring | null => s.lastScoring;
/** Whether `seat` owns the collection animal `a` (an index into the data's animals). */
export const owns = (s: MammutState, seat: Seat, a: number): boolean => s.collection[seat]!.includes(a);
/** "in the middle" / "in X's share" for the tile's place. */
export function whereMsg(s: MammutState, t: number): Msg {
  const c = s.place[t]!;
  if (c === MIDDLE) return { key: 'mammut.where.middle' };
  const seat = c >> 1;
  return s.sharesEach > 1 ? { key: 'mammut.where.share2', args: { seat: { seat }, n: (c & 1) + 1 } } : { key: 'mammut.where.share', args: { seat: { seat } } };
}
