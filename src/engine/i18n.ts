/** Formatting of engine messages into player-facing text, in English or German. */
import type { Catalog, Msg, MsgArg } from './types.js';

export type Locale = 'en' | 'de';

/** Discord locales (`de`, `en-US`, `en-GB`, …) to the languages we have. */
export function localeOf(discordLocale: string | null | undefined): Locale {
  return discordLocale?.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export interface Formatter {
  locale: Locale;
  (msg: Msg): string;
}

/**
 * Builds a formatter over catalogues (later ones win). Unknown keys render as the key itself in brackets,
 * so a missing text is visible but never fatal; tests check that every key used exists in both languages.
 */
export function formatter(locale: Locale, catalogs: { en: Catalog; de: Catalog }[], seatName: (seat: number) => string): Formatter {
  const merged: Catalog = {};
  for (const c of catalogs) Object.assign(merged, c.en, locale === 'de' ? c.de : {});
  const fmt = ((msg: Msg): string => {
    const template = merged[msg.key];
    if (template === undefined) return `[${msg.key}]`;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const arg = msg.args?.[name];
      return arg === undefined ? whole : argText(arg);
    });
  }) as Formatter;
  const argText = (a: MsgArg): string => {
    if (typeof a === 'string') return a;
    if (typeof a === 'number') return String(a);
    if (Array.isArray(a)) return a.map(argText).join(locale === 'de' ? ', ' : ', ');
    if ('seat' in a) return seatName(a.seat);
    return fmt(a);
  };
  fmt.locale = locale;
  return fmt;
}

/** Every message key used inside a message (recursively). */
export function keysOf(msg: Msg, out: Set<string> = new Set()): Set<string> {
  out.add(msg.key);
  const visit = (a: MsgArg): void => {
    if (Array.isArray(a)) a.forEach(visit);
    else if (typeof a === 'object' && 'key' in a) keysOf(a, out);
  };
  for (const a of Object.values(msg.args ?? {})) visit(a);
  return out;
}

export function msg(key: string, args?: Msg['args']): Msg {
  return args ? { key, args } : { key };
}
