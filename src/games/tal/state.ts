/** State of Das Tal der Mammuts and the small helpers every part of the engine shares. */
import { backOption, finishOption, messageHelper, type Takeback } from '../../engine/compound.js';
import type { RngState } from '../../engine/rng.js';
import type { Decision, GameEvent, Msg, Option } from '../../engine/types.js';
import { cardKind, SPECIES, talData, type Board, type CardKind, type EventKind, type Species } from './data.js';

export type Stage =
  | 'setup' | 'event' | 'arrival' | 'return' | 'animalCards' | 'animalMove' | 'movement' | 'combat'
  | 'survivalCards' | 'survival' | 'birthCards' | 'births' | 'sowing' | 'draw' | 'endRound' | 'over';

/**
 * The board, one flat array per kind of piece (cheap to clone): people at [hex * players + seat],
 * animals at [hex * 6 + species]; per hex: camp owner (-1 none), cave (1) or village (0), field (2 intact,
 * 1 damaged, 0 none), marker (0 none, 1 burnt, 2 flooded), fence (1).
 */
export interface Hexes { m: number[]; w: number[]; an: number[]; camp: number[]; cave: number[]; crop: number[]; mark: number[]; fence: number[] }
export type Camp = { seat: number; kind: 'village' | 'cave' } | null;
export type Marker = 'burnt' | 'flooded' | null;

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
  neutralWarrior: boolean;
  neutralWoman: boolean;
}

/** Steps left per figure during its owner's movement turn: index = steps left. */
export interface Budget { m: number[]; w: number[] }

/**
 * Where a seat stands in its movement turn. Moving a group is a compound action of four steps (which group, where
 * to, how many warriors, how many women), as is a card that needs a hex (fence, stranger); `back` takes the last
 * step back (the turn's `takeback`), nothing moves before the last step.
 */
export type MoveStep =
  | { name: 'chooseGroup' }
  | { name: 'chooseCardHex'; card: 'fence' | 'stranger_m' | 'stranger_w' }
  | { name: 'chooseDestination'; from: number }
  | { name: 'chooseWarriors'; from: number; to: number; distance: number }
  | { name: 'chooseWomen'; from: number; to: number; distance: number; warriors: number };

export interface MoveState {
  seat: number;
  /** The steps every figure may walk this turn (2; 1 in a blizzard; one more with the march card). */
  fullSteps: number;
  /** Per hex with figures of the seat: how many steps each of them has left. */
  budgets: Record<number, Budget>;
  scout: boolean;
  raft: boolean;
  step: MoveStep;
  /** The steps of the compound action under way, and the turn as it was before them (for `back`). */
  takeback: Takeback<TalPayload>;
}

export interface CombatState {
  /** Whose fights come next (an index into the turn order). */
  orderIndex: number;
  /** The hex being fought on. */
  hex: number | null;
  /** Seats that may still play a card before the fight on `hex`, in turn order. */
  cardWindow: number[];
  bonusTribes: Record<number, number>;
  bonusAnimals: Record<number, number>;
  brave: number[];
  defected: number;
  /**
   * A choice the fight waits for: the order of a seat's fights; whom a tribe loses to animals (`loss`) or in a
   * fight between tribes when warriors and women fought side by side (`fightLoss`, the losing seats in turn:
   * `next` still choose after `seat`); keep or burn a conquered camp.
   */
  waitingFor: null | { kind: 'order'; seat: number } | { kind: 'loss'; seat: number; species: number } | { kind: 'fightLoss'; seat: number; next: number[] }
    | { kind: 'conquest'; seat: number; loser: number };
}

/** A warrior (`m`) or a woman (`w`). */
export type Figure = 'm' | 'w';

/**
 * What an option does, for `perform` (the option's id only names it). Control options (`pass`, `finish`, `back`)
 * carry none: `perform` reads their role.
 */
export type TalPayload =
  /** Setup: the start camp; then whether to cultivate the field beside a start camp on a plain. */
  | { kind: 'start'; hex: number }
  | { kind: 'cultivate' }
  /** A tribe wiped out in the first year comes back on a free rim hex. */
  | { kind: 'return'; hex: number }
  /** Animal phase cards: the wind's direction (index into DIRS); where the called wolves come. */
  | { kind: 'wind'; dir: number }
  | { kind: 'wolves'; hex: number }
  /** A special card played at once (movement, combat and survival cards). */
  | { kind: 'card'; card: CardKind }
  /** Fertility: one more birth in this camp. */
  | { kind: 'fertility'; hex: number }
  /** Movement: a group sets out from a hex, to a hex, with so many warriors, then women. */
  | { kind: 'group'; hex: number }
  | { kind: 'destination'; hex: number }
  | { kind: 'warriors'; n: number }
  | { kind: 'women'; n: number }
  /** Movement: a couple founds a camp; a lone person takes fire from a volcano or a burning hex (advanced). */
  | { kind: 'found'; hex: number }
  | { kind: 'fire'; hex: number }
  /** Movement: the hex of a card that needs one (fence, stranger). */
  | { kind: 'cardHex'; hex: number }
  /** Combat: the hex to fight on next; which figure a tribe loses; keep or burn a conquered camp. */
  | { kind: 'fight'; hex: number }
  | { kind: 'lose'; figure: Figure }
  | { kind: 'conquest'; keep: boolean }
  /** Survival: one more person leaves the tribe; or as many as the rule of thumb says, then feed the rest. */
  | { kind: 'leave'; hex: number; figure: Figure }
  | { kind: 'feedMost' }
  /** Sowing: a field on a camp's plain, paid with food or a seed card. */
  | { kind: 'sow'; hex: number; seed: boolean };

export type TalOption = Option<TalPayload>;
export type TalDecision = Decision<TalPayload>;

/** One person a tribe lets go instead of feeding it: a warrior (`m`) or a woman (`w`) on a hex. */
export interface Leaver { hex: number; type: Figure }

export interface TalState {
  rng: RngState;
  /** The data version the game was set up with (absent in games stored before versions: 1). */
  dataVersion?: number;
  /** The rules version this game plays by (`versions.ts`); absent: version 1. */
  rulesVersion?: number;
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
  /** The running stage has done what it does on entering (see `runStage`). */
  stageStarted: boolean;
  queue: number[];
  order: number[];
  firstPlacer: number;
  hx: Hexes;
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
  roundEffects: { storm: boolean; blizzard: boolean; frost: boolean; goodFishing: boolean; frozen: boolean };
  fireSources: number[];
  specialDeck: string[];
  specialDiscard: string[];
  windChoice: number | null;
  healer: number[];
  fertility: number[];
  move: MoveState | null;
  combat: CombatState | null;
  /** Setup: the start camp on a plain whose field its tribe may cultivate now (null: no such question). */
  cultivate: number | null;
  /**
   * Survival phase, per seat: whom the tribe has chosen so far to let go instead of feeding (a compound
   * decision; nothing leaves before the seat confirms, `back` takes the last one back).
   */
  leaving: Leaver[][];
  report: { title: Msg; lines: Msg[] }[];
  winners: number[];
  endedBy: null | 'victory' | 'all_lost' | 'cap';
  stats: { combats: number; kills: number; births: number; starved: number; founded: number; conquests: number; moves: number; decisions: number; cards: number; byStage: Record<string, number> };
}

export interface Ctx { ev: GameEvent[]; revealed: boolean }

export const CAMP_MARKERS = 5;
export const CROP_MARKERS = 9;
export const FIRE_FLOOD_MARKERS = 9;

export const board = (s: TalState): Board => talData(s).boards[s.variant]!;
export const spIndex = (sp: Species): number => SPECIES.indexOf(sp);
export const fig = (s: TalState, type: 'm' | 'w', i: number, p: number): number => s.hx[type][i * s.players + p]!;
export const setFig = (s: TalState, type: 'm' | 'w', i: number, p: number, v: number): void => { s.hx[type][i * s.players + p] = v; };
export const warriorsAt = (s: TalState, i: number, p: number): number => s.hx.m[i * s.players + p]!;
export const womenAt = (s: TalState, i: number, p: number): number => s.hx.w[i * s.players + p]!;
export const an = (s: TalState, i: number, sp: number): number => s.hx.an[i * 6 + sp]!;
export const setAn = (s: TalState, i: number, sp: number, v: number): void => { s.hx.an[i * 6 + sp] = v; };
export const campAt = (s: TalState, i: number): Camp => (s.hx.camp[i]! < 0 ? null : { seat: s.hx.camp[i]!, kind: s.hx.cave[i] ? 'cave' : 'village' });
export const setCamp = (s: TalState, i: number, c: Camp): void => { s.hx.camp[i] = c ? c.seat : -1; s.hx.cave[i] = c?.kind === 'cave' ? 1 : 0; };
export const markerAt = (s: TalState, i: number): Marker => (s.hx.mark[i] === 1 ? 'burnt' : s.hx.mark[i] === 2 ? 'flooded' : null);
export const setMarker = (s: TalState, i: number, mk: Marker): void => { s.hx.mark[i] = mk === 'burnt' ? 1 : mk === 'flooded' ? 2 : 0; };
export const HEXES = 37;

export const animalsOn = (s: TalState, i: number): number => { let n = 0; for (let k = 0; k < 6; k++) n += s.hx.an[i * 6 + k]!; return n; };
export const popOf = (s: TalState, i: number, seat: number): number => s.hx.m[i * s.players + seat]! + s.hx.w[i * s.players + seat]!;
export const peopleOn = (s: TalState, i: number): number => {
  let n = 0;
  for (let p = 0; p < s.players; p++) n += s.hx.m[i * s.players + p]! + s.hx.w[i * s.players + p]!;
  return n;
};
export const tribesOn = (s: TalState, i: number): number[] => {
  const out: number[] = [];
  for (let p = 0; p < s.players; p++) if (popOf(s, i, p) > 0) out.push(p);
  return out;
};
/** Animals plus people of other tribes on a hex (what a tribe must leave behind against). */
export const opposition = (s: TalState, i: number, seat: number): number => animalsOn(s, i) + peopleOn(s, i) - popOf(s, i, seat);

export const campsOf = (s: TalState, seat: number): number[] => {
  const out: number[] = [];
  for (let i = 0; i < HEXES; i++) if (s.hx.camp[i] === seat) out.push(i);
  return out;
};
export const totals = (s: TalState, seat: number): { m: number; w: number } => {
  let m = 0, w = 0;
  for (let i = 0; i < HEXES; i++) { m += s.hx.m[i * s.players + seat]!; w += s.hx.w[i * s.players + seat]!; }
  return { m, w };
};
export const capOf = (s: TalState, seat: number, type: 'm' | 'w'): number => {
  const t = s.tribes[seat]!;
  return type === 'm' ? 10 + (t.neutralWarrior ? 1 : 0) : 6 + (t.neutralWoman ? 1 : 0);
};
/** Adds up to n figures of a seat's own colour from its supply; returns how many came. */
export function addFigures(s: TalState, hex: number, seat: number, type: 'm' | 'w', n: number): number {
  const have = totals(s, seat)[type];
  const k = Math.max(0, Math.min(n, capOf(s, seat, type) - have));
  s.hx[type][hex * s.players + seat]! += k;
  return k;
}
/** Removes figures (back to their owner's supply); the neutral figure is always the first lost. */
export function removeFigures(s: TalState, hex: number, seat: number, type: 'm' | 'w', n: number): void {
  const at = hex * s.players + seat;
  s.hx[type][at] = Math.max(0, s.hx[type][at]! - n);
  const t = s.tribes[seat]!;
  const tot = totals(s, seat)[type];
  if (type === 'm' && t.neutralWarrior && tot < 11) t.neutralWarrior = false;
  if (type === 'w' && t.neutralWoman && tot < 7) t.neutralWoman = false;
}

export const tileSpecies = (s: TalState, tile: number): Species => talData(s).tiles[tile]!.species;

/**
 * Puts animals of one species back after they left the board: lettered tiles into the bag, letterless
 * wolves into their pool (ruling: a letterless wolf is always the first wolf to go back).
 */
export function returnAnimals(s: TalState, sp: number, n: number): void {
  for (let k = 0; k < n; k++) {
    if (SPECIES[sp] === 'wolf' && s.poolWolves < talData(s).letterlessWolves) { s.poolWolves++; continue; }
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
/** Lines of the account shown with the table (fights, survival, births); only the latest 18 are kept. */
export const REPORT_LINES = 18;
export function report(s: TalState, line: Msg): void {
  const r = s.report[s.report.length - 1];
  if (!r) return;
  r.lines.push(line);
  let total = s.report.reduce((a, x) => a + x.lines.length, 0);
  while (total > REPORT_LINES) {
    const first = s.report[0]!;
    first.lines.shift();
    if (first.lines.length === 0 && s.report.length > 1) s.report.shift();
    total--;
  }
}

// ---------------------------------------------------------------- view

/** What one seat (or a spectator, `seat: null`) sees of the game: `view.ts` builds it. */
export interface TalView {
  /** The component data version the game uses (1 for games stored before versions existed). */
  dataVersion: number;
  seat: number | null;
  players: number;
  variant: string;
  advanced: boolean;
  round: number;
  season: 'summer' | 'winter';
  roundInSeason: number;
  seasonLength: number;
  stage: Stage;
  hx: TalState['hx'];
  tribes: { food: number; cards: number; fire: boolean; status: string; announced: boolean; camps: number; warriors: number; women: number }[];
  hand: string[] | null;
  event: string | null;
  lasting: string[];
  fx: TalState['roundEffects'];
  order: number[];
  acting: number[];
  report: TalState['report'];
  bag: number;
  poolWolves: number;
  specialDeck: number;
  fencesLeft: number;
  winners: number[];
  endedBy: TalState['endedBy'];
  fireSources: number[];
}

// ---------------------------------------------------------------- options and cards (for engine.ts and movement.ts)

export const m = messageHelper();
/** A hex as players read it: its number, terrain and region. */
export const hexMsg = (s: TalState, i: number): Msg => {
  const bh = board(s).hexes[i]!;
  return m('tal.hex', { n: i + 1, terrain: m(`tal.terrain.${bh.terrain}`), region: bh.region });
};
/** The control options of compound.ts, typed for this game (they carry no payload). */
export const back = (): TalOption => backOption() as TalOption;
export const finish = (label: Msg, style?: TalOption['style']): TalOption => finishOption(label, style) as TalOption;
export const pass = (): TalOption => ({ id: 'pass', label: m('common.pass'), role: 'pass' });
/** Playing a special card of a kind at once. */
export const playCard = (k: CardKind, group?: string): TalOption =>
  ({ id: `card:${k}`, label: m('tal.opt.play', { card: m(`tal.card.${k}.name`) }), detail: m(`tal.card.${k}.text`), ...(group ? { group } : {}), payload: { kind: 'card', card: k } });

/** Discards a card of the kind from the seat's hand, as played. */
export function discardCard(s: TalState, seat: number, kind: CardKind, ctx: Ctx): void {
  const hand = s.tribes[seat]!.hand;
  const i = hand.findIndex((c) => cardKind(c) === kind);
  const [c] = hand.splice(i, 1);
  s.specialDiscard.push(c!);
  s.stats.cards++;
  log(ctx, 'tal.log.played', { p: seatRef(seat), card: m(`tal.card.${kind}.name`) });
}
