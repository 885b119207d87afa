/** Views, pictures and texts: hands stay private, fire values stay hidden, every message exists in both languages. */
import { describe, expect, it } from 'vitest';
import { commonMessages } from '../../src/engine/common-messages.js';
import { formatter } from '../../src/engine/i18n.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { eiszeit } from '../../src/games/eiszeit/index.js';
import { engine } from '../../src/games/eiszeit/index.js';
import { CARDS } from '../../src/games/eiszeit/data.js';
import { limitFill, limitRange } from '../../src/games/eiszeit/render.js';
import { choose, fires, ids, position, put } from './build.js';

const names = ['Ann', 'Ben', 'Cid', 'Dora', 'Eli'];
const ctx = (lang: 'en' | 'de') => ({ t: formatter(lang, [commonMessages, engine.messages], (s) => names[s]!), names });
const isPng = (b: Buffer | null) => b !== null && b.subarray(1, 4).toString() === 'PNG';

describe('GIVEN views', () => {
  it('a seat sees its own hand, the others only as light/dark counts; a spectator sees no hand', () => {
    const s = position(3);
    const v1 = engine.view(s, 1);
    expect(v1.hand).toEqual(s.hands[1]);
    expect(JSON.stringify(v1)).not.toContain(`"${s.hands[0]![0]}"`);
    expect(v1.players[0]).toMatchObject({ handLight: 2, handDark: 3 });
    expect(engine.view(s, null).hand).toBeNull();
  });
  it('the discarded card is never in another seat\'s view', () => {
    const one = CARDS.find((c) => c.kind === 'placeOneEach')!.id;
    const s0 = position(3);
    s0.hands[0] = [one, ...s0.hands[0]!.filter((x) => x !== one)].slice(0, 5);
    const discard = s0.hands[0]!.find((x) => x !== one)!;
    const after = choose(s0, `c:${one}`, 'finish', 'finish').s;
    // discarding comes with the draw mix in one choice when there is a mix to choose
    const discardId = ids(after).find((x) => x === `d:${discard}` || x.startsWith(`d:${discard}:`))!;
    let { s, events } = choose(after, discardId);
    for (const seat of [1, 2, null]) expect(JSON.stringify(engine.view(s, seat))).not.toContain(`"${discard}"`);
    const priv = events.filter((e) => e.to);
    expect(priv.every((e) => e.to!.length === 1 && e.to![0] === 0)).toBe(true);
    void s;
  });
  it('fire tiles are counts, never values', () => {
    const s = fires(position(3), [[9, 2], [9, 1]]);
    const v = engine.view(s, 0);
    expect(v.regions[8]!.fires).toBe(2);
    expect(JSON.stringify(v)).not.toMatch(/fireVal|fireAt/);
  });
});

describe('GIVEN the pictures and texts', () => {
  it('the table and the hand render as PNG in both languages, with the account after a scoring', () => {
    const r = playRandom(engine, 5, {}, 'pic', { maxSteps: 500 });
    for (const lang of ['en', 'de'] as const) {
      const v = engine.view(r.state, 0);
      expect(isPng(eiszeit.ui.renderTable(v, ctx(lang)))).toBe(true);
      expect(isPng(eiszeit.ui.renderHand(v, 0, ctx(lang)))).toBe(true);
      expect(eiszeit.ui.renderHand(v, 1, ctx(lang))).toBeNull();
      expect(eiszeit.ui.status(v, ctx(lang))).toMatch(/Eiszeit/);
    }
    const s = position(4);
    put(s, 5, 0, 2, 1);
    expect(isPng(eiszeit.ui.renderTable(engine.view(s, null), ctx('en')))).toBe(true);
  });
  it('every message key exists in English and German, and the rules summaries are short enough', () => {
    const en = Object.keys(engine.messages.en).sort();
    const de = Object.keys(engine.messages.de).sort();
    expect(de).toEqual(en);
    const t = ctx('de').t;
    for (const c of CARDS) {
      const key = c.kind === 'landscape' ? 'eiszeit.card.landscape' : `eiszeit.card.${c.colour}.${c.kind}`;
      expect(engine.messages.en[`${key}.name`], key).toBeDefined();
      expect(engine.messages.en[`${key}.text`], key).toBeDefined();
      expect(t({ key: `${key}.text`, args: { land: { key: 'eiszeit.land.steppe' } } })).not.toMatch(/\[|\{/);
    }
  });
  it('the short game is a lobby option', () => {
    expect(engine.lobbyOptions.find((o) => o.id === 'length')!.choices.map((c) => c.value)).toEqual(['full', 'short']);
    expect(engine.view(engine.setup(4, { length: 'short' }, 'x'), null).rounds).toBe(3);
    expect(() => engine.setup(2, {}, 'x')).toThrow();
  });
});

describe('GIVEN determinize', () => {
  it('keeps what the seat knows and redraws the rest', () => {
    const r = playRandom(engine, 4, {}, 'det', { maxSteps: 200 });
    const d = engine.determinize!(r.state, 1, [1, 2, 3, 4]);
    const orig = r.state;
    expect(d.hands[1]).toEqual(orig.hands[1]);
    expect(d.topL).toBe(orig.topL);
    expect(d.hands.map((h) => h.length)).toEqual(orig.hands.map((h) => h.length));
    expect(d.hands[0]!.filter((x) => x[0] === 'L').length).toBe(orig.hands[0]!.filter((x) => x[0] === 'L').length);
    expect([...d.fireVal].sort()).toEqual([...orig.fireVal].sort());
    expect(JSON.stringify(engine.view(d, 1))).toBe(JSON.stringify(engine.view(r.state, 1)));
  });
});

describe('GIVEN the limit badges', () => {
  const region = (hunters: number, mammoths: number, fireTiles: number) => ({ id: 5, glacier: false, h: [hunters, 0, 0], c: [0, 0, 0], m: mammoths, fires: fireTiles });
  it('WHEN settling THEN red only when even every face-down fire tile at 2 leaves hunters over the limit', () => {
    expect(limitFill(limitRange(region(6, 1, 0), 'settle'))).toBe('lost');
    expect(limitFill(limitRange(region(6, 1, 1), 'settle'))).toBe('maybe');
    expect(limitFill(limitRange(region(4, 1, 1), 'settle'))).toBe('ok');
  });
  it('WHEN the conflicts are over and the fire tiles off the board (glacier phase) THEN the tile the next round deals is counted, so a region that just kept its hunters is not red (play-through Eiszeit 4)', () => {
    // 6 hunters stayed with 1 mammoth and a 2-fire (limit 6); the tile went back: 6 / 4–6, not a red 6 / 4.
    expect(limitRange(region(6, 1, 0), 'glacier')).toMatchObject({ low: 4, high: 6 });
    expect(limitFill(limitRange(region(6, 1, 0), 'glacier'))).toBe('maybe');
  });
  it('WHEN the game is over THEN no badge is coloured: no conflict comes', () => {
    expect(limitFill(limitRange(region(9, 0, 0), 'over'))).toBe('ok');
  });
});
