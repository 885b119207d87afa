/**
 * Formatting of engine messages into player-facing text, in English or German.
 *
 * Templates are ICU MessageFormat (`intl-messageformat`): `{name}` is an argument, `{n, plural, one {# card}
 * other {# cards}}` agrees with a count, `{g, select, f {eine} m {ein} other {ein}}` with a gender. A number
 * argument stays a number, so plurals work; a seat argument renders as the player's name; a nested message is
 * formatted first and passed in as text; a list is joined with commas.
 */
import { IntlMessageFormat } from 'intl-messageformat';
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

/** A compiled template, or the plain text of a template without arguments. */
type Compiled = IntlMessageFormat | string;

/**
 * Compiled templates by locale and template text. Catalogues are fixed at build time, so this holds at most one
 * entry per catalogue text; every formatter shares it (translators are made per interaction).
 */
const compiledCache: Record<Locale, Map<string, Compiled>> = { en: new Map(), de: new Map() };

/** Compiles an ICU template (throws on a syntax error). Tags are text: `<name>` is not markup here. */
export function compileMessage(locale: Locale, template: string): Compiled {
  const cache = compiledCache[locale];
  let c = cache.get(template);
  if (c === undefined) {
    // Nothing to substitute and no quoting: the template is its own text.
    c = !/[{}']/.test(template) ? template : new IntlMessageFormat(template, locale, undefined, { ignoreTag: true });
    cache.set(template, c);
  }
  return c;
}

/**
 * Builds a formatter over catalogues (later ones win). Unknown keys render as the key itself in brackets,
 * so a missing text is visible but never fatal; tests check that every key used exists in both languages.
 * A template that cannot be formatted (bad syntax, a missing argument) falls back to plain `{name}` substitution.
 */
export function formatter(locale: Locale, catalogs: { en: Catalog; de: Catalog }[], seatName: (seat: number) => string): Formatter {
  const merged: Catalog = {};
  for (const c of catalogs) Object.assign(merged, c.en, locale === 'de' ? c.de : {});
  const fmt = ((msg: Msg): string => {
    const template = merged[msg.key];
    if (template === undefined) return `[${msg.key}]`;
    let compiled: Compiled;
    try {
      compiled = compileMessage(locale, template);
    } catch {
      return fallback(template, msg);
    }
    if (typeof compiled === 'string') return compiled;
    const values: Record<string, string | number> = {};
    if (msg.args) for (const name in msg.args) values[name] = argValue(msg.args[name]!);
    try {
      return compiled.format(values) as string;
    } catch {
      return fallback(template, msg);
    }
  }) as Formatter;
  const argValue = (a: MsgArg): string | number => (typeof a === 'number' ? a : argText(a));
  const argText = (a: MsgArg): string => {
    if (typeof a === 'string') return a;
    if (typeof a === 'number') return String(a);
    if (Array.isArray(a)) return a.map(argText).join(', ');
    if ('seat' in a) return seatName(a.seat);
    return fmt(a);
  };
  const fallback = (template: string, msg: Msg): string =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const arg = msg.args?.[name];
      return arg === undefined ? whole : argText(arg);
    });
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
