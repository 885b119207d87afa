/** The games Campfire hosts, by id. */
import type { GameModule } from './types.js';

const games = new Map<string, GameModule>();

export function registerGame(module: GameModule): void {
  games.set(module.engine.id, module);
}

export function getGame(id: string): GameModule | undefined {
  return games.get(id);
}

export function allGames(): GameModule[] {
  return [...games.values()];
}
