/** State of Das Tal der Mammuts and the small helpers every part of the engine shares. */
import type { RngState } from '../../engine/rng.js';
import type { GameEvent, Msg } from '../../engine/types.js';
import { SPECIES, talData, type Board, type EventKind, type Species } from './data.js';

export type Stage =
  | 'setup' | 'event' | 'arrival' | 'return' | 'animalCards' | 'animalMove' | 'movement' | 'combat'
  | 'survivalCards' | 'survival' | 'birthCards' | 'births' | 'sowing' | 'draw' | 'endRound' | 'over';

export interface HexState {
  /** Warriors per seat. */
  m: number[];
  /** Women per seat. */
  w: number[];
  /** Animals per species, in the order of SPECIES. */
  an: number[];
  camp: { seat: number; kind: 'village' | 'cave' } | null;
  /** 2 = intact field, 1 = damaged field, 0 = none. */
  crop: number;
  marker: 'burnt' | 'flooded' | null;
  fence: boolean;
}

export interface Tribe {
  food: number;
  hand: string[];
  fire: boolean;
  /** active; returning = eliminated in the first year, comes back next round; out = eliminated for good. */
  status: 'active' | 'returning' | 'out';
  returned: boolean;
  /** Held four camps (and fire, advanced) at the end of the last round. */
  announced: boolean;
  /** Holds the neutral warrior / woman (one more figure allowed). */
  extraM: boolean;
  extraW: boolean;
}

/** Steps left per figure during its owner's movement turn: index = steps left. */
export interface Budget { m: number[]; w: number[] }

export interface MoveState {
  seat: number;
  full: number;
  b: Record<number, Budget>;
  scout: boolean;
  raft: boolean;
  played: string[];
  pend: { card?: 'fence' | 'stranger_m' | 'stranger_w'; from?: number; to?: number; dist?: number; m?: number; autoM?: boolean } | null;
}

export interface CombatState {
  idx: number;
  hex: number | null;
  window: number[];
  bonusTribes: Record<number, number>;
  bonusAnimals: Record<number, number>;
  brave: number[];
  defected: number;
  need: null | { kind: 'order'; seat: number } | { kind: 'loss'; seat: number; sp: number } | { kind: 'conquest'; seat: number; loser: number };
}

export interface TalState {
  rng: RngState;
  players: number;
  variant: string;
  advanced: boolean;
  maxRounds: number;
  round: number;
  season: 'summer' | 'winter';
  roundInSeason: number;
  seasonLength: number;
  yearOne: boolean;
  stage: Stage;
  init: boolean;
  queue: number[];
  order: number[];
  firstPlacer: number;
  hexes: HexState[];
  tribes: Tribe[];
  bag: number[];
  /** Lettered tiles on the board per species (tile indices). */
  outTiles: number[][];
  poolWolves: number;
  fencesLeft: number;
  eventDeck: { summer: string[]; winter: string[] };
  eventDiscard: { summer: string[]; winter: string[] };
  currentEvent: string | null;
  lasting: EventKind[];
  fx: { storm: boolean; blizzard: boolean; frost: boolean; goodFishing: boolean; frozen: boolean };
  fireSources: number[];
  specialDeck: string[];
  specialDiscard: string[];
  windChoice: number | null;
  wolvesCalls: number[];
  healer: number[];
  fertility: number[];
  move: MoveState | null;
  combat: CombatState | null;
  pend: { cultivate?: number } | null;
  report: { title: Msg; lines: Msg[] }[];
  winners: number[];
  endedBy: null | 'victory' | 'all_lost' | 'cap';
  stats: { combats: number; kills: number; births: number; starved: number; founded: number; conquests: number; moves: number; decisions: number };
}

export interface Ctx { ev: GameEvent[]; revealed: boolean }

export const CAMP_MARKERS = 5;
export const CROP_MARKERS = 9;
export const FIRE_FLOOD_MARKERS = 9;

export const board = (s: TalState): Board => talData().boards[s.variant]!;
export const spIndex = (sp: Species): number => SPECIES.indexOf(sp);
export const animalsOn = (h: HexState): number => h.an.reduce((a, b) => a + b, 0);
export const popOf = (h: HexState, seat: number): number => h.m[seat]! + h.w[seat]!;
export const peopleOn = (h: HexState): number => h.m.reduce((a, b) => a + b, 0) + h.w.reduce((a, b) => a + b, 0);
export const tribesOn = (s: TalState, h: HexState): number[] => {
  const out: number[] = [];
  for (let p = 0; p < s.players; p++) if (popOf(h, p) > 0) out.push(p);
  return out;
};
/** Animals plus people of other tribes on a hex (what a tribe must leave behind against). */
export const opposition = (h: HexState, seat: number): number => animalsOn(h) + peopleOn(h) - popOf(h, seat);

export const campsOf = (s: TalState, seat: number): number[] => {
  const out: number[] = [];
  s.hexes.forEach((h, i) => { if (h.camp?.seat === seat) out.push(i); });
  return out;
};
export const totals = (s: TalState, seat: number): { m: number; w: number } => {
  let m = 0, w = 0;
  for (const h of s.hexes) { m += h.m[seat]!; w += h.w[seat]!; }
  return { m, w };
};
export const capOf = (s: TalState, seat: number, type: 'm' | 'w'): number => {
  const t = s.tribes[seat]!;
  return type === 'm' ? 10 + (t.extraM ? 1 : 0) : 6 + (t.extraW ? 1 : 0);
};
/** Adds up to n figures of a seat's own colour from its supply; returns how many came. */
export function addFigures(s: TalState, hex: number, seat: number, type: 'm' | 'w', n: number): number {
  const have = totals(s, seat)[type];
  const k = Math.max(0, Math.min(n, capOf(s, seat, type) - have));
  s.hexes[hex]![type][seat]! += k;
  return k;
}
/** Removes figures (back to their owner's supply); the neutral figure is always the first lost. */
export function removeFigures(s: TalState, hex: number, seat: number, type: 'm' | 'w', n: number): void {
  const h = s.hexes[hex]!;
  h[type][seat] = Math.max(0, h[type][seat]! - n);
  const t = s.tribes[seat]!;
  const tot = totals(s, seat)[type];
  if (type === 'm' && t.extraM && tot < 11) t.extraM = false;
  if (type === 'w' && t.extraW && tot < 7) t.extraW = false;
}

export const tileSpecies = (tile: number): Species => talData().tiles[tile]!.species;

/**
 * Puts animals of one species back after they left the board: lettered tiles into the bag, letterless
 * wolves into their pool (ruling: a letterless wolf is always the first wolf to go back).
 */
export function returnAnimals(s: TalState, sp: number, n: number): void {
  for (let k = 0; k < n; k++) {
    if (SPECIES[sp] === 'wolf' && s.poolWolves < talData().letterlessWolves) { s.poolWolves++; continue; }
    const t = s.outTiles[sp]!.pop();
    if (t !== undefined) s.bag.push(t);
  }
}

export const isLastRoundOfSeason = (s: TalState): boolean => s.roundInSeason >= s.seasonLength;
export const activeSeats = (s: TalState): number[] => s.tribes.map((t, i) => (t.status === 'active' ? i : -1)).filter((i) => i >= 0);
export const seatRef = (seat: number) => ({ seat });

export function log(ctx: Ctx, key: string, args?: Msg['args'], to?: number[]): void {
  ctx.ev.push(to ? { msg: { key, args }, to } : { msg: args ? { key, args } : { key } });
}
export function report(s: TalState, line: Msg): void {
  const r = s.report[s.report.length - 1];
  if (r) r.lines.push(line);
}
