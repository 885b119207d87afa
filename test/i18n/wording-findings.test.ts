/**
 * The wording findings of 2026-11-26 (findings/wording-2026-11-26.md, play-through-2026-11-26.md) as the players see
 * them, formatted through the real translator: plurals, cases and articles that were wrong.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/bot/translator.js';
import type { Locale } from '../../src/engine/i18n.js';
import type { Msg, MsgArg } from '../../src/engine/types.js';
import { getGame } from '../../src/games/all.js';

const m = (key: string, args?: Record<string, MsgArg>): Msg => ({ key, ...(args ? { args } : {}) });
const say = (game: string | undefined, locale: Locale, msg: Msg): string =>
  translator(locale, game ? getGame(game) : undefined, ['Ada', 'Bruno', 'Chloe'])(msg).replace(/\u00ad/g, '');
const seat = (s: number) => ({ seat: s });

describe('the wording findings, as players read them', () => {
  it('GIVEN a 1-stone card that cannot be played (E11) THEN "costs 1 stone" / „kostet 1 Stein“', () => {
    expect(say('eiszeit', 'en', m('eiszeit.why.stones', { n: 1 }))).toBe('costs 1 stone');
    expect(say('eiszeit', 'de', m('eiszeit.why.stones', { n: 1 }))).toBe('kostet 1 Stein');
    expect(say('eiszeit', 'de', m('eiszeit.why.stones', { n: 3 }))).toBe('kostet 3 Steine');
  });

  it('GIVEN a dark card\'s detail (play-through Eiszeit 7) THEN it earns stones, it does not "pay"', () => {
    expect(say('eiszeit', 'en', m('eiszeit.detail.gain', { n: 2 }))).toBe('earns you 2 stones');
    expect(say('eiszeit', 'de', m('eiszeit.detail.gain', { n: 2 }))).toBe('bringt dir 2 Steine');
  });

  it('GIVEN tools in Endless Winter (W7) and a megalith to build (W8) THEN „2 Werkzeuge“ and „1 Megalithen“', () => {
    expect(say('endless-winter', 'de', m('atom.tool', { n: 2 }))).toBe('2 Werkzeuge');
    expect(say('endless-winter', 'de', m('atom.tool', { n: 1 }))).toBe('1 Werkzeug');
    expect(say('endless-winter', 'de', m('atom.megalith', { n: 1 }))).toBe('1 Megalithen zum Bauen');
  });

  it('GIVEN an animal killed in Endless Winter (W16) THEN the German article agrees', () => {
    expect(say('endless-winter', 'de', m('ev.kill', { p: seat(0), animal: m('animal.mammoth'), sp: 'mammoth' }))).toBe('Ada erlegt ein Wollhaarmammut.');
    expect(say('endless-winter', 'de', m('ev.kill', { p: seat(0), animal: m('animal.wolf'), sp: 'wolf' }))).toBe('Ada erlegt einen Schreckenswolf.');
  });

  it('GIVEN an animal in Tal (T14) THEN „Der Wolf“, „Das Nashorn“ — no „Das Tier (Wolf)“', () => {
    const hex = '#5';
    expect(say('tal', 'de', m('tal.prompt.loss', { hex, sp: m('tal.species.wolf') }))).toMatch(/^Der Wolf gewinnt/);
    expect(say('tal', 'de', m('tal.prompt.loss', { hex, sp: m('tal.species.rhino') }))).toMatch(/^Das Nashorn gewinnt/);
    expect(say('tal', 'de', m('tal.log.arrival', { sp: m('tal.species.mammoth'), letter: 'a', hex: 3 }))).toBe('Ein Mammut kommt auf a (#3).');
  });

  it('GIVEN people moving in Tal (play-through Tal 8) THEN no "and 0 women", and no rest that is not there', () => {
    expect(say('tal', 'en', m('tal.log.move', { p: seat(0), m: 4, w: 0, from: 1, to: 2 }))).toBe('Ada moves 4 warriors from #1 to #2.');
    expect(say('tal', 'en', m('tal.log.move', { p: seat(0), m: 0, w: 2, from: 1, to: 2 }))).toBe('Ada moves 2 women from #1 to #2.');
    expect(say('tal', 'de', m('tal.log.move', { p: seat(0), m: 3, w: 1, from: 1, to: 2 }))).toBe('Ada zieht 3 Krieger und 1 Frau von #1 nach #2.');
    expect(say('tal', 'en', m('tal.acc.defect', { n: 3, p: seat(1), win: seat(2), came: 3 }))).not.toMatch(/the rest/);
    expect(say('tal', 'de', m('tal.acc.paid', { p: seat(0), cost: 7, food: 1 }))).toBe('Ada zahlt 7 Nahrung, 1 übrig');
  });

  it('GIVEN one vacation day left (B2) THEN „1 von 14 Tagen ist … übrig“', () => {
    expect(say(undefined, 'de', m('vacation.too_long', { left: 1, allowed: 14 }))).toBe('Das ist mehr als dein Kontingent: 1 von 14 Tagen ist dieses Jahr übrig.');
    expect(say(undefined, 'de', m('error.vacation_too_long', { left: 2, allowed: 14 }))).toBe('Das ist mehr, als dir zusteht: dieses Jahr sind noch 2 von 14 Tagen übrig.');
  });

  it('GIVEN a decision owed by someone else (B3) THEN German and English say the same', () => {
    expect(say(undefined, 'de', m('error.not_your_turn'))).toBe('Die Entscheidung liegt gerade nicht bei dir.');
  });

  it('GIVEN the last player without loot in Mammut (M10, play-through Mammut 8) THEN „der Letzte ohne Beute“', () => {
    expect(say('mammut', 'de', m('mammut.prompt.turnLast', { round: 1 }))).toMatch(/^Runde 1: du bist der Letzte ohne Beute\./);
    expect(say('mammut', 'de', m('mammut.opt.takeOne', { tile: m('mammut.face.meat'), face: 'meat', n: 3 }))).toBe('Nur ein Fleischplättchen (3 vorhanden)');
  });
});
