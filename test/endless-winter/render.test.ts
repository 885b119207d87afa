import { describe, expect, it } from 'vitest';
import { commonMessages } from '../../src/engine/common-messages.js';
import { formatter, keysOf, type Formatter } from '../../src/engine/i18n.js';
import type { Msg } from '../../src/engine/types.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { endlessWinter } from '../../src/games/endless-winter/index.js';

const e = endlessWinter.engine;
const names = ['Ada', 'Ben', 'Cleo', 'Dov'];
const PNG = [0x89, 0x50, 0x4e, 0x47];

describe('Endless Winter pictures and texts', () => {
  it('GIVEN games at several moments, in both languages THEN the table and the hand render as PNGs from views only', () => {
    for (const [n, steps] of [[2, 40], [3, 250], [4, 100_000]] as const) {
      const r = playRandom(e, n, { ice: 'yes', rest: 'yes' }, `render-${n}`, { maxSteps: steps });
      for (const lang of ['en', 'de'] as const) {
        const base = formatter(lang, [commonMessages, e.messages], (s) => names[s]!);
        const cat = { ...commonMessages[lang], ...e.messages[lang] };
        const t = ((msg: Msg) => {
          for (const k of keysOf(msg)) if (!(k in cat)) throw new Error(`missing text ${k} (${lang})`);
          return base(msg);
        }) as Formatter;
        t.locale = lang;
        const ctx = { t, names };
        const table = endlessWinter.ui.renderTable(e.view(r.state, null), ctx);
        expect([...table.subarray(0, 4)]).toEqual(PNG);
        const hand = endlessWinter.ui.renderHand(e.view(r.state, 0), 0, ctx);
        expect(hand && [...hand.subarray(0, 4)]).toEqual(PNG);
        expect(endlessWinter.ui.renderHand(e.view(r.state, null), 0, ctx)).toBeNull();
        const st = endlessWinter.ui.status(e.view(r.state, null), ctx);
        expect(st).not.toMatch(/\[[a-z.]+\]/);
      }
    }
  });

  it('GIVEN every message key used by the renderer THEN it exists in English and German', () => {
    const en = e.messages.en, de = e.messages.de;
    expect(Object.keys(en).filter((k) => !(k in de))).toEqual([]);
    expect(Object.keys(de).filter((k) => !(k in en))).toEqual([]);
  });
});
