/**
 * Computer players never read hidden information. GIVEN a position and a "poisoned" twin of it (everything the seat
 * cannot see redrawn at random: other hands, decks, face-down tiles, the generator), whose view for the seat is the
 * same, THEN the greedy player, the rule of thumb and the strong search (a fixed number of playouts) choose the same
 * option in both, from the same generator state: what they choose depends only on what the seat may know.
 */
import { describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { apply } from '../../src/engine/apply.js';
import { randInt, seedRng, type RngState } from '../../src/engine/rng.js';
import type { BaseState, GameEngine } from '../../src/engine/types.js';
import { allGames } from '../../src/games/registry.js';
import { strongPlayer, type ComputerPlayer } from '../../src/ai/player.js';
import { greedyPlayer, policyPlayer } from '../../src/ai/simple.js';

/** Positions along a seeded random game, every `every` steps, with the seat owing a decision there. */
function positions(engine: GameEngine<BaseState>, players: number, seed: string, every: number, count: number): { state: BaseState; seat: number }[] {
  const rng = seedRng(`hidden:${seed}`);
  let state = engine.setup(players, {}, seed);
  const out: { state: BaseState; seat: number }[] = [];
  for (let step = 1; out.length < count && step < 5000; step++) {
    const owed = engine.decisions(state);
    if (!owed.length) break;
    const d = owed[0]!;
    if (step % every === 0 && d.options.filter((o) => o.role !== 'back').length > 1) out.push({ state, seat: d.seat });
    const r = apply(engine, state, d.seat, d.options[randInt(rng, d.options.length)]!.id);
    if (!r.ok) throw new Error('rejected');
    state = r.state;
  }
  return out;
}

const copy = (rng: RngState): RngState => [...rng] as RngState;
const players: [string, ComputerPlayer][] = [['greedy', greedyPlayer], ['rule of thumb', policyPlayer], ['strong', strongPlayer()]];

describe('computer players read only what the seat may know', () => {
  for (const m of allGames()) {
    const engine = m.engine;
    const n = engine.id === 'eiszeit' ? 3 : Math.max(2, engine.minPlayers);
    it(`${engine.name}: the same choice in a position and in its poisoned twin`, () => {
      let compared = 0, poisoned = 0;
      for (const [k, { state, seat }] of positions(engine, n, `${engine.id}-hidden`, 7, 4).entries()) {
        const twin = engine.determinize!(state, seat, seedRng(`poison:${k}`));
        expect(engine.view(twin, seat)).toEqual(engine.view(state, seat));
        if (JSON.stringify({ ...twin, rng: null }) !== JSON.stringify({ ...state, rng: null })) poisoned++;
        for (const [name, player] of players) {
          const rng = seedRng(`choose:${k}:${name}`);
          const budget = { maxIterations: 6, maxPlayoutSteps: 20 };
          const a = player.choose(engine, state, seat, budget, copy(rng));
          const b = player.choose(engine, twin, seat, budget, copy(rng));
          expect(b, `${name} at position ${k}`).toBe(a);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(0);
      // the twins really differ in what the seat cannot see
      expect(poisoned).toBeGreaterThan(0);
    });
  }
});
