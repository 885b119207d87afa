/** `/campfire rules [game] [part]`: our summary of the rules, one page per embed, with buttons to page. */
import type { Locale } from '../../engine/i18n.js';
import { allGames, getGame } from '../../games/registry.js';
import { RULES_PARTS, type GameModule, type RulesPart } from '../../games/types.js';
import { tr, type BotContext } from '../context.js';
import { makeId } from '../ids.js';
import type { Ix, OutMessage } from '../platform.js';
import { button, clip, row } from '../present.js';

export async function rulesPage(c: BotContext, module: GameModule, part: RulesPart, locale: Locale): Promise<OutMessage> {
  const t = await tr(c, locale);
  const page = RULES_PARTS.indexOf(part);
  return {
    embeds: [{
      title: clip(`${t({ key: 'cmd.rules_title', args: { game: module.engine.name } })} — ${t({ key: 'rules.page', args: { part: t({ key: `rules.part.${part}` }), page: page + 1, pages: RULES_PARTS.length } })}`, 256),
      description: clip(module.ui.rules[locale][part], 4096),
      color: 0xd9822b,
    }],
    components: [row(...RULES_PARTS.map((p) => button(makeId('H', 0, 0, `${module.engine.id}.${p}`), t({ key: `rules.part.${p}` }), p === part ? 'primary' : 'secondary', p === part)))],
  };
}

export async function rules(c: BotContext, ix: Ix): Promise<void> {
  const { game, part } = ix.command!.options;
  let module = getGame(String(game ?? ''));
  if (!module) {
    const here = await c.cf.views.gameIn(ix.channelId);
    module = here.ok ? await c.cf.views.module(here.value) : undefined;
  }
  if (!module) {
    // No game named and none here (a DM, a channel): the games to choose from.
    const t = await tr(c, ix.locale);
    await ix.reply({ content: t({ key: 'rules.choose' }), components: [row(...allGames().map((m) => button(makeId('H', 0, 0, `${m.engine.id}.setup`), m.engine.name)))] }, true);
    return;
  }
  const p = (RULES_PARTS as readonly string[]).includes(String(part)) ? (part as RulesPart) : 'setup';
  await ix.reply(await rulesPage(c, module, p, ix.locale), true);
}
