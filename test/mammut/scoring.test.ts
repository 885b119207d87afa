import { describe, expect, it } from 'vitest';
import { readScoring, tieOrder } from '../../src/games/mammut/board.js';
import { engine } from '../../src/games/mammut/index.js';
import { scoreRound, START_SCORE } from '../../src/games/mammut/scoring.js';
import type { MammutState } from '../../src/games/mammut/state.js';
import { handIds, choose, table } from './builders.js';

/** Scores the round of a built table and returns the breakdown row of a category (points per seat). */
function scored(s: MammutState): { s: MammutState; row: (cat: string) => number[] } {
  const d = structuredClone(s);
  scoreRound(d);
  const sc = readScoring(d)!;
  return { s: d, row: (cat) => sc.rows.find((r) => r.cat === cat)?.pts ?? [] };
}

describe('the shaman decides ties', () => {
  it('GIVEN player 2 holds the shaman with red arrows THEN the tie order is 2, 3, 4, 1 (the rulebook example)', () => {
    const s = table({ players: 4, shares: [[], ['shaman:red'], [], []] });
    expect(tieOrder(s).map((p) => p + 1)).toEqual([2, 3, 4, 1]);
  });
  it('GIVEN the blue side is up THEN the order runs counter-clockwise from the holder', () => {
    const s = table({ players: 4, shares: [[], ['shaman:blue'], [], []] });
    expect(tieOrder(s).map((p) => p + 1)).toEqual([2, 1, 4, 3]);
  });
  it('GIVEN nobody holds the shaman THEN ties break from the start player clockwise', () => {
    const s = table({ players: 4, start: 2, arrow: 'blue' });
    expect(tieOrder(s)).toEqual([2, 3, 0, 1]);
  });
  it('GIVEN a tie for the most meat THEN the player nearer the holder in arrow direction places better', () => {
    // Player 2 holds the shaman (red): order 2,3,4,1. Players 1 and 4 tie with 2 meat: player 4 is placed better.
    const s = table({ players: 4, shares: [['meat', 'meat'], ['shaman:red', 'meat'], ['fire'], ['meat', 'meat']] });
    const { row } = scored(s);
    expect(row('meat')).toEqual([5, 2, 0, 8]);
  });
});

describe('fur track', () => {
  it('GIVEN round 4 THEN the furthest on the track gets 4 VP and the last loses 4 VP (the rulebook example)', () => {
    const s = table({ players: 4, round: 4, fur: [3, 1, 2, 0], score: [10, 10, 10, 10], shares: [['fur'], ['fur', 'fur', 'fur'], ['fur'], ['shaman:red']] });
    const { s: after, row } = scored(s);
    expect(after.fur).toEqual([4, 4, 3, 0]);
    // Seats 0 and 1 tie at 4; the shaman holder is seat 3, red: order 3,0,1,2 → seat 0 is placed better.
    expect(row('furMost')).toEqual([4, 0, 0, 0]);
    expect(row('furFewest')).toEqual([0, 0, 0, -4]);
  });
  it('GIVEN everybody level on the track THEN the best placed gains and the worst placed loses', () => {
    const s = table({ players: 3, round: 2, shares: [[], ['shaman:blue'], []] });
    const { row } = scored(s);
    // Order from seat 1 counter-clockwise: 1, 0, 2.
    expect(row('furMost')).toEqual([0, 2, 0]);
    expect(row('furFewest')).toEqual([0, 0, -2]);
  });
});

describe('tusks, meat and fire', () => {
  it('GIVEN tusk tiles THEN each is worth 2 VP', () => {
    const { row } = scored(table({ players: 3, shares: [['tusk', 'tusk', 'tusk'], ['tusk'], []] }));
    expect(row('tusk')).toEqual([6, 2, 0]);
  });
  it('GIVEN 4 players THEN meat pays 8 / 5 / 2 and nothing without meat', () => {
    const { row } = scored(table({ players: 4, shares: [['meat'], ['meat', 'meat', 'meat'], [], ['meat', 'meat']] }));
    expect(row('meat')).toEqual([2, 8, 0, 5]);
  });
  it('GIVEN 5 players with meat THEN only three places score', () => {
    // No shaman holder, start player seat 0: order 0..4, so seat 0 beats seat 4 on the tie at one meat.
    const { row } = scored(table({ players: 5, start: 0, shares: [['meat'], ['meat', 'meat', 'meat'], [], ['meat', 'meat'], ['meat']] }));
    expect(row('meat')).toEqual([2, 8, 0, 5, 0]);
  });
  it('GIVEN 3 players THEN meat pays only 8 and 5', () => {
    const { row } = scored(table({ players: 3, shares: [['meat'], ['meat', 'meat', 'meat'], ['meat', 'meat']] }));
    expect(row('meat')).toEqual([0, 8, 5]);
  });
  it('GIVEN 2 players THEN meat pays only the 8 for the most', () => {
    const { row } = scored(table({ players: 2, shares: [[['meat']], [['meat', 'meat']]] }));
    expect(row('meat')).toEqual([0, 8]);
  });
  it('GIVEN several players THEN the fewest fire loses 5 VP, ties hitting the worst placed', () => {
    const s = table({ players: 4, score: [9, 9, 9, 9], shares: [['shaman:red', 'fire'], [], ['fire', 'fire'], []] });
    const { row } = scored(s);
    // Seats 1 and 3 have none; order 0,1,2,3 → seat 3 is the worse placed of the two.
    expect(row('fire')).toEqual([0, 0, 0, -5]);
  });
  it('GIVEN 2 players THEN the fewest fire loses 5 and the other scores 1 VP per fire', () => {
    const s = table({ players: 2, score: [9, 9], shares: [[['fire'], ['fire', 'fire']], [['fire']]] });
    const { row } = scored(s);
    expect(row('fire')).toEqual([3, -5]);
  });
});

describe('axes', () => {
  it('GIVEN rounds 1–4 THEN every axe draws a card, holder of the shaman first', () => {
    const s = table({ players: 3, round: 2, shares: [['axe'], ['axe', 'axe', 'shaman:red'], []], hands: [[], [], []] });
    const { s: after } = scored(s);
    expect(after.hands.map((h) => h.length)).toEqual([1, 2, 0]);
    // Seat 1 (holder) drew the top two cards of the pile, then seat 0 the next one.
    const top = [...s.deck].reverse();
    expect(after.hands[1]).toEqual([top[0], top[1]]);
    expect(after.hands[0]).toEqual([top[2]]);
  });
  it('GIVEN the last round THEN each axe is worth 3 VP and no cards are drawn', () => {
    const s = table({ players: 3, round: 5, shares: [['axe', 'axe'], ['axe'], []], hands: [[], [], []] });
    const { s: after, row } = scored(s);
    expect(row('axe')).toEqual([6, 3, 0]);
    expect(after.hands.map((h) => h.length)).toEqual([0, 0, 0]);
  });
  it('GIVEN an empty draw pile THEN the discard pile is shuffled into a new one', () => {
    const s = table({ players: 3, round: 1, shares: [['axe', 'axe'], [], []], hands: [[], [], []] });
    s.discard = s.deck.slice(0, 3);
    s.deck = [];
    const { s: after } = scored(s);
    expect(after.hands[0]!.length).toBe(2);
    expect(after.deck.length + after.discard.length).toBe(1);
  });
});

describe('animals and the collection', () => {
  it('GIVEN animal tiles THEN each brings its collection animal once', () => {
    const s = table({ players: 3, shares: [['bear', 'wolf'], ['hare'], []], coll: [['wolf'], [], []] });
    const { s: after } = scored(s);
    expect(engine.view(after, null).collections).toEqual([['bear', 'wolf'], ['hare'], []]);
  });
  it('GIVEN the end of round 5 THEN the collection table pays 0-2:0, 3:4, 4:9, 5:15, 6:22, 7:30', () => {
    const all = ['bear', 'wolf', 'reindeer', 'boar', 'hare', 'owl', 'salmon'];
    const expected = [0, 0, 0, 4, 9, 15, 22, 30];
    for (let k = 0; k <= 7; k++) {
      const s = table({ players: 2, round: 5, score: [50, 50], shares: [[['fire']], [['fire']]], coll: [all.slice(0, k), []] });
      const { s: after } = scored(s);
      const before = readScoring(after)!.after[0]!;
      expect(after.phase).toBe('over');
      expect(after.score[0]! - before, `${k} animals`).toBe(expected[k]);
    }
  });
});

describe('the start on the score track', () => {
  it('GIVEN a new game at 2–5 players THEN every score marker stands on 10 (rulebook, set-up step 1)', () => {
    expect(START_SCORE).toBe(10);
    for (const n of [2, 3, 4, 5]) {
      const s = engine.setup(n, {}, `start-${n}`);
      expect(s.score, `${n} players`).toEqual(Array(n).fill(10));
      expect(engine.view(s, null).scores, `${n} players, view`).toEqual(Array(n).fill(10));
      expect(engine.view(s, 0).scores, `${n} players, seat 0`).toEqual(Array(n).fill(10));
    }
  });
  it('GIVEN round 1 from the start THEN a fur-track loss and the fire penalty count instead of vanishing at 0', () => {
    // Scores as set up (10 each). Seat 0 holds the shaman, red: order 0, 1, 2. Seat 2 has no loot: on the fur
    // track seats 1 and 2 tie at 0 and seat 2, the worse placed, loses 1; with no fire (the others have 1) it loses 5.
    const s = table({ players: 3, round: 1, shares: [['shaman:red', 'fire', 'fur'], ['fire', 'tusk'], []] });
    expect(s.score).toEqual([10, 10, 10]);
    const { s: after, row } = scored(s);
    expect(row('furMost')).toEqual([1, 0, 0]);
    expect(row('furFewest')).toEqual([0, 0, -1]);
    expect(row('tusk')).toEqual([0, 2, 0]);
    expect(row('fire')).toEqual([0, 0, -5]);
    expect(readScoring(after)!.before).toEqual([10, 10, 10]);
    // Starting from 0 seat 2 would stay on 0; from 10 he keeps 10 − 1 − 5 = 4.
    expect(after.score).toEqual([11, 12, 4]);
  });
  it('GIVEN 2 players in round 1 THEN the fewest fire drops from 10 to 5 and the other gains 1 per fire', () => {
    const s = table({ players: 2, round: 1, shares: [[['shaman:red', 'fur']], [['fire', 'fire']]] });
    const { s: after, row } = scored(s);
    // Fur: seat 0 +1, seat 1 −1. Fire: seat 0 has none, −5; seat 1 +2.
    expect(row('fire')).toEqual([-5, 2]);
    expect(after.score).toEqual([6, 11]);
  });
});

describe('score floor and order of scoring', () => {
  it('GIVEN a player at 3 VP who loses 4 on the fur track THEN he stops at 0 before his tusks count', () => {
    // Round 4: seat 1 is last on the fur track (−4: 3 → 0), then scores 2 tusks (+4) → 4, then has the fewest fire.
    const s = table({ players: 3, round: 4, score: [20, 3, 20], fur: [5, 0, 5], shares: [['shaman:red', 'fire'], ['tusk', 'tusk', 'fire'], ['fire']] });
    const { s: after } = scored(s);
    // Fire: everybody 1, order 0,1,2 → seat 2 loses 5. Seat 0 is first on the fur track (+4).
    expect(after.score).toEqual([24, 4, 15]);
  });
});

describe('final result', () => {
  it('GIVEN equal points THEN the fur track decides, and equal on both means a shared victory', () => {
    const s = table({ players: 3, round: 5, score: [40, 40, 10], fur: [9, 12, 3], shares: [['fire'], ['fire'], ['fire']] });
    const d = structuredClone(s);
    d.score = [40, 40, 10];
    d.phase = 'over';
    d.final = { bonus: [0, 0, 0], distinct: [0, 0, 0] };
    let o = engine.outcome(d)!;
    expect(o.winners).toEqual([1]);
    expect(o.tieBreak?.key).toBe('mammut.tiebreak.fur');
    d.fur = [12, 12, 3];
    o = engine.outcome(d)!;
    expect(o.winners).toEqual([0, 1]);
    expect(o.tieBreak?.key).toBe('mammut.tiebreak.shared');
    expect(o.ranking.map((r) => r.place)).toEqual([1, 1, 3]);
  });
});

describe('scoring cards', () => {
  it('furCard counts as a fur tile for the player who played it', () => {
    const s = table({ players: 3, round: 2, shares: [[], [], []], played: [['furCard'], [], []] });
    const { s: after, row } = scored(s);
    expect(after.fur).toEqual([1, 0, 0]);
    expect(row('furMost')).toEqual([2, 0, 0]);
  });
  it('axeBonus gives every player 2 VP per axe besides the card', () => {
    const s = table({ players: 3, round: 2, shares: [['axe', 'axe'], ['axe'], []], played: [[], [], ['axeBonus']], hands: [[], [], []] });
    const { s: after, row } = scored(s);
    expect(row('axeBonus')).toEqual([4, 2, 0]);
    expect(after.hands.map((h) => h.length)).toEqual([2, 1, 0]);
  });
  it('axeBonus in the last round adds to the 3 VP per axe', () => {
    const s = table({ players: 3, round: 5, shares: [['axe', 'axe'], [], []], played: [[], ['axeBonus'], []] });
    const { row } = scored(s);
    expect(row('axe')[0]! + row('axeBonus')[0]!).toBe(10);
  });
  it('mostFurPoints gives 4 VP for the most fur tiles this round, whatever the track says', () => {
    const s = table({ players: 3, fur: [0, 9, 0], shares: [['fur', 'fur'], ['fur'], []], played: [[], [], ['mostFurPoints']] });
    const { row } = scored(s);
    expect(row('mostFurPoints')).toEqual([4, 0, 0]);
  });
  it('mostTuskPoints gives 4 VP to the player with the most tusks', () => {
    const s = table({ players: 3, shares: [['tusk'], ['tusk', 'tusk'], []], played: [['mostTuskPoints'], [], []] });
    const { row } = scored(s);
    expect(row('mostTuskPoints')).toEqual([0, 4, 0]);
  });
  it('furForMostAxes counts as fur for the player with the most axes', () => {
    const s = table({ players: 3, shares: [['axe'], ['axe', 'axe'], []], played: [['furForMostAxes'], [], []], hands: [[], [], []] });
    const { s: after } = scored(s);
    expect(after.fur).toEqual([0, 1, 0]);
  });
  it('fireForMostTusks and fireForMostAxes count as fire for those players', () => {
    const s = table({
      players: 3,
      shares: [['shaman:red', 'tusk', 'tusk'], ['axe'], ['fire']],
      played: [['fireForMostTusks'], ['fireForMostAxes'], []],
      hands: [[], [], []],
    });
    const { s: after, row } = scored(s);
    expect(readScoring(after)!.counts.fire).toEqual([1, 1, 1]);
    // All tied at one fire: order 0,1,2 → seat 2 is the worst placed and pays.
    expect(row('fire')).toEqual([0, 0, -5]);
  });
  it('a "most" card with nobody qualifying has no effect', () => {
    const s = table({ players: 3, shares: [[], [], []], played: [['fireForMostAxes'], [], []] });
    const { s: after } = scored(s);
    expect(readScoring(after)!.counts.fire).toEqual([0, 0, 0]);
  });
  it('animalChoice lets a player with a duplicate animal tile choose a missing animal', () => {
    const s = table({ players: 3, shares: [['wolf'], [], []], coll: [['wolf'], [], []], played: [['animalChoice'], [], []] });
    const { s: after } = scored(s);
    expect(after.phase).toBe('animal');
    const d = engine.decisions(after)[0]!;
    expect(d.seat).toBe(0);
    expect(d.options.map((o) => o.id)).toEqual(['a:bear', 'a:reindeer', 'a:boar', 'a:hare', 'a:owl', 'a:salmon', 'a:none']);
    const done = choose(after, 'a:owl');
    expect(done.phase).toBe('taking');
    expect(engine.view(done, null).collections[0]).toEqual(['wolf', 'owl']);
  });
  it('animalChoice without a duplicate may swap what a tile brought', () => {
    const s = table({ players: 3, shares: [['bear'], [], []], played: [['animalChoice'], [], []] });
    const { s: after } = scored(s);
    const ids = engine.decisions(after)[0]!.options.map((o) => o.id);
    expect(ids).toContain('x:bear.salmon');
    expect(ids).not.toContain('a:salmon');
    const done = choose(after, 'x:bear.salmon');
    expect(engine.view(done, null).collections[0]).toEqual(['salmon']);
  });
  it('animalChoice without any animal tile does nothing', () => {
    const s = table({ players: 3, shares: [[], [], []], played: [['animalChoice'], [], []] });
    const { s: after } = scored(s);
    expect(after.phase).toBe('taking');
  });
  it('mostFurAnimal lets the player with the most fur tiles choose an animal', () => {
    const s = table({ players: 3, shares: [['fur'], ['fur', 'fur'], []], coll: [[], ['bear'], []], played: [['mostFurAnimal'], [], []] });
    const { s: after } = scored(s);
    const d = engine.decisions(after)[0]!;
    expect(d.seat).toBe(1);
    expect(d.options.map((o) => o.id)).not.toContain('a:bear');
    const done = choose(after, 'a:hare');
    expect(engine.view(done, null).collections[1]).toEqual(['bear', 'hare']);
  });
  it('played cards go to the discard pile at the end of the round', () => {
    const s = table({ players: 3, shares: [[], [], []], played: [['furCard', 'flip'], [], ['mostTuskPoints']] });
    const { s: after } = scored(s);
    expect(after.played).toEqual([[], [], []]);
    expect(after.discard.length).toBe(3);
    expect(handIds(after, 0).length).toBe(s.hands[0]!.length);
  });
});
