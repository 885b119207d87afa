/** What the bot needs of a game besides its engine: pictures, a status line and the rules summary. */
import type { Formatter } from '../engine/i18n.js';
import type { BaseState, GameEngine, Msg, Seat } from '../engine/types.js';

export interface RenderContext {
  /** Formats messages in the reader's language. */
  t: Formatter;
  /** Display name of every seat. */
  names: string[];
}

/** The pages of a rules summary, in the order a first-time player reads them. */
export const RULES_PARTS = ['setup', 'turn', 'scoring', 'rulings'] as const;
export type RulesPart = (typeof RULES_PARTS)[number];
export type RulesSummary = Record<RulesPart, string>;
/** At most this many characters per page (a Discord embed description holds 4,096). */
export const RULES_PAGE_MAX = 4000;

export interface GameUi<V> {
  /** The public table as a PNG (drawn from a spectator's or a seat's view; it shows only what that view holds). */
  renderTable(view: V, ctx: RenderContext): Buffer;
  /** A seat's private holdings as a PNG (hand, peeked tiles…); null when there is nothing private to show. */
  renderHand(view: V, seat: Seat, ctx: RenderContext): Buffer | null;
  /** One or two lines on where the game stands (round, phase), from a view. */
  status(view: V, ctx: RenderContext): string;
  /** Round and phase as a short heading for the game log ("Round 3 · Hunt"), from the spectators' view; without it the log has no headings. */
  stage?(view: V): Msg;
  /** Our own summary of the rules, in pages (`/campfire rules game:<g> part:<part>`), Markdown, each page within
   * one Discord embed (`RULES_PAGE_MAX` characters). Both languages say the same thing, section for section. */
  rules: { en: RulesSummary; de: RulesSummary };
}

export interface GameModule<S extends BaseState = any, V = any> {
  engine: GameEngine<S, V>;
  ui: GameUi<V>;
}
