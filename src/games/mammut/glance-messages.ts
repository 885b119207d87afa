/** Words of Mammut's glance picture (`glance.ts`), English and German; merged into the game's catalogue. */
import type { Catalog } from '../../engine/types.js';

export const glanceEn: Catalog = {
  'mammut.glance.take': '{seat} takes from the middle',
  'mammut.glance.animal': '{seat} chooses a collection animal',
  'mammut.glance.over': 'Game over · winner: {seats}',
  'mammut.glance.round': 'Round {round}/{last}',
  'mammut.glance.middle': 'Middle: {n, plural, one {# tile} other {# tiles}}',
  'mammut.glance.middleEmpty': 'The middle is empty',
  'mammut.glance.shaman': 'Shaman: {seat} {arrow}',
  'mammut.glance.shamanMiddle': 'Shaman in the middle {arrow}',
  'mammut.glance.vp': '{vp} VP · fur {fur}',
  'mammut.glance.cards': '{n, plural, one {# card} other {# cards}}',
  'mammut.glance.noLoot': 'no loot yet',
  'mammut.glance.more': '+{n} more',
  'mammut.glance.changed': 'changed',
};

export const glanceDe: Catalog = {
  'mammut.glance.take': '{seat} nimmt aus der Mitte',
  'mammut.glance.animal': '{seat} wählt ein Sammeltier',
  'mammut.glance.over': 'Spiel vorbei · Sieg: {seats}',
  'mammut.glance.round': 'Runde {round}/{last}',
  'mammut.glance.middle': 'Mitte: {n} Plättchen',
  'mammut.glance.middleEmpty': 'Die Mitte ist leer',
  'mammut.glance.shaman': 'Schamane: {seat} {arrow}',
  'mammut.glance.shamanMiddle': 'Schamane in der Mitte {arrow}',
  'mammut.glance.vp': '{vp} SP · Fell {fur}',
  'mammut.glance.cards': '{n, plural, one {# Karte} other {# Karten}}',
  'mammut.glance.noLoot': 'noch keine Beute',
  'mammut.glance.more': '+{n} weitere',
  'mammut.glance.changed': 'neu',
};
