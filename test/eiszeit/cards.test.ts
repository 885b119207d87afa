/** Every Eiszeit card and the options its text gives. Regions are numbered as on the board (1..12). */
import { describe, expect, it } from 'vitest';
import { CARDS, CARD } from '../../src/games/eiszeit/data.js';
import { engine } from '../../src/games/eiszeit/index.js';
import { C, choose, decision, fires, H, ids, mammoths, position, put, totals, type S } from './build.js';

const card = (kind: string, colour: 'light' | 'dark', landscape?: string) =>
  CARDS.find((c) => c.kind === kind && c.colour === colour && (!landscape || c.landscape === landscape))!.id;
const filler = [card('removeOne', 'dark'), CARDS.filter((c) => c.kind === 'removeOne')[1]!.id, card('fire', 'dark'), card('swap', 'light')];
/** Seat 0 holds `id` plus filler cards. */
const withCard = (n: number, id: string, stones = 4) => position(n, { hands: [[id, ...filler.filter((x) => x !== id)].slice(0, 5)], stones: [stones, 4, 4, 4, 4].slice(0, n) });
/** Regions offered with a prefix, one option each (options placing or moving several, `<prefix>:<r>:<k>`, left out). */
const regionIds = (s: S, prefix: string) => ids(s).filter((x) => x.startsWith(`${prefix}:`) && x.split(':').length === 2).map((x) => Number(x.split(':')[1])).sort((a, b) => a - b);
/** Hunters offered as `h:<region>:<hunter>`, e.g. 'h:9:p2'. */
const hunterIds = (s: S) => ids(s).filter((x) => x.startsWith('h:'));
/** The "discard nothing" option, with whatever draw mix comes first (also as the end of the player's own action). */
const keep = (s: S) => ids(s).find((x) => /^(end\.)?keep(:|$)/.test(x))!;
/** The options of the action step itself: without Done / Back and without ending the action with a discard. */
const acts = (s: S) => ids(s).filter((x) => x !== 'finish' && x !== 'back' && !x.startsWith('end.'));

describe('GIVEN a landscape card (steppe: regions 2 and 11)', () => {
  const steppe = card('landscape', 'light', 'steppe');
  const cost = CARD[steppe]!.value!;
  it('it costs its value; the first hunters go into the landscape (up to 3) or anywhere (up to 2), and that choice sets the mode', () => {
    const { s } = choose(withCard(5, steppe), `c:${steppe}`);
    expect(s.stones[0]).toBe(4 - cost);
    expect(s.light).toBe(cost);
    expect(regionIds(s, 'l')).toEqual([2, 11]);
    expect(regionIds(s, 'y')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // several at once: up to 3 into one steppe region, up to 2 anywhere
    expect(ids(s)).toEqual(expect.arrayContaining(['l:2:2', 'l:11:3', 'y:5:2', 'back']));
    // ending the action at once is one choice with the discard and draw that follow
    expect(ids(s).filter((x) => x.startsWith('end.keep'))).not.toEqual([]);
    expect(ids(s)).not.toContain('l:2:4');
    expect(ids(s)).not.toContain('y:5:3');
    // no club and a full supply: the bare mode choice is not needed
    expect(ids(s)).not.toContain('land');
  });
  it('"3 into 11 (steppe)" is one choice and ends the action', () => {
    const { s } = choose(withCard(5, steppe), `c:${steppe}`, 'l:11:3');
    expect([H(s, 11, 0), s.supply[0], s.stage]).toEqual([3, 12 - 3, 'discard']);
  });
  it('up to 3 hunters into one or both steppe regions', () => {
    let { s } = choose(withCard(5, steppe), `c:${steppe}`, 'l:2');
    expect(regionIds(s, 'to')).toEqual([2, 11]);
    expect(ids(s)).toContain('to:11:2');
    s = choose(s, 'to:11:2').s;
    expect([H(s, 2, 0), H(s, 11, 0)]).toEqual([1, 2]);
    expect(s.stage).toBe('discard');
  });
  it('or up to 2 hunters anywhere', () => {
    let { s } = choose(withCard(5, steppe), `c:${steppe}`, 'y:5');
    expect(regionIds(s, 'to')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(acts(s).filter((x) => x.split(':').length === 3)).toEqual([]);
    s = choose(s, 'to:9').s;
    expect([H(s, 5, 0), H(s, 9, 0)]).toEqual([1, 1]);
    expect(s.stage).toBe('discard');
  });
  it('a glacier region is not offered (3 players: only 11 is steppe and free)', () => {
    const { s } = choose(withCard(3, steppe), `c:${steppe}`);
    expect(regionIds(s, 'l')).toEqual([11]);
    expect(regionIds(s, 'y')).not.toContain(1);
  });
  it('with an empty supply the player moves own hunters from the board instead', () => {
    const s0 = withCard(5, steppe);
    put(s0, 9, 0, 12);
    let { s } = choose(s0, `c:${steppe}`, 'land');
    expect(acts(s)).toEqual(['from:9']);
    s = choose(s, 'from:9').s;
    expect(regionIds(s, 'to')).toEqual([2, 11]);
    s = choose(s, 'to:2').s;
    expect([H(s, 9, 0), H(s, 2, 0)]).toEqual([11, 1]);
  });
  it('the rulebook\'s example: 3 hunters for the steppe, 1 left in the supply — it is placed, then 2 further own hunters move from the board', () => {
    const s0 = withCard(5, steppe);
    put(s0, 9, 0, 11);
    expect(s0.supply[0]).toBe(1);
    let { s } = choose(s0, `c:${steppe}`);
    // one hunter left: no "several at once"
    expect(acts(s).filter((x) => x.split(':').length === 3)).toEqual([]);
    s = choose(s, 'l:2').s;
    // the supply is empty now: own hunters move from the board, but not the one just placed in 2
    expect(acts(s)).toEqual(['from:9']);
    s = choose(s, 'from:9', 'to:2', 'from:9', 'to:11').s;
    expect([H(s, 2, 0), H(s, 11, 0), H(s, 9, 0), s.supply[0]]).toEqual([2, 1, 9, 0]);
    expect(s.stage).toBe('discard');
  });
  it('with an empty supply every placement moves another hunter: one that moved in this action stays', () => {
    const s0 = withCard(5, steppe);
    put(s0, 9, 0, 12);
    let { s } = choose(s0, `c:${steppe}`, 'any', 'from:9', 'to:5');
    expect(acts(s)).toEqual(['from:9']);
    s = choose(s, 'from:9', 'to:5').s;
    expect([H(s, 5, 0), H(s, 9, 0)]).toEqual([2, 10]);
  });
  it('back undoes one step; back from the first step returns the card and the stones', () => {
    let { s } = choose(withCard(5, steppe), `c:${steppe}`, 'l:2', 'to:2');
    s = choose(s, 'back').s;
    expect(H(s, 2, 0)).toBe(1);
    s = choose(s, 'back', 'back').s;
    expect(s.stage).toBe('play');
    expect(s.hands[0]).toContain(steppe);
    expect(s.stones[0]).toBe(4);
    expect(H(s, 2, 0)).toBe(0);
  });
});

describe('GIVEN the hunters-and-mammoth card', () => {
  const id = card('huntersMammoth', 'light');
  it('up to 2 hunters and a mammoth from beside the board into one region', () => {
    let { s } = choose(withCard(5, id), `c:${id}`, 'r:9');
    expect(ids(s)).toContain('mam');
    s = choose(s, 'h', 'mam', 'h').s;
    expect([H(s, 9, 0), s.mammothsIn[8]]).toEqual([2, 1]);
    expect(s.stage).toBe('discard');
  });
  it('with no mammoth beside the board one may come from a neighbouring region', () => {
    const s0 = withCard(3, id);
    expect(s0.mammoths).toBe(0);
    const { s } = choose(s0, `c:${id}`, 'r:9');
    // neighbours of 9: 5, 6, 10 — mammoths stand in 5 and 6 at 3 players
    expect(ids(s).filter((x) => x.startsWith('mamf:')).sort()).toEqual(['mamf:5', 'mamf:6']);
    const t = choose(s, 'mamf:6').s;
    expect([t.mammothsIn[5], t.mammothsIn[8]]).toEqual([0, 1]);
  });
  it('with an empty supply the hunters come from the board (any region but the chosen one)', () => {
    const s0 = withCard(5, id);
    put(s0, 10, 0, 12);
    let { s } = choose(s0, `c:${id}`, 'r:9');
    expect(ids(s)).not.toContain('h');
    expect(ids(s)).toContain('from:10');
    s = choose(s, 'from:10', 'from:10').s;
    expect([H(s, 9, 0), H(s, 10, 0), s.supply[0]]).toEqual([2, 10, 0]);
  });
});

describe('GIVEN the trek-with-the-herd card', () => {
  const id = card('moveWithMammoth', 'light');
  it('up to 3 own hunters from one region into a neighbour, and the mammoth may come along', () => {
    const s0 = withCard(3, id);
    put(s0, 6, 0, 4);
    put(s0, 6, 1, 2);
    let { s } = choose(s0, `c:${id}`, 'r:6');
    // neighbours of 6 are 1, 2, 3, 5, 7, 9, 10 — 1, 2, 3 are glaciers at 3 players
    expect(regionIds(s, 'r')).toEqual([5, 7, 9, 10]);
    s = choose(s, 'r:10').s;
    expect(ids(s)).not.toContain('mam');
    s = choose(s, 'p', 'mam', 'p', 'p').s;
    expect([H(s, 6, 0), H(s, 10, 0), H(s, 6, 1), s.mammothsIn[5], s.mammothsIn[9]]).toEqual([1, 3, 2, 0, 1]);
    expect(s.stage).toBe('discard');
  });
  it('the mammoth only comes along with hunters: before any hunter has moved it cannot go on its own (ruling 7)', () => {
    const s0 = withCard(3, id);
    put(s0, 6, 0, 2);
    let { s } = choose(s0, `c:${id}`, 'r:6', 'r:10');
    expect(acts(s)).toEqual(['p']);
    // ending the action here discards / draws in the same choice, and the turn passes on
    s = choose(s, keep(s)).s;
    expect([s.mammothsIn[5], s.mammothsIn[9], H(s, 6, 0)]).toEqual([1, 0, 2]);
    expect([s.stage, s.seat, s.hands[0]!.length]).toEqual(['play', 1, 5]);
  });
});

describe('GIVEN the mammoth card', () => {
  const id = card('mammoth', 'light');
  it('offers what the stones can pay: 2 new / 3 neighbour / 5 far', () => {
    expect(ids(choose(withCard(5, id, 4), `c:${id}`).s)).toEqual(['place', 'neighbour', 'back']);
    expect(ids(choose(withCard(5, id, 5), `c:${id}`).s)).toEqual(['place', 'neighbour', 'far', 'back']);
    expect(ids(withCard(5, id, 1))).not.toContain(`c:${id}`);
  });
  it('a far move goes to a region that is not a neighbour, and costs 5', () => {
    let { s } = choose(withCard(5, id, 6), `c:${id}`, 'far');
    expect(s.stones[0]).toBe(1);
    s = choose(s, 'r:1').s;
    expect(regionIds(s, 'r')).toEqual([3, 4, 7, 8, 9, 10, 11, 12]);
    s = choose(s, 'r:12').s;
    expect([s.mammothsIn[0], s.mammothsIn[11]]).toEqual([0, 1]);
  });
  it('a neighbour move costs 3; a new mammoth costs 2', () => {
    let s = choose(withCard(5, id, 6), `c:${id}`, 'neighbour', 'r:1').s;
    expect(regionIds(s, 'r')).toEqual([2, 5, 6]);
    s = choose(s, 'r:5').s;
    expect(s.stones[0]).toBe(3);
    s = choose(withCard(5, id, 6), `c:${id}`, 'place', 'r:9').s;
    expect([s.stones[0], s.mammothsIn[8], s.mammoths]).toEqual([4, 1, 1]);
  });
  it('with no mammoth beside the board (3 players at the start), "new mammoth" moves one from the board into any other region for 2 stones', () => {
    const s0 = withCard(3, id, 2);
    expect(s0.mammoths).toBe(0);
    expect(ids(s0)).toContain(`c:${id}`);
    let { s } = choose(s0, `c:${id}`);
    const d = decision(s);
    // the only move the stones pay for is taken without asking; which mammoth goes where is the first question
    expect([s.act!.mode, s.act!.step, s.stones[0], s.light]).toEqual(['place', 'mammothFrom', 0, 2]);
    expect(d.options.map((o) => o.id)).toEqual(['r:5', 'r:6', 'r:7', 'r:8', 'back']);
    expect(regionIds(s, 'r')).toEqual([5, 6, 7, 8]);
    s = choose(s, 'r:5').s;
    expect(regionIds(s, 'r')).toEqual([6, 7, 8, 9, 10, 11, 12]);
    s = choose(s, 'r:12').s;
    expect([s.mammothsIn[4], s.mammothsIn[11], s.mammoths]).toEqual([0, 1, 0]);
    expect(s.stage).toBe('discard');
    expect(choose(s, keep(s)).events.map((e) => e.msg.key)).toContain('eiszeit.ev.mammothMove');
  });
  it('once a mammoth stands beside the board again, "new mammoth" takes that one', () => {
    const s0 = mammoths(withCard(3, id, 2), 5, 0);
    expect(s0.mammoths).toBe(1);
    const { s } = choose(s0, `c:${id}`);
    expect(decision(s).options[0]!.id).toBe('r:5');
    expect(regionIds(s, 'r')).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('GIVEN the fire cards', () => {
  it('light: a tile moves, unseen, to another free region; several may lie together', () => {
    const id = card('fire', 'light');
    const s0 = fires(withCard(3, id), [[9, 2], [10, 1]]);
    let { s } = choose(s0, `c:${id}`);
    const t9 = s.fireAt.indexOf(8);
    s = choose(s, `f:${t9 + 1}`).s;
    expect(regionIds(s, 'r')).toEqual([5, 6, 7, 8, 10, 11, 12]);
    s = choose(s, 'r:10').s;
    expect(s.fireAt.filter((r) => r === 9).length).toBe(2);
    expect(s.fireVal[t9]).toBe(2);
    // the other players' views show only how many tiles lie there
    expect(engine.view(s, 1).regions[9]!.fires).toBe(2);
  });
  it('dark: the chosen player moves a tile', () => {
    const id = card('fire', 'dark');
    const s0 = fires(position(3, { hands: [[id, card('swap', 'light'), card('removeOne', 'dark'), card('club', 'light'), card('placeOneEach', 'dark')]] }), [[9, 2]]);
    let { s } = choose(s0, `c:${id}:2`);
    expect(decision(s).seat).toBe(2);
    s = choose(s, `f:${s.fireAt.indexOf(8) + 1}`, 'r:12').s;
    expect(s.fireAt.filter((r) => r === 11).length).toBe(1);
    expect(decision(s).seat).toBe(0);
  });
});

describe('GIVEN the swap card', () => {
  const id = card('swap', 'light');
  it('two hunters in neighbouring regions trade places; opponents\' clubbed hunters are protected', () => {
    const s0 = withCard(3, id);
    put(s0, 9, 1, 1, 1); // blue with club in 9
    put(s0, 9, 2, 1); // yellow in 9
    put(s0, 6, 0, 1); // red in 6
    let { s } = choose(s0, `c:${id}`);
    // hunter and region in one choice: blue's clubbed hunter in 9 is protected
    expect(hunterIds(s).filter((x) => x.startsWith('h:9:'))).toEqual(['h:9:p2']);
    s = choose(s, 'h:9:p2').s;
    expect(hunterIds(s)).toEqual(['h:6:p0']);
    s = choose(s, 'h:6:p0').s;
    expect([H(s, 9, 0), H(s, 6, 2), H(s, 9, 2), H(s, 6, 0)]).toEqual([1, 1, 0, 0]);
  });
  it('one\'s own clubbed hunter may be swapped (the club goes with it)', () => {
    const s0 = withCard(3, id);
    put(s0, 9, 0, 1, 1);
    put(s0, 10, 1, 1);
    const s = choose(s0, `c:${id}`, 'h:9:c0', 'h:10:p1').s;
    expect([H(s, 10, 0), C(s, 10, 0), H(s, 9, 1)]).toEqual([1, 1, 1]);
  });
});

describe('GIVEN the club card', () => {
  const id = card('club', 'light');
  it('a club attached at once to an own hunter on the board', () => {
    const s0 = withCard(3, id);
    put(s0, 9, 0, 2);
    const s = choose(s0, `c:${id}`, 'club', 'att:9').s;
    expect([C(s, 9, 0), s.clubsHeld[0], s.clubs]).toEqual([1, 0, 5]);
  });
  it('or kept in front and attached later to a hunter the player places', () => {
    const steppe = card('landscape', 'light', 'steppe');
    const s0 = position(3, { hands: [[id, steppe, ...filler.slice(0, 3)]], stones: [6, 4, 4] });
    let s = choose(s0, `c:${id}`, 'club').s;
    s = choose(s, keep(s)).s;
    expect(s.clubsHeld[0]).toBe(1);
    // play on until seat 0's next turn
    s.seat = 0; s.stage = 'play'; s.startStones = s.stones[0]!;
    s = choose(s, `c:${steppe}`).s;
    // holding a club: the mode may be chosen alone, so the first hunter can take the club
    expect(ids(s)).toContain('land');
    s = choose(s, 'land').s;
    expect(ids(s)).toContain('toc:11');
    s = choose(s, 'toc:11').s;
    expect([C(s, 11, 0), s.clubsHeld[0]]).toEqual([1, 0]);
  });
  it('instead of a club: a mammoth from beside the board, or (none left) a mammoth to a neighbouring region', () => {
    let s = choose(withCard(5, id), `c:${id}`, 'mam', 'r:9').s;
    expect(s.mammothsIn[8]).toBe(1);
    s = choose(withCard(3, id), `c:${id}`, 'mam').s;
    expect(regionIds(s, 'r')).toEqual([5, 6, 7, 8]);
    s = choose(s, 'r:5').s;
    expect(regionIds(s, 'r')).toEqual([6, 9]);
  });
});

describe('GIVEN the stampede card (move up to 3 hunters)', () => {
  const id = card('moveMixed', 'light');
  it('moves anyone\'s hunters to neighbours, but not all three of one player', () => {
    const s0 = withCard(3, id);
    put(s0, 9, 1, 3);
    put(s0, 9, 2, 1);
    let s = choose(s0, `c:${id}`, 'h:9:p1').s;
    // two of blue's hunters may go at once, never three
    expect(ids(s)).toContain('r:10:2');
    expect(ids(s)).not.toContain('r:10:3');
    s = choose(s, 'r:10:2').s;
    expect(hunterIds(s).filter((x) => x.startsWith('h:9:'))).toEqual(['h:9:p2']);
    s = choose(s, 'h:9:p2', 'r:5').s;
    expect([H(s, 9, 1), H(s, 10, 1), H(s, 5, 2)]).toEqual([1, 2, 1]);
    expect(s.stage).toBe('discard');
  });
  it('a hunter that has just moved may not move again', () => {
    const s0 = withCard(3, id);
    put(s0, 9, 1, 1);
    const s = choose(s0, `c:${id}`, 'h:9:p1', 'r:10').s;
    expect(hunterIds(s)).toEqual([]);
  });
});

describe('GIVEN the dark cards that every other player carries out', () => {
  const two = card('placeTwoEach', 'dark');
  const one = card('placeOneEach', 'dark');
  it('newcomers: from the left, each may place up to 2 hunters in one or two regions, or decline', () => {
    const s0 = position(4, { hands: [[two, ...filler]] });
    s0.seat = 2; s0.hands[2] = s0.hands[0]!; s0.hands[0] = []; s0.startStones = 4;
    for (let k = 0; k < 5; k++) s0.hands[0]!.push(s0.drawL.pop()!);
    let { s } = choose(s0, `c:${two}`);
    expect(s.stones[2]).toBe(4 + CARD[two]!.value!);
    expect(decision(s).seat).toBe(3);
    expect(ids(s)).toContain('to:5:2');
    s = choose(s, 'to:5', 'to:6').s;
    expect(decision(s).seat).toBe(0);
    s = choose(s, 'finish').s;
    expect(decision(s).seat).toBe(1);
    s = choose(s, 'to:9', 'finish').s;
    expect(decision(s).seat).toBe(2);
    expect(ids(s)).not.toContain('back');
    expect([H(s, 5, 3), H(s, 6, 3), H(s, 9, 1)]).toEqual([1, 1, 1]);
  });
  it('newcomer: each other player may place 1 hunter', () => {
    let { s } = choose(position(3, { hands: [[one, ...filler]] }), `c:${one}`, 'to:9');
    expect(decision(s).seat).toBe(2);
    s = choose(s, 'to:9').s;
    expect([H(s, 9, 1), H(s, 9, 2), decision(s).seat]).toEqual([1, 1, 0]);
  });
});

describe('GIVEN a newcomer card and a player with an empty supply', () => {
  it('that player moves an own hunter from the board instead of placing one', () => {
    const one = card('placeOneEach', 'dark');
    const s0 = position(3, { hands: [[one, ...filler]] });
    put(s0, 9, 1, 12);
    let { s } = choose(s0, `c:${one}`);
    expect(decision(s).seat).toBe(1);
    expect(acts(s)).toEqual(['from:9']);
    s = choose(s, 'from:9', 'to:5').s;
    expect([H(s, 5, 1), H(s, 9, 1), decision(s).seat]).toEqual([1, 11, 2]);
  });
});

describe('GIVEN the dark cards carried out by a chosen player', () => {
  const hand = (id: string) => [id, card('swap', 'light'), card('club', 'light'), card('placeOneEach', 'dark'), CARDS.filter((c) => c.kind === 'placeOneEach')[1]!.id];
  it('drive off two: up to 2 hunters, not both of one player; opponents\' clubbed hunters are safe, own ones not', () => {
    const id = card('removeTwo', 'dark');
    const s0 = position(3, { hands: [hand(id)] });
    put(s0, 9, 0, 2); put(s0, 9, 1, 1, 1); put(s0, 9, 2, 1, 1);
    // played and handed on in one choice
    expect(ids(s0).filter((x) => x.startsWith(`c:${id}`))).toEqual([`c:${id}:1`, `c:${id}:2`]);
    let { s } = choose(s0, `c:${id}:1`);
    expect(hunterIds(s)).toEqual(['h:9:p0', 'h:9:c1']);
    s = choose(s, 'h:9:p0').s;
    expect(hunterIds(s)).toEqual(['h:9:c1']);
    s = choose(s, 'h:9:c1').s;
    expect([H(s, 9, 0), H(s, 9, 1), s.supply[0], s.clubs]).toEqual([1, 0, 11, 5]);
    expect(decision(s).seat).toBe(0);
  });
  it('drive off one: exactly one hunter at most', () => {
    const id = card('removeOne', 'dark');
    const s0 = position(3, { hands: [hand(id)] });
    put(s0, 9, 0, 2);
    const s = choose(s0, `c:${id}:2`, 'h:9:p0').s;
    expect([H(s, 9, 0), decision(s).seat]).toEqual([1, 0]);
  });
  it('gift: a club, or moving up to 2 own hunters to any regions (not only neighbours)', () => {
    const id = card('clubOrMove', 'dark');
    const s0 = position(3, { hands: [hand(id)] });
    put(s0, 9, 1, 2);
    let { s } = choose(s0, `c:${id}:1`);
    expect(ids(s)).toEqual(['club', 'move', 'finish']);
    s = choose(s, 'move', 'from:9').s;
    expect(regionIds(s, 'r')).toEqual([5, 6, 7, 8, 10, 11, 12]);
    s = choose(s, 'r:12', 'from:9', 'r:8').s;
    expect([H(s, 12, 1), H(s, 8, 1), decision(s).seat]).toEqual([1, 1, 0]);
    const c = choose(s0, `c:${id}:1`, 'club', 'att:9').s;
    expect(C(c, 9, 1)).toBe(1);
  });
  it('herd moves on: any mammoth leaves the board', () => {
    const id = card('removeMammoth', 'dark');
    const s = choose(position(3, { hands: [hand(id)] }), `c:${id}:1`, 'r:7').s;
    expect([s.mammothsIn[6], s.mammoths]).toEqual([0, 1]);
  });
});

describe('GIVEN glaciers', () => {
  it('cannot be entered, but a far mammoth move flies over them, and regions they separate are no neighbours', () => {
    const id = card('mammoth', 'light');
    const s0 = withCard(5, id, 6);
    s0.glacier[5] = true; // region 6
    s0.fireAt = s0.fireAt.map((r) => (r === 5 ? -1 : r));
    let s = choose(s0, `c:${id}`, 'neighbour', 'r:1').s;
    expect(regionIds(s, 'r')).toEqual([2, 5]);
    s = choose(withCard(5, id, 6), `c:${id}`, 'far', 'r:1').s;
    expect(regionIds(s, 'r')).not.toContain(1);
  });
  it('every choice keeps stones, hunters, mammoths and clubs conserved', () => {
    const id = card('huntersMammoth', 'light');
    const before = totals(withCard(5, id));
    const s = choose(withCard(5, id), `c:${id}`, 'r:3', 'h', 'h', 'mam').s;
    expect(totals(s)).toEqual(before);
  });
});
