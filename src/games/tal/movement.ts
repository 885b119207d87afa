/**
 * The movement phase of one seat: its groups walk (each figure two steps, a mountain stops them, a hex held by
 * animals or another tribe only lets through as many as are left over), found camps, take fire (advanced) and play
 * movement cards. Moving a group is a compound action (group, destination, warriors, women) that `back` takes back
 * step by step through compound.ts, kept in the movement turn itself (`MoveState.takeback`).
 */
import { commitSteps, noTakeback, rememberStep, takeBack } from '../../engine/compound.js';
import { cardKind, talData, type CardKind } from './data.js';
import { hexArg } from './animals.js';
import { checkCamps } from './combat.js';
import { reach } from './reach.js';
import {
  addFigures, animalsOn, back, board, CAMP_MARKERS, campAt, campsOf, discardCard, finish, fig, HEXES, hexMsg, log, m, opposition, peopleOn, playCard,
  popOf, seatRef, setCamp, setFig, totals, warriorsAt, womenAt,
  type Budget, type Ctx, type MoveState, type MoveStep, type TalDecision, type TalOption, type TalPayload, type TalState,
} from './state.js';
import { hexDetail } from './hex-detail.js';

export function startMovement(s: TalState, seat: number): void {
  const fullSteps = s.roundEffects.blizzard ? 1 : 2;
  const budgets: Record<number, Budget> = {};
  for (let i = 0; i < HEXES; i++) {
    if (popOf(s, i, seat) > 0) {
      const bm = [0, 0, 0, 0], bw = [0, 0, 0, 0];
      bm[fullSteps] = warriorsAt(s, i, seat);
      bw[fullSteps] = womenAt(s, i, seat);
      budgets[i] = { m: bm, w: bw };
    }
  }
  s.move = { seat, fullSteps, budgets, scout: false, raft: false, step: { name: 'chooseGroup' }, takeback: noTakeback() };
}

const sum = (a: number[], from = 1) => a.slice(from).reduce((x, y) => x + y, 0);
function movableAt(s: TalState, hex: number): number {
  const mv = s.move!;
  const bd = mv.budgets[hex];
  if (!bd) return 0;
  const opp = opposition(s, hex, mv.seat);
  const mover = sum(bd.m) + sum(bd.w);
  if (opp === 0) return mover;
  return Math.max(0, Math.min(mover, popOf(s, hex, mv.seat) - opp));
}
const maxStep = (bd: Budget) => { for (let k = 3; k >= 1; k--) if (bd.m[k]! + bd.w[k]! > 0) return k; return 0; };

function canFound(s: TalState, hex: number): boolean {
  const mv = s.move!;
  const bd = mv.budgets[hex];
  return !!bd && !campAt(s, hex) && warriorsAt(s, hex, mv.seat) === 1 && womenAt(s, hex, mv.seat) === 1 && peopleOn(s, hex) === 2 && animalsOn(s, hex) === 0
    && bd.m[mv.fullSteps] === 1 && bd.w[mv.fullSteps] === 1 && campsOf(s, mv.seat).length < CAMP_MARKERS;
}
function canTakeFire(s: TalState, hex: number, seat: number): boolean {
  const bh = board(s).hexes[hex]!;
  return s.advanced && !s.tribes[seat]!.fire && campsOf(s, seat).length > 0 && (bh.volcano || s.fireSources.includes(hex))
    && popOf(s, hex, seat) === 1 && peopleOn(s, hex) === 1 && animalsOn(s, hex) === 0;
}
const fenceable = (s: TalState, seat: number): number[] => [...Array(HEXES).keys()].filter((i) => popOf(s, i, seat) > 0 && !s.hx.fence[i]);

function movementCardUsable(s: TalState, seat: number, k: CardKind): boolean {
  const mv = s.move!;
  const canMove = Object.keys(mv.budgets).some((h) => movableAt(s, Number(h)) > 0);
  switch (k) {
    case 'march': return mv.fullSteps < 3 && Object.keys(mv.budgets).some((h) => { const bd = mv.budgets[Number(h)]!; return bd.m[mv.fullSteps]! + bd.w[mv.fullSteps]! > 0 && movableAt(s, Number(h)) > 0; });
    case 'scout': return !mv.scout && canMove;
    case 'raft': return !mv.raft && canMove;
    case 'fence': return s.fencesLeft > 0 && fenceable(s, seat).length > 0;
    case 'stranger_m': return !s.tribes.some((t) => t.neutralWarrior) && campsOf(s, seat).length > 0;
    case 'stranger_w': return !s.tribes.some((t) => t.neutralWoman) && campsOf(s, seat).length > 0;
    case 'firemaker': return !s.advanced || (!s.tribes[seat]!.fire && campsOf(s, seat).length > 0);
    default: return false;
  }
}

const MOVE_PROMPTS: Record<MoveStep['name'], string> = {
  chooseGroup: 'tal.prompt.move', chooseCardHex: 'tal.prompt.cardHex', chooseDestination: 'tal.prompt.dest',
  chooseWarriors: 'tal.prompt.warriors', chooseWomen: 'tal.prompt.women',
};

/** The decision of the seat whose movement turn it is. */
export function movementDecision(s: TalState): TalDecision {
  const mv = s.move!;
  const step = mv.step;
  const args = { hex: 'from' in step ? hexMsg(s, step.from) : '', card: step.name === 'chooseCardHex' ? m(`tal.card.${step.card}.name`) : '' };
  return { seat: mv.seat, prompt: m(MOVE_PROMPTS[step.name], args), options: moveOptions(s), defaultOption: step.name === 'chooseGroup' ? 'finish' : 'back' };
}

export function moveOptions(s: TalState): TalOption[] {
  const mv = s.move!;
  const seat = mv.seat;
  const step = mv.step;
  switch (step.name) {
    case 'chooseCardHex': {
      const hexes = step.card === 'fence' ? fenceable(s, seat) : campsOf(s, seat);
      return [...hexes.map((i): TalOption => ({ id: `h:${i}`, label: hexMsg(s, i), group: 'tal.grp.hex', payload: { kind: 'cardHex', hex: i } })), back()];
    }
    case 'chooseDestination': {
      const r = reach(s, seat, step.from, maxStep(mv.budgets[step.from]!), mv.scout, mv.raft);
      const opts: TalOption[] = [];
      for (const [hex, d] of r) opts.push({ id: `to:${hex}`, label: m('tal.opt.dest', { hex: hexMsg(s, hex), d }), detail: hexDetail(s, hex), group: `tal.grp.dest${Math.min(d, 3)}`, payload: { kind: 'destination', hex } });
      return [...opts, back()];
    }
    case 'chooseWarriors': {
      const { maxM, maxW, cap } = groupLimits(s, step.from, step.distance);
      const lo = Math.min(maxW, cap) === 0 ? 1 : 0;
      const opts: TalOption[] = [];
      for (let k = lo; k <= Math.min(maxM, cap); k++) opts.push({ id: `m:${k}`, label: m('tal.opt.warriors', { n: k }), payload: { kind: 'warriors', n: k } });
      return [...opts, back()];
    }
    case 'chooseWomen': {
      const { maxW, cap } = groupLimits(s, step.from, step.distance);
      const lo = step.warriors === 0 ? 1 : 0;
      const opts: TalOption[] = [];
      for (let k = lo; k <= Math.min(maxW, cap - step.warriors); k++) opts.push({ id: `w:${k}`, label: m('tal.opt.women', { n: k }), payload: { kind: 'women', n: k } });
      return [...opts, back()];
    }
    case 'chooseGroup': break;
  }
  const opts: TalOption[] = [];
  for (const key of Object.keys(mv.budgets)) {
    const hex = Number(key);
    const bd = mv.budgets[hex]!;
    if (maxStep(bd) > 0 && movableAt(s, hex) > 0 && reach(s, seat, hex, maxStep(bd), mv.scout, mv.raft).size > 0) {
      opts.push({ id: `from:${hex}`, label: m('tal.opt.from', { hex: hexMsg(s, hex), m: sum(bd.m), w: sum(bd.w) }), group: 'tal.grp.from', payload: { kind: 'group', hex } });
    }
    if (canFound(s, hex)) opts.push({ id: `found:${hex}`, label: m('tal.opt.found', { hex: hexMsg(s, hex) }), group: 'tal.grp.special', style: 'success', payload: { kind: 'found', hex } });
    if (canTakeFire(s, hex, seat)) opts.push({ id: `fire:${hex}`, label: m('tal.opt.fire', { hex: hexMsg(s, hex) }), group: 'tal.grp.special', style: 'danger', payload: { kind: 'fire', hex } });
  }
  const kinds = new Set(s.tribes[seat]!.hand.map(cardKind));
  for (const k of kinds) {
    if (talData(s).cardByKind[k]!.window !== 'movement' || !movementCardUsable(s, seat, k)) continue;
    opts.push(playCard(k, 'tal.grp.cards'));
  }
  opts.push(finish(m('tal.opt.endMove'), 'primary'));
  return opts;
}

/**
 * Whether the movement turn offers a choice, i.e. `moveOptions(s)` holds more than the one option always offered
 * (`finish` when choosing a group, else `back`): the same rules asked in the same order, stopping at the first
 * option, with nothing built. The phase moves on to the next seat when it does not (`runStage`), which asks after
 * every step of the turn; `test/tal/movement-choice.test.ts` compares it with `moveOptions` at every step of seeded games.
 */
export function movementHasChoice(s: TalState): boolean {
  const mv = s.move!;
  const seat = mv.seat;
  const step = mv.step;
  switch (step.name) {
    case 'chooseCardHex': return (step.card === 'fence' ? fenceable(s, seat) : campsOf(s, seat)).length > 0;
    case 'chooseDestination': return reach(s, seat, step.from, maxStep(mv.budgets[step.from]!), mv.scout, mv.raft).size > 0;
    case 'chooseWarriors': {
      const { maxM, maxW, cap } = groupLimits(s, step.from, step.distance);
      return Math.min(maxM, cap) >= (Math.min(maxW, cap) === 0 ? 1 : 0);
    }
    case 'chooseWomen': {
      const { maxW, cap } = groupLimits(s, step.from, step.distance);
      return Math.min(maxW, cap - step.warriors) >= (step.warriors === 0 ? 1 : 0);
    }
    case 'chooseGroup': break;
  }
  for (const key of Object.keys(mv.budgets)) {
    const hex = Number(key);
    const bd = mv.budgets[hex]!;
    if (maxStep(bd) > 0 && movableAt(s, hex) > 0 && reach(s, seat, hex, maxStep(bd), mv.scout, mv.raft).size > 0) return true;
    if (canFound(s, hex) || canTakeFire(s, hex, seat)) return true;
  }
  for (const c of s.tribes[seat]!.hand) {
    const k = cardKind(c);
    if (talData(s).cardByKind[k]!.window === 'movement' && movementCardUsable(s, seat, k)) return true;
  }
  return false;
}

function groupLimits(s: TalState, from: number, dist: number): { maxM: number; maxW: number; cap: number } {
  const bd = s.move!.budgets[from]!;
  return { maxM: sum(bd.m, dist), maxW: sum(bd.w, dist), cap: movableAt(s, from) };
}

function takeBudget(arr: number[], dist: number, n: number): number[] {
  // lowest sufficient budget first; returns how many were taken at each level
  const taken = [0, 0, 0, 0];
  for (let k = dist; k <= 3 && n > 0; k++) {
    const t = Math.min(arr[k]!, n);
    arr[k]! -= t;
    taken[k] = t;
    n -= t;
  }
  return taken;
}

function commitMove(s: TalState, from: number, to: number, dist: number, nm: number, nw: number, ctx: Ctx): void {
  const mv = s.move!;
  const seat = mv.seat;
  const opp = opposition(s, to, seat);
  const stop = (board(s).hexes[to]!.terrain === 'mountain' && !mv.scout) || (opp > 0 && nm + nw <= opp);
  const bdTo = (mv.budgets[to] ??= { m: [0, 0, 0, 0], w: [0, 0, 0, 0] });
  for (const type of ['m', 'w'] as const) {
    const n = type === 'm' ? nm : nw;
    const taken = takeBudget(mv.budgets[from]![type], dist, n);
    taken.forEach((t, k) => { if (t) bdTo[type][stop ? 0 : k - dist]! += t; });
    setFig(s, type, from, seat, fig(s, type, from, seat) - n);
    setFig(s, type, to, seat, fig(s, type, to, seat) + n);
  }
  s.stats.moves++;
  log(ctx, 'tal.log.move', { p: seatRef(seat), m: nm, w: nw, from: hexArg(from), to: hexArg(to) });
  checkCamps(s, ctx);
}

/**
 * A choice in the movement turn. Moving a group takes four steps (group, destination, warriors, women) and a card
 * that needs a hex two; each step but the last is remembered (`rememberStep`), so that `back` can restore the
 * position before the first one and redo the others (`takeBack`); the last step commits the whole. Until then a step
 * changes nothing but the movement turn (`s.move`), so that is the position kept: the turn holds the `takeback`.
 */
export function performMove(s: TalState, option: TalOption, ctx: Ctx): void {
  const mv = s.move!;
  const seat = mv.seat;
  const step = mv.step;
  if (option.role === 'back') {
    takeBack<MoveState, TalPayload>(mv, (_, redo) => performMove(s, redo, ctx));
    return;
  }
  if (option.role === 'finish') { s.queue.shift(); s.move = null; return; }
  const pay = option.payload!;
  // each kind of payload is offered in one step only; the checks of `step.name` tell the type checker which
  switch (pay.kind) {
    case 'group': rememberStep(mv, option); mv.step = { name: 'chooseDestination', from: pay.hex }; return;
    case 'destination': {
      if (step.name !== 'chooseDestination') return;
      rememberStep(mv, option);
      const distance = reach(s, seat, step.from, maxStep(mv.budgets[step.from]!), mv.scout, mv.raft).get(pay.hex)!;
      const { maxM, cap } = groupLimits(s, step.from, distance);
      // nobody to choose among the warriors: straight on to the women
      mv.step = Math.min(maxM, cap) === 0
        ? { name: 'chooseWomen', from: step.from, to: pay.hex, distance, warriors: 0 }
        : { name: 'chooseWarriors', from: step.from, to: pay.hex, distance };
      return;
    }
    case 'warriors': {
      if (step.name !== 'chooseWarriors') return;
      const { maxW, cap } = groupLimits(s, step.from, step.distance);
      if (Math.min(maxW, cap - pay.n) > 0) { rememberStep(mv, option); mv.step = { ...step, name: 'chooseWomen', warriors: pay.n }; return; }
      endStep(s);
      commitMove(s, step.from, step.to, step.distance, pay.n, 0, ctx);
      return;
    }
    case 'women':
      if (step.name !== 'chooseWomen') return;
      endStep(s);
      commitMove(s, step.from, step.to, step.distance, step.warriors, pay.n, ctx);
      return;
    case 'found': {
      const n = pay.hex;
      const bd = mv.budgets[n]!;
      bd.m = [0, 0, 0, 0]; bd.w = [0, 0, 0, 0];
      bd.m[0] = 1; bd.w[0] = 1;
      setCamp(s, n, { seat, kind: board(s).hexes[n]!.terrain === 'mountain' ? 'cave' : 'village' });
      s.stats.founded++;
      log(ctx, 'tal.log.found', { p: seatRef(seat), hex: hexArg(n), kind: m(`tal.camp.${campAt(s, n)!.kind}`) });
      return;
    }
    case 'fire':
      s.tribes[seat]!.fire = true;
      log(ctx, 'tal.log.fireFound', { p: seatRef(seat), hex: hexArg(pay.hex) });
      return;
    case 'card': {
      const k = pay.card;
      if (k === 'fence' || k === 'stranger_m' || k === 'stranger_w') { rememberStep(mv, option); mv.step = { name: 'chooseCardHex', card: k }; return; }
      discardCard(s, seat, k, ctx);
      if (k === 'march') {
        for (const bd of Object.values(mv.budgets)) for (const t of ['m', 'w'] as const) { bd[t][mv.fullSteps + 1]! += bd[t][mv.fullSteps]!; bd[t][mv.fullSteps] = 0; }
        mv.fullSteps++;
      } else if (k === 'scout') mv.scout = true;
      else if (k === 'raft') mv.raft = true;
      else if (k === 'firemaker') {
        if (s.advanced) { s.tribes[seat]!.fire = true; log(ctx, 'tal.log.fireFound', { p: seatRef(seat), hex: '-' }); }
        else { s.tribes[seat]!.food += 2; log(ctx, 'tal.log.gainFood', { p: seatRef(seat), n: 2 }); }
      }
      return;
    }
    case 'cardHex': {
      if (step.name !== 'chooseCardHex') return;
      const n = pay.hex;
      const card = step.card;
      endStep(s);
      discardCard(s, seat, card, ctx);
      if (card === 'fence') {
        s.hx.fence[n] = 1;
        s.fencesLeft--;
        log(ctx, 'tal.log.fence', { p: seatRef(seat), hex: hexArg(n) });
      } else {
        const type = card === 'stranger_m' ? 'm' : 'w';
        if (type === 'm') s.tribes[seat]!.neutralWarrior = true; else s.tribes[seat]!.neutralWoman = true;
        const got = addFigures(s, n, seat, type, 1);
        if (!got) { if (type === 'm') s.tribes[seat]!.neutralWarrior = false; else s.tribes[seat]!.neutralWoman = false; }
        else { const bd = (mv.budgets[n] ??= { m: [0, 0, 0, 0], w: [0, 0, 0, 0] }); bd[type][0]!++; }
        if (type === 'm' && totals(s, seat).m < 11) s.tribes[seat]!.neutralWarrior = false;
        if (type === 'w' && totals(s, seat).w < 7) s.tribes[seat]!.neutralWoman = false;
        log(ctx, 'tal.log.stranger', { p: seatRef(seat), hex: hexArg(n), kind: m(type === 'm' ? 'tal.figure.warrior' : 'tal.figure.woman') });
      }
      return;
    }
    default: return;
  }
}
/** The last step of a compound move: back to choosing a group, and nothing before can be taken back. */
function endStep(s: TalState): void {
  s.move!.step = { name: 'chooseGroup' };
  commitSteps(s.move!);
}

