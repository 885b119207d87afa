/**
 * Golden recordings (src/engine/golden.ts) on the toy game: a recording is deterministic and replays; a change of the
 * game's course is caught at its step; a change of the state's shape alone may be restated, a change of course not.
 */
import { describe, expect, it } from 'vitest';
import { checkRecording, recordGame, restateRecording } from '../../src/engine/golden.js';
import type { GameEngine } from '../../src/engine/types.js';
import { toy, type ToyState } from '../helpers/toy-game.js';

const engine = toy.engine as GameEngine<ToyState>;
const plan = { id: 'toy-01', players: 3, options: { rounds: '3' }, rulesVersion: 1, seed: 'golden-toy', undos: 3, undoEvery: 2 };

describe('GIVEN a recorded toy game with undos', () => {
  const rec = recordGame(engine, plan);

  it('THEN recording it again gives the same recording, and it replays exactly', () => {
    expect(rec.steps.filter((s) => s.startsWith('undo')).length).toBeGreaterThan(0);
    expect(recordGame(engine, plan)).toEqual(rec);
    expect(checkRecording(engine, rec)).toBeNull();
  });

  it('WHEN a rule changes (a pass also scores a point) THEN the first pass is named, and restating is refused', () => {
    const changed: GameEngine<ToyState> = { ...engine, perform(s, seat, option) { const r = engine.perform(s, seat, option); if (option.id === 'pass') s.played[seat]!.push(1); return r; } };
    const firstPass = rec.steps.findIndex((l) => l.split(' ')[1] === 'pass') + 1;
    expect(firstPass).toBeGreaterThan(0);
    expect(checkRecording(changed, rec)).toMatchObject({ step: firstPass, what: 'the state differs' });
    const withEvent: GameEngine<ToyState> = { ...engine, perform(s, seat, option) { const r = engine.perform(s, seat, option); return option.id === 'pass' ? { ...r, events: [...r.events, { msg: { key: 'toy.passed' } }] } : r; } };
    expect(restateRecording(withEvent, rec)).toMatchObject({ mismatch: { step: firstPass, what: 'the public log lines differ' } });
  });

  it('WHEN only the state\'s shape changes THEN restating gives new state digests that replay, with the same choices and log lines', () => {
    const reshaped: GameEngine<ToyState> = { ...engine, setup: (p, o, seed) => ({ ...engine.setup(p, o, seed), shape: 2 } as ToyState) };
    expect(checkRecording(reshaped, rec)).toMatchObject({ step: 0, what: 'the state after setup differs' });
    const r = restateRecording(reshaped, rec);
    if (!('rec' in r)) throw new Error(r.mismatch.what);
    expect(checkRecording(reshaped, r.rec)).toBeNull();
    expect(r.rec.steps.map((l) => l.split(' ').filter((_, i) => i !== 2 || l.startsWith('undo')).join(' ').replace(/^undo \S+/, 'undo')))
      .toEqual(rec.steps.map((l) => l.split(' ').filter((_, i) => i !== 2 || l.startsWith('undo')).join(' ').replace(/^undo \S+/, 'undo')));
    expect(r.rec.steps).not.toEqual(rec.steps);
  });
});
