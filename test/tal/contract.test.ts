import { describe, expect, it } from 'vitest';
import { runContract } from '../helpers/contract.js';
import { talEngine, type TalState } from '../../src/games/tal/engine.js';
import { board, totals, capOf } from '../../src/games/tal/state.js';
import { talData, SPECIES } from '../../src/games/tal/data.js';

/** Checked after every step of every self-play game. */
function invariant(s: TalState): void {
  const fail = (what: string): never => { throw new Error(`invariant broken: ${what}`); };
  const b = board(s);
  for (let p = 0; p < s.players; p++) {
    const t = totals(s, p);
    // figures conserved: on the board never more than the tribe's pieces (the rest is its supply), never negative
    if (t.m > capOf(s, p, 'm') || t.w > capOf(s, p, 'w')) fail(`seat ${p} has ${t.m} warriors, ${t.w} women`);
    if (s.hexes.some((h) => h.m[p]! < 0 || h.w[p]! < 0)) fail(`negative figures of seat ${p}`);
    if (s.tribes[p]!.food < 0) fail(`negative food of seat ${p}`);
    if (s.tribes[p]!.hand.length > 5) fail(`hand of seat ${p} over the limit`);
    if (s.hexes.filter((h) => h.camp?.seat === p).length > 5) fail(`seat ${p} has more than 5 camps`);
  }
  s.hexes.forEach((h, i) => {
    const bh = b.hexes[i]!;
    const here = h.m.reduce((a, x) => a + x, 0) + h.w.reduce((a, x) => a + x, 0) + h.an.reduce((a, x) => a + x, 0);
    if ((bh.terrain === 'lake' || h.marker) && here > 0) fail(`figures on lake/burnt/flooded hex ${i}`);
    if (h.camp && bh.terrain === 'lake') fail('camp on a lake');
    if (h.crop && bh.terrain !== 'plain') fail('field off a plain');
  });
  if (s.hexes.filter((h) => h.crop > 0).length > 9) fail('more than 9 fields');
  if (s.hexes.filter((h) => h.fence).length > 2) fail('more than 2 fences');
  // animal tiles: bag + board = 54 lettered; pool + board = 8 letterless wolves
  SPECIES.forEach((sp, k) => {
    const onBoard = s.hexes.reduce((a, h) => a + h.an[k]!, 0);
    const extra = sp === 'wolf' ? talData().letterlessWolves - s.poolWolves : 0;
    if (onBoard !== s.outTiles[k]!.length + extra) fail(`${sp}: ${onBoard} on the board`);
  });
  if (s.bag.length + s.outTiles.reduce((a, x) => a + x.length, 0) !== 54) fail('animal tiles lost');
  // special cards conserved (40) and hidden: no seat's view shows a card held by another seat
  const cards = s.specialDeck.length + s.specialDiscard.length + s.tribes.reduce((a, t) => a + t.hand.length, 0);
  if (cards !== 40) fail(`${cards} special cards`);
  for (let p = -1; p < s.players; p++) {
    const json = JSON.stringify(talEngine.view(s, p < 0 ? null : p));
    for (let o = 0; o < s.players; o++) if (o !== p) for (const c of s.tribes[o]!.hand) {
      if (p >= 0 && s.tribes[p]!.hand.includes(c)) continue;
      if (json.includes(`"${c}"`)) fail(`card ${c} of seat ${o} visible to ${p}`);
    }
  }
}

const GAMES = Number(process.env.TAL_GAMES ?? 300);
describe('Das Tal der Mammuts: random self-play under the engine contract', () => {
  for (const players of [2, 3, 4, 5, 6]) {
    it(`${GAMES} games with ${players} players (capped at 10 rounds), basic and advanced rules`, () => {
      const half = Math.ceil(GAMES / 2);
      const a = runContract(talEngine, { players, games: half, options: { maxRounds: '10' }, seedPrefix: 'basic' }, invariant);
      const b = runContract(talEngine, { players, games: GAMES - half, options: { maxRounds: '10', rules: 'advanced', food: '15' }, seedPrefix: 'adv' }, invariant);
      expect(a.finished + b.finished).toBe(GAMES);
    });
  }
});
