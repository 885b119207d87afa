/** Channels, threads and DMs: creating them (a thread the way Discord does, from a message or not), thread members, updates and deletion. */
import { messageEventPayload } from './messages.js';
import type { StoredMessage } from './model.js';
import type { StandIn } from './standin.js';
import { ChannelType, type ChannelRecord } from './templates.js';
import { ApiError, ErrorCodes, formError, type Obj } from './util.js';

export function addChannel(s: StandIn, name: string, position: number, guildId: string): ChannelRecord {
  const c = blankChannel(s, ChannelType.GuildText, name, guildId);
  c.position = position;
  s.channels.set(c.id, c);
  return c;
}

function blankChannel(s: StandIn, type: number, name: string | null, guildId: string | null): ChannelRecord {
  const now = s.clock.iso();
  return {
    id: s.ids.next(),
    type,
    guildId: type === ChannelType.DM || type === ChannelType.GroupDM ? null : guildId,
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

export function dmChannelOf(s: StandIn, userId: string): ChannelRecord {
  const existing = [...s.channels.values()].find((c) => c.type === ChannelType.DM && c.recipientId === userId && !c.deleted);
  if (existing) return existing;
  if (!s.users.has(userId)) throw new ApiError(404, ErrorCodes.UnknownUser, 'Unknown User');
  const c = blankChannel(s, ChannelType.DM, null, null);
  c.recipientId = userId;
  s.channels.set(c.id, c);
  s.changed('channel', c.id);
  return c;
}

/**
 * A private channel between users (a group DM, or a DM between two of them) that the bot is not in: only an app a user
 * installed to their account can be used there (`installForUser`), and only through its interactions.
 */
export function privateChannelOf(s: StandIn, userIds: string[]): ChannelRecord {
  const key = [...userIds].sort().join(',');
  const existing = [...s.channels.values()].find((c) => c.type === ChannelType.GroupDM && [...c.memberIds].sort().join(',') === key && !c.deleted);
  if (existing) return existing;
  for (const u of userIds) if (!s.users.has(u)) throw new ApiError(404, ErrorCodes.UnknownUser, 'Unknown User');
  const c = blankChannel(s, ChannelType.GroupDM, null, null);
  c.memberIds = [...userIds];
  c.ownerId = userIds[0] ?? null;
  s.channels.set(c.id, c);
  s.changed('channel', c.id);
  return c;
}

export function createThread(s: StandIn, parentId: string, body: Obj, fromMessageId: string | null): ChannelRecord {
  const parent = s.channel(parentId);
  if (!parent) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
  if (parent.type !== ChannelType.GuildText) throw formError('type', 'THREAD_INVALID_PARENT', 'Threads can only be created in text channels');
  const name = body.name;
  if (typeof name !== 'string' || name.length < 1) throw formError('name', 'BASE_TYPE_REQUIRED', 'This field is required');
  if (name.length > 100) throw formError('name', 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
  let type: number = ChannelType.PublicThread;
  let source: StoredMessage | null = null;
  if (fromMessageId) {
    source = s.getMessage(parentId, fromMessageId);
    if (source.threadId) throw new ApiError(400, 160004, 'A thread has already been created for s message');
    s.requireBotPermission(parentId, ['ViewChannel', 'CreatePublicThreads']);
  } else {
    type = body.type === undefined ? ChannelType.PrivateThread : Number(body.type);
    if (type !== ChannelType.PublicThread && type !== ChannelType.PrivateThread) throw formError('type', 'BASE_TYPE_CHOICES', 'Value must be one of {11, 12}.');
    s.requireBotPermission(parentId, ['ViewChannel', type === ChannelType.PublicThread ? 'CreatePublicThreads' : 'CreatePrivateThreads']);
  }
  const t = blankChannel(s, type, name, parent.guildId);
  if (source) {
    s.channels.delete(t.id);
    t.id = source.id;
  }
  t.parentId = parentId;
  t.ownerId = s.bot.id;
  t.memberIds = [s.bot.id];
  t.invitable = body.invitable ?? true;
  if ([60, 1440, 4320, 10080].includes(Number(body.auto_archive_duration))) t.autoArchiveDuration = Number(body.auto_archive_duration);
  s.channels.set(t.id, t);
  s.channelMessages.set(t.id, []);
  s.gateway.dispatch('THREAD_CREATE', { ...s.channelPayload(t), newly_created: true });
  if (source) {
    source.threadId = t.id;
    s.gateway.dispatch('MESSAGE_UPDATE', messageEventPayload(s, source));
  } else if (type === ChannelType.PublicThread) {
    // Discord announces a public thread not started from a message with a system message (type 18) in the parent.
    s.createMessage({
      channelId: parentId,
      authorId: s.bot.id,
      body: { content: name, message_reference: { channel_id: t.id, guild_id: t.guildId } },
      type: 18,
      skipValidation: true,
    });
  }
  s.changed('channel', t.id);
  return t;
}

export function addThreadMember(s: StandIn, threadId: string, userId: string): void {
  const t = s.channel(threadId);
  if (!t || !s.isThread(t)) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
  if (!s.userRecord(userId)) throw new ApiError(404, ErrorCodes.UnknownMember, 'Unknown Member');
  if (t.archived && t.locked) throw new ApiError(400, ErrorCodes.ThreadArchived, 'Thread is locked');
  if (!t.memberIds.includes(userId)) {
    t.memberIds.push(userId);
    if (t.type === ChannelType.PrivateThread && userId !== s.bot.id) {
      for (const m of s.storedMessagesIn(t.id)) {
        s.shown.push({
          seq: s.shown.length + 1,
          at: s.clock.now(),
          kind: 'reveal',
          channelId: t.id,
          messageId: m.id,
          visibleTo: [userId],
          ephemeral: false,
          payload: s.messagePayload(m),
        });
      }
    }
    s.gateway.dispatch('THREAD_MEMBERS_UPDATE', {
      id: t.id,
      guild_id: t.guildId,
      member_count: t.memberIds.length,
      added_members: [{ id: t.id, user_id: userId, join_timestamp: s.clock.iso(), flags: 0, member: s.memberPayload(userId, { guildId: t.guildId }) }],
    });
    s.changed('channel', t.id);
  }
}

export function removeThreadMember(s: StandIn, threadId: string, userId: string): void {
  const t = s.channel(threadId);
  if (!t || !s.isThread(t)) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
  t.memberIds = t.memberIds.filter((id) => id !== userId);
  s.changed('channel', t.id);
}

export function updateThread(s: StandIn, threadId: string, body: Obj): ChannelRecord {
  const t = s.channel(threadId);
  if (!t) throw new ApiError(404, ErrorCodes.UnknownChannel, 'Unknown Channel');
  if (s.isThread(t)) {
    if (typeof body.name === 'string') t.name = body.name.slice(0, 100);
    if (typeof body.archived === 'boolean') {
      t.archived = body.archived;
      t.archiveTimestamp = s.clock.iso();
    }
    if (typeof body.locked === 'boolean') t.locked = body.locked;
    s.gateway.dispatch('THREAD_UPDATE', s.channelPayload(t));
  } else {
    if (typeof body.name === 'string') t.name = body.name;
    if (typeof body.topic === 'string' || body.topic === null) t.topic = body.topic;
    s.gateway.dispatch('CHANNEL_UPDATE', s.channelPayload(t));
  }
  s.changed('channel', t.id);
  return t;
}

/** Deletes a channel or thread (fault API and DELETE /channels/{id}); the client gets CHANNEL_DELETE / THREAD_DELETE. */
export function deleteChannel(s: StandIn, id: string): void {
  const c = s.channel(id);
  if (!c) throw new Error(`no channel ${id}`);
  c.deleted = true;
  if (s.isThread(c)) s.gateway.dispatch('THREAD_DELETE', { id: c.id, guild_id: c.guildId, parent_id: c.parentId, type: c.type });
  else s.gateway.dispatch('CHANNEL_DELETE', s.channelPayload(c));
  for (const t of s.channels.values()) if (t.parentId === id && !t.deleted) t.deleted = true;
  s.changed('channel', id);
}
