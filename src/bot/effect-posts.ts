/**
 * What the job runner's effects do on Discord (effects.ts runs them): the table posted or redrawn in place, a seat's
 * DM, the lobby's card, notices, reminders and deadline votes. Each is drawn from the newest state when it runs.
 */
import type { Seat } from '../engine/types.js';
import type { Effect } from '../service/index.js';
import type { GameRow } from '../store/repo.js';
import { metrics } from '../ops/metrics.js';
import { place, tr, type BotContext } from './context.js';
import { panel } from './panels.js';
import { makeId } from './ids.js';
import { postedAt, WaitingError, type OutMessage } from './platform.js';
import { deadlineMessage } from './polls.js';
import { lobbyPaces } from './pace.js';
import { lobbyMessage, safeName, winnerLine } from './present.js';
import { tableMessage } from './table.js';
import { FRESH_MS, tidyEdit } from './tidy.js';

/** A game opened in a channel waits this long for its thread before it is posted in the channel instead. */
export const THREAD_WAIT_MS = 60_000;

/**
 * Where a game posts: its thread; the channel when it has none. While its thread is still being made nothing
 * is posted (the job waits), so the first table never lands in the channel by mistake.
 */
export async function placeOf(c: BotContext, g: GameRow): Promise<string> {
  if (g.thread_id || g.lives_in_channel) return place(g);
  if (c.now() - g.created_at < THREAD_WAIT_MS) throw new WaitingError('the game\'s thread is still being made', 1000);
  // No thread in time: the game lives in its channel for good (a thread that comes later is not used).
  return c.cf.posts.threadLate(g.id);
}

/**
 * Posts a fresh table message (board, what happened, who acts); the old one loses its buttons in a later job.
 * While the game's newest click in its thread is recent, the table goes out as that click's follow-up: Discord
 * does not count interaction webhooks against the bot's 50 requests a second, so under load the budget is left to
 * DMs and tidying. Else, or when Discord refuses the token, it is a channel post with the job's nonce.
 */
export async function postTable(c: BotContext, gameId: number, n?: string): Promise<void> {
  const view = await c.cf.views.table(gameId);
  if (!view) return;
  const g = view.game;
  const where = await placeOf(c, g);
  const message = await tableMessage(c, view);
  const followed = await tableByFollowUp(c, g, where, message);
  metrics.tables.inc({ via: followed ? 'follow_up' : 'channel' });
  const messageId = followed?.id ?? await c.platform.post(where, message, { nonce: n && `${n}t${g.version}` });
  if (!messageId) {
    if (g.thread_id && !(await c.platform.exists(g.thread_id))) {
      // The game's thread was deleted: the game carries on in the channel it was opened from.
      c.log.warn('game thread deleted; moving the game to its channel', { gameId, thread: g.thread_id });
      await c.cf.posts.threadGone(gameId);
      const t = await tr(c, view.locale, g);
      await c.platform.post(g.channel_id, { content: t({ key: 'table.thread_gone', args: { game: view.module.engine.name, id: gameId } }) }, { nonce: n && `${n}g` });
      return postTable(c, gameId, n && `${n}m`);
    }
    c.log.warn('table post refused for good; /campfire status or the next action posts it again', { gameId });
    return;
  }
  await c.cf.posts.tablePosted(gameId, g.version, messageId, where, followed?.via);
}

/**
 * Redraws the game's newest table in place with the newest state (a step inside one person's turn): no ping, its
 * "what happened" keeps the lines since it was posted. Through the token it went out with while that is good, else
 * in its channel while it is fresh. With no table to edit, or one Discord will not let us edit, a table is posted
 * instead (the post's content pings nobody it has not pinged: the people who must act now already were). A table
 * older than an hour without a good token is left as it is (Discord allows few edits of old messages): the next
 * handover posts the new one.
 */
export async function editTable(c: BotContext, gameId: number, n?: string): Promise<void> {
  const g0 = await c.cf.views.game(gameId);
  if (!g0 || !g0.seed) return;
  if (!g0.table_message_id || g0.table_version === null) return postTable(c, gameId, n);
  // A post or an edit since has shown this version already.
  if (g0.table_version >= g0.version) return;
  const view = await c.cf.views.table(gameId, true);
  if (!view) return;
  const g = view.game;
  const message = await tableMessage(c, view, false);
  const where = place(g);
  const posted = postedAt(g.table_message_id!);
  const fresh = posted === null || c.now() - posted <= FRESH_MS;
  const viaToken = !!g.table_token && (g.table_token_until ?? 0) > c.now() && !!c.platform.editFollowUp;
  const edited = (viaToken && await c.platform.editFollowUp!(g.table_token!, g.table_message_id!, message))
    || (fresh && await c.platform.edit(where, g.table_message_id!, message));
  if (!edited) {
    if (!fresh) {
      metrics.editsSpared.inc({ kind: 'table_edit', why: 'old' });
      return;
    }
    return postTable(c, gameId, n);
  }
  metrics.tables.inc({ via: 'edit' });
  await c.cf.posts.tableEdited(gameId, g.version);
}



/**
 * The table as a follow-up of the game's newest click, when its token is still good (its id, and the token it went
 * out with); null: post it in the channel.
 */
async function tableByFollowUp(c: BotContext, g: GameRow, where: string, message: OutMessage): Promise<{ id: string; via?: { token: string; until: number } } | null> {
  if (!c.platform.followUp) return null;
  // A run before this one may have posted it as a follow-up and died before recording it: look first.
  if (g.table_via === g.version && g.table_version !== g.version && c.platform.findPosted) {
    const found = await c.platform.findPosted(where, makeId('T', g.id, g.version, ''));
    if (found) return { id: found, ...(g.reply_token ? { via: { token: g.reply_token, until: g.reply_until ?? 0 } } : {}) };
  }
  if (!g.reply_token || (g.reply_until ?? 0) <= c.now() || where !== (g.thread_id ?? g.channel_id)) return null;
  const via = await c.cf.posts.replyToken(g.id, g.version);
  if (!via) return null;
  const id = await c.platform.followUp(via.token, message);
  if (!id) {
    await c.cf.posts.replyTokenRefused(g.id, via.token);
    return null;
  }
  return { id, via };
}

/** Sends a seat its hand and choices by DM, unless the player turned DMs off. A closed DM is noted once. */
export async function dm(c: BotContext, gameId: number, seat: Seat, why: 'turn' | 'private' | 'step' | 'remind', n: string, dueAt?: number): Promise<void> {
  const g = await c.cf.views.game(gameId);
  const to = await c.cf.views.recipient(gameId, seat);
  if (!g || !to || !to.dms || (g.status !== 'running' && g.status !== 'finished')) return;
  // One DM per turn: a step (or news for the hand) while the seat's DM of this turn is live redraws that DM.
  const live = why === 'step' || why === 'private' ? await c.cf.posts.dmPanel(gameId, seat) : null;
  if (why === 'step' && !live) return;
  // Where the game lives first: a DM links to it, and a closed DM is noted there (never lost to a thread in the making).
  const where = await placeOf(c, g);
  const locale = to.locale ?? await c.cf.views.publicLocale(g);
  const v = await c.cf.views.seatAt(g, seat);
  const t = await tr(c, locale, g, v.names);
  const link = c.platform.link(g.guild_id, where);
  const game = (await c.cf.views.module(g)).engine.name;
  const lead = why === 'remind' && dueAt !== undefined
    ? t({ key: 'panel.dm_remind', args: { game, link, when: `<t:${Math.floor(dueAt / 1000)}:R>`, date: `<t:${Math.floor(dueAt / 1000)}:f>` } })
    : t({ key: why === 'private' ? 'panel.dm_private' : 'panel.dm_intro', args: { game, link } });
  // A turn's DM that comes after the seat already chose (from the table's ping) has nothing left to say.
  if (why === 'turn' && !v.decision && g.status === 'running') return;
  if (live) {
    if (live.version >= g.version) return;
    const intro = t({ key: 'panel.dm_intro', args: { game, link } });
    // Redrawn in place while fresh (Discord allows few edits of messages older than an hour).
    const at = postedAt(live.messageId);
    const fresh = at === null || c.now() - at <= FRESH_MS;
    if (v.decision && !v.replaced && fresh && await c.platform.edit(live.channelId, live.messageId, await panel(c, v, locale, 0, intro))) {
      await c.cf.posts.dmPanelSent(gameId, seat, live, g.version, true);
      return;
    }
    if (why === 'step') return;
  }
  const { result, message } = await c.platform.dm(to.userId, await panel(c, v, locale, 0, lead), { nonce: `${n}d` });
  // A DM whose buttons choose is recorded, so that it loses them once answered or stale (a `dm_off` job).
  if (message && v.decision && !v.replaced) await c.cf.posts.dmPanelSent(gameId, seat, message, v.game.version);
  if (await c.cf.posts.dmResult(to.userId, result)) {
    await c.platform.post(where, { content: (await tr(c, await c.cf.views.publicLocale(g), g))({ key: 'panel.dm_closed_note', args: { name: safeName(to.name) } }) }, { nonce: `${n}c` });
  }
}

export async function redrawLobby(c: BotContext, gameId: number): Promise<void> {
  const g = await c.cf.views.game(gameId);
  if (!g?.lobby_message_id) return;
  const t = await tr(c, await c.cf.views.publicLocale(g), g);
  const table = g.status === 'finished' ? await c.cf.views.table(gameId) : null;
  const result = table?.outcome ? winnerLine(table.outcome, table.names.map(safeName), t) : undefined;
  const link = g.thread_id ? c.platform.link(g.guild_id, g.thread_id) : undefined;
  const players = await c.cf.views.players(gameId);
  const m = lobbyMessage(g, players, await c.cf.views.module(g), t, { link, result, paces: await lobbyPaces(c, g, players, t.locale) });
  if (g.status === 'abandoned') m.content = t({ key: 'lobby.cancelled', args: { host: safeName((await c.cf.views.players(gameId)).find((p) => p.user_id === g.host_id)?.name ?? '?') } });
  // A lobby's card is its news, edited whatever its age (Discord may refuse: given up). Once the game began, an old
  // card stays as it is (its buttons answer that the game has begun or ended); the thread has the news.
  if (g.status !== 'lobby') await tidyEdit(c, 'lobby', g.channel_id, g.lobby_message_id, m);
  else if (!await c.platform.edit(g.channel_id, g.lobby_message_id, m)) metrics.editsSpared.inc({ kind: 'lobby', why: 'refused' });
}

export async function notice(c: BotContext, gameId: number, e: Extract<Effect, { kind: 'notice' }>, n: string): Promise<void> {
  const g = await c.cf.views.game(gameId);
  if (!g) return;
  const t = await tr(c, await c.cf.views.publicLocale(g), g);
  await c.platform.post(await placeOf(c, g), { content: t(e.msg), mentionUsers: e.mention ?? [] }, { nonce: n });
}



export async function lobbyCancelled(c: BotContext, e: Extract<Effect, { kind: 'lobby_cancelled' }>, n: string): Promise<void> {
  const g = await c.cf.views.game(e.gameId);
  if (!g) return;
  const t = await tr(c, await c.cf.views.publicLocale(g), g);
  await c.platform.post(e.threadId, { content: t({ key: 'lobby.cancelled_thread', args: { name: safeName(e.by) } }) }, { nonce: n });
}

/** Archives and locks a thread; where Discord refuses the lock (no Manage Threads), archived alone. */
export async function archive(c: BotContext, threadId: string): Promise<void> {
  if (!await c.platform.archiveThread(threadId, true)) await c.platform.archiveThread(threadId, false);
}

export async function remind(c: BotContext, gameId: number, seat: Seat, dueAt: number, n: string): Promise<void> {
  const g = await c.cf.views.game(gameId);
  const to = await c.cf.views.recipient(gameId, seat);
  if (!g || !to) return;
  const t = await tr(c, await c.cf.views.publicLocale(g), g);
  const when = `<t:${Math.floor(dueAt / 1000)}:R>`, date = `<t:${Math.floor(dueAt / 1000)}:f>`;
  await c.platform.post(await placeOf(c, g), { content: t({ key: 'remind.text', args: { mention: `<@${to.userId}>`, game: (await c.cf.views.module(g)).engine.name, when, date } }), mentionUsers: [to.userId] }, { nonce: n });
  if (to.dms) await dm(c, gameId, seat, 'remind', n, dueAt);
}

export async function deadlineVote(c: BotContext, gameId: number, seat: Seat, n: string, quiet: string[]): Promise<void> {
  const g = await c.cf.views.game(gameId);
  if (!g || g.status !== 'running') return;
  const vote = await c.cf.deadlines.voteState(gameId, seat);
  if (!vote.open) return;
  const t = await tr(c, await c.cf.views.publicLocale(g), g);
  const m = deadlineMessage(gameId, g.version, seat, vote.name, vote.tally, t);
  const closes = vote.closesAt ? `\n${t({ key: 'deadline.closes', args: { when: `<t:${Math.floor(vote.closesAt / 1000)}:R>` } })}` : '';
  // Everyone is named; those in their quiet hours are not pinged (they get a DM when their quiet hours end).
  const id = await c.platform.post(await placeOf(c, g), { ...m, content: `${vote.voters.map((u) => `<@${u}>`).join(' ')}\n${m.content}${closes}`, mentionUsers: vote.voters.filter((u) => !quiet.includes(u)) }, { nonce: n });
  if (id) await c.cf.votes.pollPosted(gameId, `deadline.${seat}`, id);
}

export async function voteDm(c: BotContext, gameId: number, seat: Seat, userId: string, n: string): Promise<void> {
  const g = await c.cf.views.game(gameId);
  const vote = await c.cf.deadlines.voteState(gameId, seat);
  if (!g || g.status !== 'running' || !vote.open || !vote.voters.includes(userId)) return;
  const t = await tr(c, await c.cf.views.dmLocale(userId) ?? await c.cf.views.publicLocale(g), g);
  await c.platform.dm(userId, { content: t({ key: 'deadline.vote_dm', args: { name: safeName(vote.name), game: (await c.cf.views.module(g)).engine.name, link: c.platform.link(g.guild_id, place(g)), when: vote.closesAt ? `<t:${Math.floor(vote.closesAt / 1000)}:R>` : '' } }) }, { nonce: n });
}
