/** Eiszeit state and view types. */
import type { Takeback } from '../../engine/compound.js';
import type { BaseState, GameEvent, Seat } from '../../engine/types.js';
import type { CardKind, Colour } from './data.js';

/**
 * The step of a card action: which question the actor is asked now (the options of each are built by `stepOptions`
 * in action.ts, from the step rules beside it). Steps named `…From` / `…To` choose a source and a destination
 * region, `…Hunter` a hunter in the region chosen before.
 */
export type Step =
  | 'none' | 'done'
  | 'chooseTopCard' | 'chooseTarget'
  | 'landscapeMode' | 'place' | 'placeMovedTo'
  | 'huntersMammothRegion' | 'huntersMammoth'
  | 'trekFrom' | 'trekTo' | 'trek'
  | 'mammothMove' | 'mammothFrom' | 'mammothTo'
  | 'fireFrom' | 'fireTo'
  | 'swapFirst' | 'swapFirstHunter' | 'swapSecond' | 'swapSecondHunter'
  | 'clubOrMammoth' | 'attachClub'
  | 'stampedeFrom' | 'stampedeHunter' | 'stampedeTo'
  | 'removeFrom' | 'removeHunter'
  | 'clubOrMove' | 'moveOwnFrom' | 'moveOwnTo'
  | 'removeMammoth';

export type MammothMove = 'place' | 'neighbour' | 'far';

/**
 * A card action being carried out: a short sequence of small decisions. Regions are indexes 0..11 (region r is
 * "r + 1" on the board), seats 0..n-1.
 */
export interface Act {
  /** The card taken from the hand (a cult card, or the card whose action runs). */
  card: string;
  /** The card whose action runs (the top card a cult card chose, else `card`). */
  effect: string;
  kind: CardKind;
  colour: Colour;
  /** Who played the card. */
  owner: Seat;
  /** Who decides now. */
  seat: Seat;
  /** Seats still to act after `seat` (dark cards that every other player carries out). */
  queue: Seat[];
  /** The step of the action now. */
  step: Step;
  /** Hunters placed / moved / removed so far in this part, and at most how many. */
  count: number;
  max: number;
  /** Regions allowed for placing (null: every free region). */
  land: number[] | null;
  /** The region chosen first (source) and second (destination, swap partner); -1 while not chosen. */
  from: number;
  to: number;
  /** The seat whose hunter was chosen (a fire tile's index when moving fire); -1 while not chosen. */
  chosen: number;
  /** The chosen hunter carries a club. */
  clubbed: boolean;
  /** The acting player gives the chosen hunter a held club as it moves. */
  attach: boolean;
  /** Mammoth-card move or the club card's mammoth alternative. */
  mode: '' | MammothMove;
  /** A mammoth was placed or moved in this action. */
  mammothMoved: boolean;
  /** Owners of the hunters moved / removed so far (for "not all of one player"). */
  owners: Seat[];
  /** Hunters that arrived during this action, flat triples (region, seat, clubbed 0/1): they may not move again. */
  arrived: number[];
  /** Log lines of this actor's part, emitted when the part is committed (until then it can still be taken back). */
  log: GameEvent[];
  /**
   * Rules version 2: the seats that carry out the dark card once its player has discarded and drawn (the card player
   * does so before handing the card on, not after); present only while the card player discards.
   */
  next?: Seat[];
  /** Rules version 2: the card player has discarded and drawn already, so the turn ends when the last actor is done. */
  discarded?: boolean;
}

/** Discarding (a card, or none) and, where the mix is the player's choice, how many light cards to draw. */
export interface DiscardPayload { kind: 'discard'; card: string | null; light?: number }

/**
 * What an option does, for `perform` (the current step says what a region or hunter is chosen for). Regions are
 * indexes 0..11.
 */
export type EiszeitPayload =
  /** A region (the step says what for); Stampede's destination with `count` hunters alike. */
  | { kind: 'region'; region: number; count?: number }
  /**
   * Hunters from the supply into a region (in the step where a hunter moves on the board: that hunter); `club`: it
   * gets one of the actor's clubs; `mode`: the landscape card's first placement, which sets the card's mode.
   */
  | { kind: 'place'; region: number; count: number; club: boolean; mode?: 'land' | 'any' }
  /** The landscape card's mode chosen alone. */
  | { kind: 'mode'; mode: 'land' | 'any' }
  /** One of the actor's own hunters in a region, to move: carrying a club, or given one of the actor's clubs. */
  | { kind: 'ownHunter'; region: number; club: boolean; attach: boolean }
  /** A hunter of `seat` in `region` (absent: the region chosen before); `attach`: it gets one of the actor's clubs. */
  | { kind: 'hunter'; region?: number; seat: Seat; club: boolean; attach: boolean }
  /** The step's mammoth option (a new one, the one that comes along, or a mammoth instead of the club). */
  | { kind: 'mammoth' }
  /** A mammoth brought over from a neighbouring region. */
  | { kind: 'mammothFrom'; region: number }
  | { kind: 'mammothMove'; move: MammothMove }
  /** A fire tile (its index). */
  | { kind: 'fire'; tile: number }
  /** The cult card uses the top card of this colour. */
  | { kind: 'topCard'; colour: Colour }
  /** The player who carries out a dark card. */
  | { kind: 'target'; seat: Seat }
  | { kind: 'takeClub' }
  | { kind: 'moveOwn' }
  /** Plays a card (a dark card handed on to `target` in the same choice). */
  | { kind: 'play'; card: string; target?: Seat }
  /** Lays a card down without effect (nothing else can be played). */
  | { kind: 'playVoid'; card: string }
  | DiscardPayload
  /** The card player ends the action and discards in one choice. */
  | { kind: 'endAction'; discard: DiscardPayload }
  | { kind: 'draw'; light: number };

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
 * The stored game state, plain JSON, and the shape the rules work on. Regions are indexes 0..11 (region r is
 * "r + 1" on the board), seats 0..players-1; per-region tables are indexed [region][seat].
 */
export interface EiszeitState extends BaseState {
  players: number;
  /** The last round (4, or 3 in the short game) and the current one. */
  rounds: number;
  round: number;
  phase: Phase;
  /** Where the current settling turn is: choosing a card, carrying out its action, discarding, drawing. */
  stage: Stage;
  /** Regions covered by a glacier. */
  glacier: boolean[];
  /** Hunters per region and seat (clubbed ones included). */
  hunters: number[][];
  /** Of those, hunters carrying a club. */
  clubbed: number[][];
  /** Mammoths per region. */
  mammothsIn: number[];
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
  clubsHeld: number[];
  score: number[];
  hands: string[][];
  /** Draw piles (the last card is drawn first). */
  drawL: string[];
  drawD: string[];
  /** Discard piles under their face-up top card (order unseen). */
  discL: string[];
  discD: string[];
  topL: string | null;
  topD: string | null;
  /** Whose turn it is (pre-round: who places). */
  seat: Seat;
  /** Who placed first in the pre-round (and played first in round 1). */
  start: Seat;
  /** Hunters still to place in the pre-round. */
  preLeft: number;
  /** The card action being carried out (null outside one). */
  act: Act | null;
  /** The stones the current player had at the start of the turn (the 8-stone rule). */
  startStones: number;
  /** Settling ends after this turn (the dark supply ran out). */
  ending: boolean;
  /** For `back`: the position before the current actor's first step and the options chosen since (compound.ts). */
  takeback: Takeback<EiszeitPayload>;
  /** Settling turns taken this round, and per finished round. */
  turns: number;
  turnLog: number[];
  /** The last conflict and scoring account. */
  report: Report | null;
  /** Who chooses the glacier (-1 before the first scoring) and how many glaciers were placed. */
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
  /** The component data version the game uses (1 for games stored before versions existed). */
  dataVersion: number;
  me: Seat | null;
  n: number;
  round: number;
  rounds: number;
  phase: Phase;
  stage: Stage;
  seat: Seat;
  /** Who owes the decision now (null once the game is over). */
  decider: Seat | null;
  step: Step | null;
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
  playing: { card: string; effect: string; owner: Seat } | null;
  report: Report | null;
  preLeft: number;
  turnLog: number[];
  /** Once the game is over: places (1 = first) and scores, best first. */
  final: { seat: Seat; place: number; score: number }[] | null;
}
