/** `/campfire vacation days:<n>`: pauses the caller's deadlines in this server (0 ends the vacation). */
import { OptionType, subcommand } from '../command.js';
import { actorOf, must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';

export const command = subcommand({
  name: 'vacation', de: 'urlaub',
  description: { en: 'Pause your deadlines for some days (0 ends a vacation)', de: 'Deine Fristen für einige Tage anhalten (0 beendet den Urlaub)' },
  options: [{ type: OptionType.INTEGER, required: true, min_value: 0, max_value: 60, name: 'days', de: 'tage', description: { en: 'How many days', de: 'Wie viele Tage' } }],
  handle: vacation,
});

async function vacation(c: BotContext, ix: Ix, o: { days: number }): Promise<void> {
  const t = await tr(c, ix.locale);
  const r = must(await c.cf.settings.vacation(actorOf(ix), o.days)).value;
  if ('ended' in r) return ix.reply({ content: t({ key: r.ended ? 'vacation.ended' : 'vacation.none' }) }, true);
  return ix.reply({ content: t({ key: 'vacation.set', args: { until: `<t:${Math.floor(r.until / 1000)}:f>`, used: r.used, allowed: r.allowed } }) }, true);
}
