/**
 * Component data versions. A game's component data (tiles, cards, board: `src/games/<game>/data.ts` and
 * `assets/<game>/`) can change between releases; a game in progress must keep replaying with the data it
 * started with, or undo and `/campfire replay` would show a different game.
 *
 * So every version of a game's data that a stored game may use stays registered, frozen, under its number.
 * `setup` takes the version from the lobby options (`dataVersion`; absent in games stored before versions
 * existed, which means version 1), records it in the state, and every rule reads data through `of(state)`.
 * New games get the newest registered version (the service writes it into the game's options at start).
 */
import type { BaseState, LobbyOptions } from './types.js';

/** The lobby option that carries the data version (a string, as every lobby option value). */
export const DATA_VERSION_OPTION = 'dataVersion';

/** The version of games and states stored before data versions existed. */
export const FIRST_DATA_VERSION = 1;

/** What the rest of Campfire needs to know of a game's data versions, whatever the data looks like. */
export interface DataVersionInfo {
  /** The version new games start with: the newest registered one. */
  readonly current: number;
  /** Every registered version, oldest first. */
  versions(): number[];
}

export class DataVersions<D> implements DataVersionInfo {
  private readonly byVersion = new Map<number, D>();
  /** The same by version number, for `of` (which rules ask at nearly every step). */
  private readonly list: (D | undefined)[] = [];

  constructor(readonly game: string) {}

  /**
   * Registers `data` as `version`. A version, once shipped, is never changed or removed: a changed data set is a
   * new, higher version (and the old one stays, as a frozen copy).
   */
  register(version: number, data: D): this {
    if (!Number.isInteger(version) || version < FIRST_DATA_VERSION) throw new Error(`${this.game}: a data version is a whole number from ${FIRST_DATA_VERSION} on, not ${version}`);
    if (this.byVersion.has(version)) throw new Error(`${this.game}: data version ${version} is already registered`);
    this.byVersion.set(version, data);
    this.list[version] = data;
    return this;
  }

  get current(): number {
    if (this.byVersion.size === 0) throw new Error(`${this.game}: no data version registered`);
    return Math.max(...this.byVersion.keys());
  }

  versions(): number[] {
    return [...this.byVersion.keys()].sort((a, b) => a - b);
  }

  get(version: number): D {
    const d = this.byVersion.get(version);
    if (d === undefined) throw new Error(`${this.game}: unknown data version ${version} (registered: ${this.versions().join(', ')})`);
    return d;
  }

  /** The data a state was set up with. */
  of(state: BaseState): D {
    const version = state.dataVersion ?? FIRST_DATA_VERSION;
    return this.list[version] ?? this.get(version);
  }

  /** The version a game's lobby options ask for (absent: version 1); throws when it is not registered. */
  fromOptions(options: LobbyOptions): number {
    const raw = options[DATA_VERSION_OPTION];
    const version = raw === undefined ? FIRST_DATA_VERSION : Number(raw);
    this.get(version);
    return version;
  }
}

/** The lobby options a new game starts with: the host's choices plus the game's current data version. */
export function withCurrentDataVersion(options: LobbyOptions, info: DataVersionInfo | undefined): LobbyOptions {
  return info ? { ...options, [DATA_VERSION_OPTION]: String(info.current) } : options;
}
