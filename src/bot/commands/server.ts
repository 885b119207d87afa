/** `/campfire server …` (Manage Server only): default deadline, vacation allowance, manager role, language, global leaderboards. */
import { OptionType, subcommand, type OptionSpec, type OptionsOf } from '../command.js';
import { actorOf, must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';

const options = [
  { type: OptionType.INTEGER, required: false, choices: [0, 12, 24, 48, 72].map((h) => ({ name: h ? `${h} h` : 'none / keine', value: h })), name: 'deadline', de: 'frist', description: { en: 'Default turn deadline of new games', de: 'Standardfrist pro Zug neuer Spiele' } },
  { type: OptionType.INTEGER, required: false, min_value: 0, max_value: 120, name: 'vacation_days', de: 'urlaubstage', description: { en: 'Vacation days each player may take per year', de: 'Urlaubstage pro Spieler und Jahr' } },
  { type: OptionType.ROLE, required: false, name: 'manager_role', de: 'verwalter_rolle', description: { en: 'Members with this role may manage games', de: 'Mitglieder mit dieser Rolle dürfen Spiele verwalten' } },
  { type: OptionType.STRING, required: false, choices: [{ name: 'Server', value: 'auto' }, { name: 'English', value: 'en' }, { name: 'Deutsch', value: 'de' }], name: 'language', de: 'sprache', description: { en: 'Language of public posts', de: 'Sprache öffentlicher Beiträge' } },
  { type: OptionType.BOOLEAN, required: false, name: 'global_leaderboard', de: 'globale_rangliste', description: { en: 'Members may appear on leaderboards across servers', de: 'Mitglieder dürfen in serverübergreifenden Ranglisten erscheinen' } },
] as const satisfies readonly OptionSpec[];

export const command = subcommand({
  name: 'server',
  description: { en: 'Server settings for Campfire (managers only)', de: 'Campfire-Einstellungen des Servers (nur Verwalter)' },
  options,
  handle: server,
});

async function server(c: BotContext, ix: Ix, o: OptionsOf<typeof options>): Promise<void> {
  const t = await tr(c, ix.locale);
  const s = must(await c.cf.settings.saveServer(actorOf(ix), {
    deadlineHours: o.deadline, vacationDays: o.vacation_days, managerRole: o.manager_role, language: o.language, globalBoard: o.global_leaderboard,
  })).value;
  const deadline = s.deadline_hours === 0 ? t({ key: 'lobby.no_deadline' }) : t({ key: 'lobby.deadline_h', args: { h: s.deadline_hours ?? 48 } });
  // Asked with no option, it shows the settings; it says "saved" only when something was given.
  const given = [o.deadline, o.vacation_days, o.manager_role, o.language, o.global_leaderboard].some((x) => x !== undefined);
  await ix.reply({ content: `${t({ key: given ? 'server.saved' : 'server.current', args: { deadline, days: s.vacation_days, role: s.manager_role ? `<@&${s.manager_role}>` : t({ key: 'settings.none' }), lang: s.locale ?? 'Discord' } })}\n${t({ key: 'server.global', args: { on: t({ key: s.global_board ? 'cmd.on' : 'cmd.off' }) } })}` }, true);
}
