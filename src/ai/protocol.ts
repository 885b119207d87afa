/** Messages between the bot and the computer-player worker. */
import type { RngState } from '../engine/rng.js';
import type { Seat } from '../engine/types.js';
import type { AiLevel, Choice, SearchBudget } from './player.js';

/** One decision to make: everything is plain JSON (the state is the full state; the search only sees it through `determinize`). */
export interface AiRequest {
  gameId: string;
  level: AiLevel;
  state: unknown;
  seat: Seat;
  budget: SearchBudget;
  /** The computer player's generator state; the answer carries it advanced. */
  rng: RngState;
}

export interface AiAnswer {
  optionId: string;
  rng: RngState;
  choice: Choice;
}
