/** What Discord did with our posts, recorded: the newest table, a deleted thread, a closed DM. */
import type { Ctx } from './context.js';

export const posts = {
  /** The table showing `version` was posted as `messageId`; returns the previous table's message, if any. */
  tablePosted(ctx: Ctx, gameId: number, version: number, messageId: string): Promise<string | null> {
    return ctx.repo.transaction(async () => {
      const previous = (await ctx.repo.game(gameId))?.table_message_id ?? null;
      await ctx.repo.update(gameId, { table_message_id: messageId, table_version: version });
      return previous;
    });
  },

  /** The game's thread was deleted (or never came): the game carries on in the channel it was opened from. */
  async threadGone(ctx: Ctx, gameId: number): Promise<void> {
    await ctx.repo.update(gameId, { thread_id: null, table_message_id: null, lives_in_channel: 1 });
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
