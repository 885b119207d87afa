/**
 * The rulebooks' own words. Each game keeps a glossary (`src/games/<game>/glossary.ts`): every rulebook term in
 * German, as the rulebook writes it, beside the English rendering Campfire uses, and the words a text must not use
 * instead (a German word the rulebook does not use for that thing, or a known wrong English rendering), each with
 * the reason. `test/i18n/glossary.test.ts` holds every catalogue of the game (summaries, options, log lines, the
 * pictures' texts, DMs) to the ban; the bot's own texts are held to `COMMON_GLOSSARY`.
 */

export interface Term {
  /** The rulebook's German term (the rulebook line in `note` where it helps). */
  de: string;
  /** The English Campfire uses for it. */
  en: string;
  note?: string;
}

/** A word a text must not use: a case-sensitive pattern unless it says otherwise, and why. */
export interface Banned { re: RegExp; why: string }

export interface Glossary {
  terms: Term[];
  banned: { de: Banned[]; en: Banned[] };
}

/** Words none of Campfire's German or English texts use, whatever the game. */
export const COMMON_GLOSSARY: Glossary = {
  terms: [
    { de: 'Protokoll', en: 'log', note: 'the Log button and `/campfire log`' },
    { de: 'Direktnachricht', en: 'direct message (DM)' },
    { de: 'Mein Zug', en: 'My turn', note: 'the button that opens a seat\'s choices' },
    { de: 'Festlegungen', en: 'rulings', note: 'where Campfire settles what a rulebook leaves open' },
  ],
  banned: {
    de: [
      { re: /\bLog\b/, why: 'the German interface says „Protokoll“' },
      { re: /\bPanel\b/, why: 'the German interface never names the panel; it is „Mein Zug“' },
      { re: /\bDMs?\b/, why: '„Direktnachricht“' },
      { re: /[Bb]eantwortet zuerst/, why: 'the bot says „du“, never „ihr“' },
    ],
    en: [],
  },
};
