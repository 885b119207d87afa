/**
 * Eiszeit engine: pure functions over a JSON state. Every choice the rulebook leaves a player is a decision;
 * conflicts, scoring, stone refill and fire reshuffle run automatically and log what happened region by region.
 *
 * Compound actions (a card's action) change the board step by step; `back` takes a step back with compound.ts's
 * `takeback` (no randomness happens inside an action). An actor's part is committed (its log lines emitted, nothing
 * before it can be taken back) when the card player chooses what to discard, or when another seat starts acting on a
 * dark card.
 *
 * Every option carries a payload (`EiszeitPayload` in state.ts) that `perform` reads; the current step of the action
 * says what a region or hunter is chosen for. Option ids only name the options (they are stored as the choices).
 *
 * The state is plain JSON (see `EiszeitState` in state.ts) and the rules work on it directly.
 * Rulings where the rulebook is silent: RULINGS.md beside this file. Beside this file also: view.ts (what each seat
 * sees, `determinize`), ai.ts (`estimate` for computer players), upgrade.ts (states stored by an earlier engine);
 * index.ts puts them together into the engine object.
 */
import { backOption, canTakeBack, commitSteps, finishOption, messageHelper, noTakeback, rememberStep, takeBack } from '../../engine/compound.js';
import { FIRST_DATA_VERSION } from '../../engine/data-versions.js';
import { randInt, seedRng, shuffle, pick } from '../../engine/rng.js';
import type { Decision, GameEngine, GameEvent, LobbyOptions, Msg, Option, Outcome, Seat } from '../../engine/types.js';
import { DATA, type Colour, type EiszeitData } from './data.js';
import { messages } from './messages.js';
import type { Act, ConflictLine, DiscardPayload, EiszeitPayload, EiszeitState, EiszeitView, MammothMove } from './state.js';

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
type Payload = EiszeitPayload;
type O = Option<Payload>;
/** Regions on the board. */
export const R = 12;

// ---------------------------------------------------------------- helpers

export const m = messageHelper('eiszeit.');
// messages about seats, regions and cards are built once and shared (frozen: nobody may change them)
const SEAT_REFS = Array.from({ length: 5 }, (_, seat) => deepFreeze({ seat }));
export const seatRef = (seat: Seat) => SEAT_REFS[seat] ?? { seat };
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
const others = (s: S, seat: Seat) => Array.from({ length: s.players - 1 }, (_, i) => (seat + 1 + i) % s.players);
export const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
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
export const firesIn = (s: S, r: number) => {
  const out: number[] = [];
  for (let i = 0; i < s.fireAt.length; i++) if (s.fireAt[i] === r) out.push(i);
  return out;
};
export const colourOf = (s: S, id: string): Colour => dataOf(s).card[id]!.colour;
const lastRound = (s: S) => s.round === s.rounds;

function opt(id: string, label: Msg, payload: Payload | undefined, group?: string, extra: Partial<O> = {}): O {
  const o: O = { id, label, ...extra };
  if (group) o.group = `eiszeit.g.${group}`;
  if (payload) o.payload = payload;
  return o;
}
const FINISH = finishOption(undefined, 'success') as O;
const BACK = backOption('secondary') as O;

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

function setup(players: number, options: LobbyOptions, seed: string): S {
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
    rng, dataVersion, players, rounds: length === 'short' ? 3 : 4, round: 1, phase: 'pre', stage: 'play', glacier,
    hunters: Array.from({ length: R }, () => Array<number>(players).fill(0)),
    clubbed: Array.from({ length: R }, () => Array<number>(players).fill(0)), mammothsIn: mam, fireAt, fireVal,
    light: 0, dark: conf.dark, boxStones: TOTAL_STONES - conf.dark - START_STONES * players,
    mammoths: conf.beside, mammothsBox: TOTAL_MAMMOTHS - conf.mammoths.length - conf.beside, clubs: TOTAL_CLUBS,
    huntersBox: (5 - players) * HUNTERS_PER_COLOUR,
    stones: each(START_STONES), supply: each(HUNTERS_PER_COLOUR - 1), clubsHeld: each(0), score: each(0), hands: Array.from({ length: players }, () => []),
    drawL, drawD, discL: [], discD: [], topL: null, topD: null,
    seat: start, start, preLeft: PRE_HUNTERS * players, act: null, startStones: START_STONES, ending: false, takeback: noTakeback(),
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
function mammothModes(s: S, seat: Seat): MammothMove[] {
  const st = s.stones[seat];
  const out: MammothMove[] = [];
  const costs = mammothCosts(s);
  const srcs = freeRegions(s).filter((r) => s.mammothsIn[r]! > 0);
  if (st >= costs.place && (s.mammoths > 0 || (srcs.length > 0 && freeRegions(s).length > 1))) out.push('place');
  if (st >= costs.neighbour && srcs.some((r) => nbrs(s, r).length > 0)) out.push('neighbour');
  if (st >= costs.far && srcs.some((r) => freeRegions(s).some((x) => x !== r && !isNb(s, r, x)))) out.push('far');
  return out;
}

/** What each move of the mammoth card costs. */
const mammothCosts = (s: S): Record<MammothMove, number> => dataOf(s).cards.find((c) => c.kind === 'mammoth')!.costs!;

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

function newAct(s: S, card: string, effect: string, owner: Seat): Act {
  const c = dataOf(s).card[effect]!;
  return {
    card, effect, kind: c.kind, colour: c.colour, owner, seat: owner, queue: [], step: 'none', count: 0, max: 0, land: null,
    from: -1, to: -1, chosen: -1, clubbed: false, attach: false, mode: '', mammothMoved: false, owners: [], arrived: [], log: [],
  };
}

function playCard(s: S, seat: Seat, id: string, events: GameEvent[]): void {
  s.hands[seat]!.splice(s.hands[seat]!.indexOf(id), 1);
  const c = dataOf(s).card[id]!;
  s.stage = 'act';
  if (c.kind === 'cult') {
    putUnder(s, id);
    s.act = newAct(s, id, id, seat);
    log(s, 'ev.playCult', { p: seatRef(seat), card: cardMsg(s, id) });
    s.act.step = 'chooseTopCard';
    return;
  }
  putOnTop(s, id);
  s.act = newAct(s, id, id, seat);
  log(s, 'ev.play', { p: seatRef(seat), card: cardMsg(s, id) });
  startEffect(s, events);
}

function startEffect(s: S, events: GameEvent[]): void {
  const a = s.act!;
  const c = dataOf(s).card[a.effect]!;
  const owner = a.owner;
  if (c.colour === 'light') {
    if (c.kind !== 'mammoth') {
      const v = c.value ?? 0;
      s.stones[owner] -= v;
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
  s.stones[owner] += fromDark + fromLight;
  log(s, fromLight > 0 ? 'ev.takeBoth' : 'ev.take', { p: seatRef(a.owner), n: fromDark + fromLight, light: fromLight });
  if (s.ending) log(s, 'ev.darkEmpty');
  if (a.kind === 'placeTwoEach' || a.kind === 'placeOneEach') {
    commit(s, events);
    a.queue = others(s, a.owner);
    begin(s, a.queue.shift()!);
  } else {
    a.step = 'chooseTarget';
  }
}

/** Sets up the first step of the action for the seat that carries it out. */
function begin(s: S, seat: Seat): void {
  const a = s.act!;
  a.seat = seat;
  a.count = 0; a.max = 0; a.land = null; a.from = -1; a.to = -1; a.chosen = -1; a.clubbed = false; a.attach = false;
  a.mode = ''; a.mammothMoved = false; a.owners = []; a.arrived = [];
  switch (a.kind) {
    case 'landscape': {
      const land = landRegions(s, a.effect);
      if (land.length > 0) a.step = 'landscapeMode';
      else { a.step = 'place'; a.max = 2; }
      break;
    }
    case 'huntersMammoth': a.step = 'huntersMammothRegion'; break;
    case 'moveWithMammoth': a.step = 'trekFrom'; break;
    case 'mammoth': a.step = 'mammothMove'; break;
    case 'fire': a.step = 'fireFrom'; break;
    case 'swap': a.step = 'swapFirst'; break;
    case 'club': a.step = 'clubOrMammoth'; break;
    case 'moveMixed': a.step = 'stampedeFrom'; a.max = 3; break;
    case 'placeTwoEach': a.step = 'place'; a.max = 2; break;
    case 'placeOneEach': a.step = 'place'; a.max = 1; break;
    case 'removeTwo': a.step = 'removeFrom'; a.max = 2; break;
    case 'removeOne': a.step = 'removeFrom'; a.max = 1; break;
    case 'clubOrMove': a.step = 'clubOrMove'; break;
    case 'removeMammoth': a.step = 'removeMammoth'; break;
    default: throw new Error(`no action for ${a.kind}`);
  }
}

const landRegions = (s: S, id: string) => dataOf(s).board.regions.filter((r) => r.landscape === dataOf(s).card[id]!.landscape && free(s, r.id - 1)).map((r) => r.id - 1);

/** Emits the current actor's log lines: from here on nothing can be taken back. */
function commit(s: S, events: GameEvent[]): void {
  if (s.act) {
    for (const e of s.act.log) events.push(e);
    s.act.log = [];
  }
  commitSteps(s);
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
  a.step = 'none';
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
  for (let q = 0; q < s.players; q++) {
    if (plain(s, r, q) > 0) out.push([q, false]);
    if (C(s, r, q) > 0) out.push([q, true]);
  }
  return out;
}
const arrivedHere = (a: Act, r: number, q: number, club: boolean) => {
  let k = 0;
  for (let i = 0; i < a.arrived.length; i += 3) if (a.arrived[i] === r && a.arrived[i + 1] === q && a.arrived[i + 2] === (club ? 1 : 0)) k++;
  return k;
};

/** A hunter of seat `q` (in `region`; absent: the region chosen before). */
function hunter(q: Seat, club: boolean, attach: boolean, region?: number): Payload {
  return region === undefined ? { kind: 'hunter', seat: q, club, attach } : { kind: 'hunter', region, seat: q, club, attach };
}
/** Hunter options in a region for an actor: p<seat>, c<seat> (clubbed), a<seat> (own plain, attaching a club). */
function hunterOptions(s: S, list: [number, boolean][], actor: Seat, allowAttach: boolean, region?: number): O[] {
  const out: O[] = [];
  for (const [q, club] of list) {
    out.push(opt(`${club ? 'c' : 'p'}${q}`, m(club ? 'opt.hunterClub' : 'opt.hunter', { p: seatRef(q) }), hunter(q, club, false, region), 'hunters'));
    if (!club && q === actor && allowAttach) out.push(opt(`a${q}`, m('opt.hunterAttach', { p: seatRef(q) }), hunter(q, false, true, region), 'hunters'));
  }
  return out;
}
/**
 * A hunter in a region, chosen in one step: `h:<region>:<p|c|a><seat>` (see `hunterOptions`), labelled
 * "hunter of Ann in 3 (Forest)".
 */
function hunterInOptions(s: S, r: number, list: [number, boolean][], actor: Seat, allowAttach: boolean): O[] {
  return hunterOptions(s, list, actor, allowAttach, r).map((o) => ({ ...o, id: `h:${r + 1}:${o.id}`, label: m('opt.hunterIn', { h: o.label, r: regMsg(s, r) }) }));
}
/** At most this many hunters are offered in one menu; with more, the region is asked first, then the hunter. */
const ONE_MENU = 25;
/**
 * Hunters to choose from in `regions`: one option per hunter and region (`h:<region>:<hunter>`) when they fit one
 * menu, else the regions (`r:<region>`; the hunter is asked next).
 */
function huntersOrRegions(s: S, regions: number[], list: (r: number) => [number, boolean][], actor: Seat, allowAttach: boolean): O[] {
  const out: O[] = [];
  for (const r of regions) {
    out.push(...hunterInOptions(s, r, list(r), actor, allowAttach));
    if (out.length > ONE_MENU) return regionOpts(s, 'r', regions.filter((x) => list(x).length > 0));
  }
  return out;
}

// ---------------------------------------------------------------- action steps: options

/** What a region option does, by the prefix of its id: place one hunter (with a club; setting the landscape card's mode), or name the region. */
const REGION_PAYLOADS: Record<string, (region: number) => Payload> = {
  to: (region) => ({ kind: 'place', region, count: 1, club: false }),
  toc: (region) => ({ kind: 'place', region, count: 1, club: true }),
  l: (region) => ({ kind: 'place', region, count: 1, club: false, mode: 'land' }),
  y: (region) => ({ kind: 'place', region, count: 1, club: false, mode: 'any' }),
};
const regionPayload = (prefix: string, region: number): Payload => REGION_PAYLOADS[prefix]?.(region) ?? { kind: 'region', region };

/** Plain region options are built once per data version, prefix and group, and shared (frozen). */
const regionOptCache = new Map<string, O[]>();
function regionOpts(s: S, prefix: string, regions: number[], group = 'regions', label?: (r: number) => Msg): O[] {
  if (label) return regions.map((r) => opt(`${prefix}:${r + 1}`, label(r), regionPayload(prefix, r), group));
  const key = `${s.dataVersion ?? FIRST_DATA_VERSION} ${prefix} ${group}`;
  let all = regionOptCache.get(key);
  if (!all) {
    all = Array.from({ length: R }, (_, r) => deepFreeze(opt(`${prefix}:${r + 1}`, regMsg(s, r), regionPayload(prefix, r), group)));
    regionOptCache.set(key, all);
  }
  const out = new Array<O>(regions.length);
  for (let i = 0; i < regions.length; i++) out[i] = all[regions[i]!]!;
  return out;
}

/** One of the actor's own hunters in region `r` to move: `from:<r>`, `fromc:<r>` (carrying a club), `froma:<r>` (given one). */
function ownHunterOpt(s: S, r: number, club: boolean, attach: boolean): O {
  const payload: Payload = { kind: 'ownHunter', region: r, club, attach };
  if (attach) return opt(`froma:${r + 1}`, m('opt.attachTo', { r: regMsg(s, r) }), payload, 'fromBoardAttach');
  if (club) return opt(`fromc:${r + 1}`, m('opt.withClub', { r: regMsg(s, r) }), payload, 'fromBoardClub');
  return opt(`from:${r + 1}`, regMsg(s, r), payload, 'fromBoard');
}

/**
 * Places an actor can put a hunter, or (supply empty) own hunters it may move instead: each placement moves another
 * hunter, never one placed or moved during this action (the rulebook's example: "zwei weitere eigene Jäger").
 */
function placeOptions(s: S, a: Act): O[] {
  const seat = a.seat;
  const allowed = a.land ?? freeRegions(s);
  if (s.supply[seat] > 0) {
    const out = [...regionOpts(s, 'to', allowed, 'place'), ...placeMany(s, 'to', allowed, Math.min(a.max - a.count, s.supply[seat]!), 'place')];
    if (s.clubsHeld[seat] > 0) out.push(...regionOpts(s, 'toc', allowed, 'placeClub', (r) => m('opt.withClub', { r: regMsg(s, r) })));
    return out;
  }
  const out: O[] = [];
  for (const r of freeRegions(s)) {
    if (!allowed.some((x) => x !== r)) continue;
    if (plain(s, r, seat) - arrivedHere(a, r, seat, false) > 0) out.push(ownHunterOpt(s, r, false, false));
    if (C(s, r, seat) - arrivedHere(a, r, seat, true) > 0) out.push(ownHunterOpt(s, r, true, false));
  }
  return out;
}

/** Several hunters from the supply into one region in one choice: `<prefix>:<region>:<k>` for k = 2..most. */
function placeMany(s: S, prefix: string, regions: number[], most: number, group: string): O[] {
  const out: O[] = [];
  for (let k = 2; k <= most; k++) {
    for (const r of regions) out.push(opt(`${prefix}:${r + 1}:${k}`, m('opt.placeMany', { k, r: regMsg(s, r) }), { ...(regionPayload(prefix, r) as Placing), count: k }, group));
  }
  return out;
}
type Placing = Extract<Payload, { kind: 'place' }>;

/**
 * The landscape card's first step: where the first hunters go decides the mode (up to 3 into the card's landscape,
 * or up to 2 anywhere), so a whole "3 into 10 (Forest)" is one choice. Choosing the mode alone stays possible when
 * the supply is empty (hunters then move on the board) or a club could go with the first hunter.
 */
function modeOptions(s: S, a: Act): O[] {
  const land = landRegions(s, a.effect);
  const out: O[] = [];
  const supply = s.supply[a.seat]!;
  if (supply > 0) {
    out.push(...regionOpts(s, 'l', land, 'placeLand'), ...placeMany(s, 'l', land, Math.min(3, supply), 'placeLand'));
    out.push(...regionOpts(s, 'y', freeRegions(s), 'placeAny'), ...placeMany(s, 'y', freeRegions(s), Math.min(2, supply), 'placeAny'));
  }
  if (supply === 0 || s.clubsHeld[a.seat] > 0) {
    out.push(
      opt('land', m('opt.modeLand', { land: m(`land.${dataOf(s).card[a.effect]!.landscape}`) }), { kind: 'mode', mode: 'land' }),
      opt('any', m('opt.modeAny'), { kind: 'mode', mode: 'any' }),
    );
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
  list = list.filter(([q, club]) => (club ? C(s, r, q) : plain(s, r, q)) - arrivedHere(a, r, q, club) > 0);
  if (a.kind === 'moveMixed' && a.count === 2 && a.owners[0] === a.owners[1]) list = list.filter(([q]) => q !== a.owners[0]);
  return list;
}

/** How many hunters like the chosen one (region `a.from`, seat `a.chosen`, club) Stampede may move at once to one place. */
function stampedeMost(s: S, a: Act): number {
  const here = (a.clubbed ? C(s, a.from, a.chosen) : plain(s, a.from, a.chosen)) - arrivedHere(a, a.from, a.chosen, a.clubbed);
  let most = Math.min(here, 3 - a.count);
  if (a.attach) most = Math.min(most, s.clubsHeld[a.seat]!);
  // "not all of one player": three hunters of one player are never moved
  if (a.count + most === 3 && a.owners.every((q) => q === a.chosen) && most > 0) most--;
  return Math.max(most, 1);
}

function removable(s: S, a: Act, r: number): [number, boolean][] {
  let list = types(s, r).filter(([q, club]) => !club || q === a.seat);
  if (a.kind === 'removeTwo' && a.count === 1) list = list.filter(([q]) => q !== a.owners[0]);
  return list;
}

function ownMoveSources(s: S, a: Act): O[] {
  const out: O[] = [];
  for (const r of freeRegions(s)) {
    const plainHere = plain(s, r, a.seat) - arrivedHere(a, r, a.seat, false);
    const clubbedHere = C(s, r, a.seat) - arrivedHere(a, r, a.seat, true);
    if (plainHere > 0) out.push(ownHunterOpt(s, r, false, false));
    if (clubbedHere > 0) out.push(ownHunterOpt(s, r, true, false));
    if (plainHere > 0 && s.clubsHeld[a.seat] > 0) out.push(ownHunterOpt(s, r, false, true));
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

const MAMMOTH: Payload = { kind: 'mammoth' };

/** The real (non-control) options of the current action step, and whether finishing early is allowed. */
function stepOptions(s: S): { options: O[]; optional: boolean } {
  const a = s.act!;
  const seat = a.seat;
  const clubs = s.clubsHeld[seat]!;
  switch (a.step) {
    case 'chooseTopCard': {
      const options = cultChoices(s, seat).map((colour) => {
        const top = colour === 'light' ? s.topL! : s.topD!;
        return opt(`top:${colour === 'light' ? 'L' : 'D'}`, m('opt.cultTop', { card: cardMsg(s, top) }), { kind: 'topCard', colour });
      });
      return { optional: false, options };
    }
    case 'chooseTarget':
      return { optional: false, options: others(s, a.owner).map((q) => opt(`t:${q}`, m('opt.seat', { p: seatRef(q) }), { kind: 'target', seat: q })) };
    case 'landscapeMode':
      return { optional: true, options: modeOptions(s, a) };
    case 'place':
      return { optional: true, options: a.count < a.max ? placeOptions(s, a) : [] };
    case 'placeMovedTo': {
      const allowed = (a.land ?? freeRegions(s)).filter((r) => r !== a.from);
      const out = regionOpts(s, 'to', allowed, 'place');
      if (!a.clubbed && clubs > 0) out.push(...regionOpts(s, 'toc', allowed, 'placeClub', (r) => m('opt.withClub', { r: regMsg(s, r) })));
      return { optional: true, options: out };
    }
    case 'huntersMammothRegion':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s)) };
    case 'huntersMammoth': {
      const out: O[] = [];
      if (a.count < 2) {
        if (s.supply[seat] > 0) {
          out.push(opt('h', m('opt.placeHere'), { kind: 'place', region: a.from, count: 1, club: false }));
          if (clubs > 0) out.push(opt('hc', m('opt.placeHereClub'), { kind: 'place', region: a.from, count: 1, club: true }));
        } else {
          for (const o of ownMoveSources(s, a)) if (o.payload!.kind === 'ownHunter' && o.payload!.region !== a.from) out.push(o);
        }
      }
      if (!a.mammothMoved) {
        if (s.mammoths > 0) out.push(opt('mam', m('opt.mammothNew'), MAMMOTH));
        else {
          for (const r of nbrs(s, a.from)) {
            if (s.mammothsIn[r] > 0) out.push(opt(`mamf:${r + 1}`, m('opt.mammothFrom', { r: regMsg(s, r) }), { kind: 'mammothFrom', region: r }, 'mammoth'));
          }
        }
      }
      return { optional: true, options: out };
    }
    case 'trekFrom':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => H(s, r, seat) > 0 && nbrs(s, r).length > 0)) };
    case 'trekTo':
      return { optional: true, options: regionOpts(s, 'r', nbrs(s, a.from)) };
    case 'trek': {
      const out: O[] = [];
      if (a.count < 3) {
        if (plain(s, a.from, seat) > 0) {
          out.push(opt('p', m('opt.moveOne'), hunter(seat, false, false)));
          if (clubs > 0) out.push(opt('a', m('opt.moveOneAttach'), hunter(seat, false, true)));
        }
        if (C(s, a.from, seat) > 0) out.push(opt('c', m('opt.moveOneClub'), hunter(seat, true, false)));
      }
      if (!a.mammothMoved && a.count >= 1 && s.mammothsIn[a.from]! > 0) out.push(opt('mam', m('opt.mammothAlong'), MAMMOTH));
      return { optional: true, options: out };
    }
    case 'mammothMove': {
      const costs = mammothCosts(s);
      const label = (k: MammothMove) => (k === 'place' && s.mammoths === 0 ? 'opt.mammoth.placeMove' : `opt.mammoth.${k}`);
      return { optional: false, options: mammothModes(s, seat).map((k) => opt(k, m(label(k), { n: costs[k] }), { kind: 'mammothMove', move: k })) };
    }
    case 'mammothFrom':
      return { optional: a.kind !== 'mammoth', options: regionOpts(s, 'r', mammothSources(s, a)) };
    case 'mammothTo':
      return { optional: a.kind !== 'mammoth', options: regionOpts(s, 'r', a.from < 0 ? freeRegions(s) : mammothDests(s, a, a.from)) };
    case 'fireFrom': {
      const out: O[] = [];
      for (const r of freeRegions(s)) {
        const f = firesIn(s, r);
        f.forEach((t, i) => out.push(opt(`f:${t + 1}`, f.length > 1 ? m('opt.fireN', { r: regMsg(s, r), i: i + 1 }) : regMsg(s, r), { kind: 'fire', tile: t }, 'fires')));
      }
      return { optional: true, options: out };
    }
    case 'fireTo':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => r !== a.from)) };
    case 'swapFirst': {
      const list = (r: number) => swappable(s, a, r).filter(([q, c]) => partnerRegions(s, a, r, q, c).length > 0);
      return { optional: true, options: huntersOrRegions(s, freeRegions(s), list, seat, clubs > 0) };
    }
    case 'swapFirstHunter': {
      const list = swappable(s, a, a.from).filter(([q, c]) => partnerRegions(s, a, a.from, q, c).length > 0);
      return { optional: true, options: hunterOptions(s, list, seat, clubs > 0) };
    }
    case 'swapSecond': {
      const list = (b: number) => swappable(s, a, b).filter(([q, c]) => q !== a.chosen || c !== a.clubbed);
      return { optional: true, options: huntersOrRegions(s, partnerRegions(s, a, a.from, a.chosen, a.clubbed), list, seat, clubs - (a.attach ? 1 : 0) > 0) };
    }
    case 'swapSecondHunter': {
      const list = swappable(s, a, a.to).filter(([q, c]) => q !== a.chosen || c !== a.clubbed);
      return { optional: true, options: hunterOptions(s, list, seat, clubs - (a.attach ? 1 : 0) > 0) };
    }
    case 'clubOrMammoth': {
      const out: O[] = [];
      if (s.clubs > 0) out.push(opt('club', m('opt.takeClub'), { kind: 'takeClub' }));
      if (s.mammoths > 0 || freeRegions(s).some((r) => s.mammothsIn[r] > 0 && nbrs(s, r).length > 0)) out.push(opt('mam', m(s.mammoths > 0 ? 'opt.mammothNew' : 'opt.mammothShift'), MAMMOTH));
      return { optional: true, options: out };
    }
    case 'attachClub':
      return { optional: true, options: regionOpts(s, 'att', freeRegions(s).filter((r) => plain(s, r, seat) > 0), 'attach') };
    case 'stampedeFrom': {
      const regions = freeRegions(s).filter((r) => nbrs(s, r).length > 0);
      return { optional: true, options: a.count < 3 ? huntersOrRegions(s, regions, (r) => movable(s, a, r), seat, clubs > 0) : [] };
    }
    case 'stampedeHunter':
      return { optional: true, options: hunterOptions(s, movable(s, a, a.from), seat, clubs > 0) };
    case 'stampedeTo': {
      const out = regionOpts(s, 'r', nbrs(s, a.from));
      const most = stampedeMost(s, a);
      for (let k = 2; k <= most; k++) {
        for (const r of nbrs(s, a.from)) out.push(opt(`r:${r + 1}:${k}`, m('opt.moveMany', { k, r: regMsg(s, r) }), { kind: 'region', region: r, count: k }, 'regions'));
      }
      return { optional: true, options: out };
    }
    case 'removeFrom':
      return { optional: true, options: a.count < a.max ? huntersOrRegions(s, freeRegions(s), (r) => removable(s, a, r), seat, false) : [] };
    case 'removeHunter':
      return { optional: true, options: hunterOptions(s, removable(s, a, a.from), seat, false) };
    case 'clubOrMove': {
      const out: O[] = [];
      if (s.clubs > 0) out.push(opt('club', m('opt.takeClub'), { kind: 'takeClub' }));
      if (onBoard(s, seat) > 0) out.push(opt('move', m('opt.moveTwo'), { kind: 'moveOwn' }));
      return { optional: true, options: out };
    }
    case 'moveOwnFrom':
      return { optional: true, options: a.count < a.max ? ownMoveSources(s, a) : [] };
    case 'moveOwnTo':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => r !== a.from)) };
    case 'removeMammoth':
      return { optional: true, options: regionOpts(s, 'r', freeRegions(s).filter((r) => s.mammothsIn[r] > 0)) };
    case 'done':
      return { optional: true, options: [] };
    default:
      throw new Error(`unknown step ${a.step}`);
  }
}

// ---------------------------------------------------------------- action steps: perform

/** The actor puts `k` hunters from the supply into region `r` (a placing step, or several at once). */
function placeFromSupply(s: S, r: number, k: number): void {
  const a = s.act!;
  for (let i = 0; i < k; i++) {
    s.supply[a.seat]--;
    addHunter(s, r, a.seat, false);
    a.arrived.push(r, a.seat, 0);
    log(s, 'ev.place', { p: seatRef(a.seat), r: regMsg(s, r) });
    a.count++;
  }
}

/** The actor gives one of its clubs to its hunter that just went into region `r`. */
function attachClub(s: S, r: number): void {
  const seat = s.act!.seat;
  s.clubsHeld[seat]--;
  log(s, 'ev.attach', { p: seatRef(seat), r: regMsg(s, r) });
}

/** The region a region option names (every option of the steps that read it is one). */
const regionIn = (p: Payload): number => (p as { region: number }).region;

/** Carries out one option of the current action step (see `stepOptions`). */
function performStep(s: S, p: Payload, events: GameEvent[]): void {
  const a = s.act!;
  const seat = a.seat;
  const who = seatRef(seat);
  switch (a.step) {
    case 'chooseTopCard': {
      const top = p.kind === 'topCard' && p.colour === 'light' ? s.topL! : s.topD!;
      const lines = a.log;
      s.act = newAct(s, a.card, top, a.owner);
      s.act.log = lines;
      log(s, 'ev.cultChoice', { p: who, card: cardMsg(s, top) });
      startEffect(s, events);
      return;
    }
    case 'chooseTarget': {
      const q = (p as { seat: Seat }).seat;
      log(s, 'ev.target', { p: who, q: seatRef(q) });
      commit(s, events);
      begin(s, q);
      return;
    }
    case 'landscapeMode': {
      const mode = p.kind === 'mode' || p.kind === 'place' ? p.mode : undefined;
      if (mode === 'land') { a.land = landRegions(s, a.effect); a.max = 3; } else { a.land = null; a.max = 2; }
      a.step = 'place';
      if (p.kind === 'place') placeFromSupply(s, p.region, p.count);
      return;
    }
    case 'place':
    case 'placeMovedTo': {
      if (p.kind === 'ownHunter') {
        a.from = p.region; a.clubbed = p.club; a.step = 'placeMovedTo';
        return;
      }
      const { region: r, count, club } = p as Placing;
      if (a.step === 'place' && count > 1) {
        placeFromSupply(s, r, count);
        return;
      }
      if (a.step === 'placeMovedTo') {
        takeHunter(s, a.from, seat, a.clubbed);
        addHunter(s, r, seat, a.clubbed || club);
        a.arrived.push(r, seat, a.clubbed || club ? 1 : 0);
        log(s, 'ev.moveOwn', { p: who, from: regMsg(s, a.from), to: regMsg(s, r) });
      } else {
        s.supply[seat]--;
        addHunter(s, r, seat, club);
        a.arrived.push(r, seat, club ? 1 : 0);
        log(s, 'ev.place', { p: who, r: regMsg(s, r) });
      }
      if (club) attachClub(s, r);
      a.count++;
      a.step = 'place';
      return;
    }
    case 'huntersMammothRegion':
      a.from = regionIn(p); a.step = 'huntersMammoth';
      return;
    case 'huntersMammoth': {
      if (p.kind === 'place') {
        s.supply[seat]--;
        addHunter(s, a.from, seat, p.club);
        log(s, 'ev.place', { p: who, r: regMsg(s, a.from) });
        if (p.club) attachClub(s, a.from);
        a.count++;
      } else if (p.kind === 'mammoth') {
        s.mammoths--; s.mammothsIn[a.from]++; a.mammothMoved = true;
        log(s, 'ev.mammothPlace', { p: who, r: regMsg(s, a.from) });
      } else if (p.kind === 'mammothFrom') {
        s.mammothsIn[p.region]--; s.mammothsIn[a.from]++; a.mammothMoved = true;
        log(s, 'ev.mammothMove', { p: who, from: regMsg(s, p.region), to: regMsg(s, a.from) });
      } else if (p.kind === 'ownHunter') {
        takeHunter(s, p.region, seat, p.club);
        addHunter(s, a.from, seat, p.club || p.attach);
        log(s, 'ev.moveOwn', { p: who, from: regMsg(s, p.region), to: regMsg(s, a.from) });
        if (p.attach) attachClub(s, a.from);
        a.count++;
      }
      return;
    }
    case 'trekFrom': a.from = regionIn(p); a.step = 'trekTo'; return;
    case 'trekTo': a.to = regionIn(p); a.step = 'trek'; return;
    case 'trek': {
      if (p.kind === 'mammoth') {
        s.mammothsIn[a.from]--; s.mammothsIn[a.to]++; a.mammothMoved = true;
        log(s, 'ev.mammothMove', { p: who, from: regMsg(s, a.from), to: regMsg(s, a.to) });
        return;
      }
      const { club, attach } = p as { club: boolean; attach: boolean };
      takeHunter(s, a.from, seat, club);
      addHunter(s, a.to, seat, club || attach);
      log(s, 'ev.moveOwn', { p: who, from: regMsg(s, a.from), to: regMsg(s, a.to) });
      if (attach) attachClub(s, a.to);
      a.count++;
      return;
    }
    case 'mammothMove': {
      const move = (p as { move: MammothMove }).move;
      const cost = mammothCosts(s)[move];
      s.stones[seat] -= cost; s.light += cost;
      log(s, 'ev.pay', { p: who, n: cost });
      a.mode = move;
      // a new mammoth comes from beside the board; with none left there, one on the board is chosen first
      a.step = move === 'place' && s.mammoths > 0 ? 'mammothTo' : 'mammothFrom';
      return;
    }
    case 'mammothFrom': a.from = regionIn(p); a.step = 'mammothTo'; return;
    case 'mammothTo': {
      const r = regionIn(p);
      if (a.from < 0) {
        s.mammoths--; s.mammothsIn[r]++;
        log(s, 'ev.mammothPlace', { p: who, r: regMsg(s, r) });
      } else {
        s.mammothsIn[a.from]--; s.mammothsIn[r]++;
        log(s, 'ev.mammothMove', { p: who, from: regMsg(s, a.from), to: regMsg(s, r) });
      }
      a.step = 'done';
      return;
    }
    case 'fireFrom':
      a.chosen = (p as { tile: number }).tile; a.from = s.fireAt[a.chosen]!; a.step = 'fireTo';
      return;
    case 'fireTo': {
      const r = regionIn(p);
      s.fireAt[a.chosen] = r;
      log(s, 'ev.fire', { p: who, from: regMsg(s, a.from), to: regMsg(s, r) });
      a.step = 'done';
      return;
    }
    case 'swapFirst':
    case 'swapFirstHunter': {
      if (p.kind === 'region') { a.from = p.region; a.step = 'swapFirstHunter'; return; }
      const h = p as Extract<Payload, { kind: 'hunter' }>;
      a.from = h.region ?? a.from; a.chosen = h.seat; a.clubbed = h.club; a.attach = h.attach; a.step = 'swapSecond';
      return;
    }
    case 'swapSecond':
    case 'swapSecondHunter': {
      if (p.kind === 'region') { a.to = p.region; a.step = 'swapSecondHunter'; return; }
      const h = p as Extract<Payload, { kind: 'hunter' }>;
      a.to = h.region ?? a.to;
      takeHunter(s, a.from, a.chosen, a.clubbed);
      takeHunter(s, a.to, h.seat, h.club);
      addHunter(s, a.to, a.chosen, a.clubbed || a.attach);
      addHunter(s, a.from, h.seat, h.club || h.attach);
      log(s, 'ev.swap', { p: who, q1: seatRef(a.chosen), r1: regMsg(s, a.from), q2: seatRef(h.seat), r2: regMsg(s, a.to) });
      if (a.attach) attachClub(s, a.to);
      if (h.attach) attachClub(s, a.from);
      a.step = 'done';
      return;
    }
    case 'clubOrMammoth':
    case 'clubOrMove':
      if (p.kind === 'takeClub') {
        s.clubs--; s.clubsHeld[seat]++;
        log(s, 'ev.takeClub', { p: who });
        a.step = 'attachClub';
      } else if (p.kind === 'moveOwn') {
        a.max = 2; a.step = 'moveOwnFrom';
      } else if (s.mammoths > 0) {
        a.mode = 'place'; a.step = 'mammothTo';
      } else {
        a.mode = 'neighbour'; a.step = 'mammothFrom';
      }
      return;
    case 'attachClub': {
      const r = regionIn(p);
      s.clubbed[r]![seat]!++;
      attachClub(s, r);
      a.step = 'done';
      return;
    }
    case 'stampedeFrom':
    case 'stampedeHunter': {
      if (p.kind === 'region') { a.from = p.region; a.step = 'stampedeHunter'; return; }
      const h = p as Extract<Payload, { kind: 'hunter' }>;
      a.from = h.region ?? a.from; a.chosen = h.seat; a.clubbed = h.club; a.attach = h.attach; a.step = 'stampedeTo';
      return;
    }
    case 'stampedeTo': {
      const r = regionIn(p);
      for (let k = (p as { count?: number }).count ?? 1; k > 0; k--) {
        takeHunter(s, a.from, a.chosen, a.clubbed);
        addHunter(s, r, a.chosen, a.clubbed || a.attach);
        a.arrived.push(r, a.chosen, a.clubbed || a.attach ? 1 : 0);
        a.owners.push(a.chosen);
        log(s, a.chosen === seat ? 'ev.moveOwn' : 'ev.moveOther', { p: who, q: seatRef(a.chosen), from: regMsg(s, a.from), to: regMsg(s, r) });
        if (a.attach) attachClub(s, r);
        a.count++;
      }
      a.step = 'stampedeFrom';
      return;
    }
    case 'removeFrom':
    case 'removeHunter': {
      if (p.kind === 'region') { a.from = p.region; a.step = 'removeHunter'; return; }
      const h = p as Extract<Payload, { kind: 'hunter' }>;
      const r = h.region ?? a.from;
      a.step = 'removeFrom';
      takeHunter(s, r, h.seat, h.club);
      s.supply[h.seat]++;
      if (h.club) s.clubs++;
      a.owners.push(h.seat);
      log(s, 'ev.remove', { p: who, q: seatRef(h.seat), r: regMsg(s, r) });
      a.count++;
      return;
    }
    case 'moveOwnFrom': {
      const h = p as Extract<Payload, { kind: 'ownHunter' }>;
      a.from = h.region; a.clubbed = h.club; a.attach = h.attach; a.step = 'moveOwnTo';
      return;
    }
    case 'moveOwnTo': {
      const r = regionIn(p);
      takeHunter(s, a.from, seat, a.clubbed);
      addHunter(s, r, seat, a.clubbed || a.attach);
      a.arrived.push(r, seat, a.clubbed || a.attach ? 1 : 0);
      log(s, 'ev.moveOwn', { p: who, from: regMsg(s, a.from), to: regMsg(s, r) });
      if (a.attach) attachClub(s, r);
      a.count++;
      a.step = 'moveOwnFrom';
      return;
    }
    case 'removeMammoth': {
      const r = regionIn(p);
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
    else if (!res.optional && res.options.length === 1) performStep(s, res.options[0]!.payload!, events);
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
  commitSteps(s);
  if (s.ending) {
    endSettling(s, events);
    return;
  }
  s.seat = (s.seat + 1) % s.players;
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
    for (let q = 0; q < s.players; q++) {
      s.supply[q] += removed[q]!;
      s.hunters[r]![q] = reg.h[q]!;
    }
    lines.push({ region: r, mammoths: mm, fires, limit, before, clubs: reg.c, removed, points: Array(s.players).fill(0), perHunter: pointsPerHunter(mm) });
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
    for (let q = 0; q < s.players; q++) {
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
  let tied = Array.from({ length: s.players }, (_, q) => q);
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
  for (let q = 0; q < s.players; q++) {
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
    const share = Math.ceil((MIN_DARK - s.dark) / s.players);
    const paid: Msg[] = [];
    for (let q = 0; q < s.players; q++) {
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
  s.seat = (ender + 1) % s.players;
  events.push({ msg: m('ev.roundStart', { round: s.round, p: seatRef(s.seat) }) });
  beginTurn(s);
}

// ---------------------------------------------------------------- decisions

/** The decisions owed in a state. */
function decisions(s: S): Decision<Payload>[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'pre') {
    const options = regionOpts(s, 'to', freeRegions(s), 'place');
    return [{ seat: s.seat, prompt: m('prompt.pre', { left: Math.ceil(s.preLeft / s.players) }), options, defaultOption: options[0]!.id }];
  }
  if (s.phase === 'glacier') {
    const options = [...regionOpts(s, 'g', glacierCandidates(s)), opt('none', m('opt.noGlacier'), undefined, undefined, { role: 'pass' })];
    return [{ seat: s.glacierSeat, prompt: m('prompt.glacier'), options, defaultOption: 'none' }];
  }
  const seat = s.seat;
  if (s.stage === 'play') return [playDecision(s)];
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
    if (canTakeBack(s)) all.push(BACK);
    const base = m(`prompt.${a.step}`, { card: cardMsg(s, a.effect), n: a.count, max: a.max, p: seatRef(a.owner) });
    const prompt = ends.length ? m('prompt.orEnd', { prompt: base }) : base;
    return [{ seat: a.seat, prompt, options: all, defaultOption: ends[0]?.id ?? (optional ? 'finish' : options[0]!.id) }];
  }
  if (s.stage === 'discard') {
    const options = discardOptions(s);
    if (canTakeBack(s)) options.push(BACK);
    return [{ seat, prompt: m('prompt.discard'), options, defaultOption: options[0]!.id }];
  }
  // draw
  const need = HAND - s.hands[seat]!.length;
  const options = drawChoices(s).map((l) => opt(`dr:${l}`, m('opt.draw', { l, d: need - l }), { kind: 'draw', light: l }));
  return [{ seat, prompt: m('prompt.draw', { n: need }), options, defaultOption: options[0]!.id }];
}

/**
 * Choosing the card to play: `c:<card>`, or `c:<card>:<seat>` for a dark card handed on to that seat in the same
 * choice. Cards that cannot be played are listed as unavailable, with the reason; when none can be played, every card
 * may be laid down without effect (`v:<card>`).
 */
function playDecision(s: S): Decision<Payload> {
  const seat = s.seat;
  const hand = s.hands[seat]!;
  const options: O[] = [];
  const unavailable: { label: Msg; reason: Msg }[] = [];
  for (const id of hand) {
    const why = blockedReason(s, seat, id);
    if (why) unavailable.push({ label: cardMsg(s, id), reason: why });
    else if (handsOn(s, id)) {
      for (const q of others(s, seat)) {
        options.push(opt(`c:${id}:${q}`, m('opt.playFor', { card: cardMsg(s, id), p: seatRef(q) }), { kind: 'play', card: id, target: q }, 'playDark', { detail: cardDetail(s, id) }));
      }
    } else options.push(opt(`c:${id}`, cardMsg(s, id), { kind: 'play', card: id }, undefined, { detail: cardDetail(s, id) }));
  }
  if (options.length === 0) {
    const voids = hand.map((id) => opt(`v:${id}`, m('opt.playVoid', { card: cardMsg(s, id) }), { kind: 'playVoid', card: id }));
    return { seat, prompt: m('prompt.playNone'), options: voids, defaultOption: voids[0]!.id };
  }
  const prompt = s.startStones >= EIGHT ? m('prompt.playEight') : m('prompt.play');
  const d: Decision<Payload> = { seat, prompt, options, defaultOption: options[0]!.id };
  if (unavailable.length) d.unavailable = unavailable;
  return d;
}

/**
 * Discarding and refilling the hand in one choice: with a choice of mix after a discard, each discard comes with each
 * mix ("Discard nothing, draw 1 light + 1 dark": `keep:<light>`, `d:<card>:<light>`); without one, the discard alone
 * (`keep`, `d:<card>`) and the hand is refilled by itself. In the last settling turn of the game nothing is drawn.
 */
function discardOptions(s: S): O[] {
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
  const out: O[] = [];
  const need = HAND - hand.length + 1;
  const keepMixes = mixes(null);
  if (keepMixes.length === 0) out.push(opt('keep', m('opt.keep'), { kind: 'discard', card: null }, undefined, { role: 'pass' }));
  for (const l of keepMixes) {
    out.push(opt(`keep:${l}`, m('opt.keepDraw', { l, d: need - 1 - l }), { kind: 'discard', card: null, light: l }, undefined, { style: 'primary' }));
  }
  for (const id of hand) {
    const ls = mixes(id);
    if (ls.length === 0) out.push(opt(`d:${id}`, cardMsg(s, id), { kind: 'discard', card: id }, 'discard'));
    for (const l of ls) out.push(opt(`d:${id}:${l}`, m('opt.discardDraw', { card: cardMsg(s, id), l, d: need - l }), { kind: 'discard', card: id, light: l }, 'discardDraw'));
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
function asEnd(o: O): O {
  const discard = o.payload as DiscardPayload;
  const keep = discard.card === null;
  return {
    ...o, id: `end.${o.id}`, payload: { kind: 'endAction', discard },
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
function perform(s: S, seat: Seat, option: O): { events: GameEvent[]; revealed: boolean } {
  const events: GameEvent[] = [];
  const p = option.payload;
  if (s.phase === 'pre') {
    const r = regionIn(p!);
    s.supply[seat]--;
    addHunter(s, r, seat, false);
    events.push({ msg: m('ev.place', { p: seatRef(seat), r: regMsg(s, r) }) });
    s.preLeft--;
    s.seat = (s.seat + 1) % s.players;
    if (s.preLeft > 0) return { events, revealed: false };
    for (let k = 0; k < s.players; k++) {
      const q = (s.start + k) % s.players;
      for (let i = 0; i < 2; i++) s.hands[q]!.push(s.drawL.pop()!);
      for (let i = 0; i < 3; i++) s.hands[q]!.push(s.drawD.pop()!);
    }
    s.phase = 'settle';
    s.seat = s.start;
    events.push({ msg: m('ev.dealt') }, { msg: m('ev.roundStart', { round: 1, p: seatRef(s.seat) }) });
    beginTurn(s);
    return { events, revealed: true };
  }
  if (s.phase === 'glacier') {
    if (option.role === 'pass') {
      events.push({ msg: m('ev.noGlacier', { p: seatRef(seat) }) });
      setGlacierReport(s, seat, null);
    } else {
      const r = regionIn(p!);
      placeGlacier(s, r, events);
      setGlacierReport(s, seat, r);
    }
    nextRound(s, events);
    return { events, revealed: true };
  }
  if (option.role === 'back') {
    // a remembered step without a payload is the card player's Done
    takeBack<S, Payload>(s, (t, step) => perform(t, seat, step.payload ? step : FINISH));
    return { events, revealed: false };
  }
  if (p?.kind === 'playVoid') {
    s.hands[seat]!.splice(s.hands[seat]!.indexOf(p.card), 1);
    if (dataOf(s).card[p.card]!.kind === 'cult') putUnder(s, p.card); else putOnTop(s, p.card);
    events.push({ msg: m('ev.playVoid', { p: seatRef(seat), card: cardMsg(s, p.card) }) });
    s.act = newAct(s, p.card, p.card, seat);
    s.stage = 'discard';
    return { events, revealed: false };
  }
  if (p?.kind === 'play') {
    // a dark card other than a cult card is handed on (or void) in this very choice, which commits it: nothing to remember
    const c = dataOf(s).card[p.card]!;
    if (c.colour === 'light' || c.kind === 'cult') rememberStep(s, option);
    playCard(s, seat, p.card, events);
    if (p.target !== undefined && s.act?.step === 'chooseTarget') performStep(s, { kind: 'target', seat: p.target }, events);
    settleAct(s, events);
    return { events, revealed: false };
  }
  if (p?.kind === 'endAction') {
    // the card player's "done" with the discard and draw that follow it
    actorDone(s, events);
    return perform(s, seat, { ...option, payload: p.discard });
  }
  if (s.stage === 'act') {
    // (another seat's Done commits its part: nothing to remember)
    if (option.role !== 'finish' || s.act!.seat === s.act!.owner) rememberStep(s, option);
    if (option.role === 'finish') actorDone(s, events);
    else performStep(s, p!, events);
    settleAct(s, events);
    return { events, revealed: false };
  }
  if (p?.kind === 'discard') {
    discard(s, seat, p, events);
    return { events, revealed: true };
  }
  // draw
  drawMix(s, (p as { light: number }).light, events);
  endTurn(s, events);
  return { events, revealed: true };
}

/** The end of a card player's turn: the discard (if any), then the hand is refilled (in the mix chosen with it). */
function discard(s: S, seat: Seat, p: DiscardPayload, events: GameEvent[]): void {
  commit(s, events);
  if (p.card !== null) {
    s.hands[seat]!.splice(s.hands[seat]!.indexOf(p.card), 1);
    putUnder(s, p.card);
    events.push({ msg: m('ev.discard', { p: seatRef(seat) }) }, { msg: m('ev.discardPrivate', { card: cardMsg(s, p.card) }), to: [seat] });
  }
  s.act = null;
  if (s.ending && lastRound(s)) {
    endTurn(s, events);
    return;
  }
  s.stage = 'draw';
  if (p.light !== undefined) {
    drawMix(s, p.light, events);
    endTurn(s, events);
  } else drawUp(s, events);
}

// ---------------------------------------------------------------- outcome, metrics

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

/** Final ranking: score, then more hunters on the board, then more stones; still equal means a shared place. */
export function outcome(s: S): Outcome | null {
  if (s.phase !== 'over') return null;
  const key = (q: Seat) => [s.score[q], onBoard(s, q), s.stones[q]];
  const cmp = (x: Seat, y: Seat) => {
    const a = key(x), b = key(y);
    for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
    return 0;
  };
  const order = Array.from({ length: s.players }, (_, q) => q).sort((x, y) => cmp(x, y) || x - y);
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

function metrics(s: S): Record<string, number> {
  const out: Record<string, number> = { rounds: s.turnLog.length, glaciersPlaced: s.glacierCount };
  s.turnLog.forEach((t, i) => { out[`settlingTurnsPerPlayer.r${i + 1}`] = t / s.players; });
  const scores = s.score;
  out['score.max'] = Math.max(...scores);
  out['score.min'] = Math.min(...scores);
  out['score.mean'] = sum(scores) / s.players;
  return out;
}

/**
 * The rules of Eiszeit as engine functions. The engine object (index.ts) adds the view and `determinize` (view.ts),
 * the computer players' `estimate` (ai.ts) and `upgrade` for stored states (upgrade.ts).
 */
export const eiszeitRules = {
  id: 'eiszeit',
  name: 'Eiszeit',
  minPlayers: 3,
  maxPlayers: 5,
  dataVersions: DATA,
  lobbyOptions: [
    { id: 'length', label: m('lobby.length'), choices: [{ value: 'full', label: m('lobby.full') }, { value: 'short', label: m('lobby.short') }] },
  ],
  messages,
  setup,
  decisions,
  perform,
  outcome,
  metrics,
} satisfies Partial<GameEngine<EiszeitState, EiszeitView, Payload>>;
