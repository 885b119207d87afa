/**
 * `npm run selfplay -- --game <id> --chooser policy` (README) for every game with a `playoutPolicy`, at every
 * player count, and the contract behind it: the policy is handed exactly `policyOptions(decision)` (every offered
 * option except `back`) by every caller, self-play as well as the computer players' search and playouts.
 */
import { describe, expect, it } from 'vitest';
import '../src/games/all.js';
import { allGames } from '../src/games/registry.js';
import { resolveOption } from '../src/engine/apply.js';
import { playRandom, policyOptions } from '../src/engine/selfplay.js';
import { seedRng, type RngState } from '../src/engine/rng.js';
import type { BaseState, GameEngine, Seat } from '../src/engine/types.js';
import { playout, strongPlayer } from '../src/ai/player.js';
import { runSelfplay } from '../scripts/selfplay.js';

const GAMES = 3;
const withPolicy = allGames().map((g) => g.engine).filter((e) => typeof e.playoutPolicy === 'function');

/** The engine with its policy wrapped: every call is checked against the contract's option set. */
function spied(engine: GameEngine<BaseState>): { engine: GameEngine<BaseState>; calls: () => number; wrong: string[] } {
  const wrong: string[] = [];
  let calls = 0;
  const policy = engine.playoutPolicy!;
  const wrapped: GameEngine<BaseState> = {
    ...engine,
    playoutPolicy(state: BaseState, seat: Seat, ids: string[], rng: RngState): number | string | null {
      calls++;
      const d = engine.decisions(state).find((x) => x.seat === seat);
      const expected = d ? policyOptions(d).map((o) => o.id) : [];
      if (wrong.length < 3 && JSON.stringify(ids) !== JSON.stringify(expected)) wrong.push(`got [${ids.join(' ')}], promised [${expected.join(' ')}]`);
      const k = policy.call(engine, state, seat, ids, rng);
      // an index into the ids, a set choice of the decision, or no opinion
      const named = typeof k === 'number' ? Number.isInteger(k) && k >= 0 && k < ids.length : k === null || (!!d && !!resolveOption(d, k)?.items);
      if (wrong.length < 3 && !named) wrong.push(`answer ${k} of ${ids.length}`);
      return k;
    },
  };
  return { engine: wrapped, calls: () => calls, wrong };
}

describe('self-play with the playout policy (npm run selfplay -- --chooser policy)', () => {
  it('GIVEN the registered games THEN at least one has a playout policy (Das Tal der Mammuts)', () => {
    expect(withPolicy.map((e) => e.id)).toContain('tal');
  });

  for (const engine of withPolicy) {
    const counts = Array.from({ length: engine.maxPlayers - engine.minPlayers + 1 }, (_, i) => engine.minPlayers + i);
    it.each(counts)(`GIVEN ${engine.id} with %i players THEN every policy game plays through without a failure`, (players) => {
      const report = runSelfplay(engine, { counts: [players], games: GAMES, chooser: 'policy', seed: 'policy-contract' });
      const r = report.byPlayers[players]!;
      expect(r.failures).toEqual([]);
      expect(r.failed).toBe(0);
      expect(r.finished + r.cutAtMaxSteps).toBe(GAMES);
    }, 120_000);

    it(`GIVEN ${engine.id} THEN self-play, the search's root and its playouts all hand the policy exactly the options offered but back`, () => {
      const spy = spied(engine);
      // states in the middle of a compound action (`back` offered beside other options): where the policy was
      // handed `back` before, and failed on it
      const states: { state: BaseState; seat: Seat }[] = [];
      playRandom(spy.engine, engine.minPlayers, {}, 'policy-set', {
        policy: spy.engine.playoutPolicy!.bind(spy.engine),
        maxSteps: 600,
        onStep: ({ after }) => {
          const d = engine.decisions(after).find((x) => x.options.length > 2 && x.options.some((o) => o.role === 'back'));
          if (d && states.length < 6) states.push({ state: after, seat: d.seat });
        },
      });
      expect(spy.wrong).toEqual([]);
      const selfplayCalls = spy.calls();
      expect(selfplayCalls).toBeGreaterThan(50);
      expect(states.length).toBeGreaterThan(0);
      const rng = seedRng('policy-set-ai');
      const player = strongPlayer();
      for (const { state, seat } of states) {
        player.decide(spy.engine, state, seat, { maxIterations: 3, maxPlayoutSteps: 40 }, rng);
        playout(spy.engine, structuredClone(state), seat, rng, 40);
      }
      expect(spy.wrong).toEqual([]);
      expect(spy.calls()).toBeGreaterThan(selfplayCalls);
    }, 120_000);
  }
});
