/**
 * What `npm start` checks before it takes interactions, each failure a `StartError` with a message an operator can
 * act on and its own exit code (see `src/main.ts`).
 */
export type StartProblem = 'no_token' | 'token_rejected' | 'database' | 'commands_differ' | 'shard_settings';

export const EXIT_CODES: Record<StartProblem, number> = { no_token: 1, token_rejected: 2, database: 3, commands_differ: 4, shard_settings: 5 };

export class StartError extends Error {
  constructor(readonly problem: StartProblem, message: string) { super(message); }
  get exitCode(): number { return EXIT_CODES[this.problem]; }
}

/** Whether a discord.js login error means Discord refused the token. */
export function isTokenRejected(err: unknown): boolean {
  const e = err as { code?: unknown; status?: unknown; message?: unknown };
  return e?.code === 'TokenInvalid' || e?.status === 401 || e?.code === 4004 || /401|invalid token|Authentication failed/i.test(String(e?.message ?? ''));
}

type Obj = Record<string, unknown>;

const COMMAND_KEYS = ['name', 'description', 'name_localizations', 'description_localizations', 'type', 'options', 'dm_permission', 'contexts', 'default_member_permissions'];
const OPTION_KEYS = ['type', 'name', 'description', 'name_localizations', 'description_localizations', 'required', 'choices', 'min_value', 'max_value', 'min_length', 'max_length', 'options', 'autocomplete', 'channel_types'];
const CHOICE_KEYS = ['name', 'value', 'name_localizations'];

/** The parts of a command definition that matter to players, with Discord's defaults dropped, keys sorted. */
function canonical(v: unknown, keys: string[], child?: (x: unknown) => unknown): unknown {
  const o = v as Obj;
  const out: Obj = {};
  for (const k of [...keys].sort()) {
    let x = o[k];
    if (x === null || x === undefined || x === false) continue;
    if (typeof x === 'object' && !Array.isArray(x) && Object.keys(x as Obj).length === 0) continue;
    if (k === 'options') x = (x as unknown[]).map((y) => canonical(y, OPTION_KEYS));
    else if (k === 'choices') x = (x as unknown[]).map((y) => canonical(y, CHOICE_KEYS));
    else if (child) x = child(x);
    else if (typeof x === 'object' && !Array.isArray(x)) x = Object.fromEntries(Object.entries(x as Obj).sort(([a], [b]) => a.localeCompare(b)));
    out[k] = x;
  }
  return out;
}

/**
 * Compares the command definitions of this code with those registered on Discord. Returns null when every one is
 * registered as defined, else a sentence naming the commands missing or different.
 */
export function compareCommands(defined: object[], registered: object[]): string | null {
  const byName = new Map(registered.map((r) => [(r as Obj).name as string, r]));
  const missing: string[] = [];
  const differ: string[] = [];
  for (const d of defined) {
    const name = (d as Obj).name as string;
    const r = byName.get(name);
    if (!r) missing.push(`/${name}`);
    else if (JSON.stringify(canonical(d, COMMAND_KEYS)) !== JSON.stringify(canonical(r, COMMAND_KEYS))) differ.push(`/${name}`);
  }
  if (!missing.length && !differ.length) return null;
  const parts = [missing.length ? `not registered: ${missing.join(', ')}` : '', differ.length ? `registered differently from this version's definition: ${differ.join(', ')}` : ''].filter(Boolean);
  return `slash commands ${parts.join('; ')}. Run \`npm run deploy-commands\` (with DEV_GUILD_ID for a test server), then start again`;
}
