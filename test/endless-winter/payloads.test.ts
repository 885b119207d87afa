/** Every option Endless Winter offers says what it does in its payload; only the control options (back, finish, pass) carry none. */
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../src/engine/selfplay.js';
import { engine } from '../../src/games/endless-winter/index.js';
import type { EwState } from '../../src/games/endless-winter/state.js';

describe('option payloads', () => {
  it('GIVEN random games with every module THEN each offered option carries a payload exactly when it has no control role', () => {
    const kinds = new Set<string>();
    for (const n of [2, 3, 4]) {
      const check = (s: EwState): void => {
        for (const d of engine.decisions(s)) for (const o of d.options) {
          expect(o.payload === undefined, `${o.id} (role ${o.role ?? 'none'})`).toBe(o.role !== undefined);
          if (o.payload) kinds.add(o.payload.kind);
        }
      };
      check(engine.setup(n, { setup: 'both', ice: 'yes', rest: 'yes' }, `payloads-${n}`));
      playRandom<EwState>(engine, n, { setup: 'both', ice: 'yes', rest: 'yes' }, `payloads-${n}`, { onStep: ({ after }) => check(after) });
    }
    expect(kinds.size).toBeGreaterThan(25);
  });
});
