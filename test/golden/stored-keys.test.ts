/**
 * Stored log lines keep their words: GIVEN every golden recording of every game replayed with today's code, WHEN its
 * log lines are read with the message keys they were recorded (and stored) with — the keys before a rename, as
 * `recordedKeys` gives them back from the game's `messages.aliases` — THEN the bot's translator renders every one of
 * them, in English and German, exactly as it renders today's line: no key is missing (`[key]`) and no renamed key
 * means another text. (The golden replays check that these are the recorded lines: their digests match.)
 */
import { describe, expect, it } from 'vitest';
import { replaySteps } from '../../src/engine/apply.js';
import { parseStep, recordedKeys } from '../../src/engine/golden.js';
import type { Msg, MsgArg } from '../../src/engine/types.js';
import { translator } from '../../src/bot/translator.js';
import { allGames } from '../../src/games/all.js';
import { goldenFiles } from './corpus.js';

/** `msg` with every key, nested ones too, mapped by `keys` (unmapped keys stay). */
function withKeys(msg: Msg, keys: Map<string, string>): Msg {
  const arg = (a: MsgArg): MsgArg => (Array.isArray(a) ? a.map(arg) as MsgArg : typeof a === 'object' && 'key' in a ? withKeys(a, keys) : a);
  return { key: keys.get(msg.key) ?? msg.key, ...(msg.args ? { args: Object.fromEntries(Object.entries(msg.args).map(([k, a]) => [k, arg(a)])) } : {}) };
}

for (const module of allGames()) {
  const engine = module.engine;
  describe(`stored message keys of ${engine.name}`, () => {
    it('GIVEN the log lines of every golden recording, with the keys they were recorded with THEN each renders as today\'s line, in both languages', () => {
      const keys = recordedKeys(engine);
      const tr = { en: translator('en', module, ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Fay']), de: translator('de', module, ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Fay']) };
      let lines = 0;
      let renamed = 0;
      for (const { file, rec } of goldenFiles(engine.id)) {
        const standing: { seat: number; option: string }[] = [];
        for (const s of rec.steps.map(parseStep)) if (s.kind === 'undo') standing.pop(); else standing.push({ seat: s.seat, option: s.option });
        for (const step of replaySteps(engine, rec.players, rec.options, rec.seed, standing)) {
          for (const e of step.events) {
            const stored = withKeys(e.msg, keys);
            if (stored.key !== e.msg.key) renamed++;
            for (const locale of ['en', 'de'] as const) {
              const text = tr[locale](stored);
              expect(text, `${file}: ${stored.key} (${locale})`).not.toMatch(/\[[\w.-]+\]/);
              expect(text, `${file}: ${stored.key} (${locale})`).toBe(tr[locale](e.msg));
            }
            lines++;
          }
        }
      }
      expect(lines).toBeGreaterThan(0);
      // A game whose keys were renamed has recordings that use the old keys.
      if (keys.size) expect(renamed).toBeGreaterThan(0);
    });
  });
}
