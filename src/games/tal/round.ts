/**
 * Das Tal der Mammuts: the round's flow. `advance` runs every stage that needs no choice (`runStage`) until some seat
 * owes a decision: the event, arrivals and returns, the card windows, the animals, survival, births, sowing, the
 * draw and the round's end. The decisions owed and carrying out a choice are in engine.ts, which calls `advance`.
 */
import { RULES } from './versions.js';
import { rollDie, shuffle } from '../../engine/rng.js';
import type { Msg } from '../../engine/types.js';
import { cardKind, type CardKind, talData } from './data.js';
import { animalPhase, drawAnimals, hexArg } from './animals.js';
import { checkCamps, combatHexes, resolveHex } from './combat.js';
import { foodCost, type Leaver } from './feeding.js';
import { movementHasChoice, startMovement } from './movement.js';
import {
  activeSeats, addFigures, animalsOn, board, campAt, campsOf, CROP_MARKERS, type Ctx, finish, HEXES, hexMsg,
  isLastRoundOfSeason, log, m, markerAt, peopleOn, popOf, removeFigures, report, seatRef, type Stage,
  type TalOption, type TalState, totals, tribesOn, womenAt,
} from './state.js';
import { birthCamps, holds, openWindow, wolfHexes } from './windows.js';
import { runEvent } from './events.js';

const STAGES: Stage[] = ['event', 'arrival', 'return', 'animalCards', 'animalMove', 'movement', 'combat', 'survivalCards', 'survival', 'birthCards', 'births', 'sowing', 'draw', 'endRound'];

export const handLimit = (s: TalState) => (s.players >= 5 ? 4 : 5);

// ---------------------------------------------------------------- round flow

export function drawSpecial(s: TalState, seat: number, ctx: Ctx): boolean {
  if (s.specialDeck.length === 0) {
    if (s.specialDiscard.length === 0) return false;
    s.specialDeck = shuffle(s.rng, s.specialDiscard);
    s.specialDiscard = [];
    log(ctx, 'tal.log.reshuffleSpecials');
  }
  const c = s.specialDeck.pop()!;
  s.tribes[seat]!.hand.push(c);
  ctx.revealed = true;
  log(ctx, 'tal.log.drewSpecial', { p: seatRef(seat) });
  log(ctx, 'tal.log.drewSpecialPrivate', { card: m(`tal.card.${cardKind(c)}.name`) }, [seat]);
  return true;
}

/** The start player: most camps, then most people, then most food; further ties go clockwise from the last start. */
function computeOrder(s: TalState): number[] {
  const act = activeSeats(s);
  if (act.length === 0) return [];
  let start = act[0]!;
  if (s.round === 1) start = s.firstPlacer;
  else {
    const prev = s.order[0] ?? 0;
    const key = (p: number) => {
      const t = totals(s, p);
      return [campsOf(s, p).length, t.m + t.w, s.tribes[p]!.food, -((p - prev + s.players) % s.players)];
    };
    for (const p of act) {
      const a = key(p), b = key(start);
      for (let k = 0; k < a.length; k++) { if (a[k]! > b[k]!) { start = p; break; } if (a[k]! < b[k]!) break; }
    }
  }
  const out: number[] = [];
  for (let k = 0; k < s.players; k++) { const p = (start + k) % s.players; if (act.includes(p)) out.push(p); }
  return out;
}

function arrivalCount(s: TalState): number {
  const n = s.tribes.filter((t) => t.status !== 'out').length;
  const big = n >= 4;
  if (s.round === 1) return big ? 6 : 5;
  if (s.season === 'summer') return big ? 4 : 3;
  return big ? 2 : 1;
}

export function rimFree(s: TalState): number[] {
  return board(s).hexes.filter((bh) => {
    const i = bh.i;
    return bh.rim && bh.terrain !== 'lake' && markerAt(s, i) === null && !campAt(s, i) && peopleOn(s, i) === 0 && animalsOn(s, i) === 0;
  }).map((bh) => bh.i);
}

/** Seats (in turn order) that hold a card of one of the kinds and could use it now. */
function windowQueue(s: TalState, kinds: CardKind[], usable: (seat: number, k: CardKind) => boolean = () => true): number[] {
  return s.order.filter((p) => s.tribes[p]!.status === 'active' && kinds.some((k) => holds(s, p, k) && usable(p, k)));
}

function harvestValue(s: TalState, crop: number): number {
  const rain = s.lasting.includes('rain') ? talData(s).events.find((e) => e.kind === 'rain')!.params : null;
  if (crop === 2) return rain?.intact ?? 8;
  if (crop === 1) return rain?.damaged ?? 4;
  return 0;
}

/** What a tribe earns in the survival phase, by source. */
export function income(s: TalState, seat: number): { fish: number; gather: number; harvest: number } {
  const b = board(s);
  let fish = 0, gather = 0, harvest = 0;
  for (let i = 0; i < HEXES; i++) {
    if (popOf(s, i, seat) === 0) continue;
    const bh = b.hexes[i]!;
    const camp = campAt(s, i);
    const f = (bh.lakeSide && !s.roundEffects.frozen ? 1 : 0) + (bh.riverSide ? 1 : 0);
    fish += f + (s.roundEffects.goodFishing && f > 0 ? 1 : 0);
    if (s.season === 'summer' && bh.terrain === 'forest' && !s.lasting.includes('drought')) gather++;
    if (s.season === 'summer' && isLastRoundOfSeason(s) && camp?.seat === seat && camp.kind === 'village' && bh.terrain === 'plain') harvest += harvestValue(s, s.hx.crop[i]!);
  }
  return { fish, gather, harvest };
}

function sowable(s: TalState, seat: number): number[] {
  if (s.hx.crop.filter((c) => c > 0).length >= CROP_MARKERS) return [];
  const b = board(s);
  return campsOf(s, seat).filter((i) => b.hexes[i]!.terrain === 'plain' && s.hx.crop[i] === 0);
}

export function birth(s: TalState, hex: number, seat: number, ctx: Ctx): void {
  const die = rollDie(s.rng);
  const kinds: ('m' | 'w')[] = [];
  const dice = [die];
  if (die <= 2) kinds.push('w');
  else if (die <= 5) kinds.push('m');
  else for (let k = 0; k < 2; k++) { const d2 = rollDie(s.rng); dice.push(d2); kinds.push(d2 <= 2 ? 'w' : 'm'); }
  const born: Msg[] = [];
  for (const k of kinds) {
    const got = addFigures(s, hex, seat, k, 1);
    born.push(m(got ? (k === 'm' ? 'tal.acc.bornWarrior' : 'tal.acc.bornWoman') : (k === 'm' ? 'tal.acc.noWarrior' : 'tal.acc.noWoman')));
    if (got) s.stats.births++;
  }
  const line = m(die === 6 ? 'tal.acc.twins' : 'tal.acc.birth', { p: seatRef(seat), hex: hexArg(hex), dice: dice.join(', '), born });
  report(s, line);
  ctx.ev.push({ msg: line });
}

export function endRound(s: TalState, ctx: Ctx): void {
  // eliminations and the return rule
  for (let p = 0; p < s.players; p++) {
    const t = s.tribes[p]!;
    if (t.status !== 'active') continue;
    const tot = totals(s, p);
    if (tot.m + tot.w > 0) continue;
    s.specialDiscard.push(...t.hand);
    t.hand = [];
    t.fire = false;
    t.announced = false;
    if (s.yearOne && !t.returned) {
      t.status = 'returning';
      t.returned = true;
      log(ctx, 'tal.log.eliminatedReturn', { p: seatRef(p) });
    } else {
      t.status = 'out';
      log(ctx, 'tal.log.eliminated', { p: seatRef(p) });
    }
  }
  // victory: four camps (and fire) at the end of two rounds in a row
  const winners: number[] = [];
  for (let p = 0; p < s.players; p++) {
    const t = s.tribes[p]!;
    const ok = t.status === 'active' && campsOf(s, p).length >= 4 && (!s.advanced || t.fire);
    if (ok && t.announced) winners.push(p);
    else if (ok) log(ctx, 'tal.log.announce', { p: seatRef(p) });
    t.announced = ok;
  }
  if (winners.length) {
    s.winners = winners;
    s.endedBy = 'victory';
    s.stage = 'over';
    log(ctx, 'tal.log.victory', { p: winners.map(seatRef) });
    return;
  }
  const humans = s.hx.m.some((x) => x > 0) || s.hx.w.some((x) => x > 0);
  if (!humans && !s.tribes.some((t) => t.status === 'returning')) {
    s.endedBy = 'all_lost';
    s.stage = 'over';
    log(ctx, 'tal.log.allLost');
    return;
  }
  // season track
  s.roundInSeason++;
  if (s.roundInSeason > s.seasonLength) {
    if (s.season === 'winter') s.yearOne = false;
    s.season = s.season === 'summer' ? 'winter' : 'summer';
    s.roundInSeason = 1;
    s.seasonLength = 3;
    s.lasting = [];
    s.hx.fence.fill(0);
    s.fencesLeft = 2;
    log(ctx, s.season === 'summer' ? 'tal.log.summer' : 'tal.log.winter');
  }
  if (s.maxRounds && s.round >= s.maxRounds) {
    s.endedBy = 'cap';
    s.stage = 'over';
    log(ctx, 'tal.log.cap', { n: s.round });
    return;
  }
  s.round++;
  s.roundEffects = { storm: false, blizzard: false, frost: false, goodFishing: false, frozen: false };
  s.healer = [];
  s.fertility = [];
  log(ctx, 'tal.log.round', { n: s.round, season: m(`tal.season.${s.season}`), k: s.roundInSeason });
}

/** Runs a stage until a decision is owed (true) or it is done (false). */
export function runStage(s: TalState, ctx: Ctx): boolean {
  const first = !s.stageStarted;
  s.stageStarted = true;
  switch (s.stage) {
    case 'setup': return s.queue.length > 0;
    case 'event':
      if (first && s.round >= 3) runEvent(s, ctx);
      return false;
    case 'arrival':
      if (first) drawAnimals(s, arrivalCount(s), ctx);
      return false;
    case 'return':
      if (first) s.queue = s.tribes.map((t, p) => (t.status === 'returning' ? p : -1)).filter((p) => p >= 0);
      while (s.queue.length && rimFree(s).length === 0) s.queue.shift();
      return s.queue.length > 0;
    case 'animalCards':
      if (first) {
        s.order = computeOrder(s);
        s.queue = RULES.atLeast(s, 2) ? openWindow(s, 'animalCards')
          : windowQueue(s, ['wind', 'wolves_call'], (p, k) => k === 'wind' || (s.poolWolves > 0 && wolfHexes(s).length > 0));
      }
      return s.queue.length > 0;
    case 'animalMove':
      if (first) animalPhase(s, ctx);
      return false;
    case 'movement':
      if (first) { s.queue = [...s.order]; s.move = null; }
      for (;;) {
        if (!s.move) {
          const seat = s.queue[0];
          if (seat === undefined) return false;
          startMovement(s, seat);
        }
        if (movementHasChoice(s)) return true;
        s.queue.shift();
        s.move = null;
      }
    case 'combat': {
      if (first) {
        s.combat = { orderIndex: 0, hex: null, cardWindow: [], bonusTribes: {}, bonusAnimals: {}, brave: [], defected: 0, waitingFor: null };
        s.report = [{ title: m('tal.acc.combatTitle', { n: s.round }), lines: [] }]; // last round's account stays up until now
      }
      const c = s.combat!;
      for (;;) {
        if (c.waitingFor) return true;
        if (c.hex === null) {
          const seat = s.order[c.orderIndex];
          if (seat === undefined) { s.combat = null; checkCamps(s, ctx); return false; }
          const mine = combatHexes(s).filter((i) => popOf(s, i, seat) > 0);
          if (mine.length === 0) { c.orderIndex++; continue; }
          if (mine.length > 1) { c.waitingFor = { kind: 'order', seat }; return true; }
          startHex(s, mine[0]!);
        }
        if (c.cardWindow.length) return true;
        if (!resolveHex(s, c.hex!, ctx)) return true;
        checkCamps(s, ctx);
        c.hex = null;
      }
    }
    case 'survivalCards':
      if (first) {
        s.healer = [];
        s.queue = RULES.atLeast(s, 2) ? openWindow(s, 'survivalCards') : windowQueue(s, ['stores', 'healer']);
      }
      return s.queue.length > 0;
    case 'survival':
      if (first) {
        // Every tribe with people to pay for chooses whom to feed (all at once: no choice depends on another).
        s.report.push({ title: m('tal.acc.survivalTitle', { n: s.round }), lines: [] });
        s.queue = [];
        s.leaving = Array.from({ length: s.players }, () => []);
        for (const p of s.order) {
          const t = s.tribes[p]!;
          if (t.status !== 'active') continue;
          const inc = income(s, p);
          t.food += inc.fish + inc.gather + inc.harvest;
          const cost = foodCost(s, p);
          report(s, m('tal.acc.income', { p: seatRef(p), fish: inc.fish, gather: inc.gather, harvest: inc.harvest, cost }));
          if (cost > 0) s.queue.push(p);
          else payFood(s, p, ctx);
        }
      }
      return s.queue.length > 0;
    case 'birthCards':
      if (!isLastRoundOfSeason(s)) return false;
      if (first) s.queue = RULES.atLeast(s, 2) ? openWindow(s, 'birthCards') : windowQueue(s, ['fertility'], (p) => birthCamps(s, p).length > 0);
      return s.queue.length > 0;
    case 'births':
      if (first && isLastRoundOfSeason(s)) {
        s.report.push({ title: m('tal.acc.birthsTitle', { n: s.round }), lines: [] });
        for (const p of s.order) for (const hex of birthCamps(s, p)) {
          const n = Math.min(2, womenAt(s, hex, p)) + s.fertility.filter((x) => x === hex).length;
          for (let k = 0; k < n; k++) birth(s, hex, p, ctx);
        }
      }
      return false;
    case 'sowing':
      if (!(s.season === 'winter' && isLastRoundOfSeason(s))) return false;
      if (first) s.queue = s.order.filter((p) => sowOptions(s, p).length > 1);
      while (s.queue.length && sowOptions(s, s.queue[0]!).length <= 1) s.queue.shift();
      return s.queue.length > 0;
    case 'draw':
      if (first && isLastRoundOfSeason(s)) for (const p of s.order) if (s.tribes[p]!.hand.length < handLimit(s)) drawSpecial(s, p, ctx);
      return false;
    case 'endRound':
      if (first) endRound(s, ctx);
      return false;
    case 'over': return false;
  }
}

/** The tribe lets `leaving` go (they leave the game), then pays for everyone who stays. */
export function feedTribe(s: TalState, p: number, leaving: readonly Leaver[], ctx: Ctx): void {
  for (const l of leaving) {
    removeFigures(s, l.hex, p, l.type, 1);
    s.stats.starved++;
    log(ctx, l.type === 'm' ? 'tal.log.starveM' : 'tal.log.starveW', { p: seatRef(p), hex: hexArg(l.hex) });
  }
  if (leaving.length) checkCamps(s, ctx);
  payFood(s, p, ctx);
}

function payFood(s: TalState, p: number, ctx: Ctx): void {
  const t = s.tribes[p]!;
  const cost = foodCost(s, p);
  t.food -= cost;
  report(s, m('tal.acc.paid', { p: seatRef(p), cost, food: t.food }));
  log(ctx, 'tal.log.survival', { p: seatRef(p), cost, food: t.food });
}

export function startHex(s: TalState, hex: number): void {
  const c = s.combat!;
  c.hex = hex;
  c.bonusTribes = {};
  c.bonusAnimals = {};
  c.brave = [];
  c.defected = 0;
  s.stats.combats++;
  if (RULES.atLeast(s, 2)) { c.cardWindow = openWindow(s, 'combat'); return; }
  const tribes = tribesOn(s, hex);
  const armedFight = tribes.length >= 2;
  c.cardWindow = windowQueue(s, ['war_paint', 'brave_women', 'spears'], (p, k) => {
    if (!tribes.includes(p)) return false;
    if (k === 'spears') return animalsOn(s, hex) > 0;
    if (k === 'brave_women') return armedFight && womenAt(s, hex, p) > 0;
    return armedFight;
  });
}

export function advance(s: TalState, ctx: Ctx): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.stage === 'over') return;
    if (runStage(s, ctx)) return;
    if ((s.stage as Stage) === 'over') return;
    if (s.stage === 'setup') s.stage = 'event';
    else {
      const i = STAGES.indexOf(s.stage);
      s.stage = STAGES[(i + 1) % STAGES.length]!;
    }
    s.stageStarted = false;
  }
  throw new Error('tal: advance did not settle');
}

export function sowOptions(s: TalState, seat: number): TalOption[] {
  const opts: TalOption[] = [];
  const fields = sowable(s, seat);
  for (const i of fields) {
    if (s.tribes[seat]!.food >= 1) opts.push({ id: `sow:${i}`, label: m('tal.opt.sow', { hex: hexMsg(s, i) }), group: 'tal.grp.sow', payload: { kind: 'sow', hex: i, seed: false } });
    if (holds(s, seat, 'seed')) opts.push({ id: `seed:${i}`, label: m('tal.opt.seed', { hex: hexMsg(s, i) }), group: 'tal.grp.cards', payload: { kind: 'sow', hex: i, seed: true } });
  }
  opts.push(finish(m('tal.opt.doneSowing')));
  return opts;
}
