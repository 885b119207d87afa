/**
 * A heuristic Endless Winter player for self-play measurements (not part of the engine, never used by the bot).
 * It values a position by its projected final score plus a rough worth of what still earns points later, and
 * chooses with a short look-ahead: a figure placement is tried by playing the rest of that turn with a simple inner
 * policy; every other option by its value once its own follow-up choices (queued gains) are settled greedily.
 * It looks at the true state (its own deck order included): it is a measuring tool, not a fair opponent.
 */
import { apply } from '../../engine/apply.js';
import type { RngState } from '../../engine/rng.js';
import { engine, legalSettlementPoints, scoreFinal, stoneScore, terrainIncomeTiles } from './engine.js';
import { NEIGHBOURS, POINTS, SETTLEABLE } from './geometry.js';
import { campsOnMap, dataOf, def, foodForOneLabour, type EwState } from './state.js';

/** Eclipses still to come for this seat (its stone points are earned in each). */
function eclipsesLeft(s: EwState): number {
  if (s.phase === 'over') return 0;
  return dataOf(s).rounds - s.round + 1;
}

/** Value of a position for `seat`: projected final score plus the worth of resources that still earn points. */
export function potential(s: EwState, seat: number): number {
  const pl = s.players[seat]!;
  const fin = scoreFinal(s)[seat]!;
  let v = fin.total;
  if (s.phase === 'over') return v;
  const ecl = eclipsesLeft(s);
  const w = ecl / dataOf(s).rounds; // share of the game still ahead
  v += w * (pl.food * 0.45 + pl.tool * 0.8);
  for (const c of pl.hand) v += def(s, c).kind === 'progress' ? 1.6 * w : 0.7 * w;
  v += (pl.deck.length + pl.discard.length) * 0.25 * w;
  v += campsOnMap(s, seat) * 0.3 * w;
  // Progress towards a settlement: camps spread over the three tiles of a free meeting point.
  if (pl.settlements < dataOf(s).player.settlements) {
    let bestPt = 0;
    const c = (tl: number): number => s.camps[tl * s.n + seat]!;
    for (const i of SETTLEABLE) {
      if (s.settle[i] !== -1) continue;
      const pt = POINTS[i]!;
      let have = pt.filter((tl) => c(tl) > 0).length;
      // A missing tile next to a spare camp (one not needed on the point) is half done.
      if (have < 3) for (const tl of pt) if (!c(tl) && NEIGHBOURS[tl]!.some((nb) => c(nb) > (pt.includes(nb) ? 1 : 0))) { have += 0.5; break; }
      if (have > bestPt) bestPt = have;
    }
    v += [0, 0.3, 0.6, 1.2, 1.8, 2.6, 3.5][bestPt * 2]! * w;
  }
  v += pl.settlements * (3 + 8 * w);
  for (const st of pl.stones) v += stoneScore(s, seat, st) * ecl + 1;
  v += pl.megs * 1.2 * w;
  v += terrainIncomeTiles(s, seat).length * 1.2 * w;
  const living = pl.animals.length - pl.killed.length;
  v += living * 0.6 * w;
  if (s.turn && s.turn.seat === seat && (s.turn.stage === 'labour' || s.turn.stage === 'top')) v += s.turn.pool * 0.05;
  return v;
}

function step(s: EwState, seat: number, id: string): EwState {
  const r = apply(engine, s, seat, id);
  if (!r.ok) throw new Error(`strategy: ${id} rejected`);
  return r.state;
}

/** Cheap policy: rules for labour and the stack, one-step value for the rest. */
function innerChoice(s: EwState, seat: number, ids: string[]): number {
  const t = s.turn;
  if (s.phase === 'eclipse' && !s.queue.length) {
    const all = ids.indexOf('eall');
    if (all >= 0) return all;
  }
  if (t && t.seat === seat && !s.queue.length) {
    if (t.stage === 'labour') {
      const all = ids.indexOf('pa');
      if (all >= 0) return all;
      const one = ids.findIndex((x) => x.startsWith('pc:'));
      if (one >= 0) return one;
      return ids.indexOf('ok');
    }
    if (t.stage === 'stack') {
      const all = ids.indexOf('sa');
      if (all >= 0) return all;
      const one = ids.findIndex((x) => x.startsWith('sk:') && def(s, Number(x.slice(3))).kind === 'member');
      if (one >= 0) return one;
      return ids.indexOf('ok');
    }
  }
  let best = -1, bestV = -Infinity;
  const base = potential(s, seat);
  ids.forEach((id, i) => {
    if (id === 'back') return;
    const next = step(s, seat, id);
    let v = potential(next, seat);
    if (id === 'ok' && t && t.stage === 'top' && next.turn && next.turn.stage === 'middle') {
      // Leaving the top space: count the best middle action that follows.
      const d = engine.decisions(next)[0];
      if (d && d.seat === seat) for (const o of d.options) if (!o.id.startsWith('ab:')) v = Math.max(v, potential(step(next, seat, o.id), seat));
    }
    if (id === 'pf' && t && t.col === 'migrate' && legalSettlementPoints(s, seat).length && s.players[seat]!.food - foodForOneLabour(s, s.players[seat]!.food) < 3) return;
    if (id === 'pf' && t) {
      // Spending food only pays if it opens a better top action.
      const d = engine.decisions(next)[0];
      let after = -Infinity;
      if (d && d.seat === seat) for (const o of d.options) if (o.id !== 'pf' && o.id !== 'ok' && !o.id.startsWith('ab:')) after = Math.max(after, potential(step(next, seat, o.id), seat));
      v = after > base + 0.3 ? after - 0.01 : -Infinity;
    }
    if (v > bestV) { bestV = v; best = i; }
  });
  return best >= 0 ? best : 0;
}

function cardIndex(s: EwState, c: number): number {
  return dataOf(s).cards.indexOf(def(s, c));
}

/** Plays on with the inner policy while `seat` stays to move and `more` holds; returns the state reached. */
function rollout(s: EwState, seat: number, more: (x: EwState) => boolean, limit = 60): EwState {
  let x = s;
  for (let i = 0; i < limit; i++) {
    if (!more(x)) break;
    const d = engine.decisions(x)[0];
    if (!d || d.seat !== seat) break;
    const ids = d.options.map((o) => o.id);
    x = step(x, seat, ids[innerChoice(x, seat, ids)]!);
  }
  return x;
}

/** Chooser for `playRandom`: returns the index of the option to take. */
export function heuristicChooser(s: EwState, seat: number, ids: string[], _rng: RngState): number {
  if (ids.length === 1) return 0;
  if (s.phase === 'setup') return 0;
  const t = s.turn;
  const placing = t && t.seat === seat && t.stage === 'progress' && !s.queue.length;
  if (placing) {
    // Progress cards: play one when it (with its follow-ups) beats the best placement; placements by playing the turn out.
    let best = 0, bestV = -Infinity;
    ids.forEach((id, i) => {
      const next = step(s, seat, id);
      const end = id.startsWith('go:')
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
    ids.forEach((id, i) => {
      const next = step(s, seat, id);
      const end = rollout(next, seat, (x) => x.queue.length >= depth && x.queue.length > 0, 12);
      const v = potential(end, seat);
      if (v > bestV) { bestV = v; best = i; }
    });
    return best;
  }
  return innerChoice(s, seat, ids);
}
