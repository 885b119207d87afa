/**
 * The eclipse (turn order, eclipse abilities, incomes), the preparation of the next round and the final scoring.
 */
import { finishOption } from '../../engine/compound.js';
import { m } from './keys.js';
import type { Decision, GameEvent, Seat } from '../../engine/types.js';
import { COLS } from './data.js';
import { canPay, drawCards, pushEclipseIncome, useAbility } from './gains.js';
import { abilityMsg, cardName, half, seatRef } from './names.js';
import { control, inGroup } from './options.js';
import { boardIncome, scoreFinal, terrainIncome } from './scoring.js';
import { dataOf, def, type EwOption, type EwPayload, type EwState } from './state.js';
import type { UsableAbility } from './turn-options.js';

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

export function startEclipse(s: EwState, ev: GameEvent[]): void {
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

export function eclipseStep(s: EwState, ev: GameEvent[]): boolean {
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

export function eclipseDecision(s: EwState): Decision<EwPayload> {
  const seat = s.order[s.eclipse!.pos]!;
  const usable = eclipseAbilities(s);
  const opts = inGroup(usable.map((u) => ({ id: `ea:${u.key}`, label: u.label, style: 'success' as const, payload: { kind: 'eclipseAbility', key: u.key } })), 'endless-winter.grp.abilities');
  const free = usable.filter((u) => !u.ability.cost.length);
  if (free.length >= 2) opts.unshift({ id: 'eall', label: m('opt.eclipseAll', { n: free.length }), style: 'primary', payload: { kind: 'eclipseAll' } });
  opts.push(control(finishOption(m('opt.eclipseDone'), 'secondary', 'ok')));
  return { seat, prompt: m('p.eclipse'), options: opts, defaultOption: 'ok' };
}

export function performEclipse(s: EwState, seat: Seat, option: EwOption, ev: GameEvent[]): void {
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
