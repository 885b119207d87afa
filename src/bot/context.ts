/**
 * What every handler shares: the service (the table's rules), the platform (Discord), the effects runner, the
 * logger; the two kinds of error (a player's mistake, answered in their language, or a bug); and small helpers
 * to turn service results into answers.
 */
import type { Formatter, Locale } from '../engine/i18n.js';
import type { Msg } from '../engine/types.js';
import type { GameModule } from '../games/types.js';
import type { Actor, Campfire, Failure } from '../service/index.js';
import type { GameRow } from '../store/repo.js';
import type { Pictures } from './pictures.js';
import type { Ix, Logger, Platform } from './platform.js';
import { discordTranslator, safeName } from './present.js';

export interface BotContext {
  cf: Campfire;
  platform: Platform;
  log: Logger;
  /** The job runner: woken after every interaction (what it committed waits as jobs). */
  effects: {
    wake(): void;
    /**
     * An interaction of the game is being answered: its posts wait until `release` (a table never overtakes the
     * answer to the click that caused it, and may go out as that click's follow-up, which Discord allows only once
     * the click was answered).
     */
    hold?(gameId: number): void;
    release?(gameId: number): void;
  };
  /** Where pictures are drawn (worker threads in the bot process). */
  pictures: Pictures;
  now(): number;
}

/** An expected mistake of a player: answered privately in their language, never logged as a bug. */
export class UserError extends Error {
  constructor(readonly msg: Msg) { super(msg.key); }
}

/** Service error codes whose text lives under another key than `error.<code>`. */
export function failure(f: Failure): never {
  if (f.msg) throw new UserError(f.msg);
  throw new UserError({ key: `error.${f.error}`, ...(f.args ? { args: f.args } : {}) });
}

/** Unwraps a service result, or answers the player why not. */
export function must<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) failure(r as unknown as Failure);
  return r as Extract<T, { ok: true }>;
}

export function actorOf(ix: Ix): Actor {
  return { id: ix.user.id, name: ix.user.name, guildId: ix.guildId, canManageThreads: ix.canManageThreads, canManageGuild: !!ix.canManageGuild, roles: ix.roles ?? [] };
}

/** Where a game's posts go: its thread, or the channel when it has none. */
export function place(g: GameRow): string {
  return g.thread_id ?? g.channel_id;
}

/**
 * A formatter for `locale` with the game's catalogue and its players' names (escaped for Discord); `names`: the
 * seats' names when the caller has them already (a seat's or the table's view), else they are read.
 */
export async function tr(c: BotContext, locale: Locale, g?: GameRow, names?: string[]): Promise<Formatter> {
  const module: GameModule | undefined = g ? await c.cf.views.module(g) : undefined;
  return discordTranslator(locale, module, g ? (names ?? await c.cf.views.names(g.id)).map(safeName) : []);
}

/** The game of the channel or thread an interaction came from. */
export async function gameHere(c: BotContext, ix: Ix): Promise<GameRow> {
  return must(await c.cf.views.gameIn(ix.channelId)).value;
}
