/** A registry holding only the toy game, for the worker tests. */
import type { GameModule } from '../../src/games/types.js';
import { toyEngine } from './toy-game.js';

const toy = { engine: toyEngine } as unknown as GameModule;

export function getGame(id: string): GameModule | undefined {
  return id === toy.engine.id ? toy : undefined;
}
