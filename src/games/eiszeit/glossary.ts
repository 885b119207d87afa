/** Eiszeit's rulebook terms (`rules/eiszeit.de.txt`) and the English Campfire uses; see `src/games/glossary.ts`. */
import type { Glossary } from '../glossary.js';

export const glossary: Glossary = {
  terms: [
    { de: 'Gebiet', en: 'region', note: 'a numbered area of the board; „Region“ is Tal\'s word' },
    { de: 'Jäger', en: 'hunter' },
    { de: 'Mammut', en: 'mammoth' },
    { de: 'neben dem Spielplan / allgemeiner Vorrat', en: 'beside the board / general supply', note: 'l.60, l.292: where the spare mammoths stand' },
    { de: 'Rand (oberer Rand)', en: 'top edge', note: 'l.288: where the glaciers come from, never the supply' },
    { de: 'Gletscherteil', en: 'glacier tile' },
    { de: 'Feuer-Plättchen', en: 'fire tile', note: 'l.204: turned up at the start of the conflicts' },
    { de: 'Keule', en: 'club' },
    { de: 'Stein', en: 'stone' },
    { de: 'Zählstein', en: 'score marker' },
    { de: 'helle Karte / dunkle Karte', en: 'light card / dark card' },
    { de: 'Kult-Karte', en: 'cult card' },
    { de: 'platzieren / versetzen', en: 'place / move', note: 'l.345; the buttons say „einsetzen“ for „platzieren“, as the rulebook\'s card texts do' },
    { de: 'Vorrunde', en: 'pre-round' },
    { de: 'Siedeln', en: 'settling' },
    { de: 'Konflikt', en: 'conflict' },
    { de: 'Wertung', en: 'scoring' },
    { de: 'Durchgang', en: 'round' },
    { de: 'Limit', en: 'limit' },
  ],
  banned: {
    de: [
      { re: /\bam Rand\b|\ban den Rand\b|\bvom Rand\b|Rand des Plans/, why: 'spare mammoths stand „neben dem Plan“; the „Rand“ is where glaciers start (l.288)' },
      { re: /\bRegion(?:en)?\b/, why: 'Eiszeit says „Gebiet“ (Region is Tal\'s word)' },
      { re: /Feuerplättchen/, why: 'the rulebook and the summary write „Feuer-Plättchen“' },
      { re: /bei der Wertung aufgedeckt/, why: 'fire tiles are turned up at the start of the conflicts (l.204)' },
      { re: /kostet (?:1|\{n\}) Steine/, why: 'a plural with one stone' },
      { re: /stellt ein Mammut nach\b/, why: '„stellen in“' },
      { re: /Gleich bei Punkten/, why: '„Gleichstand bei Punkten“' },
      { re: /nächsten Gletscherteil/, why: 'each region has its own glacier tile (l.288)' },
    ],
    en: [
      { re: /turned up at scoring/i, why: 'fire tiles are turned up at the start of the conflicts (l.204)' },
      { re: /costs (?:1|\{n\}) stones/, why: 'a plural with one stone' },
      { re: /the next glacier tile/i, why: 'each region has its own glacier tile (l.288)' },
      { re: /^pays \{n\}$/, why: 'a dark card\'s detail: "pays 2" reads as if its player paid; it earns them stones' },
    ],
  },
};
