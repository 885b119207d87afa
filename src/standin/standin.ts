/**
 * The Discord stand-in: state (a guild, more with `addGuild`; channels and threads, DMs, messages, attachments,
 * interactions, application commands), the rules Discord enforces on them, simulated users, and the fault API. HTTP
 * and WebSocket plumbing live in `rest.ts` and `gateway.ts`; `index.ts` exposes `startStandIn()`.
 */
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Gateway, Intents, shardOfGuild, shardOwns, type GatewaySession, type ShardSpec } from './gateway.js';
import { DISCORD_LIKE_BUCKETS, Faults, type BucketRule } from './faults.js';
import { findComponent, transcriptLine } from './text.js';
import {
  ComponentType,
  MessageFlags,
  interactiveComponents,
  validateMessageBody,
  validateModal,
  type IncomingFile,
} from './limits.js';
import {
  ChannelType,
  applicationPayload,
  attachmentPayload,
  channelPayload,
  commandPayload,
  rolePayload,
  guildPayload,
  memberPayload,
  userPayload,
  type AttachmentRecord,
  type ChannelRecord,
  type GuildRecord,
  type UserRecord,
} from './templates.js';
import {
  ApiError,
  Clock,
  ALL_PERMISSIONS,
  BOT_ROLE_PERMISSIONS,
  EVERYONE_PERMISSIONS,
  MODERATOR_PERMISSIONS,
  ErrorCodes,
  Perm,
  Snowflakes,
  contentTypeFor,
  deepCopy,
  formError,
  permBits,
  pngSize,
  type Obj,
  type PermName,
} from './util.js';

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

/**
 * The users a new message pings, as Discord works them out: those mentioned in its content (`<@id>`, `<@!id>`) that
 * `allowed_mentions` lets through (no `allowed_mentions`: every mention pings; `parse: ['users']` or the user listed).
 */
function pinged(body: Obj): string[] {
  const content = typeof body.content === 'string' ? body.content : '';
  const mentioned = [...new Set([...content.matchAll(/<@!?(\d{15,25})>/g)].map((x) => x[1]!))];
  const allowed = body.allowed_mentions as Obj | undefined;
  if (!allowed) return mentioned;
  const parse = Array.isArray(allowed.parse) ? allowed.parse : [];
  const users = new Set((Array.isArray(allowed.users) ? allowed.users : []).map(String));
  return mentioned.filter((u) => parse.includes('users') || users.has(u));
}

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

/** How long Discord remembers a message nonce for `enforce_nonce` ("a few minutes"). */
const NONCE_WINDOW_MS = 5 * 60_000;

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

interface SimUserRecord extends UserRecord {
  dmsOpen: boolean;
  joinedAt: string;
  manager: boolean;
}

export class StandIn {
  readonly clock = new Clock();
  readonly ids = new Snowflakes(this.clock);
  readonly faults = new Faults();
  readonly events = new EventEmitter();
  readonly gateway: Gateway;
  readonly token: string;
  readonly applicationId: string;
  readonly bot: UserRecord;
  readonly owner: UserRecord;
  /** The first guild, the one the defaults (`channelByName`, `textChannels`, …) refer to. */
  readonly guild: GuildRecord;
  /** The bot's managed role and the moderators' role (in the first guild). */
  readonly roleIds: { bot: string; moderator: string };
  /** Every guild the bot is in, the first one included, with its role ids. Every simulated user is in all of them. */
  readonly guilds = new Map<string, ExtraGuild>();
  readonly users = new Map<string, SimUserRecord>();
  readonly channels = new Map<string, ChannelRecord>();
  readonly messages = new Map<string, StoredMessage>();
  /** Nonces sent with `enforce_nonce`, per channel: a repeat within a few minutes returns the first message. */
  private readonly nonces = new Map<string, { messageId: string; at: number }>();
  readonly channelMessages = new Map<string, string[]>();
  readonly attachmentData = new Map<string, { data: Buffer; contentType: string }>();
  readonly interactions = new Map<string, InteractionRecord>();
  readonly interactionsByToken = new Map<string, InteractionRecord>();
  readonly commands = new Map<string, Obj>();
  readonly shown: ShownRecord[] = [];
  /** Permissions denied to the bot per channel (threads also inherit their parent's). */
  readonly botDenied = new Map<string, bigint>();
  /** Every REST request: method, path, status, and when. */
  /** Every REST request as answered (`global`: a 429 of the bot-wide limit, not of one route's bucket). */
  readonly requestLog: Array<{ at: number; method: string; path: string; route: string; status: number; global?: boolean }> = [];
  readonly opts: Required<Omit<StandInOptions, 'port' | 'host' | 'token' | 'users' | 'channels' | 'log' | 'rateLimits' | 'statePath' | 'recommendedShards'>> & {
    recommendedShards: number | null;
    log: (line: string) => void;
  };
  baseUrl = '';
  private changeSeq = 0;
  /** Real time of the last state change (for the quiet period after a deferred update). */
  private lastChangeAt = Date.now();

  /** Directory where attachment bytes are written when the state is persisted (see `statePath`). */
  persistDir: string | null = null;

  constructor(options: StandInOptions = {}, saved: SavedIdentity | null = null) {
    this.opts = {
      botName: options.botName ?? 'Campfire',
      guildName: options.guildName ?? 'Campfire Sandbox',
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41250,
      firstReplyMs: options.firstReplyMs ?? 3000,
      tokenLifetimeMs: options.tokenLifetimeMs ?? 15 * 60 * 1000,
      oldMessageAgeMs: options.oldMessageAgeMs === undefined ? 60 * 60 * 1000 : options.oldMessageAgeMs,
      oldMessageEditsPerHour: options.oldMessageEditsPerHour ?? 0,
      deferWaitMs: options.deferWaitMs ?? 10_000,
      settleMs: options.settleMs ?? 500,
      privilegedIntents: options.privilegedIntents ?? 0,
      validateBodies: options.validateBodies ?? true,
      threadCreateDelayMs: options.threadCreateDelayMs ?? 300,
      recommendedShards: options.recommendedShards ?? null,
      log: options.log ?? ((line: string) => (line.startsWith('unknown route') || line.startsWith('refused body') ? console.warn(`[stand-in] ${line}`) : undefined)),
    };
    this.events.setMaxListeners(0);
    this.faults.baseBuckets.push(...(options.rateLimits ?? DISCORD_LIKE_BUCKETS));
    this.applicationId = saved?.applicationId ?? this.ids.next();
    this.token =
      options.token ??
      saved?.token ??
      `${Buffer.from(this.applicationId).toString('base64url')}.${randomBytes(4).toString('base64url')}.${randomBytes(27).toString('base64url')}`;
    this.bot = { id: this.applicationId, username: this.opts.botName, globalName: null, bot: true, locale: 'en-US' };
    this.owner = saved?.owner ?? { id: this.ids.next(), username: 'owner', globalName: 'Owner', bot: false, locale: 'en-US' };
    this.guild = saved?.guild ?? {
      id: this.ids.next(),
      name: this.opts.guildName,
      ownerId: this.owner.id,
      preferredLocale: 'en-US',
      createdAt: this.clock.iso(),
    };
    this.roleIds = saved?.roleIds ?? { bot: this.ids.next(), moderator: this.ids.next() };
    this.guilds.set(this.guild.id, { guild: this.guild, roleIds: this.roleIds });
    if (!saved) {
      for (const [i, name] of (options.channels ?? ['general', 'campfire']).entries()) this.addChannel(name, i, this.guild.id);
      for (const u of options.users ?? DEFAULT_USERS) this.addUser(u, false);
    }
    this.gateway = new Gateway(
      {
        token: () => this.token,
        privilegedIntents: () => this.opts.privilegedIntents,
        ready: (shard) => this.readyPayload(shard),
        guildCreates: () => [...this.guilds.keys()].map((id) => this.guildCreatePayload(id)),
        resumeUrl: () => `${this.wsBase()}/gateway-resume`,
        log: (l) => this.opts.log(l),
        filter: (s, t, d) => this.filterDispatch(s, t, d),
      },
      this.opts.heartbeatIntervalMs,
    );
  }

  // ---------------------------------------------------------------- basics

  wsBase(): string {
    return this.baseUrl.replace(/^http/, 'ws');
  }

  /** REST base for the discord.js `rest.api` option and the bot's DISCORD_API_BASE. */
  get apiBase(): string {
    return `${this.baseUrl}/api`;
  }

  changed(kind: string, channelId: string | null = null): void {
    this.changeSeq++;
    this.lastChangeAt = Date.now();
    this.events.emit('change', { seq: this.changeSeq, kind, channelId });
  }

  get version(): number {
    return this.changeSeq;
  }

  private addChannel(name: string, position: number, guildId: string): ChannelRecord {
    const c = this.blankChannel(ChannelType.GuildText, name, guildId);
    c.position = position;
    this.channels.set(c.id, c);
    return c;
  }

  private blankChannel(type: number, name: string | null, guildId: string | null): ChannelRecord {
    const now = this.clock.iso();
    return {
      id: this.ids.next(),
      type,
      guildId: type === ChannelType.DM ? null : guildId,
      name,
      position: 0,
      topic: null,
      parentId: null,
      overwrites: [],
      lastMessageId: null,
      recipientId: null,
      ownerId: null,
      archived: false,
      locked: false,
      autoArchiveDuration: 10080,
      createdAt: now,
      archiveTimestamp: now,
      invitable: true,
      memberIds: [],
      messageCount: 0,
      totalMessageSent: 0,
      deleted: false,
    };
  }

  /** Adds a simulated user to the guild (GUILD_MEMBER_ADD for clients with the GuildMembers intent). */
  addUser(spec: StandInUserSpec, announce = true): SimUser {
    // Discord's lengths: username 2–32, global_name 1–32, nick 1–32 (a longer one gets 50035 BASE_TYPE_BAD_LENGTH).
    const lengths: Array<[string, string | undefined, number]> = [['username', spec.username, 2], ['global_name', spec.globalName, 1], ['nick', spec.nick, 1]];
    for (const [field, value, min] of lengths) {
      if (value === undefined && field !== 'username') continue;
      const n = [...(value ?? '')].length;
      if (n < min || n > 32) throw formError(field, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and 32 in length.`);
    }
    const id = spec.id ?? this.ids.next();
    if (this.users.has(id)) throw new Error(`user ${id} exists`);
    const rec: SimUserRecord = {
      id,
      username: spec.username,
      globalName: spec.globalName ?? spec.username,
      nick: spec.nick ?? null,
      bot: false,
      locale: spec.locale ?? 'en-US',
      dmsOpen: true,
      joinedAt: this.clock.iso(),
      manager: spec.manager ?? false,
    };
    this.users.set(id, rec);
    if (announce) {
      for (const g of this.guilds.keys()) this.gateway.dispatch('GUILD_MEMBER_ADD', { ...memberPayload(rec, rec.joinedAt), guild_id: g });
      this.changed('user');
    }
    return new SimUser(this, id);
  }

  user(idOrName: string): SimUser {
    const rec = this.users.get(idOrName) ?? [...this.users.values()].find((u) => u.username === idOrName || u.globalName === idOrName);
    if (!rec) throw new Error(`no simulated user ${idOrName}`);
    return new SimUser(this, rec.id);
  }

  userList(): SimUser[] {
    return [...this.users.keys()].map((id) => new SimUser(this, id));
  }

  userRecord(id: string): UserRecord | null {
    if (id === this.bot.id) return this.bot;
    if (id === this.owner.id) return this.owner;
    return this.users.get(id) ?? null;
  }

  /** Text channels of a guild (default the first), in order. */
  textChannels(guildId: string = this.guild.id): ChannelRecord[] {
    return [...this.channels.values()]
      .filter((c) => c.type === ChannelType.GuildText && c.guildId === guildId && !c.deleted)
      .sort((a, b) => a.position - b.position);
  }

  /** A text channel by name in a guild (default the first). */
  channelByName(name: string, guildId: string = this.guild.id): ChannelRecord {
    const c = this.textChannels(guildId).find((x) => x.name === name);
    if (!c) throw new Error(`no channel #${name}${guildId === this.guild.id ? '' : ` in guild ${guildId}`}`);
    return c;
  }

  // ---------------------------------------------------------------- guilds and shards

  private requireGuildRecord(guildId: string): ExtraGuild {
    const g = this.guilds.get(guildId);
    if (!g) throw new Error(`no guild ${guildId}`);
    return g;
  }

  /**
   * A guild id (a snowflake of the stand-in clock's current time) that lands on shard `shard` of `count` by
   * Discord's rule `(id >> 22) % count`: the timestamp is moved back by at most `count - 1` ms. Its worker bits differ
   * from those of the stand-in's other ids, so it never collides with one.
   */
  guildIdOnShard(shard: number, count: number): string {
    if (!Number.isInteger(count) || count < 1 || !Number.isInteger(shard) || shard < 0 || shard >= count) {
      throw new Error(`no shard ${shard} of ${count}`);
    }
    const base = BigInt(this.ids.next());
    const low = base & ((1n << 22n) - 1n);
    let ts = base >> 22n;
    ts -= (((ts - BigInt(shard)) % BigInt(count)) + BigInt(count)) % BigInt(count);
    const id = ((ts << 22n) | (2n << 17n) | (low & 0xfffn)).toString();
    if (this.guilds.has(id)) return this.guildIdOnShard(shard, count);
    return id;
  }

  /** The shard (of `count`) that receives a guild's events: `(guild_id >> 22) % count`. */
  shardOf(guildId: string, count: number): number {
    return shardOfGuild(guildId, count);
  }

  /**
   * Adds a guild the bot is in, with its own text channels (default general, campfire) and roles; every simulated
   * user is a member. `shard: [id, count]` picks an id that lands on that shard. Sends GUILD_CREATE to the sessions
   * of the shard that owns it, as when the bot joins a guild.
   */
  addGuild(opts: { name?: string; channels?: string[]; shard?: ShardSpec; id?: string } = {}): GuildRecord {
    const id = opts.id ?? (opts.shard ? this.guildIdOnShard(opts.shard[0], opts.shard[1]) : this.ids.next());
    if (this.guilds.has(id)) throw new Error(`guild ${id} exists`);
    const guild: GuildRecord = {
      id,
      name: opts.name ?? `Guild ${this.guilds.size + 1}`,
      ownerId: this.owner.id,
      preferredLocale: 'en-US',
      createdAt: this.clock.iso(),
    };
    this.guilds.set(id, { guild, roleIds: { bot: this.ids.next(), moderator: this.ids.next() } });
    for (const [i, name] of (opts.channels ?? ['general', 'campfire']).entries()) this.addChannel(name, i, id);
    this.gateway.dispatch('GUILD_CREATE', this.guildCreatePayload(id));
    this.changed('guild');
    return guild;
  }

  /** `shards` in `GET /gateway/bot`: the `recommendedShards` option, else one per 1000 guilds. */
  recommendedShards(): number {
    return this.opts.recommendedShards ?? Math.max(1, Math.ceil(this.guilds.size / 1000));
  }

  /**
   * Drops the gateway connection(s) of one shard alone (the others stay connected); the client resumes that shard
   * and gets the events it missed. Options as for `dropGateway`. Returns the number of connections dropped.
   */
  dropShard(shard: number, opts: { invalidate?: boolean; code?: number } = {}): number {
    this.opts.log(`fault: dropping gateway shard ${shard} (invalidate=${String(opts.invalidate ?? false)})`);
    return this.gateway.drop({ ...opts, shard });
  }

  /** Open gateway sessions as `[shard_id, num_shards]`, one entry per connection (for tests and the sandbox). */
  connectedShards(): ShardSpec[] {
    return this.gateway.connectedSessions().map((s) => s.shard);
  }

  channel(id: string): ChannelRecord | null {
    const c = this.channels.get(id);
    return c && !c.deleted ? c : null;
  }

  isThread(c: ChannelRecord): boolean {
    return c.type === ChannelType.PublicThread || c.type === ChannelType.PrivateThread;
  }

  // ---------------------------------------------------------------- payloads

  userPayload(id: string): Obj {
    const u = this.userRecord(id);
    if (!u) throw new Error(`unknown user ${id}`);
    return userPayload(u);
  }

  /** A member object (`guildId`: whose roles; default the first guild). */
  memberPayload(id: string, opts: { withUser?: boolean; permissions?: string; guildId?: string | null } = {}): Obj {
    const u = this.userRecord(id);
    if (!u) throw new Error(`unknown user ${id}`);
    const { guildId, ...rest } = opts;
    const g = this.requireGuildRecord(guildId ?? this.guild.id);
    const joined = (u as SimUserRecord).joinedAt ?? g.guild.createdAt;
    return memberPayload(u, joined, { ...rest, roles: this.memberRoles(id, g.guild.id) });
  }

  private memberRoles(id: string, guildId: string = this.guild.id): string[] {
    const roleIds = this.requireGuildRecord(guildId).roleIds;
    if (id === this.bot.id) return [roleIds.bot];
    return this.users.get(id)?.manager ? [roleIds.moderator] : [];
  }

  /** A member's guild-level permissions (the owner has all). */
  memberPermissions(id: string): bigint {
    if (id === this.guild.ownerId) return ALL_PERMISSIONS;
    if (id === this.bot.id) return EVERYONE_PERMISSIONS | BOT_ROLE_PERMISSIONS;
    return EVERYONE_PERMISSIONS | (this.users.get(id)?.manager ? MODERATOR_PERMISSIONS : 0n);
  }

  channelPayload(c: ChannelRecord): Obj {
    if (c.type === ChannelType.DM) return channelPayload(c, c.recipientId ? this.userPayload(c.recipientId) : null);
    const p = channelPayload(c, null);
    if (c.type === ChannelType.GuildText) {
      const deny = this.botDenied.get(c.id);
      if (deny) p.permission_overwrites.push({ id: this.bot.id, type: 1, allow: '0', deny: deny.toString() });
    }
    return p;
  }

  guildPayload(guildId: string = this.guild.id): Obj {
    const { guild, roleIds } = this.requireGuildRecord(guildId);
    const roles = [
      rolePayload(guild.id, '@everyone', EVERYONE_PERMISSIONS, 0),
      rolePayload(roleIds.moderator, 'Moderator', MODERATOR_PERMISSIONS, 1),
      rolePayload(roleIds.bot, this.bot.username, BOT_ROLE_PERMISSIONS, 2, { bot_id: this.bot.id }),
    ];
    const p = guildPayload(guild, roles, this.textChannels(guild.id)[0]?.id ?? null);
    p.approximate_member_count = this.users.size + 2;
    p.approximate_presence_count = this.users.size + 1;
    return p;
  }

  guildCreatePayload(guildId: string = this.guild.id): Obj {
    const { guild } = this.requireGuildRecord(guildId);
    const members = [this.bot.id, this.owner.id, ...this.users.keys()].map((id) => this.memberPayload(id, { guildId }));
    return {
      ...this.guildPayload(guildId),
      joined_at: guild.createdAt,
      large: false,
      unavailable: false,
      member_count: members.length,
      voice_states: [],
      members,
      channels: this.textChannels(guildId).map((c) => this.channelPayload(c)),
      threads: this.activeThreads(guildId).map((c) => this.channelPayload(c)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  /** Unarchived threads of a guild. */
  activeThreads(guildId: string = this.guild.id): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => this.isThread(c) && c.guildId === guildId && !c.deleted && !c.archived);
  }

  /** READY for a session on `shard`: the guilds that shard owns, as unavailable until their GUILD_CREATE. */
  readyPayload(shard: ShardSpec = [0, 1]): Obj {
    return {
      v: 10,
      user: { ...userPayload(this.bot), verified: true, mfa_enabled: false, email: null },
      user_settings: {},
      guilds: [...this.guilds.keys()].filter((id) => shardOwns(shard, id)).map((id) => ({ id, unavailable: true })),
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      shard,
      application: { id: this.applicationId, flags: 0 },
      _trace: ['["standin-gateway",{"micros":0}]'],
    };
  }

  applicationPayload(): Obj {
    return applicationPayload(this.applicationId, this.bot.username, userPayload(this.owner), userPayload(this.bot));
  }

  attachmentUrl(channelId: string, attId: string, filename: string): string {
    return `${this.baseUrl}/attachments/${channelId}/${attId}/${encodeURIComponent(filename)}`;
  }

  messagePayload(m: StoredMessage): Obj {
    const p: Obj = {
      id: m.id,
      type: m.type,
      content: m.content,
      channel_id: m.channelId,
      author: this.userPayload(m.authorId),
      attachments: m.attachments.map(attachmentPayload),
      embeds: this.resolveAttachmentRefs(deepCopy(m.embeds), m),
      mentions: (m.mentions ?? []).filter((u) => this.users.has(u)).map((u) => this.userPayload(u)),
      mention_roles: [],
      mention_everyone: false,
      pinned: false,
      tts: false,
      timestamp: this.clock.iso(m.createdAt),
      edited_timestamp: m.editedAt === null ? null : this.clock.iso(m.editedAt),
      flags: m.flags,
      components: this.resolveAttachmentRefs(deepCopy(m.components), m),
    };
    const ch = this.channels.get(m.channelId);
    if (ch && this.isThread(ch)) p.position = this.channelMessages.get(ch.id)?.indexOf(m.id) ?? 0;
    if (m.messageReference) p.message_reference = m.messageReference;
    if (m.interactionId) {
      const i = this.interactions.get(m.interactionId);
      if (i) {
        p.webhook_id = this.applicationId;
        p.application_id = this.applicationId;
        p.interaction_metadata = {
          id: i.id,
          type: i.type,
          user: this.userPayload(i.userId),
          authorizing_integration_owners: i.payload.authorizing_integration_owners,
          ...(i.kind === 'component' && i.sourceMessageId ? { interacted_message_id: i.sourceMessageId } : {}),
          ...(i.originalMessageId && i.originalMessageId !== m.id ? { original_response_message_id: i.originalMessageId } : {}),
        };
        if (i.kind === 'command') p.interaction = { id: i.id, type: i.type, name: i.payload.data.name, user: this.userPayload(i.userId) };
      }
    }
    if (m.threadId) {
      const t = this.channels.get(m.threadId);
      if (t && !t.deleted) p.thread = this.channelPayload(t);
    }
    return p;
  }

  /**
   * Discord resolves `attachment://name` references (embed images and thumbnails, Components V2 media) to the
   * uploaded attachment's URL, with its size and type, in the message it returns.
   */
  private resolveAttachmentRefs(list: Obj[], m: StoredMessage): Obj[] {
    const fix = (media: Obj | undefined, withId: boolean) => {
      if (!media || typeof media.url !== 'string' || !media.url.startsWith('attachment://')) return;
      const a = m.attachments.find((x) => x.filename === media.url.slice('attachment://'.length));
      if (!a) return;
      media.url = a.url;
      media.proxy_url = attachmentPayload(a).proxy_url;
      media.content_type = a.contentType;
      if (a.width !== null) {
        media.width = a.width;
        media.height = a.height;
      }
      if (withId) media.attachment_id = a.id;
      else media.flags = 0;
    };
    const walk = (items: Obj[]) => {
      for (const c of items) {
        fix(c.image, false);
        fix(c.thumbnail, false);
        fix(c.media, true);
        fix(c.file, true);
        for (const it of c.items ?? []) fix(it.media, true);
        if (Array.isArray(c.components)) walk(c.components);
        if (c.accessory) walk([c.accessory]);
      }
    };
    walk(list);
    return list;
  }

  /** The payload as a gateway event carries it (guild_id and member added in guilds). */
  private messageEventPayload(m: StoredMessage): Obj {
    const p = this.messagePayload(m);
    const ch = this.channels.get(m.channelId);
    if (ch?.guildId) {
      p.guild_id = ch.guildId;
      p.member = this.memberPayload(m.authorId, { withUser: false, guildId: ch.guildId });
    }
    return p;
  }

  private filterDispatch(s: GatewaySession, t: string, d: Obj): Obj | null {
    const guildEvents = ['GUILD_CREATE', 'CHANNEL_CREATE', 'CHANNEL_UPDATE', 'CHANNEL_DELETE', 'THREAD_CREATE', 'THREAD_UPDATE', 'THREAD_DELETE', 'THREAD_LIST_SYNC'];
    if (guildEvents.includes(t)) return s.intents & Intents.Guilds ? d : null;
    if (t === 'GUILD_MEMBER_ADD' || t === 'THREAD_MEMBERS_UPDATE') return s.intents & Intents.GuildMembers ? d : null;
    if (t.startsWith('MESSAGE_')) {
      const inGuild = Boolean(d.guild_id);
      if (!(s.intents & (inGuild ? Intents.GuildMessages : Intents.DirectMessages))) return null;
      const fromBot = d.author?.id === this.bot.id;
      if (t !== 'MESSAGE_DELETE' && inGuild && !fromBot && !(s.intents & Intents.MessageContent)) {
        return { ...d, content: '', embeds: [], attachments: [], components: [] };
      }
    }
    return d;
  }

  // ---------------------------------------------------------------- permissions and visibility

  /**
   * A member's permissions in a channel, computed as Discord does (https://discord.com/developers/docs/topics/permissions):
   * the guild-level permissions (@everyone and the member's roles; the owner has all), then the channel's overwrites
   * in Discord's order — the @everyone overwrite, then the member's roles' overwrites together (deny, then allow),
   * then the member's own overwrite. A thread uses its parent's overwrites. Without View Channel, nothing. The bot's
   * `denyBotPermissions` denials act as part of its member overwrite. DMs: the guild-level set.
   */
  permissionsIn(userId: string, channelId: string): bigint {
    const c = this.channels.get(channelId);
    const base = this.memberPermissions(userId);
    if (!c || c.type === ChannelType.DM || !c.guildId) return base;
    const guild = this.requireGuildRecord(c.guildId).guild;
    if (userId === guild.ownerId) return ALL_PERMISSIONS;
    const parent = c.parentId ? this.channels.get(c.parentId) : undefined;
    const overwrites = (parent ?? c).overwrites;
    let perms = base;
    const everyone = overwrites.find((o) => o.type === 0 && o.id === guild.id);
    if (everyone) perms = (perms & ~everyone.deny) | everyone.allow;
    const roles = this.memberRoles(userId, guild.id);
    let roleAllow = 0n;
    let roleDeny = 0n;
    for (const o of overwrites) {
      if (o.type === 0 && roles.includes(o.id)) {
        roleAllow |= o.allow;
        roleDeny |= o.deny;
      }
    }
    perms = (perms & ~roleDeny) | roleAllow;
    const member = overwrites.find((o) => o.type === 1 && o.id === userId);
    if (member) perms = (perms & ~member.deny) | member.allow;
    if (userId === this.bot.id) {
      let deny = this.botDenied.get(c.id) ?? 0n;
      if (c.parentId) deny |= this.botDenied.get(c.parentId) ?? 0n;
      perms &= ~deny;
    }
    if (!(perms & Perm.ViewChannel)) return 0n;
    return perms;
  }

  botPermissions(channelId: string): bigint {
    return this.permissionsIn(this.bot.id, channelId);
  }

  requireBotPermission(channelId: string, names: PermName[]): void {
    const have = this.botPermissions(channelId);
    const need = permBits(names);
    if ((have & need) !== need) throw new ApiError(403, ErrorCodes.MissingPermissions, 'Missing Permissions');
  }

  /**
   * Sets (or, with empty allow and deny, removes) a permission overwrite on a guild text channel — for a role
   * (`type: 'role'`, the guild id for @everyone) or a member (`type: 'member'`) — and sends CHANNEL_UPDATE, as a
   * server admin editing the channel would. Threads follow their parent.
   */
  setChannelOverwrite(channelId: string, o: { id: string; type: 'role' | 'member'; allow?: PermName[]; deny?: PermName[] }): void {
    const c = this.channel(channelId);
    if (!c || c.type !== ChannelType.GuildText) throw new Error(`no text channel ${channelId}`);
    const type = o.type === 'role' ? 0 : 1;
    c.overwrites = c.overwrites.filter((x) => !(x.id === o.id && x.type === type));
    const allow = permBits(o.allow ?? []);
    const deny = permBits(o.deny ?? []);
    if (allow || deny) c.overwrites.push({ id: o.id, type, allow, deny });
    this.gateway.dispatch('CHANNEL_UPDATE', this.channelPayload(c));
    this.changed('channel', channelId);
  }

  canSeeChannel(userId: string, c: ChannelRecord): boolean {
    if (c.deleted) return false;
    if (c.type === ChannelType.DM) return c.recipientId === userId;
    if (!(this.permissionsIn(userId, c.id) & Perm.ViewChannel)) return false;
    if (c.type === ChannelType.PrivateThread) return c.memberIds.includes(userId);
    return true;
  }

  canSeeMessage(userId: string, m: StoredMessage): boolean {
    if (m.deleted) return false;
    const c = this.channels.get(m.channelId);
    if (!c || !this.canSeeChannel(userId, c)) return false;
    return m.ephemeralTo === null || m.ephemeralTo === userId;
  }

  private audience(m: StoredMessage): 'everyone' | string[] {
    if (m.ephemeralTo) return [m.ephemeralTo];
    const c = this.channels.get(m.channelId);
    if (!c) return [];
    if (c.type === ChannelType.DM) return c.recipientId ? [c.recipientId] : [];
    if (c.type === ChannelType.PrivateThread) return c.memberIds.filter((id) => id !== this.bot.id);
    return 'everyone';
  }

  private recordShown(kind: 'create' | 'edit', m: StoredMessage): void {
    this.shown.push({
      seq: this.shown.length + 1,
      at: this.clock.now(),
      kind,
      channelId: m.channelId,
      messageId: m.id,
      visibleTo: this.audience(m),
      ephemeral: m.ephemeralTo !== null,
      payload: this.messagePayload(m),
    });
  }

  // ---------------------------------------------------------------- messages

  private storeFiles(channelId: string, files: IncomingFile[], ephemeral: boolean, described: Map<string, Obj>): AttachmentRecord[] {
    return files.map((f) => {
      const id = this.ids.next();
      const meta = described.get(String(f.index));
      const filename = typeof meta?.filename === 'string' ? meta.filename : f.filename;
      const size = pngSize(f.data);
      const key = `${channelId}/${id}`;
      const contentType = contentTypeFor(filename, f.contentType);
      this.attachmentData.set(key, { data: f.data, contentType });
      if (this.persistDir) writeFileSync(join(this.persistDir, key.replace('/', '_')), f.data);
      return {
        id,
        filename,
        description: typeof meta?.description === 'string' ? meta.description : null,
        contentType,
        size: f.data.length,
        url: this.attachmentUrl(channelId, id, filename),
        width: size?.width ?? null,
        height: size?.height ?? null,
        ephemeral,
        key,
      };
    });
  }

  /** Attachment bytes by URL (or path) as served by the stand-in; null if unknown. */
  attachment(urlOrPath: string): { data: Buffer; contentType: string } | null {
    const m = /attachments\/(\d+)\/(\d+)\//.exec(urlOrPath);
    return m ? (this.attachmentData.get(`${m[1]}/${m[2]}`) ?? null) : null;
  }

  createMessage(args: {
    channelId: string;
    authorId: string;
    body: Obj;
    files?: IncomingFile[];
    ephemeralTo?: string | null;
    interactionId?: string | null;
    type?: number;
    extraFlags?: number;
    skipValidation?: boolean;
  }): StoredMessage {
    const c = this.channels.get(args.channelId);
    if (!c || c.deleted) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
    const body = args.body;
    const files = args.files ?? [];
    if (!args.skipValidation) validateMessageBody(body, files, { creating: true });
    const ephemeralTo = args.ephemeralTo ?? null;
    const described = new Map<string, Obj>((Array.isArray(body.attachments) ? body.attachments : []).map((a: Obj) => [String(a.id), a]));
    const allowedFlags = MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2;
    const m: StoredMessage = {
      id: this.ids.next(),
      channelId: c.id,
      authorId: args.authorId,
      content: typeof body.content === 'string' ? body.content : '',
      embeds: Array.isArray(body.embeds) ? deepCopy(body.embeds) : [],
      components: Array.isArray(body.components) ? deepCopy(body.components) : [],
      attachments: [],
      flags: (Number(body.flags ?? 0) & allowedFlags) | (ephemeralTo ? MessageFlags.Ephemeral : 0) | (args.extraFlags ?? 0),
      type: args.type ?? 0,
      createdAt: this.clock.now(),
      editedAt: null,
      ephemeralTo,
      interactionId: args.interactionId ?? null,
      threadId: null,
      messageReference: body.message_reference ? { type: 0, channel_id: c.id, guild_id: c.guildId ?? undefined, ...body.message_reference } : null,
      deleted: false,
      oldEdits: [],
      mentions: ephemeralTo ? [] : pinged(body),
    };
    m.attachments = this.storeFiles(c.id, files, ephemeralTo !== null, described);
    this.messages.set(m.id, m);
    const list = this.channelMessages.get(c.id) ?? [];
    list.push(m.id);
    this.channelMessages.set(c.id, list);
    if (!ephemeralTo) {
      c.lastMessageId = m.id;
      if (this.isThread(c)) {
        c.messageCount++;
        c.totalMessageSent++;
      }
      this.gateway.dispatch('MESSAGE_CREATE', this.messageEventPayload(m));
    }
    this.recordShown('create', m);
    this.changed('message', c.id);
    return m;
  }

  editMessage(m: StoredMessage, body: Obj, files: IncomingFile[] = []): StoredMessage {
    if (m.deleted) throw new ApiError(404, ErrorCodes.UnknownMessage, 'Unknown Message');
    const described = new Map<string, Obj>();
    let kept = m.attachments;
    if (Array.isArray(body.attachments)) {
      const listed = new Set(body.attachments.map((a: Obj) => String(a.id)));
      kept = m.attachments.filter((a) => listed.has(a.id));
      for (const a of body.attachments as Obj[]) described.set(String(a.id), a);
    }
    const merged: Obj = { ...body };
    const flags = body.flags !== undefined ? Number(body.flags) : m.flags;
    merged.flags = flags;
    validateMessageBody(merged, files, { creating: false, keptAttachments: kept.length });
    const content = body.content !== undefined ? (body.content ?? '') : m.content;
    const embeds = body.embeds !== undefined ? deepCopy(body.embeds ?? []) : m.embeds;
    const components = body.components !== undefined ? deepCopy(body.components ?? []) : m.components;
    if (!content && embeds.length === 0 && components.length === 0 && kept.length + files.length === 0) {
      throw new ApiError(400, ErrorCodes.EmptyMessage, 'Cannot send an empty message');
    }
    m.content = content;
    m.embeds = embeds;
    m.components = components;
    if (body.flags !== undefined) {
      const keep = m.flags & (MessageFlags.Ephemeral | MessageFlags.IsComponentsV2);
      m.flags = (Number(body.flags) & (MessageFlags.SuppressEmbeds | MessageFlags.IsComponentsV2)) | keep;
    }
    m.flags &= ~MessageFlags.Loading;
    m.attachments = [...kept, ...this.storeFiles(m.channelId, files, m.ephemeralTo !== null, described)];
    m.editedAt = this.clock.now();
    if (!m.ephemeralTo) this.gateway.dispatch('MESSAGE_UPDATE', this.messageEventPayload(m));
    this.recordShown('edit', m);
    this.changed('message', m.channelId);
    return m;
  }

  deleteMessage(m: StoredMessage): void {
    m.deleted = true;
    const c = this.channels.get(m.channelId);
    if (!m.ephemeralTo) {
      this.gateway.dispatch('MESSAGE_DELETE', { id: m.id, channel_id: m.channelId, ...(c?.guildId ? { guild_id: c.guildId } : {}) });
    }
    this.changed('message', m.channelId);
  }

  /** The one-hour rule for edits through PATCH /channels/{id}/messages/{id}; see docs/standin.md. */
  checkOldMessageEdit(m: StoredMessage): void {
    const age = this.opts.oldMessageAgeMs;
    if (age === null) return;
    const now = this.clock.now();
    if (now - m.createdAt <= age) return;
    m.oldEdits = m.oldEdits.filter((t) => now - t < 60 * 60 * 1000);
    if (m.oldEdits.length >= this.opts.oldMessageEditsPerHour) {
      throw new ApiError(429, ErrorCodes.MaxOldMessageEdits, 'Maximum number of edits to messages older than 1 hour reached. Try again later');
    }
    m.oldEdits.push(now);
  }

  /** Discord refuses edits of messages in an archived thread (50083). */
  checkNotArchived(channelId: string): void {
    const c = this.channels.get(channelId);
    if (c && this.isThread(c) && c.archived) throw new ApiError(400, ErrorCodes.ThreadArchived, 'Thread is archived');
  }

  getMessage(channelId: string, messageId: string, opts: { allowEphemeral?: boolean } = {}): StoredMessage {
    const m = this.messages.get(messageId);
    if (!m || m.deleted || m.channelId !== channelId || (m.ephemeralTo && !opts.allowEphemeral)) {
      throw new ApiError(404, ErrorCodes.UnknownMessage, 'Unknown Message');
    }
    return m;
  }

  /** Sends from the bot to a channel, with Discord's checks (closed DMs, permissions, locked threads). */
  botSend(channelId: string, body: Obj, files: IncomingFile[]): StoredMessage {
    const c = this.channel(channelId);
    if (!c) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
    if (c.type === ChannelType.DM) {
      const u = c.recipientId ? this.users.get(c.recipientId) : undefined;
      if (!u || !u.dmsOpen) throw new ApiError(403, ErrorCodes.CannotMessageUser, 'Cannot send messages to this user');
    } else {
      const send: PermName = this.isThread(c) ? 'SendMessagesInThreads' : 'SendMessages';
      const need: PermName[] = ['ViewChannel', send];
      if (files.length) need.push('AttachFiles');
      this.requireBotPermission(c.id, need);
      if (this.isThread(c) && c.archived) {
        if (c.locked) throw new ApiError(400, ErrorCodes.ThreadArchived, 'Thread is locked');
        c.archived = false;
        this.gateway.dispatch('THREAD_UPDATE', this.channelPayload(c));
      }
    }
    // Discord: with enforce_nonce, a message whose nonce was used in this channel in the last few minutes is not
    // created again; the first one is returned.
    const key = body.enforce_nonce && body.nonce !== undefined ? `${channelId}:${String(body.nonce)}` : null;
    const seen = key ? this.nonces.get(key) : undefined;
    if (seen && this.clock.now() - seen.at < NONCE_WINDOW_MS && this.messages.has(seen.messageId)) return this.messages.get(seen.messageId)!;
    const m = this.createMessage({ channelId, authorId: this.bot.id, body, files, type: body.message_reference ? 19 : 0 });
    if (key) this.nonces.set(key, { messageId: m.id, at: this.clock.now() });
    return m;
  }

  // ---------------------------------------------------------------- channels, threads, DMs

  dmChannelOf(userId: string): ChannelRecord {
    const existing = [...this.channels.values()].find((c) => c.type === ChannelType.DM && c.recipientId === userId && !c.deleted);
    if (existing) return existing;
    if (!this.users.has(userId)) throw new ApiError(404, ErrorCodes.UnknownUser, 'Unknown User');
    const c = this.blankChannel(ChannelType.DM, null, null);
    c.recipientId = userId;
    this.channels.set(c.id, c);
    this.changed('channel', c.id);
    return c;
  }

  /** Waits `threadCreateDelayMs` (real time): how long Discord takes to create a thread. */
  async threadCreationDelay(): Promise<void> {
    const ms = this.opts.threadCreateDelayMs;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  createThread(parentId: string, body: Obj, fromMessageId: string | null): ChannelRecord {
    const parent = this.channel(parentId);
    if (!parent) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
    if (parent.type !== ChannelType.GuildText) throw formError('type', 'THREAD_INVALID_PARENT', 'Threads can only be created in text channels');
    const name = body.name;
    if (typeof name !== 'string' || name.length < 1) throw formError('name', 'BASE_TYPE_REQUIRED', 'This field is required');
    if (name.length > 100) throw formError('name', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
    let type: number = ChannelType.PublicThread;
    let source: StoredMessage | null = null;
    if (fromMessageId) {
      source = this.getMessage(parentId, fromMessageId);
      if (source.threadId) throw new ApiError(400, 160004, 'A thread has already been created for this message');
      this.requireBotPermission(parentId, ['ViewChannel', 'CreatePublicThreads']);
    } else {
      type = body.type === undefined ? ChannelType.PrivateThread : Number(body.type);
      if (type !== ChannelType.PublicThread && type !== ChannelType.PrivateThread) throw formError('type', 'BASE_TYPE_CHOICES', 'Value must be one of {11, 12}.');
      this.requireBotPermission(parentId, ['ViewChannel', type === ChannelType.PublicThread ? 'CreatePublicThreads' : 'CreatePrivateThreads']);
    }
    const t = this.blankChannel(type, name, parent.guildId);
    if (source) {
      this.channels.delete(t.id);
      t.id = source.id;
    }
    t.parentId = parentId;
    t.ownerId = this.bot.id;
    t.memberIds = [this.bot.id];
    t.invitable = body.invitable ?? true;
    if ([60, 1440, 4320, 10080].includes(Number(body.auto_archive_duration))) t.autoArchiveDuration = Number(body.auto_archive_duration);
    this.channels.set(t.id, t);
    this.channelMessages.set(t.id, []);
    this.gateway.dispatch('THREAD_CREATE', { ...this.channelPayload(t), newly_created: true });
    if (source) {
      source.threadId = t.id;
      this.gateway.dispatch('MESSAGE_UPDATE', this.messageEventPayload(source));
    } else if (type === ChannelType.PublicThread) {
      // Discord announces a public thread not started from a message with a system message (type 18) in the parent.
      this.createMessage({
        channelId: parentId,
        authorId: this.bot.id,
        body: { content: name, message_reference: { channel_id: t.id, guild_id: t.guildId } },
        type: 18,
        skipValidation: true,
      });
    }
    this.changed('channel', t.id);
    return t;
  }

  addThreadMember(threadId: string, userId: string): void {
    const t = this.channel(threadId);
    if (!t || !this.isThread(t)) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
    if (!this.userRecord(userId)) throw new ApiError(404, ErrorCodes.UnknownMember, 'Unknown Member');
    if (t.archived && t.locked) throw new ApiError(400, ErrorCodes.ThreadArchived, 'Thread is locked');
    if (!t.memberIds.includes(userId)) {
      t.memberIds.push(userId);
      if (t.type === ChannelType.PrivateThread && userId !== this.bot.id) {
        for (const m of this.storedMessagesIn(t.id)) {
          this.shown.push({
            seq: this.shown.length + 1,
            at: this.clock.now(),
            kind: 'reveal',
            channelId: t.id,
            messageId: m.id,
            visibleTo: [userId],
            ephemeral: false,
            payload: this.messagePayload(m),
          });
        }
      }
      this.gateway.dispatch('THREAD_MEMBERS_UPDATE', {
        id: t.id,
        guild_id: t.guildId,
        member_count: t.memberIds.length,
        added_members: [{ id: t.id, user_id: userId, join_timestamp: this.clock.iso(), flags: 0, member: this.memberPayload(userId, { guildId: t.guildId }) }],
      });
      this.changed('channel', t.id);
    }
  }

  removeThreadMember(threadId: string, userId: string): void {
    const t = this.channel(threadId);
    if (!t || !this.isThread(t)) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
    t.memberIds = t.memberIds.filter((id) => id !== userId);
    this.changed('channel', t.id);
  }

  updateThread(threadId: string, body: Obj): ChannelRecord {
    const t = this.channel(threadId);
    if (!t) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
    if (this.isThread(t)) {
      if (typeof body.name === 'string') t.name = body.name.slice(0, 100);
      if (typeof body.archived === 'boolean') {
        t.archived = body.archived;
        t.archiveTimestamp = this.clock.iso();
      }
      if (typeof body.locked === 'boolean') t.locked = body.locked;
      this.gateway.dispatch('THREAD_UPDATE', this.channelPayload(t));
    } else {
      if (typeof body.name === 'string') t.name = body.name;
      if (typeof body.topic === 'string' || body.topic === null) t.topic = body.topic;
      this.gateway.dispatch('CHANNEL_UPDATE', this.channelPayload(t));
    }
    this.changed('channel', t.id);
    return t;
  }

  /** Deletes a channel or thread (fault API and DELETE /channels/{id}); the client gets CHANNEL_DELETE / THREAD_DELETE. */
  deleteChannel(id: string): void {
    const c = this.channel(id);
    if (!c) throw new Error(`no channel ${id}`);
    c.deleted = true;
    if (this.isThread(c)) this.gateway.dispatch('THREAD_DELETE', { id: c.id, guild_id: c.guildId, parent_id: c.parentId, type: c.type });
    else this.gateway.dispatch('CHANNEL_DELETE', this.channelPayload(c));
    for (const t of this.channels.values()) if (t.parentId === id && !t.deleted) t.deleted = true;
    this.changed('channel', id);
  }

  /** Archives (and optionally locks) a thread, as Discord does after inactivity. */
  archiveThread(id: string, locked = false): void {
    this.updateThread(id, { archived: true, locked });
  }

  // ---------------------------------------------------------------- fault API

  /** Denies the bot permissions in a channel (threads inherit from their parent). */
  denyBotPermissions(channelId: string, names: PermName[]): void {
    const c = this.channel(channelId);
    if (!c) throw new Error(`no channel ${channelId}`);
    this.botDenied.set(channelId, (this.botDenied.get(channelId) ?? 0n) | permBits(names));
    if (c.type === ChannelType.GuildText) this.gateway.dispatch('CHANNEL_UPDATE', this.channelPayload(c));
    this.changed('channel', channelId);
  }

  allowBotPermissions(channelId: string, names: PermName[] | 'all'): void {
    const c = this.channel(channelId);
    if (!c) throw new Error(`no channel ${channelId}`);
    const cur = this.botDenied.get(channelId) ?? 0n;
    const next = names === 'all' ? 0n : cur & ~permBits(names);
    if (next === 0n) this.botDenied.delete(channelId);
    else this.botDenied.set(channelId, next);
    if (c.type === ChannelType.GuildText) this.gateway.dispatch('CHANNEL_UPDATE', this.channelPayload(c));
    this.changed('channel', channelId);
  }

  setDmsOpen(userId: string, open: boolean): void {
    const u = this.users.get(userId);
    if (!u) throw new Error(`no user ${userId}`);
    u.dmsOpen = open;
    this.changed('user');
  }

  /** Drops the gateway connection(s); see Gateway.drop. Returns the number of connections dropped. */
  dropGateway(opts: { invalidate?: boolean; code?: number } = {}): number {
    this.opts.log(`fault: dropping gateway (invalidate=${String(opts.invalidate ?? false)})`);
    return this.gateway.drop(opts);
  }

  // ---------------------------------------------------------------- persistence

  /** The state worth keeping across restarts (interactions are not: their tokens would be stale anyway). */
  snapshot(): SavedState {
    return {
      version: 1,
      applicationId: this.applicationId,
      token: this.token,
      owner: this.owner,
      guild: this.guild,
      roleIds: this.roleIds,
      extraGuilds: [...this.guilds.values()].filter((g) => g.guild.id !== this.guild.id),
      users: [...this.users.values()],
      channels: [...this.channels.values()].map((c) => ({
        ...c,
        overwrites: c.overwrites.map((o) => ({ ...o, allow: o.allow.toString(), deny: o.deny.toString() })),
      })),
      channelMessages: Object.fromEntries(this.channelMessages),
      messages: [...this.messages.values()].map((m) => ({ ...m, interactionId: null })),
      attachments: [...this.attachmentData.entries()].map(([key, a]) => ({ key, contentType: a.contentType })),
      commands: [...this.commands.values()],
      botDenied: Object.fromEntries([...this.botDenied].map(([k, v]) => [k, v.toString()])),
    };
  }

  /** Loads a snapshot (after `baseUrl` is known: attachment URLs are rebuilt for the current address). */
  restoreState(saved: SavedState, filesDir: string | null): void {
    for (const g of saved.extraGuilds ?? []) this.guilds.set(g.guild.id, g);
    for (const u of saved.users) this.users.set(u.id, u as SimUserRecord);
    for (const c of saved.channels) {
      const rec = { ...c, overwrites: (c.overwrites as Obj[]).map((o) => ({ ...o, allow: BigInt(o.allow), deny: BigInt(o.deny) })) } as ChannelRecord;
      this.channels.set(rec.id, rec);
    }
    for (const [k, v] of Object.entries(saved.channelMessages)) this.channelMessages.set(k, [...v]);
    for (const m of saved.messages) {
      const rec = m as StoredMessage;
      rec.attachments = rec.attachments.map((a) => ({ ...a, url: this.attachmentUrl(rec.channelId, a.id, a.filename) }));
      this.messages.set(rec.id, rec);
    }
    for (const a of saved.attachments) {
      const file = filesDir ? join(filesDir, a.key.replace('/', '_')) : null;
      if (file && existsSync(file)) this.attachmentData.set(a.key, { data: readFileSync(file), contentType: a.contentType });
    }
    for (const c of saved.commands) this.commands.set(c.id, c);
    for (const [k, v] of Object.entries(saved.botDenied)) this.botDenied.set(k, BigInt(v));
  }

  // ---------------------------------------------------------------- application commands

  setCommands(guildId: string | null, bodies: Obj[]): Obj[] {
    if (!Array.isArray(bodies)) throw formError('_root', 'LIST_TYPE_CONVERT', 'Must be an array.');
    if (bodies.length > 100) throw formError('_root', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
    bodies.forEach((b, i) => validateCommand(b, String(i)));
    for (const [id, c] of this.commands) if ((c.guild_id ?? null) === guildId) this.commands.delete(id);
    const out = bodies.map((b) => {
      const existing = [...this.commands.values()].find((c) => c.name === b.name && (c.guild_id ?? null) === guildId);
      const cmd = commandPayload(b, existing?.id ?? this.ids.next(), this.applicationId, guildId, this.ids.next());
      this.commands.set(cmd.id, cmd);
      return cmd;
    });
    this.changed('commands');
    return out;
  }

  upsertCommand(guildId: string | null, body: Obj): Obj {
    validateCommand(body, '');
    const existing = [...this.commands.values()].find((c) => c.name === body.name && (c.guild_id ?? null) === guildId);
    const cmd = commandPayload(body, existing?.id ?? this.ids.next(), this.applicationId, guildId, this.ids.next());
    this.commands.set(cmd.id, cmd);
    this.changed('commands');
    return cmd;
  }

  commandList(guildId: string | null): Obj[] {
    return [...this.commands.values()].filter((c) => (c.guild_id ?? null) === guildId);
  }

  /** Commands a user can run in a channel: guild commands there, then global ones (in DMs only DM-enabled ones). */
  commandsFor(channelId: string, userId?: string): Obj[] {
    const c = this.channel(channelId);
    if (!c) return [];
    if (c.type === ChannelType.DM) {
      return this.commandList(null).filter((x) => (x.contexts ? x.contexts.includes(1) : x.dm_permission !== false));
    }
    const guild = this.commandList(c.guildId);
    const names = new Set(guild.map((x) => x.name));
    const all = [...guild, ...this.commandList(null).filter((x) => !names.has(x.name) && (x.contexts ? x.contexts.includes(0) : true))];
    if (!userId) return all;
    // Without Use Application Commands in this channel (an overwrite can take it away), no command is offered.
    if (!(this.permissionsIn(userId, c.id) & Perm.UseApplicationCommands)) return [];
    // Discord hides commands whose default_member_permissions the member lacks ("0": admins only).
    const have = this.memberPermissions(userId);
    return all.filter((x) => {
      if (x.default_member_permissions === null || x.default_member_permissions === undefined) return true;
      const need = BigInt(x.default_member_permissions);
      return need === 0n ? have === ALL_PERMISSIONS : (have & need) === need;
    });
  }

  // ---------------------------------------------------------------- interactions

  private interactionPayload(rec: Omit<InteractionRecord, 'payload'>, data: Obj, message: StoredMessage | null): Obj {
    const c = this.channels.get(rec.channelId)!;
    const u = this.users.get(rec.userId)!;
    const inGuild = c.guildId !== null;
    const appPerms = this.botPermissions(c.id).toString();
    const p: Obj = {
      id: rec.id,
      application_id: this.applicationId,
      type: rec.type,
      data,
      channel: this.channelPayload(c),
      channel_id: c.id,
      token: rec.token,
      version: 1,
      app_permissions: appPerms,
      locale: u.locale,
      entitlements: [],
      authorizing_integration_owners: inGuild ? { '0': c.guildId } : { '0': '0' },
      context: inGuild ? 0 : 1,
      attachment_size_limit: 10 * 1024 * 1024,
    };
    if (inGuild) {
      const guild = this.requireGuildRecord(c.guildId!).guild;
      p.guild_id = guild.id;
      p.guild = { id: guild.id, locale: guild.preferredLocale, features: [] };
      p.guild_locale = guild.preferredLocale;
      // Discord: the member's permissions in this channel, overwrites included.
      p.member = this.memberPayload(u.id, { permissions: this.permissionsIn(u.id, c.id).toString(), guildId: guild.id });
    } else {
      p.user = this.userPayload(u.id);
    }
    if (message) p.message = this.messagePayload(message);
    return p;
  }

  /** Creates an interaction, sends INTERACTION_CREATE to the bot and waits for what the user ends up seeing. */
  async interact(args: {
    kind: InteractionKind;
    userId: string;
    channelId: string;
    data: Obj;
    sourceMessage: StoredMessage | null;
    waitMs?: number;
    replyWaitMs?: number;
  }): Promise<InteractionOutcome> {
    const c = this.channels.get(args.channelId)!;
    const type = args.kind === 'command' ? 2 : args.kind === 'component' ? 3 : 5;
    const base: Omit<InteractionRecord, 'payload'> = {
      id: this.ids.next(),
      token: `standin-interaction.${randomBytes(24).toString('base64url')}`,
      type,
      kind: args.kind,
      userId: args.userId,
      channelId: args.channelId,
      guildId: c.guildId,
      createdAt: this.clock.now(),
      sourceMessageId: args.sourceMessage?.id ?? null,
      callbackType: null,
      callbackAt: null,
      originalMessageId: null,
      ephemeral: false,
      originalEdited: false,
      followUpIds: [],
      modal: null,
      modalSubmitted: false,
    };
    const rec: InteractionRecord = { ...base, payload: this.interactionPayload(base, args.data, args.sourceMessage) };
    this.interactions.set(rec.id, rec);
    this.interactionsByToken.set(rec.token, rec);
    this.gateway.dispatch('INTERACTION_CREATE', rec.payload);
    return this.awaitOutcome(rec, args.waitMs ?? this.opts.deferWaitMs, args.replyWaitMs ?? this.opts.firstReplyMs + 250);
  }

  private async awaitOutcome(rec: InteractionRecord, waitMs: number, replyWaitMs: number): Promise<InteractionOutcome> {
    await this.waitUntil(() => rec.callbackType !== null, replyWaitMs);
    if (rec.callbackType === 5) {
      await this.waitUntil(() => rec.originalEdited || rec.followUpIds.length > 0, waitMs);
    } else if (rec.callbackType === 6) {
      // A deferred update need not be followed by an edit: settle on an edit, a follow-up, or a quiet period.
      const quiet = this.opts.settleMs;
      await this.waitUntil(() => rec.originalEdited || rec.followUpIds.length > 0 || Date.now() - this.lastChangeAt >= quiet, waitMs);
    }
    return this.outcomeOf(rec);
  }

  outcomeOf(rec: InteractionRecord): InteractionOutcome {
    const original = rec.originalMessageId ? this.messages.get(rec.originalMessageId) : undefined;
    const followUps = rec.followUpIds.map((id) => this.messages.get(id)).filter((m): m is StoredMessage => !!m && !m.deleted).map((m) => this.messagePayload(m));
    let kind: InteractionOutcome['kind'];
    switch (rec.callbackType) {
      case null:
        kind = 'none';
        break;
      case 4:
        kind = 'message';
        break;
      case 5:
        kind = rec.originalEdited ? 'message' : 'deferred';
        break;
      case 6:
        kind = rec.originalEdited ? 'update' : 'deferred';
        break;
      case 7:
        kind = 'update';
        break;
      case 9:
        kind = 'modal';
        break;
      default:
        kind = 'deferred';
    }
    return {
      interactionId: rec.id,
      kind,
      callbackType: rec.callbackType,
      ephemeral: original ? original.ephemeralTo !== null : rec.ephemeral,
      message: original && !original.deleted ? this.messagePayload(original) : null,
      modal: rec.modal ? deepCopy(rec.modal) : null,
      followUps,
      callbackLatencyMs: rec.callbackAt === null ? null : rec.callbackAt - rec.createdAt,
    };
  }

  /**
   * Sends an interaction as a modified or buggy client could, without most of the checks a simulated user's actions
   * get (values among the options, command registered, options well-formed…). For robustness tests such as fuzzing;
   * the user and channel must exist, and `messageId` (for component and modal interactions) must be a stored message.
   *
   * What Discord itself checks before an interaction reaches a bot still holds: a component interaction must name a
   * message the user can see and a `custom_id` that is on it (an interactive, enabled component of that id and type);
   * otherwise Discord refuses the interaction and the bot never gets it — here a `StandInRefusal`. `unchecked: true`
   * sends it anyway (fuzzing what a bot must survive even if Discord's checks changed).
   */
  async injectInteraction(args: {
    kind: InteractionKind;
    userId: string;
    channelId: string;
    data: Obj;
    messageId?: string;
    /** How long to wait for a deferred reply to be filled in (default `deferWaitMs`). */
    waitMs?: number;
    /** How long to wait for the callback before reporting `none` (default 3 s + 250 ms); shorten it for bulk fuzzing. */
    replyWaitMs?: number;
    /** Skips Discord's own checks (component on the message, message visible to the user). */
    unchecked?: boolean;
  }): Promise<InteractionOutcome> {
    if (!this.users.has(args.userId)) throw new Error(`no user ${args.userId}`);
    if (!this.channel(args.channelId)) throw new Error(`no channel ${args.channelId}`);
    const source = args.messageId ? this.messages.get(args.messageId) : undefined;
    if (args.messageId && !source) throw new Error(`no message ${args.messageId}`);
    if (args.kind === 'component' && !source) throw new Error('a component interaction needs messageId');
    if (args.kind === 'component' && source && !args.unchecked) this.checkComponentInteraction(args.userId, args.channelId, source, args.data);
    return this.interact({
      kind: args.kind,
      userId: args.userId,
      channelId: args.channelId,
      data: args.data,
      sourceMessage: source ?? null,
      waitMs: args.waitMs,
      replyWaitMs: args.replyWaitMs,
    });
  }

  /** Discord's checks on a component interaction before it reaches the bot (see `injectInteraction`). */
  private checkComponentInteraction(userId: string, channelId: string, m: StoredMessage, data: Obj): void {
    if (m.channelId !== channelId) throw new StandInRefusal(`message ${m.id} is not in channel ${channelId}`);
    if (!this.canSeeMessage(userId, m)) throw new StandInRefusal(`user ${userId} cannot see message ${m.id}`);
    const comp = interactiveComponents(m.components).find((x) => x.custom_id === data?.custom_id);
    if (!comp) throw new StandInRefusal(`message ${m.id} has no component with custom_id ${JSON.stringify(data?.custom_id)}`);
    if (comp.disabled) throw new StandInRefusal(`component ${String(comp.custom_id)} is disabled`);
    if (data.component_type !== undefined && data.component_type !== comp.type)
      throw new StandInRefusal(`component ${String(comp.custom_id)} is of type ${String(comp.type)}, not ${String(data.component_type)}`);
  }

  /** Resolves when `cond()` holds (checked on every state change and every 25 ms), or after `timeoutMs`. */
  waitUntil(cond: () => boolean, timeoutMs: number): Promise<boolean> {
    if (cond()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (cond()) finish(true);
      };
      const timer = setInterval(check, 25);
      const timeout = setTimeout(() => finish(cond()), timeoutMs);
      const finish = (v: boolean) => {
        clearInterval(timer);
        clearTimeout(timeout);
        this.events.off('change', check);
        resolve(v);
      };
      this.events.on('change', check);
    });
  }

  /**
   * Waits until `predicate` returns a truthy value and returns it; throws after `timeoutMs` (default 10 s) with
   * `what` in the message. The predicate is re-run on every state change and every 25 ms.
   */
  async waitFor<T>(predicate: () => T | undefined | null | false, opts: { timeoutMs?: number; what?: string } | number = {}): Promise<T> {
    const o = typeof opts === 'number' ? { timeoutMs: opts } : opts;
    let value: T | undefined | null | false = undefined;
    const ok = await this.waitUntil(() => {
      value = predicate();
      return Boolean(value);
    }, o.timeoutMs ?? 10_000);
    if (!ok) throw new Error(`stand-in waitFor timed out after ${o.timeoutMs ?? 10_000} ms${o.what ? `: ${o.what}` : ''}`);
    return value as T;
  }

  /** The interaction callback (POST /interactions/{id}/{token}/callback). */
  interactionCallback(id: string, token: string, body: Obj, files: IncomingFile[], withResponse: boolean): Obj | null {
    const rec = this.interactions.get(id);
    if (!rec || rec.token !== token) throw new ApiError(404, ErrorCodes.UnknownInteraction, 'Unknown interaction');
    if (rec.callbackType !== null) throw new ApiError(400, ErrorCodes.InteractionAlreadyAcknowledged, 'Interaction has already been acknowledged.');
    if (this.clock.now() - rec.createdAt > this.opts.firstReplyMs) {
      this.opts.log(`interaction ${id}: callback after ${this.clock.now() - rec.createdAt} ms → 10062`);
      throw new ApiError(404, ErrorCodes.UnknownInteraction, 'Unknown interaction');
    }
    const type = Number(body.type);
    const data: Obj = body.data ?? {};
    const fromMessage = rec.sourceMessageId !== null;
    if (![4, 5, 6, 7, 8, 9].includes(type)) throw formError('type', 'BASE_TYPE_CHOICES', 'Value must be one of {1, 4, 5, 6, 7, 8, 9, 10, 12}.');
    if ((type === 6 || type === 7) && !fromMessage) throw new ApiError(400, 40004, 'Interaction response type is invalid for this interaction.');
    if (type === 9 && rec.kind === 'modal') throw new ApiError(400, 40004, 'Interaction response type is invalid for this interaction.');
    if (type === 8 && rec.kind !== 'command') throw new ApiError(400, 40004, 'Interaction response type is invalid for this interaction.');
    const ephemeral = (Number(data.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
    let message: StoredMessage | null = null;
    switch (type) {
      case 4:
        validateMessageBody(data, files, { creating: true });
        message = this.createMessage({
          channelId: rec.channelId,
          authorId: this.bot.id,
          body: data,
          files,
          ephemeralTo: ephemeral ? rec.userId : null,
          interactionId: rec.id,
          type: rec.kind === 'command' ? 20 : 0,
        });
        rec.originalMessageId = message.id;
        rec.ephemeral = ephemeral;
        break;
      case 5:
        message = this.createMessage({
          channelId: rec.channelId,
          authorId: this.bot.id,
          body: { content: '' },
          ephemeralTo: ephemeral ? rec.userId : null,
          interactionId: rec.id,
          type: rec.kind === 'command' ? 20 : 0,
          extraFlags: MessageFlags.Loading,
          skipValidation: true,
        });
        rec.originalMessageId = message.id;
        rec.ephemeral = ephemeral;
        break;
      case 6:
        rec.originalMessageId = rec.sourceMessageId;
        break;
      case 7: {
        const src = this.messages.get(rec.sourceMessageId!)!;
        message = this.editMessage(src, data, files);
        rec.originalMessageId = src.id;
        rec.originalEdited = true;
        break;
      }
      case 8:
        break;
      case 9: {
        validateModal(data);
        rec.modal = deepCopy(data);
        const c = this.channels.get(rec.channelId)!;
        this.shown.push({
          seq: this.shown.length + 1,
          at: this.clock.now(),
          kind: 'modal',
          channelId: c.id,
          messageId: null,
          visibleTo: [rec.userId],
          ephemeral: true,
          payload: deepCopy(data),
        });
        break;
      }
    }
    rec.callbackType = type;
    rec.callbackAt = this.clock.now();
    this.changed('interaction', rec.channelId);
    if (!withResponse) return null;
    const original = message ?? (rec.originalMessageId ? this.messages.get(rec.originalMessageId) ?? null : null);
    return {
      interaction: {
        id: rec.id,
        type: rec.type,
        response_message_id: original?.id,
        response_message_loading: type === 5,
        response_message_ephemeral: original ? original.ephemeralTo !== null : false,
      },
      resource: {
        type,
        ...(original && type !== 9 && type !== 6 ? { message: this.messagePayload(original) } : {}),
      },
    };
  }

  /** The interaction behind a webhook token, checked for the 15-minute lifetime. */
  webhookInteraction(appId: string, token: string): InteractionRecord {
    const rec = this.interactionsByToken.get(token);
    if (!rec || appId !== this.applicationId) throw new ApiError(404, ErrorCodes.UnknownWebhook, 'Unknown Webhook');
    if (this.clock.now() - rec.createdAt > this.opts.tokenLifetimeMs) throw new ApiError(401, ErrorCodes.InvalidWebhookToken, 'Invalid Webhook Token');
    return rec;
  }

  webhookMessage(rec: InteractionRecord, messageId: string): StoredMessage {
    const id = messageId === '@original' ? rec.originalMessageId : messageId;
    if (!id) throw new ApiError(404, ErrorCodes.UnknownMessage, 'Unknown Message');
    const allowed = id === rec.originalMessageId || rec.followUpIds.includes(id);
    const m = this.messages.get(id);
    if (!allowed || !m || m.deleted) throw new ApiError(404, ErrorCodes.UnknownMessage, 'Unknown Message');
    return m;
  }

  webhookEdit(rec: InteractionRecord, messageId: string, body: Obj, files: IncomingFile[]): StoredMessage {
    const m = this.webhookMessage(rec, messageId);
    this.editMessage(m, body, files);
    if (m.id === rec.originalMessageId) rec.originalEdited = true;
    this.changed('interaction', rec.channelId);
    return m;
  }

  followUp(rec: InteractionRecord, body: Obj, files: IncomingFile[]): StoredMessage {
    if (rec.callbackType === null) throw new ApiError(404, ErrorCodes.UnknownWebhook, 'Unknown Webhook');
    const original = rec.originalMessageId ? this.messages.get(rec.originalMessageId) : undefined;
    if (rec.callbackType === 5 && original && !rec.originalEdited && original.flags & MessageFlags.Loading) {
      // Discord: the first follow-up after a deferred reply edits the loading message; the ephemeral flag stays as deferred.
      return this.webhookEdit(rec, '@original', { ...body, flags: undefined }, files);
    }
    const ephemeral = (Number(body.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
    const c = this.channel(rec.channelId);
    if (!c) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
    const m = this.createMessage({
      channelId: rec.channelId,
      authorId: this.bot.id,
      body,
      files,
      ephemeralTo: ephemeral ? rec.userId : null,
      interactionId: rec.id,
      type: rec.kind === 'command' ? 20 : 0,
    });
    rec.followUpIds.push(m.id);
    this.changed('interaction', rec.channelId);
    return m;
  }

  // ---------------------------------------------------------------- queries

  /** Messages in a channel, oldest first: public ones, plus `as`'s own ephemerals. Without `as`, public ones only. */
  messagesIn(channelId: string, opts: { as?: string } = {}): Obj[] {
    return this.storedMessagesIn(channelId, opts).map((m) => this.messagePayload(m));
  }

  storedMessagesIn(channelId: string, opts: { as?: string } = {}): StoredMessage[] {
    const c = this.channels.get(channelId);
    if (!c) return [];
    if (opts.as && !this.canSeeChannel(opts.as, c)) return [];
    return (this.channelMessages.get(channelId) ?? [])
      .map((id) => this.messages.get(id)!)
      .filter((m) => !m.deleted && (m.ephemeralTo === null || m.ephemeralTo === opts.as));
  }

  /** A channel as text, one line per message (see `transcriptLine`), for debugging tests. */
  transcript(channelId: string, opts: { as?: string } = {}): string {
    return this.messagesIn(channelId, opts).map(transcriptLine).join('\n');
  }

  message(id: string): Obj | null {
    const m = this.messages.get(id);
    return m && !m.deleted ? this.messagePayload(m) : null;
  }

  /** The DM channel between the bot and a user (if one exists) and its messages. */
  dmsOf(userId: string): Obj[] {
    const c = [...this.channels.values()].find((x) => x.type === ChannelType.DM && x.recipientId === userId);
    return c ? this.messagesIn(c.id, { as: userId }) : [];
  }

  threadsOf(channelId: string, opts: { as?: string; includeDeleted?: boolean } = {}): Obj[] {
    return [...this.channels.values()]
      .filter((c) => c.parentId === channelId && (opts.includeDeleted || !c.deleted) && (!opts.as || this.canSeeChannel(opts.as, c)))
      .map((c) => this.channelPayload(c));
  }

  interaction(id: string): InteractionRecord | null {
    return this.interactions.get(id) ?? null;
  }

  /** Callback latencies (stand-in clock, ms) of every answered interaction so far, in order: for benchmarks. */
  callbackLatencies(): number[] {
    return [...this.interactions.values()].filter((r) => r.callbackAt !== null).map((r) => r.callbackAt! - r.createdAt);
  }

  /** Everything shown to `userId` (or to everyone, for 'everyone'), in order. */
  shownTo(userId: string): ShownRecord[] {
    return this.shown.filter((r) => r.visibleTo === 'everyone' || r.visibleTo.includes(userId));
  }

  /** Everything shown to anyone other than `userId` (public messages and other users' private ones): for leak checks. */
  shownExcept(userId: string): ShownRecord[] {
    return this.shown.filter((r) => r.visibleTo === 'everyone' || r.visibleTo.some((id) => id !== userId));
  }
}

const COMMAND_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function validateCommand(b: Obj, path: string): void {
  const p = path ? `${path}.` : '';
  if (typeof b?.name !== 'string' || !COMMAND_NAME.test(b.name) || (b.type ?? 1) === 1 && b.name !== b.name.toLowerCase()) {
    throw formError(`${p}name`, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
  if ((b.type ?? 1) === 1) {
    if (typeof b.description !== 'string' || b.description.length < 1 || b.description.length > 100) {
      throw formError(`${p}description`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    }
  }
  const check = (opts: Obj[] | undefined, q: string) => {
    if (!opts) return;
    if (opts.length > 25) throw formError(`${q}options`, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    opts.forEach((o, i) => {
      const r = `${q}options.${i}.`;
      if (typeof o.name !== 'string' || !COMMAND_NAME.test(o.name) || o.name !== o.name.toLowerCase())
        throw formError(`${r}name`, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
      if (typeof o.description !== 'string' || o.description.length < 1 || o.description.length > 100)
        throw formError(`${r}description`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      if (o.choices && o.choices.length > 25) throw formError(`${r}choices`, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
      check(o.options, r);
    });
    let seenOptional = false;
    for (const o of opts) {
      if (o.type === 1 || o.type === 2) continue;
      if (!o.required) seenOptional = true;
      else if (seenOptional) throw formError(`${q}options`, 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before non-required options');
    }
  };
  check(b.options, p);
}

/**
 * A simulated user. Every action goes through the same paths a person's Discord client would: the stand-in refuses
 * (throws `StandInRefusal`) what the Discord UI would not let the person do.
 */
export class SimUser {
  constructor(
    readonly standIn: StandIn,
    readonly id: string,
  ) {}

  private get rec(): SimUserRecord {
    const r = this.standIn.users.get(this.id);
    if (!r) throw new Error(`no user ${this.id}`);
    return r;
  }

  get name(): string {
    return this.rec.globalName ?? this.rec.username;
  }

  get locale(): string {
    return this.rec.locale;
  }

  setLocale(locale: string): void {
    this.rec.locale = locale;
    this.standIn.changed('user');
  }

  closeDms(): void {
    this.standIn.setDmsOpen(this.id, false);
  }

  openDms(): void {
    this.standIn.setDmsOpen(this.id, true);
  }

  /** Opens (creates if needed) the DM channel with the bot and returns its id. */
  openDm(): string {
    return this.standIn.dmChannelOf(this.id).id;
  }

  private visibleChannel(channelId: string) {
    const c = this.standIn.channel(channelId);
    if (!c || !this.standIn.canSeeChannel(this.id, c)) throw new StandInRefusal(`${this.name} cannot see channel ${channelId}`);
    return c;
  }

  /** Posts a plain message as this user (MESSAGE_CREATE to the bot). */
  say(channelId: string, content: string): Obj {
    const c = this.visibleChannel(channelId);
    if (c.type !== ChannelType.DM) {
      const need = this.standIn.isThread(c) ? Perm.SendMessagesInThreads : Perm.SendMessages;
      if (!(this.standIn.permissionsIn(this.id, c.id) & need)) throw new StandInRefusal(`${this.name} may not send messages in ${channelId}`);
    }
    const m = this.standIn.createMessage({ channelId, authorId: this.id, body: { content } });
    return this.standIn.messagePayload(m);
  }

  /** Runs `/command [group] [subcommand] options…` in a channel and returns what the user ends up seeing. */
  async slash(channelId: string, command: string, args: SlashArgs = {}, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const c = this.visibleChannel(channelId);
    const def = this.standIn.commandsFor(c.id, this.id).find((x) => x.name === command && (x.type ?? 1) === 1);
    if (!def) throw new StandInRefusal(`/${command} is not a registered command here (or ${this.name} lacks its default_member_permissions)`);
    const { options, resolved } = buildCommandOptions(this.standIn, def, args, { userId: this.id, channelId: c.id });
    const data: Obj = { id: def.id, name: def.name, type: 1, options };
    if (def.guild_id) data.guild_id = def.guild_id;
    if (resolved) data.resolved = resolved;
    return this.standIn.interact({ kind: 'command', userId: this.id, channelId: c.id, data, sourceMessage: null, waitMs: opts.waitMs });
  }

  private visibleMessage(messageId: string) {
    const m = this.standIn.messages.get(messageId);
    if (!m || !this.standIn.canSeeMessage(this.id, m)) throw new StandInRefusal(`${this.name} cannot see message ${messageId}`);
    return m;
  }

  private component(messageId: string, customId: string) {
    const m = this.visibleMessage(messageId);
    if (m.flags & MessageFlags.Loading) throw new StandInRefusal(`message ${messageId} is still loading`);
    const comp = interactiveComponents(m.components).find((x) => x.custom_id === customId);
    if (!comp) throw new StandInRefusal(`message ${messageId} has no component ${customId}`);
    if (comp.disabled) throw new StandInRefusal(`component ${customId} is disabled`);
    return { m, comp };
  }

  /** Clicks a button on a message this user can see. */
  async click(messageId: string, customId: string, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const { m, comp } = this.component(messageId, customId);
    if (comp.type !== ComponentType.Button) throw new StandInRefusal(`${customId} is not a button`);
    if (comp.style === 5 || comp.style === 6) throw new StandInRefusal(`${customId} is a link/premium button`);
    return this.standIn.interact({
      kind: 'component',
      userId: this.id,
      channelId: m.channelId,
      data: { custom_id: customId, component_type: ComponentType.Button, ...(comp.id !== undefined ? { id: comp.id } : {}) },
      sourceMessage: m,
      waitMs: opts.waitMs,
    });
  }

  /** Chooses `values` in a select menu on a message this user can see. */
  async select(messageId: string, customId: string, values: string[], opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const { m, comp } = this.component(messageId, customId);
    if (![3, 5, 6, 7, 8].includes(comp.type)) throw new StandInRefusal(`${customId} is not a select menu`);
    const min = comp.min_values ?? 1;
    const max = comp.max_values ?? 1;
    if (values.length < min || values.length > max) throw new StandInRefusal(`select ${customId} takes ${min}..${max} values, got ${values.length}`);
    if (new Set(values).size !== values.length) throw new StandInRefusal(`select ${customId}: duplicate values`);
    const data: Obj = { custom_id: customId, component_type: comp.type, values, ...(comp.id !== undefined ? { id: comp.id } : {}) };
    if (comp.type === ComponentType.StringSelect) {
      const allowed = new Set((comp.options ?? []).map((o: Obj) => o.value));
      const bad = values.find((v) => !allowed.has(v));
      if (bad !== undefined) throw new StandInRefusal(`select ${customId} has no option ${bad}`);
    } else if (comp.type === ComponentType.UserSelect) {
      const users: Obj = {};
      const members: Obj = {};
      for (const v of values) {
        if (!this.standIn.userRecord(v)) throw new StandInRefusal(`unknown user ${v}`);
        users[v] = this.standIn.userPayload(v);
        members[v] = this.standIn.memberPayload(v, { withUser: false, permissions: this.standIn.permissionsIn(v, m.channelId).toString(), guildId: this.standIn.channel(m.channelId)?.guildId });
      }
      data.resolved = { users, members };
    } else {
      throw new StandInRefusal(`select type ${String(comp.type)} is not simulated`);
    }
    return this.standIn.interact({ kind: 'component', userId: this.id, channelId: m.channelId, data, sourceMessage: m, waitMs: opts.waitMs });
  }

  /** Clicks the button labelled `label` (exact string or RegExp) on a message this user can see. */
  async clickButton(messageId: string, label: string | RegExp, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const m = this.visibleMessage(messageId);
    const b = findComponent(this.standIn.messagePayload(m), (c) => c.type === ComponentType.Button && (typeof label === 'string' ? c.label === label : label.test(c.label ?? '')));
    if (!b) throw new StandInRefusal(`message ${messageId} has no button ${String(label)}`);
    return this.click(messageId, b.custom_id, opts);
  }

  /** Chooses, in whichever string select of the message offers them, the options labelled `labels`. */
  async chooseOptions(messageId: string, labels: Array<string | RegExp>, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const m = this.visibleMessage(messageId);
    const matches = (o: Obj, l: string | RegExp) => (typeof l === 'string' ? o.label === l : l.test(o.label ?? ''));
    const menu = findComponent(
      this.standIn.messagePayload(m),
      (c) => c.type === ComponentType.StringSelect && labels.every((l) => (c.options ?? []).some((o: Obj) => matches(o, l))),
    );
    if (!menu) throw new StandInRefusal(`message ${messageId} has no menu offering ${labels.map(String).join(', ')}`);
    const values = labels.map((l) => (menu.options as Obj[]).find((o) => matches(o, l))!.value as string);
    return this.select(messageId, menu.custom_id, values, opts);
  }

  /** Modals opened for this user and not yet submitted, newest last. */
  openModals(): Array<{ interactionId: string; modal: Obj }> {
    return [...this.standIn.interactions.values()]
      .filter((r) => r.userId === this.id && r.modal && !r.modalSubmitted)
      .map((r) => ({ interactionId: r.id, modal: deepCopy(r.modal!) }));
  }

  /** Fills in and submits the newest open modal with this custom id; `fields` maps input custom ids to values. */
  async submitModal(customId: string, fields: Record<string, string | string[]>, opts: { waitMs?: number } = {}): Promise<InteractionOutcome> {
    const open = [...this.standIn.interactions.values()].filter((r) => r.userId === this.id && r.modal?.custom_id === customId && !r.modalSubmitted).pop();
    if (!open) throw new StandInRefusal(`${this.name} has no open modal ${customId}`);
    const modal = open.modal!;
    const fill = (x: Obj): Obj => {
      const v = fields[x.custom_id];
      if (x.type === ComponentType.TextInput) {
        const value = v === undefined ? '' : String(v);
        if (x.required !== false && value.length === 0) throw new StandInRefusal(`modal field ${x.custom_id} is required`);
        if (value.length > 0 && x.min_length !== undefined && value.length < x.min_length) throw new StandInRefusal(`modal field ${x.custom_id} is shorter than ${x.min_length}`);
        if (x.max_length !== undefined && value.length > x.max_length) throw new StandInRefusal(`modal field ${x.custom_id} is longer than ${x.max_length}`);
        return { type: 4, ...(x.id !== undefined ? { id: x.id } : {}), custom_id: x.custom_id, value };
      }
      const values = v === undefined ? [] : Array.isArray(v) ? v : [v];
      const allowed = new Set((x.options ?? []).map((o: Obj) => o.value));
      if (values.some((s) => !allowed.has(s))) throw new StandInRefusal(`modal select ${x.custom_id}: unknown value`);
      if (x.required !== false && values.length < (x.min_values ?? 1)) throw new StandInRefusal(`modal select ${x.custom_id} is required`);
      return { type: x.type, ...(x.id !== undefined ? { id: x.id } : {}), custom_id: x.custom_id, values };
    };
    const components = (modal.components as Obj[])
      .filter((c) => c.type !== ComponentType.TextDisplay)
      .map((c) =>
        c.type === ComponentType.ActionRow
          ? { type: 1, ...(c.id !== undefined ? { id: c.id } : {}), components: (c.components as Obj[]).map(fill) }
          : { type: c.type, ...(c.id !== undefined ? { id: c.id } : {}), component: fill(c.component) },
      );
    open.modalSubmitted = true;
    const source = open.sourceMessageId ? this.standIn.messages.get(open.sourceMessageId) ?? null : null;
    return this.standIn.interact({
      kind: 'modal',
      userId: this.id,
      channelId: open.channelId,
      data: { custom_id: customId, components },
      sourceMessage: source && !source.deleted ? source : null,
      waitMs: opts.waitMs,
    });
  }

  /** Messages of a channel as this user sees them (incl. their own ephemerals). */
  messages(channelId: string): Obj[] {
    return this.standIn.messagesIn(channelId, { as: this.id });
  }

  dms(): Obj[] {
    return this.standIn.dmsOf(this.id);
  }
}

function buildCommandOptions(s: StandIn, def: Obj, args: SlashArgs, ctx: { userId: string; channelId: string }): { options: Obj[]; resolved: Obj | null } {
  let defs: Obj[] = def.options ?? [];
  const wrap: Array<(inner: Obj[]) => Obj[]> = [];
  if (args.group) {
    const g = defs.find((o) => o.type === 2 && o.name === args.group);
    if (!g) throw new StandInRefusal(`/${def.name} has no subcommand group ${args.group}`);
    defs = g.options ?? [];
    wrap.push((inner) => [{ type: 2, name: g.name, options: inner }]);
  }
  if (args.subcommand) {
    const sc = defs.find((o) => o.type === 1 && o.name === args.subcommand);
    if (!sc) throw new StandInRefusal(`/${def.name} has no subcommand ${args.subcommand}`);
    defs = sc.options ?? [];
    wrap.unshift((inner) => [{ type: 1, name: sc.name, options: inner }]);
  } else if (defs.some((o) => o.type === 1 || o.type === 2)) {
    throw new StandInRefusal(`/${def.name} needs a subcommand`);
  }
  const given = args.options ?? {};
  const out: Obj[] = [];
  const resolved: Obj = {};
  for (const name of Object.keys(given)) {
    if (!defs.some((o) => o.name === name)) throw new StandInRefusal(`/${def.name}: unknown option ${name}`);
  }
  for (const o of defs) {
    const v = given[o.name];
    if (v === undefined) {
      if (o.required) throw new StandInRefusal(`/${def.name}: option ${o.name} is required`);
      continue;
    }
    let value: string | number | boolean;
    switch (o.type) {
      case 3:
        value = String(v);
        if (o.min_length !== undefined && value.length < o.min_length) throw new StandInRefusal(`option ${o.name} too short`);
        if (value.length > (o.max_length ?? 6000)) throw new StandInRefusal(`option ${o.name} too long`);
        break;
      case 4:
      case 10:
        value = Number(v);
        if (!Number.isFinite(value) || (o.type === 4 && !Number.isInteger(value))) throw new StandInRefusal(`option ${o.name} must be a number`);
        if (o.min_value !== undefined && value < o.min_value) throw new StandInRefusal(`option ${o.name} below ${o.min_value}`);
        if (o.max_value !== undefined && value > o.max_value) throw new StandInRefusal(`option ${o.name} above ${o.max_value}`);
        break;
      case 5:
        value = v === true || v === 'true';
        break;
      case 6: {
        value = String(v);
        if (!s.userRecord(value)) throw new StandInRefusal(`option ${o.name}: unknown user ${value}`);
        resolved.users = { ...(resolved.users ?? {}), [value]: s.userPayload(value) };
        resolved.members = { ...(resolved.members ?? {}), [value]: s.memberPayload(value, { withUser: false, permissions: s.permissionsIn(value, ctx.channelId).toString(), guildId: s.channel(ctx.channelId)?.guildId }) };
        break;
      }
      case 7: {
        value = String(v);
        const ch = s.channel(value);
        if (!ch) throw new StandInRefusal(`option ${o.name}: unknown channel ${value}`);
        const cp = s.channelPayload(ch);
        resolved.channels = { ...(resolved.channels ?? {}), [value]: { id: cp.id, name: cp.name, type: cp.type, permissions: s.permissionsIn(ctx.userId, value).toString(), ...(cp.thread_metadata ? { thread_metadata: cp.thread_metadata, parent_id: cp.parent_id } : {}) } };
        break;
      }
      default:
        throw new StandInRefusal(`option type ${String(o.type)} is not simulated`);
    }
    if (o.choices && !o.choices.some((c: Obj) => c.value === value)) throw new StandInRefusal(`option ${o.name}: ${String(value)} is not one of the choices`);
    out.push({ name: o.name, type: o.type, value });
  }
  const options = wrap.reduce((inner, w) => w(inner), out);
  return { options, resolved: Object.keys(resolved).length ? resolved : null };
}

export { Perm };
