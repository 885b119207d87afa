/** "Sure?" before an irreversible, harmful choice (`Option.confirm`): presentation only, the same in every rules version. */
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { decisions, type TalState } from '../../src/games/tal/engine.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import { emptyValley, put } from './builders.js';

/** Seat 0 feeds its tribe of 3 warriors on one hex, with `food`. */
function feeding(food: number): TalState {
  const s = emptyValley(2);
  put(s, 0, -2, 0, 3);
  s.tribes[0]!.food = food;
  s.stage = 'survival'; s.stageStarted = true; s.queue = [0]; s.leaving = [[], []];
  return s;
}
const pick = (s: TalState, id: string): TalState => { const r = apply(talEngine, s, 0, id); if (!r.ok) throw new Error(r.error.code); return r.state; };
const finishOf = (s: TalState) => decisions(s)[0]!.options.find((o) => o.role === 'finish')!;
const killId = (s: TalState) => decisions(s)[0]!.options.find((o) => o.id.startsWith('kill:'))!.id;

describe('feeding: letting people go who could be fed', () => {
  it('GIVEN food for everyone THEN "Feed everyone" asks nothing', () => {
    expect(finishOf(feeding(5)).confirm).toBeUndefined();
  });

  it('GIVEN food for everyone and all three chosen to leave THEN "Let them all go" asks first, naming how many could be fed', () => {
    let s = feeding(5);
    for (let k = 0; k < 3; k++) s = pick(s, killId(s));
    const done = finishOf(s);
    expect(done.label.key).toBe('tal.opt.feedNobody');
    expect(done.confirm).toEqual({ key: 'tal.confirm.letGo', args: { n: 3, k: 3 } });
  });

  it('GIVEN food for one and two chosen to leave THEN feeding the one who stays asks nothing (nobody could be kept)', () => {
    let s = feeding(1);
    for (let k = 0; k < 2; k++) s = pick(s, killId(s));
    expect(finishOf(s).confirm).toBeUndefined();
  });

  it('GIVEN food for two and all three chosen to leave THEN it asks, and two of them could be kept', () => {
    let s = feeding(2);
    for (let k = 0; k < 3; k++) s = pick(s, killId(s));
    expect(finishOf(s).confirm?.args).toEqual({ n: 3, k: 2 });
  });
});

describe('a conquered camp', () => {
  it('GIVEN women went over to the winner there THEN burning the camp asks first; keeping it asks nothing', () => {
    const s = emptyValley(2);
    const h = put(s, 0, -2, 0, 1, 2);
    s.stage = 'combat'; s.stageStarted = true;
    s.combat = { orderIndex: 0, hex: h, cardWindow: [], bonusTribes: {}, bonusAnimals: {}, brave: [], defected: 2, waitingFor: { kind: 'conquest', seat: 0, loser: 1 } };
    const [take, burn] = decisions(s)[0]!.options;
    expect(take!.confirm).toBeUndefined();
    expect(burn!.confirm).toEqual({ key: 'tal.confirm.burn', args: { n: 2 } });
  });
});
