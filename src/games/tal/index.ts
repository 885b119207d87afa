/**
 * Das Tal der Mammuts as one game module: the rules (`engine.ts`) with the computer players' hooks (`ai.ts`) as the
 * engine, and the pictures, status line and rules summary for the bot.
 */
import type { GameEngine } from '../../engine/types.js';
import type { GameModule } from '../types.js';
import { talEstimate, talPolicy } from './ai.js';
import { talRules } from './engine.js';
import { renderHand, renderTable, stage, status } from './render.js';
import { renderGlance } from './glance.js';
import { renderChoice } from './choice.js';
import { rules } from './rules.js';
import type { TalPayload, TalState, TalView } from './state.js';
import { STANDING_WINDOWS } from './windows.js';

export const talEngine: GameEngine<TalState, TalView, TalPayload> = { ...talRules, estimate: talEstimate, playoutPolicy: talPolicy };

export const tal: GameModule<TalState, TalView> = {
  engine: talEngine,
  ui: { renderTable, renderGlance, renderChoice, renderHand, status, stage, rules, windows: STANDING_WINDOWS },
};
export type { TalState, TalView };
