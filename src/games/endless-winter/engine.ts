/**
 * Endless Winter engine: setup, the guided turn (progress cards → figure → labour → column spaces), the gain queue
 * (every symbol that needs a choice becomes a small decision), the eclipse, preparation and final scoring.
 *
 * Options carry typed payloads (`EwPayload` in state.ts) that `perform` reads; ids only name them. Steps that can be
 * taken back (labour bought with food, a second progress card before its discard) use the shared `takeback` of
 * `src/engine/compound.ts`.
 *
 * Rule module beside it: `geometry.ts`, the terrain map's tiles and meeting points and the build site's grid.
 */
import { RULES } from './versions.js';
import { backOption, canTakeBack, commitSteps, finishOption, noTakeback, rememberStep, takeBack } from '../../engine/compound.js';
import { msg } from '../../engine/i18n.js';
import { randInt, seedRng, shuffle, type RngState } from '../../engine/rng.js';
import type { Decision, GameEngine, GameEvent, LobbyOptions, Msg, Option, Outcome, Seat } from '../../engine/types.js';
import { COLS, DATA, type Ability, type Atom, type AtomKind, type Col } from './data.js';
import { NEIGHBOURS, ORTHO, POINTS, SETTLEABLE } from './geometry.js';
import { ewMessages } from './messages.js';
import {
  campsOnBoard, campsOnMap, colIndex, def, foodForOneLabour, foodLimit, GLACIER, labourFromFood, maxFame, megalithsLeft,
  cardTable, dataOf, ICE_UP, speciesOf, SUPPLY, supplyTop, type EwOption, type EwOptions, type EwPayload, type EwState, type PState,
  type QItem, type Turn, upgrade,
} from './state.js';
import { laterEclipseIncomes, takeAllOption, takeEclipseIncomes } from './eclipse-income.js';
import { boardIncome, layout, living, scoreFinal, terrainIncome } from './scoring.js';
import { performThenIdol, thenIdolOptions } from './then-idol.js';
import { foodPaidOptions, topItems, topSets } from './top.js';
import { withWalks } from './walk.js';
import { buildView, determinize, type EwView } from './view.js';

/** Moved to scoring.ts; still offered here for the engine's users. */
export { scoreFinal, stoneScore, terrainIncomeTiles } from './scoring.js';

const m = msg;
const LADDER: AtomKind[] = ['megalith', 'draw', 'idol', 'tool', 'food'];
const FIG_CHIEF = 0;

// ---------------------------------------------------------------------------------------------------------------
// Setup

export function parseOptions(o: LobbyOptions): EwOptions {
  const setupOpt = o.setup === 'cards' || o.setup === 'both' ? o.setup : 'random';
  return { setup: setupOpt, short: o.short === 'yes', majority: o.majority === 'yes', ice: o.ice === 'yes', rest: o.rest === 'yes' };
}

export function setup(players: number, options: LobbyOptions, seed: string): EwState {
  if (!Number.isInteger(players) || players < 2 || players > 4) throw new Error('Endless Winter is for 2 to 4 players');
  const opts = parseOptions(options);
  const dataVersion = DATA.fromOptions(options);
  const rulesVersion = RULES.fromOptions(options);
  const data = DATA.get(dataVersion);
  const rng = seedRng(seed);
  // Card ids are handed out in a fixed order (the data's card tables list the same order): supplies, progress decks,
  // starting decks. Supplies hold identical cards: the ids of type i are i*15 .. i*15+14, taken from the lowest up; only
  // counts are kept.
  let cardCount = 0;
  const newCard = (_defIdx: number): number => cardCount++;
  data.members.forEach((id) => { const d = data.cards.findIndex((c) => c.id === id); for (let i = 0; i < data.cards[d]!.copies; i++) newCard(d); });
  const supply = data.members.map(() => SUPPLY);
  const progOf = (age: 1 | 2): number[] => shuffle(rng, data.cards.map((c, i) => (c.kind === 'progress' && c.age === age ? i : -1)).filter((i) => i >= 0).map(newCard));
  const prog1 = progOf(1);
  const prog2 = progOf(2);
  const display = prog1.splice(0, data.display);
  const startDefs = data.cards.map((c, i) => (c.supply === 'start' ? i : -1)).filter((i) => i >= 0);

  // Terrain: one of each type + glaciers by player count, filled up at random to 18, shuffled around the start tile.
  const glaciers = data.glaciersByPlayers[String(players)]!;
  const chosen: number[] = data.terrain.map((_, i) => i);
  for (let g = 0; g < glaciers; g++) chosen.push(GLACIER);
  const rest: number[] = [];
  data.terrain.forEach((t, i) => { for (let c = 1; c < t.copies; c++) rest.push(i); });
  shuffle(rng, rest);
  while (chosen.length < data.mapTiles) chosen.push(rest.pop()!);
  shuffle(rng, chosen);
  const tiles = [-1, ...chosen];

  const stonesOf = (age: 1 | 2): number[] => shuffle(rng, data.stones.map((s, i) => (s.age === age ? i : -1)).filter((i) => i >= 0));
  const slots = data.stoneSlots[String(players)]!;
  const stonesL = stonesOf(1).slice(0, slots);
  const stonesR = stonesOf(2).slice(0, slots);

  const patterns = data.site.patterns.map((p, i) => (p.players === players ? i : -1)).filter((i) => i >= 0);
  const sitePat = patterns[randInt(rng, patterns.length)]!;
  const siteTiles = shuffle(rng, [0, 1, 2, 3]);

  const animalDeck = shuffle(rng, data.speciesOf.map((_, i) => i));
  const order = shuffle(rng, Array.from({ length: players }, (_, i) => i));

  const ice = new Array(19).fill(-1) as number[];
  let iceBox: number[] = [];
  if (opts.ice) {
    const finds = shuffle(rng, data.iceFinds.map((_, i) => i));
    tiles.forEach((t, i) => { if (t === GLACIER) ice[i] = finds.pop()!; });
    iceBox = finds;
  }
  const restDeck = opts.rest ? shuffle(rng, data.restTiles.map((_, i) => i)) : [];
  const restUp = opts.rest ? restDeck.shift()! : -1;

  const chiefOrder = shuffle(rng, data.chiefs.map((_, i) => i));
  const cardOrder = shuffle(rng, data.setupCards.map((_, i) => i));

  const p: PState[] = [];
  for (let seat = 0; seat < players; seat++) {
    const deck: number[] = [];
    for (const d of startDefs) for (let c = 0; c < data.cards[d]!.copies; c++) deck.push(newCard(d));
    shuffle(rng, deck);
    p.push({
      chief: opts.setup === 'both' ? -1 : chiefOrder[seat]!, side: -1,
      setupCard: opts.setup === 'random' ? cardOrder[seat]! : -1,
      hand: deck.splice(0, 5), deck, discard: [], played: [], stack: [], buried: [],
      food: 0, tool: 0, score: 0, settlements: 0, megs: 0, stones: [], offering: 0, fame: 0, fameAt: 0,
      animals: [], killed: [], figs: ['h', 'h', opts.short ? 'x' : 'h'], rest: 0, restTile: -1,
    });
  }
  const camps = new Array(tiles.length * players).fill(0) as number[];
  for (let seat = 0; seat < players; seat++) camps[seat] = 1;

  const s: EwState = {
    rng, dataVersion, ...RULES.field(rulesVersion), n: players, opts, round: 1, phase: 'setup', supply, prog1, prog2, display, box: [], animalDeck, ground: [],
    stonesL, stonesR, tiles, camps, settle: POINTS.map(() => -1), ice, iceBox,
    sitePat, siteTiles, megs: [], cols: COLS.map(() => ({ figures: [], bottom: -1 })), order, roundOrder: [...order], orderPos: 0, players: p,
    queue: [], queueSeat: -1, turn: null,
    setupStep: opts.setup === 'both' ? { kind: 'chief', idx: 0 } : { kind: 'side', idx: 0 },
    offerChiefs: opts.setup === 'both' ? chiefOrder.slice(0, players + 1) : [],
    offerCards: opts.setup !== 'random' ? cardOrder.slice(0, players + 1) : [],
    eclipse: null, restDeck, restUp, turns: 0, final: null, takeback: noTakeback(),
  };
  while (s.ground.length < players + 1 && s.animalDeck.length) s.ground.push(s.animalDeck.pop()!);
  advance(s, []);
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

const seatRef = (seat: number): { seat: number } => ({ seat });
const half = (h: number): string => (h % 2 === 0 ? String(h / 2) : h === 1 ? '½' : `${Math.floor(h / 2)}½`);

export function atomMsg(a: Atom): Msg {
  return m(`atom.${a.k}`, { n: a.k === 'labour' ? half(a.n) : a.n });
}
export function atomsMsg(list: Atom[]): Msg {
  return list.length ? m('list', { items: list.map(atomMsg) }) : m('atom.nothing');
}
export function abilityMsg(a: Ability): Msg {
  const body = a.cost.length ? m('ability.exchange', { cost: atomsMsg(a.cost), gain: atomsMsg(a.gain) }) : atomsMsg(a.gain);
  return a.col ? m('ability.col', { col: m(`col.${a.col}`), body }) : body;
}
const cardName = (s: EwState, card: number): Msg => m(`card.${def(s, card).id}`);
const defName = (s: EwState, d: number): Msg => m(`card.${dataOf(s).cards[d]!.id}`);

/** Set when a step shows something that was hidden (a card drawn, an animal or a tile turned). */
let revealedFlag = false;

function drawCards(s: EwState, seat: number, n: number): number {
  const pl = s.players[seat]!;
  if (n > 0) revealedFlag = true;
  let got = 0;
  for (let i = 0; i < n; i++) {
    if (!pl.deck.length) {
      if (!pl.discard.length) break;
      pl.deck = shuffle(s.rng, pl.discard);
      pl.discard = [];
    }
    pl.hand.push(pl.deck.shift()!);
    got++;
  }
  return got;
}

function gainFood(s: EwState, seat: number, n: number): void {
  const pl = s.players[seat]!;
  pl.food = Math.min(foodLimit(s, seat), pl.food + n);
}

function clampFood(s: EwState, seat: number): void {
  const pl = s.players[seat]!;
  pl.food = Math.min(pl.food, foodLimit(s, seat));
}

function canPay(s: EwState, seat: number, cost: Atom[], extraHand = 0): boolean {
  const pl = s.players[seat]!;
  let food = 0, tool = 0, labour = 0, disc = 0;
  for (const a of cost) {
    if (a.k === 'food') food += a.n; else if (a.k === 'tool') tool += a.n; else if (a.k === 'labour') labour += a.n; else if (a.k === 'discard') disc += a.n;
  }
  if (pl.food < food || pl.tool < tool) return false;
  if (labour && (!s.turn || s.turn.pool < labour)) return false;
  if (disc && pl.hand.length - extraHand < disc) return false;
  return true;
}

function pay(s: EwState, seat: number, cost: Atom[]): void {
  const pl = s.players[seat]!;
  for (const a of cost) {
    if (a.k === 'food') pl.food -= a.n;
    else if (a.k === 'tool') pl.tool -= a.n;
    else if (a.k === 'labour') s.turn!.pool -= a.n;
    else if (a.k === 'discard') s.queue.unshift({ k: 'discard', n: a.n });
  }
}

/** Queues the gains of one ability or income. `income` marks it as income (the lower-income ladder applies). */
function pushGains(s: EwState, seat: number, atoms: Atom[], income: boolean): void {
  if (!atoms.length) return;
  s.queueSeat = seat;
  if (income && atoms.some((a) => a.k === 'draw' || a.k === 'tool')) s.queue.push({ k: 'bundle', n: 1, atoms: atoms.map((a) => ({ ...a })) });
  else for (const a of atoms) s.queue.push({ k: a.k, n: a.n });
}

/** Kinds whose own decision offers a decline during the eclipse, so they need no bundle around them to be optional. */
const DECLINABLE_ALONE: ReadonlySet<string> = new Set(['idol', 'megalith', 'memberHand', 'memberDiscard']);

/**
 * Queues an eclipse income (steps 1, 3 and 4), which the player may always decline ("Boni und Sonderaktionen … sind
 * immer optional"): one decision takes it, swaps part of it for a lower income, or declines it. An income made only of
 * idol steps, megaliths or tribe members needs no such decision: each of those is declined in its own decision.
 */
function pushEclipseIncome(s: EwState, seat: number, atoms: Atom[]): void {
  if (!atoms.length) return;
  s.queueSeat = seat;
  if (atoms.every((a) => DECLINABLE_ALONE.has(a.k))) for (const a of atoms) s.queue.push({ k: a.k, n: a.n });
  else s.queue.push({ k: 'bundle', n: 1, atoms: atoms.map((a) => ({ ...a })), optional: true });
}

function useAbility(s: EwState, seat: number, a: Ability): void {
  // Forced costs (a discard) are resolved before the gains.
  const gains = a.gain.filter((g) => !(g.k === 'labour' && !s.turn));
  pushGains(s, seat, gains, a.cost.length === 0);
  s.queueSeat = seat;
  pay(s, seat, a.cost);
}

const isPureLabour = (a: Ability): boolean => a.cost.length === 0 && a.gain.every((g) => g.k === 'labour');

// ---------------------------------------------------------------------------------------------------------------
// Board queries

export function legalSettlementPoints(s: EwState, seat: number): number[] {
  if (s.players[seat]!.settlements >= dataOf(s).player.settlements) return [];
  return SETTLEABLE.filter((i) => s.settle[i] === -1 && POINTS[i]!.every((t) => s.camps[t * s.n + seat]! > 0));
}

function megAt(s: EwState, l: number, x: number, y: number): number {
  return s.megs.findIndex((g) => g.l === l && g.x === x && g.y === y);
}

/** Legal megalith placements for `seat`'s next megalith: [level, x, y]. */
export function megalithSpots(s: EwState, seat: number): [number, number, number][] {
  if (megalithsLeft(s, seat) <= 0) return [];
  const neutral = s.players[seat]!.megs < dataOf(s).player.neutralMegaliths;
  const lay = layout(s);
  const occ = new Set(s.megs.map((g) => `${g.l}:${g.x}:${g.y}`));
  const out: [number, number, number][] = [];
  for (let y = 0; y < lay.h; y++) for (let x = 0; x < lay.w; x++) {
    const c = lay.cells[y * lay.w + x];
    if (!c || occ.has(`0:${x}:${y}`)) continue;
    const nextTo = Object.values(ORTHO).some(([dx, dy]) => occ.has(`0:${x + dx}:${y + dy}`));
    if (c.cell.start ? neutral : nextTo) out.push([0, x, y]);
  }
  if (!neutral) {
    for (let l = 1; l < Math.min(lay.w, lay.h); l++) for (let y = 0; y < lay.h - l; y++) for (let x = 0; x < lay.w - l; x++) {
      if (occ.has(`${l}:${x}:${y}`)) continue;
      const below = l - 1;
      if (occ.has(`${below}:${x}:${y}`) && occ.has(`${below}:${x + 1}:${y}`) && occ.has(`${below}:${x}:${y + 1}`) && occ.has(`${below}:${x + 1}:${y + 1}`)) out.push([l, x, y]);
    }
  }
  return out;
}

function neutralSpots(s: EwState, seat: number, fromX: number, fromY: number, arrows: ('N' | 'E' | 'S' | 'W')[]): [number, number][] {
  if (s.players[seat]!.megs >= dataOf(s).player.neutralMegaliths) return [];
  const lay = layout(s);
  return arrows.map((d) => [fromX + ORTHO[d][0], fromY + ORTHO[d][1]] as [number, number])
    .filter(([x, y]) => x >= 0 && y >= 0 && x < lay.w && y < lay.h && lay.cells[y * lay.w + x] && megAt(s, 0, x, y) < 0);
}

/** Places `seat`'s next megalith and gives what it earns. */
export function placeMegalith(s: EwState, seat: number, l: number, x: number, y: number, ev: GameEvent[]): void {
  const pl = s.players[seat]!;
  const neutral = pl.megs < dataOf(s).player.neutralMegaliths;
  pl.megs++;
  s.megs.push({ l, x, y, o: neutral ? -1 : seat });
  ev.push({ msg: m('ev.megalith', { p: seatRef(seat), level: l }) });
  if (l === 0) {
    const lay = layout(s);
    const c = lay.cells[y * lay.w + x]!.cell;
    const normal = c.gain.filter((g) => g.k !== 'neutral');
    if (c.gain.some((g) => g.k === 'neutral')) {
      s.queueSeat = seat;
      s.queue.unshift({ k: 'neutral', n: 1, atoms: [{ k: 'neutral', n: x * 100 + y }] });
    }
    if (normal.length) pushGains(s, seat, normal, true);
    return;
  }
  const others = new Array(s.n).fill(0) as number[];
  let mine = 0;
  for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
    const g = s.megs[megAt(s, l - 1, x + dx, y + dy)]!;
    if (g.o === seat) mine += 2;
    else { mine += 1; if (g.o >= 0) others[g.o]!++; }
  }
  pl.score += mine;
  ev.push({ msg: m('ev.megalithPoints', { p: seatRef(seat), n: mine }) });
  others.forEach((pts, o) => { if (pts) { s.players[o]!.score += pts; ev.push({ msg: m('ev.megalithPoints', { p: seatRef(o), n: pts }) }); } });
}

function availableStones(s: EwState): { side: 'L' | 'R'; slot: number }[] {
  const out: { side: 'L' | 'R'; slot: number }[] = [];
  s.stonesL.forEach((st, i) => { if (st >= 0) out.push({ side: 'L', slot: i }); });
  if (s.round >= 3) s.stonesR.forEach((st, i) => { if (st >= 0) out.push({ side: 'R', slot: i }); });
  return out;
}

function takeStone(s: EwState, seat: number, side: 'L' | 'R', slot: number, ev: GameEvent[]): void {
  const arr = side === 'L' ? s.stonesL : s.stonesR;
  const st = arr[slot]!;
  arr[slot] = -1;
  s.players[seat]!.stones.push(st);
  ev.push({ msg: m('ev.stone', { p: seatRef(seat), stone: m(`stone.${dataOf(s).stones[st]!.id}`) }) });
  pushGains(s, seat, dataOf(s).stones[st]!.income, true);
}

export function moveIdol(s: EwState, seat: number, track: 'offering' | 'fame', ev: GameEvent[]): void {
  const pl = s.players[seat]!;
  if (track === 'fame') {
    pl.fame++;
    pl.fameAt = fameCounter(s);
    const pts = dataOf(s).fame.points[pl.fame] ?? 0;
    pl.score += pts;
    ev.push({ msg: m('ev.fame', { p: seatRef(seat), level: pl.fame, n: pts }) });
    return;
  }
  const top = dataOf(s).offering.length;
  if (pl.offering >= top) {
    pl.score += 1;
    ev.push({ msg: m('ev.offeringTop', { p: seatRef(seat) }) });
    return;
  }
  pl.offering++;
  ev.push({ msg: m('ev.offering', { p: seatRef(seat), pos: pl.offering }) });
  const bonus = dataOf(s).offering[pl.offering - 1]!.bonus;
  if (bonus) { s.queueSeat = seat; s.queue.unshift({ k: bonus, n: 1 }); }
}

function fameCounter(s: EwState): number {
  return 1 + Math.max(0, ...s.players.map((p) => p.fameAt));
}

function revealIce(s: EwState, tile: number, ev: GameEvent[]): void {
  // Ice finds have no effect during the eclipse.
  if (s.phase === 'action' && s.ice[tile]! >= 0 && s.ice[tile]! < ICE_UP) {
    s.ice[tile] = s.ice[tile]! + ICE_UP;
    ev.push({ msg: m('ev.ice', { gain: atomsMsg(dataOf(s).iceFinds[s.ice[tile]! - ICE_UP]!) }) });
  }
}

export function buildSettlement(s: EwState, seat: number, pt: number, ev: GameEvent[]): void {
  const pl = s.players[seat]!;
  s.settle[pt] = seat;
  pl.settlements++;
  for (const t of POINTS[pt]!) s.camps[t * s.n + seat]!--;
  clampFood(s, seat);
  ev.push({ msg: m('ev.settlement', { p: seatRef(seat) }) });
  if (s.opts.ice && s.phase === 'action') for (const t of POINTS[pt]!) if (s.ice[t]! >= ICE_UP) pushGains(s, seat, dataOf(s).iceFinds[s.ice[t]! - ICE_UP]!, true);
}

function memberSupplyTake(s: EwState, seat: number, sup: number, to: 'hand' | 'discard', ev: GameEvent[]): void {
  const pl = s.players[seat]!;
  const card = s.supply[sup]! > 0 ? supplyTop(s, sup) : undefined;
  if (card !== undefined) s.supply[sup]!--;
  if (card === undefined) {
    pl.score += 1;
    ev.push({ msg: m('ev.emptySupply', { p: seatRef(seat) }) });
    return;
  }
  (to === 'hand' ? pl.hand : pl.discard).push(card);
  ev.push({ msg: m(to === 'hand' ? 'ev.memberHand' : 'ev.memberDiscard', { p: seatRef(seat), card: cardName(s, card) }) });
}

export function kill(s: EwState, seat: number, animal: number, ev: GameEvent[]): void {
  s.players[seat]!.killed.push(animal);
  const sp = dataOf(s).species[speciesOf(s, animal)]!;
  ev.push({ msg: m('ev.kill', { p: seatRef(seat), animal: m(`animal.${sp.id}`), sp: sp.id }) });
  pushGains(s, seat, sp.kill, true);
}


// ---------------------------------------------------------------------------------------------------------------
// The gain queue

function needsDecision(s: EwState, it: QItem): boolean {
  const seat = s.queueSeat;
  const pl = s.players[seat]!;
  switch (it.k) {
    case 'bundle': return !!it.optional || it.atoms!.some((a) => (a.k === 'draw' || a.k === 'tool') && !it.settled?.includes(a.k));
    case 'restTile': case 'idol': case 'megalith': case 'memberHand': case 'memberDiscard': return true;
    case 'neutral': return neutralTargets(s, it).length > 0;
    case 'progress': return s.display.some((c) => c >= 0);
    case 'animalGround': return s.ground.length > 0;
    case 'kill': return living(pl).length > 0;
    case 'bury': return pl.hand.length + pl.discard.length + pl.played.length > 0;
    case 'discard': return pl.hand.length > 0;
    case 'move': return campsOnMap(s, seat) > 0;
    case 'settlement': return legalSettlementPoints(s, seat).length > 0;
    case 'stone': return pl.stones.length < 3 && availableStones(s).length > 0;
    default: return false;
  }
}

function neutralTargets(s: EwState, it: QItem): [number, number][] {
  const code = it.atoms![0]!.n;
  const x = Math.floor(code / 100), y = code % 100;
  const lay = layout(s);
  return neutralSpots(s, s.queueSeat, x, y, lay.cells[y * lay.w + x]!.cell.arrows);
}

/** Resolves the head of the queue if it needs no choice. Returns false when a decision is needed. */
function autoHead(s: EwState, ev: GameEvent[]): boolean {
  const it = s.queue[0]!;
  const seat = s.queueSeat;
  const pl = s.players[seat]!;
  if (needsDecision(s, it)) return false;
  s.queue.shift();
  const n = it.n;
  switch (it.k) {
    case 'bundle': s.queue.unshift(...it.atoms!.map((a) => ({ k: a.k, n: a.n }))); break;
    case 'food': gainFood(s, seat, n); ev.push({ msg: m('ev.gain', { p: seatRef(seat), gain: atomMsg({ k: 'food', n }) }) }); break;
    case 'tool': pl.tool += n; ev.push({ msg: m('ev.gain', { p: seatRef(seat), gain: atomMsg({ k: 'tool', n }) }) }); break;
    case 'points': pl.score += n; ev.push({ msg: m('ev.gain', { p: seatRef(seat), gain: atomMsg({ k: 'points', n }) }) }); break;
    case 'foodLimit': pl.food = Math.max(pl.food, foodLimit(s, seat)); break;
    case 'labour': if (s.turn) s.turn.pool += n; break;
    case 'draw': { const got = drawCards(s, seat, n); ev.push({ msg: m('ev.draw', { p: seatRef(seat), n: got }) }); break; }
    case 'reveal': for (let i = 0; i < n; i++) if (s.animalDeck.length && s.ground.length < dataOf(s).huntingGround) s.ground.push(s.animalDeck.pop()!); break;
    case 'animalDeck':
      for (let i = 0; i < n; i++) {
        const a = s.animalDeck.pop();
        if (a === undefined) { pl.score += 1; continue; }
        pl.animals.push(a);
        ev.push({ msg: m('ev.animal', { p: seatRef(seat), animal: m(`animal.${dataOf(s).species[speciesOf(s, a)]!.id}`), sp: dataOf(s).species[speciesOf(s, a)]!.id }) });
      }
      break;
    case 'campStart':
      for (let i = 0; i < n; i++) if (campsOnBoard(s, seat) > 0) s.camps[0 * s.n + seat]!++;
      break;
    case 'progress': pl.score += 1; if (n > 1) s.queue.unshift({ k: 'progress', n: n - 1 }); break;
    case 'animalGround': if (!s.animalDeck.length) pl.score += 1; if (n > 1) s.queue.unshift({ k: 'animalGround', n: n - 1 }); break;
    default: break; // nothing possible: the symbol lapses
  }
  return true;
}

function consumeOne(s: EwState): void {
  const it = s.queue[0]!;
  if (it.n > 1) it.n--; else s.queue.shift();
}

/** Puts options into one group (one select menu, however long: the bot splits what Discord cannot show at once). */
function inGroup(opts: EwOption[], group: string): EwOption[] {
  return opts.map((o) => ({ ...o, group }));
}

/** The shared control options (back, finish) carry no payload. */
const control = (o: Option): EwOption => o as EwOption;
const skipOpt = (): EwOption => ({ id: 'skip', label: m('opt.skip'), role: 'pass', style: 'secondary' });
/** Declining an eclipse bonus (same id as skipping, so a player's "pass" reads the same everywhere). */
const declineOpt = (): EwOption => ({ id: 'skip', label: m('opt.decline'), role: 'pass', style: 'secondary' });
/** Queue items that are bonuses only while the eclipse is resolved: there they may be declined. */
const DECLINE_IN_ECLIPSE: ReadonlySet<string> = new Set(['bundle', 'idol', 'megalith', 'neutral']);

/** The lower incomes below `from` on the ladder, taken instead of one `from`. */
const lowerThan = (from: AtomKind): AtomKind[] => LADDER.slice(LADDER.indexOf(from) + 1);

function downOptions(from: AtomKind): EwOption[] {
  return lowerThan(from).map((to) => ({
    id: `dn:${to}`, label: m('opt.instead', { gain: atomMsg({ k: to, n: 1 }) }), style: 'secondary' as const, group: 'grp.lower', payload: { kind: 'lower', to },
  }));
}

/** Cards of a pile, one option per card kind (identical cards need one button). */
function byDef(s: EwState, pile: number[], prefix: string, group: string, payload: (cardKind: number) => EwPayload, except = -1): EwOption[] {
  const seen = new Map<number, number>();
  for (const c of pile) if (c !== except) seen.set(cardTable(s)[c]!, (seen.get(cardTable(s)[c]!) ?? 0) + 1);
  return inGroup([...seen.entries()].map(([d, cnt]) => ({ id: `${prefix}:${d}`, label: m('opt.cardCount', { card: defName(s, d), n: cnt }), payload: payload(d) })), group);
}

/** One option per species among `animals` (the first animal of each stands for its kind). */
function bySpecies(s: EwState, animals: number[], option: (animal: number, index: number, species: number) => EwOption): EwOption[] {
  const seen = new Set<number>();
  const out: EwOption[] = [];
  animals.forEach((a, i) => { const sp = speciesOf(s, a); if (!seen.has(sp)) { seen.add(sp); out.push(option(a, i, sp)); } });
  return out;
}

const killOption = (s: EwState, id: string, animal: number, sp: number): EwOption => ({
  id, label: m('opt.kill', { animal: m(`animal.${dataOf(s).species[sp]!.id}`), gain: atomsMsg(dataOf(s).species[sp]!.kill) }), payload: { kind: 'kill', animal },
});

/**
 * Killing an animal of each species in `animals`; where its income would ask next (cards or tools, which may go down the
 * ladder), also killing it and taking the income as shown in the same choice (`<id>:t`).
 */
function killOptions(s: EwState, prefix: string, animals: number[]): EwOption[] {
  const pl = s.players[s.turn?.seat ?? s.queueSeat]!;
  return bySpecies(s, animals, (a, _, sp) => killOption(s, `${prefix}:${a}`, a, sp)).flatMap((o) => {
    const p = o.payload as Extract<EwPayload, { kind: 'kill' }>;
    const gain = dataOf(s).species[speciesOf(s, p.animal)]!.kill;
    const draws = gain.filter((g) => g.k === 'draw').reduce((x, g) => x + g.n, 0);
    if (!gain.some((g) => g.k === 'draw' || g.k === 'tool') || draws > pl.deck.length + pl.discard.length) return [o];
    const sp = dataOf(s).species[speciesOf(s, p.animal)]!;
    return [o, { ...o, id: `${o.id}:t`, label: m('opt.killTake', { animal: m(`animal.${sp.id}`), gain: atomsMsg(gain) }), payload: { ...p, take: true } }];
  });
}

/** Kills `animal` for `seat`; with `take`, its income (the queue's last item, just added) is taken as shown. */
function killTaking(s: EwState, seat: number, animal: number, take: boolean | undefined, ev: GameEvent[]): void {
  const before = s.queue.length;
  kill(s, seat, animal, ev);
  const it = s.queue[before];
  if (take && it?.k === 'bundle' && s.queue.length === before + 1) s.queue.splice(before, 1, ...it.atoms!.map((a) => ({ k: a.k, n: a.n })));
}

/** Camp moves from every tile `seat` has a camp on to each neighbour. */
function campMoves(s: EwState, seat: number, option: (from: number, to: number) => EwOption): EwOption[] {
  const out: EwOption[] = [];
  s.tiles.forEach((_, from) => {
    if (!s.camps[from * s.n + seat]) return;
    for (const to of NEIGHBOURS[from]!) out.push(option(from, to));
  });
  return out;
}

function queueDecision(s: EwState): Decision<EwPayload> {
  const it = s.queue[0]!;
  const seat = s.queueSeat;
  const pl = s.players[seat]!;
  const d = (prompt: Msg, options: EwOption[], def0?: string): Decision<EwPayload> => ({ seat, prompt, options, defaultOption: def0 ?? options[0]!.id });
  switch (it.k) {
    case 'bundle': {
      // With no card left in deck and discard pile, a draw must be swapped for a lower income.
      const draws = it.atoms!.filter((a) => a.k === 'draw').reduce((x, a) => x + a.n, 0);
      const canTake = draws <= pl.deck.length + pl.discard.length;
      const opts: EwOption[] = canTake ? [{ id: 'take', label: m('opt.take', { gain: atomsMsg(it.atoms!) }), style: 'primary', payload: { kind: 'takeIncome' } }] : [];
      // A swap names how many of that symbol go down the ladder (all of them at most), in one choice.
      for (const from of ['draw', 'tool'] as const) {
        const have = it.atoms!.filter((a) => a.k === from).reduce((x, a) => x + a.n, 0);
        if (!have || it.settled?.includes(from)) continue;
        for (let count = 1; count <= have; count++) for (const to of lowerThan(from)) {
          opts.push({
            id: count === 1 ? `dn:${from}:${to}` : `dn:${from}:${to}:${count}`, label: m('opt.swap', { from: atomMsg({ k: from, n: count }), to: atomMsg({ k: to, n: count }) }),
            style: 'secondary', group: 'grp.lower', payload: { kind: 'swapIncome', from, to, count },
          });
        }
      }
      if (it.optional) {
        // (only when this income can be taken as shown: a draw with no card left must be swapped first)
        const later = canTake ? laterEclipseIncomes(s) : [];
        if (later.length) opts.splice(1, 0, takeAllOption(it.atoms!, later));
        opts.push(declineOpt());
        return d(m('q.eclipseIncome', { gain: atomsMsg(it.atoms!) }), opts, canTake ? 'take' : 'dn:draw:food');
      }
      return d(m('q.bundle', { gain: atomsMsg(it.atoms!) }), opts, canTake ? 'take' : 'dn:draw:food');
    }
    case 'restTile': return d(m('q.restTile', { gain: atomsMsg(dataOf(s).restTiles[s.restUp]!) }), [
      { id: 'rt:take', label: m('opt.restTake', { gain: atomsMsg(dataOf(s).restTiles[s.restUp]!) }), style: 'primary', payload: { kind: 'restTile', swap: false } },
      { id: 'rt:swap', label: m('opt.restSwap'), payload: { kind: 'restTile', swap: true } },
    ], 'rt:take');
    case 'idol': {
      const opts: EwOption[] = [{ id: 'io', label: m('opt.offering', { pos: pl.offering }), style: 'primary', payload: { kind: 'idol', track: 'offering' } }];
      if (pl.fame < maxFame(s)) opts.push({ id: 'if', label: m('opt.fame', { level: pl.fame }), style: 'primary', payload: { kind: 'idol', track: 'fame' } });
      opts.push(...downOptions('idol'));
      if (s.phase === 'eclipse') opts.push(declineOpt());
      return d(m('q.idol', { n: it.n }), opts, 'io');
    }
    case 'megalith': {
      const spots = megalithSpots(s, seat).map(([level, x, y]): EwOption => ({
        id: `mg:${level}:${x}:${y}`, label: m(level === 0 ? 'opt.megGround' : 'opt.megUpper', { x: x + 1, y: y + 1, l: level }), group: level === 0 ? 'grp.ground' : 'grp.upper',
        payload: { kind: 'megalith', level, x, y },
      }));
      const opts = [...spots.filter((o) => o.group === 'grp.ground'), ...spots.filter((o) => o.group === 'grp.upper'), ...downOptions('megalith')];
      if (s.phase === 'eclipse') opts.push(declineOpt());
      return d(m('q.megalith', { left: megalithsLeft(s, seat) }), opts, opts[0]!.id);
    }
    case 'neutral': {
      const opts: EwOption[] = neutralTargets(s, it).map(([x, y]) => ({ id: `nt:${x}:${y}`, label: m('opt.megGround', { x: x + 1, y: y + 1, l: 0 }), payload: { kind: 'neutralMegalith', x, y } }));
      if (s.phase === 'eclipse') opts.push(declineOpt());
      return d(m('q.neutral'), opts);
    }
    case 'memberHand': case 'memberDiscard': {
      const opts: EwOption[] = dataOf(s).members.map((id, i) => ({
        id: `ms:${i}`, label: s.supply[i]! ? m('opt.supply', { card: m(`card.${id}`), n: s.supply[i]! }) : m('opt.supplyEmpty', { card: m(`card.${id}`) }),
        detail: memberDetail(s, i), payload: { kind: 'member', supply: i },
      }));
      opts.push(skipOpt());
      return d(m(it.k === 'memberHand' ? 'q.memberHand' : 'q.memberDiscard'), opts, 'skip');
    }
    case 'progress': {
      const opts: EwOption[] = [];
      s.display.forEach((c, i) => { if (c >= 0) opts.push({ id: `pg:${i}`, label: cardName(s, c), detail: abilityMsg(def(s, c).effect!), payload: { kind: 'progress', slot: i } }); });
      opts.push(skipOpt());
      return d(m('q.progress'), opts, 'skip');
    }
    case 'animalGround': {
      const opts = bySpecies(s, s.ground, (_, i, sp) => ({ id: `ag:${i}`, label: m(`animal.${dataOf(s).species[sp]!.id}`), payload: { kind: 'animalFromGround', index: i } }));
      return d(m('q.animalGround'), [...opts, skipOpt()], 'skip');
    }
    case 'kill': {
      const opts = killOptions(s, 'kl', living(pl));
      // a kill whose income holds an idol step, together with that step (the kill's own label as the detail)
      const species = (o: EwOption) => dataOf(s).species[speciesOf(s, (o.payload as { animal: number }).animal)]!;
      const withIdol = opts.filter((o) => species(o).kill.some((a) => a.k === 'idol'));
      const first = (o: EwOption): Msg => m('opt.killShort', { animal: m(`animal.${species(o).id}`) });
      const idol = thenIdolOptions(s, seat, withIdol, decisions, perform, { label: (o, n) => m('opt.thenIdol', { first: first(o), next: n.label }), detail: true });
      return d(m('q.kill'), [...opts, ...idol, skipOpt()], 'skip');
    }
    case 'bury': {
      const opts = [
        ...byDef(s, pl.hand, 'bh', 'grp.hand', (cardKind) => ({ kind: 'bury', pile: 'hand', cardKind })),
        ...byDef(s, pl.discard, 'bd', 'grp.discard', (cardKind) => ({ kind: 'bury', pile: 'discard', cardKind })),
        ...byDef(s, pl.played, 'bp', 'grp.played', (cardKind) => ({ kind: 'bury', pile: 'played', cardKind })),
        skipOpt(),
      ];
      return d(m('q.bury'), opts, 'skip');
    }
    case 'discard': return d(m('q.discard'), byDef(s, pl.hand, 'dh', 'grp.hand', (cardKind) => ({ kind: 'discard', cardKind })));
    case 'move': {
      const opts = campMoves(s, seat, (from, to) => ({ id: `mv:${from}:${to}`, label: m('opt.move', { from: tileMsg(s, from), to: tileMsg(s, to) }), payload: { kind: 'moveCamp', from, to } }));
      return d(m('q.move', { n: it.n }), [...inGroup(opts, 'grp.move'), skipOpt()], 'skip');
    }
    case 'settlement': {
      const opts = legalSettlementPoints(s, seat).map((point): EwOption => ({ id: `se:${point}`, label: pointMsg(s, point), payload: { kind: 'settlement', point } }));
      return d(m('q.settlement'), [...inGroup(opts, 'grp.points'), skipOpt()], 'skip');
    }
    case 'stone': {
      const opts = availableStones(s).map(({ side, slot }) => stoneOption(s, side, slot, 'sn', { kind: 'stone', side, slot }));
      return d(m('q.stone'), [...opts, skipOpt()], 'skip');
    }
    default: throw new Error(`no decision for ${it.k}`);
  }
}

/** What a tribe member of supply `i` does, for the menu line under its name: labour, abilities, eclipse, points. */
export function memberDetail(s: EwState, i: number): Msg {
  const d = dataOf(s).cards.find((c) => c.id === dataOf(s).members[i])!;
  const parts: Msg[] = [m('info.labour', { n: half(d.labour2) })];
  if (d.play.length) parts.push(m('info.play', { list: d.play.map(abilityMsg) }));
  if (d.eclipse.length || d.eclipseLabour2) parts.push(m('info.eclipse', { list: [...(d.eclipseLabour2 ? [m('atom.labour', { n: half(d.eclipseLabour2) })] : []), ...d.eclipse.map(abilityMsg)] }));
  parts.push(m('info.points', { n: d.points }));
  return m('info.member', { parts });
}

function stoneOption(s: EwState, side: 'L' | 'R', slot: number, prefix: string, payload: EwPayload): EwOption {
  const st = dataOf(s).stones[(side === 'L' ? s.stonesL : s.stonesR)[slot]!]!;
  return { id: `${prefix}:${side}:${slot}`, label: m(`stone.${st.id}`), detail: m('opt.stoneDetail', { gain: atomsMsg(st.income) }), group: 'grp.stones', payload };
}

export function tileMsg(s: EwState, tile: number): Msg {
  const t = s.tiles[tile]!;
  const name = t < 0 ? 'start' : t === GLACIER ? 'glacier' : dataOf(s).terrain[t]!.id;
  return m('tile', { n: tile, name: m(`terrain.${name}`) });
}
function pointMsg(s: EwState, pt: number): Msg {
  return m('point', { a: tileMsg(s, POINTS[pt]![0]), b: tileMsg(s, POINTS[pt]![1]), c: tileMsg(s, POINTS[pt]![2]) });
}

function takeAnimal(s: EwState, seat: number, a: number, ev: GameEvent[]): void {
  s.players[seat]!.animals.push(a);
  const sp = dataOf(s).species[speciesOf(s, a)]!;
  ev.push({ msg: m('ev.animal', { p: seatRef(seat), animal: m(`animal.${sp.id}`), sp: sp.id }) });
}

function moveCamp(s: EwState, seat: number, from: number, to: number, ev: GameEvent[]): void {
  s.camps[from * s.n + seat]!--;
  s.camps[to * s.n + seat]!++;
  revealIce(s, to, ev);
  ev.push({ msg: m('ev.move', { p: seatRef(seat), from: tileMsg(s, from), to: tileMsg(s, to) }) });
}

/** Takes the progress card of display slot `slot` into `seat`'s hand. */
function takeProgress(s: EwState, seat: number, slot: number, ev: GameEvent[]): void {
  const c = s.display[slot]!;
  s.display[slot] = -1;
  s.players[seat]!.hand.push(c);
  ev.push({ msg: m('ev.progress', { p: seatRef(seat), card: cardName(s, c) }) });
}

/** The first card of kind `cardKind` in `pile` (taken out), except `except`. */
function takeOfKind(s: EwState, pile: number[], cardKind: number, except = -1): number {
  const idx = pile.findIndex((c) => cardTable(s)[c] === cardKind && c !== except);
  return pile.splice(idx, 1)[0]!;
}

function performQueue(s: EwState, option: EwOption, ev: GameEvent[]): void {
  const it = s.queue[0]!;
  const seat = s.queueSeat;
  const pl = s.players[seat]!;
  if (option.role === 'pass') {
    if (s.phase === 'eclipse' && DECLINE_IN_ECLIPSE.has(it.k)) {
      const gain = it.k === 'bundle' ? atomsMsg(it.atoms!) : atomMsg({ k: it.k as AtomKind, n: 1 });
      ev.push({ msg: m('ev.decline', { p: seatRef(seat), gain }) });
      if (it.k === 'idol' || it.k === 'megalith') { consumeOne(s); return; }
    }
    s.queue.shift();
    return;
  }
  const p = option.payload!;
  switch (p.kind) {
    case 'swapIncome': {
      const atoms = it.atoms!;
      it.optional = false; // swapping part of an eclipse income accepts it (and spares a second click)
      // The rest of that symbol, and what it became, are taken as shown: the income is not asked about again for
      // them (a further swap of what it became is the same as swapping further down at once, which was offered).
      it.settled = [...(it.settled ?? []), p.from, p.to];
      const f = atoms.find((a) => a.k === p.from)!;
      f.n -= p.count;
      if (!f.n) atoms.splice(atoms.indexOf(f), 1);
      const t = atoms.find((a) => a.k === p.to);
      if (t) t.n += p.count; else atoms.push({ k: p.to, n: p.count });
      ev.push({ msg: m('ev.lower', { p: seatRef(seat), gain: atomMsg({ k: p.to, n: p.count }) }) });
      return;
    }
    case 'lower':
      consumeOne(s);
      s.queue.unshift({ k: p.to, n: 1 });
      ev.push({ msg: m('ev.lower', { p: seatRef(seat), gain: atomMsg({ k: p.to, n: 1 }) }) });
      return;
    case 'takeIncome': s.queue.shift(); s.queue.unshift(...it.atoms!.map((a) => ({ k: a.k, n: a.n }))); return;
    case 'takeIncomes': takeEclipseIncomes(s, seat, p.steps, ev); return;
    case 'restTile': {
      s.queue.shift();
      if (p.swap) { s.restDeck.push(s.restUp); pl.restTile = s.restDeck.shift()!; } else pl.restTile = s.restUp;
      s.restUp = -1;
      ev.push({ msg: m('ev.restTile', { p: seatRef(seat), gain: atomsMsg(dataOf(s).restTiles[pl.restTile]!) }) });
      const gains = dataOf(s).restTiles[pl.restTile]!;
      const before = s.queue.splice(0);
      pushGains(s, seat, gains, true);
      s.queue.push(...before);
      return;
    }
    case 'idol': consumeOne(s); moveIdol(s, seat, p.track, ev); return;
    case 'megalith': consumeOne(s); placeMegalith(s, seat, p.level, p.x, p.y, ev); return;
    case 'neutralMegalith': s.queue.shift(); placeMegalith(s, seat, 0, p.x, p.y, ev); return;
    case 'member': consumeOne(s); memberSupplyTake(s, seat, p.supply, it.k === 'memberHand' ? 'hand' : 'discard', ev); return;
    case 'progress': consumeOne(s); takeProgress(s, seat, p.slot, ev); return;
    case 'animalFromGround': consumeOne(s); takeAnimal(s, seat, s.ground.splice(p.index, 1)[0]!, ev); return;
    case 'kill': consumeOne(s); killTaking(s, seat, p.animal, p.take, ev); return;
    case 'bury': {
      consumeOne(s);
      pl.buried.push(takeOfKind(s, pl[p.pile], p.cardKind));
      ev.push({ msg: m('ev.bury', { p: seatRef(seat) }) });
      return;
    }
    case 'discard': consumeOne(s); pl.discard.push(takeOfKind(s, pl.hand, p.cardKind)); return;
    case 'moveCamp': consumeOne(s); moveCamp(s, seat, p.from, p.to, ev); return;
    case 'settlement': consumeOne(s); buildSettlement(s, seat, p.point, ev); return;
    case 'stone': consumeOne(s); takeStone(s, seat, p.side, p.slot, ev); return;
    default: throw new Error(`unknown queue option ${option.id}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Turns

export function newTurn(seat: number): Turn {
  return { seat, stage: 'progress', col: null, fig: -1, pool: 0, progressPlayed: 0, progressCard: -1, usedAbilities: [], recruited: [] };
}

export interface UsableAbility { key: string; ability: Ability; label: Msg }

function usableAbilities(s: EwState): UsableAbility[] {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  const out: UsableAbility[] = [];
  const fits = (a: Ability): boolean => (!a.col || a.col === t.col) && !isPureLabour(a) && canPay(s, seat, a.cost);
  for (const c of pl.played) {
    const d = def(s, c);
    if (d.kind !== 'member') continue;
    d.play.forEach((a, i) => {
      const key = `c${c}.${i}`;
      if (!t.usedAbilities.includes(key) && fits(a)) out.push({ key, ability: a, label: m('opt.ability', { card: cardName(s, c), ability: abilityMsg(a) }) });
    });
  }
  if (t.fig === FIG_CHIEF && pl.chief >= 0) {
    dataOf(s).chiefs[pl.chief]!.sides[pl.side]!.abilities.forEach((a, i) => {
      const key = `h.${i}`;
      if (!t.usedAbilities.includes(key) && fits(a)) out.push({ key, ability: a, label: m('opt.ability', { card: m(`chief.${dataOf(s).chiefs[pl.chief]!.id}`), ability: abilityMsg(a) }) });
    });
  }
  return out;
}

function abilityOptions(s: EwState): EwOption[] {
  return usableAbilities(s).map((u) => ({ id: `ab:${u.key}`, label: u.label, group: 'grp.abilities', style: 'success' as const, payload: { kind: 'ability', key: u.key } }));
}

/** Labour (halves) a member card adds in the current column: its corner value plus column labour bonuses. */
export function memberLabour(s: EwState, card: number, col: Col | null): number {
  const d = def(s, card);
  let l = d.labour2;
  for (const a of d.play) if (isPureLabour(a) && (!a.col || a.col === col)) l += a.gain.reduce((x, g) => x + g.n, 0);
  return l;
}

function progressPlayable(s: EwState, card: number): boolean {
  const t = s.turn!;
  const d = def(s, card);
  const extra = 1 + (t.progressPlayed >= 1 ? 1 : 0);
  if (t.progressPlayed >= 1 && s.players[t.seat]!.hand.length < 2) return false;
  return canPay(s, t.seat, d.effect!.cost, extra);
}

/** How option ids and messages name the figures: `c` the chief, `t` a tribe figure. */
const FIGURE_CODE = { chief: 'c', tribe: 't' } as const;

/**
 * Placing a figure, with what follows it when that is a single choice: in a column, playing every tribe member at once
 * (`go:<col>:<fig>:pa`, straight to the actions) beside choosing them next (`go:<col>:<fig>`); on the rest space, the
 * card it draws taken (`go:r:<fig>`) or swapped for a lower income (`go:r:<fig>:<idol|tool|food>`).
 */
function placementOptions(s: EwState): EwOption[] {
  const pl = s.players[s.turn!.seat]!;
  const figs: ('chief' | 'tribe')[] = [];
  if (pl.figs[0] === 'h') figs.push('chief');
  if (pl.figs[1] === 'h' || pl.figs[2] === 'h') figs.push('tribe');
  const members = pl.hand.filter((c) => def(s, c).kind === 'member').length;
  const canDraw = pl.deck.length + pl.discard.length > 0;
  const out: EwOption[] = [];
  for (const figure of figs) {
    const f = FIGURE_CODE[figure];
    const fig = m(`fig.${f}`);
    const group = `grp.fig${f}`;
    for (const col of COLS) {
      out.push({ id: `go:${col}:${f}`, label: m('opt.place', { col: m(`col.${col}`), fig, kind: f }), group, style: 'primary', payload: { kind: 'place', figure, col, playAll: false, lower: null } });
      if (members >= 2) out.push({ id: `go:${col}:${f}:pa`, label: m('opt.placePlayAll', { col: m(`col.${col}`), fig, n: members }), group, style: 'primary', payload: { kind: 'place', figure, col, playAll: true, lower: null } });
    }
    if (canDraw) out.push({ id: `go:r:${f}`, label: m('opt.place', { col: m('col.rest'), fig, kind: f }), group, payload: { kind: 'place', figure, col: 'rest', playAll: false, lower: null } });
    for (const lower of lowerThan('draw')) out.push({ id: `go:r:${f}:${lower}`, label: m('opt.placeRestLower', { fig, gain: atomMsg({ k: lower, n: 1 }) }), group, payload: { kind: 'place', figure, col: 'rest', playAll: false, lower } });
  }
  return out;
}

function topOptions(s: EwState): EwOption[] {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  const out: EwOption[] = [];
  const group = 'grp.top';
  switch (t.col) {
    case 'initiate':
      if (t.pool >= 2 && pl.tool >= 1) dataOf(s).members.forEach((id, i) => {
        if (t.recruited.includes(id)) return;
        const label = s.supply[i]! ? m('opt.recruit', { card: m(`card.${id}`) }) : m('opt.supplyEmpty', { card: m(`card.${id}`) });
        out.push({ id: `ti:${i}`, label, detail: memberDetail(s, i), group, payload: { kind: 'recruit', supply: i } });
      });
      break;
    case 'develop':
      if (t.pool >= 6) {
        s.display.forEach((c, i) => { if (c >= 0) out.push({ id: `td:${i}`, label: m('opt.buyProgress', { card: cardName(s, c) }), detail: abilityMsg(def(s, c).effect!), group, payload: { kind: 'buyProgress', slot: i } }); });
        if (!s.display.some((c) => c >= 0)) out.push({ id: 'td:x', label: m('opt.emptyPoint'), group, payload: { kind: 'buyProgress', slot: null } });
      }
      break;
    case 'migrate':
      if (pl.tool >= 1 && campsOnBoard(s, seat) > 0) out.push({ id: 'tc', label: m('opt.newCamp'), group, payload: { kind: 'newCamp' } });
      if (t.pool >= 2) out.push(...inGroup(campMoves(s, seat, (from, to) => ({ id: `tm:${from}:${to}`, label: m('opt.move', { from: tileMsg(s, from), to: tileMsg(s, to) }), payload: { kind: 'walkCamp', from, to } })), 'grp.move'));
      break;
    case 'hunt':
      if (t.pool >= 2 && s.animalDeck.length && s.ground.length < dataOf(s).huntingGround) out.push({ id: 'tr', label: m('opt.reveal'), group, payload: { kind: 'revealAnimals' } });
      if (t.pool >= 2 && pl.tool >= 1) {
        // catches have a menu of their own: several animals (of different species) may be taken in one choice
        out.push(...bySpecies(s, s.ground, (_, i, sp): EwOption => ({ id: `tt:${i}`, label: m('opt.catch', { animal: m(`animal.${dataOf(s).species[sp]!.id}`) }), group: 'grp.catch', payload: { kind: 'catch', index: i } })));
        if (!s.ground.length && !s.animalDeck.length) out.push({ id: 'tt:x', label: m('opt.emptyPoint'), group: 'grp.catch', payload: { kind: 'catch', index: null } });
      }
      break;
    default: break;
  }
  return out;
}

function middleOptions(s: EwState): EwOption[] {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  const out: EwOption[] = [];
  switch (t.col) {
    case 'initiate': if (pl.food >= 1) out.push({ id: 'mi', label: m('opt.midInitiate'), style: 'primary', payload: { kind: 'middleInitiate' } }); break;
    case 'develop': {
      if (pl.stones.length < 3 && canPay(s, seat, dataOf(s).player.stoneCosts[pl.stones.length]!)) {
        const cost = atomsMsg(dataOf(s).player.stoneCosts[pl.stones.length]!);
        for (const { side, slot } of availableStones(s)) {
          const income = atomsMsg(dataOf(s).stones[(side === 'L' ? s.stonesL : s.stonesR)[slot]!]!.income);
          out.push({ ...stoneOption(s, side, slot, 'ms', { kind: 'buyStone', side, slot }), detail: m('opt.stoneBuy', { cost, gain: income }) });
        }
      }
      break;
    }
    case 'migrate':
      if (pl.food >= 3) out.push(...inGroup(legalSettlementPoints(s, seat).map((point): EwOption => ({ id: `mv:${point}`, label: pointMsg(s, point), payload: { kind: 'buildSettlement', point } })), 'grp.points'));
      break;
    case 'hunt': out.push(...killOptions(s, 'mk', living(pl))); break;
    default: break;
  }
  return out;
}

/** Spending food for labour: `pf` for the next labour, `pf:<j>` for j labour at once (the least food for each). */
function foodLabourOption(s: EwState): EwOption[] {
  const pl = s.players[s.turn!.seat]!;
  const out: EwOption[] = [];
  let food = pl.food, spent = 0;
  for (let j = 1; ; j++) {
    const k = foodForOneLabour(s, food);
    if (!k) break;
    food -= k; spent += k;
    out.push({
      id: j === 1 ? 'pf' : `pf:${j}`, label: m(j === 1 ? 'opt.foodLabour' : 'opt.foodLabourMany', { food: spent, n: j }), style: 'secondary', ...(j > 1 ? { group: 'grp.food' } : {}),
      payload: { kind: 'foodLabour', labour: j },
    });
  }
  return out;
}

function turnDecision(s: EwState): Decision<EwPayload> {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  const d = (prompt: Msg, options: EwOption[], def0: string): Decision<EwPayload> => ({ seat, prompt, options, defaultOption: def0 });
  switch (t.stage) {
    case 'progress': {
      const prog = pl.hand.filter((c) => def(s, c).kind === 'progress' && progressPlayable(s, c));
      const place = placementOptions(s);
      // resting with the idol step instead of the card, together with the track it goes on
      const restIdol = thenIdolOptions(s, seat, place.filter((o) => o.payload?.kind === 'place' && o.payload.lower === 'idol'), decisions, perform, {
        label: (o, n) => m('opt.restIdol', { fig: m(`fig.${FIGURE_CODE[(o.payload as { figure: 'chief' | 'tribe' }).figure]}`), track: n.label }), tracksOnly: true,
      });
      const opts = [...byDef(s, prog, 'pp', 'grp.progress', (cardKind) => ({ kind: 'playProgress', cardKind })), ...place, ...restIdol];
      const def0 = ['go:r:t', 'go:r:c', 'go:r:t:food', 'go:r:c:food'].find((id) => opts.some((o) => o.id === id))!;
      return d(m(t.progressPlayed ? 'p.progressMore' : 'p.progress', { n: t.progressPlayed }), opts, def0);
    }
    case 'progDiscard': {
      const opts = [...byDef(s, pl.hand, 'dh', 'grp.hand', (cardKind) => ({ kind: 'discard', cardKind }), t.progressCard), control(backOption())];
      return d(m('p.progDiscard', { card: cardName(s, t.progressCard) }), opts, 'back');
    }
    case 'labour': {
      // The tribe members to play are ticked in one multi-select; the chosen ones are played and the actions follow
      // (food and abilities can still add labour there).
      const members = pl.hand.filter((c) => def(s, c).kind === 'member');
      const opts: EwOption[] = members.map((card) => ({ id: `pc:${card}`, label: m('opt.playCard', { card: cardName(s, card), labour: half(memberLabour(s, card, t.col)) }), group: 'grp.members', payload: { kind: 'playMember', card } }));
      if (members.length >= 2) opts.push({ id: 'pa', label: m('opt.playAll', { labour: half(members.reduce((x, c) => x + memberLabour(s, c, t.col), 0)) }), style: 'primary', payload: { kind: 'playAll' } });
      opts.push(...foodLabourOption(s), ...abilityOptions(s));
      // With no tribe member to play, the top space's actions come in this panel too (choosing one ends the labour step).
      if (!members.length) opts.push(...withWalks(s, [...topOptions(s), ...foodPaidOptions(s, topOptions)], tileMsg));
      if (canTakeBack(s)) opts.push(control(backOption()));
      opts.push(control(finishOption(m('opt.labourDone', { labour: half(t.pool) }), 'success', 'ok')));
      const sets = members.length ? [{ group: 'grp.members', min: 1, max: members.length }] : undefined;
      return { ...d(m('p.labour', { col: m(`col.${t.col}`), labour: half(t.pool), food: pl.food, tool: pl.tool, cost: m(`cost.${t.col}`) }), opts, 'ok'), ...(sets ? { sets } : {}) };
    }
    case 'top': {
      // The middle space comes in the same panel: choosing it ends the top space (one click instead of "done" first).
      const middle = middleOptions(s).map((o) => ({ ...o, group: `grp.mid.${t.col}` }));
      const done = control(finishOption(m(middle.length ? 'opt.skipMiddleEnd' : 'opt.toMiddle'), 'success', 'ok'));
      const top = withWalks(s, [...topOptions(s), ...foodPaidOptions(s, topOptions)], tileMsg);
      const opts = [...top, ...middle, ...foodLabourOption(s), ...abilityOptions(s), done];
      const prompt = m('p.top', { col: m(`col.${t.col}`), labour: half(t.pool), food: pl.food, tool: pl.tool, cost: m(`cost.${t.col}`) });
      const sets = topSets(s, top);
      return { ...d(middle.length ? m('p.topMiddle', { top: prompt, what: m(`mid.${t.col}`) }) : prompt, opts, 'ok'), ...(sets.length ? { sets } : {}) };
    }
    case 'middle': {
      const opts = [...middleOptions(s), ...abilityOptions(s), { id: 'skip', label: m('opt.skipMiddle'), role: 'pass' as const }];
      return d(m('p.middle', { col: m(`col.${t.col}`), what: m(`mid.${t.col}`) }), opts, 'skip');
    }
    case 'after': {
      const opts = [...abilityOptions(s), control(finishOption(m('opt.endTurn'), 'success', 'end'))];
      return d(m('p.after'), opts, 'end');
    }
    case 'stack': {
      // The cards for the eclipse stack are ticked in one multi-select; that ends the turn.
      const opts: EwOption[] = pl.hand.map((card) => ({ id: `sk:${card}`, label: cardName(s, card), group: 'grp.stack', payload: { kind: 'stackCard', card } }));
      const members = pl.hand.filter((c) => def(s, c).kind === 'member');
      if (members.length >= 2) opts.push({ id: 'sa', label: m('opt.stackAll', { n: members.length }), style: 'primary', payload: { kind: 'stackAll' } });
      opts.push(control(finishOption(m('opt.stackDone', { n: pl.stack.length }), 'success', 'ok')));
      return { ...d(m('p.stack', { n: pl.stack.length }), opts, 'ok'), ...(pl.hand.length ? { sets: [{ group: 'grp.stack', min: 1, max: pl.hand.length }] } : {}) };
    }
  }
}

function playProgress(s: EwState, card: number, ev: GameEvent[]): void {
  const t = s.turn!;
  const pl = s.players[t.seat]!;
  pl.hand.splice(pl.hand.indexOf(card), 1);
  pl.played.push(card);
  t.progressPlayed++;
  ev.push({ msg: m('ev.playProgress', { p: seatRef(t.seat), card: cardName(s, card) }) });
  useAbility(s, t.seat, def(s, card).effect!);
}

function bottomSpace(s: EwState, ev: GameEvent[]): void {
  const t = s.turn!;
  const col = s.cols[colIndex(t.col!)]!;
  if (col.bottom >= 0) return;
  col.bottom = t.seat;
  ev.push({ msg: m('ev.bottom', { p: seatRef(t.seat), col: m(`col.${t.col}`) }) });
  const seat = t.seat;
  s.queueSeat = seat;
  switch (t.col) {
    case 'initiate': s.queue.push({ k: 'idol', n: 1 }, { k: 'bury', n: 1 }); break;
    case 'develop': pushGains(s, seat, [{ k: 'tool', n: 1 }, { k: 'food', n: 1 }], true); break;
    case 'migrate': s.queue.push({ k: 'campStart', n: 1 }, { k: 'move', n: 1 }); break;
    case 'hunt': s.queue.push({ k: 'animalDeck', n: 1 }); break;
    default: break;
  }
}

function endTurn(s: EwState, ev: GameEvent[]): void {
  const t = s.turn!;
  const pl = s.players[t.seat]!;
  pl.discard.push(...pl.played);
  pl.played = [];
  if (pl.restTile >= 0) { s.restDeck.push(pl.restTile); pl.restTile = -1; }
  if (!pl.figs.includes('h') && pl.hand.length) {
    t.stage = 'stack';
    return;
  }
  finishTurn(s);
}

function finishTurn(s: EwState): void {
  s.turn = null;
  s.orderPos++;
  s.turns++;
}

/** The top space's actions, also offered in the labour step when no tribe member is left to play. */
const TOP_KINDS: ReadonlySet<EwPayload['kind']> = new Set(['recruit', 'buyProgress', 'newCamp', 'walkCamp', 'walkPath', 'revealAnimals', 'catch']);

/** The middle space's options, also offered in the top space's panel (choosing one there ends the top space). */
const MIDDLE_KINDS: ReadonlySet<EwPayload['kind']> = new Set(['middleInitiate', 'buyStone', 'buildSettlement', 'kill']);

/** Spends the least food for each of `labour` further labour. */
function foodForLabour(s: EwState, labour: number): void {
  const t = s.turn!;
  const pl = s.players[t.seat]!;
  for (let j = labour; j > 0; j--) {
    // In the labour step each labour bought can be taken back on its own.
    if (t.stage === 'labour') rememberStep(s, { id: 'pf', payload: { kind: 'foodLabour', labour: 1 } });
    const k = foodForOneLabour(s, pl.food);
    pl.food -= k;
    t.pool += labourFromFood(s, pl.food + k, k);
  }
}

/** Carries out `card`s (tribe members) for labour, then the actions follow. */
function playForLabour(s: EwState, cards: number[], ev: GameEvent[]): void {
  const t = s.turn!;
  const pl = s.players[t.seat]!;
  for (const c of cards) {
    pl.hand.splice(pl.hand.indexOf(c), 1);
    pl.played.push(c);
    t.pool += memberLabour(s, c, t.col);
  }
  ev.push({ msg: m('ev.labour', { p: seatRef(t.seat), n: cards.length, labour: half(t.pool) }) });
  t.stage = 'top';
  commitSteps(s);
}

function placeFigure(s: EwState, p: Extract<EwPayload, { kind: 'place' }>, ev: GameEvent[]): void {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  const fig = p.figure === 'chief' ? FIG_CHIEF : pl.figs[1] === 'h' ? 1 : 2;
  const f = FIGURE_CODE[p.figure];
  t.fig = fig;
  if (p.col === 'rest') {
    pl.figs[fig] = 'r';
    pl.rest++;
    ev.push({ msg: m('ev.rest', { p: seatRef(seat), fig: m(`fig.${f}`), kind: f }) });
    s.queueSeat = seat;
    if (s.opts.rest && s.restUp >= 0) s.queue.push({ k: 'restTile', n: 1 });
    // the card, or the lower income chosen with the placement
    s.queue.push({ k: p.lower ?? 'draw', n: 1 });
    if (p.lower) ev.push({ msg: m('ev.lower', { p: seatRef(seat), gain: atomMsg({ k: p.lower, n: 1 }) }) });
    s.queue.push({ k: 'kill', n: 1 });
    t.stage = 'after';
    return;
  }
  t.col = p.col;
  pl.figs[fig] = p.col;
  s.cols[colIndex(p.col)]!.figures.push([seat, fig]);
  ev.push({ msg: m('ev.place', { p: seatRef(seat), col: m(`col.${p.col}`), fig: m(`fig.${f}`), kind: f }) });
  if (fig === FIG_CHIEF) dataOf(s).chiefs[pl.chief]!.sides[pl.side]!.abilities.forEach((a, i) => {
    if (isPureLabour(a) && (!a.col || a.col === p.col)) { t.pool += a.gain.reduce((x, g) => x + g.n, 0); t.usedAbilities.push(`h.${i}`); }
  });
  t.stage = 'labour';
  if (p.playAll) playForLabour(s, pl.hand.filter((c) => def(s, c).kind === 'member'), ev);
}

/** The top space's actions (labour and tools paid here). */
function topAction(s: EwState, p: EwPayload, ev: GameEvent[]): void {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  switch (p.kind) {
    case 'recruit':
      pl.tool -= 1; t.pool -= 2;
      t.recruited.push(dataOf(s).members[p.supply]!);
      memberSupplyTake(s, seat, p.supply, 'hand', ev);
      return;
    case 'buyProgress':
      t.pool -= 6;
      if (p.slot === null) pl.score += 1; else takeProgress(s, seat, p.slot, ev);
      return;
    case 'newCamp': pl.tool -= 1; s.camps[0 * s.n + seat]!++; ev.push({ msg: m('ev.newCamp', { p: seatRef(seat) }) }); return;
    case 'walkCamp': t.pool -= 2; moveCamp(s, seat, p.from, p.to, ev); return;
    case 'walkPath': for (let i = 1; i < p.path.length; i++) topAction(s, { kind: 'walkCamp', from: p.path[i - 1]!, to: p.path[i]! }, ev); return;
    case 'revealAnimals':
      t.pool -= 2;
      for (let i = 0; i < 2; i++) if (s.animalDeck.length && s.ground.length < dataOf(s).huntingGround) s.ground.push(s.animalDeck.pop()!);
      ev.push({ msg: m('ev.reveal', { p: seatRef(seat) }) });
      return;
    case 'catch':
      t.pool -= 2; pl.tool -= 1;
      if (p.index === null) pl.score += 1; else takeAnimal(s, seat, s.ground.splice(p.index, 1)[0]!, ev);
      return;
    default: throw new Error(`unknown top option ${p.kind}`);
  }
}

/** The middle space's action (food and stone costs paid here), then the bottom space. */
function middleAction(s: EwState, p: EwPayload | null, ev: GameEvent[]): void {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  if (p) switch (p.kind) {
    case 'middleInitiate': pl.food -= 1; s.queueSeat = seat; s.queue.push({ k: 'memberDiscard', n: 1 }, { k: 'bury', n: 1 }); break;
    case 'buyStone': pay(s, seat, dataOf(s).player.stoneCosts[pl.stones.length]!); takeStone(s, seat, p.side, p.slot, ev); break;
    case 'buildSettlement': pl.food -= 3; buildSettlement(s, seat, p.point, ev); break;
    case 'kill': killTaking(s, seat, p.animal, p.take, ev); break;
    default: throw new Error(`unknown middle option ${p.kind}`);
  }
  bottomSpace(s, ev);
  t.stage = 'after';
}

function performTurn(s: EwState, option: EwOption, ev: GameEvent[]): void {
  const t = s.turn!;
  const seat = t.seat;
  const pl = s.players[seat]!;
  if (option.role === 'back') { takeBack<EwState, EwPayload>(s, (x, step) => performTurn(x, step, [])); return; }
  const p = option.payload;
  if (p?.kind === 'ability') {
    const u = usableAbilities(s).find((x) => x.key === p.key)!;
    t.usedAbilities.push(u.key);
    commitSteps(s);
    ev.push({ msg: m('ev.ability', { p: seatRef(seat), ability: u.label }) });
    useAbility(s, seat, u.ability);
    return;
  }
  if (p?.kind === 'foodLabour') { foodForLabour(s, p.labour); return; }
  if (p?.kind === 'withFood') { foodForLabour(s, p.labour); toTop(s); topAction(s, p.action, ev); return; }
  switch (t.stage) {
    case 'progress':
      if (p!.kind === 'playProgress') {
        const card = pl.hand.find((c) => cardTable(s)[c] === p.cardKind)!;
        if (t.progressPlayed === 0) { playProgress(s, card, ev); return; }
        // A second progress card costs a discard first; choosing it can be taken back.
        rememberStep(s, option);
        t.stage = 'progDiscard';
        t.progressCard = card;
        return;
      }
      placeFigure(s, p as Extract<EwPayload, { kind: 'place' }>, ev);
      return;
    case 'progDiscard': {
      if (p!.kind !== 'discard') throw new Error(`unknown discard option ${option.id}`);
      pl.discard.push(takeOfKind(s, pl.hand, p.cardKind, t.progressCard));
      const card = t.progressCard;
      t.progressCard = -1;
      t.stage = 'progress';
      commitSteps(s);
      playProgress(s, card, ev);
      return;
    }
    case 'labour':
      if (option.role === 'finish') { toTop(s); return; }
      if (p && TOP_KINDS.has(p.kind)) { toTop(s); topAction(s, p, ev); return; }
      // `pa`: every tribe member; otherwise the set ticked (`pc:<card>` items, or one of them)
      playForLabour(s, p?.kind === 'playAll' ? pl.hand.filter((c) => def(s, c).kind === 'member') : memberCards(option), ev);
      return;
    case 'top':
      if (option.role === 'finish') {
        // with the middle space offered here, "done" declines it
        if (middleOptions(s).length) { bottomSpace(s, ev); t.stage = 'after'; } else t.stage = 'middle';
        return;
      }
      if (p && MIDDLE_KINDS.has(p.kind)) { t.stage = 'middle'; middleAction(s, p, ev); return; }
      for (const item of topItems(option)) topAction(s, item, ev);
      return;
    case 'middle': middleAction(s, option.role === 'pass' ? null : p!, ev); return;
    case 'after': endTurn(s, ev); return;
    case 'stack': {
      const cards = option.role === 'finish' ? [] : p?.kind === 'stackAll' ? pl.hand.filter((x) => def(s, x).kind === 'member') : memberCards(option);
      for (const c of cards) { pl.hand.splice(pl.hand.indexOf(c), 1); pl.stack.push(c); }
      if (cards.length) ev.push({ msg: m('ev.stack', { p: seatRef(seat), n: cards.length }) });
      finishTurn(s);
      return;
    }
  }
}

/** Ends the labour step (if it runs): the labour bought is committed and the top space's actions follow. */
function toTop(s: EwState): void {
  if (s.turn!.stage !== 'labour') return;
  s.turn!.stage = 'top';
  commitSteps(s);
}

/** The cards of a set choice of cards (`playMember` / `stackCard` items), or of one such item. */
function memberCards(option: EwOption): number[] {
  return (option.items ?? [option]).map((o) => {
    const p = o.payload!;
    if (p.kind !== 'playMember' && p.kind !== 'stackCard') throw new Error(`not a card option: ${o.id}`);
    return p.card;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Eclipse, preparation, final scoring

/** Labour (halves) each seat shows in the eclipse: 1½ per resting figure and the stack's tribe members. */
export function eclipseLabour(s: EwState, seat: number): number {
  const pl = s.players[seat]!;
  let l = pl.rest * dataOf(s).player.restLabour2;
  for (const c of pl.stack) { const d = def(s, c); if (d.kind === 'member') l += d.labour2 + d.eclipseLabour2; }
  return l;
}

/** New turn order: most labour first; a tie goes to whoever played later this round. */
export function eclipseOrder(labour: number[], roundOrder: number[]): number[] {
  return [...roundOrder].sort((a, b) => labour[b]! - labour[a]! || roundOrder.indexOf(b) - roundOrder.indexOf(a));
}

function startEclipse(s: EwState, ev: GameEvent[]): void {
  s.phase = 'eclipse';
  const labour = s.players.map((_, seat) => eclipseLabour(s, seat));
  for (const pl of s.players) {
    const prog = pl.stack.filter((c) => def(s, c).kind === 'progress');
    pl.stack = pl.stack.filter((c) => def(s, c).kind !== 'progress');
    pl.hand.push(...prog);
  }
  s.order = eclipseOrder(labour, s.roundOrder);
  ev.push({ msg: m('ev.eclipse', { round: s.round, order: s.order.map((x) => m('seatLabour', { p: seatRef(x), labour: half(labour[x]!) })) }) });
  s.eclipse = { pos: 0, step: 'turnOrderIncome', labour, used: [] };
}

export function eclipseAbilities(s: EwState): UsableAbility[] {
  const seat = s.order[s.eclipse!.pos]!;
  const pl = s.players[seat]!;
  const out: UsableAbility[] = [];
  for (const c of pl.stack) def(s, c).eclipse.forEach((a, i) => {
    const key = `${c}.${i}`;
    if (!s.eclipse!.used.includes(key) && canPay(s, seat, a.cost)) out.push({ key, ability: a, label: m('opt.ability', { card: cardName(s, c), ability: abilityMsg(a) }) });
  });
  return out;
}

function eclipseStep(s: EwState, ev: GameEvent[]): boolean {
  const e = s.eclipse!;
  const seat = s.order[e.pos]!;
  switch (e.step) {
    case 'turnOrderIncome': pushEclipseIncome(s, seat, dataOf(s).turnOrderIncome[e.pos]!); e.step = 'abilities'; return true;
    case 'abilities': if (eclipseAbilities(s).length) return false; e.step = 'terrainIncome'; return true;
    case 'terrainIncome': pushEclipseIncome(s, seat, terrainIncome(s, seat, ev)); e.step = 'boardIncome'; return true;
    case 'boardIncome': pushEclipseIncome(s, seat, boardIncome(s, seat, ev)); e.step = 'next'; return true;
    case 'next':
      e.pos++; e.step = 'turnOrderIncome'; e.used = [];
      if (e.pos >= s.n) endEclipse(s, ev);
      return true;
  }
}

function endEclipse(s: EwState, ev: GameEvent[]): void {
  for (const pl of s.players) { pl.discard.push(...pl.stack); pl.stack = []; }
  s.eclipse = null;
  if (s.round >= dataOf(s).rounds) { finalScoring(s, ev); return; }
  // Preparation
  const ended = s.round;
  s.round++;
  for (const pl of s.players) { pl.figs = ['h', 'h', 'h']; pl.rest = 0; }
  s.cols = COLS.map(() => ({ figures: [], bottom: -1 }));
  while (s.ground.length < s.n + 1 && s.animalDeck.length) s.ground.push(s.animalDeck.pop()!);
  if (ended === 1) fillDisplay(s, s.prog1);
  else if (ended === 2) {
    for (let i = 0; i < s.display.length; i++) if (s.display[i]! >= 0) { s.box.push(s.display[i]!); s.display[i] = -1; }
    fillDisplay(s, s.prog2);
  } else if (ended === 3) fillDisplay(s, s.prog2);
  for (let seat = 0; seat < s.n; seat++) drawCards(s, seat, 5);
  if (s.opts.rest) {
    if (s.restUp >= 0) s.restDeck.push(s.restUp);
    s.restUp = s.restDeck.shift()!;
  }
  s.phase = 'action';
  s.roundOrder = [...s.order];
  s.orderPos = 0;
  ev.push({ msg: m('ev.round', { round: s.round }) });
}

function fillDisplay(s: EwState, deck: number[]): void {
  for (let i = 0; i < dataOf(s).display; i++) if (s.display[i]! < 0 && deck.length) s.display[i] = deck.shift()!;
}

function finalScoring(s: EwState, ev: GameEvent[]): void {
  s.final = scoreFinal(s);
  for (const f of s.final) {
    s.players[f.seat]!.score = f.total;
    ev.push({ msg: m('ev.final', { p: seatRef(f.seat), offering: f.offering, fame: f.fame, cards: f.cards, animals: f.animals, total: f.total }) });
  }
  s.phase = 'over';
}

// ---------------------------------------------------------------------------------------------------------------
// The driver

function advance(s: EwState, ev: GameEvent[]): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.phase === 'over') return;
    if (s.queue.length) { if (autoHead(s, ev)) continue; return; }
    if (s.phase === 'setup') {
      const st = s.setupStep!;
      if (st.kind !== 'gains') return;
      if (st.idx >= s.n) { s.setupStep = null; s.phase = 'action'; s.roundOrder = [...s.order]; continue; }
      const seat = s.order[st.idx]!;
      st.idx++;
      pushGains(s, seat, dataOf(s).setupCards[s.players[seat]!.setupCard]!.gain, false);
      continue;
    }
    if (s.phase === 'action') {
      if (!s.turn) {
        if (!s.players.some((p) => p.figs.includes('h'))) { startEclipse(s, ev); continue; }
        const seat = s.order[s.orderPos % s.n]!;
        if (!s.players[seat]!.figs.includes('h')) { s.orderPos++; continue; }
        s.turn = newTurn(seat);
        continue;
      }
      const t = s.turn;
      const pl = s.players[t.seat]!;
      if (t.stage === 'labour' && !pl.hand.some((c) => def(s, c).kind === 'member') && !foodForOneLabour(s, pl.food) && !canTakeBack(s)) { t.stage = 'top'; continue; }
      if (t.stage === 'top' && !topOptions(s).length && !foodForOneLabour(s, pl.food) && !usableAbilities(s).length) { t.stage = 'middle'; continue; }
      if (t.stage === 'middle' && !middleOptions(s).length && !usableAbilities(s).length) { bottomSpace(s, ev); t.stage = 'after'; continue; }
      if (t.stage === 'after' && !usableAbilities(s).length) { endTurn(s, ev); continue; }
      if (t.stage === 'stack' && !pl.hand.length) { finishTurn(s); continue; }
      return;
    }
    if (s.phase === 'eclipse') { if (eclipseStep(s, ev)) continue; return; }
  }
  throw new Error('advance: no progress');
}

export function decisions(s: EwState): Decision<EwPayload>[] {
  if (s.phase === 'over') return [];
  if (s.queue.length) return [queueDecision(s)];
  if (s.phase === 'setup') return [setupDecision(s)];
  if (s.phase === 'eclipse') return [eclipseDecision(s)];
  return [turnDecision(s)];
}

function eclipseDecision(s: EwState): Decision<EwPayload> {
  const seat = s.order[s.eclipse!.pos]!;
  const usable = eclipseAbilities(s);
  const opts = inGroup(usable.map((u) => ({ id: `ea:${u.key}`, label: u.label, style: 'success' as const, payload: { kind: 'eclipseAbility', key: u.key } })), 'grp.abilities');
  const free = usable.filter((u) => !u.ability.cost.length);
  if (free.length >= 2) opts.unshift({ id: 'eall', label: m('opt.eclipseAll', { n: free.length }), style: 'primary', payload: { kind: 'eclipseAll' } });
  opts.push(control(finishOption(m('opt.eclipseDone'), 'secondary', 'ok')));
  return { seat, prompt: m('p.eclipse'), options: opts, defaultOption: 'ok' };
}

function performEclipse(s: EwState, seat: Seat, option: EwOption, ev: GameEvent[]): void {
  const e = s.eclipse!;
  if (option.role === 'finish') { e.step = 'terrainIncome'; return; }
  const p = option.payload!;
  const chosen = eclipseAbilities(s).filter((u) => (p.kind === 'eclipseAll' ? !u.ability.cost.length : p.kind === 'eclipseAbility' && u.key === p.key));
  for (const u of chosen) {
    e.used.push(u.key);
    ev.push({ msg: m('ev.ability', { p: seatRef(seat), ability: u.label }) });
    useAbility(s, seat, u.ability);
  }
}

function setupDecision(s: EwState): Decision<EwPayload> {
  const st = s.setupStep!;
  if (st.kind === 'side') {
    const seat = s.order[st.idx]!;
    const ch = dataOf(s).chiefs[s.players[seat]!.chief]!;
    return {
      seat, prompt: m('p.side', { chief: m(`chief.${ch.id}`) }), defaultOption: 'sd:0',
      options: ch.sides.map((sd, side) => ({ id: `sd:${side}`, label: m('opt.side', { side: side + 1, ability: m('list', { items: sd.abilities.map(abilityMsg) }) }), payload: { kind: 'side', side } })),
    };
  }
  if (st.kind === 'chief') {
    const seat = s.order[st.idx]!;
    const opts: EwOption[] = [];
    for (const chief of s.offerChiefs) {
      if (s.players.some((p) => p.chief === chief)) continue;
      dataOf(s).chiefs[chief]!.sides.forEach((sd, side) => opts.push({
        id: `ch:${chief}:${side}`, label: m('opt.chief', { chief: m(`chief.${dataOf(s).chiefs[chief]!.id}`), side: side + 1 }), detail: m('list', { items: sd.abilities.map(abilityMsg) }),
        payload: { kind: 'chief', chief, side },
      }));
    }
    return { seat, prompt: m('p.chief'), options: opts, defaultOption: opts[0]!.id };
  }
  const seat = s.order[s.n - 1 - st.idx]!;
  const opts = s.offerCards.filter((c) => !s.players.some((p) => p.setupCard === c))
    .map((card): EwOption => ({ id: `sc:${card}`, label: m('opt.setupCard', { gain: atomsMsg(dataOf(s).setupCards[card]!.gain) }), payload: { kind: 'setupCard', card } }));
  return { seat, prompt: m('p.setupCard'), options: opts, defaultOption: opts[0]!.id };
}

function performSetup(s: EwState, seat: Seat, option: EwOption, ev: GameEvent[]): void {
  const st = s.setupStep!;
  const p = option.payload!;
  const pl = s.players[seat]!;
  if (p.kind === 'side' || p.kind === 'chief') {
    if (p.kind === 'chief') pl.chief = p.chief;
    pl.side = p.side;
    ev.push({ msg: m('ev.chief', { p: seatRef(seat), chief: m(`chief.${dataOf(s).chiefs[pl.chief]!.id}`), side: pl.side + 1 }) });
    st.idx++;
    if (st.idx >= s.n) s.setupStep = p.kind === 'side' && s.opts.setup === 'random' ? { kind: 'gains', idx: 0 } : { kind: 'card', idx: 0 };
    return;
  }
  if (p.kind !== 'setupCard') throw new Error(`unknown setup option ${option.id}`);
  pl.setupCard = p.card;
  ev.push({ msg: m('ev.setupCard', { p: seatRef(seat), gain: atomsMsg(dataOf(s).setupCards[pl.setupCard]!.gain) }) });
  st.idx++;
  if (st.idx >= s.n) s.setupStep = { kind: 'gains', idx: 0 };
}

/** Choices that move camps onto tiles (where ice finds may lie face down) count as revealing. */
const MOVES_CAMPS: ReadonlySet<EwPayload['kind']> = new Set(['moveCamp', 'walkCamp', 'walkPath', 'buildSettlement']);

export function perform(s: EwState, seat: Seat, option: EwOption): { events: GameEvent[]; revealed: boolean } {
  if (option.payload?.kind === 'thenIdol') return performThenIdol(s, seat, option, decisions, perform);
  const ev: GameEvent[] = [];
  revealedFlag = false;
  const deckBefore = s.animalDeck.length + s.prog1.length + s.prog2.length;
  if (s.queue.length) performQueue(s, option, ev);
  else if (s.phase === 'setup') performSetup(s, seat, option, ev);
  else if (s.phase === 'eclipse') performEclipse(s, seat, option, ev);
  else performTurn(s, option, ev);
  advance(s, ev);
  const revealed = revealedFlag || deckBefore !== s.animalDeck.length + s.prog1.length + s.prog2.length || (!!option.payload && MOVES_CAMPS.has(option.payload.kind));
  if (revealed) commitSteps(s);
  return { events: ev, revealed };
}

export function outcome(s: EwState): Outcome | null {
  if (s.phase !== 'over' || !s.final) return null;
  const sorted = [...s.final].sort((a, b) => b.total - a.total || s.order.indexOf(a.seat) - s.order.indexOf(b.seat));
  const ranking = sorted.map((f, i) => ({ seat: f.seat, place: i + 1, score: f.total }));
  const tie = sorted.length > 1 && sorted[0]!.total === sorted[1]!.total;
  return {
    ranking, winners: [sorted[0]!.seat],
    tieBreak: tie ? m('tie.order') : undefined,
    summary: sorted.map((f) => m('sum.line', { p: seatRef(f.seat), total: f.total, offering: f.offering, fame: f.fame, cards: f.cards, animals: f.animals })),
  };
}

export function view(s: EwState, seat: Seat | null): EwView {
  return buildView(s, seat, decisions(s)[0]?.seat ?? null);
}

export function metrics(s: EwState): Record<string, number> {
  const out: Record<string, number> = { rounds: s.round, turns: s.turns };
  if (s.final) {
    const totals = s.final.map((f) => f.total);
    out.score_mean = totals.reduce((a, b) => a + b, 0) / totals.length;
    out.score_spread = Math.max(...totals) - Math.min(...totals);
    out.winner_seat = outcome(s)!.winners[0]!;
    s.final.forEach((f) => { out[`score_seat${f.seat}`] = f.total; });
    out.points_offering = avg(s.final.map((f) => f.offering));
    out.points_fame = avg(s.final.map((f) => f.fame));
    out.points_cards = avg(s.final.map((f) => f.cards));
    out.points_animals = avg(s.final.map((f) => f.animals));
    out.points_during_play = avg(s.final.map((f) => f.total - f.offering - f.fame - f.cards - f.animals));
    out.settlements_per_player = avg(s.players.map((p) => p.settlements));
    out.megaliths_per_player = avg(s.players.map((p) => p.megs));
    out.stones_per_player = avg(s.players.map((p) => p.stones.length));
    out.animals_per_player = avg(s.players.map((p) => p.animals.length));
    out.buried_per_player = avg(s.players.map((p) => p.buried.length));
  }
  return out;
}
const avg = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

export const engine: GameEngine<EwState, EwView, EwPayload> = {
  id: 'endless-winter',
  name: 'Endless Winter',
  minPlayers: 2,
  maxPlayers: 4,
  dataVersions: DATA,
  rulesVersions: RULES,
  lobbyOptions: [
    { id: 'setup', label: m('lobby.setup'), choices: [{ value: 'random', label: m('lobby.setup.random') }, { value: 'cards', label: m('lobby.setup.cards') }, { value: 'both', label: m('lobby.setup.both') }] },
    { id: 'short', label: m('lobby.short'), choices: [{ value: 'no', label: m('common.no') }, { value: 'yes', label: m('common.yes') }] },
    { id: 'majority', label: m('lobby.majority'), choices: [{ value: 'no', label: m('common.no') }, { value: 'yes', label: m('common.yes') }] },
    { id: 'ice', label: m('lobby.ice'), choices: [{ value: 'no', label: m('common.no') }, { value: 'yes', label: m('common.yes') }] },
    { id: 'rest', label: m('lobby.rest'), choices: [{ value: 'no', label: m('common.no') }, { value: 'yes', label: m('common.yes') }] },
  ],
  messages: ewMessages,
  setup, decisions, perform, upgrade, view, outcome, determinize, metrics,
};

