/** Registers every game module Campfire ships. Import this once at start (bot, scripts, workers). */
import { eiszeit } from './eiszeit/index.js';
import { endlessWinter } from './endless-winter/index.js';
import { mammut } from './mammut/index.js';
import { registerGame } from './registry.js';
import { tal } from './tal/index.js';
import type { GameModule } from './types.js';

export { getGame, allGames } from './registry.js';

const shipped: GameModule[] = [mammut, eiszeit, tal, endlessWinter];
for (const m of shipped) registerGame(m);
