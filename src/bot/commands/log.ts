/** `/campfire log [page]`: the game's history as the caller may read it. */
import { OptionType, subcommand } from '../command.js';
import { gameHere, type BotContext } from '../context.js';
import { logPage } from '../panels.js';
import type { Ix } from '../platform.js';

export async function log(c: BotContext, ix: Ix): Promise<void> {
  const page = ix.command!.options.page;
  await ix.reply(await logPage(c, await gameHere(c, ix), ix.user.id, ix.locale, typeof page === 'number' ? page - 1 : undefined), true);
}

export const command = subcommand({
  name: 'log', de: 'protokoll',
  description: { en: 'Read the game\'s history', de: 'Den Spielverlauf lesen' },
  options: [{ type: OptionType.INTEGER, required: false, min_value: 1, name: 'page', de: 'seite', description: { en: 'Page (default: the newest)', de: 'Seite (Standard: die neueste)' } }],
  handle: (c, ix) => log(c, ix),
});
