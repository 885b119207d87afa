/** `L` — the lobby's buttons and menus: join, leave, start, cancel, computers, deadline, game options. */
import type { Component } from '../component.js';
import { lobbyPaces } from '../pace.js';
import type { Done } from '../../service/index.js';
import type { GameRow } from '../../store/repo.js';
import { actorOf, failure, must, tr, UserError, type BotContext } from '../context.js';
import type { ParsedId } from '../ids.js';
import type { Ix } from '../platform.js';
import { lobbyMessage, lobbyOptionsPage, safeName } from '../present.js';

export async function onLobby(c: BotContext, ix: Ix, g: GameRow, id: ParsedId): Promise<void> {
  // A public lobby button counts only on the lobby's own card.
  if (ix.message === 'public' && ix.messageId && g.lobby_message_id && ix.messageId !== g.lobby_message_id) throw new UserError({ key: 'error.wrong_message' });
  const actor = actorOf(ix);
  const module = await c.cf.views.module(g);
  const value = ix.values?.[0];
  let r: Done<GameRow>;
  if (id.arg === 'join') r = await c.cf.lobby.join(g.id, actor);
  else if (id.arg === 'leave') r = await c.cf.lobby.leave(g.id, actor);
  else if (id.arg === 'start') r = await c.cf.lobby.start(g.id, actor);
  else if (id.arg === 'cancel') r = await c.cf.lobby.cancel(g.id, actor);
  else if (id.arg === 'addai') {
    r = value?.startsWith('remove.') ? await c.cf.lobby.removeComputer(g.id, actor, value.slice('remove.'.length)) : await c.cf.lobby.addComputer(g.id, actor, value === 'random' ? 'random' : 'strong');
  }
  else if (id.arg === 'deadline') r = await c.cf.lobby.setDeadline(g.id, actor, Number(value));
  else if (id.arg.startsWith('options.')) {
    if (g.host_id !== ix.user.id) failure({ ok: false, error: 'not_host', args: { host: safeName((await c.cf.views.players(g.id)).find((p) => p.user_id === g.host_id)?.name ?? '?') } });
    if (g.status !== 'lobby') throw new UserError({ key: 'error.not_lobby' });
    const m = lobbyOptionsPage(g, (await c.cf.views.players(g.id)).length, module, await tr(c, ix.locale, g), Number(id.arg.slice(8)));
    return ix.message === 'ephemeral' ? await ix.update(m) : await ix.reply(m, true);
  } else if (id.arg.startsWith('opt.')) {
    if (typeof value !== 'string') throw new UserError({ key: 'error.bad_id' });
    r = await c.cf.lobby.setOption(g.id, actor, id.arg.slice(4), value);
    if (r.ok && ix.message === 'ephemeral') {
      // Chosen on the host's options page: refresh that page; the lobby card is redrawn as an effect.
      await ix.update(lobbyOptionsPage(r.value, (await c.cf.views.players(g.id)).length, module, await tr(c, ix.locale, g), 0));
      return;
    }
  } else throw new UserError({ key: 'error.bad_id' });
  const now = must(r).value;
  const t = await tr(c, await c.cf.views.publicLocale(now), now);
  const players = await c.cf.views.players(now.id);
  const message = lobbyMessage(now, players, module, t, { link: now.thread_id ? c.platform.link(now.guild_id, now.thread_id) : undefined, paces: await lobbyPaces(c, now, players, t.locale) });
  if (now.status === 'abandoned') message.content = t({ key: 'lobby.cancelled', args: { host: safeName(ix.user.name) } });
  await ix.update(message);
}

export const component: Component = { kinds: ['L'], game: true, handle: onLobby };
