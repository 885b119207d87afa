/** `/campfire settings …`: DMs, quiet hours, time zone, language, the daily digest; says what is set now. */
import { formatNumber, localeOf } from '../../engine/i18n.js';
import { OptionType, subcommand, type OptionSpec, type OptionsOf } from '../command.js';
import { must, tr, type BotContext } from '../context.js';
import type { Ix } from '../platform.js';
import { getGame } from '../../games/registry.js';
import { discordTranslator } from '../translator.js';
import { standingPasses, standingWindows } from '../../service/settings.js';
import { type LocalZone, offsetMinutes } from '../../service/timers.js';

const HOUR = { type: OptionType.INTEGER, required: false, min_value: 0, max_value: 23 } as const;

const options = [
  { type: OptionType.BOOLEAN, required: false, name: 'dms', description: { en: 'Send me my hand and my turns by direct message', de: 'Hand und Züge per Direktnachricht schicken' } },
  { ...HOUR, name: 'quiet_from', de: 'ruhe_ab', description: { en: 'No reminders from this hour (your local time)', de: 'Keine Erinnerungen ab dieser Stunde (deine Ortszeit)' } },
  { ...HOUR, name: 'quiet_until', de: 'ruhe_bis', description: { en: 'Reminders again from this hour', de: 'Erinnerungen wieder ab dieser Stunde' } },
  { type: OptionType.NUMBER, required: false, min_value: -12, max_value: 14, name: 'utc_offset', de: 'utc_versatz', description: { en: 'Your time zone as hours from UTC, e.g. 1 or -5', de: 'Deine Zeitzone in Stunden zu UTC, z. B. 1 oder -5' } },
  {
    type: OptionType.STRING, required: false, name: 'time_zone', de: 'zeitzone',
    description: { en: 'Your time zone by name, e.g. Europe/Berlin (follows summer time)', de: 'Deine Zeitzone mit Namen, z. B. Europe/Berlin (folgt der Sommerzeit)' },
  },
  {
    type: OptionType.STRING, required: false, choices: [{ name: 'Discord', value: 'auto' }, { name: 'English', value: 'en' }, { name: 'Deutsch', value: 'de' }],
    name: 'language', de: 'sprache', description: { en: 'Language of my panels and DMs', de: 'Sprache meiner Panels und Direktnachrichten' },
  },
  { type: OptionType.BOOLEAN, required: false, name: 'digest', de: 'tagesuebersicht', description: { en: 'A daily direct message with the games waiting for me', de: 'Täglich eine Direktnachricht mit den Spielen, die auf mich warten' } },
  { ...HOUR, name: 'digest_hour', de: 'uebersicht_stunde', description: { en: 'Hour of the daily digest (your local time; turns it on)', de: 'Stunde der Tagesübersicht (deine Ortszeit; schaltet sie ein)' } },
  {
    type: OptionType.STRING, required: false, choices: 'windows', name: 'always_pass', de: 'immer_passen',
    description: { en: 'A moment to play cards in where you always pass, without being asked', de: 'Ein Moment zum Kartenspielen, in dem du immer passt, ohne gefragt zu werden' },
  },
  {
    type: OptionType.STRING, required: false, choices: 'windows_or_all', name: 'ask_again', de: 'wieder_fragen',
    description: { en: 'Be asked again in a moment you always passed in', de: 'In einem Moment, in dem du immer gepasst hast, wieder gefragt werden' },
  },
] as const satisfies readonly OptionSpec[];

export const command = subcommand({
  name: 'settings', de: 'einstellungen',
  description: { en: 'Your Campfire settings (leave an option out to keep it)', de: 'Deine Campfire-Einstellungen (weggelassene Optionen bleiben)' },
  options,
  inDms: true,
  handle: settings,
});

/** The player's time zone as the settings reply names it: "Europe/Berlin (UTC+1 now)" or "UTC+5.5". */
function zoneText(t: Awaited<ReturnType<typeof tr>>, s: LocalZone, now: number): string {
  const offset = formatNumber(t.locale, offsetMinutes(s, now) / 60, { sign: true });
  return s.time_zone ? t({ key: 'settings.tz_named', args: { zone: s.time_zone, offset } }) : t({ key: 'settings.tz_offset', args: { offset } });
}

async function settings(c: BotContext, ix: Ix, o: OptionsOf<typeof options>): Promise<void> {
  const r = must(await c.cf.settings.saveUser(ix.user.id, {
    dms: o.dms, quietFrom: o.quiet_from, quietUntil: o.quiet_until, utcOffsetHours: o.utc_offset, timeZone: o.time_zone,
    language: o.language, digest: o.digest, digestHour: o.digest_hour, alwaysPass: o.always_pass, askAgain: o.ask_again,
  }));
  const s = r.value.settings;
  const t = await tr(c, s.locale ? localeOf(s.locale) : ix.discordLocale ?? ix.locale);
  const quiet = s.quiet_start !== null && s.quiet_end !== null ? `${s.quiet_start}:00–${s.quiet_end}:00` : t({ key: 'settings.none' });
  const args = { dms: t({ key: s.dms ? 'cmd.on' : 'cmd.off' }), quiet, tz: zoneText(t, s, c.now()), lang: s.locale ?? 'Discord' };
  const digest = s.digest_hour === null ? t({ key: 'cmd.off' }) : t({ key: 'settings.digest_at', args: { h: s.digest_hour } });
  // Standing answers: the windows this player always passes in, named by game and moment.
  const passes: string[] = [];
  for (const id of standingPasses(s)) {
    const w = standingWindows().find((x) => x.id === id);
    const g = w && getGame(w.game);
    if (g) passes.push(`${g.engine.name}: ${discordTranslator(t.locale, g, [])(w.name)}`);
  }
  const standing = t({ key: 'settings.always_pass', args: { n: passes.length, windows: passes.join('; ') } });
  await ix.reply({ content: `${t({ key: r.value.changed ? 'settings.saved' : 'settings.unchanged', args })}\n${t({ key: 'settings.digest', args: { digest } })}\n${standing}` }, true);
}
