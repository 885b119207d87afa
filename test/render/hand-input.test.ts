/**
 * `GameUi.handInput` says what a hand picture is drawn from; the bot keeps hands by it (`pooledPictures`), so a hand
 * must be the same picture whenever its input is the same, however much else of the view changed.
 */
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../src/engine/selfplay.js';
import { allGames } from '../../src/games/all.js';
import { translator } from '../../src/bot/translator.js';

describe('hand inputs', () => {
  for (const m of allGames().filter((g) => g.ui.handInput)) {
    const e = m.engine;
    it(`GIVEN ${e.id} games, every seat's view along them THEN views with the same hand input give the same hand picture, and the input changes with the picture`, () => {
      const seen = new Map<string, string>();
      let same = 0, pictures = 0;
      for (const n of [e.minPlayers, e.maxPlayers]) {
        const names = ['Ada', 'Bartholomew', 'Cleo', 'Dov', 'Eve', 'Fynn'].slice(0, n);
        const t = translator('en', m, names);
        playRandom(e, n, {}, `hand-input-${e.id}-${n}`, {
          maxSteps: 400,
          onStep: ({ after, step }) => {
            if (step % 2) return;
            for (let seat = 0; seat < n; seat++) {
              const view = e.view(after, seat);
              const key = JSON.stringify([n, seat, m.ui.handInput!(view, seat)]);
              const png = m.ui.renderHand(view, seat, { t, names });
              const bytes = png ? png.toString('base64') : 'none';
              const before = seen.get(key);
              if (before === undefined) { seen.set(key, bytes); pictures++; } else { expect(bytes, `${n}p step ${step} seat ${seat}`).toBe(before); same++; }
            }
          },
        });
      }
      // most views repeat a hand drawn before: what the bot saves
      expect(same).toBeGreaterThan(pictures);
    });
  }
});
