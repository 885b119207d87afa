/** The lobby: opening it, seats, computers, options, deadline, start and cancel — each one transaction. */
import type { GameRow } from '../store/repo.js';
import { type Actor, type Ctx, type Done, done, fail, hostName, mayManageGames } from './context.js';
import type { Effect } from './effects.js';
import { play } from './play.js';

/** The deadlines a host can choose (hours; 0: none). */
export const DEADLINE_CHOICES = [12, 24, 48, 72, 0];
export const AI_LEVELS = ['strong', 'random'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

async function failed(ctx: Ctx, gameId: number, r: { ok: false; error: Parameters<typeof fail>[0]; args?: Record<string, string | number> }) {
  const g = await ctx.repo.game(gameId);
  return fail(r.error, { ...(g ? { host: await hostName(ctx, g) } : {}), ...r.args });
}

/**
 * A cancelled lobby's own thread (the one made for it, not a thread it was opened in) hears who cancelled it and is
 * archived and locked, as two jobs in the game's lane: the line first, for posting into an archived thread reopens it.
 */
export function cancelledLobbyEffects(g: GameRow, by: string): Effect[] {
  if (!g.thread_id || g.thread_id === g.channel_id) return [];
  return [{ kind: 'lobby_cancelled', gameId: g.id, threadId: g.thread_id, by }, { kind: 'archive', gameId: g.id, threadId: g.thread_id }];
}

export const lobby = {
  /** Opens a lobby in a channel or thread; the host takes the first seat. */
  async open(ctx: Ctx, p: { game: string; actor: Actor; channelId: string; threadId: string | null; locale: string }): Promise<Done<GameRow>> {
    if (p.threadId && (await ctx.repo.liveGameIn(p.threadId))?.thread_id === p.threadId) return fail('game_here');
    const r = await ctx.games.createLobby({ game: p.game, guildId: p.actor.guildId, channelId: p.channelId, threadId: p.threadId, host: p.actor, locale: p.locale });
    return r.ok ? done(r.value) : fail(r.error);
  },

  /**
   * Where the lobby card and the game's thread are, once Discord made them (`threadId: null`: no thread could be
   * made, the game lives in its channel). Until then nothing of the game is posted.
   */
  async placed(ctx: Ctx, gameId: number, where: { lobbyMessageId?: string | null; threadId?: string | null }): Promise<Done<null>> {
    if (where.lobbyMessageId !== undefined) await ctx.repo.update(gameId, { lobby_message_id: where.lobbyMessageId });
    if (where.threadId === undefined) return done(null);
    // A thread that comes after the game stopped waiting for it (it posts in its channel by then) is not used: a
    // game never splits between channel and thread. The empty thread is archived.
    if (where.threadId && (await ctx.repo.game(gameId))?.lives_in_channel) return done(null, [{ kind: 'archive', gameId, threadId: where.threadId }]);
    await ctx.repo.update(gameId, where.threadId ? { thread_id: where.threadId } : { lives_in_channel: 1 });
    return done(null);
  },

  async join(ctx: Ctx, gameId: number, actor: Actor): Promise<Done<GameRow>> {
    const r = await ctx.games.join(gameId, actor);
    return r.ok ? done(r.value) : await failed(ctx, gameId, r);
  },

  async leave(ctx: Ctx, gameId: number, actor: Actor): Promise<Done<GameRow>> {
    const r = await ctx.games.leave(gameId, actor.id);
    return r.ok ? done(r.value) : await failed(ctx, gameId, r);
  },

  /** The host seats a computer player ("Computer 2 ★": strong, "🎲": random). */
  async addComputer(ctx: Ctx, gameId: number, actor: Actor, level: string): Promise<Done<GameRow>> {
    if (!(AI_LEVELS as readonly string[]).includes(level)) return fail('bad_option_value');
    const g = await ctx.repo.game(gameId);
    if (!g) return fail('unknown_game');
    if (g.host_id !== actor.id) return failed(ctx, gameId, { ok: false, error: 'not_host' });
    const taken = new Set((await ctx.repo.players(gameId)).map((p) => p.user_id));
    let n = 1;
    while (taken.has(`ai:${n}`)) n++;
    const r = await ctx.games.join(gameId, { id: `ai:${n}`, name: `Computer ${n} ${level === 'strong' ? '★' : '🎲'}` }, 'ai', level);
    return r.ok ? done(r.value) : await failed(ctx, gameId, r);
  },

  async removeComputer(ctx: Ctx, gameId: number, actor: Actor, userId: string): Promise<Done<GameRow>> {
    const r = await ctx.games.removeComputer(gameId, actor.id, userId);
    return r.ok ? done(r.value) : await failed(ctx, gameId, r);
  },

  async setOption(ctx: Ctx, gameId: number, actor: Actor, optionId: string, value: string): Promise<Done<GameRow>> {
    const r = await ctx.games.setOption(gameId, actor.id, optionId, value);
    return r.ok ? done(r.value, [{ kind: 'lobby', gameId }]) : await failed(ctx, gameId, r);
  },

  async setDeadline(ctx: Ctx, gameId: number, actor: Actor, hours: number): Promise<Done<GameRow>> {
    if (!DEADLINE_CHOICES.includes(hours)) return fail('out_of_range');
    const r = await ctx.games.setDeadline(gameId, actor.id, hours || null);
    return r.ok ? done(r.value) : await failed(ctx, gameId, r);
  },

  /** The host starts: seats are dealt, the first table is posted, the first players are told. */
  async start(ctx: Ctx, gameId: number, actor: Actor): Promise<Done<GameRow>> {
    const r = await ctx.games.start(gameId, actor.id);
    if (!r.ok) return failed(ctx, gameId, r);
    const effects: Effect[] = [
      { kind: 'notice', gameId, msg: { key: 'lobby.started', args: { seats: (await ctx.games.seats(gameId)).map((_, seat) => ({ key: 'lobby.seat', args: { n: seat + 1, p: { seat } } })) } } },
      ...await play.consequencesOf(ctx, gameId, null, [], []),
    ];
    return done(r.value, effects);
  },

  /** The host (or a moderator) cancels the lobby; its thread says so and is archived. */
  async cancel(ctx: Ctx, gameId: number, actor: Actor): Promise<Done<GameRow>> {
    const g = await ctx.repo.game(gameId);
    if (!g) return fail('unknown_game');
    if (g.host_id !== actor.id && !await mayManageGames(ctx, actor)) return failed(ctx, gameId, { ok: false, error: 'not_host' });
    const r = await ctx.games.cancel(gameId, g.host_id);
    return r.ok ? done(r.value, cancelledLobbyEffects(r.value, actor.name)) : await failed(ctx, gameId, r);
  },
};
