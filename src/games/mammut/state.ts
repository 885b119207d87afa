/**
 * The shapes of Mammut: the stored state, what an option does (`Payload`) and what a seat sees (`MammutView`).
 *
 * The state is plain arrays of small numbers:
 * - tiles are slots 0..31 (31 loot tiles, then the shaman), each with an entry in `tileDef` (index into tiles.json:
 *   which data tile lies in the slot; only `determinize` ever changes it), `up` (0 / 1: which side is up), `known`
 *   (bitmask of the seats that know the side facing down: a peek adds one seat, a flip or the turn at scoring makes
 *   it public) and `place` (`MIDDLE`, or the share code 2·seat + share).
 * - cards are physical ids 0..18; the data's `cardOf[id]` is the type. `deck` draws from its end.
 * - a turn may be a short sequence of small decisions kept in `pending`, which `takeback` can step back.
 * - `lastScoring` is the last round's scoring breakdown: only views and the animal choices read it.
 */
import type { Takeback } from '../../engine/compound.js';
import type { RngState } from '../../engine/rng.js';
import type { Seat } from '../../engine/types.js';
import { RULEBOOK, type ScoreFace } from './data.js';

/** Tile slots: the loot tiles, then the shaman (the rulebook's numbers; every data version keeps them). */
export const NT = RULEBOOK.lootTiles + 1;
export const SHAMAN = NT - 1;
/** `place` of a tile in the middle; any other `place` is a share code, 2·seat + share. */
export const MIDDLE = -1;

export type Phase = 'taking' | 'animal' | 'over';

/** The running compound action of the player on turn (its steps can be taken back until it ends). */
export type Pending =
  /** Picking a mix of tiles from the middle. */
  | { kind: 'take'; picks: number[] }
  /** Taking a whole share: which of its tiles go back to the middle is one choice (a set of `putBack` items). */
  | { kind: 'rob'; victim: Seat; share: number }
  /** A loot card played: the ? tiles to look under, or the tiles to turn over. */
  | { kind: 'peek' | 'flip'; card: number; picks: number[] }
  /** A loot card played: the shares to send back to the middle, as share codes. */
  | { kind: 'send'; card: number; picks: number[] };

/** What an option does, for `perform` (tiles are slots, cards physical ids, shares share codes). */
export type Payload =
  /** Play this card: a loot card opens the choice of its targets, a scoring card is laid face down. */
  | { kind: 'playCard'; card: number }
  /** Take these tiles from the middle (one tile, all of a kind, or everything) and end the turn. */
  | { kind: 'take'; tiles: number[] }
  /** Start picking a mix of tiles from the middle. */
  | { kind: 'startMix' }
  /** Add these tiles to the mix. */
  | { kind: 'addToMix'; tiles: number[] }
  /** Take the share `share` (0, or 1 for a second share with 2 players) of `victim`. */
  | { kind: 'takeShare'; victim: Seat; share: number }
  /** Put back one tile of the taken share: the first of `sameKind` (tiles the taker cannot tell apart) not yet going back. */
  | { kind: 'putBack'; sameKind: number[] }
  /** Look under this ? tile. */
  | { kind: 'peek'; tile: number }
  /** Turn this tile over. */
  | { kind: 'flip'; tile: number }
  /** Send this share (a share code) back to the middle. */
  | { kind: 'sendBack'; share: number }
  /** Take this collection animal (animal id). */
  | { kind: 'animal'; animal: string }
  /** Take `to` instead of `from`, which an animal tile brought this round. */
  | { kind: 'swapAnimal'; from: string; to: string };

/** A collection animal a player may choose at the end of a round: for an animal card, or for the most furs. */
export interface AnimalChoice { seat: Seat; source: 'card' | 'most'; card: number }

export interface ScoreRow {
  /** `mammut.cat.<cat>`, or for a card row (`card: true`) the card id (`mammut.card.<id>.name`). */
  cat: string;
  card?: boolean;
  pts: number[];
}

export interface RoundScoring {
  round: number;
  /** Effective counts (tiles plus cards that count as tiles) per face, per seat. */
  counts: Record<ScoreFace, number[]>;
  drawn: number[];
  rows: ScoreRow[];
  /** Fur track after the round. */
  track: number[];
  before: number[];
  after: number[];
  /** Collection animals gained this round, per seat (animal ids). */
  gained: string[][];
  /** Per seat: animal tiles that brought nothing (an animal card can still use them). */
  wasted: number[];
  /** Per seat: animals gained from tiles this round that an animal card could still swap. */
  swappable: string[][];
  tieOrder: Seat[];
}

export interface MammutState {
  rng: RngState;
  /** The data version the game was set up with (absent in games stored before versions: 1). */
  dataVersion?: number;
  /** The rules version this game plays by (`versions.ts`); absent: version 1. */
  rulesVersion?: number;
  players: number;
  /** Shares per player: 2 in the two-player game, otherwise 1. */
  sharesEach: number;
  round: number;
  firstRound: number;
  phase: Phase;
  start: Seat;
  current: Seat;
  startTook: boolean;
  /** Per tile slot (see the header): the data tile lying there, its side up, who knows its back, where it lies. */
  tileDef: number[];
  up: number[];
  known: number[];
  place: number[];
  deck: number[];
  discard: number[];
  /** Card ids per seat. */
  hands: number[][];
  /** Cards played this round, per seat, in the order played. */
  played: number[][];
  fur: number[];
  score: number[];
  /** Collection animals owned, as indices into the data's `animals`, sorted. */
  collection: number[][];
  pending: Pending | null;
  /** How the steps of `pending` are taken back (see compound.ts). */
  takeback: Takeback<Payload>;
  /** Collection animals still to be chosen this round, first one first. */
  animalChoices: AnimalChoice[];
  /** The last round's scoring. */
  lastScoring: RoundScoring | null;
  final: { bonus: number[]; distinct: number[] } | null;
  stats: { decisions: number; takes: number; robs: number; cards: number; rounds: number };
}
// ---------------------------------------------------------------- view

export interface TileView {
  kind: 'loot' | 'animal' | 'shaman';
  /** The face that is up: a face ('axe', 'fur', 'tusk', 'meat', 'fire', '?'), an animal id, or 'red' / 'blue'. */
  face: string;
  /** The face underneath, only when the viewer knows it. */
  back?: string;
  /** True when the viewer knows the back but not everybody does: the viewer peeked. */
  peeked?: boolean;
}

export interface PlayedView {
  loot: string[];
  /** Face-down scoring cards: the card id, or null where the viewer may not see it. */
  scoring: (string | null)[];
}

export interface MammutView {
  game: 'mammut';
  /** The component data version the game uses (1 for games stored before versions existed). */
  dataVersion: number;
  players: number;
  viewer: Seat | null;
  round: number;
  firstRound: number;
  lastRound: number;
  phase: Phase;
  start: Seat;
  /** The seat owing a decision (null when the game is over). */
  toAct: Seat | null;
  middle: TileView[];
  /** Per seat, its shares (one in games of 3–5, up to two with 2 players). */
  shares: TileView[][][];
  shaman: { holder: Seat | null; arrow: 'red' | 'blue' };
  tieOrder: Seat[];
  fur: number[];
  scores: number[];
  collections: string[][];
  supply: Record<string, number>;
  handCounts: number[];
  /** The viewer's own hand (card ids), null for spectators. */
  hand: string[] | null;
  played: PlayedView[];
  deck: number;
  discard: number;
  /** The viewer's running selection, when it is the viewer's turn and one is under way. */
  selection: { kind: Pending['kind']; tiles: TileView[]; card?: string } | null;
  lastScoring: RoundScoring | null;
  final: { bonus: number[]; distinct: number[]; winners: Seat[] } | null;
}
