/** `/campfire settings …`: DMs, quiet hours, time zone, language, the daily digest; says what is set now. */
import { formatNumber, localeOf } from '../../engine/i18n.js';
import { must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';

export async function settings(c: BotContext, ix: Ix): Promise<void> {
  const o = ix.command!.options;
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const r = must(await c.cf.settings.saveUser(ix.user.id, {
    dms: typeof o.dms === 'boolean' ? o.dms : undefined,
    quietFrom: num(o.quiet_from), quietUntil: num(o.quiet_until), utcOffsetHours: num(o.utc_offset),
    language: typeof o.language === 'string' ? o.language : undefined,
    digest: typeof o.digest === 'boolean' ? o.digest : undefined, digestHour: num(o.digest_hour),
  }));
  const s = r.value.settings;
  const t = await tr(c, s.locale ? localeOf(s.locale) : ix.discordLocale ?? ix.locale);
  const quiet = s.quiet_start !== null && s.quiet_end !== null ? `${s.quiet_start}:00–${s.quiet_end}:00` : t({ key: 'settings.none' });
  const args = { dms: t({ key: s.dms ? 'cmd.on' : 'cmd.off' }), quiet, tz: formatNumber(t.locale, s.tz_offset_min / 60, { sign: true }), lang: s.locale ?? 'Discord' };
  const digest = s.digest_hour === null ? t({ key: 'cmd.off' }) : t({ key: 'settings.digest_at', args: { h: s.digest_hour } });
  await ix.reply({ content: `${t({ key: r.value.changed ? 'settings.saved' : 'settings.unchanged', args })}\n${t({ key: 'settings.digest', args: { digest } })}` }, true);
}
