/**
 * In-memory stand-ins for the bot's `Ix` and `Platform`, recording everything the bot sends, so the
 * handlers can be tested without discord.js. (End-to-end tests use the real client against src/standin.)
 */
import { testStore, type StoreKind } from './stores.js';
import Database from 'better-sqlite3';
import { CampfireBot, type BotOptions } from '../../src/bot/bot.js';
import { RetryableError, type Ix, type Logger, type OutMessage, type Platform, type SendOptions } from '../../src/bot/platform.js';
import type { Locale } from '../../src/engine/i18n.js';
import { registerGame } from '../../src/games/registry.js';
import type { GameModule } from '../../src/games/types.js';
import { Campfire } from '../../src/service/index.js';
import { migrate } from '../../src/store/db.js';
import { Repo } from '../../src/store/repo.js';

const DISCORD_EPOCH = 1_420_070_400_000;
const HOUR = 3_600_000;

export interface Sent {
  kind: 'reply' | 'update' | 'followUp' | 'post' | 'edit' | 'dm' | 'defer' | 'archive'; ephemeral?: boolean; to?: string; id?: string; msg: OutMessage; user?: string;
  /** A post made as a follow-up of the interaction with this token (not counted against the global limit). */
  token?: string;
}

export class FakeDiscord implements Platform {
  sent: Sent[] = [];
  threads: { parent: string; id: string; name: string }[] = [];
  closedDms = new Set<string>();
  refusePosts = false;
  /** Discord answered too many requests with 401/403/429 of late (see `Platform.strained`). */
  strained?: () => boolean;
  refuseThreads = false;
  /** The next n posts and DMs fail as Discord's 5xx do (the job runner tries again). */
  failing = 0;
  /** Like Discord with `enforce_nonce`: a repeated nonce returns the first message instead of a new one. */
  private readonly nonces = new Map<string, string>();
  /** Thread creation waits for this (a slow Discord); resolve it to let the thread appear. */
  threadDelay: Promise<void> | null = null;
  /**
   * Ids are snowflakes on this fake's clock, as Discord's are (the bot reads a message's age from its id), unique
   * across instances: a bot restarted in a test (a new FakeDiscord) never gets an old id again.
   */
  private static n = 1000;
  nextId = () => String((BigInt(this.now() - DISCORD_EPOCH) << 22n) | BigInt(++FakeDiscord.n % 4_194_304));

  /**
   * Discord's old-message rule, strict as the stand-in's default: an edit through the channel (not through an
   * interaction's token) of a message older than an hour is refused (30046) unless `oldEditsPerHour` allows it.
   * Every such try is kept in `oldEdits`.
   */
  oldEditsPerHour = 0;
  readonly oldEdits: { id: string; at: number; ageMs: number; refused: boolean }[] = [];

  constructor(readonly now: () => number = Date.now) {}

  async post(channelId: string, msg: OutMessage, opts?: SendOptions) {
    if (this.failing > 0) { this.failing--; throw new RetryableError('Discord 500'); }
    if (this.refusePosts || this.deleted.has(channelId)) return null;
    const again = opts?.nonce ? this.nonces.get(`${channelId}:${opts.nonce}`) : undefined;
    if (again) return again;
    const id = this.nextId();
    if (opts?.nonce) this.nonces.set(`${channelId}:${opts.nonce}`, id);
    this.sent.push({ kind: 'post', to: channelId, id, msg });
    return id;
  }
  /** Interaction tokens Discord still honours, and the channel each click was made in (see `ix`). */
  readonly tokens = new Map<string, string>();
  /** A public follow-up in the channel of the click whose token it is; null (refused for good) for a token Discord no longer honours. */
  async followUp(token: string, msg: OutMessage) {
    if (this.failing > 0) { this.failing--; throw new RetryableError('Discord 500'); }
    const channelId = this.tokens.get(token);
    if (!channelId || this.deleted.has(channelId)) return null;
    const id = this.nextId();
    this.sent.push({ kind: 'post', to: channelId, id, msg, token });
    return id;
  }
  async editFollowUp(token: string, messageId: string, msg: OutMessage) {
    const channelId = this.tokens.get(token);
    if (!channelId) return false;
    this.sent.push({ kind: 'edit', to: channelId, id: messageId, msg, token });
    return true;
  }
  async findPosted(channelId: string, customIdPrefix: string) {
    const found = this.sent.filter((s) => s.kind === 'post' && s.to === channelId && FakeDiscord.ids(s.msg).some((id) => id.startsWith(customIdPrefix))).at(-1);
    return found?.id ?? null;
  }
  async edit(channelId: string, messageId: string, msg: OutMessage) {
    const ageMs = /^\d+$/.test(messageId) ? this.now() - (Number(BigInt(messageId) >> 22n) + DISCORD_EPOCH) : 0;
    if (ageMs > HOUR) {
      const now = this.now();
      const refused = this.oldEdits.filter((e) => !e.refused && now - e.at < HOUR).length >= this.oldEditsPerHour;
      this.oldEdits.push({ id: messageId, at: now, ageMs, refused });
      if (refused) return false;
    }
    this.sent.push({ kind: 'edit', to: channelId, id: messageId, msg });
    return true;
  }
  async createThread(channelId: string, _messageId: string, name: string) {
    if (this.threadDelay) await this.threadDelay;
    if (this.refuseThreads) return null;
    const id = `thread-${this.nextId()}`;
    this.threads.push({ parent: channelId, id, name });
    return id;
  }
  /** DMs go to the channel `dm-<user id>`; a repeated nonce answers with the first message, as Discord does. */
  async dm(userId: string, msg: OutMessage, opts?: SendOptions) {
    if (this.failing > 0) { this.failing--; throw new RetryableError('Discord 500'); }
    if (this.closedDms.has(userId)) return { result: 'closed' as const };
    const channelId = `dm-${userId}`;
    const again = opts?.nonce ? this.nonces.get(`dm:${userId}:${opts.nonce}`) : undefined;
    if (again) return { result: 'sent' as const, message: { channelId, messageId: again } };
    const id = this.nextId();
    if (opts?.nonce) this.nonces.set(`dm:${userId}:${opts.nonce}`, id);
    this.sent.push({ kind: 'dm', to: userId, id, msg });
    return { result: 'sent' as const, message: { channelId, messageId: id } };
  }
  /** Threads archived (and locked) by the bot, in order. */
  archived: { id: string; locked: boolean }[] = [];
  refuseLock = false;
  async archiveThread(threadId: string, lock: boolean) {
    if (lock && this.refuseLock) return false;
    this.archived.push({ id: threadId, locked: lock });
    this.sent.push({ kind: 'archive', to: threadId, msg: {} });
    return true;
  }
  deleted = new Set<string>();
  async exists(channelId: string) { return !this.deleted.has(channelId); }
  link(guildId: string | null, channelId: string) { return `https://discord.test/${guildId}/${channelId}`; }
  /** Members of each server, for `memberOf` (a server not listed here: everybody is a member). */
  members = new Map<string, Set<string>>();
  async memberOf(guildId: string, userId: string) { return this.members.get(guildId)?.has(userId) ?? true; }

  /** Builds an interaction for `user` in `channelId`. */
  ix(user: { id: string; name: string }, channelId: string, init: Partial<Ix> & { locale?: Locale } = {}): Ix {
    let replied: string | null = null;
    const self = this;
    if (init.token) this.tokens.set(init.token, channelId);
    return {
      user, locale: init.locale ?? 'en', guildLocale: 'en', guildId: 'guild', channelId, inThread: channelId.startsWith('thread-'), inDm: false, canManageThreads: false,
      ...init,
      async reply(msg, ephemeral) { replied = self.nextId(); self.sent.push({ kind: 'reply', ephemeral, to: channelId, id: replied, msg, user: user.id }); },
      async update(msg) { self.sent.push({ kind: 'update', to: channelId, msg, user: user.id }); },
      async followUp(msg, ephemeral) { self.sent.push({ kind: 'followUp', ephemeral, to: channelId, msg, user: user.id }); },
      async replyMessageId() { return replied; },
      async defer(ephemeral) { self.sent.push({ kind: 'defer', ephemeral, to: channelId, msg: {}, user: user.id }); },
    };
  }

  last(kind?: Sent['kind']): Sent {
    const list = kind ? this.sent.filter((s) => s.kind === kind) : this.sent;
    if (!list.length) throw new Error(`nothing sent${kind ? ` of kind ${kind}` : ''}`);
    return list[list.length - 1]!;
  }

  /** Every custom_id on a message. */
  static ids(msg: OutMessage): string[] {
    return (msg.components ?? []).flatMap((r) => ((r as { components: { custom_id: string }[] }).components ?? []).map((c) => c.custom_id));
  }
}

export const silentLog: Logger & { lines: string[] } = {
  lines: [],
  info() {},
  warn(m, c) { silentLog.lines.push(`warn ${m} ${JSON.stringify(c ?? {})}`); },
  error(m, c) { silentLog.lines.push(`error ${m} ${JSON.stringify(c ?? {})}`); },
};

/** The same harness on a store of the given kind (PostgreSQL: a schema of its own; call `drop()` at the end). */
export async function harnessOn(kind: StoreKind, module: GameModule, opts: { seed?: string; bot?: BotOptions } = {}) {
  registerGame(module);
  let clock = 1_700_000_000_000;
  const store = await testStore(kind, () => clock);
  const repo = store.repo;
  const cf = new Campfire(repo, { now: () => clock, newSeed: () => opts.seed ?? 'seed-1' });
  const discord = new FakeDiscord(() => clock);
  const bot = new CampfireBot(cf, discord, silentLog, { now: () => clock, ...opts.bot });
  return { db: store.db, repo, cf, service: cf.games, discord, bot, now: () => clock, advance: (ms: number) => { clock += ms; }, drop: () => store.drop() };
}

export function harness(module: GameModule, opts: { db?: Database.Database; seed?: string; bot?: BotOptions } = {}) {
  registerGame(module);
  const db = opts.db ?? new Database(':memory:');
  migrate(db);
  let clock = 1_700_000_000_000;
  const repo = Repo.sqlite(db, () => clock);
  const cf = new Campfire(repo, { now: () => clock, newSeed: () => opts.seed ?? 'seed-1' });
  const service = cf.games;
  const discord = new FakeDiscord(() => clock);
  const bot = new CampfireBot(cf, discord, silentLog, { now: () => clock, ...opts.bot });
  return { db, repo, cf, service, discord, bot, now: () => clock, advance: (ms: number) => { clock += ms; } };
}
