/**
 * A formatter for one language over the common catalogue and one game's, naming seats by the given names: what a
 * game's renderer and a worker thread need (the bot's own catalogue stays in the bot: `bot/translator.ts`).
 */
import { commonMessages } from '../engine/common-messages.js';
import { formatter, type Formatter, type Locale } from '../engine/i18n.js';
import type { GameModule } from './types.js';

export function gameTranslator(locale: Locale, module: GameModule | undefined, names: string[] = []): Formatter {
  return formatter(locale, [commonMessages, ...(module ? [module.engine.messages] : [])], (seat) => names[seat] ?? `#${seat + 1}`);
}
