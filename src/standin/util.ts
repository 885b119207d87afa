/**
 * Small shared pieces of the Discord stand-in: the controllable clock, snowflakes, Discord-style API errors and the
 * permission bits the stand-in checks.
 */

/** A JSON object as it travels over the wire. Payloads are built from templates, so `any` values are deliberate. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

/** Discord's epoch (2015-01-01T00:00:00Z) used by snowflakes. */
export const DISCORD_EPOCH = 1420070400000;

/**
 * Wall clock with an offset that tests can move forward. Everything time-based in the stand-in (the 3-second first
 * reply, 15-minute interaction tokens, the one-hour edit rule, timestamps, snowflakes) reads this clock.
 */
export class Clock {
  private offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  /** Moves the clock forward by `ms` milliseconds (never backwards). */
  advance(ms: number): void {
    if (ms < 0) throw new Error('Clock.advance: time only moves forward');
    this.offsetMs += ms;
  }
  iso(ms = this.now()): string {
    return new Date(ms).toISOString();
  }
}

export class Snowflakes {
  private increment = 0n;
  constructor(private readonly clock: Clock) {}
  next(): string {
    const ms = BigInt(this.clock.now() - DISCORD_EPOCH);
    this.increment = (this.increment + 1n) & 0xfffn;
    return ((ms << 22n) | (1n << 17n) | this.increment).toString();
  }
}

/** Time encoded in a snowflake, in ms since the Unix epoch. */
export function snowflakeTime(id: string): number {
  return Number(BigInt(id) >> 22n) + DISCORD_EPOCH;
}

/** An error the REST API returns, shaped like Discord's: `{ message, code, errors? }` with an HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Obj,
  ) {
    super(message);
  }
  body(): Obj {
    return this.errors ? { message: this.message, code: this.code, errors: this.errors } : { message: this.message, code: this.code };
  }
}

/** Discord's JSON error codes used by the stand-in (https://discord.com/developers/docs/topics/opcodes-and-status-codes). */
export const ErrorCodes = {
  General: 0,
  UnknownChannel: 10003,
  UnknownGuild: 10004,
  UnknownMember: 10007,
  UnknownMessage: 10008,
  UnknownUser: 10013,
  UnknownWebhook: 10015,
  UnknownApplication: 10002,
  UnknownInteraction: 10062,
  UnknownApplicationCommand: 10063,
  MaxOldMessageEdits: 30046,
  RequestTooLarge: 40005,
  InteractionAlreadyAcknowledged: 40060,
  MissingAccess: 50001,
  CannotEditOthersMessage: 50005,
  EmptyMessage: 50006,
  CannotMessageUser: 50007,
  MissingPermissions: 50013,
  InvalidFormBody: 50035,
  InvalidWebhookToken: 50027,
  ThreadArchived: 50083,
} as const;

export function invalidForm(errors: Obj): ApiError {
  return new ApiError(400, ErrorCodes.InvalidFormBody, 'Invalid Form Body', errors);
}

/** One entry of a form-body error tree, e.g. `formError('content', 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.')`. */
export function formError(path: string, code: string, message: string): ApiError {
  const root: Obj = {};
  let node = root;
  const parts = path.split('.');
  parts.forEach((p, i) => {
    if (i === parts.length - 1) node[p] = { _errors: [{ code, message }] };
    else node = node[p] = {};
  });
  return invalidForm(root);
}

/** Permission bits (https://discord.com/developers/docs/topics/permissions). */
export const Perm = {
  CreateInstantInvite: 1n << 0n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  ChangeNickname: 1n << 26n,
  UseApplicationCommands: 1n << 31n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
} as const;
export type PermName = keyof typeof Perm;

/** What @everyone may do in the stand-in's guild (Discord's defaults for text: no manage permissions). */
export const EVERYONE_PERMISSIONS: bigint =
  Perm.CreateInstantInvite |
  Perm.AddReactions |
  Perm.ViewChannel |
  Perm.SendMessages |
  Perm.EmbedLinks |
  Perm.AttachFiles |
  Perm.ReadMessageHistory |
  Perm.MentionEveryone |
  Perm.UseExternalEmojis |
  Perm.ChangeNickname |
  Perm.UseApplicationCommands |
  Perm.CreatePublicThreads |
  Perm.CreatePrivateThreads |
  Perm.SendMessagesInThreads;

/** The bot's managed role adds what a game bot is typically invited with. */
export const BOT_ROLE_PERMISSIONS: bigint = Perm.ManageMessages | Perm.ManageThreads;

/** The "Moderator" role of simulated users created with `manager: true`. */
export const MODERATOR_PERMISSIONS: bigint = Perm.ManageGuild | Perm.ManageChannels | Perm.ManageMessages | Perm.ManageThreads;

/** Everything in `Perm` (the guild owner). */
export const ALL_PERMISSIONS: bigint = Object.values(Perm).reduce((a, b) => a | b, 0n);

export function permBits(names: readonly PermName[]): bigint {
  return names.reduce((acc, n) => {
    const bit = Perm[n];
    if (bit === undefined) throw new Error(`Unknown permission ${String(n)}`);
    return acc | bit;
  }, 0n);
}

export function permNames(bits: bigint): PermName[] {
  return (Object.keys(Perm) as PermName[]).filter((n) => (bits & Perm[n]) === Perm[n]);
}

export function deepCopy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Reads width and height from a PNG's IHDR chunk; null when the bytes are not a PNG. */
export function pngSize(buf: Buffer): { width: number; height: number } | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length < 24 || !sig.every((b, i) => buf[i] === b)) return null;
  if (buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

export function contentTypeFor(filename: string, given?: string): string {
  if (given && given !== 'application/octet-stream') return given;
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  const map: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    txt: 'text/plain; charset=utf-8',
    json: 'application/json',
    md: 'text/markdown; charset=utf-8',
  };
  return map[ext] ?? 'application/octet-stream';
}
