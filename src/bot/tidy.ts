/**
 * Tidying: edits that only take away what is stale (a replaced table's buttons, a DM panel answered, a vote post
 * closed). Discord allows a bot few edits of messages older than an hour (429 / 30046), and each refused one counts
 * toward its invalid-request limit: tidying edits only fresh messages and gives up an edit Discord refuses. Where
 * the information matters (a vote's verdict), it is posted as a message of its own instead.
 */
import type { Effect } from '../service/index.js';
import { metrics } from '../ops/metrics.js';
import { place, tr, type BotContext } from './context.js';
import { OLD_MESSAGE_MS, postedAt, type OutMessage } from './platform.js';
import { deadlineMessage } from './polls.js';

/**
 * Cosmetic edits (buttons off, a vote closed, a DM collapsed) are made only while the message is younger than
 * this: Discord allows a bot few edits of messages older than an hour (30046), and each refused one counts toward
 * its invalid-request limit. Older buttons stay and answer a click with the newest state.
 */
export const FRESH_MS = OLD_MESSAGE_MS - 5 * 60_000;

/**
 * An edit that only tidies (the news went out elsewhere): made while the message is fresh, else left undone; one
 * Discord refuses (30046) is left undone too. True when it was made.
 */
export async function tidyEdit(c: BotContext, kind: string, channelId: string, messageId: string, msg: OutMessage): Promise<boolean> {
  const at = postedAt(messageId);
  if (at !== null && c.now() - at > FRESH_MS) {
    metrics.editsSpared.inc({ kind, why: 'old' });
    return false;
  }
  if (await c.platform.edit(channelId, messageId, msg)) return true;
  metrics.editsSpared.inc({ kind, why: 'refused' });
  return false;
}

/**
 * A replaced table loses its buttons: through the token it went out with while that is good (Discord does not
 * limit such edits), else in its channel while it is fresh. An older table keeps them: a click on them opens the
 * newest panel, hand or log.
 */
/** Buttons off, the rest kept (a table in the container layout keeps its container). */
const OFF: OutMessage = { components: [], buttonsOff: true };

export async function tableOff(c: BotContext, e: Extract<Effect, { kind: 'table_off' }>): Promise<void> {
  if (e.token && (e.until ?? 0) > c.now() && c.platform.editFollowUp && await c.platform.editFollowUp(e.token, e.messageId, OFF)) return;
  await tidyEdit(c, 'table_off', e.channelId, e.messageId, OFF);
}

export async function buttonsOff(c: BotContext, gameId: number): Promise<void> {
  const g = await c.cf.views.game(gameId);
  if (g?.table_message_id) await tidyEdit(c, 'buttons_off', place(g), g.table_message_id, OFF);
}

/** A DM panel whose turn is over (answered, or the game moved on) collapses to one line: no picture, no buttons. */
export async function dmOff(c: BotContext, e: Extract<Effect, { kind: 'dm_off' }>): Promise<void> {
  const g = await c.cf.views.game(e.gameId);
  if (!g) return;
  const to = await c.cf.views.recipient(e.gameId, e.seat);
  const t = await tr(c, to?.locale ?? await c.cf.views.publicLocale(g), g);
  const game = (await c.cf.views.module(g)).engine.name;
  // Moved on while the seat still owes a decision (another seat's move in a simultaneous phase): say where it is.
  const owes = e.why === 'moved_on' && g.status === 'running' && !!(await c.cf.views.seatAt(g, e.seat)).decision;
  const key = owes ? 'panel.dm_moved_on_owing' : `panel.dm_${e.why}`;
  await tidyEdit(c, 'dm_off', e.channelId, e.messageId, { content: t({ key, args: { game, link: c.platform.link(g.guild_id, place(g)) } }), components: [], files: [] });
}

/**
 * A vote is over: its post shows the verdict while it is fresh; an older one (Discord limits edits of old
 * messages) keeps its buttons, which answer "this vote is over", and the verdict is posted as a short message of
 * its own. A player who came back needs no such post: the table that follows shows it.
 */
export async function voteClosed(c: BotContext, e: Extract<Effect, { kind: 'vote_closed' }>, n: string): Promise<void> {
  const g = await c.cf.views.game(e.gameId);
  if (!g) return;
  const t = await tr(c, await c.cf.views.publicLocale(g), g);
  const name = (await c.cf.views.names(e.gameId))[e.seat] ?? '?';
  const m = deadlineMessage(e.gameId, g.version, e.seat, name, e.tally, t, e.verdict, e.hours);
  if (e.by === 'time') m.content = `${m.content}\n${t({ key: 'deadline.closed_by_time' })}`;
  if (await tidyEdit(c, 'vote_closed', place(g), e.messageId, m) || e.verdict === 'answered') return;
  await c.platform.post(place(g), { content: m.content }, { nonce: n });
}
