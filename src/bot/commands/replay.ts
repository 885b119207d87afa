/** `/campfire replay`: the game turn by turn as an animated picture (spectator views only). */
import { spread } from '../../render/replay.js';
import { subcommand } from '../command.js';
import { gameHere, tr, UserError, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';

export const REPLAY_FRAMES = 40;

export const command = subcommand({
  name: 'replay', de: 'wiederholung',
  description: { en: 'The game turn by turn, as an animated picture', de: 'Das Spiel Zug um Zug als animiertes Bild' },
  handle: replay,
});

async function replay(c: BotContext, ix: Ix): Promise<void> {
  const g = await gameHere(c, ix);
  const r = await c.cf.views.replay(g.id);
  if (!r.ok) throw new UserError({ key: 'replay.empty' });
  const { module, names, frames } = r.value;
  const t = await tr(c, ix.locale, g);
  const picked = spread(frames.length, REPLAY_FRAMES).map((i) => frames[i]!);
  await ix.reply({ content: t({ key: 'replay.title', args: { game: module.engine.name, id: g.id, frames: picked.length } }) }, true);
  const gif = await c.pictures.replay(module, picked, ix.locale, names);
  await ix.followUp({ files: [{ name: `campfire-${g.id}.gif`, data: gif }] }, true);
}
