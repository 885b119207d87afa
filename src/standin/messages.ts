/**
 * Messages: creating (with who it pings, and its attachments stored), editing (with the one-hour rule), deleting and
 * fetching them, the bot's sends with Discord's checks, the payloads REST and the gateway return, and the record of
 * what was shown to whom.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageFlags, validateMessageBody, type IncomingFile } from './limits.js';
import type { StoredMessage } from './model.js';
import type { StandIn } from './standin.js';
import { ChannelType, attachmentPayload, type AttachmentRecord } from './templates.js';
import { ApiError, ErrorCodes, contentTypeFor, deepCopy, pngSize, type Obj, type PermName } from './util.js';

/** A message to create (see `createMessage`). */
export interface NewMessage {
  channelId: string;
  authorId: string;
  body: Obj;
  files?: IncomingFile[];
  ephemeralTo?: string | null;
  interactionId?: string | null;
  type?: number;
  extraFlags?: number;
  skipValidation?: boolean;
}

/** How long Discord remembers a message nonce for `enforce_nonce` ("a few minutes"). */
const NONCE_WINDOW_MS = 5 * 60_000;

/**
 * The users a new message pings, as Discord works them out: those mentioned in its content (`<@id>`, `<@!id>`) that
 * `allowed_mentions` lets through (no `allowed_mentions`: every mention pings; `parse: ['users']` or the user listed).
 */
function pinged(body: Obj): string[] {
  // Content, and in the Components V2 layout every text display (mentions there ping as in content).
  const texts: string[] = [typeof body.content === 'string' ? body.content : ''];
  const walk = (list: unknown) => {
    for (const c of (Array.isArray(list) ? list : []) as Obj[]) {
      if (c?.type === 10 && typeof c.content === 'string') texts.push(c.content);
      walk(c?.components);
    }
  };
  if ((Number(body.flags ?? 0) & MessageFlags.IsComponentsV2) !== 0) walk(body.components);
  const content = texts.join('\n');
  const mentioned = [...new Set([...content.matchAll(/<@!?(\d{15,25})>/g)].map((x) => x[1]!))];
  const allowed = body.allowed_mentions as Obj | undefined;
  if (!allowed) return mentioned;
  const parse = Array.isArray(allowed.parse) ? allowed.parse : [];
  const users = new Set((Array.isArray(allowed.users) ? allowed.users : []).map(String));
  return mentioned.filter((u) => parse.includes('users') || users.has(u));
}


export function messagePayload(s: StandIn, m: StoredMessage): Obj {
  const p: Obj = {
    id: m.id,
    type: m.type,
    content: m.content,
    channel_id: m.channelId,
    author: s.userPayload(m.authorId),
    attachments: m.attachments.map(attachmentPayload),
    embeds: resolveAttachmentRefs(deepCopy(m.embeds), m).map(embedAsReturned),
    mentions: (m.mentions ?? []).filter((u) => s.users.has(u)).map((u) => s.userPayload(u)),
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
    timestamp: s.clock.iso(m.createdAt),
    edited_timestamp: m.editedAt === null ? null : s.clock.iso(m.editedAt),
    flags: m.flags,
    components: componentsAsReturned(resolveAttachmentRefs(deepCopy(m.components), m)),
  };
  const ch = s.channels.get(m.channelId);
  if (ch && s.isThread(ch)) p.position = s.channelMessages.get(ch.id)?.indexOf(m.id) ?? 0;
  if (m.messageReference) p.message_reference = m.messageReference;
  if (m.interactionId) {
    const i = s.interactions.get(m.interactionId);
    if (i) {
      p.webhook_id = s.applicationId;
      p.application_id = s.applicationId;
      p.interaction_metadata = {
        id: i.id,
        type: i.type,
        user: s.userPayload(i.userId),
        authorizing_integration_owners: i.payload.authorizing_integration_owners,
        ...(i.kind === 'component' && i.sourceMessageId ? { interacted_message_id: i.sourceMessageId } : {}),
        ...(i.originalMessageId && i.originalMessageId !== m.id ? { original_response_message_id: i.originalMessageId } : {}),
      };
      if (i.kind === 'command') p.interaction = { id: i.id, type: i.type, name: i.payload.data.name, user: s.userPayload(i.userId) };
    }
  }
  if (m.threadId) {
    const t = s.channels.get(m.threadId);
    if (t && !t.deleted) p.thread = s.channelPayload(t);
  }
  return p;
}

/** An embed as Discord returns it: `type` is `rich` unless given, every field says whether it is inline. */
function embedAsReturned(e: Obj): Obj {
  const out: Obj = { type: 'rich', ...e };
  if (Array.isArray(e.fields)) out.fields = e.fields.map((f: Obj) => ({ inline: false, ...f }));
  return out;
}

/**
 * Components as Discord returns them: every component, nested ones too, carries a numeric `id` unique in its message;
 * Discord numbers those the sender left out in order, after the highest one given.
 */
function componentsAsReturned(list: Obj[]): Obj[] {
  const all: Obj[] = [];
  const walk = (items: Obj[]) => {
    for (const c of items) {
      all.push(c);
      if (Array.isArray(c.components)) walk(c.components);
      if (c.accessory) walk([c.accessory]);
    }
  };
  walk(list);
  let next = Math.max(0, ...all.map((c) => (typeof c.id === 'number' ? c.id : 0)));
  for (const c of all) {
    if (typeof c.id !== 'number') c.id = ++next;
    switch (c.type) {
      // Select menus (string, user, role, mentionable, channel) come back with their bounds, 1 and 1 by default.
      case 3: case 5: case 6: case 7: case 8:
        c.min_values ??= 1;
        c.max_values ??= 1;
        break;
      case 17: // container
        c.accent_color ??= null;
        c.spoiler ??= false;
        break;
      case 11: // thumbnail
        c.description ??= null;
        c.spoiler ??= false;
        break;
      case 12: // media gallery
        for (const it of c.items ?? []) {
          it.description ??= null;
          it.spoiler ??= false;
        }
        break;
      case 13: // file
        c.name ??= null;
        c.size ??= null;
        c.spoiler ??= false;
        break;
      case 14: // separator
        c.spacing ??= 1;
        c.divider ??= true;
        break;
    }
  }
  return list;
}

/**
 * Discord resolves `attachment://name` references (embed images and thumbnails, Components V2 media) to the
 * uploaded attachment's URL, with its size and type, in the message it returns.
 */
function resolveAttachmentRefs(list: Obj[], m: StoredMessage): Obj[] {
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
    if (withId) {
      media.id = a.id;
      media.attachment_id = a.id;
    }
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
export function messageEventPayload(s: StandIn, m: StoredMessage): Obj {
  const p = s.messagePayload(m);
  const ch = s.channels.get(m.channelId);
  if (ch?.guildId) {
    p.guild_id = ch.guildId;
    p.member = s.memberPayload(m.authorId, { withUser: false, guildId: ch.guildId });
  }
  return p;
}

function audience(s: StandIn, m: StoredMessage): 'everyone' | string[] {
  if (m.ephemeralTo) return [m.ephemeralTo];
  const c = s.channels.get(m.channelId);
  if (!c) return [];
  if (c.type === ChannelType.DM) return c.recipientId ? [c.recipientId] : [];
  if (c.type === ChannelType.PrivateThread) return c.memberIds.filter((id) => id !== s.bot.id);
  return 'everyone';
}

function recordShown(s: StandIn, kind: 'create' | 'edit', m: StoredMessage): void {
  s.shown.push({
    seq: s.shown.length + 1,
    at: s.clock.now(),
    kind,
    channelId: m.channelId,
    messageId: m.id,
    visibleTo: audience(s, m),
    ephemeral: m.ephemeralTo !== null,
    payload: s.messagePayload(m),
  });
}

function storeFiles(s: StandIn, channelId: string, files: IncomingFile[], ephemeral: boolean, described: Map<string, Obj>): AttachmentRecord[] {
  return files.map((f) => {
    const id = s.ids.next();
    const meta = described.get(String(f.index));
    const filename = typeof meta?.filename === 'string' ? meta.filename : f.filename;
    const size = pngSize(f.data);
    const key = `${channelId}/${id}`;
    const contentType = contentTypeFor(filename, f.contentType);
    s.attachmentData.set(key, { data: f.data, contentType });
    if (s.persistDir) writeFileSync(join(s.persistDir, key.replace('/', '_')), f.data);
    return {
      id,
      filename,
      description: typeof meta?.description === 'string' ? meta.description : null,
      contentType,
      size: f.data.length,
      url: s.attachmentUrl(channelId, id, filename),
      width: size?.width ?? null,
      height: size?.height ?? null,
      ephemeral,
      key,
    };
  });
}

export function createMessage(s: StandIn, args: NewMessage): StoredMessage {
  const c = s.channels.get(args.channelId);
  if (!c || c.deleted) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
  const body = args.body;
  const files = args.files ?? [];
  if (!args.skipValidation) validateMessageBody(body, files, { creating: true });
  const ephemeralTo = args.ephemeralTo ?? null;
  const described = new Map<string, Obj>((Array.isArray(body.attachments) ? body.attachments : []).map((a: Obj) => [String(a.id), a]));
  const allowedFlags = MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2;
  const m: StoredMessage = {
    id: s.ids.next(),
    channelId: c.id,
    authorId: args.authorId,
    content: typeof body.content === 'string' ? body.content : '',
    embeds: Array.isArray(body.embeds) ? deepCopy(body.embeds) : [],
    components: Array.isArray(body.components) ? deepCopy(body.components) : [],
    attachments: [],
    flags: (Number(body.flags ?? 0) & allowedFlags) | (ephemeralTo ? MessageFlags.Ephemeral : 0) | (args.extraFlags ?? 0),
    type: args.type ?? 0,
    createdAt: s.clock.now(),
    editedAt: null,
    ephemeralTo,
    interactionId: args.interactionId ?? null,
    threadId: null,
    messageReference: body.message_reference ? { type: 0, channel_id: c.id, guild_id: c.guildId ?? undefined, ...body.message_reference } : null,
    deleted: false,
    oldEdits: [],
    mentions: ephemeralTo ? [] : pinged(body),
  };
  m.attachments = storeFiles(s, c.id, files, ephemeralTo !== null, described);
  s.messages.set(m.id, m);
  const list = s.channelMessages.get(c.id) ?? [];
  list.push(m.id);
  s.channelMessages.set(c.id, list);
  if (!ephemeralTo) {
    c.lastMessageId = m.id;
    if (s.isThread(c)) {
      c.messageCount++;
      c.totalMessageSent++;
    }
    s.gateway.dispatch('MESSAGE_CREATE', messageEventPayload(s, m));
  }
  recordShown(s, 'create', m);
  s.changed('message', c.id);
  return m;
}

export function editMessage(s: StandIn, m: StoredMessage, body: Obj, files: IncomingFile[] = []): StoredMessage {
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
  // Discord checks a V2 message as it would be after the edit: a classic message the edit makes V2 keeps its text and
  // embeds unless the edit clears them (null, '' or []), and is then refused like a V2 message sent with content.
  if (flags & MessageFlags.IsComponentsV2) {
    merged.content = body.content !== undefined ? body.content : m.content;
    merged.embeds = body.embeds !== undefined ? body.embeds : m.embeds;
  }
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
  m.attachments = [...kept, ...storeFiles(s, m.channelId, files, m.ephemeralTo !== null, described)];
  m.editedAt = s.clock.now();
  if (!m.ephemeralTo) s.gateway.dispatch('MESSAGE_UPDATE', messageEventPayload(s, m));
  recordShown(s, 'edit', m);
  s.changed('message', m.channelId);
  return m;
}

export function deleteMessage(s: StandIn, m: StoredMessage): void {
  m.deleted = true;
  const c = s.channels.get(m.channelId);
  if (!m.ephemeralTo) {
    s.gateway.dispatch('MESSAGE_DELETE', { id: m.id, channel_id: m.channelId, ...(c?.guildId ? { guild_id: c.guildId } : {}) });
  }
  s.changed('message', m.channelId);
}

/** The one-hour rule for edits through PATCH /channels/{id}/messages/{id}; see docs/standin.md. */
export function checkOldMessageEdit(s: StandIn, m: StoredMessage): void {
  const age = s.opts.oldMessageAgeMs;
  if (age === null) return;
  const now = s.clock.now();
  if (now - m.createdAt <= age) return;
  m.oldEdits = m.oldEdits.filter((t) => now - t < 60 * 60 * 1000);
  if (m.oldEdits.length >= s.opts.oldMessageEditsPerHour) {
    throw new ApiError(429, ErrorCodes.MaxOldMessageEdits, 'Maximum number of edits to messages older than 1 hour reached. Try again later');
  }
  m.oldEdits.push(now);
}

/** Discord refuses edits of messages in an archived thread (50083). */
export function checkNotArchived(s: StandIn, channelId: string): void {
  const c = s.channels.get(channelId);
  if (c && s.isThread(c) && c.archived) throw new ApiError(400, ErrorCodes.ThreadArchived, 'Thread is archived');
}

export function getMessage(s: StandIn, channelId: string, messageId: string, opts: { allowEphemeral?: boolean } = {}): StoredMessage {
  const m = s.messages.get(messageId);
  if (!m || m.deleted || m.channelId !== channelId || (m.ephemeralTo && !opts.allowEphemeral)) {
    throw new ApiError(404, ErrorCodes.UnknownMessage, 'Unknown Message');
  }
  return m;
}

/** Sends from the bot to a channel, with Discord's checks (closed DMs, permissions, locked threads). */
export function botSend(s: StandIn, channelId: string, body: Obj, files: IncomingFile[]): StoredMessage {
  const c = s.channel(channelId);
  if (!c) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
  if (c.type === ChannelType.DM) {
    const u = c.recipientId ? s.users.get(c.recipientId) : undefined;
    if (!u || !u.dmsOpen) throw new ApiError(403, ErrorCodes.CannotMessageUser, 'Cannot send messages to s user');
  } else {
    const send: PermName = s.isThread(c) ? 'SendMessagesInThreads' : 'SendMessages';
    const need: PermName[] = ['ViewChannel', send];
    if (files.length) need.push('AttachFiles');
    s.requireBotPermission(c.id, need);
    if (s.isThread(c) && c.archived) {
      if (c.locked) throw new ApiError(400, ErrorCodes.ThreadArchived, 'Thread is locked');
      c.archived = false;
      s.gateway.dispatch('THREAD_UPDATE', s.channelPayload(c));
    }
  }
  // Discord: with enforce_nonce, a message whose nonce was used in s channel in the last few minutes is not
  // created again; the first one is returned.
  const key = body.enforce_nonce && body.nonce !== undefined ? `${channelId}:${String(body.nonce)}` : null;
  const seen = key ? s.nonces.get(key) : undefined;
  if (seen && s.clock.now() - seen.at < NONCE_WINDOW_MS && s.messages.has(seen.messageId)) return s.messages.get(seen.messageId)!;
  const m = s.createMessage({ channelId, authorId: s.bot.id, body, files, type: body.message_reference ? 19 : 0 });
  if (key) s.nonces.set(key, { messageId: m.id, at: s.clock.now() });
  return m;
}
