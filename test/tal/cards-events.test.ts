import { beforeEach, describe, expect, it, vi } from 'vitest';

const dice: number[] = [];
vi.mock('../../src/engine/rng.js', async (orig) => {
  const real = await orig<typeof import('../../src/engine/rng.js')>();
  return { ...real, rollDie: (r: import('../../src/engine/rng.js').RngState, sides = 6) => (dice.length ? dice.shift()! : real.rollDie(r, sides)) };
});

import { apply } from '../../src/engine/apply.js';
import { animalPath, moveAllAnimals } from '../../src/games/tal/animals.js';
import { DIRS, SPECIES } from '../../src/games/tal/data.js';
import { advance, decisions, foodCost, income, reach, runStage, type TalState } from '../../src/games/tal/engine.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import { an, campAt, fig, popOf, totals } from '../../src/games/tal/state.js';
import { animal, camp, ctx, emptyValley, hx, put } from './builders.js';

const S = DIRS.indexOf('S');
const sp = (x: string) => SPECIES.indexOf(x as never);
beforeEach(() => { dice.length = 0; });

function choose(s: TalState, seat: number, id: string): TalState {
  const r = apply(talEngine, s, seat, id);
  if (!r.ok) throw new Error(`${id}: ${r.error.code} (offered: ${decisions(s).map((d) => `${d.seat}:${d.options.map((o) => o.id).join(',')}`).join(' | ')})`);
  return r.state;
}
/** Reveals the given event as the next one and runs the event phase. */
function event(s: TalState, id: string): void {
  s.round = 3;
  s.eventDeck[s.season] = [id];
  s.stage = 'event';
  s.stageStarted = false;
  runStage(s, ctx());
}

describe('events', () => {
  it('forest fire: the region picked by the die burns; people there are lost; it blocks movement until the next event', () => {
    const s = emptyValley(2, { rules: 'advanced' });
    put(s, 0, 1, 0, 2, 1);
    put(s, 0, 0, 1, 1);
    dice.push(4); // forest region 4: (0,1) and (0,2)
    event(s, 's-fire-1');
    expect(s.hx.mark[hx(0, 1)]).toBe(1);
    expect(s.hx.mark[hx(0, 2)]).toBe(1);
    expect(totals(s, 0)).toEqual({ m: 0, w: 0 });
    expect(s.fireSources).toContain(hx(0, 0)); // beside the fire: a lone figure may take fire there (advanced)
    expect(reach(s, 1, hx(0, 0), 2, false, false).has(hx(0, 1))).toBe(false);
    s.season = 'summer';
    event(s, 's-calm-1');
    expect(s.hx.mark[hx(0, 1)]).toBe(0); // markers are cleared before the next event
  });

  it('flood: a plain region is flooded, its fields and camps are lost', () => {
    const s = emptyValley();
    s.season = 'winter';
    put(s, 1, 0, 0, 1, 1); camp(s, 1, 0, 0); s.hx.crop[hx(1, 0)] = 2;
    dice.push(5); // plain region 5: (1,0) and (1,1)
    event(s, 'w-flood-1');
    expect(s.hx.mark[hx(1, 0)]).toBe(2);
    expect(campAt(s, hx(1, 0))).toBeNull();
    expect(s.hx.crop[hx(1, 0)]).toBe(0);
  });

  it('volcano: lava runs along the red lines; each figure there is lost on 1-3; survivors may take fire', () => {
    const s = emptyValley(2, { rules: 'advanced' });
    put(s, 1, 1, 0, 2); // the volcano (2,0) sends lava south-west onto (1,1) and north onto (2,-1)
    dice.push(5, /* lava on (1,1) first? order of the lines: SW then N */ 2, 5);
    event(s, 's-volcano');
    expect(fig(s, 'm', hx(1, 1), 0)).toBe(1);
    expect(s.fireSources).toEqual(expect.arrayContaining([hx(1, 1), hx(2, -1)]));
  });

  it('sick animals: the die picks the species, all of them go back to the bag', () => {
    const s = emptyValley();
    animal(s, 0, 0, 'mammoth', 2); animal(s, 1, 0, 'mammoth'); animal(s, 1, 1, 'bison');
    const bag = s.bag.length;
    dice.push(6);
    event(s, 's-ailing-1');
    expect(s.hx.an.filter((_, k) => k % 6 === sp('mammoth')).every((x) => x === 0)).toBe(true);
    expect(an(s, hx(1, 1), sp('bison'))).toBe(1);
    expect(s.bag.length).toBe(bag + 3);
  });

  it('mild autumn makes the summer one round longer (harvest and births move to the 4th round)', () => {
    const s = emptyValley();
    event(s, 's-mild-autumn');
    expect(s.seasonLength).toBe(4);
  });

  it('lean meat halves the food of killed animals until the season ends; drought stops gathering', () => {
    const s = emptyValley();
    event(s, 's-lean');
    s.eventDeck.summer = ['s-drought'];
    s.stageStarted = false; runStage(s, ctx());
    expect(s.lasting).toEqual(['lean_meat', 'drought']);
    put(s, 0, 0, 0, 2);
    expect(income(s, 0).gather).toBe(0);
    animal(s, 0, 0, 'bison');
    s.stage = 'combat'; s.stageStarted = false; s.order = [0, 1];
    dice.push(6, 1);
    runStage(s, ctx());
    expect(s.tribes[0]!.food).toBe(12 + 2);
  });

  it('hard frost: 1 more food per camp; with the fire rule, tribes with fire are spared', () => {
    const s = emptyValley(2, { rules: 'advanced' });
    s.season = 'winter';
    event(s, 'w-frost-1');
    put(s, 0, -2, 0, 1, 1); camp(s, 0, -2, 0);
    put(s, 0, 0, 0, 0, 1); camp(s, 0, 0, 0);
    s.tribes[0]!.fire = true;
    expect(foodCost(s, 0)).toBe(3);
    s.tribes[0]!.fire = false;
    expect(foodCost(s, 0)).toBe(Math.floor(3 * 1.5) + 2);
  });

  it('blizzard: people move one hex only', () => {
    let s = emptyValley();
    s.season = 'winter';
    event(s, 'w-blizzard-1');
    const h = put(s, 0, -2, 0, 1);
    s.stage = 'movement'; s.stageStarted = false;
    advance(s, ctx());
    s = choose(s, 0, `from:${h}`);
    const dests = decisions(s)[0]!.options.filter((o) => o.id.startsWith('to:'));
    expect(dests.every((o) => o.group === 'tal.grp.dest1')).toBe(true);
  });

  it('wolves come from the letterless pool into a forest region picked by the die', () => {
    const s = emptyValley();
    s.season = 'winter';
    dice.push(3); // forest region 3: (0,0)
    event(s, 'w-wolves-2');
    expect(an(s, hx(0, 0), sp('wolf'))).toBe(3);
    expect(s.poolWolves).toBe(5);
  });

  it('thunderstorm: the animals move twice, with a new wind each time', () => {
    const s = emptyValley();
    put(s, 3, -3, 0, 1); put(s, -3, 3, 1, 1);
    event(s, 's-storm');
    animal(s, 0, -2, 'rhino');
    s.stage = 'animalMove'; s.stageStarted = false;
    dice.push(4, 4); // south, south
    runStage(s, ctx());
    expect(an(s, hx(0, 0), sp('rhino'))).toBe(1);
  });

  it('migration: two more animals arrive', () => {
    const s = emptyValley();
    const bag = s.bag.length;
    event(s, 's-migration');
    expect(s.bag.length).toBe(bag - 2);
  });
});

describe('special cards', () => {
  it('fence: animals cannot enter the fenced hex until the season ends', () => {
    let s = emptyValley();
    const h = put(s, 0, -1, 0, 1);
    s.tribes[0]!.hand = ['fence.1'];
    advance(s, ctx());
    s = choose(s, 0, 'card:fence');
    s = choose(s, 0, `h:${h}`);
    expect(s.hx.fence[h]).toBe(1);
    animal(s, 0, -2, 'wolf');
    expect(animalPath(s, sp('wolf'), hx(0, -2), S)).toEqual([hx(0, -3)]); // blocked at once: it turns back north
  });

  it('forced march: people who have not moved go up to three hexes', () => {
    let s = emptyValley();
    const h = put(s, 0, -2, 0, 1);
    s.tribes[0]!.hand = ['march.1'];
    advance(s, ctx());
    s = choose(s, 0, 'card:march');
    s = choose(s, 0, `from:${h}`);
    expect(decisions(s)[0]!.options.map((o) => o.id)).toContain(`to:${hx(0, 1)}`);
  });

  it('mountain guide and raft are offered only while some of the tribe can still move', () => {
    const offered = (pinned: boolean): string[] => {
      const s = emptyValley();
      put(s, 0, -2, 0, 1);
      if (pinned) put(s, 0, -2, 1, 2); // outnumbered by the other tribe on its hex: nobody may leave
      s.tribes[0]!.hand = ['scout.1', 'raft.1'];
      advance(s, ctx());
      return decisions(s).find((d) => d.seat === 0)?.options.map((o) => o.id) ?? [];
    };
    expect(offered(false)).toEqual(expect.arrayContaining(['card:scout', 'card:raft']));
    expect(offered(true)).not.toContain('card:scout');
    expect(offered(true)).not.toContain('card:raft');
  });

  it('mountain guide and raft: no stop in mountains, rivers may be crossed', () => {
    const s = emptyValley();
    expect(reach(s, 0, hx(1, 0), 2, false, false).has(hx(3, 0))).toBe(false); // stops in the mountain (2,0)
    expect(reach(s, 0, hx(1, 0), 2, true, false).has(hx(3, 0))).toBe(true); // the guide leads through it
    expect(reach(s, 0, hx(1, 1), 1, false, true).has(hx(1, 2))).toBe(true); // across the river
  });

  it('war paint: +2 on each throw against a tribe, played in the fight\'s window', () => {
    let s = emptyValley();
    const h = put(s, 0, -2, 0, 1);
    put(s, 0, -2, 1, 1);
    s.tribes[0]!.hand = ['war_paint.1'];
    s.stage = 'combat'; s.stageStarted = false; s.order = [0, 1];
    advance(s, ctx());
    expect(decisions(s)[0]!.options.map((o) => o.id)).toEqual(['card:war_paint', 'pass']);
    dice.push(3, 4); // 3+2 = 5 against 4
    s = choose(s, 0, 'card:war_paint');
    expect(fig(s, 'm', h, 0)).toBe(1);
    expect(fig(s, 'm', h, 1)).toBe(0);
  });

  it('brave women: the women fight beside the warriors and count as warriors', () => {
    let s = emptyValley();
    const h = put(s, 0, -2, 0, 0, 2);
    put(s, 0, -2, 1, 1);
    s.tribes[0]!.hand = ['brave_women.1'];
    s.stage = 'combat'; s.stageStarted = false; s.order = [0, 1];
    advance(s, ctx());
    dice.push(4, 4, 6, 1); // 4+1 v 4: the women win the first throw, then 6+0 v 1
    s = choose(s, 0, 'card:brave_women');
    expect(fig(s, 'w', h, 0)).toBe(2);
    expect(fig(s, 'm', h, 1)).toBe(0);
  });

  it('GIVEN brave women fought beside warriors and their tribe lost a throw THEN its player chooses who falls (rulebook: „ein beliebiges seiner Stammesmitglieder, das an den Kampfhandlungen beteiligt war")', () => {
    let s = emptyValley();
    const h = put(s, 0, -2, 0, 1, 2);
    put(s, 0, -2, 1, 2);
    s.tribes[0]!.hand = ['brave_women.1'];
    s.stage = 'combat'; s.stageStarted = false; s.order = [0, 1];
    advance(s, ctx());
    dice.push(1, 6); // 1+2 (three fighters) against 6+1: tribe 0 loses one of the three who fought
    s = choose(s, 0, 'card:brave_women');
    const d = decisions(s)[0]!;
    expect(d).toMatchObject({ seat: 0, prompt: { key: 'tal.prompt.fightLoss' }, defaultOption: 'lose:m' });
    expect(d.options.map((o) => o.id)).toEqual(['lose:m', 'lose:w']);
    dice.push(6, 1, 6, 1); // 6+1 against 1+1, twice: tribe 1 loses both warriors (no choice: only warriors fought)
    s = choose(s, 0, 'lose:w');
    expect([fig(s, 'm', h, 0), fig(s, 'w', h, 0), fig(s, 'm', h, 1)]).toEqual([1, 1, 0]);
  });

  it('GIVEN a fight where only warriors fought THEN the loser is not asked (they are all alike); the women only watch', () => {
    let s = emptyValley();
    const h = put(s, 0, -2, 0, 2, 2);
    put(s, 0, -2, 1, 1);
    s.stage = 'combat'; s.stageStarted = false; s.order = [0, 1];
    dice.push(1, 6, 6, 1); // tribe 0 loses a warrior, then tribe 1 its only one
    advance(s, ctx());
    expect(decisions(s).some((d) => d.options.some((o) => o.id.startsWith('lose:')))).toBe(false);
    expect([fig(s, 'm', h, 0), fig(s, 'w', h, 0), fig(s, 'm', h, 1)]).toEqual([1, 2, 0]);
  });

  it('GIVEN three tribes where two lose a throw and both had brave women fighting THEN both choose, one after the other', () => {
    let s = emptyValley(3);
    const h = put(s, 0, -2, 0, 1, 1);
    put(s, 0, -2, 1, 1, 1);
    put(s, 0, -2, 2, 3);
    s.stage = 'combat'; s.stageStarted = true; s.order = [0, 1, 2];
    // the fight on the hex has begun and both seats 0 and 1 played brave women
    s.combat = { orderIndex: 0, hex: h, cardWindow: [], bonusTribes: {}, bonusAnimals: {}, brave: [0, 1], defected: 0, waitingFor: null };
    dice.push(1, 1, 6); // 1+1, 1+1 against 6+2
    advance(s, ctx());
    expect(decisions(s)[0]).toMatchObject({ seat: 0, prompt: { key: 'tal.prompt.fightLoss' } });
    s = choose(s, 0, 'lose:w');
    expect(decisions(s)[0]).toMatchObject({ seat: 1, prompt: { key: 'tal.prompt.fightLoss' } });
    dice.push(1, 1, 6); // again: now each has one kind left, so nobody is asked
    s = choose(s, 1, 'lose:m');
    expect([popOf(s, h, 0), popOf(s, h, 1), fig(s, 'm', h, 2)]).toEqual([0, 0, 3]);
  });

  it('GIVEN the lone hunter (the neutral warrior) and a lost fight THEN a warrior the player lets fall is the neutral one first (ruling: figures of one kind are alike)', () => {
    let s = emptyValley();
    const h = put(s, 0, -2, 0, 1, 1);
    put(s, 2, -1, 0, 10); // 11 warriors in all: the neutral one is among them
    s.tribes[0]!.neutralWarrior = true;
    put(s, 0, -2, 1, 2);
    s.tribes[0]!.hand = ['brave_women.1'];
    s.stage = 'combat'; s.stageStarted = false; s.order = [0, 1];
    advance(s, ctx());
    dice.push(1, 6);
    s = choose(s, 0, 'card:brave_women');
    s = choose(s, 0, 'lose:m');
    expect(totals(s, 0).m).toBe(10);
    expect(s.tribes[0]!.neutralWarrior).toBe(false); // back to the limit of 10: the neutral figure went
  });

  it('healer: two people eat nothing this round; food stores: +3 food', () => {
    let s = emptyValley();
    put(s, 0, -2, 0, 3, 1);
    s.tribes[0]!.hand = ['healer.1', 'stores.1'];
    s.stage = 'survivalCards'; s.stageStarted = false; s.order = [0, 1];
    advance(s, ctx());
    s = choose(s, 0, 'card:healer');
    expect(decisions(s)[0]!.options[0]!.label).toMatchObject({ key: 'tal.opt.feedAll', args: { cost: 2 } });
    s = choose(s, 0, 'finish');
    expect(s.tribes[0]!.food).toBe(12 - 2);
  });

  it('lone hunter: the neutral warrior joins even an eleventh warrior', () => {
    let s = emptyValley();
    const h = put(s, 0, -2, 0, 10, 1); camp(s, 0, -2, 0);
    s.tribes[0]!.hand = ['stranger_m.1'];
    advance(s, ctx());
    s = choose(s, 0, 'card:stranger_m');
    s = choose(s, 0, `h:${h}`);
    expect(fig(s, 'm', h, 0)).toBe(11);
    expect(s.tribes[0]!.neutralWarrior).toBe(true);
  });
});
