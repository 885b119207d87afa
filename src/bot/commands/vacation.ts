/** `/campfire vacation days:<n>`: pauses the caller's deadlines in this server (0 ends the vacation). */
import { actorOf, must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';

export async function vacation(c: BotContext, ix: Ix): Promise<void> {
  const t = await tr(c, ix.locale);
  const r = must(await c.cf.settings.vacation(actorOf(ix), Number(ix.command!.options.days ?? 0))).value;
  if ('ended' in r) return ix.reply({ content: t({ key: r.ended ? 'vacation.ended' : 'vacation.none' }) }, true);
  return ix.reply({ content: t({ key: 'vacation.set', args: { until: `<t:${Math.floor(r.until / 1000)}:f>`, used: r.used, allowed: r.allowed } }) }, true);
}
