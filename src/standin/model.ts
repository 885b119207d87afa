/**
 * The stand-in's model: its options, the records it stores (messages, interactions, what was shown to whom), the
 * persisted state, and the refusal a simulated user gets for what Discord's UI would not let a person do.
 */
import type { BucketRule } from './faults.js';
import type { AttachmentRecord, GuildRecord, UserRecord } from './templates.js';
import type { Obj } from './util.js';

export interface StandInUserSpec {
  /** Discord: 2–32 characters. */
  username: string;
  /** Display name, Discord: 1–32 characters (default: the username). */
  globalName?: string;
  /** Guild nickname, Discord: 1–32 characters (default none). */
  nick?: string;
  locale?: string;
  id?: string;
  /** Gives the user the "Moderator" role (Manage Server, Manage Channels, Manage Messages, Manage Threads). */
  manager?: boolean;
}

export interface StandInOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  host?: string;
  /** The bot token the client must present (a default, token-shaped string otherwise). */
  token?: string;
  botName?: string;
  guildName?: string;
  /** Names of the guild's text channels (default: general, campfire). */
  channels?: string[];
  /** Simulated users present at start (default: four, two with locale en-US and two with de). */
  users?: StandInUserSpec[];
  /** Gateway heartbeat interval sent in HELLO (Discord: 41250 ms). */
  heartbeatIntervalMs?: number;
  /** Time the bot has for the first reply to an interaction (Discord: 3 s). */
  firstReplyMs?: number;
  /** Lifetime of an interaction token for follow-ups and edits (Discord: 15 min). */
  tokenLifetimeMs?: number;
  /** Age after which edits of a (non-interaction) message are limited (default 1 h; null: no limit). */
  oldMessageAgeMs?: number | null;
  /** Edits allowed per hour of messages older than `oldMessageAgeMs` (default 0: every such edit gets 30046). */
  oldMessageEditsPerHour?: number;
  /** How long a simulated user waits for a deferred reply to be filled in (default 10 s). */
  deferWaitMs?: number;
  /**
   * After a deferred update (callback type 6) with no edit or follow-up yet, the outcome settles once nothing has
   * changed in the stand-in for this long (default 500 ms).
   */
  settleMs?: number;
  /** Log sink for unknown routes, refused bodies, rate limits, faults and gateway events (default: console.warn for unknown routes and refused bodies). */
  log?: (line: string) => void;
  /**
   * Keeps the stand-in's state (guild, users, channels, threads, DMs, messages, attachments, commands) in this JSON
   * file, loading it at start and saving after changes, so a sandbox survives restarts; attachment bytes go to
   * `<statePath>.files/`. Default: memory only.
   */
  statePath?: string;
  /**
   * Rate-limit buckets from the start; more with `faults.limit()`. Default `DISCORD_LIKE_BUCKETS` (5 messages and 5
   * edits per 5 s per channel, 50 requests per second bot-wide). `[]` switches them off — a test doing so must say why.
   */
  rateLimits?: BucketRule[];
  /**
   * Checks every request body against Discord's published OpenAPI schema (`discord-api-spec/zod`) and refuses what
   * Discord would refuse with 400 / 50035 (default true). `false` only for tests that must send what Discord refuses.
   */
  validateBodies?: boolean;
  /**
   * Time a thread takes to come into existence (default 300 ms): `POST /channels/{id}/threads` (and the variant from a
   * message) answers, and THREAD_CREATE is dispatched, only after it — as Discord's thread creation takes a few hundred
   * milliseconds. 0 makes it immediate.
   */
  threadCreateDelayMs?: number;
  /**
   * Privileged intents switched on "in the developer portal" (bit mask of GuildMembers, GuildPresences,
   * MessageContent). Default 0, as for a new application: asking for them closes the gateway with 4014.
   */
  privilegedIntents?: number;
  /**
   * The shard count `GET /gateway/bot` recommends (`shards`), as Discord does from the bot's guild count. Default:
   * one per 1000 guilds, at least 1.
   */
  recommendedShards?: number;
}

export const DEFAULT_USERS: StandInUserSpec[] = [
  { username: 'ada', globalName: 'Ada', locale: 'en-US', manager: true },
  { username: 'bruno', globalName: 'Bruno', locale: 'de' },
  { username: 'chloe', globalName: 'Chloe', locale: 'en-US' },
  { username: 'dieter', globalName: 'Dieter', locale: 'de' },
];
export interface StoredMessage {
  id: string;
  channelId: string;
  authorId: string;
  content: string;
  embeds: Obj[];
  components: Obj[];
  attachments: AttachmentRecord[];
  flags: number;
  type: number;
  createdAt: number;
  editedAt: number | null;
  /** Ephemeral messages: the only user who sees them. */
  ephemeralTo: string | null;
  /** Interaction that produced this message (response or follow-up). */
  interactionId: string | null;
  threadId: string | null;
  messageReference: Obj | null;
  deleted: boolean;
  /** Timestamps of edits made while the message was older than the old-message age (edit budget). */
  oldEdits: number[];
  /** The users the message pinged when it was posted: mentioned in its content and allowed by `allowed_mentions`. */
  mentions?: string[];
}

export type InteractionKind = 'command' | 'component' | 'modal';

export interface InteractionRecord {
  id: string;
  token: string;
  type: 2 | 3 | 5;
  kind: InteractionKind;
  userId: string;
  channelId: string;
  guildId: string | null;
  createdAt: number;
  payload: Obj;
  /** Component interactions and modals opened from a message: that message. */
  sourceMessageId: string | null;
  callbackType: number | null;
  callbackAt: number | null;
  /** The message `@original` refers to, once there is one. */
  originalMessageId: string | null;
  ephemeral: boolean;
  /** True once the original response has been edited (a deferred reply filled in). */
  originalEdited: boolean;
  followUpIds: string[];
  modal: Obj | null;
  modalSubmitted: boolean;
}

/** What a simulated user saw as the result of a command, click, selection or modal. */
export interface InteractionOutcome {
  interactionId: string;
  /**
   * message: a new reply (possibly ephemeral) · update: the clicked message was changed · modal: a modal opened ·
   * deferred: acknowledged but not filled in within the wait · none: no response in time ("This interaction failed").
   */
  kind: 'message' | 'update' | 'modal' | 'deferred' | 'none';
  callbackType: number | null;
  ephemeral: boolean;
  /** The reply or updated message, as the API shows it. */
  message: Obj | null;
  modal: Obj | null;
  /** Follow-up messages sent so far. */
  followUps: Obj[];
  /** Stand-in clock time from INTERACTION_CREATE being sent to the callback arriving (null: no callback). */
  callbackLatencyMs: number | null;
}

/** One thing shown to someone: a message as created or edited, or a modal. */
export interface ShownRecord {
  seq: number;
  at: number;
  /** create/edit: a message appeared or changed; reveal: an existing message became visible to a new private-thread member. */
  kind: 'create' | 'edit' | 'modal' | 'reveal';
  channelId: string;
  messageId: string | null;
  /** 'everyone' (anyone in the guild), or the user ids that could see it. */
  visibleTo: 'everyone' | string[];
  ephemeral: boolean;
  payload: Obj;
}

export class StandInRefusal extends Error {}

/** What identifies a persisted stand-in (the rest of the saved state is restored by `restoreState`). */
export interface SavedIdentity {
  applicationId: string;
  token: string;
  owner: UserRecord;
  guild: GuildRecord;
  roleIds: { bot: string; moderator: string };
}

/** A guild added with `addGuild` (the first guild is `SavedIdentity.guild`). */
export interface ExtraGuild {
  guild: GuildRecord;
  roleIds: { bot: string; moderator: string };
}

/** The stand-in's persisted state (see `statePath`). */
export interface SavedState extends SavedIdentity {
  version: 1;
  /** Guilds added with `addGuild` (absent in states saved before there were any). */
  extraGuilds?: ExtraGuild[];
  users: Obj[];
  channels: Obj[];
  channelMessages: Record<string, string[]>;
  messages: Obj[];
  attachments: Array<{ key: string; contentType: string }>;
  commands: Obj[];
  botDenied: Record<string, string>;
}

export interface SlashArgs {
  subcommand?: string;
  group?: string;
  options?: Record<string, string | number | boolean>;
}

export interface SimUserRecord extends UserRecord {
  dmsOpen: boolean;
  joinedAt: string;
  manager: boolean;
}
