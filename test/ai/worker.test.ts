import { afterAll, describe, expect, it } from 'vitest';
import { AiWorkerPool, aiRng, computerChoice, strongPlayer, randomPlayer } from '../../src/ai/index.js';
import type { GameModule } from '../../src/games/types.js';
import { runContract } from '../helpers/contract.js';
import { toyEngine } from './toy-game.js';

const pool = new AiWorkerPool({ registryUrl: new URL('./toy-registry.ts', import.meta.url).href });
afterAll(() => pool.close());

describe('the toy game itself', () => {
  it('GIVEN random play for 2, 3 and 4 players THEN it keeps the engine contract', () => {
    for (const players of [2, 3, 4]) {
      const r = runContract(toyEngine, { players, games: 5 });
      expect(r.finished).toBe(5);
    }
  });
});

describe('computer player in a worker thread', () => {
  it('GIVEN the same seed and iteration cap THEN the worker chooses what the in-process search chooses', async () => {
    for (const [players, seed] of [[2, 'w1'], [3, 'w2'], [4, 'w3']] as const) {
      const state = toyEngine.setup(players, {}, seed);
      const seat = toyEngine.decisions(state)[players - 1]!.seat;
      const local = aiRng(seed);
      const expected = strongPlayer().decide(toyEngine, state, seat, { maxIterations: 100 }, local);
      const answer = await pool.choose({ gameId: 'toy', level: 'strong', state, seat, budget: { maxIterations: 100 }, rng: aiRng(seed) });
      expect(answer.optionId).toBe(expected.optionId);
      expect(answer.choice.arms).toEqual(expected.arms);
      expect(answer.rng, 'the generator comes back advanced as in-process').toEqual(local);
    }
  });

  it('GIVEN the random level THEN the worker also matches the in-process choice', async () => {
    const state = toyEngine.setup(2, {}, 'wr');
    const seat = toyEngine.decisions(state)[0]!.seat;
    const expected = randomPlayer.choose(toyEngine, state, seat, {}, aiRng('wr'));
    const answer = await pool.choose({ gameId: 'toy', level: 'random', state, seat, budget: {}, rng: aiRng('wr') });
    expect(answer.optionId).toBe(expected);
  });

  it('GIVEN a search running in the worker THEN the main thread keeps running meanwhile', async () => {
    const state = toyEngine.setup(2, {}, 'busy');
    const seat = toyEngine.decisions(state)[0]!.seat;
    await pool.choose({ gameId: 'toy', level: 'random', state, seat, budget: {}, rng: aiRng('warm') }); // worker is up
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const answer = await pool.choose({ gameId: 'toy', level: 'strong', state, seat, budget: { timeMs: 300 }, rng: aiRng('busy') });
    clearInterval(timer);
    expect(answer.choice.iterations).toBeGreaterThan(0);
    expect(ticks, 'timers fired while the search ran').toBeGreaterThan(3);
  });

  it('GIVEN several requests at once THEN each gets its own answer', async () => {
    const requests = [0, 1, 2, 3].map((i) => {
      const state = toyEngine.setup(2, {}, `many-${i}`);
      const seat = toyEngine.decisions(state)[0]!.seat;
      return { state, seat, seed: `many-${i}` };
    });
    const answers = await Promise.all(requests.map((r) =>
      pool.choose({ gameId: 'toy', level: 'strong', state: r.state, seat: r.seat, budget: { maxIterations: 40 }, rng: aiRng(r.seed) })));
    answers.forEach((a, i) => {
      const r = requests[i]!;
      expect(a.optionId).toBe(strongPlayer().choose(toyEngine, r.state, r.seat, { maxIterations: 40 }, aiRng(r.seed)));
    });
  });

  it('GIVEN an unknown game or a seat that owes nothing THEN the request is rejected and the pool keeps working', async () => {
    const state = toyEngine.setup(2, {}, 'bad');
    const owing = toyEngine.decisions(state).map((d) => d.seat);
    await expect(pool.choose({ gameId: 'nope', level: 'random', state, seat: 0, budget: {}, rng: aiRng('b') })).rejects.toThrow(/unknown game/);
    const trick = { ...state, phase: 'tricks' as const, exchanged: [true, true], toAct: 1 };
    expect(owing).toEqual([0, 1]);
    await expect(pool.choose({ gameId: 'toy', level: 'random', state: trick, seat: 0, budget: {}, rng: aiRng('b') })).rejects.toThrow(/owes no decision/);
    const ok = await pool.choose({ gameId: 'toy', level: 'random', state, seat: 0, budget: {}, rng: aiRng('b') });
    expect(toyEngine.decisions(state)[0]!.options.map((o) => o.id)).toContain(ok.optionId);
  });

  it('GIVEN the bot hook THEN it answers from the worker, and falls back to a random legal option if the worker fails', async () => {
    const state = toyEngine.setup(2, {}, 'hook');
    const d = toyEngine.decisions(state)[1]!;
    const choose = computerChoice('strong', { pool, budget: { maxIterations: 60 } });
    const got = await choose({ engine: toyEngine } as unknown as GameModule, state, d.seat, d, 'g1:7');
    expect(got).toBe(strongPlayer().choose(toyEngine, state, d.seat, { maxIterations: 60 }, aiRng(`g1:7:${d.seat}`)));

    const failures: Error[] = [];
    const lost = computerChoice('strong', { pool, onFallback: (e) => failures.push(e) });
    const other = await lost({ engine: { ...toyEngine, id: 'missing' } } as unknown as GameModule, state, d.seat, d, 'g1:8');
    expect(failures).toHaveLength(1);
    expect(d.options.filter((o) => o.role !== 'back').map((o) => o.id)).toContain(other);
  });
});
