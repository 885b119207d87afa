/**
 * The Discord stand-in: state (a guild, more with `addGuild`; channels and threads, DMs, messages, attachments,
 * interactions, application commands), the rules Discord enforces on them, simulated users, and the fault API. HTTP
 * and WebSocket plumbing live in `rest.ts` and `gateway.ts`; `index.ts` exposes `startStandIn()`.
 *
 * This class holds the state and is the API tests and the sandbox use; the rules live with their subject, as functions
 * taking the stand-in: `model.ts` (options and stored records), `guilds.ts` (guilds, members, gateway payloads),
 * `channels.ts` (channels, threads, DMs), `permissions.ts` (permissions and visibility), `messages.ts`,
 * `interactions.ts` (interactions and their webhooks), `commands.ts` (application commands), `simuser.ts` (simulated
 * users) and `persistence.ts`.
 */
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { Gateway, shardOfGuild, type ShardSpec } from './gateway.js';
import { DISCORD_LIKE_BUCKETS, Faults } from './faults.js';
import { transcriptLine } from './text.js';
import type { IncomingFile } from './limits.js';
import { ChannelType, applicationPayload, channelPayload, userPayload, type ChannelRecord, type GuildRecord, type UserRecord } from './templates.js';
import { Clock, Perm, Snowflakes, type Obj, type PermName } from './util.js';
import {
  DEFAULT_USERS,
  type ExtraGuild,
  type InteractionRecord,
  type InteractionOutcome,
  type SavedIdentity,
  type SavedState,
  type ShownRecord,
  type SimUserRecord,
  type StandInOptions,
  type StandInUserSpec,
  type StoredMessage,
} from './model.js';
import * as Guilds from './guilds.js';
import * as Channels from './channels.js';
import * as Permissions from './permissions.js';
import * as Messages from './messages.js';
import * as Interactions from './interactions.js';
import * as Commands from './commands.js';
import * as Persistence from './persistence.js';
import { SimUser } from './simuser.js';

export {
  DEFAULT_USERS,
  StandInRefusal,
  type ExtraGuild,
  type InteractionKind,
  type InteractionOutcome,
  type InteractionRecord,
  type SavedIdentity,
  type SavedState,
  type ShownRecord,
  type SlashArgs,
  type StandInOptions,
  type StandInUserSpec,
  type StoredMessage,
} from './model.js';
export { SimUser } from './simuser.js';

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
      for (const [i, name] of (options.channels ?? ['general', 'campfire']).entries()) Channels.addChannel(this, name, i, this.guild.id);
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
        filter: (s, t, d) => Guilds.filterDispatch(this, s, t, d),
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
    return Guilds.addUser(this, spec, announce);
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

  /** A guild id that lands on shard `shard` of `count` (see `guildIdOnShard` in guilds.ts). */
  guildIdOnShard(shard: number, count: number): string {
    return Guilds.guildIdOnShard(this, shard, count);
  }

  /** The shard (of `count`) that receives a guild's events: `(guild_id >> 22) % count`. */
  shardOf(guildId: string, count: number): number {
    return shardOfGuild(guildId, count);
  }

  /** Adds a guild the bot is in, with its own channels and roles, and sends GUILD_CREATE (see `addGuild` in guilds.ts). */
  addGuild(opts: { name?: string; channels?: string[]; shard?: ShardSpec; id?: string } = {}): GuildRecord {
    return Guilds.addGuild(this, opts);
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
    return Guilds.memberPayload(this, id, opts);
  }

  /** A member's guild-level permissions (the owner has all). */
  memberPermissions(id: string): bigint {
    return Guilds.memberPermissions(this, id);
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
    return Guilds.guildPayload(this, guildId);
  }

  guildCreatePayload(guildId: string = this.guild.id): Obj {
    return Guilds.guildCreatePayload(this, guildId);
  }

  /** Unarchived threads of a guild. */
  activeThreads(guildId: string = this.guild.id): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => this.isThread(c) && c.guildId === guildId && !c.deleted && !c.archived);
  }

  /** READY for a session on `shard`: the guilds that shard owns, as unavailable until their GUILD_CREATE. */
  readyPayload(shard: ShardSpec = [0, 1]): Obj {
    return Guilds.readyPayload(this, shard);
  }

  applicationPayload(): Obj {
    return applicationPayload(this.applicationId, this.bot.username, userPayload(this.owner), userPayload(this.bot));
  }

  attachmentUrl(channelId: string, attId: string, filename: string): string {
    return `${this.baseUrl}/attachments/${channelId}/${attId}/${encodeURIComponent(filename)}`;
  }

  messagePayload(m: StoredMessage): Obj {
    return Messages.messagePayload(this, m);
  }

  // ---------------------------------------------------------------- permissions and visibility

  /** A member's permissions in a channel, computed as Discord does (see `permissionsIn` in permissions.ts). */
  permissionsIn(userId: string, channelId: string): bigint {
    return Permissions.permissionsIn(this, userId, channelId);
  }

  botPermissions(channelId: string): bigint {
    return this.permissionsIn(this.bot.id, channelId);
  }

  requireBotPermission(channelId: string, names: PermName[]): void {
    Permissions.requireBotPermission(this, channelId, names);
  }

  /** Sets or removes a permission overwrite on a guild text channel, as a server admin would (see `setChannelOverwrite` in permissions.ts). */
  setChannelOverwrite(channelId: string, o: { id: string; type: 'role' | 'member'; allow?: PermName[]; deny?: PermName[] }): void {
    Permissions.setChannelOverwrite(this, channelId, o);
  }

  canSeeChannel(userId: string, c: ChannelRecord): boolean {
    return Permissions.canSeeChannel(this, userId, c);
  }

  canSeeMessage(userId: string, m: StoredMessage): boolean {
    return Permissions.canSeeMessage(this, userId, m);
  }

  // ---------------------------------------------------------------- messages

  /** Attachment bytes by URL (or path) as served by the stand-in; null if unknown. */
  attachment(urlOrPath: string): { data: Buffer; contentType: string } | null {
    const m = /attachments\/(\d+)\/(\d+)\//.exec(urlOrPath);
    return m ? (this.attachmentData.get(`${m[1]}/${m[2]}`) ?? null) : null;
  }

  createMessage(args: Messages.NewMessage): StoredMessage {
    return Messages.createMessage(this, args);
  }

  editMessage(m: StoredMessage, body: Obj, files: IncomingFile[] = []): StoredMessage {
    return Messages.editMessage(this, m, body, files);
  }

  deleteMessage(m: StoredMessage): void {
    Messages.deleteMessage(this, m);
  }

  /** The one-hour rule for edits through PATCH /channels/{id}/messages/{id}; see docs/standin.md. */
  checkOldMessageEdit(m: StoredMessage): void {
    Messages.checkOldMessageEdit(this, m);
  }

  /** Discord refuses edits of messages in an archived thread (50083). */
  checkNotArchived(channelId: string): void {
    Messages.checkNotArchived(this, channelId);
  }

  getMessage(channelId: string, messageId: string, opts: { allowEphemeral?: boolean } = {}): StoredMessage {
    return Messages.getMessage(this, channelId, messageId, opts);
  }

  /** Sends from the bot to a channel, with Discord's checks (closed DMs, permissions, locked threads). */
  botSend(channelId: string, body: Obj, files: IncomingFile[]): StoredMessage {
    return Messages.botSend(this, channelId, body, files);
  }

  // ---------------------------------------------------------------- channels, threads, DMs

  /** A private channel between users that the bot is not in (see `privateChannelOf` in channels.ts). */
  privateChannel(userIds: string[]): ChannelRecord {
    return Channels.privateChannelOf(this, userIds);
  }

  /** The user installs the app to their account (the "Add App" → "Try it now" of Discord's user install). */
  installForUser(userId: string): void {
    this.userInstalls.add(userId);
    this.changed('commands');
  }

  dmChannelOf(userId: string): ChannelRecord {
    return Channels.dmChannelOf(this, userId);
  }

  /** Waits `threadCreateDelayMs` (real time): how long Discord takes to create a thread. */
  async threadCreationDelay(): Promise<void> {
    const ms = this.opts.threadCreateDelayMs;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  createThread(parentId: string, body: Obj, fromMessageId: string | null): ChannelRecord {
    return Channels.createThread(this, parentId, body, fromMessageId);
  }

  addThreadMember(threadId: string, userId: string): void {
    Channels.addThreadMember(this, threadId, userId);
  }

  removeThreadMember(threadId: string, userId: string): void {
    Channels.removeThreadMember(this, threadId, userId);
  }

  updateThread(threadId: string, body: Obj): ChannelRecord {
    return Channels.updateThread(this, threadId, body);
  }

  /** Deletes a channel or thread (fault API and DELETE /channels/{id}); the client gets CHANNEL_DELETE / THREAD_DELETE. */
  deleteChannel(id: string): void {
    Channels.deleteChannel(this, id);
  }

  /** Archives (and optionally locks) a thread, as Discord does after inactivity. */
  archiveThread(id: string, locked = false): void {
    this.updateThread(id, { archived: true, locked });
  }

  // ---------------------------------------------------------------- fault API

  /** Denies the bot permissions in a channel (threads inherit from their parent). */
  denyBotPermissions(channelId: string, names: PermName[]): void {
    Permissions.denyBotPermissions(this, channelId, names);
  }

  allowBotPermissions(channelId: string, names: PermName[] | 'all'): void {
    Permissions.allowBotPermissions(this, channelId, names);
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
    return Persistence.snapshot(this);
  }

  /** Loads a snapshot (after `baseUrl` is known: attachment URLs are rebuilt for the current address). */
  restoreState(saved: SavedState, filesDir: string | null): void {
    Persistence.restoreState(this, saved, filesDir);
  }

  // ---------------------------------------------------------------- application commands

  setCommands(guildId: string | null, bodies: Obj[]): Obj[] {
    return Commands.setCommands(this, guildId, bodies);
  }

  upsertCommand(guildId: string | null, body: Obj): Obj {
    return Commands.upsertCommand(this, guildId, body);
  }

  commandList(guildId: string | null): Obj[] {
    return [...this.commands.values()].filter((c) => (c.guild_id ?? null) === guildId);
  }

  /** Commands a user can run in a channel: guild commands there, then global ones (in DMs only DM-enabled ones). */
  commandsFor(channelId: string, userId?: string): Obj[] {
    return Commands.commandsFor(this, channelId, userId);
  }

  // ---------------------------------------------------------------- interactions

  /** Creates an interaction, sends INTERACTION_CREATE to the bot and waits for what the user ends up seeing. */
  interact(args: Interactions.NewInteraction): Promise<InteractionOutcome> {
    return Interactions.interact(this, args);
  }

  outcomeOf(rec: InteractionRecord): InteractionOutcome {
    return Interactions.outcomeOf(this, rec);
  }

  /**
   * Sends an interaction as a modified or buggy client could, with only the checks Discord itself makes before an
   * interaction reaches a bot (see `injectInteraction` in interactions.ts): for robustness tests such as fuzzing.
   */
  injectInteraction(args: Interactions.InjectedInteraction): Promise<InteractionOutcome> {
    return Interactions.injectInteraction(this, args);
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
    return Interactions.interactionCallback(this, id, token, body, files, withResponse);
  }

  /** The interaction behind a webhook token, checked for the 15-minute lifetime. */
  webhookInteraction(appId: string, token: string): InteractionRecord {
    return Interactions.webhookInteraction(this, appId, token);
  }

  webhookMessage(rec: InteractionRecord, messageId: string): StoredMessage {
    return Interactions.webhookMessage(this, rec, messageId);
  }

  webhookEdit(rec: InteractionRecord, messageId: string, body: Obj, files: IncomingFile[]): StoredMessage {
    return Interactions.webhookEdit(this, rec, messageId, body, files);
  }

  followUp(rec: InteractionRecord, body: Obj, files: IncomingFile[]): StoredMessage {
    return Interactions.followUp(this, rec, body, files);
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

export { Perm };
