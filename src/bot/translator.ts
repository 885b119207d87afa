/** A formatter for one language over the common, bot and game catalogues, naming seats by the given names. */
import { commonMessages } from '../engine/common-messages.js';
import { formatter, type Formatter, type Locale } from '../engine/i18n.js';
import type { GameModule } from '../games/types.js';
import { botMessages } from './messages.js';

export function translator(locale: Locale, module: GameModule | undefined, names: string[] = []): Formatter {
  const catalogs = [commonMessages, botMessages, ...(module ? [module.engine.messages] : [])];
  return formatter(locale, catalogs, (seat) => names[seat] ?? `#${seat + 1}`);
}
