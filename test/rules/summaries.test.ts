/**
 * The rules summaries (`/campfire rules`): every page fits one Discord embed, both languages say the same thing
 * (the same sections, the same numbers), and none uses a term the rulebooks do not.
 */
import { describe, expect, it } from 'vitest';
import { allGames } from '../../src/games/all.js';
import { RULES_PAGE_MAX, RULES_PARTS, type RulesSummary } from '../../src/games/types.js';

/**
 * Words a summary must not use, per game and language: wrong translations of the rulebooks' own terms, and
 * phrasings a careful read found misleading. Each entry is a regular expression (case-sensitive).
 */
const WRONG_TERMS: Record<string, { en: RegExp[]; de: RegExp[] }> = {
  eiszeit: {
    // "the last player" of the glacier phase is the one furthest behind on the score track; the fire tiles are dealt
    // again, not only reshuffled
    en: [/\bthe last player\b/i, /Fire tiles are reshuffled\./],
    // the rulebook's term is „neben dem Spielplan“ (the „obere Rand“ is where glaciers start); „platzieren“, not
    // „Einsetzen“, is the card term; „Der Letzte“ is the player whose Zählstein stands furthest behind
    de: [/\bam Rand\b/, /\ban den Rand\b/, /\bvom Rand\b/, /dürfen Gegner weder versetzen/, /„Einsetzen“/, /\bDer Letzte\b/, /Feuer neu mischen\./],
  },
  mammut: {
    en: [/"the most X" needs/i, /one random collection animal/i],
    de: [
      /\bFellleiste\b/, /Schamanen-Besitzer/, /„die meisten X“ braucht/, /am schlechtesten Platzierte\b/,
      /sonst gemeinsamer Sieg/, /ein zufälliges Sammeltier/, /\?-Plättchen/, /Sammelbonus/,
    ],
  },
  tal: {
    en: [
      /Fed people are always fed/i, /who cannot be fed leaves/i, /most camps first/i, /the lower loses one\b/i,
      /1 food per own village plain/i, /\btwo or more\b/i,
    ],
    de: [
      /\bFlutmarker\b/, /\bFlut\b/, /\bBrand\b/, /\bWeite\b/, /Wer ernährt werden kann, wird ernährt/,
      /wer nicht ernährt werden kann, geht/, /meiste Lager zuerst/, /\bbei zwei Frauen\b/, /der niedrigere verliert eine Figur/,
      /\bDorffeld/, /\bFelder insgesamt\b/, /\bohne Feld\b/, /zerstören Felder/, /\bbestell/, /\bgründe/, /\bausgelöscht\b/,
      /\bHandlimit\b/, /\bWollnashorn\b/,
    ],
  },
  'endless-winter': {
    // Tied players each get the full terrain income; the first 2 megaliths need no start cell.
    en: [/\bties share\b/i, /\bshare the (?:terrain )?income\b/i, /\bmust go on a start cell\b/i],
    // Not the rulebook's terms: Umrechnungsverhältnis, the left/middle/right picture (Abbildung), the income of the
    // Reihenfolgeleiste, always "Sonnenfinsternis", always "Spielertableau", Sets von Tieren, Position on the Ruhmesleiste.
    de: [
      /blau = dagegen/, /Opferverhältnis/, /Grabtabelle/, /Reihenfolge-Einkommen/, /(?<!Sonnen)[Ff]insternis/, /\bTableau/,
      /\bTiersets?\b/, /Mehrheitsoption/, /Ruhmesrang/,
    ],
  },
};

/** Numbers as written ("1,5" and "1.5" are the same number; "2nd" and "2." both contain 2). */
function numbers(text: string): string[] {
  return [...new Set((text.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => n.replace(',', '.')))].sort();
}

/** The bold lead-ins that open a section ("**Set-up:**"), and the bullet items, per page. */
function shape(text: string): { sections: number; bullets: number } {
  return {
    sections: (text.match(/^(?:#+ |\*\*)/gm) ?? []).length,
    bullets: (text.match(/^\s*[-•] /gm) ?? []).length,
  };
}

describe.each(allGames().map((m) => [m.engine.id, m] as const))('the rules summary of %s', (id, module) => {
  const rules = module.ui.rules as { en: RulesSummary; de: RulesSummary };

  it('GIVEN every page in both languages THEN it is there and fits one Discord embed', () => {
    for (const lang of ['en', 'de'] as const) {
      for (const part of RULES_PARTS) {
        const text = rules[lang][part];
        expect(text.trim().length, `${lang}/${part} is empty`).toBeGreaterThan(200);
        expect(text.length, `${lang}/${part} is too long`).toBeLessThanOrEqual(RULES_PAGE_MAX);
        expect((text.match(/\*\*/g) ?? []).length % 2, `${lang}/${part} has unbalanced bold markup`).toBe(0);
      }
    }
  });

  it('GIVEN the English and the German page THEN they have the same sections and bullet items', () => {
    for (const part of RULES_PARTS) expect(shape(rules.de[part]), part).toEqual(shape(rules.en[part]));
  });

  it('GIVEN the English and the German page THEN every number in one appears in the other', () => {
    for (const part of RULES_PARTS) expect(numbers(rules.de[part]), part).toEqual(numbers(rules.en[part]));
  });

  it('GIVEN the list of wrong terms THEN no page uses one', () => {
    const wrong = WRONG_TERMS[id];
    expect(wrong, `no list of wrong terms for ${id}`).toBeDefined();
    for (const lang of ['en', 'de'] as const) {
      const all = RULES_PARTS.map((p) => rules[lang][p]).join('\n');
      for (const term of wrong![lang]) expect(all, `${lang} uses ${term}`).not.toMatch(term);
    }
  });
});

/** The points a read against the rulebooks found wrong or missing (findings/wording-2026-11-26.md E10, W1, M2, M1). */
describe('the points the rulebook read found wrong or missing', () => {
  const game = (id: string) => allGames().find((m) => m.engine.id === id)!;
  const summary = (id: string, lang: 'en' | 'de') => RULES_PARTS.map((p) => (game(id).ui.rules as { en: RulesSummary; de: RulesSummary })[lang][p]).join('\n');

  it('GIVEN Eiszeit\'s map legend THEN the fire tiles turn up at the start of the conflicts, not at scoring (rulebook l.204)', () => {
    const { en, de } = game('eiszeit').engine.messages;
    expect(en['eiszeit.ui.limitLegend']).toMatch(/turned up when settling ends, before the conflicts/);
    expect(en['eiszeit.ui.limitLegend']).not.toMatch(/at scoring/);
    expect(de['eiszeit.ui.limitLegend']).toMatch(/zu Beginn der Konflikte aufgedeckt/);
    expect(de['eiszeit.ui.limitLegend']).not.toMatch(/Wertung/);
  });

  it('GIVEN Endless Winter\'s set-up THEN the food limit is 6, or 8 with a camp from the setup card (rulebook l.289)', () => {
    expect(summary('endless-winter', 'en')).toMatch(/your food limit is now 6, or 8 if your setup card placed a camp too/);
    expect(summary('endless-winter', 'de')).toMatch(/Nahrungsleisten-Limit ist jetzt 6, oder 8, wenn deine Aufbaukarte auch ein Lager eingesetzt hat/);
  });

  it('GIVEN Mammut with two players THEN the summary says the 2 shares are scored together (rulebook l.222)', () => {
    expect(summary('mammut', 'en')).toMatch(/At scoring, your 2 shares count together\./);
    expect(summary('mammut', 'de')).toMatch(/In der Wertung zählen deine 2 Anteile zusammen\./);
  });

  it('GIVEN Mammut\'s owl and salmon THEN the starting draw brings them at random, never "by choice" (rulebook l.36)', () => {
    expect(summary('mammut', 'en')).toMatch(/at random from the 4–5-player starting draw/);
    expect(summary('mammut', 'en')).not.toMatch(/by choice/);
    expect(summary('mammut', 'de')).toMatch(/zufällig als Starttier/);
    expect(summary('mammut', 'de')).not.toMatch(/durch eine Wahl/);
  });
});
