/**
 * Eclipse incomes chosen together (issue #13, fewer clicks, same rules). Each eclipse income (steps 1, 3 and 4) stays
 * its own optional decision; beside "take", an income's decision offers to take it and the player's later incomes of
 * this eclipse as shown, when their values are already fixed: no eclipse ability comes between (step 2 has nothing to
 * offer), and nothing taken before them can change them (only food, tools, cards, points and tribe members, which
 * neither move camps nor build megaliths nor move idols). The result is the state of "take", "take", "take".
 */
import { m } from './keys.js';
import type { GameEvent } from '../../engine/types.js';
import type { Atom, AtomKind } from './data.js';
import { atomsMsg } from './names.js';
import { boardIncome, terrainIncome } from './scoring.js';
import { def, type EwOption, type EwState } from './state.js';

type Later = 'terrainIncome' | 'boardIncome';

/** Kinds that, taken before a later income, cannot change it (terrain influence, megaliths, idol steps, stones). */
const NEUTRAL: ReadonlySet<AtomKind> = new Set(['food', 'tool', 'draw', 'points', 'memberHand', 'memberDiscard']);
const neutral = (atoms: Atom[]): boolean => atoms.every((a) => NEUTRAL.has(a.k));
const draws = (atoms: Atom[]): number => atoms.filter((a) => a.k === 'draw').reduce((x, a) => x + a.n, 0);

/** The eclipse incomes still to come for the player at the eclipse income on the queue, whose values are fixed now. */
export function laterEclipseIncomes(s: EwState): { step: Later; atoms: Atom[] }[] {
  const e = s.eclipse;
  const it = s.queue[0];
  if (!e || s.queue.length !== 1 || !it?.optional || it.k !== 'bundle' || !neutral(it.atoms!)) return [];
  const seat = s.order[e.pos]!;
  if (s.queueSeat !== seat) return [];
  const out: { step: Later; atoms: Atom[] }[] = [];
  // every card drawn must be there to draw (else that draw is swapped, a choice of its own): cumulative, from the start
  const pl = s.players[seat]!;
  let cards = pl.deck.length + pl.discard.length;
  const fits = (atoms: Atom[]): boolean => (cards -= draws(atoms)) >= 0;
  if (!fits(it.atoms!)) return [];
  if (e.step === 'abilities') {
    // step 2 comes next: only when the stack has no eclipse ability at all (one a cost now stops may be paid later)
    if (s.players[seat]!.stack.some((c) => def(s, c).eclipse.length)) return [];
    const terrain = terrainIncome(s, seat);
    if (!fits(terrain)) return out;
    if (terrain.length) out.push({ step: 'terrainIncome', atoms: terrain });
    if (!neutral(terrain)) return out;
  } else if (e.step !== 'boardIncome') return [];
  const board = boardIncome(s, seat);
  if (board.length && fits(board)) out.push({ step: 'boardIncome', atoms: board });
  return out;
}

export function takeAllOption(atoms: Atom[], later: { step: Later; atoms: Atom[] }[]): EwOption {
  const incomes = [atomsMsg(atoms), ...later.map((l) => m(`income.${l.step}`, { gain: atomsMsg(l.atoms) }))];
  return {
    id: 'take:all', label: m('opt.takeAll', { n: later.length, incomes }), style: 'primary',
    payload: { kind: 'takeIncomes', steps: later.map((l) => l.step) },
  };
}

/** Takes the eclipse income on the queue and the later ones `steps` as shown; the eclipse goes on after them. */
export function takeEclipseIncomes(s: EwState, seat: number, steps: Later[], ev: GameEvent[]): void {
  const it = s.queue.shift()!;
  const gains: Atom[] = [...it.atoms!];
  if (steps.includes('terrainIncome')) gains.push(...terrainIncome(s, seat, ev));
  if (steps.includes('boardIncome')) gains.push(...boardIncome(s, seat, ev));
  s.queue.unshift(...gains.map((a) => ({ k: a.k, n: a.n })));
  s.eclipse!.step = steps.includes('boardIncome') ? 'next' : 'boardIncome';
}
