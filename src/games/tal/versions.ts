/**
 * This game's rules versions (see `src/engine/rules-versions.ts`). A change that alters outcomes, offered options or
 * events of stored games registers the next version here with what it changed, and the rule asks
 * `RULES.atLeast(state, n)`; games keep the version they started with.
 */
import { RulesVersions } from '../../engine/rules-versions.js';

export const RULES = new RulesVersions('tal')
  .register(2, 'card windows ask every tribe a card could matter to at once, whether or not it holds one, and open only where a card could change something (windows.ts)');
