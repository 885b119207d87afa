/** Mammut's rulebook terms (`rules/mammut.de.txt`) and the English Campfire uses; see `src/games/glossary.ts`. */
import type { Glossary } from '../glossary.js';

export const glossary: Glossary = {
  terms: [
    { de: 'Beuteplättchen', en: 'loot tile' },
    { de: 'Fleischplättchen', en: 'meat tile' },
    { de: 'Fellplättchen', en: 'fur tile' },
    { de: 'Feuerplättchen', en: 'fire tile', note: 'l.157 „mit den wenigsten Feuerplättchen“' },
    { de: 'Stoßzahnplättchen', en: 'tusk tile' },
    { de: 'Axtplättchen', en: 'axe tile' },
    { de: 'Tierplättchen', en: 'animal tile' },
    { de: 'Schamanenplättchen', en: 'shaman tile' },
    { de: 'Fragezeichenplättchen', en: '? tile', note: 'l.86, l.238' },
    { de: 'Sammeltier', en: 'collection animal', note: 'l.203' },
    { de: 'Siegpunkte (SP)', en: 'victory points (VP)' },
    { de: 'Anteil', en: 'share' },
    { de: 'Mitte', en: 'middle' },
    { de: 'Wertungskarte', en: 'scoring card' },
    { de: 'Wertungsphase', en: 'scoring' },
    { de: 'Schlusswertung', en: 'final scoring' },
    { de: 'Eule', en: 'owl' },
    { de: 'Lachs', en: 'salmon' },
  ],
  banned: {
    de: [
      { re: /\?-Plättchen/, why: 'the rulebook says „Fragezeichenplättchen“ (l.86)' },
      { re: /Sammelbonus/, why: 'the rulebook says „Siegpunkte für … Sammeltiere“ (l.203)' },
      { re: /\bFellleiste\b/, why: 'not a rulebook term' },
      { re: /Schamanen-Besitzer/, why: 'not a rulebook term' },
      { re: /wenigste Feuer\b/, why: '„die wenigsten Feuerplättchen“ (l.157)' },
      { re: /Nur ein (?:Fleisch|Feuer|Fell)\b/, why: 'a tile is a „Fleischplättchen“; „ein Fleisch“ is a mass noun counted' },
      { re: /Gleichstand-Reihenfolge/, why: '„Reihenfolge bei Gleichstand“' },
      { re: /als Letzter ohne Beute/, why: '„der Letzte ohne Beute“' },
      { re: /nimmt in die Sammlung:/, why: '„aufnehmen“ keeps its particle' },
    ],
    en: [
      { re: /collection bonus/i, why: 'the rulebook scores the collection animals; there is no "bonus"' },
      { re: /\b(?:takes|Add an?|adds) (?:Owl|Salmon|Hare|Cave bear|Woolly)/, why: 'animal names are lower case in running text' },
    ],
  },
};
