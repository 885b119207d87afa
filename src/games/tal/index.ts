/** Das Tal der Mammuts: engine + UI, as one game module. */
import type { GameModule } from '../types.js';
import { talEngine, type TalState, type TalView } from './engine.js';
import { renderHand, renderTable, stage, status } from './render.js';
import { rules } from './rules.js';

export const tal: GameModule<TalState, TalView> = {
  engine: talEngine,
  ui: { renderTable, renderHand, status, stage, rules },
};
export type { TalState, TalView };
