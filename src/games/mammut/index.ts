/** Mammut as a Campfire game module. */
import type { GameModule } from '../types.js';
import { engine, type MammutState, type MammutView } from './engine.js';
import { renderHand, renderTable, stage, status } from './render.js';
import { rules } from './rules.js';

export type { MammutState, MammutView } from './engine.js';
export { determinize, metrics } from './engine.js';

export const mammut: GameModule<MammutState, MammutView> = {
  engine,
  ui: { renderTable, renderHand, status, stage, rules },
};
