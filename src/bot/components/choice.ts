/**
 * `C` and `M` — a choice from a panel (button or menu): committed by the service, answered with the next step. An
 * option that carries `confirm` (irreversible and harmful) is asked about first in the same panel; `S` is its "yes".
 */
import type { Component } from '../component.js';
import type { GameRow } from '../../store/repo.js';
import { actorOf, failure, tr, UserError, type BotContext } from '../context.js';
import { resolveOption } from '../../engine/apply.js';
import { makeId, parseId, type ParsedId } from '../ids.js';
import { panelOf } from '../panels.js';
import type { Ix, OutMessage } from '../platform.js';
import { button, row } from '../present.js';

function makeIdOrNull(kind: 'S', gameId: number, version: number, arg: string): string | null {
  try { return makeId(kind, gameId, version, arg); } catch { return null; }
}

/**
 * The "Sure?" for an option that carries `confirm`, when the seat owes it now at `version`: the option's label and
 * its warning, "Yes" (an `S` id that chooses it) and "Back" (the panel again). Null: choose at once (no warning, a
 * stale click the service answers, or an id too long for an `S` button).
 */
async function sureFirst(c: BotContext, ix: Ix, gameId: number, version: number, optionId: string): Promise<OutMessage | null> {
  const seat = await c.cf.views.seat(gameId, ix.user.id);
  if (!seat.ok || !seat.value.decision || seat.value.game.version !== version) return null;
  const option = resolveOption(seat.value.decision, optionId);
  const warning = option?.confirm ?? option?.items?.find((o) => o.confirm)?.confirm;
  const yes = makeIdOrNull('S', gameId, version, optionId);
  if (!option || !warning || !yes || !parseId(yes)) return null;
  const t = await tr(c, ix.locale, seat.value.game);
  return {
    content: `**${t(option.label)}**\n${t({ key: 'panel.sure', args: { warning: t(warning) } })}`,
    components: [row(button(yes, t({ key: 'panel.sure_yes' }), 'danger'), button(makeId('T', gameId, version, 'page.0'), t({ key: 'panel.sure_back' }), 'secondary'))],
    files: [],
  };
}

export async function onChoice(c: BotContext, ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
  let optionId = id.arg;
  if (id.kind === 'M') {
    // One value, or several from a multi-select (a set choice: the engine contract joins its items with `+`).
    const values = ix.values ?? [];
    if (values.length === 0 || values.some((v) => typeof v !== 'string' || v.includes('+'))) throw new UserError({ key: 'error.bad_id' });
    optionId = values.join('+');
  }
  const t = await tr(c, ix.locale, g);
  if (id.kind !== 'S') {
    const sure = await sureFirst(c, ix, g.id, id.version, optionId);
    if (sure) return ix.update(sure);
  } else if (!parseId(makeIdOrNull('S', g.id, id.version, id.arg))) throw new UserError({ key: 'error.bad_id' });
  // The click's token may carry the game's next tables as follow-ups (see `EffectsRunner.postTable`).
  const via = ix.token && !ix.inDm ? { token: ix.token, channelId: ix.channelId } : undefined;
  const r = await c.cf.play.choose(g.id, actorOf(ix), id.version, optionId, ix.messageId, via);
  if (!r.ok) {
    if (r.error === 'stale' || r.error === 'unknown_option' || r.error === 'not_your_turn') {
      const seat = await c.cf.views.seat(g.id, ix.user.id);
      const owes = seat.ok && !!seat.value.decision;
      const lead = r.msg ? t(r.msg) : t({ key: owes ? 'error.stale' : 'error.stale_nothing' });
      return ix.reply(owes ? await panelOf(c, g.id, ix.user.id, ix.locale, 0, lead) : { content: lead }, true);
    }
    failure(r);
  }
  const { game, stillOwes, mayUndoAlone } = r.value;
  const undo = mayUndoAlone ? [row(button(makeId('U', g.id, game.version, 'self'), t({ key: 'undo.button' })))] : [];
  const m: OutMessage = stillOwes ? await panelOf(c, g.id, ix.user.id, ix.locale) : { content: t({ key: 'panel.done' }), components: [], files: [] };
  m.components = [...(m.components ?? []), ...undo].slice(0, 5);
  await ix.update(m);
}

export const component: Component = { kinds: ['C', 'M', 'S'], game: true, privateOnly: true, handle: onChoice };
