/** What the bot needs of a game besides its engine: pictures, a status line and the rules summary. */
import type { Formatter } from '../engine/i18n.js';
import type { BaseState, GameEngine, Seat } from '../engine/types.js';

export interface RenderContext {
  /** Formats messages in the reader's language. */
  t: Formatter;
  /** Display name of every seat. */
  names: string[];
}

export interface GameUi<V> {
  /** The public table as a PNG (drawn from a spectator's or a seat's view; it shows only what that view holds). */
  renderTable(view: V, ctx: RenderContext): Buffer;
  /** A seat's private holdings as a PNG (hand, peeked tiles…); null when there is nothing private to show. */
  renderHand(view: V, seat: Seat, ctx: RenderContext): Buffer | null;
  /** One or two lines on where the game stands (round, phase), from a view. */
  status(view: V, ctx: RenderContext): string;
  /** Our own summary of the rules, Markdown, at most ~3,500 characters per language. */
  rules: { en: string; de: string };
}

export interface GameModule<S extends BaseState = any, V = any> {
  engine: GameEngine<S, V>;
  ui: GameUi<V>;
}
