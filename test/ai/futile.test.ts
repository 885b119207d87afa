/**
 * Options that only bring an earlier position back (`Option.futile`) are never a computer's choice while another
 * exists: Mammut's rob of a one-tile share (the tile goes straight back to the middle) let a searching computer and a
 * rule of thumb that takes single tiles go round without end (a production-budget match that never finished).
 */
import { describe, expect, it } from 'vitest';
import { aiRng, strongPlayer } from '../../src/ai/index.js';
import { apply } from '../../src/engine/apply.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { engine } from '../../src/games/mammut/index.js';
import { mammutPolicy } from '../../src/games/mammut/ai.js';
import { MIDDLE, type MammutState } from '../../src/games/mammut/state.js';
import { dataOf, defOf, moveTiles, zones } from '../../src/games/mammut/board.js';

/** Two players; seat 1 has just taken one tile from the middle, so seat 0 may rob that one-tile share. */
function oneTileShare(seed: string): MammutState {
  let s = engine.setup(2, {}, seed);
  const d = engine.decisions(s)[0]!;
  const r = apply(engine, s, d.seat, d.options.find((o) => o.id.startsWith('t:'))!.id);
  if (!r.ok) throw new Error(r.error.code);
  s = r.state;
  return s;
}

describe('GIVEN a Mammut share of one tile', () => {
  it('THEN robbing it is marked futile (it returns the position), robbing a larger share is not', () => {
    const s = oneTileShare('futile-mark');
    const d = engine.decisions(s)[0]!;
    const robs = d.options.filter((o) => o.id.startsWith('rob:'));
    expect(robs.length).toBeGreaterThan(0);
    expect(robs.every((o) => o.futile === true)).toBe(true);
    expect(d.options.filter((o) => !o.id.startsWith('rob:')).some((o) => o.futile)).toBe(false);
  });

  it('THEN neither the strong player nor the rule of thumb robs it, even when the search would judge it best', () => {
    // A judge that likes nothing better than seat 1 without a share: what robbing it gives at once.
    const denial = (_e: unknown, st: MammutState, seat: number) => (seat === 0 && zones(st).shares[1]!.every((l) => l.length === 0) ? 1 : 0);
    for (let i = 0; i < 10; i++) {
      const s = oneTileShare(`futile-${i}`);
      const d = engine.decisions(s)[0]!;
      const choice = strongPlayer({ evaluate: denial }).decide(engine, s, d.seat, { maxIterations: 400, maxPlayoutSteps: 0 }, aiRng(`futile-${i}`));
      expect(choice.optionId.startsWith('rob:'), `seed futile-${i}: ${choice.optionId}`).toBe(false);
      const ids = d.options.filter((o) => o.role !== 'back').map((o) => o.id);
      const pick = mammutPolicy(s, d.seat, ids, seedRng(`p-${i}`), (x) => engine.decisions(x), d);
      expect(typeof pick === 'number' && ids[pick]!.startsWith('rob:'), `policy, seed futile-${i}`).toBe(false);
    }
  });
});

describe('GIVEN the middle\'s last tile, and a next player who could then only hand a one-tile share back', () => {
  it('THEN taking it is marked futile: the next player\'s only moves are one-tile shares, and taking back the new one returns the position', () => {
    let found = 0;
    for (let g = 0; g < 300 && found < 5; g++) {
      let s = engine.setup(2 + (g % 3), {}, `handed-back-${g}`);
      const rng = seedRng(`handed-back-${g}`);
      for (let step = 0; step < 2000; step++) {
        const owed = engine.decisions(s);
        if (owed.length === 0) break;
        const d = owed[0]!;
        const marked = d.options.filter((o) => o.futile && o.id.startsWith('t:'));
        for (const o of marked) {
          found++;
          const before = JSON.stringify(zones(s));
          const r = apply(engine, s, d.seat, o.id);
          if (!r.ok) throw new Error(r.error.code);
          const next = engine.decisions(r.state)[0]!;
          const moves = next.options.filter((x) => x.role !== 'back');
          expect(moves.length, `game ${g} step ${step}`).toBeGreaterThan(0);
          expect(moves.every((x) => x.id.startsWith('rob:') && x.futile), `game ${g} step ${step}: ${moves.map((x) => x.id).join(' ')}`).toBe(true);
          // Taking back the share just made puts the position back as it was.
          const mine = zones(r.state).shares[d.seat]!.length - 1;
          const id = moves.find((x) => (x.payload as { victim: number; share: number }).victim === d.seat && (x.payload as { share: number }).share === mine)!.id;
          const r2 = apply(engine, r.state, next.seat, id);
          if (!r2.ok) throw new Error(r2.error.code);
          expect(JSON.stringify(zones(r2.state)), `game ${g} step ${step}`).toBe(before);
        }
        // Play on mostly taking single tiles and one-tile shares, the moves that lead to such positions.
        const ids = d.options.filter((o) => o.role !== 'back').map((o) => o.id);
        const singles = ids.filter((id) => id.startsWith('t:') || id.startsWith('rob:'));
        const pool = singles.length && randInt(rng, 4) !== 0 ? singles : ids;
        const r = apply(engine, s, d.seat, pool[randInt(rng, pool.length)]!);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
      }
    }
    expect(found).toBeGreaterThan(0);
  });
});

describe('GIVEN a share of animal tiles that every player already owns, taken by the rule of thumb', () => {
  it('THEN it keeps one: putting every tile back fills no share, and two players handed the same tiles back and forth without end', () => {
    for (let i = 0; i < 5; i++) {
      const s = oneTileShare(`keep-one-${i}`);
      const taker = engine.decisions(s)[0]!.seat;
      const victim = 1 - taker;
      const d = dataOf(s);
      const animals = [...s.place.keys()].filter((t) => d.tKind[defOf(s, t)] === 'animal');
      expect(animals.length).toBeGreaterThan(1);
      s.collection = s.collection.map(() => d.animals.map((_, a) => a));
      moveTiles(s, zones(s).shares[victim]![0]!, MIDDLE);
      moveTiles(s, animals, victim * 2);
      expect(zones(s).shares[victim]![0]!).toEqual(animals);
      const r = apply(engine, s, taker, `rob:${victim}.0`);
      if (!r.ok) throw new Error(r.error.code);
      const put = engine.decisions(r.state)[0]!;
      const ids = put.options.filter((o) => o.role !== 'back').map((o) => o.id);
      expect(ids.length).toBeGreaterThanOrEqual(animals.length);
      const pick = mammutPolicy(r.state, taker, ids, seedRng(`keep-one-${i}`), (x) => engine.decisions(x), put);
      const back = typeof pick === 'number' ? 1 : pick!.split('+').length;
      expect(back, `seed keep-one-${i}: ${String(pick)}`).toBe(ids.length - 1);
    }
  });
});
