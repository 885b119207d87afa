/** `/campfire stats [player]`: games, wins, average placing and rating (with its recent changes) per game. */
import { tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';
import { paceMsg } from '../pace.js';
import { safeName } from '../present.js';

export async function stats(c: BotContext, ix: Ix): Promise<void> {
  const player = ix.command!.options.player;
  const userId = typeof player === 'string' ? player : ix.user.id;
  const t = await tr(c, ix.locale);
  const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(1)}`;
  const lines = (await c.cf.views.stats(userId)).flatMap((r) => [
    t({ key: 'stats.line', args: { game: r.name, games: r.games, wins: r.wins, avg: r.avg_place.toFixed(2) } }),
    ...(r.rating ? [t({ key: 'stats.rating', args: { rating: r.rating.rating.toFixed(1), changes: r.rating.changes.map(signed).join(', ') || '–' } })] : []),
  ]);
  const name = userId === ix.user.id ? safeName(ix.user.name) : `<@${userId}>`;
  const pace = t(paceMsg(await c.cf.pace.ofUser(userId), t.locale));
  await ix.reply({ embeds: [{ title: t({ key: 'stats.title', args: { name } }), description: [lines.join('\n') || t({ key: 'stats.none' }), pace].join('\n\n') }] }, true);
}
