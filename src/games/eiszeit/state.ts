/** Eiszeit state and view types. */
import type { BaseState, GameEvent, Seat } from '../../engine/types.js';
import type { CardKind, Colour } from './data.js';

/** A card action being carried out: a short sequence of small decisions. */
export interface Act {
  /** The card taken from the hand (a cult card, or the card whose action runs). */
  card: string;
  /** The card whose action runs (the top card a cult card chose, else `card`). */
  eff: string;
  kind: CardKind;
  colour: Colour;
  /** Who played the card. */
  owner: Seat;
  /** Who decides now. */
  seat: Seat;
  /** Seats still to act after `seat` (dark cards that every other player carries out). */
  queue: Seat[];
  step: string;
  n: number;
  max: number;
  /** Regions allowed for placing (null: every free region). */
  land: number[] | null;
  a: number;
  b: number;
  who: number;
  clubbed: boolean;
  attach: boolean;
  /** Mammoth-card mode or the club card's mammoth alternative. */
  mode: '' | 'place' | 'neighbour' | 'far';
  mam: boolean;
  /** Owners of the hunters moved / removed so far (for "not all of one player"). */
  owners: Seat[];
  /** Hunters that arrived during this action, flat triples (region, seat, clubbed 0/1): they may not move again. */
  arr: number[];
  /**
   * Log lines of this actor's part, emitted when the part is committed. Stored as JSON texts of GameEvents joined by
   * ','; the working shape keeps them as objects too (`lines`, parsed on first use), and `log` holds the text of the
   * first `logged` of them (the rest are written when the state is packed).
   */
  log: string;
  lines: GameEvent[] | null;
  logged: number;
}

export interface ConflictLine {
  region: number;
  mammoths: number;
  fires: number[];
  limit: number;
  before: number[];
  clubs: number[];
  removed: number[];
  points: number[];
  perHunter: number;
}

export interface Report {
  round: number;
  lines: ConflictLine[];
  glacier?: { seat: Seat; region: number | null };
}

export type Phase = 'pre' | 'settle' | 'glacier' | 'over';
export type Stage = 'play' | 'act' | 'discard' | 'draw';

/**
 * The stored game state. The framework deep-copies the state (a JSON round trip) on every step, so it is kept
 * small and flat: a few strings in a compact encoding (see "packing" in engine.ts). `unpack()` there turns it
 * into a `Work`, the shape the rules work on.
 */
export interface EiszeitState extends BaseState {
  /** Every number of the game: counters, phase, hunters, clubs, mammoths, glaciers, fire tiles, per-seat figures. */
  nums: string;
  /** Hands, draw and discard piles, top cards: one character per card. */
  cards: string;
  /** The action being carried out ('' for none) and its log lines not yet emitted. */
  act: string;
  log: string;
  /** The last conflict and scoring account. */
  report: string | null;
  /** For `back`: the position before the current actor's first step, and the options chosen since. */
  undo: string | null;
  undoSteps: string;
}

/**
 * The game as the engine works on it: flat arrays (region r, seat q at index r * n + q).
 */
export interface Work extends BaseState {
  n: number;
  rounds: number;
  round: number;
  phase: Phase;
  stage: Stage;
  glacier: boolean[];
  /** Hunters per region and seat (clubbed ones included), index r * n + q. */
  h: number[];
  /** Of those, hunters carrying a club. */
  c: number[];
  /** Mammoths per region. */
  mam: number[];
  /** Fire tiles: where each lies (region index, -1 beside the board) and its value (hidden while face down). */
  fireAt: number[];
  fireVal: number[];
  /** Stones: light and dark supply, and the box (unused at 3-4 players). */
  light: number;
  dark: number;
  boxStones: number;
  /** Mammoths beside the board and in the box. */
  mammoths: number;
  mammothsBox: number;
  /** Clubs in the general supply. */
  clubs: number;
  /** Hunters of unused colours in the box. */
  huntersBox: number;
  /** Per seat: stones, hunters in the own supply (the score marker not counted), clubs in front, score, hand. */
  stones: number[];
  supply: number[];
  held: number[];
  score: number[];
  hands: string[][];
  drawL: string[];
  drawD: string[];
  /** Discard piles under their face-up top card (order unseen). */
  discL: string[];
  discD: string[];
  topL: string | null;
  topD: string | null;
  /** Whose turn it is (pre-round: who places). */
  seat: Seat;
  start: Seat;
  preLeft: number;
  act: Act | null;
  startStones: number;
  /** Settling ends after this turn (the dark supply ran out). */
  ending: boolean;
  /** For `back`: the position before the current actor's first step (JSON) and the options chosen since. */
  undo: string | null;
  undoSteps: string[];
  turns: number;
  turnLog: number[];
  /** The last conflict / scoring account (JSON of Report). */
  report: string | null;
  glacierSeat: Seat;
  glacierCount: number;
}

export interface PlayerView {
  stones: number;
  hunters: number;
  onBoard: number;
  clubs: number;
  score: number;
  handLight: number;
  handDark: number;
}

export interface RegionView {
  id: number;
  glacier: boolean;
  h: number[];
  c: number[];
  m: number;
  /** Face-down fire tiles: only how many. */
  fires: number;
}

export interface EiszeitView {
  me: Seat | null;
  n: number;
  round: number;
  rounds: number;
  phase: Phase;
  stage: Stage;
  seat: Seat;
  /** Who owes the decision now (null once the game is over). */
  decider: Seat | null;
  step: string | null;
  regions: RegionView[];
  light: number;
  dark: number;
  mammoths: number;
  clubs: number;
  fireRest: number;
  players: PlayerView[];
  /** The viewer's own hand (null for spectators). */
  hand: string[] | null;
  topL: string | null;
  topD: string | null;
  drawL: number;
  drawD: number;
  discL: number;
  discD: number;
  /** The card being played right now (face up on the table) and its chooser. */
  playing: { card: string; eff: string; owner: Seat } | null;
  report: Report | null;
  preLeft: number;
  turnLog: number[];
  /** Once the game is over: places (1 = first) and scores, best first. */
  final: { seat: Seat; place: number; score: number }[] | null;
}
