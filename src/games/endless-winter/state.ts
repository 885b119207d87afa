/** The Endless Winter game state (JSON, with the random generator inside) and small helpers over it. */
import type { RngState } from '../../engine/rng.js';
import { DATA, COLS, type EwVersionData, type Atom, type AtomKind, type CardDef, type Col } from './data.js';

export interface EwOptions {
  /** 'random': chiefs and setup cards dealt; 'cards': setup cards chosen; 'both': chiefs (with side) and setup cards chosen. */
  setup: 'random' | 'cards' | 'both';
  short: boolean;
  majority: boolean;
  ice: boolean;
  rest: boolean;
}

/** A megalith on the build site: level (0 = ground), position on that level's grid, owner seat or -1 (neutral). */
export interface Meg { l: number; x: number; y: number; o: number }

/** Figure places: 'h' home, 'x' set aside (short game, round 1), 'r' rest space, or a column id. */
export type FigPlace = 'h' | 'x' | 'r' | Col;

export interface PState {
  chief: number;
  side: number;
  setupCard: number;
  hand: number[];
  deck: number[];
  discard: number[];
  played: number[];
  stack: number[];
  buried: number[];
  food: number;
  tool: number;
  score: number;
  settlements: number;
  megs: number;
  stones: number[];
  offering: number;
  fame: number;
  fameAt: number;
  /** Animal ids, living and killed. */
  animals: number[];
  killed: number[];
  figs: FigPlace[];
  rest: number;
  restTile: number;
}

/** A gain (or forced cost) waiting to be resolved for `EwState.qSeat`. */
export interface QItem {
  k: AtomKind | 'bundle' | 'restTile';
  n: number;
  /** For bundles: the atoms of one income. */
  atoms?: Atom[];
  /** For bundles: an eclipse income, which the player may decline as a whole (until part of it is swapped). */
  optional?: boolean;
  /** For bundles: symbols already swapped down the ladder; the rest of them is taken as shown. */
  settled?: AtomKind[];
}

export interface Turn {
  seat: number;
  stage: 'progress' | 'progDiscard' | 'labour' | 'top' | 'middle' | 'after' | 'stack';
  col: Col | null;
  fig: number;
  /** Labour available this turn, in halves. */
  pool: number;
  progN: number;
  progCard: number;
  used: string[];
  /** Labour sources that may still be taken back: card id (≥ 0) or spent food as -(amount). */
  undo: number[];
  undoPool: number[];
  kinds: string[];
  stackUndo: number[];
}

export interface EwState {
  rng: RngState;
  /** The data version the game was set up with (absent in games stored before versions: 1). */
  dataVersion?: number;
  n: number;
  opts: EwOptions;
  round: number;
  phase: 'setup' | 'action' | 'eclipse' | 'over';
  /** Cards left in each tribe-member supply (see supplyTop for their ids). */
  supply: number[];
  prog1: number[];
  prog2: number[];
  display: number[];
  box: number[];
  adeck: number[];
  ground: number[];
  stonesL: number[];
  stonesR: number[];
  /** Terrain type per map tile: -1 start, 0..5 types, 6 glacier. */
  tiles: number[];
  /** Camps per tile and seat: index tile * n + seat. */
  camps: number[];
  settle: number[];
  /** Ice find per tile: -1 none, the find's index while face down, index + ICE_UP once turned. */
  ice: number[];
  iceBox: number[];
  sitePat: number;
  siteTiles: number[];
  megs: Meg[];
  cols: { f: number[][]; b: number }[];
  order: number[];
  /** Turn-order position during this round (the order the round was played in). */
  roundOrder: number[];
  turn: number;
  p: PState[];
  q: QItem[];
  qSeat: number;
  t: Turn | null;
  setupStep: { kind: 'side' | 'chief' | 'card' | 'gains'; idx: number } | null;
  offerChiefs: number[];
  offerCards: number[];
  ecl: { i: number; step: number; labour: number[]; used: string[] } | null;
  restDeck: number[];
  restUp: number;
  turns: number;
  final: { seat: number; offering: number; fame: number; cards: number; animals: number; total: number }[] | null;
}

export const GLACIER = 6;
export const ICE_UP = 100;
/** Cards in a full tribe-member supply. */
export const SUPPLY = 15;

/** Id of the next card of supply `i` (cards of type i are i*15 .. i*15+14, taken from the lowest up). */
export function supplyTop(s: EwState, i: number): number {
  return i * SUPPLY + (SUPPLY - s.supply[i]!);
}

/** Ids of the cards still in supply `i`. */
export function supplyCards(s: EwState, i: number): number[] {
  const out: number[] = [];
  for (let c = supplyTop(s, i); c < (i + 1) * SUPPLY; c++) out.push(c);
  return out;
}
export const TOP_OFFERING = (s: EwState) => dataOf(s).offering.length;

/** The component data the state was set up with: the only way rules read data. */
export const dataOf = (s: EwState): EwVersionData => DATA.of(s);

/** Card id → index into the data's cards; ids are fixed by the player count (supplies, progress decks, starting decks). */
export function cardTable(s: EwState): number[] {
  return dataOf(s).cardTables[s.n]!;
}

export function def(s: EwState, card: number): CardDef {
  return dataOf(s).cards[cardTable(s)[card]!]!;
}

/** Animal id → species index (60 animals, species in data order). */
export const speciesOf = (s: EwState, animal: number): number => dataOf(s).speciesOf[animal]!;

export function colIndex(c: Col): number {
  return COLS.indexOf(c);
}

export function campsOnMap(s: EwState, seat: number): number {
  let n = 0;
  for (let i = seat; i < s.camps.length; i += s.n) n += s.camps[i]!;
  return n;
}

export function campsOnBoard(s: EwState, seat: number): number {
  return dataOf(s).player.camps - campsOnMap(s, seat);
}

export function foodLimit(s: EwState, seat: number): number {
  return dataOf(s).player.foodLimit[Math.min(campsOnMap(s, seat), dataOf(s).player.camps)]!;
}

/** Labour (in halves) gained by spending food from `food` down to `food - k`. */
export function labourFromFood(s: EwState, food: number, k: number): number {
  return dataOf(s).player.labourMarks.filter((m) => m <= food && m > food - k).length * 2;
}

/** Smallest amount of food that yields one more labour, or 0 if none. */
export function foodForOneLabour(s: EwState, food: number): number {
  const marks = dataOf(s).player.labourMarks.filter((m) => m <= food);
  if (!marks.length) return 0;
  return food - Math.max(...marks) + 1;
}

export function megalithsLeft(s: EwState, seat: number): number {
  return dataOf(s).player.neutralMegaliths + dataOf(s).player.colourMegaliths - s.p[seat]!.megs;
}

export function maxFame(s: EwState): number {
  return dataOf(s).fame.levels;
}
