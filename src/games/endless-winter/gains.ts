/**
 * Endless Winter's small rules helpers: drawing, food, paying costs, queueing gains (the lower-income ladder), using an ability; and
 * the flag a step raises when it shows something hidden.
 */
import { shuffle } from '../../engine/rng.js';
import type { Ability, Atom, AtomKind } from './data.js';
import { type EwState, foodLimit } from './state.js';

const LADDER: AtomKind[] = ['megalith', 'draw', 'idol', 'tool', 'food'];

/** Set when a step shows something that was hidden (a card drawn, an animal or a tile turned). */
let revealedFlag = false;

/** Starts a step: nothing revealed yet. */
export function resetRevealed(): void {
  revealedFlag = false;
}

/** Whether the step so far showed something hidden. */
export function wasRevealed(): boolean {
  return revealedFlag;
}

export function drawCards(s: EwState, seat: number, n: number): number {
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

export function gainFood(s: EwState, seat: number, n: number): void {
  const pl = s.players[seat]!;
  pl.food = Math.min(foodLimit(s, seat), pl.food + n);
}

export function clampFood(s: EwState, seat: number): void {
  const pl = s.players[seat]!;
  pl.food = Math.min(pl.food, foodLimit(s, seat));
}

export function canPay(s: EwState, seat: number, cost: Atom[], extraHand = 0): boolean {
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

export function pay(s: EwState, seat: number, cost: Atom[]): void {
  const pl = s.players[seat]!;
  for (const a of cost) {
    if (a.k === 'food') pl.food -= a.n;
    else if (a.k === 'tool') pl.tool -= a.n;
    else if (a.k === 'labour') s.turn!.pool -= a.n;
    else if (a.k === 'discard') s.queue.unshift({ k: 'discard', n: a.n });
  }
}

/** Queues the gains of one ability or income. `income` marks it as income (the lower-income ladder applies). */
export function pushGains(s: EwState, seat: number, atoms: Atom[], income: boolean): void {
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
export function pushEclipseIncome(s: EwState, seat: number, atoms: Atom[]): void {
  if (!atoms.length) return;
  s.queueSeat = seat;
  if (atoms.every((a) => DECLINABLE_ALONE.has(a.k))) for (const a of atoms) s.queue.push({ k: a.k, n: a.n });
  else s.queue.push({ k: 'bundle', n: 1, atoms: atoms.map((a) => ({ ...a })), optional: true });
}

export function useAbility(s: EwState, seat: number, a: Ability): void {
  // Forced costs (a discard) are resolved before the gains.
  const gains = a.gain.filter((g) => !(g.k === 'labour' && !s.turn));
  pushGains(s, seat, gains, a.cost.length === 0);
  s.queueSeat = seat;
  pay(s, seat, a.cost);
}

export const isPureLabour = (a: Ability): boolean => a.cost.length === 0 && a.gain.every((g) => g.k === 'labour');

/** The lower incomes below `from` on the ladder, taken instead of one `from`. */
export const lowerThan = (from: AtomKind): AtomKind[] => LADDER.slice(LADDER.indexOf(from) + 1);
