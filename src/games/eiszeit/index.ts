/** Eiszeit (3–5 players): engine + table/hand pictures + rules summary. */
import type { GameModule } from '../types.js';
import { engine } from './engine.js';
import { renderHand, renderTable, stage, status } from './render.js';
import { rules } from './rules.js';
import type { EiszeitState, EiszeitView } from './state.js';

export type { EiszeitState, EiszeitView } from './state.js';

export const eiszeit: GameModule<EiszeitState, EiszeitView> = {
  engine,
  ui: { renderTable, renderHand, status, stage, rules },
};
