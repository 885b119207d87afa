/**
 * Eiszeit engine: pure functions over a JSON state. Every choice the rulebook leaves a player is a decision;
 * conflicts, scoring, stone refill and fire reshuffle run automatically and log what happened region by region.
 *
 * Compound actions (a card's action) change the board step by step. Before the actor's first step the position is
 * kept in `undo` and every option chosen since in `undoSteps`; `back` restores that position and replays all steps
 * but the last (no randomness happens inside an action). An actor's part is committed (its log lines emitted, the
 * undo data dropped) when the card player chooses what to discard, or when another seat starts acting on a dark card.
 *
 * The state is plain JSON (see `EiszeitState` in state.ts) and the rules work on it directly.
 * Rulings where the rulebook is silent: RULINGS.md beside this file.
 */
import { backOption, finishOption, messageHelper } from '../../engine/compound.js';
import { FIRST_DATA_VERSION } from '../../engine/data-versions.js';
import { randInt, seedRng, shuffle, pick, type RngState } from '../../engine/rng.js';
import type { Decision, GameEngine, GameEvent, LobbyOptions, Msg, Option, Outcome, Seat } from '../../engine/types.js';
import { DATA, type CardKind, type Colour, type EiszeitData } from './data.js';
import { messages } from './messages.js';
import type { Act, ConflictLine, EiszeitState, EiszeitView, Report, Snapshot } from './state.js';

export const HUNTERS_PER_COLOUR = 13;
export const TOTAL_STONES = 50;
export const TOTAL_HUNTERS = 65;
export const TOTAL_MAMMOTHS = 6;
export const TOTAL_CLUBS = 6;
export const HAND = 5;
/** Set-up by player count (rulebook): glaciers, mammoths on the board, mammoths beside it, dark stones. */
export const SETUP: Record<number, { glaciers: number[]; mammoths: number[]; beside: number; dark: number }> = {
  3: { glaciers: [1, 2, 3, 4], mammoths: [5, 6, 7, 8], beside: 0, dark: 20 },
  4: { glaciers: [1, 4], mammoths: [2, 3, 6, 7], beside: 1, dark: 25 },
  5: { glaciers: [], mammoths: [1, 2, 3, 4], beside: 2, dark: 30 },
};
const START_STONES = 4;
const PRE_HUNTERS = 6;
const EIGHT = 8;
const MIN_DARK = 10;

type S = EiszeitState;
const R = 12;

// ---------------------------------------------------------------- helpers

const m = messageHelper('eiszeit.');
// messages about seats, regions and cards are built once and shared (frozen: nobody may change them)
const SEAT_REFS = Array.from({ length: 5 }, (_, seat) => deepFreeze({ seat }));
const seatRef = (seat: Seat) => SEAT_REFS[seat] ?? { seat };
/** The component data the state was set up with. */
const dataOf = (s: S): EiszeitData => DATA.of(s);
const regMsg = (s: S, r: number): Msg => dataOf(s).regionMsg[r]!;
const cardMsg = (s: S, id: string): Msg => dataOf(s).cardMsg.get(id)!;
const free = (s: S, r: number) => !s.glacier[r];
const nbrs = (s: S, r: number) => dataOf(s).adj[r]!.map((id) => id - 1).filter((x) => !s.glacier[x]);
const isNb = (s: S, a: number, b: number) => dataOf(s).adj[a]!.includes(b + 1);
const freeRegions = (s: S) => {
  const out: number[] = [];
  for (let r = 0; r < R; r++) if (!s.glacier[r]) out.push(r);
  return out;
};
const others = (s: S, seat: Seat) => Array.from({ length: s.n - 1 }, (_, i) => (seat + 1 + i) % s.n);
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
export const onBoard = (s: S, seat: Seat) => {
  let t = 0;
  for (let r = 0; r < R; r++) t += s.hunters[r]![seat]!;
  return t;
};
/** Hunters of a seat in a region, and those of them with a club. */
const H = (s: S, r: number, q: Seat) => s.hunters[r]![q]!;
const C = (s: S, r: number, q: Seat) => s.clubbed[r]![q]!;
const plain = (s: S, r: number, q: Seat) => H(s, r, q) - C(s, r, q);
/** Fire tiles lying in a region (tile indexes, in tile order). */
const firesIn = (s: S, r: number) => {
  const out: number[] = [];
  for (let i = 0; i < s.fireAt.length; i++) if (s.fireAt[i] === r) out.push(i);
  return out;
};
const colourOf = (s: S, id: string): Colour => dataOf(s).card[id]!.colour;
const lastRound = (s: S) => s.round === s.rounds;

function opt(id: string, label: Msg, group?: string, extra: Partial<Option> = {}): Option {
  const o: Option = { id, label, ...extra };
  if (group) o.group = `eiszeit.g.${group}`;
  return o;
}
const FINISH: Option = finishOption(undefined, 'success');
const BACK: Option = backOption('secondary');

/**
 * A deep copy of plain JSON data (several times faster than a JSON round trip on these small states). Frozen objects
 * (the shared messages about seats, regions and cards) are immutable and kept as they are.
 */
function copy<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = v.slice();
    for (let i = 0; i < out.length; i++) {
      const x = out[i];
      if (x !== null && typeof x === 'object') out[i] = copy(x);
    }
    return out as T;
  }
  if (Object.isFrozen(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const x = (v as Record<string, unknown>)[k];
    out[k] = x !== null && typeof x === 'object' ? copy(x) : x;
  }
  return out as T;
}

/**
 * The position `back` returns to: the state without generator, report and undo data (no step inside an action changes
 * them). The state's top-level arrays hold numbers or card ids, or arrays of those (hunters, clubbed, hands), so
 * slicing copies them; the action is copied in depth.
 */
function copyPosition(s: S | Snapshot): Snapshot {
  const from = s as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in from) {
    if (k === 'rng' || k === 'report' || k === 'undo' || k === 'undoSteps') continue;
    const v = from[k];
    out[k] = Array.isArray(v) ? (Array.isArray(v[0]) ? v.map((row: unknown[]) => row.slice()) : v.slice()) : copy(v);
  }
  return out as unknown as Snapshot;
}

function log(s: S, key: string, args?: Msg['args']): void {
  s.act!.log.push({ msg: m(key, args) });
}

// ---------------------------------------------------------------- setup

/** Lays the (already shuffled) fire tiles one per free region, in order; the rest beside the board. */
function dealFires(glacier: boolean[], count: number): number[] {
  const at = Array<number>(count).fill(-1);
  let i = 0;
  for (let r = 0; r < R && i < count; r++) if (!glacier[r]) at[i++] = r;
  return at;
}

function setupWork(players: number, options: LobbyOptions, seed: string): S {
  const conf = SETUP[players];
  if (!conf) throw new Error(`Eiszeit is for 3 to 5 players, not ${players}`);
  const length = options.length ?? 'full';
  if (length !== 'full' && length !== 'short') throw new Error(`unknown game length ${length}`);
  const dataVersion = DATA.fromOptions(options);
  const data = DATA.get(dataVersion);
  const rng = seedRng(seed);
  const glacier = Array.from({ length: R }, (_, r) => conf.glaciers.includes(r + 1));
  const mam = Array.from({ length: R }, (_, r) => (conf.mammoths.includes(r + 1) ? 1 : 0));
  const fireVal = shuffle(rng, [...data.fire]);
  const fireAt = dealFires(glacier, fireVal.length);
  const drawL = shuffle(rng, data.cards.filter((c) => c.colour === 'light').map((c) => c.id));
  const drawD = shuffle(rng, data.cards.filter((c) => c.colour === 'dark').map((c) => c.id));
  const start = randInt(rng, players);
  const each = (v: number) => Array<number>(players).fill(v);
  return {
    rng, dataVersion, n: players, rounds: length === 'short' ? 3 : 4, round: 1, phase: 'pre', stage: 'play', glacier,
    hunters: Array.from({ length: R }, () => Array<number>(players).fill(0)),
    clubbed: Array.from({ length: R }, () => Array<number>(players).fill(0)), mammothsIn: mam, fireAt, fireVal,
    light: 0, dark: conf.dark, boxStones: TOTAL_STONES - conf.dark - START_STONES * players,
    mammoths: conf.beside, mammothsBox: TOTAL_MAMMOTHS - conf.mammoths.length - conf.beside, clubs: TOTAL_CLUBS,
    huntersBox: (5 - players) * HUNTERS_PER_COLOUR,
    stones: each(START_STONES), supply: each(HUNTERS_PER_COLOUR - 1), clubsHeld: each(0), score: each(0), hands: Array.from({ length: players }, () => []),
    drawL, drawD, discL: [], discD: [], topL: null, topD: null,
    seat: start, start, preLeft: PRE_HUNTERS * players, act: null, startStones: START_STONES, ending: false, undo: null, undoSteps: [],
    turns: 0, turnLog: [], report: null, glacierSeat: -1, glacierCount: 0,
  };
}

// ---------------------------------------------------------------- cards and piles

function available(s: S, col: Colour): number {
  return col === 'light' ? s.drawL.length + s.discL.length : s.drawD.length + s.discD.length;
}

/** Draws one card of a colour, reshuffling the discard pile (except its top card) when the draw pile is empty. */
function drawCard(s: S, col: Colour, events: GameEvent[]): string | null {
  const draw = col === 'light' ? s.drawL : s.drawD;
  if (draw.length === 0) {
    const disc = col === 'light' ? s.discL : s.discD;
    if (disc.length === 0) return null;
    draw.push(...shuffle(s.rng, disc.splice(0)));
    events.push({ msg: m(`ev.reshuffle.${col}`) });
  }
  return draw.pop()!;
}

/**
 * How many light cards the current player may draw (the rest dark) to refill the hand to five: the hand must
 * not end with five cards of one colour. If no mix allows that (piles nearly exhausted), whatever is left is
 * drawn (ruling). Empty when nothing is to be drawn.
 */
export function drawChoices(s: S): number[] {
  const hand = s.hands[s.seat]!;
  const need = HAND - hand.length;
  if (need <= 0) return [];
  const aL = available(s, 'light'), aD = available(s, 'dark');
  const hl = hand.filter((id) => colourOf(s, id) === 'light').length;
  const hd = hand.length - hl;
  const out: number[] = [];
  for (let l = 0; l <= need; l++) {
    const d = need - l;
    if (l <= aL && d <= aD && hl + l > 0 && hd + d > 0) out.push(l);
  }
  if (out.length > 0) return out;
  const l = Math.min(need, aL);
  return l + Math.min(need - l, aD) > 0 ? [l] : [];
}

function putOnTop(s: S, id: string): void {
  if (colourOf(s, id) === 'light') {
    if (s.topL) s.discL.push(s.topL);
    s.topL = id;
  } else {
    if (s.topD) s.discD.push(s.topD);
    s.topD = id;
  }
}
function putUnder(s: S, id: string): void {
  (colourOf(s, id) === 'light' ? s.discL : s.discD).unshift(id);
}

// ---------------------------------------------------------------- what can be played

/**
 * The mammoth card's options for `seat` with the stones it has now. "Place a new mammoth" needs one beside the board;
 * with none left there, it moves a mammoth already on the board into any other region instead (the rulebook's general
 * card rule: what holds for placing hunters from an empty supply holds for mammoths too).
 */
function mammothModes(s: S, seat: Seat): ('place' | 'neighbour' | 'far')[] {
  const st = s.stones[seat];
  const out: ('place' | 'neighbour' | 'far')[] = [];
  const costs = dataOf(s).cards.find((c) => c.kind === 'mammoth')!.costs!;
  const srcs = freeRegions(s).filter((r) => s.mammothsIn[r]! > 0);
  if (st >= costs.place && (s.mammoths > 0 || (srcs.length > 0 && freeRegions(s).length > 1))) out.push('place');
  if (st >= costs.neighbour && srcs.some((r) => nbrs(s, r).length > 0)) out.push('neighbour');
  if (st >= costs.far && srcs.some((r) => freeRegions(s).some((x) => x !== r && !isNb(s, r, x)))) out.push('far');
  return out;
}

/** Whether `seat` may run the light card `id` now (pay it fully; the mammoth card needs an option it can pay). */
function lightOk(s: S, seat: Seat, id: string): boolean {
  const c = dataOf(s).card[id]!;
  if (c.kind === 'mammoth') return mammothModes(s, seat).length > 0;
  return s.stones[seat] >= (c.value ?? 0);
}

/** Which top card a cult card may use ('light' / 'dark'). With 8+ stones only the light top card (ruling). */
function cultChoices(s: S, seat: Seat): Colour[] {
  const out: Colour[] = [];
  if (s.topL && lightOk(s, seat, s.topL)) out.push('light');
  if (s.topD && s.startStones < EIGHT) out.push('dark');
  return out;
}

export function playable(s: S, seat: Seat, id: string): boolean {
  const c = dataOf(s).card[id]!;
  if (c.kind === 'cult') return cultChoices(s, seat).length > 0;
  if (c.colour === 'light') return lightOk(s, seat, id);
  return s.startStones < EIGHT;
}

// ---------------------------------------------------------------- starting an action

function newAct(s: S, card: string, eff: string, owner: Seat): Act {
  const c = dataOf(s).card[eff]!;
  return {
    card, eff, kind: c.kind, colour: c.colour, owner, seat: owner, queue: [], step: '', n: 0, max: 0, land: null,
    a: -1, b: -1, who: -1, clubbed: false, attach: false, mode: '', mam: false, owners: [], arr: [], log: [],
  };
}

/** Before a step that may be taken back: keep the base position once, then remember the step's option. */
function snapshot(s: S, id: string): void {
  if (s.undo === null) s.undo = copyPosition(s);
  s.undoSteps.push(id);
}

function playCard(s: S, seat: Seat, id: string, events: GameEvent[]): void {
  const me = seat;
  s.hands[me]!.splice(s.hands[me]!.indexOf(id), 1);
  const c = dataOf(s).card[id]!;
  s.stage = 'act';
  if (c.kind === 'cult') {
    putUnder(s, id);
    s.act = newAct(s, id, id, seat);
    log(s, 'ev.playCult', { p: seatRef(seat), card: cardMsg(s, id) });
    s.act.step = 'cult';
    return;
  }
  putOnTop(s, id);
  s.act = newAct(s, id, id, seat);
  log(s, 'ev.play', { p: seatRef(seat), card: cardMsg(s, id) });
  startEffect(s, events);
}

function startEffect(s: S, events: GameEvent[]): void {
  const a = s.act!;
  const c = dataOf(s).card[a.eff]!;
  const me = a.owner;
  if (c.colour === 'light') {
    if (c.kind !== 'mammoth') {
      const v = c.value ?? 0;
      s.stones[me] -= v;
      s.light += v;
      log(s, 'ev.pay', { p: seatRef(a.owner), n: v });
    }
    begin(s, a.owner);
    return;
  }
  // dark: take the stones (the rest from the light supply); the last stone ends settling after this action
  const v = c.value ?? 0;
  const fromDark = Math.min(v, s.dark);
  const fromLight = Math.min(v - fromDark, s.light);
  s.dark -= fromDark;
  if (s.dark === 0) s.ending = true;
  if (s.ending && lastRound(s)) {
    s.light += fromDark;
    log(s, 'ev.voidLast', { p: seatRef(a.owner), n: fromDark });
    commit(s, events);
    s.act = null;
    endTurn(s, events);
    return;
  }
  s.light -= fromLight;
  s.stones[me] += fromDark + fromLight;
  log(s, fromLight > 0 ? 'ev.takeBoth' : 'ev.take', { p: seatRef(a.owner), n: fromDark + fromLight, light: fromLight });
  if (s.ending) log(s, 'ev.darkEmpty');
  if (a.kind === 'placeTwoEach' || a.kind === 'placeOneEach') {
    commit(s, events);
    a.queue = others(s, a.owner);
    begin(s, a.queue.shift()!);
  } else {
    a.step = 'target';
  }
}

/** Sets up the first step of the action for the seat that carries it out. */
function begin(s: S, seat: Seat): void {
  const a = s.act!;
  a.seat = seat;
  a.n = 0; a.max = 0; a.land = null; a.a = -1; a.b = -1; a.who = -1; a.clubbed = false; a.attach = false;
  a.mode = ''; a.mam = false; a.owners = []; a.arr = [];
  switch (a.kind) {
    case 'landscape': {
      const land = landRegions(s, a.eff);
      if (land.length > 0) a.step = 'mode';
      else { a.step = 'place'; a.max = 2; }
      break;
    }
    case 'huntersMammoth': a.step = 'hmRegion'; break;
    case 'moveWithMammoth': a.step = 'mwSrc'; break;
    case 'mammoth': a.step = 'mOpt'; break;
    case 'fire': a.step = 'fSrc'; break;
    case 'swap': a.step = 'sA'; break;
    case 'club': a.step = 'cOpt'; break;
    case 'moveMixed': a.step = 'xSrc'; a.max = 3; break;
    case 'placeTwoEach': a.step = 'place'; a.max = 2; break;
    case 'placeOneEach': a.step = 'place'; a.max = 1; break;
    case 'removeTwo': a.step = 'rSrc'; a.max = 2; break;
    case 'removeOne': a.step = 'rSrc'; a.max = 1; break;
    case 'clubOrMove': a.step = 'coOpt'; break;
    case 'removeMammoth': a.step = 'mRem'; break;
    default: throw new Error(`no action for ${a.kind}`);
  }
}

const landRegions = (s: S, id: string) => dataOf(s).board.regions.filter((r) => r.landscape === dataOf(s).card[id]!.landscape && free(s, r.id - 1)).map((r) => r.id - 1);

/** Emits the current actor's log lines and drops the snapshots: from here on nothing can be taken back. */
function commit(s: S, events: GameEvent[]): void {
  if (s.act) {
    for (const e of s.act.log) events.push(e);
    s.act.log = [];
  }
  s.undo = null;
  s.undoSteps = [];
}

/** The current actor is done with the action. */
function actorDone(s: S, events: GameEvent[]): void {
  const a = s.act!;
  if (a.seat === a.owner) {
    s.stage = 'discard';
    return;
  }
  if (a.log.length === 0) log(s, 'ev.declined', { p: seatRef(a.seat) });
  commit(s, events);
  if (a.queue.length > 0) {
    begin(s, a.queue.shift()!);
    return;
  }
  a.seat = a.owner;
  a.step = '';
  s.stage = 'discard';
}

// ---------------------------------------------------------------- hunters

function addHunter(s: S, r: number, seat: Seat, club: boolean): void {
  s.hunters[r]![seat]!++;
  if (club) s.clubbed[r]![seat]!++;
}
function takeHunter(s: S, r: number, seat: Seat, club: boolean): void {
  s.hunters[r]![seat]!--;
  if (club) s.clubbed[r]![seat]!--;
}
/** Hunter types present in a region: [seat, clubbed]. */
function types(s: S, r: number): [number, boolean][] {
  const out: [number, boolean][] = [];
  for (let q = 0; q < s.n; q++) {
    if (plain(s, r, q) > 0) out.push([q, false]);
    if (C(s, r, q) > 0) out.push([q, true]);
  }
  return out;
}
const arrived = (a: Act, r: number, q: number, club: boolean) => {
  let k = 0;
  for (let i = 0; i < a.arr.length; i += 3) if (a.arr[i] === r && a.arr[i + 1] === q && a.arr[i + 2] === (club ? 1 : 0)) k++;
  return k;
};

/** Hunter options in a region for an actor: p<seat>, c<seat> (clubbed), a<seat> (own plain, attaching a club). */
function hunterOptions(s: S, list: [number, boolean][], actor: Seat, allowAttach: boolean, group = 'hunters'): Option[] {
  const out: Option[] = [];
  for (const [q, club] of list) {
    out.push(opt(`${club ? 'c' : 'p'}${q}`, m(club ? 'opt.hunterClub' : 'opt.hunter', { p: seatRef(q) }), group));
    if (!club && q === actor && allowAttach) out.push(opt(`a${q}`, m('opt.hunterAttach', { p: seatRef(q) }), group));
  }
  return out;
}
function parseHunter(id: string): { q: number; club: boolean; attach: boolean } {
  const kind = id[0];
  return { q: Number(id.slice(1)), club: kind === 'c', attach: kind === 'a' };
}
/**
 * A hunter in a region, chosen in one step: `h:<region>:<p|c|a><seat>` (see `hunterOptions`), labelled
 * "hunter of Ann in 3 (Forest)".
 */
function hunterInOptions(s: S, r: number, list: [number, boolean][], actor: Seat, allowAttach: boolean, group = 'hunters'): Option[] {
  return hunterOptions(s, list, actor, allowAttach, group).map((o) => ({ ...o, id: `h:${r + 1}:${o.id}`, label: m('opt.hunterIn', { h: o.label, r: regMsg(s, r) }) }));
}
/** At most this many hunters are offered in one menu; with more, the region is asked first, then the hunter. */
const ONE_MENU = 25;
/**
 * Hunters to choose from in `regions`: one option per hunter and region (`h:<region>:<hunter>`) when they fit one
 * menu, else the regions (`r:<region>`; the hunter is asked next).
 */
function huntersOrRegions(s: S, regions: number[], list: (r: number) => [number, boolean][], actor: Seat, allowAttach: boolean): Option[] {
  const out: Option[] = [];
  for (const r of regions) {
    out.push(...hunterInOptions(s, r, list(r), actor, allowAttach));
    if (out.length > ONE_MENU) return regionOpts(s, 'r', regions.filter((x) => list(x).length > 0));
  }
  return out;
}
/** Region and hunter of an `h:<region>:<hunter>` option. */
function parseHunterIn(id: string): { r: number; q: number; club: boolean; attach: boolean } {
  const [, r0, h] = id.split(':');
  return { r: Number(r0) - 1, ...parseHunter(h!) };
}
/** How many hunters a `…:<k>` option id moves or places (1 without a count). */
const countOf = (id: string, at: number): number => Number(id.split(':')[at] ?? 1);

// ---------------------------------------------------------------- action steps: options

/** Plain region options are built once per data version, prefix and group, and shared (frozen). */
const regionOptCache = new Map<string, Option[]>();
function regionOpts(s: S, prefix: string, regions: number[], group = 'regions', label?: (r: number) => Msg): Option[] {
  if (label) return regions.map((r) => opt(`${prefix}:${r + 1}`, label(r), group));
  const key = `${s.dataVersion ?? FIRST_DATA_VERSION} ${prefix} ${group}`;
  let all = regionOptCache.get(key);
  if (!all) {
    all = Array.from({ length: R }, (_, r) => deepFreeze(opt(`${prefix}:${r + 1}`, regMsg(s, r), group)));
    regionOptCache.set(key, all);
  }
  const out = new Array<Option>(regions.length);
  for (let i = 0; i < regions.length; i++) out[i] = all[regions[i]!]!;
  return out;
}

/**
 * Places an actor can put a hunter, or (supply empty) own hunters it may move instead: each placement moves another
 * hunter, never one placed or moved during this action (the rulebook's example: "zwei weitere eigene Jäger").
 */
function placeOptions(s: S, a: Act): Option[] {
  const seat = a.seat;
  const me = seat;
  const allowed = a.land ?? freeRegions(s);
  if (s.supply[me] > 0) {
    const out = [...regionOpts(s, 'to', allowed, 'place'), ...placeMany(s, 'to', allowed, Math.min(a.max - a.n, s.supply[me]!), 'place')];
    if (s.clubsHeld[me] > 0) out.push(...regionOpts(s, 'toc', allowed, 'placeClub', (r) => m('opt.withClub', { r: regMsg(s, r) })));
    return out;
  }
  const out: Option[] = [];
  for (const r of freeRegions(s)) {
    if (!allowed.some((x) => x !== r)) continue;
    if (plain(s, r, seat) - arrived(a, r, seat, false) > 0) out.push(opt(`from:${r + 1}`, regMsg(s, r), 'fromBoard'));
    if (C(s, r, seat) - arrived(a, r, seat, true) > 0) out.push(opt(`fromc:${r + 1}`, m('opt.withClub', { r: regMsg(s, r) }), 'fromBoardClub'));
  }
  return out;
}

/** Several hunters from the supply into one region in one choice: `<prefix>:<region>:<k>` for k = 2..most. */
function placeMany(s: S, prefix: string, regions: number[], most: number, group: string): Option[] {
  const out: Option[] = [];
  for (let k = 2; k <= most; k++) for (const r of regions) out.push(opt(`${prefix}:${r + 1}:${k}`, m('opt.placeMany', { k, r: regMsg(s, r) }), group));
  return out;
}

/**
 * The landscape card's first step: where the first hunters go decides the mode (up to 3 into the card's landscape,
 * or up to 2 anywhere), so a whole "3 into 10 (Forest)" is one choice. Choosing the mode alone stays possible when
 * the supply is empty (hunters then move on the board) or a club could go with the first hunter.
 */
function modeOptions(s: S, a: Act): Option[] {
  const me = a.seat;
  const land = landRegions(s, a.eff);
  const out: Option[] = [];
  const supply = s.supply[me]!;
  if (supply > 0) {
    out.push(...regionOpts(s, 'l', land, 'placeLand'), ...placeMany(s, 'l', land, Math.min(3, supply), 'placeLand'));
    out.push(...regionOpts(s, 'y', freeRegions(s), 'placeAny'), ...placeMany(s, 'y', freeRegions(s), Math.min(2, supply), 'placeAny'));
  }
  if (supply === 0 || s.clubsHeld[me] > 0) {
    out.push(opt('land', m('opt.modeLand', { land: m(`land.${dataOf(s).card[a.eff]!.landscape}`) })), opt('any', m('opt.modeAny')));
  }
  return out;
}

function swappable(s: S, a: Act, r: number): [number, boolean][] {
  return types(s, r).filter(([q, club]) => !club || q === a.seat);
}
function partnerRegions(s: S, a: Act, r: number, q: number, club: boolean): number[] {
  return nbrs(s, r).filter((b) => swappable(s, a, b).some(([q2, c2]) => q2 !== q || c2 !== club));
}

function movable(s: S, a: Act, r: number): [number, boolean][] {
  let list = types(s, r).filter(([q, club]) => (!club || q === a.seat));
  list = list.filter(([q, club]) => (club ? C(s, r, q) : plain(s, r, q)) - arrived(a, r, q, club) > 0);
  if (a.kind === 'moveMixed' && a.n === 2 && a.owners[0] === a.owners[1]) list = list.filter(([q]) => q !== a.owners[0]);
  return list;
}

/** How many hunters like the chosen one (region `a.a`, seat `a.who`, club) Stampede may move at once to one place. */
function stampedeMost(s: S, a: Act): number {
  const here = (a.clubbed ? C(s, a.a, a.who) : plain(s, a.a, a.who)) - arrived(a, a.a, a.who, a.clubbed);
  let most = Math.min(here, 3 - a.n);
  if (a.attach) most = Math.min(most, s.clubsHeld[a.seat]!);
  // "not all of one player": three hunters of one player are never moved
  if (a.n + most === 3 && a.owners.every((q) => q === a.who) && most > 0) most--;
  return Math.max(most, 1);
}

function removable(s: S, a: Act, r: number): [number, boolean][] {
  let list = types(s, r).filter(([q, club]) => !club || q === a.seat);
  if (a.kind === 'removeTwo' && a.n === 1) list = list.filter(([q]) => q !== a.owners[0]);
  return list;
}

function ownMoveSources(s: S, a: Act): Option[] {
  const out: Option[] = [];
  const me = a.seat;
  for (const r of freeRegions(s)) {
    const pl0 = plain(s, r, a.seat) - arrived(a, r, a.seat, false);
    const cl0 = C(s, r, a.seat) - arrived(a, r, a.seat, true);
    if (pl0 > 0) out.push(opt(`from:${r + 1}`, regMsg(s, r), 'fromBoard'));
    if (cl0 > 0) out.push(opt(`fromc:${r + 1}`, m('opt.withClub', { r: regMsg(s, r) }), 'fromBoardClub'));
    if (pl0 > 0 && s.clubsHeld[me] > 0) out.push(opt(`froma:${r + 1}`, m('opt.attachTo', { r: regMsg(s, r) }), 'fromBoardAttach'));
  }
  return out;
}

function mammothSources(s: S, a: Act): number[] {
  return freeRegions(s).filter((r) => s.mammothsIn[r] > 0 && mammothDests(s, a, r).length > 0);
}
/** Where a mammoth from region `r` may go (a "new" mammoth taken from the board: any other free region). */
function mammothDests(s: S, a: Act, r: number): number[] {
  if (a.mode === 'place') return freeRegions(s).filter((x) => x !== r);
  if (a.mode === 'neighbour') return nbrs(s, r);
  return freeRegions(s).filter((x) => x !== r && !isNb(s, r, x));
}

/** The real (non-control) options of the current action step, and whether finishing early is allowed. */
function stepOptions(s: S): { options: Option[]; optional: boolean } {
  const a = s.act!;
  const seat = a.seat;
  const me = seat;
  switch (a.step) {
    case 'cult': {
      const cols = cultChoices(s, seat);
      return { optional: false, options: cols.map((c) => opt(`top:${c === 'light' ? 'L' : 'D'}`, m('opt.cultTop', { card: cardMsg(s, c === 'light' ? s.topL! : s.topD!) }))) };
    }
    case 'target':
      return { optional: false, options: others(s, a.owner).map((q) => opt(`t:${q}`, m('opt.seat', { p: seatRef(q) }))) };
    case 'mode':
      return { optional: true, options: modeOptions(s, a) };
    case 'place':
      return { optional: true, options: a.n < a.max ? placeOptions(s, a) : [] };
    case 'placeTo': {
      const allowed = (a.land ?? freeRegions(s)).filter((r) => r !== a.a);
      const out = regionOpts(s, 'to', allowed, 'place');
      if (!a.clubbed && s.clubsHeld[me] > 0) out.push(...regionOpts(s, 'toc', allowed, 'placeClub', (r) => m('opt.withClub', { r: regMsg(s, r) })));
      return { optional: true, options: out };
    }
    case 'hmRegion':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s)) };
    case 'hm': {
      const out: Option[] = [];
      if (a.n < 2) {
        if (s.supply[me] > 0) {
          out.push(opt('h', m('opt.placeHere')));
          if (s.clubsHeld[me] > 0) out.push(opt('hc', m('opt.placeHereClub')));
        } else {
          for (const o of ownMoveSources(s, a)) if (o.id.split(':')[1] !== String(a.a + 1)) out.push(o);
        }
      }
      if (!a.mam) {
        if (s.mammoths > 0) out.push(opt('mam', m('opt.mammothNew')));
        else for (const r of nbrs(s, a.a)) if (s.mammothsIn[r] > 0) out.push(opt(`mamf:${r + 1}`, m('opt.mammothFrom', { r: regMsg(s, r) }), 'mammoth'));
      }
      return { optional: true, options: out };
    }
    case 'mwSrc':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => H(s, r, seat) > 0 && nbrs(s, r).length > 0)) };
    case 'mwDst':
      return { optional: true, options: regionOpts(s, 'r', nbrs(s, a.a)) };
    case 'mw': {
      const out: Option[] = [];
      if (a.n < 3) {
        if (plain(s, a.a, seat) > 0) {
          out.push(opt('p', m('opt.moveOne')));
          if (s.clubsHeld[me] > 0) out.push(opt('a', m('opt.moveOneAttach')));
        }
        if (C(s, a.a, seat) > 0) out.push(opt('c', m('opt.moveOneClub')));
      }
      if (!a.mam && a.n >= 1 && s.mammothsIn[a.a]! > 0) out.push(opt('mam', m('opt.mammothAlong')));
      return { optional: true, options: out };
    }
    case 'mOpt': {
      const costs = dataOf(s).cards.find((c) => c.kind === 'mammoth')!.costs!;
      const label = (k: 'place' | 'neighbour' | 'far') => (k === 'place' && s.mammoths === 0 ? 'opt.mammoth.placeMove' : `opt.mammoth.${k}`);
      return { optional: false, options: mammothModes(s, seat).map((k) => opt(k, m(label(k), { n: costs[k] }))) };
    }
    case 'mSrc':
      return { optional: a.kind !== 'mammoth', options: regionOpts(s, 'r', mammothSources(s, a)) };
    case 'mDst':
      return { optional: a.kind !== 'mammoth', options: regionOpts(s, 'r', a.a < 0 ? freeRegions(s) : mammothDests(s, a, a.a)) };
    case 'fSrc': {
      const out: Option[] = [];
      for (const r of freeRegions(s)) {
        const f = firesIn(s, r);
        f.forEach((t, i) => out.push(opt(`f:${t + 1}`, f.length > 1 ? m('opt.fireN', { r: regMsg(s, r), i: i + 1 }) : regMsg(s, r), 'fires')));
      }
      return { optional: true, options: out };
    }
    case 'fDst':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => r !== a.a)) };
    case 'sA': {
      const list = (r: number) => swappable(s, a, r).filter(([q, c]) => partnerRegions(s, a, r, q, c).length > 0);
      return { optional: true, options: huntersOrRegions(s, freeRegions(s), list, seat, s.clubsHeld[me] > 0) };
    }
    case 'sH': {
      const list = swappable(s, a, a.a).filter(([q, c]) => partnerRegions(s, a, a.a, q, c).length > 0);
      return { optional: true, options: hunterOptions(s, list, seat, s.clubsHeld[me] > 0) };
    }
    case 'sB': {
      const list = (b: number) => swappable(s, a, b).filter(([q, c]) => q !== a.who || c !== a.clubbed);
      return { optional: true, options: huntersOrRegions(s, partnerRegions(s, a, a.a, a.who, a.clubbed), list, seat, s.clubsHeld[me] - (a.attach ? 1 : 0) > 0) };
    }
    case 'sH2': {
      const list = swappable(s, a, a.b).filter(([q, c]) => q !== a.who || c !== a.clubbed);
      return { optional: true, options: hunterOptions(s, list, seat, s.clubsHeld[me] - (a.attach ? 1 : 0) > 0) };
    }
    case 'cOpt': {
      const out: Option[] = [];
      if (s.clubs > 0) out.push(opt('club', m('opt.takeClub')));
      if (s.mammoths > 0 || freeRegions(s).some((r) => s.mammothsIn[r] > 0 && nbrs(s, r).length > 0)) out.push(opt('mam', m(s.mammoths > 0 ? 'opt.mammothNew' : 'opt.mammothShift')));
      return { optional: true, options: out };
    }
    case 'cAtt':
      return { optional: true, options: regionOpts(s, 'att', freeRegions(s).filter((r) => plain(s, r, seat) > 0), 'attach') };
    case 'xSrc': {
      const regions = freeRegions(s).filter((r) => nbrs(s, r).length > 0);
      return { optional: true, options: a.n < 3 ? huntersOrRegions(s, regions, (r) => movable(s, a, r), seat, s.clubsHeld[me] > 0) : [] };
    }
    case 'xH':
      return { optional: true, options: hunterOptions(s, movable(s, a, a.a), seat, s.clubsHeld[me] > 0) };
    case 'xDst': {
      const out = regionOpts(s, 'r', nbrs(s, a.a));
      const most = stampedeMost(s, a);
      for (let k = 2; k <= most; k++) for (const r of nbrs(s, a.a)) out.push(opt(`r:${r + 1}:${k}`, m('opt.moveMany', { k, r: regMsg(s, r) }), 'regions'));
      return { optional: true, options: out };
    }
    case 'rSrc':
      return { optional: true, options: a.n < a.max ? huntersOrRegions(s, freeRegions(s), (r) => removable(s, a, r), seat, false) : [] };
    case 'rH':
      return { optional: true, options: hunterOptions(s, removable(s, a, a.a), seat, false) };
    case 'coOpt': {
      const out: Option[] = [];
      if (s.clubs > 0) out.push(opt('club', m('opt.takeClub')));
      if (onBoard(s, seat) > 0) out.push(opt('move', m('opt.moveTwo')));
      return { optional: true, options: out };
    }
    case 'oSrc':
      return { optional: true, options: a.n < a.max ? ownMoveSources(s, a) : [] };
    case 'oDst':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => r !== a.a)) };
    case 'mRem':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => s.mammothsIn[r] > 0)) };
    case 'done':
      return { optional: true, options: [] };
    default:
      throw new Error(`unknown step ${a.step}`);
  }
}

// ---------------------------------------------------------------- action steps: perform

const regionOf = (id: string) => Number(id.split(':')[1]) - 1;

/** The actor puts `k` hunters from the supply into region `r` (a placing step, or several at once). */
function placeFromSupply(s: S, r: number, k: number): void {
  const a = s.act!;
  for (let i = 0; i < k; i++) {
    s.supply[a.seat]--;
    addHunter(s, r, a.seat, false);
    a.arr.push(r, a.seat, 0);
    log(s, 'ev.place', { p: seatRef(a.seat), r: regMsg(s, r) });
    a.n++;
  }
}

function performStep(s: S, id: string, events: GameEvent[]): void {
  const a = s.act!;
  const seat = a.seat;
  const me = seat;
  const who = seatRef(seat);
  switch (a.step) {
    case 'cult': {
      const col: Colour = id === 'top:L' ? 'light' : 'dark';
      const top = col === 'light' ? s.topL! : s.topD!;
      const owner = a.owner;
      const card = a.card;
      const lines = a.log;
      s.act = newAct(s, card, top, owner);
      s.act.log = lines;
      log(s, 'ev.cultChoice', { p: who, card: cardMsg(s, top) });
      startEffect(s, events);
      return;
    }
    case 'target': {
      const q = Number(id.slice(2));
      log(s, 'ev.target', { p: who, q: seatRef(q) });
      commit(s, events);
      begin(s, q);
      return;
    }
    case 'mode': {
      const land = id === 'land' || id.startsWith('l:');
      if (land) { a.land = landRegions(s, a.eff); a.max = 3; } else { a.land = null; a.max = 2; }
      a.step = 'place';
      if (id !== 'land' && id !== 'any') placeFromSupply(s, regionOf(id), countOf(id, 2));
      return;
    }
    case 'place':
    case 'placeTo': {
      const [kind, r0] = id.split(':');
      const r = Number(r0) - 1;
      if (kind === 'to' && a.step === 'place' && countOf(id, 2) > 1) {
        placeFromSupply(s, r, countOf(id, 2));
        return;
      }
      if (kind === 'from' || kind === 'fromc') {
        a.a = r; a.clubbed = kind === 'fromc'; a.step = 'placeTo';
        return;
      }
      const club = kind === 'toc';
      if (a.step === 'placeTo') {
        takeHunter(s, a.a, seat, a.clubbed);
        addHunter(s, r, seat, a.clubbed || club);
        a.arr.push(r, seat, a.clubbed || club ? 1 : 0);
        log(s, 'ev.moveOwn', { p: who, from: regMsg(s, a.a), to: regMsg(s, r) });
      } else {
        s.supply[me]--;
        addHunter(s, r, seat, club);
        a.arr.push(r, seat, club ? 1 : 0);
        log(s, 'ev.place', { p: who, r: regMsg(s, r) });
      }
      if (club) { s.clubsHeld[me]--; log(s, 'ev.attach', { p: who, r: regMsg(s, r) }); }
      a.n++;
      a.step = 'place';
      return;
    }
    case 'hmRegion':
      a.a = regionOf(id); a.step = 'hm';
      return;
    case 'hm': {
      if (id === 'h' || id === 'hc') {
        s.supply[me]--;
        addHunter(s, a.a, seat, id === 'hc');
        log(s, 'ev.place', { p: who, r: regMsg(s, a.a) });
        if (id === 'hc') { s.clubsHeld[me]--; log(s, 'ev.attach', { p: who, r: regMsg(s, a.a) }); }
        a.n++;
      } else if (id === 'mam') {
        s.mammoths--; s.mammothsIn[a.a]++; a.mam = true;
        log(s, 'ev.mammothPlace', { p: who, r: regMsg(s, a.a) });
      } else if (id.startsWith('mamf:')) {
        const r = regionOf(id);
        s.mammothsIn[r]--; s.mammothsIn[a.a]++; a.mam = true;
        log(s, 'ev.mammothMove', { p: who, from: regMsg(s, r), to: regMsg(s, a.a) });
      } else {
        const [kind] = id.split(':');
        const r = regionOf(id);
        const club = kind === 'fromc';
        takeHunter(s, r, seat, club);
        addHunter(s, a.a, seat, club || kind === 'froma');
        log(s, 'ev.moveOwn', { p: who, from: regMsg(s, r), to: regMsg(s, a.a) });
        if (kind === 'froma') { s.clubsHeld[me]--; log(s, 'ev.attach', { p: who, r: regMsg(s, a.a) }); }
        a.n++;
      }
      return;
    }
    case 'mwSrc': a.a = regionOf(id); a.step = 'mwDst'; return;
    case 'mwDst': a.b = regionOf(id); a.step = 'mw'; return;
    case 'mw': {
      if (id === 'mam') {
        s.mammothsIn[a.a]--; s.mammothsIn[a.b]++; a.mam = true;
        log(s, 'ev.mammothMove', { p: who, from: regMsg(s, a.a), to: regMsg(s, a.b) });
        return;
      }
      takeHunter(s, a.a, seat, id === 'c');
      addHunter(s, a.b, seat, id !== 'p');
      log(s, 'ev.moveOwn', { p: who, from: regMsg(s, a.a), to: regMsg(s, a.b) });
      if (id === 'a') { s.clubsHeld[me]--; log(s, 'ev.attach', { p: who, r: regMsg(s, a.b) }); }
      a.n++;
      return;
    }
    case 'mOpt': {
      const costs = dataOf(s).cards.find((c) => c.kind === 'mammoth')!.costs!;
      const mode = id as 'place' | 'neighbour' | 'far';
      s.stones[me] -= costs[mode]; s.light += costs[mode];
      log(s, 'ev.pay', { p: who, n: costs[mode] });
      a.mode = mode;
      // a new mammoth comes from beside the board; with none left there, one on the board is chosen first
      a.step = mode === 'place' && s.mammoths > 0 ? 'mDst' : 'mSrc';
      return;
    }
    case 'mSrc': a.a = regionOf(id); a.step = 'mDst'; return;
    case 'mDst': {
      const r = regionOf(id);
      if (a.a < 0) {
        s.mammoths--; s.mammothsIn[r]++;
        log(s, 'ev.mammothPlace', { p: who, r: regMsg(s, r) });
      } else {
        s.mammothsIn[a.a]--; s.mammothsIn[r]++;
        log(s, 'ev.mammothMove', { p: who, from: regMsg(s, a.a), to: regMsg(s, r) });
      }
      a.step = 'done';
      return;
    }
    case 'fSrc': {
      a.who = Number(id.slice(2)) - 1; a.a = s.fireAt[a.who]!; a.step = 'fDst';
      return;
    }
    case 'fDst': {
      const r = regionOf(id);
      // the moved tile goes last in its new region (tiles are kept in order of their index, so renumber)
      s.fireAt[a.who] = r;
      log(s, 'ev.fire', { p: who, from: regMsg(s, a.a), to: regMsg(s, r) });
      a.step = 'done';
      return;
    }
    case 'sA':
    case 'sH': {
      if (id.startsWith('r:')) { a.a = regionOf(id); a.step = 'sH'; return; }
      const h = id.startsWith('h:') ? parseHunterIn(id) : { r: a.a, ...parseHunter(id) };
      a.a = h.r; a.who = h.q; a.clubbed = h.club; a.attach = h.attach; a.step = 'sB';
      return;
    }
    case 'sB':
    case 'sH2': {
      if (id.startsWith('r:')) { a.b = regionOf(id); a.step = 'sH2'; return; }
      const h = id.startsWith('h:') ? parseHunterIn(id) : { r: a.b, ...parseHunter(id) };
      a.b = h.r;
      takeHunter(s, a.a, a.who, a.clubbed);
      takeHunter(s, a.b, h.q, h.club);
      addHunter(s, a.b, a.who, a.clubbed || a.attach);
      addHunter(s, a.a, h.q, h.club || h.attach);
      log(s, 'ev.swap', { p: who, q1: seatRef(a.who), r1: regMsg(s, a.a), q2: seatRef(h.q), r2: regMsg(s, a.b) });
      if (a.attach) { s.clubsHeld[me]--; log(s, 'ev.attach', { p: who, r: regMsg(s, a.b) }); }
      if (h.attach) { s.clubsHeld[me]--; log(s, 'ev.attach', { p: who, r: regMsg(s, a.a) }); }
      a.step = 'done';
      return;
    }
    case 'cOpt':
    case 'coOpt':
      if (id === 'club') {
        s.clubs--; s.clubsHeld[me]++;
        log(s, 'ev.takeClub', { p: who });
        a.step = 'cAtt';
      } else if (id === 'move') {
        a.max = 2; a.step = 'oSrc';
      } else if (s.mammoths > 0) {
        a.mode = 'place'; a.step = 'mDst';
      } else {
        a.mode = 'neighbour'; a.step = 'mSrc';
      }
      return;
    case 'cAtt': {
      const r = regionOf(id);
      s.clubsHeld[me]--; s.clubbed[r]![seat]!++;
      log(s, 'ev.attach', { p: who, r: regMsg(s, r) });
      a.step = 'done';
      return;
    }
    case 'xSrc':
    case 'xH': {
      if (id.startsWith('r:')) { a.a = regionOf(id); a.step = 'xH'; return; }
      const h = id.startsWith('h:') ? parseHunterIn(id) : { r: a.a, ...parseHunter(id) };
      a.a = h.r; a.who = h.q; a.clubbed = h.club; a.attach = h.attach; a.step = 'xDst';
      return;
    }
    case 'xDst': {
      const r = regionOf(id);
      for (let k = countOf(id, 2); k > 0; k--) {
        takeHunter(s, a.a, a.who, a.clubbed);
        addHunter(s, r, a.who, a.clubbed || a.attach);
        a.arr.push(r, a.who, a.clubbed || a.attach ? 1 : 0);
        a.owners.push(a.who);
        log(s, a.who === seat ? 'ev.moveOwn' : 'ev.moveOther', { p: who, q: seatRef(a.who), from: regMsg(s, a.a), to: regMsg(s, r) });
        if (a.attach) { s.clubsHeld[me]--; log(s, 'ev.attach', { p: who, r: regMsg(s, r) }); }
        a.n++;
      }
      a.step = 'xSrc';
      return;
    }
    case 'rSrc':
    case 'rH': {
      if (id.startsWith('r:')) { a.a = regionOf(id); a.step = 'rH'; return; }
      const h = id.startsWith('h:') ? parseHunterIn(id) : { r: a.a, ...parseHunter(id) };
      a.step = 'rSrc';
      takeHunter(s, h.r, h.q, h.club);
      s.supply[h.q]++;
      if (h.club) s.clubs++;
      a.owners.push(h.q);
      log(s, 'ev.remove', { p: who, q: seatRef(h.q), r: regMsg(s, h.r) });
      a.n++;
      return;
    }
    case 'oSrc': {
      const [kind] = id.split(':');
      a.a = regionOf(id); a.clubbed = kind === 'fromc'; a.attach = kind === 'froma'; a.step = 'oDst';
      return;
    }
    case 'oDst': {
      const r = regionOf(id);
      takeHunter(s, a.a, seat, a.clubbed);
      addHunter(s, r, seat, a.clubbed || a.attach);
      a.arr.push(r, seat, a.clubbed || a.attach ? 1 : 0);
      log(s, 'ev.moveOwn', { p: who, from: regMsg(s, a.a), to: regMsg(s, r) });
      if (a.attach) { s.clubsHeld[me]--; log(s, 'ev.attach', { p: who, r: regMsg(s, r) }); }
      a.n++;
      a.step = 'oSrc';
      return;
    }
    case 'mRem': {
      const r = regionOf(id);
      s.mammothsIn[r]--; s.mammoths++;
      log(s, 'ev.mammothRemove', { p: who, r: regMsg(s, r) });
      a.step = 'done';
      return;
    }
    default:
      throw new Error(`unknown step ${a.step}`);
  }
}

/**
 * After a step: an actor with nothing left to choose is done automatically, and a step whose only option is forced
 * (it cannot be declined and nothing is revealed by it: a cult card with one usable top card, one affordable mammoth
 * move…) is carried out without asking. Both may still be taken back with the step before them (`back` replays the
 * chosen steps, which brings the forced ones again).
 */
function settleAct(s: S, events: GameEvent[]): void {
  for (let guard = 0; guard < 40 && s.stage === 'act' && s.act; guard++) {
    const res = stepOptions(s);
    if (res.options.length === 0) actorDone(s, events);
    else if (!res.optional && res.options.length === 1) performStep(s, res.options[0]!.id, events);
    else return;
  }
}

// ---------------------------------------------------------------- turn end, conflicts, scoring, glaciers

/** Refills the hand when there is no choice to make; otherwise waits for the player's choice of mix. */
function drawUp(s: S, events: GameEvent[]): void {
  const choices = drawChoices(s);
  if (choices.length > 1) return;
  if (choices.length === 1) drawMix(s, choices[0]!, events);
  endTurn(s, events);
}

function drawMix(s: S, light: number, events: GameEvent[]): void {
  const hand = s.hands[s.seat]!;
  const need = HAND - hand.length;
  const got: string[] = [];
  for (let i = 0; i < need; i++) {
    const col: Colour = i < light ? 'light' : 'dark';
    const id = drawCard(s, col, events);
    if (id) { hand.push(id); got.push(id); }
  }
  const l = got.filter((id) => colourOf(s, id) === 'light').length;
  events.push({ msg: m('ev.draw', { p: seatRef(s.seat), l, d: got.length - l }) });
  events.push({ msg: m('ev.drawPrivate', { list: got.map((id) => cardMsg(s, id)) }), to: [s.seat] });
}

function endTurn(s: S, events: GameEvent[]): void {
  s.turns++;
  s.act = null;
  s.undo = null;
  s.undoSteps = [];
  if (s.ending) {
    endSettling(s, events);
    return;
  }
  s.seat = (s.seat + 1) % s.n;
  beginTurn(s);
}

function beginTurn(s: S): void {
  s.stage = 'play';
  s.act = null;
  s.startStones = s.stones[s.seat]!;
}

/** Resolves one region's conflict in place; returns hunters removed per seat. */
/**
 * Resolves one region's conflict: `h` hunters per seat (mutated), `c` of them with clubs. Order fixed from the
 * counts before anyone leaves, fewest first, equal counts together, repeated; a seat with only clubbed hunters
 * left is skipped; stops as soon as the limit is reached or nobody can leave. Returns hunters removed per seat.
 */
export function resolveConflict(reg: { h: number[]; c: number[] }, limit: number): number[] {
  const n = reg.h.length;
  const removed: number[] = Array(n).fill(0);
  let total = sum(reg.h);
  if (total <= limit) return removed;
  const counts = [...new Set(reg.h.filter((x) => x > 0))].sort((x, y) => x - y);
  const groups = counts.map((k) => reg.h.map((x, q) => (x === k ? q : -1)).filter((q) => q >= 0));
  for (;;) {
    let progress = false;
    for (const g of groups) {
      for (const q of g) {
        if (reg.h[q]! - reg.c[q]! > 0) {
          reg.h[q]!--; removed[q]!++; total--; progress = true;
        }
      }
      if (total <= limit) return removed;
    }
    if (!progress) return removed;
  }
}

export const pointsPerHunter = (mammoths: number) => (mammoths === 0 ? 1 : mammoths === 1 ? 2 : 3);

function endSettling(s: S, events: GameEvent[]): void {
  s.turnLog.push(s.turns);
  events.push({ msg: m('ev.settlingEnds', { round: s.round }) });
  const lines: ConflictLine[] = [];
  for (let r = 0; r < R; r++) {
    if (s.glacier[r]) continue;
    const fires = firesIn(s, r).map((t) => s.fireVal[t]!);
    const mm = s.mammothsIn[r]!;
    const limit = 3 + mm + sum(fires);
    const reg = { h: [...s.hunters[r]!], c: [...s.clubbed[r]!] };
    const before = [...reg.h];
    const removed = resolveConflict(reg, limit);
    for (let q = 0; q < s.n; q++) {
      s.supply[q] += removed[q]!;
      s.hunters[r]![q] = reg.h[q]!;
    }
    lines.push({ region: r, mammoths: mm, fires, limit, before, clubs: reg.c, removed, points: Array(s.n).fill(0), perHunter: pointsPerHunter(mm) });
    if (sum(before) > limit) {
      events.push({ msg: m('ev.conflict', { r: regMsg(s, r), limit, m: mm, fire: sum(fires), count: sum(before), lost: lostMsg(removed), left: sum(reg.h) }) });
    } else if (sum(before) > 0) {
      events.push({ msg: m('ev.noConflict', { r: regMsg(s, r), limit, m: mm, fire: sum(fires), count: sum(before) }) });
    }
  }
  // fire tiles and clubs on the board go back beside the board
  s.fireAt.fill(-1);
  for (let r = 0; r < R; r++) {
    s.clubs += sum(s.clubbed[r]!);
    s.clubbed[r]!.fill(0);
  }
  // scoring
  for (const line of lines) {
    const pts = line.perHunter;
    const got: Msg[] = [];
    for (let q = 0; q < s.n; q++) {
      line.points[q] = H(s, line.region, q) * pts;
      s.score[q] += line.points[q]!;
      if (line.points[q]! > 0) got.push(m('ev.pts', { p: seatRef(q), n: line.points[q]! }));
    }
    if (got.length > 0) events.push({ msg: m('ev.score', { r: regMsg(s, line.region), per: pts, list: got }) });
  }
  events.push({ msg: m('ev.totals', { list: s.score.map((v, q) => m('ev.pts', { p: seatRef(q), n: v })) }) });
  s.report = { round: s.round, lines };
  if (s.round >= s.rounds) {
    s.phase = 'over';
    s.act = null;
    return;
  }
  // glacier: last on the track; ties: fewer hunters on the board, fewer stones, then lot
  const key = (q: Seat) => [s.score[q], onBoard(s, q), s.stones[q]];
  let tied = Array.from({ length: s.n }, (_, q) => q);
  for (let k = 0; k < 3; k++) {
    const best = Math.min(...tied.map((q) => key(q)[k]!));
    tied = tied.filter((q) => key(q)[k] === best);
  }
  const chooser = tied.length > 1 ? pick(s.rng, tied) : tied[0]!;
  if (tied.length > 1) events.push({ msg: m('ev.glacierLot', { p: seatRef(chooser), list: tied.map(seatRef) }) });
  s.glacierSeat = chooser;
  if (glacierCandidates(s).length === 0) {
    nextRound(s, events);
    return;
  }
  s.phase = 'glacier';
  events.push({ msg: m('ev.glacierTurn', { p: seatRef(chooser) }) });
}

function lostMsg(removed: number[]): Msg[] {
  return removed.map((k, q) => (k > 0 ? m('ev.lost', { p: seatRef(q), n: k }) : null)).filter((x): x is Msg => x !== null);
}

/** Regions a glacier may cover now: free, touching the top edge or a glacier. */
export function glacierCandidates(s: S): number[] {
  return freeRegions(s).filter((r) => dataOf(s).board.regions[r]!.topEdge || dataOf(s).adj[r]!.some((id) => s.glacier[id - 1]));
}

function placeGlacier(s: S, r: number, events: GameEvent[]): void {
  s.glacier[r] = true;
  s.glacierCount++;
  const back: Msg[] = [];
  for (let q = 0; q < s.n; q++) {
    const k = s.hunters[r]![q]!;
    if (k > 0) back.push(m('ev.lost', { p: seatRef(q), n: k }));
    s.supply[q] += k;
    s.hunters[r]![q] = 0;
    s.clubs += s.clubbed[r]![q]!;
    s.clubbed[r]![q] = 0;
  }
  const mm = s.mammothsIn[r]!;
  s.mammoths += mm;
  s.mammothsIn[r] = 0;
  for (let t = 0; t < s.fireAt.length; t++) if (s.fireAt[t] === r) s.fireAt[t] = -1;
  events.push({ msg: m('ev.glacier', { p: seatRef(s.glacierSeat), r: regMsg(s, r), list: back, m: mm }) });
}

function nextRound(s: S, events: GameEvent[]): void {
  const ender = s.seat;
  s.round++;
  s.phase = 'settle';
  s.ending = false;
  s.turns = 0;
  s.dark += s.light;
  s.light = 0;
  if (s.dark < MIN_DARK) {
    const share = Math.ceil((MIN_DARK - s.dark) / s.n);
    const paid: Msg[] = [];
    for (let q = 0; q < s.n; q++) {
      const k = Math.min(share, s.stones[q]);
      s.stones[q] -= k;
      s.dark += k;
      if (k > 0) paid.push(m('ev.paid', { p: seatRef(q), n: k }));
    }
    events.push({ msg: m('ev.refillShort', { list: paid, n: s.dark }) });
  } else {
    events.push({ msg: m('ev.refill', { n: s.dark }) });
  }
  shuffle(s.rng, s.fireVal);
  s.fireAt = dealFires(s.glacier, s.fireVal.length);
  s.seat = (ender + 1) % s.n;
  events.push({ msg: m('ev.roundStart', { round: s.round, p: seatRef(s.seat) }) });
  beginTurn(s);
}

// ---------------------------------------------------------------- decisions

/** The decisions owed in a state. */
function decisions(s: S): Decision[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'pre') {
    const options = regionOpts(s, 'to', freeRegions(s), 'place');
    return [{ seat: s.seat, prompt: m('prompt.pre', { left: Math.ceil(s.preLeft / s.n) }), options, defaultOption: options[0]!.id }];
  }
  if (s.phase === 'glacier') {
    const options = [...regionOpts(s, 'g', glacierCandidates(s)), opt('none', m('opt.noGlacier'), undefined, { role: 'pass' })];
    return [{ seat: s.glacierSeat, prompt: m('prompt.glacier'), options, defaultOption: 'none' }];
  }
  const seat = s.seat;
  const me = seat;
  if (s.stage === 'play') {
    let options: Option[] = [];
    for (const id of s.hands[me]!) {
      if (!playable(s, seat, id)) continue;
      // A dark card that another player carries out is played and handed on in one choice.
      if (handsOn(s, id)) for (const q of others(s, seat)) options.push(opt(`c:${id}:${q}`, m('opt.playFor', { card: cardMsg(s, id), p: seatRef(q) }), 'playDark', { detail: cardDetail(s, id) }));
      else options.push(opt(`c:${id}`, cardMsg(s, id), undefined, { detail: cardDetail(s, id) }));
    }
    const blocked: Msg[] = [];
    for (const id of s.hands[me]!) {
      const why = blockedReason(s, seat, id);
      if (why) blocked.push(m('why.card', { card: cardMsg(s, id), why }));
    }
    const base = s.startStones >= EIGHT ? m('prompt.playEight') : m('prompt.play');
    // Cards that cannot be played are named with the reason, under the prompt (they are not options).
    const prompt = blocked.length && options.length ? m('prompt.blocked', { prompt: base, list: blocked }) : base;
    if (options.length === 0) {
      options = s.hands[me]!.map((id) => opt(`v:${id}`, m('opt.playVoid', { card: cardMsg(s, id) })));
      return [{ seat, prompt: m('prompt.playNone'), options, defaultOption: options[0]!.id }];
    }
    return [{ seat, prompt, options, defaultOption: options[0]!.id }];
  }
  if (s.stage === 'act') {
    const a = s.act!;
    const { options, optional } = stepOptions(s);
    const all = [...options];
    // The card's player ends the action and discards / draws in one choice ("Done, discard nothing, draw …").
    // (Only while the panel stays small: with many options the plain Done comes first, then the discard.)
    let ends = optional && a.seat === a.owner ? discardOptions(s).map(asEnd) : [];
    if (options.length + ends.length + 1 > MAX_OPTIONS) ends = [];
    if (optional && !ends.length) all.push(FINISH);
    all.push(...ends);
    if (s.undo !== null) all.push(BACK);
    const base = m(`prompt.${a.step}`, { card: cardMsg(s, a.eff), n: a.n, max: a.max, p: seatRef(a.owner) });
    const prompt = ends.length ? m('prompt.orEnd', { prompt: base }) : base;
    return [{ seat: a.seat, prompt, options: all, defaultOption: ends[0]?.id ?? (optional ? 'finish' : options[0]!.id) }];
  }
  if (s.stage === 'discard') {
    const options = discardOptions(s);
    if (s.undo !== null) options.push(BACK);
    return [{ seat, prompt: m('prompt.discard'), options, defaultOption: options[0]!.id }];
  }
  // draw
  const need = HAND - s.hands[seat]!.length;
  const options = drawChoices(s).map((l) => opt(`dr:${l}`, m('opt.draw', { l, d: need - l })));
  return [{ seat, prompt: m('prompt.draw', { n: HAND - s.hands[me]!.length }), options, defaultOption: options[0]!.id }];
}

/**
 * Discarding and refilling the hand in one choice: with a choice of mix after a discard, each discard comes with each
 * mix ("Discard nothing, draw 1 light + 1 dark": `keep:<light>`, `d:<card>:<light>`); without one, the discard alone
 * (`keep`, `d:<card>`) and the hand is refilled by itself. In the last settling turn of the game nothing is drawn.
 */
function discardOptions(s: S): Option[] {
  const me = s.seat;
  const hand = s.hands[me]!;
  const noDraw = s.ending && lastRound(s);
  const mixes = (discarded: string | null): number[] => {
    if (noDraw) return [];
    const keep = s.hands[me]!;
    if (discarded) s.hands[me] = keep.filter((id) => id !== discarded);
    const out = drawChoices(s);
    s.hands[me] = keep;
    return out.length > 1 ? out : [];
  };
  const out: Option[] = [];
  const need = HAND - hand.length + 1;
  const keepMixes = mixes(null);
  if (keepMixes.length === 0) out.push(opt('keep', m('opt.keep'), undefined, { role: 'pass' }));
  for (const l of keepMixes) out.push(opt(`keep:${l}`, m('opt.keepDraw', { l, d: need - 1 - l }), undefined, { style: 'primary' }));
  for (const id of hand) {
    const ls = mixes(id);
    if (ls.length === 0) out.push(opt(`d:${id}`, cardMsg(s, id), 'discard'));
    for (const l of ls) out.push(opt(`d:${id}:${l}`, m('opt.discardDraw', { card: cardMsg(s, id), l, d: need - l }), 'discardDraw'));
  }
  return out;
}

/** A dark card whose action the player hands to another player of their choice (and which is not void). */
function handsOn(s: S, id: string): boolean {
  const c = dataOf(s).card[id]!;
  if (c.colour !== 'dark' || c.kind === 'cult' || c.kind === 'placeTwoEach' || c.kind === 'placeOneEach') return false;
  const emptied = s.ending || s.dark <= (c.value ?? 0);
  return !(emptied && lastRound(s));
}

/** At most this many options in one decision (a panel of a few menus). */
const MAX_OPTIONS = 45;

/** A discard option offered as the end of the card player's action: `end.<discard id>`. */
function asEnd(o: Option): Option {
  const keep = o.id === 'keep' || o.id.startsWith('keep:');
  return {
    ...o, id: `end.${o.id}`,
    label: keep ? m('opt.endKeep', { what: o.label }) : o.label,
    ...(keep ? { role: 'finish' as const, style: 'success' as const } : { group: o.group === 'eiszeit.g.discardDraw' ? 'eiszeit.g.endDiscardDraw' : 'eiszeit.g.endDiscard' }),
  };
}

/** Why a card in the hand cannot be played now (null: it can). */
function blockedReason(s: S, seat: Seat, id: string): Msg | null {
  if (playable(s, seat, id)) return null;
  const c = dataOf(s).card[id]!;
  if (c.kind === 'cult') return m('why.cult');
  if (c.colour === 'dark') return m('why.eight');
  if (c.kind === 'mammoth') return m('why.mammoth');
  return m('why.stones', { n: c.value ?? 0 });
}

function cardDetail(s: S, id: string): Msg {
  const c = dataOf(s).card[id]!;
  if (c.kind === 'cult') return m('detail.cult');
  if (c.kind === 'mammoth') return m('detail.mammoth');
  return m(c.colour === 'light' ? 'detail.cost' : 'detail.gain', { n: c.value ?? 0 });
}

// ---------------------------------------------------------------- perform

/** Carries out an offered option on `s` itself (the framework's private copy, or a playout's own state). */
function perform(s: S, seat: Seat, option: Option): { events: GameEvent[]; revealed: boolean } {
  const events: GameEvent[] = [];
  const id = option.id;
  let revealed = false;
  if (s.phase === 'pre') {
    const r = regionOf(id);
    s.supply[seat]--;
    addHunter(s, r, seat, false);
    events.push({ msg: m('ev.place', { p: seatRef(seat), r: regMsg(s, r) }) });
    s.preLeft--;
    s.seat = (s.seat + 1) % s.n;
    if (s.preLeft === 0) {
      for (let k = 0; k < s.n; k++) {
        const q = (s.start + k) % s.n;
        for (let i = 0; i < 2; i++) s.hands[q]!.push(s.drawL.pop()!);
        for (let i = 0; i < 3; i++) s.hands[q]!.push(s.drawD.pop()!);
      }
      revealed = true;
      s.phase = 'settle';
      s.seat = s.start;
      events.push({ msg: m('ev.dealt') }, { msg: m('ev.roundStart', { round: 1, p: seatRef(s.seat) }) });
      beginTurn(s);
    }
    return { events, revealed };
  }
  if (s.phase === 'glacier') {
    if (id === 'none') {
      events.push({ msg: m('ev.noGlacier', { p: seatRef(seat) }) });
      setGlacierReport(s, seat, null);
    } else {
      const r = regionOf(id);
      placeGlacier(s, r, events);
      setGlacierReport(s, seat, r);
    }
    nextRound(s, events);
    return { events, revealed: true };
  }
  if (id === 'back') {
    // back = restore the base position and replay every step but the last (no randomness happens in between)
    const steps = s.undoSteps.slice(0, -1);
    const base = s.undo!;
    // the replayed steps keep `base` as their undo position (it equals the restored one; no step inside an actor's
    // part commits, so none of them drops it); with no step left there is nothing to take back, and `base` itself
    // becomes the position
    Object.assign(s, steps.length > 0 ? copyPosition(base) : base);
    s.undo = steps.length > 0 ? base : null;
    s.undoSteps = [];
    for (const step of steps) perform(s, seat, { id: step, label: { key: 'common.back' } });
    return { events, revealed: false };
  }
  if (s.stage === 'play') {
    if (id.startsWith('v:')) {
      const card = id.slice(2);
      const me = seat;
      s.hands[me]!.splice(s.hands[me]!.indexOf(card), 1);
      if (dataOf(s).card[card]!.kind === 'cult') putUnder(s, card); else putOnTop(s, card);
      events.push({ msg: m('ev.playVoid', { p: seatRef(seat), card: cardMsg(s, card) }) });
      s.act = newAct(s, card, card, seat);
      s.stage = 'discard';
      return { events, revealed: false };
    }
    snapshot(s, id);
    const [, card, target] = id.split(':');
    playCard(s, seat, card!, events);
    if (target !== undefined && s.act?.step === 'target') performStep(s, `t:${target}`, events);
    settleAct(s, events);
    return { events, revealed: false };
  }
  if (s.stage === 'act' && id.startsWith('end.')) {
    // the card player's "done" with the discard and draw that follow it
    actorDone(s, events);
    return perform(s, seat, { id: id.slice(4), label: option.label });
  }
  if (s.stage === 'act') {
    if (id === 'finish') {
      if (s.act!.seat === s.act!.owner) snapshot(s, id);
      actorDone(s, events);
    } else {
      snapshot(s, id);
      performStep(s, id, events);
    }
    settleAct(s, events);
    return { events, revealed: false };
  }
  if (s.stage === 'discard') {
    commit(s, events);
    const me = seat;
    const [head, a1, a2] = id.split(':');
    const mix = head === 'keep' ? a1 : a2;
    if (head === 'd') {
      const card = a1!;
      s.hands[me]!.splice(s.hands[me]!.indexOf(card), 1);
      putUnder(s, card);
      events.push({ msg: m('ev.discard', { p: seatRef(seat) }) }, { msg: m('ev.discardPrivate', { card: cardMsg(s, card) }), to: [seat] });
    }
    s.act = null;
    if (s.ending && lastRound(s)) {
      endTurn(s, events);
      return { events, revealed: true };
    }
    s.stage = 'draw';
    if (mix !== undefined) {
      drawMix(s, Number(mix), events);
      endTurn(s, events);
    } else drawUp(s, events);
    return { events, revealed: true };
  }
  // draw
  drawMix(s, Number(id.slice(3)), events);
  endTurn(s, events);
  return { events, revealed: true };
}

// ---------------------------------------------------------------- view, outcome, determinize, metrics

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

function setGlacierReport(s: S, seat: Seat, region: number | null): void {
  s.report = { ...s.report!, glacier: { seat, region } };
}

function decider(s: S): Seat | null {
  if (s.phase === 'over') return null;
  if (s.phase === 'glacier') return s.glacierSeat;
  if (s.phase === 'settle' && s.stage === 'act' && s.act) return s.act.seat;
  return s.seat;
}

function view(s: S, seat: Seat | null): EiszeitView {
  return {
    dataVersion: s.dataVersion ?? FIRST_DATA_VERSION,
    me: seat,
    n: s.n, round: s.round, rounds: s.rounds, phase: s.phase, stage: s.stage, seat: s.seat,
    decider: decider(s),
    step: s.phase === 'settle' && s.stage === 'act' && s.act ? s.act.step : null,
    regions: Array.from({ length: R }, (_, r) => ({
      id: r + 1, glacier: s.glacier[r]!, h: [...s.hunters[r]!], c: [...s.clubbed[r]!], m: s.mammothsIn[r]!, fires: firesIn(s, r).length,
    })),
    light: s.light, dark: s.dark, mammoths: s.mammoths, clubs: s.clubs, fireRest: s.fireAt.filter((x) => x < 0).length,
    players: s.score.map((score, q) => ({
      stones: s.stones[q]!, hunters: s.supply[q]!, onBoard: onBoard(s, q), clubs: s.clubsHeld[q]!, score,
      handLight: s.hands[q]!.filter((id) => colourOf(s, id) === 'light').length,
      handDark: s.hands[q]!.filter((id) => colourOf(s, id) === 'dark').length,
    })),
    hand: seat === null ? null : [...s.hands[seat]!],
    topL: s.topL, topD: s.topD, drawL: s.drawL.length, drawD: s.drawD.length, discL: s.discL.length, discD: s.discD.length,
    playing: s.act ? { card: s.act.card, eff: s.act.eff, owner: s.act.owner } : null,
    report: copy(s.report),
    preLeft: s.preLeft,
    turnLog: [...s.turnLog],
    final: s.phase === 'over' ? outcomeWork(s)!.ranking : null,
  };
}

/** Final ranking: score, then more hunters on the board, then more stones; still equal means a shared place. */
export function outcomeWork(s: S): Outcome | null {
  if (s.phase !== 'over') return null;
  const key = (q: Seat) => [s.score[q], onBoard(s, q), s.stones[q]];
  const cmp = (x: Seat, y: Seat) => {
    const a = key(x), b = key(y);
    for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
    return 0;
  };
  const order = Array.from({ length: s.n }, (_, q) => q).sort((x, y) => cmp(x, y) || x - y);
  const ranking = order.map((q) => ({ seat: q, place: 1 + order.filter((o) => cmp(o, q) < 0).length, score: s.score[q] }));
  const winners = ranking.filter((r) => r.place === 1).map((r) => r.seat);
  const top = order.filter((q) => s.score[q] === s.score[order[0]!]);
  let tieBreak: Msg | undefined;
  if (top.length > 1) {
    const sameHunters = top.filter((q) => onBoard(s, q) === onBoard(s, order[0]!));
    tieBreak = sameHunters.length === 1 ? m('tie.hunters') : winners.length === 1 ? m('tie.stones') : m('tie.shared');
  }
  const summary = [m('summary.final', { list: order.map((q) => m('ev.pts', { p: seatRef(q), n: s.score[q] })) })];
  return { ranking, winners, tieBreak, summary };
}

/** Redraws what `seat` cannot see: other hands (keeping each one's light/dark count), draw piles, discards under the top, face-down fire values. */
function determinizeWork(state: S, seat: Seat, rng: RngState): S {
  const s = structuredClone(state);
  for (const col of ['light', 'dark'] as Colour[]) {
    const pool: string[] = [];
    const slots: { arr: string[]; count: number }[] = [];
    for (let q = 0; q < s.n; q++) {
      if (q === seat) continue;
      const hand = s.hands[q]!;
      const mine = hand.filter((id) => colourOf(s, id) === col);
      pool.push(...mine);
      s.hands[q]! = hand.filter((id) => colourOf(s, id) !== col);
      slots.push({ arr: s.hands[q]!, count: mine.length });
    }
    const draw = col === 'light' ? s.drawL : s.drawD;
    const disc = col === 'light' ? s.discL : s.discD;
    pool.push(...draw, ...disc);
    shuffle(rng, pool);
    for (const sl of slots) for (let i = 0; i < sl.count; i++) sl.arr.push(pool.pop()!);
    const nd = draw.length;
    draw.splice(0, draw.length, ...pool.splice(0, nd));
    disc.splice(0, disc.length, ...pool);
  }
  // every fire tile is face down while anyone can decide
  shuffle(rng, s.fireVal);
  return s;
}

/**
 * For computer players: how `seat` stands, from public facts only. Each seat's score plus what its hunters would
 * score if settling ended now (conflicts resolved against the limit with face-down fire tiles at their average
 * value, which is public: the tiles are known, only where each lies is not), counted again at half weight for every
 * later round; the seat's margin over the best other seat, mapped into [0, 1]. A finished game is judged by its
 * ranking.
 */
function estimateWork(s: S, seat: Seat): number {
  if (s.phase === 'over') {
    const o = outcomeWork(s)!;
    return o.winners.includes(seat) ? 1 / o.winners.length : (s.n - o.ranking.find((x) => x.seat === seat)!.place) / (2 * s.n);
  }
  const meanFire = s.fireVal.length === 0 ? 0 : sum(s.fireVal) / s.fireVal.length;
  const later = 1 + 0.5 * (s.rounds - s.round);
  const value = [...s.score];
  for (let r = 0; r < R; r++) {
    if (s.glacier[r]) continue;
    let fires = 0;
    for (const at of s.fireAt) if (at === r) fires++;
    const reg = { h: [...s.hunters[r]!], c: [...s.clubbed[r]!] };
    resolveConflict(reg, Math.floor(3 + s.mammothsIn[r]! + fires * meanFire));
    const pts = pointsPerHunter(s.mammothsIn[r]!);
    for (let q = 0; q < s.n; q++) value[q]! += reg.h[q]! * pts * later;
  }
  let best = -Infinity;
  for (let q = 0; q < s.n; q++) if (q !== seat && value[q]! > best) best = value[q]!;
  const mine = value[seat]!;
  return 0.5 + 0.5 * Math.max(-1, Math.min(1, (mine - best) / (Math.abs(mine) + Math.abs(best) + 10)));
}

function metricsWork(s: S): Record<string, number> {
  const out: Record<string, number> = { rounds: s.turnLog.length, glaciersPlaced: s.glacierCount };
  s.turnLog.forEach((t, i) => { out[`settlingTurnsPerPlayer.r${i + 1}`] = t / s.n; });
  const scores = s.score;
  out['score.max'] = Math.max(...scores);
  out['score.min'] = Math.min(...scores);
  out['score.mean'] = sum(scores) / s.n;
  return out;
}

export const engine: GameEngine<EiszeitState, EiszeitView> = {
  id: 'eiszeit',
  name: 'Eiszeit',
  minPlayers: 3,
  maxPlayers: 5,
  dataVersions: DATA,
  lobbyOptions: [
    { id: 'length', label: m('lobby.length'), choices: [{ value: 'full', label: m('lobby.full') }, { value: 'short', label: m('lobby.short') }] },
  ],
  messages,
  setup: setupWork,
  decisions,
  perform,
  view,
  outcome: outcomeWork,
  determinize: determinizeWork,
  metrics: metricsWork,
  estimate: estimateWork,
};
