import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { commonMessages } from '../../src/engine/common-messages.js';
import { formatter } from '../../src/engine/i18n.js';
import { playRandom } from '../../src/engine/selfplay.js';
import type { MammutState } from '../../src/games/mammut/state.js';
import { readScoring, zones } from '../../src/games/mammut/board.js';
import { engine } from '../../src/games/mammut/index.js';
import { optionIds, choose, shareFaces, table, toAct } from './builders.js';

describe('setup', () => {
  it('GIVEN 2–3 players THEN play starts in round 1 without animals; 4–5 players start in round 2 with one animal each', () => {
    for (const n of [2, 3, 4, 5]) {
      const s = engine.setup(n, {}, `setup-${n}`);
      expect(s.round).toBe(n >= 4 ? 2 : 1);
      const v = engine.view(s, null);
      expect(v.handCounts).toEqual(Array(n).fill(2));
      expect(v.middle.length).toBe(32);
      const animals = v.collections.flat();
      expect(animals.length).toBe(n >= 4 ? n : 0);
      expect(new Set(animals).size, 'one of each sort in the bag').toBe(animals.length);
      expect(v.deck).toBe(19 - 2 * n);
    }
  });
  it('GIVEN different seeds THEN the start player and the dropped sides are drawn by lot', () => {
    const starts = new Set<number>();
    const ups = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const s = engine.setup(4, {}, `lot-${i}`);
      starts.add(s.start);
      ups.add(s.up.join(''));
    }
    expect(starts.size).toBe(4);
    expect(ups.size).toBeGreaterThan(30);
  });
  it('rejects a player count outside 2–5', () => {
    expect(() => engine.setup(1, {}, 'x')).toThrow(/2 to 5/);
    expect(() => engine.setup(6, {}, 'x')).toThrow(/2 to 5/);
  });
});

describe('taking tiles', () => {
  it("GIVEN the start player's first take THEN only the middle is offered, even if someone holds a share", () => {
    const s = table({ players: 3, start: 0, shares: [[], ['fur'], []] });
    expect(optionIds(s).some((id) => id.startsWith('rob:'))).toBe(false);
    s.startTook = true;
    expect(optionIds(s)).toContain('rob:1');
  });
  it('GIVEN a take of one kind THEN the tiles move to a share and the next player without loot acts', () => {
    let s = table({ players: 4, start: 1, shares: [[], [], ['meat'], []] });
    const furs = engine.view(s, 1).middle.filter((t) => t.face === 'fur').length;
    expect(furs).toBeGreaterThan(1);
    s = choose(s, 'all:fur');
    expect(shareFaces(s, 1)).toEqual(Array(furs).fill('fur'));
    expect(toAct(s), 'seat 2 holds a share and is skipped').toBe(3);
  });
  it('GIVEN a mix THEN picks add up, back undoes the last pick and finish commits', () => {
    let s = table({ players: 3, start: 0 });
    s = choose(s, 'mix', 'add:fur', 'add:fur', 'addall:meat', 'back', 'add:tusk');
    expect(engine.view(s, 0).selection?.tiles.map((t) => t.face)).toEqual(['fur', 'fur', 'tusk']);
    expect(engine.view(s, 1).selection, 'the running selection is private').toBeNull();
    s = choose(s, 'finish');
    expect(shareFaces(s, 0)).toEqual(['fur', 'fur', 'tusk']);
    expect(toAct(s)).toBe(1);
  });
  it('GIVEN back on an empty mix THEN the turn is as before', () => {
    const s = table({ players: 3, start: 0 });
    const again = choose(s, 'mix', 'back');
    expect(again.pending).toBeNull();
    expect(optionIds(again)).toEqual(optionIds(s));
  });
  it("GIVEN a player takes another's share THEN at least one tile goes back, he keeps the rest, the robbed player rejoins", () => {
    let s = table({ players: 4, start: 0, shares: [['fur', 'meat', 'meat'], [], ['tusk'], []] });
    s.startTook = true;
    s.current = 1;
    expect(optionIds(s)).toEqual(expect.arrayContaining(['rob:0', 'rob:2']));
    s = choose(s, 'rob:0');
    expect(optionIds(s), 'finish needs a tile put back first').not.toContain('finish');
    s = choose(s, 'b:fur');
    expect(shareFaces(s, 1)).toEqual(['meat', 'meat']);
    expect(shareFaces(s, 0)).toEqual([]);
    expect(toAct(s), 'seat 2 holds a share, seat 3 is next').toBe(3);
    s = choose(s, 't:fire');
    expect(toAct(s), 'the robbed player comes round again').toBe(0);
  });
  it('GIVEN a share taken THEN the tiles to put back are one multi-select: one item per tile, at least one, at most all', () => {
    let s = table({ players: 3, start: 0, shares: [['fur', 'meat', 'meat'], [], []] });
    s.startTook = true;
    s.current = 1;
    s = choose(s, 'rob:0');
    const d = engine.decisions(s)[0]!;
    expect(d.sets).toEqual([{ group: 'mammut.g.putBack', min: 1, max: 3 }]);
    expect(d.options.filter((o) => o.group === 'mammut.g.putBack').map((o) => o.id)).toEqual(['b:fur', 'b:meat', 'b:meat-2']);
    // several tiles back in one choice (the order of the items does not matter)
    const both = apply(engine, s, 1, 'b:meat-2+b:fur');
    expect(both.ok).toBe(true);
    if (!both.ok) return;
    expect(shareFaces(both.state, 1)).toEqual(['meat']);
    expect(zones(both.state).middle.length).toBe(32 - 1);
    // one item is the old "put back one, keep the rest"
    expect(shareFaces(choose(s, 'b:meat-2'), 1).sort()).toEqual(['fur', 'meat']);
    // an item twice, or an unknown item, is no choice
    expect(apply(engine, s, 1, 'b:meat+b:meat').ok).toBe(false);
    expect(apply(engine, s, 1, 'b:meat+b:axe').ok).toBe(false);
  });
  it('GIVEN the last player without loot THEN taking from the middle takes everything, ends the sharing and makes him start player', () => {
    let s = table({ players: 3, start: 0, shares: [['fur'], [], ['meat']] });
    s.startTook = true;
    s.current = 1;
    const ids = optionIds(s);
    expect(ids).toContain('mid:all');
    expect(ids.some((id) => id.startsWith('t:') || id.startsWith('all:') || id === 'mix')).toBe(false);
    expect(ids).toEqual(expect.arrayContaining(['rob:0', 'rob:2']));
    const r = apply(engine, s, 1, 'mid:all');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    s = r.state;
    expect(s.round).toBe(2);
    expect(s.start).toBe(1);
    expect(toAct(s)).toBe(1);
    expect(r.events.some((e) => e.msg.key === 'mammut.ev.phaseEnd')).toBe(true);
    expect(engine.view(s, null).middle.length, 'all tiles back in the bag and dropped again').toBe(32);
  });
  it('GIVEN an empty middle THEN the player must take a share', () => {
    const s = table({ players: 3, start: 0, shares: [[], [], []] });
    s.place = Array(32).fill(0);
    s.startTook = true;
    s.current = 1;
    expect(optionIds(s).filter((id) => !id.startsWith('play:'))).toEqual(['rob:0']);
  });
});

describe('two players', () => {
  it('GIVEN two players THEN each collects two separate shares, taking turns, skipped only with two shares', () => {
    let s = table({ players: 2, start: 0 });
    s = choose(s, 't:axe');
    expect(toAct(s)).toBe(1);
    s = choose(s, 't:fur');
    expect(toAct(s)).toBe(0);
    s = choose(s, 't:tusk');
    expect(zones(s).shares[0]!.length).toBe(2);
    expect(toAct(s)).toBe(1);
    // Seat 1 has one share, seat 0 two: seat 1 is the last and must take all from the middle, or take one share.
    const ids = optionIds(s);
    expect(ids).toEqual(expect.arrayContaining(['mid:all', 'rob:0.0', 'rob:0.1']));
    // A one-tile share leaves no choice: taking it puts that tile straight back.
    s = choose(s, 'rob:0.1');
    expect(zones(s).shares[0]!.length).toBe(1);
    expect(zones(s).shares[1]!.length, 'kept nothing: the single tile went back').toBe(1);
    expect(toAct(s)).toBe(0);
  });
  it('GIVEN one player holds two shares THEN the other keeps acting until he has two', () => {
    let s = table({ players: 2, start: 0 });
    s = choose(s, 't:axe', 't:fur', 't:tusk', 'rob:0.0');
    // Seat 1 put the only tile back: still one share (fur); seat 0 has one (tusk).
    expect(zones(s).shares.map((l) => l.length)).toEqual([1, 1]);
    expect(toAct(s)).toBe(0);
    s = choose(s, 't:meat');
    expect(toAct(s)).toBe(1);
    s = choose(s, 'mid:all');
    expect(s.round, 'the fourth share ends the sharing').toBe(2);
  });
  it('GIVEN two shares THEN scoring counts them together', () => {
    let s = table({ players: 2, start: 0, shares: [[['tusk'], ['tusk', 'meat']], [['meat', 'meat']]] });
    s.startTook = true;
    s.current = 1;
    s = choose(s, 'mid:all');
    const sc = readScoring(s)!;
    expect(sc.counts.tusk[0]).toBe(2);
    expect(sc.counts.meat[0]).toBe(1);
    expect(sc.rows.find((r) => r.cat === 'tusk')!.pts[0]).toBe(4);
  });
});

describe('the words of a mix', () => {
  const en = formatter('en', [commonMessages, engine.messages], (p) => `P${p}`);
  it('GIVEN a mix with nothing picked yet THEN the prompt does not speak of a Done button that is not there (play-through Mammut 4)', () => {
    const s = choose(engine.setup(3, {}, 'mix-words'), 'mix');
    const d = engine.decisions(s)[0]!;
    expect(d.options.some((o) => o.role === 'finish')).toBe(false);
    expect(en(d.prompt)).not.toMatch(/Done/);
    const add = d.options.find((o) => o.id.startsWith('add:'))!.id;
    const after = engine.decisions(choose(s, add))[0]!;
    expect(after.options.some((o) => o.role === 'finish')).toBe(true);
    expect(en(after.prompt)).toMatch(/press Done/);
  });
});

describe('the start of a round', () => {
  const en = formatter('en', [commonMessages, engine.messages], (p) => `P${p}`);
  it('GIVEN a round just scored THEN the player who starts the next one reads in the panel what it brought them (play-through Mammut 5)', () => {
    let found: MammutState | null = null;
    playRandom(engine, 2, {}, 'round-words', { onStep: ({ after }) => { if (!found && after.round === 2 && after.phase === 'taking' && !after.startTook) found = after; } });
    const s = found!;
    expect(s, 'a random game reached round 2').toBeTruthy();
    const d = engine.decisions(s)[0]!;
    expect(d.seat).toBe(s.start);
    const delta = s.score[s.start]! - s.lastScoring!.before[s.start]!;
    expect(en(d.prompt)).toContain(`Round 1 was scored: ${delta >= 0 ? '+' : '−'}${Math.abs(delta)} VP for you, ${s.score[s.start]} VP now`);
    // After the starter's first take of the round the prompt is the plain one again.
    const later = choose(s, [d.seat, d.options.find((x) => x.id.startsWith('t:'))!.id]);
    for (const x of engine.decisions(later)) expect(en(x.prompt)).not.toContain('was scored');
  });
});
