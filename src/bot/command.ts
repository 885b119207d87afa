/**
 * What a subcommand of /campfire is: its definition as Discord registers it (name, description, options, in both
 * languages) together with its handler, which receives the options typed as the definition declares them. Each
 * `src/bot/commands/<name>.ts` exports one; `commands.ts` builds the registered JSON and the router its tables from
 * the list in `commands/index.ts`.
 */
import { UserError, type BotContext } from './context.js';
import type { Ix } from './platform.js';

/** Discord's application command option types that /campfire uses. */
export const OptionType = { STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, ROLE: 8, NUMBER: 10 } as const;
type OptionTypeNumber = (typeof OptionType)[keyof typeof OptionType];
const SUB_COMMAND = 1;

/** A text in both languages. */
export interface Text { en: string; de: string }

export interface Choice<V extends string | number = string | number> { name: string; name_localizations?: { de: string }; value: V }

/**
 * One option of a subcommand. `choices: 'games'` offers every registered game; `'windows'` every reaction window a
 * player may always pass in (`'windows_or_all'`: and "all").
 */
export interface OptionSpec {
  readonly type: OptionTypeNumber;
  readonly name: string;
  /** The German name, when it differs. */
  readonly de?: string;
  readonly description: Text;
  readonly required?: boolean;
  readonly choices?: readonly Choice[] | 'games' | 'windows' | 'windows_or_all';
  readonly min_value?: number;
  readonly max_value?: number;
}

type ValueOf<T extends OptionTypeNumber> =
  T extends typeof OptionType.BOOLEAN ? boolean : T extends typeof OptionType.INTEGER | typeof OptionType.NUMBER ? number : string;

/** The options a handler receives: required ones always present, the others possibly undefined. */
export type OptionsOf<O extends readonly OptionSpec[]> = {
  [K in O[number] as K['name']]: K['required'] extends true ? ValueOf<K['type']> : ValueOf<K['type']> | undefined;
};

export interface SubcommandSpec<O extends readonly OptionSpec[]> {
  readonly name: string;
  /** The German name, when it differs. */
  readonly de?: string;
  readonly description: Text;
  readonly options?: O;
  /** Also answers in a direct message with the bot (else it says that only some commands work there). */
  readonly inDms?: boolean;
  /** Its first answer is a public post, so a deferral must be public too (it cannot change later). */
  readonly publicAnswer?: boolean;
  readonly handle: (c: BotContext, ix: Ix, options: OptionsOf<O>) => Promise<void>;
}

/** A subcommand with its handler, as the router and the definitions see it (options already read). */
export interface Subcommand {
  readonly name: string;
  readonly inDms: boolean;
  readonly publicAnswer: boolean;
  readonly options: readonly OptionSpec[];
  /** The definition as Discord registers it; `games` are the choices of a game option, `windows` of a window option. */
  definition(games: Choice<string>[], windows?: { windows: Choice<string>[]; all: Choice<string> }): object;
  /**
   * Reads the interaction's options as declared (a value of another type counts as absent; a required one absent is
   * refused) and calls the handler.
   */
  run(c: BotContext, ix: Ix): Promise<void>;
}

const described = (name: string, d: Text, de?: string) => ({
  name,
  ...(de ? { name_localizations: { de } } : {}),
  description: d.en,
  description_localizations: { de: d.de },
});

const jsType = (t: OptionTypeNumber): string =>
  (t === OptionType.BOOLEAN ? 'boolean' : t === OptionType.INTEGER || t === OptionType.NUMBER ? 'number' : 'string');

/** Declares a subcommand; `const` keeps the option names and types for the handler's typed options. */
export function subcommand<const O extends readonly OptionSpec[] = []>(spec: SubcommandSpec<O>): Subcommand {
  const options: readonly OptionSpec[] = spec.options ?? [];
  return {
    name: spec.name,
    inDms: !!spec.inDms,
    publicAnswer: !!spec.publicAnswer,
    options,
    definition(games, windows) {
      const choicesOf = (c: NonNullable<OptionSpec['choices']>) => (c === 'games' ? games
        : c === 'windows' ? windows?.windows ?? []
        : c === 'windows_or_all' ? [...(windows?.windows ?? []), ...(windows ? [windows.all] : [])] : c);
      return {
        type: SUB_COMMAND,
        ...described(spec.name, spec.description, spec.de),
        ...(options.length ? {
          options: options.map((o) => ({
            type: o.type,
            required: !!o.required,
            ...(o.choices ? { choices: choicesOf(o.choices) } : {}),
            ...(o.min_value !== undefined ? { min_value: o.min_value } : {}),
            ...(o.max_value !== undefined ? { max_value: o.max_value } : {}),
            ...described(o.name, o.description, o.de),
          })),
        } : {}),
      };
    },
    run(c, ix) {
      const raw = ix.command?.options ?? {};
      const read: Record<string, string | number | boolean | undefined> = {};
      for (const o of options) {
        const v = raw[o.name];
        read[o.name] = typeof v === jsType(o.type) ? v : undefined;
        // Discord always sends a required option; an interaction without it is not one of ours.
        if (o.required && read[o.name] === undefined) throw new UserError({ key: 'error.bad_id' });
      }
      return spec.handle(c, ix, read as OptionsOf<O>);
    },
  };
}
