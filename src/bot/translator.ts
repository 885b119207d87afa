/** Formatters for one language over the common, bot and game catalogues, naming seats by the given names. */
import { commonMessages } from '../engine/common-messages.js';
import { formatter, type Formatter, type Locale } from '../engine/i18n.js';
import type { GameModule } from '../games/types.js';
import { botMessages } from './messages.js';

/**
 * Texts as the catalogues hold them, for the pictures: soft hyphens (U+00AD) mark where a picture may break a long
 * German word. Never for Discord (see `discordTranslator`).
 */
export function translator(locale: Locale, module: GameModule | undefined, names: string[] = []): Formatter {
  const catalogs = [commonMessages, botMessages, ...(module ? [module.engine.messages] : [])];
  return formatter(locale, catalogs, (seat) => names[seat] ?? `#${seat + 1}`, commandNames(locale));
}

/**
 * Characters Discord would keep but nobody sees: the pictures' soft hyphens, zero-width non-joiner, direction marks,
 * word joiners, byte-order marks. Two stay: the zero-width space that `safeName` puts after "@" and "<" so that a
 * typed mention never renders as one, and the zero-width joiner inside emoji.
 */
export const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

/** A text as Discord should get it: without invisible characters (`INVISIBLE`). */
export function discordText(s: string): string {
  return s.replace(INVISIBLE, '');
}

/**
 * The formatter for everything that goes to Discord (content, embeds, labels, menus, DMs): the catalogues' texts
 * with the invisible characters taken out, in this one place.
 */
export function discordTranslator(locale: Locale, module: GameModule | undefined, names: string[] = []): Formatter {
  const raw = translator(locale, module, names);
  const t = ((msg) => discordText(raw(msg))) as Formatter;
  t.locale = locale;
  return t;
}

/**
 * `/campfire <sub>` and its options as a reader of `locale` sees them in Discord's command picker, from the command
 * definitions (`commands.ts`): `{cmd_new}` is "/campfire new" in English and "/campfire neu" in German,
 * `{cmd_games_page}` the option "page" / "seite".
 */
const namesByLocale = new Map<Locale, Record<string, string>>();
/**
 * The command definitions, given by `commands.ts` when it loads (`nameCommandsBy`): the translator does not import
 * them, as they import the handlers, which import the translator (an import cycle, test/games/import-cycles.test.ts).
 */
let definitions: (() => object[]) | null = null;
export function nameCommandsBy(defs: () => object[]): void {
  definitions = defs;
  namesByLocale.clear();
}
export function commandNames(locale: Locale): Record<string, string> {
  let out = namesByLocale.get(locale);
  if (out) return out;
  if (!definitions) return {};
  type Def = { name: string; name_localizations?: { de?: string }; options?: Def[] };
  const local = (d: Def) => (locale === 'de' ? d.name_localizations?.de ?? d.name : d.name);
  out = {};
  for (const root of definitions() as Def[]) {
    for (const sub of root.options ?? []) {
      out[`cmd_${sub.name}`] = `/${local(root)} ${local(sub)}`;
      for (const opt of sub.options ?? []) out[`cmd_${sub.name}_${opt.name}`] = local(opt);
    }
  }
  namesByLocale.set(locale, out);
  return out;
}
