/** `U` — the Undo button of a panel (`self`), and agreeing to or refusing someone's undo (`yes` / `no`). */
import type { Component } from '../component.js';
import type { GameRow } from '../../store/repo.js';
import { actorOf, must, tr, UserError, type BotContext } from '../context.js';
import type { ParsedId } from '../ids.js';
import { panelOf } from '../panels.js';
import type { Ix } from '../platform.js';
import { undoMessage } from '../polls.js';

export async function onUndo(c: BotContext, ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
  const t = await tr(c, ix.locale, g);
  if (id.arg === 'self') {
    const r = must(await c.cf.votes.undo(g.id, actorOf(ix), id.version));
    await ix.update(await panelOf(c, g.id, ix.user.id, ix.locale, 0, t({ key: 'undo.done' })));
    return;
  }
  if (id.arg !== 'yes' && id.arg !== 'no') throw new UserError({ key: 'error.bad_id' });
  const r = must(await c.cf.votes.undoVote(g.id, actorOf(ix), id.version, id.arg === 'yes', ix.messageId));
  const v = r.value;
  const pub = await tr(c, await c.cf.views.publicLocale(g), g);
  if (v.how === 'refused') await ix.update({ content: pub({ key: 'undo.refused' }), components: [] });
  else if (v.how === 'poll') await ix.update(undoMessage(g.id, id.version, v.proposer, v.tally, pub, v.list, v.asked));
  else await ix.update({ content: pub({ key: 'undo.accepted' }), components: [] });
}

/** The panel's own Undo button (`self`) belongs to a private panel; consent (`yes`/`no`) to the public poll. */
export const component: Component = { kinds: ['U'], game: true, privateOnly: (id) => id.arg === 'self', handle: onUndo };
