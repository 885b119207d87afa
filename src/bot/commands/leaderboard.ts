/** `/campfire leaderboard game:<game> [scope:server|all]`: the top players, the provisional ones, and the caller's place. */
import { formatNumber } from '../../engine/i18n.js';
import type { Board, BoardRow } from '../../service/ratings.js';
import { PROVISIONAL_GAMES } from '../../service/ratings.js';
import { OptionType, subcommand } from '../command.js';
import { actorOf, must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';
import { safeName } from '../present.js';

export const command = subcommand({
  name: 'leaderboard', de: 'rangliste',
  description: { en: 'The best players of a game, and your place', de: 'Die besten Spieler eines Spiels und dein Platz' },
  options: [
    { type: OptionType.STRING, required: true, choices: 'games', name: 'game', de: 'spiel', description: { en: 'Which game', de: 'Welches Spiel' } },
    {
      type: OptionType.STRING, required: false,
      choices: [{ name: 'This server', name_localizations: { de: 'Dieser Server' }, value: 'server' }, { name: 'All servers', name_localizations: { de: 'Alle Server' }, value: 'all' }],
      name: 'scope', de: 'bereich', description: { en: 'This server (default) or all servers that allow it', de: 'Dieser Server (Standard) oder alle Server, die es erlauben' },
    },
  ],
  inDms: true,
  handle: leaderboard,
});

async function leaderboard(c: BotContext, ix: Ix, o: { game: string; scope?: string }): Promise<void> {
  // In a DM there is no server: the board across servers.
  const scope = o.scope === 'all' || !ix.guildId ? 'all' : 'server';
  const b: Board = must(await c.cf.ratings.leaderboard(actorOf(ix), o.game, scope)).value;
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
