import { describe, expect, it } from 'vitest';
import { apply } from '../../src/engine/apply.js';
import { seedRng } from '../../src/engine/rng.js';
import { CARD_TYPES, checkSortsWinnable, validateCards, validateTiles } from '../../src/games/mammut/data.js';
import { knowsBack, tieOrder, upFace, zones } from '../../src/games/mammut/board.js';
import { engine } from '../../src/games/mammut/index.js';
import { SHAMAN } from '../../src/games/mammut/state.js';
import { handIds, optionIds, choose, shareFaces, table, toAct } from './builders.js';
import tilesJson from '../../assets/mammut/tiles.json' with { type: 'json' };
import cardsJson from '../../assets/mammut/cards.json' with { type: 'json' };

describe('component data', () => {
  it('has the rulebook numbers: 31 loot tiles + shaman, 19 cards (8 loot, 11 scoring)', () => {
    const tiles = validateTiles(structuredClone(tilesJson), 't');
    expect(tiles.tiles.filter((t) => t.kind !== 'shaman').length).toBe(31);
    const cards = validateCards(structuredClone(cardsJson), 'c');
    const count = (k: string): number => cards.filter((c) => c.kind === k).reduce((a, c) => a + c.count, 0);
    expect([count('loot'), count('scoring')]).toEqual([8, 11]);
  });
  it('refuses tiles that break the rules', () => {
    const bad1 = structuredClone(tilesJson);
    bad1.tiles[bad1.tiles.length - 1]!.sides = ['salmon', 'owl'];
    expect(() => validateTiles(bad1, 'tiles.json')).toThrow(/same animal on both sides/);
    const bad2 = structuredClone(tilesJson);
    bad2.tiles.pop();
    expect(() => validateTiles(bad2, 'tiles.json')).toThrow(/31 loot tiles/);
    const bad3 = structuredClone(tilesJson);
    bad3.tiles[0]!.sides = ['fur', 'fur'];
    expect(() => validateTiles(bad3, 'tiles.json')).toThrow(/two different faces/);
  });
  it('GIVEN sorts on no tile THEN they must be winnable by a card that lets a player choose the animal', () => {
    const tiles = validateTiles(structuredClone(tilesJson), 't');
    const onTiles = new Set(tiles.tiles.filter((t) => t.kind === 'animal').map((t) => t.sides[0]));
    expect(tiles.animals.some((a) => !onTiles.has(a.id)), 'the shipped mix leaves sorts to the choice cards').toBe(true);
    expect(() => checkSortsWinnable(tiles, CARD_TYPES)).not.toThrow();
    const noChoice = CARD_TYPES.filter((c) => c.effect !== 'animalChoice' && c.effect !== 'mostAnimal');
    expect(() => checkSortsWinnable(tiles, noChoice)).toThrow(/must be winnable/);
    const noAnimals = structuredClone(tilesJson);
    for (const t of noAnimals.tiles) if (t.sides[0] === t.sides[1]) t.sides = ['fur', 'meat'];
    expect(() => validateTiles(noAnimals, 'tiles.json')).toThrow(/no animal tile/);
  });
  it('refuses cards that break the rules', () => {
    const bad = structuredClone(cardsJson);
    bad.cards[0]!.count = 4;
    expect(() => validateCards(bad, 'cards.json')).toThrow(/19 action cards/);
    const bad2 = structuredClone(cardsJson);
    (bad2.cards[0] as { kind: string }).kind = 'scoring';
    expect(() => validateCards(bad2, 'cards.json')).toThrow(/does not fit/);
  });
});

describe('loot cards', () => {
  it('peek shows the back of a ? tile to the peeker only', () => {
    let s = table({ players: 3, start: 0, middle: ['?>meat'], hands: [['peek'], [], []] });
    s = choose(s, 'play:peek', 'p:m');
    expect(optionIds(s)).toEqual(expect.arrayContaining(['finish', 'back']));
    const r = apply(engine, s, 0, 'finish');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    s = r.state;
    const mine = engine.view(s, 0).middle.filter((t) => t.face === '?');
    expect(mine).toEqual([{ kind: 'loot', face: '?', back: 'meat', peeked: true }]);
    for (const other of [1, 2, null]) {
      const v = engine.view(s, other);
      expect(v.middle.filter((t) => t.face === '?')).toEqual([{ kind: 'loot', face: '?' }]);
      expect(JSON.stringify(v)).not.toContain('peeked');
    }
    const priv = r.events.filter((e) => e.to);
    expect(priv.map((e) => e.to)).toEqual([[0]]);
    expect(JSON.stringify(priv[0]!.msg)).toContain('mammut.face.meat');
    const pub = r.events.filter((e) => !e.to);
    expect(JSON.stringify(pub)).not.toContain('mammut.face.meat');
    expect(handIds(s, 0)).toEqual([]);
    expect(s.played[0]!.length).toBe(1);
  });
  it('what a peek showed is written in the peeker\'s panel text, and only there', () => {
    let s = table({ players: 3, start: 0, middle: ['?>meat', 'fur'], hands: [['peek'], [], []] });
    s = choose(s, 'play:peek', 'p:m', 'finish');
    const d = engine.decisions(s)[0]!;
    expect(d.seat).toBe(0);
    expect(d.prompt.key).toBe('mammut.prompt.withPeeks');
    expect(d.prompt.args!.list).toEqual([{ key: 'mammut.peekedLine', args: { where: { key: 'mammut.where.middle' }, face: { key: 'mammut.face.meat' } } }]);
    // the next player's panel says nothing of it
    s = choose(s, 't:fur');
    const next = engine.decisions(s)[0]!;
    expect(next.seat).not.toBe(0);
    expect(JSON.stringify(next.prompt)).not.toContain('mammut.face.meat');
  });
  it('peek looks at up to two tiles and may be taken back before Done', () => {
    let s = table({ players: 3, start: 0, middle: ['?>meat', '?>fur'], shares: [[], ['?>tusk'], []], hands: [['peek'], [], []] });
    s = choose(s, 'play:peek', 'p:m', 'p:1.0');
    expect(optionIds(s), 'two is the most').toEqual(['back', 'finish']);
    s = choose(s, 'back', 'back', 'back');
    expect(s.pending).toBeNull();
    expect(handIds(s, 0)).toEqual(['peek']);
    s = choose(s, 'play:peek', 'p:1.0', 'finish');
    expect(engine.view(s, 0).shares[1]![0]!.find((t) => t.face === '?')?.back).toBe('tusk');
    expect(engine.view(s, 1).shares[1]![0]!.find((t) => t.face === '?')?.back, 'the owner did not peek').toBeUndefined();
  });
  it('flip turns tiles anywhere, the shaman too (reversing the tie order), but never an animal', () => {
    let s = table({ players: 4, start: 0, shares: [[], ['shaman:red', 'bear', 'axe'], [], []], hands: [['flip'], [], [], []] });
    expect(tieOrder(s)).toEqual([1, 2, 3, 0]);
    s = choose(s, 'play:flip');
    const ids = optionIds(s);
    expect(ids).toContain('f:1.0:red');
    expect(ids.some((id) => id.includes('bear'))).toBe(false);
    s = choose(s, 'f:1.0:red', 'f:1.0:axe', 'finish');
    expect(upFace(s, SHAMAN)).toBe('blue');
    expect(tieOrder(s)).toEqual([1, 0, 3, 2]);
    expect(shareFaces(s, 1)).not.toContain('axe');
    // After a flip everybody saw the old face: the tile's back is public.
    const flipped = zones(s).shares[1]![0]!.filter((t) => t !== SHAMAN && upFace(s, t) !== 'bear');
    for (const t of flipped) expect(knowsBack(s, t, null)).toBe(true);
  });
  it('GIVEN Back to the pile in hand and no share that could go back THEN it is shown greyed out with its reason, not left out (play-through Mammut 6)', () => {
    const s = table({ players: 4, start: 0, shares: [[], [], [], []], hands: [['sendBack'], [], [], []] });
    const d = engine.decisions(s)[0]!;
    expect(d.options.map((o) => o.id)).not.toContain('play:sendBack');
    expect(d.unavailable?.map((u) => u.reason.key)).toEqual(['mammut.why.sendBack']);
    const played = table({ players: 4, start: 0, shares: [[], ['fur'], [], []], hands: [['sendBack'], [], [], []] });
    played.startTook = true;
    expect(engine.decisions(played)[0]!.unavailable).toBeUndefined();
  });
  it('sendBack returns one or more players\' shares to the middle; they join the order again', () => {
    let s = table({ players: 4, start: 0, shares: [[], ['fur', 'fur'], ['meat'], ['tusk']], hands: [['sendBack'], [], [], []] });
    s.startTook = true;
    s = choose(s, 'play:sendBack');
    expect(optionIds(s)).toEqual(['s:1.0', 's:2.0', 's:3.0', 'back']);
    s = choose(s, 's:1.0', 's:3.0', 'finish');
    expect(zones(s).shares.map((l) => l.length)).toEqual([0, 0, 1, 0]);
    expect(toAct(s), 'still my turn to take').toBe(0);
    s = choose(s, 't:fire');
    expect(toAct(s)).toBe(1);
  });
  it('sendBack with two players may send one or more shares, also one of your own', () => {
    let s = table({ players: 2, start: 0, shares: [[['fur']], [['meat'], ['tusk']]], hands: [['sendBack'], []] });
    s.startTook = true;
    s = choose(s, 'play:sendBack');
    expect(optionIds(s)).toEqual(['s:0.0', 's:1.0', 's:1.1', 'back']);
    s = choose(s, 's:1.0', 's:0.0', 'finish');
    expect(zones(s).shares.map((l) => l.length)).toEqual([0, 1]);
    expect(shareFaces(s, 1)).toEqual(['tusk']);
  });
  it('a scoring card is played face down: only its owner sees what it is until scoring', () => {
    let s = table({ players: 3, start: 0, hands: [['furCard', 'mostTuskPoints'], [], []] });
    s = choose(s, 'play:furCard');
    expect(engine.view(s, 0).played[0]!.scoring).toEqual(['furCard']);
    expect(engine.view(s, 1).played[0]!.scoring).toEqual([null]);
    expect(engine.view(s, null).played[0]!.scoring).toEqual([null]);
    expect(engine.view(s, 1).hand).toEqual([]);
    expect(JSON.stringify(engine.view(s, 1))).not.toContain('furCard');
    expect(JSON.stringify(engine.view(s, 1))).not.toContain('mostTuskPoints');
    expect(toAct(s), 'playing a card is not the take').toBe(0);
  });
  it('every card has a name and a text in both languages', () => {
    for (const c of CARD_TYPES) {
      for (const lang of ['en', 'de'] as const) {
        expect(engine.messages[lang][`mammut.card.${c.id}.name`]).toBeTruthy();
        expect(engine.messages[lang][`mammut.card.${c.id}.text`]).toBeTruthy();
      }
    }
  });
});

describe('determinize', () => {
  it('keeps what the seat sees and knows, and redraws the rest', () => {
    let s = table({ players: 3, start: 0, middle: ['?>meat', '?>fur'], hands: [['peek', 'furCard'], ['flip', 'axeBonus'], ['sendBack']] });
    s = choose(s, 'play:peek', 'p:m', 'finish', 'play:furCard');
    let changedHands = 0;
    let changedTiles = 0;
    for (let i = 0; i < 20; i++) {
      const d = engine.determinize!(s, 1, seedRng(`det-${i}`));
      expect(JSON.stringify(engine.view(d, 1)), 'seat 1 cannot tell the difference').toBe(JSON.stringify(engine.view(s, 1)));
      expect(d.hands[1]).toEqual(s.hands[1]);
      const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
      if (!same(d.hands[0], s.hands[0]) || !same(d.hands[2], s.hands[2])) changedHands++;
      if (!same(d.tileDef, s.tileDef)) changedTiles++;
      const allCards = (x: typeof s): number[] => [...x.deck, ...x.discard, ...x.hands.flat(), ...x.played.flat()].sort((a, b) => a - b);
      expect(allCards(d)).toEqual(allCards(s));
    }
    expect(changedHands).toBeGreaterThan(0);
    expect(changedTiles).toBeGreaterThan(0);
  });
  it('GIVEN an action under way THEN the position kept for back is redrawn alike, so back shows nothing hidden', () => {
    let s = table({ players: 3, start: 0, hands: [['peek', 'furCard'], ['flip', 'axeBonus'], ['sendBack']] });
    s = choose(s, 'mix', 'add:fur');
    const d = engine.determinize!(s, 0, seedRng('det-back'));
    expect(d.hands).not.toEqual(s.hands);
    const base = d.takeback.base as unknown as typeof s;
    expect([base.hands, base.tileDef, base.up, base.deck]).toEqual([d.hands, d.tileDef, d.up, d.deck]);
    const back = choose(d, 'back');
    expect(back.hands).toEqual(d.hands);
    expect(back.pending).toEqual({ kind: 'take', picks: [] });
  });
});
