/** The bot's own texts (lobby, panels, errors, commands), in English (messages-en.ts) and German (messages-de.ts). */
import type { Catalog } from '../engine/types.js';
import { de } from './messages-de.js';
import { en } from './messages-en.js';

export const botMessages: { en: Catalog; de: Catalog } = { en, de };
