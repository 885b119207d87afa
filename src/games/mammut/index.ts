/** Mammut as a Campfire game module. */
import type { GameModule } from '../types.js';
import { engine } from './engine.js';
import { renderGlance } from './glance.js';
import { renderHand, renderTable, stage, status } from './render.js';
import { rules } from './rules.js';
import type { MammutState, MammutView } from './state.js';

export type { MammutState, MammutView } from './state.js';
export { metrics } from './engine.js';
export { determinize } from './view.js';

export const mammut: GameModule<MammutState, MammutView> = {
  engine,
  ui: { renderTable, renderGlance, renderHand, status, stage, rules },
};
