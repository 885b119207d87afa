/**
 * What every service function shares: the store, the game core, the clock; who is acting and what they may do;
 * and the typed result every policy returns (a value and the effects to carry out, or an error with a code).
 */
import type { Msg, Seat } from '../engine/types.js';
import type { GameRow, PlayerRow, Repo } from '../store/repo.js';
import type { Effect } from './effects.js';
import type { GameService } from './games.js';

export interface Ctx {
  repo: Repo;
  games: GameService;
  now: () => number;
  /**
   * Who this process is, for claims on jobs shared with other processes: stable across restarts (host and shards),
   * so a restarted process takes back at once what it held when it stopped.
   */
  worker: string;
  /**
   * The shards this process runs (`SHARDS` of `SHARD_COUNT`); null: all. A process carries out only the jobs of
   * games in its shards' servers (games outside servers and the daily digests: shard 0), because Discord tells a
   * process about its own shards' servers only.
   */
  shards: Shards | null;
}

export interface Shards { ids: number[]; count: number }

/** The shard of a server (Discord's rule); games outside servers (DMs) belong to shard 0. */
export function shardOf(guildId: string | null, count: number): number {
  return guildId ? Number((BigInt(guildId) >> 22n) % BigInt(count)) : 0;
}

export type ServiceError =
  | 'unknown_game' | 'not_lobby' | 'not_running' | 'not_host' | 'already_joined' | 'not_joined' | 'lobby_full'
  | 'too_few_players' | 'no_human' | 'not_seated' | 'stale' | 'not_your_turn' | 'unknown_option' | 'bad_option_value'
  | 'not_allowed' | 'out_of_range' | 'unknown_time_zone' | 'no_game_here' | 'game_here' | 'vote_open' | 'vote_closed' | 'not_voter'
  | 'undo_nothing' | 'undo_alone_only' | 'vacation_too_long' | 'wrong_message' | 'server_only';

export type Failure = { ok: false; error: ServiceError; msg?: Msg; args?: Record<string, string | number> };
export type Result<T> = { ok: true; value: T } | Failure;
/** A policy's answer: the value and the effects its commit causes, or why nothing changed. */
export type Done<T> = { ok: true; value: T; effects: Effect[] } | Failure;

export const fail = (error: ServiceError, args?: Record<string, string | number>, msg?: Msg): Failure => ({ ok: false, error, ...(args ? { args } : {}), ...(msg ? { msg } : {}) });
export const done = <T>(value: T, effects: Effect[] = []): Done<T> => ({ ok: true, value, effects });

/** Who acts, as far as the table's rules care. */
export interface Actor {
  id: string;
  name: string;
  guildId: string | null;
  /** Discord permissions of the member in this channel. */
  canManageThreads?: boolean;
  canManageGuild?: boolean;
  roles?: string[];
}

/** Moderators (Manage Threads), server managers and the server's Campfire manager role manage games. */
export async function mayManageGames(ctx: Ctx, actor: Actor): Promise<boolean> {
  const role = actor.guildId ? (await ctx.repo.guildSettings(actor.guildId)).manager_role : null;
  return !!actor.canManageThreads || !!actor.canManageGuild || (!!role && (actor.roles ?? []).includes(role));
}

/** The people seated at a running game who play their seat themselves (not handed to a computer). */
export function present(seats: PlayerRow[]): PlayerRow[] {
  return seats.filter((p) => p.kind === 'human' && !p.replaced);
}

export async function hostName(ctx: Ctx, g: GameRow): Promise<string> {
  return (await ctx.repo.players(g.id)).find((p) => p.user_id === g.host_id)?.name ?? '?';
}

export type { Seat };
