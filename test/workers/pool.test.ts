/**
 * GIVEN the worker pool busy with background pictures (tables of other games)
 * THEN a picture a reply waits for never queues behind them: one thread is kept for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../src/workers/pool.js';

let pool: WorkerPool | null = null;
afterEach(async () => { await pool?.close(); pool = null; });

describe('the worker pool', () => {
  it('keeps a thread free of background work, for interactive tasks', { timeout: 120_000 }, async () => {
    pool = new WorkerPool({ threads: 2, reserved: 1 });
    const background = [pool.run({ kind: 'warm' }, 'background', 60_000), pool.run({ kind: 'warm' }, 'background', 60_000), pool.run({ kind: 'warm' }, 'background', 60_000)];
    expect(pool.waiting(), 'one background task runs, two wait').toEqual({ interactive: 0, background: 2 });
    const interactive = pool.run({ kind: 'warm' }, 'interactive', 60_000);
    expect(pool.waiting(), 'the interactive task starts at once on the kept thread').toEqual({ interactive: 0, background: 2 });
    await Promise.all([...background, interactive]);
    expect(pool.waiting()).toEqual({ interactive: 0, background: 0 });
  });

  it('keeps none by default on two threads, and never the only one (background work must run somewhere)', { timeout: 120_000 }, async () => {
    const two = new WorkerPool({ threads: 2 });
    const both = [two.run({ kind: 'warm' }, 'background', 60_000), two.run({ kind: 'warm' }, 'background', 60_000)];
    expect(two.waiting().background, 'both threads take background work').toBe(0);
    await Promise.all(both);
    await two.close();
    pool = new WorkerPool({ threads: 1, reserved: 1 });
    const a = pool.run({ kind: 'warm' }, 'background', 60_000);
    const b = pool.run({ kind: 'warm' }, 'background', 60_000);
    expect(pool.waiting()).toEqual({ interactive: 0, background: 1 });
    await Promise.all([a, b]);
  });
});
