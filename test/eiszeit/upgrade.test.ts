/**
 * States stored by the engine before issue #14 (fixtures/old-states.json, saved by that code: `n`, short step codes,
 * `undo` / `undoSteps` with option ids) are brought up to date by `upgrade` and go on exactly as they did then:
 * the same options, the same log lines (`back` included), the same table at the end.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import type { GameEvent } from '../../src/engine/types.js';
import { engine } from '../../src/games/eiszeit/index.js';
import type { EiszeitState } from '../../src/games/eiszeit/state.js';

interface Case {
  /** A state as the old code stored it. */
  state: Record<string, unknown>;
  /** How the game went on from it then (the first choices are `back` where it was offered). */
  choices: { seat: number; option: string }[];
  events: GameEvent[][];
  /** Every seat's view at the end (without the step, whose name changed). */
  views: Record<string, unknown>[];
}
const cases = JSON.parse(readFileSync(new URL('./fixtures/old-states.json', import.meta.url), 'utf8')) as Case[];
const old = (c: Case) => structuredClone(c.state) as unknown as EiszeitState;

describe('GIVEN states stored by the earlier engine', () => {
  it.each(cases.map((c, i) => [i, `${c.state.stage as string}, ${(c.state.undoSteps as string[]).length} steps to take back`, c] as const))(
    'case %i (%s) THEN the upgraded state goes on as the old one did',
    (_i, _what, c) => {
      let s = engine.upgrade!(old(c));
      expect('undo' in s || 'undoSteps' in s || 'n' in s).toBe(false);
      expect(s.takeback.steps.map((x) => x.id)).toEqual(c.state.undoSteps);
      for (const [k, choice] of c.choices.entries()) {
        const r = apply(engine, s, choice.seat, choice.option);
        if (!r.ok) throw new Error(`choice ${k} ${choice.option}: ${r.error.code}`);
        expect(r.events, `events of choice ${k} (${choice.option})`).toEqual(c.events[k]);
        s = r.state;
      }
      for (let q = 0; q < s.players; q++) {
        const { step: _step, playing, ...view } = engine.view(s, q);
        const was = c.views[q]! as { playing: { card: string; eff: string; owner: number } | null };
        expect({ ...view, playing }).toEqual({ ...was, playing: was.playing && { card: was.playing.card, effect: was.playing.eff, owner: was.playing.owner } });
      }
    },
  );

  it('THEN every remembered step carries its payload, as if the steps had been taken now', () => {
    for (const c of cases) {
      const s = engine.upgrade!(old(c));
      for (const step of s.takeback.steps) expect(step.payload !== undefined || step.id === 'finish', step.id).toBe(true);
      if (s.takeback.base) expect(Object.keys(s.takeback.base).sort()).toEqual(Object.keys(s).filter((k) => k !== 'takeback').sort());
    }
  });

  it('THEN upgrading is idempotent, and a current state is returned as it is', () => {
    for (const c of cases) {
      const s = engine.upgrade!(old(c));
      expect(engine.upgrade!(s)).toBe(s);
    }
    const fresh = engine.setup(4, {}, 'upgrade');
    expect(engine.upgrade!(fresh)).toBe(fresh);
  });
});
