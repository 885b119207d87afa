/** `T` — the table's buttons (My turn, My hand, Full table, Log) and the paging of a panel or the log. */
import type { Component } from '../component.js';
import type { GameRow } from '../../store/repo.js';
import { tr, type BotContext, UserError } from '../context.js';
import type { ParsedId } from '../ids.js';
import { hand, logPage, panelOf } from '../panels.js';
import type { Ix, OutMessage } from '../platform.js';

function pageOf(arg: string, prefix: string): number {
  const page = Number(arg.slice(prefix.length));
  if (!Number.isInteger(page) || page < 0) throw new UserError({ key: 'error.bad_id' });
  return page;
}

/** The full table, privately, in the reader's language: the public view at full size (the post shows the glance). */
async function fullTable(c: BotContext, g: GameRow, ix: Ix): Promise<OutMessage> {
  const v = await c.cf.views.table(g.id);
  if (!v) throw new UserError({ key: 'error.unknown_game' });
  const t = await tr(c, ix.locale, g);
  // In parts where the game draws it so (Endless Winter: map and actions, board, players), not one 3,000-px strip.
  const pngs = await c.pictures.fullTable(v.module, v.view, ix.locale, v.names);
  const files = pngs.map((data, i) => ({ name: pngs.length > 1 ? `full-table-${i + 1}.png` : 'full-table.png', data }));
  return { content: t({ key: 'table.full_intro', args: { game: `${v.module.engine.name} #${g.id}` } }), files };
}

export async function onTable(c: BotContext, ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
  if (id.arg === 'turn') return ix.reply(await panelOf(c, g.id, ix.user.id, ix.locale), true);
  if (id.arg === 'hand') return ix.reply(await hand(c, g, ix.user.id, ix.locale), true);
  if (id.arg === 'full') return ix.reply(await fullTable(c, g, ix), true);
  // "Log" on a table opens the newest page privately; the arrows on that page turn it.
  if (id.arg === 'log') return ix.reply(await logPage(c, g, ix.user.id, ix.locale), true);
  if (id.arg.startsWith('log.')) {
    // The round menu (`log.round`) carries the page in its value; the buttons in their id.
    const page = id.arg === 'log.round' ? pageOf(`log.${ix.values?.[0] ?? ''}`, 'log.') : pageOf(id.arg, 'log.');
    const m = await logPage(c, g, ix.user.id, ix.locale, page);
    return ix.message === 'ephemeral' ? await ix.update(m) : await ix.reply(m, true);
  }
  if (id.arg.startsWith('page.')) {
    const m = await panelOf(c, g.id, ix.user.id, ix.locale, pageOf(id.arg, 'page.'));
    return ix.message === 'public' && !ix.inDm ? await ix.reply(m, true) : await ix.update(m);
  }
  throw new UserError({ key: 'error.bad_id' });
}

export const component: Component = { kinds: ['T'], game: true, handle: onTable };
