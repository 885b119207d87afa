import { describe, it } from 'vitest';
import { runContract } from '../helpers/contract.js';
import { engine } from '../../src/games/eiszeit/engine.js';
describe('probe', () => {
  it('runs', () => {
    const t0 = performance.now();
    const r = runContract(engine, { players: 4, games: 20 });
    console.log('probe', r, ((performance.now() - t0) / 20).toFixed(1), 'ms/game');
  });
});
