/** Registers every game module Campfire ships. Import this once at start (bot, scripts, workers). */
import { registerGame } from './registry.js';

export { getGame, allGames } from './registry.js';

const shipped: import('./types.js').GameModule[] = [];
for (const m of shipped) registerGame(m);
