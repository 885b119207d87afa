/**
 * This game's rules versions (see `src/engine/rules-versions.ts`). A change that alters outcomes, offered options or
 * events of stored games registers the next version here with what it changed, and the rule asks
 * `RULES.atLeast(state, n)`; games keep the version they started with.
 */
import { RulesVersions } from '../../engine/rules-versions.js';

export const RULES = new RulesVersions('eiszeit')
  .register(2, 'a dark card\'s player discards and draws right after choosing who carries it out (or, for the placing cards, before the others place), not after: the turn ends with the last of them');
