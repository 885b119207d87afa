/** `/campfire stats [player]`: games, wins, average placing and rating (with its recent changes) per game. */
import { formatNumber } from '../../engine/i18n.js';
import { OptionType, subcommand } from '../command.js';
import { tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';
import { paceMsg } from '../pace.js';
import { safeName } from '../present.js';

export const command = subcommand({
  name: 'stats', de: 'statistik',
  description: { en: 'Games, wins and average placing', de: 'Partien, Siege und durchschnittliche Platzierung' },
  options: [{ type: OptionType.USER, required: false, name: 'player', de: 'spieler', description: { en: 'Whose (default: yours)', de: 'Von wem (Standard: deine)' } }],
  inDms: true,
  handle: stats,
});

async function stats(c: BotContext, ix: Ix, o: { player?: string }): Promise<void> {
  const userId = o.player ?? ix.user.id;
  const t = await tr(c, ix.locale);
  const num = (n: number, digits: number, sign = false) => formatNumber(t.locale, n, { digits, sign });
  const lines = (await c.cf.views.stats(userId)).flatMap((r) => [
    t({ key: 'stats.line', args: { game: r.name, games: r.games, wins: r.wins, avg: num(r.avg_place, 2) } }),
    ...(r.rating ? [t({ key: 'stats.rating', args: { rating: num(r.rating.rating, 1), changes: r.rating.changes.map((x) => num(x, 1, true)).join(', ') || '–' } })] : []),
  ]);
  const name = userId === ix.user.id ? safeName(ix.user.name) : `<@${userId}>`;
  const pace = t(paceMsg(await c.cf.pace.ofUser(userId), t.locale));
  await ix.reply({ embeds: [{ title: t({ key: 'stats.title', args: { name } }), description: [lines.join('\n') || t({ key: 'stats.none' }), pace].join('\n\n') }] }, true);
}
