/** Das Tal der Mammuts (2–6 players) as a game module: the engine and the pictures, status line and rules summary. */
import type { GameEngine } from '../../engine/types.js';
import type { GameModule } from '../types.js';
import { talEstimate, talPolicy } from './ai.js';
import { renderChoice } from './choice.js';
import { talRules } from './engine.js';
import { renderGlance } from './glance.js';
import { renderHand, renderTable, stage, status } from './render.js';
import { rules } from './rules.js';
import type { TalPayload, TalState, TalView } from './state.js';
import { upgrade } from './upgrade.js';
import { determinize, view } from './view.js';
import { STANDING_WINDOWS } from './windows.js';

export type { TalPayload, TalState, TalView } from './state.js';

/** The engine: the rules (engine.ts), stored states brought up to date (upgrade.ts), the views (view.ts), the computer players (ai.ts). */
export const engine: GameEngine<TalState, TalView, TalPayload> = {
  ...talRules, upgrade, view, determinize,
  estimate: talEstimate, playoutPolicy: talPolicy,
};

export const tal: GameModule<TalState, TalView> = {
  engine,
  ui: { renderTable, renderGlance, renderChoice, renderHand, status, stage, rules, windows: STANDING_WINDOWS },
};
