/**
 * A person's turn is one handover: every step of a seat's movement turn (each group it moves, a card it plays in
 * the turn) is owed by that seat, with no other seat's decision in between; the next seat is asked only once the
 * turn ends. The service's handover rule (by persons) relies on this.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { advance, decisions, type TalState } from '../../src/games/tal/engine.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import { asked } from '../helpers/handovers.js';
import { ctx, emptyValley, put } from './builders.js';

const owedSeats = (s: TalState) => decisions(s).map((d) => d.seat);
function step(s: TalState, pick: (ids: string[]) => string): TalState {
  const d = decisions(s)[0]!;
  const r = apply(talEngine, s, d.seat, pick(d.options.map((o) => o.id)));
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

describe('a movement turn', () => {
  it('GIVEN two groups and a Forced march card THEN the card and both groups\' moves are all owed by the same seat, and the next seat comes after End', () => {
    let s = emptyValley(2, { rulesVersion: '2' });
    put(s, 0, -2, 0, 2);
    put(s, 2, -2, 0, 2);
    put(s, -2, 2, 1, 2);
    s.tribes[0]!.hand = ['march.1'];
    advance(s, ctx());
    const seen: number[][] = [owedSeats(s)];
    s = step(s, (ids) => ids.find((x) => x === 'card:march')!);
    seen.push(owedSeats(s));
    for (let group = 0; group < 2; group++) {
      s = step(s, (ids) => ids.find((x) => x.startsWith('from:'))!);
      seen.push(owedSeats(s));
      s = step(s, (ids) => ids.find((x) => x.startsWith('to:'))!);
      seen.push(owedSeats(s));
      while (decisions(s)[0]!.options.some((o) => /^[mw]:/.test(o.id))) {
        s = step(s, (ids) => ids.filter((x) => /^[mw]:/.test(x)).at(-1)!);
        seen.push(owedSeats(s));
      }
    }
    expect(seen.every((x) => x.length === 1 && x[0] === 0)).toBe(true);
    s = step(s, (ids) => ids.find((x) => x === 'finish')!);
    expect(owedSeats(s)).toEqual([1]);
  });
});

describe('card windows in seeded self-play (4 players, 6 rounds)', () => {
  /** Handovers inside one window: a step that leaves the same window open and asks a person not asked before. */
  function withinWindows(rulesVersion: string): { windows: number; inside: number } {
    let windows = 0, inside = 0;
    const inWindow = (s: TalState) => ['animalCards', 'survivalCards', 'birthCards'].includes(s.stage) || (s.stage === 'combat' && !!s.combat && !s.combat.waitingFor && s.combat.cardWindow.length > 0);
    const where = (s: TalState) => `${s.round}:${s.stage}:${s.combat?.hex ?? ''}:${s.stats.combats}`;
    for (let g = 0; g < 4; g++) {
      const rng = seedRng(`windows-${g}`);
      let s = talEngine.setup(4, { maxRounds: '6', rulesVersion }, `windows-${g}`);
      let before = new Set(decisions(s).filter(asked).map((d) => d.seat));
      for (let k = 0; k < 20_000 && decisions(s).length; k++) {
        const owed = decisions(s);
        const d = owed[randInt(rng, owed.length)]!;
        const o = d.options[randInt(rng, d.options.length)]!;
        const r = apply(talEngine, s, d.seat, o.id);
        if (!r.ok) throw new Error(r.error.code);
        const now = new Set(decisions(r.state).filter(asked).map((x) => x.seat));
        const newPerson = [...now].some((q) => !before.has(q));
        if (inWindow(r.state) && newPerson) {
          if (inWindow(s) && where(s) === where(r.state)) inside++; else windows++;
        }
        s = r.state;
        before = now;
      }
    }
    return { windows, inside };
  }

  it('GIVEN rules version 2 THEN a window is one handover: nobody is asked after it opened; version 1 asked one holder after another', () => {
    const v2 = withinWindows('2');
    expect(v2.windows).toBeGreaterThan(10);
    expect(v2.inside).toBe(0);
    expect(withinWindows('1').inside).toBeGreaterThan(0);
  });
});
