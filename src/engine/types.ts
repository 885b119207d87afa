/**
 * The engine contract every Campfire game implements.
 *
 * A game is a plain object of pure functions over a JSON-serialisable state. The state carries the
 * random generator's state (`rng`), so a game replays exactly from its seed and the list of choices.
 * Nothing here knows about Discord, the clock, the database or the file system.
 *
 * Legality has one source of truth: `decisions()`. The framework (`apply.ts`) checks that a choice is
 * one of the options offered to that seat, clones the state and only then calls `perform()`, which
 * carries the option out without re-checking the rules.
 */
import type { DataVersionInfo } from './data-versions.js';
import type { RulesVersionInfo } from './rules-versions.js';
import type { RngState } from './rng.js';

/** Seats are numbered 0..players-1 in clockwise order (the order players joined the lobby). */
export type Seat = number;

/** A reference to a seat inside a message; rendered as the player's name. */
export interface SeatRef { seat: Seat }

/** A localisable message: a key in the game's catalogue (or the common one) with its arguments. */
export interface Msg { key: string; args?: Record<string, MsgArg> }
export type MsgArg = string | number | Msg | SeatRef | MsgArg[];

/**
 * One choice of a decision. `P` is the game's own payload type: what `perform` reads to carry the option out, so that
 * no engine parses its ids. The id names the option (it is stored as the choice and travels in Discord custom ids);
 * the payload says what it does. Both are fixed by `decisions()`; `perform` receives the offered option itself.
 */
export interface Option<P = unknown> {
  /** Stable within the decision, `[A-Za-z0-9_.:+-]`, at most 40 characters (it travels in Discord custom ids). */
  id: string;
  label: Msg;
  /** Options sharing a group are shown together (one select menu); the group id is also a message key. */
  group?: string;
  /** Longer description (shown under the label in menus). */
  detail?: Msg;
  style?: 'primary' | 'secondary' | 'success' | 'danger';
  /**
   * Control options of compound actions: `finish` ends the sequence early and commits it, `back` undoes the
   * last step of the sequence (nothing is committed yet), `pass` declines the whole decision.
   */
  role?: 'finish' | 'back' | 'pass';
  /** Only on a set choice handed to `perform`: the items chosen, in offered order (see `SetChoice`). */
  items?: Option<P>[];
  /** What the option does, for `perform` (JSON; never shown, never sent to Discord). Control options may carry none. */
  payload?: P;
  /**
   * The option cannot be taken back and gives up something the seat could keep (people or food, a playable card in
   * the last window): the panel asks "Sure?" with this text before it sends the choice. Presentation only: it never
   * changes what the option does, and choosing it without asking (a computer, a skip) is the same choice.
   */
  confirm?: Msg;
  /**
   * The option brings the position back to one that was already there (Mammut: robbing a share of one tile, which
   * goes straight back to the middle). Legal, and a person may take it; a computer that searches never does while
   * another option exists, so that two computers cannot go round without end.
   */
  futile?: true;
}

/**
 * A group whose options may be chosen several at once (a multi-select menu): its options are the items, and one
 * choice takes any `min`..`max` distinct items of it. Every such set is legal, so the engine offers a group as a set
 * only when it can carry out any of them. The choice's id is the items' ids joined by `+` (`setChoiceId`); an
 * item's own id is the set of that one item. Item ids never contain `+`.
 */
export interface SetChoice {
  /** The `Option.group` whose options are the items. */
  group: string;
  /** 1 ≤ min ≤ max. */
  min: number;
  max: number;
}

/** What one seat owes now: a prompt and a finite, non-empty list of options. */
export interface Decision<P = unknown> {
  seat: Seat;
  prompt: Msg;
  options: Option<P>[];
  /** The rule-safe option taken when the table skips this seat (pass, decline, or the minimal legal choice). */
  defaultOption: string;
  /** Groups of `options` chosen as sets (see `SetChoice`); absent: every choice is one option. */
  sets?: SetChoice[];
  /**
   * What the seat may look for but cannot choose now, each with the reason (a card in the hand that cannot be
   * played): shown greyed out beside the options, never chosen. Not options: legality stays with `options`.
   */
  unavailable?: { label: Msg; reason: Msg }[];
  /**
   * Set on a reaction window ("anyone may play a card now"): the public name of the moment (e.g. "before the animals
   * move"). A window is asked of every seat that may act in it at once, one decision each; a seat with nothing that
   * could matter gets none. The table announces the window by this name without naming who was asked, and pings
   * nobody in public: the seats asked hear of it privately (see docs/decisions.md, "Reaction windows").
   * Who is asked is judged from public information only, so a seat asked may hold nothing playable: its decision then
   * offers `pass` alone, and the service answers it after a human-like delay without showing or pinging it.
   */
  window?: Msg;
}

/** A log line. Without `to` everybody sees it; with `to` only those seats do (e.g. what a peek showed). */
export interface GameEvent { msg: Msg; to?: Seat[] }

export interface EngineError {
  code: 'game_over' | 'not_your_turn' | 'unknown_option' | 'invalid_setup';
  msg: Msg;
}

export type ApplyResult<S> =
  | { ok: true; state: S; events: GameEvent[]; revealed: boolean }
  | { ok: false; error: EngineError };

export interface RankEntry {
  seat: Seat;
  /** 1 = first; tied seats share a place. */
  place: number;
  score: number;
}

export interface Outcome {
  ranking: RankEntry[];
  /** Seats that won; empty when everybody lost. */
  winners: Seat[];
  /** How ties for first place were broken, if they were. */
  tieBreak?: Msg;
  /** One or more lines summarising the end (shown with the final result). */
  summary?: Msg[];
}

/** A variant or module the host chooses in the lobby. Values are strings; the first choice is the default. */
export interface LobbyOptionDef {
  id: string;
  label: Msg;
  choices: { value: string; label: Msg }[];
  /** Only offered for these player counts (all when absent). */
  players?: number[];
}
export type LobbyOptions = Record<string, string>;

/** Every state has its random generator inside it. */
export interface BaseState {
  rng: RngState;
  /**
   * The version of the game's component data the state was set up with (see `data-versions.ts`); every rule reads
   * data through it. Absent in states stored before data versions existed, which means version 1.
   */
  dataVersion?: number;
  /**
   * The rules version the state plays by (see `rules-versions.ts`); every rule that changed asks for it. Absent in
   * states stored before rules versions existed, which means version 1.
   */
  rulesVersion?: number;
}

export type Catalog = Record<string, string>;

/**
 * A game's (or the bot's) texts in both languages. `aliases` maps keys no longer in the catalogue to the key that
 * holds their text now: log lines of games in progress are stored with the keys of the day they were written, so a
 * renamed key stays resolvable (the translator looks there when no catalogue has the key).
 */
export interface Catalogs { en: Catalog; de: Catalog; aliases?: Record<string, string> }

/**
 * The rules of a game alone, as its `engine.ts` exports them (`<game>Rules`): the engine without what the game's
 * `index.ts` adds from the files beside it — `upgrade` (upgrade.ts), `view` and `determinize` (view.ts), `estimate`
 * and `playoutPolicy` (ai.ts). Those files read the rules, so the rules cannot import them back.
 */
export type GameRules<S extends BaseState = BaseState, V = unknown, P = unknown> = Omit<GameEngine<S, V, P>, 'upgrade' | 'view' | 'determinize' | 'estimate' | 'playoutPolicy'>;

export interface GameEngine<S extends BaseState = BaseState, V = unknown, P = unknown> {
  id: string;
  /** Display name, same in every language. */
  name: string;
  minPlayers: number;
  maxPlayers: number;
  lobbyOptions: LobbyOptionDef[];
  /**
   * Messages of this game, in ICU MessageFormat: `{arg}`, `{n, plural, one {# card} other {# cards}}`, `{k, select, …}`.
   * A SeatRef argument renders as the player's name, a nested message as its text; a number stays a number.
   * Where a sentence must agree with a noun (an article, a German ending), pass the noun's id as a string too.
   */
  messages: Catalogs;

  /**
   * The versions of this game's component data. `setup` reads the version from `options.dataVersion` (absent:
   * version 1) and records it in the state. Absent for a game whose data never changes (test games).
   */
  dataVersions?: DataVersionInfo;
  /**
   * The versions of this game's rules. `setup` reads the version from `options.rulesVersion` (absent: version 1) and
   * records it in the state. Absent for a game whose rules never changed (test games).
   */
  rulesVersions?: RulesVersionInfo;
  /** Sets a game up. Throws an Error with a clear message if the player count or options are invalid. */
  setup(players: number, options: LobbyOptions, seed: string): S;
  /** The decisions owed now, one per seat at most. Empty exactly when the game is over. */
  decisions(state: S): Decision<P>[];
  /**
   * Carries out `option` for `seat` on `draft`, a private deep copy the framework made; mutate it freely.
   * The option is guaranteed to be one `decisions(draft)` offered to `seat`, or a set of items of one of its
   * `sets` (then `option.id` is the items' ids joined by `+`, in offered order, and `option.items` are the items). Returns the log lines and
   * whether the step revealed anything that was hidden or random (drew a card, turned a tile, threw a die).
   * Fast players (self-play, computer players' playouts) call it on the same object step after step.
   */
  perform(draft: S, seat: Seat, option: Option<P>): { events: GameEvent[]; revealed: boolean };
  /**
   * Brings a state stored by an earlier version of this engine up to date (renamed fields or step names), so that
   * games in progress survive a deploy. Called on every state read from the store; returns states already current
   * unchanged. Absent when the state's shape never changed.
   */
  upgrade?(state: S): S;
  /** What `seat` may see (`null`: a spectator). JSON; the only thing renderers and the bot ever read. */
  view(state: S, seat: Seat | null): V;
  /** The result, once `decisions()` is empty; `null` while the game runs. */
  outcome(state: S): Outcome | null;
  /**
   * For computer players: a copy of `state` in which everything `seat` cannot see is redrawn at random
   * (consistent with what `seat` knows), so a search never peeks at hidden information.
   */
  determinize?(state: S, seat: Seat, rng: RngState): S;
  /** Figures for `npm run selfplay` (e.g. turns per phase); numbers are averaged over games. */
  metrics?(state: S): Record<string, number>;
  /**
   * For computer players: how good `state` looks for `seat`, roughly in [0, 1] (a playout cut short is scored by
   * it). Must read only what `seat` may know; the search calls it on determinized states.
   */
  estimate?(state: S, seat: Seat): number;
  /**
   * For computer players: a cheap rule-of-thumb choice that playouts follow instead of uniform random moves, for
   * games where random play never gets anywhere. The search also keeps the policy's pick for the decision itself
   * unless its playouts show another option clearly better.
   *
   * `optionIds` is exactly the set a computer player may choose from, in the order the decision lists them: the
   * ids of every option of the decision `seat` owes in `state` except those with role `back`, or all of them
   * when the decision offers nothing but `back`. (`policyOptions` in `selfplay.ts` computes it; every caller
   * passes that set: the search at its root and in its playouts, and `npm run selfplay -- --chooser policy`.)
   * The policy returns an index into `optionIds`; or, to choose several items of one of the decision's `sets` at
   * once, that set choice's id (`setChoiceId` in apply.ts); or null where it has no opinion (then playouts choose
   * at random and the search prefers nothing). Callers may skip asking it when the set holds a single option.
   * `decision` is the decision the ids come from, when the caller has it at hand (the policy need not ask for it again).
   */
  playoutPolicy?(state: S, seat: Seat, optionIds: string[], rng: RngState, decision?: Decision<P>): number | string | null;
  /**
   * For computer players: where a playout of the search stops and how it is judged, for games whose rule of thumb is
   * worth following all the way but too dear to follow far. When an engine has it, the search's playouts follow
   * `playoutPolicy` at every step (never at random) and stop at the first position, `steps` steps after the option
   * tried, for which it returns a number: how good that position looks for `seat`, in [0, 1]. Null: play on. Must read
   * only what `seat` may know (it is called on determinized states). The search's step cap still applies.
   */
  playoutCut?(state: S, seat: Seat, steps: number): number | null;
}
