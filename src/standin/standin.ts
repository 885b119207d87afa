/**
 * The Discord stand-in: state (a guild, more with `addGuild`; channels and threads, DMs, messages, attachments,
 * interactions, application commands), the rules Discord enforces on them, simulated users, and the fault API. HTTP
 * and WebSocket plumbing live in `rest.ts` and `gateway.ts`; `index.ts` exposes `startStandIn()`.
 *
 * This class is the API tests and the sandbox use; it extends `StandInCore` (core.ts: the state, users, guilds,
 * payloads, permissions). The rules live with their subject, as functions taking the stand-in: `model.ts` (options and stored records), `guilds.ts` (guilds, members, gateway payloads),
 * `channels.ts` (channels, threads, DMs), `permissions.ts` (permissions and visibility), `messages.ts`,
 * `interactions.ts` (interactions and their webhooks), `commands.ts` (application commands), `simuser.ts` (simulated
 * users) and `persistence.ts`.
 */
import { transcriptLine } from './text.js';
import type { IncomingFile } from './limits.js';
import { type ChannelRecord, ChannelType } from './templates.js';
import { type Obj, Perm, type PermName } from './util.js';
import type { InteractionOutcome, InteractionRecord, SavedState, ShownRecord, StoredMessage } from './model.js';
import * as Channels from './channels.js';
import * as Permissions from './permissions.js';
import * as Messages from './messages.js';
import * as Interactions from './interactions.js';
import * as Commands from './commands.js';
import * as Persistence from './persistence.js';
import { StandInCore } from './core.js';

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

export class StandIn extends StandInCore {
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
