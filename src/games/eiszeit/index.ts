/** Eiszeit (3–5 players) as a game module: the engine and the pictures, status line and rules summary. */
import type { GameEngine } from '../../engine/types.js';
import type { GameModule } from '../types.js';
import { eiszeitPolicy, estimate, playoutCut } from './ai.js';
import { renderChoice } from './choice.js';
import { eiszeitRules } from './engine.js';
import { renderGlance } from './glance.js';
import { renderHand, renderTable, stage, status } from './render.js';
import { rules } from './rules.js';
import type { EiszeitPayload, EiszeitState, EiszeitView } from './state.js';
import { upgrade } from './upgrade.js';
import { determinize, view } from './view.js';

export type { EiszeitPayload, EiszeitState, EiszeitView } from './state.js';

/** The engine: the rules (engine.ts), stored states brought up to date (upgrade.ts), the views (view.ts), the computer players (ai.ts). */
export const engine: GameEngine<EiszeitState, EiszeitView, EiszeitPayload> = {
  ...eiszeitRules, upgrade, view, determinize, estimate, playoutCut,
  playoutPolicy: (s, seat, optionIds, rng, decision) => eiszeitPolicy(s, seat, optionIds, rng, eiszeitRules, decision),
};

export const eiszeit: GameModule<EiszeitState, EiszeitView> = {
  engine,
  ui: { renderTable, renderGlance, renderChoice, renderHand, status, stage, rules },
};
