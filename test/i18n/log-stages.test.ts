/** The game log reads by round and phase: `logStages` finds the stage of every log line by replaying the game. */
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/bot/translator.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { getGame } from '../../src/games/all.js';
import { logStages } from '../../src/games/log-stages.js';

describe('logStages', () => {
  const mammut = getGame('mammut')!;
  const played = playRandom(mammut.engine, 3, {}, 'log-stages', { record: true });
  // Versions as the store numbers them: one per decision, with a gap (a table notice) after the tenth.
  const active = played.choices.map((c, i) => ({ ...c, version: i + 1 + (i >= 10 ? 1 : 0) }));
  const stageAt = logStages(mammut, 3, {}, 'log-stages', active)!;
  const en = translator('en', mammut);

  it('GIVEN a whole game of Mammut THEN the first decision is in round 1 and the last in round 5, and the rounds never go back', () => {
    expect(played.finished).toBe(true);
    expect(en(stageAt(active[0]!.version))).toBe('Round 1 · sharing the loot');
    expect(en(stageAt(active.at(-1)!.version))).toMatch(/^Round 5 · /);
    const rounds = active.map((d) => Number(/Round (\d)/.exec(en(stageAt(d.version)))?.[1]));
    expect(rounds.every((r, i) => i === 0 || r >= rounds[i - 1]!)).toBe(true);
    expect(new Set(rounds)).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('GIVEN a version between two decisions THEN it reads as the stage before the next decision', () => {
    expect(stageAt(11)).toEqual(stageAt(active[10]!.version));
  });

  it('GIVEN a version after the last decision THEN it reads as the stage the game ended in', () => {
    expect(en(stageAt(active.at(-1)!.version + 1))).toBe('Game over');
  });

  it('GIVEN a game without stages THEN there is nothing to show', () => {
    expect(logStages({ ...mammut, ui: { ...mammut.ui, stage: undefined } }, 3, {}, 'log-stages', active)).toBeNull();
  });
});
