/** Eiszeit rules: the rulebook's own examples and the rules around settling, supplies, glaciers and the end. */
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../src/engine/types.js';
import { apply } from '../../src/engine/apply.js';
import { CARDS, CARD } from '../../src/games/eiszeit/data.js';
import { glacierCandidates } from '../../src/games/eiszeit/glacier.js';
import { resolveConflict } from '../../src/games/eiszeit/scoring.js';
import { engine } from '../../src/games/eiszeit/index.js';
import type { Report } from '../../src/games/eiszeit/state.js';
import { choose, decision, fires, H, ids, mammoths, position, put, type S } from './build.js';

const card = (kind: string, colour: 'light' | 'dark', landscape?: string) =>
  CARDS.find((c) => c.kind === kind && c.colour === colour && (!landscape || c.landscape === landscape))!.id;
const cards = (kind: string, colour: 'light' | 'dark') => CARDS.filter((c) => c.kind === kind && c.colour === colour).map((c) => c.id);

/** Seat 0 plays a "newcomer" dark card that takes the last dark stone; everyone declines; settling ends. */
function endSettling(s: S): S {
  const id = card('placeOneEach', 'dark');
  s.hands[0] = [id, ...s.hands[0]!.filter((x) => x !== id)].slice(0, 5);
  s.dark = CARD[id]!.value!;
  let st = choose(s, `c:${id}`).s;
  const round = st.round;
  for (let guard = 0; guard < 20 && st.phase === 'settle' && st.round === round; guard++) {
    const d = decision(st);
    const pick = d.options.find((o) => o.id === 'finish' || o.id === 'keep') ?? d.options[0]!;
    st = choose(st, pick.id).s;
  }
  return st;
}
const report = (s: S): Report => s.report!;
const line = (s: S, region: number) => report(s).lines.find((l) => l.region === region - 1)!;

describe('GIVEN the conflict rules', () => {
  it('example 1: limit 5, red 2 / blue 3 / green 4 → red, blue, green, then red again leave', () => {
    const reg = { h: [2, 3, 4], c: [0, 0, 0] };
    expect(resolveConflict(reg, 5)).toEqual([2, 1, 1]);
    expect(reg.h).toEqual([0, 2, 3]);
  });
  it('example 2: limit 7, red/blue/black 2, green 3, yellow 4 → the three pairs twice, green and yellow once (6 left)', () => {
    const reg = { h: [2, 2, 2, 3, 4], c: [0, 0, 0, 0, 0] };
    expect(resolveConflict(reg, 7)).toEqual([2, 2, 2, 1, 1]);
    expect(reg.h.reduce((a, b) => a + b)).toBe(5);
  });
  it('club example: limit 5, red 1 with club, yellow 2, blue 4 → red stays, yellow and blue lose one each', () => {
    const reg = { h: [1, 2, 4], c: [1, 0, 0] };
    expect(resolveConflict(reg, 5)).toEqual([0, 1, 1]);
    expect(reg.h).toEqual([1, 1, 3]);
  });
  it('a region where every hunter carries a club stays over its limit', () => {
    const reg = { h: [3, 2], c: [3, 2] };
    expect(resolveConflict(reg, 3)).toEqual([0, 0]);
  });
  it('limits example 3 / 6 / 8 and the conflict account, region by region, through the engine', () => {
    let s = position(5);
    mammoths(s, 1, 0); mammoths(s, 2, 0); mammoths(s, 3, 0); mammoths(s, 4, 0);
    fires(s, [[6, 2], [7, 0], [7, 2]]);
    mammoths(s, 6, 1); mammoths(s, 7, 3);
    put(s, 5, 1, 4); put(s, 6, 1, 3); put(s, 6, 2, 4); put(s, 7, 3, 9);
    s = endSettling(s);
    expect(line(s, 5).limit).toBe(3);
    expect(line(s, 6).limit).toBe(6);
    expect(line(s, 7).limit).toBe(8);
    expect(H(s, 5, 1)).toBe(3);
    expect(line(s, 6).removed).toEqual([0, 1, 0, 0, 0]);
    expect(H(s, 7, 3)).toBe(8);
    // fire tiles are all back beside the board after the conflicts
    expect(s.phase).toBe('glacier');
    expect(s.fireAt.every((x) => x === -1)).toBe(true);
  });
  it('a clubbed hunter survives the conflict, and clubs leave the board afterwards', () => {
    let s = position(3);
    fires(s, [[9, 0]]);
    put(s, 9, 0, 1, 1); put(s, 9, 1, 2); put(s, 9, 2, 4);
    s.score = [0, 0, 0];
    // limit of region 9 is 3 + 0 + 0; red must keep the clubbed hunter
    s = endSettling(s);
    expect(H(s, 9, 0)).toBe(1);
    expect(s.clubbed.flat().every((x) => x === 0)).toBe(true);
    expect(s.clubs).toBe(6);
  });
});

describe('GIVEN the scoring rules', () => {
  it('the rulebook example: region 9 (2+ mammoths) yellow 9, blue 3, red 3; region 10 (1 mammoth) blue 6, green 4; region 11 red 2', () => {
    let s = position(5); // seats: 0 red, 1 blue, 2 yellow, 3 green
    fires(s, [[10, 2]]);
    mammoths(s, 9, 2); mammoths(s, 10, 1);
    put(s, 9, 2, 3); put(s, 9, 1, 1); put(s, 9, 0, 1);
    put(s, 10, 1, 3); put(s, 10, 3, 2);
    put(s, 11, 0, 2);
    s = endSettling(s);
    expect(line(s, 9).points).toEqual([3, 3, 9, 0, 0]);
    expect(line(s, 10).points).toEqual([0, 6, 0, 4, 0]);
    expect(line(s, 11).points).toEqual([2, 0, 0, 0, 0]);
    expect(s.score).toEqual([5, 9, 9, 4, 0]);
  });
});

describe('GIVEN the first glacier', () => {
  const cand = (n: number) => glacierCandidates(engine.setup(n, {}, 'g')).map((r) => r + 1);
  it('with 3 players it goes on one of 5-8', () => expect(cand(3)).toEqual([5, 6, 7, 8]));
  it('with 4 players on 2, 3 or one of 5-8', () => expect(cand(4)).toEqual([2, 3, 5, 6, 7, 8]));
  it('with 5 players on one of 1-4', () => expect(cand(5)).toEqual([1, 2, 3, 4]));
});

describe('GIVEN the glacier phase', () => {
  it('the last player may lay it; hunters go home and mammoths beside the board; declining is allowed', () => {
    let s = position(3);
    s.score = [20, 5, 6];
    put(s, 9, 1, 2); put(s, 10, 2, 1); put(s, 5, 0, 2); put(s, 5, 1, 1);
    s = endSettling(s);
    // seat 1: 5 + 2 = 7, seat 2: 6 + 1 = 7: tie, seat 2 has fewer hunters on the board
    expect(s.phase).toBe('glacier');
    expect(decision(s).seat).toBe(2);
    expect(decision(s).defaultOption).toBe('none');
    const mamBefore = s.mammoths;
    const after = choose(s, 'g:5').s;
    expect(after.glacier[4]).toBe(true);
    expect(H(after, 5, 0) + H(after, 5, 1)).toBe(0);
    expect(after.mammoths).toBe(mamBefore + 1);
    expect(after.round).toBe(2);
    const declined = choose(s, 'none').s;
    expect(declined.glacier[4]).toBe(false);
  });
  it('equal score and hunters: fewer stones lays the glacier', () => {
    let s = position(3, { stones: [4, 3, 2] });
    s.score = [20, 7, 7];
    put(s, 9, 1, 1); put(s, 10, 2, 1);
    s = endSettling(s);
    expect(decision(s).seat).toBe(2);
  });
  it('all equal: the lot decides among the tied players only', () => {
    const seen = new Set<number>();
    for (let k = 0; k < 12; k++) {
      let s = position(3, { stones: [5, 2, 2], seed: `lot${k}` });
      s.score = [20, 7, 7];
      s = endSettling(s);
      seen.add(decision(s).seat);
    }
    expect([...seen].sort()).toEqual([1, 2]);
  });
  it('no glacier after the last round: the game ends', () => {
    let s = position(3);
    s.round = 4;
    s = endSettling(s);
    expect(s.phase).toBe('over');
    expect(engine.decisions(s)).toEqual([]);
  });
  it('short game: the third round is the last one', () => {
    expect(engine.view(engine.setup(3, { length: 'short' }, 'x'), null).rounds).toBe(3);
    let s = position(3);
    s.rounds = 3;
    s.round = 3;
    s = endSettling(s);
    expect(s.phase).toBe('over');
  });
});

describe('GIVEN the next round', () => {
  it('the stone refill example: 6 stones, three players, one holds 1 → 1 + 2 + 2 = 11', () => {
    const id = card('placeOneEach', 'dark');
    const v = CARD[id]!.value!;
    let s = position(3, { stones: [5 - v, 1, 4] });
    s.light = 6;
    s.score = [0, 0, 10];
    s = endSettling(s);
    // seat 0 ended settling; seat 0 and 1 tie on 0 points; let whoever is last decline
    s = choose(s, 'none').s;
    expect(s.dark).toBe(11);
    expect(s.light).toBe(0);
    expect(s.stones).toEqual([3, 0, 2]);
    expect(s.round).toBe(2);
    // the left neighbour of the player who ended settling begins
    expect(decision(s).seat).toBe(1);
    // fire tiles again in every free region
    for (let r = 0; r < 12; r++) expect(s.fireAt.filter((x) => x === r).length).toBe(s.glacier[r] ? 0 : 1);
  });
  it('10 or more stones in the light supply become the dark supply unchanged', () => {
    let s = position(4, { stones: [4, 4, 4, 4] });
    s.light = 13;
    s = endSettling(s);
    s = choose(s, 'none').s;
    expect(s.dark).toBe(13);
    expect(s.stones.slice(1)).toEqual([4, 4, 4]);
  });
});

describe('GIVEN the dark supply running out', () => {
  it('in rounds 1-3 the rest comes from the light supply and settling ends after the action', () => {
    const id = card('placeTwoEach', 'dark');
    const v = CARD[id]!.value!;
    let s = position(3, { hands: [[id, card('landscape', 'light'), cards('removeOne', 'dark')[0]!, cards('removeOne', 'dark')[1]!, cards('fire', 'light')[0]!]] });
    s.dark = 1;
    s.light = 5;
    let st = choose(s, `c:${id}`).s;
    expect(st.stones[0]).toBe(4 + v);
    expect(st.dark).toBe(0);
    expect(st.light).toBe(5 - (v - 1));
    // the action still happens: seat 1, then seat 2 may place
    expect(decision(st).seat).toBe(1);
    st = choose(st, 'to:9', 'finish').s;
    expect(decision(st).seat).toBe(2);
    st = choose(st, 'finish', 'keep:1').s;
    expect(H(st, 9, 1)).toBe(1);
    expect(st.phase === 'glacier' || st.round === 2).toBe(true);
    expect(st.turnLog).toEqual([1]);
  });
  it('in round 4 the last dark card is void and its stones go to the light supply', () => {
    const id = card('placeTwoEach', 'dark');
    let s = position(3, { hands: [[id, card('landscape', 'light'), cards('removeOne', 'dark')[0]!, cards('removeOne', 'dark')[1]!, cards('fire', 'light')[0]!]] });
    s.round = 4;
    s.dark = 2;
    s.light = 5;
    const { s: st, events } = choose(s, `c:${id}`);
    expect(st.stones[0]).toBe(4);
    expect(st.light).toBe(7);
    expect(st.dark).toBe(0);
    expect(st.phase).toBe('over');
    expect(events.some((e) => e.msg.key === 'eiszeit.ev.voidLast')).toBe(true);
  });
});

describe('GIVEN the 8-stone rule', () => {
  const hand = [card('landscape', 'light'), card('placeOneEach', 'dark'), card('cult', 'dark'), card('cult', 'light'), card('removeOne', 'dark')];
  it('with 8 or more stones only light cards may be played', () => {
    const s = position(3, { hands: [hand], stones: [8, 4, 4] });
    expect(ids(s)).toEqual([`c:${hand[0]}`]);
  });
  it('the dark cult card may still be played, but only for the face-up light card', () => {
    const s = position(3, { hands: [hand], stones: [8, 4, 4] });
    s.topL = card('fire', 'light');
    s.topD = card('removeTwo', 'dark');
    s.drawL = s.drawL.filter((x) => x !== s.topL);
    s.drawD = s.drawD.filter((x) => x !== s.topD);
    expect(ids(s).sort()).toEqual([`c:${hand[0]}`, `c:${hand[2]}`, `c:${hand[3]}`].sort());
    // only the light top card is open: the cult card takes it without asking
    const st = choose(s, `c:${hand[2]}`).s;
    expect([st.act!.effect, st.act!.step === 'chooseTopCard']).toEqual([s.topL, false]);
    // below 8 stones both tops are open
    const t = position(3, { hands: [hand], stones: [7, 4, 4] });
    t.topL = s.topL; t.topD = s.topD;
    const tt = choose(t, `c:${hand[2]}`).s;
    expect(ids(tt).filter((x) => x.startsWith('top:'))).toEqual(['top:L', 'top:D']);
  });
  it('a light card that cannot be paid in full is not offered', () => {
    const s = position(3, { hands: [hand], stones: [0, 4, 4] });
    expect(ids(s)).not.toContain(`c:${hand[0]}`);
    expect(ids(s)).toContain(`c:${hand[1]}`);
  });
  it('cards that cannot be played are listed as unavailable with the reason, under the plain prompt', () => {
    const s = position(3, { hands: [hand], stones: [8, 4, 4] });
    const d = decision(s);
    expect(d.prompt.key).toBe('eiszeit.prompt.playEight');
    // the two dark cards: 8 stones at the start of the turn; the cult cards: no top card to use
    expect(d.unavailable!.map((x) => x.reason.key).sort()).toEqual(['eiszeit.why.cult', 'eiszeit.why.cult', 'eiszeit.why.eight', 'eiszeit.why.eight']);
    expect(d.unavailable!.map((x) => x.label.key)).toContain('eiszeit.card.dark.cult.name');
    const poor = decision(position(3, { hands: [hand], stones: [0, 4, 4] }));
    expect(poor.prompt.key).toBe('eiszeit.prompt.play');
    expect(poor.unavailable!.map((x) => x.reason)).toContainEqual({ key: 'eiszeit.why.stones', args: { n: CARD[hand[0]!]!.value! } });
  });
  it('when no card can be played, every card may be laid down and none is listed as unavailable', () => {
    const s = position(3, { hands: [hand.filter((id) => CARD[id]!.kind === 'cult' || CARD[id]!.colour === 'dark')], stones: [8, 4, 4] });
    const d = decision(s);
    expect([d.prompt.key, d.unavailable]).toEqual(['eiszeit.prompt.playNone', undefined]);
    expect(d.options.every((o) => o.id.startsWith('v:'))).toBe(true);
  });
});

describe('GIVEN the cult cards', () => {
  it('the light cult card uses the dark top card: stones come in, the chosen player acts, the cult card goes under the light pile', () => {
    const cult = card('cult', 'light');
    const top = card('removeOne', 'dark');
    const s = position(3, { hands: [[cult, card('landscape', 'light'), card('placeOneEach', 'dark'), card('fire', 'dark'), card('swap', 'light')]] });
    s.topD = top;
    s.topL = card('club', 'light');
    s.drawD = s.drawD.filter((x) => x !== top);
    s.drawL = s.drawL.filter((x) => x !== s.topL);
    put(s, 9, 2, 2);
    let st = choose(s, `c:${cult}`, 'top:D').s;
    expect(st.stones[0]).toBe(4 + CARD[top]!.value!);
    expect(st.discL[0]).toBe(cult);
    expect(st.topL).toBe(card('club', 'light'));
    expect(st.topD).toBe(top);
    st = choose(st, 't:1', 'h:9:p2').s;
    expect(H(st, 9, 2)).toBe(1);
    expect(decision(st).seat).toBe(0);
  });
  it('the dark cult card uses the light top card: its cost is paid and the player acts', () => {
    const cult = card('cult', 'dark');
    const top = card('fire', 'light');
    const s = position(3, { hands: [[cult, card('landscape', 'light'), card('placeOneEach', 'dark'), card('fire', 'dark'), card('swap', 'light')]] });
    s.topL = top;
    s.drawL = s.drawL.filter((x) => x !== top);
    fires(s, [[9, 2]]);
    // the dark top card is missing, so the light one is used without asking
    const st = choose(s, `c:${cult}`).s;
    expect(st.stones[0]).toBe(4 - CARD[top]!.value!);
    expect(st.light).toBe(CARD[top]!.value!);
    expect(st.discD[0]).toBe(cult);
    expect(decision(st).seat).toBe(0);
    expect(ids(st)).toContain('f:' + (st.fireAt.indexOf(8) + 1));
  });
  it('a cult card cannot be played while neither discard pile has a top card', () => {
    const cult = card('cult', 'light');
    const s = position(3, { hands: [[cult, card('landscape', 'light'), card('placeOneEach', 'dark'), card('fire', 'dark'), card('swap', 'light')]] });
    expect(ids(s)).not.toContain(`c:${cult}`);
  });
});

describe('GIVEN drawing back to five cards', () => {
  it('never leaves five of one colour: four light after playing the only dark card → the card drawn is dark', () => {
    const light = cards('landscape', 'light');
    const dark = card('placeOneEach', 'dark');
    const s = position(3, { hands: [[dark, light[0]!, light[1]!, light[2]!, light[3]!]], stones: [4, 4, 4] });
    let st = choose(s, `c:${dark}`).s;
    while (decision(st).seat !== 0) st = choose(st, 'finish').s;
    st = choose(st, 'keep').s;
    expect(st.seat).toBe(1);
    expect(st.hands[0]!.length).toBe(5);
    expect(st.hands[0]!.filter((x) => x.startsWith('D')).length).toBe(1);
  });
  it('three light cards left and two to draw: two light is not offered', () => {
    const light = cards('landscape', 'light');
    const dark = cards('placeOneEach', 'dark');
    const s = position(3, { hands: [[dark[0]!, dark[1]!, light[0]!, light[1]!, light[2]!]], stones: [4, 4, 4] });
    let st = choose(s, `c:${dark[0]}`).s;
    while (decision(st).seat !== 0) st = choose(st, 'finish').s;
    // the discard and the mix are one choice: 0 or 1 light with the discard, never 2
    expect(ids(st).filter((x) => x.startsWith(`d:${dark[1]}`)).sort()).toEqual([`d:${dark[1]}:0`, `d:${dark[1]}:1`]);
  });
  it('an empty draw pile is renewed from its discards, keeping the top card', () => {
    const light = cards('landscape', 'light');
    const dark = cards('placeOneEach', 'dark');
    const s = position(3, { hands: [[dark[0]!, dark[1]!, light[0]!, light[1]!, light[2]!]], stones: [4, 4, 4] });
    s.discD = [...s.drawD];
    s.drawD = [];
    s.topD = null;
    let st = choose(s, `c:${dark[0]}`).s;
    while (decision(st).seat !== 0) st = choose(st, 'finish').s;
    st = choose(st, 'keep:0').s;
    expect(st.topD).toBe(dark[0]);
    expect(st.hands[0]!.length).toBe(5);
    const darkInHands = st.hands.flat().filter((x) => x.startsWith('D')).length;
    expect(st.drawD.length + st.discD.length).toBe(22 - darkInHands - 1);
    expect(st.drawD).not.toContain(dark[0]);
  });
});

describe('GIVEN the end of the game', () => {
  const over = (score: number[], board: number[], stones: number[]) => {
    const s = position(3, { stones });
    s.phase = 'over';
    s.score = score;
    board.forEach((k, q) => put(s, 9, q, k));
    return engine.outcome(s)!;
  };
  it('most points wins', () => {
    const o = over([30, 40, 20], [0, 0, 0], [0, 0, 0]);
    expect(o.winners).toEqual([1]);
    expect(o.ranking.map((r) => r.place)).toEqual([1, 2, 3]);
  });
  it('a tie on points goes to more hunters on the board', () => {
    const o = over([40, 40, 20], [2, 3, 0], [9, 0, 0]);
    expect(o.winners).toEqual([1]);
    expect(o.tieBreak?.key).toBe('eiszeit.tie.hunters');
  });
  it('then to more stones', () => {
    const o = over([40, 40, 20], [3, 3, 0], [1, 2, 0]);
    expect(o.winners).toEqual([1]);
    expect(o.tieBreak?.key).toBe('eiszeit.tie.stones');
  });
  it('still equal: a shared victory', () => {
    const o = over([40, 40, 20], [3, 3, 0], [2, 2, 0]);
    expect(o.winners.sort()).toEqual([0, 1]);
    expect(o.tieBreak?.key).toBe('eiszeit.tie.shared');
  });
});

describe('GIVEN the set-up and the pre-round', () => {
  it.each([
    [3, [1, 2, 3, 4], [5, 6, 7, 8], 0, 20],
    [4, [1, 4], [2, 3, 6, 7], 1, 25],
    [5, [], [1, 2, 3, 4], 2, 30],
  ])('%i players: glaciers, mammoths, dark supply, fire in every free region', (n, gl, mm, beside, dark) => {
    const s = engine.setup(n, {}, 'setup');
    expect(s.glacier.map((g, r) => (g ? r + 1 : 0)).filter(Boolean)).toEqual(gl);
    expect(s.mammothsIn.map((k, r) => (k ? r + 1 : 0)).filter(Boolean)).toEqual(mm);
    expect(s.mammoths).toBe(beside);
    expect(s.dark).toBe(dark);
    expect(s.stones).toEqual(Array(n).fill(4));
    expect(s.supply).toEqual(Array(n).fill(12));
    for (let r = 0; r < 12; r++) expect(s.fireAt.filter((x) => x === r).length).toBe(s.glacier[r] ? 0 : 1);
  });
  it('each player places 6 hunters one at a time, never on a glacier; then 2 light and 3 dark cards each', () => {
    let s = engine.setup(3, {}, 'pre');
    const first = decision(s).seat;
    expect(ids(s)).toEqual(['to:5', 'to:6', 'to:7', 'to:8', 'to:9', 'to:10', 'to:11', 'to:12']);
    for (let i = 0; i < 18; i++) {
      const d = decision(s);
      expect(d.seat).toBe((first + i) % 3);
      const r = apply(engine, s, d.seat, d.options[i % d.options.length]!.id);
      if (!r.ok) throw new Error('rejected');
      s = r.state;
    }
    expect(s.supply).toEqual([6, 6, 6]);
    expect(s.phase).toBe('settle');
    expect(decision(s).seat).toBe(first);
    for (const h of s.hands) {
      expect(h.filter((x) => CARD[x]!.colour === 'light').length).toBe(2);
      expect(h.filter((x) => CARD[x]!.colour === 'dark').length).toBe(3);
    }
  });
});

describe('GIVEN a hand with no playable card (ruling)', () => {
  it('the player lays one card down without effect: no stones move, the turn goes on', () => {
    const hand = [card('cult', 'light'), card('cult', 'dark'), card('placeOneEach', 'dark'), card('removeOne', 'dark'), card('fire', 'dark')];
    const s = position(3, { hands: [hand], stones: [8, 4, 4] });
    expect(ids(s)).toEqual(hand.map((id) => `v:${id}`));
    const { s: st } = choose(s, `v:${hand[2]}`);
    expect(st.stones[0]).toBe(8);
    expect(st.topD).toBe(hand[2]);
    expect(st.stage).toBe('discard');
  });
});

describe('GIVEN another player carrying out a dark card', () => {
  it('may step back within their own part, but not into the card player\'s', () => {
    const id = card('placeTwoEach', 'dark');
    let { s } = choose(position(3, { hands: [[id, card('swap', 'light'), card('removeOne', 'dark'), card('club', 'light'), card('fire', 'dark')]] }), `c:${id}`);
    expect(ids(s)).not.toContain('back');
    s = choose(s, 'to:9', 'back').s;
    expect(H(s, 9, 1)).toBe(0);
    expect(decision(s).seat).toBe(1);
    expect(ids(s)).not.toContain('back');
  });
});
