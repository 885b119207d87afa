/**
 * The rulebooks' own words in every text a player reads: each game's catalogue (options, prompts, log lines, the
 * pictures' texts, DMs, the data-borne card and event texts) and its rules summary use none of the words its
 * glossary bans (`src/games/<game>/glossary.ts`); the bot's and the engine's common texts, and every game's, none of
 * the common ones (`src/games/glossary.ts`).
 */
import { describe, expect, it } from 'vitest';
import { botMessages } from '../../src/bot/messages.js';
import { commonMessages } from '../../src/engine/common-messages.js';
import type { Catalog } from '../../src/engine/types.js';
import { allGames } from '../../src/games/all.js';
import { glossary as eiszeit } from '../../src/games/eiszeit/glossary.js';
import { glossary as endlessWinter } from '../../src/games/endless-winter/glossary.js';
import { COMMON_GLOSSARY, type Glossary } from '../../src/games/glossary.js';
import { glossary as mammut } from '../../src/games/mammut/glossary.js';
import { glossary as tal } from '../../src/games/tal/glossary.js';
import { RULES_PARTS, type RulesSummary } from '../../src/games/types.js';

const GLOSSARIES: Record<string, Glossary> = { mammut, eiszeit, tal, 'endless-winter': endlessWinter };
type Lang = 'en' | 'de';

/** Every text of one language as `[where, text]`, soft hyphens (the pictures' break points) taken out. */
function texts(catalogs: [string, Catalog][]): [string, string][] {
  return catalogs.flatMap(([name, cat]) => Object.entries(cat).map(([k, v]): [string, string] => [`${name} ${k}`, v.replace(/\u00ad/g, '')]));
}

/** The banned words found, as "where: word (why)". */
function caught(all: [string, string][], banned: Glossary['banned'][Lang]): string[] {
  const out: string[] = [];
  for (const [where, text] of all) {
    for (const b of banned) {
      const m = text.match(b.re);
      if (m) out.push(`${where}: „${m[0]}“ (${b.why})`);
    }
  }
  return out;
}

describe('the glossaries', () => {
  it('GIVEN every game THEN it has a glossary of rulebook terms with German and English', () => {
    for (const m of allGames()) {
      const g = GLOSSARIES[m.engine.id];
      expect(g, `no glossary for ${m.engine.id}`).toBeDefined();
      expect(g!.terms.length).toBeGreaterThan(10);
      for (const t of g!.terms) expect(t.de.trim() && t.en.trim(), JSON.stringify(t)).toBeTruthy();
    }
  });

  describe.each(allGames().map((m) => [m.engine.id, m] as const))('%s', (id, m) => {
    const rules = m.ui.rules as { en: RulesSummary; de: RulesSummary };
    for (const lang of ['en', 'de'] as const) {
      it(`GIVEN every ${lang} text of the game, its summary included THEN none uses a word its glossary or the common one bans`, () => {
        const all = texts([[id, m.engine.messages[lang]], [`${id} rules`, Object.fromEntries(RULES_PARTS.map((p) => [p, rules[lang][p]]))]]);
        expect(caught(all, [...GLOSSARIES[id]!.banned[lang], ...COMMON_GLOSSARY.banned[lang]])).toEqual([]);
      });
    }
  });

  for (const lang of ['en', 'de'] as const) {
    it(`GIVEN every ${lang} text of the bot and the engine THEN none uses a word the common glossary bans`, () => {
      expect(caught(texts([['common', commonMessages[lang]], ['bot', botMessages[lang]]]), COMMON_GLOSSARY.banned[lang])).toEqual([]);
    });
  }
});
