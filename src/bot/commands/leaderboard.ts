/** `/campfire leaderboard game:<game> [scope:server|all]`: the top players, the provisional ones, and the caller's place. */
import { formatNumber } from '../../engine/i18n.js';
import type { Board, BoardRow } from '../../service/ratings.js';
import { PROVISIONAL_GAMES } from '../../service/ratings.js';
import { actorOf, must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';
import { safeName } from '../present.js';

export async function leaderboard(c: BotContext, ix: Ix): Promise<void> {
  const o = ix.command!.options;
  // In a DM there is no server: the board across servers.
  const scope = o.scope === 'all' || !ix.guildId ? 'all' : 'server';
  const b: Board = must(await c.cf.ratings.leaderboard(actorOf(ix), String(o.game ?? ''), scope)).value;
  const t = await tr(c, ix.locale);
  const fmt = (n: number) => formatNumber(t.locale, n, { digits: 1 });
  const line = (r: BoardRow) => t({ key: r.place ? 'leaderboard.line' : 'leaderboard.provisional_line', args: { place: r.place ?? '', name: safeName(r.name), rating: fmt(r.rating), games: r.games } });
  const parts: string[] = [];
  if (b.top.length) parts.push(b.top.map(line).join('\n'));
  if (b.provisional.length) parts.push(`__${t({ key: 'leaderboard.provisional', args: { n: PROVISIONAL_GAMES } })}__\n${b.provisional.map(line).join('\n')}`);
  if (!parts.length) parts.push(t({ key: 'leaderboard.empty' }));
  const me = b.me
    ? t({ key: b.me.place ? 'leaderboard.me' : 'leaderboard.me_provisional', args: { place: b.me.place ?? '', rating: fmt(b.me.rating), games: b.me.games } })
    : t({ key: b.meHidden ? 'leaderboard.me_hidden' : 'leaderboard.me_none' });
  parts.push(me);
  const game = await c.cf.views.gameName(b.game);
  await ix.reply({ embeds: [{ title: t({ key: 'leaderboard.title', args: { game, scope: t({ key: `leaderboard.scope_${scope}` }) } }), description: parts.join('\n\n'), color: 0xd9822b }] }, true);
}
