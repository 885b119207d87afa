/**
 * Eclipse bonuses are optional: „Boni und Sonderaktionen, die du so erhältst, sind immer optional" (eclipse, point 3).
 * Every eclipse income (turn-order track, terrain, player board with the sacred stones' points) and every eclipse
 * idol step, megalith and extra neutral megalith may be declined; a skipped player still takes it (the default).
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { CURRENT as DATA } from '../../src/games/endless-winter/data.js';
import { decisions } from '../../src/games/endless-winter/engine.js';
import { engine } from '../../src/games/endless-winter/index.js';
import { foodLimit, type EwState } from '../../src/games/endless-winter/state.js';
import { choose, fresh, optionIds } from './builders.js';

const terrain = (id: string): number => DATA.terrain.findIndex((t) => t.id === id);
const stone = (id: string): number => DATA.stones.findIndex((st) => st.id === id);

/**
 * A game of `n` at the start of the first eclipse: nobody rests and every stack is empty, so every seat shows 0 labour
 * and the seat that played last this round (the last in `roundOrder`) is first in the new turn order.
 * `prep` arranges the board before; the eclipse starts with the next resolved step.
 */
function atEclipse(n: number, roundOrder: number[], prep: (s: EwState) => void = () => {}): EwState {
  let s = fresh(n, {}, 'optional');
  for (const p of s.players) { p.deck.push(...p.stack, ...p.hand); p.stack = []; p.hand = []; p.figs = p.figs.map(() => 'r'); p.rest = 0; p.food = 0; p.tool = 0; }
  s.turn = null;
  s.roundOrder = roundOrder;
  prep(s);
  // One last queued step of the action phase (an idol step of the seat that acts last) lets the eclipse begin.
  s.queue = [{ k: 'idol', n: 1 }]; s.queueSeat = roundOrder[roundOrder.length - 1]!;
  s = choose(s, 'io');
  expect(s.phase).toBe('eclipse');
  return s;
}

/** Moves `seat`'s camp from the start tile onto the first tile of a terrain type (nobody else has a camp there). */
function campOn(s: EwState, seat: number, type: string): number {
  const tile = s.tiles.findIndex((t, i) => i > 0 && t === terrain(type));
  s.camps[0 * s.n + seat] = 0;
  s.camps[tile * s.n + seat] = 1;
  return tile;
}

function step(s: EwState, id: string): { s: EwState; keys: string[] } {
  const d = decisions(s)[0]!;
  const r = apply(engine, s, d.seat, id);
  if (!r.ok) throw new Error(`${id} not offered: ${d.options.map((o) => o.id).join(' ')}`);
  return { s: r.state, keys: r.events.map((e) => e.msg.key) };
}

describe('eclipse incomes may be declined', () => {
  it('GIVEN first place on the turn-order track (2 food) THEN its owner is asked: take it (the default) or decline it', () => {
    const s = atEclipse(2, [1, 0]);
    const d = decisions(s)[0]!;
    expect(s.order[0]).toBe(0);
    expect(d.seat).toBe(0);
    expect(d.prompt.key).toBe('endless-winter.q.eclipseIncome');
    expect(d.options.map((o) => o.id)).toEqual(['take', 'skip']);
    expect(d.defaultOption).toBe('take');
    const declined = step(s, 'skip');
    expect(declined.s.players[0]!.food).toBe(0);
    expect(declined.keys).toContain('endless-winter.ev.decline');
    const taken = step(s, 'take');
    expect(taken.s.players[0]!.food).toBe(Math.min(2, foodLimit(taken.s, 0)));
  });

  it('GIVEN a turn-order income with a tool THEN the decision offers the lower incomes and declining; a swap accepts the rest at once', () => {
    let s = atEclipse(2, [1, 0]);
    s = choose(s, 'take'); // seat 0, first place
    const d = decisions(s)[0]!;
    expect(d.seat).toBe(1);
    expect(d.options.map((o) => o.id)).toEqual(['take', 'dn:tool:food', 'skip']);
    const declined = step(s, 'skip');
    expect([declined.s.players[1]!.food, declined.s.players[1]!.tool]).toEqual([0, 0]);
    const swapped = step(s, 'dn:tool:food');
    expect([swapped.s.players[1]!.food, swapped.s.players[1]!.tool]).toEqual([2, 0]);
    expect(decisions(swapped.s)[0]?.prompt.key).not.toBe('endless-winter.q.eclipseIncome');
  });

  it('GIVEN the most influence on a grassland (terrain income 3 food) THEN the terrain income may be declined', () => {
    let s = atEclipse(2, [1, 0], (x) => campOn(x, 0, 'grassland'));
    s = choose(s, 'take'); // turn-order income
    const d = decisions(s)[0]!;
    expect(d.seat).toBe(0);
    expect(d.prompt).toEqual({ key: 'endless-winter.q.eclipseIncome', args: { gain: { key: 'endless-winter.list', args: { items: [{ key: 'endless-winter.atom.food', args: { n: 3 } }] } } } });
    const food = s.players[0]!.food;
    expect(step(s, 'skip').s.players[0]!.food).toBe(food);
    expect(step(s, 'take').s.players[0]!.food).toBe(Math.min(food + 3, foodLimit(s, 0)));
  });

  it('GIVEN a sacred stone worth 1 point (one camp type) THEN its points at step 4 may be declined', () => {
    let s = atEclipse(2, [1, 0], (x) => { campOn(x, 0, 'grassland'); x.players[0]!.stones = [stone('I-camps-a')]; });
    s = choose(s, 'take'); // turn-order income
    s = choose(s, 'take'); // terrain income
    const d = decisions(s)[0]!;
    expect(d.seat).toBe(0);
    expect(d.prompt.key).toBe('endless-winter.q.eclipseIncome');
    expect(d.options.map((o) => o.id)).toEqual(['take', 'skip']);
    const score = s.players[0]!.score;
    expect(step(s, 'skip').s.players[0]!.score).toBe(score);
    expect(step(s, 'take').s.players[0]!.score).toBe(score + 1);
  });

  it('GIVEN the most influence on a tundra (an idol step) THEN the idol decision itself offers to decline, in no extra step', () => {
    let s = atEclipse(2, [1, 0], (x) => campOn(x, 0, 'tundra'));
    s = choose(s, 'take'); // turn-order income
    const d = decisions(s)[0]!;
    expect(d.seat).toBe(0);
    expect(d.prompt.key).toBe('endless-winter.q.idol');
    expect(d.options.map((o) => o.id)).toContain('skip');
    expect(d.defaultOption).toBe('io');
    const { s: after, keys } = step(s, 'skip');
    expect([after.players[0]!.offering, after.players[0]!.fame]).toEqual([s.players[0]!.offering, s.players[0]!.fame]);
    expect(keys).toContain('endless-winter.ev.decline');
  });

  it('GIVEN the most influence on hills (a megalith) THEN the megalith decision offers to decline', () => {
    let s = atEclipse(2, [1, 0], (x) => campOn(x, 0, 'hills'));
    s = choose(s, 'take'); // turn-order income
    const d = decisions(s)[0]!;
    expect(d.prompt.key).toBe('endless-winter.q.megalith');
    expect(d.options.map((o) => o.id)).toContain('skip');
    expect(d.defaultOption).not.toBe('skip');
    const after = step(s, 'skip').s;
    expect(after.megs.length).toBe(s.megs.length);
    expect(after.players[0]!.megs).toBe(s.players[0]!.megs);
  });

  it('GIVEN every eclipse decision answered with its default THEN the seat receives every income, as before', () => {
    let s = atEclipse(2, [1, 0], (x) => { campOn(x, 0, 'grassland'); x.players[0]!.stones = [stone('I-camps-a')]; });
    const score = s.players[0]!.score;
    while (s.phase === 'eclipse') s = choose(s, decisions(s)[0]!.defaultOption);
    expect(s.players[0]!.score).toBe(score + 1);
    expect(s.players[0]!.food).toBe(Math.min(2 + 3, foodLimit(s, 0)));
  });
});

describe('outside the eclipse incomes are taken as shown (ruling unchanged)', () => {
  it('GIVEN an idol step in the action phase THEN it can be lowered but not declined', () => {
    const s = fresh(2);
    s.queue = [{ k: 'idol', n: 1 }]; s.queueSeat = s.turn!.seat;
    expect(optionIds(s)).not.toContain('skip');
  });
  it('GIVEN the rest space draw THEN it can be lowered (with the placement) but not declined', () => {
    const s = fresh(2);
    const rest = optionIds(s).filter((o) => /^go:r:t(:\w+)?$/.test(o)); // (combined idol choices aside)
    expect(rest).toEqual(['go:r:t', 'go:r:t:idol', 'go:r:t:tool', 'go:r:t:food']);
    const after = choose(s, 'go:r:t');
    expect(optionIds(after)).not.toContain('skip');
  });
});
