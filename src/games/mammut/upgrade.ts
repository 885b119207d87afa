/**
 * Mammut: states stored by earlier code brought up to date (the engine's `upgrade`, added to the engine in index.ts).
 * Tested on states saved by that code in `test/mammut/upgrade.test.ts`.
 */
import { noTakeback } from '../../engine/compound.js';
import type { Seat } from '../../engine/types.js';
import { turnDecision } from './decisions.js';
import { carryOut } from './engine.js';
import type { AnimalChoice, MammutState, Payload, RoundScoring } from './state.js';

/** The state as stored before the fields had readable names (up to the typed payloads). */
interface OldState {
  n: number;
  slots: number;
  def: number[];
  loc: number[];
  coll: number[][];
  queue: { seat: Seat; src: AnimalChoice['source']; card: number }[];
  last: RoundScoring | null;
  pending:
    | { t: 'take'; steps: number[][] }
    | { t: 'rob'; victim: Seat; share: number }
    | { t: 'peek' | 'flip' | 'send'; card: number; picks: number[] }
    | null;
}

/**
 * A state stored by the code before the fields were renamed gets the new names; a compound action under way is
 * carried out again step by step from the position before it, so that its steps can be taken back as usual.
 */
export function upgrade(state: MammutState): MammutState {
  if (!('n' in state)) return state;
  const { n, slots, def, loc, coll, queue, last, pending, ...rest } = state as unknown as OldState & Record<string, unknown>;
  const s = {
    ...rest, players: n, sharesEach: slots, tileDef: def, place: loc, collection: coll,
    animalChoices: queue.map((q) => ({ seat: q.seat, source: q.src, card: q.card })), lastScoring: last, pending: null, takeback: noTakeback<Payload>(),
  } as unknown as MammutState;
  if (!pending) return s;
  // Each step counts as a decision of its own, as if it were chosen now (the base position keeps the count it had).
  const decided = s.stats.decisions;
  s.stats.decisions -= pending.t === 'take' ? pending.steps.length : pending.t === 'rob' ? 0 : pending.picks.length;
  const redo = (wanted: (p: Payload) => boolean): void => {
    const option = turnDecision(s).options.find((o) => o.payload && wanted(o.payload));
    if (!option) throw new Error('mammut: a stored step of the action under way is not on offer');
    carryOut(s, s.current, option, { events: [], revealed: false });
    s.stats.decisions++;
  };
  const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((t, i) => t === b[i]);
  if (pending.t === 'take') {
    redo((p) => p.kind === 'startMix');
    for (const step of pending.steps) redo((p) => p.kind === 'addToMix' && same(p.tiles, step));
  } else if (pending.t === 'rob') {
    redo((p) => p.kind === 'takeShare' && p.victim === pending.victim && p.share === pending.share);
  } else {
    redo((p) => p.kind === 'playCard' && p.card === pending.card);
    const target = (p: Payload): number | undefined => (p.kind === 'sendBack' ? p.share : p.kind === 'peek' || p.kind === 'flip' ? p.tile : undefined);
    for (const pick of pending.picks) redo((p) => target(p) === pick);
  }
  s.stats.decisions = decided;
  return s;
}
