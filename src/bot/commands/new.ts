/** `/campfire new game:<game>`: opens a lobby, and a thread for the game when Discord lets us. */
import { OptionType, subcommand } from '../command.js';
import { lobbyPaces } from '../pace.js';
import { actorOf, must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';
import { clip, lobbyMessage } from '../present.js';

export const command = subcommand({
  name: 'new', de: 'neu',
  description: { en: 'Open a lobby for a new game', de: 'Eine Lobby für ein neues Spiel eröffnen' },
  options: [{ type: OptionType.STRING, required: true, choices: 'games', name: 'game', de: 'spiel', description: { en: 'Which game', de: 'Welches Spiel' } }],
  publicAnswer: true,
  handle: newGame,
});

async function newGame(c: BotContext, ix: Ix, o: { game: string }): Promise<void> {
  const g = must(await c.cf.lobby.open({
    game: o.game, actor: actorOf(ix), channelId: ix.channelId, threadId: ix.inThread ? ix.channelId : null, locale: ix.guildLocale,
  })).value;
  const module = await c.cf.views.module(g);
  const t = await tr(c, ix.guildLocale, g);
  const players = await c.cf.views.players(g.id);
  await ix.reply(lobbyMessage(g, players, module, t, { paces: await lobbyPaces(c, g, players, t.locale) }), false);
  const messageId = await ix.replyMessageId();
  await c.cf.lobby.placed(g.id, { lobbyMessageId: messageId });
  if (ix.inThread) return;
  const threadId = messageId ? await c.platform.createThread(ix.channelId, messageId, clip(t({ key: 'lobby.thread_name', args: { game: module.engine.name, id: g.id } }), 100)) : null;
  // Until this is recorded nothing of the game is posted, so a Start pressed meanwhile never lands in the channel.
  await c.cf.lobby.placed(g.id, { threadId });
  if (!threadId) await ix.followUp({ content: t({ key: 'lobby.no_thread' }) }, false);
}
