/**
 * The stand-in's state and the basics every part of it reads: users, guilds and shards, channels, the payloads
 * Discord sends, permissions and visibility, and the change counter tests wait on. `StandIn` (standin.ts) adds the API
 * that acts on the state (messages, channels and threads, faults, persistence, commands, interactions) and the
 * queries; this class is abstract, so every instance is a `StandIn`, and that is what the rule modules (functions
 * taking the stand-in) are given (`self`).
 */
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { Gateway, shardOfGuild, type ShardSpec } from './gateway.js';
import { DISCORD_LIKE_BUCKETS, Faults } from './faults.js';
import { ChannelType, applicationPayload, channelPayload, userPayload, type ChannelRecord, type GuildRecord, type UserRecord } from './templates.js';
import { Clock, type Obj, type PermName, Snowflakes } from './util.js';
import {
  DEFAULT_USERS, type ExtraGuild, type InteractionRecord, type SavedIdentity, type ShownRecord,
  type SimUserRecord, type StandInOptions, type StandInUserSpec, type StoredMessage,
} from './model.js';
import * as Guilds from './guilds.js';
import * as Channels from './channels.js';
import * as Permissions from './permissions.js';
import * as Messages from './messages.js';
import { SimUser } from './simuser.js';
import type { StandIn } from './standin.js';

export abstract class StandInCore {
  /** This stand-in as the rule modules take it (every instance of this abstract class is a `StandIn`). */
  protected get self(): StandIn {
    return this as unknown as StandIn;
  }

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
  /** Nonces sent with `enforce_nonce`, per channel: a repeat within a few minutes returns the first message (see `botSend` in messages.ts). */
  readonly nonces = new Map<string, { messageId: string; at: number }>();
  readonly channelMessages = new Map<string, string[]>();
  readonly attachmentData = new Map<string, { data: Buffer; contentType: string }>();
  readonly interactions = new Map<string, InteractionRecord>();
  readonly interactionsByToken = new Map<string, InteractionRecord>();
  readonly commands = new Map<string, Obj>();
  readonly shown: ShownRecord[] = [];
  /** Permissions denied to the bot per channel (threads also inherit their parent's). */
  readonly botDenied = new Map<string, bigint>();
  /** Users who installed the app to their account (Discord's user install): they can use it in any private channel. */
  readonly userInstalls = new Set<string>();
  /** Every REST request: method, path, status, and when. */
  /** Every REST request as answered (`global`: a 429 of the bot-wide limit, not of one route's bucket). */
  readonly requestLog: Array<{ at: number; method: string; path: string; route: string; status: number; global?: boolean }> = [];
  readonly opts: Required<Omit<StandInOptions, 'port' | 'host' | 'token' | 'users' | 'channels' | 'log' | 'rateLimits' | 'statePath' | 'recommendedShards'>> & {
    recommendedShards: number | null;
    log: (line: string) => void;
  };
  baseUrl = '';
  private changeSeq = 0;
  /** Real time of the last state change (for the quiet period after a deferred update; set by `changed`). */
  lastChangeAt = Date.now();

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
      for (const [i, name] of (options.channels ?? ['general', 'campfire']).entries()) Channels.addChannel(this.self, name, i, this.guild.id);
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
        filter: (s, t, d) => Guilds.filterDispatch(this.self, s, t, d),
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

  /** Adds a simulated user to the guild (GUILD_MEMBER_ADD for clients with the GuildMembers intent). */
  addUser(spec: StandInUserSpec, announce = true): SimUser {
    return Guilds.addUser(this.self, spec, announce);
  }

  user(idOrName: string): SimUser {
    const rec = this.users.get(idOrName) ?? [...this.users.values()].find((u) => u.username === idOrName || u.globalName === idOrName);
    if (!rec) throw new Error(`no simulated user ${idOrName}`);
    return new SimUser(this.self, rec.id);
  }

  userList(): SimUser[] {
    return [...this.users.keys()].map((id) => new SimUser(this.self, id));
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

  /** A guild id that lands on shard `shard` of `count` (see `guildIdOnShard` in guilds.ts). */
  guildIdOnShard(shard: number, count: number): string {
    return Guilds.guildIdOnShard(this.self, shard, count);
  }

  /** The shard (of `count`) that receives a guild's events: `(guild_id >> 22) % count`. */
  shardOf(guildId: string, count: number): number {
    return shardOfGuild(guildId, count);
  }

  /** Adds a guild the bot is in, with its own channels and roles, and sends GUILD_CREATE (see `addGuild` in guilds.ts). */
  addGuild(opts: { name?: string; channels?: string[]; shard?: ShardSpec; id?: string } = {}): GuildRecord {
    return Guilds.addGuild(this.self, opts);
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
    return Guilds.memberPayload(this.self, id, opts);
  }

  /** A member's guild-level permissions (the owner has all). */
  memberPermissions(id: string): bigint {
    return Guilds.memberPermissions(this.self, id);
  }

  channelPayload(c: ChannelRecord): Obj {
    if (c.type === ChannelType.DM) return channelPayload(c, c.recipientId ? this.userPayload(c.recipientId) : null);
    if (c.type === ChannelType.GroupDM) return channelPayload(c, null, c.memberIds.map((u) => this.userPayload(u)));
    const p = channelPayload(c, null);
    if (c.type === ChannelType.GuildText) {
      const deny = this.botDenied.get(c.id);
      if (deny) p.permission_overwrites.push({ id: this.bot.id, type: 1, allow: '0', deny: deny.toString() });
    }
    return p;
  }

  guildPayload(guildId: string = this.guild.id): Obj {
    return Guilds.guildPayload(this.self, guildId);
  }

  guildCreatePayload(guildId: string = this.guild.id): Obj {
    return Guilds.guildCreatePayload(this.self, guildId);
  }

  /** Unarchived threads of a guild. */
  activeThreads(guildId: string = this.guild.id): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => this.isThread(c) && c.guildId === guildId && !c.deleted && !c.archived);
  }

  /** READY for a session on `shard`: the guilds that shard owns, as unavailable until their GUILD_CREATE. */
  readyPayload(shard: ShardSpec = [0, 1]): Obj {
    return Guilds.readyPayload(this.self, shard);
  }

  applicationPayload(): Obj {
    return applicationPayload(this.applicationId, this.bot.username, userPayload(this.owner), userPayload(this.bot));
  }

  attachmentUrl(channelId: string, attId: string, filename: string): string {
    return `${this.baseUrl}/attachments/${channelId}/${attId}/${encodeURIComponent(filename)}`;
  }

  messagePayload(m: StoredMessage): Obj {
    return Messages.messagePayload(this.self, m);
  }

  // ---------------------------------------------------------------- permissions and visibility

  /** A member's permissions in a channel, computed as Discord does (see `permissionsIn` in permissions.ts). */
  permissionsIn(userId: string, channelId: string): bigint {
    return Permissions.permissionsIn(this.self, userId, channelId);
  }

  botPermissions(channelId: string): bigint {
    return this.permissionsIn(this.bot.id, channelId);
  }

  requireBotPermission(channelId: string, names: PermName[]): void {
    Permissions.requireBotPermission(this.self, channelId, names);
  }

  /** Sets or removes a permission overwrite on a guild text channel, as a server admin would (see `setChannelOverwrite` in permissions.ts). */
  setChannelOverwrite(channelId: string, o: { id: string; type: 'role' | 'member'; allow?: PermName[]; deny?: PermName[] }): void {
    Permissions.setChannelOverwrite(this.self, channelId, o);
  }

  canSeeChannel(userId: string, c: ChannelRecord): boolean {
    return Permissions.canSeeChannel(this.self, userId, c);
  }

  canSeeMessage(userId: string, m: StoredMessage): boolean {
    return Permissions.canSeeMessage(this.self, userId, m);
  }
}
