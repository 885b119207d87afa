import { describe, expect, it } from 'vitest';
import { copyJson } from '../../src/engine/copy.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { moveOptions, movementHasChoice, performMove, startMovement } from '../../src/games/tal/movement.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import type { TalState } from '../../src/games/tal/state.js';

/** `movementHasChoice` must answer what `moveOptions` offers, since the phase moves on by it (`runStage`). */
const agrees = (s: TalState): boolean => movementHasChoice(s) === moveOptions(s).length > 1;

describe('Tal: whether a movement turn offers a choice', () => {
  it('GIVEN every movement decision of seeded random games, every option carried out there and every seat starting its turn there THEN movementHasChoice agrees with moveOptions', () => {
    let checked = 0, without = 0;
    for (const [players, options] of [[2, {}], [3, { rules: 'advanced' }], [4, {}], [5, { rules: 'advanced' }]] as const) {
      for (let g = 0; g < 3; g++) {
        playRandom(talEngine, players, options, `movement-choice-${players}-${g}`, {
          onStep: ({ after }) => {
            if (after.stage !== 'movement' || !after.move) return;
            expect(agrees(after)).toBe(true);
            for (const o of moveOptions(after)) {
              // the position `runStage` asks about after this step, before the phase moves on
              const x = copyJson(after);
              performMove(x, o, { ev: [], revealed: false });
              if (!x.move) continue;
              if (!agrees(x)) throw new Error(`disagree after ${o.id} at ${JSON.stringify(x.move)}`);
              if (moveOptions(x).length <= 1) without++;
              checked++;
            }
            for (let seat = 0; seat < players; seat++) {
              const x = copyJson(after);
              startMovement(x, seat);
              expect(agrees(x)).toBe(true);
              if (moveOptions(x).length <= 1) without++;
              checked++;
            }
          },
        });
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(without).toBeGreaterThan(10); // positions without a choice were among them
  });
});
