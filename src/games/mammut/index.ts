/** Mammut (2–5 players) as a game module: the engine and the pictures, status line and rules summary. */
import type { GameEngine } from '../../engine/types.js';
import type { GameModule } from '../types.js';
import { mammutEstimate, mammutPolicy } from './ai.js';
import { decisions, mammutRules } from './engine.js';
import { renderGlance } from './glance.js';
import { handInput, renderHand, renderTable, stage, status } from './render.js';
import { rules } from './rules.js';
import type { MammutState, MammutView, Payload } from './state.js';
import { upgrade } from './upgrade.js';
import { determinize, view } from './view.js';

export type { MammutState, MammutView, Payload as MammutPayload } from './state.js';

/** The engine: the rules (engine.ts), stored states brought up to date (upgrade.ts), the views (view.ts), the computer players (ai.ts). */
export const engine: GameEngine<MammutState, MammutView, Payload> = {
  ...mammutRules, upgrade, view, determinize,
  estimate: mammutEstimate,
  playoutPolicy: (s, seat, optionIds, rng, decision) => mammutPolicy(s, seat, optionIds, rng, decisions, decision),
};

export const mammut: GameModule<MammutState, MammutView> = {
  engine,
  ui: { renderTable, renderGlance, renderHand, handInput, status, stage, rules },
};
