/**
 * Mammut (Kristian Amundsen Østby): share out the loot of a mammoth hunt, then score it.
 *
 * State layout (plain arrays of small numbers):
 * - tiles are slots 0..31 (31 loot tiles, then the shaman), each with an entry in `def` (index into tiles.json:
 *   which data tile lies in the slot; only `determinize` ever changes it), `up` (0 / 1: which side is up), `known`
 *   (bitmask of the seats that know the side facing down: a peek adds one seat, a flip or the turn at scoring
 *   makes it public) and `loc` (`MIDDLE`, or the share code 2·seat + share).
 * - cards are physical ids 0..18; `dataOf(s).cardOf[id]` is the type. `deck` draws from its end.
 * - a turn is a short sequence of small decisions kept in `pending` (a running selection with back / finish).
 * - `last` is the last round's scoring breakdown: only views and the animal choices read it.
 */
import { backOption, finishOption, stepBack } from '../../engine/compound.js';
import { FIRST_DATA_VERSION } from '../../engine/data-versions.js';
import { coin, randInt, seedRng, shuffle, type RngState } from '../../engine/rng.js';
import type { Decision, GameEngine, GameEvent, LobbyOptions, Msg, MsgArg, Option, Outcome, RankEntry, Seat } from '../../engine/types.js';
import { DATA, RULEBOOK, SCORE_FACES, type CardDef, type MammutData, type ScoreFace } from './data.js';
import { mammutMessages } from './messages.js';

export const LAST_ROUND = 5;
/** Final bonus by number of different collection animals (index = count). */
export const COLLECTION_TABLE = [0, 0, 0, 4, 9, 15, 22, 30];
/** Meat places: 8 / 5 / 2, but only the first place with 2 players and the first two with 3. */
export const MEAT_POINTS = [8, 5, 2];
export const FIRE_PENALTY = 5;
export const TUSK_POINTS = 2;
export const LAST_ROUND_AXE_POINTS = 3;
/** Everyone's score marker starts on space 10 of the score track (rulebook, set-up step 1); the floor stays at 0. */
export const START_SCORE = 10;

// ---------------------------------------------------------------- faces and tiles (precomputed per data version)

const Q = 5;
/** Tile slots: the loot tiles, then the shaman (the rulebook's numbers; every data version keeps them). */
export const NT = RULEBOOK.lootTiles + 1;
export const SHAMAN = NT - 1;
/** `loc` of a tile in the middle; any other `loc` is a share code, 2·seat + share. */
export const MIDDLE = -1;

/** The message for a face, an animal id or a shaman side, whatever the data version. */
export function faceMsg(face: string): Msg {
  if (face === 'red' || face === 'blue') return { key: `mammut.shaman.${face}` };
  if (face === '?') return { key: 'mammut.face.q' };
  return SCORE_FACES.includes(face as ScoreFace) ? { key: `mammut.face.${face}` } : { key: `mammut.animal.${face}` };
}

/** The component data the state was set up with. */
const dataOf = (s: MammutState): MammutData => DATA.of(s);

export type Phase = 'taking' | 'animal' | 'over';

export type Pending =
  /** Picking a mix from the middle: each step adds one or more tiles. */
  | { t: 'take'; steps: number[][] }
  /** Taking a whole share: `picks` are the tiles going back to the middle; `multi` once "several" was chosen. */
  | { t: 'rob'; victim: Seat; share: number; multi: boolean; picks: number[] }
  | { t: 'peek' | 'flip'; card: number; picks: number[] }
  /** Shares to send back, as share codes (2·seat + share). */
  | { t: 'send'; card: number; picks: number[] };

export interface AnimalChoice { seat: Seat; src: 'card' | 'most'; card: number }

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
  n: number;
  /** Shares per player: 2 in the two-player game, otherwise 1. */
  slots: number;
  round: number;
  firstRound: number;
  phase: Phase;
  start: Seat;
  current: Seat;
  startTook: boolean;
  def: number[];
  up: number[];
  known: number[];
  loc: number[];
  deck: number[];
  discard: number[];
  /** Card ids per seat. */
  hands: number[][];
  /** Cards played this round, per seat, in the order played. */
  played: number[][];
  fur: number[];
  score: number[];
  /** Collection animals owned, as indices into dataOf(s).animals, sorted. */
  coll: number[][];
  pending: Pending | null;
  queue: AnimalChoice[];
  /** The last round's scoring. */
  last: RoundScoring | null;
  final: { bonus: number[]; distinct: number[] } | null;
  stats: { decisions: number; takes: number; robs: number; cards: number; rounds: number };
}

const defOf = (s: MammutState, t: number): number => s.def[t]!;
const sideUp = (s: MammutState, t: number): number => s.up[t]!;
export const upCode = (s: MammutState, t: number): number => dataOf(s).tSides[defOf(s, t)]![sideUp(s, t)]!;
export const downCode = (s: MammutState, t: number): number => dataOf(s).tSides[defOf(s, t)]![1 - sideUp(s, t)]!;
export const upFace = (s: MammutState, t: number): string => dataOf(s).faceNames[upCode(s, t)]!;
export const downFace = (s: MammutState, t: number): string => dataOf(s).faceNames[downCode(s, t)]!;
const isLoot = (s: MammutState, t: number): boolean => dataOf(s).tKind[defOf(s, t)] === 'loot';
const isAnimal = (s: MammutState, t: number): boolean => dataOf(s).tKind[defOf(s, t)] === 'animal';
const allMask = (s: MammutState): number => (1 << s.n) - 1;

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
function kindKey(s: MammutState, t: number, seat: Seat | null): number {
  const up = upCode(s, t);
  return isLoot(s, t) && knowsBack(s, t, seat) ? up * 32 + downCode(s, t) + 1 : up * 32;
}
const keyUp = (key: number): number => key >> 5;
const keyBack = (key: number): number => (key & 31) - 1;
function keyId(d: MammutData, key: number): string {
  return keyBack(key) >= 0 ? `${d.faceId[keyUp(key)]}.${d.faceId[keyBack(key)]}` : d.faceId[keyUp(key)]!;
}
/** The id of a tile kind's visible face (`axe`, `owl`, `q`, `red`, …), for messages whose article depends on it. */
function faceOf(d: MammutData, key: number): string {
  return d.faceId[keyUp(key)]!;
}
function keyMsg(d: MammutData, key: number): Msg {
  return keyBack(key) >= 0 ? { key: 'mammut.tileBack', args: { face: d.faceMsg[keyUp(key)]!, back: d.faceMsg[keyBack(key)]! } } : d.faceMsg[keyUp(key)]!;
}

interface Kind { key: number; tiles: number[] }

function kindsOf(s: MammutState, tiles: readonly number[], seat: Seat | null, skip?: readonly number[], filter?: (t: number) => boolean): Kind[] {
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
function tileList(s: MammutState, tiles: readonly number[], seat: Seat | null): MsgArg[] {
  if (tiles.length === 0) return [{ key: 'mammut.nothing' }];
  const d = dataOf(s);
  return kindsOf(s, tiles, seat).map((k) => (k.tiles.length === 1 ? keyMsg(d, k.key) : { key: 'mammut.count', args: { n: k.tiles.length, tile: keyMsg(d, k.key) } }));
}

function faceList(d: MammutData, faces: number[]): MsgArg[] {
  if (faces.length === 0) return [{ key: 'mammut.nothing' }];
  const counts = new Map<number, number>();
  for (const f of faces) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([f, c]) => (c === 1 ? d.faceMsg[f]! : { key: 'mammut.count', args: { n: c, tile: d.faceMsg[f]! } }));
}

// ---------------------------------------------------------------- zones

interface Zones { middle: number[]; shares: number[][][] }

/** The middle and every share (shares[seat][share]), from `loc`. */
export function zones(s: MammutState): Zones {
  const middle: number[] = [];
  const shares: number[][][] = [];
  for (let p = 0; p < s.n; p++) shares.push([]);
  for (let t = 0; t < NT; t++) {
    const k = s.loc[t]!;
    if (k === MIDDLE) { middle.push(t); continue; }
    const list = shares[k >> 1]!;
    (list[k & 1] ??= []).push(t);
  }
  return { middle, shares };
}

/** Moves tiles to a location (`MIDDLE` or a share code). */
function moveTiles(s: MammutState, tiles: readonly number[], code: number): void {
  for (const t of tiles) s.loc[t] = code;
}

/** After a share left, a seat's second share becomes its first (shares stay numbered 0, 1 without gaps). */
function compactShares(s: MammutState, seat: Seat): void {
  const first = seat * 2;
  const second = first + 1;
  if (!s.loc.includes(first) && s.loc.includes(second)) s.loc = s.loc.map((code) => (code === second ? first : code));
}

export function shamanHolder(s: MammutState): Seat | null {
  const c = s.loc[SHAMAN]!;
  return c === MIDDLE ? null : c >> 1;
}
const shamanArrow = (s: MammutState): 'red' | 'blue' => upFace(s, SHAMAN) as 'red' | 'blue';

/**
 * Tie order: the shaman holder first, then the others in the arrows' direction (red clockwise, blue
 * counter-clockwise). Nobody holding it: the start player, then clockwise.
 */
export function tieOrder(s: MammutState): Seat[] {
  const holder = shamanHolder(s);
  const first = holder ?? s.start;
  const dir = holder === null || shamanArrow(s) === 'red' ? 1 : -1;
  return Array.from({ length: s.n }, (_, k) => (((first + dir * k) % s.n) + s.n) % s.n);
}

function shareCounts(s: MammutState): number[] {
  const z = zones(s);
  return z.shares.map((l) => l.length);
}
/** The player to act is the last one without (a full set of) loot: taking from the middle takes all of it. */
export function isLastTaker(s: MammutState, counts = shareCounts(s)): boolean {
  return counts.reduce((a, b) => a + b, 0) === s.n * s.slots - 1;
}

function nextSeat(s: MammutState, from: Seat): Seat {
  const counts = shareCounts(s);
  for (let k = 1; k <= s.n; k++) {
    const c = (from + k) % s.n;
    if (counts[c]! < s.slots) return c;
  }
  return from;
}

// ---------------------------------------------------------------- setup

/** The start player drops all 32 tiles: each lands on a random side (animal tiles look the same either way). */
function drop(s: MammutState): void {
  const up: number[] = [];
  for (let t = 0; t < NT; t++) up.push(isAnimal(s, t) ? 0 : coin(s.rng) ? 1 : 0);
  s.up = up;
  s.known = Array(NT).fill(0);
  s.loc = Array(NT).fill(MIDDLE);
  s.current = s.start;
  s.startTook = false;
  s.pending = null;
}

export function setup(players: number, options: LobbyOptions, seed: string): MammutState {
  if (!Number.isInteger(players) || players < 2 || players > 5) throw new Error(`Mammut is for 2 to 5 players, not ${players}`);
  const dataVersion = DATA.fromOptions(options);
  const d = DATA.get(dataVersion);
  const rng = seedRng(seed);
  const deck = shuffle(rng, d.cardOf.map((_, i) => i));
  const hands = Array.from({ length: players }, () => [deck.pop()!, deck.pop()!]);
  const coll: number[][] = Array.from({ length: players }, () => []);
  if (players >= 4) {
    // One animal of each sort goes into the bag; every player draws one, the rest goes back to the supply.
    const bag = shuffle(rng, d.animals.map((_, i) => i));
    for (let p = 0; p < players; p++) coll[p] = [bag.pop()!];
  }
  const s: MammutState = {
    rng,
    dataVersion,
    n: players,
    slots: players === 2 ? 2 : 1,
    round: players >= 4 ? 2 : 1,
    firstRound: players >= 4 ? 2 : 1,
    phase: 'taking',
    start: randInt(rng, players),
    current: 0,
    startTook: false,
    def: d.tiles.map((_, i) => i),
    up: [],
    known: [],
    loc: [],
    deck,
    discard: [],
    hands,
    played: Array.from({ length: players }, () => []),
    fur: Array(players).fill(0),
    score: Array(players).fill(START_SCORE),
    coll,
    pending: null,
    queue: [],
    last: null,
    final: null,
    stats: { decisions: 0, takes: 0, robs: 0, cards: 0, rounds: 0 },
  };
  drop(s);
  return s;
}

// ---------------------------------------------------------------- decisions

const typeOf = (s: MammutState, c: number): CardDef => dataOf(s).cardTypes[dataOf(s).cardOf[c]!]!;
const cardName = (s: MammutState, c: number): Msg => dataOf(s).cardName[dataOf(s).cardOf[c]!]!;

const BACK: Option = backOption('secondary');
const FINISH: Option = finishOption(undefined, 'success');

const locId = (code: number): string => `${code >> 1}.${code & 1}`;
function locMsg(s: MammutState, code: number): Msg {
  const seat = code >> 1;
  return s.slots > 1 ? { key: 'mammut.loc.share2', args: { seat: { seat }, n: (code & 1) + 1 } } : { key: 'mammut.loc.share', args: { seat: { seat } } };
}
function codeOfLocId(arg: string): number {
  const [a, b] = arg.split('.').map(Number) as [number, number];
  return a * 2 + b;
}

const unknownQ = (s: MammutState, seat: Seat) => (t: number): boolean => isLoot(s, t) && upCode(s, t) === Q && !knowsBack(s, t, seat);

function cardPlayable(s: MammutState, z: Zones, seat: Seat, c: CardDef): boolean {
  switch (c.effect) {
    case 'peek': {
      const q = unknownQ(s, seat);
      for (let t = 0; t < NT; t++) if (q(t)) return true;
      return false;
    }
    case 'flip':
      return true; // the shaman tile can always be turned
    case 'sendBack':
      return z.shares.some((l, p) => l.length > 0 && (p !== seat || s.slots > 1));
    default:
      return true;
  }
}

function turnDecision(s: MammutState): Decision {
  const d = turnDecisionBare(s);
  const peeked = peekedLines(s, d.seat);
  return peeked.length ? { ...d, prompt: { key: 'mammut.prompt.withPeeks', args: { prompt: d.prompt, list: peeked } } } : d;
}

/** What the seat has seen under ? tiles and nobody else knows yet, as "in the middle: axe" lines (panel text). */
function peekedLines(s: MammutState, seat: Seat): Msg[] {
  const out: Msg[] = [];
  for (let t = 0; t < NT; t++) {
    if (isLoot(s, t) && upCode(s, t) === Q && knowsBack(s, t, seat) && !knowsBack(s, t, null)) {
      out.push({ key: 'mammut.peekedLine', args: { where: whereMsg(s, t), face: dataOf(s).faceMsg[downCode(s, t)]! } });
    }
  }
  return out;
}

function turnDecisionBare(s: MammutState): Decision {
  const seat = s.current;
  const p = s.pending;
  const z = zones(s);
  if (!p) return topDecision(s, z, seat);
  switch (p.t) {
    case 'take': return takeDecision(s, z, seat, p);
    case 'rob': return robDecision(s, z, seat, p);
    case 'peek': return peekDecision(s, z, seat, p);
    case 'flip': return flipDecision(s, z, seat, p);
    case 'send': return sendDecision(s, z, seat, p);
  }
}

function topDecision(s: MammutState, z: Zones, seat: Seat): Decision {
  const opts: Option[] = [];
  const last = isLastTaker(s, z.shares.map((l) => l.length));
  const seen: number[] = [];
  for (const c of s.hands[seat]!) {
    const type = dataOf(s).cardOf[c]!;
    if (seen.includes(type)) continue;
    seen.push(type);
    const def = dataOf(s).cardTypes[type]!;
    if (!cardPlayable(s, z, seat, def)) continue;
    opts.push({ id: `play:${def.id}`, label: { key: def.kind === 'loot' ? 'mammut.opt.playLoot' : 'mammut.opt.playScoring', args: { card: dataOf(s).cardName[type]! } }, detail: dataOf(s).cardText[type]!, group: 'mammut.g.cards' });
  }
  let dflt: string | undefined;
  if (z.middle.length > 0) {
    if (last) {
      opts.push({ id: 'mid:all', label: { key: 'mammut.opt.takeAllLast', args: { n: z.middle.length } }, style: 'primary' });
      dflt = 'mid:all';
    } else {
      const kinds = kindsOf(s, z.middle, seat);
      for (const k of kinds) opts.push({ id: `t:${keyId(dataOf(s), k.key)}`, label: { key: 'mammut.opt.takeOne', args: { tile: keyMsg(dataOf(s), k.key), face: faceOf(dataOf(s), k.key), n: k.tiles.length } }, group: 'mammut.g.takeOne' });
      dflt = opts[opts.length - kinds.length]!.id;
      for (const k of kinds) if (k.tiles.length >= 2) opts.push({ id: `all:${keyId(dataOf(s), k.key)}`, label: { key: 'mammut.opt.takeKind', args: { tile: keyMsg(dataOf(s), k.key), n: k.tiles.length } }, group: 'mammut.g.takeAll' });
      if (kinds.length > 1) opts.push({ id: 'mid:all', label: { key: 'mammut.opt.takeEverything', args: { n: z.middle.length } }, group: 'mammut.g.takeAll' });
      // With three tiles or more some takes (two of three axes, a fur and a meat…) need a mix.
      if (z.middle.length >= 3) opts.push({ id: 'mix', label: { key: 'mammut.opt.mix' }, style: 'primary' });
    }
  }
  if (seat !== s.start || s.startTook) {
    for (let k = 1; k < s.n; k++) {
      const v = (seat + k) % s.n;
      z.shares[v]!.forEach((tiles, i) => {
        const id = s.slots > 1 ? `rob:${v}.${i}` : `rob:${v}`;
        opts.push({ id, label: { key: 'mammut.opt.rob', args: { loc: locMsg(s, v * 2 + i), n: tiles.length } }, group: 'mammut.g.rob' });
        dflt ??= id;
      });
    }
  }
  if (!dflt) throw new Error('mammut: the player on turn has nothing to take');
  return { seat, prompt: { key: last ? 'mammut.prompt.turnLast' : 'mammut.prompt.turn', args: { round: s.round } }, options: opts, defaultOption: dflt };
}

function takeDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { t: 'take' }>): Decision {
  const picked = p.steps.flat();
  const opts: Option[] = [];
  const kinds = kindsOf(s, z.middle, seat, picked);
  for (const k of kinds) opts.push({ id: `add:${keyId(dataOf(s), k.key)}`, label: { key: 'mammut.opt.addOne', args: { tile: keyMsg(dataOf(s), k.key), face: faceOf(dataOf(s), k.key), n: k.tiles.length } }, group: 'mammut.g.middle' });
  for (const k of kinds) if (k.tiles.length >= 2) opts.push({ id: `addall:${keyId(dataOf(s), k.key)}`, label: { key: 'mammut.opt.addKind', args: { tile: keyMsg(dataOf(s), k.key), n: k.tiles.length } }, group: 'mammut.g.takeAll' });
  if (kinds.length > 1) opts.push({ id: 'addrest', label: { key: 'mammut.opt.addRest', args: { n: z.middle.length - picked.length } }, group: 'mammut.g.takeAll' });
  opts.push(BACK);
  if (picked.length > 0) opts.push(FINISH);
  return {
    seat,
    prompt: { key: 'mammut.prompt.take', args: { tiles: tileList(s, picked, seat), n: picked.length, left: z.middle.length - picked.length } },
    options: opts,
    defaultOption: picked.length > 0 ? 'finish' : 'back',
  };
}

/**
 * Taking a share: the tiles going back are ticked in one multi-select (at least one, at most all), one item per tile
 * as the taker tells them apart: `b:<kind>` for the first of a kind, `b:<kind>-<k>` for the k-th.
 */
function robDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { t: 'rob' }>): Decision {
  const share = z.shares[p.victim]![p.share]!;
  const opts: Option[] = [];
  for (const k of kindsOf(s, share, seat)) {
    k.tiles.forEach((_, i) => opts.push({
      id: i === 0 ? `b:${keyId(dataOf(s), k.key)}` : `b:${keyId(dataOf(s), k.key)}-${i + 1}`,
      label: k.tiles.length === 1 ? keyMsg(dataOf(s), k.key) : { key: 'mammut.opt.putBackNth', args: { tile: keyMsg(dataOf(s), k.key), k: i + 1, n: k.tiles.length } },
      group: 'mammut.g.putBack',
    }));
  }
  opts.push(BACK);
  return {
    seat,
    prompt: { key: 'mammut.prompt.rob', args: { loc: locMsg(s, p.victim * 2 + p.share), keep: tileList(s, share, seat) } },
    options: opts,
    defaultOption: opts[0]!.id,
    sets: [{ group: 'mammut.g.putBack', min: 1, max: share.length }],
  };
}

function shareCodes(z: Zones): number[] {
  const out: number[] = [];
  z.shares.forEach((l, p) => l.forEach((_, i) => out.push(p * 2 + i)));
  return out;
}

function peekDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { t: 'peek' | 'flip' }>): Decision {
  const max = (typeOf(s, p.card) as { max: number }).max;
  const opts: Option[] = [];
  if (p.picks.length < max) {
    const q = unknownQ(s, seat);
    const ok = (t: number): boolean => q(t) && !p.picks.includes(t);
    const inMid = z.middle.filter(ok).length;
    if (inMid > 0) opts.push({ id: 'p:m', label: { key: 'mammut.opt.peekMiddle', args: { n: inMid } }, group: 'mammut.g.targets' });
    for (const code of shareCodes(z)) {
      const c = z.shares[code >> 1]![code & 1]!.filter(ok).length;
      if (c > 0) opts.push({ id: `p:${locId(code)}`, label: { key: 'mammut.opt.peekShare', args: { loc: locMsg(s, code), n: c } }, group: 'mammut.g.targets' });
    }
  }
  opts.push(BACK);
  if (p.picks.length > 0) opts.push(FINISH);
  return {
    seat,
    prompt: { key: 'mammut.prompt.peek', args: { n: p.picks.length, max } },
    options: opts,
    defaultOption: p.picks.length > 0 ? 'finish' : 'back',
  };
}

function flipDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { t: 'peek' | 'flip' }>): Decision {
  const max = (typeOf(s, p.card) as { max: number }).max;
  const opts: Option[] = [];
  if (p.picks.length < max) {
    const flippable = (t: number): boolean => !isAnimal(s, t);
    for (const k of kindsOf(s, z.middle, seat, p.picks, flippable)) {
      opts.push({ id: `f:m:${keyId(dataOf(s), k.key)}`, label: { key: 'mammut.opt.flipMiddle', args: { tile: keyMsg(dataOf(s), k.key), face: faceOf(dataOf(s), k.key), n: k.tiles.length } }, group: 'mammut.g.targets' });
    }
    for (const code of shareCodes(z)) {
      for (const k of kindsOf(s, z.shares[code >> 1]![code & 1]!, seat, p.picks, flippable)) {
        opts.push({ id: `f:${locId(code)}:${keyId(dataOf(s), k.key)}`, label: { key: 'mammut.opt.flipShare', args: { tile: keyMsg(dataOf(s), k.key), face: faceOf(dataOf(s), k.key), loc: locMsg(s, code) } }, group: 'mammut.g.shares' });
      }
    }
  }
  opts.push(BACK);
  if (p.picks.length > 0) opts.push(FINISH);
  return {
    seat,
    prompt: { key: 'mammut.prompt.flip', args: { n: p.picks.length, max, tiles: tileList(s, p.picks, seat) } },
    options: opts,
    defaultOption: p.picks.length > 0 ? 'finish' : 'back',
  };
}

function sendDecision(s: MammutState, z: Zones, seat: Seat, p: Extract<Pending, { t: 'send' }>): Decision {
  const opts: Option[] = [];
  for (const code of shareCodes(z)) {
    if ((code >> 1 === seat && s.slots === 1) || p.picks.includes(code)) continue;
    opts.push({ id: `s:${locId(code)}`, label: { key: 'mammut.opt.send', args: { loc: locMsg(s, code), n: z.shares[code >> 1]![code & 1]!.length } }, group: 'mammut.g.targets' });
  }
  opts.push(BACK);
  if (p.picks.length > 0) opts.push(FINISH);
  return {
    seat,
    prompt: { key: 'mammut.prompt.send', args: { locs: p.picks.length ? p.picks.map((c) => locMsg(s, c)) : [{ key: 'mammut.nothing' }] } },
    options: opts,
    defaultOption: p.picks.length > 0 ? 'finish' : 'back',
  };
}

/** The last round's scoring breakdown (null before the first scoring). */
export const readScoring = (s: MammutState): RoundScoring | null => s.last;
const owns = (s: MammutState, seat: Seat, a: number): boolean => s.coll[seat]!.includes(a);

function animalDecision(s: MammutState): Decision {
  const q = s.queue[0]!;
  const seat = q.seat;
  const missing = dataOf(s).animals.map((_, i) => i).filter((i) => !owns(s, seat, i));
  const opts: Option[] = [];
  const pickOpt = (a: number): Option => ({ id: `a:${dataOf(s).animals[a]}`, label: { key: 'mammut.opt.animal', args: { animal: dataOf(s).faceMsg[a + 6]! } }, group: 'mammut.g.animals' });
  if (q.src === 'most') {
    for (const a of missing) opts.push(pickOpt(a));
    return { seat, prompt: { key: 'mammut.prompt.animalMost', args: { card: cardName(s, q.card) } }, options: opts, defaultOption: opts[0]!.id };
  }
  const sc = s.last!;
  if (sc.wasted[seat]! > 0) {
    for (const a of missing) opts.push(pickOpt(a));
  } else {
    for (const from of sc.swappable[seat]!) {
      for (const a of missing) {
        opts.push({ id: `x:${from}.${dataOf(s).animals[a]}`, label: { key: 'mammut.opt.animalSwap', args: { from: faceMsg(from), animal: dataOf(s).faceMsg[a + 6]! } }, group: 'mammut.g.animals' });
      }
    }
  }
  opts.push({ id: 'a:none', label: { key: 'mammut.opt.animalNone' }, role: 'pass', style: 'secondary' });
  return { seat, prompt: { key: sc.wasted[seat]! > 0 ? 'mammut.prompt.animalCard' : 'mammut.prompt.animalSwap', args: { card: cardName(s, q.card) } }, options: opts, defaultOption: 'a:none' };
}

export function decisions(s: MammutState): Decision[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'animal') return [animalDecision(s)];
  return [turnDecision(s)];
}

// ---------------------------------------------------------------- perform

export interface Ctx { events: GameEvent[]; revealed: boolean }

/** The tiles of one kind (as `seat` tells them apart) among `tiles`, lowest slot first. */
function kindTiles(s: MammutState, tiles: readonly number[], seat: Seat, id: string, skip: readonly number[], filter?: (t: number) => boolean): number[] {
  const out: number[] = [];
  for (const t of tiles) if (!skip.includes(t) && (!filter || filter(t)) && keyId(dataOf(s), kindKey(s, t, seat)) === id) out.push(t);
  return out;
}

function afterTake(s: MammutState, seat: Seat): void {
  if (seat === s.start) s.startTook = true;
  s.pending = null;
  s.current = nextSeat(s, seat);
}

function takeFromMiddle(s: MammutState, seat: Seat, tiles: number[], ctx: Ctx): void {
  const counts = shareCounts(s);
  const last = isLastTaker(s, counts);
  moveTiles(s, tiles, seat * 2 + counts[seat]!);
  s.stats.takes++;
  ctx.events.push({ msg: { key: 'mammut.ev.take', args: { seat: { seat }, n: tiles.length, tiles: tileList(s, tiles, null) } } });
  if (last) {
    s.pending = null;
    s.start = seat;
    ctx.events.push({ msg: { key: s.round >= LAST_ROUND ? 'mammut.ev.phaseEndLast' : 'mammut.ev.phaseEnd', args: { seat: { seat } } } });
    scoreRound(s, ctx);
  } else afterTake(s, seat);
}

function perform(s: MammutState, seat: Seat, option: Option): { events: GameEvent[]; revealed: boolean } {
  const ctx: Ctx = { events: [], revealed: false };
  s.stats.decisions++;
  const id = option.id;
  if (s.phase === 'animal') {
    animalChoice(s, id, ctx);
    return ctx;
  }
  const p = s.pending;
  const colon = id.indexOf(':');
  const verb = colon < 0 ? id : id.slice(0, colon);
  const arg = colon < 0 ? '' : id.slice(colon + 1);
  const z = zones(s);
  switch (verb) {
    case 'play': {
      const c = s.hands[seat]!.find((x) => typeOf(s, x).id === arg)!;
      const def = typeOf(s, c);
      if (def.kind === 'scoring') {
        moveCard(s, seat, c);
        ctx.events.push({ msg: { key: 'mammut.ev.playScoring', args: { seat: { seat } } } });
        ctx.events.push({ msg: { key: 'mammut.ev.playScoringOwn', args: { card: cardName(s, c) } }, to: [seat] });
      } else {
        s.pending = def.effect === 'sendBack' ? { t: 'send', card: c, picks: [] } : { t: def.effect as 'peek' | 'flip', card: c, picks: [] };
      }
      break;
    }
    case 't':
      takeFromMiddle(s, seat, kindTiles(s, z.middle, seat, arg, []).slice(0, 1), ctx);
      break;
    case 'all':
      takeFromMiddle(s, seat, kindTiles(s, z.middle, seat, arg, []), ctx);
      break;
    case 'mid':
      takeFromMiddle(s, seat, z.middle, ctx);
      break;
    case 'mix':
      s.pending = { t: 'take', steps: [] };
      break;
    case 'add':
    case 'addall':
    case 'addrest': {
      const q = p as Extract<Pending, { t: 'take' }>;
      const skip = q.steps.flat();
      const tiles = verb === 'addrest' ? z.middle.filter((t) => !skip.includes(t)) : kindTiles(s, z.middle, seat, arg, skip);
      q.steps.push(verb === 'add' ? tiles.slice(0, 1) : tiles);
      break;
    }
    case 'rob': {
      const [v, i] = arg.split('.').map(Number) as [number, number | undefined];
      const r: Extract<Pending, { t: 'rob' }> = { t: 'rob', victim: v, share: i ?? 0, multi: false, picks: [] };
      const share = z.shares[v]![r.share]!;
      // A share of one tile leaves no choice: that tile goes back and the taker keeps nothing.
      if (share.length === 1) { r.picks.push(share[0]!); robCommit(s, seat, z, r, ctx); }
      else s.pending = r;
      break;
    }
    case 'b': {
      // one tile, or a set of them (`b:<kind>[-<k>]` items joined by `+`): as many of each kind go back as were ticked
      const r = p as Extract<Pending, { t: 'rob' }>;
      for (const part of id.split('+')) {
        const kind = part.slice(2).replace(/-\d+$/, '');
        r.picks.push(kindTiles(s, z.shares[r.victim]![r.share]!, seat, kind, r.picks)[0]!);
      }
      robCommit(s, seat, z, r, ctx);
      break;
    }
    case 'p': {
      const q = p as Extract<Pending, { t: 'peek' | 'flip' }>;
      const from = arg === 'm' ? z.middle : z.shares[codeOfLocId(arg) >> 1]![codeOfLocId(arg) & 1]!;
      const unknown = unknownQ(s, seat);
      q.picks.push(from.find((t) => !q.picks.includes(t) && unknown(t))!);
      break;
    }
    case 'f': {
      const q = p as Extract<Pending, { t: 'peek' | 'flip' }>;
      const c2 = arg.indexOf(':');
      const loc = arg.slice(0, c2);
      const from = loc === 'm' ? z.middle : z.shares[codeOfLocId(loc) >> 1]![codeOfLocId(loc) & 1]!;
      q.picks.push(kindTiles(s, from, seat, arg.slice(c2 + 1), q.picks, (t) => !isAnimal(s, t))[0]!);
      break;
    }
    case 's':
      (p as Extract<Pending, { t: 'send' }>).picks.push(codeOfLocId(arg));
      break;
    case 'back':
      back(s);
      break;
    case 'finish':
      finish(s, seat, z, ctx);
      break;
    default:
      throw new Error(`mammut: unhandled option ${id}`);
  }
  return ctx;
}

function back(s: MammutState): void {
  const p = s.pending!;
  if (p.t === 'take') {
    if (!stepBack(p.steps)) s.pending = null;
  } else if (p.t === 'rob' && p.multi && p.picks.length === 0) p.multi = false;
  else if (!stepBack(p.picks)) s.pending = null;
}

/** A card leaves the hand into the seat's played cards. */
function moveCard(s: MammutState, seat: Seat, c: number): void {
  const hand = s.hands[seat]!;
  hand.splice(hand.indexOf(c), 1);
  s.played[seat]!.push(c);
  s.stats.cards++;
}

function robCommit(s: MammutState, seat: Seat, z: Zones, r: Extract<Pending, { t: 'rob' }>, ctx: Ctx): void {
  const share = z.shares[r.victim]![r.share]!;
  const keep = share.filter((t) => !r.picks.includes(t));
  const loc = locMsg(s, r.victim * 2 + r.share);
  const mine = z.shares[seat]!.length;
  moveTiles(s, r.picks, MIDDLE);
  moveTiles(s, keep, seat * 2 + mine);
  compactShares(s, r.victim);
  s.stats.robs++;
  ctx.events.push({ msg: { key: 'mammut.ev.rob', args: { seat: { seat }, loc, n: share.length, back: tileList(s, r.picks, null), keep: keep.length } } });
  afterTake(s, seat);
}

/** "in the middle" / "in X's share" for the tile's place. */
function whereMsg(s: MammutState, t: number): Msg {
  const c = s.loc[t]!;
  if (c === MIDDLE) return { key: 'mammut.where.middle' };
  const seat = c >> 1;
  return s.slots > 1 ? { key: 'mammut.where.share2', args: { seat: { seat }, n: (c & 1) + 1 } } : { key: 'mammut.where.share', args: { seat: { seat } } };
}

function finish(s: MammutState, seat: Seat, z: Zones, ctx: Ctx): void {
  const p = s.pending!;
  switch (p.t) {
    case 'take':
      takeFromMiddle(s, seat, p.steps.flat(), ctx);
      return;
    case 'rob':
      robCommit(s, seat, z, p, ctx);
      return;
    case 'peek': {
      moveCard(s, seat, p.card);
      ctx.events.push({ msg: { key: 'mammut.ev.playLoot', args: { seat: { seat }, card: cardName(s, p.card) } } });
      for (const t of p.picks) {
        s.known[t]! |= 1 << seat;
        ctx.events.push({ msg: { key: 'mammut.ev.peek', args: { seat: { seat }, where: whereMsg(s, t) } } });
        ctx.events.push({ msg: { key: 'mammut.ev.peekOwn', args: { where: whereMsg(s, t), face: dataOf(s).faceMsg[downCode(s, t)]! } }, to: [seat] });
      }
      ctx.revealed = true;
      s.pending = null;
      return;
    }
    case 'flip': {
      moveCard(s, seat, p.card);
      ctx.events.push({ msg: { key: 'mammut.ev.playLoot', args: { seat: { seat }, card: cardName(s, p.card) } } });
      for (const t of p.picks) {
        const from = upCode(s, t);
        s.up[t] = 1 - sideUp(s, t);
        s.known[t] = allMask(s);
        ctx.events.push({ msg: { key: 'mammut.ev.flip', args: { where: whereMsg(s, t), from: dataOf(s).faceMsg[from]!, to: dataOf(s).faceMsg[upCode(s, t)]! } } });
      }
      ctx.revealed = true;
      s.pending = null;
      return;
    }
    case 'send': {
      moveCard(s, seat, p.card);
      ctx.events.push({ msg: { key: 'mammut.ev.playLoot', args: { seat: { seat }, card: cardName(s, p.card) } } });
      for (const code of p.picks) {
        const tiles = z.shares[code >> 1]![code & 1]!;
        ctx.events.push({ msg: { key: 'mammut.ev.send', args: { loc: locMsg(s, code), n: tiles.length } } });
        moveTiles(s, tiles, MIDDLE);
      }
      for (let v = 0; v < s.n; v++) compactShares(s, v);
      s.pending = null;
      return;
    }
  }
}

// ---------------------------------------------------------------- scoring

/** Adds (or takes) points; a score never drops below 0 ("Ein Spieler kann nie weniger als 0 Siegpunkte besitzen"). */
function addScore(s: MammutState, seat: Seat, pts: number): void {
  s.score[seat] = Math.max(0, s.score[seat]! + pts);
}

/**
 * The seat with the most (or, `most` false, the fewest) of `counts`, ties broken by `order`: for "most" the
 * best-placed tied seat wins, for "fewest" the worst-placed tied seat is the one that loses. `min1`: a count of
 * 0 never qualifies. `tie` says whether a tie had to be broken.
 */
export function pickBy(counts: readonly number[], order: readonly Seat[], most: boolean, min1 = false): { seat: Seat | null; tie: boolean } {
  let best: Seat | null = null;
  let tie = false;
  const seq = most ? order : [...order].reverse();
  for (const p of seq) {
    const c = counts[p]!;
    if (min1 && c < 1) continue;
    if (best === null) { best = p; continue; }
    const b = counts[best]!;
    if (most ? c > b : c < b) { best = p; tie = false; } else if (c === b) tie = true;
  }
  return { seat: best, tie };
}

function drawCard(s: MammutState, ctx: Ctx): number | null {
  if (s.deck.length === 0) {
    if (s.discard.length === 0) return null;
    s.deck = shuffle(s.rng, s.discard);
    s.discard = [];
    ctx.events.push({ msg: { key: 'mammut.ev.reshuffle', args: { n: s.deck.length } } });
  }
  return s.deck.pop()!;
}

/** Runs the automatic part of the scoring, in the rulebook's order, up to the animal choices. */
export function scoreRound(s: MammutState, ctx: Ctx = { events: [], revealed: false }): GameEvent[] {
  const n = s.n;
  const R = s.round;
  const order = tieOrder(s);
  const z = zones(s);
  ctx.revealed = true;
  const seats = [...Array(n).keys()];
  const ev = (key: string, args?: Msg['args'], to?: Seat[]): void => {
    const msg: Msg = args ? { key, args } : { key };
    ctx.events.push(to ? { msg, to } : { msg });
  };
  ev('mammut.ev.scoringStart', { round: R, order: order.map((seat) => ({ seat })) });

  // I. Reveal the scoring cards.
  const active: { seat: Seat; card: number; def: CardDef }[] = [];
  for (const p of seats) {
    const cards = s.played[p]!.filter((c) => typeOf(s, c).kind === 'scoring');
    if (cards.length) ev('mammut.ev.reveal', { seat: { seat: p }, cards: cards.map((c) => cardName(s, c)) });
    for (const c of cards) active.push({ seat: p, card: c, def: typeOf(s, c) });
  }
  // II. Turn every ? tile.
  const mine = z.shares.map((l) => l.flat());
  for (const p of seats) {
    const turned: number[] = [];
    for (const t of mine[p]!) {
      if (isLoot(s, t) && upCode(s, t) === Q) {
        s.up[t] = 1 - sideUp(s, t);
        s.known[t] = allMask(s);
        turned.push(upCode(s, t));
      }
    }
    if (turned.length) ev('mammut.ev.turned', { seat: { seat: p }, faces: faceList(dataOf(s), turned) });
  }
  // Counts: tiles, then the cards that count as tiles ("the most X" conditions look at the tiles alone).
  const raw = Object.fromEntries(SCORE_FACES.map((f) => [f, Array(n).fill(0)])) as Record<ScoreFace, number[]>;
  const animalTiles: number[][] = seats.map(() => []);
  for (const p of seats) {
    for (const t of mine[p]!) {
      const d = defOf(s, t);
      if (dataOf(s).tKind[d] === 'animal') animalTiles[p]!.push(dataOf(s).tAnimal[d]!);
      else if (dataOf(s).tKind[d] === 'loot') raw[SCORE_FACES[upCode(s, t)]!][p]++;
    }
  }
  const eff = Object.fromEntries(SCORE_FACES.map((f) => [f, [...raw[f]]])) as Record<ScoreFace, number[]>;
  for (const a of active) {
    if (a.def.effect !== 'countsAs') continue;
    const who = a.def.for === 'player' ? a.seat : pickBy(raw[a.def.of], order, true, true).seat;
    if (who === null) { ev('mammut.ev.cardNobody', { card: cardName(s, a.card) }); continue; }
    eff[a.def.face][who]++;
    ev('mammut.ev.countsAs', { card: cardName(s, a.card), seat: { seat: who }, face: faceMsg(a.def.face) });
  }
  const sc: RoundScoring = {
    round: R, counts: eff, drawn: Array(n).fill(0), rows: [], track: [], before: [...s.score], after: [],
    gained: seats.map(() => []), wasted: Array(n).fill(0), swappable: seats.map(() => []), tieOrder: order,
  };
  const row = (cat: string, card = false): number[] => {
    const pts = Array(n).fill(0);
    sc.rows.push(card ? { cat, card, pts } : { cat, pts });
    return pts;
  };
  // Scoring cards about a face act right after that face's own scoring.
  const faceCards = (face: ScoreFace): void => {
    for (const a of active) {
      const d = a.def;
      if (d.effect === 'perTile' && d.face === face) {
        const pts = row(d.id, true);
        for (const p of seats) if (eff[face][p]! > 0) {
          pts[p] = d.points * eff[face][p]!;
          addScore(s, p, pts[p]!);
          ev('mammut.ev.perTile', { card: cardName(s, a.card), seat: { seat: p }, n: eff[face][p]!, pts: pts[p]! });
        }
      } else if (d.effect === 'mostPoints' && d.face === face) {
        const pts = row(d.id, true);
        const w = pickBy(eff[face], order, true, true);
        if (w.seat === null) { ev('mammut.ev.cardNobody', { card: cardName(s, a.card) }); continue; }
        pts[w.seat] = d.points;
        addScore(s, w.seat, d.points);
        ev('mammut.ev.mostPoints', { card: cardName(s, a.card), seat: { seat: w.seat }, pts: d.points });
        if (w.tie) ev('mammut.ev.tieBroken');
      }
    }
  };

  // Axes: a card each, players drawing from the shaman holder on clockwise; in the last round 3 VP each instead.
  if (R < LAST_ROUND) {
    const first = shamanHolder(s) ?? s.start;
    for (let k = 0; k < n; k++) {
      const p = (first + k) % n;
      const got: number[] = [];
      for (let i = 0; i < eff.axe[p]!; i++) {
        const c = drawCard(s, ctx);
        if (c === null) break;
        s.hands[p]!.push(c);
        got.push(c);
      }
      sc.drawn[p] = got.length;
      if (eff.axe[p]! > 0) {
        ev('mammut.ev.axeDraw', { seat: { seat: p }, axes: eff.axe[p]!, n: got.length });
        if (got.length) ev('mammut.ev.drew', { cards: got.map((c) => cardName(s, c)) }, [p]);
      }
    }
  } else {
    const pts = row('axe');
    for (const p of seats) if (eff.axe[p]! > 0) {
      pts[p] = LAST_ROUND_AXE_POINTS * eff.axe[p]!;
      addScore(s, p, pts[p]!);
      ev('mammut.ev.axePoints', { seat: { seat: p }, n: eff.axe[p]!, pts: pts[p]! });
    }
  }
  faceCards('axe');

  // Furs: advance on the track; furthest on the track +round, last on the track −round.
  for (const p of seats) s.fur[p]! += eff.fur[p]!;
  ev('mammut.ev.furTrack', { list: seats.map((p) => ({ key: 'mammut.ev.furPos', args: { seat: { seat: p }, pos: s.fur[p]!, add: eff.fur[p]! } })) });
  const most = pickBy(s.fur, order, true);
  const fewest = pickBy(s.fur, order, false);
  row('furMost')[most.seat!] = R;
  addScore(s, most.seat!, R);
  ev('mammut.ev.furMost', { seat: { seat: most.seat! }, pts: R });
  if (most.tie) ev('mammut.ev.tieBroken');
  row('furFewest')[fewest.seat!] = -R;
  addScore(s, fewest.seat!, -R);
  ev('mammut.ev.furFewest', { seat: { seat: fewest.seat! }, pts: R });
  if (fewest.tie) ev('mammut.ev.tieBroken');
  faceCards('fur');

  // Tusks: 2 VP each.
  const tusk = row('tusk');
  for (const p of seats) if (eff.tusk[p]! > 0) {
    tusk[p] = TUSK_POINTS * eff.tusk[p]!;
    addScore(s, p, tusk[p]!);
    ev('mammut.ev.tusks', { seat: { seat: p }, n: eff.tusk[p]!, pts: tusk[p]! });
  }
  faceCards('tusk');

  // Meat: 8 / 5 / 2 for the most, second and third most (only 8 with 2 players, 8 and 5 with 3). No meat, no points.
  const meat = row('meat');
  const places = Math.min(MEAT_POINTS.length, n === 2 ? 1 : n === 3 ? 2 : 3);
  const rest = [...order];
  for (let place = 0; place < places; place++) {
    const w = pickBy(eff.meat, rest, true, true);
    if (w.seat === null) break;
    meat[w.seat] = MEAT_POINTS[place]!;
    addScore(s, w.seat, meat[w.seat]!);
    ev('mammut.ev.meat', { seat: { seat: w.seat }, n: eff.meat[w.seat]!, pts: meat[w.seat]!, place: place + 1 });
    if (w.tie) ev('mammut.ev.tieBroken');
    rest.splice(rest.indexOf(w.seat), 1);
  }
  if (meat.every((x) => x === 0)) ev('mammut.ev.meatNone');
  faceCards('meat');

  // Fire: the fewest loses 5 VP; with 2 players the other scores 1 VP per fire tile.
  const fire = row('fire');
  const low = pickBy(eff.fire, order, false);
  fire[low.seat!] = -FIRE_PENALTY;
  addScore(s, low.seat!, -FIRE_PENALTY);
  ev('mammut.ev.fireFewest', { seat: { seat: low.seat! }, n: eff.fire[low.seat!]!, pts: FIRE_PENALTY });
  if (low.tie) ev('mammut.ev.tieBroken');
  if (n === 2) {
    const other = 1 - low.seat!;
    fire[other] = eff.fire[other]!;
    if (fire[other]! > 0) {
      addScore(s, other, fire[other]!);
      ev('mammut.ev.fireOther', { seat: { seat: other }, n: eff.fire[other]!, pts: fire[other]! });
    }
  }
  faceCards('fire');
  sc.after = [...s.score];
  sc.track = [...s.fur];

  // Animals: each animal tile brings that collection animal unless the player already owns one.
  for (const p of seats) {
    for (const a of animalTiles[p]!) {
      if (owns(s, p, a)) { sc.wasted[p]!++; continue; }
      gainAnimal(s, sc, p, a);
      sc.swappable[p]!.push(dataOf(s).animals[a]!);
    }
    if (animalTiles[p]!.length) ev('mammut.ev.animals', { seat: { seat: p }, animals: sc.gained[p]!.length ? sc.gained[p]!.map(faceMsg) : [{ key: 'mammut.nothing' }] });
  }
  // Choices the scoring cards leave to players: animal cards (in tie order), then "most furs takes an animal".
  s.queue = [];
  for (const p of order) {
    for (const a of active) {
      if (a.seat !== p || a.def.effect !== 'animalChoice') continue;
      if (animalTiles[p]!.length === 0) ev('mammut.ev.animalCardUnused', { seat: { seat: p }, card: cardName(s, a.card) });
      else s.queue.push({ seat: p, src: 'card', card: a.card });
    }
  }
  for (const a of active) {
    if (a.def.effect !== 'mostAnimal') continue;
    const w = pickBy(eff[a.def.face], order, true, true);
    if (w.seat === null) { ev('mammut.ev.cardNobody', { card: cardName(s, a.card) }); continue; }
    s.queue.push({ seat: w.seat, src: 'most', card: a.card });
    if (w.tie) ev('mammut.ev.tieBroken');
  }
  s.last = sc;
  pruneQueue(s, sc, ctx);
  if (s.queue.length > 0) s.phase = 'animal';
  else endRound(s, ctx);
  return ctx.events;
}

function gainAnimal(s: MammutState, sc: RoundScoring, p: Seat, a: number): void {
  s.coll[p] = [...s.coll[p]!, a].sort((x, y) => x - y);
  sc.gained[p]!.push(dataOf(s).animals[a]!);
}

/** Drops queued choices that can have no effect (the player owns every animal, or has no tile left to use). */
function pruneQueue(s: MammutState, sc: RoundScoring, ctx: Ctx): void {
  while (s.queue.length > 0) {
    const q = s.queue[0]!;
    const missing = dataOf(s).animals.length - s.coll[q.seat]!.length;
    const useless = missing === 0 || (q.src === 'card' && sc.wasted[q.seat] === 0 && sc.swappable[q.seat]!.length === 0);
    if (!useless) return;
    ctx.events.push({ msg: { key: 'mammut.ev.animalFull', args: { seat: { seat: q.seat }, card: cardName(s, q.card) } } });
    s.queue.shift();
  }
}

function animalChoice(s: MammutState, id: string, ctx: Ctx): void {
  const q = s.queue.shift()!;
  const sc = s.last!;
  const seat = q.seat;
  if (id === 'a:none') {
    ctx.events.push({ msg: { key: 'mammut.ev.animalDecline', args: { seat: { seat }, card: cardName(s, q.card) } } });
  } else if (id.startsWith('x:')) {
    const [from, to] = id.slice(2).split('.') as [string, string];
    const x = dataOf(s).animals.indexOf(from);
    s.coll[seat] = s.coll[seat]!.filter((a) => a !== x);
    sc.gained[seat] = sc.gained[seat]!.filter((g) => g !== from);
    sc.swappable[seat] = sc.swappable[seat]!.filter((g) => g !== from);
    gainAnimal(s, sc, seat, dataOf(s).animals.indexOf(to));
    ctx.events.push({ msg: { key: 'mammut.ev.animalSwap', args: { seat: { seat }, from: faceMsg(from), animal: faceMsg(to) } } });
  } else {
    const a = dataOf(s).animals.indexOf(id.slice(2));
    if (q.src === 'card') sc.wasted[seat]!--;
    gainAnimal(s, sc, seat, a);
    ctx.events.push({ msg: { key: 'mammut.ev.animalChosen', args: { seat: { seat }, animal: faceMsg(dataOf(s).animals[a]!), card: cardName(s, q.card) } } });
  }
  pruneQueue(s, sc, ctx);
  if (s.queue.length === 0) endRound(s, ctx);
}

function endRound(s: MammutState, ctx: Ctx): void {
  ctx.events.push({ msg: { key: 'mammut.ev.roundScores', args: { round: s.round, list: s.score.map((v, p) => ({ key: 'mammut.ev.scoreOf', args: { seat: { seat: p }, pts: v } })) } } });
  for (let p = 0; p < s.n; p++) {
    s.discard.push(...s.played[p]!);
    s.played[p] = [];
  }
  s.stats.rounds++;
  s.queue = [];
  if (s.round >= LAST_ROUND) {
    const distinct = s.coll.map((c) => c.length);
    const bonus = distinct.map((d) => COLLECTION_TABLE[Math.min(d, COLLECTION_TABLE.length - 1)]!);
    bonus.forEach((b, p) => addScore(s, p, b));
    s.final = { bonus, distinct };
    s.phase = 'over';
    s.pending = null;
    ctx.events.push({ msg: { key: 'mammut.ev.final', args: { list: bonus.map((b, p) => ({ key: 'mammut.ev.bonusOf', args: { seat: { seat: p }, n: distinct[p]!, pts: b, total: s.score[p]! } })) } } });
    return;
  }
  s.round++;
  s.phase = 'taking';
  drop(s);
  ctx.events.push({ msg: { key: 'mammut.ev.roundStart', args: { round: s.round, seat: { seat: s.start }, arrow: { key: `mammut.arrow.${shamanArrow(s)}` } } } });
}

// ---------------------------------------------------------------- outcome

export function outcome(s: MammutState): Outcome | null {
  if (s.phase !== 'over') return null;
  const seats = [...Array(s.n).keys()];
  const cmp = (a: Seat, b: Seat): number => s.score[b]! - s.score[a]! || s.fur[b]! - s.fur[a]!;
  const sorted = [...seats].sort((a, b) => cmp(a, b) || a - b);
  const ranking: RankEntry[] = sorted.map((p) => ({ seat: p, place: 1 + seats.filter((q) => cmp(q, p) < 0).length, score: s.score[p]! }));
  const winners = ranking.filter((r) => r.place === 1).map((r) => r.seat);
  const top = s.score[sorted[0]!]!;
  const tiedOnScore = seats.filter((p) => s.score[p] === top).length > 1;
  const summary: Msg[] = s.final
    ? seats.map((p) => ({ key: 'mammut.ev.bonusOf', args: { seat: { seat: p }, n: s.final!.distinct[p]!, pts: s.final!.bonus[p]!, total: s.score[p]! } }))
    : [];
  if (!tiedOnScore) return { ranking, winners, summary };
  const tieBreak: Msg = winners.length > 1
    ? { key: 'mammut.tiebreak.shared', args: { seats: winners.map((seat) => ({ seat })) } }
    : { key: 'mammut.tiebreak.fur', args: { seat: { seat: winners[0]! } } };
  return { ranking, winners, tieBreak, summary };
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
  selection: { kind: Pending['t']; tiles: TileView[]; card?: string } | null;
  lastScoring: RoundScoring | null;
  final: { bonus: number[]; distinct: number[]; winners: Seat[] } | null;
}

function tileView(s: MammutState, t: number, seat: Seat | null): TileView {
  const kind = dataOf(s).tKind[defOf(s, t)]!;
  const v: TileView = { kind, face: upFace(s, t) };
  if (kind === 'loot' && knowsBack(s, t, seat)) {
    v.back = downFace(s, t);
    if (!knowsBack(s, t, null)) v.peeked = true;
  }
  return v;
}

function tilesView(s: MammutState, tiles: readonly number[], seat: Seat | null): TileView[] {
  // Sorted by what the viewer can see: the order in the state would hint at which physical tile is which.
  const keyed = tiles.map((t) => ({ t, k: kindKey(s, t, seat) }));
  keyed.sort((a, b) => a.k - b.k);
  return keyed.map((x) => tileView(s, x.t, seat));
}

export function view(s: MammutState, seat: Seat | null): MammutView {
  const revealed = s.phase !== 'taking';
  const z = zones(s);
  const p = s.pending;
  let selection: MammutView['selection'] = null;
  if (p && seat === s.current && s.phase === 'taking') {
    const tiles = p.t === 'take' ? p.steps.flat() : p.t === 'send' ? [] : p.picks;
    selection = { kind: p.t, tiles: tilesView(s, tiles, seat) };
    if (p.t !== 'take' && p.t !== 'rob') selection.card = typeOf(s, p.card).id;
  }
  const supply: Record<string, number> = {};
  dataOf(s).animals.forEach((a, i) => (supply[a] = dataOf(s).tileData.collectionPerSort - s.coll.filter((c) => c.includes(i)).length));
  const o = outcome(s);
  return {
    game: 'mammut',
    dataVersion: s.dataVersion ?? FIRST_DATA_VERSION,
    players: s.n,
    viewer: seat,
    round: s.round,
    firstRound: s.firstRound,
    lastRound: LAST_ROUND,
    phase: s.phase,
    start: s.start,
    toAct: s.phase === 'over' ? null : s.phase === 'animal' ? s.queue[0]!.seat : s.current,
    middle: tilesView(s, z.middle, seat),
    shares: z.shares.map((l) => l.map((sh) => tilesView(s, sh, seat))),
    shaman: { holder: shamanHolder(s), arrow: shamanArrow(s) },
    tieOrder: tieOrder(s),
    fur: [...s.fur],
    scores: [...s.score],
    collections: s.coll.map((c) => c.map((a) => dataOf(s).animals[a]!)),
    supply,
    handCounts: s.hands.map((h) => h.length),
    hand: seat === null ? null : s.hands[seat]!.map((c) => typeOf(s, c).id).sort(),
    played: s.played.map((cards, owner) => {
      return {
        loot: cards.filter((c) => typeOf(s, c).kind === 'loot').map((c) => typeOf(s, c).id),
        scoring: cards.filter((c) => typeOf(s, c).kind === 'scoring').map((c) => (revealed || owner === seat ? typeOf(s, c).id : null)),
      };
    }),
    deck: s.deck.length,
    discard: s.discard.length,
    selection,
    lastScoring: s.last && (JSON.parse(JSON.stringify(s.last)) as RoundScoring), // a copy: views never share the state's objects
    final: s.final && o ? { bonus: [...s.final.bonus], distinct: [...s.final.distinct], winners: o.winners } : null,
  };
}

// ---------------------------------------------------------------- determinize & metrics

/**
 * Redraws what `seat` cannot see. Tiles whose down face the seat does not know swap identities with other such
 * tiles showing the same face (every up face and every back the seat knows stays as it is); the cards the seat
 * has not seen (draw pile, other hands, others' face-down scoring cards) are dealt anew, face-down scoring slots
 * receiving scoring cards. The state's own generator is replaced, so later draws and drops are not foreseeable.
 */
export function determinize(state: MammutState, seat: Seat, rng: RngState): MammutState {
  const s = structuredClone(state);
  const groups = new Map<number, number[]>();
  for (let t = 0; t < NT; t++) {
    if (!isLoot(s, t) || knowsBack(s, t, seat)) continue;
    const f = upCode(s, t);
    const g = groups.get(f);
    if (g) g.push(t); else groups.set(f, [t]);
  }
  const def = s.def;
  const up = s.up;
  for (const [face, slots] of groups) {
    const defs = shuffle(rng, slots.map((t) => def[t]!));
    slots.forEach((t, i) => {
      def[t] = defs[i]!;
      up[t] = dataOf(s).tSides[defs[i]!]![0] === face ? 0 : 1;
    });
  }
  const revealed = s.phase !== 'taking';
  const pool: number[] = [...s.deck];
  const hidden: { seat: Seat; idx: number }[] = [];
  const played = s.played;
  for (let p = 0; p < s.n; p++) {
    if (p === seat) continue;
    pool.push(...s.hands[p]!);
    if (!revealed) played[p]!.forEach((c, idx) => { if (typeOf(s, c).kind === 'scoring') { pool.push(c); hidden.push({ seat: p, idx }); } });
  }
  shuffle(rng, pool);
  for (const h of hidden) {
    const i = pool.findIndex((c) => typeOf(s, c).kind === 'scoring');
    played[h.seat]![h.idx] = pool.splice(i, 1)[0]!;
  }
  for (let p = 0; p < s.n; p++) if (p !== seat) s.hands[p] = pool.splice(0, s.hands[p]!.length);
  s.deck = pool;
  s.rng = seedRng(`determinize:${randInt(rng, 0x7fffffff)}:${randInt(rng, 0x7fffffff)}`);
  return s;
}

export function metrics(s: MammutState): Record<string, number> {
  const rounds = s.stats.rounds || 1;
  const m: Record<string, number> = {
    decisions: s.stats.decisions,
    rounds: s.stats.rounds,
    takesPerRound: s.stats.takes / rounds,
    robsPerRound: s.stats.robs / rounds,
    cardsPlayed: s.stats.cards,
    scoreMax: Math.max(...s.score),
    scoreMin: Math.min(...s.score),
    scoreSpread: Math.max(...s.score) - Math.min(...s.score),
    scoreMean: s.score.reduce((a, b) => a + b, 0) / s.n,
    collectionMean: s.coll.reduce((a, c) => a + c.length, 0) / s.n,
    collectionBonusMean: s.final ? s.final.bonus.reduce((a, b) => a + b, 0) / s.n : 0,
    // 1 when the collection could not have decided the game: every player's collection points are the same
    collectionPointsAllEqual: s.final && Math.max(...s.final.bonus) === Math.min(...s.final.bonus) ? 1 : 0,
    furTrackMax: Math.max(...s.fur),
  };
  const o = outcome(s);
  if (o) {
    m.winnerSeat = o.winners[0]!;
    m.sharedWin = o.winners.length > 1 ? 1 : 0;
    for (let p = 0; p < s.n; p++) m[`winSeat${p}`] = o.winners.includes(p) ? 1 / o.winners.length : 0;
  }
  return m;
}

export const engine: GameEngine<MammutState, MammutView> = {
  dataVersions: DATA,
  id: 'mammut',
  name: 'Mammut',
  minPlayers: 2,
  maxPlayers: 5,
  lobbyOptions: [],
  messages: mammutMessages,
  setup,
  decisions,
  perform,
  view,
  outcome,
  determinize,
  metrics,
};
