/** What the bot needs of a game besides its engine: pictures, a status line and the rules summary. */
import type { Formatter } from '../engine/i18n.js';
import type { BaseState, Decision, GameEngine, Msg, Seat } from '../engine/types.js';

export interface RenderContext {
  /** Formats messages in the reader's language. */
  t: Formatter;
  /** Display name of every seat. */
  names: string[];
}

/** What a glance picture is drawn with: the reader's language and names, and the view the last table post showed. */
export interface GlanceContext<V> extends RenderContext {
  /**
   * The view (same viewer) the previous table post was drawn from; what differs from it is outlined on the glance
   * ("what changed since the last table"). Absent or null: nothing is outlined (the first post of a game).
   */
  previous?: V | null;
}

/** A place named by an option, as a choice picture labels it: the label drawn and its box, in picture pixels. */
export interface PlaceLabel {
  /** The option whose place this is. */
  option: string;
  /** The text drawn on the place: what the option's label calls it ("#24", "6"). */
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A choice picture: the crop of the board with the options' places labelled, and where each label was drawn. */
export interface ChoicePicture {
  png: Buffer;
  labels: PlaceLabel[];
}

/** The pages of a rules summary, in the order a first-time player reads them. */
export const RULES_PARTS = ['setup', 'turn', 'scoring', 'rulings'] as const;
export type RulesPart = (typeof RULES_PARTS)[number];
export type RulesSummary = Record<RulesPart, string>;
/** At most this many characters per page (a Discord embed description holds 4,096). */
export const RULES_PAGE_MAX = 4000;

/** A reaction window a player may answer once for all (`/campfire settings always_pass`): its `Decision.window` key. */
export interface StandingWindow { key: string; name: Msg }

export interface GameUi<V> {
  /** The reaction windows of the game (their `Decision.window` keys), for standing answers; absent: none. */
  windows?: readonly StandingWindow[];
  /** The public table as a PNG (drawn from a spectator's or a seat's view; it shows only what that view holds). */
  renderTable(view: V, ctx: RenderContext): Buffer;
  /** A seat's private holdings as a PNG (hand, peeked tiles…); null when there is nothing private to show. */
  renderHand(view: V, seat: Seat, ctx: RenderContext): Buffer | null;
  /**
   * What `renderHand` reads of a view, as plain data: two views with equal hand inputs give the same hand picture. The
   * bot keeps hands drawn by it, so a seat whose holdings did not change is not drawn again at every panel (the whole
   * view changes with every move anyone makes). Absent: the whole view is the input.
   */
  handInput?(view: V, seat: Seat): unknown;
  /**
   * The glance: the table post's first picture, made for Discord's inline box (≈550×350): GLANCE_W × GLANCE_H
   * (1,100 × 700, i.e. 2×), no text under 24 px. Whose turn and what they decide, the counts the game turns on, what
   * changed since `ctx.previous` outlined. Drawn from views only, like the table.
   */
  renderGlance(view: V, ctx: GlanceContext<V>): Buffer;
  /**
   * The full table in parts, each a picture of its own (for a table too tall to read as one: Endless Winter's map and
   * actions, board and supplies, players). Absent: the full table is `renderTable` alone.
   */
  renderTableParts?(view: V, ctx: RenderContext): Buffer[];
  /** How many parts `renderTableParts` gives, and one of them alone (what "Full table" draws, a part per worker task). */
  tableParts?: number;
  renderTablePart?(view: V, ctx: RenderContext, part: number): Buffer;
  /**
   * A panel picture for a decision whose options name places (Tal hexes, Endless Winter tiles, Eiszeit regions): the
   * part of the board holding them, each place labelled as its option names it. `view` is the deciding seat's view.
   * Null when the decision names no places.
   */
  renderChoice?(view: V, decision: Decision, ctx: RenderContext): ChoicePicture | null;
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
