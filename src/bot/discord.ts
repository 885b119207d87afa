/** The discord.js side: turns interactions into `Ix` and implements `Platform` with the REST client. */
import {
  AttachmentBuilder, Client, ContainerBuilder, MediaGalleryBuilder, MediaGalleryItemBuilder, TextDisplayBuilder, Routes, DefaultRestOptions, DiscordAPIError, Events, HTTPError, RateLimitError, GatewayIntentBits, MessageFlags, Options, PermissionFlagsBits,
  type ButtonInteraction, type ChatInputCommandInteraction, type Interaction, type StringSelectMenuInteraction,
  ApplicationIntegrationType,
} from 'discord.js';
import { localeOf } from '../engine/i18n.js';
import type { CampfireBot } from './bot.js';
import { GlobalGate } from './rest-gate.js';
import { invalidRequests, refusalOf, rejectOnRateLimit, withCall } from './rest-policy.js';
import { RetryableError, type DmOutcome, type Ix, type Logger, type OutMessage, type Platform, type SendOptions } from './platform.js';

export interface ClientConfig {
  /** REST base, e.g. `http://127.0.0.1:PORT/api` for the local stand-in; Discord's by default. */
  apiBase?: string;
  /**
   * This process's share of Discord's bot-wide limit (default 1): the limit is the bot's, whatever the number of
   * processes, so each of `n` shard processes keeps to 1/n of it.
   */
  globalShare?: number;
}

export function createClient(cfg: ClientConfig = {}): Client {
  // Interactions arrive without privileged intents; Guilds keeps channels and threads in the cache.
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    // The messages we post and edit are never read back from discord.js's cache (edits go by id, interactions carry
    // their message): kept, up to 200 per channel, they filled the heap of a bot with many games.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
    rest: {
      ...(cfg.apiBase ? { api: cfg.apiBase } : {}),
      makeRequest: new GlobalGate({ limit: Math.max(1, Math.floor(50 * (cfg.globalShare ?? 1))), strained: () => invalidRequests.strained() }).wrap(DefaultRestOptions.makeRequest),
      // discord.js waits out every 429 and tries again, without end: asked before each wait, this ends a call that
      // met a refusal (30046) or would wait longer than its job's patience (see `rest-policy.ts`).
      rejectOnRateLimit,
      // The global limit is our gate's (a sliding window, by priority, interaction callbacks apart). discord.js's own
      // counts callbacks too, in fixed windows: under load it held tables and DMs back while half of Discord's
      // budget went unused. A global 429 from Discord still stops every request for its retry_after.
      globalRequestsPerSecond: 1_000_000,
    },
  });
}

/** The message with its nonce: Discord answers a repeat of the same nonce with the first message (no double post). */
function sending(msg: OutMessage, opts?: SendOptions) {
  return { ...payload(msg), ...(opts?.nonce ? { nonce: opts.nonce.slice(0, 25), enforceNonce: true } : {}) };
}

/**
 * Discord's errors that pass — a 5xx, a rate limit, the network — become RetryableError (the job is tried again);
 * a 4xx is Discord's final word and is answered with null / false by the caller, and so is a 429 that refuses
 * (30046: no more edits of this old message for now; see `rest-policy.ts`). Call it inside the call's scope.
 */
function passing(err: unknown): RetryableError | null {
  if (refusalOf(err) !== null) return null;
  if (err instanceof DiscordAPIError) return err.status >= 500 || err.status === 429 ? new RetryableError(`Discord ${err.status} ${err.code}: ${err.message}`) : null;
  if (err instanceof HTTPError) return new RetryableError(`Discord ${err.status}: ${err.message}`);
  if (err instanceof RateLimitError) return new RetryableError(`rate limited on ${err.route}`, err.retryAfter);
  const code = (err as { code?: string })?.code;
  if (code && /^(ECONN|ETIMEDOUT|EPIPE|UND_ERR|ENOTFOUND|EAI_AGAIN)/.test(code)) return new RetryableError(`network: ${code}`);
  if ((err as Error)?.name === 'AbortError') return new RetryableError('request timed out');
  return null;
}

/**
 * What a message sends as content, components and flags. A `container` message (the table post) is laid out in
 * Components V2 (flag IS_COMPONENTS_V2, which allows neither content nor embeds): one container with the text as a
 * text display and the pictures as a media gallery (referenced by file name), the buttons' rows below it; the text's
 * mentions ping as `allowed_mentions` says, as content's would.
 */
export function laidOut(msg: OutMessage): { content?: string; embeds?: object[]; components: object[]; flags: number } {
  if (msg.layout !== 'container') return { content: msg.content ?? '', embeds: msg.embeds ?? [], components: msg.components ?? [], flags: 0 };
  const container = new ContainerBuilder();
  if (msg.accent !== undefined) container.setAccentColor(msg.accent);
  if (msg.content) container.addTextDisplayComponents(new TextDisplayBuilder().setContent(msg.content));
  const pictures = (msg.files ?? []).filter((f) => /\.(png|gif|webp|jpe?g)$/.test(f.name));
  if (pictures.length) container.addMediaGalleryComponents(new MediaGalleryBuilder().addItems(...pictures.map((f) => new MediaGalleryItemBuilder().setURL(`attachment://${f.name}`))));
  return { components: [container.toJSON(), ...(msg.components ?? [])], flags: MessageFlags.IsComponentsV2 };
}

function payload(msg: OutMessage) {
  const l = laidOut(msg);
  return {
    ...(l.content !== undefined ? { content: l.content } : {}),
    ...(l.embeds !== undefined ? { embeds: l.embeds as never[] } : {}),
    components: l.components as never[],
    files: (msg.files ?? []).map((f) => new AttachmentBuilder(f.data, { name: f.name })),
    allowedMentions: { parse: [], users: msg.mentionUsers ?? [] },
    ...(l.flags ? { flags: l.flags } : {}),
  };
}

/** A message as read back, for taking its buttons off (`OutMessage.buttonsOff`). */
interface KeptComponent { type: number; id?: number; content?: string; accent_color?: number | null; spoiler?: boolean; components?: KeptComponent[]; items?: { media: { url: string; attachment_id?: string }; description?: string | null; spoiler?: boolean }[] }
interface Kept { flags?: number; components?: KeptComponent[]; attachments?: { id: string; filename: string; url: string }[] }

/**
 * The components a message keeps without its buttons: none, or in the container layout everything but the rows of
 * buttons, as a request states it (a picture of the message's own is named `attachment://<file>` again, not by the
 * CDN address it was read back with, which expires).
 */
function keptWithoutButtons(m: Kept): object[] {
  if (!((m.flags ?? 0) & MessageFlags.IsComponentsV2)) return [];
  const own = (url: string, id?: string) => {
    const a = (m.attachments ?? []).find((x) => x.id === id || x.url.split('?')[0] === url.split('?')[0]);
    return a ? `attachment://${a.filename}` : url;
  };
  const clean = (c: KeptComponent): object => {
    switch (c.type) {
      case 17: return { type: 17, ...(c.accent_color != null ? { accent_color: c.accent_color } : {}), ...(c.spoiler ? { spoiler: true } : {}), components: (c.components ?? []).filter((x) => x.type !== 1).map(clean) };
      case 10: return { type: 10, content: c.content ?? '' };
      case 12: return { type: 12, items: (c.items ?? []).map((i) => ({ media: { url: own(i.media.url, i.media.attachment_id) }, ...(i.description ? { description: i.description } : {}), ...(i.spoiler ? { spoiler: true } : {}) })) };
      default: { const { id: _id, ...rest } = c; return rest; }
    }
  };
  return (m.components ?? []).filter((c) => c.type !== 1).map(clean);
}

/** The V2 flag again on an edit of a V2 message (it cannot be taken off; sent, the components read as V2). */
const v2Flag = (m: Kept) => (((m.flags ?? 0) & MessageFlags.IsComponentsV2) ? { flags: MessageFlags.IsComponentsV2 } : {});

/** The flags of a reply: ephemeral or not, and the layout's. */
const replyFlags = (msg: OutMessage, ephemeral: boolean): number | undefined => ((ephemeral ? MessageFlags.Ephemeral : 0) | laidOut(msg).flags) || undefined;

/** Replaces a message's attachments too (an update without files clears the old picture). */
function replacing(msg: OutMessage) {
  return { ...payload(msg), attachments: [] };
}

type Answerable = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

export function toIx(i: Answerable): Ix {
  let replyId: string | null = null;
  /** Set once an answer began (so a deferral comes too late) and once the interaction was deferred. */
  let answering = false;
  let deferral: Promise<unknown> | null = null;
  const channel = i.channel;
  const base = {
    user: { id: i.user.id, name: i.member && 'displayName' in i.member ? i.member.displayName : i.user.globalName ?? i.user.username },
    locale: localeOf(i.locale),
    guildLocale: localeOf(i.guildLocale ?? i.locale),
    guildId: i.guildId,
    channelId: i.channelId!,
    inThread: channel?.isThread() ?? false,
    inDm: !i.inGuild(),
    // No server install behind this interaction (key 0; "0" for the DM with the bot): only the user's own install.
    appOnly: i.authorizingIntegrationOwners?.[ApplicationIntegrationType.GuildInstall] === undefined,
    canManageThreads: i.memberPermissions?.has(PermissionFlagsBits.ManageThreads) ?? false,
    canManageGuild: i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
    roles: !i.member ? [] : Array.isArray(i.member.roles) ? [...i.member.roles] : [...i.member.roles.cache.keys()],
    async reply(msg: OutMessage, ephemeral: boolean) {
      answering = true;
      if (deferral) {
        await deferral;
        // A deferred command's answer takes the place of its "thinking…" (public or private as deferred); after a
        // component's deferral a reply is a new message of its own.
        const m = i.isChatInputCommand()
          ? await i.editReply(payload(msg))
          : await i.followUp({ ...payload(msg), flags: replyFlags(msg, ephemeral) });
        if (!ephemeral) replyId = m.id;
        return;
      }
      const r = await i.reply({ ...payload(msg), flags: replyFlags(msg, ephemeral), withResponse: true });
      replyId = r.resource?.message?.id ?? null;
    },
    async update(msg: OutMessage) {
      if (i.isChatInputCommand()) throw new Error('update on a command');
      answering = true;
      if (deferral) {
        await deferral;
        await i.editReply(replacing(msg));
        return;
      }
      await (i as ButtonInteraction).update(replacing(msg));
    },
    async defer(ephemeral: boolean) {
      if (answering || deferral) return;
      deferral = i.isChatInputCommand()
        ? i.deferReply({ flags: ephemeral ? MessageFlags.Ephemeral : undefined })
        : (i as ButtonInteraction).deferUpdate();
      await deferral;
    },
    async followUp(msg: OutMessage, ephemeral: boolean) {
      await i.followUp({ ...payload(msg), flags: replyFlags(msg, ephemeral) });
    },
    async replyMessageId() { return replyId; },
  };
  if (i.isChatInputCommand()) {
    const sub = i.options.getSubcommand(false) ?? '';
    const options: Record<string, string | number | boolean | undefined> = {};
    for (const o of i.options.data[0]?.options ?? []) options[o.name] = o.value as string | number | boolean | undefined;
    return { ...base, command: { sub, options } };
  }
  return {
    ...base,
    customId: i.customId,
    values: i.isStringSelectMenu() ? [...i.values] : undefined,
    message: i.message.flags.has(MessageFlags.Ephemeral) ? 'ephemeral' : 'public',
    messageId: i.message.id,
    token: i.token,
  };
}

/** How long an answer to "is this user a member of that server?" is kept. */
const MEMBERSHIP_TTL_MS = 5 * 60_000;

export function discordPlatform(client: Client, log: Logger): Platform {
  const membership = new Map<string, { member: boolean; until: number }>();
  const sendable = async (channelId: string) => {
    const ch = await client.channels.fetch(channelId);
    if (!ch || !ch.isSendable()) throw new Error(`channel ${channelId} cannot receive messages`);
    return ch;
  };
  const warn = (what: string, err: unknown, ctx: object) =>
    log.warn(`${what} failed`, { ...ctx, code: err instanceof DiscordAPIError ? err.code : refusalOf(err) ?? undefined, err: String((err as Error)?.message ?? err) });
  const platform: Platform = {
    async post(channelId, msg, opts) {
      try {
        return (await (await sendable(channelId)).send(sending(msg, opts))).id;
      } catch (err) {
        const again = passing(err);
        if (again) throw again;
        warn('post', err, { channelId });
        return null;
      }
    },
    async followUp(token, msg) {
      try {
        // Interaction webhooks are exempt from the global limit (the gate lets them pass, see `countsGlobally`).
        const files = msg.files ?? [];
        const l = laidOut(msg);
        const sent = await client.rest.post(Routes.webhook(client.application!.id, token), {
          auth: false,
          body: {
            ...(l.content !== undefined ? { content: l.content } : {}),
            ...(l.embeds !== undefined ? { embeds: l.embeds } : {}),
            components: l.components,
            ...(l.flags ? { flags: l.flags } : {}),
            allowed_mentions: { parse: [], users: msg.mentionUsers ?? [] },
            attachments: files.map((f, id) => ({ id: String(id), filename: f.name })),
          },
          files: files.map((f) => ({ name: f.name, data: f.data })),
        }) as { id: string };
        return sent.id;
      } catch (err) {
        const again = passing(err);
        if (again) throw again;
        warn('follow-up', err, {});
        return null;
      }
    },
    async editFollowUp(token, messageId, msg) {
      try {
        // With files, the message's attachments are replaced by them (a table redrawn in place gets its new picture).
        const files = msg.files;
        const l = laidOut(msg);
        const container = msg.layout === 'container';
        if (msg.buttonsOff) {
          const now = await client.rest.get(Routes.webhookMessage(client.application!.id, token, messageId), { auth: false }) as Kept;
          await client.rest.patch(Routes.webhookMessage(client.application!.id, token, messageId), { auth: false, body: { components: keptWithoutButtons(now), ...v2Flag(now) } });
          return true;
        }
        await client.rest.patch(Routes.webhookMessage(client.application!.id, token, messageId), {
          auth: false,
          body: {
            ...(msg.content !== undefined && !container ? { content: msg.content } : {}),
            ...(msg.embeds !== undefined && !container ? { embeds: msg.embeds } : {}),
            // A message made V2 by this edit (posted before the switch) must have its text cleared in the same edit.
            ...(container ? { content: null, embeds: null } : {}),
            components: l.components,
            ...(l.flags ? { flags: l.flags } : {}),
            ...(files ? { attachments: files.map((f, id) => ({ id, filename: f.name })), allowed_mentions: { parse: [] } } : {}),
          },
          ...(files?.length ? { files: files.map((f) => ({ name: f.name, data: f.data })) } : {}),
        });
        return true;
      } catch (err) {
        const again = passing(err);
        if (again) throw again;
        warn('follow-up edit', err, { messageId });
        return false;
      }
    },
    async findPosted(channelId, customIdPrefix) {
      try {
        const recent = await client.rest.get(Routes.channelMessages(channelId), { query: new URLSearchParams({ limit: '25' }) }) as { id: string; author?: { id: string }; components?: { components?: { custom_id?: string }[] }[] }[];
        const mine = recent.find((m) => m.author?.id === client.user?.id
          && (m.components ?? []).some((r) => (r.components ?? []).some((c) => c.custom_id?.startsWith(customIdPrefix))));
        return mine?.id ?? null;
      } catch (err) {
        const again = passing(err);
        if (again) throw again;
        warn('looking for a post', err, { channelId });
        return null;
      }
    },
    async edit(channelId, messageId, msg) {
      try {
        const ch = await sendable(channelId);
        if (msg.buttonsOff) {
          const now = await client.rest.get(Routes.channelMessage(channelId, messageId)) as Kept;
          await client.rest.patch(Routes.channelMessage(channelId, messageId), { body: { components: keptWithoutButtons(now), ...v2Flag(now) } });
          return true;
        }
        // Only what the message gives is changed (an edit without embeds keeps the card, one with embeds redraws it).
        const container = msg.layout === 'container';
        // A table posted before the switch to V2 is made V2 by this edit: Discord wants its text cleared in the same
        // edit (`content: null`, which discord.js sends as ''); the old tables had no embeds.
        await ch.messages.edit(messageId, msg.files ? { ...replacing(msg), ...(container ? { content: null } : {}) } : {
          ...(container ? { content: null } : {}),
          ...(msg.content !== undefined && !container ? { content: msg.content } : {}),
          ...(msg.embeds !== undefined && !container ? { embeds: msg.embeds as never[] } : {}),
          components: laidOut(msg).components as never[],
          ...(container ? { flags: MessageFlags.IsComponentsV2 } : {}),
        });
        return true;
      } catch (err) {
        const again = passing(err);
        if (again) throw again;
        warn('edit', err, { channelId, messageId });
        return false;
      }
    },
    async createThread(channelId, messageId, name) {
      try {
        const ch = await client.channels.fetch(channelId);
        if (!ch || !('threads' in ch) || ch.isThread()) return null;
        const thread = await (ch as import('discord.js').TextChannel).threads.create({ name, startMessage: messageId, autoArchiveDuration: 10080 });
        return thread.id;
      } catch (err) { warn('thread creation', err, { channelId }); return null; }
    },
    async dm(userId, msg, opts): Promise<DmOutcome> {
      try {
        const user = await client.users.fetch(userId);
        const sent = await user.send(sending(msg, opts));
        return { result: 'sent', message: { channelId: sent.channelId, messageId: sent.id } };
      } catch (err) {
        if (err instanceof DiscordAPIError && err.code === 50007) return { result: 'closed' };
        const again = passing(err);
        if (again) throw again;
        warn('dm', err, { userId });
        return { result: 'failed' };
      }
    },
    async archiveThread(threadId, lock) {
      try {
        const ch = await client.channels.fetch(threadId);
        if (!ch?.isThread()) return false;
        await ch.edit({ archived: true, ...(lock ? { locked: true } : {}) });
        return true;
      } catch (err) {
        const again = passing(err);
        if (again) throw again;
        warn('thread archive', err, { threadId, lock });
        return false;
      }
    },
    async exists(channelId) {
      try {
        await client.channels.fetch(channelId, { force: true });
        return true;
      } catch (err) {
        return !(err instanceof DiscordAPIError && (err.code === 10003 || err.status === 404));
      }
    },
    link(guildId, channelId) {
      return `https://discord.com/channels/${guildId ?? '@me'}/${channelId}`;
    },
    async memberOf(guildId, userId) {
      const guild = client.guilds.cache.get(guildId);
      if (!guild) return false;
      // Discord's answer is kept a few minutes (paging through /campfire games asks again at once).
      const key = `${guildId}:${userId}`, known = membership.get(key);
      if (known && known.until > Date.now()) return known.member;
      try {
        await guild.members.fetch({ user: userId, force: true });
        membership.set(key, { member: true, until: Date.now() + MEMBERSHIP_TTL_MS });
        return true;
      } catch (err) {
        if (err instanceof DiscordAPIError && (err.code === 10007 || err.code === 10013 || err.code === 10004)) {
          membership.set(key, { member: false, until: Date.now() + MEMBERSHIP_TTL_MS });
          return false;
        }
        warn('member lookup', err, { guildId, userId });
        return null;
      } finally {
        if (membership.size > 10_000) membership.clear();
      }
    },
    strained: () => invalidRequests.strained(),
  };
  return scoped(platform);
}

/** Every call of the platform in a REST scope of its own (a refusal or a patience belongs to one call). */
function scoped(p: Platform): Platform {
  const out = { ...p } as Record<string, unknown>;
  for (const [k, v] of Object.entries(p)) {
    if (typeof v === 'function' && k !== 'link' && k !== 'strained') out[k] = (...args: unknown[]) => withCall(() => (v as (...a: unknown[]) => Promise<unknown>).apply(p, args));
  }
  return out as unknown as Platform;
}

/** Wires the bot to the client: one listener for every interaction, no collectors. */
export function attach(client: Client, bot: CampfireBot, log: Logger): void {
  client.on(Events.InteractionCreate, (i: Interaction) => {
    if (!i.isChatInputCommand() && !i.isButton() && !i.isStringSelectMenu()) return;
    let ix: Ix;
    try {
      ix = toIx(i);
    } catch (err) {
      log.error('could not read interaction', { err: String(err) });
      return;
    }
    void bot.handle(ix);
  });
  client.on(Events.Error, (err) => log.error('client error', { err: String(err) }));
  client.on(Events.ShardResume, () => log.info('gateway resumed'));
}
