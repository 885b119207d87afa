/**
 * Computer play for Endless Winter. For now a heuristic player for self-play measurements (not wired into the engine,
 * never used by the bot).
 * It values a position by its projected final score plus a rough worth of what still earns points later, and
 * chooses with a short look-ahead: a figure placement is tried by playing the rest of that turn with a simple inner
 * policy; every other option by its value once its own follow-up choices (queued gains) are settled greedily.
 * It looks at the true state (its own deck order included): it is a measuring tool, not a fair opponent.
 */
import { apply } from '../../engine/apply.js';
import type { RngState } from '../../engine/rng.js';
import { legalSettlementPoints } from './engine.js';
import { engine } from './index.js';
import { potential } from './estimate.js';
import { def, foodForOneLabour, type EwOption, type EwPayload, type EwState } from './state.js';

function step(s: EwState, seat: number, id: string): EwState {
  const r = apply(engine, s, seat, id);
  if (!r.ok) throw new Error(`ai: ${id} rejected`);
  return r.state;
}

/** The options `seat` is offered in `s` (Endless Winter asks one seat at a time). */
function offered(s: EwState, seat: number): EwOption[] {
  const d = engine.decisions(s)[0];
  return d && d.seat === seat ? d.options : [];
}

const kindOf = (o: EwOption): EwPayload['kind'] | undefined => o.payload?.kind;
const isFinish = (o: EwOption): boolean => o.role === 'finish';
/** Spending the least food for one more labour (not several at once). */
const isOneFoodLabour = (o: EwOption): boolean => o.payload?.kind === 'foodLabour' && o.payload.labour === 1;

/** Cheap policy: rules for labour and the stack, one-step value for the rest. Returns an index into `options`. */
function innerChoice(s: EwState, seat: number, options: EwOption[]): number {
  const t = s.turn;
  const find = (test: (o: EwOption) => boolean): number => options.findIndex(test);
  if (s.phase === 'eclipse' && !s.queue.length) {
    const all = find((o) => kindOf(o) === 'eclipseAll');
    if (all >= 0) return all;
  }
  if (t && t.seat === seat && !s.queue.length) {
    if (t.stage === 'labour') {
      const all = find((o) => kindOf(o) === 'playAll');
      if (all >= 0) return all;
      const one = find((o) => kindOf(o) === 'playMember');
      if (one >= 0) return one;
      return find(isFinish);
    }
    if (t.stage === 'stack') {
      const all = find((o) => kindOf(o) === 'stackAll');
      if (all >= 0) return all;
      const one = find((o) => o.payload?.kind === 'stackCard' && def(s, o.payload.card).kind === 'member');
      if (one >= 0) return one;
      return find(isFinish);
    }
  }
  let best = -1, bestV = -Infinity;
  const base = potential(s, seat);
  options.forEach((o, i) => {
    if (o.role === 'back') return;
    const next = step(s, seat, o.id);
    let v = potential(next, seat);
    if (isFinish(o) && t && t.stage === 'top' && next.turn && next.turn.stage === 'middle') {
      // Leaving the top space: count the best middle action that follows.
      for (const x of offered(next, seat)) if (kindOf(x) !== 'ability') v = Math.max(v, potential(step(next, seat, x.id), seat));
    }
    if (isOneFoodLabour(o) && t && t.col === 'migrate' && legalSettlementPoints(s, seat).length && s.players[seat]!.food - foodForOneLabour(s, s.players[seat]!.food) < 3) return;
    if (isOneFoodLabour(o) && t) {
      // Spending food only pays if it opens a better top action.
      let after = -Infinity;
      for (const x of offered(next, seat)) if (!isOneFoodLabour(x) && !isFinish(x) && kindOf(x) !== 'ability') after = Math.max(after, potential(step(next, seat, x.id), seat));
      v = after > base + 0.3 ? after - 0.01 : -Infinity;
    }
    if (v > bestV) { bestV = v; best = i; }
  });
  return best >= 0 ? best : 0;
}

/** Plays on with the inner policy while `seat` stays to move and `more` holds; returns the state reached. */
function rollout(s: EwState, seat: number, more: (x: EwState) => boolean, limit = 60): EwState {
  let x = s;
  for (let i = 0; i < limit; i++) {
    if (!more(x)) break;
    const options = offered(x, seat);
    if (!options.length) break;
    x = step(x, seat, options[innerChoice(x, seat, options)]!.id);
  }
  return x;
}

/** Chooser for `playRandom`: returns the index of the option to take among `ids` (all the options offered). */
export function heuristicChooser(s: EwState, seat: number, ids: string[], _rng: RngState): number {
  if (ids.length === 1) return 0;
  if (s.phase === 'setup') return 0;
  const byId = new Map(offered(s, seat).map((o) => [o.id, o]));
  const options = ids.map((id) => byId.get(id)!);
  const t = s.turn;
  const placing = t && t.seat === seat && t.stage === 'progress' && !s.queue.length;
  if (placing) {
    // Progress cards: play one when it (with its follow-ups) beats the best placement; placements by playing the turn out.
    let best = 0, bestV = -Infinity;
    options.forEach((o, i) => {
      const next = step(s, seat, o.id);
      const end = kindOf(o) === 'place'
        ? rollout(next, seat, (x) => x.turn !== null && x.turn.seat === seat && x.turn.stage !== 'stack', 80)
        : rollout(next, seat, (x) => x.queue.length > 0, 20);
      const v = potential(end, seat);
      if (v > bestV) { bestV = v; best = i; }
    });
    return best;
  }
  if (s.queue.length) {
    // Queued gains: settle each option's remaining queue to compare.
    let best = 0, bestV = -Infinity;
    const depth = s.queue.length;
    options.forEach((o, i) => {
      const next = step(s, seat, o.id);
      const end = rollout(next, seat, (x) => x.queue.length >= depth && x.queue.length > 0, 12);
      const v = potential(end, seat);
      if (v > bestV) { bestV = v; best = i; }
    });
    return best;
  }
  return innerChoice(s, seat, options);
}
