/** `H` — paging through a rules summary. */
import type { Component } from '../component.js';
import { getGame } from '../../games/registry.js';
import { RULES_PARTS, type RulesPart } from '../../games/types.js';
import { rulesPage } from '../commands/rules.js';
import { type BotContext, UserError } from '../context.js';
import type { ParsedId } from '../ids.js';
import type { Ix } from '../platform.js';

export async function onRules(c: BotContext, ix: Ix, id: ParsedId): Promise<void> {
  const dot = id.arg.lastIndexOf('.');
  const module = getGame(id.arg.slice(0, dot));
  const part = id.arg.slice(dot + 1);
  if (!module || !(RULES_PARTS as readonly string[]).includes(part)) throw new UserError({ key: 'error.bad_id' });
  const m = await rulesPage(c, module, part as RulesPart, ix.locale);
  return ix.message === 'ephemeral' ? await ix.update(m) : await ix.reply(m, true);
}

export const component: Component = { kinds: ['H'], game: false, handle: onRules };
