/**
 * Das Tal der Mammuts (B. Faidutti): the round of ten phases, as a pure engine over TalState.
 * `advance()` (round.ts) runs everything automatic until some seat owes a decision; `decisions()` lists it;
 * `perform()` carries a chosen option out and advances again. Here: setup, the decisions, `perform`, the outcome.
 *
 * The rules live here and in modules of their own:
 *  - `round.ts`: the round's flow, stage by stage (`advance`, `runStage`, births, income, the round's end), with
 *    `events.ts` (the event card of the round);
 *  - `movement.ts`: a seat's movement turn (groups walking, camps founded, fire taken, movement cards);
 *  - `combat.ts`: fights on a hex (tribes against tribes, camps conquered, animals);
 *  - `animals.ts`: animals arriving from the bag and moving with the wind;
 *  - `feeding.ts`: what a tribe pays in the survival phase and who leaves when it does not feed everyone;
 * with `reach.ts` (where a group can walk), and `state.ts` (the state, its payloads and the helpers all share).
 * `view.ts` is what a seat sees and `upgrade.ts` brings stored states up to date; `index.ts` adds both and the computer
 * players (`ai.ts`) to these rules to make the engine.
 */
import { RULES } from './versions.js';
import { stepBack } from '../../engine/compound.js';
import { randInt, rollDie, seedRng, shuffle } from '../../engine/rng.js';
import { rankSeats } from '../../engine/ranking.js';
import type { GameEvent, GameRules, LobbyOptions, Msg, Outcome, Seat } from '../../engine/types.js';
import { currentTalData, DATA, DIRS, SPECIES } from './data.js';
import { hexArg, placePoolWolves, spName } from './animals.js';
import { burnCamp, combatHexes, loseInFight, loseToAnimal, takeCamp } from './combat.js';
import { messages } from './messages.js';
import { foodCost, mustLeave, staying, type Leaver } from './feeding.js';
import { movementDecision, performMove } from './movement.js';
import {
  an, animalsOn, back, board, campAt, campsOf, type Ctx, discardCard, finish, HEXES, hexMsg, log, m, pass,
  peopleOn, playCard, popOf, report, seatRef, setCamp, setFig, type TalDecision, type TalOption,
  type TalPayload, type TalState, type TalView, totals, tribesOn, womenAt,
} from './state.js';
import { hexDetail } from './hex-detail.js';
import { birthCamps, holds, windowDecision, wolfHexes } from './windows.js';
import { advance, drawSpecial, feedTribe, handLimit, rimFree, sowOptions, startHex } from './round.js';

/** Moved to round.ts; still offered here for the engine's users (tests). */
export { advance, birth, endRound, income, rimFree, runStage, sowOptions } from './round.js';

export type { TalPayload, TalState, TalView } from './state.js';
export { foodCost } from './feeding.js';
export { reach } from './reach.js';
export { startMovement } from './movement.js';

// ---------------------------------------------------------------- setup

export function setup(players: number, options: LobbyOptions, seed: string): TalState {
  if (!Number.isInteger(players) || players < 2 || players > 6) throw new Error('Das Tal der Mammuts is played by 2 to 6 players');
  const dataVersion = DATA.fromOptions(options);
  const rulesVersion = RULES.fromOptions(options);
  const data = DATA.get(dataVersion);
  const rng = seedRng(seed);
  const mapOpt = options.map ?? 'random';
  if (mapOpt !== 'random' && !data.variants.includes(mapOpt)) throw new Error(`unknown map ${mapOpt}`);
  const variant = mapOpt === 'random' ? data.variants[randInt(rng, data.variants.length)]! : mapOpt;
  const food = options.food === '15' ? 15 : 12;
  const maxRounds = options.maxRounds ? Number(options.maxRounds) : 0;
  if (!Number.isInteger(maxRounds) || maxRounds < 0) throw new Error('maxRounds must be a whole number');
  const zero = () => Array.from({ length: 37 * players }, () => 0);
  const s: TalState = {
    rng, dataVersion, ...RULES.field(rulesVersion), players, variant, advanced: options.rules === 'advanced', maxRounds,
    round: 1, season: 'summer', roundInSeason: 2, seasonLength: 3, yearOne: true,
    stage: 'setup', stageStarted: true, queue: [], order: [], firstPlacer: 0,
    hx: { m: zero(), w: zero(), an: Array.from({ length: 37 * 6 }, () => 0), camp: Array.from({ length: 37 }, () => -1), cave: Array.from({ length: 37 }, () => 0), crop: Array.from({ length: 37 }, () => 0), mark: Array.from({ length: 37 }, () => 0), fence: Array.from({ length: 37 }, () => 0) },
    tribes: Array.from({ length: players }, () => ({ food, hand: [], fire: false, status: 'active' as const, returned: false, announced: false, neutralWarrior: false, neutralWoman: false })),
    bag: data.tiles.map((_, i) => i), outTiles: SPECIES.map(() => []), poolWolves: data.letterlessWolves, fencesLeft: 2,
    eventDeck: {
      summer: shuffle(rng, data.events.filter((e) => e.deck === 'summer').map((e) => e.id)),
      winter: shuffle(rng, data.events.filter((e) => e.deck === 'winter').map((e) => e.id)),
    },
    eventDiscard: { summer: [], winter: [] }, currentEvent: null, lasting: [],
    roundEffects: { storm: false, blizzard: false, frost: false, goodFishing: false, frozen: false }, fireSources: [],
    specialDeck: shuffle(rng, [...data.deck]), specialDiscard: [], windChoice: null, healer: [], fertility: [],
    move: null, combat: null, cultivate: null, leaving: Array.from({ length: players }, () => []), report: [], winners: [], endedBy: null,
    stats: { combats: 0, kills: 0, births: 0, starved: 0, founded: 0, conquests: 0, moves: 0, decisions: 0, cards: 0, byStage: {} },
  };
  const lim = handLimit(s);
  for (let k = 0; k < lim; k++) for (let p = 0; p < players; p++) s.tribes[p]!.hand.push(s.specialDeck.pop()!);
  s.firstPlacer = rollDie(s.rng, players) - 1; // the highest die: drawn by lot
  s.queue = Array.from({ length: players }, (_, k) => (s.firstPlacer + k) % players);
  return s;
}

/**
 * Free start hexes: land, empty, not beside another camp unless a river runs between. (Ruling: should the
 * spacing rule leave no hex at all, which can happen with six tribes, any free land hex may be taken.)
 */
export function startHexes(s: TalState): number[] {
  const b = board(s);
  const freeLand = b.hexes.filter((bh) => bh.terrain !== 'lake' && !campAt(s, bh.i) && peopleOn(s, bh.i) === 0);
  const spaced = freeLand.filter((bh) => bh.nb.every((n, d) => n < 0 || !campAt(s, n) || bh.river[d]));
  return (spaced.length ? spaced : freeLand).map((bh) => bh.i);
}

// ---------------------------------------------------------------- decisions

/** How many of those a tribe lets go its food could still feed (asked before they go for good: `Option.confirm`). */
function couldKeep(s: TalState, seat: number, leaving: readonly Leaver[]): number {
  const food = s.tribes[seat]!.food;
  let k = 0;
  while (k < leaving.length && foodCost(s, seat, leaving.slice(0, leaving.length - k - 1)) <= food) k++;
  return k;
}

/**
 * The feeding decision of the survival phase, a short compound action: let people go one at a time (`kill:*`,
 * `back` takes the last one back), then `finish` feeds everyone who stays; nothing leaves before that. While
 * the food does not cover everyone who stays, `finish` is not offered; `feed:most` instead feeds as many as the
 * food allows, letting the rule of thumb (`mustLeave`) pick who else goes. That is also the default.
 */
function feedDecision(s: TalState, seat: number): TalDecision {
  const leaving = s.leaving[seat]!;
  const food = s.tribes[seat]!.food;
  const t = totals(s, seat);
  const people = t.m + t.w - leaving.length;
  const cost = foodCost(s, seat, leaving);
  const opts: TalOption[] = [];
  if (cost <= food) {
    const label = leaving.length === 0 ? m('tal.opt.feedAll', { cost }) : people === 0 ? m('tal.opt.feedNobody') : m('tal.opt.feedRest', { cost });
    const done = finish(label, 'primary');
    const keepable = couldKeep(s, seat, leaving);
    if (keepable > 0) done.confirm = m('tal.confirm.letGo', { n: leaving.length, k: keepable });
    opts.push(done);
  } else {
    const more = mustLeave(s, seat, leaving);
    opts.push({ id: 'feed:most', label: m('tal.opt.feedMost', { cost: foodCost(s, seat, [...leaving, ...more]), k: more.length }), style: 'primary', payload: { kind: 'feedMost' } });
  }
  for (let i = 0; i < HEXES; i++) {
    const nm = staying(s, seat, i, 'm', leaving), nw = staying(s, seat, i, 'w', leaving);
    if (nm > 0) opts.push({ id: `kill:${i}:m`, label: m('tal.opt.starveM', { hex: hexMsg(s, i), n: nm }), group: 'tal.grp.starveM', payload: { kind: 'leave', hex: i, figure: 'm' } });
    if (nw > 0) opts.push({ id: `kill:${i}:w`, label: m('tal.opt.starveW', { hex: hexMsg(s, i), n: nw }), group: 'tal.grp.starveW', payload: { kind: 'leave', hex: i, figure: 'w' } });
  }
  if (leaving.length) opts.push(back());
  const prompt = m(cost <= food ? 'tal.prompt.feed' : 'tal.prompt.starve', { cost, food });
  return { seat, prompt, options: opts, defaultOption: opts[0]!.id };
}

function cardWindowOptions(s: TalState, seat: number): TalOption[] {
  const opts: TalOption[] = [];
  if (s.stage === 'animalCards') {
    if (holds(s, seat, 'wind')) DIRS.forEach((d, i) => opts.push({ id: `wind:${i}`, label: m('tal.opt.wind', { dir: m(`tal.dir.${d}`) }), group: 'tal.grp.wind', payload: { kind: 'wind', dir: i } }));
    if (holds(s, seat, 'wolves_call') && s.poolWolves > 0) for (const i of wolfHexes(s)) opts.push({ id: `wolves:${i}`, label: hexMsg(s, i), group: `tal.grp.wolves.${board(s).hexes[i]!.terrain}`, payload: { kind: 'wolves', hex: i } });
  } else if (s.stage === 'survivalCards') {
    for (const k of ['stores', 'healer'] as const) if (holds(s, seat, k)) opts.push(playCard(k));
  } else if (s.stage === 'birthCards') {
    for (const i of birthCamps(s, seat)) opts.push({ id: `fert:${i}`, label: m('tal.opt.fertility', { hex: hexMsg(s, i) }), group: 'tal.grp.cards', payload: { kind: 'fertility', hex: i } });
  } else if (s.stage === 'combat') {
    const c = s.combat!;
    const hex = c.hex!;
    const tribal = tribesOn(s, hex).length >= 2;
    for (const k of ['war_paint', 'brave_women', 'spears'] as const) {
      if (!holds(s, seat, k)) continue;
      if (k === 'spears' && !(animalsOn(s, hex) > 0 && !c.bonusAnimals[seat])) continue;
      if (k === 'war_paint' && !(tribal && !c.bonusTribes[seat])) continue;
      if (k === 'brave_women' && !(tribal && womenAt(s, hex, seat) > 0 && !c.brave.includes(seat))) continue;
      opts.push(playCard(k));
    }
  }
  return [...opts, pass()];
}

const loseOptions = (): TalOption[] => [
  { id: 'lose:m', label: m('tal.opt.loseWarrior'), payload: { kind: 'lose', figure: 'm' } },
  { id: 'lose:w', label: m('tal.opt.loseWoman'), payload: { kind: 'lose', figure: 'w' } },
];

/** The one decision of a seat; its default the pass or finish option, else the first (unless `def` names one). */
function one(seat: number, prompt: Msg, options: TalOption[], def?: string): TalDecision[] {
  return [{ seat, prompt, options, defaultOption: def ?? (options.find(passOrFinish)?.id ?? options[0]!.id) }];
}
const passOrFinish = (o: TalOption): boolean => o.role === 'pass' || o.role === 'finish';

export function decisions(s: TalState): TalDecision[] {
  if (s.stage === 'over') return [];
  switch (s.stage) {
    case 'setup': {
      const seat = s.queue[0]!;
      if (s.cultivate !== null) {
        return one(seat, m('tal.prompt.cultivate', { hex: hexMsg(s, s.cultivate) }), [
          { id: 'cult:yes', label: m('tal.opt.cultivate'), payload: { kind: 'cultivate' } }, { id: 'cult:no', label: m('common.no'), role: 'pass' }]);
      }
      const opts = startHexes(s).map((i): TalOption => ({ id: `start:${i}`, label: hexMsg(s, i), detail: hexDetail(s, i), group: `tal.grp.start.${board(s).hexes[i]!.terrain}`, payload: { kind: 'start', hex: i } }));
      return one(seat, m('tal.prompt.start'), opts);
    }
    case 'return': {
      const seat = s.queue[0]!;
      return one(seat, m('tal.prompt.return'), rimFree(s).map((i): TalOption => ({ id: `ret:${i}`, label: hexMsg(s, i), group: 'tal.grp.hex', payload: { kind: 'return', hex: i } })));
    }
    case 'animalCards': case 'survivalCards': case 'birthCards':
      if (RULES.atLeast(s, 2)) { const stage = s.stage; return s.queue.map((seat) => windowDecision(s, stage, seat)); }
      return one(s.queue[0]!, m(`tal.prompt.${s.stage}`), cardWindowOptions(s, s.queue[0]!));
    case 'movement': return [movementDecision(s)];
    case 'combat': {
      const c = s.combat!;
      if (c.waitingFor?.kind === 'order') {
        const seat = c.waitingFor.seat;
        const hexes = combatHexes(s).filter((i) => popOf(s, i, seat) > 0);
        return one(seat, m('tal.prompt.combatOrder'), hexes.map((i): TalOption => ({ id: `fight:${i}`, label: hexMsg(s, i), group: 'tal.grp.hex', payload: { kind: 'fight', hex: i } })));
      }
      if (c.waitingFor?.kind === 'loss') return one(c.waitingFor.seat, m('tal.prompt.loss', { hex: hexMsg(s, c.hex!), sp: spName(c.waitingFor.species) }), loseOptions());
      if (c.waitingFor?.kind === 'fightLoss') return one(c.waitingFor.seat, m('tal.prompt.fightLoss', { hex: hexMsg(s, c.hex!) }), loseOptions());
      if (c.waitingFor?.kind === 'conquest') {
        return one(c.waitingFor.seat, m('tal.prompt.conquest', { hex: hexMsg(s, c.hex!), p: seatRef(c.waitingFor.loser) }), [
          { id: 'camp:take', label: m('tal.opt.takeCamp'), payload: { kind: 'conquest', keep: true } },
          { id: 'camp:burn', label: m('tal.opt.burnCamp'), style: 'danger', payload: { kind: 'conquest', keep: false }, ...burnConfirm(s, c.waitingFor.seat) }], 'camp:take');
      }
      if (RULES.atLeast(s, 2)) return c.cardWindow.map((seat) => windowDecision(s, 'combat', seat));
      const seat = c.cardWindow[0]!;
      return one(seat, m('tal.prompt.combatCards', { hex: hexMsg(s, c.hex!) }), cardWindowOptions(s, seat));
    }
    case 'survival': return s.queue.map((seat) => feedDecision(s, seat));
    case 'sowing': {
      const seat = s.queue[0]!;
      return one(seat, m('tal.prompt.sow', { food: s.tribes[seat]!.food }), sowOptions(s, seat));
    }
    default: return [];
  }
}

export function perform(s: TalState, seat: Seat, option: TalOption): { events: GameEvent[]; revealed: boolean } {
  const ctx: Ctx = { ev: [], revealed: false };
  const pay = option.payload;
  s.stats.decisions++;
  s.stats.byStage[s.stage] = (s.stats.byStage[s.stage] ?? 0) + 1;
  switch (s.stage) {
    case 'setup': {
      if (pay?.kind !== 'start') { // cultivate the start field, or not
        const hex = s.cultivate!;
        if (pay?.kind === 'cultivate') { s.tribes[seat]!.food--; s.hx.crop[hex] = 2; log(ctx, 'tal.log.cultivate', { p: seatRef(seat), hex: hexArg(hex) }); }
        s.cultivate = null;
        s.queue.shift();
        break;
      }
      const n = pay.hex;
      const terrain = board(s).hexes[n]!.terrain;
      const kind = terrain === 'mountain' ? 'cave' : 'village';
      setCamp(s, n, { seat, kind });
      setFig(s, 'm', n, seat, 5);
      setFig(s, 'w', n, seat, 2);
      log(ctx, 'tal.log.start', { p: seatRef(seat), hex: hexArg(n), kind: m(`tal.camp.${kind}`) });
      if (terrain === 'plain' && s.tribes[seat]!.food >= 1) s.cultivate = n;
      else s.queue.shift();
      if (s.queue.length === 0) log(ctx, 'tal.log.round', { n: 1, season: m('tal.season.summer'), k: 2 });
      break;
    }
    case 'return': {
      if (pay?.kind !== 'return') break;
      const n = pay.hex;
      const t = s.tribes[seat]!;
      setFig(s, 'm', n, seat, 3);
      setFig(s, 'w', n, seat, 1);
      t.status = 'active';
      t.food = 8;
      s.specialDiscard.push(...t.hand);
      t.hand = [];
      for (let k = 0; k < 3; k++) drawSpecial(s, seat, ctx);
      s.queue.shift();
      log(ctx, 'tal.log.returned', { p: seatRef(seat), hex: hexArg(n) });
      break;
    }
    case 'animalCards':
      if (pay?.kind === 'wind') { discardCard(s, seat, 'wind', ctx); s.windChoice = pay.dir; }
      else if (pay?.kind === 'wolves') { discardCard(s, seat, 'wolves_call', ctx); placePoolWolves(s, pay.hex, 2, ctx); }
      answered(s, seat);
      break;
    case 'movement': performMove(s, option, ctx); break;
    case 'combat': performCombat(s, seat, pay, ctx); break;
    case 'survivalCards':
      if (pay?.kind === 'card') {
        discardCard(s, seat, pay.card, ctx);
        if (pay.card === 'stores') { s.tribes[seat]!.food += 3; log(ctx, 'tal.log.gainFood', { p: seatRef(seat), n: 3 }); }
        else s.healer.push(seat);
      }
      answered(s, seat);
      break;
    case 'birthCards':
      if (pay?.kind === 'fertility') { discardCard(s, seat, 'fertility', ctx); s.fertility.push(pay.hex); }
      answered(s, seat);
      break;
    case 'survival': {
      const leaving = s.leaving[seat]!;
      if (pay?.kind === 'leave') { leaving.push({ hex: pay.hex, type: pay.figure }); break; }
      if (option.role === 'back') { stepBack(leaving); break; }
      if (pay?.kind === 'feedMost') leaving.push(...mustLeave(s, seat, leaving));
      feedTribe(s, seat, leaving, ctx);
      s.leaving[seat] = [];
      s.queue = s.queue.filter((p) => p !== seat);
      break;
    }
    case 'sowing': {
      if (pay?.kind !== 'sow') { s.queue.shift(); break; }
      if (pay.seed) discardCard(s, seat, 'seed', ctx); else s.tribes[seat]!.food--;
      s.hx.crop[pay.hex] = 2;
      log(ctx, 'tal.log.sow', { p: seatRef(seat), hex: hexArg(pay.hex) });
      break;
    }
    default: break;
  }
  advance(s, ctx);
  return { events: ctx.ev, revealed: ctx.revealed };
}

/** A choice in the combat phase: the next hex to fight on, a figure lost, a conquered camp kept or burnt, a card or a pass. */
function performCombat(s: TalState, seat: number, pay: TalPayload | undefined, ctx: Ctx): void {
  const c = s.combat!;
  if (pay?.kind === 'fight') { c.waitingFor = null; startHex(s, pay.hex); return; }
  if (pay?.kind === 'lose') {
    const need = c.waitingFor!;
    c.waitingFor = null;
    if (need.kind === 'loss') loseToAnimal(s, c.hex!, seat, pay.figure, need.species, ctx);
    else if (need.kind === 'fightLoss') {
      loseInFight(s, c.hex!, seat, pay.figure, ctx);
      if (need.next.length) c.waitingFor = { kind: 'fightLoss', seat: need.next[0]!, next: need.next.slice(1) };
    }
    return;
  }
  if (pay?.kind === 'conquest') {
    const loser = (c.waitingFor as { loser: number }).loser;
    c.waitingFor = null;
    if (pay.keep) takeCamp(s, c.hex!, seat, ctx); else burnCamp(s, c.hex!, seat, loser, ctx);
    return;
  }
  if (pay?.kind === 'card') {
    discardCard(s, seat, pay.card, ctx);
    if (pay.card === 'war_paint') c.bonusTribes[seat] = 2;
    if (pay.card === 'spears') c.bonusAnimals[seat] = 2;
    if (pay.card === 'brave_women') c.brave.push(seat);
  }
  // version 1 asks one seat at a time (the first); version 2 asks all at once, in any order
  c.cardWindow = RULES.atLeast(s, 2) ? c.cardWindow.filter((p) => p !== seat) : c.cardWindow.slice(1);
}

/** A seat has answered a window of its own stage (version 1: the first seat asked; version 2: any of those asked). */
function answered(s: TalState, seat: number): void {
  if (RULES.atLeast(s, 2)) s.queue = s.queue.filter((p) => p !== seat);
  else s.queue.shift();
}

/** Burning a conquered camp sends the women who came over there away for good: asked first (`Option.confirm`). */
function burnConfirm(s: TalState, seat: number): { confirm?: Msg } {
  const c = s.combat!;
  const n = Math.min(c.defected, womenAt(s, c.hex!, seat));
  return n > 0 ? { confirm: m('tal.confirm.burn', { n }) } : {};
}

// ---------------------------------------------------------------- outcome

export function outcome(s: TalState): Outcome | null {
  if (s.stage !== 'over') return null;
  const key = (p: number): number[] => {
    const t = totals(s, p);
    return [s.winners.includes(p) ? 1 : 0, campsOf(s, p).length, t.m + t.w, s.tribes[p]!.food];
  };
  // The tribes that won first, then camps, people and food; equal in all four share a place.
  const { ranking } = rankSeats(s.players, key, (seat) => campsOf(s, seat).length);
  const summary: Msg[] = [m(s.endedBy === 'victory' ? 'tal.end.victory' : s.endedBy === 'all_lost' ? 'tal.end.allLost' : 'tal.end.cap', { p: s.winners.map(seatRef), n: s.round })];
  return { ranking, winners: [...s.winners], summary };
}

export function metrics(s: TalState): Record<string, number> {
  const alive = s.tribes.filter((_, p) => { const t = totals(s, p); return t.m + t.w > 0; }).length;
  const camps = [...Array(s.players).keys()].map((p) => campsOf(s, p).length);
  return {
    rounds: s.round,
    endVictory: s.endedBy === 'victory' ? 1 : 0,
    endAllLost: s.endedBy === 'all_lost' ? 1 : 0,
    endRoundCap: s.endedBy === 'cap' ? 1 : 0,
    winners: s.winners.length,
    survivingTribes: alive,
    maxCamps: Math.max(...camps),
    combatsPerGame: s.stats.combats,
    animalsKilled: s.stats.kills,
    births: s.stats.births,
    starved: s.stats.starved,
    campsFounded: s.stats.founded,
    conquests: s.stats.conquests,
    groupMoves: s.stats.moves,
    decisions: s.stats.decisions,
    specialCardsPlayed: s.stats.cards,
    decisionsSetup: s.stats.byStage.setup ?? 0,
    decisionsMovement: s.stats.byStage.movement ?? 0,
    decisionsCombat: s.stats.byStage.combat ?? 0,
    decisionsSurvival: s.stats.byStage.survival ?? 0,
    decisionsSowing: s.stats.byStage.sowing ?? 0,
    decisionsCardWindows: (s.stats.byStage.animalCards ?? 0) + (s.stats.byStage.survivalCards ?? 0) + (s.stats.byStage.birthCards ?? 0),
    decisionsPerRound: Math.round((s.stats.decisions / Math.max(1, s.round)) * 10) / 10,
  };
}

/** The rules; `index.ts` makes them the engine with `upgrade` (upgrade.ts), the views (view.ts) and the computer players (ai.ts). */
export const talRules: GameRules<TalState, TalView, TalPayload> = {
  id: 'tal',
  name: 'Das Tal der Mammuts',
  minPlayers: 2,
  maxPlayers: 6,
  dataVersions: DATA,
  rulesVersions: RULES,
  lobbyOptions: [
    { id: 'rules', label: m('tal.lobby.rules'), choices: [{ value: 'basic', label: m('tal.lobby.basic') }, { value: 'advanced', label: m('tal.lobby.advanced') }] },
    { id: 'map', label: m('tal.lobby.map'), choices: [{ value: 'random', label: m('tal.lobby.random') }, ...currentTalData().variants.map((v) => ({ value: v, label: m('tal.lobby.variant', { v }) }))] },
    { id: 'food', label: m('tal.lobby.food'), choices: [{ value: '12', label: m('tal.lobby.food12') }, { value: '15', label: m('tal.lobby.food15') }] },
  ],
  messages,
  setup, decisions, perform, outcome, metrics,
};
