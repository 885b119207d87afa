/** The shared ranking of `outcome`: keys compared left to right, equal seats share a place, the next place skips. */
import { describe, expect, it } from 'vitest';
import { rankSeats } from '../../src/engine/ranking.js';

describe('rankSeats', () => {
  it('GIVEN scores 5, 9, 5, 2 THEN places 2, 1, 2, 4 and the order best first, equal ones by seat', () => {
    const score = [5, 9, 5, 2];
    const r = rankSeats(4, (q) => [score[q]!], (q) => score[q]!);
    expect(r.order).toEqual([1, 0, 2, 3]);
    expect(r.ranking.map((e) => [e.seat, e.place, e.score])).toEqual([[1, 1, 9], [0, 2, 5], [2, 2, 5], [3, 4, 2]]);
    expect(r.winners).toEqual([1]);
  });

  it('GIVEN a tie on score THEN the second key breaks it; GIVEN a tie in every key THEN both win', () => {
    const r = rankSeats(3, (q) => [[7, 7, 3][q]!, [1, 2, 9][q]!], (q) => [7, 7, 3][q]!);
    expect(r.ranking.map((e) => e.place)).toEqual([1, 2, 3]);
    expect(r.order).toEqual([1, 0, 2]);
    expect(rankSeats(3, (q) => [[7, 7, 3][q]!, 1], () => 0).winners).toEqual([0, 1]);
  });

  it('GIVEN the turn order as the last key THEN no two seats share a place', () => {
    const turnOrder = [2, 0, 1];
    const r = rankSeats(3, (q) => [4, -turnOrder.indexOf(q)], () => 4);
    expect(r.order).toEqual([2, 0, 1]);
    expect(r.ranking.map((e) => e.place)).toEqual([1, 2, 3]);
  });
});
