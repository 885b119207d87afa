/** `R` — an absent player takes their seat back from the computer. */
import type { Component } from '../component.js';
import type { GameRow } from '../../store/repo.js';
import { actorOf, must, tr, type BotContext } from '../context.js';
import { panelOf } from '../panels.js';
import type { Ix } from '../platform.js';

export async function onReclaim(c: BotContext, ix: Ix, g: GameRow): Promise<void> {
  const r = must(await c.cf.play.reclaim(g.id, actorOf(ix)));
  await ix.update(await panelOf(c, g.id, ix.user.id, ix.locale, 0, (await tr(c, ix.locale, g))({ key: 'panel.reclaimed' })));
}

export const component: Component = { kinds: ['R'], game: true, privateOnly: true, handle: (c, ix, g) => onReclaim(c, ix, g) };
