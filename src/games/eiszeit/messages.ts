/** Eiszeit texts in English (messages-en.ts) and German (messages-de.ts), in our own words. Keys are prefixed `eiszeit.`. */
import type { Catalog } from '../../engine/types.js';
import { glanceDe, glanceEn } from './glance-messages.js';
import { de } from './messages-de.js';
import { en } from './messages-en.js';

const prefix = (c: Catalog): Catalog => Object.fromEntries(Object.entries(c).map(([k, v]) => [`eiszeit.${k}`, v]));

export const messages: { en: Catalog; de: Catalog } = { en: { ...prefix(en), ...glanceEn }, de: { ...prefix(de), ...glanceDe } };
