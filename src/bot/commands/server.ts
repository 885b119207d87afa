/** `/campfire server …` (Manage Server only): default deadline, vacation allowance, manager role, language, global leaderboards. */
import { actorOf, must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';

export async function server(c: BotContext, ix: Ix): Promise<void> {
  const o = ix.command!.options;
  const t = await tr(c, ix.locale);
  const s = must(await c.cf.settings.saveServer(actorOf(ix), {
    deadlineHours: typeof o.deadline === 'number' ? o.deadline : undefined,
    vacationDays: typeof o.vacation_days === 'number' ? o.vacation_days : undefined,
    managerRole: typeof o.manager_role === 'string' ? o.manager_role : undefined,
    language: typeof o.language === 'string' ? o.language : undefined,
    globalBoard: typeof o.global_leaderboard === 'boolean' ? o.global_leaderboard : undefined,
  })).value;
  const deadline = s.deadline_hours === 0 ? t({ key: 'lobby.no_deadline' }) : t({ key: 'lobby.deadline_h', args: { h: s.deadline_hours ?? 48 } });
  // Asked with no option, it shows the settings; it says "saved" only when something was given.
  const given = ['deadline', 'vacation_days', 'manager_role', 'language', 'global_leaderboard'].some((k) => o[k] !== undefined);
  await ix.reply({ content: `${t({ key: given ? 'server.saved' : 'server.current', args: { deadline, days: s.vacation_days, role: s.manager_role ? `<@&${s.manager_role}>` : t({ key: 'settings.none' }), lang: s.locale ?? 'Discord' } })}\n${t({ key: 'server.global', args: { on: t({ key: s.global_board ? 'cmd.on' : 'cmd.off' }) } })}` }, true);
}
