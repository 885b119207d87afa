/**
 * What a kind of component is (a button or menu of one custom_id kind, see `ids.ts`): the kinds it handles, where
 * a click on it counts, and its handler. Each `src/bot/components/<name>.ts` exports one; the router's table is
 * built from the list in `components/index.ts`.
 */
import type { GameRow } from '../store/repo.js';
import type { BotContext } from './context.js';
import type { IdKind, ParsedId } from './ids.js';
import type { Ix } from './platform.js';

interface Common {
  readonly kinds: readonly IdKind[];
}

/** A component of a game: the router finds the game (gameId ≥ 1) before calling the handler. */
export interface GameComponent extends Common {
  readonly game: true;
  /**
   * Whether the click only ever acts on a private panel or a DM (on a public message it is not the click's own
   * message): always (`true`) or for some ids.
   */
  readonly privateOnly?: boolean | ((id: ParsedId) => boolean);
  readonly handle: (c: BotContext, ix: Ix, g: GameRow, id: ParsedId) => Promise<void>;
}

/** A component that names no game (gameId 0), handled as it is. */
export interface GamelessComponent extends Common {
  readonly game: false;
  readonly handle: (c: BotContext, ix: Ix, id: ParsedId) => Promise<void>;
}

export type Component = GameComponent | GamelessComponent;
