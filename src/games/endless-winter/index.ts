/** Endless Winter: engine + renderer + rules summary. */
import type { GameModule } from '../types.js';
import { engine } from './engine.js';
import { renderHand, renderTable, renderTablePart, renderTableParts, stage, status, TABLE_PARTS } from './render.js';
import { renderGlance } from './glance.js';
import { renderChoice } from './choice.js';
import { rules } from './rules.js';
import type { EwState } from './state.js';
import type { EwView } from './view.js';

export const endlessWinter: GameModule<EwState, EwView> = {
  engine,
  ui: { renderTable, renderTableParts, tableParts: TABLE_PARTS, renderTablePart, renderGlance, renderChoice, renderHand, status, stage, rules },
};
export type { EwState, EwView };
