/**
 * Combat on one hex: tribes first (warriors fight, women defect or leave; women alone fight women), then
 * camp conquest, then animals one species after another. Dice are thrown here; a step that needs a
 * player's choice (which figure to lose to animals, or in a fight where warriors and brave women fought side by
 * side; keep or burn a conquered camp) stops and waits.
 */
import { rollDie } from '../../engine/rng.js';
import type { Msg, MsgArg } from '../../engine/types.js';
import { SPECIES, talData } from './data.js';
import { animalsArg, hexArg, spName } from './animals.js';
import {
  addFigures, an, animalsOn, board, CAMP_MARKERS, campAt, campsOf, HEXES, log, popOf, removeFigures, report, returnAnimals, seatRef, setAn, setCamp, tribesOn, warriorsAt, womenAt,
  type Ctx, type TalState,
} from './state.js';

/** The hexes where something must be resolved in the combat phase. */
export function combatHexes(s: TalState): number[] {
  const out: number[] = [];
  for (let i = 0; i < HEXES; i++) {
    const t = tribesOn(s, i).length;
    if (t >= 2 || (t >= 1 && animalsOn(s, i) > 0)) out.push(i);
  }
  return out;
}

export function campBonus(s: TalState, hex: number, seat: number): number {
  const c = campAt(s, hex);
  if (!c || c.seat !== seat) return 0;
  return c.kind === 'cave' ? 2 : 1;
}

interface Side { id: number; bonus: number }
/**
 * Every side throws a die; returns the ids of the sides that lose one figure (none on a full tie: throw again).
 * Two-sided throws are logged as one flat message (the account lives in the state, so it is kept small).
 */
function throwRound(s: TalState, ctx: Ctx, hex: number, sides: Side[], label: (id: number) => MsgArg): number[] {
  const totals = sides.map((sd) => {
    const die = rollDie(s.rng);
    return { id: sd.id, die, bonus: sd.bonus, total: die + sd.bonus };
  });
  const best = Math.max(...totals.map((t) => t.total));
  const losers = totals.filter((t) => t.total < best).map((t) => t.id);
  const tie = losers.length === 0;
  let line: Msg;
  if (totals.length === 2) {
    const [a, b] = totals as [typeof totals[0], typeof totals[0]];
    line = { key: tie ? 'tal.acc.tie2' : 'tal.acc.round2', args: { hex: hexArg(hex), a: label(a.id), ad: a.die, ab: a.bonus, at: a.total, b: label(b.id), bd: b.die, bb: b.bonus, bt: b.total } };
  } else {
    const parts: Msg[] = totals.map((t) => ({ key: 'tal.acc.throw', args: { who: label(t.id), die: t.die, bonus: t.bonus, total: t.total } }));
    line = { key: tie ? 'tal.acc.tie' : 'tal.acc.round', args: { hex: hexArg(hex), throws: parts } };
  }
  report(s, line);
  ctx.ev.push({ msg: line });
  return losers;
}

const tribeLabel = (seat: number): MsgArg => seatRef(seat);

/** Runs the combat on a hex as far as it goes without a choice. Returns true when the hex is settled. */
export function resolveHex(s: TalState, hex: number, ctx: Ctx): boolean {
  const c = s.combat!;
  const M = (p: number) => warriorsAt(s, hex, p), Wm = (p: number) => womenAt(s, hex, p);
  for (let guard = 0; guard < 2000; guard++) {
    const tribes = tribesOn(s, hex);
    const fighters = (p: number) => M(p) + (c.brave.includes(p) ? Wm(p) : 0);
    const armed = tribes.filter((p) => fighters(p) > 0);
    if (armed.length >= 2) {
      const losers = throwRound(s, ctx, hex, armed.map((p) => ({
        id: p, bonus: Math.max(0, fighters(p) - 1) + campBonus(s, hex, p) + (c.bonusTribes[p] ?? 0),
      })), tribeLabel);
      // A loser loses any member that fought: it chooses only when warriors and (brave) women fought together.
      const choosing: number[] = [];
      for (const p of losers) {
        if (c.brave.includes(p) && M(p) > 0 && Wm(p) > 0) choosing.push(p);
        else loseInFight(s, hex, p, M(p) > 0 ? 'm' : 'w', ctx);
      }
      if (choosing.length) { c.waitingFor = { kind: 'fightLoss', seat: choosing[0]!, next: choosing.slice(1) }; return false; }
      continue;
    }
    if (armed.length === 1 && tribes.length >= 2) {
      const win = armed[0]!;
      for (const p of tribes) {
        if (p === win) continue;
        const n = Wm(p);
        removeFigures(s, hex, p, 'w', n);
        const came = addFigures(s, hex, win, 'w', n);
        c.defected += came;
        const line: Msg = { key: 'tal.acc.defect', args: { n, p: seatRef(p), win: seatRef(win), came } };
        report(s, line);
        ctx.ev.push({ msg: line });
      }
      continue;
    }
    if (armed.length === 0 && tribes.length >= 2) {
      const losers = throwRound(s, ctx, hex, tribes.map((p) => ({
        id: p, bonus: Math.max(0, Wm(p) - 1) + campBonus(s, hex, p) + (c.bonusTribes[p] ?? 0),
      })), tribeLabel);
      for (const p of losers) {
        removeFigures(s, hex, p, 'w', 1);
        report(s, { key: 'tal.acc.loseWoman', args: { p: seatRef(p) } });
      }
      continue;
    }
    // At most one tribe is left on the hex.
    const survivor = tribes[0];
    const camp = campAt(s, hex);
    if (camp && camp.seat !== survivor && popOf(s, hex, camp.seat) === 0) {
      if (survivor === undefined) {
        log(ctx, 'tal.log.campLost', { p: seatRef(camp.seat), hex: hexArg(hex) });
        setCamp(s, hex, null);
      } else {
        const loser = camp.seat;
        conquer(s, hex, survivor, ctx);
        if (campsOf(s, survivor).length < CAMP_MARKERS) { c.waitingFor = { kind: 'conquest', seat: survivor, loser }; return false; }
        burnCamp(s, hex, survivor, loser, ctx);
      }
      continue;
    }
    if (survivor !== undefined && animalsOn(s, hex) > 0) {
      // strongest species first
      let sp = -1;
      for (let k = SPECIES.length - 1; k >= 0; k--) if (an(s, hex, k) > 0) { sp = k; break; }
      const bonusTribe = Math.max(0, M(survivor) - 1) + campBonus(s, hex, survivor) + (s.advanced && s.tribes[survivor]!.fire ? 1 : 0) + (c.bonusAnimals[survivor] ?? 0);
      const losers = throwRound(s, ctx, hex, [{ id: survivor, bonus: bonusTribe }, { id: -1 - sp, bonus: an(s, hex, sp) - 1 }],
        (id) => (id >= 0 ? tribeLabel(id) : animalsArg(an(s, hex, sp), sp)));
      if (losers.length === 0) continue;
      if (losers[0]! < 0) {
        setAn(s, hex, sp, an(s, hex, sp) - 1);
        returnAnimals(s, sp, 1);
        const food = talData(s).species[SPECIES[sp]!].food;
        const gain = s.lasting.includes('lean_meat') ? Math.floor(food / 2) : food;
        s.tribes[survivor]!.food += gain;
        s.stats.kills++;
        const kl: Msg = { key: 'tal.acc.kill', args: { p: seatRef(survivor), sp: spName(sp), food: gain } };
        report(s, kl);
        ctx.ev.push({ msg: kl });
        continue;
      }
      if (M(survivor) > 0 && Wm(survivor) > 0) { c.waitingFor = { kind: 'loss', seat: survivor, species: sp }; return false; }
      loseToAnimal(s, hex, survivor, M(survivor) > 0 ? 'm' : 'w', sp, ctx);
      continue;
    }
    return true;
  }
  throw new Error('tal: combat did not settle');
}

/** A tribe loses one figure that fought on the hex in a fight between tribes. */
export function loseInFight(s: TalState, hex: number, seat: number, type: 'm' | 'w', ctx: Ctx): void {
  removeFigures(s, hex, seat, type, 1);
  const line: Msg = { key: type === 'm' ? 'tal.acc.loseWarrior' : 'tal.acc.loseWoman', args: { p: seatRef(seat) } };
  report(s, line);
  ctx.ev.push({ msg: line });
}

export function loseToAnimal(s: TalState, hex: number, seat: number, type: 'm' | 'w', sp: number, ctx: Ctx): void {
  removeFigures(s, hex, seat, type, 1);
  const line: Msg = { key: type === 'm' ? 'tal.acc.killedWarrior' : 'tal.acc.killedWoman', args: { p: seatRef(seat), sp: spName(sp) } };
  report(s, line);
  ctx.ev.push({ msg: line });
  if (campAt(s, hex)?.seat === seat && popOf(s, hex, seat) === 0) {
    log(ctx, 'tal.log.campLost', { p: seatRef(seat), hex: hexArg(hex) });
    setCamp(s, hex, null);
    fireCheck(s, seat, ctx);
  }
}

/** A camp whose defenders are gone: food for the winner, fire shared (advanced). */
function conquer(s: TalState, hex: number, win: number, ctx: Ctx): void {
  const loser = campAt(s, hex)!.seat;
  const last = campsOf(s, loser).length === 1;
  const lt = s.tribes[loser]!;
  const gain = last ? Math.floor(lt.food / 2) : Math.floor(lt.food / 4);
  lt.food -= gain;
  s.tribes[win]!.food += gain;
  s.stats.conquests++;
  const line: Msg = { key: last ? 'tal.acc.conquerLast' : 'tal.acc.conquer', args: { win: seatRef(win), p: seatRef(loser), hex: hexArg(hex), food: gain } };
  report(s, line);
  ctx.ev.push({ msg: line });
  if (s.advanced && lt.fire && !s.tribes[win]!.fire) {
    s.tribes[win]!.fire = true;
    log(ctx, 'tal.log.fireTaken', { p: seatRef(win) });
  }
  if (s.advanced && last && lt.fire) {
    lt.fire = false;
    log(ctx, 'tal.log.fireLost', { p: seatRef(loser) });
  }
}

export function takeCamp(s: TalState, hex: number, win: number, ctx: Ctx): void {
  setCamp(s, hex, { seat: win, kind: board(s).hexes[hex]!.terrain === 'mountain' ? 'cave' : 'village' });
  log(ctx, 'tal.log.campTaken', { p: seatRef(win), hex: hexArg(hex) });
}

export function burnCamp(s: TalState, hex: number, win: number, loser: number, ctx: Ctx): void {
  setCamp(s, hex, null);
  const n = Math.min(s.combat?.defected ?? 0, womenAt(s, hex, win));
  removeFigures(s, hex, win, 'w', n);
  if (s.combat) s.combat.defected = 0;
  log(ctx, 'tal.log.campBurnt', { p: seatRef(win), hex: hexArg(hex), n, loser: seatRef(loser) });
  fireCheck(s, win, ctx);
}

/** A tribe without camps has no place for its fire: it loses it (advanced). */
export function fireCheck(s: TalState, seat: number, ctx: Ctx): void {
  const t = s.tribes[seat]!;
  if (t.fire && campsOf(s, seat).length === 0) {
    t.fire = false;
    log(ctx, 'tal.log.fireLost', { p: seatRef(seat) });
  }
}

/** Every camp needs at least one woman of its tribe; a camp without one is abandoned. */
export function checkCamps(s: TalState, ctx: Ctx): void {
  for (let i = 0; i < HEXES; i++) {
    const seat = s.hx.camp[i]!;
    if (seat >= 0 && womenAt(s, i, seat) === 0) {
      setCamp(s, i, null);
      log(ctx, 'tal.log.campAbandoned', { p: seatRef(seat), hex: hexArg(i) });
      fireCheck(s, seat, ctx);
    }
  }
}
