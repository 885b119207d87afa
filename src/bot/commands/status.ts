/** `/campfire status`: the lobby, or the table posted again, or the final result. */
import { subcommand } from '../command.js';
import { lobbyPaces } from '../pace.js';
import { gameHere, must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';
import { fitContent, lobbyMessage, resultLines, safeName } from '../present.js';

export const command = subcommand({
  name: 'status',
  description: { en: 'Post the table of this thread\'s game again', de: 'Den Tisch des Spiels in diesem Thread neu posten' },
  handle: status,
});

async function status(c: BotContext, ix: Ix): Promise<void> {
  const g = await gameHere(c, ix);
  const t = await tr(c, ix.locale, g);
  if (g.status === 'lobby') {
    const players = await c.cf.views.players(g.id);
    return ix.reply(lobbyMessage(g, players, await c.cf.views.module(g), t, { paces: await lobbyPaces(c, g, players, t.locale) }), true);
  }
  if (g.status === 'running') {
    await ix.reply({ content: t({ key: 'cmd.status_posted' }) }, true);
    must(await c.cf.play.refresh(g.id));
    return;
  }
  const table = await c.cf.views.table(g.id);
  return ix.reply({ content: table?.outcome ? fitContent(resultLines(table.outcome, table.names.map(safeName), t)) : t({ key: 'error.not_running' }) }, true);
}
