/** What Discord did with our posts, recorded: the newest table, a deleted thread, a closed DM, a seat's DM panel. */
import type { Seat } from '../engine/types.js';
import type { PlayerRow } from '../store/repo.js';
import { type Ctx, type Done, done } from './context.js';
import type { Effect } from './effects.js';

type DmOff = Extract<Effect, { kind: 'dm_off' }>;

const offEffect = (gameId: number, seat: Seat, dm: { channelId: string; messageId: string }, why: DmOff['why']): DmOff =>
  ({ kind: 'dm_off', gameId, seat, channelId: dm.channelId, messageId: dm.messageId, why });

/** The seat's recorded DM panel, if it has one with live buttons. */
function dmOf(p: PlayerRow | undefined): { channelId: string; messageId: string; version: number } | null {
  return p?.dm_channel_id && p.dm_message_id ? { channelId: p.dm_channel_id, messageId: p.dm_message_id, version: p.dm_version ?? 0 } : null;
}

/**
 * The recorded DM panels of the game drawn before its current version, whose buttons are stale now. A seat that owed
 * a decision before the change (`owedBefore`) and still owes one keeps its DM of this turn: it is redrawn in place (`dm` `step`). A seat whose turn left it has its
 * DM collapse to one line without picture or buttons (`dm_off`: `answered` for the seat that just chose, `moved_on`
 * for the others), and the record is cleared here, in the transaction of the change, so each DM is taken off once.
 * Call inside that transaction.
 */
export async function stalePanelsOff(ctx: Ctx, gameId: number, answered: Seat | null = null, owedBefore: Seat[] = []): Promise<Effect[]> {
  const g = await ctx.repo.game(gameId);
  if (!g) return [];
  // Seats that held a decision before the change and still do: their turn goes on.
  const owing = new Set(g.status === 'running' ? (await ctx.games.decisions(g)).map((d) => d.seat).filter((s) => owedBefore.includes(s)) : []);
  const effects: Effect[] = [];
  for (const p of await ctx.repo.players(gameId)) {
    const dm = dmOf(p);
    if (p.seat === null || !dm || (dm.version >= g.version && g.status === 'running')) continue;
    if (owing.has(p.seat) && !p.replaced) {
      effects.push({ kind: 'dm', gameId, seat: p.seat, why: 'step' });
      continue;
    }
    await ctx.repo.setDmPanel(gameId, p.seat, null);
    effects.push(offEffect(gameId, p.seat, dm, p.seat === answered ? 'answered' : 'moved_on'));
  }
  return effects;
}

/** The seat's DM of this turn, if it has one with live buttons (a `step` redraws it in place). */
export async function dmPanelOf(ctx: Ctx, gameId: number, seat: Seat): Promise<{ channelId: string; messageId: string; version: number } | null> {
  return dmOf((await ctx.repo.players(gameId)).find((p) => p.seat === seat));
}

/**
 * The seat chose on the DM `messageId`: if that is its recorded DM panel, the interaction's answer is redrawing it now
 * (the next step, or "done" with an undo button), so it stays recorded at the new version and loses its buttons with
 * the next change (`live`); a redraw without buttons needs nothing more. Call inside the choice's transaction.
 */
export async function answeredOnDm(ctx: Ctx, gameId: number, seat: Seat, messageId: string, live: boolean): Promise<void> {
  const g = await ctx.repo.game(gameId);
  const dm = dmOf((await ctx.repo.players(gameId)).find((p) => p.seat === seat));
  if (!g || dm?.messageId !== messageId) return;
  await ctx.repo.setDmPanel(gameId, seat, live && g.status === 'running' ? { ...dm, version: g.version } : null);
}

export const posts = {
  /** The seat's DM of this turn with live buttons, if any (redrawn in place by a `step`). */
  dmPanel: dmPanelOf,

  /**
   * The table showing `version` was posted as `messageId` in `channelId`; the previous table, if any, loses its
   * buttons later (a `table_off` job, behind the posts that carry news).
   */
  async tablePosted(ctx: Ctx, gameId: number, version: number, messageId: string, channelId: string, via?: { token: string; until: number }): Promise<Done<null>> {
    const g = await ctx.repo.game(gameId);
    const previous = g?.table_message_id ?? null;
    await ctx.repo.update(gameId, { table_message_id: messageId, table_version: version, table_since: g?.table_version ?? 0, table_via: null, table_token: via?.token ?? null, table_token_until: via?.until ?? null });
    if (!previous || previous === messageId) return done(null);
    const token = g?.table_token ? { token: g.table_token, until: g.table_token_until ?? 0 } : {};
    return done(null, [{ kind: 'table_off', gameId, channelId, messageId: previous, ...token }]);
  },

  /**
   * The newest table was edited in place to show `version` (a step inside one person's turn): its lines still begin
   * where they began when it was posted.
   */
  async tableEdited(ctx: Ctx, gameId: number, version: number): Promise<void> {
    await ctx.repo.update(gameId, { table_version: version });
  },

  /**
   * The token that may post the table of `version` as a follow-up of the game's newest click, if one is still valid;
   * the version is marked as going out that way first (a follow-up carries no nonce: a job run again after a crash
   * looks for it in the thread before posting again, see `tableVia`).
   */
  async replyToken(ctx: Ctx, gameId: number, version: number): Promise<{ token: string; until: number } | null> {
    const g = await ctx.repo.game(gameId);
    if (!g?.reply_token || (g.reply_until ?? 0) <= ctx.now()) return null;
    await ctx.repo.update(gameId, { table_via: version });
    return { token: g.reply_token, until: g.reply_until! };
  },

  /** Discord refused the game's click token (expired, or the interaction unknown): tables go to the channel again. */
  async replyTokenRefused(ctx: Ctx, gameId: number, token: string): Promise<void> {
    const g = await ctx.repo.game(gameId);
    if (g?.reply_token === token) await ctx.repo.update(gameId, { reply_token: null, reply_until: null });
  },

  /**
   * The game's thread did not come in time (`THREAD_WAIT_MS`): the game lives in the channel it was opened from for
   * good, unless the thread came at this very moment. Where the game posts is returned.
   */
  async threadLate(ctx: Ctx, gameId: number): Promise<string> {
    const g = (await ctx.repo.game(gameId))!;
    if (g.thread_id) return g.thread_id;
    if (!g.lives_in_channel) await ctx.repo.update(gameId, { lives_in_channel: 1 });
    return g.channel_id;
  },

  /** The game's thread was deleted (or never came): the game carries on in the channel it was opened from. */
  async threadGone(ctx: Ctx, gameId: number): Promise<void> {
    await ctx.repo.update(gameId, { thread_id: null, table_message_id: null, lives_in_channel: 1, reply_token: null, reply_until: null });
  },

  /**
   * A DM carrying the seat's panel drawn at `version` (with live buttons) was sent as `dm`. It becomes the seat's
   * recorded DM panel; the one before it loses its buttons (a newer one carries them now). Should the game have
   * moved on while the DM was on its way, it loses them at once. `redrawn`: the seat's DM of this turn was redrawn in place.
   */
  async dmPanelSent(ctx: Ctx, gameId: number, seat: Seat, dm: { channelId: string; messageId: string }, version: number, redrawn = false): Promise<Done<null>> {
    const g = await ctx.repo.game(gameId);
    const before = dmOf((await ctx.repo.players(gameId)).find((p) => p.seat === seat));
    // A DM redrawn in place whose record was cleared meanwhile (the turn left the seat): its `dm_off`, written when the
    // record was cleared, comes after this redraw in the seat's lane and collapses it.
    if (redrawn && before?.messageId !== dm.messageId) return done(null);
    if (!g || (before?.messageId === dm.messageId && before.version === version)) return done(null);
    const effects: Effect[] = [];
    if (before && before.messageId !== dm.messageId) effects.push(offEffect(gameId, seat, before, 'newer'));
    if (g.status === 'running' && g.version === version) await ctx.repo.setDmPanel(gameId, seat, { ...dm, version });
    else {
      await ctx.repo.setDmPanel(gameId, seat, null);
      effects.push(offEffect(gameId, seat, dm, 'moved_on'));
    }
    return done(null, effects);
  },

  /**
   * A DM was sent or refused. A closed DM is noted once in the thread (returns true when that note is due); a DM
   * that goes through again clears the mark.
   */
  async dmResult(ctx: Ctx, userId: string, result: 'sent' | 'closed' | 'failed'): Promise<boolean> {
    const s = await ctx.repo.settings(userId);
    if (result === 'closed' && !s.dm_closed) {
      await ctx.repo.saveSettings({ ...s, dm_closed: 1 });
      return true;
    }
    if (result === 'sent' && s.dm_closed) await ctx.repo.saveSettings({ ...s, dm_closed: 0 });
    return false;
  },
};
