/**
 * Formatting of engine messages into player-facing text, in English or German.
 *
 * Templates are ICU MessageFormat (`intl-messageformat`): `{name}` is an argument, `{n, plural, one {# card}
 * other {# cards}}` agrees with a count, `{g, select, f {eine} m {ein} other {ein}}` with a gender. A number
 * argument stays a number, so plurals work; a seat argument renders as the player's name; a nested message is
 * formatted first and passed in as text; a list is joined with commas.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Catalog, Catalogs, Msg, MsgArg } from './types.js';

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
 * A compiled template: its text when it has no arguments; literal pieces between plain `{name}` arguments when it
 * has nothing else (the common case, joined here without the library's part objects); otherwise the library's
 * compiled message, for plurals and selects.
 */
type Compiled = { text: string } | { lits: string[]; names: string[] } | { mf: IntlMessageFormat; counted: Set<string> };
const LITERAL = 0; // @formatjs/icu-messageformat-parser TYPE.literal
const ARGUMENT = 1; // TYPE.argument

/**
 * Compiled templates by locale and template text. Catalogues are fixed at build time, so this holds at most one
 * entry per catalogue text; every formatter shares it (translators are made per interaction).
 */
const compiledCache: Record<Locale, Map<string, Compiled>> = { en: new Map(), de: new Map() };

/**
 * The number and plural formatters every compiled message shares, one of each per locale and options (the
 * library's default memoizes per message and keys by serialising the arguments, which dominates formatting time).
 * A number prints without grouping, as a plain `{n}` argument does, so `#` in a plural reads the same.
 */
const intlCache = new Map<string, Intl.NumberFormat | Intl.PluralRules>();
function intlCached<T extends Intl.NumberFormat | Intl.PluralRules>(kind: string, locales: string | string[] | undefined, opts: object | undefined, make: () => T): T {
  const key = `${kind}|${String(locales)}|${opts === undefined ? '' : JSON.stringify(opts)}`;
  let f = intlCache.get(key) as T | undefined;
  if (f === undefined) intlCache.set(key, (f = make()));
  return f;
}
const sharedFormatters = {
  getNumberFormat: (locales?: string | string[], opts?: Intl.NumberFormatOptions) =>
    intlCached('n', locales, opts, () => trueMinus(new Intl.NumberFormat(locales, { useGrouping: false, ...opts }))),
  getPluralRules: (locales?: string | string[], opts?: Intl.PluralRulesOptions) => intlCached('p', locales, opts, () => new Intl.PluralRules(locales, opts)),
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
};

/**
 * A number format whose minus sign is the true minus "−" (U+2212), not the hyphen-minus Intl writes for English and
 * German alike ("−2,8", never "-2,8").
 */
function trueMinus(f: Intl.NumberFormat): Intl.NumberFormat {
  const minus = (s: string) => s.replace(/-/g, '\u2212');
  return {
    format: (n: number | bigint) => minus(f.format(n)),
    formatToParts: (n: number | bigint) => f.formatToParts(n).map((p) => (p.type === 'minusSign' ? { ...p, value: '\u2212' } : p)),
    resolvedOptions: () => f.resolvedOptions(),
  } as Intl.NumberFormat;
}

/**
 * A number as a reader of `locale` writes it: German with a decimal comma, both with the true minus sign "−";
 * `digits` fixes the places after the point, `sign` writes "+" before a positive number.
 */
export function formatNumber(locale: Locale, n: number, opts: { digits?: number; sign?: boolean } = {}): string {
  const f = intlCached('f', locale, opts, () => trueMinus(new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    useGrouping: false,
    minimumFractionDigits: opts.digits ?? 0,
    maximumFractionDigits: opts.digits ?? 6,
    signDisplay: opts.sign ? 'exceptZero' : 'auto',
  })));
  return f.format(n);
}

/**
 * The arguments a template reads as numbers (plural, select, number): these stay numbers; any other number argument
 * is written out per locale (`formatNumber`), which the library would print with `String`.
 */
type El = { type: number; value: string; options?: Record<string, { value: El[] }>; children?: El[] };
function countedArgs(els: El[], out = new Set<string>()): Set<string> {
  for (const el of els) {
    if (el.type === 2 || el.type === 5 || el.type === 6) out.add(el.value); // NUMBER, SELECT, PLURAL
    for (const o of Object.values(el.options ?? {})) countedArgs(o.value, out);
    if (el.children) countedArgs(el.children, out);
  }
  return out;
}

/** Compiles an ICU template (throws on a syntax error). Tags are text: `<name>` is not markup here. */
function compileMessage(locale: Locale, template: string): Compiled {
  const cache = compiledCache[locale];
  let c = cache.get(template);
  if (c === undefined) {
    const mf = new IntlMessageFormat(template, locale, undefined, { ignoreTag: true, formatters: sharedFormatters as never });
    const ast = mf.getAst() as { type: number; value: string }[];
    if (ast.every((el) => el.type === LITERAL || el.type === ARGUMENT)) {
      const lits = [''];
      const names: string[] = [];
      for (const el of ast) {
        if (el.type === LITERAL) lits[lits.length - 1] += el.value;
        else names.push(el.value), lits.push('');
      }
      c = names.length === 0 ? { text: lits[0]! } : { lits, names };
    } else c = { mf, counted: countedArgs(ast as never) };
    cache.set(template, c);
  }
  return c;
}

/**
 * The catalogues merged for a language (later ones win), and their aliases: merged once per language and list of
 * catalogues, as formatters are made per interaction and per picture (a merge copies some thousand texts).
 * Catalogues are fixed once loaded.
 */
const mergedCache: Record<Locale, { catalogs: Catalogs[]; merged: Catalog; aliases: Record<string, string> }[]> = { en: [], de: [] };
function mergedCatalogs(locale: Locale, catalogs: Catalogs[]): { merged: Catalog; aliases: Record<string, string> } {
  const kept = mergedCache[locale].find((m) => m.catalogs.length === catalogs.length && m.catalogs.every((c, i) => c === catalogs[i]));
  if (kept) return kept;
  const merged: Catalog = {};
  const aliases: Record<string, string> = {};
  for (const c of catalogs) Object.assign(merged, c.en, locale === 'de' ? c.de : {});
  for (const c of catalogs) if (c.aliases) Object.assign(aliases, c.aliases);
  const made = { catalogs: [...catalogs], merged, aliases };
  mergedCache[locale].push(made);
  return made;
}

/**
 * Builds a formatter over catalogues (later ones win). Unknown keys render as the key itself in brackets,
 * so a missing text is visible but never fatal; tests check that every key used exists in both languages.
 * A template that cannot be formatted (bad syntax, a missing argument) falls back to plain `{name}` substitution.
 */
export function formatter(
  locale: Locale, catalogs: Catalogs[], seatName: (seat: number) => string, defaults?: Record<string, string>,
): Formatter {
  const { merged, aliases } = mergedCatalogs(locale, catalogs);
  const fmt = ((given: Msg): string => {
    // A key stored before it was renamed is found under today's key (`Catalogs.aliases`).
    const template = merged[given.key] ?? (aliases[given.key] === undefined ? undefined : merged[aliases[given.key]!]);
    if (template === undefined) return `[${given.key}]`;
    // Arguments every text may use without the caller passing them (`{cmd_new}`: a command's name as the reader sees it).
    const msg = defaults && template.includes('{cmd_') ? { key: given.key, args: { ...defaults, ...given.args } } : given;
    let compiled: Compiled;
    try {
      compiled = compileMessage(locale, template);
    } catch {
      return fallback(template, msg);
    }
    if ('text' in compiled) return compiled.text;
    if ('lits' in compiled) {
      const { lits, names } = compiled;
      let out = lits[0]!;
      for (let i = 0; i < names.length; i++) {
        const a = msg.args?.[names[i]!];
        if (a === undefined) return fallback(template, msg);
        out += argText(a) + lits[i + 1]!;
      }
      return out;
    }
    const values: Record<string, string | number> = {};
    if (msg.args) for (const name in msg.args) { const a = msg.args[name]!; values[name] = compiled.counted.has(name) ? argValue(a) : argText(a); }
    try {
      return compiled.mf.format(values) as string;
    } catch {
      return fallback(template, msg);
    }
  }) as Formatter;
  const argValue = (a: MsgArg): string | number => (typeof a === 'number' ? a : argText(a));
  const argText = (a: MsgArg): string => {
    if (typeof a === 'string') return a;
    if (typeof a === 'number') return Number.isInteger(a) && a >= 0 ? String(a) : formatNumber(locale, a);
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
