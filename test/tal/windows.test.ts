/**
 * Reaction windows of rules version 2 (src/games/tal/windows.ts): asked of all who may act at once, never revealing who
 * holds a card, and not opened where no card could change anything. Version 1 stays as it was (one at a time, holders
 * only).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const dice: number[] = [];
vi.mock('../../src/engine/rng.js', async (orig) => {
  const real = await orig<typeof import('../../src/engine/rng.js')>();
  return { ...real, rollDie: (r: import('../../src/engine/rng.js').RngState, sides = 6) => (dice.length ? dice.shift()! : real.rollDie(r, sides)) };
});

import { apply } from '../../src/engine/apply.js';
import type { GameEvent } from '../../src/engine/types.js';
import { advance, decisions, type TalState } from '../../src/games/tal/engine.js';
import { engine as talEngine } from '../../src/games/tal/index.js';
import { ctx, emptyValley, put, animal } from './builders.js';

const V2 = { rulesVersion: '2' };
beforeEach(() => { dice.length = 0; });

function choose(s: TalState, seat: number, id: string, events?: GameEvent[]): TalState {
  const r = apply(talEngine, s, seat, id);
  if (!r.ok) throw new Error(`${id}: ${r.error.code} (offered: ${decisions(s).map((d) => `${d.seat}:${d.options.map((o) => o.id).join(',')}`).join(' | ')})`);
  events?.push(...r.events);
  return r.state;
}
const owed = (s: TalState) => decisions(s).map((d) => ({ seat: d.seat, options: d.options.map((o) => o.id), window: d.window?.key }));

/** Three tribes on one hex, all with warriors and women, each holding one card; the fight's window opens. */
function threeWayFight(hands: string[][], options: Record<string, string> = V2): TalState {
  const s = emptyValley(3, options);
  for (let p = 0; p < 3; p++) { put(s, 0, -2, p, 2, 1); s.tribes[p]!.hand = hands[p]!; }
  s.stage = 'combat'; s.stageStarted = false; s.order = [0, 1, 2];
  advance(s, ctx());
  return s;
}

describe('a fight\'s window (version 2)', () => {
  it('GIVEN three tribes in a fight, two holding War paint THEN all three are asked at once, the one without a playable card with pass alone', () => {
    const s = threeWayFight([['war_paint.1'], ['march.1'], ['war_paint.2']]);
    expect(owed(s)).toEqual([
      { seat: 0, options: ['card:war_paint', 'pass'], window: 'tal.window.combat' },
      { seat: 1, options: ['pass'], window: 'tal.window.combat' },
      { seat: 2, options: ['card:war_paint', 'pass'], window: 'tal.window.combat' },
    ]);
    expect(talEngine.view(s, null).acting).toEqual([0, 1, 2]);
  });

  it('GIVEN the same fight in version 1 THEN only the first holder is asked, one at a time (stored games keep it)', () => {
    const s = threeWayFight([['war_paint.1'], ['march.1'], ['war_paint.2']], {});
    expect(owed(s)).toEqual([{ seat: 0, options: ['card:war_paint', 'pass'], window: undefined }]);
  });

  it('GIVEN the seats answer in either order THEN the fight comes out the same', () => {
    const start = threeWayFight([['war_paint.1'], ['march.1'], ['war_paint.2']]);
    const run = (order: [number, string][]): TalState => {
      dice.length = 0;
      dice.push(...Array.from({ length: 60 }, (_, k) => 1 + ((k * 5) % 6)));
      let s = start;
      for (const [seat, id] of order) s = choose(s, seat, id);
      return s;
    };
    const a = run([[0, 'card:war_paint'], [1, 'pass'], [2, 'pass']]);
    const b = run([[2, 'pass'], [1, 'pass'], [0, 'card:war_paint']]);
    expect(b.hx).toEqual(a.hx);
    expect(b.tribes).toEqual(a.tribes);
  });

  it('GIVEN a tribe of women alone facing warriors THEN War paint is not offered to it (its women go over without a throw), while Brave women is', () => {
    const s = emptyValley(2, V2);
    put(s, 0, -2, 0, 0, 2);
    put(s, 0, -2, 1, 2, 0);
    s.tribes[0]!.hand = ['war_paint.1', 'brave_women.1'];
    s.tribes[1]!.hand = ['march.1'];
    s.stage = 'combat'; s.stageStarted = false; s.order = [0, 1];
    advance(s, ctx());
    expect(owed(s)).toEqual([
      { seat: 0, options: ['card:brave_women', 'pass'], window: 'tal.window.combat' },
      { seat: 1, options: ['pass'], window: 'tal.window.combat' },
    ]);
  });

  it('GIVEN the fight\'s tribes hold no cards at all (public: the hands\' sizes) THEN the window does not open and the fight is fought', () => {
    const s = emptyValley(2, V2);
    const h = put(s, 0, -2, 0, 1);
    put(s, 0, -2, 1, 1);
    s.stage = 'combat'; s.stageStarted = false; s.order = [0, 1];
    dice.push(6, 1);
    advance(s, ctx());
    expect(s.hx.m[h * 2 + 1]).toBe(0);
    expect(s.stage).not.toBe('combat');
  });
});

describe('the windows of the round (version 2)', () => {
  it('GIVEN no animals on the board and no wolves left to call THEN the window before the animals move does not open, even for a Wind shaman', () => {
    const s = emptyValley(2, V2);
    put(s, 0, -2, 0, 2, 1);
    put(s, 2, -2, 1, 2, 1);
    s.poolWolves = 0;
    s.tribes[0]!.hand = ['wind.1'];
    s.stage = 'animalCards'; s.stageStarted = false;
    advance(s, ctx());
    expect(s.stage).toBe('movement');
  });

  it('GIVEN animals on the board THEN every tribe with cards is asked before they move, the first Wind shaman sets the wind and the other is no longer offered', () => {
    let s = emptyValley(2, V2);
    put(s, 0, -2, 0, 2, 1);
    put(s, 2, -2, 1, 2, 1);
    animal(s, 0, 2, 'bison');
    s.poolWolves = 0;
    s.tribes[0]!.hand = ['wind.1'];
    s.tribes[1]!.hand = ['wind.2'];
    s.stage = 'animalCards'; s.stageStarted = false;
    advance(s, ctx());
    expect(owed(s).map((d) => [d.seat, d.options.length, d.window]).sort()).toEqual([[0, 7, 'tal.window.animalCards'], [1, 7, 'tal.window.animalCards']]);
    s = choose(s, 1, 'wind:3');
    expect(owed(s)).toEqual([{ seat: 0, options: ['pass'], window: 'tal.window.animalCards' }]);
    const events: GameEvent[] = [];
    s = choose(s, 0, 'pass', events);
    expect(events.some((e) => e.msg.key === 'tal.log.windChosen')).toBe(true);
  });
});

describe('nobody learns who could have acted (version 2)', () => {
  /**
   * Two runs that differ only in whether seat 1 holds a playable card (War paint, or a movement card it cannot play
   * here; the hand's size is the same): every seat passes in the same order. What the table shows, the spectator's
   * view and the public events, and who is asked and in which window, must be the same step for step.
   */
  function publicRun(card: string): unknown[] {
    let s = threeWayFight([['war_paint.1'], [card], ['march.2']]);
    const seen: unknown[] = [];
    const look = (events: GameEvent[]) => seen.push({
      view: talEngine.view(s, null),
      events: events.filter((e) => !e.to),
      asked: decisions(s).map((d) => ({ seat: d.seat, window: d.window })),
    });
    look([]);
    dice.length = 0;
    dice.push(...Array.from({ length: 60 }, (_, k) => 1 + ((k * 5) % 6)));
    for (const seat of [2, 0, 1]) {
      const events: GameEvent[] = [];
      s = choose(s, seat, 'pass', events);
      look(events);
    }
    return seen;
  }

  it('GIVEN a fight where one tribe may or may not hold War paint, and everyone passes THEN the public record is identical', () => {
    const holding = publicRun('war_paint.2');
    const notHolding = publicRun('march.1');
    expect(holding).toEqual(notHolding);
    expect(holding.length).toBe(4);
  });
});
