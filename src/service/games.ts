/**
 * The game service: lobbies, starting, and applying decisions with their storage. Everything a Discord
 * handler does to a game goes through here; it knows nothing of Discord. Every accepted decision is
 * committed (snapshot + append-only decision row, one transaction) before the caller replies.
 */
import { randomBytes } from 'node:crypto';
import { apply, replay, replaySteps } from '../engine/apply.js';
import { withCurrentDataVersion } from '../engine/data-versions.js';
import { REPLAY_EVENTS } from '../store/archive.js';
import type { BaseState, Decision, GameEvent, LobbyOptions, Msg, Outcome, Seat } from '../engine/types.js';
import { getGame } from '../games/registry.js';
import type { GameModule } from '../games/types.js';
import type { GameRow, PlayerRow, Repo } from '../store/repo.js';
import { metrics } from '../ops/metrics.js';

import type { Result } from './context.js';
import { recordPlacings } from './ratings.js';
export type { Result, ServiceError } from './context.js';

export interface Decided {
  game: GameRow;
  before: BaseState;
  state: BaseState;
  seat: Seat;
  events: GameEvent[];
  revealed: boolean;
  outcome: Outcome | null;
}

export interface ServiceOptions {
  now?: () => number;
  /** Seed for a new game; random by default (tests pass a fixed one). */
  newSeed?: () => string;
}

export class GameService {
  private readonly now: () => number;
  private readonly newSeed: () => string;
  /** Parsed snapshots of recently used games, by id (the JSON in the database stays the truth). */
  private readonly cache = new Map<number, { version: number; state: BaseState }>();
  private static readonly CACHE_SIZE = 256;

  private remember(gameId: number, version: number, state: BaseState, finished = false): void {
    this.cache.delete(gameId);
    if (finished) return;
    this.cache.set(gameId, { version, state });
    if (this.cache.size > GameService.CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
  }

  constructor(readonly repo: Repo, opts: ServiceOptions = {}) {
    this.now = opts.now ?? Date.now;
    this.newSeed = opts.newSeed ?? (() => randomBytes(12).toString('base64url'));
  }

  module(row: GameRow): GameModule {
    const m = getGame(row.game);
    if (!m) throw new Error(`game ${row.game} is not registered`);
    return m;
  }

  // ---- lobby ---------------------------------------------------------------------------------------

  createLobby(p: { game: string; guildId: string | null; channelId: string; threadId: string | null; host: { id: string; name: string }; locale: string; options?: LobbyOptions }): Result<GameRow> {
    const m = getGame(p.game);
    if (!m) return { ok: false, error: 'unknown_game' };
    const options: LobbyOptions = {};
    for (const o of m.engine.lobbyOptions) options[o.id] = p.options?.[o.id] ?? o.choices[0]!.value;
    const id = this.repo.transaction(() => {
      const id = this.repo.createGame({ game: p.game, guildId: p.guildId, channelId: p.channelId, threadId: p.threadId, hostId: p.host.id, locale: p.locale, options });
      this.repo.addPlayer(id, p.host.id, p.host.name);
      const serverDefault = p.guildId ? this.repo.guildSettings(p.guildId).deadline_hours : null;
      this.repo.update(id, { deadline_hours: serverDefault ?? 48 });
      return id;
    });
    return { ok: true, value: this.repo.game(id)! };
  }

  private lobby(gameId: number): Result<{ row: GameRow; module: GameModule; players: PlayerRow[] }> {
    const row = this.repo.game(gameId);
    if (!row) return { ok: false, error: 'unknown_game' };
    if (row.status !== 'lobby') return { ok: false, error: 'not_lobby' };
    return { ok: true, value: { row, module: this.module(row), players: this.repo.players(gameId) } };
  }

  join(gameId: number, user: { id: string; name: string }, kind: 'human' | 'ai' = 'human', aiLevel: string | null = null): Result<GameRow> {
    return this.repo.transaction(() => {
      const l = this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.players.some((p) => p.user_id === user.id)) return { ok: false, error: 'already_joined' } as const;
      if (l.value.players.length >= l.value.module.engine.maxPlayers) return { ok: false, error: 'lobby_full' } as const;
      this.repo.addPlayer(gameId, user.id, user.name, kind, aiLevel);
      this.repo.update(gameId, {});
      return { ok: true, value: this.repo.game(gameId)! } as const;
    });
  }

  leave(gameId: number, userId: string): Result<GameRow> {
    return this.repo.transaction(() => {
      const l = this.lobby(gameId);
      if (!l.ok) return l;
      if (!this.repo.removePlayer(gameId, userId)) return { ok: false, error: 'not_joined' } as const;
      return { ok: true, value: this.repo.game(gameId)! } as const;
    });
  }

  /** The host removes a computer player from the lobby. */
  removeComputer(gameId: number, hostId: string, userId: string): Result<GameRow> {
    return this.repo.transaction(() => {
      const l = this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.row.host_id !== hostId) return { ok: false, error: 'not_host' } as const;
      if (!userId.startsWith('ai:') || !this.repo.removePlayer(gameId, userId)) return { ok: false, error: 'not_joined' } as const;
      return { ok: true, value: this.repo.game(gameId)! } as const;
    });
  }

  setOption(gameId: number, userId: string, optionId: string, value: string): Result<GameRow> {
    return this.repo.transaction(() => {
      const l = this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.row.host_id !== userId) return { ok: false, error: 'not_host' } as const;
      const def = l.value.module.engine.lobbyOptions.find((o) => o.id === optionId);
      if (!def || !def.choices.some((c) => c.value === value)) return { ok: false, error: 'bad_option_value' } as const;
      const options = { ...JSON.parse(l.value.row.options), [optionId]: value };
      this.repo.update(gameId, { options: JSON.stringify(options) });
      return { ok: true, value: this.repo.game(gameId)! } as const;
    });
  }

  /**
   * Starts the game: seats follow the join order (clockwise, as CLARIFICATIONS rules); everything the
   * rulebook leaves to chance (start player, tiles, cards) is drawn by the engine from the seed.
   */
  start(gameId: number, userId: string): Result<GameRow> {
    return this.repo.transaction(() => {
      const l = this.lobby(gameId);
      if (!l.ok) return l;
      const { row, module, players } = l.value;
      if (row.host_id !== userId) return { ok: false, error: 'not_host' } as const;
      if (players.length < module.engine.minPlayers) return { ok: false, error: 'too_few_players', args: { min: module.engine.minPlayers } } as const;
      // A table of computers only would hold the computer players' workers for nobody.
      if (!players.some((p) => p.kind === 'human')) return { ok: false, error: 'no_human' } as const;
      const seed = this.newSeed();
      const options = withCurrentDataVersion(JSON.parse(row.options) as LobbyOptions, module.engine.dataVersions);
      const state = module.engine.setup(players.length, options, seed);
      players.forEach((p, seat) => this.repo.setSeat(gameId, p.user_id, seat));
      this.repo.update(gameId, { status: 'running', seed, options: JSON.stringify(options), state: JSON.stringify(state), version: 0 });
      this.remember(gameId, 0, state);
      this.repo.syncTurns(gameId, module.engine.decisions(state).map((d) => d.seat));
      return { ok: true, value: this.repo.game(gameId)! } as const;
    });
  }

  cancel(gameId: number, userId: string): Result<GameRow> {
    return this.repo.transaction(() => {
      const l = this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.row.host_id !== userId) return { ok: false, error: 'not_host' } as const;
      this.repo.update(gameId, { status: 'abandoned', finished_at: this.now() });
      return { ok: true, value: this.repo.game(gameId)! } as const;
    });
  }

  setDeadline(gameId: number, userId: string, hours: number | null): Result<GameRow> {
    return this.repo.transaction(() => {
      const l = this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.row.host_id !== userId) return { ok: false, error: 'not_host' } as const;
      this.repo.update(gameId, { deadline_hours: hours });
      return { ok: true, value: this.repo.game(gameId)! } as const;
    });
  }

  abandon(gameId: number): void {
    this.repo.transaction(() => {
      this.repo.update(gameId, { status: 'abandoned', finished_at: this.now() });
      this.repo.clearTurns(gameId);
    });
    this.cache.delete(gameId);
  }

  private recordResults(row: GameRow, outcome: Outcome): void {
    const seats = this.seats(row.id);
    for (const r of outcome.ranking) {
      const p = seats[r.seat];
      if (!p || p.kind === 'ai') continue;
      this.repo.addResult({ game_id: row.id, user_id: p.user_id, game: row.game, guild_id: row.guild_id, place: r.place, score: r.score, won: outcome.winners.includes(r.seat) ? 1 : 0, players: seats.length });
    }
    // Every seat's place (computers too) and the ratings, in the same transaction.
    recordPlacings(this.repo, row, seats, outcome, this.now());
  }

  /**
   * Can `userId` take back the last decision alone? Only while it was theirs, revealed nothing (no card
   * drawn, no tile turned, no die thrown) and nobody acted since (it is the game's last decision).
   */
  undoStatus(gameId: number, userId: string): 'alone' | 'needs_consent' | 'nothing' {
    const row = this.repo.game(gameId);
    const last = this.repo.lastActiveDecision(gameId);
    if (!row || row.status !== 'running' || !last) return 'nothing';
    const seat = this.seatOf(gameId, userId);
    if (seat === null) return 'nothing';
    return last.seat === seat && !last.revealed && last.user_id === userId ? 'alone' : 'needs_consent';
  }

  /** Takes back the game's last standing decision; the state is rebuilt from the seed and the rest. */
  undoLast(gameId: number, version: number, by: { userId: string; name: string }, consent: boolean): Result<{ game: GameRow; undone: number }> {
    return this.repo.transaction(() => {
      const row = this.repo.game(gameId);
      if (!row) return { ok: false, error: 'unknown_game' } as const;
      if (row.status !== 'running') return { ok: false, error: 'not_running' } as const;
      if (version !== row.version) return { ok: false, error: 'stale' } as const;
      const last = this.repo.lastActiveDecision(gameId);
      if (!last) return { ok: false, error: 'unknown_option' } as const;
      this.repo.markUndone(gameId, last.version);
      const state = this.replayed(row);
      const newVersion = row.version + 1;
      this.repo.update(gameId, { state: JSON.stringify(state), version: newVersion });
      this.remember(gameId, newVersion, state);
      this.repo.syncTurns(gameId, this.module(row).engine.decisions(state).map((d) => d.seat));
      this.repo.addTableLog(gameId, newVersion, [{ msg: { key: consent ? 'log.undo_consent' : 'log.undo', args: { name: by.name, version: last.version } } }]);
      return { ok: true, value: { game: this.repo.game(gameId)!, undone: last.version } } as const;
    });
  }

  /** A computer plays the seat of an absent player from now on (until they take it back). */
  replaceSeat(gameId: number, seat: Seat, level: string): void {
    this.repo.transaction(() => {
      this.repo.setReplaced(gameId, seat, true, level);
      this.repo.addTableLog(gameId, this.repo.game(gameId)!.version, [{ msg: { key: 'log.replaced', args: { p: { seat } } } }]);
    });
  }

  reclaimSeat(gameId: number, seat: Seat): void {
    this.repo.transaction(() => {
      this.repo.setReplaced(gameId, seat, false, null);
      this.repo.addTableLog(gameId, this.repo.game(gameId)!.version, [{ msg: { key: 'log.reclaimed', args: { p: { seat } } } }]);
    });
  }

  // ---- running games -------------------------------------------------------------------------------

  state(row: GameRow): BaseState {
    const hit = this.cache.get(row.id);
    if (hit && hit.version === row.version) return hit.state;
    if (!row.state) {
      // A compacted finished game keeps no snapshot: its final state is rebuilt from the seed and the decisions.
      if (!row.seed || row.status === 'running' || row.status === 'lobby') throw new Error(`game ${row.id} has no state`);
      const rebuilt = this.replayed(row);
      this.remember(row.id, row.version, rebuilt);
      return rebuilt;
    }
    const state = JSON.parse(row.state) as BaseState;
    this.remember(row.id, row.version, state, row.status !== 'running');
    return state;
  }

  seats(gameId: number): PlayerRow[] {
    return this.repo.players(gameId).filter((p) => p.seat !== null).sort((a, b) => a.seat! - b.seat!);
  }

  seatOf(gameId: number, userId: string): Seat | null {
    const p = this.repo.players(gameId).find((x) => x.user_id === userId);
    return p?.seat ?? null;
  }

  decisions(row: GameRow): Decision[] {
    return row.status === 'running' ? this.module(row).engine.decisions(this.state(row)) : [];
  }

  /**
   * Applies `optionId` for the seat of `userId` (or for `asSeat` when the table or a computer acts for a
   * seat), if the game is still at `version`. Exactly one of two simultaneous identical clicks wins.
   */
  decide(gameId: number, actor: { userId: string; asSeat?: Seat }, version: number, optionId: string): Result<Decided> {
    const r = this.commitDecision(gameId, actor, version, optionId);
    if (r.ok) metrics.decisions.inc({ game: r.value.game.game });
    return r;
  }

  private commitDecision(gameId: number, actor: { userId: string; asSeat?: Seat }, version: number, optionId: string): Result<Decided> {
    return this.repo.transaction(() => {
      const row = this.repo.game(gameId);
      if (!row) return { ok: false, error: 'unknown_game' } as const;
      if (row.status !== 'running') return { ok: false, error: 'not_running' } as const;
      const seat = actor.asSeat ?? this.seatOf(gameId, actor.userId);
      if (seat === null) return { ok: false, error: 'not_seated' } as const;
      if (version !== row.version) return { ok: false, error: 'stale' } as const;
      const engine = this.module(row).engine;
      const before = this.state(row);
      const r = apply(engine, before, seat, optionId);
      if (!r.ok) return { ok: false, error: r.error.code === 'not_your_turn' ? 'not_your_turn' : 'unknown_option', msg: r.error.msg } as const;
      const outcome = engine.outcome(r.state);
      const newVersion = row.version + 1;
      this.repo.insertDecision({ game_id: gameId, version: newVersion, seat, option: optionId, user_id: actor.userId, events: JSON.stringify(r.events), at: this.now(), revealed: r.revealed ? 1 : 0 });
      this.repo.update(gameId, {
        state: JSON.stringify(r.state),
        version: newVersion,
        ...(outcome ? { status: 'finished' as const, finished_at: this.now() } : {}),
      });
      this.remember(gameId, newVersion, r.state, !!outcome);
      this.repo.syncTurns(gameId, engine.decisions(r.state).map((d) => d.seat));
      if (outcome) this.recordResults(row, outcome);
      return { ok: true, value: { game: this.repo.game(gameId)!, before, state: r.state, seat, events: r.events, revealed: r.revealed, outcome } } as const;
    });
  }

  /** Rebuilds the state from the seed and the stored decisions (the snapshot must equal it). */
  replayed(row: GameRow): BaseState {
    const engine = this.module(row).engine;
    const choices = this.repo.activeDecisions(row.id).map((d) => ({ seat: d.seat, option: d.option }));
    return replay(engine, this.seats(row.id).length, JSON.parse(row.options), row.seed!, choices);
  }

  /** The log lines of a compacted game's standing decisions, by version, from a replay of the seed and choices. */
  private replayedEvents(gameId: number): Map<number, GameEvent[]> {
    const row = this.repo.game(gameId)!;
    const active = this.repo.activeDecisions(gameId);
    const out = new Map<number, GameEvent[]>();
    const steps = replaySteps(this.module(row).engine, this.seats(gameId).length, JSON.parse(row.options), row.seed!, active.map((d) => ({ seat: d.seat, option: d.option })));
    for (const step of steps) if (step.index >= 0) out.set(active[step.index]!.version, step.events);
    return out;
  }

  /**
   * Log lines visible to `seat` (null: public only), oldest first, with the version they belong to:
   * the decisions' events (taken-back ones marked) merged with the table's own lines.
   */
  log(gameId: number, seat: Seat | null): { version: number; event: GameEvent; undone?: boolean }[] {
    const out: { version: number; event: GameEvent; undone?: boolean; order: number }[] = [];
    const visible = (e: GameEvent) => !e.to || (seat !== null && e.to.includes(seat));
    const rows = this.repo.decisions(gameId);
    const replayedEvents = rows.some((d) => d.events === REPLAY_EVENTS) ? this.replayedEvents(gameId) : null;
    for (const d of rows) {
      const events = d.events === REPLAY_EVENTS ? replayedEvents!.get(d.version) ?? [] : JSON.parse(d.events) as GameEvent[];
      for (const e of events) if (visible(e)) out.push({ version: d.version, event: e, order: 0, ...(d.undone ? { undone: true } : {}) });
    }
    for (const l of this.repo.tableLog(gameId)) {
      for (const e of JSON.parse(l.events) as GameEvent[]) if (visible(e)) out.push({ version: l.version, event: e, order: 1 });
    }
    return out.sort((a, b) => a.version - b.version || a.order - b.order).map(({ order: _o, ...rest }) => rest);
  }
}
