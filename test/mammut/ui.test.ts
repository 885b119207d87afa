import { describe, expect, it } from 'vitest';
import { commonMessages } from '../../src/engine/common-messages.js';
import { formatter } from '../../src/engine/i18n.js';
import { playRandom } from '../../src/engine/selfplay.js';
import { mammut } from '../../src/games/mammut/index.js';

const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed'];
const ctx = (locale: 'en' | 'de') => ({ t: formatter(locale, [commonMessages, mammut.engine.messages], (s) => names[s]!), names });
const isPng = (b: Buffer | null): boolean => b !== null && b.subarray(1, 4).toString() === 'PNG';

describe('Mammut pictures and texts', () => {
  it('renders the table, a hand and a status line mid-game and at the end, in both languages', () => {
    for (const locale of ['en', 'de'] as const) {
      const mid = playRandom(mammut.engine, 4, {}, 'ui-mid', { maxSteps: 30 }).state;
      const end = playRandom(mammut.engine, 3, {}, 'ui-end').state;
      for (const s of [mid, end]) {
        const view = mammut.engine.view(s, 1);
        expect(isPng(mammut.ui.renderTable(view, ctx(locale)))).toBe(true);
        expect(isPng(mammut.ui.renderHand(view, 1, ctx(locale)))).toBe(true);
        expect(isPng(mammut.ui.renderTable(mammut.engine.view(s, null), ctx(locale)))).toBe(true);
        const line = mammut.ui.status(view, ctx(locale));
        expect(line).not.toMatch(/\[mammut\./);
        expect(line.length).toBeGreaterThan(10);
      }
      expect(mammut.ui.renderHand(mammut.engine.view(mid, null), 1, ctx(locale)), 'a spectator has no hand').toBeNull();
    }
  });
  it('has every English message key in German too', () => {
    const en = Object.keys(mammut.engine.messages.en).sort();
    const de = Object.keys(mammut.engine.messages.de).sort();
    expect(de).toEqual(en);
  });
});
