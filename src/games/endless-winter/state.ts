/** The Endless Winter game state (JSON, with the random generator inside) and small helpers over it. */
import type { Takeback } from '../../engine/compound.js';
import type { RngState } from '../../engine/rng.js';
import type { Option } from '../../engine/types.js';
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

/** A gain (or forced cost) waiting to be resolved for `EwState.queueSeat`. */
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

/** The steps of a player's turn, in order (`progDiscard`: the card discarded for a second progress card). */
export type TurnStage = 'progress' | 'progDiscard' | 'labour' | 'top' | 'middle' | 'after' | 'stack';

export interface Turn {
  seat: number;
  stage: TurnStage;
  /** The column the figure stands in (null before the placement and on the rest space). */
  col: Col | null;
  /** The figure placed: 0 the chief, 1 or 2 a tribe figure; -1 before the placement. */
  fig: number;
  /** Labour available this turn, in halves. */
  pool: number;
  /** Progress cards played this turn. */
  progressPlayed: number;
  /** The second progress card waiting for its discard (`progDiscard`), else -1. */
  progressCard: number;
  /** Abilities used this turn (keys of `usableAbilities`). */
  usedAbilities: string[];
  /** Tribe-member kinds recruited at the initiate top space this turn (each once a turn). */
  recruited: string[];
}

/** The steps of one player's eclipse, in order; `next` hands over to the next player. */
export type EclipseStep = 'turnOrderIncome' | 'abilities' | 'terrainIncome' | 'boardIncome' | 'next';

export interface Eclipse {
  /** Position in the new turn order of the player resolving the eclipse. */
  pos: number;
  step: EclipseStep;
  /** Labour (halves) each seat showed in the eclipse comparison. */
  labour: number[];
  /** Eclipse abilities used by the current player (`<card>.<index>`). */
  used: string[];
}

/** What an option does, for `perform` (`Option.payload`). The ids stay as they were stored; these are read instead. */
export type EwPayload =
  // Setup
  | { kind: 'side'; side: number }
  | { kind: 'chief'; chief: number; side: number }
  | { kind: 'setupCard'; card: number }
  // A turn
  | { kind: 'playProgress'; cardKind: number }
  | { kind: 'place'; figure: 'chief' | 'tribe'; col: Col | 'rest'; playAll: boolean; lower: AtomKind | null }
  | { kind: 'foodLabour'; labour: number }
  | { kind: 'playMember'; card: number }
  | { kind: 'playAll' }
  | { kind: 'ability'; key: string }
  | { kind: 'recruit'; supply: number }
  | { kind: 'buyProgress'; slot: number | null }
  | { kind: 'newCamp' }
  | { kind: 'walkCamp'; from: number; to: number }
  | { kind: 'walkPath'; path: number[] }
  | { kind: 'revealAnimals' }
  | { kind: 'catch'; index: number | null }
  /** A top-space action with the food spent first that pays its missing `labour`. */
  | { kind: 'withFood'; labour: number; action: EwPayload }
  | { kind: 'thenIdol'; first: EwPayload; firstId: string; next: string }
  | { kind: 'middleInitiate' }
  | { kind: 'buyStone'; side: 'L' | 'R'; slot: number }
  | { kind: 'buildSettlement'; point: number }
  | { kind: 'stackCard'; card: number }
  | { kind: 'stackAll' }
  // The gain queue (kill and discard also in a turn's middle space and progress discard)
  | { kind: 'takeIncome' }
  /** An eclipse income taken as shown together with the player's later incomes of this eclipse (their values fixed). */
  | { kind: 'takeIncomes'; steps: ('terrainIncome' | 'boardIncome')[] }
  | { kind: 'swapIncome'; from: AtomKind; to: AtomKind; count: number }
  | { kind: 'lower'; to: AtomKind }
  | { kind: 'restTile'; swap: boolean }
  | { kind: 'idol'; track: 'offering' | 'fame' }
  | { kind: 'megalith'; level: number; x: number; y: number }
  | { kind: 'neutralMegalith'; x: number; y: number }
  | { kind: 'member'; supply: number }
  | { kind: 'progress'; slot: number }
  | { kind: 'animalFromGround'; index: number }
  /** `take`: its income, which would ask next, taken as shown in the same choice. */
  | { kind: 'kill'; animal: number; take?: boolean }
  | { kind: 'bury'; pile: 'hand' | 'discard' | 'played'; cardKind: number }
  | { kind: 'discard'; cardKind: number }
  | { kind: 'moveCamp'; from: number; to: number }
  | { kind: 'settlement'; point: number }
  | { kind: 'stone'; side: 'L' | 'R'; slot: number }
  // The eclipse
  | { kind: 'eclipseAbility'; key: string }
  | { kind: 'eclipseAll' };

export type EwOption = Option<EwPayload>;

export interface EwState {
  rng: RngState;
  /** The data version the game was set up with (absent in games stored before versions: 1). */
  dataVersion?: number;
  /** The rules version this game plays by (`versions.ts`); absent: version 1. */
  rulesVersion?: number;
  /** Number of players. */
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
  animalDeck: number[];
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
  /** Per column: the figures standing in it ([seat, figure]) and who took its bottom space (-1: nobody yet). */
  cols: { figures: number[][]; bottom: number }[];
  /** The turn order (seats). */
  order: number[];
  /** The turn order this round was played in. */
  roundOrder: number[];
  /** Turns taken this round, counting skipped seats: the next turn is `order[orderPos % n]`'s. */
  orderPos: number;
  players: PState[];
  /** Gains waiting to be resolved, for `queueSeat`; the head is resolved first. */
  queue: QItem[];
  queueSeat: number;
  /** The running turn (action phase), null between turns. */
  turn: Turn | null;
  setupStep: { kind: 'side' | 'chief' | 'card' | 'gains'; idx: number } | null;
  offerChiefs: number[];
  offerCards: number[];
  eclipse: Eclipse | null;
  restDeck: number[];
  restUp: number;
  turns: number;
  final: { seat: number; offering: number; fame: number; cards: number; animals: number; total: number }[] | null;
  /** The steps of a compound action that can still be taken back (food spent for labour, a progress card's discard). */
  takeback: Takeback<EwPayload>;
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
  let marks = 0;
  for (const m of dataOf(s).player.labourMarks) if (m <= food && m > food - k) marks++;
  return marks * 2;
}

/** Smallest amount of food that yields one more labour, or 0 if none (down to the highest labour mark at or below `food`). */
export function foodForOneLabour(s: EwState, food: number): number {
  let mark = -Infinity;
  for (const m of dataOf(s).player.labourMarks) if (m <= food && m > mark) mark = m;
  return mark === -Infinity ? 0 : food - mark + 1;
}

export function megalithsLeft(s: EwState, seat: number): number {
  return dataOf(s).player.neutralMegaliths + dataOf(s).player.colourMegaliths - s.players[seat]!.megs;
}

export function maxFame(s: EwState): number {
  return dataOf(s).fame.levels;
}
