/** Endless Winter (2–4 players) as a game module: the engine and the pictures, status line and rules summary. */
import type { GameEngine } from '../../engine/types.js';
import type { GameModule } from '../types.js';
import { renderChoice } from './choice.js';
import { decisions, endlessWinterRules } from './engine.js';
import { estimate } from './estimate.js';
import { renderGlance } from './glance.js';
import { ewPolicy } from './policy.js';
import { renderHand, renderTable, renderTablePart, renderTableParts, stage, status, TABLE_PARTS } from './render.js';
import { rules } from './rules.js';
import type { EwPayload, EwState } from './state.js';
import { upgrade } from './upgrade.js';
import { determinize, view, type EwView } from './view.js';

export type { EwPayload, EwState } from './state.js';
export type { EwView } from './view.js';

/** The engine: the rules (engine.ts), stored states brought up to date (upgrade.ts), the views (view.ts), the computer players (estimate.ts, policy.ts). */
export const engine: GameEngine<EwState, EwView, EwPayload> = {
  ...endlessWinterRules, upgrade, view, determinize, estimate,
  playoutPolicy: (s, seat, optionIds, rng, decision) => ewPolicy(s, seat, optionIds, rng, decisions, decision),
};

export const endlessWinter: GameModule<EwState, EwView> = {
  engine,
  ui: { renderTable, renderTableParts, tableParts: TABLE_PARTS, renderTablePart, renderGlance, renderChoice, renderHand, status, stage, rules },
};
