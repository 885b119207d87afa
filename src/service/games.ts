/**
 * The game service: lobbies, starting, and applying decisions with their storage. Everything a Discord
 * handler does to a game goes through here; it knows nothing of Discord. Every accepted decision is
 * committed (snapshot + append-only decision row, one transaction) before the caller replies.
 */
import { randomBytes } from 'node:crypto';
import { apply, decisionFor, replay, replaySteps, resolveOption } from '../engine/apply.js';
import { withCurrentDataVersion } from '../engine/data-versions.js';
import { withCurrentRulesVersion } from '../engine/rules-versions.js';
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

/** What an undo takes back: the asker's seat, and the decisions that go (oldest first) with the options' labels. */
export interface UndoPlan {
  seat: Seat;
  decisions: { version: number; seat: Seat; userId: string; label: Msg; revealed: boolean }[];
}

/** The decisions an undo takes back, as one line each ("Ada: Migrate"), for its vote and the log. */
export function undoList(plan: UndoPlan): Msg[] {
  return plan.decisions.map((d) => ({ key: 'undo.item', args: { p: { seat: d.seat }, what: d.label } }));
}

export interface ServiceOptions {
  now?: () => number;
  /** Seed for a new game; random by default (tests pass a fixed one). */
  newSeed?: () => string;
  /** This process's name for job claims (see `Ctx.worker`). */
  worker?: string;
  /** The shards this process runs (see `Ctx.shards`); all by default. */
  shards?: { ids: number[]; count: number } | null;
}

export class GameService {
  private readonly now: () => number;
  private readonly newSeed: () => string;
  /** Parsed snapshots of recently used games, by id (the JSON in the database stays the truth). */
  private readonly cache = new Map<number, { version: number; state: BaseState }>();
  private static readonly CACHE_SIZE = 256;

  /**
   * Keeps a parsed snapshot once the transaction that wrote it has committed: another process may commit a
   * different decision at the same version if ours rolls back, and the cache must never get ahead of the database.
   */
  private remember(gameId: number, version: number, state: BaseState, finished = false): void {
    this.repo.afterCommit(() => {
      this.cache.delete(gameId);
      if (finished) return;
      this.cache.set(gameId, { version, state });
      if (this.cache.size > GameService.CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    });
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

  async createLobby(p: { game: string; guildId: string | null; channelId: string; threadId: string | null; host: { id: string; name: string }; locale: string; options?: LobbyOptions }): Promise<Result<GameRow>> {
    const m = getGame(p.game);
    if (!m) return { ok: false, error: 'unknown_game' };
    const options: LobbyOptions = {};
    for (const o of m.engine.lobbyOptions) options[o.id] = p.options?.[o.id] ?? o.choices[0]!.value;
    const id = await this.repo.transaction(async () => {
      const id = await this.repo.createGame({ game: p.game, guildId: p.guildId, channelId: p.channelId, threadId: p.threadId, hostId: p.host.id, locale: p.locale, options });
      await this.repo.addPlayer(id, p.host.id, p.host.name);
      const serverDefault = p.guildId ? (await this.repo.guildSettings(p.guildId)).deadline_hours : null;
      await this.repo.update(id, { deadline_hours: serverDefault ?? 48 });
      return id;
    });
    return { ok: true, value: (await this.repo.game(id))! };
  }

  private async lobby(gameId: number): Promise<Result<{ row: GameRow; module: GameModule; players: PlayerRow[] }>> {
    const row = await this.repo.game(gameId);
    if (!row) return { ok: false, error: 'unknown_game' };
    if (row.status !== 'lobby') return { ok: false, error: 'not_lobby' };
    return { ok: true, value: { row, module: this.module(row), players: await this.repo.players(gameId) } };
  }

  join(gameId: number, user: { id: string; name: string }, kind: 'human' | 'ai' = 'human', aiLevel: string | null = null): Promise<Result<GameRow>> {
    return this.repo.transaction(async () => {
      const l = await this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.players.some((p) => p.user_id === user.id)) return { ok: false, error: 'already_joined' } as const;
      if (l.value.players.length >= l.value.module.engine.maxPlayers) return { ok: false, error: 'lobby_full' } as const;
      await this.repo.addPlayer(gameId, user.id, user.name, kind, aiLevel);
      await this.repo.update(gameId, {});
      return { ok: true, value: (await this.repo.game(gameId))! } as const;
    });
  }

  leave(gameId: number, userId: string): Promise<Result<GameRow>> {
    return this.repo.transaction(async () => {
      const l = await this.lobby(gameId);
      if (!l.ok) return l;
      if (!await this.repo.removePlayer(gameId, userId)) return { ok: false, error: 'not_joined' } as const;
      return { ok: true, value: (await this.repo.game(gameId))! } as const;
    });
  }

  /** The host removes a computer player from the lobby. */
  removeComputer(gameId: number, hostId: string, userId: string): Promise<Result<GameRow>> {
    return this.repo.transaction(async () => {
      const l = await this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.row.host_id !== hostId) return { ok: false, error: 'not_host' } as const;
      if (!userId.startsWith('ai:') || !await this.repo.removePlayer(gameId, userId)) return { ok: false, error: 'not_joined' } as const;
      return { ok: true, value: (await this.repo.game(gameId))! } as const;
    });
  }

  setOption(gameId: number, userId: string, optionId: string, value: string): Promise<Result<GameRow>> {
    return this.repo.transaction(async () => {
      const l = await this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.row.host_id !== userId) return { ok: false, error: 'not_host' } as const;
      const def = l.value.module.engine.lobbyOptions.find((o) => o.id === optionId);
      if (!def || !def.choices.some((c) => c.value === value)) return { ok: false, error: 'bad_option_value' } as const;
      const options = { ...JSON.parse(l.value.row.options), [optionId]: value };
      await this.repo.update(gameId, { options: JSON.stringify(options) });
      return { ok: true, value: (await this.repo.game(gameId))! } as const;
    });
  }

  /**
   * Starts the game: seats follow the join order (clockwise, as CLARIFICATIONS rules); everything the
   * rulebook leaves to chance (start player, tiles, cards) is drawn by the engine from the seed.
   */
  start(gameId: number, userId: string): Promise<Result<GameRow>> {
    return this.repo.transaction(async () => {
      const l = await this.lobby(gameId);
      if (!l.ok) return l;
      const { row, module, players } = l.value;
      if (row.host_id !== userId) return { ok: false, error: 'not_host' } as const;
      if (players.length < module.engine.minPlayers) return { ok: false, error: 'too_few_players', args: { min: module.engine.minPlayers } } as const;
      // A table of computers only would hold the computer players' workers for nobody.
      if (!players.some((p) => p.kind === 'human')) return { ok: false, error: 'no_human' } as const;
      const seed = this.newSeed();
      const options = withCurrentRulesVersion(withCurrentDataVersion(JSON.parse(row.options) as LobbyOptions, module.engine.dataVersions), module.engine.rulesVersions);
      const state = module.engine.setup(players.length, options, seed);
      for (const [seat, p] of players.entries()) await this.repo.setSeat(gameId, p.user_id, seat);
      await this.repo.update(gameId, { status: 'running', seed, options: JSON.stringify(options), state: JSON.stringify(state), version: 0 });
      this.remember(gameId, 0, state);
      await this.repo.syncTurns(gameId, module.engine.decisions(state).map((d) => d.seat));
      return { ok: true, value: (await this.repo.game(gameId))! } as const;
    });
  }

  cancel(gameId: number, userId: string): Promise<Result<GameRow>> {
    return this.repo.transaction(async () => {
      const l = await this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.row.host_id !== userId) return { ok: false, error: 'not_host' } as const;
      await this.repo.update(gameId, { status: 'abandoned', finished_at: this.now() });
      return { ok: true, value: (await this.repo.game(gameId))! } as const;
    });
  }

  setDeadline(gameId: number, userId: string, hours: number | null): Promise<Result<GameRow>> {
    return this.repo.transaction(async () => {
      const l = await this.lobby(gameId);
      if (!l.ok) return l;
      if (l.value.row.host_id !== userId) return { ok: false, error: 'not_host' } as const;
      await this.repo.update(gameId, { deadline_hours: hours });
      return { ok: true, value: (await this.repo.game(gameId))! } as const;
    });
  }

  async abandon(gameId: number): Promise<void> {
    await this.repo.transaction(async () => {
      await this.repo.update(gameId, { status: 'abandoned', finished_at: this.now() });
      await this.repo.clearTurns(gameId);
    });
    this.cache.delete(gameId);
  }

  private async recordResults(row: GameRow, outcome: Outcome): Promise<void> {
    const seats = await this.seats(row.id);
    for (const r of outcome.ranking) {
      const p = seats[r.seat];
      if (!p || p.kind === 'ai') continue;
      await this.repo.addResult({ game_id: row.id, user_id: p.user_id, game: row.game, guild_id: row.guild_id, place: r.place, score: r.score, won: outcome.winners.includes(r.seat) ? 1 : 0, players: seats.length });
    }
    // Every seat's place (computers too) and the ratings, in the same transaction.
    await recordPlacings(this.repo, row, seats, outcome, this.now());
  }

  /**
   * What `userId`'s undo takes back (BGA's policy): their own last standing decision and every decision after it,
   * oldest first, each with who made it and (`withLabels`) the label of the option chosen, drawn from a replay of the
   * seed. Null: nothing of theirs stands.
   */
  async undoPlan(gameId: number, userId: string, withLabels = false): Promise<UndoPlan | null> {
    const row = await this.repo.game(gameId);
    if (!row || row.status !== 'running' || !row.seed) return null;
    const seat = await this.seatOf(gameId, userId);
    if (seat === null) return null;
    const active = await this.repo.choices(gameId);
    let from = active.length - 1;
    while (from >= 0 && !(active[from]!.seat === seat && active[from]!.user_id === userId)) from--;
    if (from < 0) return null;
    const going = active.slice(from);
    const labels = new Map<number, Msg>();
    if (withLabels) {
      // The options' labels as they were offered: from a replay of the seed (an undo's vote and log line only).
      const engine = this.module(row).engine;
      let before: BaseState | null = null;
      for (const step of replaySteps(engine, (await this.seats(gameId)).length, JSON.parse(row.options), row.seed, active.map((d) => ({ seat: d.seat, option: d.option })))) {
        const d = active[step.index];
        if (d && step.index >= from) {
          const decision = decisionFor(engine, before!, d.seat);
          labels.set(d.version, (decision && resolveOption(decision, d.option)?.label) ?? { key: 'undo.unknown_option' });
        }
        before = step.state;
      }
    }
    const decisions = going.map((d) => ({ version: d.version, seat: d.seat, userId: d.user_id, label: labels.get(d.version) ?? { key: 'undo.unknown_option' }, revealed: !!d.revealed }));
    return { seat, decisions };
  }

  /**
   * Can `userId` take back their last decision alone? Only while nothing of anyone else's goes with it (what follows
   * it is theirs or computers') and nothing taken back revealed anything (no card drawn, no tile turned, no die thrown).
   */
  async undoStatus(gameId: number, userId: string): Promise<'alone' | 'needs_consent' | 'nothing'> {
    const plan = await this.undoPlan(gameId, userId);
    if (!plan) return 'nothing';
    return plan.decisions.every((d) => (d.userId === userId || d.userId.startsWith('ai:')) && !d.revealed) ? 'alone' : 'needs_consent';
  }

  /**
   * Takes back `userId`'s last standing decision and everything after it (see `undoPlan`); the state is rebuilt from
   * the seed and the rest. The log names every decision that went; `consent`: the people named agreed to it.
   */
  undoLast(gameId: number, version: number, by: { userId: string; name: string }, consent: boolean | { seat: Seat }[]): Promise<Result<{ game: GameRow; undone: number[] }>> {
    return this.repo.transaction(async () => {
      const row = await this.repo.game(gameId);
      if (!row) return { ok: false, error: 'unknown_game' } as const;
      if (row.status !== 'running') return { ok: false, error: 'not_running' } as const;
      if (version !== row.version) return { ok: false, error: 'stale' } as const;
      const plan = await this.undoPlan(gameId, by.userId, true);
      if (!plan) return { ok: false, error: 'unknown_option' } as const;
      for (const d of plan.decisions) await this.repo.markUndone(gameId, d.version);
      const state = await this.replayed(row);
      const newVersion = row.version + 1;
      await this.repo.update(gameId, { state: JSON.stringify(state), version: newVersion });
      this.remember(gameId, newVersion, state);
      await this.repo.syncTurns(gameId, this.module(row).engine.decisions(state).map((d) => d.seat));
      const list = undoList(plan);
      const asked = consent === true ? [...new Set(plan.decisions.filter((d) => d.seat !== plan.seat).map((d) => d.seat))].map((seat) => ({ seat })) : consent || [];
      // New keys (games stored before keep their `log.undo` lines, which name one decision by its version).
      const versions = plan.decisions.map((d) => d.version);
      await this.repo.addTableLog(gameId, newVersion, [{ msg: consent
        ? { key: 'log.undo_consent_list', args: { name: by.name, list, asked, versions } }
        : { key: 'log.undo_list', args: { name: by.name, list, versions } } }]);
      return { ok: true, value: { game: (await this.repo.game(gameId))!, undone: plan.decisions.map((d) => d.version) } } as const;
    });
  }

  /** A computer plays the seat of an absent player from now on (until they take it back). */
  async replaceSeat(gameId: number, seat: Seat, level: string): Promise<void> {
    await this.repo.transaction(async () => {
      await this.repo.setReplaced(gameId, seat, true, level);
      await this.repo.addTableLog(gameId, (await this.repo.game(gameId))!.version, [{ msg: { key: 'log.replaced', args: { p: { seat } } } }]);
    });
  }

  async reclaimSeat(gameId: number, seat: Seat): Promise<void> {
    await this.repo.transaction(async () => {
      await this.repo.setReplaced(gameId, seat, false, null);
      await this.repo.addTableLog(gameId, (await this.repo.game(gameId))!.version, [{ msg: { key: 'log.reclaimed', args: { p: { seat } } } }]);
    });
  }

  // ---- running games -------------------------------------------------------------------------------

  async state(row: GameRow): Promise<BaseState> {
    const hit = this.cache.get(row.id);
    if (hit && hit.version === row.version) return hit.state;
    if (!row.state) {
      // A compacted finished game keeps no snapshot: its final state is rebuilt from the seed and the decisions.
      if (!row.seed || row.status === 'running' || row.status === 'lobby') throw new Error(`game ${row.id} has no state`);
      const rebuilt = await this.replayed(row);
      this.remember(row.id, row.version, rebuilt);
      return rebuilt;
    }
    const parsed = JSON.parse(row.state) as BaseState;
    const engine = this.module(row).engine;
    const state = engine.upgrade ? engine.upgrade(parsed) : parsed;
    this.remember(row.id, row.version, state, row.status !== 'running');
    return state;
  }

  async seats(gameId: number): Promise<PlayerRow[]> {
    return (await this.repo.players(gameId)).filter((p) => p.seat !== null).sort((a, b) => a.seat! - b.seat!);
  }

  async seatOf(gameId: number, userId: string): Promise<Seat | null> {
    const p = (await this.repo.players(gameId)).find((x) => x.user_id === userId);
    return p?.seat ?? null;
  }

  async decisions(row: GameRow): Promise<Decision[]> {
    return row.status === 'running' ? this.module(row).engine.decisions(await this.state(row)) : [];
  }

  /**
   * Applies `optionId` for the seat of `userId` (or for `asSeat` when the table or a computer acts for a
   * seat), if the game is still at `version`. Exactly one of two simultaneous identical clicks wins.
   */
  async decide(gameId: number, actor: { userId: string; asSeat?: Seat }, version: number, optionId: string): Promise<Result<Decided>> {
    const r = await this.commitDecision(gameId, actor, version, optionId);
    if (r.ok) metrics.decisions.inc({ game: r.value.game.game });
    return r;
  }

  private commitDecision(gameId: number, actor: { userId: string; asSeat?: Seat }, version: number, optionId: string): Promise<Result<Decided>> {
    return this.repo.transaction(async () => {
      const row = await this.repo.game(gameId);
      if (!row) return { ok: false, error: 'unknown_game' } as const;
      if (row.status !== 'running') return { ok: false, error: 'not_running' } as const;
      const seat = actor.asSeat ?? await this.seatOf(gameId, actor.userId);
      if (seat === null) return { ok: false, error: 'not_seated' } as const;
      if (version !== row.version) return { ok: false, error: 'stale' } as const;
      const engine = this.module(row).engine;
      const before = await this.state(row);
      const r = apply(engine, before, seat, optionId);
      if (!r.ok) return { ok: false, error: r.error.code === 'not_your_turn' ? 'not_your_turn' : 'unknown_option', msg: r.error.msg } as const;
      const outcome = engine.outcome(r.state);
      const newVersion = row.version + 1;
      await this.repo.insertDecision({ game_id: gameId, version: newVersion, seat, option: optionId, user_id: actor.userId, events: JSON.stringify(r.events), at: this.now(), revealed: r.revealed ? 1 : 0 });
      await this.repo.update(gameId, {
        state: JSON.stringify(r.state),
        version: newVersion,
        ...(outcome ? { status: 'finished' as const, finished_at: this.now() } : {}),
      });
      this.remember(gameId, newVersion, r.state, !!outcome);
      await this.repo.syncTurns(gameId, engine.decisions(r.state).map((d) => d.seat));
      if (outcome) await this.recordResults(row, outcome);
      return { ok: true, value: { game: (await this.repo.game(gameId))!, before, state: r.state, seat, events: r.events, revealed: r.revealed, outcome } } as const;
    });
  }

  /** Rebuilds the state from the seed and the stored decisions (the snapshot must equal it). */
  async replayed(row: GameRow): Promise<BaseState> {
    const engine = this.module(row).engine;
    const choices = (await this.repo.choices(row.id)).map((d) => ({ seat: d.seat, option: d.option }));
    return replay(engine, (await this.seats(row.id)).length, JSON.parse(row.options), row.seed!, choices);
  }

  /** The log lines of a compacted game's standing decisions, by version, from a replay of the seed and choices. */
  private async replayedEvents(gameId: number): Promise<Map<number, GameEvent[]>> {
    const row = (await this.repo.game(gameId))!;
    const active = await this.repo.choices(gameId);
    const out = new Map<number, GameEvent[]>();
    const steps = replaySteps(this.module(row).engine, (await this.seats(gameId)).length, JSON.parse(row.options), row.seed!, active.map((d) => ({ seat: d.seat, option: d.option })));
    for (const step of steps) if (step.index >= 0) out.set(active[step.index]!.version, step.events);
    return out;
  }

  /**
   * Log lines visible to `seat` (null: public only), oldest first, with the version they belong to:
   * the decisions' events (taken-back ones marked) merged with the table's own lines; from version `fromVersion` on.
   */
  async log(gameId: number, seat: Seat | null, fromVersion = 1): Promise<{ version: number; event: GameEvent; undone?: boolean }[]> {
    const out: { version: number; event: GameEvent; undone?: boolean; order: number }[] = [];
    const visible = (e: GameEvent) => !e.to || (seat !== null && e.to.includes(seat));
    const rows = await this.repo.decisions(gameId, fromVersion);
    const replayedEvents = rows.some((d) => d.events === REPLAY_EVENTS) ? await this.replayedEvents(gameId) : null;
    for (const d of rows) {
      const events = d.events === REPLAY_EVENTS ? replayedEvents!.get(d.version) ?? [] : JSON.parse(d.events) as GameEvent[];
      for (const e of events) if (visible(e)) out.push({ version: d.version, event: e, order: 0, ...(d.undone ? { undone: true } : {}) });
    }
    for (const l of await this.repo.tableLog(gameId, fromVersion)) {
      for (const e of JSON.parse(l.events) as GameEvent[]) if (visible(e)) out.push({ version: l.version, event: e, order: 1 });
    }
    return out.sort((a, b) => a.version - b.version || a.order - b.order).map(({ order: _o, ...rest }) => rest);
  }
}
