/** Das Tal der Mammuts' rulebook terms (`rules/tal-der-mammuts.de.txt`) and Campfire's English; see `src/games/glossary.ts`. */
import type { Glossary } from '../glossary.js';

export const glossary: Glossary = {
  terms: [
    { de: 'Feld', en: 'hex' },
    { de: 'Region', en: 'region', note: 'the regions the region die names' },
    { de: 'Randfeld', en: 'edge hex' },
    { de: 'Lager errichten', en: 'build a camp', note: 'l.194, l.212–214' },
    { de: 'kultivieren', en: 'cultivate', note: 'l.57' },
    { de: 'Waldbrand', en: 'forest fire', note: 'l.38; the map marks a burnt hex „BRAND“ (6 letters fit a hex)' },
    { de: 'Überschwemmung / überschwemmt', en: 'flood / flooded', note: 'l.94; the map marks a flooded hex „FLUT“' },
    { de: 'Gattung', en: 'species', note: 'l.141–143, l.256' },
    { de: 'Nashorn', en: 'rhino', note: 'l.131, l.156, l.259' },
    { de: 'Mammut', en: 'mammoth' },
    { de: 'Säbelzahntiger', en: 'sabre-tooth tiger' },
    { de: 'Krieger', en: 'warrior' },
    { de: 'Frau', en: 'woman' },
    { de: 'Stamm', en: 'tribe' },
    { de: 'Nahrung', en: 'food' },
    { de: 'Sonderkarte', en: 'special card' },
    { de: 'Ereignis', en: 'event' },
    { de: 'plündern und abbrennen', en: 'plunder and burn', note: 'l.250' },
    { de: 'Ankunft neuer Tiere', en: 'arrival of new animals' },
    { de: 'Regel für Fortgeschrittene: das Feuer', en: 'advanced rule: fire', note: 'l.367' },
  ],
  banned: {
    de: [
      { re: /Wollnashorn/, why: 'the rulebook says „Nashorn“' },
      { re: /\bbestell/i, why: '„kultivieren“ (l.57); „Bestellen“ reads as "order"' },
      { re: /\bgründe|\bgründet\b/, why: '„Lager errichten“ (l.194)' },
      // The map's marks „BRAND“ and „FLUT“ stay: a mark on a hex holds 6 letters at 15 px, and the legend beside the map
      // names the rulebook's words (docs/words.md).
      { re: /\bFlut\b|\bBrand\b|\bFlutmarker\b/, why: '„Waldbrand“ and „Überschwemmung“ (l.38, l.94)' },
      { re: /überflutet/, why: '„überschwemmt“ (l.94)' },
      { re: /\bTierart|\bdieser Art\b/, why: 'the rulebook says „Gattung“ (l.141)' },
      { re: /niederbrennen|verbrennt das Lager|plündert und verbrennt/, why: '„plündern und abbrennen“ (l.250)' },
      { re: /\bWeite\b|\bDorffeld|\bHandlimit\b|\bausgelöscht\b/, why: 'not rulebook terms' },
      { re: /(?<!für )Fortgeschrittene \(/, why: '„Regel für Fortgeschrittene“ (l.367); bare „Fortgeschrittene“ reads as "advanced players"' },
      { re: /als erste[r]? verloren/, why: 'a nominalised ordinal: „als Erste/Erster“' },
      { re: /\d+ bleiben\b/, why: 'the verb without a plural ("1 bleiben")' },
    ],
    en: [
      { re: /the rest leave the game\)/, why: 'said when nobody leaves' },
    ],
  },
};
