/** `/campfire stats [player]`: games, wins and average placing per game. */
import { tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';
import { safeName } from '../present.js';

export async function stats(c: BotContext, ix: Ix): Promise<void> {
  const player = ix.command!.options.player;
  const userId = typeof player === 'string' ? player : ix.user.id;
  const t = tr(c, ix.locale);
  const lines = c.cf.views.stats(userId).map((r) => t({ key: 'stats.line', args: { game: r.name, games: r.games, wins: r.wins, avg: r.avg_place.toFixed(2) } }));
  const name = userId === ix.user.id ? safeName(ix.user.name) : `<@${userId}>`;
  await ix.reply({ embeds: [{ title: t({ key: 'stats.title', args: { name } }), description: lines.join('\n') || t({ key: 'stats.none' }) }] }, true);
}
