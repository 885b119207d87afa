/** `/campfire rules [game] [part]`: our summary of the rules, one page per embed, with buttons to page. */
import type { Locale } from '../../engine/i18n.js';
import { allGames, getGame } from '../../games/registry.js';
import { RULES_PARTS, type GameModule, type RulesPart } from '../../games/types.js';
import { OptionType, subcommand } from '../command.js';
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

export const command = subcommand({
  name: 'rules', de: 'regeln',
  description: { en: 'A short summary of the rules', de: 'Eine kurze Zusammenfassung der Regeln' },
  options: [{ type: OptionType.STRING, required: false, choices: 'games', name: 'game', de: 'spiel', description: { en: 'Which game (default: this thread\'s)', de: 'Welches Spiel (Standard: das dieses Threads)' } }],
  inDms: true,
  handle: rules,
});

async function rules(c: BotContext, ix: Ix, o: { game?: string }): Promise<void> {
  let module = getGame(o.game ?? '');
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
  await ix.reply(await rulesPage(c, module, 'setup', ix.locale), true);
}
