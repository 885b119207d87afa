/**
 * The narrow surface the bot's handlers use. `discord.ts` implements it over discord.js; tests and
 * benchmarks implement it with plain objects. Messages are Discord API JSON (components as raw rows).
 */
import { SnowflakeUtil } from 'discord.js';
import type { Locale } from '../engine/i18n.js';
import type { Logger } from '../ops/log.js';

export interface OutFile { name: string; data: Buffer }

export interface OutMessage {
  content?: string;
  embeds?: object[];
  components?: object[];
  files?: OutFile[];
  /** Users this message may ping; nobody else is ever mentioned. */
  mentionUsers?: string[];
  /**
   * `container`: sent in Discord's Components V2 layout (the table post): a container holding `content` as a text
   * display and the pictures of `files` as a media gallery, `components` (the buttons) below it. See `laidOut`.
   */
  layout?: 'container';
  /** The container's accent colour (with `layout: 'container'`). */
  accent?: number;
  /**
   * An edit that only takes the buttons off (`components: []`) and keeps the rest: of a message in the container
   * layout, its container stays (the platform reads the message to keep it).
   */
  buttonsOff?: true;
}

export interface Person { id: string; name: string }

/** One incoming interaction, already reduced to what the handlers need. */
export interface Ix {
  user: Person;
  /** The user's language: their Campfire setting, else their Discord locale (the router fills it in). */
  locale: Locale;
  /** The user's Discord locale, whatever their Campfire setting says. */
  discordLocale?: Locale;
  /** The server's language, for public posts. */
  guildLocale: Locale;
  guildId: string | null;
  channelId: string;
  inThread: boolean;
  inDm: boolean;
  /**
   * Campfire answers here only because the user installed it to their account (Discord's user install): the bot is not
   * in this server or chat (a group DM, a DM between users, a server without Campfire). Only the commands that need no
   * game thread work here, privately.
   */
  appOnly?: boolean;
  /** The member may manage threads (moderators can abandon games). */
  canManageThreads: boolean;
  /** The member may manage the server (server settings). */
  canManageGuild?: boolean;
  /** The member's role ids (the server's manager role may manage games). */
  roles?: string[];
  customId?: string;
  values?: string[];
  /** For components: whether the message the component is on is ephemeral. */
  message?: 'ephemeral' | 'public';
  /** For components: the id of the message the component is on. */
  messageId?: string;
  /**
   * For components: the interaction's token. For 15 minutes it lets the bot post in the channel the click was made
   * in as a follow-up, which Discord does not count against the bot's global limit (the game's next tables use it).
   */
  token?: string;
  command?: { sub: string; options: Record<string, string | number | boolean | undefined> };
  /** First answer: a new message (ephemeral or not). */
  reply(msg: OutMessage, ephemeral: boolean): Promise<void>;
  /** First answer to a component: replace the message the component is on. */
  update(msg: OutMessage): Promise<void>;
  /** Further messages after the first answer. */
  followUp(msg: OutMessage, ephemeral: boolean): Promise<void>;
  /** The id of the message the first (non-ephemeral) reply created, for threads started from it. */
  replyMessageId(): Promise<string | null>;
  /**
   * Acknowledges the interaction now and answers it later (Discord wants an answer within 3 s; a deferred one may
   * follow within 15 minutes). A command's answer is deferred as public or private (`ephemeral`, it cannot change
   * afterwards); a component's message stays as it is until `update` replaces it. After a deferral `reply`,
   * `update` and `followUp` still work as before. Does nothing once an answer has begun.
   */
  defer(ephemeral: boolean): Promise<void>;
}

export type DmResult = 'sent' | 'closed' | 'failed';

/** What became of a DM: sent (with the message, when Discord said which), refused because DMs are closed, failed. */
export interface DmOutcome { result: DmResult; message?: { channelId: string; messageId: string } }

/**
 * A failure that passes (Discord's 5xx, a rate limit, the network): the job that met it is tried again, after
 * `retryAfterMs` when Discord said how long to wait.
 */
export class RetryableError extends Error {
  constructor(message: string, readonly retryAfterMs?: number) { super(message); }
}

/** Not a failure: the job waits for something still on its way (the game's thread); no attempt is counted. */
export class WaitingError extends RetryableError {}

/** Sent with a message: Discord keeps the first message with a nonce and answers a repeat with it (no double post). */
export interface SendOptions { nonce?: string }

/**
 * Discord actions outside an interaction's answer. Each returns null / false when Discord refused for good
 * (no permission, unknown channel) and throws a RetryableError when it may work later.
 */
export interface Platform {
  post(channelId: string, msg: OutMessage, opts?: SendOptions): Promise<string | null>;
  edit(channelId: string, messageId: string, msg: OutMessage): Promise<boolean>;
  createThread(channelId: string, messageId: string, name: string): Promise<string | null>;
  dm(userId: string, msg: OutMessage, opts?: SendOptions): Promise<DmOutcome>;
  /** Archives a thread, locked when `lock` (so that only moderators can open it again). False: Discord refused. */
  archiveThread(threadId: string, lock: boolean): Promise<boolean>;
  /** False when Discord says the channel or thread no longer exists (deleted). */
  exists(channelId: string): Promise<boolean>;
  /** A link to a channel or thread, for DMs. */
  link(guildId: string | null, channelId: string): string;
  /**
   * Posts a message as a follow-up of an interaction, by its token (in the channel it was made in, publicly).
   * Null when Discord refused for good (an expired or unknown token): the caller posts in the channel instead.
   */
  followUp?(token: string, msg: OutMessage): Promise<string | null>;
  /** Edits a follow-up through the token it was posted with (false: Discord refused for good, e.g. the token expired). */
  editFollowUp?(token: string, messageId: string, msg: OutMessage): Promise<boolean>;
  /**
   * The newest of the bot's recent messages in the channel (the last 25) with a component whose custom_id starts
   * with `customIdPrefix`, if any: a follow-up carries no nonce, so a job run again after a crash looks for its post.
   */
  findPosted?(channelId: string, customIdPrefix: string): Promise<string | null>;
  /**
   * Is the user a member of the server (GET /guilds/<id>/members/<user>)? False: Discord says not (or the bot is
   * no longer there); null: unknown (Discord did not answer). Without it, every server counts as reachable.
   */
  memberOf?(guildId: string, userId: string): Promise<boolean | null>;
  /**
   * True while Discord answered too many requests with 401, 403 or 429 of late (past a tenth of its invalid-request
   * limit): the job runner leaves tidying for later.
   */
  strained?(): boolean;
}

/** Discord limits edits of messages older than this (a 429 with code 30046 once the budget is spent). */
export const OLD_MESSAGE_MS = 60 * 60_000;

/** When a message was posted, read from its id (a Discord snowflake); null when the id is not one. */
export function postedAt(messageId: string): number | null {
  if (!/^\d{15,20}$/.test(messageId)) return null;
  return SnowflakeUtil.timestampFrom(messageId);
}

/** The logger lives below the bot (ops uses it too); the bot's modules import it from here as before. */
export type { Logger };

export const consoleLogger: Logger = {
  info: (m, c) => console.log(`[info] ${m}`, c ? JSON.stringify(c) : ''),
  warn: (m, c) => console.warn(`[warn] ${m}`, c ? JSON.stringify(c) : ''),
  error: (m, c) => console.error(`[error] ${m}`, c ? JSON.stringify(c) : ''),
};
