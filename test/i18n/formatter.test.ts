/** The formatter: ICU templates over our `Msg` values (seat, nested message, list and number arguments). */
import { describe, expect, it } from 'vitest';
import { formatter } from '../../src/engine/i18n.js';

const catalog = {
  en: {
    took: '{p} takes {n, plural, one {# card} other {# cards}}: {what}.',
    card: 'the {colour} card',
    pair: '{a} and {b}',
    kind: '{k, select, axe {an} other {a}} {thing}',
    own: "{p}'s share",
    big: '{n} stones or {n, plural, other {# stones}}',
    tag: '<name> waves',
  },
  de: {
    took: '{p} nimmt {n, plural, one {# Karte} other {# Karten}}: {what}.',
    card: 'die {colour} Karte',
    pair: '{a} und {b}',
    kind: '{k, select, axe {eine} other {ein}} {thing}',
    own: 'Anteil von {p}',
    big: '{n} Steine oder {n, plural, other {# Steine}}',
    tag: '<name> winkt',
  },
};
const names = ['Ada', 'Bo'];

describe('formatter', () => {
  const en = formatter('en', [catalog], (s) => names[s]!);
  const de = formatter('de', [catalog], (s) => names[s]!);

  it('GIVEN a count THEN the plural agrees with it in both languages', () => {
    const m = (n: number) => ({ key: 'took', args: { p: { seat: 0 }, n, what: { key: 'card', args: { colour: 'red' } } } });
    expect(en(m(1))).toBe('Ada takes 1 card: the red card.');
    expect(en(m(2))).toBe('Ada takes 2 cards: the red card.');
    expect(de(m(1))).toBe('Ada nimmt 1 Karte: die red Karte.');
    expect(de(m(0))).toBe('Ada nimmt 0 Karten: die red Karte.');
  });

  it('GIVEN a list argument THEN its items are joined with commas; seats become names', () => {
    expect(en({ key: 'pair', args: { a: [{ seat: 0 }, { seat: 1 }], b: 'Cy' } })).toBe('Ada, Bo and Cy');
  });

  it('GIVEN a select THEN the matching case is used, and "other" for anything else', () => {
    expect(en({ key: 'kind', args: { k: 'axe', thing: 'axe' } })).toBe('an axe');
    expect(de({ key: 'kind', args: { k: 'fur', thing: 'Fell' } })).toBe('ein Fell');
  });

  it('GIVEN an apostrophe, a big number or something tag-like THEN it is plain text', () => {
    expect(en({ key: 'own', args: { p: { seat: 1 } } })).toBe("Bo's share");
    expect(en({ key: 'big', args: { n: 1234 } })).toBe('1234 stones or 1234 stones');
    expect(de({ key: 'big', args: { n: 1234 } })).toBe('1234 Steine oder 1234 Steine');
    expect(en({ key: 'tag' })).toBe('<name> waves');
  });

  it('GIVEN an unknown key or a missing argument THEN the text shows it instead of failing', () => {
    expect(en({ key: 'nope' })).toBe('[nope]');
    expect(en({ key: 'pair', args: { a: 'x' } })).toBe('x and {b}');
    expect(en({ key: 'took', args: { p: { seat: 0 }, what: 'y' } })).toBe('Ada takes {n, plural, one {# card} other {# cards}}: y.');
  });

  it('GIVEN a key stored before it was renamed (an alias) THEN it renders with the text of today\'s key, nested too; a key a catalogue holds is never taken for an alias', () => {
    const renamed = { en: { 'g.pair': '{a} and {b}', 'g.card': 'the {colour} card' }, de: { 'g.pair': '{a} und {b}', 'g.card': 'die {colour} Karte' }, aliases: { pair: 'g.pair', card: 'g.card', tag: 'g.card' } };
    const de = formatter('de', [catalog, renamed], (seat) => names[seat]!);
    const fmt = formatter('en', [renamed], (seat) => names[seat]!);
    expect(fmt({ key: 'pair', args: { a: { key: 'card', args: { colour: 'red' } }, b: 'x' } })).toBe('the red card and x');
    expect(fmt({ key: 'g.pair', args: { a: 'y', b: 'x' } })).toBe('y and x');
    expect(de({ key: 'tag' })).toBe('<name> winkt');
    expect(fmt({ key: 'gone' })).toBe('[gone]');
  });
});
