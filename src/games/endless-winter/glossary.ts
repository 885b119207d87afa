/** Endless Winter's rulebook terms (`rules/endless-winter.de.txt`) and Campfire's English; see `src/games/glossary.ts`. */
import type { Glossary } from '../glossary.js';

export const glossary: Glossary = {
  terms: [
    { de: 'Sonnenfinsternis', en: 'eclipse' },
    { de: 'Sonnenfinsternisstapel', en: 'eclipse stack' },
    { de: 'Spielertableau', en: 'player board' },
    { de: 'Geländespielfeld', en: 'terrain board', note: 'the map' },
    { de: 'Arbeitskraft', en: 'labour' },
    { de: 'Nahrung', en: 'food' },
    { de: 'Werkzeug (Pl. Werkzeuge)', en: 'tool', note: 'l.730' },
    { de: 'Megalith (Akk. Megalithen)', en: 'megalith', note: 'l.271' },
    { de: 'unterste Ebene', en: 'ground level' },
    { de: 'Lager verschieben', en: 'move a camp', note: 'l.601' },
    { de: 'Verbindungspunkt', en: 'settlement spot', note: 'l.609' },
    { de: 'Opfergabenleiste', en: 'offering track' },
    { de: 'Götzentafel', en: 'idol board' },
    { de: 'Götzenschritt', en: 'idol step' },
    { de: 'Heiliger Stein', en: 'sacred stone' },
    { de: 'Häuptling', en: 'chief' },
    { de: 'Stammesmitglied', en: 'tribe member' },
    { de: 'Schamanin', en: 'shaman', note: 'l.209, l.476' },
    { de: 'Aufbaukarte', en: 'setup card' },
    { de: 'Nachziehstapel', en: 'draw pile' },
    { de: 'Aktionsspalte', en: 'action column' },
  ],
  banned: {
    de: [
      { re: /(?<!Sonnen)[Ff]insternis/, why: 'always „Sonnenfinsternis“' },
      { re: /(?<!Spieler|Tier)[Tt]ableau/, why: 'always „Spielertableau“' },
      { re: /Schamane:in/, why: '„Schamane:in“ reads „Schamanein“; the rulebook says „Schamanin“' },
      { re: /\bOpfer\b/, why: '„Opfer“ reads as "victim"; „Opfergaben“' },
      { re: /Siedlungspunkt/, why: '„Verbindungspunkt“ (l.609)' },
      { re: /Lager bewegen|Bewege ein Lager|Lagerbewegung/, why: '„verschieben“ (l.601)' },
      { re: /\bBoden\b/, why: '„unterste Ebene“' },
      { re: /(?:\b[2-9]|\d\d|\{n\}) Werk\u00ad?zeug\b(?!e)/, why: 'German plural „Werkzeuge“ (l.730)' },
      { re: /Megalith zum Bauen/, why: 'accusative „Megalithen“ (l.271)' },
      { re: /\bTiersets?\b|Opferverhältnis|Grabtabelle|Reihenfolge-Einkommen|Mehrheitsoption|Ruhmesrang|blau = dagegen/, why: 'not rulebook terms' },
    ],
    en: [
      { re: /Settlement points/i, why: 'reads as victory points; these are settlement spots (l.609)' },
      { re: /\bkills an? (?:Giant|Woolly|Cave|Sabre|Argentavis)/, why: 'animal names are lower case in running text' },
    ],
  },
};
