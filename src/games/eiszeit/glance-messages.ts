/** Words of Eiszeit's glance and choice pictures (`glance.ts`), English and German; merged into the game's catalogue. */
import type { Catalog } from '../../engine/types.js';

export const glanceEn: Catalog = {
  'eiszeit.glance.round': 'Round {round}/{rounds}',
  'eiszeit.glance.pre': '{p} places a hunter',
  'eiszeit.glance.play': '{p} plays a card',
  'eiszeit.glance.act': '{p}: {card}',
  'eiszeit.glance.discard': '{p} discards a card',
  'eiszeit.glance.draw': '{p} draws a card',
  'eiszeit.glance.glacier': '{p} lays the glacier',
  'eiszeit.glance.over': 'Game over · winner: {seats}',
  'eiszeit.glance.pts': 'pts',
  'eiszeit.glance.stones': 'stones',
  'eiszeit.glance.hand': 'hand',
  'eiszeit.glance.topLight': 'Light: {card} ({value})',
  'eiszeit.glance.topDark': 'Dark: {card} ({value})',
  'eiszeit.glance.key': '4 / 3–5: hunters / limit (3 + mammoths + fire tiles)',
  'eiszeit.glance.mammoth': 'M',
  'eiszeit.glance.mammothKey': 'mammoths',
  'eiszeit.glance.changed': 'changed',
};

export const glanceDe: Catalog = {
  'eiszeit.glance.round': 'Durchgang {round}/{rounds}',
  'eiszeit.glance.pre': '{p} setzt einen Jäger ein',
  'eiszeit.glance.play': '{p} spielt eine Karte',
  'eiszeit.glance.act': '{p}: {card}',
  'eiszeit.glance.discard': '{p} legt eine Karte ab',
  'eiszeit.glance.draw': '{p} zieht eine Karte',
  'eiszeit.glance.glacier': '{p} legt den Gletscher',
  'eiszeit.glance.over': 'Spielende · Sieg: {seats}',
  'eiszeit.glance.pts': 'Pkt',
  'eiszeit.glance.stones': 'Steine',
  'eiszeit.glance.hand': 'Hand',
  'eiszeit.glance.topLight': 'Hell: {card} ({value})',
  'eiszeit.glance.topDark': 'Dunkel: {card} ({value})',
  'eiszeit.glance.key': '4 / 3–5: Jäger / Grenze (3 + Mammuts + Feuerplättchen)',
  'eiszeit.glance.mammoth': 'M',
  'eiszeit.glance.mammothKey': 'Mammuts',
  'eiszeit.glance.changed': 'neu',
};
