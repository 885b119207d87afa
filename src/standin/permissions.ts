/**
 * Permissions and visibility: a member's permissions in a channel as Discord computes them, the checks on the bot's,
 * channel overwrites and the fault API's denials to the bot, and who can see a channel or message.
 */
import { memberRoles, requireGuildRecord } from './guilds.js';
import type { StoredMessage } from './model.js';
import type { StandIn } from './standin.js';
import { ChannelType, type ChannelRecord } from './templates.js';
import { ALL_PERMISSIONS, ApiError, ErrorCodes, Perm, permBits, type PermName } from './util.js';

/**
 * A member's permissions in a channel, computed as Discord does (https://discord.com/developers/docs/topics/permissions):
 * the guild-level permissions (@everyone and the member's roles; the owner has all), then the channel's overwrites
 * in Discord's order — the @everyone overwrite, then the member's roles' overwrites together (deny, then allow),
 * then the member's own overwrite. A thread uses its parent's overwrites. Without View Channel, nothing. The bot's
 * `denyBotPermissions` denials act as part of its member overwrite. DMs: the guild-level set.
 */
export function permissionsIn(s: StandIn, userId: string, channelId: string): bigint {
  const c = s.channels.get(channelId);
  // A private channel between users: the bot is not in it and can do nothing there (it answers interactions only).
  if (c?.type === ChannelType.GroupDM) return c.memberIds.includes(userId) ? ALL_PERMISSIONS : 0n;
  const base = s.memberPermissions(userId);
  if (!c || c.type === ChannelType.DM || !c.guildId) return base;
  const guild = requireGuildRecord(s, c.guildId).guild;
  if (userId === guild.ownerId) return ALL_PERMISSIONS;
  const parent = c.parentId ? s.channels.get(c.parentId) : undefined;
  const overwrites = (parent ?? c).overwrites;
  let perms = base;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guild.id);
  if (everyone) perms = (perms & ~everyone.deny) | everyone.allow;
  const roles = memberRoles(s, userId, guild.id);
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
  if (userId === s.bot.id) {
    let deny = s.botDenied.get(c.id) ?? 0n;
    if (c.parentId) deny |= s.botDenied.get(c.parentId) ?? 0n;
    perms &= ~deny;
  }
  if (!(perms & Perm.ViewChannel)) return 0n;
  return perms;
}

export function requireBotPermission(s: StandIn, channelId: string, names: PermName[]): void {
  const have = s.botPermissions(channelId);
  const need = permBits(names);
  if ((have & need) !== need) throw new ApiError(403, ErrorCodes.MissingPermissions, 'Missing Permissions');
}

/**
 * Sets (or, with empty allow and deny, removes) a permission overwrite on a guild text channel — for a role
 * (`type: 'role'`, the guild id for @everyone) or a member (`type: 'member'`) — and sends CHANNEL_UPDATE, as a
 * server admin editing the channel would. Threads follow their parent.
 */
export function setChannelOverwrite(s: StandIn, channelId: string, o: { id: string; type: 'role' | 'member'; allow?: PermName[]; deny?: PermName[] }): void {
  const c = s.channel(channelId);
  if (!c || c.type !== ChannelType.GuildText) throw new Error(`no text channel ${channelId}`);
  const type = o.type === 'role' ? 0 : 1;
  c.overwrites = c.overwrites.filter((x) => !(x.id === o.id && x.type === type));
  const allow = permBits(o.allow ?? []);
  const deny = permBits(o.deny ?? []);
  if (allow || deny) c.overwrites.push({ id: o.id, type, allow, deny });
  s.gateway.dispatch('CHANNEL_UPDATE', s.channelPayload(c));
  s.changed('channel', channelId);
}

export function canSeeChannel(s: StandIn, userId: string, c: ChannelRecord): boolean {
  if (c.deleted) return false;
  if (c.type === ChannelType.DM) return c.recipientId === userId;
  if (c.type === ChannelType.GroupDM) return c.memberIds.includes(userId);
  if (!(s.permissionsIn(userId, c.id) & Perm.ViewChannel)) return false;
  if (c.type === ChannelType.PrivateThread) return c.memberIds.includes(userId);
  return true;
}

export function canSeeMessage(s: StandIn, userId: string, m: StoredMessage): boolean {
  if (m.deleted) return false;
  const c = s.channels.get(m.channelId);
  if (!c || !s.canSeeChannel(userId, c)) return false;
  return m.ephemeralTo === null || m.ephemeralTo === userId;
}

/** Denies the bot permissions in a channel (threads inherit from their parent). */
export function denyBotPermissions(s: StandIn, channelId: string, names: PermName[]): void {
  const c = s.channel(channelId);
  if (!c) throw new Error(`no channel ${channelId}`);
  s.botDenied.set(channelId, (s.botDenied.get(channelId) ?? 0n) | permBits(names));
  if (c.type === ChannelType.GuildText) s.gateway.dispatch('CHANNEL_UPDATE', s.channelPayload(c));
  s.changed('channel', channelId);
}

export function allowBotPermissions(s: StandIn, channelId: string, names: PermName[] | 'all'): void {
  const c = s.channel(channelId);
  if (!c) throw new Error(`no channel ${channelId}`);
  const cur = s.botDenied.get(channelId) ?? 0n;
  const next = names === 'all' ? 0n : cur & ~permBits(names);
  if (next === 0n) s.botDenied.delete(channelId);
  else s.botDenied.set(channelId, next);
  if (c.type === ChannelType.GuildText) s.gateway.dispatch('CHANNEL_UPDATE', s.channelPayload(c));
  s.changed('channel', channelId);
}
