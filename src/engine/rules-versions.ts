/**
 * Rules versions. A game's rules code changes between releases (a fix, a faster pace, a new way to ask for a card);
 * a game in progress must keep the rules it started with, or undo, the log, `/campfire replay`, compaction's rebuild
 * and `npm run db:copy` would re-simulate it into a different game.
 *
 * So every change that alters outcomes, offered options or events for stored games is a new rules version of that
 * game, registered here with a one-line summary. `setup` takes the version from the lobby options (`rulesVersion`;
 * absent in games stored before rules versions existed, which means version 1) and records it in the state
 * (`BaseState.rulesVersion`). A rule whose behaviour changed asks `RULES.atLeast(state, n)` and keeps the old
 * behaviour in its else branch: old behaviour stays reachable only where it differs. New games get the newest version
 * (the service writes it into the game's options at start, beside the data version).
 *
 * The same pattern serves the three kinds of change over time (see docs/decisions.md, "Changing a game"):
 * component data (`data-versions.ts`), rules (this file) and the state's shape (`GameEngine.upgrade`).
 */
import type { BaseState, LobbyOptions } from './types.js';

/** The lobby option that carries the rules version (a string, as every lobby option value). */
export const RULES_VERSION_OPTION = 'rulesVersion';

/** The version of games stored before rules versions existed. */
export const FIRST_RULES_VERSION = 1;

/** What the rest of Campfire needs to know of a game's rules versions. */
export interface RulesVersionInfo {
  /** The version new games start with: the newest registered one. */
  readonly current: number;
  /** Every registered version, oldest first. */
  versions(): number[];
  /** What changed in `version` (version 1: the rules as first shipped). */
  summary(version: number): string;
}

export class RulesVersions implements RulesVersionInfo {
  private readonly byVersion = new Map<number, string>();

  constructor(readonly game: string) {
    this.byVersion.set(FIRST_RULES_VERSION, 'the rules as first shipped');
  }

  /**
   * Registers rules version `version` with what it changed. A version, once shipped, is never changed or removed; the
   * code of every registered version stays reachable (`atLeast` in the rules that changed).
   */
  register(version: number, summary: string): this {
    if (!Number.isInteger(version) || version <= FIRST_RULES_VERSION) throw new Error(`${this.game}: a new rules version is a whole number above ${FIRST_RULES_VERSION}, not ${version}`);
    if (this.byVersion.has(version)) throw new Error(`${this.game}: rules version ${version} is already registered`);
    if (version !== this.current + 1) throw new Error(`${this.game}: rules version ${version} skips ${this.current + 1}`);
    this.byVersion.set(version, summary);
    return this;
  }

  get current(): number {
    return Math.max(...this.byVersion.keys());
  }

  versions(): number[] {
    return [...this.byVersion.keys()].sort((a, b) => a - b);
  }

  summary(version: number): string {
    const s = this.byVersion.get(version);
    if (s === undefined) throw new Error(`${this.game}: unknown rules version ${version} (registered: ${this.versions().join(', ')})`);
    return s;
  }

  /** The rules version a state was set up with. */
  of(state: BaseState): number {
    return state.rulesVersion ?? FIRST_RULES_VERSION;
  }

  /** Whether `state` plays by rules version `version` or a later one: the one question a changed rule asks. */
  atLeast(state: BaseState, version: number): boolean {
    return this.of(state) >= version;
  }

  /**
   * The state field that records `version`: none for version 1, so that states of version 1 stay byte for byte what
   * they were before rules versions existed (stored games, golden replays).
   */
  field(version: number): { rulesVersion?: number } {
    return version === FIRST_RULES_VERSION ? {} : { rulesVersion: version };
  }

  /** The version a game's lobby options ask for (absent: version 1); throws when it is not registered. */
  fromOptions(options: LobbyOptions): number {
    const raw = options[RULES_VERSION_OPTION];
    const version = raw === undefined ? FIRST_RULES_VERSION : Number(raw);
    this.summary(version);
    return version;
  }
}

/** The lobby options a new game starts with: the host's choices plus the game's current rules version. */
export function withCurrentRulesVersion(options: LobbyOptions, info: RulesVersionInfo | undefined): LobbyOptions {
  return info ? { ...options, [RULES_VERSION_OPTION]: String(info.current) } : options;
}
